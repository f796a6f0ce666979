"""Check cases with the engine in worker processes, and judge each verdict.

:func:`run_cases` calls :func:`symmetric.verify.check` on every case, in
``jobs`` forked worker processes (each worker's main thread keeps the
engine's signal-based time budget), with the engine's own ``timeout`` (4 s of
CPU, turned into wall-clock seconds by the share of a CPU the workers get:
:class:`Stretch`) and a hard limit after which the worker is killed and the
case counts as timed out. Warnings are errors, as under pytest. The ``domain``
keyword is passed only when ``check`` accepts it (:func:`accepts_domain`);
otherwise the engine checks every case on its own domain, and the cases that
need the keyword are counted.

:func:`judge` turns a verdict into one of :data:`JUDGEMENTS`; a refutation
of a false case is accepted only at a point of the case's domain where exact
evaluation (:func:`.exact.holds_at`) shows the case fails.
"""

from __future__ import annotations

import gc
import inspect
import multiprocessing
import os
import sys
import threading
import time
import traceback
import warnings
from dataclasses import dataclass, field
from multiprocessing.connection import wait

import sympy

from . import exact

__all__ = ["Outcome", "JUDGEMENTS", "Stretch", "accepts_domain", "budget", "run_cases", "judge", "DEFAULT_TIMEOUT"]

#: Seconds the engine gets per case (its ``timeout`` keyword) on an idle machine; see :func:`budget`.
DEFAULT_TIMEOUT = 4.0
#: The most :func:`budget` stretches a budget on a loaded machine.
MAX_STRETCH = 6.0
#: Extra seconds before a worker that overruns the engine's budget is killed.
GRACE = 10.0

#: What a verdict on a case can be judged, from worst to best.
JUDGEMENTS = (
    "false proof",          # a false case proven
    "exception",            # check raised
    "wrong refutation",     # a true case refuted, or a false one at a point where it holds or off its conditions
    "outside the domain",   # a false case refuted at a point outside its domain (P or R above 1 for "unit")
    "timeout",              # the worker overran the budget and was killed
    "unknown",              # undecided: sound, but incomplete
    "refuted",              # a false case refuted at a confirmed counterexample
    "proven",               # a true case proven
)


@dataclass(frozen=True)
class Outcome:
    """The engine's answer on one case."""

    id: str
    status: str  # proven, refuted, unknown, exception, timeout
    method: str = ""
    counterexample: dict = field(default_factory=dict)
    seconds: float = 0.0
    error: str = ""
    cpu: float = 0.0
    budget: float = 0.0
    certificate: str = ""  # the kernel check that re-checked a proof (issue 29), "" when none


def budget(seconds: float = DEFAULT_TIMEOUT) -> float:
    """``seconds`` stretched by the machine's load: the same CPU time per case, loaded or idle.

    The engine's budget is wall-clock time; on a shared machine whose load
    exceeds its CPUs, a worker gets only a share of a CPU, and fixed budgets
    would give other verdicts. The load is the larger of the 1-minute average
    and the processes running now (the average lags behind a burst); the
    stretch is between 1 and :data:`MAX_STRETCH`.
    """
    try:
        load = os.getloadavg()[0]
        cpus = len(os.sched_getaffinity(0))
    except (OSError, AttributeError):  # pragma: no cover - not on Linux
        return seconds
    try:
        with open("/proc/loadavg") as fh:
            load = max(load, int(fh.read().split()[3].split("/")[0]) - 1)  # minus the reader itself
    except (OSError, ValueError, IndexError):  # pragma: no cover - no procfs
        pass
    return seconds * min(MAX_STRETCH, max(1.0, load / cpus))


class Stretch:
    """Wall-clock budgets worth a fixed CPU time, from the CPU share the workers actually got.

    The engine's budget is wall-clock time and its work is CPU-bound, so a
    case that got ``cpu`` seconds of CPU in ``seconds`` of wall-clock time ran
    at a share ``cpu / seconds`` of a CPU. The next budget is ``seconds``
    (CPU) divided by the share over the last :attr:`WINDOW` cases (between 1x
    and :data:`MAX_STRETCH`); before any case finished, :func:`budget` (the
    load average) stands in. On an idle machine the share is about 1 and the
    budget is the CPU time itself.

    >>> s = Stretch(4.0)
    >>> for _ in range(8):
    ...     s.record(Outcome("c", "unknown", seconds=8.0, cpu=2.0))
    >>> s()
    16.0
    """

    WINDOW = 8

    def __init__(self, seconds: float = DEFAULT_TIMEOUT):
        self.seconds = seconds
        self.recent: list = []

    def record(self, outcome: "Outcome") -> None:
        if outcome.status not in ("exception", "timeout") and outcome.seconds > 0.2:
            self.recent = (self.recent + [(outcome.cpu, outcome.seconds)])[-self.WINDOW:]

    def __call__(self) -> float:
        if len(self.recent) < 2:
            return budget(self.seconds)
        share = sum(c for c, _ in self.recent) / sum(w for _, w in self.recent)
        return self.seconds * min(MAX_STRETCH, max(1.0, 1.0 / max(share, 1e-9)))


def accepts_domain(check=None) -> bool:
    """Whether ``check`` takes the ``domain`` keyword (the engine does since the sound-engine merge)."""
    if check is None:
        from symmetric.verify import check
    return "domain" in inspect.signature(check).parameters


def _check_one(case, timeout: float) -> Outcome:
    from symmetric.verify import check

    kwargs = case.call()
    if not accepts_domain(check):
        kwargs.pop("domain")
    start, cpu = time.perf_counter(), time.process_time()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # as under pytest: a leaked warning is an escape too
            verdict = check(**kwargs, timeout=timeout)
    except BaseException as exc:  # noqa: BLE001 - every escape is a finding; interrupts still stop the run
        if isinstance(exc, (KeyboardInterrupt, SystemExit)):
            raise
        where = traceback.extract_tb(exc.__traceback__)[-1]
        return Outcome(case.id, "exception", "", {}, time.perf_counter() - start,
                       f"{type(exc).__name__}: {str(exc)[:300]} (at {os.path.basename(where.filename)}:{where.lineno})",
                       time.process_time() - cpu, timeout)
    certificate = getattr(verdict, "certificate", None)
    return Outcome(case.id, verdict.status, verdict.method, dict(verdict.counterexample),
                   time.perf_counter() - start, "", time.process_time() - cpu, timeout,
                   certificate.kind if certificate is not None else "")


_CASES: list = []


def _warm_up():
    """One cheap check with a limit, so that no case pays for SymPy's first imports and caches."""
    import sympy

    from symmetric import P
    from symmetric.verify import check

    x = sympy.Symbol("x", real=True)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check(sympy.Limit(P**x * sympy.Heaviside(x), x, 0, "+"), 1, timeout=60)


def _worker(conn):
    gc.freeze()  # the parent's objects (pytest's, the cases) are never collected here: no scans, no copies
    _warm_up()
    while True:
        task = conn.recv()
        if task is None:
            return
        index, timeout = task
        conn.send((index, _check_one(_CASES[index], timeout)))


def _can_fork() -> bool:
    return ("fork" in multiprocessing.get_all_start_methods() and sys.platform != "win32"
            and threading.active_count() == 1)


def run_cases(cases, *, jobs: int = 2, timeout: float | None = None, progress=None) -> dict:
    """``{case id: Outcome}`` for every case, checked in ``jobs`` worker processes.

    ``timeout`` is the engine's budget per case in wall-clock seconds; by
    default :data:`DEFAULT_TIMEOUT` seconds of CPU, turned into wall-clock
    seconds by :class:`Stretch` as each case starts. ``progress``, if given, is called with each
    Outcome as it arrives.
    """
    cases = list(cases)
    results: dict = {}

    stretch = Stretch()

    def seconds():
        return stretch() if timeout is None else timeout

    def done(outcome):
        results[outcome.id] = outcome
        stretch.record(outcome)
        if progress is not None:
            progress(outcome)

    if jobs <= 1 or len(cases) <= 1 or not _can_fork():
        _warm_up()
        for case in cases:
            done(_check_one(case, seconds()))
        return results
    _CASES[:] = cases
    ctx = multiprocessing.get_context("fork")
    pending = list(range(len(cases)))[::-1]
    workers: dict = {}  # conn -> [process, index or None, start, hard limit]

    def spawn():
        parent, child = ctx.Pipe()
        proc = ctx.Process(target=_worker, args=(child,), daemon=True)
        proc.start()
        child.close()
        workers[parent] = [proc, None, 0.0, 0.0]

    def feed(conn):
        if pending:
            index, limit = pending.pop(), seconds()
            workers[conn][1:] = [index, time.perf_counter(), limit + GRACE]
            conn.send((index, limit))
        else:
            workers[conn][1] = None
            conn.send(None)

    try:
        for _ in range(min(jobs, len(cases))):
            spawn()
        for conn in list(workers):
            feed(conn)
        while any(w[1] is not None for w in workers.values()):
            busy = [c for c, w in workers.items() if w[1] is not None]
            for conn in wait(busy, timeout=0.5):
                try:
                    index, outcome = conn.recv()
                except EOFError:  # the worker died
                    proc, index, start, _ = workers.pop(conn)
                    done(Outcome(cases[index].id, "exception", "", {}, time.perf_counter() - start,
                                 f"worker process died (exit code {proc.exitcode})"))
                    spawn()
                    feed(list(workers)[-1])
                    continue
                done(outcome)
                feed(conn)
            now = time.perf_counter()
            for conn, (proc, index, start, hard) in list(workers.items()):
                if index is not None and now - start > hard:
                    proc.kill()
                    proc.join()
                    del workers[conn]
                    done(Outcome(cases[index].id, "timeout", "", {}, now - start,
                                 f"killed after {hard:.0f} s"))
                    spawn()
                    feed(list(workers)[-1])
    finally:
        for conn, (proc, *_) in workers.items():
            if proc.is_alive():
                try:
                    conn.send(None)
                except (BrokenPipeError, OSError):
                    pass
        for conn, (proc, *_) in workers.items():
            proc.join(timeout=5)
            if proc.is_alive():
                proc.kill()
                proc.join()
        _CASES.clear()
    return results


def _counterexample_problem(case, point) -> str | None:
    """Why ``point`` does not refute ``case`` ("outside the domain" or a wrong refutation), or None."""
    from dataclasses import replace

    reason = exact.in_domain(case, point)
    if reason is not None:
        if case.domain == "unit" and exact.in_domain(replace(case, domain="positive"), point) is None:
            return "outside the domain"
        return "wrong refutation"
    try:
        holds = exact.holds_at(case, point)
    except Exception:  # noqa: BLE001 - an evaluation the suite cannot do leaves the refutation unconfirmed
        holds = None
    return "wrong refutation" if holds else None


def judge(case, outcome: Outcome) -> str:
    """The judgement (one of :data:`JUDGEMENTS`) of ``outcome`` on ``case``."""
    status = outcome.status
    if status in ("exception", "timeout", "unknown"):
        return status
    if case.truth:
        return "proven" if status == "proven" else "wrong refutation"
    if status == "proven":
        return "false proof"
    point = {_symbol(case, k): sympy.sympify(v) for k, v in outcome.counterexample.items()}
    return _counterexample_problem(case, point) or "refuted"


def _symbol(case, key):
    """The case's free symbol that ``key`` (a symbol or its name) names."""
    for s in case.free_symbols:
        if s == key:
            return s
    return key
