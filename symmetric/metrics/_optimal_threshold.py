"""Whether a threshold on calibrated probabilities satisfies the F-optimality condition (Lipton et al. 2014).

Give each item its score ``p`` as the probability of being positive. The
plug-in F_beta of a set S of predicted positives uses the expected counts
``TP = sum of p over S``, ``FP = sum of 1 - p over S``, ``FN = sum of p
outside S``. Proven (claims ``threshold.add_item``, ``threshold.remove_item``
and ``threshold.*_sign``): moving one item into S raises that F exactly when
``p > F/(1 + beta**2)``, moving one out lowers it exactly then. So the set
maximizing it, with maximum F*, straddles ``F*/(1 + beta**2)``: scores
inside at least, scores outside at most that bound.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

from .._validation import InvalidParameterError
from ._count_metrics import resolve_metric
from ._params import square
from ._thresholds import weighted_counts

__all__ = ["ThresholdOptimality", "threshold_optimality", "expected_f_optimum"]


class ThresholdOptimality(NamedTuple):
    """The F_beta optimality condition at a threshold.

    Attributes
    ----------
    bound : float
        ``F*/(1 + beta**2)`` with F* the best F_beta measured on the labels.
    lowest_included, highest_excluded : float
        The lowest score predicted positive (the threshold) and the highest
        predicted negative (-inf when there is none).
    satisfied : bool
        ``lowest_included >= bound >= highest_excluded``. The condition is
        exact for the plug-in F of calibrated probabilities; F on labels
        carries sampling noise, so even calibrated scores can miss it by a
        little: compare with the two values below.
    expected_threshold, expected_f : float
        The threshold maximizing the plug-in F of the scores as
        probabilities, and that maximum; its predicted positives straddle
        ``expected_f/(1 + beta**2)`` exactly (without sample weights). For
        calibrated scores they are close to the threshold and F chosen on
        the labels.
    """

    bound: float
    lowest_included: float
    highest_excluded: float
    satisfied: bool
    expected_threshold: float
    expected_f: float


def expected_f_optimum(scores, *, beta: float, sample_weight=None) -> tuple[float, float]:
    """The threshold maximizing the plug-in F_beta of probabilities ``scores``, and its value.

    Thresholds are the distinct scores; among equally good ones the highest.
    The expected counts at each threshold come from the one sorted pass of
    :mod:`symmetric.metrics._thresholds`, with the weights ``w p`` and
    ``w (1 - p)`` in place of the positives' and the negatives'.
    """
    p = np.asarray(scores, dtype=np.float64).reshape(-1)
    w = np.ones_like(p) if sample_weight is None else np.asarray(sample_weight, dtype=np.float64).reshape(-1)
    c = weighted_counts(p, w * p, w * (1 - p))  # the sorted pass, with expected counts
    tp, fp = c.tps, c.fps
    fn = c.total_positives - tp
    f = resolve_metric("f_beta", beta=beta, rho=-2.0, func="best_threshold", zero_division=0.0).values(
        tp, fp, fn, np.zeros_like(tp)
    )
    i = int(np.argmax(f))
    return float(c.thresholds[i]), float(f[i])


def threshold_optimality(
    y_score, threshold, value, *, beta: float, rho: float, sample_weight=None, func: str = "best_threshold"
) -> ThresholdOptimality:
    """Check the condition for the predictions ``y_score >= threshold`` whose F_beta on the labels is ``value``."""
    if rho != -2.0:
        raise InvalidParameterError.of("optimality", func, "False unless rho = -2 (the condition is F_beta's)", True)
    scores = np.asarray(y_score, dtype=np.float64).reshape(-1)
    weights = None
    if sample_weight is not None:
        weights = np.asarray(sample_weight, dtype=np.float64).reshape(-1)
        scores, weights = scores[weights != 0], weights[weights != 0]
    if scores.size and (scores.min() < 0 or scores.max() > 1):
        raise InvalidParameterError.of(
            "y_score",
            func,
            "probabilities in [0, 1] when optimality=True",
            f"scores in [{scores.min()}, {scores.max()}]",
        )
    bound = 0.0 if math.isinf(beta) else value / (1 + square(beta))
    below = scores[scores < threshold]
    highest_excluded = float(below.max()) if below.size else -math.inf
    lowest = float(threshold)
    expected_threshold, expected_f = expected_f_optimum(scores, beta=beta, sample_weight=weights)
    return ThresholdOptimality(
        bound, lowest, highest_excluded, bool(lowest >= bound >= highest_excluded), expected_threshold, expected_f
    )
