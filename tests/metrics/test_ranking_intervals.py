"""confidence_interval for ROC AUC and average precision: Boyd et al.'s logit interval, the bootstrap of the cells."""

from __future__ import annotations

import math
from statistics import NormalDist

import numpy as np
import pytest

import symmetric.metrics as sm
from symmetric import InvalidParameterError
from symmetric.metrics._ranking_intervals import resampled_metric


def _data(seed, n=400):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, n)
    return y, np.round(rng.normal(size=n) + y, 2)


def test_average_precision_has_boyds_logit_interval():
    y, s = _data(0)
    estimate, low, high = sm.confidence_interval(y, s, metric="average_precision", level=0.9)
    assert estimate == sm.average_precision_score(y, s)
    m, z = int(y.sum()), NormalDist().inv_cdf(0.95)
    logit = math.log(estimate / (1 - estimate))
    half = z / math.sqrt(m * estimate * (1 - estimate))
    assert math.isclose(low, 1 / (1 + math.exp(-(logit - half))), rel_tol=1e-12)
    assert math.isclose(high, 1 / (1 + math.exp(-(logit + half))), rel_tol=1e-12)


@pytest.mark.parametrize("metric, score", [("roc_auc", sm.roc_auc_score), ("average_precision",
                                                                         sm.average_precision_score)])
def test_a_resample_of_the_cells_is_a_resample_of_the_samples(metric, score):
    """The metric of resampled cell counts is the metric of the samples those counts repeat."""
    rng = np.random.default_rng(1)
    thresholds = np.array([0.9, 0.7, 0.4, 0.2, 0.1])
    for _ in range(20):
        pos, neg = rng.integers(0, 4, (2, len(thresholds)))
        pos[0] = neg[-1] = 1
        y = np.concatenate([np.ones(pos.sum(), int), np.zeros(neg.sum(), int)])
        s = np.concatenate([np.repeat(thresholds, pos), np.repeat(thresholds, neg)])
        assert math.isclose(resampled_metric(metric, pos, neg), score(y, s), rel_tol=1e-12)


@pytest.mark.parametrize("metric", ["roc_auc", "average_precision"])
def test_the_percentile_bootstrap_is_seeded_and_holds_the_estimate(metric):
    y, s = _data(2)
    first = sm.confidence_interval(y, s, metric=metric, method="percentile", n_resamples=500, random_state=3)
    assert first == sm.confidence_interval(y, s, metric=metric, method="percentile", n_resamples=500,
                                           random_state=3)
    assert first.low <= first.estimate <= first.high and 0 <= first.low and first.high <= 1


@pytest.mark.parametrize("options, param", [(dict(beta=2.0), "beta"), (dict(average="macro"), "average"),
                                            (dict(sample_weight=[1.0] * 400), "sample_weight"),
                                            (dict(method="bca"), "method"), (dict(prevalence=0.2), "prevalence"),
                                            (dict(method="wilson"), "method")])
def test_options_of_count_metrics_are_refused(options, param):
    y, s = _data(0)
    with pytest.raises(InvalidParameterError) as info:
        sm.confidence_interval(y, s, metric="roc_auc", **options)
    assert info.value.param == param


def test_too_few_positives_are_refused():
    with pytest.raises(ValueError, match="at least two positive"):
        sm.confidence_interval([0, 0, 0, 1], [0.1, 0.2, 0.3, 0.4], metric="average_precision")
