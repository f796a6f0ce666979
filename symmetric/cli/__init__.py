"""The ``symmetric`` command line: one subcommand per module in this package.

Run ``symmetric --help`` or ``python -m symmetric --help``.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from .. import __version__

__all__ = ["main", "build_parser", "COMMANDS"]

#: Subcommand name -> module in this package defining ``add_arguments(parser)`` and ``run(args)``.
COMMANDS = {
    "verify": "verify",
    "codegen": "codegen",
    "explore": "explore",
    "plot": "plot",
    "repl": "repl",
    "fit": "fit",
    "check": "check",
    "counts": "counts",
}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="symmetric",
        description="Classification metrics built on precision and recall, under machine check.",
    )
    parser.add_argument("--version", action="version", version=f"symmetric {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    parser.set_defaults(_subparsers={})
    for name, module_name in COMMANDS.items():
        module = importlib.import_module(f"{__name__}.{module_name}")
        doc = (module.__doc__ or "").strip().splitlines()[0]
        p = sub.add_parser(name, help=doc, description=doc)
        module.add_arguments(p)
        p.set_defaults(_run=module.run)
        if getattr(module, "INTERMIXED", False):  # files and options in any order
            parser.get_default("_subparsers")[name] = p
    return parser


def main(argv=None) -> int:
    """Entry point of the console script; returns the exit status."""
    parser = build_parser()
    argv = sys.argv[1:] if argv is None else list(argv)
    intermixed = parser.get_default("_subparsers").get(argv[0]) if argv else None
    if intermixed is not None:
        args = intermixed.parse_intermixed_args(argv[1:])
        args.command = argv[0]
    else:
        args = parser.parse_args(argv)
    if not getattr(args, "command", None):
        parser.print_help()
        return 2
    try:
        return int(args._run(args) or 0)
    except BrokenPipeError:  # pragma: no cover - e.g. piped into head
        sys.stderr.close()
        return 1
