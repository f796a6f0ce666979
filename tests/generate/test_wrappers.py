"""The public numeric functions and their names are generated from the family records (symmetric.generate.wrappers):
a family with numeric code is one registration and one regeneration."""

import importlib
import shutil
import sys

import pytest

from symmetric import numeric
from symmetric._constraints import constraints_of
from symmetric.families import FAMILIES, Family, register_family
from symmetric.generate import files, wrappers
from symmetric.generate.catalog import numeric_families


def test_the_package_names_and_declares_one_function_per_family_with_numeric_code():
    assert numeric._FUNCTIONS == numeric_families() and set(numeric_families()) <= set(numeric.__all__)
    for name in numeric_families():
        function = getattr(numeric, name)
        family = FAMILIES[name]
        assert function.__module__ == "symmetric.numeric.functions"
        assert set(constraints_of(function)) == {"P", "R", *family.parameter_names, "validate", "threads"}
        assert family.summary[1:] in function.__doc__ and family.label.strip("$") in function.__doc__
        assert all(i in function.__doc__ for ids in family.limits.values() for i in ids)  # its claims, by id


def test_a_new_family_is_one_registration_and_one_regeneration(monkeypatch, tmp_path):
    """A registered family that says numeric=True gets its kernels, its declared, documented function and its name
    from ``python -m symmetric.generate``: the regenerated package (a copy) computes it."""
    alternative = FAMILIES["f_beta_alternative"]
    monkeypatch.setitem(FAMILIES, "weighted_harmonic", FAMILIES["f_beta"])  # replaced below; monkeypatch removes it
    register_family(Family("weighted_harmonic", alternative.function, alternative.params, "weighted harmonic mean",
                           numeric=True), replace=True)
    root = tmp_path / "regenerated"
    (root / "numeric").mkdir(parents=True)
    for name in ("__init__.py", "_validation.py", "_constraints.py"):
        shutil.copy(files.PACKAGE / name, root / name) if name != "__init__.py" else (root / name).write_text("")
    for path in (files.PACKAGE / "numeric").glob("*.py"):
        shutil.copy(path, root / "numeric" / path.name)
    assert files.main(["--root", str(root), "numeric/_generated.py", "numeric/functions.py", "numeric/_names.py"]) == 0
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        regenerated = importlib.import_module("regenerated.numeric")
        assert regenerated.__all__[-3:] == ["weighted_harmonic", "thread_count", "thread_limits"]
        f = regenerated.weighted_harmonic
        assert float(f(0.5, 0.25, 2.0)) == pytest.approx(3 * 0.5 * 0.25 / (0.25 + 2 * 0.5), rel=1e-15)
        assert set(constraints_of(f)) == {"P", "R", "beta", "validate", "threads"}
        assert ">>> from symmetric.numeric import weighted_harmonic" in f.__doc__
        with pytest.raises(ValueError, match="'beta' parameter of weighted_harmonic must be a finite number > 0"):
            f(0.5, 0.25, -1.0)
    finally:
        for module in [m for m in sys.modules if m == "regenerated" or m.startswith("regenerated.")]:
            del sys.modules[module]


def test_the_examples_show_the_stipulated_values_and_the_trap():
    doc = wrappers.docstring("g_beta_rho")
    assert "the stipulated value at rho = 0" in doc and "the stipulated value at rho = -1" in doc
    assert "InvalidParameterError: The 'P' parameter of g_beta_rho must be a finite number >= 0" in doc
    assert "stipulated" not in wrappers.docstring("f_beta")  # no Piecewise: nothing stipulated
