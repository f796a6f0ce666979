"""Level curves of metrics over (precision, recall), with the break-even line.

Needs matplotlib, an optional extra: ``pip install "symmetric[plot]"``.

Recall runs across and precision up, so the slope of a level curve is
``S = dP/dR = -(df/dR)/(df/dP)`` (see :mod:`symmetric.explore.geometry`).
The break-even line ``R = k P``, where a unit of recall is worth a unit of
precision, is drawn dashed when the engine proves where it is.

>>> import matplotlib
>>> matplotlib.use("Agg")
>>> from symmetric import plot
>>> ax = plot.level_curves("g_beta_rho", beta=2, rho=-3)
>>> [line.get_label() for line in ax.lines]
['break-even $R = 2P$']
>>> plot.close(ax.figure)
"""

from __future__ import annotations

import math

import numpy as np
import sympy

from ._validation import InvalidParameterError
from .families import FAMILIES, get_family
from .symbols import P, R

__all__ = ["level_curves", "family_grid", "break_even_ratio", "close", "prevalence_curve", "FAMILY_LABELS"]

#: How each registered family is written in titles.
FAMILY_LABELS = {
    "g_beta_rho": r"$G_{\beta,\rho}$",
    "power_mean": r"$M_{\gamma,\phi}$",
    "f_beta": r"$F_\beta$",
    "f_beta_alternative": r"$(1+\beta)PR/(R+\beta P)$",
}
_GREEK = {"beta": r"\beta", "gamma": r"\gamma", "rho": r"\rho", "phi": r"\phi"}
_INSTALL = 'symmetric.plot needs matplotlib, an optional extra: pip install "symmetric[plot]"'
#: Figure size of one plot, and of one panel of a grid, in inches.
SINGLE_SIZE = (5.6, 4.6)
PANEL_SIZE = (3.2, 3.4)


def _pyplot():
    try:
        import matplotlib.pyplot as plt
    except ImportError as exc:
        raise ImportError(_INSTALL) from exc
    return plt


def close(figure) -> None:
    """Release a figure made by this module."""
    _pyplot().close(figure)


def _number(value) -> str:
    value = sympy.nsimplify(value) if isinstance(value, float) else sympy.sympify(value)
    return sympy.latex(value)


def _resolve(metric, parameters: dict, func: str) -> tuple[sympy.Expr, str]:
    """The metric with every parameter replaced by its value, and a title for it."""
    if isinstance(metric, str):
        family = get_family(metric)
        unknown = sorted(set(parameters) - set(family.parameter_names))
        missing = [n for n in family.parameter_names if n not in parameters]
        if unknown or missing:
            raise InvalidParameterError.of(
                "parameters", func, f"values for exactly the parameters {list(family.parameter_names)} of {metric}",
                sorted(parameters))
        expr = family(**parameters)
    elif isinstance(metric, sympy.Expr):
        symbols = {s.name: s for s in metric.free_symbols - {P, R}}
        if set(parameters) != set(symbols):
            raise InvalidParameterError.of(
                "parameters", func, f"values for exactly the parameters {sorted(symbols)} of the expression",
                sorted(parameters))
        expr = metric.xreplace({symbols[n]: sympy.nsimplify(v) if isinstance(v, float) else sympy.sympify(v)
                                for n, v in parameters.items()})
    else:
        raise InvalidParameterError.of("metric", func, f"a SymPy expression or one of {sorted(FAMILIES)}", metric)
    if expr.free_symbols - {P, R}:
        raise InvalidParameterError.of("parameters", func, "numbers", parameters)
    values = ", ".join(f"${_GREEK.get(n, n)} = {_number(v)}$" for n, v in parameters.items())
    return expr, ", ".join(filter(None, [_metric_label(metric), values]))


def break_even_ratio(expr: sympy.Expr) -> tuple[sympy.Expr | None, str]:
    """The proven break-even ratio R/P of a metric without free parameters, or None and why."""
    from .explore.budget import Budget
    from .explore.geometry import local_geometry
    from .explore.regimes import Regime

    geometry = local_geometry(Regime(expr), P, R, Budget(total=20, per_check=5))
    if geometry.break_even is None:
        return None, geometry.note
    verdict = geometry.verdicts["break_even"]
    if not verdict.proven:
        return None, f"break-even ratio {geometry.break_even} not proven ({verdict.status})"
    return geometry.break_even, ""


def _numeric(metric, expr, parameters):
    """The metric as a NumPy function of (precision, recall), from :mod:`symmetric.numeric`.

    A registered family uses its numerically stable generated function; anything else is compiled.
    """
    from . import numeric

    if isinstance(metric, str) and metric in numeric.__all__:
        family, values = getattr(numeric, metric), {n: float(sympy.sympify(v)) for n, v in parameters.items()}
        return lambda precision, recall: family(precision, recall, **values)
    return numeric.compile(expr, (P, R))


def _evaluate(func, precision, recall):
    with np.errstate(all="ignore"):
        values = np.asarray(func(precision, recall), dtype=complex) * np.ones_like(recall)
        return np.where(np.abs(values.imag) <= 1e-12 * np.maximum(1, np.abs(values.real)), values.real, np.nan)


def _grid(func, resolution):
    axis = np.linspace(1.0 / resolution, 1.0, resolution)
    recall, precision = np.meshgrid(axis, axis)
    return recall, precision, _evaluate(func, precision, recall)


def _label_positions(func, levels, ratio):
    """Where each level crosses a ray from the origin away from the break-even line: for inline labels."""
    rays = [(0.8, 1.0), (1.0, 0.55)]
    if ratio is not None:
        angle = math.atan2(1.0, float(ratio))
        rays.sort(key=lambda ray: -abs(math.atan2(ray[1], ray[0]) - angle))
    r_end, p_end = rays[0]
    s = np.linspace(0.02, 0.98, 400)
    along = _evaluate(func, s * p_end, s * r_end)
    positions = []
    for level in levels:
        crossing = np.nonzero(np.diff(np.sign(along - level)))[0]
        if crossing.size:
            i = crossing[0]
            positions.append((s[i] * r_end, s[i] * p_end))
    return positions


def _levels(values, levels):
    """The contour levels, and the boundaries of the filled bands (0 and 1 for a metric in [0, 1])."""
    finite = values[np.isfinite(values)]
    lo, hi = (float(finite.min()), float(finite.max())) if finite.size else (0.0, 1.0)
    unit = lo >= 0 and hi <= 1 + 1e-12
    if levels is not None and not isinstance(levels, int):
        chosen = np.asarray(sorted(levels), dtype=float)
    elif unit:
        chosen = np.linspace(0, 1, (9 if levels is None else levels) + 2)[1:-1]
    else:
        chosen = np.linspace(lo, hi, (9 if levels is None else levels) + 2)[1:-1]
    bounds = [0.0, 1.0] if unit else [min(lo, chosen[0]), max(hi, chosen[-1])]
    return chosen, np.unique(np.concatenate([[bounds[0]], chosen, [bounds[1]]]))


def _draw_break_even(ax, ratio):
    k = float(ratio)
    end = (1.0, 1.0 / k) if k >= 1 else (k, 1.0)
    text = sympy.latex(ratio) if ratio != 1 else ""
    line, = ax.plot([0.0, end[0]], [0.0, end[1]], color="black", linestyle=(0, (5, 3)), linewidth=1.6,
                    label=f"break-even $R = {text}P$", gid="break_even", zorder=3)
    return line


def level_curves(metric, *, ax=None, levels=None, resolution: int = 400, break_even: bool = True,
                 colorbar: bool = True, title: str | None = None, cmap: str = "viridis", **parameters):
    """Draw the level curves of a metric over (0, 1]^2, recall across and precision up.

    Parameters
    ----------
    metric : str or sympy.Expr
        The name of a registered family (``"g_beta_rho"``, ``"f_beta"``,
        ``"power_mean"``, ...) or an expression in ``symmetric.P`` and ``symmetric.R``.
    ax : matplotlib Axes, optional
        Where to draw; a new figure when omitted.
    levels : int or sequence of float, optional
        The number of levels, or the levels; default 0.1, 0.2, ..., 0.9
        for values in [0, 1].
    resolution : int
        Grid points per axis.
    break_even : bool
        Draw the break-even line R = kP (only when its ratio k is proven).
    colorbar : bool
        Add a colour bar for the metric's value.
    title : str, optional
        Defaults to the metric and its parameter values.
    cmap : str
        A matplotlib colormap.
    **parameters
        A value for every parameter of the metric, by name: ``beta=2, rho=-3``.

    Returns
    -------
    matplotlib.axes.Axes

    Notes
    -----
    Points where the metric is undefined or not real are left blank.
    """
    func = "level_curves"
    if isinstance(resolution, bool) or not isinstance(resolution, int) or not 10 <= resolution <= 4000:
        raise InvalidParameterError.of("resolution", func, "an integer from 10 to 4000", resolution)
    if levels is not None and isinstance(levels, int) and not 1 <= levels <= 100:
        raise InvalidParameterError.of("levels", func, "from 1 to 100 levels, or a sequence of levels", levels)
    expr, label = _resolve(metric, parameters, func)
    plt = _pyplot()
    if ax is None:
        _, ax = plt.subplots(figsize=SINGLE_SIZE, layout="constrained")
    func = _numeric(metric, expr, parameters)
    recall, precision, values = _grid(func, resolution)
    chosen, bounds = _levels(values, levels)
    filled = ax.contourf(recall, precision, values, levels=bounds, cmap=cmap, alpha=0.92)
    lines = ax.contour(recall, precision, values, levels=chosen, colors="white", linewidths=0.9)
    ratio = break_even_ratio(expr)[0] if break_even else None
    ax.clabel(lines, fmt=lambda v: f"{v:.2g}", fontsize=7, inline_spacing=3,
              manual=_label_positions(func, chosen, ratio))
    if ratio is not None:
        _draw_break_even(ax, ratio)
        ax.legend(loc="lower right", fontsize=7.5, framealpha=0.9)
    elif break_even:
        ax.text(0.97, 0.03, "no break-even ratio", transform=ax.transAxes, ha="right", va="bottom", fontsize=7.5,
                bbox={"facecolor": "white", "alpha": 0.9, "edgecolor": "none", "boxstyle": "round"})
    ax.set(xlim=(0, 1), ylim=(0, 1), xlabel="recall $R$", ylabel="precision $P$", aspect="equal")
    ax.set_title(label if title is None else title, fontsize=10)
    if colorbar:
        bar = ax.figure.colorbar(filled, ax=ax, shrink=0.82, ticks=chosen, format="%.2g")
        bar.set_label("metric value")
    return ax


def _parameter_names(metric, func) -> tuple[str, ...]:
    if isinstance(metric, str):
        return get_family(metric).parameter_names
    if isinstance(metric, sympy.Expr):
        return tuple(sorted(s.name for s in metric.free_symbols - {P, R}))
    raise InvalidParameterError.of("metric", func, f"a SymPy expression or one of {sorted(FAMILIES)}", metric)


def _metric_label(metric) -> str:
    return FAMILY_LABELS.get(metric, metric) if isinstance(metric, str) else "$" + sympy.latex(metric) + "$"


def family_grid(metric, *, vary: str = "beta", values=(0.5, 1, 2, 4), ncols: int | None = None, levels=None,
                resolution: int = 300, **parameters):
    """Small multiples: the level curves of a family as one parameter varies.

    Parameters
    ----------
    metric : str or sympy.Expr
        A registered family, or an expression in P and R.
    vary : str
        The parameter that varies, e.g. ``"beta"`` or ``"rho"``.
    values : sequence of numbers
        Its values, one panel each.
    ncols : int, optional
        Panels per row (default: all in one row, at most 4).
    levels, resolution
        As for :func:`level_curves`.
    **parameters
        Values of the family's other parameters.

    Returns
    -------
    matplotlib.figure.Figure
    """
    func = "family_grid"
    names = _parameter_names(metric, func)
    if vary not in names:
        raise InvalidParameterError.of("vary", func, f"one of {list(names)}", vary)
    if vary in parameters:
        raise InvalidParameterError.of("parameters", func, f"values for parameters other than {vary!r}", parameters)
    values = list(values)
    if not 1 <= len(values) <= 16:
        raise InvalidParameterError.of("values", func, "1 to 16 values", values)
    ncols = ncols or min(len(values), 4)
    if isinstance(ncols, bool) or not isinstance(ncols, int) or ncols < 1:
        raise InvalidParameterError.of("ncols", func, "a positive integer", ncols)
    nrows = math.ceil(len(values) / ncols)
    plt = _pyplot()
    fig, axes = plt.subplots(nrows, ncols, figsize=(PANEL_SIZE[0] * ncols + 1.0, PANEL_SIZE[1] * nrows + 0.4),
                             layout="compressed", squeeze=False, sharex=True, sharey=True)
    fig.get_layout_engine().set(h_pad=0.1, w_pad=0.08)
    for ax, value in zip(axes.flat, values):
        level_curves(metric, ax=ax, levels=levels, resolution=resolution, colorbar=False,
                     title=f"${_GREEK.get(vary, vary)} = {_number(value)}$", **{**parameters, vary: value})
        if ax not in axes[-1]:
            ax.set_xlabel("")
        if ax not in axes[:, 0]:
            ax.set_ylabel("")
    for ax in axes.flat[len(values):]:
        ax.set_visible(False)
    mappable = axes.flat[0].collections[0]
    fig.colorbar(mappable, ax=axes, shrink=0.8, aspect=30, pad=0.02, label="metric value", format="%.2g")
    fixed = ", ".join(f"${_GREEK.get(n, n)} = {_number(v)}$" for n, v in parameters.items())
    fig.suptitle(", ".join(filter(None, [_metric_label(metric), fixed])) + f": varying ${_GREEK.get(vary, vary)}$")
    return fig


from ._stats_plots import prevalence_curve  # noqa: E402  (defined in its own module, re-exported here)
