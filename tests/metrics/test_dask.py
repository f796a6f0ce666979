"""Dask input: every function counts chunk by chunk and gives the in-memory result bit for bit."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

import symmetric.metrics as sm
from tests.metrics.test_counting import identical, run

pytestmark = pytest.mark.slow  # the full run only (tests/README.md)

da = pytest.importorskip("dask.array")
dd = pytest.importorskip("dask.dataframe")
pd = pytest.importorskip("pandas")


@pytest.fixture(scope="module")
def client():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None) as cluster:
        with distributed.Client(cluster) as c:
            yield c


def _data(seed, kind, n=1500):
    rng = np.random.default_rng(seed)
    k = 2 if kind == "binary" else 5
    names = np.array(["ant", "bee", "cat", "dog", "eel"][:k]) if kind == "strings" else np.arange(k)
    y_true = names[rng.integers(0, k, n)]
    y_pred = np.where(rng.random(n) < 0.6, y_true, names[rng.integers(0, k, n)])
    w = rng.uniform(0, 3, n) * (rng.random(n) < 0.9)
    chunks = tuple(np.diff(np.unique(np.r_[0, rng.integers(1, n, 6), n])).tolist())
    return y_true, y_pred, w, chunks


CALLS = [
    ("precision_recall_fscore_support", dict(average=None)),
    ("f1_score", dict(average="macro")),
    ("fbeta_score", dict(beta=2.0, average="weighted")),
    ("precision_score", dict(average="micro")),
    ("recall_score", dict(average="macro")),
    ("g_beta_rho_score", dict(beta=2.0, rho=-0.5, average="macro")),
    ("specificity_score", dict(average=None)),
    ("classification_report", dict(output_dict=True)),
    ("confusion_matrix", dict()),
    ("matthews_corrcoef", dict()),
    ("cohen_kappa_score", dict(weights="quadratic")),
    ("jaccard_score", dict(average="weighted")),
    ("informedness_score", dict(average=None)),
    ("markedness_score", dict(average="macro")),
]


def _compare_all(y_true, y_pred, w, dt, dp, dw, calls=CALLS):
    for name, options in calls:
        for weights, dweights in ((None, None), (w, dw)):
            expected = run(getattr(sm, name), y_true, y_pred, sample_weight=weights, **options)
            got = run(getattr(sm, name), dt, dp, sample_weight=dweights, **options)
            assert got[1:] == expected[1:], (name, options)
            identical(got[0], expected[0], f"{name}{options}")


@pytest.mark.parametrize("kind", ["binary", "multiclass", "strings"])
def test_dask_arrays_give_the_in_memory_result_bit_for_bit(kind):
    y_true, y_pred, w, chunks = _data(1, kind)
    dt, dp, dw = (da.from_array(a, chunks=(chunks,)) for a in (y_true, y_pred, w))
    calls = CALLS + ([("balanced_precision_score", dict())] if kind == "binary" else [])
    _compare_all(y_true, y_pred, w, dt, dp, dw, calls)


def test_dask_series_and_mixed_inputs():
    y_true, y_pred, w, _ = _data(2, "strings")
    frame = dd.from_pandas(pd.DataFrame({"t": y_true, "p": y_pred, "w": w}), npartitions=4)
    _compare_all(y_true, y_pred, w, frame["t"], frame["p"], frame["w"], CALLS[1:3])
    # a Dask array with in-memory predictions and weights
    _compare_all(y_true, y_pred, w, da.from_array(y_true, chunks=400), y_pred, w, CALLS[1:2])


def test_dask_with_a_local_cluster(client):
    y_true, y_pred, w, chunks = _data(3, "multiclass", n=3000)
    dt, dp, dw = (da.from_array(a, chunks=(chunks,)) for a in (y_true, y_pred, w))
    _compare_all(y_true, y_pred, w, dt, dp, dw, CALLS[1:2] + CALLS[-2:])
    y_score = np.random.default_rng(3).random(len(y_true)).round(3) + (y_true == 1) * 0.2
    ds = da.from_array(y_score, chunks=(chunks,))
    identical(sm.g_beta_rho_curve(dt == 1, ds, sample_weight=dw), sm.g_beta_rho_curve(y_true == 1, y_score,
                                                                                       sample_weight=w))


def test_dask_multilabel():
    rng = np.random.default_rng(6)
    y_true = (rng.random((900, 4)) < 0.4).astype(int)
    y_pred = np.where(rng.random((900, 4)) < 0.7, y_true, 1 - y_true)
    w = rng.uniform(0, 2, 900)
    dt, dp, dw = da.from_array(y_true, chunks=(250, 2)), da.from_array(y_pred, chunks=(300, 4)), da.from_array(w, 200)
    calls = [("f1_score", dict(average=average)) for average in ("micro", "macro", "weighted", None)]
    _compare_all(y_true, y_pred, w, dt, dp, dw, calls)
    with pytest.raises(ValueError, match="average='samples' needs the counts of every sample"):
        sm.f1_score(dt, dp, average="samples")
    expected = run(sm.f1_score, y_true, y_true * 2, average="macro")
    assert run(sm.f1_score, dt, dt * 2, average="macro")[2] == expected[2]


def test_dask_errors_are_the_in_memory_errors():
    y_true, y_pred, w, chunks = _data(4, "multiclass")
    cases = [
        (y_true, np.random.default_rng(0).random(len(y_true)), None),
        (y_true.astype(str), y_pred, None),
        (y_true, y_pred, np.where(np.arange(len(w)) == 900, -1.0, w)),
        (y_true, y_pred, np.zeros(len(w))),
        (y_true, y_pred, np.where(np.arange(len(w)) == 5, np.nan, w)),
    ]
    for a, b, weights in cases:
        expected = run(sm.f1_score, a, b, sample_weight=weights, average="macro")
        dweights = None if weights is None else da.from_array(weights, chunks=(chunks,))
        got = run(sm.f1_score, da.from_array(a, chunks=(chunks,)), da.from_array(b, chunks=(chunks,)),
                  sample_weight=dweights, average="macro")
        assert expected[2] is not None and got[2] == expected[2]
    expected = run(sm.f1_score, y_true, y_pred, average="binary")
    assert run(sm.f1_score, da.from_array(y_true, chunks=100), y_pred, average="binary")[2] == expected[2]


def test_dask_curve_errors_are_the_in_memory_errors():
    y_true, y_score = np.array([0, 1, 1, 0, 2, 1]), np.array([0.1, 0.5, 0.7, 0.2, 0.3, 0.9])
    cases = [(y_true, y_score, None, None), (y_true, y_score, 1, [1, 1, 1, -1, 1, 1]),
             (y_true, y_score, 3, None), (np.array(["a", "b"] * 3), y_score, None, None),
             (y_true, np.where(y_score > 0.8, np.nan, y_score), 1, None)]
    for a, b, pos_label, w in cases:
        expected = run(sm.g_beta_rho_curve, a, b, pos_label=pos_label, sample_weight=w)
        dw = None if w is None else da.from_array(np.asarray(w, dtype=float), chunks=4)
        got = run(sm.g_beta_rho_curve, da.from_array(a, chunks=4), da.from_array(b, chunks=4), pos_label=pos_label,
                  sample_weight=dw)
        assert expected[2] is not None and got[2] == expected[2]


@pytest.mark.parametrize("weighted", [False, True])
def test_dask_curves_exact_and_binned(weighted):
    rng = np.random.default_rng(5)
    n = 4000
    y_true = rng.integers(0, 2, n)
    y_score = (rng.random(n) + 0.4 * y_true).round(4)
    w = rng.uniform(0, 2, n) if weighted else None
    dt, ds = da.from_array(y_true, chunks=700), da.from_array(y_score, chunks=700)
    dw = None if w is None else da.from_array(w, chunks=700)
    exact = sm.g_beta_rho_curve(y_true, y_score, beta=2, sample_weight=w)
    identical(sm.g_beta_rho_curve(dt, ds, beta=2, sample_weight=dw), exact)
    best = sm.best_threshold(y_true, y_score, beta=2, sample_weight=w)
    identical(sm.best_threshold(dt, ds, beta=2, sample_weight=dw), best)

    from symmetric import numeric
    from symmetric.metrics._thresholds import binned_upper_bound, threshold_counts  # no public equivalent

    for n_bins in (5, 50, 500):
        binned = sm.best_threshold(dt, ds, beta=2, sample_weight=dw, n_bins=n_bins)
        identical(sm.best_threshold(y_true, y_score, beta=2, sample_weight=w, n_bins=n_bins), binned)
        keep = slice(None) if w is None else w != 0
        counts = threshold_counts(y_true[keep] == 1, y_score[keep], None if w is None else w[keep], n_bins=n_bins)
        bound = binned_upper_bound(counts, lambda P, R: numeric.f_beta(P, R, 2.0, validate=False))
        assert binned[1] <= best[1] <= bound, (n_bins, binned, best, bound)
        assert binned[0] in counts.thresholds
    assert bound - binned[1] < 0.01  # 500 bins: the bound is tight
    # at each bin edge, G is exactly G at the smallest score above it (the same predictions)
    values, edges = sm.g_beta_rho_curve(dt, ds, beta=2, sample_weight=dw, n_bins=37)
    exact_values, exact_thresholds = exact
    at = np.searchsorted(-exact_thresholds, -edges, side="right") - 1
    identical(values, exact_values[at])


def test_n_bins_is_validated():
    with pytest.raises(sm.InvalidParameterError if hasattr(sm, "InvalidParameterError") else ValueError,
                       match="'n_bins' parameter of g_beta_rho_curve must be an int in the range"):
        sm.g_beta_rho_curve([0, 1], [0.1, 0.2], n_bins=0)


def test_dask_is_imported_only_for_dask_input():
    code = ("import sys, symmetric.metrics as sm; sm.f1_score([0, 1], [0, 1]); c = sm.ConfusionCounts(); "
            "c.update([0], [1]); sm.g_beta_rho_curve([0, 1], [0.2, 0.4], n_bins=3); "
            "assert 'dask' not in sys.modules, sorted(m for m in sys.modules if 'dask' in m)")
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.parametrize("weighted", [False, True])
def test_ranking_curves_and_scores_of_dask_input_are_the_in_memory_ones(weighted):
    """The sorted pass of Dask input merges each chunk's sorted summary: the same bits as in memory."""
    rng = np.random.default_rng(11)
    n = 3000
    y_true = rng.integers(0, 2, n)
    y_score = (rng.random(n) + 0.3 * y_true).round(3)
    w = rng.uniform(0, 2, n) * (rng.random(n) < 0.9) if weighted else None
    dt, ds = da.from_array(y_true, chunks=400), da.from_array(y_score, chunks=(700, 500, 1800))
    dw = None if w is None else da.from_array(w, chunks=400)
    for name, options in (("roc_curve", {}), ("roc_curve", dict(drop_intermediate=False)), ("det_curve", {}),
                          ("precision_recall_curve", dict(drop_intermediate=True)),
                          ("confusion_matrix_at_thresholds", {}), ("average_precision_score", {}),
                          ("roc_auc_score", {}), ("roc_auc_score", dict(max_fpr=0.2)),
                          ("precision_recall_gain_curve", {}), ("normalized_average_precision_score", {})):
        identical(run(getattr(sm, name), dt, ds, sample_weight=dw, **options),
                  run(getattr(sm, name), y_true, y_score, sample_weight=w, **options))


def test_dask_input_with_one_class_warns_as_in_memory():
    y_true, y_score = np.zeros(50, dtype=int), np.linspace(0, 1, 50)
    dt, ds = da.from_array(y_true, chunks=20), da.from_array(y_score, chunks=20)
    for name in ("roc_curve", "roc_auc_score", "average_precision_score", "precision_recall_curve"):
        identical(run(getattr(sm, name), dt, ds), run(getattr(sm, name), y_true, y_score))
