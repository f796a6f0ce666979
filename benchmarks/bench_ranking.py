"""The ranking curves and scores at 10**7 scores: against scikit-learn and against one argsort of the scores.

Run by hand (a few minutes on a shared 2-core machine; needs scikit-learn):

    python benchmarks/bench_ranking.py [--n 10000000] [--repeat 3] [--ties] [--weighted] [--dask]

Every function of the one sorted pass runs on the same data (``--n``
scores, 30 % positives, continuous scores so that every score is its own
threshold; ``--ties`` rounds them to 3 decimals; ``--weighted`` adds float
sample weights), in rounds: within a round one ``numpy.argsort`` of the
scores, symmetric's function and scikit-learn's, back to back, so that each
round's two ratios, scikit-learn / symmetric and symmetric / argsort, are
measured on the same state of the machine; the table gives their medians
over the rounds (and the medians of the times). scikit-learn's reference
for a function it does not have is the call a user would write instead:
``precision_recall_curve`` for the gain curve (the same counts) and for
``g_beta_rho_curve``/``best_threshold``, plus F1 and its argmax for the
latter. Unweighted outputs are checked equal to scikit-learn's, bit for
bit, once per function. ``--dask`` also times ``roc_auc_score`` of the same
data as a Dask array of 10 chunks (threaded scheduler) and reports the peak
memory tracemalloc sees, against the in-memory call.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time
import tracemalloc

import numpy as np
import sklearn
import sklearn.metrics as skm

import symmetric.metrics as sm


def _f1_best(y, s, sample_weight=None):
    precision, recall, thresholds = skm.precision_recall_curve(y, s, sample_weight=sample_weight)
    with np.errstate(all="ignore"):
        f1 = np.nan_to_num(2 * precision * recall / (precision + recall))
    i = int(np.argmax(f1[:-1]))
    return thresholds[i], f1[i]


#: symmetric's function -> scikit-learn's reference call.
FUNCTIONS = {
    "precision_recall_curve": skm.precision_recall_curve,
    "roc_curve": skm.roc_curve,
    "det_curve": skm.det_curve,
    "average_precision_score": skm.average_precision_score,
    "roc_auc_score": skm.roc_auc_score,
    "precision_recall_gain_curve": skm.precision_recall_curve,
    "best_threshold": _f1_best,
    "g_beta_rho_curve": _f1_best,
}


def _seconds(func):
    start = time.perf_counter()
    func()
    return time.perf_counter() - start


def _same(ours, theirs, name):
    if name in ("precision_recall_gain_curve", "best_threshold", "g_beta_rho_curve"):
        return
    if isinstance(ours, tuple):
        assert all(np.array_equal(a, b) for a, b in zip(ours, theirs)), name
    else:
        assert np.float64(ours).tobytes() == np.float64(theirs).tobytes(), (name, ours, theirs)


def run(n, repeat, ties, weighted, names):
    rng = np.random.default_rng(0)
    y = (rng.random(n) < 0.3).astype(np.int64)
    s = rng.random(n) + 0.5 * y
    if ties:
        s = np.round(s, 3)
    w = rng.uniform(0.5, 2.0, n) if weighted else None
    rows = []
    for name in names:
        ours, theirs = getattr(sm, name), FUNCTIONS[name]
        if w is None:
            _same(ours(y, s), theirs(y, s), name)
        times = {"argsort": [], "ours": [], "theirs": []}
        for _ in range(repeat):
            times["argsort"].append(_seconds(lambda: np.argsort(s)))
            times["ours"].append(_seconds(lambda: ours(y, s, sample_weight=w)))
            times["theirs"].append(_seconds(lambda: theirs(y, s, sample_weight=w)))
        speedup = statistics.median(t / o for t, o in zip(times["theirs"], times["ours"]))
        of_argsort = statistics.median(o / a for o, a in zip(times["ours"], times["argsort"]))
        rows.append((name, *(statistics.median(times[k]) for k in ("argsort", "ours", "theirs")), speedup, of_argsort))
        print(f"  {name}: {rows[-1][1:]}", flush=True)
    return rows


def dask_memory(n):
    import dask
    import dask.array as da

    rng = np.random.default_rng(0)
    y = (rng.random(n) < 0.3).astype(np.int64)
    s = rng.random(n) + 0.5 * y
    dy, ds = da.from_array(y, chunks=n // 10), da.from_array(s, chunks=n // 10)
    out = {}
    with dask.config.set(scheduler="threads"):
        for label, args in (("in memory", (y, s)), ("Dask, 10 chunks", (dy, ds))):
            tracemalloc.start()
            start = time.perf_counter()
            value = sm.roc_auc_score(*args)
            seconds = time.perf_counter() - start
            peak = tracemalloc.get_traced_memory()[1]
            tracemalloc.stop()
            out[label] = (value, seconds, peak)
    assert out["in memory"][0] == out["Dask, 10 chunks"][0]
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=10_000_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--ties", action="store_true")
    parser.add_argument("--weighted", action="store_true")
    parser.add_argument("--dask", action="store_true")
    parser.add_argument("--functions", nargs="*", default=list(FUNCTIONS))
    args = parser.parse_args(argv)
    print(f"{platform.processor() or platform.machine()}, Python {platform.python_version()}, NumPy "
          f"{np.__version__}, scikit-learn {sklearn.__version__}; n = {args.n}, {args.repeat} rounds"
          f"{', ties' if args.ties else ''}{', weighted' if args.weighted else ''}")
    rows = run(args.n, args.repeat, args.ties, args.weighted, args.functions)
    print("\n| function | argsort (s) | symmetric (s) | scikit-learn (s) | scikit-learn / symmetric | "
          "symmetric / argsort |\n| --- | ---: | ---: | ---: | ---: | ---: |")
    for name, a, o, t, speedup, of_argsort in rows:
        print(f"| `{name}` | {a:.2f} | {o:.2f} | {t:.2f} | {speedup:.1f} | {of_argsort:.2f} |")
    if args.dask:
        print("\n| `roc_auc_score` | seconds | peak memory (MB) |\n| --- | ---: | ---: |")
        for label, (_, seconds, peak) in dask_memory(args.n).items():
            print(f"| {label} | {seconds:.2f} | {peak / 2**20:.0f} |")


if __name__ == "__main__":
    main()
