"""G_{beta,rho} at every decision threshold, and the threshold that maximizes it.

The counts at each threshold come from the one sorted pass of
:mod:`symmetric.metrics._thresholds` (through :func:`symmetric.metrics._sorted_pass.sorted_counts`,
shared with every other curve); G is then evaluated block by block of
thresholds, so that its temporaries stay small.
"""

from __future__ import annotations

import math

import numpy as np

from ._combine import f_beta_from_sums_values, g_values, limit_parameter
from ._params import BETA, BOOLEAN, N_BINS, RHO, SCORED_TARGETS, declare, square
from ._sorted_pass import sorted_counts
from ._thresholds import ThresholdCounts

__all__ = ["g_beta_rho_curve", "best_threshold", "values_at_thresholds"]

#: Thresholds handled per block when the counts are turned into G values.
_BLOCK = 1 << 18
#: The arguments :func:`g_beta_rho_curve` and :func:`best_threshold` share.
_CURVE_ARGUMENTS = dict(**SCORED_TARGETS, beta=BETA, rho=RHO, n_bins=N_BINS)


def values_at_thresholds(c: ThresholdCounts, score) -> np.ndarray:
    """``score(tp, predicted, positives)`` at each threshold of ``c``, computed block by block of thresholds."""
    values = np.empty(len(c.thresholds), dtype=np.float64)
    positives = c.total_positives
    for a in range(0, len(c.thresholds), _BLOCK):
        tp = c.tps[a : a + _BLOCK]
        values[a : a + _BLOCK] = score(tp, tp + c.fps[a : a + _BLOCK], positives)
    return values


def _g_scorer(beta, rho):
    """G at each threshold; at rho = -2, F_beta from the counts (see :mod:`symmetric.metrics._combine`)."""
    side = limit_parameter(beta, rho)
    beta2 = square(beta)
    if rho == -2.0 and side is None and math.isfinite(beta2):  # else G's own code, accurate for huge beta
        return lambda tp, predicted, positives: f_beta_from_sums_values(tp, positives, predicted, beta2)[0]
    return lambda tp, predicted, positives: g_values(tp / predicted, tp / positives, beta, rho)


@declare(**_CURVE_ARGUMENTS)
def g_beta_rho_curve(
    y_true, y_score, *, beta=1.0, rho=-2.0, pos_label=None, sample_weight=None, n_bins=None
) -> tuple[np.ndarray, np.ndarray]:
    """G_{beta,rho} of the predictions ``y_score >= t`` for every distinct score ``t``.

    Parameters
    ----------
    y_true : 1-d array-like of binary labels
    y_score : 1-d array-like of finite real scores
    beta : float in [0, inf], default 1.0
    rho : float, default -2.0 (F_beta)
    pos_label : int, float, bool or str, optional
        The positive class; by default 1 when ``y_true`` takes values in
        {0, 1} or {-1, 1}.
    sample_weight : array-like of shape (n_samples,), optional
        Samples of weight 0 are left out.
    n_bins : int, optional
        Put the scores in ``n_bins`` bins of equal width between the smallest
        and the largest score and take the bins' lower edges as thresholds
        (a binned approximation, for data too large to sort). The values at
        those thresholds are exact; see :func:`best_threshold` for the bound
        on what the bins miss.

    Returns
    -------
    values : ndarray of float
        ``values[i]`` is G computed from the predictions ``y_score >= thresholds[i]``.
    thresholds : ndarray
        The distinct scores (with ``n_bins``, the lower edges of the nonempty
        bins), in decreasing order.

    Dask arrays or Series are counted chunk by chunk (the distinct scores
    of each chunk with their counts, merged in a tree; with ``n_bins``, one
    pass for the range of the scores and one for the bin counts): the same
    result as in memory, bit for bit, with or without sample weights.

    Examples
    --------
    >>> from symmetric.metrics import g_beta_rho_curve
    >>> values, thresholds = g_beta_rho_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> thresholds
    array([0.8 , 0.4 , 0.35, 0.1 ])
    >>> values.round(4)
    array([0.6667, 0.5   , 0.8   , 0.6667])
    """
    return _checked_curve(y_true, y_score, beta, rho, pos_label, sample_weight, n_bins, "g_beta_rho_curve")


def _checked_curve(y_true, y_score, beta, rho, pos_label, sample_weight, n_bins, func):
    """The curve of arguments ``func``'s declaration has checked, with errors naming ``func``."""
    beta, rho = float(beta), float(rho)
    counts = sorted_counts(
        y_true,
        y_score,
        pos_label=pos_label,
        sample_weight=sample_weight,
        func=func,
        require_positive=True,
        n_bins=n_bins,
    )
    return values_at_thresholds(counts, _g_scorer(beta, rho)), counts.thresholds


@declare(**_CURVE_ARGUMENTS, optimality=BOOLEAN)
def best_threshold(
    y_true, y_score, *, beta=1.0, rho=-2.0, pos_label=None, sample_weight=None, n_bins=None, optimality=False
) -> tuple:
    """The threshold ``t`` whose predictions ``y_score >= t`` maximize G, and that maximum.

    Among equally good thresholds the highest is returned. Arguments as for
    :func:`g_beta_rho_curve`. With ``optimality=True`` (F_beta only, scores
    that are probabilities) a third value, a
    :class:`~symmetric.metrics._optimal_threshold.ThresholdOptimality`,
    reports whether the predicted positives' scores straddle
    ``F*/(1 + beta**2)`` as the F-optimal set of calibrated probabilities
    must (Lipton, Elkan and Narayanaswamy 2014; claims ``threshold.*``).

    **Error bound with** ``n_bins``. The returned G is the exact G of the
    returned threshold (a bin's lower edge), so it never exceeds the best G
    over all thresholds, G*. Number the nonempty bins from the top; a
    threshold inside bin i selects at most the positives of bins >= i and at
    least the negatives of bins > i, and G increases with precision and
    with recall (claims ``structure.g.increasing_in_precision`` and
    ``structure.g.increasing_in_recall``), so

        G(returned) <= G* <= max over i of G(P_i, R_i), with
        P_i = TP_i / (TP_i + FP_(i-1)), R_i = TP_i / (all positives),

    where TP_i counts the positives in bins >= i and FP_(i-1) the negatives
    in bins > i. The gap shrinks as bins get finer: it is 0 when every bin
    holds one distinct score.

    >>> from symmetric.metrics import best_threshold
    >>> best_threshold([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    (0.35, 0.8)
    >>> t, f, check = best_threshold([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], optimality=True)
    >>> check.bound, check.satisfied               # 0.35 >= 0.8/2 fails: not calibrated
    (0.4, False)
    >>> check.expected_threshold, round(check.expected_f, 3)   # where calibrated scores would put it
    (0.35, 0.667)
    """
    optimality = bool(optimality)
    values, thresholds = _checked_curve(y_true, y_score, beta, rho, pos_label, sample_weight, n_bins, "best_threshold")
    i = int(np.argmax(values))
    if not optimality:
        return thresholds[i].item(), float(values[i])
    from ._optimal_threshold import threshold_optimality

    check = threshold_optimality(
        y_score, thresholds[i], float(values[i]), beta=float(beta), rho=float(rho), sample_weight=sample_weight
    )
    return thresholds[i].item(), float(values[i]), check
