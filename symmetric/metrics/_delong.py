"""DeLong's variance of ROC AUC, by Sun and Xu's fast algorithm, and the paired test of two correlated AUCs.

ROC AUC is the Mann-Whitney statistic: the mean over positives ``i`` and
negatives ``j`` of ``H(x_i - y_j)``, with ``H`` 1 for a positive scored
above, 1/2 for a tie, 0 below (claim ``ranking.auc.mann_whitney``: the
trapezoids of the ROC curve add up to it, block of tied scores by block).
DeLong, DeLong and Clarke-Pearson (1988) read its variance off the
*placements*: ``V10_i``, the share of negatives a positive beats (ties
one half), and ``V01_j``, the share of positives that beat a negative. With
``m`` positives and ``n`` negatives, the AUC is the mean of either, and

    Var(AUC) ~ S10 / m + S01 / n,

where ``S10`` and ``S01`` are the sample variances of the placements (for
several scores on the same samples, their covariance matrices). Sun and Xu
(2014) compute the placements from midranks in O(n log n): ``V10_i = (T_i -
T^X_i)/n``, the midrank of ``x_i`` among all samples less its midrank among
the positives. Here the same numbers come from the two sorted classes:
``T_i - T^X_i`` is the number of negatives below ``x_i`` plus half those
tied with it, two binary searches in the sorted negatives (and likewise for
the negatives), an integer or half-integer, exact in float64.

:func:`roc_auc_test` compares two scores of the same samples: the
difference of their AUCs, its interval and the two-sided p-value of
``z = (A - B)/sqrt(Var(A) + Var(B) - 2 Cov(A, B))``.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

from .._constraints import Interval
from ._intervals import normal_quantile, normal_tail
from ._params import POS_LABEL, array_like, declare
from ._roc_auc import binary_roc_auc
from ._sorted_pass import check_scored

__all__ = ["placements", "delong_covariance", "RocAucTest", "roc_auc_test", "auc_scores"]

#: ``level`` of an interval.
LEVEL = Interval(float, 0, 1, closed="neither")


def placements(positive: np.ndarray, scores: np.ndarray):
    """``(V10, V01)``: each positive's share of negatives scored below it, each negative's share of positives above it.

    Ties count one half. Their means are both the AUC (the Mann-Whitney statistic).
    """
    pos, neg = np.sort(scores[positive]), np.sort(scores[~positive])
    m, n = len(pos), len(neg)
    below = np.searchsorted(neg, scores[positive], side="left")
    below_or_tied = np.searchsorted(neg, scores[positive], side="right")
    v10 = (below + below_or_tied) / (2.0 * n)
    above_or_tied = m - np.searchsorted(pos, scores[~positive], side="left")
    above = m - np.searchsorted(pos, scores[~positive], side="right")
    v01 = (above + above_or_tied) / (2.0 * m)
    return v10, v01


def delong_covariance(v10: np.ndarray, v01: np.ndarray) -> np.ndarray:
    """DeLong's covariance matrix of the AUCs of ``k`` scores, from their placements (rows: scores).

    ``S10 / m + S01 / n`` with the sample covariances (divisor ``m - 1``,
    ``n - 1``) of the placements of the positives and of the negatives.
    """
    v10, v01 = np.atleast_2d(v10), np.atleast_2d(v01)
    m, n = v10.shape[1], v01.shape[1]
    return np.atleast_2d(np.cov(v10)) / m + np.atleast_2d(np.cov(v01)) / n


def _classes(positive, func):
    m = int(np.count_nonzero(positive))
    n = len(positive) - m
    if m < 2 or n < 2:
        raise ValueError(
            f"{func} needs at least two positive and two negative samples for DeLong's variance "
            f"(got {m} positive and {n} negative)."
        )


def auc_scores(positive: np.ndarray, scores):
    """The AUC of each score (row of ``scores``, as :func:`~symmetric.metrics.roc_auc_score` gives it) and their covariance."""
    v = [placements(positive, s) for s in scores]
    aucs = np.array([binary_roc_auc(positive.astype(np.int8), s) for s in scores])
    return aucs, delong_covariance(np.array([a for a, _ in v]), np.array([b for _, b in v]))


class RocAucTest(NamedTuple):
    """DeLong's test of two correlated ROC AUCs: the difference, its interval and the two-sided p-value."""

    difference: float
    low: float
    high: float
    p_value: float


@declare(
    y_true=array_like(optional=False),
    score_a=array_like(optional=False),
    score_b=array_like(optional=False),
    pos_label=POS_LABEL,
    level=LEVEL,
)
def roc_auc_test(y_true, score_a, score_b, *, pos_label=None, level=0.95) -> RocAucTest:
    """Compare the ROC AUCs of two scores of the same samples: DeLong's paired test.

    The two AUCs are correlated (the same positives and negatives rank
    them), so their difference has DeLong's variance ``Var(A) + Var(B) -
    2 Cov(A, B)`` (Sun and Xu's fast algorithm, O(n log n)); R's ``pROC::roc.test(method =
    "delong")`` computes the same statistic.

    Parameters
    ----------
    y_true : 1-d array-like of binary labels
    score_a, score_b : 1-d array-like of finite real scores
        Two scores of the same samples (two models, say).
    pos_label : int, float, bool or str, optional
        The positive class; by default 1 when ``y_true`` takes values in
        {0, 1} or {-1, 1}.
    level : float in (0, 1), default 0.95
        The level of the interval of the difference.

    Returns
    -------
    RocAucTest
        ``(difference, low, high, p_value)``: ``AUC(score_a) - AUC(score_b)``
        (each as :func:`~symmetric.metrics.roc_auc_score` gives it), the
        bounds of its normal interval (cut to [-1, 1]) and the two-sided
        p-value of no difference. When the difference has no variance (two
        perfect rankings, say) the p-value is 1 for equal AUCs and 0 otherwise.

    Raises
    ------
    ValueError
        With fewer than two positive or two negative samples.

    Examples
    --------
    >>> from symmetric.metrics import roc_auc_test
    >>> y = [0, 0, 0, 0, 1, 1, 1, 1]
    >>> a = [0.1, 0.3, 0.2, 0.6, 0.5, 0.9, 0.8, 0.7]
    >>> b = [0.2, 0.6, 0.1, 0.5, 0.3, 0.7, 0.4, 0.9]
    >>> test = roc_auc_test(y, a, b)
    >>> round(test.difference, 4), round(test.p_value, 4)
    (0.1875, 0.2679)
    """
    func = "roc_auc_test"
    positive, a, _ = check_scored(y_true, score_a, pos_label, None, func, require_positive=False)
    _, b, _ = check_scored(y_true, score_b, pos_label, None, func, require_positive=False)
    _classes(positive, func)
    aucs, cov = auc_scores(positive, (a, b))
    difference = float(aucs[0] - aucs[1])
    variance = max(float(cov[0, 0] + cov[1, 1] - 2 * cov[0, 1]), 0.0)
    z = normal_quantile(float(level))
    se = math.sqrt(variance)
    if se > 0:
        p_value = min(1.0, 2 * normal_tail(abs(difference) / se))
    else:
        p_value = 1.0 if difference == 0 else 0.0
    low, high = max(difference - z * se, -1.0), min(difference + z * se, 1.0)
    return RocAucTest(difference, low, high, p_value)
