"""at_prevalence, prevalence_curve and best_threshold(optimality=True)."""

import math

import numpy as np
import pytest

from symmetric import InvalidParameterError
from symmetric.metrics import (UndefinedMetricWarning, at_prevalence,
                               balanced_precision_score, best_threshold, fbeta_score, g_beta_rho_score,
                               precision_score, prevalence_curve, recall_score, specificity_score)
from symmetric.metrics._optimal_threshold import expected_f_optimum

# TP 45, FN 5, FP 30, TN 120: prevalence 0.25
Y_TRUE = np.array([1] * 50 + [0] * 150)
Y_PRED = np.array([1] * 45 + [0] * 5 + [1] * 30 + [0] * 120)
OWN = 0.25


@pytest.mark.parametrize("metric, score", [
    ("precision", precision_score), ("recall", recall_score), ("specificity", specificity_score),
    ("f_beta", lambda t, p: fbeta_score(t, p, beta=2)), ("g_beta_rho", lambda t, p: g_beta_rho_score(t, p, beta=2, rho=-3)),
    ("accuracy", lambda t, p: float(np.mean(t == p))),
])
def test_at_the_datas_own_prevalence_every_metric_keeps_its_value(metric, score):
    assert at_prevalence(Y_TRUE, Y_PRED, metric=metric, prevalence=OWN, beta=2, rho=-3) == pytest.approx(
        score(Y_TRUE, Y_PRED), rel=1e-12)


def test_precision_at_one_half_is_balanced_precision_and_rates_do_not_move():
    assert at_prevalence(Y_TRUE, Y_PRED, metric="precision", prevalence=0.5) == pytest.approx(
        balanced_precision_score(Y_TRUE, Y_PRED), rel=1e-12)
    for p in (0.01, 0.3, 0.9):
        assert at_prevalence(Y_TRUE, Y_PRED, metric="recall", prevalence=p) == pytest.approx(0.9, rel=1e-12)
        assert at_prevalence(Y_TRUE, Y_PRED, metric="precision", prevalence=p) == pytest.approx(
            balanced_precision_score(Y_TRUE, Y_PRED, prevalence=p), rel=1e-12)


def test_scaling_a_class_changes_nothing_and_sample_weights_count():
    y_true = np.r_[Y_TRUE, Y_TRUE[Y_TRUE == 0]]           # twice the negatives
    y_pred = np.r_[Y_PRED, Y_PRED[Y_TRUE == 0]]
    for metric in ("f_beta", "g_beta_rho", "accuracy", "balanced_precision"):
        assert at_prevalence(y_true, y_pred, metric=metric, prevalence=0.05, rho=0.5) == pytest.approx(
            at_prevalence(Y_TRUE, Y_PRED, metric=metric, prevalence=0.05, rho=0.5), rel=1e-12)
    w = np.where(Y_TRUE == 0, 2.0, 1.0)
    assert at_prevalence(Y_TRUE, Y_PRED, prevalence=0.05, sample_weight=w) == pytest.approx(
        at_prevalence(y_true, y_pred, prevalence=0.05), rel=1e-12)


def test_prevalence_curve_is_at_prevalence_on_a_grid():
    values, grid = prevalence_curve(Y_TRUE, Y_PRED, metric="g_beta_rho", beta=0.5, rho=0.5)
    assert grid[0] == 0.01 and grid[-1] == 0.99 and len(grid) == 99
    for i in (0, 24, 98):
        assert values[i] == pytest.approx(at_prevalence(Y_TRUE, Y_PRED, metric="g_beta_rho", prevalence=grid[i],
                                                        beta=0.5, rho=0.5), rel=1e-12)
    values, _ = prevalence_curve(Y_TRUE, Y_PRED, metric="precision", prevalences=[0.01, 0.1, 0.5])
    assert np.all(np.diff(values) > 0)


def test_without_positives_the_rates_are_undefined():
    with pytest.warns(UndefinedMetricWarning, match="no positive samples"):
        assert at_prevalence([0, 0, 0], [0, 1, 0], prevalence=0.3) == 0.0
    assert math.isnan(at_prevalence([1, 1], [1, 0], prevalence=0.3, zero_division=np.nan))


@pytest.mark.parametrize("func, kwargs, param", [
    (at_prevalence, {"prevalence": 0.0}, "prevalence"),
    (at_prevalence, {"prevalence": 0.5, "metric": "auc"}, "metric"),
    (at_prevalence, {"prevalence": 0.5, "beta": "2"}, "beta"),
    (at_prevalence, {"prevalence": 0.5, "zero_division": "nan"}, "zero_division"),
    (prevalence_curve, {"prevalences": [0.5, 1.0]}, "prevalences"),
    (prevalence_curve, {"prevalences": [[0.5]]}, "prevalences"),
    (prevalence_curve, {"prevalences": "0.5"}, "prevalences"),
    (prevalence_curve, {"rho": float("inf")}, "rho"),
])
def test_bad_input_names_the_argument(func, kwargs, param):
    with pytest.raises(InvalidParameterError, match=f"'{param}' parameter of {func.__name__}"):
        func(Y_TRUE, Y_PRED, **kwargs)


def test_at_prevalence_needs_binary_targets():
    with pytest.raises(ValueError, match="Target is multiclass"):
        at_prevalence([0, 1, 2], [0, 1, 1], prevalence=0.5)


# The F-optimal threshold


def test_plug_in_optimum_of_calibrated_scores_straddles_its_bound():
    rng = np.random.default_rng(0)
    for beta in (0.5, 1.0, 2.0):
        p = rng.beta(0.6, 2.0, 3000)
        threshold, best = expected_f_optimum(p, beta=beta)
        bound = best / (1 + beta**2)
        assert p[p >= threshold].min() >= bound >= p[p < threshold].max()


def test_best_threshold_reports_the_condition():
    rng = np.random.default_rng(1)
    p = rng.beta(0.6, 2.0, 20000)
    y = (rng.random(p.size) < p).astype(int)
    t, f, check = best_threshold(y, p, optimality=True)
    assert (t, f) == best_threshold(y, p)
    assert check.bound == pytest.approx(f / 2) and check.lowest_included == t
    assert check.highest_excluded == p[p < t].max()
    assert check.satisfied == (t >= check.bound >= check.highest_excluded)
    assert check.expected_threshold == pytest.approx(t, abs=0.03)     # calibrated: close to the labels' choice
    assert check.expected_f == pytest.approx(f, abs=0.02)
    shifted = np.clip(p + 0.3, 0, 1)                                  # not calibrated: far from it
    t2, f2, check2 = best_threshold(y, shifted, optimality=True)
    assert not check2.satisfied and check2.lowest_included > check2.bound + 0.1


def test_best_threshold_optimality_needs_f_beta_and_probabilities():
    with pytest.raises(InvalidParameterError, match="'optimality' parameter of best_threshold"):
        best_threshold([0, 1, 1], [0.2, 0.6, 0.9], rho=0.5, optimality=True)
    with pytest.raises(InvalidParameterError, match="'y_score' parameter of best_threshold"):
        best_threshold([0, 1, 1], [0.2, 0.6, 1.9], optimality=True)
    with pytest.raises(InvalidParameterError, match="'optimality' parameter of best_threshold"):
        best_threshold([0, 1, 1], [0.2, 0.6, 0.9], optimality="yes")


def test_prevalence_plot_draws_each_metric_and_checks_its_input():
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    from symmetric import plot

    ax = plot.prevalence_curve(Y_TRUE, Y_PRED, metrics=("precision", "recall"), log_scale=False)
    lines = [line for line in ax.lines if line.get_label() in ("precision", "recall")]
    assert len(lines) == 2 and np.allclose(lines[1].get_ydata(), 0.9)
    assert ax.get_xscale() == "linear" and "data's prevalence (0.25)" in [line.get_label() for line in ax.lines]
    plot.close(ax.figure)
    with pytest.raises(InvalidParameterError, match="'metrics' parameter of prevalence_curve"):
        plot.prevalence_curve(Y_TRUE, Y_PRED, metrics="precision")


@pytest.mark.parametrize("kwargs, param", [
    ({"beta": float("nan")}, "beta"),
    ({"rho": 1e400}, "rho"),
    ({"beta": -1.0}, "beta"),
    ({"prevalences": [0.0, 0.5]}, "prevalences"),
    ({"metrics": ("precision", "f3")}, "metrics"),   # the argument of plot.prevalence_curve named
    ({"metrics": 3}, "metrics"),
    ({"log_scale": "yes"}, "log_scale"),
    ({"ax": "axes"}, "ax"),
])
def test_a_prevalence_plot_that_fails_leaves_no_figure_open(kwargs, param):
    # It used to open its figure first, so every bad call leaked one (matplotlib warns past 20 open figures).
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from symmetric import plot

    before = plt.get_fignums()
    with pytest.raises(InvalidParameterError, match=f"'{param}' parameter of prevalence_curve"):
        plot.prevalence_curve(Y_TRUE, Y_PRED, **kwargs)
    assert plt.get_fignums() == before


def test_a_prevalence_plot_closes_its_figure_when_drawing_fails(monkeypatch):
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.axes
    import matplotlib.pyplot as plt

    from symmetric import plot

    def broken(*args, **kwargs):
        raise RuntimeError("drawing failed")

    monkeypatch.setattr(matplotlib.axes.Axes, "plot", broken)  # matplotlib's public method fails mid-drawing
    before = plt.get_fignums()
    with pytest.raises(RuntimeError, match="drawing failed"):
        plot.prevalence_curve(Y_TRUE, Y_PRED)
    assert plt.get_fignums() == before
