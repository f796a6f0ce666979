"""Turn a user's parameter value into a SymPy expression without guessing.

Numbers are taken exactly: an int or a Fraction becomes a Rational, a float
whose value is an integer below 2**53 becomes that Integer (so ``rho=-2.0``
selects the same closed form as ``rho=-2``), and any other float stays a
Float. Strings are refused: expression text must go through
:mod:`symmetric.explore.parser`, never through ``sympify``.

Sizes are bounded so that building and printing an expression cannot hang:
exact numbers have at most :data:`MAX_NUMBER_BITS` bits, a numeric exponent
(``rho``, ``phi``) is at most :data:`MAX_EXPONENT` in absolute value, as in
the parser, and an exact power of two numbers has at most
:data:`MAX_POWER_BITS` bits. The numeric functions (:mod:`symmetric.numeric`)
take any finite value.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Callable
from fractions import Fraction

import sympy

from .._validation import InvalidParameterError

__all__ = [
    "parameter",
    "allowed_text",
    "select",
    "harmonic_form",
    "check_power",
    "MAX_EXPONENT",
    "MAX_NUMBER_BITS",
    "MAX_POWER_BITS",
]

#: Largest absolute value of a numeric exponent parameter (rho, phi), as for numeric exponents in the parser.
MAX_EXPONENT = 1000
#: Largest size, in bits, of the numerator or denominator of an exact number given as a parameter.
MAX_NUMBER_BITS = 1000
#: Largest size, in bits, of an exact power of numbers that a family computes (about 3000 digits).
MAX_POWER_BITS = 10000
# floats from this magnitude on are integers; they stay Floats (an exact 10**100 helps no one)
_EXACT_FLOAT_INTEGERS = 2.0**53


def parameter(value: object, *, name: str, func: str, positive: bool, exponent: bool = False) -> sympy.Expr:
    """Return ``value`` as a SymPy expression, or raise InvalidParameterError.

    ``exponent`` marks a parameter that becomes an exponent: a number must
    then be at most :data:`MAX_EXPONENT` in absolute value.

    >>> parameter(-2.0, name="rho", func="g_beta_rho", positive=False)
    -2
    >>> parameter(Fraction(1, 3), name="beta", func="f_beta", positive=True)
    1/3
    >>> parameter(0, name="beta", func="f_beta", positive=True)
    Traceback (most recent call last):
        ...
    symmetric.InvalidParameterError: The 'beta' parameter of f_beta must be a positive real number or a SymPy expression. Got 0 instead.
    """
    allowed = allowed_text(name=name, func=func, positive=positive, exponent=exponent)

    def bad() -> InvalidParameterError:
        return InvalidParameterError.of(name, func, allowed, value)

    if isinstance(value, (bool, str, bytes)):
        raise bad()
    if isinstance(value, sympy.Basic):
        if not isinstance(value, sympy.Expr):
            raise bad()
        expr = value
    elif isinstance(value, numbers.Integral):
        expr = sympy.Integer(int(value))
    elif isinstance(value, Fraction):
        expr = sympy.Rational(value.numerator, value.denominator)
    elif isinstance(value, numbers.Real):
        x = float(value)
        if not math.isfinite(x):
            raise bad()
        expr = sympy.Integer(int(x)) if x.is_integer() and abs(x) < _EXACT_FLOAT_INTEGERS else sympy.Float(x)
    else:
        raise bad()
    if expr.is_number:
        if expr.is_extended_real is not True or expr.is_finite is not True:
            raise bad()
        if positive and expr.is_positive is not True:
            raise bad()
        if expr.is_Rational and max(abs(expr.p).bit_length(), expr.q.bit_length()) > MAX_NUMBER_BITS:
            raise InvalidParameterError.of(
                name,
                func,
                f"a number whose numerator and denominator have at most {MAX_NUMBER_BITS} bits, or a SymPy expression",
                value,
            )
        if exponent and abs(expr) > MAX_EXPONENT:
            raise bad()
    elif (positive and expr.is_positive is False) or expr.is_extended_real is False:
        raise bad()
    return expr


def allowed_text(*, name: str, func: str, positive: bool, exponent: bool = False) -> str:
    """What :func:`parameter` allows, as its error states it."""
    if exponent:
        return (
            f"a finite real number with |{name}| <= {MAX_EXPONENT} or a SymPy expression "
            f"(symmetric.numeric.{func} evaluates any finite {name})"
        )
    return ("a positive real number" if positive else "a finite real number") + " or a SymPy expression"


def check_power(base: sympy.Expr, exponent: sympy.Expr, *, name: str, func: str, value: object) -> None:
    """Refuse an exponent ``value`` (parameter ``name``) whose exact power of the number ``base`` is too large.

    >>> check_power(sympy.Integer(2), sympy.Integer(1000), name="rho", func="g_beta_rho", value=1000)
    >>> check_power(sympy.Integer(10)**100, sympy.Integer(1000), name="rho", func="g_beta_rho", value=1000)
    Traceback (most recent call last):
        ...
    symmetric.InvalidParameterError: The 'rho' parameter of g_beta_rho must be a finite real number with |rho| <= 30 when the base is 1e+100 (exact powers are limited to 10000 bits) or a SymPy expression. Got 1000 instead.
    """
    if not (base.is_Rational and exponent.is_Rational) or base in (0, 1):
        return
    bits = max(abs(base.p).bit_length(), base.q.bit_length())
    if bits * abs(exponent) > MAX_POWER_BITS:
        shown = sympy.sstr(base) if bits <= 64 else f"{float(base):.3g}"
        raise InvalidParameterError.of(
            name,
            func,
            f"a finite real number with |{name}| <= {MAX_POWER_BITS // bits} when "
            f"the base is {shown} (exact powers are limited to {MAX_POWER_BITS} bits) or a "
            "SymPy expression",
            value,
        )


def select(branches: list[tuple[Callable[[], sympy.Expr], sympy.Basic]], otherwise) -> sympy.Expr:
    """Pick the branch whose condition holds, or build a Piecewise.

    ``branches`` holds ``(make_expr, condition)`` pairs and ``otherwise`` makes
    the general case; the callables are only called for branches that can be
    taken, so a formula that is singular at a stipulated point (``1/phi`` at
    ``phi = 0``) is never built there.
    """
    pieces: list = []
    for make, condition in branches:
        if condition is sympy.true:
            if not pieces:
                return make()
            pieces.append((make(), True))
            return sympy.Piecewise(*pieces)
        if condition is not sympy.false:
            pieces.append((make(), condition))
    if not pieces:
        return otherwise()
    return sympy.Piecewise(*pieces, (otherwise(), True))


def harmonic_form(expr: sympy.Expr, exponent: sympy.Expr) -> sympy.Expr:
    """Write a power mean whose outer exponent is -1 as one fraction.

    The weighted harmonic mean ``(a/P + b/R)**-1`` reads better as
    ``P*R/(b*P + a*R)``; other exponents are returned unchanged.
    """
    # together(), not factor(): factor() turns floats into rationals and factors large integers (seconds for
    # beta = 10**100 or 1e-324); on the families' harmonic forms the two agree
    return sympy.together(expr) if exponent == -1 else expr
