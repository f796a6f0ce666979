"""symmetric.metrics against scikit-learn on random cases: values, warnings and errors."""

from __future__ import annotations

import numpy as np
import pytest
import sklearn.metrics as skm

import symmetric.metrics as sm
from metrics_helpers import assert_same, outcome, random_case

SEEDS = range(400)



def _score_kwargs(case):
    return {k: case[k] for k in ("labels", "pos_label", "average", "sample_weight", "zero_division")}


@pytest.mark.parametrize("seed", SEEDS)
def test_scores_match_scikit_learn(seed):
    case = random_case(np.random.default_rng(seed))
    args = (case["y_true"], case["y_pred"])
    kwargs = _score_kwargs(case)
    for name in ("precision_score", "recall_score", "f1_score"):
        assert_same(outcome(getattr(sm, name), *args, **kwargs), outcome(getattr(skm, name), *args, **kwargs))
    assert_same(outcome(sm.fbeta_score, *args, beta=case["beta"], **kwargs),
                outcome(skm.fbeta_score, *args, beta=case["beta"], **kwargs))
    assert_same(outcome(sm.precision_recall_fscore_support, *args, beta=case["beta"], **kwargs),
                outcome(skm.precision_recall_fscore_support, *args, beta=case["beta"], **kwargs))


@pytest.mark.parametrize("seed", SEEDS)
def test_g_at_rho_minus_two_is_fbeta(seed):
    case = random_case(np.random.default_rng(seed))
    args = (case["y_true"], case["y_pred"])
    kwargs = _score_kwargs(case)
    assert_same(outcome(sm.g_beta_rho_score, *args, beta=case["beta"], rho=-2, **kwargs),
                outcome(skm.fbeta_score, *args, beta=case["beta"], **kwargs), rename=("G-score", "F-score"))


@pytest.mark.parametrize("seed", range(150))
def test_classification_report_matches_scikit_learn(seed):
    case = random_case(np.random.default_rng(seed))
    kwargs = {k: case[k] for k in ("labels", "sample_weight", "zero_division")}
    args = (case["y_true"], case["y_pred"])
    for output_dict in (False, True):
        assert_same(outcome(sm.classification_report, *args, output_dict=output_dict, digits=seed % 5 + 1, **kwargs),
                    outcome(skm.classification_report, *args, output_dict=output_dict, digits=seed % 5 + 1, **kwargs))


@pytest.mark.parametrize("seed", range(150))
def test_confusion_matrix_matches_scikit_learn(seed):
    case = random_case(np.random.default_rng(seed))
    normalize = [None, "true", "pred", "all"][seed % 4]
    kwargs = dict(labels=case["labels"], sample_weight=case["sample_weight"], normalize=normalize)
    args = (case["y_true"], case["y_pred"])
    assert_same(outcome(sm.confusion_matrix, *args, **kwargs), outcome(skm.confusion_matrix, *args, **kwargs))


def test_report_with_target_names_and_mismatched_labels():
    y_true, y_pred = [0, 1, 2, 2], [0, 2, 2, 1]
    for kwargs in (dict(target_names=["a", "b", "c"]), dict(labels=[0, 1], target_names=["a", "b", "c"]),
                   dict(target_names=["a", "b"]), dict(labels=[2, 0], target_names=["c", "a"])):
        assert_same(outcome(sm.classification_report, y_true, y_pred, **kwargs),
                    outcome(skm.classification_report, y_true, y_pred, **kwargs))


LARGE = np.random.default_rng(7)


@pytest.mark.parametrize("labels", [np.arange(3000), np.arange(3000).astype(str), np.arange(3000) * 10**15])
def test_many_or_far_apart_labels(labels):
    """Labels too many or too far apart for one dense bincount take the general path."""
    y_true = LARGE.choice(labels, 5000)
    y_pred = np.where(LARGE.random(5000) < 0.5, y_true, LARGE.choice(labels, 5000))
    w = LARGE.random(5000)
    for kwargs in (dict(average="macro"), dict(average="weighted", sample_weight=w), dict(average=None)):
        assert_same(outcome(sm.precision_recall_fscore_support, y_true, y_pred, zero_division=0, **kwargs),
                    outcome(skm.precision_recall_fscore_support, y_true, y_pred, zero_division=0, **kwargs))
    sub = list(labels[:5])
    assert_same(outcome(sm.confusion_matrix, y_true, y_pred, labels=sub, sample_weight=w),
                outcome(skm.confusion_matrix, y_true, y_pred, labels=sub, sample_weight=w))


@pytest.mark.parametrize("y_true, y_pred", [
    ([True, False, True], [True, True, False]),
    ([0.0, 1.0, 1.0], [1.0, 1.0, 0.0]),
    (np.array([[0], [1], [1]]), [1, 1, 0]),
    (np.array([1, 2, 2], dtype=np.int8), np.array([2, 2, 1], dtype=np.int8)),
    (np.array([-5, 7, 7]), np.array([7, 7, -5])),
    (np.array(["a", "b", "b"], dtype=object), np.array(["b", "b", "a"], dtype=object)),
])
def test_label_dtypes(y_true, y_pred):
    pos = y_pred[0] if not isinstance(y_pred[0], np.ndarray) else 1
    for average, pos_label in (("binary", pos), ("macro", 1), (None, 1)):
        assert_same(outcome(sm.precision_recall_fscore_support, y_true, y_pred, average=average, pos_label=pos_label),
                    outcome(skm.precision_recall_fscore_support, y_true, y_pred, average=average, pos_label=pos_label))
    assert_same(outcome(sm.classification_report, y_true, y_pred), outcome(skm.classification_report, y_true, y_pred))
    assert_same(outcome(sm.confusion_matrix, y_true, y_pred), outcome(skm.confusion_matrix, y_true, y_pred))


BAD_INPUTS = [
    ("different lengths", ([0, 1], [0, 1, 1]), {}),
    ("empty", ([], []), {}),
    ("continuous target", ([0.5, 1.0], [0, 1]), {}),
    ("NaN in target", ([0, np.nan], [0, 1]), {}),
    ("inf in target", ([0, np.inf], [0, 1]), {}),
    ("pos_label absent", ([0, 1], [0, 1]), dict(pos_label=2)),
    ("binary average on multiclass", ([0, 1, 2], [0, 1, 2]), {}),
    ("binary average on multilabel", (np.eye(3, dtype=int), np.eye(3, dtype=int)), {}),
    ("mix of types", ([[0, 1], [1, 0]], [0, 1]), {}),
    ("string and number", (["a", "b"], [0, 1]), {}),
    ("bad average", ([0, 1], [0, 1]), dict(average="mean")),
    ("bad zero_division", ([0, 1], [0, 1]), dict(zero_division=2)),
    ("samples on multiclass", ([0, 1, 2], [0, 1, 2]), dict(average="samples")),
    ("multilabel label out of range", (np.eye(3, dtype=int), np.eye(3, dtype=int)), dict(average="macro", labels=[5])),
    ("weights of other length", ([0, 1], [0, 1]), dict(sample_weight=[1, 2, 3])),
    ("NaN weight", ([0, 1], [0, 1]), dict(sample_weight=[1, np.nan])),
    ("all-zero weights", ([0, 1], [0, 1]), dict(sample_weight=[0, 0])),
    ("multioutput", (np.array([[0, 1], [2, 0]]), np.array([[0, 1], [2, 0]])), {}),
]


@pytest.mark.parametrize("what, args, kwargs", BAD_INPUTS, ids=[b[0] for b in BAD_INPUTS])
def test_bad_input_errors_match(what, args, kwargs):
    for name in ("precision_score", "f1_score"):
        ours = outcome(getattr(sm, name), *args, **kwargs)
        assert isinstance(ours[2], ValueError), (what, ours)
        assert_same(ours, outcome(getattr(skm, name), *args, **kwargs))


@pytest.mark.parametrize("beta", [-1, float("nan"), "2"])
def test_bad_beta(beta):
    ours = outcome(sm.fbeta_score, [0, 1], [0, 1], beta=beta)
    assert isinstance(ours[2], ValueError) and "'beta' parameter of fbeta_score" in str(ours[2])
    assert_same(ours, outcome(skm.fbeta_score, [0, 1], [0, 1], beta=beta))


def test_confusion_matrix_errors_match():
    for args, kwargs in [(([0, 1], [0, 1]), dict(labels=[3])), (([0, 1], [0, 1]), dict(labels=[])),
                         (([0, 1], [0, 1]), dict(normalize="rows")), (([1, 1], [1, 1]), {}),
                         ((np.eye(2, dtype=int), np.eye(2, dtype=int)), {})]:
        assert_same(outcome(sm.confusion_matrix, *args, **kwargs), outcome(skm.confusion_matrix, *args, **kwargs))


def test_pos_label_ignored_warning_matches():
    args = ([0, 1, 2], [0, 2, 2])
    assert_same(outcome(sm.recall_score, *args, average="micro", pos_label=2),
                outcome(skm.recall_score, *args, average="micro", pos_label=2))


def test_sparse_multilabel_is_densified():
    sparse = pytest.importorskip("scipy.sparse")
    y_true = sparse.csr_matrix(np.array([[1, 0, 1], [0, 1, 1]]))
    y_pred = sparse.csr_matrix(np.array([[1, 1, 0], [0, 1, 1]]))
    assert_same(outcome(sm.f1_score, y_true, y_pred, average="samples"),
                outcome(skm.f1_score, y_true, y_pred, average="samples"))
