"""Class 3: limits whose answer changes on a degenerate set of the parameters.

A coefficient ``c`` built from the parameters (``P - 7*R``, ``beta**2 - 2``,
``(rho - 3/7)**2``, ``phi - 2/3``, ...) multiplies the leading term of a
limit's body. For ``c != 0`` the limit is what SymPy answers for a generic
symbol; at the parameter values where ``c = 0`` the body is a different
function and so is its limit. Each template records both answers as one
closed form ``Piecewise((generic, Ne(c, 0)), (degenerate, True))``; the
witness is a point of the degenerate set (algebraic irrational where the set
has no rational point). Competing growth rates (``P**x`` against ``R**x``)
change the limit along ``P = R`` and at the end ``P = 1`` of the unit
interval. The true cases state the limits with their case split.

>>> name, c, zero = COEFFICIENTS[1]
>>> body = TEMPLATES[0][1](c)
>>> body, body.subs(zero)
((x*(beta**2 - 2) + 1)/(x*(beta**2 - 2) + 2), 1/2)
"""

from __future__ import annotations

import sympy
from sympy import Eq, Limit, Max, Min, Ne, Piecewise, Rational, atan, exp, log, oo, pi, sign, sqrt

from symmetric import P, R, beta, gamma, phi, power_mean, rho
from symmetric.families import general_formula

from .case import false, true, x

__all__ = ["build", "COEFFICIENTS", "TEMPLATES"]

half = Rational(1, 2)

# (name, coefficient, a point where it vanishes)
COEFFICIENTS = [
    ("p_minus_7r", P - 7 * R, {P: Rational(7, 10), R: Rational(1, 10)}),
    ("beta2_minus_2", beta**2 - 2, {beta: sqrt(2)}),
    ("rho_minus_3_7_squared", (rho - Rational(3, 7)) ** 2, {rho: Rational(3, 7)}),
    ("phi_minus_2_3", phi - Rational(2, 3), {phi: Rational(2, 3)}),
    ("p_minus_r", P - R, {P: half, R: half}),
    ("pr_minus_1_6", P * R - Rational(1, 6), {P: half, R: Rational(1, 3)}),
    ("beta_minus_2p", beta - 2 * P, {beta: 1, P: half}),
    ("golden_rho", rho**2 + rho - 1, {rho: (sqrt(5) - 1) / 2}),
    ("two_r_minus_1", 2 * R - 1, {R: half}),
    ("beta3_minus_2", beta**3 - 2, {beta: 2 ** Rational(1, 3)}),
]

# (name, body(c), point, wrong generic value, value at c = 0, extra witness values).
TEMPLATES = [
    ("ratio_at_oo", lambda c: (c * x + 1) / (c * x + 2), oo, 1, half),
    ("ratio_at_minus_oo", lambda c: (c * x + 1) / (c * x + 2), -oo, 1, half),
    ("quadratic_ratio", lambda c: (c * x**2 + P) / (c * x**2 + R), oo, 1, P / R),
    ("vanishing_at_0", lambda c: c * x / (c * x + x**2), 0, 1, 0),
    ("saturation", lambda c: c**2 * x / (c**2 * x + 1), oo, 1, 0),
    ("decay", lambda c: exp(-(c**2) * x), oo, 0, 1),
    ("power_growth", lambda c: x ** (c**2), oo, oo, 1),
    ("log_ratio", lambda c: log(1 + c**2 * x) / log(x), oo, 1, 0),
    ("vanishing_weight", lambda c: ((c**2 * P**x + R**x) / (1 + c**2)) ** (1 / x), oo, Max(P, R), R),
]

# Templates whose degenerate value equals the generic one at every zero of this coefficient.
_SKIP = {
    ("quadratic_ratio", "p_minus_r"),  # P/R = 1 where P = R
    ("vanishing_weight", "p_minus_r"),  # Max(P, R) = R where P = R
}
# Extra witness values so that the degenerate value differs (P > R for the vanishing weight).
_EXTRA = {P: 1, R: Rational(1, 4)}


def _degenerate_cases():
    out = []
    for cname, c, zero in COEFFICIENTS:
        for tname, body, point, generic, degenerate in TEMPLATES:
            if (tname, cname) in _SKIP:
                continue
            lim = Limit(body(c), x, point)
            closed = Piecewise((generic, Ne(c, 0)), (degenerate, True))
            witness = {**_EXTRA, **zero}
            out.append(false(f"degenerate.{tname}.{cname}", "3-parameters", lim, generic, witness=witness,
                             limits={lim: closed},
                             why=f"where {sympy.sstr(c)} = 0 the limit is {sympy.sstr(degenerate)}"))
        lim = Limit((c * x + 1) / (c * x + 2), x, oo)
        out.append(true(f"degenerate.ratio_split.{cname}", "3-parameters", lim,
                        Piecewise((1, Ne(c, 0)), (half, True)),
                        why="1 for a nonzero leading coefficient, 1/2 when it vanishes"))
        lim = Limit(atan(c * x), x, oo)
        out.append(false(f"degenerate.atan.{cname}", "3-parameters", lim, pi / 2, witness={**_EXTRA, **zero},
                         limits={lim: pi * sign(c) / 2}, why=f"atan(0) = 0 where {sympy.sstr(c)} = 0"))
        if cname in ("p_minus_7r", "beta2_minus_2", "phi_minus_2_3", "golden_rho"):
            out.append(true(f"degenerate.atan_split.{cname}", "3-parameters", lim, pi * sign(c) / 2,
                            why="atan(c*x) tends to pi/2 times the sign of c, 0 included"))
            lim = Limit((c * x**2 + x) / (x**2 + 1), x, oo)
            out.append(true(f"degenerate.leading_term.{cname}", "3-parameters", lim, c,
                            why="the ratio of leading coefficients, right also when c = 0"))
    return out


def _growth_cases():
    """Competing growth rates: the answer depends on the order of P and R, and on P = 1."""
    out = []
    share = Limit(P**x / (P**x + R**x), x, oo)
    share_closed = Piecewise((1, P > R), (half, Eq(P, R)), (0, True))
    out += [
        false("growth.share_is_1", "3-parameters", share, 1, witness={P: half, R: 1}, limits={share: share_closed},
              why="P**x is negligible against R**x when P < R"),
        false("growth.share_without_tie", "3-parameters", share, Piecewise((1, P > R), (0, True)),
              witness={P: half, R: half}, limits={share: share_closed}, why="where P = R the share is 1/2"),
        false("growth.share_tie_to_1", "3-parameters", share, Piecewise((1, P >= R), (0, True)),
              witness={P: half, R: half}, limits={share: share_closed}, why="where P = R the share is 1/2"),
        true("growth.share", "3-parameters", share, share_closed, why="divide by the larger of P**x, R**x"),
    ]
    power = Limit(P**x, x, oo)
    power_closed = Piecewise((0, P < 1), (1, Eq(P, 1)), (oo, True))
    out += [
        false("growth.power_of_p_is_0", "3-parameters", power, 0, witness={P: 1}, limits={power: power_closed},
              why="P = 1 lies in the unit interval and 1**x = 1"),
        true("growth.power_of_p", "3-parameters", power, power_closed, why="geometric growth by cases of P"),
    ]
    ratio = Limit(R**x / P**x, x, oo)
    ratio_closed = Piecewise((0, R < P), (1, Eq(P, R)), (oo, True))
    out.append(false("growth.ratio_is_0", "3-parameters", ratio, 0, witness={P: half, R: half},
                     limits={ratio: ratio_closed}, why="(R/P)**x = 1 where P = R"))
    tanh = Limit((P**x - R**x) / (P**x + R**x), x, oo)
    tanh_closed = Piecewise((1, P > R), (0, Eq(P, R)), (-1, True))
    out += [
        false("growth.signed_share_is_1", "3-parameters", tanh, 1, witness={P: half, R: half},
              limits={tanh: tanh_closed}, why="0 where P = R"),
        false("growth.signed_share_is_sign", "3-parameters", tanh, Piecewise((1, P >= R), (-1, True)),
              witness={P: half, R: half}, limits={tanh: tanh_closed}, why="0 where P = R"),
    ]
    weighted = Limit((beta * P) ** x / ((beta * P) ** x + R**x), x, oo)
    weighted_closed = Piecewise((1, beta * P > R), (half, Eq(beta * P, R)), (0, True))
    out += [
        false("growth.weighted_share_is_1", "3-parameters", weighted, 1, witness={beta: 2, P: Rational(1, 4), R: half},
              limits={weighted: weighted_closed}, why="a tie where beta*P = R"),
        false("growth.weighted_share_beta_irrational", "3-parameters", weighted, Piecewise((1, beta * P > R), (0, True)),
              witness={beta: sqrt(2), P: half, R: sqrt(2) / 2}, limits={weighted: weighted_closed},
              why="a tie where beta*P = R, here at beta = sqrt(2)"),
        true("growth.weighted_share", "3-parameters", weighted, weighted_closed, why="divide by the larger power"),
    ]
    mean = Limit((P**x + R**x) ** (1 / x), x, oo)
    out += [
        false("growth.root_of_sum_is_p", "3-parameters", mean, P, witness={P: half, R: 1},
              limits={mean: Max(P, R)}, why="the larger of P, R dominates"),
        true("growth.root_of_sum", "3-parameters", mean, Max(P, R), why="Max <= (P**x + R**x)**(1/x) <= 2**(1/x) Max"),
    ]
    m = general_formula(power_mean(phi=x))
    top, bottom = Limit(m, x, oo), Limit(m, x, -oo)
    out += [
        false("growth.power_mean_at_oo_is_p", "3-parameters", top, P, witness={gamma: 3, P: half, R: 1},
              limits={top: Max(P, R)}, why="the weights do not matter at phi = oo: the maximum"),
        false("growth.power_mean_at_minus_oo_is_weighted", "3-parameters", bottom,
              (gamma * P + R) / (1 + gamma), witness={gamma: 3, P: half, R: 1}, limits={bottom: Min(P, R)},
              why="the minimum, not a weighted mean"),
        true("growth.power_mean_at_oo", "3-parameters", top, Max(P, R), why="a weighted power mean tends to the maximum"),
        true("growth.power_mean_at_minus_oo", "3-parameters", bottom, Min(P, R),
             why="a weighted power mean tends to the minimum"),
    ]
    geo = Limit(((P**x + R**x) / 2) ** (1 / x), x, 0)
    out += [
        false("growth.mean_at_0_is_arithmetic", "3-parameters", geo, (P + R) / 2, witness={P: half, R: 1},
              limits={geo: sqrt(P * R)}, why="the power mean at exponent 0 is the geometric mean"),
        true("growth.mean_at_0", "3-parameters", geo, sqrt(P * R), why="log of the mean has derivative log(PR)/2 at 0"),
    ]
    log_rate = Limit(x * (P ** (1 / x) - R ** (1 / x)), x, oo)
    out += [
        false("growth.log_rate_swapped", "3-parameters", log_rate, log(R / P), witness={P: half, R: 1},
              limits={log_rate: log(P / R)}, why="x*(P**(1/x) - 1) tends to log(P)"),
        true("growth.log_rate", "3-parameters", log_rate, log(P / R), why="x*(a**(1/x) - 1) tends to log(a)"),
    ]
    return out


def build():
    """All cases of this module."""
    return _degenerate_cases() + _growth_cases()
