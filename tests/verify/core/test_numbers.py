"""The rigorous number kernel (symmetric/verify/core/numbers.py, issue 29): signs from balls, zeros from exact
algebra, and the engine's verdicts on the issue's examples."""

import pytest
import sympy
from sympy import Rational, exp, gamma, log, loggamma, sqrt

from symmetric import P
from symmetric.verify import check
from symmetric.verify.core.numbers import NotReal, abstracted, assumed, constant_sign, exactly_zero, functions_opaque

Y = sqrt(2) / 10**60
T = Rational(1, 10**60)
W = sympy.Symbol("w", extended_positive=True)


def test_sympy_itself_gets_these_signs_wrong():
    # the trap the kernel exists for: SymPy evaluates the argument rounded to its working precision
    assert log(1 + Y).evalf(40, strict=True) == 0
    assert loggamma(1 + T).is_zero is True
    assert sympy.simplify(loggamma(1 + T)) == 0


@pytest.mark.parametrize("value, sign", [
    (log(1 + Y), 1), (log(1 + Y) - Y / 2, 1), (log(1 + Y) - Y, -1), (loggamma(1 + T), -1),
    (loggamma(2 - T), -1), (log(gamma(1 + T)), -1), (gamma(2 + T) - 1, 1), (sympy.acos(1 - Y), 1),
    (sympy.pi - Rational(314159265358979, 10**14), 1), (Rational(-3, 7), -1), (sympy.oo, 1),
    (sqrt(2) + sqrt(3) - sqrt(5 + 2 * sqrt(6)), 0), (exp(-1000) , 1),
])
def test_constant_signs_come_from_balls_or_exact_algebra(value, sign):
    assert constant_sign(value) == sign


def test_an_undecidable_zero_is_unknown_not_zero():
    # a transcendental zero that no exact algebra here shows: undecided, never "0" from rounding
    assert constant_sign(log(6) - log(2) - log(3)) in (None, 0)
    assert not exactly_zero(loggamma(1 + T))


@pytest.mark.parametrize("value", [sympy.asin(2), log(-2), (-8) ** Rational(1, 3), sqrt(-1 - Y)])
def test_values_that_are_not_real_raise(value):
    with pytest.raises(NotReal):
        constant_sign(value)


def test_assumption_queries_see_constants_only_through_their_proven_signs():
    assert assumed("is_negative", log(1 + Y) - Y / 2) is False
    assert assumed("is_zero", loggamma(1 + T) * P) is False
    assert assumed("is_positive", P + sympy.pi) is True
    (e,) = abstracted(P * (log(1 + Y) - Y / 2))
    assert e.is_positive is True and not e.has(sympy.log)
    lhs, rhs = functions_opaque(log(2) * P, sqrt(2) * P)
    assert not lhs.has(sympy.log) and rhs == sqrt(2) * P  # algebraic numbers stay


@pytest.mark.parametrize("lhs, rhs, relation, status", [
    (log(1 + Y), Y / 2, "<", "refuted"),
    (log(1 + log(2) / 10**150), log(2) / 10**150 / 3, ">", "proven"),
    (loggamma(1 + T), 0, "==", "refuted"),
    (loggamma(2 - T), 0, ">=", "refuted"),
    (log(gamma(1 + T)), 0, ">=", "refuted"),
    (P * loggamma(1 + T), 0, "==", "refuted"),
])
def test_the_issue_examples(lhs, rhs, relation, status):
    v = check(lhs, rhs, relation=relation, timeout=10)
    assert v.status == status, v


@pytest.mark.parametrize("lhs, rhs, relation", [(exp(-W), 0, ">"), (1 - exp(-W), 1, "<"), (W, W + 1, "<")])
def test_a_statement_true_only_for_finite_values_is_never_proven(lhs, rhs, relation):
    v = check(lhs, rhs, relation=relation, timeout=10)
    assert v.status == "unknown" and v.method == "holds for finite values", v
    assert "holds for finite values of w" in v.detail


@pytest.mark.parametrize("lhs, rhs, relation", [(exp(-W), 0, ">="), (W / (1 + W), 1, "<=")])
def test_a_statement_that_holds_at_infinity_too_is_proven_with_that_step(lhs, rhs, relation):
    v = check(lhs, rhs, relation=relation, timeout=10)
    assert v.status == "proven", v
    assert any("w = oo" in s.statement for s in v.steps)
