"""The families' facts the generation stage reads (symmetric.generate.catalog), and the rewrites and gradients as data
for the proof scripts."""

import ast
from pathlib import Path

import pytest

from symmetric import InvalidParameterError
from symmetric.generate import catalog, gradients, rewrites
from symmetric.generate.kernels import module_source

GENERATE = Path(catalog.__file__).parent


def _imported(path: Path) -> set:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    modules = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    return modules | {a.name for node in ast.walk(tree) if isinstance(node, ast.Import) for a in node.names}


def test_the_proofs_read_the_rewrites_and_gradients_without_the_generator_or_the_runtime():
    """proofs/numeric_rewrites.py and numeric_gradients.py read these data: they import stages 0 and 1 and SymPy,
    never the emitter, the kernels' generator or the numeric runtime."""
    assert _imported(Path(rewrites.__file__)) <= {"__future__", "functools", "dataclasses", "re", "sympy",
                                                  "sympy.codegen.cfunctions", "sympy.codegen.numpy_nodes", "symbols",
                                                  None}  # ..symbols, .symbols, .catalog and the record ._plans
    assert _imported(GENERATE / "_plans.py") == {"sympy"}  # the recorded plans: SymPy's constructors only
    assert _imported(Path(gradients.__file__)) <= {"__future__", "functools", "numpy", "sympy",
                                                   "sympy.codegen.cfunctions", "symbols", "rewrites", None}
    assert _imported(Path(catalog.__file__)) == {"__future__", "sympy", "families", "symbols"}  # stages 0 and 1
    assert _imported(GENERATE / "__init__.py") == {"importlib"}  # the package loads its names lazily


def test_per_family_facts_come_from_the_catalog(monkeypatch):
    """Which families get code, and argument domains, are read from symmetric.families in one place."""
    import sympy

    from symmetric.families import FAMILIES

    class Record:  # a family record that declares whether the family has numeric code
        def __init__(self, family, numeric):
            self.family, self.numeric = family, numeric

        def __getattr__(self, name):
            return getattr(self.family, name)

    assert catalog.numeric_families() == ("g_beta_rho", "power_mean", "f_beta")
    monkeypatch.setitem(FAMILIES, "power_mean", Record(FAMILIES["power_mean"], False))
    monkeypatch.setitem(FAMILIES, "f_beta_alternative", Record(FAMILIES["f_beta_alternative"], True))
    assert catalog.numeric_families() == ("g_beta_rho", "f_beta", "f_beta_alternative")
    assert catalog.domain(sympy.Symbol("t", positive=True))[0] == "positive"
    assert catalog.domain(sympy.Symbol("t", real=True))[0] == "real"
    with pytest.raises(ValueError, match="no numeric domain"):
        catalog.domain(sympy.Symbol("z"))
    with pytest.raises(InvalidParameterError, match="'beta' parameter of module_source must be a finite number > 0"):
        module_source("f_beta", fixed={"beta": 0.0})  # the domain of beta, from its assumptions
