"""Contour levels, colour-bar ticks, and where and in which ink the level labels go.

Levels are round values for a metric in [0, 1] (or between its extremes);
for an unbounded metric, quantiles of its values on the grid, so that each
band covers a similar share of the square. Labels take the ink that
contrasts with their band, with a halo, and line up along a ray from the
origin away from the break-even line.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Literal

import numpy as np

if TYPE_CHECKING:  # for the annotations only
    from matplotlib.ticker import FuncFormatter

__all__ = [
    "contour_levels",
    "colour_ticks",
    "formatter",
    "halo",
    "light",
    "contrasting",
    "label_positions",
    "format_level",
    "MAX_TICKS",
]

#: Colour bar ticks at most; beyond, every other level is ticked (both ends always are).
MAX_TICKS = 11


def _round_levels(lo: float, hi: float, count: int) -> np.ndarray:
    """About ``count`` round levels strictly between ``lo`` and ``hi``."""
    from matplotlib.ticker import MaxNLocator

    ticks = np.asarray(MaxNLocator(nbins=count + 1, steps=[1, 2, 2.5, 5, 10]).tick_values(lo, hi), dtype=float)
    span = hi - lo
    inner = ticks[(ticks > lo + 1e-9 * span) & (ticks < hi - 1e-9 * span)]
    return inner if inner.size else np.array([(lo + hi) / 2])


def _quantile_levels(finite, count: int) -> np.ndarray:
    """About ``count`` levels at quantiles of the values (two significant digits): each band covers a
    similar share of the square, however skewed the values are."""
    raw = np.percentile(finite, np.linspace(100 / (count + 1), 100 * count / (count + 1), count))
    rounded = np.array([float(f"{x:.2g}") for x in raw])
    return np.unique(rounded)


#: How a colour bar extends past its bands (matplotlib's ``extend``).
_Extend = Literal["neither", "both", "min", "max"]


def contour_levels(values, given, unbounded: bool) -> tuple[np.ndarray, np.ndarray, _Extend]:
    """The contour levels, the boundaries of the filled bands, and how the colour bar extends.

    ``given`` is None, about how many levels, or the levels. For an unbounded
    metric, the levels are quantiles of its values on the grid (or the given
    levels), and the bands beyond them extend the colour bar.
    """
    finite = values[np.isfinite(values)]
    lo, hi = (float(finite.min()), float(finite.max())) if finite.size else (0.0, 1.0)
    if unbounded and finite.size:
        chosen = (
            np.asarray(sorted(given), dtype=float)
            if given is not None and not isinstance(given, int)
            else _quantile_levels(finite, 9 if given is None else given)
        )
        if chosen.size >= 2:
            return chosen, chosen, "both"
    unit = not unbounded and lo >= -1e-12 and hi <= 1 + 1e-12
    low, high = (0.0, 1.0) if unit else (lo, hi if hi > lo else lo + 1.0)
    if given is not None and not isinstance(given, int):
        chosen = np.asarray(sorted(given), dtype=float)
    else:
        chosen = _round_levels(low, high, 9 if given is None else given)
    if unit:
        bounds = np.unique(np.concatenate([[0.0], chosen, [1.0]]))
        return chosen, bounds, "neither"
    bounds = np.unique(np.concatenate([[min(low, chosen[0])], chosen, [max(high, chosen[-1])]]))
    return chosen, bounds, "neither"


def colour_ticks(bounds) -> np.ndarray:
    """The colour bar's ticks: every boundary, or every other level when there are many; always both ends."""
    if len(bounds) <= MAX_TICKS:
        return bounds
    step = math.ceil((len(bounds) - 1) / (MAX_TICKS - 1))
    ticks = list(bounds[::step])
    if ticks[-1] != bounds[-1]:
        ticks[-1] = bounds[-1] if bounds[-1] - ticks[-1] > (bounds[1] - bounds[0]) * step / 2 else ticks[-1]
        if ticks[-1] != bounds[-1]:
            ticks.append(bounds[-1])
    return np.asarray(ticks)


def format_level(value: float) -> str:
    """A level as its labels and ticks write it: three significant digits."""
    return f"{value:.3g}"


def formatter() -> FuncFormatter:
    """A matplotlib tick formatter writing levels as :func:`format_level` does."""
    from matplotlib.ticker import FuncFormatter

    return FuncFormatter(lambda v, _: format_level(v))


def halo(colour, width=2.4) -> list:
    """A stroke of ``colour`` around text or a line, so that it reads on any band."""
    from matplotlib import patheffects

    return [patheffects.withStroke(linewidth=width, foreground=colour)]


def light(colour) -> bool:
    """Whether a colour is light (relative luminance above 0.45)."""
    from matplotlib.colors import to_rgb

    r, g, b = to_rgb(colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.45


def contrasting(cmap, norm, level) -> tuple[str, str]:
    """Line colour and halo colour for a level: dark on light bands, light on dark ones."""
    return ("#111111", "white") if light(cmap(norm(level))) else ("white", "#111111")


def _length(segment) -> float:
    """The length of a polyline (an array of points, one a row)."""
    # A named function, not a lambda: mypy checked the lambda against every overload of max() and of NumPy's
    # ufuncs (about 18 of mypy's 39 CPU seconds on symmetric/, cold cache, in tests/test_style.py).
    return float(np.sum(np.hypot(*np.diff(segment, axis=0).T)))


def label_positions(segments_by_level, ratio: float | None) -> list[tuple[float, float]]:
    """One point on each drawn level, for its inline label.

    The point of the level nearest in angle to a ray from the origin that
    points away from the break-even line ``R = ratio P``, so that the labels
    line up along it, away from the edges and from the origin (where many
    levels meet); a level lying along the ray gets the middle of its stretch.
    """
    rays = [(0.8, 1.0), (1.0, 0.55)]
    if ratio is not None:
        angle = math.atan2(1.0, ratio)
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
            longest = max(segments, key=_length)
            positions.append(tuple(longest[len(longest) // 2]))
            continue
        off = np.abs(np.arctan2(inside[:, 1], inside[:, 0]) - target)
        nearest = np.flatnonzero(off <= off.min() + 1e-3)
        positions.append(tuple(inside[nearest[len(nearest) // 2]]))
    return positions
