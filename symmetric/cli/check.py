"""Check every displayed step of Markdown, LaTeX and notebook documents.

``symmetric check FILE... [--json] [--junit FILE] [--annotate OUT]
[--symbol NAME:ASSUMPTION]... [--strict] [--allow-empty]``: each chain,
sequence of equations and definition of the documents' display math is read
and each step checked (proven, refuted with a counterexample, unknown,
unparsed). A FILE may be a folder (its documents, searched recursively) or a
glob pattern. Paths and options may come in any order. Exit status: 0 when no
step is refuted, 1 when one is (with ``--strict`` also when one is unknown or
unparsed), 2 for a usage error or when a file offers no step to check (one
line per file on stderr: empty, no display math, unreadable, binary, an
unclosed display, a notebook that is not valid JSON; an empty one is allowed
with ``--allow-empty``). ``--json`` always prints one JSON object.
"""

from __future__ import annotations

import argparse
import glob
import json
import sys
from pathlib import Path

from .._validation import InvalidParameterError
from .verify import _output_file, _seconds

PROG = "symmetric check"


def _symbol(text: str) -> tuple[str, str]:
    from ..documents import parse_symbol_option

    try:
        return parse_symbol_option(text)
    except InvalidParameterError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _step_seconds(text: str) -> float:
    from ..documents import OPTIONS

    x = _seconds(text)
    if not OPTIONS["timeout"].is_satisfied_by(x):
        raise argparse.ArgumentTypeError(f"must be {OPTIONS['timeout'].allowed}; got {text!r}")
    return x


def add_arguments(p) -> None:
    from ..verify import DOMAINS

    p.usage = (
        f"{PROG} FILE... [--json] [--junit FILE] [--annotate OUT] [--symbol NAME:ASSUMPTION]... [--strict] "
        "[--allow-empty]"
    )
    p.add_argument(
        "files",
        nargs="+",
        metavar="FILE",
        help="Markdown, Quarto, LaTeX (.tex) or notebook (.ipynb) documents, any text file, a folder of them or "
        "a glob pattern",
    )
    p.add_argument(
        "--json",
        action="store_true",
        help="print only JSON: an object with the steps, definitions, symbols, problems and summary",
    )
    p.add_argument("--junit", metavar="FILE", type=_output_file, help="also write the steps as JUnit XML")
    p.add_argument(
        "--annotate",
        metavar="OUT",
        help="also write the document back with a mark after each display (a folder for several)",
    )
    p.add_argument(
        "--symbol",
        action="append",
        type=_symbol,
        default=[],
        metavar="NAME:ASSUMPTION",
        help="the domain of a name other than the project's (repeatable; a name may have several letters, e.g. "
        "t:real, tpr:real); every other name is a positive real",
    )
    p.add_argument("--strict", action="store_true", help="exit 1 also when a step is unknown or unparsed")
    p.add_argument(
        "--allow-empty",
        action="store_true",
        help="exit 0 (when nothing is refuted) although a file offers no step to check: empty, no display math",
    )
    p.add_argument(
        "--domain",
        choices=DOMAINS,
        default="unit",
        help="'unit': precision P and recall R lie in (0, 1] (default); 'positive': any positive value",
    )
    p.add_argument(
        "--timeout",
        type=_step_seconds,
        default=None,
        metavar="SECONDS",
        help="seconds for each step's check (default 10)",
    )


def expand(files) -> tuple[list[str], list[str]]:
    """The documents the FILE arguments name (a folder's documents, a glob's matches) and the ones missing."""
    from ..documents.reader import SUFFIXES

    found, missing = [], []
    for item in files:
        path = Path(item)
        if path.is_dir():
            found += sorted(str(p) for p in path.rglob("*") if p.is_file() and p.suffix.lower() in SUFFIXES)
        elif path.is_file():
            found.append(item)
        elif glob.has_magic(item):
            matches = sorted(p for p in glob.glob(item, recursive=True) if Path(p).is_file())
            if matches:
                found += matches
            else:
                missing.append(item)
        else:
            missing.append(item)
    return list(dict.fromkeys(found)), missing


def _fail(args, message: str, **data) -> int:
    if args.json:
        print(json.dumps({"error": message, **data}, indent=1))
    print(f"{PROG}: {message}", file=sys.stderr)
    return 2


def run(args) -> int:
    from ..documents import DEFAULT_TIMEOUT, annotate, check_documents
    from ..verify import rigorous_numbers

    files, missing = expand(args.files)
    if missing:
        return _fail(args, f"no such file: {', '.join(missing)}", missing=missing)
    if not files:
        return _fail(args, "no document found in " + ", ".join(args.files))
    if args.annotate is not None:
        out = Path(args.annotate)
        if len(files) > 1 and not out.is_dir():
            return _fail(args, f"--annotate needs an existing folder with several files; got {args.annotate!r}")
        if len(files) == 1 and not out.parent.is_dir():
            return _fail(args, f"the folder of --annotate {args.annotate!r} does not exist")
    options = {"symbols": dict(args.symbol), "domain": args.domain, "timeout": args.timeout or DEFAULT_TIMEOUT}
    with rigorous_numbers():  # the documents' expressions are built as written (docs/soundness.md)
        if args.annotate is not None:
            report = annotate(files, args.annotate, **options)
        else:
            report = check_documents(files, **options)
    if args.json:
        print(json.dumps(report.as_dict(), indent=1, default=str))
    else:
        print(report.text())
    for name, (kind, reason) in report.problems.items():
        print(
            f"{PROG}: {name}: {'no step to check: ' if kind == 'empty' and 'no step' not in reason else ''}"
            f"{reason}" + (" (allowed by --allow-empty)" if kind == "empty" and args.allow_empty else ""),
            file=sys.stderr,
        )
    for warning in report.warnings:
        print(f"{PROG}: warning: {warning}", file=sys.stderr)
    if args.junit:
        Path(args.junit).write_text(report.junit(), encoding="utf-8")
    return report.exit_status(strict=args.strict, allow_empty=args.allow_empty)
