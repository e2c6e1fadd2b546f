"""Every public name has a docstring, and the type stubs name exactly what
the module has."""

import ast
import importlib.metadata
import types
from pathlib import Path

import dance

STUB = Path(__file__).resolve().parents[1] / "dance" / "__init__.pyi"


def stub_names():
    """Top-level public names of the stub, and the public members of its classes."""
    tree = ast.parse(STUB.read_text())
    names, members = set(), {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)) and not node.name.startswith("_"):
            names.add(node.name)
        # Private classes (the `details` dicts' TypedDicts) are types only.
        if isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
            members[node.name] = {
                item.name
                for item in node.body
                if isinstance(item, ast.FunctionDef) and not item.name.startswith("_")
            }
    return names, members


def test_the_stubs_name_what_the_module_has():
    names, members = stub_names()
    public = {
        name
        for name in dir(dance)
        if not name.startswith("_") and not isinstance(getattr(dance, name), types.ModuleType)
    }
    assert public == set(dance.__all__) - {"__version__"}
    assert names == public
    for cls, methods in members.items():
        runtime = {name for name in dir(getattr(dance, cls)) if not name.startswith("_")}
        # Inherited from Exception or int, documented there.
        inherited = {name for base in getattr(dance, cls).__mro__[1:] for name in dir(base)}
        assert methods <= runtime, cls
        assert runtime - inherited - methods <= {"index", "line", "column", "reason", "puzzles"}, cls


def test_every_public_name_has_a_docstring():
    names, members = stub_names()
    for name in names:
        assert getattr(dance, name).__doc__, name
        for member in members.get(name, ()):
            assert getattr(getattr(dance, name), member).__doc__, f"{name}.{member}"
    assert dance.__doc__ and "Dancing Links" in dance.__doc__
    assert dance.solve.__text_signature__.startswith("(puzzles, *, mode=")


def test_the_distribution_is_dance_exact_cover_and_imports_as_dance():
    # `dance` on the package registry is another project and `dance-dlx`
    # is the engine crate: the README names the distribution.
    distribution = importlib.metadata.distribution("dance-exact-cover")
    assert distribution.metadata["Name"] == "dance-exact-cover"
    assert distribution.version == dance.__version__
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    assert "The distribution is named `dance-exact-cover`" in readme
