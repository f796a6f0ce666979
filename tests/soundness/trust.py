"""Classes 10 to 14 (issue 23): where a SymPy facility the engine trusted is not exact on the domain.

* 10: complex exponents denested as if real (``sqrt(P**(I/10)) == P**(I/20)``
  fails at tiny P), and statements whose values are not real;
* 11: SymPy's assumptions on inverse trigonometric functions (``atan(r)`` is
  "irrational" for every rational r, 0 included) and integer-valued
  expressions that vanish only at an integer root of the statement's own
  polynomial (``atan(n**3 - 12167)**2 > 0`` fails at n = 23);
* 12: Floats: a Float means its exact binary value, and no rounding may
  prove anything (``Float('0.1', 100)*P*R == P*R/10`` is false by 1.8e-103);
* 13: derivatives at a point where the function has a kink
  (``Subs(Derivative(Min(P, R), P), P, R)`` does not exist);
* 14: symbols with number-theoretic and other assumptions (prime, composite,
  even, odd, irrational, rational): a counterexample must satisfy them all;
* 15 (found by the fuzzer): numbers SymPy's ``evalf`` gets wrong, because it
  rounds a rational argument to its working precision first
  (``log(1 + 10**-60)`` evaluates to 0, and the sign of
  ``log(1 + 10**-60) - 10**-60/2`` comes out negative).

The falsity of each false case is certified by :mod:`.exact` without the
engine: exact rational arithmetic on the Floats' binary values, minimal
polynomials, ``evalf(strict=True)``, and for a derivative at a point the two
one-sided difference quotients evaluated with mpmath at 10**-20 and 10**-40,
which must differ (its closed form is ``nan``).

>>> cases = build()
>>> sorted({c.klass for c in cases})
['10-complex', '11-inverse-trig', '12-floats', '13-derivatives', '14-assumptions', '15-evalf']
"""

from __future__ import annotations

import sympy
from sympy import (Abs, Derivative, Float, Heaviside, I, Max, Min, Piecewise, Rational, Subs, acos, asin, atan,
                   binomial, ceiling, floor, nan, sqrt)

from symmetric import P, R, beta, rho

from .case import false, true, x

__all__ = ["build"]

n = sympy.Symbol("n", integer=True)
m = sympy.Symbol("m", integer=True, nonnegative=True)
p = sympy.Symbol("p", prime=True)
c = sympy.Symbol("c", composite=True)
e = sympy.Symbol("e", even=True)
o = sympy.Symbol("o", odd=True)
q = sympy.Symbol("q", irrational=True)
r = sympy.Symbol("r", rational=True)
half = Rational(1, 2)


def _complex():
    k = "10-complex"
    tiny = Rational(1, 10**30)
    return [
        false("complex.denest_sqrt", k, sqrt(P**(I / 10)), P**(I / 20), witness={P: tiny},
              why="principal branches: at P = 1e-30 the sides are negatives of each other"),
        false("complex.denest_rho", k, sqrt(P**(I * rho)), P**(I * rho / 2), witness={P: tiny, rho: 1},
              why="the inner exponent I*rho is not real"),
        false("complex.modulus_below_one", k, Abs(P**I), 1, "<", witness={P: half},
              why="|P**I| = 1 for positive P"),
        true("complex.integer_power", k, (P**(I / 10))**2, P**(I / 5),
             why="an integer power of a power multiplies the exponents for every base"),
        true("complex.product", k, P**(I / 10) * P**(I / 10), P**(I / 5),
             why="b**u * b**v = b**(u + v) for every exponent"),
        true("complex.polynomial", k, (P + I * R)**2, P**2 - R**2 + 2 * I * P * R,
             why="polynomial arithmetic holds for complex values"),
        true("complex.real_powers_still_denest", k, sqrt(P**(rho / 10)), P**(rho / 20),
             why="positive base, real exponents"),
    ]


def _inverse_trig():
    k = "11-inverse-trig"
    out = [
        false("trig.atan_cubic_root", k, atan(n**3 - 12167)**2, 0, ">", witness={n: 23},
              why="23**3 = 12167: atan(0)**2 = 0"),
        false("trig.asin_linear_root", k, asin(n - 4)**2, 0, ">", witness={n: 4}, why="asin(0) = 0"),
        false("trig.acos_at_one", k, acos(n - 2)**2, 0, ">", witness={n: 3}, why="acos(1) = 0"),
        false("trig.atan_real_zero", k, x * atan(x), 0, ">", witness={x: 0}, why="0 at x = 0"),
        false("trig.atan_ratio", k, atan(n**2 - 49) / (n + 8), 0, ">", witness={n: 7},
              why="atan(0)/15 = 0"),
        false("trig.piecewise_branch", k, Piecewise((atan(n**3 - 27)**2, n > 0), (1, True)), 0, ">",
              witness={n: 3}, why="the first branch vanishes at n = 3"),
        false("trig.floor_root", k, atan(floor(rho)**3 - 8)**2, 0, ">", witness={rho: Rational(5, 2)},
              why="floor(5/2) = 2 and 2**3 = 8"),
        false("trig.ceiling_root", k, atan(ceiling(rho)**2 - 9)**2, 0, ">", witness={rho: Rational(11, 4)},
              why="ceiling(11/4) = 3"),
        false("trig.binomial_below_k", k, binomial(m, 3), 0, ">", witness={m: 2},
              why="binomial(2, 3) = 0: no way to choose 3 of 2"),
        false("trig.atan_equation", k, atan(n - 5), atan(n) - atan(5), witness={n: 1},
              why="atan(-4) != atan(1) - atan(5) (only tan is additive in that way)"),
        false("trig.atan2_linear_root", k, sympy.atan2(n - 5, 1)**2, 0, ">", witness={n: 5},
              why="atan2(0, 1) = 0"),
        true("trig.atan2_shifted", k, sympy.atan2(n**2 + 1, 1)**2, 0, ">", why="atan2(y, 1) != 0 for y != 0"),
        true("trig.atan_square_nonnegative", k, atan(n**3 - 12167)**2, 0, ">=", why="a real square"),
        true("trig.atan_positive", k, atan(P), 0, ">", why="atan is positive for positive arguments"),
        true("trig.atan_odd", k, atan(-x), -atan(x), why="atan is odd"),
        true("trig.asin_of_half", k, asin(half), sympy.pi / 6, why="sin(pi/6) = 1/2"),
        true("trig.atan_shifted_square", k, atan(n**2 + 1)**2, 0, ">", why="n**2 + 1 >= 1"),
        true("trig.binomial_nonnegative", k, binomial(m, 3), 0, ">=", why="a count"),
    ]
    return out


def _floats():
    k = "12-floats"
    return [
        false("float.tenth_100_equation", k, Float("0.1", 100) * P * R, P * R / 10, witness={P: 1, R: 1},
              why="the 100-digit binary value of 0.1 is not 1/10 (about 1.8e-103 off)"),
        false("float.tenth_150_below", k, Float("0.1", 150) * P, P / 10, ">=", witness={P: 1},
              why="the 150-digit binary value of 0.1 is below 1/10"),
        false("float.tenth_double", k, Float("0.1") * P, P / 10, witness={P: 1},
              why="the double nearest 0.1 is 0.1000000000000000055..."),
        false("float.tenth_double_below", k, Float("0.1") * P, P / 10, "<=", witness={P: 1},
              why="the double nearest 0.1 lies above 1/10"),
        false("float.exponent", k, P**Float("0.1"), P**Rational(1, 10), witness={P: half},
              why="the exponent's binary value is not 1/10"),
        true("float.half", k, Float(0.5) * P, P / 2, why="0.5 is exact in binary"),
        true("float.quarter_below", k, Float(0.25) * P, P, "<=", why="0.25 is exact"),
        true("float.tenth_double_above", k, Float("0.1") * P, P / 10, ">",
             why="the double nearest 0.1 lies above 1/10"),
        true("float.exponent_half", k, P**Float(0.5), sqrt(P), why="0.5 is exact"),
        true("float.scaled", k, Float(0.75) * P + Float(0.25) * P, P, why="0.75 + 0.25 = 1 exactly"),
    ]


def _derivatives():
    k = "13-derivatives"
    d_abs = Subs(Derivative(Abs(rho - 1), rho), rho, 1)
    d_min = Subs(Derivative(Min(P, R), P), P, R)
    d_max = Subs(Derivative(Max(P, R), P), P, R)
    d_heaviside = Subs(Derivative(Heaviside(rho), rho), rho, 0)
    d_floor = Subs(Derivative(floor(rho), rho), rho, 2)
    d_piecewise = Subs(Derivative(Piecewise((rho, rho < 0), (2 * rho, True)), rho), rho, 0)
    return [
        false("derivative.abs_kink", k, d_abs, 0, witness={}, limits={d_abs: nan},
              why="the one-sided difference quotients are -1 and 1"),
        false("derivative.min_diagonal", k, d_min, half, witness={R: half}, limits={d_min: nan},
              why="the one-sided difference quotients of Min(P, R) at P = R are 1 and 0"),
        false("derivative.max_diagonal", k, d_max, half, witness={R: half}, limits={d_max: nan},
              why="the one-sided difference quotients of Max(P, R) at P = R are 0 and 1"),
        false("derivative.heaviside_jump", k, d_heaviside, 0, witness={}, limits={d_heaviside: sympy.oo},
              why="both difference quotients of the jump from 0 to 1 (1/2 at 0) grow without bound"),
        false("derivative.floor_jump", k, d_floor, 0, witness={}, limits={d_floor: nan},
              why="floor jumps at 2: the quotients diverge from the left"),
        false("derivative.piecewise_kink", k, d_piecewise, Rational(3, 2), witness={}, limits={d_piecewise: nan},
              why="the one-sided quotients are 1 and 2"),
        true("derivative.abs_off_kink", k, Subs(Derivative(Abs(rho - 1), rho), rho, 2), 1,
             why="Abs(rho - 1) = rho - 1 near 2"),
        true("derivative.min_below_diagonal", k, Subs(Derivative(Min(P, R), P), P, R / 2), 1,
             why="Min(P, R) = P near P = R/2"),
        true("derivative.abs_times_x", k, Subs(Derivative(x * Abs(x), x), x, 0), 0,
             why="the quotients are |h|, which tends to 0 from both sides"),
        true("derivative.smooth", k, Subs(Derivative(P**2 * R, P), P, R), 2 * R**2,
             why="the derivative of a polynomial"),
    ]


def _assumptions():
    k = "14-assumptions"
    return [
        false("assume.prime_at_least_3", k, p, 3, ">=", witness={p: 2}, why="2 is prime", must_refute=True),
        false("assume.composite_at_least_5", k, c, 5, ">=", witness={c: 4}, why="4 is composite", must_refute=True),
        false("assume.even_square_at_least_4", k, e**2, 4, ">=", witness={e: 0}, why="0 is even", must_refute=True),
        false("assume.odd_square_at_least_9", k, o**2, 9, ">=", witness={o: 1}, why="1 is odd", must_refute=True),
        false("assume.irrational_square_above_2", k, q**2, 2, ">", witness={q: sqrt(2)}, why="sqrt(2)**2 = 2"),
        false("assume.prime_odd", k, (-1)**p, -1, witness={p: 2}, why="2 is an even prime", must_refute=True),
        false("assume.rational_square", k, r**2, 2 * r, ">", witness={r: 1}, why="1 < 2"),
        true("assume.prime_at_least_2", k, p, 2, ">=", why="every prime is at least 2"),
        true("assume.composite_at_least_4", k, c, 4, ">=", why="the least composite is 4"),
        true("assume.odd_square_at_least_1", k, o**2, 1, ">=", why="an odd number is not 0"),
        true("assume.even_parity", k, (-1)**e, 1, why="(-1)**even = 1"),
        true("assume.irrational_nonzero", k, q**2, 0, ">", why="0 is rational"),
        true("assume.odd_parity", k, (-1)**o, -1, why="(-1)**odd = -1"),
        true("assume.huge_power", k, P**(10**6), P**(10**6 - 1), "<=", why="P**k decreases in k on (0, 1]"),
        true("assume.prime_beta", k, beta**p, 0, ">", why="a power of a positive number"),
    ]


def _evalf():
    k = "15-evalf"
    t = Rational(1, 10**60)
    return [
        false("evalf.log_near_one_below_half", k, sympy.log(1 + t), t / 2, "<", witness={},
              why="log(1 + t) = t - t**2/2 + ... > t/2"),
        false("evalf.log_near_one_zero", k, sympy.log(1 + t), 0, witness={}, why="log(1 + t) > 0 for t > 0"),
        false("evalf.acos_near_one", k, acos(1 - t), Rational(1, 10**29), ">", witness={},
              why="acos(1 - t) = sqrt(2*t)*(1 + ...) = 1.41e-30"),
        false("evalf.acos_near_one_zero", k, P * acos(1 - t), 0, witness={P: 1},
              why="acos(1 - t) > 0 for 0 < t (SymPy's is_zero says True)"),
        false("evalf.log_near_one_symbolic", k, sympy.log(1 + t * P), t * P, ">", witness={P: 1},
              why="log(1 + u) < u for u > 0"),
        true("evalf.log_near_one_above_half", k, sympy.log(1 + t), t / 2, ">", why="log(1 + t) > t - t**2/2"),
        true("evalf.log_above_zero", k, sympy.log(1 + P**2), 0, ">", why="1 + P**2 > 1"),
    ]


def build():
    """All cases of this module."""
    return _complex() + _inverse_trig() + _floats() + _derivatives() + _assumptions() + _evalf()
