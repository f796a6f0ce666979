"""The scores scikit-learn does not have: G_{beta,rho}, specificity, balanced precision, threshold curves."""

from __future__ import annotations

import math
import warnings
from pathlib import Path

import numpy as np
import pytest
import sympy
import sklearn.metrics as skm
from hypothesis import given, settings, strategies as st

import symmetric.metrics as sm
from tests.metrics.helpers import outcome
from symmetric import InvalidParameterError
from symmetric.metrics import UndefinedMetricWarning
from symmetric.symbols import BETA_SQUARED, PRED_SUM, TP, TRUE_SUM

ROOT = Path(__file__).resolve().parents[2]



def _binary(rng, n):
    y_true = rng.integers(0, 2, n)
    y_pred = np.where(rng.random(n) < 0.7, y_true, 1 - y_true)
    return y_true, y_pred


# G_{beta,rho}


def test_g_arithmetic_and_geometric_means():
    y_true, y_pred = [1, 1, 1, 1, 0, 0], [1, 1, 1, 0, 1, 1]   # P = 3/5, R = 3/4
    P, R = 0.6, 0.75
    assert sm.g_beta_rho_score(y_true, y_pred, beta=2, rho=0) == pytest.approx((2 * P + R) / 3, abs=1e-15)
    assert sm.g_beta_rho_score(y_true, y_pred, beta=2, rho=-1) == pytest.approx((P * R**2) ** (1 / 3), abs=1e-15)
    assert sm.g_beta_rho_score(y_true, y_pred, beta=1, rho=1) == pytest.approx(math.sqrt((P**2 + R**2) / 2), abs=1e-15)


@pytest.mark.parametrize("rho, expected", [(-3, "R"), (2, "P")])
def test_g_beta_infinity_is_the_limit(rho, expected):
    y_true, y_pred = [1, 1, 1, 1, 0, 0], [1, 1, 1, 0, 1, 1]
    value = sm.g_beta_rho_score(y_true, y_pred, beta=np.inf, rho=rho)
    assert value == {"P": 0.6, "R": 0.75}[expected]
    assert sm.g_beta_rho_score(y_true, y_pred, beta=1e8, rho=rho) == pytest.approx(value, rel=1e-6)


@given(st.integers(0, 2**32 - 1), st.floats(-4, 3), st.floats(0.1, 5))
@settings(max_examples=60, deadline=None)
def test_g_macro_is_mean_of_per_class_values(seed, rho, beta):
    rng = np.random.default_rng(seed)
    y_true, y_pred = rng.integers(0, 4, 40), rng.integers(0, 4, 40)
    per_class = sm.g_beta_rho_score(y_true, y_pred, beta=beta, rho=rho, average=None, zero_division=np.nan)
    macro = sm.g_beta_rho_score(y_true, y_pred, beta=beta, rho=rho, average="macro", zero_division=np.nan)
    assert macro == pytest.approx(np.nanmean(per_class), abs=1e-12)
    assert np.nanmin(per_class) >= 0 and np.nanmax(per_class) <= 1 + 1e-12


def test_g_with_no_predictions_is_undefined_for_rho_above_minus_one():
    y_true, y_pred = [1, 1, 0, 0], [0, 0, 0, 0]   # P undefined, R = 0
    assert sm.g_beta_rho_score(y_true, y_pred, rho=-2, zero_division=1) == 0.0   # F: 0 whatever P is
    value, warns, _ = outcome(sm.g_beta_rho_score, y_true, y_pred, rho=0.5)
    assert value == 0.0 and warns == [("UndefinedMetricWarning", "G-score is ill-defined and being set to 0.0 due "
                                       "to no predicted samples. Use `zero_division` parameter to control this behavior.")]
    assert sm.g_beta_rho_score(y_true, y_pred, rho=0.5, zero_division=1) == 1.0
    assert math.isnan(sm.g_beta_rho_score(y_true, y_pred, rho=0, zero_division=np.nan))


def test_g_is_the_generated_numeric_function_and_f_the_count_form_of_its_definition():
    """G of labels is the numeric family at their precision and recall; F_beta (and G at rho = -2) is the count form.

    On these labels the two routes to F_3 differ in the last bit (10/17 from
    the counts, one ulp less from P and R), so the check sees which one runs
    without watching the calls.
    """
    from symmetric import numeric
    from symmetric.families import counts

    y_true, y_pred = [1, 0, 1, 1, 0, 0, 1, 1, 1, 0, 1, 0, 0], [1, 0, 0, 1, 1, 0, 0, 0, 1, 0, 1, 0, 0]
    precision, recall = sm.precision_score(y_true, y_pred), sm.recall_score(y_true, y_pred)   # 4/5, 4/7
    g = sm.g_beta_rho_score(y_true, y_pred, beta=3, rho=-0.5)
    assert g == float(numeric.g_beta_rho(precision, recall, 3, -0.5))
    from_counts = skm.fbeta_score(y_true, y_pred, beta=3)   # 10 TP / (9 true_sum + pred_sum), as scikit-learn computes
    assert from_counts != float(numeric.f_beta(precision, recall, 3))   # the routes differ here
    assert sm.fbeta_score(y_true, y_pred, beta=3) == from_counts
    assert sm.g_beta_rho_score(y_true, y_pred, beta=3, rho=-2) == from_counts   # G at rho = -2 is F_beta
    form, definition = counts.f_beta_from_sums()
    assert definition == counts.f_beta_counts(sympy.sqrt(BETA_SQUARED), TP, PRED_SUM - TP, TRUE_SUM - TP)
    assert str(form) in (ROOT / "symmetric" / "metrics" / "_generated.py").read_text(encoding="utf-8")


@pytest.mark.parametrize("kwargs, param", [(dict(beta=-1), "beta"), (dict(rho=np.inf), "rho"), (dict(rho="x"), "rho"),
                                           (dict(average="all"), "average"), (dict(zero_division="x"), "zero_division")])
def test_g_bad_parameters(kwargs, param):
    with pytest.raises(InvalidParameterError, match=f"The '{param}' parameter of g_beta_rho_score must be"):
        sm.g_beta_rho_score([0, 1], [0, 1], **kwargs)


def test_make_scorer_in_grid_search():
    from sklearn.datasets import make_classification
    from sklearn.linear_model import LogisticRegression
    from sklearn.metrics import make_scorer
    from sklearn.model_selection import GridSearchCV

    X, y = make_classification(n_samples=200, n_features=5, weights=[0.8], random_state=0)
    scorer = make_scorer(sm.g_beta_rho_score, beta=2, rho=-3)
    grid = GridSearchCV(LogisticRegression(), {"C": [0.01, 1.0]}, scoring=scorer, cv=3).fit(X, y)
    best = grid.best_estimator_
    assert grid.best_score_ == pytest.approx(max(grid.cv_results_["mean_test_score"]))
    assert scorer(best, X, y) == sm.g_beta_rho_score(y, best.predict(X), beta=2, rho=-3)


# Specificity


@pytest.mark.parametrize("seed", range(30))
def test_specificity_is_recall_of_the_negatives(seed):
    rng = np.random.default_rng(seed)
    y_true, y_pred = _binary(rng, int(rng.integers(2, 30)))
    w = rng.random(len(y_true))
    assert sm.specificity_score(y_true, y_pred, sample_weight=w, zero_division=0) == pytest.approx(
        skm.recall_score(y_true, y_pred, pos_label=0, sample_weight=w, zero_division=0), abs=1e-12)


@pytest.mark.parametrize("average", [None, "micro", "macro", "weighted"])
def test_specificity_averages_one_vs_rest(average):
    rng = np.random.default_rng(1)
    y_true, y_pred = rng.integers(0, 4, 50), rng.integers(0, 4, 50)
    mcm = skm.multilabel_confusion_matrix(y_true, y_pred)
    tn, fp = mcm[:, 0, 0], mcm[:, 0, 1]
    per_class = tn / (tn + fp)
    expected = {None: per_class, "micro": tn.sum() / (tn + fp).sum(), "macro": per_class.mean(),
                "weighted": np.average(per_class, weights=mcm[:, 1].sum(axis=1))}[average]
    np.testing.assert_allclose(sm.specificity_score(y_true, y_pred, average=average), expected, atol=1e-12)


def test_specificity_samples_average():
    y_true = np.array([[1, 0, 0], [0, 1, 1], [0, 0, 0]])
    y_pred = np.array([[1, 1, 0], [0, 1, 0], [0, 0, 1]])
    assert sm.specificity_score(y_true, y_pred, average="samples") == pytest.approx((1 / 2 + 1 + 2 / 3) / 3)


def test_specificity_without_negatives_warns():
    value, warns, _ = outcome(sm.specificity_score, [1, 1], [1, 0])
    assert value == 0.0 and warns[0][1].startswith("Specificity is ill-defined and being set to 0.0 due to no negative")


# Balanced precision


def _seed_labels(tp, fn, fp, tn):
    return np.array([1] * (tp + fn) + [0] * (fp + tn)), np.array([1] * tp + [0] * fn + [1] * fp + [0] * tn)


def test_seed_001_example():
    """The same classifier on data that differ only in class balance: precision 0.64 vs 0.90, balanced 0.94 in both."""
    results = []
    for counts in [(90, 10, 50, 850), (90, 10, 10, 170)]:
        y_true, y_pred = _seed_labels(*counts)
        results.append((sm.precision_score(y_true, y_pred), sm.balanced_precision_score(y_true, y_pred)))
    (p1, b1), (p2, b2) = results
    assert (round(p1, 2), round(p2, 2)) == (0.64, 0.90)
    assert b1 == pytest.approx(81 / 86, abs=1e-15) and b2 == pytest.approx(81 / 86, abs=1e-15)
    assert round(b1, 2) == 0.94


@pytest.mark.parametrize("seed", range(30))
def test_balanced_precision_is_seed_recipe_with_sample_weights(seed):
    """Seed 001's recipe: precision with sample weights prevalence/positives and (1 - prevalence)/negatives."""
    rng = np.random.default_rng(seed)
    y_true, y_pred = _binary(rng, 40)
    y_true[:2], y_pred[:2] = [0, 1], [1, 1]
    user = rng.uniform(0.5, 2, 40)
    prevalence = rng.uniform(0.05, 0.95)
    pos, neg = user[y_true == 1].sum(), user[y_true == 0].sum()
    recipe = user * np.where(y_true == 1, prevalence / pos, (1 - prevalence) / neg)
    assert sm.balanced_precision_score(y_true, y_pred, prevalence=prevalence, sample_weight=user) == pytest.approx(
        skm.precision_score(y_true, y_pred, sample_weight=recipe), abs=1e-12)


@given(st.integers(1, 50), st.integers(0, 50), st.integers(1, 50), st.integers(0, 50), st.integers(2, 9))
@settings(max_examples=40, deadline=None)
def test_balanced_precision_ignores_resampling_a_class(tp, fn, fp, tn, k):
    y_true, y_pred = _seed_labels(tp, fn, fp, tn)
    scaled = _seed_labels(tp, fn, k * fp, k * tn)
    assert sm.balanced_precision_score(*scaled) == pytest.approx(sm.balanced_precision_score(y_true, y_pred), abs=1e-12)


def test_balanced_precision_string_labels_and_undefined():
    assert sm.balanced_precision_score(["s", "h", "s"], ["s", "h", "h"], pos_label="s") == 1.0
    value, warns, _ = outcome(sm.balanced_precision_score, [1, 1, 1], [1, 0, 1])
    assert value == 0.0 and "no negative samples" in warns[0][1] and warns[0][0] == "UndefinedMetricWarning"
    assert math.isnan(sm.balanced_precision_score([1, 0], [0, 0], zero_division=np.nan))


@pytest.mark.parametrize("kwargs, message", [
    (dict(prevalence=0), "The 'prevalence' parameter of balanced_precision_score must be a float in the range (0.0, 1.0)"),
    (dict(prevalence=1.5), "'prevalence' parameter"),
    (dict(pos_label=3), "pos_label=3 is not a valid label"),
])
def test_balanced_precision_bad_input(kwargs, message):
    with pytest.raises(ValueError) as info:
        sm.balanced_precision_score([0, 1, 1], [0, 1, 0], **kwargs)
    assert message in str(info.value)


def test_balanced_precision_refuses_multiclass():
    with pytest.raises(ValueError, match="Target is multiclass but balanced_precision_score needs binary targets"):
        sm.balanced_precision_score([0, 1, 2], [0, 1, 2])


# Threshold curves


def _brute_force_curve(y_true, y_score, beta, rho, sample_weight=None):
    thresholds = np.unique(y_score)[::-1]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UndefinedMetricWarning)
        values = [sm.g_beta_rho_score(y_true, (y_score >= t).astype(int), beta=beta, rho=rho,
                                      sample_weight=sample_weight) for t in thresholds]
    return np.array(values), thresholds


@given(st.integers(0, 2**32 - 1), st.integers(2, 60), st.sampled_from([-2.0, -1.0, -3.5, 0.0, 0.7]),
       st.sampled_from([0.5, 1.0, 2.0]), st.booleans(), st.integers(2, 100))
@settings(max_examples=60, deadline=None)
def test_curve_is_g_at_every_threshold(seed, n, rho, beta, weighted, resolution):
    rng = np.random.default_rng(seed)
    y_true = rng.integers(0, 2, n)
    y_true[0] = 1
    y_score = np.round(rng.random(n) * resolution) / resolution + 0.3 * y_true   # many ties
    sample_weight = rng.uniform(0.1, 2, n) if weighted else None
    values, thresholds = sm.g_beta_rho_curve(y_true, y_score, beta=beta, rho=rho, sample_weight=sample_weight)
    expected_values, expected_thresholds = _brute_force_curve(y_true, y_score, beta, rho, sample_weight)
    np.testing.assert_array_equal(thresholds, expected_thresholds)
    np.testing.assert_allclose(values, expected_values, atol=1e-12)
    t, best = sm.best_threshold(y_true, y_score, beta=beta, rho=rho, sample_weight=sample_weight)
    assert best == values.max() and t == thresholds[np.argmax(values)]


def test_curve_agrees_with_precision_recall_curve():
    rng = np.random.default_rng(3)
    y_true = rng.integers(0, 2, 500)
    y_score = np.round(rng.random(500) + 0.4 * y_true, 2)
    precision, recall, thresholds = skm.precision_recall_curve(y_true, y_score)
    f1 = 2 * precision * recall / (precision + recall)
    values, ours = sm.g_beta_rho_curve(y_true, y_score)
    np.testing.assert_array_equal(ours[::-1], thresholds)
    np.testing.assert_allclose(values[::-1], f1[:-1], atol=1e-12)


def test_curve_with_string_labels_and_zero_weights():
    y_true = np.array(["no", "yes", "yes", "no", "no"])
    y_score = np.array([0.2, 0.9, 0.4, 0.4, 0.8])
    values, thresholds = sm.g_beta_rho_curve(y_true, y_score, pos_label="yes", sample_weight=[1, 1, 1, 1, 0])
    np.testing.assert_array_equal(thresholds, [0.9, 0.4, 0.2])   # the zero-weight sample's score is left out
    np.testing.assert_allclose(values, [2 / 3, 0.8, 2 / 3])


@pytest.mark.parametrize("args, kwargs, message", [
    (([0, 1], [0.5, np.nan]), {}, "Input y_score contains NaN."),
    (([0, 1], [0.5, np.inf]), {}, "Input y_score contains infinity"),
    (([0, 1], [0.5]), {}, "inconsistent numbers of samples: [2, 1]"),
    (([], []), {}, "Found empty input array"),
    (([0.5, 1.0], [0.1, 0.2]), {}, "continuous format is not supported"),
    (([2, 3], [0.1, 0.2]), {}, "y_true takes value in {2, 3} and pos_label is not specified"),
    (([0, 0], [0.1, 0.2]), {}, "pos_label=1 is not present in y_true"),
    (([0, 1], [0.1, 0.2]), dict(beta=-1), "The 'beta' parameter of g_beta_rho_curve"),
    (([0, 1], ["a", "b"]), {}, "The 'y_score' parameter of g_beta_rho_curve must be a 1-d array of real numbers"),
])
def test_curve_bad_input(args, kwargs, message):
    with pytest.raises(ValueError) as info:
        sm.g_beta_rho_curve(*args, **kwargs)
    assert message in str(info.value)


def test_public_names():
    assert sorted(sm.__all__) == sorted(name for name in dir(sm) if not name.startswith("_") and name != "annotations")
    assert issubclass(UndefinedMetricWarning, UserWarning)


@pytest.mark.parametrize("weighted", [False, True])
def test_curve_over_several_blocks(weighted):
    """Counts carried across blocks and the blockwise reversal give the curve of the whole input.

    The curve is computed block by block: unweighted, blocks of samples (a run of equal scores straddles the
    first boundary) and a blockwise reversal of the thresholds (more than two blocks of them); weighted, blocks
    of thresholds. Compared with the cumulative counts of the sorted input.
    """
    from symmetric.metrics import _curve
    from symmetric.numeric import g_beta_rho

    block = _curve._BLOCK
    n = (2 * block if not weighted else block) + 1001
    rng = np.random.default_rng(5)
    y_score = np.arange(n, dtype=np.float64)
    y_score[block - 3 : block + 3] = block - 3  # six equal scores across the first block's end (sorted order)
    y_score = rng.permutation(y_score / n)
    y_true = rng.integers(0, 2, n)
    y_true[np.argmax(y_score)] = 1  # a positive at the top: precision is defined at every threshold
    sample_weight = rng.uniform(0.5, 1.5, n) if weighted else None
    values, thresholds = sm.g_beta_rho_curve(y_true, y_score, sample_weight=sample_weight)

    order = np.argsort(-y_score, kind="stable")
    ordered, w = y_score[order], (np.ones(n) if sample_weight is None else sample_weight[order])
    last = np.append(ordered[1:] != ordered[:-1], True)  # the last sample of each run of equal scores
    tp, predicted = np.cumsum(w * y_true[order])[last], np.cumsum(w)[last]
    assert len(thresholds) > (2 * block if not weighted else block)
    np.testing.assert_array_equal(thresholds, ordered[last])
    np.testing.assert_allclose(values, g_beta_rho(tp / predicted, tp / tp[-1], 1.0, -2.0), atol=1e-12)


@pytest.mark.parametrize("func", [sm.f1_score, sm.precision_score, sm.g_beta_rho_score, sm.specificity_score,
                                  sm.balanced_precision_score, sm.confusion_matrix])
def test_negative_sample_weights_are_refused(func):
    # scikit-learn accepts them, but then precision can be -2 and F from (P, R) can differ
    # from scikit-learn's count formula: refuse rather than return a different value.
    with pytest.raises(ValueError, match=r"sample weights must be >= 0, got -0.5 at index 1"):
        func([1, 0, 1, 0], [1, 1, 0, 1], sample_weight=[1, -0.5, 1, 1])


def test_negative_sample_weights_are_refused_by_the_curve():
    with pytest.raises(ValueError, match="at index 2"):
        sm.g_beta_rho_curve([1, 0, 1], [0.2, 0.4, 0.9], sample_weight=[1, 1, -1])


def test_g_beta_rho_score_at_huge_rho():
    from symmetric.metrics import g_beta_rho_score

    y_true, y_pred = [1, 1, 1, 0, 0, 1], [1, 0, 0, 1, 0, 1]  # P = 2/3, R = 1/2
    assert g_beta_rho_score(y_true, y_pred, beta=2, rho=1e308) == pytest.approx(max(2 / 3, 1 / 4))
    assert g_beta_rho_score(y_true, y_pred, beta=2, rho=-1e308) == pytest.approx(min(4 / 3, 1 / 2))


def test_best_threshold_names_itself():
    from symmetric.metrics import best_threshold

    with pytest.raises(InvalidParameterError, match="'beta' parameter of best_threshold"):
        best_threshold([0, 1], [0.1, 0.2], beta=-1)
