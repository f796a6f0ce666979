"""confidence_interval(..., sampling="stratified"): the delta method with the class totals fixed."""

import numpy as np
import pytest

from symmetric import InvalidParameterError
from symmetric.metrics import confidence_interval

Y_TRUE = [1] * 100 + [0] * 900
Y_PRED = [1] * 80 + [0] * 20 + [1] * 45 + [0] * 855


def width(metric, sampling, **options):
    ci = confidence_interval(Y_TRUE, Y_PRED, metric=metric, sampling=sampling, **options)
    return ci.high - ci.low


def test_the_stratified_standard_error_is_the_binomial_one():
    # precision's stratified variance (claim uncertainty.delta.stratified_precision) at the counts
    tp, fp, fn, tn = 80.0, 45.0, 20.0, 855.0
    variance = (fp**2 * tp * fn / (tp + fn) + tp**2 * fp * tn / (fp + tn)) / (tp + fp) ** 4
    z = 1.959963984540054
    assert width("precision", "stratified", scale="identity", pseudo_count=0) == pytest.approx(
        2 * z * np.sqrt(variance), rel=1e-12)
    assert width("precision", "multinomial", scale="identity", pseudo_count=0) == pytest.approx(
        2 * z * np.sqrt(tp * fp / (tp + fp) ** 3), rel=1e-12)


def test_recall_is_binomial_in_the_positives_either_way_and_averages_work():
    assert width("recall", "stratified", scale="identity", pseudo_count=0) < width(
        "recall", "multinomial", scale="identity", pseudo_count=0) * 1.0000001
    rng = np.random.default_rng(0)
    y = rng.integers(0, 3, 600)
    p = np.where(rng.random(600) < 0.7, y, rng.integers(0, 3, 600))
    a = confidence_interval(y, p, metric="f_beta", average="macro", sampling="stratified")
    b = confidence_interval(y, p, metric="f_beta", average="macro")
    assert a.estimate == b.estimate and a.high - a.low < b.high - b.low


def test_stratified_only_for_the_delta_method_on_one_table():
    with pytest.raises(InvalidParameterError, match="'sampling' parameter of confidence_interval"):
        confidence_interval(Y_TRUE, Y_PRED, method="bca", sampling="stratified")
    with pytest.raises(InvalidParameterError, match="'sampling' parameter of confidence_interval"):
        confidence_interval(Y_TRUE, Y_PRED, average=None, sampling="stratified")
