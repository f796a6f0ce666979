"""roc_auc_score: binary, partial (McClish), one-vs-rest, one-vs-one and multilabel, as scikit-learn computes them."""

from __future__ import annotations

import numpy as np
import pytest

import symmetric.metrics as sm
from tests.metrics.helpers import assert_same, large_scores, outcome

skm = pytest.importorskip("sklearn.metrics")


@pytest.mark.parametrize("seed", range(24))
def test_binary_and_partial_areas_are_scikit_learns(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(2, 400))
    y = rng.integers(0, 2, n) if seed % 3 else np.where(rng.random(n) < 0.5, "cat", "dog")
    score = np.round(rng.random(n), int(rng.integers(1, 4))) if seed % 2 else rng.normal(size=n)
    for sample_weight in (None, rng.integers(0, 5, n)):
        for max_fpr in (None, 1, 0.5, 1e-3, float(rng.random())):
            assert_same(outcome(sm.roc_auc_score, y, score, sample_weight=sample_weight, max_fpr=max_fpr),
                        outcome(skm.roc_auc_score, y, score, sample_weight=sample_weight, max_fpr=max_fpr))


def _probabilities(rng, n, k):
    p = rng.random((n, k)) ** 3
    return p / p.sum(axis=1, keepdims=True)


@pytest.mark.parametrize("seed", range(12))
def test_multiclass_averages_are_scikit_learns(seed):
    rng = np.random.default_rng(seed)
    k, n = int(rng.integers(3, 6)), int(rng.integers(10, 300))
    y = rng.integers(0, k, n)
    y[:k] = np.arange(k)
    score = _probabilities(rng, n, k)
    if seed % 2:
        score = np.round(score, 2)
        score /= score.sum(axis=1, keepdims=True)
    labels = [None, list(range(k))]
    for multi_class in ("ovr", "ovo"):
        for average in ("macro", "weighted", "micro", None, "samples"):
            for sample_weight in (None, rng.integers(1, 4, n)):
                for lab in labels:
                    options = dict(multi_class=multi_class, average=average, sample_weight=sample_weight, labels=lab)
                    assert_same(outcome(sm.roc_auc_score, y, score, **options),
                                outcome(skm.roc_auc_score, y, score, **options))


@pytest.mark.parametrize("seed", range(12))
def test_multilabel_averages_are_scikit_learns(seed):
    rng = np.random.default_rng(seed)
    n, k = int(rng.integers(4, 200)), int(rng.integers(2, 5))
    y = rng.integers(0, 2, (n, k))
    if seed % 3 == 0:
        y[:, 0] = 1  # a label with one class: nan with a warning
    score = np.round(rng.random((n, k)), 1)
    for average in ("macro", "weighted", "micro", "samples", None):
        for sample_weight in (None, rng.integers(0, 3, n)):
            for max_fpr in (None, 0.3):
                options = dict(average=average, sample_weight=sample_weight, max_fpr=max_fpr)
                assert_same(outcome(sm.roc_auc_score, y, score, **options),
                            outcome(skm.roc_auc_score, y, score, **options))


@pytest.mark.parametrize("y, score, options", [
    ([0, 0, 0], [0.1, 0.2, 0.3], {}),
    ([0, 1, 2], [0.1, 0.2, 0.3], {}),
    ([0, 1, 2], [[0.1, 0.2, 0.7]] * 3, {}),
    ([0, 1, 2], [[0.1, 0.2, 0.6]] * 3, dict(multi_class="ovr")),
    ([0, 1, 2], [[0.1, 0.2, 0.7]] * 3, dict(multi_class="ovo", average="micro")),
    ([0, 1, 2], [[0.1, 0.2, 0.7]] * 3, dict(multi_class="ovr", max_fpr=0.5)),
    ([0, 1, 2], [[0.1, 0.2, 0.7]] * 3, dict(multi_class="ovr", labels=[0, 2, 1])),
    ([0, 1, 2], [[0.1, 0.2, 0.7]] * 3, dict(multi_class="ovr", labels=[0, 1, 2, 3])),
    ([0.5, 1.5], [0.1, 0.2], {}),
])
def test_errors_and_undefined_cases_are_scikit_learns(y, score, options):
    assert_same(outcome(sm.roc_auc_score, y, score, **options), outcome(skm.roc_auc_score, y, score, **options))


def test_ovo_refuses_average_none_as_scikit_learn_does():
    y, score = [0, 1, 2], [[0.1, 0.2, 0.7]] * 3
    with pytest.raises(NotImplementedError, match="average=None is not implemented"):
        sm.roc_auc_score(y, score, multi_class="ovo", average=None)


def test_weighted_average_without_weight_is_the_float_zero():
    """scikit-learn returns the int 0 when no label has weight; symmetric returns 0.0, a float like every score."""
    options = dict(average="weighted", sample_weight=[0, 0])
    ours = sm.roc_auc_score([[0, 1], [1, 0]], [[0.1, 0.2], [0.3, 0.4]], **options)
    assert ours == skm.roc_auc_score([[0, 1], [1, 0]], [[0.1, 0.2], [0.3, 0.4]], **options) and type(ours) is float


@pytest.mark.parametrize("ties", [False, True])
def test_large_inputs_are_scikit_learns_bit_for_bit(ties):
    """Long enough for NumPy's pairwise summation to split the terms many times."""
    y, score = large_scores(ties=ties)
    assert_same(outcome(sm.roc_auc_score, y, score), outcome(skm.roc_auc_score, y, score))
