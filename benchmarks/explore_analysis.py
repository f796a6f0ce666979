"""Time the whitelist parser against SymPy's parser, and ``analyze`` on each family.

Run by hand: ``python benchmarks/explore_analysis.py``. The parser is timed
against ``sympy.sympify`` on the same trusted text in the same run (the ratio
is what to quote); ``sympify`` appears here only as a baseline on constant
strings, never on user input.

``python benchmarks/explore_analysis.py --fresh --baseline DIR [--rounds N] [--families NAME ...]``
times ``analyze`` of each family in a fresh interpreter per call, alternating
the tree in DIR (``git archive main | tar -x -C DIR``) and this one: CPU
seconds and wall-clock seconds of the call alone (imports excluded), so that
the ratio of runs close in time can be quoted on a shared machine.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path


import sympy

from symmetric import P, R, beta, gamma, phi, rho
from symmetric.explore import analyze, parse
from symmetric.explore.examples import EXAMPLES, TEXTS, example
from _timing import best_time

# The library's formulas in the parser's syntax (their SymPy string forms), and a few functions.
SOURCES = [sympy.sstr(example("f_beta")), sympy.sstr(example("power_mean").args[-1][0]),
           TEXTS["weighted_lehmer_mean"][0], "Max(P, R) - Abs(P - R)/2 + exp(log(P))"]
NAMESPACE = {"P": P, "R": R, "beta": beta, "gamma": gamma, "rho": rho, "phi": phi}
HERE = Path(__file__).resolve().parent.parent

# Imports ``symmetric`` from the folder given first, then times ``analyze`` of the family named second.
RUNNER = r"""
import sys, time
sys.path.insert(0, sys.argv[1])
import symmetric
assert symmetric.__file__.startswith(sys.argv[1]), symmetric.__file__
from symmetric.explore import analyze
from symmetric.explore.examples import example
expr = example(sys.argv[2])
cpu, wall = time.process_time(), time.perf_counter()
result = analyze(expr)
print(time.process_time() - cpu, time.perf_counter() - wall, result.skipped)
"""


def fresh(baseline: Path, rounds: int, families) -> None:
    print("| family | round | load before | main: CPU / wall (s) | this tree: CPU / wall (s) | CPU ratio | skipped |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for name in families:
        for k in range(1, rounds + 1):
            load = os.getloadavg()[0]
            runs = []
            for tree in (baseline.resolve(), HERE):
                out = subprocess.run([sys.executable, "-c", RUNNER, str(tree), name], capture_output=True, text=True,
                                     cwd="/", check=True).stdout.split()
                runs.append((float(out[0]), float(out[1]), out[2]))
            (c0, w0, s0), (c1, w1, s1) = runs
            print(f"| {name} | {k} | {load:.1f} | {c0:.2f} / {w0:.2f} | {c1:.2f} / {w1:.2f} | {c1 / c0:.2f} | "
                  f"{s0}, {s1} |", flush=True)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fresh", action="store_true", help="time analyze in fresh interpreters against --baseline")
    parser.add_argument("--baseline", type=Path, help="a folder holding the baseline tree (with --fresh)")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--families", nargs="+", default=list(EXAMPLES), choices=EXAMPLES)
    args = parser.parse_args(argv)
    if args.fresh:
        if args.baseline is None:
            parser.error("--fresh needs --baseline")
        fresh(args.baseline, args.rounds, args.families)
        return
    loops = 200
    ours = best_time(lambda: [parse(t) for _ in range(loops) for t in SOURCES], 5) / (loops * len(SOURCES))
    theirs = best_time(lambda: [sympy.sympify(t, locals=NAMESPACE) for _ in range(loops) for t in SOURCES], 5) / (
        loops * len(SOURCES))
    print(f"parse: {ours * 1e6:.0f} us per expression; sympify: {theirs * 1e6:.0f} us; ratio {ours / theirs:.2f}")
    print("| family | analyze, limits=False (s) | analyze (s) |")
    print("| --- | --- | --- |")
    for name in EXAMPLES:
        expr = example(name)
        quick = best_time(lambda: analyze(expr, limits=False), 3)
        full = best_time(lambda: analyze(expr), 3)
        print(f"| {name} | {quick:.2f} | {full:.2f} |")


if __name__ == "__main__":
    main()
