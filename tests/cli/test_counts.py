"""``symmetric counts``: every metric known by name and every binary record, from the four cells, as text or JSON.

The values are the scores from labels of :mod:`symmetric.metrics` on a sample with those counts; the cells are
read in the order TP FP FN TN or by name in any order (scikit-learn's ``ravel()`` order among them).
"""

import json

import numpy as np
import pytest

import symmetric.metrics as sm
from symmetric.cli import main
from symmetric.metrics._confusion_scores import records


def counts(capsys, *argv):
    code = main(["counts", *map(str, argv)])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def labels(tp, fp, fn, tn):
    return [1] * (tp + fn) + [0] * (fp + tn), [1] * tp + [0] * fn + [1] * fp + [0] * tn


def as_json(capsys, *argv) -> dict:
    code, out, err = counts(capsys, *argv, "--json")
    assert code == 0, err
    return {m["name"]: m for m in json.loads(out)["metrics"]}


@pytest.mark.parametrize("cells", [(10, 5, 3, 80), (7, 0, 2, 1)])
def test_every_value_is_the_score_from_labels_with_those_counts(capsys, cells):
    y_true, y_pred = labels(*cells)
    shown = as_json(capsys, *cells, "--beta", "2", "--rho", "-3")
    expected = {
        "precision": sm.precision_score(y_true, y_pred),
        "recall": sm.recall_score(y_true, y_pred),
        "specificity": sm.specificity_score(y_true, y_pred),
        "accuracy": sm.accuracy_score(y_true, y_pred),
        "balanced_accuracy": sm.balanced_accuracy_score(y_true, y_pred),
        "f1": sm.f1_score(y_true, y_pred),
        "f_beta": sm.fbeta_score(y_true, y_pred, beta=2),
        "g_beta_rho": sm.g_beta_rho_score(y_true, y_pred, beta=2, rho=-3),
        "balanced_precision": sm.balanced_precision_score(y_true, y_pred),
        "mcc": sm.matthews_corrcoef(y_true, y_pred),
        "informedness": sm.informedness_score(y_true, y_pred),
    }
    for name, value in expected.items():
        assert shown[name]["value"] == pytest.approx(value, rel=1e-14), name
    assert shown["f_beta"]["parameters"] == {"beta": 2.0} and shown["g_beta_rho"]["parameters"] == {"beta": 2.0,
                                                                                                       "rho": -3.0}
    binary = {n for n, r in records().items() if r.binary}
    assert binary <= set(shown) and "balanced_accuracy" in binary   # every registered binary metric
    assert shown["mcc"]["claims"] and "confusion.mcc.at_most_one" in shown["mcc"]["claims"]


def test_f_beta_and_g_are_shown_at_the_parameters_given():
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["counts", "10", "5", "3", "80"]) == 0
    names = [line.split()[0] for line in out.getvalue().splitlines()[1:]]
    assert names[:6] == ["precision", "recall", "specificity", "accuracy", "f1", "balanced_precision"]
    assert "f_beta" not in names and "g_beta_rho" not in names and "balanced_accuracy" in names


def test_the_cells_by_name_in_any_order_equal_the_positional_form(capsys):
    # scikit-learn's confusion_matrix(...).ravel() gives tn, fp, fn, tp
    tn, fp, fn, tp = sm.confusion_matrix(*labels(10, 5, 3, 80)).ravel()
    by_name = as_json(capsys, "--tn", tn, "--fp", fp, "--fn", fn, "--tp", tp)
    assert by_name == as_json(capsys, 10, 5, 3, 80) == as_json(capsys, 10, 5, "--tn", 80, "--fn", 3)
    code, out, _ = counts(capsys, "--tn", tn, "--fp", fp, "--fn", fn, "--tp", tp)
    assert code == 0 and out.splitlines()[0] == "cells: TP = 10, FP = 5, FN = 3, TN = 80"


def test_an_undefined_metric_says_which_margin_is_empty_and_is_null_in_json(capsys):
    shown = as_json(capsys, 0, 0, 3, 80)
    assert shown["precision"]["value"] is None and shown["precision"]["undefined"] == ["no predicted"]
    assert shown["mcc"]["value"] is None and shown["mcc"]["undefined"] == ["no predicted"]
    assert shown["recall"]["value"] == 0.0 and shown["recall"]["undefined"] == []
    code, out, _ = counts(capsys, 0, 0, 3, 80, "--metric", "precision", "--metric", "f1")
    assert code == 0
    rows = {line.split()[0]: line for line in out.splitlines()[1:]}
    assert "undefined (no predicted)" in rows["precision"] and rows["f1"].split()[1] == "0"
    assert np.isnan(sm.precision_score(*labels(0, 0, 3, 80), zero_division=np.nan))


@pytest.mark.parametrize(("argv", "option", "why"), [
    (("1", "2", "3", "4", "--tn", "4"), "--tn", "given once"),
    (("1", "2", "--tn", "4"), "--fn", "FN is missing (give it in place 3 or as --fn)"),
    (("--tp", "1", "--fp", "2", "--fn", "3"), "--tn", "TN is missing"),
    (("1", "2", "3", "-4"), "TN", "a finite count >= 0"),
    (("--tp", "inf", "--fp", "2", "--fn", "3", "--tn", "4"), "--tp", "a finite count >= 0"),
    (("1", "2", "3", "4", "--beta", "-1"), "--beta", "a float in the range [0.0, inf]"),
    (("1", "2", "3", "4", "--rho", "inf"), "--rho", "a float in the range (-inf, inf)"),
    (("1", "2", "3", "4", "--metric", "auc"), "--metric", "one of ['precision'"),
])
def test_bad_input_names_the_option_and_exits_2(capsys, argv, option, why):
    code, out, err = counts(capsys, *argv)
    assert code == 2 and not out
    assert err.startswith(f"symmetric counts: The {option!r} parameter of symmetric counts must be ") and why in err
