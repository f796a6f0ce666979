"""Confidence intervals of ROC AUC and average precision (``confidence_interval(..., metric="roc_auc")``).

* ``method="delta"``: for ROC AUC, DeLong's variance (:mod:`symmetric.metrics._delong`,
  Sun and Xu's algorithm); for average precision, the logit interval of
  Boyd, Eng and Page (2013), which treats AP like a proportion over the
  ``m`` positives: ``logit(AP) +- z / sqrt(m AP (1 - AP))``, i.e. the
  delta method on the logit scale with standard error ``sqrt(AP (1 - AP) / m)``.
  Either on ``scale="logit"`` (the default: the bounds stay in (0, 1)) or
  ``"identity"``.
* ``method="percentile"``: the percentile bootstrap of the samples. Both
  metrics depend on the samples only through the number of positives and
  of negatives at each distinct score, so resampling the samples is one
  multinomial draw over those cells per resample (the cost grows with the
  number of distinct scores, not of samples).

The estimate is the metric as :func:`~symmetric.metrics.roc_auc_score`
and :func:`~symmetric.metrics.average_precision_score` give it (the
positive class is ``pos_label``). The coverage of each interval, measured
by simulation, is in docs/uncertainty.md (``benchmarks/ranking_coverage.py``).
"""

from __future__ import annotations

import math

import numpy as np

from ._average_precision import average_precision_of_counts
from ._delong import delong_covariance, placements
from ._intervals import on_scale, percentile, sort_resamples, widen
from ._roc import roc_from_counts, trapezoid
from ._sorted_pass import check_scored
from ._thresholds import ThresholdCounts, threshold_counts

__all__ = ["RANKING_METRICS", "ranking_interval", "ranking_estimate", "resampled_metric"]

#: The metrics of scores (not of predicted labels) that ``confidence_interval`` takes.
RANKING_METRICS = ("roc_auc", "average_precision")


def ranking_estimate(metric: str, counts: ThresholdCounts) -> float:
    """ROC AUC or AP of the counts of the sorted pass, as the scores give it."""
    if metric == "average_precision":
        return average_precision_of_counts(counts)
    fpr, tpr, _ = roc_from_counts(counts, drop_intermediate=True)
    return float(trapezoid(tpr, fpr))


def resampled_metric(metric: str, pos: np.ndarray, neg: np.ndarray) -> np.ndarray:
    """The metric of each resample: ``pos``, ``neg`` hold the positives and negatives per threshold (rows: resamples).

    Thresholds left empty by a resample add nothing (no step of recall, no
    area); a resample without positives (or, for ROC AUC, negatives) is nan.
    """
    tps, fps = np.cumsum(pos, axis=-1, dtype=np.float64), np.cumsum(neg, axis=-1, dtype=np.float64)
    positives, negatives = tps[..., -1:], fps[..., -1:]
    with np.errstate(all="ignore"):
        if metric == "average_precision":
            precision = np.where(pos > 0, tps / (tps + fps), 0.0)
            value = (pos * precision).sum(axis=-1) / positives[..., 0]
        else:
            tpr, fpr = tps / positives, fps / negatives
            tpr = np.concatenate([np.zeros_like(tpr[..., :1]), tpr], axis=-1)
            fpr = np.concatenate([np.zeros_like(fpr[..., :1]), fpr], axis=-1)
            value = (np.diff(fpr, axis=-1) * (tpr[..., 1:] + tpr[..., :-1]) / 2).sum(axis=-1)
            value = np.where(negatives[..., 0] > 0, value, np.nan)
    return np.where(positives[..., 0] > 0, value, np.nan)


def _cells(counts: ThresholdCounts):
    """Positives and negatives at each threshold (integers)."""
    return np.diff(counts.tps, prepend=0.0), np.diff(counts.fps, prepend=0.0)


def ranking_interval(
    y_true, y_score, *, metric, pos_label, method, level, z, scale, n_resamples, rng, check_resamples, func
) -> tuple[float, float, float]:
    """``(estimate, low, high)`` of ROC AUC or AP of scores ``y_score``."""
    positive, scores, _ = check_scored(y_true, y_score, pos_label, None, func, require_positive=False)
    m = int(np.count_nonzero(positive))
    n = len(positive) - m
    if m < 2 or (metric == "roc_auc" and n < 2):
        raise ValueError(
            f"{func} needs at least two positive{' and two negative' if metric == 'roc_auc' else ''} samples "
            f"for an interval of {metric} (got {m} positive and {n} negative)."
        )
    counts = threshold_counts(positive, scores, None)
    estimate = ranking_estimate(metric, counts)
    if method == "delta":
        if metric == "roc_auc":
            se = math.sqrt(max(float(delong_covariance(*placements(positive, scores))[0, 0]), 0.0))
        else:
            se = math.sqrt(estimate * (1 - estimate) / m)
        low, high = on_scale(estimate, se, z=z, scale=scale)
        low, high = widen(np.clip(low, 0.0, 1.0), np.clip(high, 0.0, 1.0), estimate)
        return estimate, float(low), float(high)
    pos, neg = _cells(counts)
    check_resamples(n_resamples, np.concatenate([pos, neg]))
    draws = rng.multinomial(m + n, np.concatenate([pos, neg]) / (m + n), size=n_resamples)
    values = resampled_metric(metric, draws[:, : len(pos)], draws[:, len(pos) :])
    low, high = percentile(sort_resamples(values), estimate, level=level)
    return estimate, float(low), float(high)
