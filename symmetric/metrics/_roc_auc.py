"""The area under the ROC curve: binary, partial with McClish's correction, one-vs-rest, one-vs-one, multilabel.

The binary score is the trapezoidal area under :func:`~symmetric.metrics.roc_curve`
(its default, the corners only), with scikit-learn's order of operations,
so unweighted scores are scikit-learn's to the last bit. That area is the
Mann-Whitney statistic: the share of (positive, negative) pairs ranked in
the right order, ties counted one half (claim ``ranking.auc.mann_whitney``),
hence invariant under any strictly increasing transform of the scores
(claim ``ranking.auc.order_only``) and the basis of DeLong's variance
(:mod:`symmetric.metrics._delong`).

``max_fpr`` gives the area up to that false positive rate (the curve cut
by linear interpolation), standardized by McClish (1989): 0.5 for a
ranking no better than chance, 1 for a perfect one.
"""

from __future__ import annotations

import warnings
from functools import partial

import numpy as np

from .._constraints import Interval, Options, unchecked
from ._label_average import average_binary_score, average_ovo_score, one_hot, score_matrix
from ._params import RANKING_AVERAGE, array_like, declare
from ._roc import auc, roc_from_counts
from ._sklearn_compat import compatible
from ._sorted_pass import is_dask_input, sorted_counts, target_classes
from ._thresholds import classes_of
from ._warnings import UndefinedMetricWarning, user_stacklevel

__all__ = ["roc_auc_score", "binary_roc_auc", "partial_auc"]

#: ``max_fpr``: the area up to this false positive rate.
MAX_FPR = Interval(float, 0, 1, closed="right", none=True)
#: ``multi_class``.
MULTI_CLASS = Options(("raise", "ovr", "ovo"), invalid=("ovx", 1))


def partial_auc(fpr: np.ndarray, tpr: np.ndarray, max_fpr) -> float:
    """McClish's standardized area of the ROC curve up to ``max_fpr`` (in (0, 1)), as scikit-learn computes it."""
    stop = np.searchsorted(fpr, max_fpr, "right")
    x_interp = [fpr[stop - 1], fpr[stop]]
    y_interp = [tpr[stop - 1], tpr[stop]]
    tpr = np.append(tpr[:stop], np.interp(max_fpr, x_interp, y_interp))
    fpr = np.append(fpr[:stop], max_fpr)
    area = unchecked(auc)(fpr, tpr)
    min_area = 0.5 * max_fpr**2
    max_area = max_fpr
    return 0.5 * (1 + (area - min_area) / (max_area - min_area))


def binary_roc_auc(y_true, y_score, sample_weight=None, max_fpr=None, *, func="roc_auc_score") -> float:
    """ROC AUC of binary targets whose positive class is 1 (or True); nan, with a warning, for one class."""
    if not is_dask_input(y_true) and len(classes_of(np.asarray(y_true))) != 2:
        return _one_class()
    counts = sorted_counts(y_true, y_score, pos_label=None, sample_weight=sample_weight, func=func)
    if is_dask_input(y_true) and not (counts.total_positives and counts.total_negatives):
        return _one_class()
    fpr, tpr, _ = roc_from_counts(counts, drop_intermediate=True)
    if max_fpr is None or max_fpr == 1:
        return unchecked(auc)(fpr, tpr)
    return partial_auc(fpr, tpr, max_fpr)


def _one_class() -> float:
    warnings.warn(
        "Only one class is present in y_true. ROC AUC score is not defined in that case.",
        compatible(UndefinedMetricWarning),
        stacklevel=user_stacklevel(),
    )
    return np.nan


@declare(
    y_true=array_like(optional=False),
    y_score=array_like(optional=False),
    average=RANKING_AVERAGE,
    sample_weight=array_like(),
    max_fpr=MAX_FPR,
    multi_class=MULTI_CLASS,
    labels=array_like(),
)
def roc_auc_score(
    y_true, y_score, *, average="macro", sample_weight=None, max_fpr=None, multi_class="raise", labels=None
) -> float | np.ndarray:
    """The area under the ROC curve: the probability that a positive is scored above a negative (ties: 1/2).

    scikit-learn's function and results: binary targets (the greater label
    is the positive class), multilabel indicator matrices, and multiclass
    targets with ``multi_class="ovr"`` (one-vs-rest) or ``"ovo"`` (Hand and
    Till's one-vs-one), whose ``y_score`` holds one probability per class.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,) or (n_samples, n_labels)
    y_score : array-like of shape (n_samples,), (n_samples, n_labels) or (n_samples, n_classes)
    average : {"micro", "macro", "samples", "weighted"} or None, default "macro"
        How the scores of labels or classes are averaged; ignored for binary targets.
    sample_weight : array-like of shape (n_samples,), optional
    max_fpr : float in (0, 1], optional
        The standardized partial area up to this false positive rate
        (McClish's correction; binary and multilabel targets only).
    multi_class : {"raise", "ovr", "ovo"}, default "raise"
        Multiclass targets must choose one.
    labels : array-like, optional
        The classes of the columns of ``y_score`` (multiclass), sorted.

    Returns
    -------
    float, or ndarray with ``average=None``
        nan, with an ``UndefinedMetricWarning``, where only one class is present.

    Examples
    --------
    >>> from symmetric.metrics import roc_auc_score
    >>> roc_auc_score([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    0.75

    Ties count one half (the Mann-Whitney statistic), and only the order of
    the scores matters:

    >>> roc_auc_score([0, 1], [0.5, 0.5]), roc_auc_score([0, 0, 1, 1], [1, 4, 3.5, 8])
    (0.5, 0.75)
    >>> roc_auc_score([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], max_fpr=0.5)
    0.6666666666666666
    """
    if is_dask_input(y_true, y_score, sample_weight):
        return binary_roc_auc(y_true, y_score, sample_weight, max_fpr)
    y_type, y_true, classes = target_classes(y_true)
    y_score = score_matrix(y_score)
    if y_type == "multiclass" or (y_type == "binary" and y_score.ndim == 2 and y_score.shape[1] > 2):
        if max_fpr is not None and max_fpr != 1.0:
            raise ValueError(
                "Partial AUC computation not available in multiclass setting, 'max_fpr' must be set to `None`, "
                f"received `max_fpr={max_fpr}` instead"
            )
        if multi_class == "raise":
            raise ValueError("multi_class must be in ('ovo', 'ovr')")
        return _multiclass(y_true, y_score, labels, multi_class, average, sample_weight)
    if y_type == "binary":
        y_true = (y_true == classes[-1]).astype(np.int64) if len(classes) == 2 else np.zeros(len(y_true), np.int64)
    return average_binary_score(partial(binary_roc_auc, max_fpr=max_fpr), y_true, y_score, average, sample_weight)


def _check_labels(y_true, y_score, labels) -> np.ndarray:
    """The classes of the columns of ``y_score``: ``labels`` checked, or the classes of ``y_true``."""
    if labels is None:
        classes = np.unique(y_true)
        if len(classes) != y_score.shape[1]:
            raise ValueError("Number of classes in y_true not equal to the number of columns in 'y_score'")
        return classes
    labels = np.asarray(labels).reshape(-1)
    classes = np.unique(labels)
    if len(classes) != len(labels):
        raise ValueError("Parameter 'labels' must be unique")
    if not np.array_equal(classes, labels):
        raise ValueError("Parameter 'labels' must be ordered")
    if len(classes) != y_score.shape[1]:
        raise ValueError(
            f"Number of given labels, {len(classes)}, not equal to the number of columns in 'y_score', "
            f"{y_score.shape[1]}"
        )
    if len(np.setdiff1d(y_true, classes)):
        raise ValueError("'y_true' contains labels not in parameter 'labels'")
    return classes


def _multiclass(y_true, y_score, labels, multi_class, average, sample_weight):
    if y_score.ndim != 2:
        raise ValueError(
            "`y_score` needs to be of shape `(n_samples, n_classes)`, since `y_true` contains multiple classes. "
            f"Got `y_score.shape={y_score.shape}`."
        )
    if not np.allclose(1, y_score.sum(axis=1)):
        raise ValueError(
            "Target scores need to be probabilities for multiclass roc_auc, i.e. they should sum up to 1.0 over classes"
        )
    options = ("macro", "weighted", None) if multi_class == "ovo" else ("micro", "macro", "weighted", None)
    if average not in options:
        raise ValueError(f"average must be one of {options} for multiclass problems")
    if average is None and multi_class == "ovo":
        raise NotImplementedError("average=None is not implemented for multi_class='ovo'.")
    classes = _check_labels(y_true, y_score, labels)
    if multi_class == "ovo":
        if sample_weight is not None:
            raise ValueError(
                "sample_weight is not supported for multiclass one-vs-one ROC AUC, "
                "'sample_weight' must be None in this case."
            )
        return average_ovo_score(binary_roc_auc, np.searchsorted(classes, y_true), y_score, average=average)
    return average_binary_score(binary_roc_auc, one_hot(y_true, classes), y_score, average, sample_weight)
