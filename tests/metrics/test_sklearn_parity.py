"""symmetric.metrics against scikit-learn on random cases: values (bit for bit), warnings and errors.

Cases without weights or with weights in multiples of 1/8 are compared with
scikit-learn directly; with arbitrary float weights the values are compared
with scikit-learn's arithmetic applied to exact sums computed in the test
(``math.fsum``, see ``tests.metrics.helpers.exact_sums``), the warnings and errors
with scikit-learn directly.
"""

from __future__ import annotations

import contextlib
import functools
import math

import numpy as np
import pytest
import sklearn.metrics as skm

import symmetric.metrics as sm
from tests.metrics.helpers import (assert_same, exact_sums, outcome, random_case, sklearn_on_exact_sums,
                             sklearn_prfs_from_sums)

SEEDS = range(150)


def _score_kwargs(case):
    return {k: case[k] for k in ("labels", "pos_label", "average", "sample_weight", "zero_division")}


def _compare(case, name, *args, sklearn_name=None, **kwargs):
    """symmetric's ``name`` against scikit-learn's, on scikit-learn's arithmetic of exact sums for float weights."""
    ours = outcome(getattr(sm, name), *args, **kwargs)
    theirs = outcome(getattr(skm, sklearn_name or name), *args, **kwargs)
    if case["weights"] == "float":
        assert_same((None, ours[1], ours[2]), (None, theirs[1], theirs[2]))
        with sklearn_on_exact_sums():
            theirs = outcome(getattr(skm, sklearn_name or name), *args, **kwargs)
    assert_same(ours, theirs)
    return ours


@pytest.mark.slow
@pytest.mark.parametrize("seed", SEEDS)
def test_scores_match_scikit_learn(seed):
    case = random_case(np.random.default_rng(seed))
    args = (case["y_true"], case["y_pred"])
    kwargs = _score_kwargs(case)
    for name in ("precision_score", "recall_score", "f1_score"):
        _compare(case, name, *args, **kwargs)
    _compare(case, "fbeta_score", *args, beta=case["beta"], **kwargs)
    _compare(case, "precision_recall_fscore_support", *args, beta=case["beta"], **kwargs)
    # G at rho = -2 is F_beta, to the last bit
    if case["weights"] != "float":
        assert_same(outcome(sm.g_beta_rho_score, *args, beta=case["beta"], rho=-2, **kwargs),
                    outcome(skm.fbeta_score, *args, beta=case["beta"], **kwargs), rename=("G-score", "F-score"))


@pytest.mark.parametrize("seed", range(40))
def test_reference_is_scikit_learns_arithmetic(seed):
    """The reference for float weights is scikit-learn's own result wherever the sums agree (no or 1/8 weights)."""
    case = random_case(np.random.default_rng(1000 + seed), weights=[None, "eighths"][seed % 2])
    args = (case["y_true"], case["y_pred"])
    kwargs = _score_kwargs(case)
    direct = outcome(skm.precision_recall_fscore_support, *args, beta=case["beta"], **kwargs)
    with sklearn_on_exact_sums():
        on_sums = outcome(skm.precision_recall_fscore_support, *args, beta=case["beta"], **kwargs)
    assert_same(on_sums, direct)


def test_the_weighted_reference_sums_exactly_unlike_a_float_sum():
    """The reference's sums are exact, so a symmetric that summed as floats do would fail the parity tests."""
    y_true, y_pred, w = [1, 1, 1, 0, 0], [1, 1, 1, 1, 0], [1e16, 1.0, 1.0, 0.5, 3.0]
    tp, pred, true = exact_sums(y_true, y_pred, average=None, sample_weight=w)
    assert tp.tolist() == [3.0, 1.0000000000000002e16] and true.tolist() == [3.5, 1.0000000000000002e16]
    assert pred.tolist() == [3.0, 1.0000000000000002e16]  # 1e16 + 1 + 1 + 0.5: the float sum gives 1e16
    assert skm.multilabel_confusion_matrix(y_true, y_pred, sample_weight=w)[1, 1, 1] == 1e16  # scikit-learn's sum
    assert sm.precision_recall_fscore_support(y_true, y_pred, sample_weight=w)[3].tolist() == true.tolist()
    # classification_report prints those supports, and their float sum as the total (scikit-learn's np.sum)
    report = sm.classification_report(y_true, y_pred, sample_weight=w, output_dict=True)
    assert [report[k]["support"] for k in ("0", "1")] == true.tolist()
    assert report["macro avg"]["support"] == float(np.sum(true)) == 1.0000000000000006e16
    text = sm.classification_report(y_true, y_pred, sample_weight=w).splitlines()
    assert text[3].split()[-1] == "1.0000000000000002e+16" and text[-1].split()[-1] == "1.0000000000000006e+16"
    # the random float-weight cases include many where float sums are off: the reference sees a regression
    float_cases = [c for c in map(random_case, map(np.random.default_rng, SEEDS))
                   if c["weights"] == "float" and c["average"] in (None, "macro", "weighted") and c["labels"] is None]
    off = [c for c in float_cases if not np.array_equal(
        exact_sums(c["y_true"], c["y_pred"], average=c["average"], sample_weight=c["sample_weight"])[2],
        skm.multilabel_confusion_matrix(c["y_true"], c["y_pred"], sample_weight=c["sample_weight"]).sum(axis=2)[:, 1])]
    assert len(off) >= 3, (len(off), len(float_cases))


def test_values_quoted_in_the_issue_are_scikit_learns():
    """Before: micro F1 0.9259700000000001 (scikit-learn 0.92597), macro F1 0.751023197378563 (0.7510231973785633)."""
    rng = np.random.default_rng(0)
    for _ in range(25):
        y_true, y_pred = rng.integers(0, 5, 200), rng.integers(0, 5, 200)
        for average in ("micro", "macro", "weighted", None):
            ours, theirs = (m.f1_score(y_true, y_pred, average=average) for m in (sm, skm))
            assert np.array_equal(ours, theirs), (average, ours, theirs)
    # beta**2 as scikit-learn computes it: 0.1 ** 2 is not correctly rounded by every C library's pow
    y_true, y_pred = rng.integers(0, 2, 1000), rng.integers(0, 2, 1000)
    for beta in (0.1, 0.3, 1.1, 7.7, np.float64(0.3), 3):
        assert sm.fbeta_score(y_true, y_pred, beta=beta) == skm.fbeta_score(y_true, y_pred, beta=beta)


@contextlib.contextmanager
def _sklearn_report_with_beta(beta):
    """scikit-learn's report, with F_beta in the F column (what ``classification_report(beta=)`` must print)."""
    import sklearn.metrics._classification as skc

    original = skc.precision_recall_fscore_support
    skc.precision_recall_fscore_support = functools.partial(original, beta=beta)
    try:
        yield
    finally:
        skc.precision_recall_fscore_support = original


def _renamed(report, header):
    if isinstance(report, str):
        return report.replace(" " * (9 - len(header)) + header, " f1-score")
    return report if report is None else {k: ({("f1-score" if h == header else h): v for h, v in row.items()}
                                              if isinstance(row, dict) else row) for k, row in report.items()}


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(50))
def test_classification_report_matches_scikit_learn(seed):
    case = random_case(np.random.default_rng(seed))
    kwargs = {k: case[k] for k in ("labels", "sample_weight", "zero_division")}
    args = (case["y_true"], case["y_pred"])
    for output_dict in (False, True):
        _compare(case, "classification_report", *args, output_dict=output_dict, digits=seed % 5 + 1, **kwargs)
    # classification_report(beta=) is scikit-learn's report with F_beta in the F column (and its header)
    beta = [0.5, 2.0, 3.0][seed % 3]
    header = f"f{beta:g}-score"
    for output_dict in (True, False) if len(header) <= 9 else (True,):
        ours = outcome(sm.classification_report, *args, output_dict=output_dict, beta=beta, **kwargs)
        with (sklearn_on_exact_sums() if case["weights"] == "float" else contextlib.nullcontext()), \
                _sklearn_report_with_beta(beta):
            theirs = outcome(skm.classification_report, *args, output_dict=output_dict, **kwargs)
        assert_same((_renamed(ours[0], header), *ours[1:]), theirs)


def test_report_with_a_long_f_beta_header_widens_its_columns():
    report = sm.classification_report([0, 1, 1], [0, 1, 0], beta=0.5)
    lines = report.splitlines()
    assert lines[0].split() == ["precision", "recall", "f0.5-score", "support"]
    assert all(len(line) == len(lines[0]) for line in lines if line)
    narrow = sm.classification_report([0, 1, 1], [0, 1, 0], beta=2)
    assert narrow.replace("f2-score", "f1-score").splitlines()[1:] == narrow.splitlines()[1:] and \
        len(narrow.splitlines()[0]) == len(skm.classification_report([0, 1, 1], [0, 1, 0]).splitlines()[0])


@pytest.mark.parametrize("seed", range(90))
def test_confusion_matrices_match_scikit_learn(seed):
    case = random_case(np.random.default_rng(seed), weights=[None, "eighths", "integer"][seed % 3])
    if case["weights"] == "integer":
        case["sample_weight"] = (case["sample_weight"] * 8).astype(np.int64)
    normalize = [None, "true", "pred", "all"][seed % 4]
    args = (case["y_true"], case["y_pred"])
    assert_same(outcome(sm.confusion_matrix, *args, labels=case["labels"], sample_weight=case["sample_weight"],
                        normalize=normalize),
                outcome(skm.confusion_matrix, *args, labels=case["labels"], sample_weight=case["sample_weight"],
                        normalize=normalize))
    for samplewise in (False, True):
        kwargs = dict(labels=case["labels"], sample_weight=case["sample_weight"], samplewise=samplewise)
        assert_same(outcome(sm.multilabel_confusion_matrix, *args, **kwargs),
                    outcome(skm.multilabel_confusion_matrix, *args, **kwargs))


@pytest.mark.parametrize("seed", range(90))
def test_accuracy_and_balanced_accuracy_match_scikit_learn(seed):
    case = random_case(np.random.default_rng(seed), weights=[None, "eighths", "integer"][seed % 3])
    if case["weights"] == "integer":
        case["sample_weight"] = (case["sample_weight"] * 8).astype(np.int64)
    args, sw = (case["y_true"], case["y_pred"]), case["sample_weight"]
    for normalize in (True, False):
        assert_same(outcome(sm.accuracy_score, *args, normalize=normalize, sample_weight=sw),
                    outcome(skm.accuracy_score, *args, normalize=normalize, sample_weight=sw))
    for adjusted in (False, True):
        ours = outcome(sm.balanced_accuracy_score, *args, adjusted=adjusted, sample_weight=sw)
        theirs = outcome(skm.balanced_accuracy_score, *args, adjusted=adjusted, sample_weight=sw)
        if any(c == "RuntimeWarning" for c, _ in theirs[1]):
            # one label in y_true: adjusted is (score - 1)/0; scikit-learn gives -inf or nan and lets NumPy
            # warn, symmetric gives nan and says why
            assert math.isnan(ours[0]) and not math.isfinite(theirs[0])
            assert [c for c, _ in ours[1]] == [c for c, _ in theirs[1] if c != "RuntimeWarning"] + [
                "UndefinedMetricWarning"]
            continue
        assert_same(ours, theirs)


@pytest.mark.parametrize("seed", range(60))
def test_precision_recall_curve_matches_scikit_learn(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(1, 30))
    y_true = rng.integers(0, 2, n) if seed % 5 else np.zeros(n, dtype=int)   # some without positives
    y_score = rng.integers(0, 6, n) / 5 if seed % 2 else rng.random(n)          # ties, or distinct scores
    sample_weight = [None, rng.integers(0, 24, n) / 8, rng.integers(1, 4, n)][seed % 3]
    if sample_weight is not None and not sample_weight.any():
        sample_weight[0] = 1
    for drop_intermediate in (False, True):
        kwargs = dict(sample_weight=sample_weight, drop_intermediate=drop_intermediate)
        assert_same(outcome(sm.precision_recall_curve, y_true, y_score, **kwargs),
                    outcome(skm.precision_recall_curve, y_true, y_score, **kwargs))
    labels = np.array(["no", "yes"])[y_true]
    assert_same(outcome(sm.precision_recall_curve, labels, y_score, pos_label="yes"),
                outcome(skm.precision_recall_curve, labels, y_score, pos_label="yes"))


def test_precision_recall_curve_with_float_weights_is_exact_counts_divided():
    """With arbitrary weights: precision and recall of the counts at each threshold, within a few ULP of exact sums."""
    rng = np.random.default_rng(3)
    y_true, y_score, w = rng.integers(0, 2, 200), rng.integers(0, 20, 200) / 19, rng.random(200)
    precision, recall, thresholds = sm.precision_recall_curve(y_true, y_score, sample_weight=w)
    for p, r, t in zip(precision, recall, thresholds):
        above = y_score >= t
        tp, predicted, positives = (math.fsum(w[m]) for m in (above & (y_true == 1), above, y_true == 1))
        assert p == pytest.approx(tp / predicted, rel=4e-16 * 200) and r == pytest.approx(tp / positives, rel=4e-16 * 200)


def test_report_with_target_names_and_mismatched_labels():
    y_true, y_pred = [0, 1, 2, 2], [0, 2, 2, 1]
    for kwargs in (dict(target_names=["a", "b", "c"]), dict(labels=[0, 1], target_names=["a", "b", "c"]),
                   dict(target_names=["a", "b"]), dict(labels=[2, 0], target_names=["c", "a"])):
        assert_same(outcome(sm.classification_report, y_true, y_pred, **kwargs),
                    outcome(skm.classification_report, y_true, y_pred, **kwargs))


@pytest.mark.parametrize("labels", [np.arange(3000), np.arange(3000).astype(str), np.arange(3000) * 10**15])
def test_many_or_far_apart_labels(labels):
    """Labels too many or too far apart for one dense bincount take the general path."""
    rng = np.random.default_rng(7)  # the test's own data, whatever ran before it
    y_true = rng.choice(labels, 5000)
    y_pred = np.where(rng.random(5000) < 0.5, y_true, rng.choice(labels, 5000))
    w = rng.random(5000)
    for kwargs in (dict(average="macro"), dict(average="weighted", sample_weight=w), dict(average=None)):
        # float weights: our sums are exact, so scikit-learn's arithmetic is applied to exact sums
        with (sklearn_on_exact_sums() if "sample_weight" in kwargs else contextlib.nullcontext()):
            theirs = outcome(skm.precision_recall_fscore_support, y_true, y_pred, zero_division=0, **kwargs)
        assert_same(outcome(sm.precision_recall_fscore_support, y_true, y_pred, zero_division=0, **kwargs), theirs)
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


@pytest.mark.parametrize("seed", range(10))
def test_curve_at_rho_minus_two_is_fbeta_at_each_threshold(seed):
    """g_beta_rho_curve at rho = -2 gives, at every threshold, scikit-learn's F_beta of those predictions, bit for bit."""
    rng = np.random.default_rng(seed)
    y_true, y_score = rng.integers(0, 2, 40), rng.integers(0, 8, 40) / 7
    y_true[0] = 1
    beta = [0.3, 1.0, 2.0, 1.7, 0.5][seed % 5]
    values, thresholds = sm.g_beta_rho_curve(y_true, y_score, beta=beta, rho=-2)
    for value, t in zip(values, thresholds):
        assert value == skm.fbeta_score(y_true, (y_score >= t).astype(int), beta=beta, zero_division=0)
