"""Metrics of the whole confusion matrix: records, generated code, scores from labels against scikit-learn.

A metric is one record (:mod:`symmetric.families.confusion_record`); the numeric code of the package is
generated from the records, a new record gets code, values and a confidence interval from its definition alone,
and the scores from labels give scikit-learn's values bit for bit on integer counts.
"""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest
import sympy
from tests.metrics.test_counting import identical, run

import symmetric.metrics as sm
from symmetric.families import (
    CONFUSION_METRICS,
    ConfusionMetric,
    get_confusion_metric,
    register_confusion_metric,
)
from symmetric.generate import metric_tables
from symmetric.metrics._confusion_scores import record_values
from symmetric.symbols import FN, FP, TN, TP

skm = pytest.importorskip("sklearn.metrics")

CELLS = (TP, FP, FN, TN)
#: Small tables, zeros included: every undefined case of every record occurs.
TABLES = [(a, b, c, d) for a in (0, 1, 7) for b in (0, 2) for c in (0, 3) for d in (0, 1, 40)]


def test_a_new_metric_is_one_definition_and_one_registration():
    def threat_squared(tp=TP, fp=FP, fn=FN, tn=TN):
        return (tp / (tp + fp + fn)) ** 2

    record = register_confusion_metric(ConfusionMetric("threat_squared", threat_squared, "Jaccard squared",
                                                       undefined=((TP + FP + FN, "true or predicted"),), numeric=True))
    try:
        assert get_confusion_metric("threat_squared") is record
        source = metric_tables.package_source()
        assert "def threat_squared(TP, FP, FN, TN):" in source and "def threat_squared_undefined" in source
        namespace = {}
        exec(compile(source, "<generated>", "exec"), namespace)  # noqa: S102 (the generated module, not user text)
        assert namespace["threat_squared"](1.0, 1.0, 0.0, 5.0) == 0.25
        m = sm._count_metrics.resolve_metric("threat_squared", beta=1.0, rho=-2.0, func="test")
        np.testing.assert_allclose(m.values(8.0, 2.0, 2.0, 88.0), (8 / 12) ** 2)
        ci = sm.confidence_interval([1] * 10 + [0] * 90, [1] * 8 + [0] * 2 + [1] * 2 + [0] * 88,
                                    metric="threat_squared", method="delta")
        assert ci.low < (8 / 12) ** 2 < ci.high
        with pytest.raises(ValueError, match="not registered yet"):
            register_confusion_metric(record)
    finally:
        del CONFUSION_METRICS["threat_squared"]


@pytest.mark.parametrize("name", [n for n, r in CONFUSION_METRICS.items() if r.binary])
def test_generated_values_are_the_definitions(name):
    """At every small table, the generated code gives the exact value of the definition, or 'undefined'."""
    record = CONFUSION_METRICS[name]
    expr = record.definition()
    for cells in TABLES:
        value, undefined = record_values(name, *map(float, cells))
        exact = expr.xreplace(dict(zip(CELLS, map(sympy.Integer, cells))))
        if exact.has(sympy.zoo, sympy.nan) or not exact.is_finite:
            assert undefined, (name, cells, exact)    # every zero denominator is among the record's cases
        if undefined:   # SymPy may still give a value (0/zoo = 0 in LR+/LR- at TN = 0): the ratio is undefined
            continue
        assert float(value) == pytest.approx(float(exact), rel=1e-14, abs=1e-15), (name, cells)
        assert exact in record.values or exact.is_infinite, (name, cells)


def _labels(seed, k, n, *, weights=False):
    rng = np.random.default_rng(seed)
    y_true = rng.integers(0, k, n)
    y_pred = np.where(rng.random(n) < 0.5, y_true, rng.integers(0, k, n))
    w = rng.integers(0, 4, n) if weights else None
    return y_true, y_pred, w


CALLS = [
    ("matthews_corrcoef", {}),
    ("cohen_kappa_score", {}),
    ("cohen_kappa_score", {"weights": "linear"}),
    ("cohen_kappa_score", {"weights": "quadratic"}),
    ("jaccard_score", {"average": "macro"}),
    ("jaccard_score", {"average": "weighted"}),
    ("jaccard_score", {"average": "micro"}),
    ("jaccard_score", {"average": None}),
    ("class_likelihood_ratios", {}),
]


@pytest.mark.parametrize("k", [2, 3, 6])
def test_scikit_learns_values_warnings_and_errors_bit_for_bit(k):
    for seed in range(4):
        for n in (1, 5, 300):
            y_true, y_pred, w = _labels(seed, k, n, weights=seed % 2 == 1)
            for name, options in CALLS:
                if name == "jaccard_score" and k == 2 and options["average"] == "macro":
                    options = {"average": "binary"}
                ours = run(getattr(sm, name), y_true, y_pred, sample_weight=w, **options)
                theirs = run(getattr(skm, name), y_true, y_pred, sample_weight=w, **options)
                assert ours[2] == theirs[2], (name, options, seed, n)
                assert [m for _, m in ours[1]] == [m for _, m in theirs[1]], (name, options, seed, n)
                if ours[0] is not None:
                    identical(ours[0], theirs[0], f"{name}{options} seed={seed} n={n}")


def test_informedness_and_markedness_against_their_definitions():
    y_true, y_pred, _ = _labels(3, 4, 400)
    cm = skm.multilabel_confusion_matrix(y_true, y_pred)
    tn, fp, fn, tp = (cm[:, i, j].astype(float) for i, j in ((0, 0), (0, 1), (1, 0), (1, 1)))
    informedness = tp / (tp + fn) + tn / (tn + fp) - 1
    markedness = tp / (tp + fp) + tn / (tn + fn) - 1
    np.testing.assert_allclose(sm.informedness_score(y_true, y_pred, average=None), informedness, rtol=1e-15)
    np.testing.assert_allclose(sm.markedness_score(y_true, y_pred, average=None), markedness, rtol=1e-15)
    assert sm.informedness_score(y_true, y_pred, average="macro") == pytest.approx(informedness.mean())
    support = tp + fn
    assert sm.informedness_score(y_true, y_pred, average="weighted") == pytest.approx(
        np.average(informedness, weights=support))
    # binary informedness is scikit-learn's adjusted balanced accuracy
    yb, pb = y_true % 2, y_pred % 2
    assert sm.informedness_score(yb, pb) == pytest.approx(skm.balanced_accuracy_score(yb, pb, adjusted=True))
    # MCC squared is informedness times markedness (claim confusion.mcc.squared_informedness_markedness)
    assert sm.matthews_corrcoef(yb, pb) ** 2 == pytest.approx(sm.informedness_score(yb, pb) * sm.markedness_score(yb, pb))


def test_undefined_informedness_and_markedness_follow_zero_division():
    with pytest.warns(sm.UndefinedMetricWarning, match="Informedness is ill-defined .* no true samples"):
        assert sm.informedness_score([0, 0, 0], [1, 0, 0]) == 0.0
    assert math.isnan(sm.markedness_score([0, 1, 1], [1, 1, 1], zero_division=math.nan))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert sm.markedness_score([0, 1, 1], [1, 1, 1], zero_division=1.0) == 1.0
    with pytest.raises(ValueError, match="'zero_division' parameter of jaccard_score"):
        sm.jaccard_score([0, 1], [0, 1], zero_division=math.nan)


def test_counts_and_batches_give_the_same_values():
    y_true, y_pred, w = _labels(7, 4, 500, weights=True)
    counts = sm.ConfusionCounts()
    for part in np.array_split(np.arange(500), 3):
        counts.update(y_true[part], y_pred[part], sample_weight=w[part])
    for name, options in CALLS[:8] + [("informedness_score", {"average": "macro"}),
                                      ("markedness_score", {"average": None})]:
        identical(getattr(counts, name)(**options), getattr(sm, name)(y_true, y_pred, sample_weight=w, **options),
                  name)



def test_every_claim_a_record_names_is_registered():
    from symmetric.verify.claims.registry import definitions, load_proofs

    ids = {d.id for d in definitions(load_proofs())}
    named = {i for record in CONFUSION_METRICS.values() for i in record.claims}
    assert named and named <= ids, sorted(named - ids)


def test_the_command_line_reads_the_records(capsys):
    from symmetric.cli import main

    def odds_product(tp=TP, fp=FP, fn=FN, tn=TN):
        return (tp * tn) / (fp * fn)

    record = register_confusion_metric(ConfusionMetric("odds_product", odds_product, "DOR written once more",
                                                       undefined=((FP, "false positives"), (FN, "false negatives"))))
    try:   # no generated code: compiled from the definition
        assert main(["counts", "8", "2", "2", "88", "--metric", "odds_product", "--metric", "mcc"]) == 0
        out = capsys.readouterr().out.splitlines()[1:]   # after the cells as read
        assert out[0].split()[:2] == ["odds_product", "176"] and out[1].split()[:2] == ["mcc", "0.777778"]
        assert "confusion.mcc.at_most_one" in out[1]
        assert main(["counts", "8", "0", "2", "88", "--metric", "odds_product"]) == 0
        assert "undefined (no false positives)" in capsys.readouterr().out
        assert main(["counts", "8", "0", "2", "88", "--metric", "auc"]) == 2
        assert "'--metric' parameter of symmetric counts" in capsys.readouterr().err
    finally:
        del CONFUSION_METRICS[record.name]


@pytest.mark.parametrize("name", [n for n, r in CONFUSION_METRICS.items() if r.binary])
def test_every_binary_record_has_a_score_from_labels(name):
    """``confusion_metric_score`` gives the record's exact value on scikit-learn's one-vs-rest counts."""
    record = CONFUSION_METRICS[name]
    expr = record.definition()
    rng = np.random.default_rng(7)
    y_true, y_pred = rng.integers(0, 3, 60), rng.integers(0, 3, 60)
    values = sm.confusion_metric_score(y_true, y_pred, metric=name, average=None, zero_division=np.nan)
    for k, (tn, fp), (fn, tp) in zip(range(3), *np.moveaxis(skm.multilabel_confusion_matrix(y_true, y_pred), 1, 0)):
        exact = expr.xreplace(dict(zip(CELLS, map(sympy.Integer, (tp, fp, fn, tn)))))
        if exact.is_finite:
            assert values[k] == pytest.approx(float(exact), rel=1e-13), (name, k)
        else:
            assert math.isnan(values[k]), (name, k)
    binary = sm.confusion_metric_score(y_true == 1, y_pred == 1, metric=name, zero_division=np.nan)
    assert binary == pytest.approx(values[1], rel=1e-13, nan_ok=True)


def test_an_undefined_score_from_labels_warns_and_follows_zero_division():
    with pytest.warns(sm.UndefinedMetricWarning, match="no predicted negative samples"):
        assert sm.confusion_metric_score([1, 0], [1, 1], metric="npv") == 0.0
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert sm.confusion_metric_score([1, 0], [1, 1], metric="npv", zero_division=1.0) == 1.0
    with pytest.raises(ValueError, match="'metric' parameter of confusion_metric_score"):
        sm.confusion_metric_score([1, 0], [1, 1], metric="mcc_multiclass")
