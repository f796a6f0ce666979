"""Every metric record against scikit-learn, PyCM and torchmetrics on random binary confusion matrices.

Run by hand (needs scikit-learn, and pycm and torchmetrics if they are installed; each is skipped otherwise):

    python benchmarks/peers.py [--tables 2000] [--seed 0] [--markdown]

Tables mix tiny counts (0 to 3 in each cell, every zero pattern included) and random larger ones. For each table
and each record of ``symmetric.families.CONFUSION_METRICS`` that a peer computes, our value (the generated code,
nan where the record says the metric is undefined) is compared with the peer's; the exact value of the record's
SymPy definition decides which side is right. Printed: per (metric, peer), the number of tables compared, of
agreements, and each kind of disagreement with its first counterexample (TP, FP, FN, TN).
"""

from __future__ import annotations

import argparse
import itertools
import math
import warnings
from collections import defaultdict

import numpy as np
import sympy

from symmetric.families import CONFUSION_METRICS
from symmetric.metrics._confusion_scores import record_values

#: Relative tolerance per peer: torchmetrics computes in float32 (about 6e-8 relative per operation).
TOLERANCE = {"scikit-learn": 1e-9, "PyCM": 1e-9, "torchmetrics": 1e-5}


def tables(n, seed):
    tiny = list(itertools.product(range(4), repeat=4))
    rng = np.random.default_rng(seed)
    large = [tuple(int(x) for x in rng.integers(0, 10 ** rng.integers(1, 5), 4)) for _ in range(max(0, n - len(tiny)))]
    return tiny + large


def labels(tp, fp, fn, tn):
    y_true = np.array([1] * tp + [1] * fn + [0] * fp + [0] * tn)
    y_pred = np.array([1] * tp + [0] * fn + [1] * fp + [0] * tn)
    return y_true, y_pred


def _number(x):
    try:
        x = float(x)
    except (TypeError, ValueError):
        return math.nan   # PyCM writes "None" for an undefined value
    return x


def sklearn_peers():
    import sklearn.metrics as skm

    def lr(i):
        def f(yt, yp, cells):
            return skm.class_likelihood_ratios(yt, yp, labels=[0, 1])[i]
        return f

    return {
        "mcc": lambda yt, yp, c: skm.matthews_corrcoef(yt, yp),
        "cohen_kappa": lambda yt, yp, c: skm.cohen_kappa_score(yt, yp, labels=[0, 1]),
        "jaccard": lambda yt, yp, c: skm.jaccard_score(yt, yp),   # zero_division="warn": 0
        "informedness": lambda yt, yp, c: skm.balanced_accuracy_score(yt, yp, adjusted=True),
        "lr_plus": lr(0),
        "lr_minus": lr(1),
    }


def pycm_peers():
    from pycm import ConfusionMatrix

    names = {"mcc": "MCC", "informedness": "BM", "markedness": "MK", "npv": "NPV", "fdr": "FDR",
             "false_omission_rate": "FOR", "lr_plus": "PLR", "lr_minus": "NLR", "dor": "DOR",
             "fowlkes_mallows": "G", "jaccard": "J", "gmean": "GM"}

    def stat(name):
        def f(yt, yp, cells):
            tp, fp, fn, tn = cells
            cm = ConfusionMatrix(matrix={1: {1: tp, 0: fn}, 0: {1: fp, 0: tn}})
            return _number(cm.class_stat[name][1])
        return f

    out = {record: stat(name) for record, name in names.items()}

    def kappa(yt, yp, cells):
        tp, fp, fn, tn = cells
        return _number(ConfusionMatrix(matrix={1: {1: tp, 0: fn}, 0: {1: fp, 0: tn}}).overall_stat["Kappa"])

    out["cohen_kappa"] = kappa
    return out


def torchmetrics_peers():
    import torch
    from torchmetrics.functional.classification import (
        binary_cohen_kappa,
        binary_jaccard_index,
        binary_matthews_corrcoef,
    )

    def t(f):
        return lambda yt, yp, c: float(f(torch.tensor(yp), torch.tensor(yt)))

    return {"mcc": t(binary_matthews_corrcoef), "cohen_kappa": t(binary_cohen_kappa),
            "jaccard": t(binary_jaccard_index)}


def exact(name, cells):
    """The record's definition at these counts: a SymPy number, or None where it is undefined (a zero divisor)."""
    record = CONFUSION_METRICS[name]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            value = record.definition(*map(sympy.Integer, cells))
        except ValueError:
            return None
    if value.has(sympy.zoo, sympy.nan) or not value.is_finite:
        return None
    return value


def compare(n, seed):
    peers = {"scikit-learn": sklearn_peers}
    for name, make in (("PyCM", pycm_peers), ("torchmetrics", torchmetrics_peers)):
        try:
            peers[name] = make
        except ImportError:
            pass
    results = defaultdict(lambda: {"tables": 0, "agree": 0, "kinds": {}})
    available = {}
    for peer, make in peers.items():
        try:
            available[peer] = make()
        except ImportError as exc:
            print(f"{peer}: not installed ({exc})")
    for cells in tables(n, seed):
        yt, yp = labels(*cells)
        if len(yt) == 0:
            continue
        for peer, functions in available.items():
            for name, f in functions.items():
                ours, undefined = record_values(name, *map(float, cells))
                ours = math.nan if undefined else float(ours)
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    try:
                        theirs = _number(f(yt, yp, cells))
                    except Exception as exc:  # noqa: BLE001 (a peer's error, whatever it is, is a finding)
                        theirs = f"error: {type(exc).__name__}"
                row = results[(name, peer)]
                row["tables"] += 1
                same = (isinstance(theirs, float) and (
                    (math.isnan(ours) and math.isnan(theirs))
                    or (not math.isnan(ours) and not math.isnan(theirs)
                        and math.isclose(ours, theirs, rel_tol=TOLERANCE[peer], abs_tol=TOLERANCE[peer]))))
                if same:
                    row["agree"] += 1
                    continue
                value = exact(name, cells)
                kind = ("we: undefined" if math.isnan(ours) else "we: value") + ", peer: " + (
                    theirs if isinstance(theirs, str) else "undefined" if math.isnan(theirs) else
                    "inf" if math.isinf(theirs) else "value")
                if kind.endswith("value") and not math.isnan(ours):
                    kind = "different values"
                entry = row["kinds"].setdefault(kind, {"count": 0, "example": (cells, ours, theirs, value)})
                entry["count"] += 1
    return results


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    results = compare(args.tables, args.seed)
    print("| metric | peer | tables | agree | disagreement | count | first counterexample (TP, FP, FN, TN): ours / peer / exact |")
    print("| --- | --- | ---: | ---: | --- | ---: | --- |")
    for (name, peer), row in sorted(results.items()):
        if not row["kinds"]:
            print(f"| {name} | {peer} | {row['tables']} | {row['agree']} | none | 0 | |")
        for kind, entry in row["kinds"].items():
            cells, ours, theirs, value = entry["example"]
            exact_text = "undefined" if value is None else f"{sympy.sstr(value)} = {float(value):.6g}"
            theirs_text = theirs if isinstance(theirs, str) else f"{theirs:.6g}"
            print(f"| {name} | {peer} | {row['tables']} | {row['agree']} | {kind} | {entry['count']} | "
                  f"{cells}: {ours:.6g} / {theirs_text} / {exact_text} |")


if __name__ == "__main__":
    main()
