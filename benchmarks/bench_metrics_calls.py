"""Whole calls of the scores from labels on small inputs, against another source tree: time and function calls.

Run by hand (not a test; about a minute per round):

    python benchmarks/bench_metrics_calls.py --baseline DIR [--rounds 10] [--n 100 100000]

DIR is another source tree (``git worktree add DIR <commit>``, or ``git archive <commit> symmetric |
tar -x -C DIR``). Each round times every call in a fresh interpreter on each tree, the two trees in
alternating order (best of 15 to 300 calls per round; the best over the rounds is kept), so that a
shared, noisy machine slows both alike; the ratio is this tree over the baseline. At 100 labels a call
is its fixed cost (checks, dispatch, the generated code's calls), which is what a refactoring of the
Python around the counting pass changes; at 10^5 the counting starts to dominate. Last, what one call
runs, figures load cannot change: its function calls (Python and C, counted by ``cProfile``) and the
Python lines it executes (``sys.settrace``).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: name -> the call, on binary labels (yt, yp), five classes (y3, p3), scores (sc) or streamed counts (cc).
CALLS = {
    "precision_score": "sm.precision_score(yt, yp)",
    "recall_score": "sm.recall_score(yt, yp)",
    "f1_score macro": "sm.f1_score(y3, p3, average='macro')",
    "fbeta_score beta=2": "sm.fbeta_score(yt, yp, beta=2)",
    "g_beta_rho_score rho=0 weighted": "sm.g_beta_rho_score(y3, p3, rho=0.0, average='weighted')",
    "precision_recall_fscore_support": "sm.precision_recall_fscore_support(y3, p3)",
    "specificity_score macro": "sm.specificity_score(y3, p3, average='macro')",
    "jaccard_score macro": "sm.jaccard_score(y3, p3, average='macro')",
    "informedness_score": "sm.informedness_score(yt, yp)",
    "markedness_score macro": "sm.markedness_score(y3, p3, average='macro')",
    "confusion_metric_score npv": "sm.confusion_metric_score(yt, yp, metric='npv')",
    "f_gain_score": "sm.f_gain_score(yt, yp)",
    "at_prevalence": "sm.at_prevalence(yt, yp, prevalence=0.1)",
    "prevalence_curve": "sm.prevalence_curve(yt, yp)",
    "g_beta_rho_curve": "sm.g_beta_rho_curve(yt, sc)",
    "best_threshold": "sm.best_threshold(yt, sc)",
    "precision_recall_curve": "sm.precision_recall_curve(yt, sc)",
    "ConfusionCounts.f1_score macro": "cc.f1_score(average='macro')",
}

#: Run in the child interpreter: ``N`` and ``MODE`` ("time" or "count") are set before it.
CHILD = """
import cProfile, json, pstats, sys, timeit, warnings
import numpy as np
import symmetric.metrics as sm
rng = np.random.default_rng(0)
yt = rng.integers(0, 2, N); yp = np.where(rng.random(N) < 0.7, yt, 1 - yt)
y3 = rng.integers(0, 5, N); p3 = np.where(rng.random(N) < 0.7, y3, rng.integers(0, 5, N))
sc = rng.random(N)
cc = sm.ConfusionCounts(); cc.update(y3, p3)
out = {}
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    for name, code in CALLS.items():
        call = eval("lambda: " + code)
        call()
        if MODE == "count":
            profile = cProfile.Profile(); profile.enable(); call(); profile.disable()
            lines = [0]
            def trace(frame, event, arg):
                lines[0] += event == "line"
                return trace
            sys.settrace(trace); call(); sys.settrace(None)
            out[name] = (pstats.Stats(profile).total_calls, lines[0])
        else:
            number = 300 if N <= 1000 else 15
            out[name] = min(timeit.repeat(call, number=1, repeat=number))
json.dump(out, sys.stdout)
"""


def run(tree: Path, n: int, mode: str) -> dict:
    code = f"N = {n}\nMODE = {mode!r}\nCALLS = {CALLS!r}\n" + CHILD
    env = {**os.environ, "PYTHONPATH": str(tree)}
    # in the tree: ``python -c`` puts the working directory first on sys.path (from a checkout, its symmetric)
    done = subprocess.run([sys.executable, "-c", code], cwd=tree, env=env, capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", type=Path, required=True, help="another source tree")
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--n", type=int, nargs="+", default=[100, 100_000], help="labels per call")
    args = parser.parse_args(argv)
    trees = {"this tree": ROOT, "baseline": args.baseline.resolve()}
    print("| call | labels | this tree (us) | baseline (us) | ratio |\n| --- | ---: | ---: | ---: | ---: |")
    ratios = []
    for n in args.n:
        best: dict = {label: {} for label in trees}
        for r in range(args.rounds):
            for label in list(trees) if r % 2 == 0 else list(trees)[::-1]:
                for name, t in run(trees[label], n, "time").items():
                    best[label][name] = min(t, best[label].get(name, t))
        for name in CALLS:
            a, b = best["this tree"][name], best["baseline"][name]
            ratios.append(a / b)
            print(f"| {name} | {n} | {a * 1e6:.1f} | {b * 1e6:.1f} | {a / b:.3f} |", flush=True)
    print(f"\ngeometric mean of the ratios: {math.exp(sum(map(math.log, ratios)) / len(ratios)):.3f}\n")
    counts = {label: run(tree, 100, "count") for label, tree in trees.items()}
    print("| call (100 labels) | function calls, this tree | baseline | Python lines run, this tree | baseline |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for name in CALLS:
        (calls, lines), (base_calls, base_lines) = counts["this tree"][name], counts["baseline"][name]
        print(f"| {name} | {calls} | {base_calls} | {lines} | {base_lines} |")


if __name__ == "__main__":
    main()
