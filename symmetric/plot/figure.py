"""What every figure of the package shares: sizes, matplotlib imported on demand with install advice, closing.

The lowest module of :mod:`symmetric.plot` after the declarations of the arguments
(:mod:`.arguments`): the others build on it.
"""

from __future__ import annotations

from types import ModuleType

from .._constraints import declare
from .arguments import FIGURE

__all__ = ["INSTALL", "SINGLE_SIZE", "PANEL_SIZE", "pyplot", "close"]

#: How to install the plotting extra, from the package index and from a clone.
INSTALL = (
    "symmetric.plot needs matplotlib, an optional extra: pip install matplotlib "
    '(from a clone of the repository: pip install ".[plot]")'
)
#: Figure size of one plot, and of one panel of a grid, in inches.
SINGLE_SIZE = (5.6, 4.6)
PANEL_SIZE = (3.2, 3.4)


def pyplot() -> ModuleType:
    """``matplotlib.pyplot``, or an ImportError saying how to install the plot extra."""
    try:
        import matplotlib.pyplot as plt
    except ImportError as exc:
        raise ImportError(INSTALL) from exc
    return plt


@declare(figure=FIGURE)
def close(figure) -> None:
    """Release a figure made by this package (None: the current figure)."""
    pyplot().close(figure)
