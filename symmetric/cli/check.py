"""Check every displayed step of Markdown, LaTeX and notebook documents.

``symmetric check FILE... [--json] [--junit FILE] [--annotate OUT]
[--symbol NAME:ASSUMPTION]... [--strict]``: each chain, sequence of
equations and definition of the documents' display math is read and each
step checked (proven, refuted with a counterexample, unknown, unparsed).
Paths and options may come in any order. Exit status: 0 when no step is
refuted, 1 when one is (with ``--strict`` also when one is unknown or
unparsed), 2 for a usage error.
"""

from __future__ import annotations

import argparse
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
    from ..documents import MAX_TIMEOUT

    x = _seconds(text)
    if x > MAX_TIMEOUT:
        raise argparse.ArgumentTypeError(f"must be at most {MAX_TIMEOUT} seconds; got {text!r}")
    return x


def add_arguments(p) -> None:
    p.usage = f"{PROG} FILE... [--json] [--junit FILE] [--annotate OUT] [--symbol NAME:ASSUMPTION]... [--strict]"
    p.add_argument(
        "files",
        nargs="+",
        metavar="FILE",
        help="Markdown, Quarto, LaTeX (.tex) or notebook (.ipynb) documents, or any text file",
    )
    p.add_argument(
        "--json",
        action="store_true",
        help="print only JSON: an object with the steps, definitions, symbols and summary",
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
        help="the domain of a symbol other than the project's (repeatable), e.g. t:real; "
        "every other name is a positive real",
    )
    p.add_argument("--strict", action="store_true", help="exit 1 also when a step is unknown or unparsed")
    p.add_argument(
        "--domain",
        choices=("unit", "positive"),
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


def run(args) -> int:
    from ..documents import DEFAULT_TIMEOUT, annotate, check_documents

    missing = [f for f in args.files if not Path(f).is_file()]
    if missing:
        print(f"{PROG}: no such file: {', '.join(missing)}", file=sys.stderr)
        return 2
    if args.annotate is not None:
        out = Path(args.annotate)
        if len(args.files) > 1 and not out.is_dir():
            print(
                f"{PROG}: --annotate needs an existing folder with several files; got {args.annotate!r}",
                file=sys.stderr,
            )
            return 2
        if len(args.files) == 1 and not out.parent.is_dir():
            print(f"{PROG}: the folder of --annotate {args.annotate!r} does not exist", file=sys.stderr)
            return 2
    options = {"symbols": dict(args.symbol), "domain": args.domain, "timeout": args.timeout or DEFAULT_TIMEOUT}
    if args.annotate is not None:
        report = annotate(args.files, args.annotate, **options)
    else:
        report = check_documents(args.files, **options)
    if args.json:
        print(json.dumps(report.as_dict(), indent=1))
    else:
        print(report.text())
    if args.junit:
        Path(args.junit).write_text(report.junit(), encoding="utf-8")
    return report.exit_status(strict=args.strict)
