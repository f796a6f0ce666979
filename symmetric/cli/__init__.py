"""The ``symmetric`` command line: one subcommand per module in this package.

Run ``symmetric --help`` or ``python -m symmetric --help``.

The parser is built from light data (:data:`COMMANDS`): a subcommand's
module, which may import SymPy, is imported only when that subcommand
parses its arguments or prints its help, so ``symmetric --help`` and
``symmetric counts`` run without SymPy.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import sys

from .. import __version__

__all__ = ["main", "script", "build_parser", "COMMANDS", "Command"]


class Command:
    """A subcommand as the parser needs it before its module is imported.

    Parameters
    ----------
    module : str
        The module of this package defining ``add_arguments(parser)`` and
        ``run(args)``; its docstring's first line is ``summary``.
    summary : str
        The one line of ``symmetric --help`` and the subcommand's description.
    intermixed : bool, default False
        Read with ``parse_intermixed_args``: positionals and options in any order.
    """

    __slots__ = ("module", "summary", "intermixed")

    def __init__(self, module: str, summary: str, *, intermixed: bool = False) -> None:
        self.module, self.summary, self.intermixed = module, summary, intermixed

    def __repr__(self) -> str:
        return f"Command({self.module!r}, {self.summary!r}, intermixed={self.intermixed})"


#: Subcommand name -> :class:`Command` (its module, its summary, whether it is read intermixed).
COMMANDS = {
    "verify": Command(
        "verify",
        "Check claims, the built-in ones and yours, and report each verdict against the expected one.",
        intermixed=True,
    ),
    "codegen": Command(
        "codegen",
        "Write a standalone module for a metric family: NumPy (imports only numpy), Array API, PyTorch or JAX.",
    ),
    "explore": Command(
        "explore",
        "Analyse a metric given as an expression in P and R (or a family name): break-even, curvature, limits, "
        "properties.",
    ),
    "plot": Command("plot", "Plot the level curves of a family or expression to PNG, SVG or PDF (needs matplotlib)."),
    "repl": Command(
        "repl",
        "Open an interactive console with symmetric's names imported and SymPy pretty printing (IPython when "
        "installed).",
    ),
    "fit": Command(
        "fit",
        "Fit beta and rho of G to preferences read from a CSV file, and optionally plot them on its level curves.",
    ),
    "check": Command("check", "Check every displayed step of Markdown, LaTeX and notebook documents.", intermixed=True),
    "counts": Command(
        "counts", "Every metric of a binary confusion matrix from its four counts, with the claims about each."
    ),
}


class _CommandParser(argparse.ArgumentParser):
    """A subcommand's parser: its module adds the arguments the first time it parses or formats its help."""

    def __init__(self, *args, command: Command, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._command: Command | None = command

    def _load(self) -> None:
        if self._command is not None:
            module = importlib.import_module(f"{__name__}.{self._command.module}")
            self._command = None
            module.add_arguments(self)
            self.set_defaults(_run=module.run)

    def parse_known_args(self, args=None, namespace=None):
        self._load()
        return super().parse_known_args(args, namespace)

    def parse_known_intermixed_args(self, args=None, namespace=None):
        self._load()
        return super().parse_known_intermixed_args(args, namespace)

    def format_usage(self) -> str:
        self._load()
        return super().format_usage()

    def format_help(self) -> str:
        self._load()
        return super().format_help()


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="symmetric",
        description="Classification metrics built on precision and recall, under machine check.",
    )
    parser.add_argument("--version", action="version", version=f"symmetric {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_CommandParser)
    parser.set_defaults(_subparsers={})
    for name, command in COMMANDS.items():
        p = sub.add_parser(name, help=command.summary, description=command.summary, command=command)
        if command.intermixed:  # files and options in any order
            parser.get_default("_subparsers")[name] = p
    return parser


def script() -> int:
    """The console script and ``python -m symmetric``: :func:`main` on ``sys.argv``, then a quick exit.

    Once the command has returned, the garbage collector is frozen
    (:func:`gc.freeze`): the interpreter's collection at exit then skips the
    objects a run made (SymPy's caches, the claims, their results), 0.09 s of
    the 10 s of ``symmetric verify``. Output is flushed and ``atexit``
    handlers run as usual; only code that calls :func:`main` in its own
    process (the tests) keeps a collector that runs.
    """
    try:
        return main()
    finally:
        gc.freeze()


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
