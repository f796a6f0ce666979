"""Time budgets for symbolic work: nothing SymPy does may hang a verdict.

:func:`run_with_budget` runs a callable and gives up after a number of
seconds. In the main thread of a POSIX process it arms an interval timer
whose signal raises :class:`BudgetExceeded` inside the computation, and keeps
re-raising it every few milliseconds in case library code swallows one.
Elsewhere (another thread, Windows) it runs the callable in a daemon thread
and stops waiting for it; the abandoned computation then finishes in the
background, but the caller gets its answer on time.

Budgets nest: an inner call under the timer gets the smaller of its own
time and what is left of the enclosing budget, and when the enclosing budget
runs out first, the inner call does not swallow it.

>>> run_with_budget(lambda: 6 * 7, 1.0)
(True, 42)
>>> import time
>>> ok, _ = run_with_budget(lambda: time.sleep(5), 0.05)
>>> ok
False
"""

from __future__ import annotations

import _weakrefset
import contextlib
import functools
import gc
import math
import signal
import sys
import threading
import time
import weakref
from collections.abc import Callable, Iterator
from typing import Any

from ..._constraints import Interval, Predicate, declare

__all__ = ["BudgetExceeded", "SCOPES", "held", "run_with_budget"]

# How often the timer fires again after the first expiry, in seconds.
_REPEAT = 0.02


class BudgetExceeded(BaseException):
    """Raised inside a computation whose time is up.

    It derives from BaseException, like KeyboardInterrupt, so that library
    code catching ``Exception`` cannot swallow it.
    """


# True only while a budgeted computation runs under the timer: the signal
# handler raises only then, so a late signal can never escape into the caller.
_active = False
# Deadlines (time.monotonic()) of the budgets running under the timer, innermost last.
_deadlines: list[float] = []
#: Context managers every budgeted call runs inside: :mod:`.sympy_signs` registers ``rigorous_numbers`` when
#: it is imported (it cannot be imported from here: it imports :func:`held`).
SCOPES: list = []
# Depth of held() blocks, and whether the budget ran out inside one.
_held = 0
_missed = False


@contextlib.contextmanager
def held() -> Iterator[None]:
    """Hold back the budget while code that must not be interrupted runs (a C library's Python API).

    A budget that runs out inside the block stops the computation as soon as
    the outermost block exits normally. The hold is kept by the signal
    handler itself, not by a signal mask: a mask covers one thread, and in a
    process with other threads (pytest-xdist's, Dask's) the kernel may deliver
    the timer's signal to any of them, after which Python runs the handler in
    the main thread all the same.

    >>> def work():
    ...     with held():
    ...         time.sleep(0.1)   # the budget of 0.02 s runs out here
    ...         done.append("held work")
    ...     done.append("after")  # not reached
    >>> done = []
    >>> run_with_budget(work, 0.02), done
    ((False, None), ['held work'])
    """
    global _held, _missed
    _held += 1
    try:
        yield
    finally:
        _held -= 1
    if not _held and _missed:
        _missed = False
        if _active and _deadlines and time.monotonic() >= _deadlines[-1] - 1e-3:
            raise BudgetExceeded()


def _in_finalizer(frame) -> bool:
    """Whether the interrupted code runs where an exception cannot reach the computation.

    An exception raised in ``__del__``, a ``weakref.finalize`` callback, a
    garbage-collector callback or the callback of a weak container (the
    stdlib's ``WeakValueDictionary``, ``WeakKeyDictionary``, ``WeakSet``, which
    SymPy's caches use) never reaches the budgeted computation: Python hands
    it to ``sys.unraisablehook`` ("Exception ignored in ...") and carries on.
    Nor may the signal interrupt that hook itself: pytest's hook, interrupted
    while it formats the report, records "Failed to process unraisable
    exception". The handler lets such code finish; the repeating timer fires
    again a few milliseconds later.
    """
    finalizers = {getattr(cb, "__code__", None) for cb in gc.callbacks}
    finalizers.add(weakref.finalize.__call__.__code__)
    hook = sys.unraisablehook
    while isinstance(hook, functools.partial):
        hook = hook.func
    finalizers.add(getattr(hook, "__code__", None))
    while frame is not None:
        code = frame.f_code
        if code in finalizers or code.co_name == "__del__" or code.co_filename in _WEAK_CONTAINER_FILES:
            return True
        frame = frame.f_back
    return False


# The weak containers' removal callbacks run as finalizers: never interrupt code of these files.
_WEAK_CONTAINER_FILES = frozenset(m.__file__ for m in (weakref, _weakrefset))


def _handler(signum, frame):  # pragma: no cover - called by the interpreter
    global _missed
    if _active and _deadlines and time.monotonic() >= _deadlines[-1] - 1e-3:
        if _held:
            _missed = True
        elif not _in_finalizer(frame):
            raise BudgetExceeded()


def _arm(deadline: float) -> None:
    signal.setitimer(signal.ITIMER_REAL, max(deadline - time.monotonic(), 1e-4), _REPEAT)


#: What :func:`run_with_budget` takes: a callable and a positive number of seconds (inf: no limit).
BUDGET_OPTIONS = {
    "func": Predicate("a callable", callable, invalid=(None, "f")),
    "seconds": Interval(float, 0, math.inf, closed="right", allowed="a positive number"),
}


@declare(**BUDGET_OPTIONS)
def run_with_budget(func: Callable[[], Any], seconds: float) -> tuple[bool, Any]:
    """Return ``(True, func())``, or ``(False, None)`` when ``seconds`` run out.

    Exceptions raised by ``func`` propagate unchanged. A call nested inside
    another budgeted call gets at most what is left of the outer budget.
    ``func`` runs inside each scope of :data:`SCOPES`
    (:func:`~symmetric.verify.core.sympy_signs.rigorous_numbers`).
    """
    for scope in SCOPES:
        func = scope()(func)
    if _active:
        if threading.current_thread() is threading.main_thread():
            return _run_nested(func, seconds)
        return True, func()  # pragma: no cover - a thread started inside a timed computation
    if threading.current_thread() is threading.main_thread() and hasattr(signal, "setitimer"):
        return _run_with_timer(func, seconds)
    return _run_in_thread(func, seconds)


def _run_with_timer(func, seconds):
    global _active, _missed
    previous = signal.signal(signal.SIGALRM, _handler)
    try:
        _deadlines.append(time.monotonic() + seconds)
        _arm(_deadlines[-1])
        try:
            _active = True
            value = func()
            _active = False
            return True, value
        except BudgetExceeded:
            return False, None
        finally:
            _active = False
            _missed = False  # a budget that ran out inside a held block that then raised ends here
            _deadlines.clear()
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _run_nested(func, seconds):
    outer = _deadlines[-1]
    _deadlines.append(min(outer, time.monotonic() + seconds))
    _arm(_deadlines[-1])
    try:
        return True, func()
    except BudgetExceeded:
        if time.monotonic() >= outer - 1e-3:
            raise  # the enclosing budget is exhausted as well: let it stop
        return False, None
    finally:
        _deadlines.pop()
        _arm(outer)


def _run_in_thread(func, seconds):
    box: dict[str, Any] = {}

    def target() -> None:
        try:
            box["value"] = func()
        except BaseException as exc:  # re-raised in the caller's thread
            box["error"] = exc

    worker = threading.Thread(target=target, daemon=True, name="symmetric-budget")
    worker.start()
    worker.join(seconds)
    if worker.is_alive():
        return False, None
    if "error" in box:
        raise box["error"]
    return True, box["value"]
