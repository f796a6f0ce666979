"""Accuracy and balanced accuracy from labels, with scikit-learn's semantics.

Both come from the counting pass of every score (:func:`check_targets`):
accuracy is the (weighted) number of samples on the diagonal of the
confusion matrix over the total, balanced accuracy the mean over the labels
of ``y_true`` of each label's recall, the rate of its definition in
:mod:`symmetric.families.counts` divided out of the counts.
"""

from __future__ import annotations

import warnings

import numpy as np

from ._confusion import warn_single_label
from ._params import BOOLEAN, DENSE_TARGETS, TARGETS, array_like, declare
from ._sklearn_compat import compatible
from ._targets import check_targets
from ._warnings import UndefinedMetricWarning, user_stacklevel

__all__ = ["accuracy_score", "balanced_accuracy_score"]


@declare(**TARGETS, normalize=BOOLEAN, sample_weight=array_like())
def accuracy_score(y_true, y_pred, *, normalize=True, sample_weight=None) -> float:
    """The fraction (or number) of samples predicted right: scikit-learn's ``accuracy_score``.

    For multilabel indicator targets this is subset accuracy: a sample
    counts only when all its labels are predicted right.

    Parameters
    ----------
    y_true, y_pred : 1-d array-like, or label indicator array
    normalize : bool, default True
        Return the fraction; False returns the (weighted) number.
    sample_weight : array-like of shape (n_samples,), optional

    Returns
    -------
    float

    Examples
    --------
    >>> from symmetric.metrics import accuracy_score
    >>> accuracy_score([0, 1, 2, 3], [0, 2, 1, 3]), accuracy_score([0, 1, 2, 3], [0, 2, 1, 3], normalize=False)
    (0.5, 2.0)
    >>> import numpy as np
    >>> accuracy_score(np.array([[0, 1], [1, 1]]), np.ones((2, 2)))     # multilabel: the whole row must match
    0.5
    """
    func = "accuracy_score"
    normalize = bool(normalize)
    t = check_targets(y_true, y_pred, sample_weight, func=func)
    if t.y_type == "multilabel-indicator":
        right = ~np.any(t.y_true != t.y_pred, axis=1)
        correct = np.count_nonzero(right) if t.sample_weight is None else t.sample_weight @ right
    else:
        assert t.tp is not None  # 1-d targets: counted
        correct = t.tp.sum()
    return float(correct / t.total_weight) if normalize else float(correct)


@declare(**DENSE_TARGETS, sample_weight=array_like(), adjusted=BOOLEAN)
def balanced_accuracy_score(y_true, y_pred, *, sample_weight=None, adjusted=False) -> float:
    """The mean recall over the labels of ``y_true``: scikit-learn's ``balanced_accuracy_score``.

    Labels predicted but absent from ``y_true`` have no recall; they are left
    out with scikit-learn's warning. With ``adjusted=True`` the score is
    rescaled so that chance (``1/k`` for ``k`` labels in ``y_true``) gives 0
    and a perfect prediction 1; with a single label in ``y_true`` that is
    undefined (0/0): the score is nan, with an :class:`UndefinedMetricWarning`
    (scikit-learn gives nan with NumPy's ``RuntimeWarning``).

    Parameters
    ----------
    y_true, y_pred : 1-d array-like
    sample_weight : array-like of shape (n_samples,), optional
    adjusted : bool, default False

    Returns
    -------
    float

    Examples
    --------
    >>> from symmetric.metrics import balanced_accuracy_score
    >>> balanced_accuracy_score([0, 1, 0, 0, 1, 0], [0, 1, 0, 0, 0, 1])     # (3/4 + 1/2) / 2
    0.625
    >>> balanced_accuracy_score([0, 1, 0, 0, 1, 0], [0, 1, 0, 0, 0, 1], adjusted=True)
    0.25
    """
    func = "balanced_accuracy_score"
    adjusted = bool(adjusted)
    t = check_targets(y_true, y_pred, sample_weight, func=func)
    if t.y_type not in ("binary", "multiclass"):
        raise ValueError(f"{t.y_type} is not supported")
    if len(t.labels) == 1:
        warn_single_label()
    true_sum = t.true_sum
    assert t.tp is not None and true_sum is not None  # binary or multiclass: counted
    with np.errstate(divide="ignore", invalid="ignore"):
        per_class = t.tp / true_sum
    if (true_sum == 0).any():
        warnings.warn("y_pred contains classes not in y_true", UserWarning, stacklevel=user_stacklevel())
        per_class = per_class[true_sum != 0]
    score = np.mean(per_class)
    if adjusted:
        chance = 1 / per_class.shape[0]
        if chance == 1:
            warnings.warn(
                "Adjusted balanced accuracy is ill-defined and being set to nan: y_true has a single "
                "label, so chance and a perfect prediction coincide.",
                compatible(UndefinedMetricWarning),
                stacklevel=user_stacklevel(),
            )
            return float("nan")
        score -= chance
        score /= 1 - chance
    return float(score)
