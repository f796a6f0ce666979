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
from collections.abc import Generator, Iterable
from typing import cast

from ..._constraints import Constraint, Predicate, declare
from ..._validation import InvalidParameterError
from .cache import VerdictCache
from .proof import Claim, Definition, Result
from .workers import run_in_workers

__all__ = [
    "CACHE",
    "DATA",
    "default_jobs",
    "default_memory_limit",
    "dispatch_chunks",
    "dispatch_order",
    "proof_of",
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

    def __init__(self, allowed: str, convert, invalid: tuple) -> None:
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


def _run(item: Claim | Definition, timeout: float | None, data: bool = False) -> Result:
    start = time.perf_counter()
    claim = item if isinstance(item, Claim) else item.build()
    r = claim.run(timeout=timeout)
    r = Result(claim, r.status, time.perf_counter() - start, r.verdict, r.error, r.step_verdicts)
    return r.with_data(r.to_json()) if data else r


def _fields(item: Claim | Definition, timeout: float | None, data: bool = False) -> tuple:
    # What crosses from a worker: the built claim comes back (it is data), so the parent need not run its
    # derivation again; a derivation function need not be picklable, since only indices go to the worker.
    # With data, the JSON-ready form too, printed here where SymPy printed these expressions before.
    r = _run(item, timeout, data)
    return r.claim, r.status, r.seconds, r.verdict, r.error, r.step_verdicts, r._data


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


def proof_of(claim) -> tuple[str, str]:
    """The group a claim (or a definition) belongs to for dispatching: the file and the name of its proof."""
    return str(getattr(claim, "origin", "") or ""), str(getattr(claim, "proof", "") or "")


def _budget(claim) -> float:
    return float(getattr(claim, "timeout", 0) or 0)


def dispatch_order(claims: list, *, grouped: bool = False) -> list[int]:
    """Indices of ``claims`` in the order the workers take them: the largest time budget first.

    A claim's own budget (``timeout``) is its author's estimate of its cost;
    starting the expensive ones first keeps a slow claim from starting last
    and leaving one worker busy while the others idle. Ties keep the given
    order. With ``grouped``, the claims of one proof (:func:`proof_of`) stay
    together: the proofs in the order of their largest budget, each proof's
    claims by budget.

    >>> from types import SimpleNamespace as C
    >>> dispatch_order([C(timeout=20), C(timeout=60), C(timeout=20), C(timeout=60)])
    [1, 3, 0, 2]
    >>> claims = [C(timeout=20, proof="a"), C(timeout=20, proof="b"), C(timeout=60, proof="b"), C(timeout=20, proof="a")]
    >>> dispatch_order(claims, grouped=True)
    [2, 1, 0, 3]
    """
    if not grouped:
        return sorted(range(len(claims)), key=lambda i: -_budget(claims[i]))
    first: dict = {}
    largest: dict = {}
    for i, c in enumerate(claims):
        group = proof_of(c)
        first.setdefault(group, i)
        largest[group] = max(largest.get(group, 0.0), _budget(c))

    def key(i):
        group = proof_of(claims[i])
        return -largest[group], first[group], -_budget(claims[i]), i

    return sorted(range(len(claims)), key=key)


def dispatch_chunks(order: list[int], jobs: int, *, largest: int = 8, groups: list | None = None) -> list[list[int]]:
    """``order`` cut into the consecutive runs a worker takes at once, shrinking towards the end.

    Claims next to each other in the registry mostly come from one proof and
    share its derivations and SymPy's caches: one worker checking a run of
    them warms those once instead of in every worker. The runs shrink to
    single claims towards the end (a quarter of what is left per worker, at
    most ``largest``), so that no worker idles while another finishes a long
    run.

    With ``groups`` (the group of each claim, by index: its proof,
    :func:`proof_of`), a run never spans two groups and may hold a whole
    group, up to half of what is left per worker: the claims of one proof
    go to one worker until the end draws near (``symmetric verify`` on two
    workers: about 7 % less CPU than runs of 8, which split a proof between
    the workers).

    >>> [len(c) for c in dispatch_chunks(list(range(40)), 2)]
    [5, 4, 3, 3, 3, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]
    >>> [len(c) for c in dispatch_chunks(list(range(40)), 2, groups=["a"] * 30 + ["b"] * 10)]
    [10, 7, 5, 4, 3, 1, 2, 2, 1, 1, 1, 1, 1, 1]
    """
    chunks, start = [], 0
    while start < len(order):
        left = len(order) - start
        if groups is None:
            size = max(1, min(largest, left // (4 * jobs)))
        else:
            size = max(1, left // (2 * jobs))
            group = groups[order[start]]
            same = 1
            while same < size and groups[order[start + same]] == group:
                same += 1
            size = same
        chunks.append(order[start : start + size])
        start += size
    return chunks


#: ``cache`` of :func:`run_claims`: a verdict cache, or None.
CACHE = Predicate(
    "a symmetric.verify.claims.cache.VerdictCache or None",
    lambda v: v is None or isinstance(v, VerdictCache),
    invalid=("cache/", 1),
)
#: ``data`` of :func:`run_claims`: a bool.
DATA = Predicate("True or False", lambda v: isinstance(v, bool), invalid=(1, "yes", None))


@declare(jobs=JOBS, memory_limit=MEMORY_LIMIT_OPTION, cache=CACHE, data=DATA)
def run_claims(
    claims: Iterable[Claim | Definition],
    *,
    jobs: int = 1,
    timeout: float | None = None,
    memory_limit: int | str | None = None,
    finished: dict | None = None,
    cache: VerdictCache | None = None,
    data: bool = False,
) -> Generator[Result, None, None]:
    """Yield each claim's result, in the given order.

    ``claims`` holds :class:`Claim` objects or, from
    :attr:`Proof.definitions`, claims whose derivations have not run yet:
    those run in the workers too. ``timeout`` overrides each claim's own
    budget for its check. The claims run in forked worker processes (POSIX
    only), ``jobs`` of them; with ``jobs > 1`` the proofs holding the most
    expensive claims first (:func:`dispatch_order`), each proof's claims
    in runs that one worker takes (:func:`dispatch_chunks`). Each worker's main thread keeps the
    signal-based time budget; a worker's data may grow by at most
    ``memory_limit`` (:func:`memory_limit_option`; default
    :func:`default_memory_limit`). A claim whose worker dies (a signal, an
    exit code) or hangs in C code far past its budget gets an "error" naming
    the cause, and a new worker takes the other claims
    (:mod:`symmetric.verify.claims.workers`). Closing the iterator, or an exception
    such as KeyboardInterrupt while it waits, stops every worker. ``finished``,
    when given, receives claim id -> result as soon as each claim finishes,
    also those the ordered iteration has not reached when it is interrupted.

    With ``cache`` (:class:`~symmetric.verify.claims.cache.VerdictCache`),
    a claim of a proof (a :class:`Definition`) whose key is in the cache is read from it
    (``Result.cached``) instead of checked, and each proven or refuted result
    checked is kept there. With ``data`` (or a cache), each result's
    :meth:`~symmetric.verify.Result.to_json` is computed in the worker that
    checked it, in parallel, where SymPy has printed its expressions before.

    Where a process cannot fork (Windows, or other Python threads running:
    forking then can deadlock) the claims run in this process, unprotected.
    """
    # jobs and memory_limit were resolved by the declaration (JOBS, MEMORY_LIMIT_OPTION): an int, an int or None
    limit = default_memory_limit(jobs) if memory_limit is None else cast(int, memory_limit)
    claims = list(claims)
    data = data or cache is not None
    done: dict[int, Result] = {}
    keys: dict[int, str] = {}
    if cache is not None:
        memo: dict = {}
        for index, item in enumerate(claims):
            if isinstance(item, Definition):
                keys[index] = key = cache.key(item, {"timeout": timeout}, memo=memo)
                hit = cache.get(item, key)
                if hit is not None:
                    item.remember(hit.claim)
                    done[index] = hit
        cache.hits += len(done)
        cache.misses += len(claims) - len(done)
    pending = [i for i in range(len(claims)) if i not in done]
    for index in pending:  # a definition restored from the cache's record of its script: the script runs here, once
        item = claims[index]
        if isinstance(item, Definition) and item.load is not None and item._claim is None:
            try:
                item.resolved()
            except Exception:  # noqa: BLE001 - reported as the claim's error when it is built
                pass

    def finish(index: int, r: Result) -> None:
        done[index] = r
        if index in keys and cache is not None:
            cache.put(keys[index], r, r._data)
        if finished is not None:
            finished[r.claim.id] = r

    for index in sorted(done):
        if finished is not None:
            finished[done[index].claim.id] = done[index]
    following = 0  # the next index to yield
    while following in done:
        yield done.pop(following)
        following += 1
    if not pending:
        return
    can_fork = (
        "fork" in multiprocessing.get_all_start_methods() and sys.platform != "win32" and threading.active_count() == 1
    )
    if not can_fork:
        for index in pending:
            finish(index, _run(claims[index], timeout, data))
            while following in done:
                yield done.pop(following)
                following += 1
        return
    work = [claims[i] for i in pending]  # the workers' list: position -> index in claims
    if jobs == 1:  # one worker takes the claims in the given order, so that results stream in that order
        chunks = [list(range(len(work)))]
    else:
        order = dispatch_order(work, grouped=True)
        chunks = dispatch_chunks(order, jobs, groups=[proof_of(c) for c in work])
    runs = run_in_workers(
        work,
        chunks,
        jobs=min(jobs, len(chunks)),
        run=functools.partial(_fields, timeout=timeout, data=data),
        timeout=timeout,
        memory_limit=limit,
    )
    with contextlib.closing(runs):
        for position, fields in runs:
            index = pending[position]
            item = claims[index]
            if fields[0] is None:  # (None, "error", seconds, None, cause): the worker died
                finish(index, _failed(item, fields[2], fields[4]))
            else:
                claim, status, seconds, verdict, error, step_verdicts, json_data = fields
                if isinstance(item, Definition):
                    item.remember(claim)
                finish(index, Result(claim, status, seconds, verdict, error, step_verdicts).with_data(json_data))
            while following in done:
                yield done.pop(following)
                following += 1
