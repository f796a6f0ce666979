"""Throughput, peak memory and start-up time of symmetric.numeric against a plain sympy.lambdify, in the same run.

Run by hand (not a test): ``python benchmarks/bench_numeric.py [--n 10000000] [--repeat 5] [--startup 5]``.

Each function is timed on n random (P, R) pairs with scalar parameters, against ``sympy.lambdify`` of
its own plain formula evaluated on the same arrays (for G_{beta,rho} and the power mean, the general
formula; for F_beta, (1 + beta**2) P R / (beta**2 P + R)). Best of ``--repeat`` runs; the ratio is
baseline time / our time (>= 1 means at least as fast), with the default validation ("ours") and with
``validate=False`` ("unchecked"). Peak extra memory is measured
with tracemalloc (which tracks NumPy allocations) in units of one input array. Cases:

* P, R uniform in (0, 1], rho in {-2, -3, 2, 0.5, -50, -1+1e-9} (F_beta at rho = -2): the regimes
  of the issue;
* rho in {-0.9, -1.1} with P, R uniform in (0, 1] and log-uniform in [1e-6, 1]: |rho + 1| < 1/4 with
  P/R far from 1, where the previous version fell back to a long-double kernel ten times slower.

``--interleave K`` also times every row on a warm heap, lambdify's best case: CPU time per call, best of K
rounds that call each variant in turn (in an order that rotates from round to round), at each of ``--sizes``
(for example ``--sizes 10000,1000000,10000000``); ``--functions f_beta`` keeps the rows of the functions named;
``--chunk N`` sets the runtime's chunk length (to compare chunk sizes).
The minor page faults per call of lambdify and ours are printed too: lambdify's temporaries of 8 MB and more
fault their pages in again whenever the C heap gave them back to the system (glibc trims the top of its heap),
which doubles its time at 10**6 in some processes and not in others. With
``MALLOC_MMAP_THRESHOLD_=33554432 MALLOC_TRIM_THRESHOLD_=4294967296`` in the environment, arrays up to 32 MB
come from a heap that is never trimmed: lambdify's fault-free case, the hardest baseline. ``--startup`` also times, in fresh interpreters (best of that many), ``import symmetric`` and the first
call of ``symmetric.numeric.f_beta``; ``--small`` the time of one call on scalars, with parameters seen
before (their constants are cached) and with new ones each call.
"""

import argparse
import importlib.util
import platform
import resource
import subprocess
import sys
import tempfile
import time

import numpy
import sympy

from symmetric import P, R, beta, f_beta, g_beta_rho, gamma, phi, power_mean, rho
from symmetric import numeric
from symmetric.families import general_formula
from _timing import best_time, peak_memory

RHOS = (-2.0, -3.0, 2.0, 0.5, -50.0, -1 + 1e-9)
FALLBACK_RHOS = (-0.9, -1.1)


def startup(repeat):
    """Best wall time of ``import symmetric`` and of a first f_beta call, in fresh interpreters."""
    def wall(code):
        times = []
        for _ in range(repeat):
            t0 = time.perf_counter()  # run outside the checkout, so that PYTHONPATH or the install decides
            subprocess.run([sys.executable, "-c", code], check=True, cwd=tempfile.gettempdir())
            times.append(time.perf_counter() - t0)
        return min(times)

    base = wall("import symmetric")
    first = wall("from symmetric.numeric import f_beta; f_beta(0.5, 0.5, 1.0)")
    print(f"start-up, best of {repeat}: import symmetric {base:.2f} s; first f_beta call {first:.2f} s "
          f"({first - base:+.2f} s)")


def small_calls(repeat):
    """Microseconds per call on scalar P and R (best of ``repeat`` batches)."""
    fresh = iter(numpy.linspace(0.5, 2.0, 10**6))
    cases = [("f_beta(0.5, 0.25, 2.0)", lambda: numeric.f_beta(0.5, 0.25, 2.0)),
             ("g_beta_rho(0.5, 0.25, 2.0, -0.9)", lambda: numeric.g_beta_rho(0.5, 0.25, 2.0, -0.9)),
             ("g_beta_rho(0.5, 0.25, 2.0, 2.0)", lambda: numeric.g_beta_rho(0.5, 0.25, 2.0, 2.0)),
             ("f_beta, new beta each call", lambda: numeric.f_beta(0.5, 0.25, next(fresh))),
             ("g_beta_rho rho=-0.9, new beta", lambda: numeric.g_beta_rho(0.5, 0.25, next(fresh), -0.9)),
             ("g_beta_rho rho=2, new beta", lambda: numeric.g_beta_rho(0.5, 0.25, next(fresh), 2.0))]
    for label, f in cases:
        f()
        batch = 200
        print(f"{label:<34} {best_time(lambda: [f() for _ in range(batch)], repeat) / batch * 1e6:8.1f} us per call")


def interleaved(cases, previous, rounds, n):
    """Every row: CPU time per call of lambdify, ours, unchecked (and previous), best of ``rounds`` interleaved rounds.

    A round calls every variant in turn, each ``calls`` times in a row (at least 3), so that lambdify's
    temporaries come from a warm C heap (its best case); the order of the variants rotates from round to
    round, so that none always runs after another one (which would leave it the page faults of the
    other's freed memory), and they all share the machine's load alike.
    """
    calls = max(3, 10**6 // n)
    print(f"interleaved: n = {n}, CPU ms per call, best of {rounds} rounds of {calls} calls per variant; "
          "ratio = lambdify / variant; faults = minor page faults per call in that best round"
          + ("; vs prev = previous / ours" if previous else ""))
    print(f"{'function':<12} {'P, R':<12} {'rho':>14} {'lambdify':>9} {'faults':>7} {'ours':>8} {'faults':>6} {'ratio':>6} "
          f"{'unchecked':>9} {'ratio':>6}" + (f" {'previous':>9} {'ratio':>6} {'vs prev':>7}" if previous else ""))
    for name, label, value, baseline, params, (p, r) in cases:
        p, r = p[:n], r[:n]
        function = getattr(numeric, name)
        variants = {"lambdify": lambda: baseline(p, r, *params), "ours": lambda: function(p, r, *params),
                    "unchecked": lambda: function(p, r, *params, validate=False)}
        if name in previous:
            variants["previous"] = lambda: previous[name](p, r, *params)
        order = list(variants)
        best, faults = {}, {}
        with numpy.errstate(all="ignore"):
            for f in variants.values():
                f()  # the parameter stages, cached for these parameters
            for k in range(rounds):
                for key in order[k % len(order):] + order[:k % len(order)]:
                    f = variants[key]
                    before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
                    start = time.process_time()
                    for _ in range(calls):
                        f()
                    t = (time.process_time() - start) / calls
                    if t < best.get(key, numpy.inf):
                        best[key] = t
                        faults[key] = (resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before) / calls
        base = best["lambdify"]
        line = (f"{name:<12} {label:<12} {value!r:>14} {base * 1e3:9.3f} {faults['lambdify']:7.0f} "
                f"{best['ours'] * 1e3:8.3f} {faults['ours']:6.0f} "
                f"{base / best['ours']:6.2f} {best['unchecked'] * 1e3:9.3f} {base / best['unchecked']:6.2f}")
        if "previous" in best:
            line += (f" {best['previous'] * 1e3:9.3f} {base / best['previous']:6.2f} "
                     f"{best['previous'] / best['ours']:7.2f}")
        print(line, flush=True)


def _cases(args, uniform, wide):
    """The rows: (function, data label, rho, lambdify baseline, parameters, (P, R))."""
    plain = sympy.lambdify((P, R, beta, rho), g_beta_rho().args[-1][0], "numpy")
    own = {"f_beta": sympy.lambdify((P, R, beta), f_beta(), "numpy"),
           "power_mean": sympy.lambdify((P, R, gamma, phi), general_formula(power_mean()), "numpy")}
    cases = [(value, "uniform", uniform) for value in RHOS]
    cases += [(value, label, data) for value in FALLBACK_RHOS for label, data in (("uniform", uniform),
                                                                                  ("log [1e-6,1]", wide))]
    rows = []
    for value, label, data in cases:
        if value == -2.0:  # F_beta, against lambdify of its own formula (what a user would write by hand)
            rows.append(("f_beta", label, value, own["f_beta"], (args.beta,), data))
        rows.append(("g_beta_rho", label, value, plain, (args.beta, value), data))
        if label == "uniform" and value in (2.0, -0.9):  # the power mean at gamma = beta**rho, phi = rho + 1
            rows.append(("power_mean", label, value, own["power_mean"], (args.beta**value, value + 1), data))
    return [row for row in rows if row[0] in args.functions.split(",")]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=10**7)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--beta", type=float, default=2.0)
    ap.add_argument("--startup", type=int, default=0, metavar="K", help="also time start-up (best of K)")
    ap.add_argument("--small", action="store_true", help="also time calls on scalars")
    ap.add_argument("--interleave", type=int, default=0, metavar="K",
                    help="also time every row on a warm heap, in K interleaved rounds (CPU time)")
    ap.add_argument("--sizes", default=None, metavar="N,N,...",
                    help="the sizes of the interleaved tables (default: --n; each at most --n)")
    ap.add_argument("--functions", default="f_beta,g_beta_rho,power_mean", metavar="NAME,NAME,...",
                    help="the functions whose rows are timed")
    ap.add_argument("--chunk", type=int, default=None, metavar="N",
                    help="elements per chunk of the runtime (symmetric.numeric._runtime.CHUNK), set before any call")
    ap.add_argument("--no-table", action="store_true", help="skip the wall-clock table of every regime")
    ap.add_argument("--threads", type=int, default=None, metavar="N",
                    help="threads of ours in the table (default: symmetric.numeric.thread_count()); the table "
                         "also times ours on one thread")
    ap.add_argument("--previous", metavar="DIR", help="also time the standalone modules f_beta.py, g_beta_rho.py and "
                    "power_mean.py in DIR (`symmetric codegen` of another commit), in this process")
    args = ap.parse_args()
    if args.chunk:  # before the first call: the scratch buffers the calls reuse have this length
        from symmetric.numeric import _runtime
        _runtime.CHUNK = args.chunk
    rng = numpy.random.default_rng(0)
    uniform = (1.0 - rng.random(args.n), 1.0 - rng.random(args.n))
    wide = (10.0 ** rng.uniform(-6, 0, args.n), 10.0 ** rng.uniform(-6, 0, args.n))
    print(f"n = {args.n}, beta = {args.beta}, best of {args.repeat}; numpy {numpy.__version__}, "
          f"sympy {sympy.__version__}, python {platform.python_version()}, {platform.machine()}")
    if args.startup:
        startup(args.startup)
    if args.small:
        small_calls(args.repeat)
    previous = {}
    if args.previous:
        for name in ("f_beta", "g_beta_rho", "power_mean"):
            spec = importlib.util.spec_from_file_location(f"previous_{name}", f"{args.previous}/{name}.py")
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            previous[name] = getattr(module, name)
    cases = _cases(args, uniform, wide)
    if args.interleave:
        for n in [int(size) for size in args.sizes.split(",")] if args.sizes else [args.n]:
            interleaved(cases, previous, args.interleave, min(n, args.n))
    if args.no_table:
        return
    threads = numeric.thread_count(args.threads)
    print(f"ours on {threads} threads; '1 thread': ours with threads=1")
    print(f"{'function':<12} {'P, R':<12} {'rho':>14} {'ours ms':>9} {'lambdify ms':>12} {'ratio':>6} "
          f"{'unchecked':>9} {'ratio':>6} {'1 thread':>9} {'ratio':>6} {'peak mem':>9}"
          + (f" {'previous':>9} {'ratio':>6}" if previous else ""))
    for name, label, value, baseline, params, (p, r) in cases:
        def f(v, *, function=getattr(numeric, name), params=params, p=p, r=r, threads=threads, **kw):
            return function(p, r, *params, threads=threads, **kw)

        with numpy.errstate(all="ignore"):
            base = best_time(lambda: baseline(p, r, *params), args.repeat)
        f(value)  # the parameter stage, cached for these parameters
        ours = best_time(lambda: f(value), args.repeat)
        unchecked = best_time(lambda: f(value, validate=False), args.repeat)
        single = best_time(lambda: f(value, threads=1), args.repeat)
        mem = peak_memory(lambda: f(value)) / p.nbytes
        line = (f"{name:<12} {label:<12} {value!r:>14} {ours * 1e3:9.1f} {base * 1e3:12.1f} {base / ours:6.2f} "
                f"{unchecked * 1e3:9.1f} {base / unchecked:6.2f} {single * 1e3:9.1f} {base / single:6.2f} {mem:8.2f}x")
        if previous:
            before = best_time(lambda: previous[name](p, r, *params), args.repeat)
            line += f" {before * 1e3:9.1f} {before / ours:6.2f}"
        print(line)


if __name__ == "__main__":
    main()
