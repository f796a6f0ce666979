"""Time the whitelist parser against SymPy's parser, and ``analyze`` on each family.

Run by hand: ``python benchmarks/explore_analysis.py``. The parser is timed
against ``sympy.sympify`` on the same trusted text in the same run (the ratio
is what to quote); ``sympify`` appears here only as a baseline on constant
strings, never on user input.
"""

from __future__ import annotations


import sympy

from symmetric import P, R, beta, gamma, phi, rho
from symmetric.explore import analyze, parse
from symmetric.explore.examples import EXAMPLES, TEXTS, example
from _timing import best_time

# The library's formulas in the parser's syntax (their SymPy string forms), and a few functions.
SOURCES = [sympy.sstr(example("f_beta")), sympy.sstr(example("power_mean").args[-1][0]),
           TEXTS["weighted_lehmer_mean"][0], "Max(P, R) - Abs(P - R)/2 + exp(log(P))"]
NAMESPACE = {"P": P, "R": R, "beta": beta, "gamma": gamma, "rho": rho, "phi": phi}
def main():
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
