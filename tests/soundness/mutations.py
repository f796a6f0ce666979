"""Mutations of true identities: one careless change each.

Each base identity is TRUE (and kept as a true case). Its mutations change
one thing a derivation gets wrong: the sign, a coefficient or an exponent of
the right side, P and R swapped, the limit point, the direction of a
one-sided limit, a condition dropped or flipped. A limit keeps its closed
form under the mutations of the right side; the mutations of the limit
itself record the new closed form.

>>> sorted(kind for kind, _ in _rhs_mutations(P + R))
['coefficient', 'exponent', 'sign']
"""

from __future__ import annotations

import sympy
from sympy import Eq, Heaviside, Limit, Max, Min, Ne, Piecewise, Rational, nan, oo, sign

from symmetric import P, R, beta, f_beta, g_beta_rho, gamma, phi, power_mean, rho
from symmetric.families import counts, general_formula
from symmetric.symbols import FN, FP, TP

from .case import false, t, true, x

__all__ = ["build", "BASES"]

half = Rational(1, 2)
F, G = f_beta(), g_beta_rho()
Gf = general_formula(G)
M = general_formula(power_mean())
M1 = general_formula(power_mean(gamma=1))
geometric = (P * R**beta) ** (1 / (1 + beta))
weighted_geometric = (P**gamma * R) ** (1 / (1 + gamma))
alpha = 1 / (1 + beta**2)
swap = {P: R, R: P}

#: A point where every base's sides are positive, distinct from 1 and not symmetric in P and R.
POINT = {P: half, R: Rational(1, 3), beta: 2, gamma: 3, rho: Rational(-5, 2), phi: Rational(3, 2), t: 2,
         TP: 3, FP: 2, FN: 5}


def _lim(body, var, point, d="+"):
    return Limit(body, var, point, d)


# name: (lhs, rhs, conditions, closed forms of its limits, why it holds)
BASES = {
    "g_minus_2_is_f": (g_beta_rho(rho=-2), F, (), {}, "rho = -2 gives the weighted harmonic mean"),
    "f_limit_oo": (_lim(F, beta, oo), R, (), {_lim(F, beta, oo): R}, "the weight of R tends to 1"),
    "f_limit_0": (_lim(F, beta, 0), P, (), {_lim(F, beta, 0): P}, "the weight of P tends to 1"),
    "slope": (-sympy.diff(G, R) / sympy.diff(G, P), -((R / (beta * P)) ** rho), (Ne(rho, 0),), {},
              "the ratio of the partial derivatives of the formula"),
    "max_limit": (_lim(M1, phi, oo), Max(P, R), (), {_lim(M1, phi, oo): Max(P, R)}, "the larger term dominates"),
    "geometric_limit": (_lim(M, phi, 0), weighted_geometric, (), {_lim(M, phi, 0): weighted_geometric},
                        "the power mean tends to the weighted geometric mean at exponent 0"),
    "homogeneous": (G.subs({P: t * P, R: t * R}, simultaneous=True), t * G, (), {}, "G is homogeneous of degree 1"),
    "weight": (1 / (alpha / P + (1 - alpha) / R), F, (), {}, "F_beta is the harmonic mean with weight 1/(1+beta**2)"),
    "beta_limit_rho_negative": (_lim(G, beta, oo), R, (rho < 0,), {_lim(G, beta, oo): R},
                                "beta**rho tends to 0 for rho < 0"),
    "symmetric_at_beta_1": (g_beta_rho(beta=1).subs(swap, simultaneous=True), g_beta_rho(beta=1), (), {},
                            "equal weights"),
    "f_swap": (F.subs(swap, simultaneous=True), f_beta(beta=1 / beta), (), {}, "swapping P and R inverts beta"),
    "g_limit_minus_1_left": (_lim(Gf, rho, -1, "-"), geometric, (), {_lim(Gf, rho, -1, "-"): geometric},
                             "the formula is continuous at rho = -1 from both sides"),
    "counts": (counts.f_beta_counts(), F.subs({P: counts.precision(), R: counts.recall()}, simultaneous=True),
               (TP > 0,), {}, "F_beta of precision and recall, cleared of denominators"),
    "heaviside_right": (_lim(P * Heaviside(x) + R, x, 0, "+"), P + R, (), {_lim(P * Heaviside(x) + R, x, 0, "+"): P + R},
                        "Heaviside is 1 to the right of 0"),
    "sign_left": (_lim(sign(x) * (P - R), x, 0, "-"), R - P, (), {_lim(sign(x) * (P - R), x, 0, "-"): R - P},
                  "sign is -1 to the left of 0"),
    "beta_limit_0_rho_negative": (_lim(G, beta, 0), P, (rho < 0,), {_lim(G, beta, 0): P},
                                  "beta**rho grows without bound for rho < 0"),
}

# Changes of the limit itself: (base, kind, new lhs, its closed form, new conditions or None, witness changes).
LIMIT_MUTATIONS = [
    ("f_limit_oo", "limit point", _lim(F, beta, 1), 2 * P * R / (P + R), None, {}),
    ("f_limit_0", "limit point", _lim(F, beta, 2), f_beta(beta=2), None, {}),
    ("max_limit", "limit point", _lim(M1, phi, -oo), Min(P, R), None, {}),
    ("geometric_limit", "limit point", _lim(M, phi, 1), (gamma * P + R) / (1 + gamma), None, {}),
    ("beta_limit_rho_negative", "limit point", _lim(G, beta, 0), P, None, {}),
    ("g_limit_minus_1_left", "limit point", _lim(Gf, rho, 0, "-"), (P + R) / 2, None, {}),
    ("beta_limit_0_rho_negative", "limit point", _lim(G, beta, oo), R, None, {}),
    ("heaviside_right", "direction", _lim(P * Heaviside(x) + R, x, 0, "-"), R, None, {}),
    ("heaviside_right", "direction", _lim(P * Heaviside(x) + R, x, 0, "+-"), nan, None, {}),
    ("sign_left", "direction", _lim(sign(x) * (P - R), x, 0, "+"), P - R, None, {}),
    ("sign_left", "direction", _lim(sign(x) * (P - R), x, 0, "+-"), Piecewise((0, Eq(P, R)), (nan, True)), None, {}),
    ("beta_limit_rho_negative", "condition dropped", _lim(G, beta, oo), Piecewise((R, rho < 0), (P, True)), (),
     {rho: 1}),
    ("beta_limit_rho_negative", "condition flipped", _lim(G, beta, oo), P, (rho > 0,), {rho: 1}),
    ("beta_limit_0_rho_negative", "condition dropped", _lim(G, beta, 0), Piecewise((P, rho < 0), (R, True)), (),
     {rho: 1}),
    ("beta_limit_0_rho_negative", "condition flipped", _lim(G, beta, 0), R, (rho > 0,), {rho: 1}),
]


def _rhs_mutations(rhs):
    yield "sign", -rhs
    yield "coefficient", 2 * rhs
    yield "exponent", rhs**2
    swapped = rhs.subs(swap, simultaneous=True)
    if (swapped - rhs).xreplace(POINT) != 0:  # a symmetric right side is no mutation
        yield "swap", swapped


def build():
    """All cases of this module."""
    out = []
    for name, (lhs, rhs, conds, limits, why) in BASES.items():
        out.append(true(f"base.{name}", "mutations", lhs, rhs, conditions=conds, why=why))
        for kind, wrong in _rhs_mutations(rhs):
            out.append(false(f"mutation.{name}.{kind.replace(' ', '_')}", "mutations", lhs, wrong, conditions=conds,
                             witness=POINT, limits=limits, why=f"{kind} of the right side"))
    counter: dict = {}
    for name, kind, lhs, closed, conds, changes in LIMIT_MUTATIONS:
        _, rhs, base_conds, _, _ = BASES[name]
        key = (name, kind)
        counter[key] = counter.get(key, 0) + 1
        out.append(false(f"mutation.{name}.{kind.replace(' ', '_')}_{counter[key]}", "mutations", lhs, rhs,
                         conditions=base_conds if conds is None else conds, witness={**POINT, **changes},
                         limits={lhs: closed}, why=f"{kind}: the limit becomes {sympy.sstr(closed)}"))
    # The slope identity needs rho != 0: dropped or flipped, it fails at rho = 0 for beta != 1.
    lhs, rhs, _, _, _ = BASES["slope"]
    out.append(false("mutation.slope.condition_dropped", "mutations", lhs, rhs, witness={**POINT, rho: 0},
                     why="at rho = 0 the slope is -1/beta"))
    out.append(false("mutation.slope.condition_flipped", "mutations", lhs, rhs, conditions=[Eq(rho, 0)],
                     witness={**POINT, rho: 0}, why="at rho = 0 the slope is -1/beta"))
    return out
