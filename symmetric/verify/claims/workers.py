"""Forked worker processes that check claims, and what the parent does when one dies or hangs.

The parent forks each worker after it has loaded the claims (the list
:data:`WORK`, inherited by the fork), hands it runs of indices into that
list over a pipe and reads back, for each claim, a ``"start"`` message and
then its result (pickled by :mod:`.transport`, so that the parent does not
evaluate again the expressions the worker built). A worker is a plain
process the parent watches:

* when it ends while a claim is unfinished (a segfault in a C extension, the
  kernel's out-of-memory killer, ``os._exit`` in a derivation), that claim's
  result is an error naming the exit code or the signal, and a new worker
  takes the rest of the run;
* when a claim runs far past its time budget (stuck in C code, where the
  budget's signal cannot interrupt it) the parent kills the worker
  (:data:`HARD_LIMIT`);
* each worker's data segment may grow by at most a memory bound
  (``resource.RLIMIT_DATA``, on Linux): a claim over it gets ``MemoryError``,
  reported as an error naming the bound, and the worker then retires;
* workers ignore SIGINT and SIGTERM (a Ctrl-C in a terminal reaches the
  whole process group, and so does the SIGTERM of some CI systems: the
  parent decides, reports the claims cut and kills the workers with
  :func:`stop`); they die with the parent (``PR_SET_PDEATHSIG`` on Linux;
  elsewhere quietly at their next message).
"""

from __future__ import annotations

import collections
import gc
import multiprocessing
import multiprocessing.connection
import signal
import sys
import threading
import time
import traceback
import warnings
from collections.abc import Callable, Generator, Iterator

from ..core.sympy_signs import rigorous_numbers
from . import transport

__all__ = [
    "GC_THRESHOLD",
    "HARD_LIMIT",
    "WORK",
    "StopSignals",
    "bound_memory",
    "death_cause",
    "memory_text",
    "run_in_workers",
    "stop",
]

#: The items of the current run, inherited by the forked workers (only indices cross the pipe).
WORK: list = []

#: The garbage collector's thresholds in a worker. Checking claims makes SymPy objects by the million, most of them
#: short-lived and many held by SymPy's caches: with Python's default (700, 10, 10) the collector ran about 950
#: young and 7 full collections in a serial run of the built-in claims, 1.2 of its 25 CPU s; with these, 55 young
#: collections and no full one, 0.5 s (docs/performance.md). The inherited objects are frozen at the fork.
GC_THRESHOLD = (10000, 10, 10)

#: A claim still running ``factor * budget + extra`` seconds after it started is stuck outside Python:
#: its worker is killed. The budget is the claim's derivation time plus its check time.
HARD_LIMIT = (2.0, 10.0)

# Blocked in the parent while it forks a worker, until the worker has set its own handlers.
_STOPPING = {signal.SIGINT, signal.SIGTERM}


class StopSignals:
    """While active (``with StopSignals() as caught:``), SIGINT and SIGTERM raise KeyboardInterrupt once and
    ``caught.signum`` tells which; a second signal waits for the first one's cleanup.

    Only in the main thread; a signal ignored on entry (a background job's
    SIGINT) stays ignored. The command line and the pytest plugin use it
    around a run, so that SIGTERM, too, stops the workers and leaves a summary.
    """

    def __init__(self) -> None:
        self.signum: int | None = None
        self.previous: dict = {}

    def __enter__(self):
        if threading.current_thread() is threading.main_thread():
            for sig in (signal.SIGINT, signal.SIGTERM):
                if signal.getsignal(sig) is not signal.SIG_IGN:
                    self.previous[sig] = signal.signal(sig, self._handle)
        return self

    def _handle(self, signum, frame):
        if self.signum is None:
            self.signum = signum
            raise KeyboardInterrupt

    def __exit__(self, *exc) -> None:
        for sig, handler in self.previous.items():
            signal.signal(sig, handler)
        self.previous.clear()


def memory_text(size: int) -> str:
    """``size`` bytes in binary units, as options take them.

    >>> memory_text(4 * 2**30), memory_text(300 * 2**20), memory_text(1536 * 2**20)
    ('4 GiB', '300 MiB', '1.5 GiB')
    """
    for unit, scale in (("GiB", 2**30), ("MiB", 2**20), ("KiB", 2**10)):
        if size >= scale:
            return f"{size / scale:.4g} {unit}"
    return f"{size} B"


def death_cause(exitcode: int | None) -> str:
    """How a worker ended, from :attr:`multiprocessing.Process.exitcode` (negative: the signal).

    >>> death_cause(-9), death_cause(3)
    ('ended by signal 9 (SIGKILL)', 'ended with exit code 3')
    """
    if exitcode is not None and exitcode < 0:
        try:
            name = f" ({signal.Signals(-exitcode).name})"
        except ValueError:  # pragma: no cover - a signal Python does not name
            name = ""
        return f"ended by signal {-exitcode}{name}"
    return f"ended with exit code {exitcode}"


def _data_size() -> int:
    """The data segment of this process (``VmData``, bytes) on Linux, else 0."""
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmData:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return 0


def bound_memory(limit: int) -> bool:
    """Let this process's data segment grow by at most ``limit`` bytes; False where the platform cannot.

    Linux counts every private writable mapping in ``RLIMIT_DATA`` (since
    4.7): what ``malloc`` and Python's allocator take. The bound is set above
    what the process holds already (a worker inherits its parent's memory).
    Elsewhere ``RLIMIT_DATA`` does not cover ``mmap`` and ``RLIMIT_AS`` counts
    reserved address space, so nothing is bounded there.
    """
    if not sys.platform.startswith("linux"):
        return False
    try:
        import resource

        hard = resource.getrlimit(resource.RLIMIT_DATA)[1]
        target = _data_size() + limit
        if hard != resource.RLIM_INFINITY:
            target = min(target, hard)
        resource.setrlimit(resource.RLIMIT_DATA, (target, hard))
        return True
    except (ImportError, ValueError, OSError):  # pragma: no cover - a platform without the limit
        return False


def _die_with_parent() -> None:
    """Ask Linux to send SIGKILL to this process when its parent dies (``prctl(PR_SET_PDEATHSIG)``)."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, int(signal.SIGKILL), 0, 0, 0)  # 1: PR_SET_PDEATHSIG
    except (OSError, AttributeError):  # pragma: no cover
        pass


def _over_memory(error: str) -> bool:
    lines = error.strip().splitlines()
    return bool(lines) and "MemoryError" in lines[-1]


def _serve(conn, run: Callable, memory_limit: int) -> None:
    """A worker's loop: take a run of indices, report each claim, until told to stop or the parent is gone."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, _STOPPING)  # blocked by the parent around the fork
    _die_with_parent()
    gc.set_threshold(*GC_THRESHOLD)
    bounded = memory_limit > 0 and bound_memory(memory_limit)
    try:
        while True:
            chunk = conn.recv()
            if chunk is None:
                return
            for index in chunk:
                conn.send_bytes(transport.dumps(("start", index)))
                try:
                    fields = run(WORK[index])
                except BaseException:  # noqa: BLE001 - sys.exit or KeyboardInterrupt raised by a claim
                    fields = (None, "error", 0.0, None, traceback.format_exc(limit=-3))
                # After a MemoryError the heap may stay fragmented near the bound: a fresh worker takes the rest.
                retire = bounded and fields[1] == "error" and _over_memory(fields[4])
                if retire:
                    fields = (
                        *fields[:4],
                        f"over the memory bound of {memory_text(memory_limit)} per worker\n" + fields[4],
                        *fields[5:],
                    )
                try:
                    conn.send_bytes(transport.dumps(("done", index, retire, *fields)))
                except (BrokenPipeError, EOFError, ConnectionError):
                    raise
                except Exception:  # noqa: BLE001 - a verdict that does not pickle
                    failure = "the result could not be sent to the parent process:\n" + traceback.format_exc(limit=-2)
                    conn.send_bytes(transport.dumps(("done", index, retire, None, "error", fields[2], None, failure)))
                if retire:
                    return
    except (BrokenPipeError, EOFError, ConnectionError, KeyboardInterrupt):
        return  # the parent is gone or stopping us: end quietly


class _Worker:
    """The parent's view of one worker: its process, pipe, unreported indices and the claim it runs.

    Made only by :func:`_start`, with SIGINT and SIGTERM blocked: the child
    must not die of them before it ignores them, and the parent must not be
    interrupted before the worker is in the list it stops.
    """

    def __init__(self, ctx, run: Callable, memory_limit: int) -> None:
        mine, theirs = ctx.Pipe()
        self.conn = mine
        self.process = ctx.Process(
            target=_serve, args=(theirs, run, memory_limit), daemon=True, name="symmetric-claims"
        )
        self.chunk: list[int] = []
        self.running: int | None = None
        self.started = 0.0
        self.retired = False
        self.killed: str = ""
        gc.freeze()  # the worker's garbage collector leaves the inherited objects, and their pages, alone
        try:
            with warnings.catch_warnings(), rigorous_numbers():  # open in the worker for its whole life
                # JAX, once imported, warns at every fork that its own threads could deadlock the child; a
                # worker checks claims with SymPy and mpmath and never calls into JAX.
                warnings.filterwarnings("ignore", message=r"os\.fork\(\) was called", category=RuntimeWarning)
                self.process.start()
        finally:
            gc.unfreeze()
            theirs.close()

    def give(self, chunk: list[int] | None) -> None:
        self.chunk = list(chunk or ())
        self.running = None
        try:
            self.conn.send(chunk)
        except OSError:  # it died meanwhile: its sentinel tells, and the chunk goes to another worker
            pass


def _start(workers: list, ctx, run: Callable, memory_limit: int) -> None:
    """Fork a worker and append it to ``workers``, SIGINT and SIGTERM held back until it is there.

    A stop signal that arrives meanwhile is handled once the mask is lifted,
    with the worker in the list that :func:`stop` kills: a worker outside it
    (it ignores SIGTERM) would hang the parent's exit, which joins it.
    """
    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, _STOPPING)
    try:
        workers.append(_Worker(ctx, run, memory_limit))
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, blocked)


def stop(workers) -> None:
    """Kill ``workers`` (they ignore SIGINT and SIGTERM) and reap them: nothing is left behind."""
    workers = list(workers)
    for w in workers:
        if w.process.exitcode is None:
            w.process.kill()
    for w in workers:
        w.process.join()
        w.conn.close()


def _budget(item, timeout: float | None) -> float:
    """Seconds the item's derivation (when it has not run yet) and check may take."""
    own = float(getattr(item, "timeout", 0) or 0)
    derive = own if hasattr(item, "derive") and getattr(item, "_claim", None) is None else 0.0
    return derive + (own if timeout is None else timeout)


def run_in_workers(
    items: list, chunks: list[list[int]], *, jobs: int, run: Callable, timeout: float | None, memory_limit: int
) -> Generator[tuple, None, None]:
    """Yield ``(index, fields)`` as workers finish claims, ``fields`` being ``run(item)``'s tuple or, for a claim
    whose worker died, ``(None, "error", seconds, None, cause)``.

    ``run(item)`` returns ``(claim, status, seconds, verdict, error, ...)``. The
    caller owns the order; closing the generator (or an exception, such as
    KeyboardInterrupt, inside it) stops every worker.
    """
    ctx = multiprocessing.get_context("fork")
    WORK[:] = items
    queue = collections.deque(chunks)
    workers: list[_Worker] = []
    try:
        while queue or any(w.chunk for w in workers):
            while queue and len(workers) < jobs:
                _start(workers, ctx, run, memory_limit)
                workers[-1].give(queue.popleft())
            now = time.monotonic()
            deadlines = [
                w.started + HARD_LIMIT[0] * _budget(items[w.running], timeout) + HARD_LIMIT[1]
                for w in workers
                if w.running is not None and not w.killed
            ]
            wait = max(0.0, min(deadlines) - now) if deadlines else None
            ready = multiprocessing.connection.wait(
                [w.conn for w in workers] + [w.process.sentinel for w in workers], timeout=wait
            )
            for w in list(workers):
                dead = w.process.sentinel in ready
                if w.conn in ready or dead:
                    yield from _read(w, queue)
                if dead or w.retired:
                    yield from _bury(w, items, queue)
                    workers.remove(w)
            _kill_stuck(workers, items, timeout)
    finally:
        stop(workers)
        WORK.clear()


def _read(w: _Worker, queue) -> Iterator[tuple]:
    """Handle the messages waiting on ``w``'s pipe."""
    while True:
        try:
            if not w.conn.poll():
                return
            message = transport.loads(w.conn.recv_bytes())
        except (EOFError, OSError):
            return
        if message[0] == "start":
            w.running, w.started = message[1], time.monotonic()
            continue
        index, w.retired, fields = message[1], message[2], message[3:]
        if index in w.chunk:
            w.chunk.remove(index)
        w.running = None
        yield index, fields
        if not w.chunk and not w.retired and w.process.is_alive():
            w.give(queue.popleft() if queue else None)


def _bury(w: _Worker, items: list, queue) -> Iterator[tuple]:
    """A worker ended: blame the claim it was running (unless it retired), queue the rest of its run again."""
    w.process.join()
    w.conn.close()
    rest = list(w.chunk)
    w.chunk = []
    if not rest:
        return
    if not w.retired:
        blamed = w.running if w.running in rest else rest[0]
        rest.remove(blamed)
        seconds = time.monotonic() - w.started if w.running == blamed else 0.0
        cause = w.killed or f"the worker process {death_cause(w.process.exitcode)} while it checked this claim"
        yield blamed, (None, "error", seconds, None, cause)
    if rest:
        queue.appendleft(rest)


def _kill_stuck(workers, items, timeout) -> None:
    now = time.monotonic()
    for w in workers:
        if w.running is None or w.killed:
            continue
        budget = _budget(items[w.running], timeout)
        if now >= w.started + HARD_LIMIT[0] * budget + HARD_LIMIT[1]:
            w.killed = (
                f"the claim was still running {now - w.started:.0f} s after it started, past its time budget "
                f"of {budget:g} s (stuck where the budget cannot interrupt it, such as C code): its worker "
                "process was killed"
            )
            w.process.kill()
