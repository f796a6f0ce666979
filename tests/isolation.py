"""Code run first in a fresh interpreter by the tests that prove a path runs without SymPy.

:func:`no_symbolic_guard` gives the lines that make importing ``sympy`` or
``mpmath`` fail (a meta-path finder) and opening anything under ``proofs/``
fail (an audit hook); what was refused is kept in the child's ``refused``.
"""

import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

_GUARD = textwrap.dedent(
    """
    import importlib.abc, os, sys
    PROOFS = os.path.join(%(root)r, "proofs")
    refused = []

    class NoSymbolic(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] in ("sympy", "mpmath"):
                refused.append(name)
                raise ImportError(f"{name} is refused: %(who)s must run without it")
            return None

    guard = NoSymbolic()
    sys.meta_path.insert(0, guard)

    def no_proofs(event, args):
        if event == "open" and args and isinstance(args[0], (str, bytes, os.PathLike)):
            path = os.path.abspath(os.fsdecode(args[0]))
            if path.startswith(PROOFS + os.sep) or path == PROOFS:
                refused.append(path)
                raise PermissionError(f"{path}: %(who)s opened a proof script")

    sys.addaudithook(no_proofs)
    """
)


def no_symbolic_guard(who: str) -> str:
    """The child's first lines: SymPy and mpmath refused, proof scripts unopenable; ``who`` names the code under test."""
    return _GUARD % {"root": str(ROOT), "who": who}
