"""Coverage of nominal 95 % confidence intervals for F_beta and G_{beta,rho}: a simulation study.

Run by hand (a few minutes on two cores):

    python benchmarks/coverage.py [--replicates 2000] [--resamples 2000] [--seed 0] [--write]

A classifier with true positive rate 0.8 and false positive rate 0.05 is
applied to data sets of ``n`` samples in which positives make up
``prevalence``: the confusion matrix is one multinomial draw, so the script
simulates counts, never rows, and evaluates every replicate at once. For
each n in {50, 200, 1000, 10^4}, prevalence in {0.01, 0.1, 0.5}, beta in
{0.5, 1, 2} and rho in {-3, -2, -1, 0.5}, it reports the share of
replicates whose interval contains the metric of the population
proportions, for the delta method on the logit and identity scales and for
the percentile and BCa bootstraps (the same resamples), all with the
default half a pseudo-sample per cell, and for the logit delta method and
BCa without it. A replicate whose
metric is undefined (no positives, say) or whose interval is undefined
counts as a miss: coverage is of all replicates, the share of defined ones
is reported separately.

``--write`` rewrites the tables of docs/uncertainty.md (between the
``coverage`` markers), docs/images/coverage.png and
benchmarks/coverage_results.json; ``--from-json`` redraws the tables and
the figure from that file without simulating again.
"""

from __future__ import annotations

import argparse
import json
import platform
import re
import time
from itertools import product
from pathlib import Path

import numpy as np

from symmetric.metrics._count_metrics import resolve_metric
from symmetric.metrics._intervals import bca, delta, normal_quantile, percentile, resample, sort_resamples
from symmetric.metrics._tables import Table

ROOT = Path(__file__).resolve().parent.parent
TPR, FPR = 0.8, 0.05
SIZES = (50, 200, 1000, 10_000)
PREVALENCES = (0.01, 0.1, 0.5)
BETAS = (0.5, 1.0, 2.0)
RHOS = (-3.0, -2.0, -1.0, 0.5)
METHODS = ("delta (logit)", "BCa", "delta (identity)", "percentile", "delta (logit), no pseudo-count",
           "BCa, no pseudo-count")
LEVEL = 0.95
PSEUDO = 0.5


def population(prevalence):
    """Cell probabilities (TP, FP, FN, TN) of the classifier at this prevalence."""
    return np.array([prevalence * TPR, (1 - prevalence) * FPR, prevalence * (1 - TPR), (1 - prevalence) * (1 - FPR)])


def covered(estimate, low, high, truth):
    """Whether each interval holds ``truth``; never where the estimate or a bound is undefined."""
    with np.errstate(invalid="ignore"):
        ok = np.isfinite(estimate) & np.isfinite(low) & np.isfinite(high)
        return np.where(ok, (low <= truth) & (truth <= high), False)


def run_cell(n, prevalence, rng, replicates, resamples, chunk=250):
    """Coverage of every method and metric for one (n, prevalence)."""
    p = population(prevalence)
    data = rng.multinomial(n, p, size=replicates).astype(np.float64)
    z = normal_quantile(LEVEL)
    hits = {(b, r, m): 0 for b, r, m in product(BETAS, RHOS, METHODS)}
    defined = {(b, r): 0 for b, r in product(BETAS, RHOS)}
    tables = {(b, r): Table(resolve_metric("g_beta_rho", beta=b, rho=r, func="coverage", zero_division=np.nan),
                            "binary") for b, r in product(BETAS, RHOS)}
    truth = {key: float(t.values(p)) for key, t in tables.items()}
    for start in range(0, replicates, chunk):
        cells = data[start:start + chunk]
        draws = resample(cells, cells, resamples, rng, pseudo_count=PSEUDO)
        plain = resample(cells, cells, resamples, rng, pseudo_count=0.0)
        for key, table in tables.items():
            estimate, low, high = delta(table, cells, cells, z=z, scale="logit", pseudo_count=PSEUDO)
            defined[key] += int(np.isfinite(estimate).sum())
            hits[key + ("delta (logit)",)] += int(covered(estimate, low, high, truth[key]).sum())
            _, low, high = delta(table, cells, cells, z=z, scale="identity", pseudo_count=PSEUDO)
            hits[key + ("delta (identity)",)] += int(covered(estimate, low, high, truth[key]).sum())
            _, low, high = delta(table, cells, cells, z=z, scale="logit", pseudo_count=0.0)
            hits[key + ("delta (logit), no pseudo-count",)] += int(covered(estimate, low, high, truth[key]).sum())
            ordered = sort_resamples(table.values(draws))
            low, high = percentile(ordered, estimate, level=LEVEL)
            hits[key + ("percentile",)] += int(covered(estimate, low, high, truth[key]).sum())
            low, high = bca(table, cells, cells, ordered, estimate, level=LEVEL, pseudo_count=PSEUDO)
            hits[key + ("BCa",)] += int(covered(estimate, low, high, truth[key]).sum())
            ordered = sort_resamples(table.values(plain))
            low, high = bca(table, cells, cells, ordered, estimate, level=LEVEL, pseudo_count=0.0)
            hits[key + ("BCa, no pseudo-count",)] += int(covered(estimate, low, high, truth[key]).sum())
    coverage = {f"{b},{r},{m}": hits[(b, r, m)] / replicates for b, r, m in hits}
    share = {f"{b},{r}": defined[(b, r)] / replicates for b, r in defined}
    return {"n": n, "prevalence": prevalence, "coverage": coverage, "defined": share,
            "truth": {f"{b},{r}": truth[(b, r)] for b, r in truth}}


def markdown(results, replicates, resamples):
    """One table per method: rows (n, prevalence), columns (beta, rho); coverage in %."""
    heads = [f"β={b:g} ρ={r:g}" for b, r in product(BETAS, RHOS)]
    out = []
    for method in METHODS:
        out += [f"**{method}**", "", "| n | π | " + " | ".join(heads) + " |", "|---|---|" + "---|" * len(heads)]
        for cell in results:
            row = [f"{100 * cell['coverage'][f'{b},{r},{method}']:.1f}" for b, r in product(BETAS, RHOS)]
            out.append(f"| {cell['n']} | {cell['prevalence']:g} | " + " | ".join(row) + " |")
        out.append("")
    out += ["**Share of replicates whose metric is defined** (at least one predicted and one true positive)", "",
            "| n | π | " + " | ".join(heads) + " |", "|---|---|" + "---|" * len(heads)]
    for cell in results:
        row = [f"{100 * cell['defined'][f'{b},{r}']:.1f}" for b, r in product(BETAS, RHOS)]
        out.append(f"| {cell['n']} | {cell['prevalence']:g} | " + " | ".join(row) + " |")
    out += ["", f"{replicates} replicates per row ({resamples} bootstrap resamples each): a coverage of 95 % "
                f"has a Monte Carlo standard error of {100 * np.sqrt(0.95 * 0.05 / replicates):.1f} points."]
    return "\n".join(out)


def summary(results):
    """Worst and best coverage of each method for n >= 1000 and for n < 1000."""
    lines = []
    for method in METHODS:
        for label, keep in (("n >= 1000", lambda n: n >= 1000), ("n < 1000", lambda n: n < 1000)):
            values = [100 * cell["coverage"][f"{b},{r},{method}"] for cell in results if keep(cell["n"])
                      for b, r in product(BETAS, RHOS)]
            lines.append(f"| {method} | {label} | {min(values):.1f} | {np.median(values):.1f} | {max(values):.1f} |")
    return "\n".join(["| method | sizes | min | median | max |", "|---|---|---|---|---|"] + lines)


def figure(results, path):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.colors import TwoSlopeNorm

    fig, axes = plt.subplots(2, len(METHODS) // 2, figsize=(14, 9.5), sharey=True, layout="constrained")
    rows = [f"n={c['n']}, π={c['prevalence']:g}" for c in results]
    cols = [f"β={b:g}, ρ={r:g}" for b, r in product(BETAS, RHOS)]
    for ax, method in zip(axes.flat, METHODS):
        grid = np.array([[100 * c["coverage"][f"{b},{r},{method}"] for b, r in product(BETAS, RHOS)]
                         for c in results])
        image = ax.imshow(grid, cmap="RdBu", norm=TwoSlopeNorm(vmin=85, vcenter=95, vmax=100), aspect="auto")
        for (i, j), v in np.ndenumerate(grid):
            ax.text(j, i, f"{v:.0f}", ha="center", va="center", fontsize=6,
                    color="black" if 89 < v < 99 else "white")
        ax.set_title(method)
        ax.set_xticks(range(len(cols)), cols, rotation=90, fontsize=7)
        ax.set_yticks(range(len(rows)), rows, fontsize=7)
    fig.colorbar(image, ax=axes, shrink=0.8, label="coverage of nominal 95 % intervals (%)")
    fig.savefig(path, dpi=90)
    plt.close(fig)


def write_docs(results, replicates, resamples, seconds):
    doc = ROOT / "docs" / "uncertainty.md"
    text = doc.read_text(encoding="utf-8")
    block = (f"<!-- coverage:start -->\n{summary(results)}\n\n{markdown(results, replicates, resamples)}\n\n"
             f"Simulated in {seconds:.0f} s on {platform.machine()} ({platform.python_version()}, "
             f"NumPy {np.__version__}).\n<!-- coverage:end -->")
    text = re.sub(r"<!-- coverage:start -->.*<!-- coverage:end -->", lambda _: block, text, flags=re.S)
    doc.write_text(text, encoding="utf-8")
    figure(results, ROOT / "docs" / "images" / "coverage.png")
    saved = {"replicates": replicates, "resamples": resamples, "seconds": seconds, "results": results}
    (ROOT / "benchmarks" / "coverage_results.json").write_text(json.dumps(saved, indent=1), encoding="utf-8")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--replicates", type=int, default=2000)
    parser.add_argument("--resamples", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--write", action="store_true", help="update docs/uncertainty.md and the figure")
    parser.add_argument("--from-json", action="store_true",
                        help="redraw the tables and figure from benchmarks/coverage_results.json, without simulating")
    args = parser.parse_args(argv)
    if args.from_json:
        saved = json.loads((ROOT / "benchmarks" / "coverage_results.json").read_text(encoding="utf-8"))
        write_docs(saved["results"], saved["replicates"], saved["resamples"], saved["seconds"])
        return
    rng = np.random.default_rng(args.seed)
    start = time.perf_counter()
    results = []
    for n, prevalence in product(SIZES, PREVALENCES):
        t = time.perf_counter()
        results.append(run_cell(n, prevalence, rng, args.replicates, args.resamples))
        print(f"n={n} prevalence={prevalence}: {time.perf_counter() - t:.1f} s", flush=True)
    seconds = time.perf_counter() - start
    print(summary(results))
    print(markdown(results, args.replicates, args.resamples))
    if args.write:
        write_docs(results, args.replicates, args.resamples, seconds)


if __name__ == "__main__":
    main()
