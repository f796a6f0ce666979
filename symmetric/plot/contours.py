"""Level curves of a metric over (precision, recall), with the break-even line.

Recall runs across and precision up, so the slope of a level curve is
``S = dP/dR = -(df/dR)/(df/dP)`` (see :mod:`symmetric.explore.geometry`).
The metric, its values and its break-even line come from the analysis
(:func:`symmetric.explore.fixed_metric.fix_parameters`); this module draws
them: filled bands, labelled levels, the dashed line where the engine proves
it is, and what the engine says about it below the plot (or in a panel's
title), never over the data.
"""

from __future__ import annotations

import textwrap
import warnings
from typing import TYPE_CHECKING

import numpy as np

from .._constraints import declare
from .arguments import AX, BOOLEAN, CMAP, LEVELS, METRIC, RESOLUTION, TITLE
from .figure import SINGLE_SIZE, pyplot
from .levels import colour_ticks, contour_levels, contrasting, format_level, formatter, halo, label_positions, light

if TYPE_CHECKING:  # for the annotations only
    from matplotlib.axes import Axes

__all__ = ["level_curves", "draw_level_curves", "UnboundedMetricWarning", "metric_title", "values_title"]

# Longest title written as a formula; longer expressions are written as wrapped text.
_MAX_FORMULA = 70


class UnboundedMetricWarning(UserWarning):
    """The metric is unbounded on the unit square: its colours cover the bulk of its values only."""


def metric_title(fixed) -> str:
    """How a title names the metric: the family's label, or ``f(P, R) = ...`` typeset when short enough and
    within matplotlib's mathtext, else as wrapped text."""
    if fixed.label:
        return fixed.label
    formula = f"$f(P, R) = {fixed.formula_latex}$"
    if len(formula) <= _MAX_FORMULA:
        try:
            from matplotlib import mathtext

            mathtext.MathTextParser("path").parse(formula)
            return formula
        except Exception:  # noqa: BLE001 - any parse failure means: write it as text
            pass
    return "\n".join(textwrap.wrap(f"f(P, R) = {fixed.formula_text}", 60))


def values_title(fixed, names=None) -> str:
    """The parameter values (``names``, default all) as a title writes them: ``$\\beta = 2$, $\\rho = -3$``."""
    names = fixed.values if names is None else names
    return ", ".join(f"${fixed.parameter_labels[n]} = {fixed.value_latex[n]}$" for n in names)


def _line_label(line) -> str:
    """The legend entry of a proven line: ``break-even $R = 2P$``."""
    return f"break-even $R = {line.latex}P$"


def _draw_break_even(ax, line):
    """Draw the proven line of ``line`` (a ``BreakEvenLine`` with a slope) from the origin to the square's edge."""
    k = line.slope
    end = (1.0, 1.0 / k) if k >= 1 else (k, 1.0)
    (drawn,) = ax.plot(
        [0.0, end[0]],
        [0.0, end[1]],
        color="black",
        linestyle=(0, (5, 3)),
        linewidth=1.6,
        label=_line_label(line),
        gid="break_even",
        zorder=3,
    )
    drawn.set_path_effects(halo("white", 3.2))
    return drawn


def _break_even_caption(line) -> str:
    """What the analysis says about the break-even line, in a few words."""
    return {
        "proven": f"{_line_label(line)} (dashed)",
        "every ratio": "every ratio R/P is break-even",
        "none": "no break-even ratio",
        "unknown": "break-even ratio unknown",
    }.get(line.status, "")


def _grid(fixed, resolution):
    axis = np.linspace(1.0 / resolution, 1.0, resolution)
    recall, precision = np.meshgrid(axis, axis)
    return recall, precision, fixed.values_at(precision, recall)


@declare(
    metric=METRIC,
    ax=AX,
    levels=LEVELS,
    resolution=RESOLUTION,
    break_even=BOOLEAN,
    colorbar=BOOLEAN,
    title=TITLE,
    cmap=CMAP,
)
def level_curves(
    metric,
    *,
    ax=None,
    levels=None,
    resolution: int = 400,
    break_even: bool = True,
    colorbar: bool = True,
    title: str | None = None,
    cmap: str = "viridis",
    **parameters,
):
    """Draw the level curves of a metric over (0, 1]^2, recall across and precision up.

    Parameters
    ----------
    metric : str or sympy.Expr
        The name of a registered family (``"g_beta_rho"``, ``"f_beta"``,
        ``"power_mean"``, ...), an expression in P and R as text
        (``"2*P*R/(P + R)"``, read by :func:`symmetric.explore.parse`, never
        ``eval``; its parameters are the names given values below), or a SymPy
        expression in ``symmetric.P`` and ``symmetric.R``.
    ax : matplotlib Axes, optional
        Where to draw; a new figure when omitted.
    levels : int or sequence of float, optional
        About how many levels (round values: ``levels=4`` gives 0.2, 0.4,
        0.6, 0.8 for a metric in [0, 1]), or the levels; default 0.1, 0.2,
        ..., 0.9 for values in [0, 1].
    resolution : int
        Grid points per axis.
    break_even : bool
        Draw the break-even line R = kP (only when its ratio k is proven).
    colorbar : bool
        Add a colour bar for the metric's value (ticks at 0, the levels and 1).
    title : str, optional
        Defaults to the metric and its parameter values.
    cmap : str
        A matplotlib colormap.
    **parameters
        A value for every parameter of the metric, by name: ``beta=2, rho=-3``.
        A registered family takes any finite value (``rho=1e7`` draws the
        level curves near the limit ``Max(P, R/beta)``).

    Returns
    -------
    matplotlib.axes.Axes

    Warns
    -----
    UnboundedMetricWarning
        When the metric grows without bound towards an edge of the square:
        its levels are then quantiles of its values on the grid (each band
        covers a similar share of the square), and the colour bar extends.

    Notes
    -----
    Points where the metric is undefined or not real are left blank.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from symmetric import plot
    >>> ax = plot.level_curves("g_beta_rho", beta=2, rho=-3)
    >>> [line.get_label() for line in ax.lines]
    ['break-even $R = 2P$']
    >>> plot.close(ax.figure)
    >>> ax = plot.level_curves("(1 + a)*P*R/(a*P + R)", a=4)       # text: a parameter named by its value
    >>> [line.get_label() for line in ax.lines]
    ['break-even $R = 2P$']
    >>> plot.close(ax.figure)
    """
    from ..explore.fixed_metric import fix_parameters

    func = "level_curves"
    return draw_level_curves(
        fix_parameters(metric, parameters, func=func),
        ax=ax,
        levels=levels,
        resolution=resolution,
        break_even=break_even,
        colorbar=colorbar,
        title=title,
        cmap=cmap,
    )


def draw_level_curves(fixed, *, ax, levels, resolution, break_even, colorbar, title, cmap) -> Axes:
    """Draw the level curves of a metric whose parameters have values (a ``FixedMetric``), options checked."""
    plt = pyplot()
    single = ax is None
    if single:
        _, ax = plt.subplots(figsize=SINGLE_SIZE, layout="constrained")
    recall, precision, values = _grid(fixed, resolution)
    unbounded, largest, where = fixed.unbounded()
    chosen, bounds, extend = contour_levels(values, levels, unbounded)
    if unbounded:
        warnings.warn(
            f"{fixed.description} is unbounded on (0, 1]^2 (it reaches {largest:.3g} near {where}): "
            f"its levels are quantiles of its values on the grid, from {bounds[0]:.3g} to {bounds[-1]:.3g}",
            UnboundedMetricWarning,
            stacklevel=3,
        )
    from matplotlib.colors import BoundaryNorm

    colours = plt.get_cmap(cmap)
    norm = BoundaryNorm(bounds, colours.N, extend=extend)
    filled = ax.contourf(recall, precision, values, levels=bounds, cmap=colours, norm=norm, extend=extend)
    inks = [contrasting(colours, norm, (a + b) / 2) for a, b in zip(bounds[:-1], bounds[1:])]
    line_colours = [inks[min(int(np.searchsorted(bounds, v, side="right")) - 1, len(inks) - 1)][0] for v in chosen]
    lines = ax.contour(recall, precision, values, levels=chosen, colors=line_colours, linewidths=0.9)
    line = fixed.break_even() if break_even else None
    slope = None if line is None else line.slope
    positions = label_positions(lines.allsegs, slope)
    labels = ax.clabel(lines, fmt=format_level, fontsize=8 if single else 7, inline_spacing=4, manual=positions)
    for text in labels:
        text.set_path_effects(halo("#111111" if light(text.get_color()) else "white"))
    if slope is not None:
        _draw_break_even(ax, line)
    ax.set(xlim=(0, 1), ylim=(0, 1), xlabel="recall $R$", ylabel="precision $P$", aspect="equal")
    caption = "" if line is None else _break_even_caption(line)
    heading = ", ".join(filter(None, [metric_title(fixed), values_title(fixed)])) if title is None else title
    if single:
        ax.set_title(heading, fontsize=10)
        if slope is not None:
            ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.13), fontsize=8, frameon=False)
        elif caption:
            ax.text(0.5, -0.15, caption, transform=ax.transAxes, ha="center", va="top", fontsize=8, gid="caption")
    else:
        ax.set_title(heading + (f"\n{caption}" if caption else ""), fontsize=9)
    if colorbar:
        bar = ax.figure.colorbar(filled, ax=ax, shrink=0.82, ticks=colour_ticks(bounds))
        bar.ax.yaxis.set_major_formatter(formatter())
        bar.set_label("metric value")
    return ax
