"""Check claims, the built-in ones and yours, and report each verdict against the expected one.

``symmetric verify [PATH ...] [ID ...]``: every PATH (a proof script or a
folder of them) is added to the built-in claims (``--no-builtin`` checks
only yours); IDs (or prefixes such as ``f_beta.``) select claims. An
argument is a PATH when it names an existing file or folder, contains a
``/`` or ends in ``.py``; paths, ids and options go in any order. Exit
status: 0 when every claim gets its expected verdict, 1 when one does not (with
``--require-certificate``, also when a "proven" proof carries no certificate the kernel re-checked)
(a claim whose worker process died is an error), 2 for a usage error (a bad
option, a PATH that does not exist or holds no proof, no claims at all, an
unknown ID), 128 + the signal's number after Ctrl-C or SIGTERM (the summary
then names the claims that were cut).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import shlex
import signal
import sys
import time
import traceback
from pathlib import Path
from types import SimpleNamespace

from .._validation import InvalidParameterError

PROG = "symmetric verify"

# SymPy sizes its caches once, when it is imported (here, by the command's first import of the engine): the checks
# reuse far more than its default of 1000 results per function, and 20000 saves about 6 % of the CPU of the
# built-in claims (docs/performance.md). A size the user set is kept.
os.environ.setdefault("SYMPY_CACHE_SIZE", "20000")


def _jobs(text: str) -> int:
    from ..verify.claims.runner import jobs_option

    try:
        return jobs_option(text)
    except InvalidParameterError:
        raise argparse.ArgumentTypeError(f"must be a positive whole number of worker processes; got {text!r}") from None


def _seconds(text: str) -> float:
    try:
        x = float(text)
    except ValueError:
        x = math.nan
    if not (x > 0 and math.isfinite(x)):
        raise argparse.ArgumentTypeError(f"must be a positive number of seconds; got {text!r}")
    return x


def _memory(text: str) -> int | None:
    from ..verify.claims.runner import memory_limit_option

    try:
        return memory_limit_option(text)
    except InvalidParameterError:
        raise argparse.ArgumentTypeError(f"must be a size such as 512M or 4G, 'none' or 'auto'; got {text!r}") from None


def _output_file(text: str) -> str:
    """An output path whose folder exists and is writable, checked before any work starts."""
    path = Path(text)
    folder = path.parent
    if path.is_dir():
        raise argparse.ArgumentTypeError(f"{text!r} is a folder; give a file name")
    if not folder.is_dir():
        raise argparse.ArgumentTypeError(f"the folder {str(folder)!r} of {text!r} does not exist")
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise argparse.ArgumentTypeError(f"{text!r} is not writable")
    return text


def _cache_folder(text: str) -> str:
    """A folder for the verdict cache: one that exists, or whose parent does (it is made), writable."""
    path = Path(text)
    if path.exists() and not path.is_dir():
        raise argparse.ArgumentTypeError(f"{text!r} is a file; give a folder")
    existing = path if path.exists() else path.parent
    while not existing.exists() and existing != existing.parent:
        existing = existing.parent
    if not os.access(existing, os.W_OK):
        raise argparse.ArgumentTypeError(f"{text!r} is not writable")
    return text


def add_arguments(p) -> None:
    p.usage = f"{PROG} [PATH ...] [ID ...] [options], in any order"
    p.add_argument(
        "targets",
        nargs="*",
        metavar="PATH|ID",
        help="proof scripts or folders of them, added to the built-in claims; claim ids or prefixes "
        "such as 'f_beta.' to select claims (default: all)",
    )
    p.add_argument(
        "--no-builtin",
        action="store_true",
        help="check only the claims of the PATHs, not the package's nor those of installed packages",
    )
    p.add_argument("--json", action="store_true", help="print only JSON: a list of results (with --list: of claims)")
    p.add_argument("--junit", metavar="FILE", type=_output_file, help="also write the results as JUnit XML")
    p.add_argument(
        "--report", metavar="FILE", type=_output_file, help="also write every claim with its derivation as Markdown"
    )
    p.add_argument("--jobs", type=_jobs, default=None, metavar="N", help="worker processes (default: CPUs, at most 4)")
    p.add_argument(
        "--timeout",
        type=_seconds,
        default=None,
        metavar="SECONDS",
        help="seconds for each claim's check (default: each claim's own)",
    )
    p.add_argument(
        "--memory-limit",
        type=_memory,
        default=None,
        metavar="SIZE",
        help="memory each worker process may add, such as 512M or 4G (Linux; 'none' for no bound; "
        "default: 4G, or the machine's memory shared among the workers when less); a claim over "
        "it is an error",
    )
    p.add_argument(
        "--cache",
        metavar="DIR",
        type=_cache_folder,
        default=None,
        help="read the verdict of each claim whose source, engine and dependencies are unchanged from DIR "
        "instead of checking it, and keep every proven or refuted verdict there (made when missing)",
    )
    p.add_argument("--list", action="store_true", help="list the claims (id, expected verdict, source) and exit")
    p.add_argument(
        "--require-certificate",
        action="store_true",
        help="count a 'proven' claim whose proof the certificate kernel did not re-check as a failure",
    )


def _split(targets) -> tuple[list[str], list[str]]:
    paths: list[str] = []
    ids: list[str] = []
    for t in targets:
        (paths if ("/" in t or os.sep in t or t.endswith(".py") or Path(t).exists()) else ids).append(t)
    return paths, ids


def _fail(message: str, cause: BaseException | None = None) -> int:
    print(f"{PROG}: {message}", file=sys.stderr)
    if cause is not None:
        print(
            "".join(traceback.format_exception(type(cause), cause, cause.__traceback__, limit=-4)).rstrip(),
            file=sys.stderr,
        )
    return 2


class _Progress:
    """``[done/total] seconds, waiting for ID`` on stderr, only when it is a terminal; cleared before other output."""

    def __init__(self, total: int, stream=None) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.total = total
        self.start = time.perf_counter()
        isatty = getattr(self.stream, "isatty", None)
        self.enabled = bool(isatty and isatty())
        self.shown = False

    def update(self, done: int, waiting: str) -> None:
        if self.enabled:
            text = f"[{done}/{self.total}] {time.perf_counter() - self.start:.0f} s, waiting for {waiting}"
            self.stream.write("\r\x1b[K" + text[:100])
            self.stream.flush()
            self.shown = True

    def clear(self) -> None:
        if self.shown:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
            self.shown = False


def _command(args, paths) -> str:
    words = ["symmetric", "verify", *paths]
    if args.no_builtin:
        words.append("--no-builtin")
    if args.timeout is not None:
        words += ["--timeout", f"{args.timeout:g}"]
    words += ["--report", args.report]
    return shlex.join(words)


def _line(r, width: int) -> str:
    mark = "ok " if r.ok else "BAD"
    seconds = " cached" if r.cached else f"{r.seconds:6.2f}s"
    line = f"{mark} {r.claim.id:<{width}}  {r.status:<8} expected {r.claim.expected:<8} {seconds}  {r.method}"
    if r.counterexample_text:
        line += f"  counterexample: {r.counterexample_text}"
    return line


def _print_result(r, width: int) -> None:
    from ..verify.claims.report import failure_text

    print(_line(r, width), flush=True)
    if not r.ok:
        print("    " + failure_text(r).replace("\n", "\n    "), flush=True)


def run(args) -> int:
    """Run ``symmetric verify``; after Ctrl-C or SIGTERM, the summary of what finished and which claims were cut
    (the workers are stopped), with the exit status 128 + the signal's number."""
    state = SimpleNamespace(
        items=[], results={}, finished={}, width=0, jobs=0, start=time.perf_counter(), progress=None, runs=None
    )
    from ..verify.claims.workers import StopSignals

    with StopSignals() as interrupt:
        try:
            return _verify(args, state)
        except KeyboardInterrupt:
            state.runs is None or state.runs.close()  # stops the workers now, before the summary
            return _interrupted(args, state, interrupt.signum or signal.SIGINT)
        finally:
            state.runs is None or state.runs.close()


def _interrupted(args, state, signum: int) -> int:
    if state.progress is not None:
        state.progress.clear()
    elapsed = time.perf_counter() - state.start
    finished = [state.finished[d.id] for d in state.items if d.id in state.finished]
    cut = [d.id for d in state.items if d.id not in state.finished]
    bad = [r.claim.id for r in finished if not r.ok]
    out = sys.stdout
    if not args.json:  # the claims that finished after one still running when the run was cut
        for r in finished:
            if r.claim.id not in state.results:
                _print_result(r, state.width)
    if args.json:
        print(json.dumps([r.to_json() for r in finished], indent=1), flush=True)
        out = sys.stderr
    name = signal.Signals(signum).name
    if not state.items:
        print(f"{PROG}: interrupted by {name} after {elapsed:.1f} s, before any claim ran", file=out, flush=True)
        return 128 + signum
    counts = {s: sum(1 for r in finished if r.status == s) for s in ("proven", "refuted", "unknown", "error")}
    print(
        f"\ninterrupted by {name} after {elapsed:.1f} s with {state.jobs} job(s): {len(finished)} of "
        f"{len(state.items)} claims finished ("
        + ", ".join(f"{n} {s}" for s, n in counts.items())
        + f"; {len(finished) - len(bad)} as expected, {len(bad)} not), {len(cut)} cut",
        file=out,
    )
    if bad:
        print("not as expected: " + ", ".join(bad), file=out)
    if cut:
        print("cut: " + ", ".join(cut), file=out)
    out.flush()
    return 128 + signum


def _verify(args, state) -> int:
    from ..verify.claims.registry import definitions, is_proof_script, load_proofs, select_claims, selects
    from ..verify.claims.report import junit_xml, markdown_report
    from ..verify.claims.runner import default_jobs, run_claims

    paths, ids = _split(args.targets)
    for p in paths:
        if not Path(p).exists():
            return _fail(f"{p}: no such file or folder")
    if args.no_builtin and not paths:
        return _fail("--no-builtin checks only the claims of the PATHs given, and none is")
    cache = None
    if args.cache is not None:
        from ..verify.claims.cache import VerdictCache

        try:
            cache = VerdictCache(args.cache)
        except (InvalidParameterError, OSError) as exc:
            return _fail(f"--cache {args.cache}: {exc}")
    try:
        proofs = [] if args.no_builtin else load_proofs(builtin=True, cache=cache)
        for p in paths:
            if Path(p).is_dir() and not any(map(is_proof_script, Path(p).iterdir())):
                return _fail(
                    f"{p}: a folder with no proof scripts (*.py files, except conftest.py and names starting with _)"
                )
            found = load_proofs(p, builtin=False, cache=cache)
            if not any(proof.ids for proof in found):
                return _fail(f"{p}: no claims found (its proofs register none)")
            proofs += found
        proofs = load_proofs(*proofs, builtin=False)  # each proof once, even when two PATHs overlap
        items = definitions(proofs)
    except InvalidParameterError as exc:  # load_claims' errors about its sources, told in the command's terms
        told = f"PATHs must be {exc.allowed}. Got {exc.got!r} instead." if exc.param == "sources" else str(exc)
        return _fail(told, exc.__cause__)
    if not items:
        return _fail("no claims found")
    unknown = [i for i in ids if not any(selects(i, d.id) for d in items)]
    if unknown:
        return _fail(f"{unknown[0]!r} is neither a file or folder nor the id (or prefix) of a loaded claim")
    items = select_claims(items, ids)
    if args.report and ids:
        return _fail("--report covers every claim; do not name ids with it")
    if args.list:
        if args.json:
            print(json.dumps([d.build().to_dict() for d in items], indent=1))
        else:
            for d in items:
                print(f"{d.id}\t{d.expected}\t{d.source}")
        return 0
    jobs = args.jobs or default_jobs()
    progress = _Progress(len(items))
    start = time.perf_counter()
    results: dict = {}
    width = max(len(d.id) for d in items)
    state.items, state.results, state.jobs, state.progress, state.width = items, results, jobs, progress, width
    progress.update(0, items[0].id)
    state.runs = runs = run_claims(
        items,
        jobs=jobs,
        timeout=args.timeout,
        memory_limit=args.memory_limit,
        finished=state.finished,
        cache=cache,
        data=args.json,
    )
    for r in runs:
        results[r.claim.id] = r
        if not args.json:
            progress.clear()
            _print_result(r, width)
        if len(results) < len(items):
            progress.update(len(results), items[len(results)].id)
    progress.clear()
    elapsed = time.perf_counter() - start
    ordered = [results[d.id] for d in items]
    bad = [
        r.claim.id
        for r in ordered
        if not r.ok or (args.require_certificate and r.status == "proven" and not r.certificates)
    ]
    if args.json:
        print(json.dumps([r.to_json() for r in ordered], indent=1))
    else:
        counts = {s: sum(1 for r in ordered if r.status == s) for s in ("proven", "refuted", "unknown", "error")}
        print(
            f"\n{len(ordered)} claims: "
            + ", ".join(f"{n} {s}" for s, n in counts.items())
            + f"; {len(ordered) - len(bad)} as expected, {len(bad)} not; {elapsed:.1f} s with {jobs} job(s)"
            + (f"; {cache.hits} read from the cache, {cache.misses} checked" if cache is not None else "")
        )
        if bad:
            print("not as expected: " + ", ".join(bad))
    if args.junit:
        Path(args.junit).write_text(junit_xml(ordered, seconds=elapsed), encoding="utf-8")
    if args.report:
        Path(args.report).write_text(markdown_report(proofs, results, command=_command(args, paths)), encoding="utf-8")
    return 1 if bad else 0
