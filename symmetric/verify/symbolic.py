"""Exact symbolic strategies: the only way a statement becomes "proven".

Each strategy is an exact argument under the symbols' assumptions:
simplification of ``lhs - rhs`` to zero (several routes, cheapest first), a
sign decided by SymPy's assumption system for inequalities, limits computed
by SymPy, and case splits that cover the domain (a condition ``rho < 0``
written as ``rho = -t`` with ``t > 0``; the branches of a Piecewise; the
orderings ``a > b``, ``a = b``, ``a < b`` of two positive symbols, which
settles limits such as the power mean tending to ``Max(P, R)`` that SymPy's
``limit`` cannot do alone). Every strategy runs under the caller's deadline.

>>> import sympy, time
>>> from symmetric import P, R, phi
>>> from symmetric.verify.statement import Statement
>>> mean = ((P**phi + R**phi) / 2) ** (1 / phi)
>>> st = Statement.of(sympy.Limit(mean, phi, sympy.oo), sympy.Max(P, R))
>>> prove(st, deadline=time.perf_counter() + 60)
'cases P > R, P = R, P < R: limit'
"""

from __future__ import annotations

import itertools
import time
from typing import Callable

import sympy

from .budget import run_with_budget
from .domain import condition_cases, ordering_cases, piecewise_cases
from .inequalities import prove_inequality
from .limits import exact_limit
from .statement import Statement

__all__ = ["prove"]

_MAX_DEPTH = 3


def _is_zero(expr) -> bool:
    return expr == 0 or getattr(expr, "is_zero", None) is True


def _normalize_powers(expr):
    """Pull positive factors out of powers: valid under the symbols' assumptions."""
    expr = sympy.expand_power_base(expr)
    expr = sympy.factor_terms(expr)
    expr = sympy.expand_power_base(expr)
    return sympy.powdenest(expr)


def _ratio_is_one(lhs, rhs):
    if rhs.is_zero is not False:
        return False
    return _is_zero(sympy.simplify(lhs / rhs) - 1)


def _logs_agree(lhs, rhs):
    if lhs.is_positive is not True or rhs.is_positive is not True:
        return False
    diff = sympy.expand_log(sympy.log(lhs)) - sympy.expand_log(sympy.log(rhs))
    return _is_zero(sympy.simplify(diff))


_EQUALITY: list[tuple[str, Callable]] = [
    ("evaluation", lambda l, r: _is_zero(l - r)),
    ("cancel", lambda l, r: _is_zero(sympy.cancel(sympy.together(l - r)))),
    ("powsimp", lambda l, r: _is_zero(sympy.cancel(sympy.powsimp(_normalize_powers(l - r))))),
    ("ratio", _ratio_is_one),
    ("logarithm", _logs_agree),
    ("simplify", lambda l, r: _is_zero(sympy.simplify(l - r))),
]

_SIGN_TEST = {
    ">": lambda e: e.is_positive,
    ">=": lambda e: e.is_nonnegative,
    "<": lambda e: e.is_negative,
    "<=": lambda e: e.is_nonpositive,
}
_SIGN_FORMS: list[tuple[str, Callable]] = [
    ("sign", lambda e: e),
    ("sign of factored form", lambda e: sympy.factor(sympy.cancel(sympy.together(e)))),
    ("sign of simplified form", sympy.simplify),
]


class _Clock:
    def __init__(self, deadline: float):
        self.deadline = deadline
        self.sides: dict = {}

    def remaining(self) -> float:
        return self.deadline - time.perf_counter()

    def run(self, func, share: float = 1.0):
        """Run ``func`` with a share of the remaining time; None when it runs out or fails."""
        budget = self.remaining() * share
        if budget <= 0.01:
            return None
        try:
            ok, value = run_with_budget(func, budget)
        except (NotImplementedError, ValueError, TypeError, ZeroDivisionError, RecursionError,
                AttributeError, IndexError, KeyError, sympy.PolynomialError):
            return None
        return value if ok else None


def _evaluate_limits(expr, clock: _Clock):
    """Replace every Limit by SymPy's value for it; None if any stays unevaluated."""
    if not expr.has(sympy.Limit):
        return expr
    for form in (lambda e: e, _normalize_powers):
        def attempt():
            return expr.replace(lambda e: isinstance(e, sympy.Limit), lambda e: exact_limit(e, form))
        value = clock.run(attempt, share=0.5)
        if value is not None and not value.has(sympy.Limit, sympy.AccumBounds) and value.is_finite is not False:
            return value
    return None


_CHEAP = {"evaluation", "cancel", "sign"}


def _sides(st: Statement, clock: _Clock):
    """Both sides with their limits evaluated (memoized per statement), and the method prefix."""
    if st not in clock.sides:
        lhs, rhs, prefix = st.lhs, st.rhs, ""
        if st.has(sympy.Limit):
            lhs = _evaluate_limits(lhs, clock)
            rhs = _evaluate_limits(rhs, clock) if lhs is not None else None
            prefix = "limit"
        clock.sides[st] = (lhs, rhs, prefix)
    return clock.sides[st]


def _direct(st: Statement, clock: _Clock, *, cheap: bool) -> str | None:
    """Try to prove ``st`` without splitting into cases; the method name or None.

    ``cheap=True`` runs only the fast strategies, ``cheap=False`` only the others.
    """
    lhs, rhs, prefix = _sides(st, clock)
    if lhs is None or rhs is None:
        return None
    if st.relation == "==":
        strategies = _EQUALITY
    else:
        test = _SIGN_TEST[st.relation]
        strategies = [(name, lambda l, r, form=form: test(form(l - r))) for name, form in _SIGN_FORMS]
    for name, strategy in strategies:
        if (name in _CHEAP) != cheap:
            continue
        if clock.run(lambda: strategy(lhs, rhs), share=0.6):
            if prefix and name in ("evaluation", "cancel"):
                return prefix
            return "+".join(filter(None, [prefix, name]))
    return None


def _positive_pairs(st: Statement):
    """Pairs of positive symbols whose order may matter: Max/Min arguments first."""
    pairs = []
    for side in (st.lhs, st.rhs):
        for m in side.atoms(sympy.Max, sympy.Min):
            syms = [a for a in m.args if isinstance(a, sympy.Symbol) and a.is_positive]
            pairs.extend(itertools.combinations(sorted(syms, key=lambda s: s.name), 2))
    if st.has(sympy.Limit):
        positive = sorted((s for s in st.free_symbols if s.is_positive and not isinstance(s, sympy.Dummy)),
                          key=lambda s: s.name)
        pairs.extend(itertools.combinations(positive, 2))
    return list(dict.fromkeys(pairs))


def _conditions_and_orderings(st: Statement):
    for condition in st.conditions:
        cases = condition_cases(st, condition)
        if cases:
            yield cases
    for a, b in _positive_pairs(st):
        yield ordering_cases(st, a, b)


def _piecewise(st: Statement):
    cases = piecewise_cases(st)
    if cases:
        yield cases


def _by_cases(splits, clock: _Clock, depth: int) -> str | None:
    for cases in splits:
        methods = []
        for case, _description in cases:
            if clock.remaining() <= 0:
                return None
            m = _prove(case, clock, depth + 1)
            if m is None:
                break
            methods.append(m)
        else:
            labels = ", ".join(d for _, d in cases)
            return f"cases {labels}: " + "; ".join(dict.fromkeys(methods))
    return None


def _prove(st: Statement, clock: _Clock, depth: int) -> str | None:
    """Cheap strategies, then Piecewise branches, then expensive strategies, then other splits."""
    deeper = depth < _MAX_DEPTH
    return (
        _direct(st, clock, cheap=True)
        or (deeper and _by_cases(_piecewise(st), clock, depth))
        or _direct(st, clock, cheap=False)
        or (deeper and _by_cases(_conditions_and_orderings(st), clock, depth))
        or None
    )


# --- hook: decided inequalities (symmetric.verify.inequalities) -----------------------------------
_INEQUALITY_SHARE = 0.5  # of the remaining time, so that the strategies below still get their turn


def _decided_inequality(st: Statement, clock: _Clock) -> str | None:
    """The inequality prover for <, <=, >, >= (it refuses Limit and other unsupported objects at once)."""
    if st.relation not in _SIGN_TEST:
        return None
    found = prove_inequality(st, time.perf_counter() + _INEQUALITY_SHARE * clock.remaining())
    return found[0] if found else None
# --- end hook -------------------------------------------------------------------------------------


def prove(statement: Statement, *, deadline: float) -> str | None:
    """Return the name of the exact argument that proves ``statement``, or None."""
    clock = _Clock(deadline)
    return _direct(statement, clock, cheap=True) or _decided_inequality(statement, clock) or _prove(statement, clock, 0)
