"""Run many claims, optionally in parallel worker processes."""

from __future__ import annotations

import multiprocessing
import os
import sys
import threading
import time
from typing import Iterable, Iterator

from .._validation import InvalidParameterError
from .claims import Claim, Definition, Result

__all__ = ["run_claims", "default_jobs", "jobs_option"]

# The work of the current parallel run, inherited by the forked workers.
_WORK: list = []


def default_jobs() -> int:
    """Worker processes to use by default: the CPUs this process may run on, at most 4."""
    try:
        n = len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        n = os.cpu_count() or 1
    return max(1, min(n, 4))


def jobs_option(value, *, option: str = "jobs") -> int:
    """``value`` (an int or its text, as an option gives it) as a number of worker processes, at least 1."""
    try:
        n = int(value) if not isinstance(value, (bool, float)) else 0
    except (TypeError, ValueError):
        n = 0
    if n < 1:
        raise InvalidParameterError.of(option, "run_claims", "a positive whole number of worker processes", value)
    return n


def _run(item: Claim | Definition, timeout: float | None) -> Result:
    start = time.perf_counter()
    claim = item if isinstance(item, Claim) else item.build()
    r = claim.run(timeout=timeout)
    return Result(claim, r.status, time.perf_counter() - start, r.verdict, r.error)


def _run_one(job: tuple[int, float | None]) -> tuple:
    # Only an index crosses to the worker: a derivation function need not be picklable. The built
    # claim comes back (it is data), so the parent need not run its derivation again.
    index, timeout = job
    r = _run(_WORK[index], timeout)
    return index, r.claim, r.status, r.seconds, r.verdict, r.error


def run_claims(claims: Iterable[Claim | Definition], *, jobs: int = 1, timeout: float | None = None) -> Iterator[Result]:
    """Yield each claim's result, in the given order.

    ``claims`` holds :class:`Claim` objects or, from
    :attr:`Proof.definitions`, claims whose derivations have not run yet:
    those run in the workers too. ``timeout`` overrides each claim's own
    budget for its check. With ``jobs > 1`` the claims run in forked worker
    processes (POSIX only); each worker's main thread keeps the signal-based
    time budget.
    """
    jobs = jobs_option(jobs)
    claims = list(claims)
    # Forking a process that runs other Python threads can deadlock (and warns on 3.12+).
    can_fork = ("fork" in multiprocessing.get_all_start_methods() and sys.platform != "win32"
                and threading.active_count() == 1)
    if jobs <= 1 or len(claims) <= 1 or not can_fork:
        for item in claims:
            yield _run(item, timeout)
        return
    _WORK[:] = claims
    ctx = multiprocessing.get_context("fork")
    try:
        with ctx.Pool(processes=min(jobs, len(claims))) as pool:
            for index, claim, *fields in pool.imap(_run_one, [(i, timeout) for i in range(len(claims))], chunksize=1):
                item = claims[index]
                if isinstance(item, Definition):
                    item.remember(claim)
                yield Result(claim, *fields)
    finally:
        _WORK.clear()
