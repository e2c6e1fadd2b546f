"""The README's Python examples run as written and print what they say."""

import re

from conftest import ROOT


def test_the_readme_example_runs(capsys):
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## From Python", 1)[1]
    example = re.search(r"```python\n(.*?)```", section, re.DOTALL).group(1)
    exec(compile(example, "README.md", "exec"), {})
    printed = capsys.readouterr().out.splitlines()
    assert printed[0] == "unique 417369825632158947958724316825437169791586432346912758289643571573291684164875293"
    assert printed[1] == "['easy 58.0 0.0', 'medium 103.4 5.0']"
    assert printed[2].startswith("92 [")
    assert printed[3].startswith("92 3 [[")



def test_the_readme_example_of_errors_runs(capsys):
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## From Python", 1)[1]
    example = re.findall(r"```python\n(.*?)```", section, re.DOTALL)[1]
    exec(compile(example, "README.md", "exec"), {})
    printed = capsys.readouterr().out.splitlines()
    said = [line.split("  # ", 1)[1] for line in example.splitlines() if "  # " in line]
    assert printed == said
