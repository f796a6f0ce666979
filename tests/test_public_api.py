"""The public surface: names in ``__all__``, the contract symbols, and one validation meta-test."""

import importlib
import inspect

import pytest
import sympy

import symmetric
from api_helpers import public_functions
from symmetric import InvalidParameterError

PUBLIC_MODULES = ["symmetric", "symmetric.symbols", "symmetric.families", "symmetric.verify", "symmetric.explore"]


@pytest.mark.parametrize("name", PUBLIC_MODULES)
def test_all_lists_exactly_the_public_names(name):
    module = importlib.import_module(name)
    public = {n for n, v in vars(module).items()
              if not n.startswith("_") and (isinstance(v, sympy.Symbol)
                                            or ((inspect.isfunction(v) or inspect.isclass(v))
                                                and v.__module__.startswith(name)))}
    assert set(module.__all__) >= public, f"public but not in __all__: {public - set(module.__all__)}"
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


# Every public function taking user parameters, with one bad value per parameter.
BAD_INPUTS = {
    ("symmetric", "g_beta_rho"): [({"beta": 0}, "beta", "0"), ({"beta": -1.5}, "beta", "-1.5"),
                                  ({"rho": float("nan")}, "rho", "nan"), ({"rho": "x"}, "rho", "'x'"),
                                  ({"beta": sympy.I}, "beta", "I")],
    ("symmetric", "power_mean"): [({"gamma": -2}, "gamma", "-2"), ({"phi": float("inf")}, "phi", "inf"),
                                  ({"phi": True}, "phi", "True")],
    ("symmetric", "f_beta"): [({"beta": 0.0}, "beta", "0.0"), ({"beta": -sympy.Symbol("x", positive=True)}, "beta", "-x")],
    ("symmetric.families", "f_beta_alternative"): [({"beta": -3}, "beta", "-3")],
    ("symmetric.families", "get_family"): [({"name": "f1"}, "name", "'f1'")],
    ("symmetric.families", "general_formula"): [({"expr": "P"}, "expr", "'P'")],
    ("symmetric.verify", "run_with_budget"): [({"func": print, "seconds": -1}, "seconds", "-1"),
                                              ({"func": None, "seconds": 1}, "func", "None")],
    ("symmetric", "analyze"): [({"expr": "P + R"}, "expr", "'P + R'"),
                               ({"expr": symmetric.P + symmetric.R, "budget": 0}, "budget", "0")],
    ("symmetric.explore", "parse"): [({"text": "open('x')"}, "expr", '"open(\'x\')"'), ({"text": 2}, "expr", "2")],
    ("symmetric.explore", "parse_parameter"): [({"spec": "P=1"}, "parameters", "'P'")],
    ("symmetric.explore", "parse_value"): [({"text": "nan"}, "value", "'nan'")],
    ("symmetric.explore", "fit_preferences"): [({"statements": "P"}, "statements", "'P'"),
                                               ({"statements": [1.0]}, "statements", "1.0")],
    ("symmetric.explore", "parameter_symbols"): [({"parameters": {"beta": 0}}, "beta", "0"),
                                                 ({"parameters": ["_x"]}, "parameters", "'_x'")],
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
    for _, n, obj in public_functions(PUBLIC_MODULES):
        if obj.__name__ == n:
            assert any(name == n for _, name in covered), f"{obj.__module__}.{n} has no case in BAD_INPUTS"
