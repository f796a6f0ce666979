"""The counting core: label encoding, exact weighted sums, mergeable tallies and ConfusionCounts."""

from __future__ import annotations

import math
import pickle
import warnings
from fractions import Fraction

import numpy as np
import pytest

import symmetric.metrics as sm
from symmetric.metrics import _encode, _exact
from symmetric.metrics._exact import ExactSums, bincount_exact, sum_exact
from symmetric.metrics._tally import count


def identical(a, b, path="value"):
    """Equal values, bit for bit: same types, shapes, dtypes, keys, text and float bits."""
    assert type(a) is type(b), f"{path}: {type(a)} != {type(b)}"
    if isinstance(a, dict):
        assert list(a) == list(b), path
        for key in a:
            identical(a[key], b[key], f"{path}[{key!r}]")
    elif isinstance(a, tuple):
        assert len(a) == len(b), path
        for i, (x, y) in enumerate(zip(a, b)):
            identical(x, y, f"{path}[{i}]")
    elif isinstance(a, np.ndarray):
        assert a.dtype == b.dtype and a.shape == b.shape, f"{path}: {a.dtype}{a.shape} != {b.dtype}{b.shape}"
        bits = lambda x: np.ascontiguousarray(x).view(np.uint8)  # noqa: E731  (a reversed view has the same bits)
        assert np.array_equal(bits(a), bits(b)) if a.dtype.kind in "fiu" else np.array_equal(a, b), (
            f"{path}: {a!r} != {b!r}")
    elif isinstance(a, float):
        assert np.float64(a).tobytes() == np.float64(b).tobytes(), f"{path}: {a!r} != {b!r}"
    else:
        assert a == b, f"{path}: {a!r} != {b!r}"


def run(func, *args, **kwargs):
    """``(value, warnings, error)`` of one call, for comparing two calls."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            value, error = func(*args, **kwargs), None
        except ValueError as exc:
            value, error = None, str(exc)
    return value, [(w.category, str(w.message)) for w in caught], error


# Exact sums


def _fraction_sums(codes, w, m):
    return [float(sum((Fraction(x) for x in w[codes == i]), Fraction(0))) for i in range(m)]


@pytest.mark.parametrize("kind", ["uniform", "integers", "wide", "tiny", "subnormal"])
def test_exact_sums_are_the_correctly_rounded_sums_whatever_the_split(kind):
    rng = np.random.default_rng(["uniform", "integers", "wide", "tiny", "subnormal"].index(kind))
    for _ in range(12):
        n, m = int(rng.integers(1, 2000)), int(rng.integers(1, 5))
        w = {"uniform": lambda: rng.random(n), "integers": lambda: rng.integers(0, 5, n).astype(float),
             "wide": lambda: np.exp(rng.uniform(-700, 700, n)),
             "tiny": lambda: rng.random(n) * (rng.random(n) < 0.5) * 1e-300,
             "subnormal": lambda: np.ldexp(rng.random(n), rng.integers(-1074, -1000, n))}[kind]()
        codes = rng.integers(0, m, n)
        expected = _fraction_sums(codes, w, m)
        assert bincount_exact(codes, w, m).to_float().tolist() == expected
        cut = int(rng.integers(0, n + 1))
        parts = bincount_exact(codes[:cut], w[:cut], m) + bincount_exact(codes[cut:], w[cut:], m)
        assert parts.to_float().tolist() == expected
        assert float(sum_exact(w).to_float()) == float(sum(map(Fraction, w), Fraction(0)))


def test_exact_sums_over_many_blocks_and_rounding_ties():
    n = 3 * _exact._BLOCK + 123  # the weights are summed block by block: several blocks and a short last one
    rng = np.random.default_rng(5)
    w = rng.random(n) * 3
    w[::7] = 2.0**60
    codes = rng.integers(0, 3, n)
    # math.fsum is correctly rounded (as the Fractions of the test above, 40 times faster at this size)
    assert bincount_exact(codes, w, 3).to_float().tolist() == [math.fsum(w[codes == i]) for i in range(3)]
    tie = np.array([2.0**53, 1.0, 2.0**53 + 2, 1.0])  # both sums halfway: to even
    assert bincount_exact(np.array([0, 0, 1, 1]), tie, 2).to_float().tolist() == [2.0**53, 2.0**53 + 4]


def test_exact_sums_pickle_stack_and_sum():
    s = bincount_exact(np.array([0, 1, 1]), np.array([0.1, 0.2, 0.3]), 2)
    t = pickle.loads(pickle.dumps(s))
    assert t.to_float().tolist() == s.to_float().tolist() == [0.1, 0.5]
    stacked = ExactSums.stack([s, s + s])
    assert stacked.to_float().tolist() == [[0.1, 0.5], [0.2, 1.0]]
    assert stacked.sum(axis=1).to_float().tolist() == [0.6, 1.2]


# Label encoding


@pytest.mark.parametrize("kind", ["big ints", "floats", "short strings", "long strings", "objects", "unicode"])
def test_encode_agrees_with_unique(kind):
    rng = np.random.default_rng(len(kind))
    for _ in range(6):
        k = int(rng.integers(1, 3000))
        values = {"big ints": lambda: rng.integers(-2**62, 2**62, k), "floats": lambda: rng.normal(size=k).round() * 1e9,
                  "short strings": lambda: np.array([f"{i:x}" for i in range(k)]),
                  "long strings": lambda: np.array([f"class number {i}" for i in range(k)]),
                  "objects": lambda: np.array([f"x{i}" for i in range(k)], dtype=object),
                  "unicode": lambda: np.array(["é" * (i % 4) + chr(0x10000 + i) for i in range(k)])}[kind]()
        y = values[rng.integers(0, k, int(rng.integers(1, 6000)))]
        cut = int(rng.integers(0, len(y)))
        found, (t, p) = _encode.encode(y[:cut], y[cut:])
        assert sorted(found.tolist()) == sorted(set(y.tolist()))
        assert found[t].tolist() == y[:cut].tolist() and found[p].tolist() == y[cut:].tolist()


def test_encode_strings_of_different_widths():
    for y_true, y_pred in [(["abcdef", "ab", "abc"], ["ab", "c", "abc"]), (["é" * 9, "x"], ["x", "é" * 9 + "y"])]:
        found, (t, p) = _encode.encode(np.array(y_true), np.array(y_pred))
        assert found[t].tolist() == y_true and found[p].tolist() == y_pred
        assert len(found) == len(set(y_true) | set(y_pred))


@pytest.mark.parametrize("later", ["a much longer label", "ĉ", "zz"])
def test_encode_object_strings_when_a_later_block_proves_the_first_wrong(later):
    # Object arrays are converted block by block at the width the first block suggests: a first block of
    # one-character labels, then the longer (or wider) label in the next block.
    first = ["a", "b"] * (_encode._BLOCK // 2) + ["a"]
    y = np.array(first + ["b", "b", later, "a", later, "b"], dtype=object)
    y_pred = np.roll(y, 1)
    assert all(len(label) == 1 and label < "c" for label in (*y[: _encode._BLOCK], *y_pred[: _encode._BLOCK]))
    found, (t, p) = _encode.encode(y, y_pred)
    assert found[t].tolist() == y.tolist() and found[p].tolist() == y_pred.tolist()
    assert sorted(found.tolist()) == sorted(set(y.tolist()))


# Two labels with the same 64-bit hash key: four characters whose code points need 21 bits each do not fit a
# key, so they are hashed. Found by a birthday search over the keys of 16 million prefixes "\u263a" + a + b (the key
# after three characters agreeing on its top 43 bits), the last characters then chosen to cancel the rest.
COLLIDING = ("\u263a\U00074276P\U00100000", "\u263a\U00084613H\U000e6e7d")


def test_encode_falls_back_to_sorting_when_two_strings_share_a_hash():
    keys, exact = _encode._string_keys(np.array(COLLIDING), "hash", 21)
    assert keys[0] == keys[1] and not exact  # the premise: a real collision of the hash
    s, t = COLLIDING
    y = np.array([s, "alpha", s, t, "alpha"])
    found, (codes_true, codes_pred) = _encode.encode(y, y[::-1])
    assert found.tolist() == sorted({s, t, "alpha"})  # sorted: the fallback's np.unique
    assert found[codes_true].tolist() == y.tolist() and found[codes_pred].tolist() == y[::-1].tolist()


def test_many_classes_count_without_a_dense_matrix():
    rng = np.random.default_rng(3)
    k, n = 2100, 8000  # k * k is above the dense limit
    y_true = rng.integers(0, k, n) * 7
    y_pred = np.where(rng.random(n) < 0.5, y_true, rng.integers(0, k, n) * 7)
    w = rng.random(n)
    t = count(y_true, y_pred, w)
    assert t.cells is None
    tp, true_sum, pred_sum, total = t.counts()
    labels = np.unique(np.concatenate([y_true, y_pred]))
    assert t.labels.tolist() == labels.tolist()
    ref = [_fraction_sums(np.searchsorted(labels, y), ww, len(labels))
           for y, ww in ((y_true, w), (y_pred, w))]
    assert true_sum.tolist() == ref[0] and pred_sum.tolist() == ref[1]
    same = y_true == y_pred
    assert tp.tolist() == _fraction_sums(np.searchsorted(labels, y_true[same]), w[same], len(labels))
    assert total == float(sum(map(Fraction, w), Fraction(0)))
    cm = sm.confusion_matrix(y_true, y_pred, labels=labels[:5])
    import sklearn.metrics as skm
    assert np.array_equal(cm, skm.confusion_matrix(y_true, y_pred, labels=labels[:5]))


def test_a_tally_without_a_dense_matrix_refuses_to_give_one():
    # found by mypy: matrix() returned None (not an array) for a tally of per-label sums only
    t = count(np.arange(2100), np.arange(2100)[::-1])
    assert not t.dense
    with pytest.raises(ValueError, match="2100 labels are too many for a dense confusion matrix"):
        t.matrix()
    assert count(np.array([0, 1]), np.array([1, 1])).matrix().tolist() == [[0, 1], [0, 1]]


def test_many_classes_stream_scores_but_not_a_confusion_matrix():
    rng = np.random.default_rng(4)
    y_true = rng.integers(0, 2100, 6000)
    y_pred = np.where(rng.random(6000) < 0.5, y_true, rng.integers(0, 2100, 6000))
    counts = sm.ConfusionCounts()
    counts.update(y_true[:2000], y_pred[:2000])
    counts.update(y_true[2000:], y_pred[2000:])
    identical(counts.f1_score(average="macro"), sm.f1_score(y_true, y_pred, average="macro"))
    with pytest.raises(ValueError, match="needs the labels of every sample"):
        counts.confusion_matrix()


def test_categoricals_count_by_their_codes():
    pd = pytest.importorskip("pandas")
    y_true = pd.Series(pd.Categorical(["b", "a", "c", "a"], categories=["c", "b", "a", "unused"]))
    y_pred = pd.Series(pd.Categorical(["b", "b", "c", "a"], categories=["c", "b", "a", "unused"]))
    plain = (np.asarray(y_true, dtype=str), np.asarray(y_pred, dtype=str))
    identical(sm.confusion_matrix(y_true, y_pred), sm.confusion_matrix(*plain))
    identical(sm.classification_report(y_true, y_pred, output_dict=True),
              sm.classification_report(*plain, output_dict=True))


# ConfusionCounts


def _random_data(rng, kind):
    n = int(rng.integers(1, 80))
    k = 2 if kind == "binary" else int(rng.integers(3, 6))
    names = np.array(["ant", "bee", "cat", "dog", "eel"][:k]) if kind == "strings" else np.arange(k)
    y_true = names[rng.integers(0, k, n)]
    y_pred = np.where(rng.random(n) < 0.6, y_true, names[rng.integers(0, k, n)])
    w = rng.uniform(0, 3, n) * (rng.random(n) < 0.9) if kind == "weights" or rng.random() < 0.3 else None
    if w is not None and not w.any():
        w[0] = 0.5
    return y_true, y_pred, w, names


METHODS = [
    ("precision_recall_fscore_support", dict(average=None)),
    ("precision_recall_fscore_support", dict(average="weighted", beta=0.5)),
    ("precision_score", dict(average="micro")),
    ("recall_score", dict(average="macro", zero_division=1.0)),
    ("f1_score", dict(average="weighted")),
    ("fbeta_score", dict(beta=2.0, average="macro")),
    ("g_beta_rho_score", dict(beta=2.0, rho=-0.5, average="macro")),
    ("specificity_score", dict(average=None)),
    ("classification_report", dict(output_dict=True)),
    ("classification_report", dict(digits=4)),
    ("confusion_matrix", dict()),
    ("confusion_matrix", dict(normalize="true")),
]


@pytest.mark.parametrize("kind", ["binary", "multiclass", "strings", "weights"])
def test_confusion_counts_equal_the_functions_bit_for_bit(kind):
    rng = np.random.default_rng(["binary", "multiclass", "strings", "weights"].index(kind))
    for trial in range(8):
        y_true, y_pred, w, names = _random_data(rng, kind)
        cuts = np.sort(rng.integers(0, len(y_true) + 1, int(rng.integers(0, 4))))
        counts = sm.ConfusionCounts()
        parts = []
        for a, b in zip([0, *cuts], [*cuts, len(y_true)]):
            part = sm.ConfusionCounts()
            part.update(y_true[a:b], y_pred[a:b], sample_weight=None if w is None else w[a:b])
            parts.append(part)
            counts.update(y_true[a:b], y_pred[a:b], sample_weight=None if w is None else w[a:b])
        merged = pickle.loads(pickle.dumps(sum(parts[::-1])))
        methods = METHODS + ([("balanced_precision_score", dict(pos_label=names[1].item()))]
                             if kind == "binary" else [])
        labels = list(rng.permutation(names)[:2]) if trial % 3 == 0 else None
        for name, options in methods:
            if labels is not None and name not in ("balanced_precision_score",):
                options = dict(options, labels=labels)
            expected = run(getattr(sm, name), y_true, y_pred, sample_weight=w, **options)
            for c in (counts, merged):
                got = run(getattr(c, name), **options)
                assert got[1:] == expected[1:], (name, options)
                identical(got[0], expected[0], f"{name}{options}")


def test_confusion_counts_labels_first_seen_later_and_declared_labels():
    a, b = sm.ConfusionCounts(labels=["x", "y", "z"]), sm.ConfusionCounts()
    a.update(["x", "y"], ["x", "x"])
    b.update(["z", "w"], ["y", "z"])
    both = a + b
    assert both.classes_.tolist() == ["w", "x", "y", "z"] and both.n_samples == 4
    expected = sm.confusion_matrix(["x", "y", "z", "w"], ["x", "x", "y", "z"], labels=["x", "y", "z"])
    identical(both.confusion_matrix(), expected)
    with pytest.raises(ValueError, match="Mix of label input types"):
        a.update([1], [1])
    with pytest.raises(ValueError, match="empty input"):
        sm.ConfusionCounts().f1_score()
    with pytest.raises(ValueError, match="multilabel-indicator is not supported"):
        a.update([[0, 1], [1, 1]], [[0, 1], [1, 0]])
    with pytest.raises(ValueError, match="Negative values"):
        a.update(["x"], ["x"], sample_weight=[-1.0])
    with pytest.raises(TypeError, match="sample_weight"):
        a.f1_score(sample_weight=[1.0])


def test_confusion_counts_merge_weighted_with_unweighted():
    a, b = sm.ConfusionCounts(), sm.ConfusionCounts()
    a.update([0, 1, 1], [0, 1, 0])
    b.update([1, 0], [1, 1], sample_weight=[0.25, 3.0])
    expected = sm.f1_score([0, 1, 1, 1, 0], [0, 1, 0, 1, 1], sample_weight=[1, 1, 1, 0.25, 3.0])
    identical((a + b).f1_score(), expected)
    identical((b + a).f1_score(), expected)


def test_targets_know_whether_weights_were_integers():
    from symmetric.metrics._targets import check_targets

    a, b = sm.ConfusionCounts(), sm.ConfusionCounts()
    a.update([0, 1], [0, 0], sample_weight=np.array([2, 3]))
    b.update([1], [1], sample_weight=[0.5])
    assert check_targets(a._tally, a._tally, func="f1_score").integer_weights
    merged = (a + b)._tally
    assert not check_targets(merged, merged, func="f1_score").integer_weights
    assert check_targets([0, 1], [1, 1], np.array([1, 2]), func="f1_score").integer_weights
    assert not check_targets([0, 1], [1, 1], [1.0, 2.0], func="f1_score").integer_weights


def _weights(rng, kind, n):
    w = {"uniform": lambda: rng.random(n), "wide": lambda: np.exp(rng.uniform(-700, 700, n)),
         "integers": lambda: rng.integers(0, 5, n).astype(float),
         "extremes": lambda: np.where(rng.random(n) < 0.5, rng.random(n) * 1e-310, rng.random(n) * 1e300)}[kind]()
    w[rng.random(n) < 0.2] = 0.0
    return w


@pytest.mark.parametrize("kind", ["uniform", "wide", "integers", "extremes"])
def test_run_sums_and_running_sums_are_exact(kind):
    """The sums of runs of sorted weights (Dask summaries) and their running sums (the weighted curves), rounded once."""
    from symmetric.metrics._exact import running_sums_exact, segment_sums_exact

    rng = np.random.default_rng(["uniform", "wide", "integers", "extremes"].index(kind))
    for _ in range(40):
        n = int(rng.integers(1, 300))
        w = _weights(rng, kind, n)
        starts = np.unique(np.r_[0, rng.integers(0, n, int(rng.integers(0, n + 1)))])
        stops = np.append(starts[1:], n)
        exact = [sum((Fraction(x) for x in w[a:b]), Fraction(0)) for a, b in zip(starts, stops)]
        assert segment_sums_exact(w, starts).to_float().tolist() == [float(x) for x in exact]
        running = np.cumsum(np.array(exact, dtype=object))
        assert running_sums_exact(w, starts).tolist() == [float(x) for x in running]
        every = np.cumsum(np.array([Fraction(x) for x in w], dtype=object))
        assert running_sums_exact(w, None).tolist() == [float(x) for x in every]   # each weight its own run
