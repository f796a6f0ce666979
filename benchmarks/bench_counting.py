"""The counting pass of symmetric.metrics on threads against one thread, interleaved in one run.

    python benchmarks/bench_counting.py [--n 10000000] [--rounds 9]

Each round calls every variant in turn (the machine's load shifts between rounds); best wall time of the
rounds. "1 thread" runs under ``symmetric.numeric.thread_limits(1)`` (the serial loop); "threads" with the
default (``thread_count()``: the cores). The counts are checked equal.
"""

import argparse
import time

import numpy

from symmetric import metrics
from symmetric.metrics._tally import count
from symmetric.numeric import thread_count, thread_limits


def _best(variants, rounds):
    best = {k: float("inf") for k in variants}
    for _ in range(rounds):
        for key, f in variants.items():
            t0 = time.perf_counter()
            f()
            best[key] = min(best[key], time.perf_counter() - t0)
    return best


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=10**7)
    ap.add_argument("--rounds", type=int, default=9)
    args = ap.parse_args()
    rng = numpy.random.default_rng(0)
    print(f"n = {args.n}, best of {args.rounds} interleaved rounds (ms); {thread_count()} threads by default")
    print(f"{'labels':<26} {'1 thread':>9} {'threads':>9} {'speed-up':>8}")
    cases = {
        "binary int64 (count)": (rng.integers(0, 2, args.n), rng.integers(0, 2, args.n), count),
        "5 classes int64 (count)": (rng.integers(0, 5, args.n), rng.integers(0, 5, args.n), count),
        "binary int64 (f1_score)": (rng.integers(0, 2, args.n), rng.integers(0, 2, args.n), metrics.f1_score),
    }
    for name, (yt, yp, func) in cases.items():
        def one(yt=yt, yp=yp, func=func):
            with thread_limits(1):
                return func(yt, yp)

        def many(yt=yt, yp=yp, func=func):
            return func(yt, yp)

        a, b = one(), many()
        assert (a.cells == b.cells).all() if func is count else a == b
        best = _best({"one": one, "many": many}, args.rounds)
        print(f"{name:<26} {best['one'] * 1e3:9.1f} {best['many'] * 1e3:9.1f} {best['one'] / best['many']:8.2f}")


if __name__ == "__main__":
    main()
