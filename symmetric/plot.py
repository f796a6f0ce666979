"""Level curves of metrics over (precision, recall), with the break-even line.

Needs matplotlib, an optional extra: ``pip install ".[plot]"`` in a clone of the
repository, or ``pip install matplotlib``.

Recall runs across and precision up, so the slope of a level curve is
``S = dP/dR = -(df/dR)/(df/dP)`` (see :mod:`symmetric.explore.geometry`).
The break-even line ``R = k P``, where a unit of recall is worth a unit of
precision, is drawn dashed when the engine proves where it is; what the
engine says about it is written below the plot (or in a panel's title), never
over the data. Contour labels take the colour that contrasts with their band,
with a halo, so they read on every colour of the map.

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
import textwrap
import warnings
from dataclasses import dataclass

import numpy as np
import sympy

from ._figures import INSTALL as INSTALL, PANEL_SIZE as PANEL_SIZE, SINGLE_SIZE as SINGLE_SIZE
from ._figures import pyplot as _pyplot
from ._validation import InvalidParameterError
from .families import FAMILIES, get_family
from .families._parameters import parameter as _parameter
from .symbols import P, R

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


# Colour bar ticks at most; beyond, every other level is ticked (0 and 1 always are).
_MAX_TICKS = 11
# Longest title written as a formula; longer expressions are written as wrapped text.
_MAX_FORMULA = 70


class UnboundedMetricWarning(UserWarning):
    """The metric is unbounded on the unit square: its colours cover the bulk of its values only."""


def close(figure) -> None:
    """Release a figure made by this module (None: the current figure)."""
    plt = _pyplot()
    from matplotlib.figure import Figure

    if figure is not None and not isinstance(figure, Figure):
        raise InvalidParameterError.of("figure", "close", "a matplotlib Figure (or None for the current one)", figure)
    plt.close(figure)


def _number(value) -> str:
    value = sympy.nsimplify(value) if isinstance(value, float) else sympy.sympify(value)
    if value.is_Float or (value.is_Rational and max(abs(value.p), value.q) > 10**6):
        return _float_latex(float(value))
    return sympy.latex(value)


def _float_latex(x: float) -> str:
    r"""A number in LaTeX with three significant digits.

    >>> [_float_latex(x) for x in (2.1e6, 1e40, 0.25, -1e-300)]
    ['2.1 \\times 10^{6}', '10^{40}', '0.25', '-10^{-300}']
    """
    mantissa, _, exponent = f"{x:.3g}".partition("e")
    if not exponent:
        return mantissa
    power = f"10^{{{int(exponent)}}}"
    return {"1": power, "-1": f"-{power}"}.get(mantissa, rf"{mantissa} \times {power}")


# --- the metric --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Metric:
    """A metric with values for all its parameters: the expression (None for a family whose values are too
    large for exact arithmetic), its title, the values, and its numeric function of (precision, recall)."""

    metric: object
    expr: sympy.Expr | None
    title: str
    values: dict
    function: object


def _check_value(name, value, symbol, func):
    """A parameter value as a SymPy number within its symbol's assumptions and the float range."""
    positive = bool(symbol.is_positive) if symbol is not None else True
    if isinstance(value, float) and math.isfinite(value):
        value = sympy.nsimplify(value, rational=True)  # 0.5 is 1/2: exact analysis, and a readable title
    number = _parameter(value, name=name, func=func, positive=positive)
    if not number.is_number:
        raise InvalidParameterError.of(name, func, "a number", value)
    if not math.isfinite(float(number)):
        raise InvalidParameterError.of(name, func, "a number within the range of floats", value)
    return number


def _resolve(metric, parameters: dict, func: str) -> _Metric:
    """The metric with every parameter given a value, its title and its numeric function."""
    if isinstance(metric, str):
        family = get_family(metric)
        unknown = sorted(set(parameters) - set(family.parameter_names))
        missing = [n for n in family.parameter_names if n not in parameters]
        if unknown or missing:
            raise InvalidParameterError.of(
                "parameters",
                func,
                f"values for exactly the parameters {list(family.parameter_names)} of {metric}",
                sorted(parameters),
            )
        symbols = dict(zip(family.parameter_names, family.parameters))
        values = {n: _check_value(n, parameters[n], symbols[n], func) for n in family.parameter_names}
        try:
            expr = family(**values)
        except InvalidParameterError:
            if not _has_numeric(metric):
                raise
            expr = None  # too large for exact powers; the numeric function follows the family's limits
    elif isinstance(metric, sympy.Expr):
        symbols = {s.name: s for s in metric.free_symbols - {P, R}}
        if set(parameters) != set(symbols):
            raise InvalidParameterError.of(
                "parameters",
                func,
                f"values for exactly the parameters {sorted(symbols)} of the expression",
                sorted(parameters),
            )
        values = {n: _check_value(n, parameters[n], symbols[n], func) for n in sorted(parameters)}
        expr = metric.xreplace({symbols[n]: v for n, v in values.items()})
        if expr.free_symbols - {P, R}:
            raise InvalidParameterError.of("parameters", func, "numbers", parameters)
    else:
        raise InvalidParameterError.of("metric", func, f"a SymPy expression or one of {sorted(FAMILIES)}", metric)
    shown = ", ".join(f"${_greek(n)} = {_number(v)}$" for n, v in values.items())
    title = ", ".join(filter(None, [_metric_label(metric), shown]))
    return _Metric(metric, expr, title, values, _numeric(metric, expr, values))


def _has_numeric(metric) -> bool:
    """Whether the family has generated numeric code (its record says so)."""
    return isinstance(metric, str) and get_family(metric).numeric


def _greek(name: str) -> str:
    """A parameter's LaTeX label: a registered family's record gives it, any other name is shown as is."""
    for family in FAMILIES.values():
        for p in family.params:
            if p.name == name:
                return p.label
    return name


def _numeric(metric, expr, values):
    """The metric as a NumPy function of (precision, recall), from :mod:`symmetric.numeric`.

    A registered family uses its numerically stable generated function (which
    takes any finite parameter value); anything else is compiled.
    """
    from . import numeric

    if _has_numeric(metric):
        family, floats = getattr(numeric, metric), {n: float(v) for n, v in values.items()}
        return lambda precision, recall: family(precision, recall, **floats)
    return numeric.compile(expr, (P, R), zero_division=np.nan)


def _metric_label(metric) -> str:
    if isinstance(metric, str):
        return get_family(metric).label
    return _expression_title(metric)


def _expression_title(expr) -> str:
    """``f(P, R) = ...`` typeset when short enough and within matplotlib's mathtext, else wrapped text."""
    formula = f"$f(P, R) = {sympy.latex(expr)}$"
    if len(formula) <= _MAX_FORMULA:
        try:
            from matplotlib import mathtext

            mathtext.MathTextParser("path").parse(formula)
            return formula
        except Exception:  # noqa: BLE001 - any parse failure means: write it as text
            pass
    return "\n".join(textwrap.wrap(f"f(P, R) = {sympy.sstr(expr)}", 60))


# --- break-even line (the ratio comes from symmetric.explore.break_even; here it is only drawn) -------------


def break_even_ratio(expr: sympy.Expr) -> tuple[sympy.Expr | None, str]:
    """The proven break-even ratio R/P of a metric without free parameters, or None and why.

    See :func:`symmetric.explore.break_even.break_even_ratio` (imported when
    needed: importing the plots does not load the engine).

    >>> from symmetric import P, R
    >>> break_even_ratio(2 * P * R / (P + 4 * R))
    (1/2, '')
    """
    from .explore.break_even import break_even_ratio as ratio

    return ratio(expr)


def _ratio(metric: _Metric, break_even: bool) -> tuple[sympy.Expr | None, str]:
    if not break_even:
        return None, ""
    from .explore.break_even import break_even_ratio as ratio, family_break_even_ratio

    if metric.expr is None:
        return family_break_even_ratio(metric.metric, metric.values)
    return ratio(metric.expr)


def _ratio_text(ratio) -> str:
    return "" if ratio == 1 else sympy.latex(ratio)


def _draw_break_even(ax, ratio):
    k = float(ratio)
    end = (1.0, 1.0 / k) if k >= 1 else (k, 1.0)
    (line,) = ax.plot(
        [0.0, end[0]],
        [0.0, end[1]],
        color="black",
        linestyle=(0, (5, 3)),
        linewidth=1.6,
        label=f"break-even $R = {_ratio_text(ratio)}P$",
        gid="break_even",
        zorder=3,
    )
    line.set_path_effects(_halo("white", 3.2))
    return line


def _break_even_caption(ratio, note) -> str:
    """What the engine says about the break-even line, in a few words."""
    from .explore.geometry import EVERY_RATIO

    if ratio is None:
        if note.startswith(("df/dR = ", "no positive ratio", "f does not depend")):
            return "no break-even ratio"
        return "break-even ratio unknown" if note else ""
    if ratio == EVERY_RATIO:
        return "every ratio R/P is break-even"
    return f"break-even $R = {_ratio_text(ratio)}P$ (dashed)"


# --- values, levels and colours ----------------------------------------------------------------------


def _evaluate(func, precision, recall):
    with np.errstate(all="ignore"):
        values = np.asarray(func(precision, recall), dtype=complex) * np.ones_like(recall)
        return np.where(np.abs(values.imag) <= 1e-12 * np.maximum(1, np.abs(values.real)), values.real, np.nan)


def _grid(func, resolution):
    axis = np.linspace(1.0 / resolution, 1.0, resolution)
    recall, precision = np.meshgrid(axis, axis)
    return recall, precision, _evaluate(func, precision, recall)


def _unbounded(func) -> tuple[bool, float, str]:
    """Whether the metric grows without bound towards an edge of the square, the largest value seen, and where.

    The metric is evaluated towards the edges P = 0, R = 0 and the corner
    (0, 0) at 1e-6 and 1e-12: a value that keeps growing (or is infinite)
    is unbounded.
    """
    near, nearer = 1e-6, 1e-12
    worst, where = 0.0, ""
    for label, point in (
        ("R = 0", lambda s: (np.ones(3), s)),
        ("P = 0", lambda s: (s, np.ones(3))),
        ("P = R = 0", lambda s: (s, s)),
    ):
        p1, r1 = point(np.full(3, near))
        p2, r2 = point(np.full(3, nearer))
        a = np.abs(_evaluate(func, p1, r1))[0]
        b = np.abs(_evaluate(func, p2, r2))[0]
        if np.isinf(b) or (np.isfinite(a) and np.isfinite(b) and b > 2 * a + 1):
            if not np.isfinite(b) or b > worst:
                worst, where = float(b), label
    return bool(where), worst, where


def _round_levels(lo: float, hi: float, count: int) -> np.ndarray:
    """About ``count`` round levels strictly between ``lo`` and ``hi``."""
    from matplotlib.ticker import MaxNLocator

    ticks = MaxNLocator(nbins=count + 1, steps=[1, 2, 2.5, 5, 10]).tick_values(lo, hi)
    span = hi - lo
    inner = ticks[(ticks > lo + 1e-9 * span) & (ticks < hi - 1e-9 * span)]
    return inner if inner.size else np.array([(lo + hi) / 2])


def _quantile_levels(finite, count: int) -> np.ndarray:
    """About ``count`` levels at quantiles of the values (two significant digits): each band covers a
    similar share of the square, however skewed the values are."""
    raw = np.percentile(finite, np.linspace(100 / (count + 1), 100 * count / (count + 1), count))
    rounded = np.array([float(f"{x:.2g}") for x in raw])
    return np.unique(rounded)


def _levels(values, levels, unbounded: bool):
    """The contour levels, the boundaries of the filled bands, and how the colour bar extends.

    For an unbounded metric, the levels are quantiles of its values on the
    grid (or the given levels), and the bands beyond them extend the colour bar.
    """
    finite = values[np.isfinite(values)]
    lo, hi = (float(finite.min()), float(finite.max())) if finite.size else (0.0, 1.0)
    if unbounded and finite.size:
        chosen = (
            np.asarray(sorted(levels), dtype=float)
            if levels is not None and not isinstance(levels, int)
            else _quantile_levels(finite, 9 if levels is None else levels)
        )
        if chosen.size >= 2:
            return chosen, chosen, "both"
    unit = not unbounded and lo >= -1e-12 and hi <= 1 + 1e-12
    low, high = (0.0, 1.0) if unit else (lo, hi if hi > lo else lo + 1.0)
    if levels is not None and not isinstance(levels, int):
        chosen = np.asarray(sorted(levels), dtype=float)
    else:
        chosen = _round_levels(low, high, 9 if levels is None else levels)
    if unit:
        bounds = np.unique(np.concatenate([[0.0], chosen, [1.0]]))
        return chosen, bounds, "neither"
    bounds = np.unique(np.concatenate([[min(low, chosen[0])], chosen, [max(high, chosen[-1])]]))
    return chosen, bounds, "neither"


def _colour_ticks(bounds) -> np.ndarray:
    """The colour bar's ticks: every boundary, or every other level when there are many; always both ends."""
    if len(bounds) <= _MAX_TICKS:
        return bounds
    step = math.ceil((len(bounds) - 1) / (_MAX_TICKS - 1))
    ticks = list(bounds[::step])
    if ticks[-1] != bounds[-1]:
        ticks[-1] = bounds[-1] if bounds[-1] - ticks[-1] > (bounds[1] - bounds[0]) * step / 2 else ticks[-1]
        if ticks[-1] != bounds[-1]:
            ticks.append(bounds[-1])
    return np.asarray(ticks)


def _halo(colour, width=2.4):
    from matplotlib import patheffects

    return [patheffects.withStroke(linewidth=width, foreground=colour)]


def _light(colour) -> bool:
    from matplotlib.colors import to_rgb

    r, g, b = to_rgb(colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.45


def _contrasting(cmap, norm, level) -> tuple[str, str]:
    """Line colour and halo colour for a level: dark on light bands, light on dark ones."""
    return ("#111111", "white") if _light(cmap(norm(level))) else ("white", "#111111")


def _label_positions(segments_by_level, ratio):
    """One point on each drawn level, for its inline label.

    The point of the level nearest in angle to a ray from the origin that
    points away from the break-even line, so that the labels line up along
    it, away from the edges and from the origin (where many levels meet); a
    level lying along the ray gets the middle of its stretch.
    """
    rays = [(0.8, 1.0), (1.0, 0.55)]
    if ratio is not None:
        angle = math.atan2(1.0, float(ratio))
        rays.sort(key=lambda ray: -abs(math.atan2(ray[1], ray[0]) - angle))
    target = math.atan2(rays[0][1], rays[0][0])
    positions = []
    for segments in segments_by_level:
        segments = [s for s in segments if len(s) >= 2]
        if not segments:
            continue
        points = np.concatenate(segments)
        inside = points[(points.min(axis=1) > 0.04) & (points.max(axis=1) < 0.96) & (np.hypot(*points.T) > 0.2)]
        if not len(inside):
            longest = max(segments, key=lambda s: np.sum(np.hypot(*np.diff(s, axis=0).T)))
            positions.append(tuple(longest[len(longest) // 2]))
            continue
        off = np.abs(np.arctan2(inside[:, 1], inside[:, 0]) - target)
        nearest = np.flatnonzero(off <= off.min() + 1e-3)
        positions.append(tuple(inside[nearest[len(nearest) // 2]]))
    return positions


def _format(value: float) -> str:
    return f"{value:.3g}"


# --- plots ---------------------------------------------------------------------------------------


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
        ``"power_mean"``, ...) or an expression in ``symmetric.P`` and ``symmetric.R``.
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
    """
    func = "level_curves"
    if isinstance(resolution, bool) or not isinstance(resolution, int) or not 10 <= resolution <= 4000:
        raise InvalidParameterError.of("resolution", func, "an integer from 10 to 4000", resolution)
    if levels is not None and isinstance(levels, int) and not isinstance(levels, bool) and not 1 <= levels <= 100:
        raise InvalidParameterError.of("levels", func, "from 1 to 100 levels, or a sequence of levels", levels)
    if levels is not None and not isinstance(levels, int):
        try:
            ok = len(levels) > 0 and all(math.isfinite(float(v)) for v in levels)
        except (TypeError, ValueError):
            ok = False
        if not ok:
            raise InvalidParameterError.of("levels", func, "an integer or a sequence of finite numbers", levels)
    resolved = _resolve(metric, parameters, func)
    plt = _pyplot()
    single = ax is None
    if single:
        _, ax = plt.subplots(figsize=SINGLE_SIZE, layout="constrained")
    recall, precision, values = _grid(resolved.function, resolution)
    unbounded, largest, where = _unbounded(resolved.function)
    chosen, bounds, extend = _levels(values, levels, unbounded)
    if unbounded:
        warnings.warn(
            f"{_plain_title(resolved)} is unbounded on (0, 1]^2 (it reaches {largest:.3g} near {where}): "
            f"its levels are quantiles of its values on the grid, from {bounds[0]:.3g} to {bounds[-1]:.3g}",
            UnboundedMetricWarning,
            stacklevel=2,
        )
    from matplotlib.colors import BoundaryNorm

    colours = plt.get_cmap(cmap)
    norm = BoundaryNorm(bounds, colours.N, extend=extend)
    filled = ax.contourf(recall, precision, values, levels=bounds, cmap=colours, norm=norm, extend=extend)
    inks = [_contrasting(colours, norm, (a + b) / 2) for a, b in zip(bounds[:-1], bounds[1:])]
    line_colours = [inks[min(int(np.searchsorted(bounds, v, side="right")) - 1, len(inks) - 1)][0] for v in chosen]
    lines = ax.contour(recall, precision, values, levels=chosen, colors=line_colours, linewidths=0.9)
    ratio, note = _ratio(resolved, break_even)
    from .explore.geometry import EVERY_RATIO

    drawn = ratio if ratio is not None and ratio != EVERY_RATIO else None
    positions = _label_positions(lines.allsegs, drawn)
    labels = ax.clabel(lines, fmt=_format, fontsize=8 if single else 7, inline_spacing=4, manual=positions)
    for text in labels:
        text.set_path_effects(_halo("#111111" if _light(text.get_color()) else "white"))
    if drawn is not None:
        _draw_break_even(ax, drawn)
    ax.set(xlim=(0, 1), ylim=(0, 1), xlabel="recall $R$", ylabel="precision $P$", aspect="equal")
    caption = _break_even_caption(ratio, note) if break_even else ""
    if single:
        ax.set_title(resolved.title if title is None else title, fontsize=10)
        if drawn is not None:
            ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.13), fontsize=8, frameon=False)
        elif caption:
            ax.text(0.5, -0.15, caption, transform=ax.transAxes, ha="center", va="top", fontsize=8, gid="caption")
    else:
        heading = resolved.title if title is None else title
        ax.set_title(heading + (f"\n{caption}" if caption else ""), fontsize=9)
    if colorbar:
        bar = ax.figure.colorbar(filled, ax=ax, shrink=0.82, ticks=_colour_ticks(bounds))
        bar.ax.yaxis.set_major_formatter(_formatter())
        bar.set_label("metric value")
    return ax


def _plain_title(resolved: _Metric) -> str:
    if isinstance(resolved.metric, str):
        values = ", ".join(f"{n} = {sympy.sstr(v)}" for n, v in resolved.values.items())
        return f"{resolved.metric}({values})"
    return sympy.sstr(resolved.expr)


def _formatter():
    from matplotlib.ticker import FuncFormatter

    return FuncFormatter(lambda v, _: _format(v))


def _parameter_names(metric, func) -> tuple[str, ...]:
    if isinstance(metric, str):
        return get_family(metric).parameter_names
    if isinstance(metric, sympy.Expr):
        return tuple(sorted(s.name for s in metric.free_symbols - {P, R}))
    raise InvalidParameterError.of("metric", func, f"a SymPy expression or one of {sorted(FAMILIES)}", metric)


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
    if isinstance(values, (str, bytes)):
        raise InvalidParameterError.of("values", func, "1 to 16 values", values)
    try:
        values = list(values)
    except TypeError:
        raise InvalidParameterError.of("values", func, "1 to 16 values", values) from None
    if not 1 <= len(values) <= 16:
        raise InvalidParameterError.of("values", func, "1 to 16 values", values)
    ncols = ncols or min(len(values), 4)
    if isinstance(ncols, bool) or not isinstance(ncols, int) or ncols < 1:
        raise InvalidParameterError.of("ncols", func, "a positive integer", ncols)
    ncols = min(ncols, len(values))
    nrows = math.ceil(len(values) / ncols)
    for value in values:  # every value is checked before anything is drawn
        _resolve(metric, {**parameters, vary: value}, func)
    plt = _pyplot()
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
    for ax, value in zip(axes.flat, values):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", UnboundedMetricWarning)
            level_curves(
                metric,
                ax=ax,
                levels=levels,
                resolution=resolution,
                colorbar=False,
                title=f"${_greek(vary)} = {_number(value)}$",
                **{**parameters, vary: value},
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
        ticks=_colour_ticks(np.asarray(mappable.levels)),
    )
    bar.ax.yaxis.set_major_formatter(_formatter())
    fixed = ", ".join(f"${_greek(n)} = {_number(v)}$" for n, v in parameters.items())
    fig.suptitle(", ".join(filter(None, [_metric_label(metric), fixed])) + f": varying ${_greek(vary)}$")
    return fig


from ._stats_plots import prevalence_curve as prevalence_curve  # noqa: E402  (defined in its own module, re-exported here)
from ._gain_plots import prg_curve as prg_curve, unachievable_region as unachievable_region  # noqa: E402  (the same)
