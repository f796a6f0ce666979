"""average_precision_score: binary, multilabel and multiclass, every average, as scikit-learn computes it."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

import symmetric.metrics as sm
from tests.metrics.helpers import assert_same, large_scores, outcome

skm = pytest.importorskip("sklearn.metrics")


@pytest.mark.parametrize("seed", range(30))
def test_binary_scores_are_scikit_learns(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(1, 300))
    y = rng.integers(0, 2, n)
    score = np.round(rng.random(n), int(rng.integers(0, 3))) if seed % 2 else rng.normal(size=n)
    pos_labels = (1, 0) if seed % 3 else (1,)
    if seed % 5 == 0:
        y = np.where(y == 1, "yes", "no")
        pos_labels = ("yes", "no", 1)   # 1 is not a label: scikit-learn's error
    for pos_label in pos_labels:
        for sample_weight in (None, rng.integers(0, 4, n), rng.integers(0, 17, n) / 16):
            options = dict(pos_label=pos_label, sample_weight=sample_weight)
            assert_same(outcome(sm.average_precision_score, y, score, **options),
                        outcome(skm.average_precision_score, y, score, **options))


@pytest.mark.parametrize("seed", range(12))
def test_multilabel_and_multiclass_averages_are_scikit_learns(seed):
    rng = np.random.default_rng(seed)
    n, k = int(rng.integers(3, 150)), int(rng.integers(3, 5))
    cases = [(rng.integers(0, 2, (n, k)), np.round(rng.random((n, k)), 1)),
             (rng.integers(0, k, n), rng.random((n, k)))]
    for y, score in cases:
        for average in ("macro", "weighted", "micro", "samples", None):
            for sample_weight in (None, rng.integers(0, 3, n)):
                options = dict(average=average, sample_weight=sample_weight)
                assert_same(outcome(sm.average_precision_score, y, score, **options),
                            outcome(skm.average_precision_score, y, score, **options))


@pytest.mark.parametrize("y, score, options", [
    ([0, 1, 2], np.array([0.1, 0.2, 0.3]), {}),   # (scikit-learn fails on a list here: no .shape)
    ([0, 1, 2], [[0.1, 0.2, 0.7]] * 3, dict(pos_label=2)),
    ([[0, 1], [1, 0]], [[0.1, 0.2], [0.3, 0.4]], dict(pos_label=0)),
    ([0, 0, 0], [0.1, 0.2, 0.3], {}),
    ([1, 1, 1], [0.1, 0.2, 0.3], {}),
    ([0.5, 1.5], [0.1, 0.2], {}),
])
def test_errors_and_undefined_cases_are_scikit_learns(y, score, options):
    assert_same(outcome(sm.average_precision_score, y, score, **options),
                outcome(skm.average_precision_score, y, score, **options))


def _step_sum(y, score, w):
    """sum over distinct thresholds (decreasing) of (R_n - R_(n-1)) P_n, in exact rational arithmetic."""
    w = [Fraction(x) for x in w]
    positives = sum(wi for wi, yi in zip(w, y) if yi == 1)
    total, previous_recall = Fraction(0), Fraction(0)
    for t in sorted(set(score.tolist()), reverse=True):
        tp = sum(wi for wi, yi, si in zip(w, y, score) if yi == 1 and si >= t)
        predicted = sum(wi for wi, si in zip(w, score) if si >= t)
        recall = tp / positives
        total += (recall - previous_recall) * tp / predicted
        previous_recall = recall
    return total


@pytest.mark.parametrize("seed", range(10))
def test_float_weights_give_the_step_sum_to_rounding(seed):
    rng = np.random.default_rng(seed)
    n = 60
    y, score = rng.integers(0, 2, n), np.round(rng.random(n), 1)
    y[0] = 1
    w = rng.uniform(0, 2, n) * 10.0 ** rng.integers(-5, 5, n)
    exact = _step_sum(y, score, w)
    assert abs(Fraction(sm.average_precision_score(y, score, sample_weight=w)) - exact) <= 1e-14 * exact


@pytest.mark.parametrize("ties", [False, True])
def test_large_inputs_are_scikit_learns_bit_for_bit(ties):
    """Long enough for NumPy's pairwise summation to split the terms many times."""
    y, score = large_scores(ties=ties)
    assert_same(outcome(sm.average_precision_score, y, score), outcome(skm.average_precision_score, y, score))
