"""roc_curve, det_curve, confusion_matrix_at_thresholds and auc: scikit-learn's values, warnings and errors, bit for bit."""

from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np
import pytest

import symmetric.metrics as sm
from tests.metrics.helpers import assert_same, outcome

skm = pytest.importorskip("sklearn.metrics")

CURVES = ["roc_curve", "det_curve", "confusion_matrix_at_thresholds", "precision_recall_curve"]


def _case(seed: int):
    """Targets and scores of many kinds: ties, integer, float32 and boolean scores, string labels, weights."""
    rng = np.random.default_rng(seed)
    n = int(rng.integers(1, 300))
    y = rng.integers(0, 2, n)
    kind = seed % 6
    if kind == 0:
        score = rng.random(n)
    elif kind == 1:
        score = np.round(rng.random(n) + 0.3 * y, 1)  # many ties
    elif kind == 2:
        score = rng.integers(-3, 4, n)
    elif kind == 3:
        score = rng.random(n).astype(np.float32)
    elif kind == 4:
        score = rng.random(n) < 0.5
    else:
        score = np.full(n, 0.5)  # one threshold
    labels = {"pos_label": None}
    if seed % 4 == 1:
        y = np.where(y == 1, "yes", "no")
        labels = {"pos_label": "yes"}
    weights = [None, rng.integers(0, 4, n), rng.integers(0, 9, n) / 8]  # dyadic weights sum exactly in any order
    return y, score, labels, weights


@pytest.mark.parametrize("seed", range(36))
@pytest.mark.parametrize("curve", CURVES)
def test_curves_are_scikit_learns_bit_for_bit(curve, seed):
    y, score, labels, weights = _case(seed)
    for sample_weight, drop in itertools.product(weights, (False, True)):
        options = dict(labels, sample_weight=sample_weight)
        if curve != "confusion_matrix_at_thresholds":
            options["drop_intermediate"] = drop
        elif drop:
            continue
        assert_same(outcome(getattr(sm, curve), y, score, **options), outcome(getattr(skm, curve), y, score, **options))


def _exact_counts(y, score, w):
    """tps and fps at each distinct score (decreasing), as exact sums of the weights rounded once (Fractions)."""
    thresholds = np.unique(score)[::-1]
    tps = [float(sum((Fraction(x) for x in w[(score >= t) & (y == 1)]), Fraction(0))) for t in thresholds]
    fps = [float(sum((Fraction(x) for x in w[(score >= t) & (y != 1)]), Fraction(0))) for t in thresholds]
    return np.array(tps), np.array(fps), thresholds


@pytest.mark.parametrize("seed", range(8))
def test_float_weights_give_exact_sums_with_scikit_learns_arithmetic(seed):
    """With arbitrary float weights the counts are exact sums, and each curve is scikit-learn's arithmetic on them."""
    rng = np.random.default_rng(seed)
    n = 200
    y, score = rng.integers(0, 2, n), np.round(rng.random(n), 2)
    w = rng.uniform(0, 1e3, n) * 10.0 ** rng.integers(-8, 8, n)
    tps, fps, thresholds = _exact_counts(y, score, w)
    tns, fps_, fns, tps_, th = sm.confusion_matrix_at_thresholds(y, score, sample_weight=w)
    np.testing.assert_array_equal(tps_, tps)
    np.testing.assert_array_equal(fps_, fps)
    np.testing.assert_array_equal(th, thresholds)
    np.testing.assert_array_equal(fns, tps[-1] - tps)
    fpr, tpr, _ = sm.roc_curve(y, score, sample_weight=w, drop_intermediate=False)
    np.testing.assert_array_equal(fpr, np.r_[0.0, fps] / fps[-1])
    np.testing.assert_array_equal(tpr, np.r_[0.0, tps] / tps[-1])
    expected = skm.roc_curve(y, score, sample_weight=w, drop_intermediate=False)
    np.testing.assert_allclose(fpr, expected[0], rtol=1e-12)


@pytest.mark.parametrize("bad, message", [(np.nan, "Input y_score contains NaN."),
                                          (np.inf, "Input y_score contains infinity"),
                                          (-np.inf, "Input y_score contains infinity")])
@pytest.mark.parametrize("curve", CURVES + ["average_precision_score", "roc_auc_score"])
def test_nan_and_infinite_scores_are_refused_as_scikit_learn_does(curve, bad, message):
    with pytest.raises(ValueError, match=message):
        getattr(sm, curve)([0, 1, 1], [0.2, bad, 0.5])
    with pytest.raises(ValueError, match="Input (y_score )?contains"):
        getattr(skm, curve)([0, 1, 1], [0.2, bad, 0.5])


def test_one_class_warns_and_gives_nan_rates():
    for y, undefined in (([1, 1, 1], 0), ([0, 0, 0], 1)):
        ours, theirs = outcome(sm.roc_curve, y, [0.1, 0.5, 0.9]), outcome(skm.roc_curve, y, [0.1, 0.5, 0.9])
        assert_same(ours, theirs)
        assert np.isnan(ours[0][undefined]).all()
    with pytest.raises(ValueError, match="Only one class is present in y_true"):
        sm.det_curve([1, 1], [0.1, 0.2])


@pytest.mark.parametrize("seed", range(20))
def test_auc_is_scikit_learns(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(2, 50))
    x = np.cumsum(rng.integers(0, 3, n)) * (1 if seed % 2 else -1)
    if seed % 3 == 0:
        x = x / 7
    y = rng.random(n) if seed % 4 else rng.integers(0, 5, n)
    assert_same(outcome(sm.auc, x, y), outcome(skm.auc, x, y))
    assert_same(outcome(sm.auc, list(x), y.astype(np.float32)), outcome(skm.auc, list(x), y.astype(np.float32)))


@pytest.mark.parametrize("x, y", [([0.0], [1.0]), ([0, 1, 0.5], [1, 1, 1]), ([0, 1], [1, 1, 1]),
                                  ([[0, 1], [1, 2]], [[1], [1]])])
def test_auc_errors_are_scikit_learns(x, y):
    assert_same(outcome(sm.auc, x, y), outcome(skm.auc, x, y))


def test_thresholds_of_the_roc_curve_are_floats_from_inf():
    fpr, tpr, thresholds = sm.roc_curve([0, 1, 1], [1, 2, 3])
    assert thresholds.dtype == np.float64 and thresholds[0] == np.inf
    assert sm.precision_recall_curve([0, 1, 1], [1, 2, 3])[2].dtype == np.int64   # as scikit-learn: the scores' dtype
