"""Precision-recall gain (Flach and Kull, NeurIPS 2015) and the unachievable region of PR space (Boyd et al., ECML 2012).

The gains rescale precision and recall harmonically so that the
always-positive classifier (precision = the prevalence pi) scores 0 and a
perfect one 1: ``precG = 1 - (pi/(1 - pi)) FP/TP``, ``recG = 1 - (pi/(1 - pi))
FN/TP`` (claims ``confusion.gain.*``); F-gain is linear in them. A PRG curve
has a point per decision threshold. Between two operating points the counts
move linearly, and both gains are affine in ``1/TP`` there, so each segment
is straight in gain space (Flach and Kull's construction). **Points outside
the unit square:** the curve is cut at recall gain 0 (the point where it
crosses is interpolated on its segment; from the first operating point back
to TP = 0 the precision gain is constant), and points with a negative
precision gain are **dropped** (not clipped). ``prg_auc_score`` is the
trapezoidal area under the points kept, in order of recall gain.

At prevalence pi no classifier has a precision below ``pi r/(pi r + 1 - pi)``
at recall r (claim ``unachievable.minimum_precision``); the region below it
has area ``1 + (1 - pi) ln(1 - pi)/pi`` (claim ``unachievable.area``), which
:func:`normalized_average_precision_score` removes from average precision.
Every formula comes from the code generated from
:mod:`symmetric.families.confusion`.
"""

from __future__ import annotations

import numpy as np

from .._constraints import Predicate
from . import _generated as gen
from ._average_precision import average_precision_of_counts
from ._confusion_scores import record_functions, record_values
from ._counts import label_counts
from ._params import (
    BETA,
    POS_LABEL,
    PREVALENCE,
    SCORED_TARGETS,
    TARGETS,
    ZERO_DIVISION,
    array_like,
    declare,
    square,
    zero_division_value,
)
from ._sorted_pass import sorted_counts
from ._thresholds import ThresholdCounts
from ._warnings import warn_undefined


def _recall_values(value) -> bool:
    try:
        r = np.asarray(value, dtype=np.float64)
    except (TypeError, ValueError):
        return False
    return not isinstance(value, (str, bool)) and value is not None and bool(np.all((r >= 0) & (r <= 1)))


#: ``recall`` of :func:`minimum_precision`.
RECALL = Predicate(
    "a number or an array-like of numbers in [0, 1]", _recall_values, invalid=(1.5, [0.5, 2.0], None, "a")
)

__all__ = [
    "f_gain_score",
    "minimum_precision",
    "normalized_average_precision_score",
    "precision_recall_gain_curve",
    "prg_auc_score",
    "unachievable_area",
]


def _both_classes(y_true, y_score, pos_label, sample_weight, func) -> ThresholdCounts:
    """The counts of the sorted pass, with positive and negative samples present."""
    c = sorted_counts(y_true, y_score, pos_label=pos_label, sample_weight=sample_weight, func=func)
    if c.total_positives == 0 or c.total_negatives == 0:
        raise ValueError(
            f"{func} needs positive and negative samples: the gains divide by the prevalence and by one "
            f"minus it (got {'no positive' if c.total_positives == 0 else 'no negative'} sample)."
        )
    return c


def _prevalence(c: ThresholdCounts) -> float:
    return c.total_positives / (c.total_positives + c.total_negatives)


@declare(**SCORED_TARGETS)
def precision_recall_gain_curve(
    y_true, y_score, *, pos_label=None, sample_weight=None
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Precision gain and recall gain of the predictions ``y_score >= t`` for every distinct score ``t``.

    Parameters
    ----------
    y_true : 1-d array-like of binary labels
    y_score : 1-d array-like of finite real scores
    pos_label : int, float, bool or str, optional
        The positive class; by default 1 when ``y_true`` takes values in {0, 1} or {-1, 1}.
    sample_weight : array-like of shape (n_samples,), optional

    Returns
    -------
    precision_gain, recall_gain, thresholds : ndarray
        In order of increasing recall gain (decreasing threshold), from
        recall gain 0 (a point interpolated on its segment, threshold nan)
        to 1; points with a negative precision gain are dropped.

    Examples
    --------
    >>> from symmetric.metrics import precision_recall_gain_curve
    >>> pg, rg, t = precision_recall_gain_curve([0, 0, 1, 1, 0, 1], [0.1, 0.4, 0.35, 0.8, 0.2, 0.9])
    >>> pg.round(4), rg, t      # the top threshold has recall gain -1: the curve is cut at 0
    (array([1.    , 1.    , 0.5   , 0.6667, 0.3333, 0.    ]), array([0. , 0.5, 0.5, 1. , 1. , 1. ]), array([ nan, 0.8 , 0.4 , 0.35, 0.2 , 0.1 ]))
    """
    return _gain_curve(y_true, y_score, pos_label, sample_weight, "precision_recall_gain_curve")


def _gain_curve(y_true, y_score, pos_label, sample_weight, func):
    c = _both_classes(y_true, y_score, pos_label, sample_weight, func)
    first = np.searchsorted(c.tps, 0.0, side="right")  # the gains are defined from the first true positive on
    tp, fp, thresholds = c.tps[first:], c.fps[first:], c.thresholds[first:]
    fn, tn = c.total_positives - tp, c.total_negatives - fp
    with np.errstate(all="ignore"):
        pg, rg = (
            np.asarray(record_functions(name)[0](tp, fp, fn, tn), dtype=np.float64)
            for name in ("precision_gain", "recall_gain")
        )
    below = np.flatnonzero(rg < 0)
    if below.size:
        i = below[-1]
        if i + 1 == rg.size:
            return np.array([]), np.array([]), np.array([])
        start = pg[i] + (pg[i + 1] - pg[i]) * (0 - rg[i]) / (rg[i + 1] - rg[i])
        pg, rg, thresholds = pg[i + 1 :], rg[i + 1 :], thresholds[i + 1 :]
    else:
        start = pg[0]
    if rg[0] > 0:
        pg, rg = np.concatenate([[start], pg]), np.concatenate([[0.0], rg])
        thresholds = np.concatenate([[np.nan], thresholds])
    keep = pg >= 0
    return pg[keep], rg[keep], thresholds[keep]


@declare(**SCORED_TARGETS)
def prg_auc_score(y_true, y_score, *, pos_label=None, sample_weight=None) -> float:
    """The area under the precision-recall gain curve (trapezoids over the points kept, in recall gain).

    >>> from symmetric.metrics import prg_auc_score
    >>> round(prg_auc_score([0, 0, 1, 1, 0, 1], [0.1, 0.4, 0.35, 0.8, 0.2, 0.9]), 4)   # 1/2 + (1/2)(1/2 + 2/3)/2
    0.7917
    """
    pg, rg, _ = _gain_curve(y_true, y_score, pos_label, sample_weight, "prg_auc_score")
    if rg.size < 2:
        return 0.0
    return float(np.sum(np.diff(rg) * (pg[1:] + pg[:-1]) / 2))


@declare(**TARGETS, beta=BETA, pos_label=POS_LABEL, sample_weight=array_like(), zero_division=ZERO_DIVISION)
def f_gain_score(y_true, y_pred, *, beta=1.0, pos_label=1, sample_weight=None, zero_division="warn") -> float:
    r"""F-gain of binary labels: :math:`(\mathrm{precG} + \beta^2\,\mathrm{recG})/(1 + \beta^2)`.

    Linear in the gains (claim ``confusion.gain.f_gain_linear``); undefined
    (``zero_division``) without true positives, positive or negative samples.

    >>> from symmetric.metrics import f_gain_score
    >>> f_gain_score([1, 1, 0, 0], [1, 0, 0, 0])
    0.5
    """
    func = "f_gain_score"
    beta2 = square(beta)
    c = label_counts(
        y_true, y_pred, labels=None, pos_label=pos_label, average="binary", sample_weight=sample_weight, func=func
    )
    cells = tuple(float(np.asarray(a).reshape(-1)[0]) for a in (c.tp, c.fp, c.fn, c.tn))
    pg, undefined = record_values("precision_gain", *cells)
    rg, _ = record_values("recall_gain", *cells)
    if undefined:
        if zero_division == "warn":
            warn_undefined("binary", "true positive", "F-gain is", 1)
        return zero_division_value(zero_division)
    if np.isinf(beta2):
        return float(rg)
    return float((pg + beta2 * rg) / (1 + beta2))


@declare(recall=RECALL, prevalence=PREVALENCE)
def minimum_precision(recall, prevalence) -> np.ndarray:
    """The lowest precision any classifier has at ``recall`` on data of prevalence ``prevalence`` (Boyd et al.).

    >>> from symmetric.metrics import minimum_precision
    >>> minimum_precision([0.0, 0.5, 1.0], 0.2).round(4)
    array([0.    , 0.1111, 0.2   ])
    """
    prevalence = float(prevalence)
    r = np.asarray(recall, dtype=np.float64)
    with np.errstate(all="ignore"):
        return np.asarray(gen.minimum_precision(r, prevalence), dtype=np.float64)


@declare(prevalence=PREVALENCE)
def unachievable_area(prevalence) -> float:
    """The area of PR space below :func:`minimum_precision`, ``1 + (1 - pi) ln(1 - pi)/pi`` (claim ``unachievable.area``).

    >>> from symmetric.metrics import unachievable_area
    >>> round(unachievable_area(0.5), 4)
    0.3069
    """
    prevalence = float(prevalence)
    return float(gen.unachievable_area(prevalence))


@declare(**SCORED_TARGETS)
def normalized_average_precision_score(y_true, y_score, *, pos_label=None, sample_weight=None) -> float:
    """Average precision with the unachievable area removed: ``(AP - AP_min)/(1 - AP_min)`` (Boyd et al. 2012).

    AP is :func:`~symmetric.metrics.average_precision_score` (the step sum
    ``sum (R_n - R_{n-1}) P_n``, scikit-learn's value); ``AP_min`` is
    :func:`unachievable_area` at the data's prevalence. 0 for the worst ranking's floor, 1 for a perfect one.

    >>> from symmetric.metrics import normalized_average_precision_score
    >>> normalized_average_precision_score([0, 0, 1, 1], [0.1, 0.2, 0.8, 0.9])
    1.0
    """
    func = "normalized_average_precision_score"
    c = _both_classes(y_true, y_score, pos_label, sample_weight, func)
    ap = average_precision_of_counts(c)
    floor = float(gen.unachievable_area(_prevalence(c)))
    return (ap - floor) / (1 - floor)
