"""The ROC and DET curves, the counts at every threshold, and the trapezoidal area under a curve.

Each curve is a reduction of the counts of the one sorted pass
(:func:`symmetric.metrics._sorted_pass.sorted_counts`): the ROC curve
divides ``fps`` and ``tps`` by their totals, the DET curve takes the false
negatives ``tps[-1] - tps`` instead, with scikit-learn's order of
operations, so unweighted curves are scikit-learn's to the last bit (with
float sample weights the counts are exact sums, which can differ from
scikit-learn's running sums in the last bits).

A point ``(FPR, TPR)`` of the ROC curve and the point ``(recall,
precision)`` of the precision-recall curve at the same threshold map to each
other through the prevalence ``pi``: recall is TPR and precision is
``pi TPR / (pi TPR + (1 - pi) FPR)`` (claim ``ranking.roc_pr.precision``).
"""

from __future__ import annotations

import warnings

import numpy as np

from ._params import BOOLEAN, SCORED_TARGETS, array_like, declare
from ._sklearn_compat import compatible
from ._sorted_pass import sorted_counts
from ._target_arrays import _check_lengths
from ._thresholds import ThresholdCounts
from ._warnings import UndefinedMetricWarning, user_stacklevel

__all__ = ["roc_curve", "det_curve", "confusion_matrix_at_thresholds", "auc", "roc_from_counts", "trapezoid"]


def _counts(y_true, y_score, pos_label, sample_weight, func):
    return sorted_counts(y_true, y_score, pos_label=pos_label, sample_weight=sample_weight, func=func)


@declare(**SCORED_TARGETS)
def confusion_matrix_at_thresholds(
    y_true, y_score, *, pos_label=None, sample_weight=None
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The four cells of the binary confusion matrix at every threshold: scikit-learn's function.

    Parameters
    ----------
    y_true : 1-d array-like of binary labels
    y_score : 1-d array-like of finite real scores
    pos_label : int, float, bool or str, optional
        The positive class; by default 1 when ``y_true`` takes values in
        {0, 1} or {-1, 1}.
    sample_weight : array-like of shape (n_samples,), optional
        Samples of weight 0 are left out.

    Returns
    -------
    tns, fps, fns, tps : ndarray of float
        The (weighted) true negatives, false positives, false negatives and
        true positives of the predictions ``y_score >= thresholds[i]``.
    thresholds : ndarray
        The distinct scores, in decreasing order.

    Examples
    --------
    >>> from symmetric.metrics import confusion_matrix_at_thresholds
    >>> tns, fps, fns, tps, thresholds = confusion_matrix_at_thresholds([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> tps, fps, thresholds
    (array([1., 1., 2., 2.]), array([0., 1., 1., 2.]), array([0.8 , 0.4 , 0.35, 0.1 ]))
    """
    c = _counts(y_true, y_score, pos_label, sample_weight, "confusion_matrix_at_thresholds")
    return c.fps[-1] - c.fps, c.fps, c.tps[-1] - c.tps, c.tps, c.thresholds


def _corners(fps: np.ndarray, tps: np.ndarray) -> np.ndarray:
    """The thresholds to keep with ``drop_intermediate``: the ends and every point where the curve turns.

    scikit-learn keeps point i where ``np.diff(fps, 2)`` or ``np.diff(tps, 2)``
    is nonzero there; a difference of floats is 0 exactly when they are
    equal, so that is where two consecutive first differences differ: the
    same points, with one temporary difference instead of four.
    """
    keep = np.ones(len(fps), dtype=bool)
    step = np.diff(fps)
    turn = np.not_equal(step[1:], step[:-1], out=keep[1:-1])
    np.subtract(tps[1:], tps[:-1], out=step)
    turn |= step[1:] != step[:-1]
    return np.flatnonzero(keep)


@declare(**SCORED_TARGETS, drop_intermediate=BOOLEAN)
def roc_curve(
    y_true, y_score, *, pos_label=None, sample_weight=None, drop_intermediate=True
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The receiver operating characteristic: false and true positive rates at every threshold.

    scikit-learn's function, with its results: the curve starts at (0, 0)
    with the threshold ``inf``; without negatives (positives) the false
    (true) positive rates are nan, with an ``UndefinedMetricWarning``.

    Parameters
    ----------
    y_true : 1-d array-like of binary labels
    y_score : 1-d array-like of finite real scores
    pos_label : int, float, bool or str, optional
        The positive class; by default 1 when ``y_true`` takes values in
        {0, 1} or {-1, 1}.
    sample_weight : array-like of shape (n_samples,), optional
        Samples of weight 0 are left out.
    drop_intermediate : bool, default True
        Leave out the thresholds whose point lies on the straight segment
        between its neighbours (they change neither the plot nor the area).

    Returns
    -------
    fpr, tpr : ndarray of float
        Increasing; ``fpr[i]``, ``tpr[i]`` are the rates of ``y_score >= thresholds[i]``.
    thresholds : ndarray of float
        Decreasing; the first is ``inf`` (nothing predicted positive).

    Examples
    --------
    >>> from symmetric.metrics import roc_curve
    >>> fpr, tpr, thresholds = roc_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> fpr, tpr, thresholds
    (array([0. , 0. , 0.5, 0.5, 1. ]), array([0. , 0.5, 0.5, 1. , 1. ]), array([ inf, 0.8 , 0.4 , 0.35, 0.1 ]))

    A constant score has one threshold: the curve is the diagonal.

    >>> roc_curve([0, 1, 1], [0.5, 0.5, 0.5])[:2]
    (array([0., 1.]), array([0., 1.]))
    """
    c = _counts(y_true, y_score, pos_label, sample_weight, "roc_curve")
    return roc_from_counts(c, drop_intermediate=drop_intermediate)


def roc_from_counts(c, *, drop_intermediate: bool):
    """scikit-learn's ``(fpr, tpr, thresholds)`` from the counts at each threshold."""
    kept = _corners(c.fps, c.tps) if drop_intermediate and len(c.fps) > 2 else slice(None)
    # (0, 0) at the threshold inf, then the kept points: written once into the outputs
    fps, tps, thresholds = (
        _prepend(first, a[kept]) for first, a in ((0.0, c.fps), (0.0, c.tps), (np.inf, c.thresholds))
    )
    if fps[-1] <= 0:
        _warn("No negative samples in y_true, false positive value should be meaningless")
        fps[:] = np.nan
    else:
        np.divide(fps, fps[-1], out=fps)
    if tps[-1] <= 0:
        _warn("No positive samples in y_true, true positive value should be meaningless")
        tps[:] = np.nan
    else:
        np.divide(tps, tps[-1], out=tps)
    return fps, tps, thresholds


def _prepend(first: float, a: np.ndarray) -> np.ndarray:
    """``[first, *a]`` as float64."""
    out = np.empty(len(a) + 1)
    out[0] = first
    out[1:] = a
    return out


def _warn(message: str) -> None:
    warnings.warn(message, compatible(UndefinedMetricWarning), stacklevel=user_stacklevel())


@declare(**SCORED_TARGETS, drop_intermediate=BOOLEAN)
def det_curve(
    y_true, y_score, pos_label=None, sample_weight=None, drop_intermediate=False
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The detection error tradeoff: false positive and false negative rates at every threshold.

    scikit-learn's function: the curve runs from the lowest threshold at
    which no positive is missed to the highest at which no negative is
    predicted positive (the threshold ``inf`` unless a finite one already
    predicts no negative). Both classes must be present.

    Parameters
    ----------
    y_true : 1-d array-like of binary labels
    y_score : 1-d array-like of finite real scores
    pos_label : int, float, bool or str, optional
        The positive class; by default 1 when ``y_true`` takes values in
        {0, 1} or {-1, 1}.
    sample_weight : array-like of shape (n_samples,), optional
    drop_intermediate : bool, default False
        Keep only the first and last threshold of each run with the same
        false negative rate.

    Returns
    -------
    fpr : ndarray of float
        Decreasing false positive rates.
    fnr : ndarray of float
        Increasing false negative rates.
    thresholds : ndarray of float
        Increasing.

    Examples
    --------
    >>> from symmetric.metrics import det_curve
    >>> fpr, fnr, thresholds = det_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> fpr, fnr, thresholds
    (array([0.5, 0.5, 0. ]), array([0. , 0.5, 0.5]), array([0.35, 0.4 , 0.8 ]))
    """
    c = _counts(y_true, y_score, pos_label, sample_weight, "det_curve")
    if c.total_positives == 0 or c.total_negatives == 0:
        raise ValueError(
            "Only one class is present in y_true. Detection error tradeoff curve is not defined in that case."
        )
    if drop_intermediate and len(c.fps) > 1:
        keep = np.concatenate([[True], np.diff(c.tps, prepend=0.0)[:-1] != 0, [True]])
        keep[1:-1] |= c.tps[1:] != c.tps[:-1]
        c = ThresholdCounts(
            *(
                np.concatenate([[first], a])[keep]
                for first, a in ((np.inf, c.thresholds.astype(np.float64)), (0.0, c.tps), (0.0, c.fps))
            )
        )
        return _det(c, extended=False)
    return _det(c, extended=True)


def _det(c: ThresholdCounts, *, extended: bool):
    """scikit-learn's DET curve of the counts; ``extended``: the point (0, 0) at threshold inf is implied first.

    scikit-learn prepends that point and keeps the thresholds from the last
    one without false positives to the first without false negatives. Here
    the same slice is taken of the counts as they are (the implied point
    joins only when the slice starts there), with the same operations on
    each kept value.
    """
    tps, fps = c.tps, c.fps
    p_count, n_count = tps[-1], fps[-1]
    shift = 1 if extended else 0  # the index of c's first point in scikit-learn's arrays
    zeros = np.searchsorted(fps, 0.0, side="right") + shift  # points without false positives, in its arrays
    first = zeros - 1
    last = np.searchsorted(tps, p_count) + shift + 1
    a, b = max(first - shift, 0), last - shift  # c's points in the slice
    implied = extended and first == 0
    size = b - a + implied
    fpr, fnr, thresholds = np.empty(size), np.empty(size), np.empty(size)
    np.divide(fps[a:b][::-1], n_count, out=fpr[: b - a])
    np.subtract(p_count, tps[a:b][::-1], out=fnr[: b - a])
    np.divide(fnr[: b - a], p_count, out=fnr[: b - a])
    thresholds[: b - a] = c.thresholds[a:b][::-1]
    if implied:
        fpr[-1], fnr[-1], thresholds[-1] = 0.0 / n_count, (p_count - 0.0) / p_count, np.inf
    return fpr, fnr, thresholds


def _as_1d(a) -> np.ndarray:
    """``a`` as a 1-d array (a single column is raveled), as scikit-learn's ``column_or_1d``."""
    a = np.asarray(a)
    if a.ndim == 2 and a.shape[1] == 1:
        return a.reshape(len(a))
    if a.ndim != 1:
        raise ValueError(f"y should be a 1d array, got an array of shape {a.shape} instead.")
    return a


def trapezoid(y: np.ndarray, x: np.ndarray) -> float:
    """The trapezoidal rule with SciPy's operations (``scipy.integrate.trapezoid``), without SciPy.

    ``sum((x[1:] - x[:-1]) * (y[1:] + y[:-1]) / 2.0)``, each elementwise step
    the same floating-point operation (in place where the arrays allow),
    and NumPy's sum of the contiguous terms: the same bits.
    """
    width = x[1:] - x[:-1]
    if width.dtype.kind == "f" and np.result_type(width, y) == width.dtype:
        np.multiply(width, y[1:] + y[:-1], out=width)
        np.divide(width, 2.0, out=width)
        return np.sum(width, dtype=np.result_type(y, 1.0))
    return np.sum(width * (y[1:] + y[:-1]) / 2.0, dtype=np.result_type(y, 1.0))


@declare(x=array_like(optional=False), y=array_like(optional=False))
def auc(x, y) -> float:
    """The area under the curve through the points ``(x[i], y[i])``, by the trapezoidal rule.

    scikit-learn's function: ``x`` must be increasing or decreasing (ties
    allowed); a decreasing ``x`` gives the same positive area.

    Parameters
    ----------
    x : array-like of shape (n,), n >= 2
    y : array-like of shape (n,)

    Returns
    -------
    float

    Examples
    --------
    >>> from symmetric.metrics import auc, roc_curve
    >>> fpr, tpr, _ = roc_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> auc(fpr, tpr)
    0.75
    >>> auc([1, 0], [0, 1])                        # decreasing x: the same area
    0.5
    >>> auc([0, 2, 1], [1, 1, 1])
    Traceback (most recent call last):
        ...
    ValueError: x is neither increasing nor decreasing : [0 2 1].
    """
    x, y = np.asarray(x), np.asarray(y)
    _check_lengths([x, y])
    x, y = _as_1d(x), _as_1d(y)
    if x.shape[0] < 2:
        raise ValueError(f"At least 2 points are needed to compute area under curve, but x.shape = {x.shape[0]}")
    direction = 1
    dx = np.diff(x)
    if np.any(dx < 0):
        if np.all(dx <= 0):
            direction = -1
        else:
            raise ValueError(f"x is neither increasing nor decreasing : {x}.")
    return float(direction * trapezoid(y, x))
