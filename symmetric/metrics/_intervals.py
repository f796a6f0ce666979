"""Confidence intervals of averaged count metrics from their tables: delta method, Wilson, bootstrap.

Every function takes a :class:`~symmetric.metrics._tables.Table` and arrays
of cells whose last axis holds the table's cells (leading axes are batches:
the simulation study evaluates thousands of data sets in one call), and
returns ``(estimate, low, high)`` arrays.

Small samples: the delta method linearizes at, and the bootstrap resamples
from, the counts plus ``pseudo_count`` samples per cell (default 1/2: the
posterior mean of the cell probabilities under Jeffreys' prior; for one
proportion the delta method then gives nearly the Agresti-Coull interval).
Without it both fail when a cell is empty or nearly so (recall from 10
positives none of which is missed, say): the variance, or every resample,
collapses onto the estimate. The interval is then widened, where needed,
to contain the plain estimate.

``squares`` holds the sums of squared sample weights per cell (the cells
themselves without weights). With weights, the bootstrap draws
``n_eff = W**2 / sum(w**2)`` samples (Kish's effective sample size) and
rescales them to the total weight ``W``, and the jackknife of BCa removes
one sample of the cell's mean weight ``sum(w**2)/W_cell``: exact without
weights, approximations with them.

Normal quantiles come from :class:`statistics.NormalDist` (no SciPy).
"""

from __future__ import annotations

from statistics import NormalDist

import numpy as np

from . import _generated
from ._count_metrics import PROPORTIONS
from ._tables import Table

__all__ = [
    "normal_quantile",
    "delta",
    "on_scale",
    "widen",
    "normal_tail",
    "wilson",
    "resample",
    "bootstrap_values",
    "sort_resamples",
    "percentile",
    "bca",
]

_NORMAL = NormalDist()
_cdf = np.frompyfunc(_NORMAL.cdf, 1, 1)
_ppf = np.frompyfunc(_NORMAL.inv_cdf, 1, 1)


def normal_tail(z) -> float:
    """``P(Z > z)`` for a standard normal ``Z``: the upper tail, computed as the lower tail at ``-z`` (no cancellation)."""
    return _NORMAL.cdf(-float(z))


def normal_quantile(level: float) -> float:
    """The two-sided normal quantile ``z`` of a ``level`` interval (1.96 for 0.95).

    From the lower tail ``(1 - level) / 2``, which is exact, rather than from
    ``0.5 + level / 2``, which rounds to 1 for a level within 1e-16 of 1.

    >>> round(normal_quantile(0.95), 6), round(normal_quantile(0.9999999999999999), 3), normal_quantile(5e-324)
    (1.959964, 8.292, 0.0)
    """
    return abs(_NORMAL.inv_cdf((1 - level) / 2))  # the tail is at most 1/2: abs is the negation, without -0.0


def _transform(scale: str):
    """The scale's transform, its derivative and its inverse: generated from
    :func:`symmetric.families.uncertainty.transform`."""
    return tuple(getattr(_generated, f"scale_{scale}{part}") for part in ("", "_derivative", "_inverse"))


def _wilson():
    """Wilson's bounds in ``(k, n, z)``: generated from :func:`symmetric.families.uncertainty.wilson_bounds`."""
    return _generated.wilson_low, _generated.wilson_high


def _float(a) -> np.ndarray:
    return np.asarray(a, dtype=np.float64)


def widen(low, high, estimate) -> tuple[np.ndarray, np.ndarray]:
    """Bounds moved out, where needed, so that the interval contains the estimate (NaN stays NaN)."""
    low, high, estimate = _float(low), _float(high), _float(estimate)
    with np.errstate(invalid="ignore"):
        return (
            np.where(np.isnan(low), np.nan, np.fmin(low, estimate)),
            np.where(np.isnan(high), np.nan, np.fmax(high, estimate)),
        )


def pseudo_cells(cells, squares, pseudo_count: float):
    """What ``pseudo_count`` samples per cell add to the cells and to their squared weights.

    A sample has the mean weight ``sum(w**2) / sum(w)`` (1 without weights).
    """
    cells, squares = _float(cells), _float(squares)
    weight = squares.sum(axis=-1, keepdims=True) / cells.sum(axis=-1, keepdims=True)
    ones = np.ones(cells.shape[-1])
    return pseudo_count * weight * ones, pseudo_count * weight**2 * ones


def delta(table: Table, cells, squares, *, z: float, scale: str = "logit", pseudo_count: float = 0.5, strata=None):
    """The delta-method interval: the metric plus or minus ``z`` standard errors, on ``scale``.

    The variance is :func:`symmetric.families.uncertainty.delta_variance`,
    ``sum(q * (g - g_mean)**2)`` with the metric's gradient ``g``, and both
    the centre and the variance are taken at the counts plus
    ``pseudo_count`` samples per cell; the interval is then widened to
    contain the plain estimate. Returns ``(estimate, low, high)``.

    ``strata`` (an integer per cell, on the last axis) makes each group of
    cells its own multinomial sample of fixed size (a stratified design):
    the mean gradient is then taken per stratum (``delta_variance(...,
    strata=...)`` of :mod:`symmetric.families.uncertainty`).
    """
    cells, squares = _float(cells), _float(squares)
    estimate = _float(table.values(cells))
    extra, extra_squares = pseudo_cells(cells, squares, pseudo_count)
    cells, squares = cells + extra, squares + extra_squares
    with np.errstate(all="ignore"):
        center = _float(table.values(cells))
        g = table.gradient(cells)
        occupied = cells > 0
        g = np.where(occupied, g, 0.0)
        if strata is None:
            mean = ((cells * g).sum(axis=-1) / cells.sum(axis=-1))[..., None]
        else:
            member = np.asarray(strata)[None, :] == np.unique(strata)[:, None]  # (strata, cells)
            sums = [(np.where(m, cells * g, 0.0).sum(axis=-1) / np.where(m, cells, 0.0).sum(axis=-1)) for m in member]
            mean = sum(np.where(m, s_[..., None], 0.0) for m, s_ in zip(member, sums))
        variance = np.where(occupied, squares * (g - mean) ** 2, 0.0).sum(axis=-1)
        low, high = on_scale(center, np.sqrt(variance), z=z, scale=scale)
    return (estimate,) + widen(low, high, estimate)


def on_scale(center, se, *, z: float, scale: str):
    """``center`` plus or minus ``z`` standard errors ``se``, on ``scale`` (the delta method through its transform).

    On the logit scale the half-width is ``z se |t'(center)|`` and the bounds
    are mapped back, so they stay inside (0, 1). A centre that rounds to 0
    or 1 (extreme parameters or prevalences, a perfect ranking) has no
    finite logit: there the interval is the identity-scale one, cut to
    [0, 1], where every metric of that scale lies.
    """
    center, se = _float(center), _float(se)
    with np.errstate(all="ignore"):
        if scale == "identity":
            return center - z * se, center + z * se
        forward, derivative, inverse = _transform(scale)
        middle, spread = _float(forward(center)), z * se * np.abs(_float(derivative(center)))
        finite = np.isfinite(middle) & np.isfinite(spread)
        return tuple(
            np.where(
                finite,
                _float(inverse(np.where(finite, middle + s * spread, 0.0))),
                np.clip(center + s * z * se, 0.0, 1.0),
            )
            for s in (-1.0, 1.0)
        )


def _micro_proportion(table: Table, cells, squares):
    """Successes and trials of micro precision, recall or accuracy: the diagonal and the total."""
    m, k = cells, table.n_classes
    diagonal = np.arange(k) * (k + 1)
    return m[..., diagonal].sum(axis=-1), m.sum(axis=-1), squares[..., diagonal].sum(axis=-1), squares.sum(axis=-1)


def wilson(table: Table, cells, squares, *, z: float):
    """Wilson's score interval for a metric that is a proportion (:data:`PROPORTIONS`).

    With sample weights the number of trials is Kish's effective number
    ``(sum w)**2 / sum(w**2)`` over the trial cells.
    """
    cells, squares = _float(cells), _float(squares)
    estimate = _float(table.values(cells))
    if table.average == "micro":
        k, n, k2, n2 = _micro_proportion(table, cells, squares)
    else:
        successes, trials = PROPORTIONS[table.metric.name]
        k, n = (cells[..., list(ix)].sum(axis=-1) for ix in (successes, trials))
        n2 = squares[..., list(trials)].sum(axis=-1)
    with np.errstate(all="ignore"):
        n_eff = n**2 / n2
        k_eff = k / n * n_eff
        low, high = (_float(f(k_eff, n_eff, _float(z))) for f in _wilson())
    undefined = ~(n > 0)
    return estimate, np.where(undefined, np.nan, low), np.where(undefined, np.nan, high)


def resample(cells, squares, n_resamples: int, rng: np.random.Generator, *, pseudo_count: float = 0.5):
    """``n_resamples`` multinomial resamples of each table: shape ``(n_resamples,) + cells.shape``.

    The cell probabilities are those of the counts plus ``pseudo_count``
    samples per cell; each resample has the data's (effective) number of
    samples and is rescaled to its total weight.
    """
    cells, squares = _float(cells), _float(squares)
    total = cells.sum(axis=-1)
    n_draw = np.maximum(np.rint(total**2 / squares.sum(axis=-1)), 1).astype(np.int64)
    extra, _ = pseudo_cells(cells, squares, pseudo_count)
    p = (cells + extra) / (cells + extra).sum(axis=-1, keepdims=True)
    draws = rng.multinomial(n_draw, p, size=(n_resamples,) + p.shape[:-1])
    scale = total / n_draw
    return draws * scale[..., None] if np.any(scale != 1) else draws.astype(np.float64)


def bootstrap_values(table: Table, cells, squares, n_resamples: int, rng, *, pseudo_count: float = 0.5):
    """The metric of each resample (:func:`resample`): shape ``(n_resamples,) + batch shape``."""
    return _float(table.values(resample(cells, squares, n_resamples, rng, pseudo_count=pseudo_count)))


def _quantiles(ordered: np.ndarray, probs) -> np.ndarray:
    """Linear-interpolation quantiles at ``probs`` (one per column) of each column's finite values.

    ``ordered`` is sorted along axis 0 with NaN last (:func:`sort_resamples`);
    a column without finite values gives NaN.
    """
    finite = np.isfinite(ordered).sum(axis=0)
    probs = np.broadcast_to(np.clip(_float(probs), 0.0, 1.0), finite.shape)
    position = probs * np.maximum(finite - 1, 0)
    lower = np.floor(position).astype(np.intp)
    upper = np.minimum(lower + 1, np.maximum(finite - 1, 0))
    take = lambda i: np.take_along_axis(ordered, i[None, ...], axis=0)[0]  # noqa: E731
    below, above = take(lower), take(upper)
    with np.errstate(invalid="ignore"):
        out = np.where(upper == lower, below, below + (position - lower) * (above - below))
    return np.where(finite > 0, out, np.nan)


def sort_resamples(values: np.ndarray) -> np.ndarray:
    """Bootstrap values sorted along axis 0 (resamples), undefined (NaN) ones last: the input of the intervals."""
    return np.sort(values, axis=0)


def percentile(ordered: np.ndarray, estimate, *, level: float):
    """The percentile interval of sorted bootstrap values (:func:`sort_resamples`), widened to hold ``estimate``."""
    alpha = (1 - level) / 2
    return widen(_quantiles(ordered, alpha), _quantiles(ordered, 1 - alpha), estimate)


def _jackknife_acceleration(table: Table, cells, squares, extra) -> np.ndarray:
    """BCa's acceleration from the jackknife, computed from the counts: one deletion per occupied cell."""
    d = cells.shape[-1]
    with np.errstate(all="ignore"):
        weight = np.where(cells > 0, squares / cells, 0.0)  # the mean weight of a sample in each cell
        multiplicity = np.where(cells > 0, cells**2 / squares, 0.0)  # how many samples the cell holds
        deleted = (cells + extra)[..., None, :] - weight[..., :, None] * np.eye(d)
        theta = _float(table.values(deleted))  # (..., d): one value per deleted cell
        theta = np.where(multiplicity > 0, theta, 0.0)
        mean = (multiplicity * theta).sum(axis=-1) / multiplicity.sum(axis=-1)
        u = np.where(multiplicity > 0, mean[..., None] - theta, 0.0)
        second = (multiplicity * u**2).sum(axis=-1)
        a = (multiplicity * u**3).sum(axis=-1) / (6 * second**1.5)
    return np.where(np.isfinite(a), a, 0.0)


def bca(table: Table, cells, squares, ordered: np.ndarray, estimate, *, level: float, pseudo_count: float = 0.5):
    """The bias-corrected and accelerated (BCa) interval of sorted bootstrap values (:func:`sort_resamples`).

    The resamples are drawn from the counts plus ``pseudo_count`` samples
    per cell (:func:`resample`), so the bias correction ``z0`` counts the
    resamples below the metric of those counts, ties as half (the counts
    are discrete, so ties are common); the acceleration comes from the
    jackknife over the cells, evaluated with the same pseudo-counts. The
    interval is widened to hold ``estimate``.
    """
    cells, squares, estimate = _float(cells), _float(squares), _float(estimate)
    extra, _ = pseudo_cells(cells, squares, pseudo_count)
    center = _float(table.values(cells + extra))
    finite = np.isfinite(ordered).sum(axis=0)
    below = (ordered < center).sum(axis=0) + 0.5 * (ordered == center).sum(axis=0)
    b = np.maximum(finite, 1)
    share = np.clip(below / b, 0.5 / b, 1 - 0.5 / b)
    z0 = _float(_ppf(share))
    a = _jackknife_acceleration(table, cells, squares, extra)
    z = normal_quantile(level)
    with np.errstate(all="ignore"):
        probs = [_float(_cdf(z0 + (z0 + s) / (1 - a * (z0 + s)))) for s in (-z, z)]
    low, high = (_quantiles(ordered, p) for p in probs)
    return widen(low, high, estimate)
