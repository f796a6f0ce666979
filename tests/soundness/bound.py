"""Classes 4, 5 and 6: bound variables, inputs that used to raise, refutations on bound variables.

A symbol bound by a ``Limit``, ``Derivative``, ``Integral`` or ``Sum`` may
also occur free in the same statement, in the other side or only in a
condition (``Limit(f_beta(), beta, oo) == R`` under ``beta > 2``). A case
split or a sample point that substitutes into the bound occurrence changes
the statement (class 4), can make SymPy raise (class 5: a limit towards a
point that has become its own variable, a derivative with respect to a
number), or produces a "counterexample" at which both sides agree
(class 6). The closed forms of the limits are the textbook values:
continuity, the derivative of ``P**2`` at ``R``, the limits of the families
at their ends.

>>> case = next(c for c in _captured_limits() if c.id == "captured.rho_squared.is_body")
>>> print(case.text())
Limit(rho**2, rho, 3, dir='+') == rho**2 if rho < 0

Substituting ``rho = -t`` everywhere would turn the limit into
``Limit(t**2, -t, 3)``: the statement must stay false.
"""

from __future__ import annotations

import sympy
from sympy import (Abs, Derivative, Eq, Integral, Limit, Max, Min, Ne, Or, Piecewise, Rational, Sum, exp, log,
                   oo, sqrt)

from symmetric import P, R, beta, f_beta, g_beta_rho, gamma, phi, power_mean, rho
from symmetric.families import general_formula

from .case import false, true, x

__all__ = ["build"]

half = Rational(1, 2)
k = sympy.Symbol("k", integer=True)
G, F, M = g_beta_rho(), f_beta(), power_mean()
geometric = (P * R**beta) ** (1 / (1 + beta))


def _captured_limits():
    """``Limit(E, v, a)`` compared with ``E`` itself (false) or ``E`` at ``a`` (true), conditions on ``v``."""
    rows = [
        # (name, body, variable, point, value of the limit, condition, witness)
        ("rho_squared", rho**2, rho, 3, 9, rho < 0, {rho: -1}),
        ("rho_cubed", rho**3, rho, 1, 1, rho > 2, {rho: 3}),
        ("f_beta_at_oo", F, beta, oo, R, beta > 2, {beta: 3, P: half, R: 1}),
        ("f_beta_at_0", F, beta, 0, P, beta < half, {beta: Rational(1, 4), P: half, R: 1}),
        ("g_at_minus_1", G, rho, -1, geometric, rho < -1, {rho: -2, beta: 2, P: half, R: 1}),
        ("g_beta_at_oo", G, beta, oo, R, rho < 0, {rho: -2, beta: 2, P: half, R: 1}),
        ("power_mean_at_1", M, phi, 1, (gamma * P + R) / (1 + gamma), phi > 1, {phi: 2, gamma: 1, P: half, R: 1}),
        ("power_mean_gamma_at_oo", M, gamma, oo, P, gamma > 1, {gamma: 2, phi: 1, P: half, R: 1}),
        ("linear_in_rho", rho * P + R, rho, 0, R, Ne(rho, 0), {rho: 1, P: half, R: 1}),
        ("power_of_p", P**rho, rho, 0, 1, rho > 0, {rho: 1, P: half}),
        ("exp_decay", exp(-rho), rho, oo, 0, rho > 0, {rho: 1}),
        ("f_beta_at_1", F, beta, 1, 2 * P * R / (P + R), beta >= 2, {beta: 2, P: half, R: 1}),
    ]
    out = []
    for name, body, v, a, value, cond, witness in rows:
        lim = Limit(body, v, a)
        out.append(false(f"captured.{name}.is_body", "4-bound-variables", lim, body, conditions=[cond],
                         witness=witness, limits={lim: value},
                         why=f"the limit is the constant {sympy.sstr(value)}, the right side still varies with {v}"))
        out.append(true(f"captured.{name}.is_value", "4-bound-variables", lim, value, conditions=[cond],
                        why=f"{v} in the condition is free; the limit binds its own {v}"))
        # The bound symbol also free in the statement: both sides shifted by it.
        out.append(true(f"captured.{name}.shifted", "6-refuted-true", lim + v, value + v, conditions=[cond],
                        why=f"the limit does not depend on the free {v}"))
        out.append(false(f"captured.{name}.shifted_wrong", "4-bound-variables", lim + v, value + 1 + v,
                         conditions=[cond], witness=witness, limits={lim: value}, why="off by 1 at every point"))
    return out


def _derivatives_integrals_sums():
    d_f = sympy.diff(F, beta)
    g3 = general_formula(g_beta_rho(beta=3))
    out = [
        true("derivative.cube.negative", "4-bound-variables", Derivative(rho**3, rho), 3 * rho**2,
             conditions=[rho < 0], why="d/drho rho**3 = 3 rho**2 everywhere"),
        false("derivative.cube.sign_flipped", "5-exceptions", Derivative(rho**3, rho), -3 * rho**2,
              conditions=[rho < 0], witness={rho: -1}, why="3 != -3 at rho = -1"),
        false("derivative.cube.is_cube", "4-bound-variables", Derivative(rho**3, rho), rho**3,
              conditions=[rho < 0], witness={rho: -1}, why="3 != -1 at rho = -1"),
        true("derivative.power.positive", "4-bound-variables", Derivative(P**rho, rho), P**rho * log(P),
             conditions=[rho > 0], why="d/drho exp(rho log P)"),
        false("derivative.power.no_log", "5-exceptions", Derivative(P**rho, rho), P**rho,
              conditions=[rho > 0], witness={rho: 1, P: half}, why="log(1/2) != 1"),
        true("derivative.f_beta.beta_above_1", "4-bound-variables", Derivative(F, beta), d_f,
             conditions=[beta > 1], why="the derivative computed once, compared under a condition on beta"),
        false("derivative.f_beta.negated", "5-exceptions", Derivative(F, beta), -d_f, conditions=[beta > 1],
              witness={beta: 2, P: half, R: 1}, why="the derivative is nonzero at P != R"),
        false("derivative.g.increasing_beta_3", "5-exceptions", Derivative(g3, rho), 0, ">=",
              conditions=[rho > 0], witness={rho: 1, P: Rational(1, 5), R: Rational(4, 5)},
              why="G_{3,rho} decreases in rho at P = 1/5, R = 4/5 (about -0.057 at rho = 1)"),
        false("derivative.g.increasing_beta_above_1", "5-exceptions", Derivative(G, rho), 0, ">=",
              conditions=[beta > 1], witness={beta: 3, rho: half, P: Rational(1, 5), R: Rational(4, 5)},
              why="G_{3,rho} decreases in rho at P = 1/5, R = 4/5 (about -0.065 at rho = 1/2)"),
        true("integral.bound_rho.value", "4-bound-variables", Integral(rho**2, (rho, 0, 1)), Rational(1, 3),
             conditions=[rho < 0], why="the integral binds rho; the condition is on a free rho"),
        false("integral.bound_rho.is_integrand", "4-bound-variables", Integral(rho**2, (rho, 0, 1)), rho**2,
              conditions=[rho < 0], witness={rho: -1}, why="1/3 != 1"),
        true("integral.parameter", "4-bound-variables", Integral(x * rho, (x, 0, 1)), rho / 2,
             conditions=[rho > 1], why="rho is a constant factor of the integrand"),
        false("integral.parameter_wrong", "4-bound-variables", Integral(x * rho, (x, 0, 1)), rho,
              conditions=[rho > 1], witness={rho: 2}, why="1 != 2"),
        true("integral.upper_limit", "4-bound-variables", Integral(rho, (rho, 0, beta)), beta**2 / 2,
             why="the antiderivative rho**2/2 at beta"),
        false("integral.upper_limit_captured", "4-bound-variables", Integral(rho, (rho, 0, beta)), rho**2 / 2,
              conditions=[rho > 0], witness={rho: 1, beta: 2}, why="2 != 1/2"),
        true("integral.power_of_p", "5-exceptions", Integral(P**rho, (P, 0, 1)), 1 / (rho + 1),
             conditions=[rho > -1], why="the antiderivative P**(rho+1)/(rho+1), vanishing at 0 for rho > -1"),
        false("integral.power_of_p_wrong", "5-exceptions", Integral(P**rho, (P, 0, 1)), 1 / rho,
              conditions=[rho > 0], witness={rho: 1}, why="1/2 != 1"),
        true("sum.bound_index", "4-bound-variables", Sum(rho**k, (k, 0, 2)), 1 + rho + rho**2,
             conditions=[rho < 0], why="three terms"),
        false("sum.bound_index_wrong", "4-bound-variables", Sum(rho**k, (k, 0, 2)), 1 - rho + rho**2,
              conditions=[rho < 0], witness={rho: -1}, why="1 != 3"),
    ]
    return out


def _variable_points():
    """Limits towards a point that is a free symbol, sometimes the bound variable's own name."""
    out = []
    rows = [
        # (name, limit, true value, wrong value, witness)
        ("difference_quotient_square", Limit((P**2 - R**2) / (P - R), P, R), 2 * R, 2 * P, {P: half, R: 1}),
        ("difference_quotient_cube", Limit((P**3 - R**3) / (P - R), P, R), 3 * R**2, 3 * P**2, {P: half, R: 1}),
        ("f_beta_at_p_equal_r", Limit(F, P, R), R, P, {P: half, R: 1, beta: 2}),
        ("max_at_r", Limit(Max(P, x), x, R), Max(P, R), P, {P: half, R: 1}),
        ("min_ratio_at_r", Limit(Min(P, x) / x, x, R), Min(P, R) / R, 1, {P: half, R: 1}),
        ("square_at_p", Limit(x**2, x, P), P**2, P, {P: half}),
        ("abs_at_r", Limit(Abs(x - P), x, R), Abs(R - P), R - P, {P: 1, R: half}),
        ("f_beta_of_x_at_beta", Limit(f_beta(beta=x), x, beta), F, f_beta(beta=1 / beta), {beta: 2, P: half, R: 1}),
        ("power_at_rho", Limit(P**x, x, rho), P**rho, R**rho, {P: half, R: 1, rho: 1}),
        ("max_with_p_at_1", Limit(Max(P, R), P, 1), Max(1, R), Max(P, R), {P: half, R: Rational(1, 4)}),
        ("piecewise_at_r_left", Limit(Piecewise((P, x < R), (R, True)), x, R, "-"), P, R, {P: half, R: 1}),
        ("piecewise_at_r_right", Limit(Piecewise((P, x < R), (R, True)), x, R, "+"), R, P, {P: half, R: 1}),
    ]
    for name, lim, value, wrong, witness in rows:
        out.append(true(f"variable_point.{name}", "5-exceptions", lim, value,
                        why=f"the limit is {sympy.sstr(value)} by continuity or cancellation"))
        out.append(false(f"variable_point.{name}.wrong", "5-exceptions", lim, wrong, witness=witness,
                         limits={lim: value}, why=f"the limit is {sympy.sstr(value)}"))
    both = Limit(Piecewise((P, x < R), (R, True)), x, R, "+-")
    out.append(false("variable_point.piecewise_at_r_two_sided", "5-exceptions", both, P, witness={P: half, R: 1},
                     limits={both: Piecewise((P, Eq(P, R)), (sympy.nan, True))}, why="the sides differ where P != R"))
    return out


def _family_limits_with_conditions():
    """The issue's raising input and its relatives: limits of G with a condition on rho."""
    g_m1, g_0 = Limit(G, rho, -1), Limit(G, rho, 0)
    swapped = (R * P**beta) ** (1 / (1 + beta))
    w = {beta: 2, P: half, R: 1}
    out = []
    for label, cond in (("rho_negative", rho < 0), ("rho_positive", rho > 0), ("rho_not_minus_1", Ne(rho, -1)),
                        ("rho_below_minus_2", rho < -2)):
        out.append(true(f"g_limit.at_minus_1.{label}", "5-exceptions", g_m1, geometric, conditions=[cond],
                        why="the formula of G tends to the weighted geometric mean as rho -> -1"))
        out.append(false(f"g_limit.at_minus_1.{label}.swapped", "5-exceptions", g_m1, swapped, conditions=[cond],
                         witness={**w, rho: {"rho_negative": -3, "rho_positive": 1, "rho_not_minus_1": 2,
                                             "rho_below_minus_2": -3}[label]},
                         limits={g_m1: geometric}, why="P and R swapped in the geometric mean"))
    for label, cond in (("rho_negative", rho < 0), ("rho_positive", rho > 0)):
        out.append(true(f"g_limit.at_0.{label}", "5-exceptions", g_0, (P + R) / 2, conditions=[cond],
                        why="beta**rho -> 1: the formula tends to the arithmetic mean, not to G_{beta,0}"))
        out.append(false(f"g_limit.at_0.{label}.stipulated", "5-exceptions", g_0, (beta * P + R) / (1 + beta),
                         conditions=[cond], witness={**w, rho: -1 if label == "rho_negative" else 1},
                         limits={g_0: (P + R) / 2}, why="the stipulated value at rho = 0 is not the limit"))
    inf = Limit(1 / x, x, 0, "+-")
    out += [
        false("limit.pole_two_sided", "5-exceptions", inf, oo, witness={}, limits={inf: sympy.nan},
              why="1/x tends to -oo from the left and oo from the right"),
        true("condition.or", "5-exceptions", G, Max(P, R), "<=", conditions=[Or(rho < -1, rho > 1)],
             why="G is a weighted power mean: at most the maximum"),
        true("condition.two_symbols", "5-exceptions", P, R, "<=", conditions=[P < R], why="the condition itself"),
        true("condition.equality_of_symbols", "5-exceptions", F, P, conditions=[Eq(P, R)],
             why="F_beta(P, P) = P"),
        false("condition.equality_of_symbols.wrong", "5-exceptions", F, R / 2, conditions=[Eq(P, R)],
              witness={P: half, R: half, beta: 2}, why="F_beta(P, P) = P"),
        true("condition.nonlinear", "5-exceptions", P * R, Rational(1, 4), "<", conditions=[P * R < Rational(1, 4)],
             why="the condition itself"),
        true("heaviside_times_difference", "5-exceptions", sympy.Heaviside(P - R) * (P - R), Max(P - R, 0),
             why="both are P - R above the diagonal and 0 on and below it"),
        true("sign_times_difference", "5-exceptions", sympy.sign(P - R) * (P - R), Abs(P - R),
             why="sign(d)*d = |d|"),
        true("piecewise_nonlinear_condition", "5-exceptions", Piecewise((P, P**2 < R), (R, True)), Max(P, R), "<=",
             why="each branch is P or R"),
        false("piecewise_nonlinear_condition.wrong", "5-exceptions", Piecewise((P, P**2 < R), (R, True)),
              Min(P, R), "<=", witness={P: Rational(3, 5), R: half},
              why="at P = 3/5, R = 1/2 the branch P is taken (9/25 < 1/2) and exceeds the minimum"),
        true("limit_with_free_exponent", "5-exceptions", Limit(P**x * R**rho, x, 0), R**rho,
             why="P**x tends to 1"),
        true("limit_of_derivative", "5-exceptions", Limit(Derivative(P**x, x), x, 0), log(P),
             why="d/dx P**x = P**x log P, continuous at 0"),
        true("limit_of_g_as_function_of_x", "5-exceptions", Limit(g_beta_rho(rho=x), x, -1, "+-"),
             g_beta_rho(rho=-1), why="G is continuous in rho at -1"),
        true("sqrt_of_square", "5-exceptions", sqrt((P - R) ** 2), Abs(P - R), why="sqrt(d**2) = |d| for real d"),
    ]
    return out


def _shared_piecewise_conditions():
    """Piecewise with the same conditions on both sides, one of them bound: branch by branch is not enough.

    The zero test decides a difference of Piecewise that share their
    conditions branch by branch; inside a ``Limit`` (or an ``Integral``) the
    conditions are evaluated at the bound variable, not at the point.
    """
    jump = Piecewise((P, Eq(rho, 0)), (R, True))
    step = Piecewise((P, x < rho), (R, True))
    lim = Limit(jump, rho, 0)
    area = Integral(step, (x, 0, 1))
    return [
        false("shared_conditions.limit_of_jump", "4-bound-variables", lim + jump, 2 * jump,
              witness={rho: 0, P: half, R: 1}, limits={lim: R},
              why="at rho = 0 the left side is R + P, the right side 2*P"),
        false("shared_conditions.integral_of_step", "4-bound-variables", area, step, conditions=[rho > 0, rho < 1],
              witness={rho: half, x: 2, P: half, R: 1},
              why="the integral is rho*P + (1 - rho)*R = 3/4 at rho = 1/2, the step R = 1 at x = 2"),
        true("shared_conditions.branchwise", "6-refuted-true", Piecewise(((P + R)**2, rho > 1), (R, True)),
             Piecewise((P**2 + 2 * P * R + R**2, rho > 1), (R, True)), why="equal branch by branch"),
        true("shared_conditions.unreachable_branch", "6-refuted-true",
             Piecewise((P, rho > 1), (2 * P, rho > 2), (P, True)), P,
             why="the middle branch never applies: rho > 2 implies rho > 1"),
    ]


def build():
    """All cases of this module."""
    return (_captured_limits() + _derivatives_integrals_sums() + _variable_points() + _family_limits_with_conditions()
            + _shared_piecewise_conditions())
