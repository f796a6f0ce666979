"""The scores at their boundaries (beta = 0 or inf, rho = -1, no predictions): plausible one-character bugs, each killed
by a behavioural check.

Every expected value here comes from the symbolic definition (a SymPy limit
of :func:`symmetric.g_beta_rho`), not from the code under test, and each test
goes through public API only, so that it survives a change of where the
boundary cases are decided:

* ``zero_limit_is_zero``'s ``rho <= -1`` written ``rho < -1``: at rho = -1, G
  with no predictions (P undefined, R = 0) is 0 whatever P would be, not the
  ``zero_division`` value;
* ``limit_parameter``'s ``rho < 0`` written ``rho <= 0``: at beta = 0 and
  rho = 0, G is its limit R, not P;
* the engine's sample points without the constants that a condition singles
  out: a statement false only at such a constant was no longer refuted.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest
import sympy

import symmetric.metrics as sm
from symmetric import P, R, beta, g_beta_rho, rho
from symmetric.verify import check

# 4 true positives among 5 samples, 2 predicted, both right: P = 1, R = 1/2 (P != R, so P and R cannot be confused)
Y_TRUE, Y_PRED = [1, 1, 1, 1, 0], [1, 1, 0, 0, 0]
RHOS = [-3, -2, -1, sympy.Rational(-1, 2), 0, 1]


def _value(expr, precision, recall) -> float:
    return float(expr.subs({P: precision, R: recall}))


@pytest.mark.parametrize("rho_value", RHOS, ids=str)
def test_no_predictions_score_is_the_family_limit_when_it_does_not_depend_on_precision(rho_value):
    """No predicted positives: P is 0/0 and R = 0. G is defined (as 0) exactly when its limit at R -> 0 is free of P."""
    limit = sympy.limit(g_beta_rho(beta=1, rho=rho_value), R, 0, "+")
    y_true, y_pred = [1, 1, 0, 0], [0, 0, 0, 0]
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a defined value warns about nothing
        score = sm.g_beta_rho_score(y_true, y_pred, beta=1, rho=float(rho_value), zero_division=1)
    if P in limit.free_symbols:
        assert score == 1.0  # undefined: the zero_division value
    else:
        assert limit == 0 and score == 0.0


@pytest.mark.parametrize("rho_value", RHOS, ids=str)
@pytest.mark.parametrize("beta_value, approach", [(0.0, 0), (float("inf"), sympy.oo)], ids=["beta=0", "beta=inf"])
def test_score_at_beta_zero_or_infinity_is_the_family_limit(beta_value, approach, rho_value):
    limit = sympy.limit(g_beta_rho(rho=rho_value), beta, approach)  # from above at 0
    assert limit in (P, R)
    expected = _value(limit, sm.precision_score(Y_TRUE, Y_PRED), sm.recall_score(Y_TRUE, Y_PRED))
    assert sm.g_beta_rho_score(Y_TRUE, Y_PRED, beta=beta_value, rho=float(rho_value)) == expected


@pytest.mark.parametrize("beta_value, side", [(0.0, R), (float("inf"), P)], ids=["beta=0", "beta=inf"])
def test_curve_at_beta_zero_or_infinity_and_rho_zero_is_the_family_limit(beta_value, side):
    assert sympy.limit(g_beta_rho(rho=0), beta, 0 if side == R else sympy.oo) == side
    y_true, y_score = np.array([1, 1, 0, 1, 0]), np.array([0.1, 0.5, 0.3, 0.9, 0.7])
    values, thresholds = sm.g_beta_rho_curve(y_true, y_score, beta=beta_value, rho=0.0)
    score = sm.recall_score if side == R else sm.precision_score
    expected = [score(y_true, (y_score >= t).astype(int)) for t in thresholds]
    np.testing.assert_allclose(values, expected, rtol=0, atol=1e-15)


def test_engine_samples_a_constant_that_a_condition_singles_out():
    """False only at rho = 7/3 (not among the engine's simple values), in a statement with many other special values.

    The sums ``P - k*R`` give the engine more roots to try than it keeps, so
    only the constant read from the Piecewise condition leads to rho = 7/3.
    """
    many_roots = sum((P - k * R) ** 2 for k in range(2, 11))
    lhs = sympy.Piecewise((many_roots, sympy.Ne(rho, sympy.Rational(7, 3))), (0, True))
    verdict = check(lhs, many_roots, timeout=60)  # a generous budget: the machine may be loaded
    assert verdict.status == "refuted", verdict
    assert verdict.counterexample[rho] == sympy.Rational(7, 3)
