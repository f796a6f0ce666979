"""``fix_parameters`` checks a family's values by the family's declaration (its bound on exponents lifted)."""

import pytest
import sympy

from symmetric import InvalidParameterError, P, R
from symmetric._constraints import Interval, declare
from symmetric.explore.fixed_metric import fix_parameters
from symmetric.families import FAMILIES, RHO, Family, Parameter, register_family

T = Parameter(sympy.Symbol("t", positive=True))


@declare(t=Interval(float, 0, 1, closed="neither"))
def shrunk_mean(t=T.symbol):
    """A family whose builder declares its own, narrower constraint: t in (0, 1)."""
    return t * P + (1 - t) * R


@pytest.fixture
def family():
    new = register_family(Family("shrunk_mean", shrunk_mean, (T,), "a mean with t in (0, 1)"))
    yield new
    del FAMILIES[new.name]


def test_a_familys_own_declaration_is_the_rule(family):
    assert fix_parameters("shrunk_mean", {"t": 0.25}, func="level_curves").values == {"t": sympy.Rational(1, 4)}
    with pytest.raises(InvalidParameterError) as info:
        fix_parameters("shrunk_mean", {"t": 2.0}, func="level_curves")
    assert str(info.value) == ("The 't' parameter of level_curves must be a float in the range (0.0, 1.0). "
                               "Got 2 instead.")


def test_a_parameter_beyond_the_exponent_bound_is_drawn_from_the_numeric_function():
    fixed = fix_parameters("g_beta_rho", {"beta": 2, "rho": 10 * RHO.bound}, func="level_curves")
    assert fixed.expr is None and fixed.values["rho"] == 10 * RHO.bound
    with pytest.raises(InvalidParameterError, match="'beta' parameter of level_curves must be a positive real"):
        fix_parameters("g_beta_rho", {"beta": -1, "rho": 0}, func="level_curves")
