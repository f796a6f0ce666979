"""Dask input at 10**9 samples: throughput per core against the in-memory path, and peak memory.

Run by hand (needs the ``dask`` extra; minutes at 10**9):

    python benchmarks/bench_dask.py [--sizes 100000000 1000000000] [--chunk 10000000] [--workers 2]

The labels are generated inside the Dask graph, chunk by chunk, by NumPy's
generator (one seed per chunk; 70 % predicted right), never materialised:
``fbeta_score`` (beta = 2) counts each chunk where it is generated and adds
the tallies in a tree. The in-memory reference generates one chunk the same
way and scores it (``symmetric.metrics.fbeta_score`` on NumPy arrays),
single-threaded: its samples per second are the in-memory path per core.
(``dask.array.random`` generates the same labels 2.5 times slower than NumPy
here, which would measure Dask's generator rather than the counting.) The Dask run uses the
threaded scheduler with ``--workers`` threads; its throughput per core is
samples / seconds / workers. On a shared machine the threads may not get
their cores, so the CPU time of the process (all threads) is measured too:
samples per CPU-second, for Dask and in memory. With ``--memory``, a second
computation measures tracemalloc's peak (NumPy buffers included), in this process (with
``--scheduler processes`` or ``distributed`` the chunks live in the workers:
run with threads to measure it).
"""

from __future__ import annotations

import argparse
import os
import platform
import time
import tracemalloc
import warnings

import dask
import dask.array as da
import numpy as np

import symmetric.metrics as sm


def labels_dask(n, k, chunk, seed=0):
    """``y_true``, ``y_pred`` as Dask arrays whose chunks are generated when computed (one seed per chunk)."""
    blocks = [da.from_delayed(dask.delayed(_block)(min(chunk, n - a), k, seed + i), shape=(2, min(chunk, n - a)),
                              dtype=np.int64) for i, a in enumerate(range(0, n, chunk))]
    both = da.concatenate(blocks, axis=1)
    return both[0], both[1]


def _block(n, k, seed):
    """``[y_true, y_pred]`` of one chunk (70 % predicted right), in one (2, n) array."""
    rng = np.random.default_rng(seed)
    out = np.empty((2, n), dtype=np.int64)
    out[0] = rng.integers(0, k, size=n)
    np.copyto(out[1], out[0])
    wrong = rng.random(size=n) >= 0.7
    out[1][wrong] = rng.integers(0, k, size=int(np.count_nonzero(wrong)))
    return out


def labels_numpy(n, k, seed=0):
    """The labels of :func:`_block`, as two arrays (views)."""
    y = _block(n, k, seed)
    return y[0], y[1]


def score(y_true, y_pred, k):
    average = "binary" if k == 2 else "macro"
    return sm.fbeta_score(y_true, y_pred, beta=2, average=average)


def in_memory(chunk, k, repeat=3):
    """Best wall and CPU times to generate and score one chunk in memory, and the wall time of the scoring."""
    best = best_cpu = best_score = float("inf")
    for _ in range(repeat):
        start, cpu = time.perf_counter(), time.process_time()
        y_true, y_pred = labels_numpy(chunk, k)
        middle = time.perf_counter()
        score(y_true, y_pred, k)
        end = time.perf_counter()
        best, best_score = min(best, end - start), min(best_score, end - middle)
        best_cpu = min(best_cpu, time.process_time() - cpu)
    return best, best_cpu, best_score


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10**8, 10**9])
    parser.add_argument("--chunk", type=int, default=10**7)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--classes", type=int, nargs="+", default=[2, 10])
    parser.add_argument("--memory", action="store_true", help="measure peak memory (tracemalloc; slower)")
    parser.add_argument("--scheduler", default="threads", choices=["threads", "processes", "distributed"],
                        help="distributed: a LocalCluster of --workers single-threaded processes")
    args = parser.parse_args(argv)
    client = None
    if args.scheduler == "distributed":
        from distributed import Client, LocalCluster

        client = Client(LocalCluster(n_workers=args.workers, threads_per_worker=1, dashboard_address=None))
    print(f"chunk {args.chunk}, {args.workers} workers ({args.scheduler}); python {platform.python_version()}, numpy {np.__version__}, "
          f"dask {dask.__version__}, {os.cpu_count()} cores")
    print("| classes | n | Dask (s) | samples/s per core | in-memory samples/s (one core) | ratio | "
          "samples per CPU-second, Dask | in memory | ratio | peak MB | value |")
    print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |")
    scheduler = {} if client else {"scheduler": args.scheduler, "num_workers": args.workers}
    with warnings.catch_warnings(), dask.config.set(**scheduler):
        warnings.simplefilter("ignore")
        for k in args.classes:
            generate_and_score, generate_and_score_cpu, scoring = in_memory(args.chunk, k)
            for n in args.sizes:
                y_true, y_pred = labels_dask(n, k, args.chunk)
                start, cpu = time.perf_counter(), time.process_time()
                value = score(y_true, y_pred, k)
                seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
                peak = float("nan")
                if args.memory:  # a second run: tracemalloc slows every allocation
                    tracemalloc.start()
                    score(y_true, y_pred, k)
                    peak = tracemalloc.get_traced_memory()[1] / 1e6
                    tracemalloc.stop()
                per_core = n / seconds / args.workers
                reference = args.chunk / generate_and_score
                per_cpu, reference_cpu = n / cpu, args.chunk / generate_and_score_cpu
                print(f"| {k} | {n:.0e} | {seconds:.1f} | {per_core:.3g} | {reference:.3g} | "
                      f"{per_core / reference:.2f} | {per_cpu:.3g} | {reference_cpu:.3g} | {per_cpu / reference_cpu:.2f} | "
                      f"{peak:.0f} | {value:.6f} |", flush=True)


if __name__ == "__main__":
    main()
