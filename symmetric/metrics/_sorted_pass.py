"""The checks of ``(y_true, y_score, pos_label, sample_weight)`` and the one sorted pass they feed.

:func:`sorted_counts` is the entry of every curve and score over
thresholds: it checks the inputs as scikit-learn's
``confusion_matrix_at_thresholds`` does (binary targets, or multiclass with
a ``pos_label``; finite scores; samples of weight 0 left out) and returns
the :class:`~symmetric.metrics._thresholds.ThresholdCounts` of
:mod:`symmetric.metrics._thresholds`, counted in memory or, for Dask
arrays and Series, chunk by chunk (:func:`symmetric.metrics._dask.dask_threshold_counts`:
each chunk's summary of distinct scores, merged in a tree), with the same
bits either way.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ._params import invalid
from ._target_arrays import _assert_finite, _check_lengths, _check_sample_weight, as_target_array, type_of_target
from ._thresholds import ThresholdCounts, classes_of, pos_label_of, threshold_counts

__all__ = ["check_scored", "sorted_counts", "is_dask_input", "target_classes"]


def target_classes(y_true) -> tuple[str, np.ndarray, Any]:  # classes: None unless binary or multiclass
    """``(type, array, classes)`` of targets: scikit-learn's type, and the labels of binary or multiclass ones.

    Integer labels 0 or 1 apart are binary without sorting them (the one
    cost that would otherwise rival the sort of the scores).
    """
    yt = as_target_array(y_true, "y_true")
    if yt.ndim == 1 and yt.dtype.kind in "biu" and yt.size:
        classes = classes_of(yt)
        if len(classes) <= 2:
            return "binary", yt, classes
    y_type = type_of_target(yt, input_name="y_true")
    return y_type, yt, np.unique(yt) if y_type in ("binary", "multiclass") else None


def check_scored(
    y_true, y_score, pos_label, sample_weight, func, *, require_positive=True
) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
    """``(positive, scores, weights)`` of inputs a declaration has checked; samples of weight 0 are left out."""
    y_type, yt, classes = target_classes(y_true)
    if not (y_type == "binary" or (y_type == "multiclass" and pos_label is not None)):
        raise ValueError(f"{y_type} format is not supported")
    ys = np.asarray(y_score)
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
        if not keep.all():
            yt, ys, sw = yt[keep], ys[keep], sw[keep]
            classes = classes_of(yt)
    pos_label = pos_label_of(pos_label, classes)
    positive = yt == pos_label
    if require_positive and not positive.any():
        raise ValueError(
            f"pos_label={pos_label!r} is not present in y_true (with nonzero weight): "
            f"{func} needs at least one positive sample."
        )
    return positive, ys.astype(np.float64) if ys.dtype.kind == "b" else ys, sw


def is_dask_input(*arrays) -> bool:
    """Whether any of the arrays is a Dask collection (checked without importing Dask)."""
    from ._dask import is_dask

    return any(is_dask(a) for a in arrays)


def sorted_counts(
    y_true, y_score, *, pos_label, sample_weight, func, require_positive=False, n_bins=None
) -> ThresholdCounts:
    """The positives and negatives at or above every distinct score (or bin edge), in memory or chunk by chunk."""
    if is_dask_input(y_true, y_score, sample_weight):
        from ._dask import dask_threshold_counts

        return dask_threshold_counts(
            y_true, y_score, pos_label, sample_weight, n_bins=n_bins, func=func, require_positive=require_positive
        )
    positive, scores, sw = check_scored(
        y_true, y_score, pos_label, sample_weight, func, require_positive=require_positive
    )
    return threshold_counts(positive, scores, sw, n_bins=n_bins)
