"""The metric families: closed forms, stipulations, and values against mpmath at high precision."""

import time
from fractions import Fraction

import mpmath
import numpy as np
import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from symmetric import InvalidParameterError, P, R, beta, f_beta, g_beta_rho, gamma, power_mean, rho
from symmetric.families import FAMILIES, f_beta_alternative, general_formula, get_family


@pytest.mark.parametrize("value", [-2, -2.0, Fraction(-2), sympy.Integer(-2), np.float64(-2.0), np.int64(-2)])
def test_numeric_rho_gives_the_closed_form_without_piecewise(value):
    expr = g_beta_rho(rho=value)
    assert not expr.has(sympy.Piecewise)
    assert expr == f_beta()


@pytest.mark.parametrize("value, expected", [
    (0, (beta * P + R) / (1 + beta)),
    (0.0, (beta * P + R) / (1 + beta)),
    (-1, (P * R**beta) ** (1 / (1 + beta))),
    (-1.0, (P * R**beta) ** (1 / (1 + beta))),
])
def test_stipulations_hold_exactly_at_rho_0_and_minus_1(value, expected):
    assert sympy.simplify(g_beta_rho(rho=value) - expected) == 0


def test_symbolic_parameters_give_a_piecewise_unless_assumptions_exclude_the_special_points():
    assert isinstance(g_beta_rho(), sympy.Piecewise)
    assert len(g_beta_rho().args) == 3
    assert isinstance(power_mean(), sympy.Piecewise)
    positive = sympy.Symbol("rho", positive=True)
    assert not g_beta_rho(rho=positive).has(sympy.Piecewise)
    negative = sympy.Symbol("rho", negative=True)
    assert len(g_beta_rho(rho=negative).args) == 2  # rho = -1 is still possible
    assert power_mean(phi=0) == (P**gamma * R) ** (1 / (1 + gamma))


def test_float_parameters_other_than_integers_stay_floats():
    expr = g_beta_rho(beta=1, rho=0.5)
    assert expr.has(sympy.Float)
    assert abs(float(expr.subs({P: 0.25, R: 1})) - ((0.25**1.5 + 1) / 2) ** (1 / 1.5)) < 1e-15


def _mp_g(p, r, b, rh):
    if rh == 0:
        return (b * p + r) / (1 + b)
    if rh == -1:
        return (p * r**b) ** (1 / (1 + b))
    w = b**rh
    return ((w * p ** (rh + 1) + r ** (rh + 1)) / (1 + w)) ** (1 / (rh + 1))


rationals = st.fractions(min_value=Fraction(1, 1000), max_value=1000, max_denominator=1000)


@settings(max_examples=40, deadline=None)
@given(p=rationals, r=rationals, b=rationals, rh=st.one_of(st.sampled_from([0, -1, -2, 1]),
                                                           st.fractions(-50, 50, max_denominator=100)))
def test_g_agrees_with_an_independent_mpmath_evaluation_to_40_digits(p, r, b, rh):
    expr = g_beta_rho(beta=b, rho=rh)
    value = expr.evalf(50, subs={P: sympy.Rational(p.numerator, p.denominator), R: sympy.Rational(r.numerator, r.denominator)})
    with mpmath.workdps(60):
        mp = lambda x: mpmath.mpf(x.numerator) / x.denominator  # noqa: E731
        truth = _mp_g(mp(p), mp(r), mp(b), mp(rh))
        assert abs(mpmath.mpf(str(value)) - truth) <= mpmath.mpf(10) ** -40 * truth


def test_power_mean_and_g_share_values_where_the_theory_says():
    for b, rh in [(2, -3), (sympy.Rational(1, 3), 2), (5, -1)]:
        lhs = g_beta_rho(beta=b, rho=rh).subs({P: sympy.Rational(1, 3), R: sympy.Rational(3, 4)})
        rhs = power_mean(gamma=sympy.Rational(b) ** rh, phi=rh + 1).subs({P: sympy.Rational(1, 3), R: sympy.Rational(3, 4)})
        assert abs(sympy.N(lhs - rhs, 50)) < 1e-45


def test_registry_lists_every_family_with_its_parameters():
    assert set(FAMILIES) == {"g_beta_rho", "power_mean", "f_beta", "f_beta_alternative"}
    for name, family in FAMILIES.items():
        expr = family()
        assert expr.free_symbols == {P, R, *family.parameters}
        assert family.parameter_names == tuple(s.name for s in family.parameters)
    assert get_family("power_mean")(gamma=1, phi=-1) == 2 * P * R / (P + R)
    assert f_beta_alternative(beta=4) == f_beta(beta=2)


def test_general_formula_is_the_last_branch():
    assert general_formula(g_beta_rho()).has(rho) and not general_formula(g_beta_rho()).has(sympy.Piecewise)
    assert general_formula(f_beta()) == f_beta()


# --- the range of rho: refused at once beyond it, printed at its end ---------------------------------

@pytest.mark.parametrize("rho", [10**5, 10**7, 1e100, 10**100, -(10**7)])
def test_huge_rho_is_refused_at_once_naming_the_range(rho):
    cpu = time.process_time()  # CPU time: a loaded machine does not inflate it
    with pytest.raises(InvalidParameterError, match=r"'rho' parameter of g_beta_rho must be a finite real number "
                                                    r"with \|rho\| <= 1000"):
        g_beta_rho(beta=2, rho=rho)
    assert time.process_time() - cpu < 1


def test_the_largest_allowed_rho_builds_and_prints():
    expr = g_beta_rho(beta=2, rho=1000)
    assert len(str(expr)) > 300 and "P**1001" in str(expr)
    with pytest.raises(InvalidParameterError, match=r"\|rho\| <= 30 when the base is 1e\+100"):
        g_beta_rho(beta=10**100, rho=1000)  # 10**100000 would not print (4300-digit limit)
