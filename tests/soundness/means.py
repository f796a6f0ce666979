"""Class 9: the classic inequalities between means, and their wrong variants.

TRUE: the weighted power-mean inequality (HM <= GM <= AM <= QM with the
same weight ``gamma``, symbolic and numeric), ``Min(P, R) <= G <= Max(P, R)``
for symbolic ``beta`` and ``rho``, the power mean increasing in ``phi``, G
increasing in ``rho`` at ``beta = 1``, concavity of G in P for ``rho <= 0``
and convexity for ``rho >= 0`` (G is homogeneous of degree 1, so the sign of
the second derivative in P decides), ``F_beta <= (1 + beta**2) P``, and
``(P/R)**rho <= 1`` for ``P < R``, ``rho >= 0``.

FALSE: the same with the wrong direction, the wrong parameter range, a strict
relation where equality holds, mismatched weights, and G monotone in ``rho``
for ``beta != 1`` (``beta = 3, P = 1/5, R = 4/5``).

>>> g3 = g_beta_rho(beta=3)
>>> at = {P: Rational(1, 5), R: Rational(4, 5)}
>>> bool(g3.subs({**at, rho: 1}) > g_beta_rho(beta=3, rho=2).subs(at))
True
"""

from __future__ import annotations

import sympy
from sympy import Derivative, Max, Min, Rational, sqrt

from symmetric import P, R, beta, f_beta, g_beta_rho, gamma, phi, power_mean, rho
from symmetric.families import general_formula

from .case import false, t, true

__all__ = ["build"]

half = Rational(1, 2)
F, G = f_beta(), g_beta_rho()
NAMES = {-1: "harmonic", 0: "geometric", 1: "arithmetic", 2: "quadratic"}


def _power_mean_chain():
    out = []
    pairs = [(-1, 0), (0, 1), (1, 2), (-1, 1), (-1, 2), (0, 2)]
    for lo, hi in pairs:
        a, b = power_mean(phi=lo), power_mean(phi=hi)
        name = f"{NAMES[lo]}_below_{NAMES[hi]}"
        out.append(true(f"chain.{name}", "9-means", a, b, "<=",
                        why="the weighted power mean is nondecreasing in its exponent"))
        out.append(false(f"chain.{name}.reversed", "9-means", a, b, ">=", witness={gamma: 1, P: half, R: 1},
                         why="strict for P != R"))
        if hi - lo == 1:
            out.append(false(f"chain.{name}.strict", "9-means", a, b, "<", witness={gamma: 3, P: half, R: half},
                             why="equal where P = R"))
    for g in (1, 3, half):
        for lo, hi in ((-1, 0), (0, 1), (1, 2)):
            a, b = power_mean(gamma=g, phi=lo), power_mean(gamma=g, phi=hi)
            out.append(true(f"chain.gamma_{_label(g)}.{NAMES[lo]}_below_{NAMES[hi]}", "9-means", a, b, "<=",
                            why="the power-mean inequality with a numeric weight"))
    out.append(false("chain.mismatched_weights", "9-means", power_mean(phi=-1), power_mean(gamma=1 / gamma, phi=0),
                     "<=", witness={gamma: 9, P: 1, R: Rational(1, 100)},
                     why="weights 9 and 1/9 on P: 10/109 > (1/100)**(9/10)"))
    return out


def _bounds():
    out = [
        true("bounds.g_above_min", "9-means", Min(P, R), G, "<=", why="G is a weighted power mean"),
        true("bounds.g_below_max", "9-means", G, Max(P, R), "<=", why="G is a weighted power mean"),
        true("bounds.power_mean_above_min", "9-means", Min(P, R), power_mean(), "<=", why="a weighted mean"),
        true("bounds.power_mean_below_max", "9-means", power_mean(), Max(P, R), "<=", why="a weighted mean"),
        true("bounds.f_above_min", "9-means", Min(P, R), F, "<=", why="a weighted harmonic mean"),
        true("bounds.f_below_max", "9-means", F, Max(P, R), "<=", why="a weighted harmonic mean"),
        false("bounds.g_below_min", "9-means", G, Min(P, R), "<=", witness={beta: 2, rho: 1, P: half, R: 1},
              why="strictly above the minimum where P != R"),
        false("bounds.max_below_g", "9-means", Max(P, R), G, "<=", witness={beta: 2, rho: -3, P: half, R: 1},
              why="strictly below the maximum where P != R"),
        false("bounds.min_strictly_below_g", "9-means", Min(P, R), G, "<", witness={beta: 2, rho: 1, P: half, R: half},
              why="equal where P = R"),
        false("bounds.g_below_arithmetic", "9-means", G, (P + R) / 2, "<=", witness={beta: 1, rho: 1, P: half, R: 1},
              why="the quadratic mean exceeds the arithmetic mean for P != R"),
        false("bounds.power_mean_below_min", "9-means", power_mean(), Min(P, R), "<=",
              witness={gamma: 1, phi: 1, P: half, R: 1}, why="the arithmetic mean is above the minimum"),
    ]
    for b, r in ((2, -3), (half, 5), (3, 0), (2, -1), (5, Rational(-1, 2))):
        g = g_beta_rho(beta=b, rho=r)
        out.append(true(f"bounds.numeric.beta_{_label(b)}.rho_{_label(r)}.below_max", "9-means", g, Max(P, R), "<=",
                        why="a weighted power mean with numeric parameters"))
        out.append(true(f"bounds.numeric.beta_{_label(b)}.rho_{_label(r)}.above_min", "9-means", Min(P, R), g, "<=",
                        why="a weighted power mean with numeric parameters"))
    plain = [
        ("geometric_below_arithmetic", sqrt(P * R), (P + R) / 2),
        ("harmonic_below_geometric", 2 * P * R / (P + R), sqrt(P * R)),
        ("arithmetic_below_quadratic", (P + R) / 2, sqrt((P**2 + R**2) / 2)),
        ("min_below_harmonic", Min(P, R), 2 * P * R / (P + R)),
        ("quadratic_below_max", sqrt((P**2 + R**2) / 2), Max(P, R)),
    ]
    for name, a, b in plain:
        out.append(true(f"bounds.plain.{name}", "9-means", a, b, "<=", why="the two-variable mean inequality"))
        out.append(false(f"bounds.plain.{name}.strict", "9-means", a, b, "<", witness={P: half, R: half},
                         why="equal where P = R"))
    return out


def _monotone():
    g1, g3 = g_beta_rho(beta=1), g_beta_rho(beta=3)
    witness = {rho: 1, t: 1, P: Rational(1, 5), R: Rational(4, 5)}
    return [
        true("monotone.power_mean_in_phi", "9-means", power_mean(), power_mean(phi=phi + t), "<=",
             why="the weighted power mean is nondecreasing in its exponent"),
        true("monotone.power_mean_in_phi_gamma_2", "9-means", power_mean(gamma=2), power_mean(gamma=2, phi=phi + t),
             "<=", why="the power mean with weight 2 is nondecreasing in its exponent"),
        true("monotone.g_in_rho_at_beta_1", "9-means", g1, g_beta_rho(beta=1, rho=rho + t), "<=",
             why="at beta = 1 the weights are 1/2 whatever rho: a power mean of exponent rho + 1"),
        true("monotone.g_derivative_at_beta_1", "9-means", Derivative(g1, rho), 0, ">=",
             why="the derivative of the power mean in its exponent is nonnegative"),
        false("monotone.g_in_rho_at_beta_3", "9-means", g3, g_beta_rho(beta=3, rho=rho + t), "<=", witness=witness,
              why="G_{3,1} = 0.4359 > G_{3,2} = 0.3880 at P = 1/5, R = 4/5: the weights move with rho"),
        false("monotone.g_in_rho_symbolic_beta", "9-means", G, g_beta_rho(rho=rho + t), "<=",
              witness={**witness, beta: 3}, why="not monotone for beta = 3"),
        false("monotone.g_decreasing_at_beta_1", "9-means", g1, g_beta_rho(beta=1, rho=rho + t), ">=",
              witness={rho: 1, t: 1, P: half, R: 1}, why="strictly increasing where P != R"),
        false("monotone.power_mean_decreasing", "9-means", power_mean(), power_mean(phi=phi + t), ">=",
              witness={gamma: 1, phi: 1, t: 1, P: half, R: 1}, why="strictly increasing where P != R"),
        false("monotone.power_mean_strict", "9-means", power_mean(), power_mean(phi=phi + t), "<",
              witness={gamma: 1, phi: 1, t: 1, P: half, R: half}, why="equal where P = R"),
        # the derivative forms the registry states (inequalities.power_mean.increasing_in_phi, ...)
        true("monotone.power_mean_derivative_formula", "9-means", sympy.diff(general_formula(power_mean()), phi), 0,
             ">=", [sympy.Ne(phi, 0)], why="the derivative of the power mean in its exponent is nonnegative"),
        true("monotone.g_derivative_formula_at_beta_1", "9-means", sympy.diff(general_formula(g1), rho), 0, ">=",
             [sympy.Ne(rho, -1)], why="at beta = 1, G is a power mean of exponent rho + 1"),
        false("monotone.g_derivative_formula_symbolic_beta", "9-means", sympy.diff(general_formula(G), rho), 0, ">=",
              [sympy.Ne(rho, -1)], witness={beta: 3, rho: 1, P: Rational(1, 5), R: Rational(4, 5)},
              why="G_{3,rho} falls with rho at P = 1/5, R = 4/5"),
    ]


def _curvature():
    g_pp = sympy.diff(G, P, 2)
    out = [
        true("curvature.concave_for_rho_nonpositive", "9-means", g_pp, 0, "<=", [rho <= 0],
             why="a power mean of exponent rho + 1 <= 1 is concave"),
        true("curvature.convex_for_rho_nonnegative", "9-means", g_pp, 0, ">=", [rho >= 0],
             why="a power mean of exponent rho + 1 >= 1 is convex"),
        true("curvature.f_beta_concave", "9-means", sympy.diff(F, P, 2), 0, "<=",
             why="F_beta is G at rho = -2"),
        false("curvature.concave_for_rho_nonnegative", "9-means", g_pp, 0, "<=", [rho >= 0],
              witness={beta: 1, rho: 1, P: half, R: 1}, why="the quadratic mean is strictly convex in P where P != R"),
        false("curvature.convex_for_rho_nonpositive", "9-means", g_pp, 0, ">=", [rho <= 0],
              witness={beta: 2, rho: -2, P: half, R: 1}, why="F_beta is strictly concave in P"),
        false("curvature.strictly_concave", "9-means", g_pp, 0, "<", [rho <= 0],
              witness={beta: 2, rho: 0, P: half, R: 1}, why="G_{beta,0} is linear"),
        false("curvature.strictly_convex", "9-means", g_pp, 0, ">", [rho >= 0],
              witness={beta: 2, rho: 0, P: half, R: 1}, why="G_{beta,0} is linear"),
        false("curvature.f_beta_convex", "9-means", sympy.diff(F, P, 2), 0, ">=",
              witness={beta: 2, P: half, R: 1}, why="strictly concave where R > 0"),
    ]
    for r in (-2, Rational(-1, 2), 1, 3):
        rel = "<=" if r <= 0 else ">="
        out.append(true(f"curvature.numeric_rho_{_label(r)}", "9-means", sympy.diff(g_beta_rho(rho=r), P, 2), 0,
                        rel, why="concave for rho <= 0, convex for rho >= 0"))
    return out


def _scales():
    return [
        true("scale.f_beta_below_scaled_p", "9-means", F, (1 + beta**2) * P, "<=", why="R <= beta**2 P + R"),
        true("scale.f_beta_below_scaled_r", "9-means", F, (1 + beta**2) * R / beta**2, "<=",
             why="beta**2 P <= beta**2 P + R"),
        false("scale.f_beta_below_scaled_r_wrong", "9-means", F, (1 + beta**2) * R, "<=",
              witness={beta: half, P: 1, R: Rational(1, 10)}, why="(1 - beta**2) P > R there"),
        false("scale.f_beta_below_p", "9-means", F, P, "<=", witness={beta: 1, P: half, R: 1},
              why="the harmonic mean of 1/2 and 1 is 2/3"),
        true("scale.ratio_power_below_1", "9-means", (P / R) ** rho, 1, "<=", [P < R, rho >= 0],
             why="a number in (0, 1) to a nonnegative power"),
        true("scale.ratio_power_above_1", "9-means", (P / R) ** rho, 1, ">=", [P < R, rho <= 0],
             why="a number in (0, 1) to a nonpositive power"),
        false("scale.ratio_power_below_1_negative_rho", "9-means", (P / R) ** rho, 1, "<=", [P < R, rho <= 0],
              witness={rho: -1, P: half, R: 1}, why="(1/2)**-1 = 2"),
        false("scale.ratio_power_below_1_p_above_r", "9-means", (P / R) ** rho, 1, "<=", [P > R, rho >= 0],
              witness={rho: 1, P: 1, R: half}, why="2**1 = 2"),
        false("scale.ratio_power_strict", "9-means", (P / R) ** rho, 1, "<", [P < R, rho >= 0],
              witness={rho: 0, P: half, R: 1}, why="equal to 1 at rho = 0"),
    ]


def _label(value) -> str:
    return sympy.sstr(value).replace("/", "_").replace("-", "m")


def build():
    """All cases of this module."""
    return _power_mean_chain() + _bounds() + _monotone() + _curvature() + _scales()
