"""Time the whitelist parser against SymPy's parser, and ``analyze`` on each family.

Run by hand: ``python benchmarks/explore_analysis.py``. The parser is timed
against ``sympy.sympify`` on the same trusted text in the same run (the ratio
is what to quote); ``sympify`` appears here only as a baseline on constant
strings, never on user input.
"""

from __future__ import annotations

import time

import sympy

from symmetric import P, R, beta, f_beta, g_beta_rho, gamma, phi, power_mean, rho
from symmetric.explore import analyze, parse
from symmetric.families import f_beta_alternative

TEXTS = [
    "(1 + beta**2)*P*R/(beta**2*P + R)",
    "((beta**rho*P**(rho + 1) + R**(rho + 1))/(1 + beta**rho))**(1/(rho + 1))",
    "(beta*P**2 + R**2)/(beta*P + R)",
    "Max(P, R) - Abs(P - R)/2 + exp(log(P))",
]
NAMESPACE = {"P": P, "R": R, "beta": beta, "gamma": gamma, "rho": rho, "phi": phi}
FAMILIES = {
    "G_beta_rho (Piecewise)": g_beta_rho,
    "F_beta": f_beta,
    "power mean (Piecewise)": power_mean,
    "seed 002 alternative": f_beta_alternative,
    "weighted arithmetic mean": lambda: g_beta_rho(rho=0),
    "weighted Lehmer mean": lambda: parse("(beta*P**2 + R**2)/(beta*P + R)"),
    "(P^a R^b)^(1/(a+b))": lambda: parse("(P**a*R**b)**(1/(a + b))", parameters=["a", "b"]),
}


def best(func, repeat):
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        func()
        times.append(time.perf_counter() - start)
    return min(times)


def main():
    loops = 200
    ours = best(lambda: [parse(t) for _ in range(loops) for t in TEXTS], 5) / (loops * len(TEXTS))
    theirs = best(lambda: [sympy.sympify(t, locals=NAMESPACE) for _ in range(loops) for t in TEXTS], 5) / (
        loops * len(TEXTS))
    print(f"parse: {ours * 1e6:.0f} us per expression; sympify: {theirs * 1e6:.0f} us; ratio {ours / theirs:.2f}")
    print("| family | analyze, limits=False (s) | analyze (s) |")
    print("| --- | --- | --- |")
    for name, build in FAMILIES.items():
        expr = build()
        quick = best(lambda: analyze(expr, limits=False), 3)
        full = best(lambda: analyze(expr), 3)
        print(f"| {name} | {quick:.2f} | {full:.2f} |")


if __name__ == "__main__":
    main()
