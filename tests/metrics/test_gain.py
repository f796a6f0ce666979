"""Precision-recall gain and the unachievable region, checked against the papers' formulas on examples of our own.

Flach and Kull (2015): precG = (prec - pi)/((1 - pi) prec), recG = (rec - pi)/((1 - pi) rec), F-gain likewise
from F; points outside the unit square are dropped. Boyd et al. (2012): minimum precision pi r/(pi r + 1 - pi),
unachievable area 1 + (1 - pi) ln(1 - pi)/pi, normalised AP (AP - AP_min)/(1 - AP_min).
"""

import math

import numpy as np
import pytest

import symmetric.metrics as sm

skm = pytest.importorskip("sklearn.metrics")


def _scores(seed, n=400, prevalence=0.3):
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < prevalence).astype(int)
    return y, np.round(rng.normal(y * 1.2, 1.0), 2)    # ties included


def gain(x, pi):
    return (x - pi) / ((1 - pi) * x)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_prg_curve_is_the_papers_gains_of_the_pr_curve(seed):
    y, s = _scores(seed)
    pi = y.mean()
    precision, recall, thresholds = skm.precision_recall_curve(y, s)
    precision, recall, thresholds = precision[:-1][::-1], recall[:-1][::-1], thresholds[::-1]  # decreasing t
    with np.errstate(all="ignore"):
        pg, rg = gain(precision, pi), gain(recall, pi)
    defined = recall > 0
    pg, rg, thresholds = pg[defined], rg[defined], thresholds[defined]
    # cut at recall gain 0 on the straight segment that crosses it
    i = np.flatnonzero(rg < 0)[-1]
    start = np.interp(0.0, rg[i:i + 2], pg[i:i + 2])
    pg, rg, thresholds = np.r_[start, pg[i + 1:]], np.r_[0.0, rg[i + 1:]], np.r_[np.nan, thresholds[i + 1:]]
    inside = pg >= 0
    ours = sm.precision_recall_gain_curve(y, s)
    np.testing.assert_allclose(ours[0], pg[inside], rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(ours[1], rg[inside], rtol=1e-12, atol=1e-12)
    np.testing.assert_array_equal(ours[2], thresholds[inside])
    assert np.all(np.diff(ours[1]) >= 0) and ours[0].min() >= 0 and ours[1].max() <= 1
    area = np.sum(np.diff(rg[inside]) * (pg[inside][1:] + pg[inside][:-1]) / 2)
    assert sm.prg_auc_score(y, s) == pytest.approx(area, rel=1e-12)


def test_the_segment_between_operating_points_is_straight_in_gain_space():
    """Counts interpolated between two operating points give gains on the straight line between theirs."""
    tp0, fp0, tp1, fp1, pos, neg = 20.0, 5.0, 60.0, 40.0, 80.0, 120.0
    odds = pos / neg
    lam = np.linspace(0, 1, 11)
    tp, fp = tp0 + lam * (tp1 - tp0), fp0 + lam * (fp1 - fp0)
    pg, rg = 1 - odds * fp / tp, 1 - odds * (pos - tp) / tp
    slope = np.diff(pg) / np.diff(rg)
    np.testing.assert_allclose(slope, slope[0], rtol=1e-12)


def test_a_perfect_ranking_has_the_unit_square_and_weights_act_as_repeats():
    y = np.array([0, 0, 1, 0, 1, 1])
    assert sm.prg_auc_score(y, y + 0.5) == 1.0
    s = np.array([0.1, 0.5, 0.6, 0.3, 0.4, 0.9])
    w = np.array([1, 2, 1, 3, 1, 2])
    repeated = [np.repeat(a, w) for a in (y, s)]
    for ours, theirs in zip(sm.precision_recall_gain_curve(y, s, sample_weight=w),
                            sm.precision_recall_gain_curve(*repeated)):
        np.testing.assert_allclose(ours, theirs, rtol=1e-12)
    with pytest.raises(ValueError, match="needs positive and negative samples"):
        sm.prg_auc_score([1, 1], [0.2, 0.3])


def test_f_gain_is_the_gain_of_f_beta():
    y, s = _scores(4)
    pred = (s > 0.4).astype(int)
    pi = y.mean()
    for beta in (0.5, 1.0, 2.0):
        f = skm.fbeta_score(y, pred, beta=beta)
        assert sm.f_gain_score(y, pred, beta=beta) == pytest.approx(gain(f, pi), rel=1e-12)
    # the always-positive classifier: precision gain 0, recall gain 1, F1-gain 1/2, F1 = 2 pi/(1 + pi)
    ones = np.ones_like(y)
    assert sm.f_gain_score(y, ones) == pytest.approx(0.5)
    assert skm.f1_score(y, ones) == pytest.approx(2 * pi / (1 + pi))
    with pytest.warns(sm.UndefinedMetricWarning, match="F-gain is ill-defined"):
        assert sm.f_gain_score(y, np.zeros_like(y)) == 0.0


@pytest.mark.parametrize("pi", [0.01, 0.2, 0.5, 0.9])
def test_unachievable_region(pi):
    r = np.linspace(0, 1, 20001)
    floor = sm.minimum_precision(r, pi)
    np.testing.assert_allclose(floor, pi * r / (pi * r + 1 - pi), rtol=1e-14)
    area = np.sum(np.diff(r) * (floor[1:] + floor[:-1]) / 2)   # trapezoids, error O(h^2)
    assert sm.unachievable_area(pi) == pytest.approx(area, rel=1e-7)
    assert sm.unachievable_area(pi) == pytest.approx(1 + (1 - pi) * math.log(1 - pi) / pi, rel=1e-14)


@pytest.mark.parametrize("seed", [0, 3])
def test_every_pr_curve_lies_above_the_minimum_and_normalised_ap(seed):
    y, s = _scores(seed, prevalence=0.2)
    pi = y.mean()
    precision, recall, _ = skm.precision_recall_curve(y, s)
    assert np.all(precision >= sm.minimum_precision(recall, pi) - 1e-15)
    ap = skm.average_precision_score(y, s)
    floor = 1 + (1 - pi) * math.log(1 - pi) / pi
    assert sm.normalized_average_precision_score(y, s) == pytest.approx((ap - floor) / (1 - floor), rel=1e-12)
    with pytest.raises(ValueError, match="'recall' parameter of minimum_precision"):
        sm.minimum_precision([0.5, 1.5], 0.2)
