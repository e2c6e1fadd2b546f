"""Every public name has a docstring, and the type stubs name exactly what
the module has."""

import ast
import importlib.metadata
import inspect
import types
from pathlib import Path

import dance

STUB = Path(__file__).resolve().parents[1] / "dance" / "_native.pyi"


def stub_names():
    """Top-level public names of the compiled module's stub, and the public
    members of its classes."""
    tree = ast.parse(STUB.read_text())
    names, members = set(), {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)) and not node.name.startswith("_"):
            names.add(node.name)
        if isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
            members[node.name] = {
                item.name
                for item in node.body
                if isinstance(item, ast.FunctionDef) and not item.name.startswith("_")
            }
    return names, members


def public_names(module):
    return {
        name
        for name in dir(module)
        if not name.startswith("_") and not isinstance(getattr(module, name), types.ModuleType)
    }


def test_all_names_what_the_package_has():
    assert public_names(dance) == set(dance.__all__) - {"__version__"}


def test_the_stubs_name_what_the_compiled_module_has():
    # stubtest (python/tests/typecheck.py, run by .ci/run) checks the
    # signatures; this checks the names without mypy installed.
    native = dance._native
    names, members = stub_names()
    assert names == public_names(native)
    for cls, methods in members.items():
        runtime = {name for name in dir(getattr(native, cls)) if not name.startswith("_")}
        # Inherited from Exception, documented there.
        inherited = {name for base in getattr(native, cls).__mro__[1:] for name in dir(base)}
        assert methods <= runtime, cls
        assert runtime - inherited - methods <= {"index", "line", "column", "reason", "puzzles"}, cls


def test_every_public_name_has_a_docstring():
    for name in set(dance.__all__) - {"__version__"}:
        value = getattr(dance, name)
        assert value.__doc__, name
        if isinstance(value, type):
            for member in public_names(value) - public_names(ValueError) - public_names(int):
                assert getattr(value, member).__doc__, f"{name}.{member}"
    assert dance.__doc__ and "Dancing Links" in dance.__doc__
    assert str(inspect.signature(dance.solve)).startswith("(puzzles: 'Any', *, mode: 'str' = 'first'")


def test_the_distribution_is_dance_exact_cover_and_imports_as_dance():
    # `dance` on the package registry is another project and `dance-dlx`
    # is the engine crate: the README names the distribution.
    distribution = importlib.metadata.distribution("dance-exact-cover")
    assert distribution.metadata["Name"] == "dance-exact-cover"
    assert distribution.version == dance.__version__
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    assert "The distribution is named `dance-exact-cover`" in readme
