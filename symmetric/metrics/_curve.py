"""G_{beta,rho} at every decision threshold, and the threshold that maximizes it.

Sorting dominates. Without sample weights the scores of positives and of
negatives are sorted separately in one buffer and then merged by a stable
argsort of the two sorted runs (a linear merge), which is faster than one
argsort of all scores; the counts at each distinct score are then taken
block by block, so that besides the outputs at most one sorted copy of the
scores and a few boolean masks are alive at once. With sample weights, with
``n_bins`` and for Dask input the counts come from
:mod:`symmetric.metrics._thresholds` (weighted counts are exact sums, the
same bits in memory and chunk by chunk).
"""

from __future__ import annotations

import math

import numpy as np

from ._params import BETA, BOOLEAN, N_BINS, RHO, SCORED_TARGETS, declare, invalid, square
from ._combine import f_beta_from_sums_values, g_values, limit_parameter
from ._thresholds import pos_label_of as _pos_label
from ._target_arrays import _assert_finite, _check_lengths, _check_sample_weight, as_target_array, type_of_target
from ._thresholds import ThresholdCounts, threshold_counts

__all__ = ["g_beta_rho_curve", "best_threshold", "threshold_curve"]

#: Thresholds handled per block when the counts are turned into G values.
_BLOCK = 1 << 18
#: The arguments :func:`g_beta_rho_curve` and :func:`best_threshold` share.
_CURVE_ARGUMENTS = dict(**SCORED_TARGETS, beta=BETA, rho=RHO, n_bins=N_BINS)


def _check(y_true, y_score, pos_label, sample_weight, func, *, require_positive=True):
    """``(positive, scores, weights)`` of inputs a declaration has checked; samples of weight 0 are left out."""
    y_type = type_of_target(y_true, input_name="y_true")
    if not (y_type == "binary" or (y_type == "multiclass" and pos_label is not None)):
        raise ValueError(f"{y_type} format is not supported")
    yt, ys = as_target_array(y_true, "y_true"), np.asarray(y_score)
    arrays = [yt, ys] + ([] if sample_weight is None else [np.asarray(sample_weight)])
    _check_lengths(arrays)
    if len(yt) == 0:
        raise ValueError(
            "Found empty input array (e.g., `y_true` or `y_score`) while a minimum of 1 sample is required."
        )
    yt, ys = yt.reshape(len(yt)), ys.reshape(len(ys)) if ys.ndim == 2 and ys.shape[1] == 1 else ys
    if ys.ndim != 1 or ys.dtype.kind not in "biuf":
        raise invalid("y_score", func, "a 1-d array of real numbers", y_score)
    _assert_finite(ys, "y_score")
    sw = None
    if sample_weight is not None:
        sw = _check_sample_weight(np.asarray(sample_weight), len(yt))
        keep = sw != 0
        yt, ys, sw = yt[keep], ys[keep], sw[keep]
    pos_label = _pos_label(pos_label, yt)
    positive = yt == pos_label
    if require_positive and not positive.any():
        raise ValueError(
            f"pos_label={pos_label!r} is not present in y_true (with nonzero weight): "
            f"{func} needs at least one positive sample."
        )
    return positive, ys.astype(np.float64) if ys.dtype.kind == "b" else ys, sw


def _sorted_unweighted(positive, scores):
    """The scores in increasing order, and which of them belong to positives."""
    n, n_pos = len(scores), int(np.count_nonzero(positive))
    runs = np.empty(n, dtype=scores.dtype)
    np.compress(positive, scores, out=runs[:n_pos])
    np.compress(~positive, scores, out=runs[n_pos:])
    runs[:n_pos].sort()
    runs[n_pos:].sort()
    order = np.argsort(runs, kind="stable")  # merges the two sorted runs
    is_pos = order < n_pos
    # Gather into the index array's own memory (same item size): each index is read before its slot is
    # written, and mode="clip" (a no-op on valid indices) keeps NumPy from buffering the output.
    ordered = (
        np.take(runs, order, out=order.view(runs.dtype), mode="clip")
        if runs.itemsize == order.itemsize
        else runs[order]
    )
    return ordered, is_pos


def _reverse_in_place(a: np.ndarray) -> None:
    """Reverse ``a`` block by block, without a full-size temporary."""
    i, j = 0, len(a)
    while j - i > 1:
        k = min(_BLOCK, (j - i) // 2)
        left = a[i : i + k].copy()
        a[i : i + k] = a[j - k : j][::-1]
        a[j - k : j] = left[::-1]
        i, j = i + k, j - k


def _values(c: ThresholdCounts, score, width=1):
    """``score`` at each threshold of counts made elsewhere (exact weighted, binned or Dask counts)."""
    values = np.empty((width, len(c.thresholds)), dtype=np.float64)
    for a in range(0, len(c.thresholds), _BLOCK):
        pos = c.positives[a : a + _BLOCK]
        values[:, a : a + _BLOCK] = np.reshape(score(pos, c.samples[a : a + _BLOCK], c.total_positives), (width, -1))
    return values, c.thresholds


def threshold_curve(positive, scores, sw, score, width=1):
    """``score(tp, predicted, positives)`` at every distinct score ``t`` (decreasing), and the thresholds.

    ``tp`` and ``predicted`` are the (weighted) numbers of positives and of
    all samples with a score of at least ``t``, ``positives`` the number of
    positives; ``score`` returns ``width`` rows of values for a block of
    thresholds (in increasing order). Weighted counts are the exact sums of
    :mod:`symmetric.metrics._thresholds`, the same bits as chunked (Dask) counts.
    """
    if sw is not None:
        return _values(threshold_counts(positive, scores, sw), score, width)
    ordered, pos_weight = _sorted_unweighted(positive, scores)
    total_pos, total = float(np.count_nonzero(positive)), len(scores)
    n = len(ordered)
    starts = np.empty(n, dtype=bool)
    starts[0] = True
    np.not_equal(ordered[1:], ordered[:-1], out=starts[1:])
    thresholds = ordered[starts]
    del ordered
    _reverse_in_place(thresholds)
    m = len(thresholds)
    values = np.empty((width, m), dtype=np.float64)
    pos_before, k = 0.0, m
    for a in range(0, n, _BLOCK):
        b = min(a + _BLOCK, n)
        st = starts[a:b]
        cum_pos = np.cumsum(pos_weight[a:b], dtype=np.float64)
        pos_ge = total_pos - (pos_before + (cum_pos - pos_weight[a:b]))[st]
        all_ge = total - (a + np.flatnonzero(st)).astype(np.float64)
        pos_before += cum_pos[-1]
        block = np.reshape(score(pos_ge, all_ge, total_pos), (width, -1))
        values[:, k - block.shape[1] : k] = block[:, ::-1]
        k -= block.shape[1]
    return values, thresholds


def _g_scorer(beta, rho):
    """G at each threshold; at rho = -2, F_beta from the counts (see :mod:`symmetric.metrics._combine`)."""
    side = limit_parameter(beta, rho)
    beta2 = square(beta)
    if rho == -2.0 and side is None and math.isfinite(beta2):  # else G's own code, accurate for huge beta
        return lambda tp, predicted, positives: f_beta_from_sums_values(tp, positives, predicted, beta2)[0]
    return lambda tp, predicted, positives: g_values(tp / predicted, tp / positives, beta, rho)


@declare(**_CURVE_ARGUMENTS)
def g_beta_rho_curve(y_true, y_score, *, beta=1.0, rho=-2.0, pos_label=None, sample_weight=None, n_bins=None):
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
    from ._dask import dask_threshold_counts, is_dask

    if is_dask(y_true) or is_dask(y_score) or is_dask(sample_weight):
        counts = dask_threshold_counts(y_true, y_score, pos_label, sample_weight, n_bins=n_bins, func=func)
        values, thresholds = _values(counts, _g_scorer(beta, rho))
        return values[0], thresholds
    positive, scores, sw = _check(y_true, y_score, pos_label, sample_weight, func)
    score = _g_scorer(beta, rho)
    if n_bins is not None:
        values, thresholds = _values(threshold_counts(positive, scores, sw, n_bins=n_bins), score)
    else:
        values, thresholds = threshold_curve(positive, scores, sw, score)
    return values[0], thresholds


@declare(**_CURVE_ARGUMENTS, optimality=BOOLEAN)
def best_threshold(
    y_true, y_score, *, beta=1.0, rho=-2.0, pos_label=None, sample_weight=None, n_bins=None, optimality=False
):
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
