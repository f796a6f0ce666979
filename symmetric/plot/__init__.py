"""Plots: level curves of metrics over (precision, recall) with the break-even line, and curves of the metrics.

Needs matplotlib, an optional extra: ``pip install ".[plot]"`` in a clone of the
repository, or ``pip install matplotlib``.

The package only draws. What it draws comes from the analysis through public
functions: a metric at parameter values, its numeric function and its proven
break-even line from :mod:`symmetric.explore.fixed_metric` (and
:mod:`symmetric.explore.break_even`), the curves from :mod:`symmetric.metrics`;
importing it loads neither SymPy nor matplotlib.

========================  ===============================================================
module                    draws
========================  ===============================================================
``contours``              :func:`level_curves`: filled bands, labelled levels, titles, the
                          dashed break-even line and its caption
``grid``                  :func:`family_grid`: one panel per value of a parameter
``levels``                contour levels, colour-bar ticks, label inks and positions
``prevalence``            :func:`prevalence_curve`
``gain``                  :func:`prg_curve`, :func:`unachievable_region`
``figure``                sizes, matplotlib on demand, :func:`close`
``arguments``             what each function takes: the constraints it declares
========================  ===============================================================

Recall runs across and precision up. Contour labels take the colour that
contrasts with their band, with a halo, so they read on every colour of the
map; what the engine says about the break-even line is written below the
plot (or in a panel's title), never over the data. :func:`level_curves`
shows a whole call.
"""

from __future__ import annotations

from .contours import UnboundedMetricWarning, level_curves
from .figure import INSTALL, PANEL_SIZE, SINGLE_SIZE, close
from .gain import prg_curve, unachievable_region
from .grid import family_grid
from .prevalence import prevalence_curve

__all__ = [
    "level_curves",
    "family_grid",
    "break_even_ratio",
    "close",
    "prevalence_curve",
    "prg_curve",
    "unachievable_region",
    "UnboundedMetricWarning",
    "INSTALL",
    "SINGLE_SIZE",
    "PANEL_SIZE",
]


def __getattr__(name: str):
    # The analysis's function, loaded on first use (it needs SymPy and the engine): the plots draw its ratio.
    if name == "break_even_ratio":
        from ..explore.break_even import break_even_ratio

        return break_even_ratio
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | {"break_even_ratio"})
