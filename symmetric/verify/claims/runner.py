"""Run many claims, optionally in parallel worker processes."""

from __future__ import annotations

import multiprocessing
import os
import sys
import threading
import time
from typing import Iterable, Iterator

from ..._validation import InvalidParameterError
from .proof import Claim, Definition, Result

__all__ = ["run_claims", "default_jobs", "jobs_option", "dispatch_order", "dispatch_chunks"]

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
    return Result(claim, r.status, time.perf_counter() - start, r.verdict, r.error, r.step_verdicts)


def _run_chunk(job: tuple[list[int], float | None]) -> list[tuple]:
    # Only indices cross to the worker: a derivation function need not be picklable. The built
    # claims come back (they are data), so the parent need not run their derivations again.
    indices, timeout = job
    out = []
    for index in indices:
        r = _run(_WORK[index], timeout)
        out.append((index, r.claim, r.status, r.seconds, r.verdict, r.error, r.step_verdicts))
    return out


def dispatch_order(claims: list) -> list[int]:
    """Indices of ``claims`` in the order the workers take them: the largest time budget first.

    A claim's own budget (``timeout``) is its author's estimate of its cost;
    starting the expensive ones first keeps a slow claim from starting last
    and leaving one worker busy while the others idle. Ties keep the given
    order.

    >>> from types import SimpleNamespace as C
    >>> dispatch_order([C(timeout=20), C(timeout=60), C(timeout=20), C(timeout=60)])
    [1, 3, 0, 2]
    """
    return sorted(range(len(claims)), key=lambda i: -float(getattr(claims[i], "timeout", 0) or 0))


def dispatch_chunks(order: list[int], jobs: int, *, largest: int = 8) -> list[list[int]]:
    """``order`` cut into the consecutive runs a worker takes at once, shrinking towards the end.

    Claims next to each other in the registry mostly come from one proof and
    share its derivations and SymPy's caches: one worker checking a run of
    them warms those once instead of in every worker (about 5 % of the CPU of
    ``symmetric verify`` on two workers). The runs shrink to single claims
    towards the end (a quarter of what is left per worker, at most
    ``largest``), so that no worker idles while another finishes a long run.

    >>> [len(c) for c in dispatch_chunks(list(range(40)), 2)]
    [5, 4, 3, 3, 3, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]
    """
    chunks, start = [], 0
    while start < len(order):
        size = max(1, min(largest, (len(order) - start) // (4 * jobs)))
        chunks.append(order[start:start + size])
        start += size
    return chunks


def run_claims(claims: Iterable[Claim | Definition], *, jobs: int = 1, timeout: float | None = None) -> Iterator[Result]:
    """Yield each claim's result, in the given order.

    ``claims`` holds :class:`Claim` objects or, from
    :attr:`Proof.definitions`, claims whose derivations have not run yet:
    those run in the workers too. ``timeout`` overrides each claim's own
    budget for its check. With ``jobs > 1`` the claims run in forked worker
    processes (POSIX only), the most expensive first (:func:`dispatch_order`), in runs of
    neighbouring claims (:func:`dispatch_chunks`);
    each worker's main thread keeps the signal-based time budget.
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
    done: dict[int, Result] = {}
    following = 0  # the next index to yield
    try:
        with ctx.Pool(processes=min(jobs, len(claims))) as pool:
            work = [(chunk, timeout) for chunk in dispatch_chunks(dispatch_order(claims), jobs)]
            for batch in pool.imap_unordered(_run_chunk, work, chunksize=1):
                for index, claim, *fields in batch:
                    item = claims[index]
                    if isinstance(item, Definition):
                        item.remember(claim)
                    done[index] = Result(claim, *fields)
                while following in done:
                    yield done.pop(following)
                    following += 1
    finally:
        _WORK.clear()
