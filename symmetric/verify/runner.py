"""Run many claims, optionally in parallel worker processes."""

from __future__ import annotations

import multiprocessing
import os
import sys
import threading
from typing import Iterable, Iterator

from .claims import Claim, Result

__all__ = ["run_claims", "default_jobs"]

_CLAIMS: dict[str, Claim] = {}


def default_jobs() -> int:
    """Worker processes to use by default: the CPUs this process may run on, at most 4."""
    try:
        n = len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        n = os.cpu_count() or 1
    return max(1, min(n, 4))


def _run_one(claim_id: str) -> tuple:
    # The claim itself stays behind: its derivation function need not be picklable.
    r = _CLAIMS[claim_id].run()
    return claim_id, r.status, r.seconds, r.statement, r.verdict, r.steps, r.error


def run_claims(claims: Iterable[Claim], *, jobs: int = 1) -> Iterator[Result]:
    """Yield each claim's result, in the given order.

    With ``jobs > 1`` the claims run in forked worker processes (POSIX only);
    each worker's main thread keeps the signal-based time budget.
    """
    claims = list(claims)
    # Forking a process that runs other Python threads can deadlock (and warns on 3.12+).
    can_fork = ("fork" in multiprocessing.get_all_start_methods() and sys.platform != "win32"
                and threading.active_count() == 1)
    if jobs <= 1 or len(claims) <= 1 or not can_fork:
        for claim in claims:
            yield claim.run()
        return
    _CLAIMS.clear()
    _CLAIMS.update({c.id: c for c in claims})
    ctx = multiprocessing.get_context("fork")
    with ctx.Pool(processes=min(jobs, len(claims)), maxtasksperchild=None) as pool:
        for claim_id, *fields in pool.imap(_run_one, [c.id for c in claims], chunksize=1):
            yield Result(_CLAIMS[claim_id], *fields)
