"""The engine's speed-ups give the answers the slow routes give: memos, the fast zero test, the refuting point."""

import dataclasses
import time

import pytest
import sympy

from symmetric import P, R, beta, rho
from symmetric.verify.core import budget
from symmetric.verify.evidence import sample_points as domain
from symmetric.verify.signs import decide as signs
from symmetric.verify.strategies import rational_zero as zero_test
from symmetric.verify.strategies import search as symbolic
from symmetric.verify.core.budget import run_with_budget
from symmetric.verify.core.memo import memoized
from symmetric.verify.core.statement import Statement
from symmetric.verify.strategies.rational_zero import cancels_to_zero, differs_somewhere, numerator_is_zero

x = sympy.Symbol("x")
n = sympy.Symbol("n", integer=True, negative=True)


def test_memo_keeps_finished_calls_only():
    calls = []

    @memoized
    def slow(e):
        calls.append(e)
        if len(calls) == 1:  # the first call runs out of its budget: nothing may be kept
            end = time.perf_counter() + 5
            while time.perf_counter() < end:
                pass
        return e + 1

    assert run_with_budget(lambda: slow(x), 0.02) == (False, None)
    assert slow(x) == x + 1 and slow(x) == x + 1
    assert len(calls) == 2  # computed again after the interrupted call, then remembered
    assert not budget._active


def test_memo_keys_on_the_whole_expression_with_assumptions():
    seen = []

    @memoized
    def f(e):
        seen.append(e)
        return e

    f(sympy.Symbol("y") + 1), f(sympy.Symbol("y", positive=True) + 1), f(sympy.Symbol("y") + 1), f(1), f(sympy.S(1))
    assert len(seen) == 4


def test_tidy_is_remembered():
    e = (P * R + P) / (P * (R + 1)) + rho / (rho + 2)
    before = signs.combine_fractions.cache_info().hits
    assert signs.combine_fractions(e) == signs.combine_fractions(e)
    assert signs.combine_fractions.cache_info().hits > before


def test_conditions_are_checked_once_per_point():
    calls = []
    original = domain.substitute

    def counting(expr, mapping):
        calls.append(expr)
        return original(expr, mapping)

    conditions = (P <= 1, sympy.Ne(beta, sympy.Rational(17, 19)))
    point = {P: sympy.Rational(1, 23), R: sympy.Rational(1, 29), beta: sympy.Rational(31, 37)}
    domain.substitute, saved = counting, domain.substitute
    try:
        assert domain.satisfies(conditions, point) and domain.satisfies(conditions, {**point, R: sympy.Integer(5)})
    finally:
        domain.substitute = saved
    assert len(calls) <= 2  # R is in neither condition: the second point asks nothing new


# Zero and nonzero differences, with what cancel says about each.
CASES = [
    (1 + beta**2) * P * R / (beta**2 * P + R) - (1 + beta**2) / (beta**2 / R + 1 / P),
    (P + R) ** 3 - P**3 - 3 * P**2 * R - 3 * P * R**2 - R**3,
    (P + R) ** 2 - P**2 - R**2,
    P**rho * (P + 1) - P ** (rho + 1) - P**rho,
    sympy.log(P * R) - sympy.log(P) - sympy.log(R),
    (sympy.sqrt(2) + P) ** 2 - P**2 - 2 * sympy.sqrt(2) * P - 2,
    sympy.Float(0.5) * P - P / 2,
    sympy.Piecewise((P, rho > 0), (R, True)) - sympy.Piecewise((P, rho > 0), (R, True)) * (P + 1) / (P + 1),
]


@pytest.mark.parametrize("expr", CASES, ids=range(len(CASES)))
def test_zero_test_gives_cancels_answer(expr):
    slow = sympy.cancel(sympy.together(expr))
    assert cancels_to_zero(expr) == (slow == 0 or slow.is_zero is True)
    if numerator_is_zero(*sympy.together(expr).as_numer_denom()):
        assert slow == 0  # the fast test never says "zero" where cancel does not


def test_zero_test_skips_the_expansion_of_a_large_identity(monkeypatch):
    cs = sympy.symbols("c0:6", positive=True)
    product = sympy.Mul(*[(c + 1) for c in cs])
    expr = product / (cs[0] + cs[1]) - sympy.expand(product) / (cs[1] + cs[0])

    def refuse(*args, **kwargs):
        raise AssertionError("cancel was called")

    monkeypatch.setattr(zero_test.sympy, "cancel", refuse)
    assert cancels_to_zero(expr)


def test_zero_test_refuses_a_zero_denominator():
    zero = (P + R) ** 2 - P**2 - 2 * P * R - R**2  # the zero polynomial, not evaluated to 0
    assert not numerator_is_zero(zero, zero)
    assert numerator_is_zero(zero, P)


def test_refuting_point_respects_the_assumptions():
    # True for every value the assumptions admit: never "differs"
    assert not differs_somewhere(sympy.Abs(P), P)
    assert not differs_somewhere(sympy.Abs(n), -n)
    assert not differs_somewhere(n, 0, "<")
    assert not differs_somewhere(sympy.floor(n), n)
    assert not differs_somewhere(sympy.sqrt(P**2), P)
    # false at an admissible point
    assert differs_somewhere(sympy.Abs(x), -x)
    assert differs_somewhere(P**2, P, "<=")
    # irrational values are not compared
    assert not differs_somewhere(sympy.sqrt(P), P / 3)


def test_no_direct_strategy_runs_on_a_refuted_statement(monkeypatch):
    from symmetric.verify.strategies import registry

    ran = []
    counted = [dataclasses.replace(s, run=lambda l, r, rel, s=s: ran.append(s.name) or s.run(l, r, rel))
               if s.kind == "direct" else s for s in registry.STRATEGIES]
    monkeypatch.setattr(registry, "STRATEGIES", counted)
    st = Statement.of((P + R) ** 2 / (P + 1), (P**2 + R**2) / (P + 1))
    assert symbolic.prove(st, deadline=time.perf_counter() + 30) is None
    assert ran == ["evaluation"]
