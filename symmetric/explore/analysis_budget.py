"""The time budget of one analysis: every step is bounded, nothing hangs.

An analysis makes many calls to :func:`symmetric.verify.check` and to SymPy
(``simplify``, ``solve``, ``limit``). :class:`Budget` gives each one the
smaller of its own timeout and what is left of the analysis's total, and
turns a step that cannot run any more into an "unknown" verdict that says
why. An :class:`~symmetric.verify.InconsistentVerdictError` (a proof that
numerics contradict: a bug) propagates; it is never an "unknown". Steps are never nested inside one another's budget, because a nested
:func:`~symmetric.verify.run_with_budget` runs under the outer one.

>>> import sympy
>>> from symmetric import P, R
>>> budget = Budget(total=30, per_check=5)
>>> budget.check(P + R, R + P).status
'proven'
>>> budget.compute(lambda: sympy.factor(P**2 - R**2))
(P - R)*(P + R)
>>> Budget(total=0.001, per_check=5).check(P, P).method
'analysis budget exhausted'
"""

from __future__ import annotations

import time

import sympy

from .. import verify
from ..verify import InconsistentVerdictError, Verdict, run_with_budget
from ..verify.core.sympy_errors import SYMPY_ERRORS

__all__ = ["Budget", "combine", "range_conditions", "unknown"]


def range_conditions(symbol, interval) -> tuple:
    """``interval`` as conditions on ``symbol``: ``(a > 0, a < 1)`` for the open interval (0, 1).

    >>> a = sympy.Symbol("a", real=True)
    >>> range_conditions(a, sympy.Interval.Lopen(0, 1))
    (a > 0, a <= 1)
    >>> range_conditions(sympy.Symbol("b", positive=True), sympy.Interval.open(0, 1))  # b > 0 goes without saying
    (b < 1,)
    """
    out = []
    if interval.inf != -sympy.oo:
        out.append(symbol > interval.inf if interval.left_open else symbol >= interval.inf)
    if interval.sup != sympy.oo:
        out.append(symbol < interval.sup if interval.right_open else symbol <= interval.sup)
    return tuple(c for c in out if c is not sympy.true)


def unknown(method: str, detail: str = "") -> Verdict:
    """An "unknown" verdict for a step that could not be decided."""
    return Verdict("unknown", method, {}, 0.0, None, detail)


def combine(verdicts: list[Verdict], method: str) -> Verdict:
    """One verdict for a conjunction: all proven, proven; any refuted, that refutation; else unknown."""
    for v in verdicts:
        if v.refuted:
            return v
    seconds = sum(v.seconds for v in verdicts)
    if verdicts and all(v.proven for v in verdicts):
        return Verdict("proven", method, {}, seconds, None, "; ".join(v.method for v in verdicts))
    return Verdict(
        "unknown",
        "undecided",
        {},
        seconds,
        None,
        "; ".join(f"{v.status} ({v.method})" for v in verdicts if not v.proven),
    )


class Budget:
    """Seconds for a whole analysis, and for each check within it; and the declared parameter ranges.

    Parameters
    ----------
    total : float
        Wall-clock seconds for everything; steps started after that are skipped.
    per_check : float
        Seconds for one call of ``check`` or one SymPy computation.
    ranges : dict, optional
        Symbol -> :class:`sympy.Interval` of the values a parameter takes;
        every check gets them as conditions.
    domain : {"unit", "positive"}
        The domain every ``check`` uses (see :func:`symmetric.verify.check`).
    check : callable, optional
        What decides a statement, called as :func:`symmetric.verify.check` (the default) is: a stub or a
        counting wrapper in tests, another decision procedure elsewhere. Its verdicts are shared by equal
        checks as the engine's are; an :class:`~symmetric.verify.InconsistentVerdictError` it raises propagates.
    """

    def __init__(
        self, *, total: float, per_check: float, ranges: dict | None = None, domain: str = "unit", check=None
    ) -> None:
        self.domain = domain
        self._check = check if check is not None else verify.check
        self.start = time.perf_counter()
        self.deadline = self.start + total
        self.per_check = per_check
        self.skipped = 0
        self.ranges = dict(ranges or {})
        self.conditions = tuple(
            c for symbol, interval in self.ranges.items() for c in range_conditions(symbol, interval)
        )
        # The verdicts of this analysis by statement: the same check asked twice (the limit at a stipulated value
        # of a Piecewise, by the continuity property and by the limits) runs once. Keyed on the whole statement;
        # it lives as long as the Budget, i.e. one analysis.
        self._verdicts: dict = {}

    def admits(self, symbol, value) -> bool:
        """Whether ``value`` is in the declared range of ``symbol`` (always, without one)."""
        interval = self.ranges.get(symbol)
        return interval is None or interval.contains(value) is sympy.true

    def remaining(self) -> float:
        return self.deadline - time.perf_counter()

    def elapsed(self) -> float:
        return time.perf_counter() - self.start

    def _seconds(self, seconds: float | None) -> float:
        return min(self.per_check if seconds is None else seconds, self.remaining())

    def check(
        self, lhs, rhs, *, relation: str = "==", conditions=(), seconds: float | None = None, domain: str | None = None
    ) -> Verdict:
        """``check(lhs, rhs, ...)`` within the budget (in its domain unless told); "unknown" when it cannot run."""
        timeout = self._seconds(seconds)
        conditions = tuple(conditions) + self.conditions
        key = (sympy.sympify(lhs), sympy.sympify(rhs), relation, conditions, domain or self.domain)
        earlier = self._verdicts.get(key)
        if earlier is not None and (earlier[0] >= timeout or earlier[1].status != "unknown"):
            return earlier[1]
        if timeout <= 0.05:
            self.skipped += 1
            return unknown("analysis budget exhausted", "the analysis ran out of time before this check")
        try:
            verdict = self._check(
                lhs, rhs, relation=relation, conditions=conditions, timeout=timeout, domain=domain or self.domain
            )
        except InconsistentVerdictError:
            raise  # a proof contradicted by numerics is a bug in the engine, never an "unknown" verdict
        except Exception as exc:  # the engine cannot handle every user expression (e.g. DiracDelta)
            verdict = unknown("error", f"{type(exc).__name__}: {exc}")
        self._verdicts[key] = (timeout, verdict)
        return verdict

    def compute(self, func, *, seconds: float | None = None):
        """``func()`` within the budget; None when time runs out or SymPy fails."""
        timeout = self._seconds(seconds)
        if timeout <= 0.05:
            self.skipped += 1
            return None
        try:
            ok, value = run_with_budget(func, timeout)
        except SYMPY_ERRORS:
            return None
        return value if ok else None

    def simplify(self, expr):
        """The shortest exact normal form of ``expr`` found within the budget (see :func:`.algebra.tidy`)."""
        from .algebra import tidy

        return tidy(expr, self)
