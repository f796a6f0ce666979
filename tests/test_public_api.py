"""The public surface: names in ``__all__``, the contract symbols, and one validation meta-test."""

import ast
import importlib
import inspect
from pathlib import Path

import pytest
import sympy

import symmetric
from tests.api_helpers import public_functions
from symmetric import InvalidParameterError

PUBLIC_MODULES = ["symmetric", "symmetric.symbols", "symmetric.families", "symmetric.families.counts",
                  "symmetric.families.uncertainty", "symmetric.families.record", "symmetric.metrics", "symmetric.numeric", "symmetric.losses",
                  "symmetric.verify", "symmetric.explore", "symmetric.plot", "symmetric.cli", "symmetric.accuracy",
                  "symmetric.pytest_plugin", "symmetric.documents"]


# The modules whose every public function has a bad-input case (declared constraints or BAD_INPUTS below).
VALIDATED_MODULES = ["symmetric", "symmetric.symbols", "symmetric.families", "symmetric.verify", "symmetric.explore"]


def public_names(module) -> set:
    """The names a module makes public: defined at its top level (def, class, assignment), re-exported on purpose
    (a package's ``from .sub import name``, a module's ``from x import name as name``) or provided lazily by its
    ``__getattr__``; never a leading underscore or a module."""
    tree = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))
    package = Path(module.__file__).name == "__init__.py"
    names, imported = set(), set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
                names |= {n.id for n in ast.walk(target) if isinstance(n, ast.Name)}
        elif isinstance(node, ast.ImportFrom):
            names |= {a.name for a in node.names
                      if (package and node.level == 1) or (a.asname is not None and a.asname == a.name)}
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            imported |= {(a.asname or a.name).split(".")[0] for a in node.names}
    if "__getattr__" in vars(module):  # lazily provided names
        names |= set(dir(module)) - (imported - names)
    return {n for n in names if not n.startswith("_") and not inspect.ismodule(getattr(module, n, None))}


@pytest.mark.parametrize("name", PUBLIC_MODULES)
def test_all_lists_exactly_the_public_names(name):
    module = importlib.import_module(name)
    public = public_names(module)
    assert set(module.__all__) == public, (f"public but not in __all__: {sorted(public - set(module.__all__))}; "
                                           f"in __all__ but not public: {sorted(set(module.__all__) - public)}")
    assert len(module.__all__) == len(set(module.__all__)), f"{name}.__all__ names a name twice"
    for n in module.__all__:
        assert hasattr(module, n), f"{name}.__all__ names missing {n}"


def test_contract_symbols_and_their_assumptions():
    from symmetric import P, R, beta, gamma, phi, rho

    for s in (P, R, beta, gamma):
        assert s.is_positive is True
    for s in (rho, phi):
        assert s.is_real is True and s.is_positive is None
    assert [str(s) for s in (P, R, beta, gamma, rho, phi)] == ["P", "R", "beta", "gamma", "rho", "phi"]
    # Defined once: the families use the very same objects.
    assert symmetric.g_beta_rho().free_symbols == {P, R, beta, rho}
    assert symmetric.power_mean().free_symbols == {P, R, gamma, phi}


def test_submodules_load_lazily_by_attribute():
    assert symmetric.verify.check is importlib.import_module("symmetric.verify").check
    with pytest.raises(AttributeError):
        symmetric.no_such_name


@pytest.mark.parametrize("name", [n for n in PUBLIC_MODULES if "__dir__" in vars(importlib.import_module(n))])
def test_a_lazily_loading_package_lists_its_names_and_no_module_it_imported(name):
    module = importlib.import_module(name)
    shown = {n for n in dir(module) if not n.startswith("_")}
    assert set(module.__all__) <= shown
    imported = [n for n in shown if inspect.ismodule(getattr(module, n)) and not getattr(module, n).__name__.startswith(name)]
    assert not imported, f"dir({name}) lists the modules it imported: {imported}"


# Every public function taking user parameters that declares no constraints, with one bad value per parameter
# (the declared ones are covered by tests/test_constraints.py, generated from their declarations).
BAD_INPUTS = {
    ("symmetric.verify", "run_with_budget"): [({"func": print, "seconds": -1}, "seconds", "-1"),
                                              ({"func": None, "seconds": 1}, "func", "None")],
    ("symmetric", "analyze"): [({"expr": b"P + R"}, "expr", "b'P + R'"), ({"expr": "P + a"}, "expr", "'P + a'"),
                               ({"expr": symmetric.P, "parameters": ["a"]}, "parameters", "['a']"),
                               ({"expr": symmetric.P + symmetric.R, "budget": 0}, "budget", "0")],
    ("symmetric.explore", "parse"): [({"text": "open('x')"}, "expr", '"open(\'x\')"'), ({"text": 2}, "text", "2")],
    ("symmetric.explore", "parse_parameter"): [({"spec": "P=1"}, "parameters", "'P'")],
    ("symmetric.explore", "parse_value"): [({"text": "nan"}, "value", "'nan'")],
    ("symmetric.explore", "fit_preferences"): [({"statements": "P"}, "statements", "'P'"),
                                               ({"statements": [1.0]}, "statements", "[1.0]")],
    ("symmetric.explore", "parameter_symbols"): [({"parameters": {"beta": 0}}, "beta", "0"),
                                                 ({"parameters": ["_x"]}, "parameters", "'_x'")],
    ("symmetric", "check_document"): [({"source": 3}, "source", "3"), ({"source": "x", "domain": "all"}, "domain", "'all'"),
                                      ({"source": "x", "symbols": {"t": "complex"}}, "symbols", "{'t': 'complex'}")],
    ("symmetric.verify", "load_claims"): [({"builtin": "yes"}, "builtin", "'yes'")],
    ("symmetric.verify", "check"): [({"lhs": "P", "rhs": 1}, "lhs", "'P'"), ({"lhs": 1, "rhs": 1, "timeout": -1}, "timeout", "-1"),
                                    ({"lhs": 1, "rhs": 1, "samples": 0}, "samples", "0")],
}


@pytest.mark.parametrize("where", sorted(BAD_INPUTS), ids=lambda w: ".".join(w))
def test_bad_input_names_parameter_function_and_value(where):
    module, name = where
    func = getattr(importlib.import_module(module), name)
    for kwargs, param, shown in BAD_INPUTS[where]:
        with pytest.raises(InvalidParameterError) as info:
            func(**kwargs)
        message = str(info.value)
        assert isinstance(info.value, ValueError)
        assert f"'{param}' parameter of {name} must be" in message and f"Got {shown} instead." in message


def test_every_public_function_with_parameters_has_a_validation_case():
    covered = set(BAD_INPUTS)
    for _, n, obj in public_functions(VALIDATED_MODULES):
        if obj.__name__ == n and not getattr(obj, "parameter_constraints", None):
            assert any(name == n for _, name in covered), f"{obj.__module__}.{n} has no case in BAD_INPUTS"


def test_the_version_is_typed_once_and_needs_no_sympy():
    import subprocess
    import sys
    tomllib = pytest.importorskip("tomllib")

    pyproject = tomllib.loads((Path(symmetric.__file__).parent.parent / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in pyproject["project"] and "version" in pyproject["project"]["dynamic"]
    assert pyproject["tool"]["hatch"]["version"]["path"] == "symmetric/__init__.py"
    code = "import sys, symmetric; print(symmetric.__version__, 'sympy' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == [symmetric.__version__, "False"]
