"""G_{beta,rho} at every decision threshold, and the threshold that maximizes it.

Sorting dominates. Without sample weights the scores of positives and of
negatives are sorted separately in one buffer and then merged by a stable
argsort of the two sorted runs (a linear merge), which is faster than one
argsort of all scores; the counts at each distinct score are then taken
block by block, so that besides the outputs at most one sorted copy of the
scores and a few boolean masks are alive at once.
"""

from __future__ import annotations

import numpy as np

from .._validation import InvalidParameterError
from ._combine import g_values
from ._params import check_array_like, check_beta, check_bool, check_pos_label, check_rho
from ._targets import _assert_finite, _check_lengths, _check_sample_weight, as_target_array, type_of_target

__all__ = ["g_beta_rho_curve", "best_threshold"]

#: Thresholds handled per block when the counts are turned into G values.
_BLOCK = 1 << 18


def _pos_label(pos_label, y_true: np.ndarray):
    if pos_label is not None:
        return pos_label
    classes = np.unique(y_true)
    allowed = ([0, 1], [-1, 1], [0], [-1], [1])
    if classes.dtype.kind in "OUS" or not any(classes.tolist() == c for c in allowed):
        shown = ", ".join(repr(c) for c in classes.tolist())
        raise ValueError(f"y_true takes value in {{{shown}}} and pos_label is not specified: either make y_true take"
                         " value in {0, 1} or {-1, 1} or pass pos_label explicitly.")
    return 1


def _check(y_true, y_score, pos_label, sample_weight, func):
    check_pos_label(pos_label, func=func)
    check_array_like(sample_weight, name="sample_weight", func=func)
    y_type = type_of_target(y_true, input_name="y_true")
    if not (y_type == "binary" or (y_type == "multiclass" and pos_label is not None)):
        raise ValueError(f"{y_type} format is not supported")
    yt, ys = as_target_array(y_true, "y_true"), np.asarray(y_score)
    arrays = [yt, ys] + ([] if sample_weight is None else [np.asarray(sample_weight)])
    _check_lengths(arrays)
    if len(yt) == 0:
        raise ValueError("Found empty input array (e.g., `y_true` or `y_score`) while a minimum of 1 sample is required.")
    yt, ys = yt.reshape(len(yt)), ys.reshape(len(ys)) if ys.ndim == 2 and ys.shape[1] == 1 else ys
    if ys.ndim != 1 or ys.dtype.kind not in "biuf":
        raise InvalidParameterError.of("y_score", func, "a 1-d array of real numbers", y_score)
    _assert_finite(ys, "y_score")
    sw = None
    if sample_weight is not None:
        sw = _check_sample_weight(np.asarray(sample_weight), len(yt))
        keep = sw != 0
        yt, ys, sw = yt[keep], ys[keep], sw[keep]
    pos_label = _pos_label(pos_label, yt)
    positive = yt == pos_label
    if not positive.any():
        raise ValueError(f"pos_label={pos_label!r} is not present in y_true (with nonzero weight): "
                         f"{func} needs at least one positive sample.")
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
    ordered = np.take(runs, order, out=order.view(runs.dtype), mode="clip") if runs.itemsize == order.itemsize \
        else runs[order]
    return ordered, is_pos


def _sorted_weighted(positive, scores, sw):
    order = np.argsort(scores, kind="stable")
    weights = sw[order]
    return scores[order], np.where(positive[order], weights, 0.0), weights


def _reverse_in_place(a: np.ndarray) -> None:
    """Reverse ``a`` block by block, without a full-size temporary."""
    i, j = 0, len(a)
    while j - i > 1:
        k = min(_BLOCK, (j - i) // 2)
        left = a[i:i + k].copy()
        a[i:i + k] = a[j - k:j][::-1]
        a[j - k:j] = left[::-1]
        i, j = i + k, j - k


def _curve(positive, scores, sw, beta, rho):
    if sw is None:
        ordered, pos_weight = _sorted_unweighted(positive, scores)
        weights, total_pos, total = None, float(np.count_nonzero(positive)), len(scores)
    else:
        ordered, pos_weight, weights = _sorted_weighted(positive, scores, sw)
        total_pos, total = float(pos_weight.sum()), float(weights.sum())
    n = len(ordered)
    starts = np.empty(n, dtype=bool)
    starts[0] = True
    np.not_equal(ordered[1:], ordered[:-1], out=starts[1:])
    thresholds = ordered[starts]
    del ordered
    _reverse_in_place(thresholds)
    m = len(thresholds)
    values = np.empty(m, dtype=np.float64)
    pos_before, all_before, k = 0.0, 0.0, m
    for a in range(0, n, _BLOCK):
        b = min(a + _BLOCK, n)
        st = starts[a:b]
        cum_pos = np.cumsum(pos_weight[a:b], dtype=np.float64)
        pos_ge = total_pos - (pos_before + (cum_pos - pos_weight[a:b]))[st]
        if weights is None:
            all_ge = total - (a + np.flatnonzero(st)).astype(np.float64)
        else:
            cum_all = np.cumsum(weights[a:b])
            all_ge = total - (all_before + (cum_all - weights[a:b]))[st]
            all_before += cum_all[-1]
        pos_before += cum_pos[-1]
        block = g_values(pos_ge / all_ge, pos_ge / total_pos, beta, rho)
        values[k - len(block):k] = block[::-1]
        k -= len(block)
    return values, thresholds


def g_beta_rho_curve(y_true, y_score, *, beta=1.0, rho=-2.0, pos_label=None, sample_weight=None):
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

    Returns
    -------
    values : ndarray of float
        ``values[i]`` is G computed from the predictions ``y_score >= thresholds[i]``.
    thresholds : ndarray
        The distinct scores, in decreasing order.

    Examples
    --------
    >>> from symmetric.metrics import g_beta_rho_curve
    >>> values, thresholds = g_beta_rho_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> thresholds
    array([0.8 , 0.4 , 0.35, 0.1 ])
    >>> values.round(4)
    array([0.6667, 0.5   , 0.8   , 0.6667])
    """
    func = "g_beta_rho_curve"
    beta, rho = check_beta(beta, func=func), check_rho(rho, func=func)
    positive, scores, sw = _check(y_true, y_score, pos_label, sample_weight, func)
    return _curve(positive, scores, sw, beta, rho)


def best_threshold(y_true, y_score, *, beta=1.0, rho=-2.0, pos_label=None, sample_weight=None, optimality=False):
    """The threshold ``t`` whose predictions ``y_score >= t`` maximize G, and that maximum.

    Among equally good thresholds the highest is returned. Arguments as for
    :func:`g_beta_rho_curve`. With ``optimality=True`` (F_beta only, scores
    that are probabilities) a third value, a
    :class:`~symmetric.metrics._optimal_threshold.ThresholdOptimality`,
    reports whether the predicted positives' scores straddle
    ``F*/(1 + beta**2)`` as the F-optimal set of calibrated probabilities
    must (Lipton, Elkan and Narayanaswamy 2014; claims ``threshold.*``).

    >>> from symmetric.metrics import best_threshold
    >>> best_threshold([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    (0.35, 0.8)
    >>> t, f, check = best_threshold([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], optimality=True)
    >>> check.bound, check.satisfied               # 0.35 >= 0.8/2 fails: not calibrated
    (0.4, False)
    >>> check.expected_threshold, round(check.expected_f, 3)   # where calibrated scores would put it
    (0.35, 0.667)
    """
    optimality = check_bool(optimality, name="optimality", func="best_threshold")
    values, thresholds = g_beta_rho_curve(y_true, y_score, beta=beta, rho=rho, pos_label=pos_label,
                                          sample_weight=sample_weight)
    i = int(np.argmax(values))
    if not optimality:
        return thresholds[i].item(), float(values[i])
    from ._optimal_threshold import threshold_optimality

    check = threshold_optimality(y_score, thresholds[i], float(values[i]), beta=float(beta), rho=float(rho),
                                 sample_weight=sample_weight)
    return thresholds[i].item(), float(values[i]), check
