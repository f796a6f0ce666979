"""Metrics from labels: symmetric.metrics against scikit-learn in the same run.

Run by hand (it takes a few minutes and needs scikit-learn):

    python benchmarks/bench_metrics.py [--n 10000000] [--repeat 3]

For each case it prints the best-of-``repeat`` time of scikit-learn's
function and of ours, their ratio, and our peak extra memory (tracemalloc)
in units of one input array (``y_true.nbytes``; for the curve,
``y_score.nbytes``). Both libraries get the same arrays.
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


def cases(n, rng):
    labels = {}
    for k in (2, 10):
        y_true = rng.integers(0, k, n)
        y_pred = np.where(rng.random(n) < 0.7, y_true, rng.integers(0, k, n))
        labels[k] = (y_true, y_pred)
    average = {2: "binary", 10: "macro"}
    for k, (y_true, y_pred) in labels.items():
        kw = dict(average=average[k])
        yield (f"fbeta_score, {k} classes ({average[k]})", y_true.nbytes,
               lambda f=skm.fbeta_score: f(y_true, y_pred, beta=2, **kw),
               lambda f=sm.fbeta_score: f(y_true, y_pred, beta=2, **kw))
        yield (f"precision_recall_fscore_support, {k} classes ({average[k]})", y_true.nbytes,
               lambda f=skm.precision_recall_fscore_support: f(y_true, y_pred, **kw),
               lambda f=sm.precision_recall_fscore_support: f(y_true, y_pred, **kw))
        yield (f"classification_report, {k} classes", y_true.nbytes,
               lambda f=skm.classification_report: f(y_true, y_pred),
               lambda f=sm.classification_report: f(y_true, y_pred))
    y_true = rng.integers(0, 2, n)
    y_score = rng.random(n) + 0.3 * y_true
    yield ("g_beta_rho_curve vs precision_recall_curve", y_score.nbytes,
           lambda: skm.precision_recall_curve(y_true, y_score),
           lambda: sm.g_beta_rho_curve(y_true, y_score, beta=1, rho=-2))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=10**7)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    print(f"n = {args.n}, best of {args.repeat}; python {platform.python_version()}, numpy {np.__version__}, "
          f"scikit-learn {sklearn.__version__}")
    print("| case | scikit-learn (s) | symmetric (s) | speed-up | peak extra memory (input arrays) |")
    print("| --- | ---: | ---: | ---: | ---: |")
    rng = np.random.default_rng(0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for name, nbytes, theirs, ours in cases(args.n, rng):
            t_theirs = best_time(theirs, args.repeat)
            t_ours = best_time(ours, args.repeat)
            memory = peak_memory(ours) / nbytes
            print(f"| {name} | {t_theirs:.3f} | {t_ours:.4f} | {t_theirs / t_ours:.1f}x | {memory:.2f} |", flush=True)


if __name__ == "__main__":
    main()
