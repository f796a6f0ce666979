"""Class 7: false statements that are easy to miss, and that a careful checker refutes.

* relative perturbations of 1e-30 to 1e-60 of true identities (a comparison
  tolerance of 1e-30 at 50 digits lets them through);
* differences confined to a small region of the domain: ``P > 1000*R``
  inside the unit square, ``beta > 1000``, ``rho < -10``, a window of width
  1e-3 or 1e-4 next to ``rho = 0``;
* statements false only at algebraic irrational parameters (``beta =
  sqrt(2)``, the golden ratio, ``2**(1/3)``) or only off a grid of rationals
  that contains every simple value and every rational with denominator 10**6;
* strict inequalities that fail by equality on whole intervals or lines
  (``Min(P, R) < P``).

Every witness is exact; the perturbations are decided by ``evalf(strict=True)``
on the exact difference.

>>> sin(pi * GRID * Rational(5, 7)), sin(pi * GRID * Rational(7, 10**6)) == 0
(0, True)
>>> sin(pi * GRID * Rational(1, 11)) == 0
False
"""

from __future__ import annotations

import sympy
from sympy import (Abs, And, Eq, Heaviside, Limit, Max, Min, Piecewise, Rational, ceiling, cos, floor, frac, oo, pi,
                   sin, sqrt)

from symmetric import P, R, beta, f_beta, g_beta_rho, gamma, phi, power_mean, rho
from symmetric.families import counts, general_formula
from symmetric.symbols import FN, FP, TP

from .case import false, x

__all__ = ["build", "IDENTITIES", "GRID"]

half, third = Rational(1, 2), Rational(1, 3)
F, G, M = f_beta(), g_beta_rho(), power_mean()
geometric = (P * R**beta) ** (1 / (1 + beta))

#: A common point of the identities: every side is positive there.
POINT = {P: half, R: third, beta: 2, gamma: 3, rho: Rational(-5, 2), phi: Rational(3, 2), TP: 3, FP: 2, FN: 5}

# name: (lhs, rhs, conditions, closed forms of the limits) -- true identities
IDENTITIES = {
    "g_at_minus_2_is_f": (g_beta_rho(rho=-2), F, (), {}),
    "g_idempotent": (G.subs(R, P), P, (), {}),
    "arithmetic_power_mean": (power_mean(phi=1), (gamma * P + R) / (1 + gamma), (), {}),
    "f_beta_limit_at_oo": (Limit(F, beta, oo), R, (), {Limit(F, beta, oo): R}),
    "f_1_harmonic": (f_beta(beta=1), 2 * P * R / (P + R), (), {}),
    "g_at_minus_1_geometric": (g_beta_rho(rho=-1), geometric, (), {}),
    "geometric_power_mean": (power_mean(phi=0), (P**gamma * R) ** (1 / (1 + gamma)), (), {}),
    "quadratic_mean": (g_beta_rho(beta=1, rho=1), sqrt((P**2 + R**2) / 2), (), {}),
    "weighted_harmonic": (F, 1 / ((beta**2 / (1 + beta**2)) / R + (1 / (1 + beta**2)) / P), (), {}),
    "g_limit_at_0": (Limit(general_formula(G), rho, 0), (P + R) / 2, (),
                     {Limit(general_formula(G), rho, 0): (P + R) / 2}),
    "f_beta_from_counts": (counts.f_beta_counts(tp=TP, fp=FP, fn=FN),
                           F.subs({P: counts.precision(TP, FP), R: counts.recall(TP, FN)}, simultaneous=True),
                           (TP > 0,), {}),
    "g_formula_rho": (general_formula(G), ((beta**rho * P ** (rho + 1) + R ** (rho + 1)) / (1 + beta**rho))
                      ** (1 / (rho + 1)), (sympy.Ne(rho, 0), sympy.Ne(rho, -1)), {}),
}


def _perturbations():
    out = []
    for i, (name, (lhs, rhs, conds, limits)) in enumerate(IDENTITIES.items()):
        for j, k in enumerate((30, 40, 50, 60)):
            s = 1 if (i + j) % 2 else -1
            eps = s * Rational(1, 10**k)
            out.append(false(f"perturbation.{name}.rhs_1e{k}", "7-misses", lhs, rhs * (1 + eps), conditions=conds,
                             witness=POINT, limits=limits, why=f"the right side is off by a factor 1 {'+-'[s < 0]} 1e-{k}"))
    for name, expr in (("f_beta", F), ("g", general_formula(G)), ("power_mean", general_formula(M))):
        for k in (30, 45, 60):
            eps = Rational(1, 10**k)
            out.append(false(f"perturbation.{name}.argument_1e{k}", "7-misses", expr.subs(P, P * (1 + eps)), expr,
                             witness=POINT, why=f"P scaled by 1 + 1e-{k} changes the value"))
    for k in (30, 40, 50):
        eps = Rational(1, 10**k)
        out.append(false(f"perturbation.g_exponent_1e{k}", "7-misses", g_beta_rho(rho=-2 + eps), F, witness=POINT,
                         why=f"rho = -2 + 1e-{k} is not F_beta"))
        out.append(false(f"perturbation.additive_1e{k}", "7-misses", F + eps * P * R, F, witness=POINT,
                         why=f"an added 1e-{k} P R"))
    return out


def _small_regions():
    out = []
    base_point = {P: half, R: third, beta: 2, gamma: 3, rho: Rational(-5, 2), phi: Rational(3, 2)}
    regions = [
        # (name, bump: >= 0 everywhere, > 0 only in the region, a point of the region)
        ("p_above_1000_r", Max(0, P - 1000 * R), {P: 1, R: Rational(1, 2000)}),
        ("r_above_1000_p", Max(0, R - 1000 * P), {P: Rational(1, 4000), R: 1}),
        ("p_above_1e6_r", Piecewise((P, P > 10**6 * R), (0, True)), {P: 1, R: Rational(1, 2 * 10**6)}),
        ("beta_above_1000", Max(0, beta - 1000) * P, {beta: 2000}),
        ("beta_below_1e_3", Piecewise((R, beta < Rational(1, 1000)), (0, True)), {beta: Rational(1, 2000)}),
        ("rho_below_minus_10", Max(0, -10 - rho) * P, {rho: -20}),
        ("rho_above_1000", Piecewise((P * R, rho > 1000), (0, True)), {rho: 2000}),
        ("rho_window_below_0", Piecewise((P * R, And(rho > Rational(-1, 1000), rho < 0)), (0, True)),
         {rho: Rational(-1, 2000)}),
        ("rho_narrow_bump", Max(0, Rational(1, 10**8) - (rho + Rational(1, 2000)) ** 2) * P,
         {rho: Rational(-1, 2000)}),
        ("phi_near_0", Piecewise((R, And(Abs(phi) < Rational(1, 10**6), sympy.Ne(phi, 0))), (0, True)),
         {phi: Rational(1, 10**7)}),
        ("gamma_above_1000", Max(0, gamma - 1000) * R, {gamma: 2000}),
        ("p_below_1e_6", Max(0, Rational(1, 10**6) - P), {P: Rational(1, 10**7)}),
    ]
    bases = [("f_beta", F), ("g", G), ("power_mean", M)]
    for i, (name, bump, where) in enumerate(regions):
        for j, (bname, base) in enumerate(bases):
            if (i + j) % 3 == 2:
                continue
            witness = {**base_point, **where}
            out.append(false(f"region.{name}.{bname}", "7-misses", base + bump, base, witness=witness,
                             why=f"equal except where {name.replace('_', ' ')}, where the bump is positive"))
        # An inequality between means that the bump breaks only in the region.
        witness = {**base_point, **where}
        out.append(false(f"region.{name}.f_below_max", "7-misses", F + 2 * sympy.sign(bump), Max(P, R), "<=",
                         witness=witness, why="F_beta <= Max(P, R), plus 2 inside the region"))
    return out


def _irrational_points():
    out = []
    w = {P: half, R: 1, beta: 2, gamma: 3, rho: -3, phi: 2}
    rows = [
        ("beta_sqrt2_piecewise", Piecewise((P, Eq(beta**2, 2)), (F, True)), F, "==", {beta: sqrt(2)}),
        ("beta_sqrt2_floor", F + floor(1 / (1 + (beta**2 - 2) ** 2)) * P, F, "==", {beta: sqrt(2)}),
        ("beta_sqrt2_heaviside", F + Heaviside(-((beta**2 - 2) ** 2)) * P, F, "==", {beta: sqrt(2)}),
        ("beta_sqrt2_strict", (beta**2 - 2) ** 2 * F, 0, ">", {beta: sqrt(2)}),
        ("rho_sqrt2_strict", (rho**2 - 2) ** 2 * P, 0, ">", {rho: -sqrt(2)}),
        ("phi_golden_strict", (phi**2 + phi - 1) ** 2 * R, 0, ">", {phi: (sqrt(5) - 1) / 2}),
        ("beta_cube_root_strict", (beta**3 - 2) ** 2 * R, 0, ">", {beta: 2 ** Rational(1, 3)}),
        ("gamma_sqrt3_strict", (gamma**2 - 3) ** 2, 0, ">", {gamma: sqrt(3)}),
        ("rho_sqrt2_above_max", Piecewise((2, Eq(rho**2, 2)), (G, True)), Max(P, R), "<=", {rho: sqrt(2)}),
        ("p_inverse_sqrt2", Piecewise((R + 1, Eq(2 * P**2, 1)), (F, True)), Max(P, R), "<=", {P: sqrt(2) / 2}),
        ("beta_sqrt2_ceiling", F - ceiling(-1 / (1 + (beta**2 - 2) ** 2)) * R, F, "==", {beta: sqrt(2)}),
        ("gamma_sqrt3_power_mean", Piecewise((P + R, Eq(gamma**2, 3)), (M, True)), M, "==", {gamma: sqrt(3)}),
    ]
    for name, lhs, rhs, rel, where in rows:
        out.append(false(f"irrational.{name}", "7-misses", lhs, rhs, rel, witness={**w, **where},
                         why="fails only at an algebraic irrational value"))
    out.append(false("curve.unit_circle", "7-misses", Piecewise((2, Eq(P**2 + R**2, 1)), (P * R, True)), 1, "<=",
                     witness={P: Rational(3, 5), R: Rational(4, 5)},
                     why="fails only on the circle P**2 + R**2 = 1, which has few simple rational points"))
    return out


#: A grid containing every rational with denominator dividing 10**6, 3 or 7.
GRID = 21 * 10**6


def _grid():
    w = {P: Rational(1, 11), R: 1, beta: 1, rho: Rational(1, 11), phi: Rational(1, 11), gamma: Rational(1, 11)}
    rows = [
        ("sin_rho", sin(pi * GRID * rho) ** 2, 0, "=="),
        ("sin_p", sin(pi * GRID * P) ** 2 * R, 0, "=="),
        ("cos_beta", cos(2 * pi * GRID * gamma), 1, "=="),
        ("fractional_rho", GRID * rho - floor(GRID * rho), 0, "=="),
        ("frac_p", frac(GRID * P), 0, "=="),
        ("f_beta_cos_phi", F * cos(pi * GRID * phi) ** 2, F, "=="),
        ("g_plus_sin", general_formula(g_beta_rho(beta=1)) + 10 * sin(pi * GRID * rho) ** 2, Max(P, R), "<="),
        ("sin_nonpositive", sin(pi * GRID * rho) ** 2, 0, "<="),
    ]
    return [false(f"grid.{name}", "7-misses", lhs, rhs, rel, witness=w,
                  why="holds on every multiple of 1/(21*10**6), fails at 1/11")
            for name, lhs, rhs, rel in rows]


def _strict():
    rows = [
        ("min_below_p", Min(P, R), P, "<", {P: half, R: 1}),
        ("max_above_r", Max(P, R), R, ">", {P: half, R: 1}),
        ("min_below_r", Min(P, R), R, "<", {P: 1, R: half}),
        ("max_above_p", Max(P, R), P, ">", {P: 1, R: half}),
        ("heaviside_positive", Heaviside(rho), 0, ">", {rho: -1}),
        ("max_with_0_positive", Max(rho, 0), 0, ">", {rho: -1}),
        ("abs_above_itself", Abs(rho), rho, ">", {rho: 1}),
        ("positive_part_positive", Max(P - R, 0), 0, ">", {P: half, R: 1}),
        ("floor_below_p", floor(P), P, "<", {P: 1}),
        ("ceiling_above_p", ceiling(P), P, ">", {P: 1}),
        ("piecewise_below_r", Piecewise((P, P < R), (R, True)), R, "<", {P: 1, R: half}),
        ("g_below_max", G, Max(P, R), "<", {P: half, R: half, beta: 2, rho: 3}),
        ("f_below_max", F, Max(P, R), "<", {P: half, R: half, beta: 2}),
        ("product_below_min", P * R, Min(P, R), "<", {P: 1, R: half}),
        ("sign_times_itself", sympy.sign(rho) * rho, 0, ">", {rho: 0}),
        ("spread_positive", Max(P, R) - Min(P, R), 0, ">", {P: half, R: half}),
        ("heaviside_below_1", Heaviside(P - R), 1, "<", {P: 1, R: half}),
        ("power_mean_above_min", M, Min(P, R), ">", {P: half, R: half, gamma: 3, phi: 2}),
    ]
    return [false(f"strict.{name}", "7-misses", lhs, rhs, rel, witness=w,
                  why="equality holds at the witness (on a whole interval or line)")
            for name, lhs, rhs, rel, w in rows]


def build():
    """All cases of this module."""
    return _perturbations() + _small_regions() + _irrational_points() + _grid() + _strict()
