"""Small multiples: the level curves of a family as one parameter varies, one panel per value."""

from __future__ import annotations

import math
import warnings

import numpy as np

from .._constraints import declare
from .arguments import LEVELS, METRIC, NCOLS, RESOLUTION, VALUES, VARY
from .contours import UnboundedMetricWarning, draw_level_curves, metric_title, values_title
from .figure import PANEL_SIZE, pyplot
from .levels import colour_ticks, formatter

__all__ = ["family_grid"]


@declare(metric=METRIC, vary=VARY, values=VALUES, ncols=NCOLS, levels=LEVELS, resolution=RESOLUTION)
def family_grid(
    metric,
    *,
    vary: str = "beta",
    values=(0.5, 1, 2, 4),
    ncols: int | None = None,
    levels=None,
    resolution: int = 300,
    **parameters,
):
    """Small multiples: the level curves of a family as one parameter varies.

    Each panel's title says its value and what the engine says about the
    break-even line; the colour bar is shared, with ticks at 0, the levels
    and 1 for a metric in [0, 1]; every column has its axis labels.

    Parameters
    ----------
    metric : str or sympy.Expr
        A registered family, or an expression in P and R (text, read by
        :func:`symmetric.explore.parse`, or SymPy).
    vary : str
        The parameter that varies, e.g. ``"beta"`` or ``"rho"``.
    values : sequence of numbers
        Its values, one panel each.
    ncols : int, optional
        Panels per row (default: all in one row, at most 4).
    levels, resolution
        As for :func:`symmetric.plot.level_curves`.
    **parameters
        Values of the family's other parameters.

    Returns
    -------
    matplotlib.figure.Figure
    """
    from ..explore.fixed_metric import fix_parameters, metric_of, other_parameters, varied_parameter

    func = "family_grid"
    metric = metric_of(metric, [*parameters, vary], func=func)
    varied_parameter(metric, func=func).check(vary, name="vary", func=func)
    other_parameters(vary).check(parameters, name="parameters", func=func)
    ncols = min(ncols or 4, len(values))
    nrows = math.ceil(len(values) / ncols)
    # every value is checked before anything is drawn
    panels = [fix_parameters(metric, {**parameters, vary: value}, func=func) for value in list(values)]
    plt = pyplot()
    fig, axes = plt.subplots(
        nrows,
        ncols,
        figsize=(PANEL_SIZE[0] * ncols + 1.0, PANEL_SIZE[1] * nrows + 0.4),
        layout="compressed",
        squeeze=False,
        sharex=True,
        sharey=True,
    )
    fig.get_layout_engine().set(h_pad=0.1, w_pad=0.08)
    unbounded = []
    for ax, fixed in zip(axes.flat, panels):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", UnboundedMetricWarning)
            draw_level_curves(
                fixed,
                ax=ax,
                levels=levels,
                resolution=resolution,
                break_even=True,
                colorbar=False,
                title=values_title(fixed, [vary]),
                cmap="viridis",
            )
        unbounded += [w for w in caught if issubclass(w.category, UnboundedMetricWarning)]
        for w in caught:
            if not issubclass(w.category, UnboundedMetricWarning):
                warnings.warn_explicit(w.message, w.category, w.filename, w.lineno)
    if unbounded:
        warnings.warn(
            str(unbounded[0].message) + f" (in {len(unbounded)} of {len(values)} panels)",
            UnboundedMetricWarning,
            stacklevel=2,
        )
    shown = len(values)
    for i, ax in enumerate(axes.flat):
        row, col = divmod(i, ncols)
        if i >= shown:
            ax.set_visible(False)
            continue
        lowest = row == nrows - 1 or (row + 1) * ncols + col >= shown  # nothing drawn below it
        ax.xaxis.set_tick_params(labelbottom=lowest)
        ax.set_xlabel("recall $R$" if lowest else "")
        if col:
            ax.set_ylabel("")
    mappable = axes.flat[0].collections[0]
    bar = fig.colorbar(
        mappable,
        ax=axes,
        shrink=0.8,
        aspect=30,
        pad=0.02,
        label="metric value",
        ticks=colour_ticks(np.asarray(mappable.levels)),
    )
    bar.ax.yaxis.set_major_formatter(formatter())
    heading = ", ".join(filter(None, [metric_title(panels[0]), values_title(panels[0], list(parameters))]))
    fig.suptitle(heading + f": varying ${panels[0].parameter_labels[vary]}$")
    return fig
