"""Coverage of the delta-method interval on stratified test sets: multinomial against stratified variance.

Run by hand (about a minute):

    python benchmarks/coverage_stratified.py [--replicates 4000] [--seed 0]

A classifier with TPR 0.8 and FPR 0.05 is tested on sets with a fixed number of positives ``n * prevalence`` and
of negatives (a stratified design): TP and FP are independent binomial draws. For precision and F1 it reports the
share of replicates whose nominal 95 % delta-method interval (identity scale, no pseudo-count, as in the
issue's comparison; and the default logit scale with half a pseudo-sample per cell) contains the metric of the
population rates, with ``sampling="multinomial"`` and ``sampling="stratified"``. Every replicate is evaluated at
once with the package's own interval code.
"""

from __future__ import annotations

import argparse

import numpy as np

from symmetric.metrics._count_metrics import resolve_metric
from symmetric.metrics._intervals import delta, normal_quantile
from symmetric.metrics._tables import Table

TPR, FPR = 0.8, 0.05


def study(replicates: int, seed: int):
    rng = np.random.default_rng(seed)
    z = normal_quantile(0.95)
    rows = []
    for n in (200, 1000, 10000):
        for prevalence in (0.1, 0.5):
            pos = round(n * prevalence)
            neg = n - pos
            tp = rng.binomial(pos, TPR, replicates).astype(float)
            fp = rng.binomial(neg, FPR, replicates).astype(float)
            cells = np.stack([tp, fp, pos - tp, neg - fp], axis=-1)
            for metric in ("precision", "f_beta"):
                m = resolve_metric(metric, beta=1.0, rho=-2.0, func="coverage", zero_division=np.nan)
                table = Table(m, "binary")
                truth = float(table.values(np.array([pos * TPR, neg * FPR, pos * (1 - TPR), neg * (1 - FPR)])))
                row = [n, prevalence, metric]
                for scale, pseudo in (("identity", 0.0), ("logit", 0.5)):
                    for strata in (None, (0, 1, 0, 1)):
                        with np.errstate(all="ignore"):
                            _, low, high = delta(table, cells, cells, z=z, scale=scale, pseudo_count=pseudo,
                                                 strata=strata)
                        row.append(100 * np.mean((low <= truth) & (truth <= high)))
                rows.append(row)
    return rows


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--replicates", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    print("| n | π | metric | identity, multinomial | identity, stratified | logit + ½, multinomial | logit + ½, stratified |")
    print("|---|---|---|---|---|---|---|")
    for n, p, metric, *cov in study(args.replicates, args.seed):
        print(f"| {n} | {p} | {'F1' if metric == 'f_beta' else metric} | " + " | ".join(f"{c:.1f}" for c in cov) + " |")


if __name__ == "__main__":
    main()
