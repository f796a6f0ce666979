"""Open an interactive console with symmetric's names imported and SymPy pretty printing (IPython when installed)."""

from __future__ import annotations

import builtins
import code
import sys

from .._validation import InvalidParameterError

__all__ = ["add_arguments", "run", "one_line_error"]

#: Statements run at the start of every console.
STARTUP = [
    "import sympy",
    "from sympy import *",
    "from symmetric import *",
    "from symmetric.explore import analyze, parse",
    "from symmetric.families import FAMILIES, f_beta_alternative",
    "from symmetric.verify import check",
    "import symmetric",
]

BANNER = """symmetric {version}: metrics of precision P and recall R, under machine check.
Imported: sympy (and its names), P, R, beta, gamma, rho, phi, g_beta_rho, f_beta, power_mean,
f_beta_alternative, FAMILIES, check, parse, analyze. Try: analyze(f_beta())
Plots: from symmetric import plot; ax = plot.level_curves("g_beta_rho", beta=2, rho=-3)
Without a display, save the figure instead of showing it: ax.figure.savefig("levels.png")"""


def add_arguments(p) -> None:
    p.add_argument("--plain", action="store_true", help="use Python's own console even when IPython is installed")


def one_line_error(exc: BaseException) -> str:
    """A bad-input error as the console prints it: one line, no traceback."""
    return f"{type(exc).__name__}: {exc}"


def _ipython_handler(shell, etype, value, tb, tb_offset=None) -> None:
    print(one_line_error(value), file=sys.stderr)


def install_ipython_handler(shell) -> None:
    """Make IPython print bad input (InvalidParameterError, parse errors) as one line."""
    shell.set_custom_exc((InvalidParameterError,), _ipython_handler)


class _Console(code.InteractiveConsole):
    """Python's console, printing bad input (InvalidParameterError, parse errors) as one line."""

    def showtraceback(self) -> None:
        value = sys.exc_info()[1]
        if isinstance(value, InvalidParameterError):
            self.write(one_line_error(value) + "\n")
            return
        super().showtraceback()


def _displayhook(pretty_hook):
    """``sys.displayhook`` for the plain console: symmetric's results as their text (the report of an
    analysis, left-aligned, as IPython shows it), everything else through SymPy's pretty printer."""

    def hook(value) -> None:
        if (
            value is not None
            and hasattr(type(value), "_repr_pretty_")
            and type(value).__module__.startswith("symmetric.")
        ):
            builtins._ = value  # type: ignore[attr-defined]  # the last value, as sys.displayhook keeps it
            print(value)
            return
        pretty_hook(value)

    return hook


def _namespace() -> dict:
    namespace: dict = {"__name__": "__console__"}
    for line in STARTUP:
        exec(line, namespace)  # fixed statements of this module, never user text
    return namespace


def run(args) -> int:
    from .. import __version__

    banner = BANNER.format(version=__version__)
    if not args.plain:
        try:
            import IPython
        except ImportError:
            pass
        else:
            from traitlets.config import Config

            config = Config()
            config.InteractiveShellApp.exec_lines = STARTUP + [
                "sympy.init_printing()",
                "from symmetric.cli.repl import install_ipython_handler as _install; _install(get_ipython()); del _install",
            ]
            config.TerminalInteractiveShell.banner2 = banner + "\n"
            config.HistoryManager.enabled = False
            config.TerminalInteractiveShell.confirm_exit = False
            IPython.start_ipython(argv=[], config=config)
            return 0
    namespace = _namespace()
    import sympy

    sympy.init_printing()  # outside IPython this pretty-prints results through sys.displayhook
    sys.displayhook = _displayhook(sys.displayhook)
    try:
        _Console(locals=namespace).interact(
            banner=banner + "\n(Python console; install ipython for a richer one)", exitmsg=""
        )
    except SystemExit as exc:  # exit() inside the console
        return int(exc.code or 0)
    return 0
