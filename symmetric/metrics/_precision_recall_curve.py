"""``precision_recall_curve``: precision and recall at every decision threshold, as scikit-learn computes them.

The counts at each threshold come from the one sorted pass
(:func:`symmetric.metrics._sorted_pass.sorted_counts`); precision and
recall are the rates of their definitions in :mod:`symmetric.families.counts`,
divided out of those counts in scikit-learn's order of operations, so
unweighted curves are scikit-learn's to the last bit.
"""

from __future__ import annotations

import warnings

import numpy as np

from ._params import BOOLEAN, SCORED_TARGETS, declare
from ._sorted_pass import sorted_counts
from ._thresholds import ThresholdCounts
from ._warnings import user_stacklevel

__all__ = ["precision_recall_curve", "precision_recall_from_counts", "precision_recall_at_thresholds"]


def _kept(tp: np.ndarray) -> np.ndarray:
    """Indices (thresholds in decreasing order) to keep with ``drop_intermediate``: the ends of each run of equal TP."""
    if tp.shape[0] <= 2:
        return np.arange(tp.shape[0])
    changes = np.logical_or(np.diff(tp[:-1]), np.diff(tp[1:]))
    return np.flatnonzero(np.concatenate([[True], changes, [True]]))


@declare(**SCORED_TARGETS, drop_intermediate=BOOLEAN)
def precision_recall_curve(
    y_true, y_score, *, pos_label=None, sample_weight=None, drop_intermediate=False
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Precision and recall of the predictions ``y_score >= t`` for every distinct score ``t``: scikit-learn's function.

    Parameters
    ----------
    y_true : 1-d array-like of binary labels
    y_score : 1-d array-like of finite real scores
    pos_label : int, float, bool or str, optional
        The positive class; by default 1 when ``y_true`` takes values in
        {0, 1} or {-1, 1}.
    sample_weight : array-like of shape (n_samples,), optional
        Samples of weight 0 are left out.
    drop_intermediate : bool, default False
        Keep only the first and last threshold of each run with the same
        recall (the corners of the plotted curve).

    Returns
    -------
    precision : ndarray of shape (n_thresholds + 1,)
        ``precision[i]`` is the precision of ``y_score >= thresholds[i]``; the last value is 1.
    recall : ndarray of shape (n_thresholds + 1,)
        Decreasing; the last value is 0. With no positive sample it is 1 at
        every threshold, with scikit-learn's warning.
    thresholds : ndarray of shape (n_thresholds,)
        The distinct scores, in increasing order.

    Examples
    --------
    >>> from symmetric.metrics import precision_recall_curve
    >>> precision, recall, thresholds = precision_recall_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> precision
    array([0.5       , 0.66666667, 0.5       , 1.        , 1.        ])
    >>> recall
    array([1. , 1. , 0.5, 0.5, 0. ])
    >>> thresholds
    array([0.1 , 0.35, 0.4 , 0.8 ])
    """
    counts = sorted_counts(
        y_true, y_score, pos_label=pos_label, sample_weight=sample_weight, func="precision_recall_curve"
    )
    if drop_intermediate:
        counts = counts.take(_kept(counts.tps))
    return precision_recall_from_counts(counts)


def precision_recall_from_counts(c: ThresholdCounts):
    """scikit-learn's ``(precision, recall, thresholds)`` from the counts at each threshold.

    Written straight into the outputs, in scikit-learn's order (increasing
    thresholds), with the same operations as :func:`precision_recall_at_thresholds`.
    """
    m = len(c.tps)
    out_precision, out_recall = np.empty(m + 1), np.empty(m + 1)
    precision_at_thresholds(c, out=out_precision[:m][::-1])
    recall_at_thresholds(c, out=out_recall[:m][::-1])
    out_precision[m], out_recall[m] = 1.0, 0.0
    return out_precision, out_recall, c.thresholds[::-1]


def precision_at_thresholds(c: ThresholdCounts, out=None) -> np.ndarray:
    """Precision at each threshold of ``c`` (every threshold predicts a sample of nonzero weight)."""
    out = np.add(c.tps, c.fps, out=out)
    return np.divide(c.tps, out, out=out)


def recall_at_thresholds(c: ThresholdCounts, out=None) -> np.ndarray:
    """Recall at each threshold of ``c``; without positives 1 everywhere, with scikit-learn's warning."""
    if c.total_positives == 0:
        warnings.warn(
            "No positive class found in y_true, recall is set to one for all thresholds.",
            UserWarning,
            stacklevel=user_stacklevel(),
        )
        if out is None:
            return np.ones_like(c.tps)
        out[...] = 1.0
        return out
    return np.divide(c.tps, c.tps[-1], out=out)


def precision_recall_at_thresholds(c: ThresholdCounts):
    """Precision and recall at each threshold of ``c`` (decreasing), with scikit-learn's warning without positives."""
    return precision_at_thresholds(c), recall_at_thresholds(c)
