"""The committed modules the generation stage writes, and ``python -m symmetric.generate``, which writes or checks them.

Each target is a file of a run-time package, or the record of the plans
this package reads (``generate/_plans.py``), and the function of this
package that gives its text. The run time imports its files and nothing of
:mod:`symmetric.generate`; a test fails while one differs from a fresh
generation (``--check``).

>>> sorted(TARGETS)[:2]
['generate/_plans.py', 'metrics/_generated.py']
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path

__all__ = ["PACKAGE", "TARGETS", "source", "write_or_check", "main"]

#: The directory of the package ``symmetric``; the targets' paths are relative to it.
PACKAGE = Path(__file__).resolve().parent.parent


def _kernels() -> str:
    from .kernels import package_source

    return package_source()


def _functions() -> str:
    from .wrappers import functions_source

    return functions_source()


def _names() -> str:
    from .wrappers import names_source

    return names_source()


def _tables() -> str:
    from .metric_tables import package_source

    return package_source()


def _plans() -> str:
    from .rewrites import plans_source

    return plans_source()


def _gradients() -> str:
    from .metric_tables import gradients_source

    return gradients_source()


#: Each generated file (relative to :data:`PACKAGE`) and what it holds, in the order they are written: the
#: families' plans (read by the generation stage and the proof scripts, not by the run time), the numeric kernels,
#: the public numeric functions and their names, the metrics' tables, the delta method's gradients.
TARGETS: dict[str, Callable[[], str]] = {
    "generate/_plans.py": _plans,
    "numeric/_generated.py": _kernels,
    "numeric/functions.py": _functions,
    "numeric/_names.py": _names,
    "metrics/_generated.py": _tables,
    "metrics/_generated_gradients.py": _gradients,
}


def source(target: str) -> str:
    """The text of ``target`` (a key of :data:`TARGETS`) as the generator writes it now."""
    return TARGETS[target]()


def write_or_check(path: Path, text: str, *, check: bool) -> int:
    """Write ``text`` to ``path`` unless it holds it already; with ``check``, only say whether it does.

    Returns the exit status: 1 when ``check`` finds the file stale, else 0.
    """
    current = path.read_text(encoding="utf-8") if path.exists() else None
    if check:
        print(f"{path}: {'current' if current == text else 'stale'}")
        return 0 if current == text else 1
    if current != text:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    print(f"wrote {path}" if current != text else f"{path} is current")
    return 0


def main(argv=None) -> int:
    """``python -m symmetric.generate [--check] [--root DIR] [TARGET ...]``: write (or check) the generated modules.

    Every target by default; ``--root`` writes them under another directory (the package's own by default).
    """
    parser = argparse.ArgumentParser(prog="python -m symmetric.generate", description=main.__doc__)
    parser.add_argument("targets", nargs="*", metavar="TARGET", help="any of " + ", ".join(TARGETS))
    parser.add_argument("--check", action="store_true", help="exit with status 1 if a file is stale; write nothing")
    parser.add_argument("--root", type=Path, default=PACKAGE, help="where the targets' paths start")
    args = parser.parse_args(argv)
    unknown = [t for t in args.targets if t not in TARGETS]
    if unknown:
        parser.error(f"unknown target(s) {unknown}: the targets are {list(TARGETS)}")
    status = 0
    for target in args.targets or TARGETS:
        status = max(status, write_or_check(args.root / target, source(target), check=args.check))
    return status
