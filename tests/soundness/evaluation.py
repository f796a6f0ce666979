"""Classes 19 to 23: what SymPy decides about numbers before and around the engine's own decisions.

* 19: **folds**: SymPy decides ``Abs``, ``sign``, ``Max``/``Min``, ``floor``,
  ``ceiling``, ``frac``, ``Heaviside``, a square root of a square and a
  Piecewise condition between constants when it *builds* an expression, and
  again each time a substitution rebuilds one. It decides from ``evalf`` at two
  digits, which rounds ``log(1 + sqrt(2)/10**60)`` to 0 and calls
  ``loggamma(1 + 10**-60)`` zero: ``Abs(log(1 + y) - y/2)`` became ``y/2 -
  log(1 + y)``, a negative number, and ``Max(P*log(1 + y), P*y/2)`` became
  ``P*y/2``. The cases are built twice: as SymPy builds them (after
  ``symmetric.verify`` is imported), and unevaluated (``evaluate=False``), so
  that the fold happens inside the engine;
* 20: **identity zeros**: constants that are 0 by an identity no ball can
  show (``log(6) - log(2) - log(3)``, ``sin(pi/7)*sin(2*pi/7)*sin(3*pi/7) -
  sqrt(7)/8``, Machin's formula, nested radicals), in statements and in
  conditions: a strict inequality between them must never be proven;
* 21: **calculus around near-zero constants**: ``Derivative``, ``Subs``,
  ``Integral``, ``Sum`` and ``Limit`` whose values are such constants;
* 22: **subtle assumptions**: ``nonnegative`` (0 admitted) against
  ``positive``, ``integer``, ``nonpositive``, ``nonzero``, ``zero``, symbols
  without assumptions (complex), extended reals in integrals and conditions;
* 23: **extreme numbers**: exponents of 10**-100 and 2**100, ``2**(10**6)``,
  ``exp(-10**6)``, constants within 1e-20 of ``E``, Floats as their exact
  binary values in conditions and comparisons.

The cases are built inside :func:`symmetric.verify.rigorous_numbers` (the
scope a proof script gets), so that what SymPy folds at build time is decided
by balls; the unevaluated variants leave the folding to the engine. The
falsity of each false case is certified by :mod:`.exact` without the engine
(substituted with evaluation off, then mpmath at 1500 and 3000 digits through
lambdify, which evaluates the tree as written; exact algebra for zeros); each
true case says why it holds.

>>> sorted({c.klass for c in build()})
['19-folds', '20-identity-zeros', '21-calculus-near-zero', '22-subtle-assumptions', '23-extreme-numbers']
>>> len(build()) >= 80
True
"""

from __future__ import annotations

import sympy
from sympy import (Abs, Derivative, Eq, Float, Heaviside, Integral, Limit, Lt, Max, Min, Piecewise, Rational, Subs,
                   Sum, acos, atan, ceiling, cos, exp, floor, frac, log, loggamma, oo, pi, real_root, sign, sin, sqrt,
                   tan)

from symmetric import P, R
from symmetric.verify import rigorous_numbers

from .case import false, true, x

__all__ = ["build"]

with rigorous_numbers():  # the constants are built as written
    #: Far below any working precision: SymPy's evalf rounds ``log(1 + y)`` to 0.
    y = sqrt(2) / 10**60
    tiny = Rational(1, 10**60)
    #: ``log(1 + y) - y/2``: positive (about y/2); SymPy's evalf calls it negative.
    a = log(1 + y) - y / 2
    #: ``loggamma(1 + 10**-60)``: negative (about -EulerGamma*10**-60); SymPy calls it zero.
    g = loggamma(1 + tiny)
    #: ``acos(1 - y) - sqrt(2*y)``: positive (about sqrt(2*y)*y/12); SymPy's evalf calls it negative.
    h = acos(1 - y) - sqrt(2 * y)
    half, third = Rational(1, 2), Rational(1, 3)
    PR = {P: half, R: third}


def _folds_built():
    k = "19-folds"
    return [
        true("folds.abs_is_a", k, Abs(a), a, why="a = log(1 + y) - y/2 > 0"),
        false("folds.abs_is_minus_a", k, Abs(a), -a, witness={}, why="|a| = a > 0 != -a"),
        true("folds.abs_loggamma_positive", k, Abs(g), 0, ">", why="loggamma(1 + 1e-60) != 0"),
        false("folds.abs_loggamma_zero", k, Abs(g), 0, witness={}, why="loggamma(1 + 1e-60) = -0.577e-60"),
        true("folds.sign_a", k, sign(a), 1, why="a > 0"),
        false("folds.sign_a_negative", k, sign(a), -1, witness={}, why="a > 0"),
        true("folds.sign_loggamma", k, sign(g), -1, why="loggamma(1 + t) < 0 for small t > 0"),
        false("folds.sign_loggamma_zero", k, sign(g), 0, witness={}, why="loggamma(1 + t) < 0"),
        true("folds.max_is_log", k, Max(log(1 + y), y / 2), log(1 + y), why="log(1 + y) > y/2"),
        false("folds.max_is_half", k, Max(log(1 + y), y / 2), y / 2, witness={}, why="log(1 + y) > y/2"),
        true("folds.min_is_half", k, Min(log(1 + y), y / 2), y / 2, why="log(1 + y) > y/2"),
        false("folds.min_is_log", k, Min(log(1 + y), y / 2), log(1 + y), witness={}, why="log(1 + y) > y/2"),
        true("folds.piecewise_is_r", k, Piecewise((P, log(1 + y) < y / 2), (R, True)), R,
             why="the condition log(1 + y) < y/2 is false"),
        false("folds.piecewise_is_p", k, Piecewise((P, log(1 + y) < y / 2), (R, True)), P, witness=PR,
              why="the condition is false, so the value is R"),
        true("folds.piecewise_eq_loggamma", k, Piecewise((P, Eq(g, 0)), (R, True)), R, why="loggamma(1 + t) != 0"),
        false("folds.piecewise_eq_loggamma_p", k, Piecewise((P, Eq(g, 0)), (R, True)), P, witness=PR,
              why="loggamma(1 + t) != 0, so the value is R"),
        true("folds.and_condition", k, Piecewise((P, sympy.And(log(1 + y) > y / 2, P > half)), (R, True)),
             Piecewise((P, P > half), (R, True)), why="log(1 + y) > y/2 holds"),
        false("folds.and_condition_wrong", k, Piecewise((P, sympy.And(log(1 + y) > y / 2, P > half)), (R, True)), R,
              witness={P: 1, R: third}, why="at P = 1 the first branch applies"),
        true("folds.floor_minus_a", k, floor(-a), -1, why="-a lies in (-1, 0)"),
        false("folds.floor_minus_a_zero", k, floor(-a), 0, witness={}, why="-a < 0"),
        true("folds.ceiling_a", k, ceiling(a), 1, why="a lies in (0, 1)"),
        false("folds.ceiling_a_zero", k, ceiling(a), 0, witness={}, why="a > 0"),
        true("folds.floor_one_minus_a", k, floor(1 - a), 0, why="1 - a lies in (0, 1)"),
        false("folds.floor_one_minus_a_one", k, floor(1 - a), 1, witness={}, why="1 - a < 1"),
        true("folds.frac_a", k, frac(a), a, why="a lies in (0, 1)"),
        false("folds.frac_a_plus_one", k, frac(a), a + 1, witness={}, why="frac(a) = a < 1"),
        true("folds.heaviside_a", k, Heaviside(a), 1, why="a > 0"),
        false("folds.heaviside_a_zero", k, Heaviside(a), 0, witness={}, why="a > 0"),
        true("folds.sqrt_square_h", k, sqrt(h**2), h, why="h = acos(1 - y) - sqrt(2y) > 0"),
        false("folds.sqrt_square_minus_h", k, sqrt(h**2), -h, witness={}, why="h > 0"),
        true("folds.max_acos", k, Max(acos(1 - y), sqrt(2 * y)), acos(1 - y), why="acos(1 - y) > sqrt(2y)"),
        false("folds.max_acos_root", k, Max(acos(1 - y), sqrt(2 * y)), sqrt(2 * y), witness={},
              why="acos(1 - y) > sqrt(2y)"),
        # with symbols: SymPy folds from the sign of the constant factor
        true("folds.max_p", k, Max(P * log(1 + y), P * y / 2), P * log(1 + y), why="P > 0 and log(1 + y) > y/2"),
        false("folds.max_p_half", k, Max(P * log(1 + y), P * y / 2), P * y / 2, witness={P: half},
              why="P*log(1 + y) > P*y/2"),
        true("folds.min_p_below", k, Min(P * log(1 + y), P * y / 2), P * y / 2, "<=", why="a minimum"),
        false("folds.min_p_log", k, Min(P * log(1 + y), P * y / 2), P * log(1 + y), witness={P: half},
              why="P*log(1 + y) > P*y/2"),
        true("folds.abs_pa", k, Abs(P * a), P * a, why="P > 0 and a > 0"),
        false("folds.abs_pa_minus", k, Abs(P * a), -P * a, witness={P: half}, why="P*a > 0"),
        true("folds.abs_pg", k, Abs(P * g), -P * g, why="P > 0 and loggamma(1 + t) < 0"),
        false("folds.abs_pg_zero", k, Abs(P * g), 0, witness={P: half}, why="loggamma(1 + t) != 0"),
        true("folds.sign_pa", k, sign(P * a), 1, why="P*a > 0"),
        false("folds.sign_pa_minus", k, sign(P * a), -1, witness={P: half}, why="P*a > 0"),
        true("folds.piecewise_p_condition", k, Piecewise((1, P * log(1 + y) < P * y / 2), (0, True)), 0,
             why="P*log(1 + y) > P*y/2 for P > 0"),
        false("folds.piecewise_p_condition_one", k, Piecewise((1, P * log(1 + y) < P * y / 2), (0, True)), 1,
              witness={P: half}, why="the condition is false"),
        true("folds.float_condition_above", k, Piecewise((P, Float(0.1) > Rational(1, 10)), (R, True)), P,
             why="0.1 in binary is 0.1000000000000000055..."),
        true("folds.float_condition_below", k, Piecewise((P, Float(0.3) < Rational(3, 10)), (R, True)), P,
             why="0.3 in binary is 0.2999999999999999888..."),
        false("folds.float_condition_below_r", k, Piecewise((P, Float(0.3) < Rational(3, 10)), (R, True)), R,
              witness=PR, why="0.3 in binary is below 3/10"),
    ]


def _folds_rebuilt():
    """The same folds left unevaluated, so that the engine's own rebuilding (substitution) decides them."""
    k = "19-folds"
    abs_a = Abs(a, evaluate=False)
    max_log = Max(log(1 + y), y / 2, evaluate=False)
    sign_a = sign(a, evaluate=False)
    floor_a = floor(-a, evaluate=False)
    pw = Piecewise((P, Lt(log(1 + y), y / 2, evaluate=False)), (R, True), evaluate=False)
    pw_g = Piecewise((P, Eq(g, 0, evaluate=False)), (R, True), evaluate=False)
    near_one = Piecewise((1, Lt(log(P + y), y / 2, evaluate=False)), (0, True), evaluate=False)
    return [
        true("folds.rebuilt.abs_is_a", k, abs_a, a, why="a > 0"),
        false("folds.rebuilt.abs_is_minus_a", k, abs_a, -a, witness={}, why="a > 0"),
        true("folds.rebuilt.max_is_log", k, max_log, log(1 + y), why="log(1 + y) > y/2"),
        false("folds.rebuilt.max_is_half", k, max_log, y / 2, witness={}, why="log(1 + y) > y/2"),
        true("folds.rebuilt.sign_a", k, sign_a, 1, why="a > 0"),
        false("folds.rebuilt.sign_a_negative", k, sign_a, -1, witness={}, why="a > 0"),
        true("folds.rebuilt.floor_minus_a", k, floor_a, -1, why="-a lies in (-1, 0)"),
        false("folds.rebuilt.floor_minus_a_zero", k, floor_a, 0, witness={}, why="-a < 0"),
        true("folds.rebuilt.piecewise_is_r", k, pw, R, why="log(1 + y) < y/2 is false"),
        false("folds.rebuilt.piecewise_is_p", k, pw, P, witness=PR, why="the value is R"),
        true("folds.rebuilt.piecewise_eq_is_r", k, pw_g, R, why="loggamma(1 + t) != 0"),
        false("folds.rebuilt.piecewise_eq_is_p", k, pw_g, P, witness=PR, why="the value is R"),
        true("folds.rebuilt.near_one_at_one", k, near_one, 0, conditions=(Eq(P, 1),),
             why="at P = 1 the condition is log(1 + y) < y/2, false"),
        false("folds.rebuilt.near_one_at_one_wrong", k, near_one, 1, conditions=(Eq(P, 1),), witness={P: 1},
              why="log(1 + y) > y/2"),
        false("folds.rebuilt.near_one_everywhere", k, near_one, 1, witness={P: 1},
              why="the condition fails for P above exp(y/2) - y, 1 included"),
        true("folds.rebuilt.near_one_at_most_one", k, near_one, 1, "<=", why="a Piecewise of 0 and 1"),
    ]


def _identity_zeros():
    k = "20-identity-zeros"
    logs = log(6) - log(2) - log(3)
    sines = sin(pi / 7) * sin(2 * pi / 7) * sin(3 * pi / 7)
    cosines = cos(pi / 7) - cos(2 * pi / 7) + cos(3 * pi / 7)
    tangents = tan(pi / 7) * tan(2 * pi / 7) * tan(3 * pi / 7)
    machin = 4 * atan(Rational(1, 5)) - atan(Rational(1, 239))
    euler = atan(half) + atan(third)
    radical = sqrt(3 + 2 * sqrt(2))
    cardano = real_root(2 + sqrt(5), 3) + real_root(2 - sqrt(5), 3)
    out = []
    for name, lhs, rhs, why in (
        ("logs", logs, 0, "log(6) = log(2) + log(3)"),
        ("sines", sines, sqrt(7) / 8, "the product of sin(k pi/7), k = 1..3, is sqrt(7)/8"),
        ("cosines", cosines, half, "cos(pi/7) - cos(2pi/7) + cos(3pi/7) = 1/2"),
        ("tangents", tangents, sqrt(7), "the product of tan(k pi/7), k = 1..3, is sqrt(7)"),
        ("machin", machin, pi / 4, "Machin's formula"),
        ("euler", euler, pi / 4, "atan(1/2) + atan(1/3) = pi/4"),
        ("radical", radical, 1 + sqrt(2), "(1 + sqrt(2))**2 = 3 + 2 sqrt(2)"),
        ("cardano", cardano, 1, "the real roots of x**3 + 3x - 4"),
        ("log_ratio", log(8) / log(2), 3, "log(8) = 3 log(2)"),
        ("power_of_log", 2 ** (log(3) / log(2)), 3, "2**log_2(3) = 3"),
    ):
        out += [
            true(f"zeros.{name}.equal", k, lhs, rhs, why=why),
            true(f"zeros.{name}.at_least", k, lhs, rhs, ">=", why=why),
        ]
        if name != "machin":  # no certificate of Machin's zero in exact.py: its false cases are left out
            out += [
                false(f"zeros.{name}.above", k, lhs, rhs, ">", witness={}, why=f"equal: {why}"),
                false(f"zeros.{name}.below", k, lhs, rhs, "<", witness={}, why=f"equal: {why}"),
            ]
    out += [
        true("zeros.logs_times_p", k, P * logs, 0, why="log(6) = log(2) + log(3)"),
        false("zeros.logs_times_p_positive", k, P * log(6), P * (log(2) + log(3)), ">", witness={P: half},
              why="equal"),
        false("zeros.logs_times_p_negative", k, P * log(6), P * (log(2) + log(3)), "<", witness={P: half},
              why="equal"),
        true("zeros.cosines_times_p", k, P * cosines, P / 2, why="cos(pi/7) - cos(2pi/7) + cos(3pi/7) = 1/2"),
        false("zeros.cosines_times_p_above", k, P * cosines, P / 2, ">", witness={P: half}, why="equal"),
        true("zeros.condition_strict_false", k, Piecewise((P, log(6) > log(2) + log(3)), (R, True)), R,
             why="log(6) > log(2) + log(3) is false"),
        true("zeros.condition_equal", k, Piecewise((P, Eq(sines, sqrt(7) / 8)), (R, True)), P,
             why="the product of sines is sqrt(7)/8"),
        true("zeros.abs_zero", k, Abs(logs), 0, why="log(6) - log(2) - log(3) = 0"),
        false("zeros.abs_positive", k, Abs(logs), 0, ">", witness={}, why="it is 0"),
        true("zeros.sign_zero", k, sign(sines - sqrt(7) / 8), 0, why="the product of sines is sqrt(7)/8"),
        false("zeros.sign_one", k, sign(sines - sqrt(7) / 8), 1, witness={}, why="it is 0"),
        true("zeros.perturbed_above", k, logs + Rational(1, 10**80), 0, ">", why="0 + 1e-80"),
        false("zeros.perturbed_below", k, logs + Rational(1, 10**80), 0, "<", witness={}, why="0 + 1e-80 > 0"),
    ]
    return out


def _calculus():
    k = "21-calculus-near-zero"
    kk = sympy.Symbol("kk", integer=True, positive=True)
    integral = Integral(log(1 + y * x), (x, 0, 1))  # about y/2
    return [
        true("calculus.derivative_positive", k, Derivative(a * P**2, P), 0, ">", why="2 a P > 0"),
        false("calculus.derivative_negative", k, Derivative(a * P**2, P), 0, "<", witness={P: half}, why="2 a P > 0"),
        true("calculus.derivative_value", k, Derivative(a * P**2, P), 2 * a * P, why="d/dP of a P**2"),
        false("calculus.subs_nonpositive", k, Subs(Derivative(log(1 + y * x), x), x, 1), 0, "<=", witness={},
              why="y/(1 + y) > 0"),
        true("calculus.subs_positive", k, Subs(Derivative(log(1 + y * x), x), x, 1), 0, ">", why="y/(1 + y) > 0"),
        false("calculus.integral_nonpositive", k, Integral(a * x, (x, 0, 1)), 0, "<=", witness={}, why="a/2 > 0"),
        true("calculus.integral_positive", k, Integral(a * x, (x, 0, 1)), 0, ">", why="a/2 > 0"),
        false("calculus.integral_below_third", k, integral, y / 3, "<", witness={}, why="about y/2 > y/3"),
        true("calculus.integral_above_third", k, integral, y / 3, ">", why="about y/2 > y/3"),
        false("calculus.integral_times_p", k, Integral(P * log(1 + y * x), (x, 0, 1)), P * y / 3, "<",
              witness={P: half}, why="about P y/2 > P y/3"),
        false("calculus.sum_nonpositive", k, Sum(a / 2**kk, (kk, 1, 3)), 0, "<=", witness={}, why="the sum is 7a/8 > 0"),
        true("calculus.sum_positive", k, Sum(a / 2**kk, (kk, 1, oo)), 0, ">", why="the sum is a > 0"),
        false("calculus.sum_finite_below", k, Sum(log(1 + y) * kk, (kk, 1, 3)), 3 * y, "<", witness={},
              why="6 log(1 + y), about 6y"),
        true("calculus.sum_finite_above", k, Sum(log(1 + y) * kk, (kk, 1, 3)), 3 * y, ">", why="about 6y > 3y"),
        false("calculus.limit_nonpositive", k, Limit(a * x / (x + 1), x, oo), 0, "<=", witness={},
              limits={Limit(a * x / (x + 1), x, oo): a}, why="the limit is a > 0"),
        true("calculus.limit_positive", k, Limit(a * x / (x + 1), x, oo), 0, ">", why="the limit is a > 0"),
        false("calculus.limit_at_p", k, Limit((P + x) * a, x, 0), 0, "<=", witness={P: half},
              limits={Limit((P + x) * a, x, 0): P * a}, why="the limit is P a > 0"),
        false("calculus.limit_log_below", k, Limit(log(1 + y * x) / x, x, 1), y / 2, "<", witness={},
              limits={Limit(log(1 + y * x) / x, x, 1): log(1 + y)}, why="the limit log(1 + y) > y/2"),
        true("calculus.limit_log_above", k, Limit(log(1 + y * x) / x, x, 1), y / 2, ">",
             why="the limit is log(1 + y) > y/2"),
    ]


def _assumptions():
    k = "22-subtle-assumptions"
    n = sympy.Symbol("n", nonnegative=True)
    m = sympy.Symbol("m", integer=True)
    j = sympy.Symbol("j", integer=True, nonnegative=True)
    z = sympy.Symbol("z", nonpositive=True)
    q = sympy.Symbol("q", nonzero=True, real=True)
    o = sympy.Symbol("o", zero=True)
    c = sympy.Symbol("c")  # complex
    w = sympy.Symbol("w", extended_positive=True)
    u = sympy.Symbol("u", extended_real=True)
    e = sympy.Symbol("e", extended_nonnegative=True)
    return [
        true("assume.nonnegative_sqrt_square", k, sqrt(n**2), n, why="n >= 0"),
        false("assume.nonnegative_positive", k, n, 0, ">", witness={n: 0}, why="n = 0 is admitted"),
        false("assume.nonnegative_log_positive", k, n * log(n + 1), 0, ">", witness={n: 0}, why="0 at n = 0"),
        true("assume.nonnegative_log_nonnegative", k, n * log(n + 1), 0, ">=", why="both factors >= 0"),
        false("assume.nonnegative_exp_ratio", k, exp(n) / (1 + n), 1, ">", witness={n: 0}, why="1 at n = 0"),
        false("assume.integer_sqrt_square", k, sqrt(m**2), m, witness={m: -1}, why="|m| != m for m < 0"),
        true("assume.integer_sqrt_abs", k, sqrt(m**2), Abs(m), why="sqrt(m**2) = |m| for real m"),
        false("assume.integer_square_above", k, m**2, m, ">", witness={m: 1}, why="1 = 1"),
        true("assume.integer_floor_ceiling", k, floor(m / 2) + ceiling(m / 2), m, why="m/2 split into its parts"),
        false("assume.integer_twice_floor", k, 2 * floor(m / 2), m, witness={m: 3}, why="odd m"),
        true("assume.integer_cos_square", k, cos(pi * m) ** 2, 1, why="cos(pi m) = +-1"),
        false("assume.integer_cos", k, cos(pi * m), 1, witness={m: 3}, why="cos(3 pi) = -1"),
        true("assume.integer_even_power", k, (-1) ** (2 * m), 1, why="an even power of -1"),
        false("assume.integer_power", k, (-1) ** m, 1, witness={m: 3}, why="odd m"),
        false("assume.natural_power_above", k, 2**j, j + 1, ">", witness={j: 1}, why="2 = 2"),
        false("assume.natural_factorial_above", k, sympy.factorial(j), j, ">", witness={j: 2}, why="2 = 2"),
        true("assume.nonpositive_abs", k, Abs(z), -z, why="z <= 0"),
        false("assume.nonpositive_abs_is_z", k, Abs(z), z, witness={z: -half}, why="|z| = -z != z for z < 0"),
        true("assume.nonpositive_sqrt_square", k, sqrt(z**2), -z, why="z <= 0"),
        false("assume.nonpositive_exp_below", k, exp(z), 1, "<", witness={z: 0}, why="exp(0) = 1"),
        true("assume.nonzero_square", k, q**2, 0, ">", why="q != 0 is real"),
        false("assume.nonzero_abs_ratio", k, Abs(q) / q, 1, witness={q: -3}, why="-1 for q < 0"),
        true("assume.nonzero_sign_square", k, sign(q) ** 2, 1, why="sign(q) = +-1"),
        true("assume.zero_times_p", k, o * P, 0, why="o = 0"),
        true("assume.zero_exp", k, exp(o), 1, why="o = 0"),
        false("assume.zero_exp_above", k, exp(o), 1, ">", witness={o: 0}, why="exp(0) = 1"),
        false("assume.complex_sqrt_square", k, sqrt(c**2), c, witness={c: -3}, why="sqrt((-3)**2) = 3"),
        false("assume.extended_nonnegative_exp", k, exp(-e), 0, ">", witness={e: oo}, why="exp(-oo) = 0"),
        true("assume.extended_nonnegative_exp_at_most_one", k, exp(-e), 1, "<=", why="exp(-e) <= 1, also at oo"),
        false("assume.extended_integral", k, Integral(exp(-x), (x, 0, w)), 1, "<", witness={w: oo},
              why="the integral over (0, oo) is 1"),
        false("assume.extended_one_minus_exp", k, 1 - exp(-w), 1, "<", witness={w: oo}, why="1 at w = oo"),
        false("assume.extended_condition_above", k, exp(u), 0, ">", conditions=(u < 1,), witness={u: -oo},
              why="exp(-oo) = 0"),
        false("assume.extended_condition_below", k, exp(-u), 0, ">", conditions=(u > 0,), witness={u: oo},
              why="exp(-oo) = 0"),
        false("assume.extended_ratio", k, w / (w + 1), 1, "<", witness={w: oo}, why="1 at w = oo"),
        false("assume.extended_log_below", k, log(w), w, "<", witness={w: oo}, why="oo < oo is false"),
        true("assume.extended_p_exp", k, P * exp(-w), P, "<", why="exp(-w) < 1 for w > 0, 0 at oo"),
    ]


def _extremes():
    k = "23-extreme-numbers"
    eps = Rational(1, 10**100)
    big = sympy.Pow(2, 10**6, evaluate=False)  # as written: printing 2**(10**6) in decimal is refused
    return [
        true("extreme.tiny_power_at_most_one", k, P**eps, 1, "<=", why="P <= 1"),
        false("extreme.tiny_power_below_one", k, P**eps, 1, "<", witness={P: 1}, why="1**eps = 1"),
        true("extreme.tiny_power_above_p", k, P**eps, P, ">=", why="P <= 1 and eps < 1"),
        true("extreme.tiny_power_bound", k, 1 - P**eps, -eps * log(P), "<=", why="1 - exp(-t) <= t"),
        false("extreme.tiny_power_bound_reversed", k, 1 - P**eps, -eps * log(P), ">=", witness={P: half},
              why="1 - exp(-t) < t for t > 0, by t**2/2 (about 2.4e-201)"),
        true("extreme.huge_power_at_most_p", k, P ** (2**100), P, "<=", why="P <= 1"),
        false("extreme.huge_power_below_p", k, P ** (2**100), P, "<", witness={P: 1}, why="1 = 1"),
        true("extreme.huge_integer_ratio", k, sympy.Mul(P, big, evaluate=False),
             sympy.Mul(P, sympy.Add(big, -1, evaluate=False), evaluate=False), ">", why="P > 0"),
        true("extreme.huge_integer_log", k, log(big), 10**6 * log(2), why="log(2**n) = n log(2)"),
        true("extreme.huge_integer_above_power_of_ten", k, big, sympy.Pow(10, 301029, evaluate=False), ">",
             why="2**(10**6) = 9.9e301029"),
        false("extreme.huge_integer_below_power_of_ten", k, sympy.Mul(big, log(2), evaluate=False),
              sympy.Pow(10, 301030, evaluate=False),
              ">", witness={}, why="2**(10**6) log(2) = 6.9e301029"),
        true("extreme.exp_minus_million_positive", k, exp(-(10**6)), 0, ">", why="exp is positive"),
        true("extreme.exp_minus_million_small", k, exp(-(10**6)), exp(-999999) / 2, "<", why="e > 2"),
        false("extreme.exp_minus_million_large", k, exp(-(10**6)), exp(-999999) / 3, "<", witness={}, why="e < 3"),
        true("extreme.exp_ratio", k, P * exp(-(10**6)), P * exp(-(10**6) - 1), ">", why="exp increases"),
        true("extreme.near_e_below", k, 10**20 * log(1 + Rational(1, 10**20)), 1, "<",
             why="(1 + 1/n)**n < e, with n = 10**20"),
        false("extreme.near_e_above", k, 10**20 * log(1 + Rational(1, 10**20)), 1, ">", witness={},
              why="n log(1 + 1/n) = 1 - 1/(2n) + ... < 1"),
        false("extreme.near_e_irrational", k, exp(sqrt(2) * 10**20 * log(1 + Rational(1, 10**20))),
              exp(sqrt(2)), ">=", witness={}, why="the exponent is below sqrt(2), by about sqrt(2)/(2n)"),
        true("extreme.float_above_tenth", k, Float(0.1), Rational(1, 10), ">", why="0.1000000000000000055..."),
        false("extreme.float_tenth_equal", k, Float(0.1) * P, P / 10, witness={P: half}, why="binary 0.1 != 1/10"),
        true("extreme.float_max", k, Max(Float(0.3), Rational(3, 10)), Rational(3, 10), why="binary 0.3 < 3/10"),
        false("extreme.float_max_float", k, Max(Float(0.3), Rational(3, 10)), Float(0.3), witness={},
              why="binary 0.3 < 3/10"),
        true("extreme.float_exponent", k, P ** Float(0.5), sqrt(P), why="0.5 is exact in binary"),
        false("extreme.float_exponent_tenth", k, P ** Float(0.1), P ** Rational(1, 10), witness={P: half},
              why="binary 0.1 != 1/10"),
    ]


@rigorous_numbers()
def build():
    """All cases of this module."""
    return _folds_built() + _folds_rebuilt() + _identity_zeros() + _calculus() + _assumptions() + _extremes()
