"""Average precision: the step sum of precision over recall, as scikit-learn computes it.

``AP = sum_n (R_n - R_{n-1}) P_n`` over the thresholds in decreasing order:
each precision weighted by the recall it adds, which is exactly the area
under the precision-recall curve drawn as steps (claim
``ranking.ap.step_area``), never the trapezoids between its points. It is
a reduction of the counts of the one sorted pass
(:func:`symmetric.metrics._sorted_pass.sorted_counts`), through
:func:`~symmetric.metrics.precision_recall_curve`'s precision and recall
and scikit-learn's sum, so unweighted scores are scikit-learn's to the
last bit.

AP lies in [0, 1], and with both classes present it is at least the AP of
the worst ranking (every negative above every positive; claims
``ranking.ap.*``). It is *not* bounded below by the positive rate: two
positives ranked under two negatives give AP = 5/12 < 1/2 (claim
``ranking.ap.below_positive_rate``).
"""

from __future__ import annotations

from functools import partial

import numpy as np

from ._label_average import average_binary_score, one_hot, score_matrix
from ._params import GIVEN_POS_LABEL, RANKING_AVERAGE, array_like, declare
from ._precision_recall_curve import precision_at_thresholds, recall_at_thresholds
from ._sorted_pass import sorted_counts, target_classes
from ._thresholds import ThresholdCounts

__all__ = [
    "average_precision_score",
    "average_precision_of_counts",
    "binary_average_precision",
]


def binary_average_precision(
    y_true, y_score, *, pos_label=1, sample_weight=None, func="average_precision_score"
) -> float:
    """AP of binary targets (checked like :func:`~symmetric.metrics.precision_recall_curve`'s)."""
    return average_precision_of_counts(
        sorted_counts(y_true, y_score, pos_label=pos_label, sample_weight=sample_weight, func=func)
    )


def average_precision_of_counts(counts: ThresholdCounts) -> float:
    """AP from the counts of the sorted pass (0, with precision_recall_curve's warning, without positives).

    scikit-learn sums ``diff(recall) * precision[:-1]`` over its curve, in
    increasing order of the thresholds. Here precision ``p`` and recall
    ``r`` are in decreasing order, and each term is written straight into
    its place in scikit-learn's order: the term of threshold ``j`` is
    ``(r[j - 1] - r[j]) * p[j]`` (``r[-1] = 0``), the same floating-point
    operations, summed by the same NumPy sum over the same contiguous
    array, so the same bits, without materializing the reversed curve.
    """
    terms = np.empty(len(counts.tps))
    backwards = terms[::-1]
    r = recall_at_thresholds(counts)
    backwards[0] = 0.0 - r[0]
    np.subtract(r[:-1], r[1:], out=backwards[1:])
    np.multiply(backwards, precision_at_thresholds(counts, out=r), out=backwards)  # precision in recall's place
    return float(max(0.0, -np.sum(terms)))


def _contains(labels: np.ndarray, value) -> bool:
    return any(label == value for label in labels.tolist())


@declare(
    y_true=array_like(optional=False),
    y_score=array_like(optional=False),
    average=RANKING_AVERAGE,
    pos_label=GIVEN_POS_LABEL,
    sample_weight=array_like(),
)
def average_precision_score(y_true, y_score, *, average="macro", pos_label=1, sample_weight=None) -> float | np.ndarray:
    """Average precision: the mean of the precisions at each positive, weighted by the recall each adds.

    scikit-learn's function and results: binary targets, multilabel
    indicator matrices and multiclass targets (one-vs-rest, ``y_score`` of
    shape ``(n_samples, n_classes)``), averaged over labels.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,) or (n_samples, n_labels)
    y_score : array-like of the same shape (for multiclass targets, one column per class)
    average : {"micro", "macro", "samples", "weighted"} or None, default "macro"
        How the scores of the labels are averaged (ignored for binary
        targets); None returns one score per label.
    pos_label : int, float, bool or str, default 1
        The positive class of binary targets (1 for the others).
    sample_weight : array-like of shape (n_samples,), optional

    Returns
    -------
    float, or ndarray of shape (n_labels,) with ``average=None``
        In [0, 1]; 0 (with a warning) when no sample is positive.

    Examples
    --------
    >>> from symmetric.metrics import average_precision_score
    >>> average_precision_score([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    0.8333333333333333

    The step sum, not the trapezoids: a constant score has one threshold,
    so AP is the positive rate, although the straight line from (0, 1) to
    (1, 0.25) would enclose more.

    >>> average_precision_score([1, 0, 0, 0], [0.5, 0.5, 0.5, 0.5])
    0.25
    """
    from ._sorted_pass import is_dask_input

    if is_dask_input(y_true, y_score, sample_weight):
        return binary_average_precision(y_true, y_score, pos_label=pos_label, sample_weight=sample_weight)
    y_type, yt, present = target_classes(y_true)
    if y_type == "binary":
        if len(present) == 2 and not _contains(present, pos_label):
            raise ValueError(f"pos_label={pos_label} is not a valid label. It should be one of {present}")
    elif y_type == "multilabel-indicator" and pos_label != 1:
        raise ValueError(
            "Parameter pos_label is fixed to 1 for multilabel-indicator y_true. "
            "Do not set pos_label or set pos_label to 1."
        )
    elif y_type == "multiclass":
        if pos_label != 1:
            raise ValueError(
                "Parameter pos_label is fixed to 1 for multiclass y_true. Do not set pos_label or set pos_label to 1."
            )
        y_true = one_hot(yt, present)
        y_score = score_matrix(y_score)
        if y_score.shape != y_true.shape:
            raise ValueError(
                "`y_score` needs to be of shape `(n_samples, n_classes)`, since `y_true` contains multiple "
                f"classes. Got `y_score.shape={y_score.shape}`."
            )
    return average_binary_score(
        partial(binary_average_precision, pos_label=pos_label), y_true, y_score, average, sample_weight=sample_weight
    )
