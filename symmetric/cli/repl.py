"""Open an interactive console with symmetric's names imported and SymPy pretty printing (IPython when installed)."""

from __future__ import annotations

import code

__all__ = ["add_arguments", "run"]

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
f_beta_alternative, FAMILIES, check, parse, analyze. Try: print(analyze(f_beta()))
Plots: from symmetric import plot; plot.level_curves("g_beta_rho", beta=2, rho=-3)"""


def add_arguments(p) -> None:
    p.add_argument("--plain", action="store_true", help="use Python's own console even when IPython is installed")


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
            config.InteractiveShellApp.exec_lines = STARTUP + ["sympy.init_printing()"]
            config.TerminalInteractiveShell.banner2 = banner + "\n"
            config.HistoryManager.enabled = False
            config.TerminalInteractiveShell.confirm_exit = False
            IPython.start_ipython(argv=[], config=config)
            return 0
    namespace = _namespace()
    import sympy

    sympy.init_printing()  # outside IPython this pretty-prints results through sys.displayhook
    try:
        code.interact(banner=banner + "\n(Python console; install ipython for a richer one)", local=namespace,
                      exitmsg="")
    except SystemExit as exc:  # exit() inside the console
        return int(exc.code or 0)
    return 0
