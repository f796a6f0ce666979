"""The proof search's one clock: the deadline every strategy runs under.

The search over statements (:mod:`.search`) runs each strategy with a share
of the remaining time (:meth:`Clock.run`, through the engine's one budget
:func:`~symmetric.verify.core.budget.run_with_budget`); the one AND-OR search
(:mod:`.tree`, which both searches are instances of) checks the deadline at
every node, and the goal search's reductions between
their steps (:meth:`Clock.tick`, which raises :class:`OutOfTime`).

>>> import time
>>> clock = Clock(time.perf_counter() + 60)
>>> clock.run(lambda: 1 + 1), clock.run(lambda: 1 / 0), clock.notes
(2, None, ['ZeroDivisionError: division by zero'])
>>> Clock(time.perf_counter() - 1).run(lambda: 2) is None
True
"""

from __future__ import annotations

import time

from ..core.budget import run_with_budget
from ..core.verdict import InconsistentVerdictError

__all__ = ["Clock", "OutOfTime"]


class OutOfTime(Exception):
    """The search's deadline has passed (raised by :meth:`Clock.tick`)."""


class Clock:
    """A deadline (a ``time.perf_counter()`` value) and the notes of the strategies that failed before it.

    With ``strict=True`` (the goal search under
    :func:`~.goal_search.exact_search`) an error in :meth:`run` propagates
    instead of counting as a failure, except a ``RecursionError`` (SymPy
    giving up on deeply nested input).
    """

    def __init__(self, deadline: float, *, strict: bool = False) -> None:
        self.deadline = deadline
        self.strict = strict
        self.notes: list[str] = []

    def remaining(self) -> float:
        """Seconds left."""
        return self.deadline - time.perf_counter()

    def tick(self) -> None:
        """Raise :class:`OutOfTime` when the deadline has passed."""
        if time.perf_counter() > self.deadline:
            raise OutOfTime()

    def run(self, func, share: float = 1.0):
        """Run ``func`` with a share of the remaining time; None when it runs out or fails."""
        budget = self.remaining() * share
        if budget <= 0.01:
            return None
        try:
            ok, value = run_with_budget(func, budget)
        except InconsistentVerdictError:
            raise
        except Exception as exc:  # SymPy fails in many ways on hard input; a failed strategy proves nothing
            if self.strict and not isinstance(exc, RecursionError):
                raise
            self.notes.append(f"{type(exc).__name__}: {exc}"[:200])
            return None
        return value if ok else None
