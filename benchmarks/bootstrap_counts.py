"""The bootstrap of confidence_interval resamples counts, not rows: its cost against a row bootstrap.

Run by hand:

    python benchmarks/bootstrap_counts.py [--n 10000000] [--resamples 10000] [--row-resamples 5]

For a binary data set of ``n`` samples it times, best of 3:

* ``confidence_interval(..., method="bca", n_resamples=R)`` from labels
  (validation and counting of the ``n`` rows included);
* the resampling part alone (``R`` multinomial draws of the 4 cells, the
  metric on each, the BCa interval), from the counts;
* a row bootstrap for comparison: ``--row-resamples`` resamples of the ``n``
  row indices, each counted with ``np.bincount``, extrapolated to ``R``.
"""

from __future__ import annotations

import argparse
import platform

import numpy as np

from _timing import best_time
from symmetric.metrics import confidence_interval
from symmetric.metrics._count_metrics import resolve_metric
from symmetric.metrics._intervals import bca, bootstrap_values, sort_resamples
from symmetric.metrics._tables import Table


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=10_000_000)
    parser.add_argument("--resamples", type=int, default=10_000)
    parser.add_argument("--row-resamples", type=int, default=5)
    args = parser.parse_args(argv)
    rng = np.random.default_rng(0)
    y_true = (rng.random(args.n) < 0.1).astype(np.int8)
    y_pred = np.where(rng.random(args.n) < 0.9, y_true, 1 - y_true).astype(np.int8)
    kw = dict(metric="g_beta_rho", beta=2.0, rho=-3.0)

    total = best_time(lambda: confidence_interval(y_true, y_pred, method="bca", n_resamples=args.resamples,
                                                  random_state=1, **kw), 3)
    counting = best_time(lambda: confidence_interval(y_true, y_pred, **kw), 3)
    table = Table(resolve_metric("g_beta_rho", beta=2.0, rho=-3.0, func="bench"), "binary")
    tp = int(np.sum((y_true == 1) & (y_pred == 1)))
    fp = int(np.sum((y_true == 0) & (y_pred == 1)))
    fn = int(np.sum((y_true == 1) & (y_pred == 0)))
    cells = np.array([tp, fp, fn, args.n - tp - fp - fn], dtype=np.float64)

    def from_counts():
        ordered = sort_resamples(bootstrap_values(table, cells, cells, args.resamples, np.random.default_rng(2)))
        return bca(table, cells, cells, ordered, table.values(cells), level=0.95)

    resampling = best_time(from_counts, 3)
    codes = (y_true.astype(np.intp) * 2 + y_pred)

    def rows():
        r = np.random.default_rng(3)
        for _ in range(args.row_resamples):
            np.bincount(codes[r.integers(0, args.n, args.n)], minlength=4)

    per_row_resample = best_time(rows, 1) / args.row_resamples
    rows_total = per_row_resample * args.resamples
    print(f"machine: {platform.machine()}, {platform.python_version()}, NumPy {np.__version__}; "
          f"n = {args.n:,}, {args.resamples:,} resamples")
    print("| step | seconds |")
    print("| --- | --- |")
    print(f"| confidence_interval(method='bca') from labels | {total:.3f} |")
    print(f"| of which counting the labels (method='delta' from labels) | {counting:.3f} |")
    print(f"| resampling the counts, metric and BCa interval | {resampling:.3f} |")
    print(f"| row bootstrap, one resample of the rows counted | {per_row_resample:.3f} |")
    print(f"| row bootstrap, extrapolated to {args.resamples:,} resamples | {rows_total:.0f} |")
    print(f"count resampling is {rows_total / resampling:,.0f} times faster than resampling rows")


if __name__ == "__main__":
    main()
