"""Coverage of the intervals of ROC AUC and average precision, and the level of DeLong's paired test: a simulation.

Run by hand (about 15 minutes on the shared 2-core machine):

    python benchmarks/ranking_coverage.py [--replicates 2000] [--resamples 500] [--seed 0] [--write]

Binormal scores: a negative's score is N(0, 1), a positive's N(mu, 1), so
that the population AUC is Phi(mu / sqrt(2)); the population AP at
prevalence pi is the integral of the precision pi TPR / (pi TPR + (1 - pi)
FPR) over the recall (a quadrature on 200 001 points). Each replicate
draws n samples, each positive with probability pi, and asks
``confidence_interval`` for a nominal 95 % interval of each metric: DeLong
on the logit and identity scales for ROC AUC, Boyd et al.'s logit interval
and its identity-scale (Wald) version for AP, and the percentile bootstrap
(``--resamples`` resamples of the (score, class) cells) for both. A
replicate whose interval cannot be computed (fewer than two samples of a
class) counts as a miss. The grid: n in {100, 500, 2000}, pi in {0.1, 0.5},
AUC in {0.7, 0.9}.

The paired test: two scores of the same samples with the same marginal
distributions (so the same AUC), correlated (correlation 0.5 within each
class); ``roc_auc_test`` at level 0.95 should reject 5 % of the time, and
its interval should hold the difference 0 in 95 % of the replicates.

``--write`` rewrites the tables of docs/uncertainty.md between the
``ranking-coverage`` markers and benchmarks/ranking_coverage_results.json;
``--from-json`` redraws the tables from that file without simulating again.
"""

from __future__ import annotations

import argparse
import json
import platform
import re
import time
from itertools import product
from pathlib import Path
from statistics import NormalDist

import numpy as np

import symmetric.metrics as sm

ROOT = Path(__file__).resolve().parent.parent
SIZES = (100, 500, 2000)
PREVALENCES = (0.1, 0.5)
AUCS = (0.7, 0.9)
METHODS = {
    "roc_auc": (("DeLong, logit", "delta", "logit"), ("DeLong, identity", "delta", "identity"),
                ("percentile bootstrap", "percentile", "logit")),
    "average_precision": (("Boyd et al., logit", "delta", "logit"), ("Wald, identity", "delta", "identity"),
                          ("percentile bootstrap", "percentile", "logit")),
}
_NORMAL = NormalDist()


def separation(auc: float) -> float:
    """The mean of the positives' scores giving this population AUC: Phi(mu / sqrt(2)) = AUC."""
    return float(np.sqrt(2) * _NORMAL.inv_cdf(auc))


def population_ap(mu: float, prevalence: float) -> float:
    """The area under the population precision-recall curve of the binormal scores, by quadrature over thresholds."""
    t = np.linspace(-12.0, mu + 12.0, 200_001)
    cdf = np.vectorize(_NORMAL.cdf)
    tpr, fpr = 1 - cdf(t - mu), 1 - cdf(t)
    density = np.exp(-((t - mu) ** 2) / 2) / np.sqrt(2 * np.pi)  # d(recall) = -density dt
    with np.errstate(invalid="ignore", divide="ignore"):
        precision = np.where(tpr > 0, prevalence * tpr / (prevalence * tpr + (1 - prevalence) * fpr), 1.0)
    integrand = precision * density
    return float(np.sum((integrand[1:] + integrand[:-1]) / 2 * np.diff(t)))


def sample(rng, n, prevalence, mu):
    y = (rng.random(n) < prevalence).astype(np.int64)
    return y, rng.normal(size=n) + mu * y


def run_cell(n, prevalence, auc, replicates, resamples, rng):
    mu = separation(auc)
    truth = {"roc_auc": auc, "average_precision": population_ap(mu, prevalence)}
    hits = {(metric, label): 0 for metric, methods in METHODS.items() for label, _, _ in methods}
    for _ in range(replicates):
        y, s = sample(rng, n, prevalence, mu)
        for metric, methods in METHODS.items():
            for label, method, scale in methods:
                try:
                    _, low, high = sm.confidence_interval(y, s, metric=metric, method=method, scale=scale,
                                                          n_resamples=resamples, random_state=rng)
                except ValueError:  # too few samples of a class: a miss
                    continue
                hits[(metric, label)] += int(low <= truth[metric] <= high)
    return {"n": n, "prevalence": prevalence, "auc": auc, "truth": truth,
            "coverage": {f"{metric},{label}": h / replicates for (metric, label), h in hits.items()}}


def run_test(n, prevalence, auc, replicates, rng, correlation=0.5):
    """Rejections of DeLong's paired test at 0.05 and coverage of the difference 0, under the null."""
    mu = separation(auc)
    rejected = covered = 0
    for _ in range(replicates):
        y = (rng.random(n) < prevalence).astype(np.int64)
        first = rng.normal(size=n)
        second = correlation * first + np.sqrt(1 - correlation**2) * rng.normal(size=n)
        try:
            test = sm.roc_auc_test(y, first + mu * y, second + mu * y)
        except ValueError:
            continue
        rejected += int(test.p_value < 0.05)
        covered += int(test.low <= 0 <= test.high)
    return {"n": n, "prevalence": prevalence, "auc": auc, "rejected": rejected / replicates,
            "covered": covered / replicates}


def markdown(results, tests, replicates, resamples):
    out = []
    for metric, methods in METHODS.items():
        labels = [label for label, _, _ in methods]
        out += [f"**{'ROC AUC' if metric == 'roc_auc' else 'Average precision'}**: coverage (%) of nominal 95 % "
                "intervals", "", "| n | π | AUC | " + ("AP | " if metric != "roc_auc" else "") + " | ".join(labels)
                + " |", "|---|---|---|" + ("---|" if metric != "roc_auc" else "") + "---|" * len(labels)]
        for cell in results:
            row = [f"{100 * cell['coverage'][f'{metric},{label}']:.1f}" for label in labels]
            ap = f"{cell['truth']['average_precision']:.3f} | " if metric != "roc_auc" else ""
            out.append(f"| {cell['n']} | {cell['prevalence']:g} | {cell['auc']:g} | {ap}" + " | ".join(row) + " |")
        out.append("")
    out += ["**DeLong's paired test** (`roc_auc_test`, two scores with equal AUC, correlation 0.5): rejections at "
            "0.05 and coverage of the difference 0 (%)", "", "| n | π | AUC | rejected | covered |",
            "|---|---|---|---|---|"]
    for t in tests:
        out.append(f"| {t['n']} | {t['prevalence']:g} | {t['auc']:g} | {100 * t['rejected']:.1f} | "
                   f"{100 * t['covered']:.1f} |")
    se = 100 * np.sqrt(0.95 * 0.05 / replicates)
    out += ["", f"{replicates} replicates per row ({resamples} bootstrap resamples each): a coverage of 95 % has a "
                f"Monte Carlo standard error of {se:.1f} points."]
    return "\n".join(out)


def write(text, path=ROOT / "docs" / "uncertainty.md"):
    doc = path.read_text(encoding="utf-8")
    start, end = "<!-- ranking-coverage:start -->", "<!-- ranking-coverage:end -->"
    new = re.sub(re.escape(start) + ".*?" + re.escape(end), lambda _: f"{start}\n{text}\n{end}", doc, flags=re.S)
    if new == doc and start not in doc:
        raise SystemExit(f"{path} has no {start} marker")
    path.write_text(new, encoding="utf-8")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--replicates", type=int, default=2000)
    parser.add_argument("--resamples", type=int, default=500)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--write", action="store_true")
    parser.add_argument("--from-json", action="store_true")
    args = parser.parse_args(argv)
    data = ROOT / "benchmarks" / "ranking_coverage_results.json"
    if args.from_json:
        saved = json.loads(data.read_text(encoding="utf-8"))
    else:
        rng = np.random.default_rng(args.seed)
        start = time.perf_counter()
        results, tests = [], []
        for n, prevalence, auc in product(SIZES, PREVALENCES, AUCS):
            results.append(run_cell(n, prevalence, auc, args.replicates, args.resamples, rng))
            tests.append(run_test(n, prevalence, auc, args.replicates, rng))
            print(results[-1], tests[-1], flush=True)
        saved = {"replicates": args.replicates, "resamples": args.resamples, "seed": args.seed,
                 "results": results, "tests": tests, "seconds": time.perf_counter() - start,
                 "machine": f"{platform.machine()}, Python {platform.python_version()}, NumPy {np.__version__}"}
        if args.write:
            data.write_text(json.dumps(saved, indent=1) + "\n", encoding="utf-8")
    text = markdown(saved["results"], saved["tests"], saved["replicates"], saved["resamples"])
    print(text)
    if args.write or args.from_json:
        write(text)


if __name__ == "__main__":
    main()
