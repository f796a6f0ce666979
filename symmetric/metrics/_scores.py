"""Precision, recall, specificity, F_beta and G_{beta,rho} from labels, with scikit-learn's semantics.

The counts come from :func:`symmetric.metrics._counts.label_counts`; each
rate is ``numerator / denominator`` of its definition in
:mod:`symmetric.families.counts`, with scikit-learn's ``zero_division``
policy where the denominator is 0. F_beta is computed from the counts in
the form scikit-learn evaluates, G from the generated numeric code (both in
:mod:`symmetric.metrics._combine`), and averages as scikit-learn's
``_nanaverage`` does, so that with the same counts every value is
scikit-learn's to the last bit.

**When is G defined?** Where precision and recall are both defined, G is
``G(P, R)``. Where neither is (no true and no predicted samples of a label),
G is set by ``zero_division``. Where only one is, the other is 0 (no true
positives); for rho <= -1, which includes F_beta, G tends to 0 as P or R
does, whatever the other is, so G is 0 -- scikit-learn's F-score; for
rho > -1, G(P, 0) still depends on P (claim
``scores.g_at_zero_recall_depends_on_precision``), so G is ill-defined and
set by ``zero_division``, with a warning.
"""

from __future__ import annotations

import math

import numpy as np

from ._combine import f_beta_from_sums_values, g_values, limit_parameter, specificity_values, zero_limit_is_zero
from ._counts import Counts, label_counts
from ._params import BETA, RHO, SCORE_OPTIONS, TARGETS, WARN_FOR, declare, square, zero_division_value
from ._warnings import warn_undefined

__all__ = [
    "precision_recall_fscore_support",
    "precision_score",
    "recall_score",
    "f1_score",
    "fbeta_score",
    "g_beta_rho_score",
    "specificity_score",
    "prf_from_counts",
    "nanaverage",
    "average_weights",
]


def _divide(numerator, denominator, metric, modifier, average, warn_for, zero_division):
    """``numerator / denominator``, with ``zero_division`` where the denominator is 0 (scikit-learn's ``_prf_divide``)."""
    mask = denominator == 0
    safe = np.where(mask, 1, denominator).astype(np.float64)
    return _undefined(
        np.asarray(numerator, dtype=np.float64) / safe, mask, metric, modifier, average, warn_for, zero_division
    )


def _undefined(result, mask, metric, modifier, average, warn_for, zero_division):
    """``result`` with ``zero_division`` where ``mask`` (an undefined value), warning as scikit-learn does."""
    if not mask.any():
        return result
    result[mask] = zero_division_value(zero_division)
    if zero_division == "warn" and metric in warn_for:
        warn_undefined(average, modifier, f"{metric.capitalize()} is", result.shape[0])
    return result


def _combined_score(c: Counts, precision, recall, *, beta, beta2, rho, name, average, warn_for, zero_division):
    """F_beta (``rho`` None) or G_{beta,rho} per label, from its counts, precision and recall.

    F_beta, and G at rho = -2 (which is F_beta: claim
    ``family.g.rho_minus_2_is_f_beta``), is computed from the counts in
    scikit-learn's form (:func:`~symmetric.families.counts.f_beta_from_sums`);
    other G from precision and recall.
    """
    rho = -2.0 if rho is None else rho
    side = limit_parameter(math.inf if math.isinf(beta2) else beta, rho)
    if side is not None:
        return recall if side == "R" else precision
    if rho == -2.0:
        values, empty = f_beta_from_sums_values(c.tp, c.true_sum, c.pred_sum, beta2)
        undefined = [(empty, "true nor predicted")]
    else:
        no_pred, no_true = c.pred_sum == 0, c.true_sum == 0
        values = g_values(np.where(no_pred, 0.0, precision), np.where(no_true, 0.0, recall), beta, rho)
        undefined = [(no_pred & no_true, "true nor predicted")]
        if not zero_limit_is_zero(rho):
            undefined += [(no_pred & ~no_true, "predicted"), (no_true & ~no_pred, "true")]
    for mask, modifier in undefined:
        values = _undefined(values, mask, name, modifier, average, warn_for, zero_division)
    return values


def nanaverage(a: np.ndarray, weights=None) -> float:
    """The mean of ``a`` ignoring nan, weighted by ``weights``: scikit-learn's ``_nanaverage``, operation for operation.

    nan when ``a`` is empty or all nan; the unweighted mean when the weights
    of the values kept sum to 0.
    """
    if a.shape[0] == 0:
        return math.nan
    keep = ~np.isnan(a)
    if not keep.any():
        return math.nan
    if weights is None:
        return float(np.nanmean(a))
    try:
        return float(np.average(a[keep], weights=np.asarray(weights)[keep]))
    except ZeroDivisionError:
        return float(np.average(a[keep]))


def average_weights(c: Counts, average):
    """The weights of an average over labels: the support for ``"weighted"``, the samples' for ``"samples"``, else None."""
    return c.true_sum if average == "weighted" else c.sample_weight if average == "samples" else None


def prf_from_counts(c: Counts, *, beta, rho, average, warn_for, zero_division, name="f-score", beta2=None):
    """Precision, recall, F or G and support from counts, averaged like scikit-learn.

    ``beta2`` is beta squared as scikit-learn computes it (``beta ** 2`` of
    the caller's beta); by default ``beta ** 2`` of the float ``beta``.
    """
    precision = _divide(c.tp, c.pred_sum, "precision", "predicted", average, warn_for, zero_division)
    recall = _divide(c.tp, c.true_sum, "recall", "true", average, warn_for, zero_division)
    score = _combined_score(
        c,
        precision,
        recall,
        beta=beta,
        beta2=square(beta) if beta2 is None else beta2,
        rho=rho,
        name=name,
        average=average,
        warn_for=warn_for,
        zero_division=zero_division,
    )
    if average is None:
        return precision, recall, score, c.true_sum
    weights = average_weights(c, average)
    return nanaverage(precision, weights), nanaverage(recall, weights), nanaverage(score, weights), None


def _prfs(
    y_true,
    y_pred,
    *,
    labels,
    pos_label,
    average,
    sample_weight,
    func,
    zero_division,
    warn_for,
    beta=1.0,
    rho=None,
    name="f-score",
):
    """:func:`prf_from_counts` of the labels' counts, for a score whose declaration has checked its arguments.

    What depends on the data (the labels present, the kind of target, the
    weights' length) is checked while counting. ``beta`` is the caller's
    value: F_beta takes its square as scikit-learn computes it
    (:func:`~symmetric.metrics._params.square`). The options are named one
    by one, not forwarded as ``**options``: a dictionary built and unpacked
    on every call costs about 2 us, 1 % of the smallest score.
    """
    c = label_counts(
        y_true, y_pred, labels=labels, pos_label=pos_label, average=average, sample_weight=sample_weight, func=func
    )
    return prf_from_counts(
        c, beta=float(beta), rho=rho, average=average, warn_for=warn_for, zero_division=zero_division, name=name,
        beta2=square(beta),
    )  # fmt: skip


@declare(**TARGETS, beta=BETA, **SCORE_OPTIONS, warn_for=WARN_FOR)
def precision_recall_fscore_support(
    y_true,
    y_pred,
    *,
    beta=1.0,
    labels=None,
    pos_label=1,
    average=None,
    warn_for=("precision", "recall", "f-score"),
    sample_weight=None,
    zero_division="warn",
) -> tuple:
    """Precision, recall, F-beta and support per label or averaged: scikit-learn's function of the same name.

    Parameters
    ----------
    y_true, y_pred : 1-d array-like, or label indicator array
        True and predicted labels.
    beta : float in [0, inf], default 1.0
        The weight of recall in the F-score (0 gives precision, inf recall).
    labels : array-like, optional
        The labels to include and their order (for multilabel targets, column indices).
    pos_label : int, float, bool or str, default 1
        The positive class when ``average="binary"``.
    average : {"binary", "micro", "macro", "weighted", "samples"} or None, default None
        How to average over labels; None returns per-label values.
    warn_for : tuple of str
        Which ill-defined metrics warn.
    sample_weight : array-like of shape (n_samples,), optional
    zero_division : {"warn", 0.0, 1.0, nan}, default "warn"
        The value of an ill-defined metric; "warn" is 0 with an :class:`UndefinedMetricWarning`.

    Returns
    -------
    precision, recall, fbeta_score : float or ndarray
    support : ndarray or None
        The number (weight) of true samples of each label; None when averaged.

    Examples
    --------
    >>> from symmetric.metrics import precision_recall_fscore_support
    >>> y_true = ["cat", "dog", "pig", "cat", "dog", "pig"]
    >>> y_pred = ["cat", "pig", "dog", "cat", "cat", "dog"]
    >>> p, r, f, s = precision_recall_fscore_support(y_true, y_pred, average="macro")
    >>> round(p, 3), round(r, 3), round(f, 3), s
    (0.222, 0.333, 0.267, None)
    """
    return _prfs(
        y_true, y_pred, labels=labels, pos_label=pos_label, average=average, sample_weight=sample_weight,
        zero_division=zero_division, func="precision_recall_fscore_support", warn_for=warn_for,
        beta=beta,
    )  # fmt: skip


@declare(**TARGETS, **SCORE_OPTIONS)
def precision_score(
    y_true, y_pred, *, labels=None, pos_label=1, average="binary", sample_weight=None, zero_division="warn"
) -> float | np.ndarray:
    """Precision ``TP/(TP + FP)``: scikit-learn's ``precision_score``.

    See :func:`precision_recall_fscore_support` for the parameters.

    >>> from symmetric.metrics import precision_score
    >>> precision_score([0, 1, 1, 0], [1, 1, 0, 0])
    0.5
    """
    return _prfs(
        y_true, y_pred, labels=labels, pos_label=pos_label, average=average, sample_weight=sample_weight,
        zero_division=zero_division, func="precision_score", warn_for=("precision",),
    )[0]  # fmt: skip


@declare(**TARGETS, **SCORE_OPTIONS)
def recall_score(
    y_true, y_pred, *, labels=None, pos_label=1, average="binary", sample_weight=None, zero_division="warn"
) -> float | np.ndarray:
    """Recall ``TP/(TP + FN)``: scikit-learn's ``recall_score``.

    >>> from symmetric.metrics import recall_score
    >>> recall_score([0, 1, 1, 0], [1, 1, 0, 0])
    0.5
    """
    return _prfs(
        y_true, y_pred, labels=labels, pos_label=pos_label, average=average, sample_weight=sample_weight,
        zero_division=zero_division, func="recall_score", warn_for=("recall",),
    )[1]  # fmt: skip


@declare(**TARGETS, beta=BETA, **SCORE_OPTIONS)
def fbeta_score(
    y_true, y_pred, *, beta, labels=None, pos_label=1, average="binary", sample_weight=None, zero_division="warn"
) -> float | np.ndarray:
    """F-beta, the weighted harmonic mean of precision and recall: scikit-learn's ``fbeta_score``.

    >>> from symmetric.metrics import fbeta_score
    >>> round(fbeta_score([0, 1, 2, 0, 1, 2], [0, 2, 1, 0, 0, 1], beta=0.5, average="macro"), 3)
    0.238
    """
    return _prfs(
        y_true, y_pred, labels=labels, pos_label=pos_label, average=average, sample_weight=sample_weight,
        zero_division=zero_division, func="fbeta_score", warn_for=("f-score",), beta=beta,
    )[2]  # fmt: skip


@declare(**TARGETS, **SCORE_OPTIONS)
def f1_score(
    y_true, y_pred, *, labels=None, pos_label=1, average="binary", sample_weight=None, zero_division="warn"
) -> float | np.ndarray:
    """F1, the harmonic mean of precision and recall: scikit-learn's ``f1_score``.

    >>> from symmetric.metrics import f1_score
    >>> round(f1_score([0, 1, 1, 0], [1, 1, 1, 0]), 4)
    0.8
    """
    return _prfs(
        y_true, y_pred, labels=labels, pos_label=pos_label, average=average, sample_weight=sample_weight,
        zero_division=zero_division, func="f1_score", warn_for=("f-score",),
    )[2]  # fmt: skip


@declare(**TARGETS, beta=BETA, rho=RHO, **SCORE_OPTIONS)
def g_beta_rho_score(
    y_true,
    y_pred,
    *,
    beta=1.0,
    rho=-2.0,
    labels=None,
    pos_label=1,
    average="binary",
    sample_weight=None,
    zero_division="warn",
) -> float | np.ndarray:
    r"""The generalized F-score :math:`G_{\beta,\rho}` of precision and recall, from labels.

    ``rho = -2`` is :func:`fbeta_score`; ``rho = -1`` the weighted geometric
    mean, ``rho = 0`` the weighted arithmetic mean (see
    :func:`symmetric.g_beta_rho`). Averages, labels, weights and
    ``zero_division`` work as in :func:`precision_recall_fscore_support`.
    Where precision and recall are both defined, G is ``G(P, R)``; where only
    one is (no true positives), G is 0 for ``rho <= -1`` (scikit-learn's
    F-score) and ill-defined for ``rho > -1`` (claim
    ``scores.g_at_zero_recall_depends_on_precision``), set by
    ``zero_division`` with a warning, as where neither is.

    Parameters
    ----------
    beta : float in [0, inf], default 1.0
        Break-even ratio R/P; 0 and inf are the limits of the family.
    rho : float, default -2.0
        Curvature.

    Examples
    --------
    >>> from symmetric.metrics import g_beta_rho_score, fbeta_score
    >>> y_true, y_pred = [0, 1, 1, 1, 0, 1], [1, 1, 0, 1, 0, 1]
    >>> g_beta_rho_score(y_true, y_pred, beta=2, rho=-2) == fbeta_score(y_true, y_pred, beta=2)
    True
    >>> round(g_beta_rho_score(y_true, y_pred, beta=1, rho=0), 4)   # (P + R) / 2
    0.75
    """
    return _prfs(
        y_true, y_pred, labels=labels, pos_label=pos_label, average=average, sample_weight=sample_weight,
        zero_division=zero_division, func="g_beta_rho_score", warn_for=("g-score",),
        beta=beta, rho=float(rho), name="g-score",
    )[2]  # fmt: skip


@declare(**TARGETS, **SCORE_OPTIONS)
def specificity_score(
    y_true, y_pred, *, labels=None, pos_label=1, average="binary", sample_weight=None, zero_division="warn"
) -> float | np.ndarray:
    """Specificity, the true negative rate ``TN/(TN + FP)``, with the options of :func:`precision_score`.

    ``"weighted"`` weights each label by its support, as scikit-learn does
    for the other scores; ``"micro"`` divides summed counts.

    >>> from symmetric.metrics import specificity_score
    >>> specificity_score([0, 1, 1, 0, 0], [1, 1, 0, 0, 0])
    0.6666666666666666
    >>> specificity_score([0, 1, 2, 2], [0, 2, 1, 2], average=None)
    array([1.        , 0.66666667, 0.5       ])
    """
    func = "specificity_score"
    c = label_counts(
        y_true, y_pred, labels=labels, pos_label=pos_label, average=average, sample_weight=sample_weight, func=func
    )
    tn = c.tn
    values = _undefined(
        specificity_values(tn, c.fp),
        tn + c.fp == 0,
        "specificity",
        "negative",
        average,
        ("specificity",),
        zero_division,
    )
    return values if average is None else nanaverage(values, average_weights(c, average))
