"""confidence_interval: the delta method against its symbolic definition and Takahashi et al., Wilson, the bootstrap."""

import math
import warnings

import numpy as np
import pytest
import sympy

from symmetric import InvalidParameterError
from symmetric.families import counts
from symmetric.families.uncertainty import delta_variance
from symmetric.metrics import UndefinedMetricWarning, at_prevalence, confidence_interval, f1_score, fbeta_score
from symmetric.metrics._count_metrics import resolve_metric
from symmetric.metrics._intervals import normal_quantile
from symmetric.metrics._tables import Table
from symmetric.symbols import FN, FP, TN, TP, P

Z = normal_quantile(0.95)
PLAIN = {"scale": "identity", "pseudo_count": 0.0}


def labels_of(table):
    """y_true, y_pred with table[i][j] samples of true class i predicted as class j."""
    table = np.asarray(table)
    k = table.shape[0]
    y_true = np.repeat(np.repeat(np.arange(k), k), table.ravel())
    y_pred = np.repeat(np.tile(np.arange(k), k), table.ravel())
    return y_true, y_pred


TABLE = [[50, 4, 6], [3, 30, 7], [8, 2, 40]]
BINARY = [[160, 12], [10, 30]]  # true 0: 160 TN, 12 FP; true 1: 10 FN, 30 TP


@pytest.fixture(scope="module")
def symbolic_table():
    """A 3 x 3 table of symbols and its one-vs-rest (tp, fp, fn, tn) per class."""
    C = sympy.Matrix(3, 3, lambda i, j: sympy.Symbol(f"c{i}{j}", positive=True))
    n = sum(C)
    ovr = [(C[i, i], sum(C.col(i)) - C[i, i], sum(C.row(i)) - C[i, i],
            n - sum(C.col(i)) - sum(C.row(i)) + C[i, i]) for i in range(3)]
    return C, ovr, {C[i, j]: TABLE[i][j] for i in range(3) for j in range(3)}


def averaged(metric, ovr, average):
    values = [metric(*cells) for cells in ovr]
    if average == "macro":
        return sum(values) / len(values)
    if average == "weighted":
        support = [tp + fn for tp, _, fn, _ in ovr]
        return sum(s * v for s, v in zip(support, values)) / sum(support)
    return metric(*[sum(c[q] for c in ovr) for q in range(4)])


@pytest.mark.parametrize("average", ["macro", "weighted", "micro"])
@pytest.mark.parametrize("name, beta, rho, definition", [
    ("f_beta", 2.0, -2.0, lambda tp, fp, fn, tn: counts.f_beta_counts(2, tp, fp, fn)),
    ("g_beta_rho", 0.5, 0.5, lambda tp, fp, fn, tn: counts.g_beta_rho_counts(sympy.Rational(1, 2), sympy.Rational(1, 2),
                                                                             tp, fp, fn)),
    ("specificity", 1.0, -2.0, lambda tp, fp, fn, tn: counts.specificity(tn, fp)),
])
def test_gradient_over_every_cell_is_the_symbolic_gradient_of_the_average(symbolic_table, average, name, beta, rho,
                                                                          definition):
    C, ovr, point = symbolic_table
    expr = averaged(definition, ovr, average)
    cells = np.array(TABLE, dtype=float).reshape(-1)
    table = Table(resolve_metric(name, beta=beta, rho=rho, func="test"), average, 3)
    assert float(table.values(cells)) == pytest.approx(float(expr.subs(point)), rel=1e-12)
    expected = [float(sympy.diff(expr, c).subs(point)) for c in C]
    got = table.gradient(cells)
    if average == "weighted":  # the gradient of the total in the denominator, the same for every cell, is left out
        got = got - (got - expected)[0]
    np.testing.assert_allclose(got, expected, rtol=1e-9, atol=1e-15)


def test_delta_variance_is_the_symbolic_delta_variance():
    metric = counts.f_beta_counts(2)
    point = {TP: 30, FP: 12, FN: 10, TN: 160}
    variance = float(delta_variance(metric, (TP, FP, FN, TN)).subs(point))
    y_true, y_pred = labels_of(BINARY)
    ci = confidence_interval(y_true, y_pred, beta=2, **PLAIN)
    assert ci.estimate == pytest.approx(fbeta_score(y_true, y_pred, beta=2), rel=1e-14)
    assert (ci.high - ci.low) / 2 == pytest.approx(Z * math.sqrt(variance), rel=1e-12)


def takahashi_macro_f1_variance(table):
    """Takahashi et al. (2022)'s closed form, as in their published R code."""
    m = np.asarray(table, dtype=float)
    n, r = m.sum(), len(m)
    p = m / n
    b = p.sum(axis=1) + p.sum(axis=0)
    a = b - 2 * np.diag(p)
    f = 2 * np.diag(p) / b
    first = np.sum(f * a / b**2 * (a / b + f / 2))
    second = sum(p[i, j] * f[i] * f[j] / (b[i] * b[j]) for i in range(r) for j in range(r) if i != j)
    return 2 * (first + second) / (n * r**2)


def test_macro_f1_interval_is_takahashis():
    y_true, y_pred = labels_of(TABLE)
    ci = confidence_interval(y_true, y_pred, average="macro", **PLAIN)
    assert ci.estimate == pytest.approx(f1_score(y_true, y_pred, average="macro"), rel=1e-14)
    assert (ci.high - ci.low) / 2 == pytest.approx(Z * math.sqrt(takahashi_macro_f1_variance(TABLE)), rel=1e-12)


def test_micro_f1_interval_is_takahashis_and_the_confidenceinterval_packages():
    ci_package = pytest.importorskip("confidenceinterval")
    y_true, y_pred = labels_of(TABLE)
    ci = confidence_interval(y_true, y_pred, average="micro", **PLAIN)
    accuracy = np.trace(TABLE) / np.sum(TABLE)
    half = Z * math.sqrt(accuracy * (1 - accuracy) / np.sum(TABLE))
    assert (ci.low, ci.high) == pytest.approx((accuracy - half, accuracy + half), rel=1e-12)
    estimate, (low, high) = ci_package.f1_score(y_true, y_pred, average="micro")
    assert (ci.estimate, ci.low, ci.high) == pytest.approx((estimate, low, high), rel=1e-12)


def test_binary_f1_gradient_is_the_confidenceinterval_packages_but_not_its_covariance():
    """The package's binary F1 uses our gradient with `diag(p) - p * p` (elementwise) for the covariance.

    Plugging our compiled gradient into that matrix reproduces its interval
    (to its float32 gradient); the multinomial covariance diag(p) - p p^T gives ours.
    """
    ci_package = pytest.importorskip("confidenceinterval")
    y_true, y_pred = labels_of(BINARY)
    estimate, (low, high) = ci_package.f1_score(y_true, y_pred, average="binary")
    n = float(np.sum(BINARY))
    cells = np.array([30.0, 12.0, 10.0, 160.0])           # TP, FP, FN, TN
    g = Table(resolve_metric("f_beta", beta=1.0, rho=-2.0, func="test"), "binary").gradient(cells) * n
    order = [3, 1, 2, 0]                                    # the package's cells: TN, FP, FN, TP
    p, d = cells[order] / n, g[order]
    theirs = d @ (np.diag(p) - p * p) @ d / n
    assert (high - low) / 2 == pytest.approx(Z * math.sqrt(theirs), rel=1e-6)
    ci = confidence_interval(y_true, y_pred, **PLAIN)
    ours = d @ (np.diag(p) - np.outer(p, p)) @ d / n
    assert ci.estimate == pytest.approx(estimate, rel=1e-12)
    assert (ci.high - ci.low) / 2 == pytest.approx(Z * math.sqrt(ours), rel=1e-12)
    assert abs((ci.high - ci.low) - (high - low)) > 1e-3


def test_wilson_matches_statsmodels():
    proportion = pytest.importorskip("statsmodels.stats.proportion")
    y_true, y_pred = labels_of(BINARY)
    for metric, k, n in [("recall", 30, 40), ("precision", 30, 42), ("specificity", 160, 172), ("accuracy", 190, 212)]:
        ci = confidence_interval(y_true, y_pred, metric=metric, method="wilson")
        assert (ci.low, ci.high) == pytest.approx(proportion.proportion_confint(k, n, method="wilson"), rel=1e-12)
    y3, p3 = labels_of(TABLE)
    ci = confidence_interval(y3, p3, metric="recall", average="micro", method="wilson")
    assert (ci.low, ci.high) == pytest.approx(proportion.proportion_confint(120, 150, method="wilson"), rel=1e-12)


def test_the_default_interval_uses_half_a_pseudo_sample_and_the_logit_scale():
    y_true, y_pred = [1] * 10 + [0] * 90, [1] * 10 + [1] * 5 + [0] * 85  # recall 1: a cell is empty
    plain = confidence_interval(y_true, y_pred, metric="recall", **PLAIN)
    assert plain.low == plain.high == 1.0                  # the plain delta method collapses
    ci = confidence_interval(y_true, y_pred, metric="recall")
    assert ci.estimate == 1.0 and 0.5 < ci.low < 0.95 and ci.high == 1.0   # widened to hold the estimate
    f = confidence_interval(y_true, y_pred)
    assert 0 < f.low < f.estimate < f.high < 1


def test_bootstrap_is_reproducible_and_close_to_the_delta_method_for_large_n():
    rng = np.random.default_rng(1)
    y_true = rng.integers(0, 2, 20000)
    y_pred = np.where(rng.random(20000) < 0.85, y_true, 1 - y_true)
    delta = confidence_interval(y_true, y_pred, beta=2, rho=-3, metric="g_beta_rho")
    for method in ("bca", "percentile", "bootstrap"):
        a = confidence_interval(y_true, y_pred, beta=2, rho=-3, metric="g_beta_rho", method=method,
                                n_resamples=2000, random_state=3)
        b = confidence_interval(y_true, y_pred, beta=2, rho=-3, metric="g_beta_rho", method=method,
                                n_resamples=2000, random_state=np.random.default_rng(3))
        assert a == b
        assert a.estimate == delta.estimate
        assert a.low == pytest.approx(delta.low, abs=2e-3) and a.high == pytest.approx(delta.high, abs=2e-3)


def test_per_class_averages_and_prevalence():
    y_true, y_pred = labels_of(TABLE)
    per_class = confidence_interval(y_true, y_pred, average=None)
    assert per_class.estimate == pytest.approx(f1_score(y_true, y_pred, average=None))
    assert np.all(per_class.low < per_class.estimate) and np.all(per_class.estimate < per_class.high)
    macro = confidence_interval(y_true, y_pred, average="macro")  # two pseudo-samples in all: 2/9 per cell
    assert macro == confidence_interval(y_true, y_pred, average="macro", pseudo_count=2 / 9)
    assert macro != confidence_interval(y_true, y_pred, average="macro", pseudo_count=0.5)
    weighted = confidence_interval(y_true, y_pred, average="weighted", method="bca", n_resamples=500, random_state=0)
    assert weighted.estimate == pytest.approx(f1_score(y_true, y_pred, average="weighted"), rel=1e-14)
    assert weighted.low < weighted.estimate < weighted.high
    yb, pb = labels_of(BINARY)
    ci = confidence_interval(yb, pb, prevalence=0.01, beta=2)
    assert ci.estimate == pytest.approx(at_prevalence(yb, pb, prevalence=0.01, beta=2), rel=1e-14)
    assert ci.low < ci.estimate < ci.high
    multilabel = confidence_interval(np.array([[1, 0], [1, 1], [0, 1], [1, 0]]), np.array([[1, 0], [0, 1], [0, 1], [1, 1]]),
                                     average=None, metric="recall", method="wilson")
    assert multilabel.estimate.tolist() == [2 / 3, 1.0]


def test_sample_weights_are_sampling_weights():
    y_true, y_pred = labels_of(BINARY)
    ci = confidence_interval(y_true, y_pred)
    scaled = confidence_interval(y_true, y_pred, sample_weight=np.full(len(y_true), 3.5))
    assert scaled == pytest.approx(ci, rel=1e-12)
    w = np.where(y_true == 1, 2.0, 1.0)
    weighted = confidence_interval(y_true, y_pred, sample_weight=w)
    assert weighted.estimate == pytest.approx(f1_score(y_true, y_pred, sample_weight=w), rel=1e-14)


def test_a_sympy_expression_of_the_counts_is_a_metric():
    y_true, y_pred = labels_of(BINARY)
    by_name = confidence_interval(y_true, y_pred, metric="precision", scale="identity")
    by_expr = confidence_interval(y_true, y_pred, metric=TP / (TP + FP))
    assert by_expr == pytest.approx(by_name, rel=1e-12)
    youden = confidence_interval(y_true, y_pred, metric=TP / (TP + FN) + TN / (TN + FP) - 1)
    assert youden.low < youden.estimate < youden.high


def test_an_undefined_estimate_has_undefined_bounds():
    with pytest.warns(UndefinedMetricWarning):
        ci = confidence_interval([0, 0, 0, 0], [0, 0, 0, 0], metric="precision")
    assert ci.estimate == 0.0 and math.isnan(ci.low) and math.isnan(ci.high)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        ci = confidence_interval([0, 0, 1, 0], [0, 0, 0, 0], metric="precision", zero_division=np.nan)
    assert all(math.isnan(x) for x in ci)


@pytest.mark.parametrize("kwargs, param", [
    ({"metric": "f3"}, "metric"),
    ({"metric": TP / (TP + sympy.Symbol("x"))}, "metric"),
    ({"method": "wald"}, "method"),
    ({"method": "wilson"}, "method"),
    ({"method": "wilson", "metric": "recall", "average": "macro"}, "method"),
    ({"level": 1.5}, "level"),
    ({"level": True}, "level"),
    ({"method": "bca", "n_resamples": 1}, "n_resamples"),
    ({"method": "bca", "random_state": "seed"}, "random_state"),
    ({"method": "bca", "random_state": -1}, "random_state"),  # numpy's own error used to name no argument
    ({"n_resamples": 1}, "n_resamples"),  # every option is checked, used or not (only the bootstrap's were)
    ({"random_state": "seed"}, "random_state"),
    ({"metric": TP + P}, "metric"),
    ({"prevalence": 1.0}, "prevalence"),
    ({"prevalence": 0.1, "average": "macro"}, "average"),
    ({"average": "samples"}, "average"),
    ({"scale": "log"}, "scale"),
    ({"pseudo_count": -1}, "pseudo_count"),
    ({"beta": -1}, "beta"),
    ({"rho": float("nan")}, "rho"),
    ({"zero_division": 2}, "zero_division"),
    ({"sample_weight": "w"}, "sample_weight"),
])
def test_bad_input_names_the_argument(kwargs, param):
    y_true, y_pred = labels_of(BINARY)
    with pytest.raises(InvalidParameterError, match=f"'{param}' parameter of confidence_interval"):
        confidence_interval(y_true, y_pred, **kwargs)


def test_wilson_for_a_metric_that_is_no_proportion_says_which_methods_apply():
    y_true, y_pred = labels_of(BINARY)
    with pytest.raises(InvalidParameterError) as info:
        confidence_interval(y_true, y_pred, method="wilson")   # F_1
    message = str(info.value)
    assert "must be one of 'delta', 'bootstrap', 'percentile', 'bca' for this metric (f_beta)" in message
    assert "must be 'wilson'" not in message and message.endswith("Got 'wilson' instead.")


@pytest.mark.parametrize("func, kwargs", [(confidence_interval, {}), (at_prevalence, {"prevalence": 0.5})])
@pytest.mark.parametrize("bad", [None, "abc", 3])
def test_targets_that_are_not_arrays_name_the_argument(func, kwargs, bad):
    for args, param in (((bad, [0, 1]), "y_true"), (([0, 1], bad), "y_pred")):
        with pytest.raises(InvalidParameterError, match=f"'{param}' parameter of {func.__name__} must be an array-like"):
            func(*args, **kwargs)


def test_bad_targets_get_scikit_learns_errors():
    with pytest.raises(ValueError, match="Target is multiclass but average='binary'"):
        confidence_interval([0, 1, 2], [0, 1, 1])
    with pytest.raises(ValueError, match="supported only with average=None"):
        confidence_interval(np.array([[1, 0], [0, 1]]), np.array([[1, 0], [1, 1]]), average="macro")


# Extreme parameters (issue 12): an answer that follows the family's limits, or an error naming the argument.
LARGEST = float(np.finfo(float).max)


@pytest.mark.parametrize("beta", [1e77, 1e100, 1e300, LARGEST, 10**100, math.inf])
@pytest.mark.parametrize("metric, rho", [("f_beta", -2.0), ("g_beta_rho", -3.0)])
def test_a_huge_beta_gives_the_interval_of_recall(beta, metric, rho):
    # beta**4 overflows from 1e77 on: the compiled gradient is nan there, and the logit inverse used to reject it.
    y_true, y_pred = labels_of(BINARY)
    ci = confidence_interval(y_true, y_pred, metric=metric, beta=beta, rho=rho)
    assert ci == pytest.approx(confidence_interval(y_true, y_pred, metric="recall"), rel=1e-9)


@pytest.mark.parametrize("metric, beta, rho, limit", [("f_beta", 1e100, -2.0, "recall"),
                                                      ("g_beta_rho", 2.0, 1e10, "precision"),  # Max-like: P > R here
                                                      ("g_beta_rho", 2.0, -1e10, "recall")])   # Min-like
def test_where_the_compiled_gradient_overflows_it_is_the_limits_gradient(metric, beta, rho, limit):
    cells = (3.5, 1.5, 2.5, 4.5)  # P = 0.7, R = 7/12
    g = resolve_metric(metric, beta=beta, rho=rho, func="test").gradient(*cells)
    expected = resolve_metric(limit, beta=1.0, rho=-2.0, func="test").gradient(*cells)
    assert np.isfinite(g).all()
    np.testing.assert_allclose(g, expected, rtol=1e-8, atol=1e-12)


def test_the_difference_gradient_agrees_with_the_compiled_one_where_both_exist():
    m = resolve_metric("g_beta_rho", beta=0.5, rho=0.5, func="test")
    cells = np.array([[30.0, 12, 10, 160], [0.5, 0.5, 4.5, 0.5]])
    np.testing.assert_allclose(m._difference_gradient(*cells.T, support_weighted=True),
                               m.gradient(*cells.T, support_weighted=True), rtol=1e-7, atol=1e-12)


@pytest.mark.parametrize("prevalence", [5e-324, 1e-300, 1 - 2**-53])
@pytest.mark.parametrize("metric", ["precision", "f_beta", "balanced_precision"])
def test_a_centre_that_rounds_to_0_or_1_gets_an_interval_in_the_unit_interval(prevalence, metric):
    y_true, y_pred = labels_of(BINARY)
    ci = confidence_interval(y_true, y_pred, metric=metric, prevalence=prevalence)
    assert 0 <= ci.low <= ci.estimate <= ci.high <= 1


@pytest.mark.parametrize("method", ["delta", "wilson", "bca"])
def test_a_level_within_1e_16_of_1_has_a_finite_quantile(method):
    y_true, y_pred = labels_of(BINARY)
    ci = confidence_interval(y_true, y_pred, metric="recall", method=method, level=1 - 2**-53, n_resamples=50,
                             random_state=0)
    assert 0 <= ci.low < ci.estimate < ci.high <= 1
    assert normal_quantile(1 - 2**-53) == pytest.approx(8.29, abs=0.01)


@pytest.mark.parametrize("method", ["delta", "wilson"])
def test_a_level_near_0_shrinks_the_interval_to_its_centre(method):
    y_true, y_pred = labels_of(BINARY)
    ci = confidence_interval(y_true, y_pred, metric="recall", method=method, level=5e-324, pseudo_count=0.0)
    assert ci.low == ci.estimate == ci.high == 0.75


@pytest.mark.parametrize("kwargs, param, allowed", [
    ({"method": "bca", "n_resamples": 10**100}, "n_resamples", r"\[2, 16777216\]"),
    ({"method": "percentile", "n_resamples": 2**24 + 1}, "n_resamples", r"\[2, 16777216\]"),
    ({"pseudo_count": LARGEST}, "pseudo_count", r"\[0.0, 4.29e\+301\]"),
    ({"pseudo_count": 1e300, "sample_weight": [1e10] * 212}, "pseudo_count", r"\[0.0, 4.29e\+281\]"),
])
def test_too_many_resamples_or_pseudo_samples_name_the_argument_and_its_range(kwargs, param, allowed):
    y_true, y_pred = labels_of(BINARY)
    with pytest.raises(InvalidParameterError, match=f"'{param}' parameter of confidence_interval must be .*{allowed}"):
        confidence_interval(y_true, y_pred, **kwargs)


def test_f1_and_f2_are_f_beta_at_beta_1_and_2_and_an_unknown_name_gets_the_closest():
    from symmetric import InvalidParameterError
    from symmetric.metrics import confidence_interval

    y_true = [1] * 30 + [0] * 30
    y_pred = [1] * 25 + [0] * 5 + [1] * 6 + [0] * 24
    assert confidence_interval(y_true, y_pred, metric="f1") == confidence_interval(y_true, y_pred, metric="f_beta")
    assert (confidence_interval(y_true, y_pred, metric="f2")
            == confidence_interval(y_true, y_pred, metric="f_beta", beta=2.0)
            != confidence_interval(y_true, y_pred, metric="f_beta"))
    with pytest.raises(InvalidParameterError, match=r"'beta' parameter .* must be 2.0 .*Got 3.0 instead"):
        confidence_interval(y_true, y_pred, metric="f2", beta=3)
    with pytest.raises(InvalidParameterError, match=r"the closest names are 'f_beta', 'g_beta_rho'. Got 'fbeta'"):
        confidence_interval(y_true, y_pred, metric="fbeta")
    with pytest.raises(InvalidParameterError, match=r"the closest names are 'recall', 'recall_gain'. Got 'recal'"):
        confidence_interval(y_true, y_pred, metric="recal")
