"""symmetric.explore.metric_limits: the limits of a metric in its variables and parameters."""

import pytest
import sympy

from symmetric import P, R


@pytest.mark.slow
def test_limit_that_depends_on_the_order_of_P_and_R_includes_P_equal_R():
    from symmetric.explore.analysis_budget import Budget
    from symmetric.explore.metric_limits import metric_limits
    from symmetric.explore.regimes import Regime

    a = sympy.Symbol("a", positive=True)
    expr = P**a * R ** (1 - a)
    (found,) = [r for r in metric_limits(expr, [Regime(expr)], P, R, Budget(total=60, per_check=10))
                if r.approach == "a -> oo"]
    assert found.value.xreplace({P: sympy.Rational(1, 2), R: sympy.Rational(1, 2)}) == sympy.Rational(1, 2)
    assert found.value.xreplace({P: sympy.Rational(1, 2), R: sympy.Rational(1, 3)}) == sympy.oo
    assert found.value.xreplace({P: sympy.Rational(1, 3), R: sympy.Rational(1, 2)}) == 0
