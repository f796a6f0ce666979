"""DeLong's placements and covariance, and roc_auc_test, against the Mann-Whitney kernel computed pair by pair."""

from __future__ import annotations

import math
from statistics import NormalDist

import numpy as np
import pytest

import symmetric.metrics as sm
from symmetric.metrics._delong import delong_covariance, placements


def _kernel(positive, scores):
    """H(x_i - y_j) for every (positive, negative) pair: 1 above, 1/2 tied, 0 below."""
    x, y = scores[positive], scores[~positive]
    return (x[:, None] > y[None, :]) + 0.5 * (x[:, None] == y[None, :])


def _data(seed, n=60, resolution=5):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, n)
    y[:2], y[2:4] = 1, 0
    a = np.round(rng.random(n) + 0.3 * y, 1 if seed % 2 else 3) * resolution
    b = np.round(a + rng.normal(0, 0.5, n), 1)
    return y, a, b


@pytest.mark.parametrize("seed", range(10))
def test_placements_are_the_kernels_row_and_column_means(seed):
    y, a, _ = _data(seed)
    positive = y == 1
    v10, v01 = placements(positive, a)
    k = _kernel(positive, a)
    np.testing.assert_array_equal(v10, k.mean(axis=1))
    np.testing.assert_array_equal(v01, k.mean(axis=0))
    # the Mann-Whitney statistic is the trapezoidal area (claim ranking.auc.mann_whitney), ties one half
    assert math.isclose(v10.mean(), sm.roc_auc_score(y, a), rel_tol=1e-14)
    assert math.isclose(v01.mean(), sm.roc_auc_score(y, a), rel_tol=1e-14)


@pytest.mark.parametrize("seed", range(10))
def test_roc_auc_test_is_delongs_statistic(seed):
    y, a, b = _data(seed)
    positive = y == 1
    ka, kb = _kernel(positive, a), _kernel(positive, b)
    m, n = ka.shape
    s10 = np.cov(np.vstack([ka.mean(axis=1), kb.mean(axis=1)]))
    s01 = np.cov(np.vstack([ka.mean(axis=0), kb.mean(axis=0)]))
    cov = s10 / m + s01 / n
    v10a, v01a = placements(positive, a)
    v10b, v01b = placements(positive, b)
    np.testing.assert_allclose(delong_covariance(np.vstack([v10a, v10b]), np.vstack([v01a, v01b])), cov,
                               rtol=1e-12, atol=1e-15)
    difference = ka.mean() - kb.mean()
    se = math.sqrt(cov[0, 0] + cov[1, 1] - 2 * cov[0, 1])
    test = sm.roc_auc_test(y, a, b, level=0.9)
    assert math.isclose(test.difference, difference, rel_tol=1e-12, abs_tol=1e-15)
    assert math.isclose(test.p_value, 2 * NormalDist().cdf(-abs(difference) / se), rel_tol=1e-9)
    z = NormalDist().inv_cdf(0.95)
    assert math.isclose(test.low, max(difference - z * se, -1), rel_tol=1e-9, abs_tol=1e-12)
    swapped = sm.roc_auc_test(y, b, a, level=0.9)
    assert swapped.difference == -test.difference and math.isclose(swapped.p_value, test.p_value, rel_tol=1e-12)


def test_equal_scores_differ_by_nothing_and_perfect_rankings_have_no_variance():
    y, a, _ = _data(0)
    assert sm.roc_auc_test(y, a, a) == (0.0, 0.0, 0.0, 1.0)
    perfect, constant = y.astype(float), np.zeros(len(y))
    test = sm.roc_auc_test(y, perfect, constant)
    assert test.difference == 0.5 and test.p_value == 0.0 and test.low == test.high == 0.5


def test_too_few_samples_of_a_class_are_refused():
    with pytest.raises(ValueError, match="at least two positive and two negative samples"):
        sm.roc_auc_test([0, 0, 1], [0.1, 0.2, 0.3], [0.3, 0.2, 0.1])
    with pytest.raises(ValueError, match="inconsistent numbers of samples"):
        sm.roc_auc_test([0, 0, 1, 1], [0.1, 0.2, 0.3, 0.4], [0.3, 0.2, 0.1])


def test_the_interval_of_roc_auc_has_delongs_standard_error():
    y, a, _ = _data(3, n=300)
    positive = y == 1
    k = _kernel(positive, a)
    se = math.sqrt(np.var(k.mean(axis=1), ddof=1) / k.shape[0] + np.var(k.mean(axis=0), ddof=1) / k.shape[1])
    estimate, low, high = sm.confidence_interval(y, a, metric="roc_auc", scale="identity")
    assert estimate == sm.roc_auc_score(y, a)
    z = NormalDist().inv_cdf(0.975)
    assert math.isclose(low, estimate - z * se, rel_tol=1e-12) and math.isclose(high, estimate + z * se, rel_tol=1e-12)
    _, logit_low, logit_high = sm.confidence_interval(y, a, metric="roc_auc")
    logit = math.log(estimate / (1 - estimate))
    half = z * se / (estimate * (1 - estimate))
    assert math.isclose(logit_low, 1 / (1 + math.exp(-(logit - half))), rel_tol=1e-12)
    assert math.isclose(logit_high, 1 / (1 + math.exp(-(logit + half))), rel_tol=1e-12)
