"""Throughput and peak memory of symmetric.numeric against a plain sympy.lambdify, in the same run.

Run by hand (not a test): ``python benchmarks/bench_numeric.py [--n 10000000] [--repeat 5]``.
Each function is timed on n random (P, R) pairs in (0, 1] with scalar parameters, for rho in
{-2, -3, 2, 0.5, -50, -1+1e-9} (F_beta at rho = -2), against ``sympy.lambdify`` of the plain general
formula of G_{beta,rho} evaluated on the same arrays. Best of ``--repeat`` runs; the ratio is
baseline time / our time (>= 1 means at least as fast). Peak extra memory is measured with
tracemalloc (which tracks NumPy allocations) in units of one input array.
"""

import argparse
import platform
import time
import tracemalloc

import numpy
import sympy

from symmetric import P, R, beta, g_beta_rho, rho
from symmetric import numeric

RHOS = (-2.0, -3.0, 2.0, 0.5, -50.0, -1 + 1e-9)


def best(f, repeat):
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        f()
        times.append(time.perf_counter() - t0)
    return min(times)


def peak(f, nbytes):
    tracemalloc.start()
    f()
    _, top = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return top / nbytes


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=10**7)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--beta", type=float, default=2.0)
    args = ap.parse_args()
    rng = numpy.random.default_rng(0)
    p = 1.0 - rng.random(args.n)
    r = 1.0 - rng.random(args.n)
    plain = sympy.lambdify((P, R, beta, rho), g_beta_rho().args[-1][0], "numpy")
    numeric.f_beta(p[:10], r[:10], args.beta)  # generate the code before timing
    print(f"n = {args.n}, beta = {args.beta}, best of {args.repeat}; numpy {numpy.__version__}, "
          f"sympy {sympy.__version__}, python {platform.python_version()}, {platform.machine()}")
    print(f"{'function':<12} {'rho':>14} {'ours ms':>9} {'lambdify ms':>12} {'ratio':>6} {'peak mem':>9}")
    for value in RHOS:
        cases = [("g_beta_rho", lambda v=value: numeric.g_beta_rho(p, r, args.beta, v))]
        if value == -2.0:
            cases.insert(0, ("f_beta", lambda: numeric.f_beta(p, r, args.beta)))
        with numpy.errstate(all="ignore"):
            base = best(lambda v=value: plain(p, r, args.beta, v), args.repeat)
        for name, f in cases:
            ours = best(f, args.repeat)
            mem = peak(f, p.nbytes)
            print(f"{name:<12} {value!r:>14} {ours * 1e3:9.1f} {base * 1e3:12.1f} {base / ours:6.2f} {mem:8.2f}x")


if __name__ == "__main__":
    main()
