"""A binary ranking score over the labels of multilabel or multiclass targets, averaged as scikit-learn does.

:func:`average_binary_score` is one binary score (average precision, ROC
AUC) per column of an indicator matrix (one-vs-rest), averaged: ``"macro"``
(the mean), ``"weighted"`` (by each label's weight of positives),
``"samples"`` (one score per row instead), ``"micro"`` (one score of all
the cells raveled), or None (the scores). :func:`average_ovo_score` is
Hand and Till's one-vs-one average: for each pair of classes, the mean of
the two scores with either class as the positive one, on the samples of
those two classes. Both follow scikit-learn's order of operations
(``numpy.average``), so the averages of equal scores are equal bits.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np

from ._sorted_pass import target_classes
from ._target_arrays import _assert_finite, _check_lengths, as_target_array

__all__ = ["average_binary_score", "average_ovo_score", "one_hot", "score_matrix"]


def score_matrix(y_score, name: str = "y_score") -> np.ndarray:
    """``y_score`` as a float array of finite values (scikit-learn's ``check_array``, 1-d or 2-d)."""
    a = np.asarray(y_score)
    if a.dtype.kind not in "biuf":
        try:
            a = a.astype(np.float64)
        except (TypeError, ValueError):
            raise ValueError(f"{name} must hold real numbers; got an array of dtype {a.dtype}.") from None
    if a.ndim > 2:
        raise ValueError(f"Found array with dim {a.ndim}, while dim <= 2 is required.")
    _assert_finite(a, name)
    return a


def one_hot(y: np.ndarray, classes: np.ndarray) -> np.ndarray:
    """The indicator matrix of ``y`` over ``classes`` (scikit-learn's ``label_binarize`` for 3 or more classes)."""
    return (y.reshape(-1, 1) == classes.reshape(1, -1)).astype(np.int64)


def average_binary_score(binary_metric, y_true, y_score, average, sample_weight=None) -> float | np.ndarray:
    """``binary_metric(y_true, y_score, sample_weight)`` of binary targets, or averaged over the labels of an indicator matrix."""
    y_type = target_classes(y_true)[0]
    if y_type not in ("binary", "multilabel-indicator"):
        raise ValueError(f"{y_type} format is not supported")
    if y_type == "binary":
        return binary_metric(y_true, y_score, sample_weight=sample_weight)
    y_true = as_target_array(y_true, "y_true")
    y_score = score_matrix(y_score)
    arrays = [y_true, y_score] + ([] if sample_weight is None else [np.asarray(sample_weight)])
    _check_lengths(arrays)
    if y_score.ndim != 2 or y_score.shape != y_true.shape:
        raise ValueError(
            f"y_true and y_score must have the same shape for multilabel targets; got {y_true.shape} "
            f"and {y_score.shape}."
        )
    axis, score_weight, average_weight = 1, sample_weight, None
    if average == "micro":
        if score_weight is not None:
            score_weight = np.repeat(np.asarray(score_weight), y_true.shape[1])
        y_true, y_score = y_true.reshape(-1, 1), y_score.reshape(-1, 1)
    elif average == "weighted":
        if score_weight is not None:
            sw = np.asarray(score_weight)
            average_weight = np.sum(np.multiply(y_true.astype(sw.dtype), sw.reshape(-1, 1)), axis=0)
        else:
            average_weight = np.sum(y_true, axis=0)
        if np.isclose(np.sum(average_weight), 0):
            return 0.0
    elif average == "samples":
        average_weight, score_weight, axis = score_weight, None, 0
    n = y_score.shape[axis]
    score = np.zeros(n)
    for c in range(n):
        column = (slice(None), c) if axis == 1 else (c, slice(None))
        score[c] = binary_metric(y_true[column], y_score[column], sample_weight=score_weight)
    if average is None:
        return score
    if average_weight is not None:
        score[np.asarray(average_weight) == 0] = 0  # a label (sample) of weight 0 does not count, nan or not
    return float(np.average(score, weights=average_weight))


def average_ovo_score(binary_metric, y_true: np.ndarray, y_score: np.ndarray, average="macro"):
    """Hand and Till's one-vs-one average of ``binary_metric`` over the pairs of classes present.

    ``y_true`` holds class indices (columns of ``y_score``). With
    ``average="weighted"`` each pair counts by the share of samples in it.
    """
    present = np.unique(y_true)
    pairs = list(combinations(present.tolist(), 2))
    pair_scores = np.empty(len(pairs))
    prevalence = np.empty(len(pairs)) if average == "weighted" else None
    for i, (a, b) in enumerate(pairs):
        a_mask, b_mask = y_true == a, y_true == b
        ab_mask = np.logical_or(a_mask, b_mask)
        if prevalence is not None:
            prevalence[i] = np.average(ab_mask)
        a_score = binary_metric(a_mask[ab_mask], y_score[ab_mask, a])
        b_score = binary_metric(b_mask[ab_mask], y_score[ab_mask, b])
        pair_scores[i] = (a_score + b_score) / 2
    return np.average(pair_scores, weights=prevalence)  # a NumPy float, as scikit-learn returns it
