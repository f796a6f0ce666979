"""What every figure of the package shares: sizes, and matplotlib imported on demand with install advice.

The lowest layer of the plotting code: :mod:`symmetric.plot` and the
statistics plots build on it, and it imports nothing of the package.
"""

from __future__ import annotations

__all__ = ["INSTALL", "SINGLE_SIZE", "PANEL_SIZE", "pyplot"]

#: How to install the plotting extra, from the package index and from a clone.
INSTALL = (
    "symmetric.plot needs matplotlib, an optional extra: pip install matplotlib "
    '(from a clone of the repository: pip install ".[plot]")'
)
#: Figure size of one plot, and of one panel of a grid, in inches.
SINGLE_SIZE = (5.6, 4.6)
PANEL_SIZE = (3.2, 3.4)


def pyplot():
    """``matplotlib.pyplot``, or an ImportError saying how to install the plot extra."""
    try:
        import matplotlib.pyplot as plt
    except ImportError as exc:
        raise ImportError(INSTALL) from exc
    return plt
