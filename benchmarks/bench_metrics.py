"""Metrics from labels: symmetric.metrics against scikit-learn in the same run.

Run by hand (it takes several minutes and needs scikit-learn and pandas):

    python benchmarks/bench_metrics.py [--n 10000000] [--repeat 3] [--only SUBSTRING]

For each case it prints the best-of-``repeat`` time of scikit-learn's
function and of ours and their ratio; with sample weights also the time of
one weighted ``np.bincount`` pass over ``true * k + pred`` (integer labels
0..k-1, codes included) and our time over it; and the peak memory
(tracemalloc, NumPy buffers included) of both calls, in MB, with their
ratio. Both libraries get the same arrays.
"""

from __future__ import annotations

import argparse
import platform
import warnings

import numpy as np
import sklearn
import sklearn.metrics as skm

import symmetric.metrics as sm
from _timing import best_time, peak_memory


def _labels(rng, n, k, right=0.7):
    y_true = rng.integers(0, k, n)
    y_pred = np.where(rng.random(n) < right, y_true, rng.integers(0, k, n))
    return y_true, y_pred


def cases(n, rng):
    """``(name, sklearn call, our call, bincount baseline or None)``."""
    import pandas as pd

    def pair(name, theirs, ours, baseline=None):
        return name, theirs, ours, baseline

    for k in (2, 10):   # the metrics of the whole confusion matrix
        yt, yp = _labels(rng, n, k)
        average = "binary" if k == 2 else "macro"
        yield pair(f"matthews_corrcoef, int, {k} classes", lambda: skm.matthews_corrcoef(yt, yp),
                   lambda: sm.matthews_corrcoef(yt, yp))
        yield pair(f"cohen_kappa_score quadratic, int, {k} classes",
                   lambda: skm.cohen_kappa_score(yt, yp, weights="quadratic"),
                   lambda: sm.cohen_kappa_score(yt, yp, weights="quadratic"))
        yield pair(f"jaccard_score, int, {k} classes ({average})", lambda: skm.jaccard_score(yt, yp, average=average),
                   lambda: sm.jaccard_score(yt, yp, average=average))
        if k == 2:
            yield pair("class_likelihood_ratios, int, 2 classes", lambda: skm.class_likelihood_ratios(yt, yp),
                       lambda: sm.class_likelihood_ratios(yt, yp))
            yield pair("informedness_score vs balanced_accuracy_score(adjusted=True), int, 2 classes",
                       lambda: skm.balanced_accuracy_score(yt, yp, adjusted=True),
                       lambda: sm.informedness_score(yt, yp))
    for k, average in ((2, "binary"), (10, "macro")):
        yt, yp = _labels(rng, n, k)
        kw = dict(beta=2, average=average)
        yield pair(f"fbeta_score, int, {k} classes ({average})", lambda: skm.fbeta_score(yt, yp, **kw),
                   lambda: sm.fbeta_score(yt, yp, **kw))
        yield pair(f"classification_report, int, {k} classes", lambda: skm.classification_report(yt, yp),
                   lambda: sm.classification_report(yt, yp))
    yt, yp = _labels(rng, n, 10)
    yield pair("confusion_matrix, int, 10 classes", lambda: skm.confusion_matrix(yt, yp),
               lambda: sm.confusion_matrix(yt, yp))
    for k in (2, 10):
        codes = _labels(rng, n, k)
        names = np.array([f"class{i}" for i in range(k)])
        st, sp = names[codes[0]], names[codes[1]]
        kw = dict(beta=2, average="binary" if k == 2 else "macro", **({"pos_label": "class1"} if k == 2 else {}))
        yield pair(f"fbeta_score, strings ({st.dtype}), {k} classes", lambda: skm.fbeta_score(st, sp, **kw),
                   lambda: sm.fbeta_score(st, sp, **kw))
    ot, op = st.astype(object), sp.astype(object)
    yield pair("fbeta_score, object strings, 10 classes", lambda: skm.fbeta_score(ot, op, beta=2, average="macro"),
               lambda: sm.fbeta_score(ot, op, beta=2, average="macro"))
    ct, cp = (pd.Categorical(a, categories=names) for a in (st, sp))
    yield pair("fbeta_score, pandas categoricals, 10 classes",
               lambda: skm.fbeta_score(ct, cp, beta=2, average="macro"),
               lambda: sm.fbeta_score(ct, cp, beta=2, average="macro"))
    ft, fp = (a.astype(np.float64) for a in _labels(rng, n, 10))
    yield pair("fbeta_score, float labels, 10 classes", lambda: skm.fbeta_score(ft, fp, beta=2, average="macro"),
               lambda: sm.fbeta_score(ft, fp, beta=2, average="macro"))
    bt, bp = (a * 10**9 for a in _labels(rng, n, 2))
    yield pair("fbeta_score, labels {0, 1e9}", lambda: skm.fbeta_score(bt, bp, beta=2, pos_label=10**9),
               lambda: sm.fbeta_score(bt, bp, beta=2, pos_label=10**9))
    m = n // 5
    mt = (rng.random((m, 5)) < 0.3).astype(np.int8)
    mp = np.where(rng.random((m, 5)) < 0.8, mt, 1 - mt).astype(np.int8)
    yield pair(f"fbeta_score, multilabel ({m} x 5, int8, macro)",
               lambda: skm.fbeta_score(mt, mp, beta=2, average="macro"),
               lambda: sm.fbeta_score(mt, mp, beta=2, average="macro"))
    for k in (1000, 10**5):
        yt, yp = _labels(rng, n, k)
        yield pair(f"fbeta_score, int, {k} classes (macro)", lambda: skm.fbeta_score(yt, yp, beta=2, average="macro"),
                   lambda: sm.fbeta_score(yt, yp, beta=2, average="macro"))
    codes = _labels(rng, n, 1000)
    many = np.array([f"label{i:04d}" for i in range(1000)])
    mt, mp = many[codes[0]], many[codes[1]]
    yield pair("fbeta_score, strings, 1000 classes (macro)", lambda: skm.fbeta_score(mt, mp, beta=2, average="macro"),
               lambda: sm.fbeta_score(mt, mp, beta=2, average="macro"))
    # Sample weights: against scikit-learn and against one weighted bincount pass.
    for k, dtype in ((2, np.int8), (10, np.int64), (1000, np.int64)):
        yt, yp = (a.astype(dtype) for a in _labels(rng, n, k))
        w = rng.random(n)
        wi = rng.integers(1, 5, n).astype(np.float64)
        average = "binary" if k == 2 else "macro"
        for label, weights in (("float weights", w), ("integer weights", wi)):
            def baseline(yt=yt, yp=yp, weights=weights, k=k):
                return np.bincount(yt.astype(np.intp) * k + yp, weights=weights, minlength=k * k)
            yield pair(f"fbeta_score, {np.dtype(dtype).name}, {k} classes, {label}",
                       lambda yt=yt, yp=yp, weights=weights, average=average: skm.fbeta_score(
                           yt, yp, beta=2, average=average, sample_weight=weights),
                       lambda yt=yt, yp=yp, weights=weights, average=average: sm.fbeta_score(
                           yt, yp, beta=2, average=average, sample_weight=weights),
                       baseline)
    st, sp = names[_labels(rng, n, 10)[0]], names[_labels(rng, n, 10)[1]]
    w = rng.random(n)
    yield pair("fbeta_score, strings, 10 classes, float weights",
               lambda: skm.fbeta_score(st, sp, beta=2, average="macro", sample_weight=w),
               lambda: sm.fbeta_score(st, sp, beta=2, average="macro", sample_weight=w))
    y_true = rng.integers(0, 2, n)
    y_score = rng.random(n) + 0.3 * y_true
    yield pair("g_beta_rho_curve vs precision_recall_curve", lambda: skm.precision_recall_curve(y_true, y_score),
               lambda: sm.g_beta_rho_curve(y_true, y_score, beta=1, rho=-2))


def accuracy(n, rng):
    """ULP distance from the exact sum of n uniform weights (one class): sequential, pairwise, ours."""
    from symmetric.metrics._exact import sum_exact

    w = rng.random(n)
    exact = float(sum_exact(w).to_float())
    ulp = np.spacing(exact)
    sequential = float(np.bincount(np.zeros(n, dtype=np.intp), weights=w)[0])  # scikit-learn's per-class sums
    print(f"n = {n}: exact sum {exact!r}; sequential (np.bincount, scikit-learn's counts) "
          f"{abs(sequential - exact) / ulp:.0f} ULP away; pairwise (np.sum) {abs(float(w.sum()) - exact) / ulp:.0f} ULP;"
          f" symmetric 0 ULP (the exact sum, correctly rounded)")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=10**7)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--only", nargs="*", default=[""], help="run the cases whose name contains one of these")
    parser.add_argument("--skip", nargs="*", default=[], help="skip the cases whose name contains one of these")
    parser.add_argument("--no-memory", action="store_true", help="skip the peak-memory runs")
    parser.add_argument("--accuracy", type=int, nargs="*", metavar="N",
                        help="only measure the accuracy of weighted sums of N weights")
    args = parser.parse_args(argv)
    if args.accuracy:
        for n in args.accuracy:
            accuracy(n, np.random.default_rng(0))
        return
    print(f"n = {args.n}, best of {args.repeat}; python {platform.python_version()}, numpy {np.__version__}, "
          f"scikit-learn {sklearn.__version__}")
    print("| case | scikit-learn (s) | symmetric (s) | speed-up | ours / one bincount | "
          "peak MB scikit-learn | peak MB symmetric | memory ratio |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    rng = np.random.default_rng(0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for case in cases(args.n, rng):
            if not any(text in case[0] for text in args.only) or any(text in case[0] for text in args.skip):
                continue
            name, theirs, ours, baseline = case
            t_theirs = best_time(theirs, args.repeat)
            t_ours = best_time(ours, args.repeat)
            versus = f"{t_ours / best_time(baseline, args.repeat):.2f}" if baseline else ""
            if args.no_memory:
                m_theirs = m_ours = float("nan")
            else:
                m_theirs, m_ours = peak_memory(theirs) / 1e6, peak_memory(ours) / 1e6
            print(f"| {name} | {t_theirs:.3f} | {t_ours:.4f} | {t_theirs / t_ours:.1f}x | {versus} | "
                  f"{m_theirs:.0f} | {m_ours:.0f} | {m_ours / m_theirs:.2f} |", flush=True)


if __name__ == "__main__":
    main()
