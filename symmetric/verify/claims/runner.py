"""Run many claims, optionally in parallel worker processes."""

from __future__ import annotations

import contextlib
import functools
import multiprocessing
import os
import re
import sys
import threading
import time
from typing import Generator, Iterable, cast

from ..._constraints import Constraint, declare
from ..._validation import InvalidParameterError
from .proof import Claim, Definition, Result
from .workers import run_in_workers

__all__ = [
    "default_jobs",
    "default_memory_limit",
    "dispatch_chunks",
    "dispatch_order",
    "JOBS",
    "MEMORY_LIMIT_OPTION",
    "jobs_option",
    "memory_limit_option",
    "run_claims",
]

#: The most memory :func:`default_memory_limit` gives one worker.
MEMORY_LIMIT = 4 * 2**30

_SIZE = re.compile(r"^\s*(\d+(?:\.\d*)?|\.\d+)\s*([KMGT])(?:i?B)?\s*$", re.IGNORECASE)


def default_jobs() -> int:
    """Worker processes to use by default: the CPUs this process may run on, at most 4."""
    try:
        n = len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        n = os.cpu_count() or 1
    return max(1, min(n, 4))


class _Converted(Constraint):
    """An option given as a value or as its text (from a command line): ``convert`` returns the value, or
    ``rejected`` (None) for a bad one."""

    converts = True
    rejected: object = None

    def __init__(self, allowed: str, convert, invalid: tuple):
        self._allowed, self._convert, self._invalid = allowed, convert, invalid

    def is_satisfied_by(self, value) -> bool:
        return self._convert(value) is not self.rejected

    def check(self, value, *, name: str, func: str, error=InvalidParameterError, note: str = ""):
        converted = self._convert(value)
        if converted is self.rejected:
            raise error.of(name, func, self.allowed + note, value)
        return converted

    def invalid_values(self) -> tuple:
        return self._invalid


def _jobs(value) -> int | None:
    try:
        n = int(value) if not isinstance(value, (bool, float)) else 0
    except (TypeError, ValueError):
        n = 0
    return n if n >= 1 else None


#: ``jobs`` of :func:`run_claims`: worker processes, an int or its text.
JOBS = _Converted("a positive whole number of worker processes", _jobs, invalid=(0, -1, 1.5, True, "two", None))


def jobs_option(value, *, option: str = "jobs") -> int:
    """``value`` (an int or its text, as an option gives it) as a number of worker processes, at least 1 (:data:`JOBS`)."""
    return JOBS.check(value, name=option, func="run_claims")


def default_memory_limit(jobs: int = 1) -> int:
    """Bytes each of ``jobs`` workers may add to its data: 4 GiB, or the machine's memory shared among them when less.

    The checks of the package's own claims take under 200 MiB each; the
    bound is there to turn a runaway derivation into an error instead of a
    machine brought down (or a CI job killed by the kernel's out-of-memory
    killer, with no word on which claim did it).
    """
    try:
        total = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (AttributeError, ValueError, OSError):  # pragma: no cover - no sysconf
        total = 0
    share = total // max(1, jobs_option(jobs)) if total > 0 else MEMORY_LIMIT
    return min(MEMORY_LIMIT, share)


def _memory_limit(value) -> int | None | bool:
    """The bound in bytes (0: none), None for the default, or False for a value that is none of these."""
    if value is None or (isinstance(value, str) and value.strip().lower() in ("", "auto")):
        return None
    if isinstance(value, str):
        text = value.strip().lower()
        if text in ("none", "0"):
            return 0
        found = _SIZE.match(text)
        size = int(float(found[1]) * 2 ** (10 * "kmgt".index(found[2].lower()) + 10)) if found else -1
    elif isinstance(value, int) and not isinstance(value, bool):
        size = value
    else:
        size = -1
    return False if size < 0 or (isinstance(value, str) and size < 2**20) else size


class _MemoryLimit(_Converted):
    """``memory_limit``: None (the default) is a valid value, so a bad one converts to ``False``."""

    rejected = False


#: ``memory_limit`` of :func:`run_claims`: bytes, text with binary units, "none" or "auto" (:func:`memory_limit_option`).
MEMORY_LIMIT_OPTION = _MemoryLimit(
    "a size such as '512M' or '4G' (at least 1M), 'none' or 'auto'", _memory_limit, invalid=("4X", -1, "10K", 1.5)
)


def memory_limit_option(value, *, option: str = "memory_limit") -> int | None:
    """``value`` as a memory bound in bytes: 0 for none, None for the default (:func:`default_memory_limit`).

    Text takes binary units: ``"512M"``, ``"4G"``, ``"1.5GiB"``; ``"none"``
    (or ``"0"``) lifts the bound, ``"auto"`` (or None, or ``""``) keeps the
    default. A number is bytes.

    >>> memory_limit_option("512M"), memory_limit_option("2GiB"), memory_limit_option("none"), memory_limit_option("auto")
    (536870912, 2147483648, 0, None)
    """
    return MEMORY_LIMIT_OPTION.check(value, name=option, func="run_claims")


def _run(item: Claim | Definition, timeout: float | None) -> Result:
    start = time.perf_counter()
    claim = item if isinstance(item, Claim) else item.build()
    r = claim.run(timeout=timeout)
    return Result(claim, r.status, time.perf_counter() - start, r.verdict, r.error, r.step_verdicts)


def _fields(item: Claim | Definition, timeout: float | None) -> tuple:
    # What crosses from a worker: the built claim comes back (it is data), so the parent need not run its
    # derivation again; a derivation function need not be picklable, since only indices go to the worker.
    r = _run(item, timeout)
    return r.claim, r.status, r.seconds, r.verdict, r.error, r.step_verdicts


def _failed(item: Claim | Definition, seconds: float, error: str) -> Result:
    """The result of a claim whose worker died: an error, with the claim as far as the parent knows it."""
    if isinstance(item, Claim):
        return Result(item, "error", seconds, None, error)
    claim = Claim(
        item.id,
        item.sentence,
        None,
        None,
        item.relation or "==",
        item.conditions,
        source=item.source,
        expected=item.expected,
        timeout=item.timeout,
        proof=item.proof,
        origin=item.origin,
        error=error,
    )
    return Result(claim, "error", seconds, None, error)


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
        chunks.append(order[start : start + size])
        start += size
    return chunks


@declare(jobs=JOBS, memory_limit=MEMORY_LIMIT_OPTION)
def run_claims(
    claims: Iterable[Claim | Definition],
    *,
    jobs: int = 1,
    timeout: float | None = None,
    memory_limit: int | str | None = None,
    finished: dict | None = None,
) -> Generator[Result, None, None]:
    """Yield each claim's result, in the given order.

    ``claims`` holds :class:`Claim` objects or, from
    :attr:`Proof.definitions`, claims whose derivations have not run yet:
    those run in the workers too. ``timeout`` overrides each claim's own
    budget for its check. The claims run in forked worker processes (POSIX
    only), ``jobs`` of them; with ``jobs > 1`` the most expensive first
    (:func:`dispatch_order`), in runs of neighbouring claims
    (:func:`dispatch_chunks`). Each worker's main thread keeps the
    signal-based time budget; a worker's data may grow by at most
    ``memory_limit`` (:func:`memory_limit_option`; default
    :func:`default_memory_limit`). A claim whose worker dies (a signal, an
    exit code) or hangs in C code far past its budget gets an "error" naming
    the cause, and a new worker takes the other claims
    (:mod:`symmetric.verify.claims.workers`). Closing the iterator, or an exception
    such as KeyboardInterrupt while it waits, stops every worker. ``finished``,
    when given, receives claim id -> result as soon as each claim finishes,
    also those the ordered iteration has not reached when it is interrupted.

    Where a process cannot fork (Windows, or other Python threads running:
    forking then can deadlock) the claims run in this process, unprotected.
    """
    # jobs and memory_limit were resolved by the declaration (JOBS, MEMORY_LIMIT_OPTION): an int, an int or None
    limit = default_memory_limit(jobs) if memory_limit is None else cast(int, memory_limit)
    claims = list(claims)
    can_fork = (
        "fork" in multiprocessing.get_all_start_methods() and sys.platform != "win32" and threading.active_count() == 1
    )
    if not claims:
        return
    if not can_fork:
        for item in claims:
            r = _run(item, timeout)
            if finished is not None:
                finished[r.claim.id] = r
            yield r
        return
    if jobs == 1:  # one worker takes the claims in the given order, so that results stream in that order
        chunks = [list(range(len(claims)))]
    else:
        chunks = dispatch_chunks(dispatch_order(claims), jobs)
    done: dict[int, Result] = {}
    following = 0  # the next index to yield
    runs = run_in_workers(
        claims,
        chunks,
        jobs=min(jobs, len(chunks)),
        run=functools.partial(_fields, timeout=timeout),
        timeout=timeout,
        memory_limit=limit,
    )
    with contextlib.closing(runs):
        for index, (claim, *fields) in runs:
            item = claims[index]
            if claim is None:
                done[index] = _failed(item, fields[1], fields[3])
            else:
                if isinstance(item, Definition):
                    item.remember(claim)
                done[index] = Result(claim, *fields)
            if finished is not None:
                finished[done[index].claim.id] = done[index]
            while following in done:
                yield done.pop(following)
                following += 1
