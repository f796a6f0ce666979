"""Run a symmetric metric and its scikit-learn counterpart and compare values, warnings and errors, bit for bit.

Values must be equal (``==``, nan equal to nan, same shapes and dtype kinds),
text must be identical. The one deliberate difference is the weighted sums:
with arbitrary float sample weights symmetric's sums are exact (correctly
rounded, :mod:`symmetric.metrics._exact`) and scikit-learn's are not, so the
two differ in the last bits. For those cases the reference is scikit-learn's
own arithmetic after its counting (:func:`sklearn_prfs_from_sums`, checked
operation for operation against scikit-learn where the sums agree) applied
to exact sums computed here, independently of symmetric
(:func:`exact_sums`: ``math.fsum`` per label and cell), so a regression in
symmetric's summation shows; weights that are multiples of 1/8 sum exactly
in any order, and are compared with scikit-learn directly.
"""

from __future__ import annotations

import contextlib
import functools
import math
import warnings

import numpy as np

__all__ = ["outcome", "assert_same", "large_scores", "random_case", "exact_sums", "sklearn_prfs_from_sums", "sklearn_on_exact_sums"]


def outcome(func, *args, **kwargs):
    """``(value, [(warning class name, message)], error)`` of one call."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            value, error = func(*args, **kwargs), None
        except Exception as exc:  # compared with the other library's
            value, error = None, exc
    return value, [(w.category.__name__, str(w.message)) for w in caught], error


def _same_value(a, b, path="value"):
    if isinstance(a, dict):
        assert isinstance(b, dict) and list(a) == list(b), f"{path}: keys {list(a)} != {list(b)}"
        for key in a:
            _same_value(a[key], b[key], f"{path}[{key!r}]")
    elif isinstance(a, tuple):
        assert isinstance(b, tuple) and len(a) == len(b), path
        for i, (x, y) in enumerate(zip(a, b)):
            _same_value(x, y, f"{path}[{i}]")
    elif isinstance(a, str):
        assert a == b, f"{path}:\n{a}\n!=\n{b}"
    elif a is None:
        assert b is None, f"{path}: None != {b!r}"
    else:
        x, y = np.asarray(a), np.asarray(b)
        assert x.shape == y.shape, f"{path}: shape {x.shape} != {y.shape}"
        assert type(a) is type(b) or (np.ndim(a) and x.dtype.kind == y.dtype.kind), f"{path}: {a!r} != {b!r}"
        np.testing.assert_array_equal(x, y, err_msg=path, strict=False)


def assert_same(ours, theirs, *, rename=None):
    """Our outcome equals scikit-learn's: values bit for bit, the same warnings and the same errors."""
    value, warns, error = ours
    their_value, their_warns, their_error = theirs
    if their_error is not None or error is not None:
        assert error is not None and their_error is not None, f"ours: {error!r}, theirs: {their_error!r}"
        assert isinstance(error, ValueError) == isinstance(their_error, ValueError), (error, their_error)
        assert isinstance(error, TypeError) == isinstance(their_error, TypeError), (error, their_error)
        if type(their_error).__name__ == "InvalidParameterError":  # sklearn orders the allowed set at random
            assert type(error).__name__ == "InvalidParameterError" and isinstance(error, type(their_error))
            assert str(error).split(" must be")[0] == str(their_error).split(" must be")[0], (error, their_error)
        else:
            assert str(error) == str(their_error)
        return
    if rename:
        warns = [(c, m.replace(*rename)) for c, m in warns]
    assert warns == their_warns, f"warnings differ:\n{warns}\n{their_warns}"
    _same_value(value, their_value)


def sklearn_prfs_from_sums(tp_sum, pred_sum, true_sum, *, beta=1.0, average=None, zero_division="warn",
                           sample_weight=None):
    """scikit-learn's ``precision_recall_fscore_support`` from the per-label sums on: its operations, in its order.

    Read from ``sklearn/metrics/_classification.py`` (1.9); no warnings.
    ``test_reference_is_scikit_learns_arithmetic`` checks it against
    scikit-learn itself on cases where the sums are exact.
    """
    from sklearn.utils.extmath import _nanaverage

    if average == "micro":
        tp_sum, pred_sum, true_sum = (np.reshape(np.sum(a), (1,)) for a in (tp_sum, pred_sum, true_sum))
    value = 0.0 if isinstance(zero_division, str) else float(zero_division)

    def divide(numerator, denominator):
        mask = denominator == 0
        denominator = np.asarray(denominator, dtype=np.float64).copy()
        denominator[mask] = 1
        result = np.asarray(numerator, dtype=np.float64) / denominator
        result[mask] = value
        return result

    precision, recall = divide(tp_sum, pred_sum), divide(tp_sum, true_sum)
    if np.isposinf(beta):
        f_score = recall
    elif beta == 0:
        f_score = precision
    else:
        beta2 = beta ** 2
        f_score = divide((1 + beta2) * np.asarray(tp_sum, dtype=np.float64),
                         beta2 * np.asarray(true_sum, dtype=np.float64) + np.asarray(pred_sum, dtype=np.float64))
    weights = true_sum if average == "weighted" else sample_weight if average == "samples" else None
    if average is None:
        return precision, recall, f_score, true_sum
    return (float(_nanaverage(precision, weights=weights)), float(_nanaverage(recall, weights=weights)),
            float(_nanaverage(f_score, weights=weights)), None)


def exact_sums(y_true, y_pred, *, labels=None, pos_label=1, average=None, sample_weight=None):
    """Per-label ``(tp_sum, pred_sum, true_sum)`` as scikit-learn selects the labels, each sum exact.

    Each sum is ``math.fsum`` of the weights of its samples (the true sum,
    rounded once), computed from the targets alone, without symmetric. For
    ``average="samples"`` the sums run over the labels of each sample,
    unweighted (a count times the sample's weight, as scikit-learn does), so
    scikit-learn's own ``multilabel_confusion_matrix`` gives them exactly.
    """
    from sklearn.metrics import multilabel_confusion_matrix
    from sklearn.metrics._classification import _check_set_wise_labels
    from sklearn.utils.multiclass import unique_labels

    labels = _check_set_wise_labels(y_true, y_pred, average, labels, pos_label)
    if average == "samples":
        mcm = multilabel_confusion_matrix(y_true, y_pred, sample_weight=sample_weight, labels=labels,
                                          samplewise=True)
        tp = mcm[:, 1, 1]
        return tp, tp + mcm[:, 0, 1], tp + mcm[:, 1, 0]
    yt, yp = (np.asarray(y.toarray() if hasattr(y, "toarray") else y) for y in (y_true, y_pred))  # sparse: the report's
    labels = unique_labels(y_true, y_pred) if labels is None else np.asarray(labels)
    if yt.ndim == 2:  # label indicator columns
        true, pred = yt[:, labels] != 0, yp[:, labels] != 0
    else:
        true, pred = yt[:, None] == labels[None, :], yp[:, None] == labels[None, :]
    w = np.ones(len(yt)) if sample_weight is None else np.asarray(sample_weight, dtype=np.float64)

    def fsum(member):
        return np.array([math.fsum(w[member[:, j]]) for j in range(member.shape[1])])

    return fsum(true & pred), fsum(pred), fsum(true)


@contextlib.contextmanager
def sklearn_on_exact_sums():
    """Within the block, scikit-learn's scores divide exact sums (:func:`exact_sums`; warnings stay scikit-learn's).

    scikit-learn's ``precision_recall_fscore_support`` (also as its other
    scores and its report call it) keeps its validation and warnings but
    returns :func:`sklearn_prfs_from_sums` of the exact sums.
    """
    import sklearn.metrics._classification as skc

    original = skc.precision_recall_fscore_support

    @functools.wraps(original)
    def on_exact_sums(y_true, y_pred, *, beta=1.0, labels=None, pos_label=1, average=None, warn_for=("precision",
                      "recall", "f-score"), sample_weight=None, zero_division="warn"):
        result = original(y_true, y_pred, beta=beta, labels=labels, pos_label=pos_label, average=average,
                          warn_for=warn_for, sample_weight=sample_weight, zero_division=zero_division)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # scikit-learn's call above gave them
            tp, pred, true = exact_sums(y_true, y_pred, labels=labels, pos_label=pos_label, average=average,
                                        sample_weight=sample_weight)
        ours = sklearn_prfs_from_sums(tp, pred, true, beta=beta, average=average, zero_division=zero_division,
                                      sample_weight=sample_weight)
        assert [np.shape(x) for x in result] == [np.shape(x) for x in ours]
        return ours

    import sklearn.metrics as skm

    skc.precision_recall_fscore_support = skm.precision_recall_fscore_support = on_exact_sums
    try:
        yield
    finally:
        skc.precision_recall_fscore_support = skm.precision_recall_fscore_support = original


WEIGHTS = (None, "eighths", "float")


def random_case(rng: np.random.Generator, *, weights="random"):
    """Random targets and options that exercise every branch of the scores.

    ``weights``: None, "eighths" (multiples of 1/8, which sum exactly in any
    order) or "float" (arbitrary; the sums differ in the last bits); drawn
    at random by default.
    """
    kind = rng.choice(["binary", "binary_str", "multiclass", "multiclass_str", "multilabel"])
    n = int(rng.integers(1, 25))
    if kind == "multilabel":
        n_labels = int(rng.integers(2, 5))
        p = rng.uniform(0.05, 0.7)
        y_true = (rng.random((n, n_labels)) < p).astype(int)
        y_pred = (rng.random((n, n_labels)) < p).astype(int)
        present = list(range(n_labels))
        extra = []
    else:
        k = 2 if kind.startswith("binary") else int(rng.integers(3, 6))
        names = np.array(["ant", "bee", "cat", "dog", "eel", "fox"][:k + 1]) if kind.endswith("str") else np.arange(k + 1) - (kind == "binary" and rng.random() < 0.3)
        probs = rng.dirichlet(np.ones(k))
        y_true = names[:k][rng.choice(k, size=n, p=probs)]
        y_pred = np.where(rng.random(n) < 0.6, y_true, names[:k][rng.choice(k, size=n)])
        present = sorted(set(y_true.tolist()) | set(y_pred.tolist()))
        extra = [names[k].item()]
    average = rng.choice(np.array([None, "binary", "micro", "macro", "weighted", "samples"], dtype=object))
    zero_division = ["warn", 0.0, 1.0, np.nan][int(rng.integers(4))]
    labels = None
    r = rng.random()
    if r < 0.2 and len(present) > 1:
        labels = list(rng.permutation(present)[: int(rng.integers(1, len(present)))])
    elif r < 0.35:
        labels = list(rng.permutation(present + extra))
    labels = None if labels is None else [x.item() if hasattr(x, "item") else x for x in labels]
    if weights == "random":
        weights = WEIGHTS[int(rng.integers(3))]
    sample_weight = None
    if weights is not None:
        if weights == "eighths":
            sample_weight = rng.integers(0, 24, size=n) / 8
        else:
            sample_weight = rng.uniform(0, 3, size=n) * (rng.random(n) < 0.9)
        if not sample_weight.any():
            sample_weight[0] = 1.0
    pos_label = present[-1] if present else 1
    if kind in ("binary", "multilabel") and rng.random() < 0.7:
        pos_label = 1
    beta = [0.0, 0.3, 0.5, 1.0, 1.7, 2.0, np.inf][int(rng.integers(7))]
    return dict(y_true=y_true, y_pred=y_pred, average=average, zero_division=zero_division, labels=labels,
                sample_weight=sample_weight, weights=weights, pos_label=pos_label, beta=beta)


def large_scores(*, ties: bool, n: int = 200_003, seed: int = 7):
    """Binary labels and scores (rounded to 3 decimals with ``ties``), enough of them for pairwise sums to split."""
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, n)
    score = rng.random(n) + 0.2 * y
    return y, np.round(score, 3) if ties else score
