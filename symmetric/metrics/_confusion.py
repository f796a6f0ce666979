"""The confusion matrix, one-vs-rest confusion matrices, and precision at a target prevalence (balanced precision)."""

from __future__ import annotations

import warnings

import numpy as np

from . import _tally
from ._combine import precision_at_prevalence_values
from ._counts import _contains, counts_from_targets, select_labels
from ._exact import bincount_exact
from ._params import (
    BOOLEAN,
    DENSE_TARGETS,
    NORMALIZE,
    POS_LABEL,
    PREVALENCE,
    TARGETS,
    ZERO_DIVISION,
    array_like,
    declare,
    zero_division_value,
)
from ._target_arrays import Targets, as_target_array
from ._targets import check_targets
from ._warnings import user_stacklevel, warn_undefined

__all__ = [
    "confusion_matrix",
    "multilabel_confusion_matrix",
    "balanced_precision_score",
    "warn_single_label",
    "matrix_of",
]

#: Below this total weight every partial sum of integer weights is an exact float64.
_EXACT_FLOAT_INTEGERS = 2.0**52


def _selected_matrix(t: Targets, idx: np.ndarray) -> np.ndarray:
    """The confusion matrix restricted to (and ordered by) the labels at ``idx`` (-1: absent)."""
    n = len(idx)
    if t.cm is not None:
        out = np.zeros((n, n), dtype=t.cm.dtype)
        ok = idx >= 0
        out[np.ix_(ok, ok)] = t.cm[np.ix_(idx[ok], idx[ok])]
        return out
    if t.codes is None:
        raise ValueError(
            f"confusion_matrix of {len(t.labels)} labels needs the labels of every sample: counts made "
            f"chunk by chunk keep cells for at most {_tally.MAX_CELLS} pairs of labels."
        )
    position = np.full(len(t.labels), n, dtype=np.intp)
    position[idx[idx >= 0]] = np.flatnonzero(idx >= 0)
    ct, cp = (position[c] for c in t.codes)
    keep = (ct < n) & (cp < n)
    cells = ct[keep] * n + cp[keep]
    if t.sample_weight is None:
        return np.bincount(cells, minlength=n * n).reshape(n, n)
    return bincount_exact(cells, t.sample_weight[keep], n * n).to_float().reshape(n, n)  # as the dense counts


def _integer_weighted_matrix(y_true, y_pred, weights: np.ndarray, t: Targets, idx: np.ndarray) -> np.ndarray:
    """The matrix of integer weights summed in int64, as scikit-learn sums them (wrapping on overflow).

    Only for totals of 2**52 and more: below, the float counts are exact.
    """
    n = len(idx)
    position = np.full(len(t.labels) + 1, n, dtype=np.intp)
    position[idx[idx >= 0]] = np.flatnonzero(idx >= 0)
    ct, cp = (
        position[np.searchsorted(t.labels, as_target_array(y, name).reshape(t.n_samples))]
        for y, name in ((y_true, "y_true"), (y_pred, "y_pred"))
    )
    keep = (ct < n) & (cp < n)
    out = np.zeros(n * n, dtype=np.int64)
    np.add.at(out, ct[keep] * n + cp[keep], weights.astype(np.int64)[keep])
    return out.reshape(n, n)


@declare(**DENSE_TARGETS, labels=array_like(), sample_weight=array_like(), normalize=NORMALIZE)
def confusion_matrix(y_true, y_pred, *, labels=None, sample_weight=None, normalize=None) -> np.ndarray:
    """Confusion matrix ``C[i, j]``: samples of true label i predicted as label j (scikit-learn's function).

    Parameters
    ----------
    y_true, y_pred : 1-d array-like
    labels : array-like, optional
        The labels indexing the matrix, in order; samples whose true or
        predicted label is not among them are left out.
    sample_weight : array-like of shape (n_samples,), optional
    normalize : {"true", "pred", "all"} or None
        Divide by row sums, column sums or the total.

    Returns
    -------
    ndarray of shape (n_labels, n_labels)
        int64 without weights or with integer (or bool) weights, as in
        scikit-learn, float64 otherwise or when normalized.

    Examples
    --------
    >>> from symmetric.metrics import confusion_matrix
    >>> confusion_matrix([2, 0, 2, 2, 0, 1], [0, 0, 2, 2, 0, 2])
    array([[2, 0, 0],
           [0, 0, 1],
           [1, 0, 2]])
    >>> tn, fp, fn, tp = confusion_matrix([0, 1, 0, 1], [1, 1, 1, 0]).ravel().tolist()
    >>> (tn, fp, fn, tp)
    (0, 2, 1, 1)
    >>> confusion_matrix([0, 1, 1], [0, 1, 0], sample_weight=[2, 1, 3])     # integer weights: integer counts
    array([[2, 0],
           [3, 1]])
    """
    func = "confusion_matrix"
    cm = matrix_of(None, labels, sample_weight, y_true=y_true, y_pred=y_pred, func=func)
    if normalize is not None:
        with np.errstate(all="ignore"):
            total = {"true": cm.sum(axis=1, keepdims=True), "pred": cm.sum(axis=0, keepdims=True), "all": cm.sum()}
            cm = np.nan_to_num(cm / total[normalize])
    return cm


def matrix_of(
    t: Targets | None,
    labels,
    sample_weight,
    *,
    y_true=None,
    y_pred=None,
    func: str = "confusion_matrix",
) -> np.ndarray:
    """The confusion matrix of checked targets ``t`` (or of ``y_true``, ``y_pred``), as :func:`confusion_matrix`.

    Raises scikit-learn's errors for targets other than binary or multiclass
    and for ``labels`` none of which is a true label; warns for a 1 x 1 matrix.
    """
    if t is None:
        t = check_targets(y_true, y_pred, sample_weight, func=func)
    if t.y_type not in ("binary", "multiclass"):
        raise ValueError(f"{t.y_type} is not supported")
    if labels is None:
        idx = np.arange(len(t.labels))
    else:
        if np.asarray(labels).size == 0:
            raise ValueError("'labels' should contain at least one label.")
        idx = select_labels(t, labels)
        if t.true_present is not None and not t.true_present[idx[idx >= 0]].any():
            raise ValueError("At least one label specified must be in y_true")
    cm = _selected_matrix(t, idx)
    if t.weighted:  # counted here, chunk by chunk or on a device: the weights' dtype decides the matrix's
        if t.integer_weights:
            exact = t.total_weight < _EXACT_FLOAT_INTEGERS or not isinstance(sample_weight, (list, tuple, np.ndarray))
            cm = (
                cm.astype(np.int64)
                if exact
                else _integer_weighted_matrix(y_true, y_pred, np.asarray(sample_weight), t, idx)
            )
        else:
            cm = cm.astype(np.float64)
    if cm.shape == (1, 1):
        warn_single_label()
    return cm


def warn_single_label() -> None:
    """scikit-learn's warning for a 1 x 1 confusion matrix (also given by its balanced accuracy)."""
    warnings.warn(
        "A single label was found in 'y_true' and 'y_pred'. For the confusion matrix to have the correct "
        "shape, use the 'labels' parameter to pass all known labels.",
        UserWarning,
        stacklevel=user_stacklevel(),
    )


@declare(**TARGETS, sample_weight=array_like(), labels=array_like(), samplewise=BOOLEAN)
def multilabel_confusion_matrix(y_true, y_pred, *, sample_weight=None, labels=None, samplewise=False) -> np.ndarray:
    """One-vs-rest confusion matrices ``[[TN, FP], [FN, TP]]``, one per label (or per sample): scikit-learn's function.

    For single-label targets, label ``l``'s matrix counts "is ``l``" against
    "is not ``l``"; for multilabel indicator targets, each column is a
    binary problem. The counts come from the same counting pass as every
    score of :mod:`symmetric.metrics`.

    Parameters
    ----------
    y_true, y_pred : 1-d array-like, or label indicator array
    sample_weight : array-like of shape (n_samples,), optional
    labels : array-like, optional
        The labels (column indices for multilabel targets) to include, in
        order; labels absent from the data get a matrix of true negatives.
    samplewise : bool, default False
        For multilabel targets, one matrix per sample instead of per label.

    Returns
    -------
    ndarray of shape (n_outputs, 2, 2)
        ``[[TN, FP], [FN, TP]]`` per label or sample; int64 without weights
        (float64 when no sample is predicted right, as in scikit-learn),
        float64 with weights.

    Examples
    --------
    >>> from symmetric.metrics import multilabel_confusion_matrix
    >>> multilabel_confusion_matrix(["cat", "ant", "cat", "cat", "ant", "bird"],
    ...                             ["ant", "ant", "cat", "cat", "ant", "cat"], labels=["ant", "bird", "cat"])
    array([[[3, 1],
            [0, 2]],
    <BLANKLINE>
           [[5, 0],
            [1, 0]],
    <BLANKLINE>
           [[2, 1],
            [1, 2]]])
    """
    func = "multilabel_confusion_matrix"
    samplewise = bool(samplewise)
    t = check_targets(y_true, y_pred, sample_weight, func=func)
    c = counts_from_targets(t, labels=labels, average="samples" if samplewise else None)
    return np.stack([np.broadcast_to(a, c.tp.shape) for a in (c.tn, c.fp, c.fn, c.tp)]).T.reshape(-1, 2, 2)


@declare(**TARGETS, prevalence=PREVALENCE, pos_label=POS_LABEL, sample_weight=array_like(), zero_division=ZERO_DIVISION)
def balanced_precision_score(
    y_true, y_pred, *, prevalence=0.5, pos_label=1, sample_weight=None, zero_division="warn"
) -> float:
    r"""Precision at a target prevalence: :math:`\pi\,TPR / (\pi\,TPR + (1-\pi)\,FPR)`.

    The precision the classifier would have on data where a fraction
    ``prevalence`` of the samples is positive, with the same true and false
    positive rates. It does not change when either class is resampled
    (claims ``counts.prevalence.*``); at ``prevalence=0.5`` it is seed 001's
    balanced precision, and it equals precision with sample weights
    ``prevalence/positives`` and ``(1 - prevalence)/negatives``.

    Parameters
    ----------
    y_true, y_pred : 1-d array-like of binary labels
    prevalence : float in (0, 1), default 0.5
    pos_label : int, float, bool or str, default 1
    sample_weight : array-like of shape (n_samples,), optional
    zero_division : {"warn", 0.0, 1.0, nan}, default "warn"
        The value when there are no positive samples, no negative samples,
        or no predicted positives.

    Examples
    --------
    Seed 001's example: the same classifier on two data sets that differ
    only in class balance.

    >>> from symmetric.metrics import balanced_precision_score, precision_score
    >>> def labels(tp, fn, fp, tn):
    ...     return [1] * (tp + fn) + [0] * (fp + tn), [1] * tp + [0] * fn + [1] * fp + [0] * tn
    >>> for counts in [(90, 10, 50, 850), (90, 10, 10, 170)]:
    ...     y_true, y_pred = labels(*counts)
    ...     print(round(precision_score(y_true, y_pred), 2), round(balanced_precision_score(y_true, y_pred), 2))
    0.64 0.94
    0.9 0.94
    """
    func = "balanced_precision_score"
    prevalence = float(prevalence)

    def check_labels(y_type, present):
        if y_type != "binary":
            raise ValueError(f"Target is {y_type} but {func} needs binary targets.")
        if not _contains(present, pos_label) and len(present) >= 2:
            raise ValueError(f"pos_label={pos_label} is not a valid label. It should be one of {present}")

    t = check_targets(y_true, y_pred, sample_weight, func=func, check_labels=check_labels)
    (i,) = select_labels(t, [pos_label])
    assert t.tp is not None and t.pred_sum is not None and t.true_sum is not None  # binary targets: counted
    tp, ps, ts = (float(a[i]) if i >= 0 else 0.0 for a in (t.tp, t.pred_sum, t.true_sum))
    fp, fn = ps - tp, ts - tp
    tn = float(t.total_weight) - tp - fp - fn
    for undefined, modifier in ((ts == 0, "positive"), (fp + tn == 0, "negative"), (ps == 0, "predicted")):
        if undefined:
            if zero_division == "warn":
                warn_undefined("binary", modifier, "Balanced precision is", 1)
            return zero_division_value(zero_division)
    return float(precision_at_prevalence_values(tp, fp, fn, tn, prevalence))
