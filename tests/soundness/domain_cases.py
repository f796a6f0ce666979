"""Class 8: the metric domain. P and R are precision and recall, in (0, 1].

* Statements true on the unit square and false above 1: each appears twice,
  as a TRUE case with the default domain (it must not be refuted there) and
  as a FALSE case with ``domain="positive"`` and a witness above 1 (it must
  be refuted there).
* The reverse: statements false inside the unit square (a FALSE case with
  the default domain and a witness inside it, so its counterexample must lie
  there too) that hold where P, R >= 1 (a TRUE case with
  ``domain="positive"`` and those conditions).
* Identities that hold on all positive values (homogeneity, the swap
  symmetry of F_beta), TRUE with ``domain="positive"``, and their wrong
  variants refuted above 1.

>>> name, lhs, relation, rhs, conditions, witness, _ = UNIT_ONLY[0]
>>> lhs, relation, rhs, (lhs - rhs).subs(witness) > 0
(P*R, '<=', Min(P, R), True)
"""

from __future__ import annotations

import sympy
from sympy import Max, Min, Rational, log, sqrt

from symmetric import P, R, beta, f_beta, g_beta_rho, gamma, phi, power_mean, rho

from .case import false, t, true

__all__ = ["build", "UNIT_ONLY", "ABOVE_ONE_ONLY", "USER_BOUND"]

half = Rational(1, 2)
F, G, M = f_beta(), g_beta_rho(), power_mean()

# (name, lhs, relation, rhs, conditions, witness above 1, why it holds on the unit square)
UNIT_ONLY = [
    ("product_below_min", P * R, "<=", Min(P, R), (), {P: 2, R: 3}, "a factor at most 1"),
    ("square_below_p", P**2, "<=", P, (), {P: 2}, "P <= 1"),
    ("f_beta_at_most_1", F, "<=", 1, (), {P: 2, R: 2, beta: 1}, "a mean of numbers at most 1"),
    ("g_at_most_1", G, "<=", 1, (), {P: 2, R: 2, beta: 1, rho: 1}, "a mean of numbers at most 1"),
    ("power_mean_at_most_1", M, "<=", 1, (), {P: 2, R: 2, gamma: 1, phi: 1},
     "a mean of numbers at most 1"),
    ("arithmetic_at_most_1", (P + R) / 2, "<=", 1, (), {P: 2, R: 1}, "both at most 1"),
    ("max_at_most_1", Max(P, R), "<=", 1, (), {P: 2, R: 1}, "both at most 1"),
    ("product_below_geometric", P * R, "<=", sqrt(P * R), (), {P: 2, R: 2}, "PR <= 1"),
    ("log_nonpositive", log(P), "<=", 0, (), {P: 2}, "P <= 1"),
    ("power_above_1_for_negative_rho", P**rho, ">=", 1, (rho < 0,), {P: 2, rho: -1}, "P <= 1 and rho < 0"),
    ("power_below_1_for_positive_rho", P**rho, "<=", 1, (rho > 0,), {P: 2, rho: 1}, "P <= 1 and rho > 0"),
    ("f_beta_above_its_square", F, ">=", F**2, (), {P: 2, R: 2, beta: 1}, "0 < F_beta <= 1"),
    ("union_bound", P + R - P * R, ">=", Max(P, R), (), {P: 2, R: half}, "P + R - PR - P = R(1 - P) >= 0"),
    ("frechet_lower_bound", P * R, ">=", P + R - 1, (), {P: 2, R: half}, "(1 - P)(1 - R) >= 0"),
    ("reciprocal_at_least_1", 1 / P, ">=", 1, (), {P: 2}, "P <= 1"),
    ("sqrt_above_p", sqrt(P), ">=", P, (), {P: 4}, "P <= 1"),
    ("arithmetic_above_product", (P + R) / 2, ">=", P * R, (), {P: 2, R: 2}, "AM >= GM >= GM**2 when GM <= 1"),
    ("f_1_above_product", f_beta(beta=1), ">=", P * R, (), {P: 3, R: 3}, "2/(P + R) >= 1"),
    ("min_above_product", Min(P, R), ">=", P * R, (), {P: 2, R: 3}, "a factor at most 1"),
    ("power_of_beta_below_1", P**beta, "<=", 1, (), {P: 2, beta: 1}, "P <= 1, beta > 0"),
    ("r_power_decreasing", R ** (1 + beta), "<=", R, (), {R: 2, beta: 1}, "R <= 1, beta > 0"),
    ("quadratic_mean_at_most_1", g_beta_rho(beta=1, rho=1), "<=", 1, (), {P: 2, R: 2}, "both at most 1"),
]

# (name, lhs, relation, rhs, witness inside the unit square): false there, true where P, R >= 1.
ABOVE_ONE_ONLY = [
    ("product_above_min", P * R, ">=", Min(P, R), {P: half, R: half}),
    ("square_above_p", P**2, ">=", P, {P: half}),
    ("log_of_product_nonnegative", log(P * R), ">=", 0, {P: half, R: 1}),
    ("product_above_max", P * R, ">=", Max(P, R), {P: half, R: 1}),
    ("f_beta_at_least_1", F, ">=", 1, {P: half, R: 1, beta: 2}),
    ("union_below_min", P + R - P * R, "<=", Min(P, R), {P: half, R: half}),
]

# A user's "<= 1" on a positive symbol other than P and R is an ordinary condition, not the metric domain's
# bound: its 1 is a special value to sample. The sampler used to treat it as the domain's bound (and did not
# single out 1, nor the values just below it) while the proof search did not: one rule now (core.unit_domain).
_w = sympy.Symbol("w", positive=True)
# (name, lhs, relation, rhs, conditions, witness or None for a true case, why)
USER_BOUND = [
    ("just_below_one", 4 * _w**300 * (1 - _w**300), "<", half, (_w <= 1,), {_w: Rational(999, 1000)},
     "w**300 sweeps (0, 1) only within 10^-2 of w = 1"),
    ("at_one", _w**2, "<", _w, (_w <= 1,), {_w: 1}, "equality at the bound w = 1"),
    ("square_below", _w**2, "<=", _w, (_w <= 1,), None, "0 < w <= 1"),
]


def build():
    """All cases of this module."""
    out = []
    for name, lhs, rel, rhs, conds, witness, why in UNIT_ONLY:
        out.append(true(f"unit.{name}", "8-domain", lhs, rhs, rel, conds, why=f"on the unit square: {why}"))
        out.append(false(f"unit.{name}.on_positive", "8-domain", lhs, rhs, rel, conds, witness=witness,
                         domain="positive", why="fails above 1"))
    above = [P >= 1, R >= 1]
    for name, lhs, rel, rhs, witness in ABOVE_ONE_ONLY:
        out.append(false(f"above_one.{name}", "8-domain", lhs, rhs, rel, witness=witness,
                         why="fails inside the unit square, where its counterexample must lie"))
        used = [c for c in above if c.free_symbols <= sympy.sympify(lhs - rhs).free_symbols]
        out.append(true(f"above_one.{name}.holds_there", "8-domain", lhs, rhs, rel, used, domain="positive",
                        why="holds where P, R >= 1"))
    for name, lhs, rel, rhs, conds, witness, why in USER_BOUND:
        if witness is None:
            out.append(true(f"user_bound.{name}", "8-domain", lhs, rhs, rel, conds, why=why))
        else:
            out.append(false(f"user_bound.{name}", "8-domain", lhs, rhs, rel, conds, witness=witness, why=why))
    scaled = {P: t * P, R: t * R}
    w = {P: 3, R: 2, beta: 2, gamma: 3, rho: 2, t: 5}
    identities = [
        ("g_homogeneous", G.subs(scaled, simultaneous=True), t * G, t**2 * G),
        ("f_beta_homogeneous", F.subs(scaled, simultaneous=True), t * F, F),
        ("power_mean_homogeneous", power_mean(phi=2).subs(scaled, simultaneous=True), t * power_mean(phi=2),
         t * power_mean(phi=1)),
        ("f_beta_swap", F.subs({P: R, R: P}, simultaneous=True), f_beta(beta=1 / beta), F),
        ("g_idempotent", G.subs(R, P), P, R),
    ]
    for name, lhs, rhs, wrong in identities:
        out.append(true(f"positive.{name}", "8-domain", lhs, rhs, domain="positive",
                        why="an identity of expressions on all positive values"))
        out.append(false(f"positive.{name}.wrong", "8-domain", lhs, wrong, domain="positive", witness=w,
                         why="a wrong variant, refuted above 1 as well"))
    return out
