"""Scores of the whole confusion matrix from labels: MCC, Cohen's kappa, Jaccard, likelihood ratios, informedness, markedness.

``matthews_corrcoef``, ``cohen_kappa_score``, ``jaccard_score`` and
``class_likelihood_ratios`` take scikit-learn's arguments and give its
values (to the last bit with unweighted or integer-weighted counts), warnings
and errors; ``informedness_score`` and ``markedness_score`` take the options
of ``precision_score``. Every value comes from the code generated from the
records of :data:`symmetric.families.CONFUSION_METRICS`
(``symmetric/metrics/_generated.py``), and every count from the one counting
pass of :mod:`symmetric.metrics` (so Dask input and :class:`ConfusionCounts`
work the same way).
"""

from __future__ import annotations

import math
import numbers
import warnings
from typing import Any

import numpy as np

from .._constraints import Options, Predicate
from . import _generated as gen, _records
from ._confusion import matrix_of
from ._counts import Counts, label_counts
from ._params import AVERAGE, DENSE_TARGETS, POS_LABEL, SCORE_OPTIONS, TARGETS, array_like, declare, zero_division_value
from ._records import records  # the records' data, without SymPy (the CLI's `symmetric counts` reads it here)
from ._scores import average_weights, nanaverage
from ._sklearn_compat import compatible
from ._targets import check_targets
from ._warnings import UndefinedMetricWarning, user_stacklevel, warn_undefined

__all__ = [
    "class_likelihood_ratios",
    "cohen_kappa_score",
    "confusion_metric_score",
    "informedness_score",
    "jaccard_score",
    "markedness_score",
    "matthews_corrcoef",
    "record_functions",
    "record_values",
    "records",
]

#: ``zero_division`` of ``jaccard_score``: scikit-learn does not take nan there.
JACCARD_ZERO_DIVISION = Options(
    ("warn", 0.0, 1.0), allowed="a float among {0.0, 1.0} or a str among {'warn'}", invalid=("ignore", 0.5, math.nan)
)
#: ``weights`` of ``cohen_kappa_score``.
KAPPA_WEIGHTS = Options(("linear", "quadratic"), none=True)
#: ``replace_undefined_by`` of ``cohen_kappa_score``: nan or a float in [-1, 1].
KAPPA_REPLACEMENT = Predicate(
    "a float in the range [-1.0, 1.0] or nan",
    lambda v: isinstance(v, numbers.Real) and not isinstance(v, bool) and (math.isnan(v) or -1 <= float(v) <= 1),
    invalid=(2.0, "nan", None),
)
#: ``replace_undefined_by`` of ``class_likelihood_ratios``: 1.0, nan or a dict of both ratios.
LR_REPLACEMENT = Predicate(
    "a float among {1.0, nan} or an instance of 'dict'",
    lambda v: (
        isinstance(v, dict) or (isinstance(v, numbers.Real) and not isinstance(v, bool) and (v == 1.0 or math.isnan(v)))
    ),
    invalid=(0.5, "nan", None),
)


def record_functions(name: str):
    """``(value, undefined)``: the record's generated functions, or compiled from its definition when it has none."""
    return _records.functions(name)


def record_values(name: str, *cells, zero_division=math.nan):
    """The metric ``name`` (a record with generated code) of arrays of cells, and the mask where it is undefined.

    Undefined values (a zero in the record's ``undefined`` expressions) are ``zero_division``.
    """
    values, mask, _ = _record_values(name, [np.asarray(c, dtype=np.float64) for c in cells], zero_division)
    return values, mask


def _record_values(name: str, arrays, zero_division):
    """:func:`record_values` of float arrays, and where each of the record's ``undefined`` expressions is zero."""
    with np.errstate(all="ignore"):
        value, undefined = record_functions(name)
        values = np.asarray(value(*arrays), dtype=np.float64)
        zeros = [np.asarray(d) == 0 for d in undefined(*arrays)]
    mask = np.zeros(np.broadcast_shapes(values.shape, *(z.shape for z in zeros)), dtype=bool)
    for z in zeros:
        mask |= z
    values = np.where(mask, zero_division_value(zero_division), np.broadcast_to(values, mask.shape))
    return values, mask, zeros


# matthews_corrcoef and cohen_kappa_score: the whole K x K matrix.


@declare(**DENSE_TARGETS, sample_weight=array_like())
def matthews_corrcoef(y_true, y_pred, *, sample_weight=None) -> float:
    """The Matthews correlation coefficient (Gorodkin's R_K for more than two classes): scikit-learn's function.

    Computed from the trace, total and margins of the confusion matrix by the
    code generated from the record ``mcc_multiclass``; 0 where it is
    undefined (a single predicted or true class), as in scikit-learn.

    >>> from symmetric.metrics import matthews_corrcoef
    >>> round(matthews_corrcoef([1, 1, 1, 0], [1, 0, 1, 1]), 4)
    -0.3333
    """
    func = "matthews_corrcoef"
    t = check_targets(y_true, y_pred, sample_weight, func=func)
    if t.y_type not in ("binary", "multiclass"):
        raise ValueError(f"{t.y_type} is not supported")
    c = matrix_of(t, None, sample_weight)
    true, pred = c.sum(axis=1, dtype=np.float64), c.sum(axis=0, dtype=np.float64)
    total = pred.sum()
    sums = (np.trace(c, dtype=np.float64), total, np.dot(true, pred), np.dot(pred, pred), np.dot(true, true))
    value, undefined = record_values("mcc_multiclass", *sums)
    return 0.0 if undefined or not np.isfinite(value) else float(value)


def _kappa_weights(weights, k: int) -> np.ndarray:
    i, j = np.meshgrid(np.arange(k, dtype=np.float64), np.arange(k, dtype=np.float64), indexing="ij")
    with np.errstate(all="ignore"):
        return np.asarray(getattr(gen, f"kappa_weight_{weights or 'unweighted'}")(i, j), dtype=np.float64)


@declare(
    y1=array_like(optional=False),
    y2=array_like(optional=False),
    labels=array_like(),
    weights=KAPPA_WEIGHTS,
    sample_weight=array_like(),
    replace_undefined_by=KAPPA_REPLACEMENT,
)
def cohen_kappa_score(y1, y2, *, labels=None, weights=None, sample_weight=None, replace_undefined_by=np.nan) -> float:
    r"""Cohen's kappa, unweighted or with linear or quadratic weights: scikit-learn's function.

    :math:`1 - \sum w_{ij} C_{ij} / \sum w_{ij} E_{ij}` with ``E`` the
    agreement expected by chance (record ``cohen_kappa_weighted``; the weights
    are generated from :data:`symmetric.families.confusion.KAPPA_WEIGHTS`).

    Parameters
    ----------
    y1, y2 : 1-d array-like
        The labels of two annotators.
    labels : array-like, optional
    weights : {None, "linear", "quadratic"}
    sample_weight : array-like of shape (n_samples,), optional
    replace_undefined_by : float in [-1, 1] or nan, default nan
        The value (with an :class:`UndefinedMetricWarning`) when kappa is undefined.

    >>> from symmetric.metrics import cohen_kappa_score
    >>> cohen_kappa_score(["negative", "positive", "negative", "neutral", "positive"],
    ...                   ["negative", "positive", "negative", "neutral", "negative"])
    0.6875
    """
    func = "cohen_kappa_score"
    try:
        confusion = matrix_of(None, labels, sample_weight, y_true=y1, y_pred=y2, func=func)
    except ValueError as error:
        if "At least one label specified must be in y_true" in str(error):
            raise ValueError(
                "At least one label in `labels` must be present in `y1` (even though "
                "`cohen_kappa_score` is otherwise agnostic to the order of `y1` and `y2`)."
            ) from error
        raise
    confusion = confusion.astype(np.float64, copy=False)
    sum0, sum1 = confusion.sum(axis=0), confusion.sum(axis=1)
    total = sum0.sum()
    if total == 0:
        warnings.warn(
            "`y2` contains no labels that are present in both `y1` and `labels`.`cohen_kappa_score` is "
            "undefined and set to the value defined by the `replace_undefined_by` param, which is set to "
            f"{replace_undefined_by}.",
            compatible(UndefinedMetricWarning),
            stacklevel=user_stacklevel(),
        )
        return replace_undefined_by
    w = _kappa_weights(weights, confusion.shape[0])
    observed, expected = np.sum(w * confusion), np.sum(w * (np.outer(sum0, sum1) / total))
    value, undefined = record_values("cohen_kappa_weighted", observed, expected)
    if undefined:
        warnings.warn(
            "`y1`, `y2` and `labels` have only one label in common. `cohen_kappa_score` is undefined and "
            "set to the value defined by the the `replace_undefined_by` param, which is set to "
            f"{replace_undefined_by}.",
            compatible(UndefinedMetricWarning),
            stacklevel=user_stacklevel(),
        )
        return replace_undefined_by
    return float(value)


# Scores of the one-vs-rest cells: jaccard, informedness, markedness.


def _one_vs_rest(
    name, metric, modifiers, y_true, y_pred, *, labels, pos_label, average, sample_weight, func, zero_division
):
    """The record ``name`` per label from the labels' counts; its undefined cases warn with ``modifiers``."""
    c = label_counts(
        y_true, y_pred, labels=labels, pos_label=pos_label, average=average, sample_weight=sample_weight, func=func
    )
    tp, fp, fn = (np.asarray(a, dtype=np.float64) for a in (c.tp, c.fp, c.fn))
    tn = np.broadcast_to(np.asarray(c.tn, dtype=np.float64), tp.shape)
    values, _, zeros = _record_values(name, (tp, fp, fn, tn), zero_division)
    for zero, modifier in zip(zeros, modifiers):
        if zero_division == "warn" and np.broadcast_to(zero, values.shape).any():
            warn_undefined(average, modifier, f"{metric} is", values.shape[0])
    return values, c


def _average(values, c: Counts, average, *, nan_aware: bool):
    if average is None:
        return values
    weights = average_weights(c, average)
    if nan_aware:
        return nanaverage(values, weights)
    if average == "weighted" and not np.any(weights):  # no support: the plain mean, as scikit-learn's
        weights = None
    return float(np.average(values, weights=weights))


@declare(
    **TARGETS,
    labels=array_like(),
    pos_label=POS_LABEL,
    average=AVERAGE,
    sample_weight=array_like(),
    zero_division=JACCARD_ZERO_DIVISION,
)
def jaccard_score(
    y_true, y_pred, *, labels=None, pos_label=1, average="binary", sample_weight=None, zero_division="warn"
) -> float | np.ndarray:
    """The Jaccard index ``TP/(TP + FP + FN)``: scikit-learn's ``jaccard_score``.

    Averages as scikit-learn's (a plain mean, in which ``zero_division``
    values count); see :func:`symmetric.metrics.precision_recall_fscore_support`
    for the options.

    >>> from symmetric.metrics import jaccard_score
    >>> round(jaccard_score([0, 1, 1, 1], [1, 1, 0, 1]), 4)
    0.5
    """
    values, c = _one_vs_rest(
        "jaccard", "Jaccard", ("true or predicted",), y_true, y_pred, func="jaccard_score", labels=labels,
        pos_label=pos_label, average=average, sample_weight=sample_weight, zero_division=zero_division,
    )  # fmt: skip
    if average == "micro":
        values, _ = record_values("jaccard", c.tp.sum(), c.fp.sum(), c.fn.sum(), 0.0)
    return _average(values, c, average, nan_aware=False)


def _record_score(
    name: str, display: str, y_true, y_pred, *, func: str, labels, pos_label, average, sample_weight, zero_division
):
    """A binary record's score from labels, one-vs-rest; its undefined cases warn with the record's words."""
    modifiers = _records.records()[name].undefined
    values, c = _one_vs_rest(
        name, display, modifiers, y_true, y_pred, labels=labels, pos_label=pos_label, average=average,
        sample_weight=sample_weight, func=func, zero_division=zero_division,
    )  # fmt: skip
    return _average(values, c, average, nan_aware=True)


@declare(**TARGETS, **SCORE_OPTIONS)
def informedness_score(
    y_true, y_pred, *, labels=None, pos_label=1, average="binary", sample_weight=None, zero_division="warn"
) -> float | np.ndarray:
    """Informedness (Youden's J, bookmaker informedness) ``TPR + TNR - 1``, with the options of ``precision_score``.

    Undefined (``zero_division``) for a label without true samples or
    without negatives; averages ignore nan as scikit-learn's scores do.

    >>> from symmetric.metrics import informedness_score
    >>> informedness_score([1, 1, 0, 0], [1, 0, 0, 0])
    0.5
    """
    return _record_score(
        "informedness", "Informedness", y_true, y_pred, func="informedness_score", labels=labels,
        pos_label=pos_label, average=average, sample_weight=sample_weight, zero_division=zero_division,
    )  # fmt: skip


@declare(**TARGETS, **SCORE_OPTIONS)
def markedness_score(
    y_true, y_pred, *, labels=None, pos_label=1, average="binary", sample_weight=None, zero_division="warn"
) -> float | np.ndarray:
    """Markedness ``PPV + NPV - 1``, with the options of ``precision_score``.

    Undefined (``zero_division``) for a label never predicted or always predicted.

    >>> from symmetric.metrics import markedness_score
    >>> markedness_score([1, 1, 0, 0], [1, 0, 0, 0])
    0.6666666666666665
    """
    return _record_score(
        "markedness", "Markedness", y_true, y_pred, func="markedness_score", labels=labels,
        pos_label=pos_label, average=average, sample_weight=sample_weight, zero_division=zero_division,
    )  # fmt: skip


# class_likelihood_ratios


#: ``metric`` of ``confusion_metric_score``: a registered metric of the four cells (read when checking).
BINARY_METRIC = Predicate(
    "the name of a registered ConfusionMetric of TP, FP, FN and TN (symmetric.families.CONFUSION_METRICS)",
    lambda v: isinstance(v, str) and (r := _records.records().get(v)) is not None and r.binary,  # a run-time one too
    invalid=("no_such_metric", 1, None),
)


@declare(**TARGETS, metric=BINARY_METRIC, **SCORE_OPTIONS)
def confusion_metric_score(
    y_true,
    y_pred,
    *,
    metric,
    labels=None,
    pos_label=1,
    average="binary",
    sample_weight=None,
    zero_division="warn",
) -> float | np.ndarray:
    """Any registered metric of the confusion matrix's four cells, from labels, one-vs-rest per label.

    The metric is a :class:`symmetric.families.ConfusionMetric` (``"npv"``, ``"fdr"``,
    ``"false_omission_rate"``, ``"lr_plus"``, ``"lr_minus"``, ``"dor"``, ``"prevalence_threshold"``,
    ``"fowlkes_mallows"``, ``"gmean"``, ``"jaccard"``, ``"mcc"``, ... or one registered with
    :func:`symmetric.families.register_confusion_metric`): its value and its undefined cases come from
    the record's definition. The options are those of ``precision_score``; where one of the record's
    ``undefined`` expressions is zero the value is ``zero_division`` (a warning with ``"warn"``), and
    the averages ignore undefined labels as scikit-learn's scores do.

    Parameters
    ----------
    y_true, y_pred : array-like
        True and predicted labels.
    metric : str
        The name of the record.
    labels, pos_label, average, sample_weight, zero_division
        As in :func:`symmetric.metrics.precision_score`.

    Returns
    -------
    float or numpy.ndarray
        The metric, or one value per label with ``average=None``.

    >>> from symmetric.metrics import confusion_metric_score
    >>> confusion_metric_score([1, 1, 0, 0, 0], [1, 0, 0, 0, 1], metric="npv")
    0.6666666666666666
    """
    func = "confusion_metric_score"
    summary = _records.records()[metric].summary
    return _record_score(
        metric, summary[:1].upper() + summary[1:], y_true, y_pred, func=func, labels=labels,
        pos_label=pos_label, average=average, sample_weight=sample_weight, zero_division=zero_division,
    )  # fmt: skip


def _lr_replacements(replace_undefined_by):
    if isinstance(replace_undefined_by, dict) or replace_undefined_by == 1.0:
        given = {"LR+": 1.0, "LR-": 1.0} if not isinstance(replace_undefined_by, dict) else replace_undefined_by
        msg = (
            "The dictionary passed as `replace_undefined_by` needs to be in the form `{'LR+': `value_1`, 'LR-': "
            "`value_2`}` where the value for `LR+` ranges from `1.0` to `np.inf` or is `np.nan` and the value for "
            f"`LR-` ranges from `0.0` to `1.0` or is `np.nan`; got `{replace_undefined_by}`."
        )
        pos: Any = given.get("LR+")  # checked below: both real numbers
        neg: Any = given.get("LR-")
        ok = "LR+" in given and "LR-" in given and all(isinstance(v, numbers.Real) for v in (pos, neg))
        if not ok or pos < 1.0 or neg < 0.0 or neg > 1.0:  # nan passes, as in scikit-learn
            raise ValueError(msg)
        return pos, neg
    return replace_undefined_by, replace_undefined_by


def _warn(message) -> None:
    warnings.warn(message, compatible(UndefinedMetricWarning), stacklevel=user_stacklevel())


@declare(**TARGETS, labels=array_like(), sample_weight=array_like(), replace_undefined_by=LR_REPLACEMENT)
def class_likelihood_ratios(
    y_true, y_pred, *, labels=None, sample_weight=None, replace_undefined_by=np.nan
) -> tuple[float, float]:
    """The positive and negative likelihood ratios ``(LR+, LR-)`` of binary labels: scikit-learn's function (1.9).

    ``LR+ = TPR/FPR`` and ``LR- = FNR/TNR`` (records ``lr_plus``, ``lr_minus``);
    an undefined ratio warns and takes ``replace_undefined_by`` (nan, 1.0
    for both, or ``{"LR+": value, "LR-": value}``).

    >>> from symmetric.metrics import class_likelihood_ratios
    >>> class_likelihood_ratios([0, 1, 0, 1, 0], [1, 1, 0, 0, 0])
    (1.5, 0.75)
    """
    func = "class_likelihood_ratios"
    t = check_targets(y_true, y_pred, sample_weight, func=func)
    if t.y_type != "binary":
        raise ValueError(
            f"class_likelihood_ratios only supports binary classification problems, got targets of type: {t.y_type}"
        )
    replace_pos, replace_neg = _lr_replacements(replace_undefined_by)
    cm = matrix_of(t, labels, sample_weight, func=func).astype(np.float64)
    tn, fp, fn, tp = cm.ravel().tolist()
    lr_pos, _ = record_values("lr_plus", tp, fp, fn, tn)
    lr_neg, _ = record_values("lr_minus", tp, fp, fn, tn)
    lr_pos, lr_neg = float(lr_pos), float(lr_neg)
    if tp + fn == 0:
        _warn(
            "No samples of the positive class are present in `y_true`. `positive_likelihood_ratio` and "
            "`negative_likelihood_ratio` are both set to `np.nan`. Use the `replace_undefined_by` param to "
            "control this behavior. To suppress this warning or turn it into an error, see Python's `warnings` "
            "module and `warnings.catch_warnings()`."
        )
    if fp == 0:
        start = (
            "No samples were predicted for the positive class and `positive_likelihood_ratio` is "
            if tp == 0
            else "`positive_likelihood_ratio` is ill-defined and "
        )
        _warn(start + "set to `np.nan`. Use the `replace_undefined_by` param to ")
        lr_pos = replace_pos
    if tn == 0:
        _warn(
            "`negative_likelihood_ratio` is ill-defined and set to `np.nan`. Use the `replace_undefined_by` param "
            "to control this behavior. To suppress this warning or turn it into an error, see Python's `warnings` "
            "module and `warnings.catch_warnings()`."
        )
        lr_neg = replace_neg
    return float(lr_pos), float(lr_neg)
