"""Turn a user's parameter value into a SymPy expression without guessing.

Numbers are taken exactly: an int or a Fraction becomes a Rational, a float
whose value is an integer becomes that Integer (so ``rho=-2.0`` selects the
same closed form as ``rho=-2``), and any other float stays a Float. Strings are
refused: expression text must go through :mod:`symmetric.explore.parser`,
never through ``sympify``.
"""

from __future__ import annotations

import math
import numbers
from fractions import Fraction

import sympy

from .._validation import InvalidParameterError

__all__ = ["parameter", "select", "harmonic_form"]


def parameter(value: object, *, name: str, func: str, positive: bool) -> sympy.Expr:
    """Return ``value`` as a SymPy expression, or raise InvalidParameterError.

    >>> parameter(-2.0, name="rho", func="g_beta_rho", positive=False)
    -2
    >>> parameter(Fraction(1, 3), name="beta", func="f_beta", positive=True)
    1/3
    >>> parameter(0, name="beta", func="f_beta", positive=True)
    Traceback (most recent call last):
        ...
    symmetric._validation.InvalidParameterError: The 'beta' parameter of f_beta must be a positive real number or a SymPy expression. Got 0 instead.
    """
    allowed = ("a positive real number" if positive else "a finite real number") + " or a SymPy expression"

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
        expr = sympy.Integer(int(x)) if x.is_integer() else sympy.Float(x)
    else:
        raise bad()
    if expr.is_number:
        if expr.is_extended_real is not True or expr.is_finite is not True:
            raise bad()
        if positive and expr.is_positive is not True:
            raise bad()
    elif (positive and expr.is_positive is False) or expr.is_extended_real is False:
        raise bad()
    return expr


def select(branches: list[tuple[object, sympy.Basic]], otherwise) -> sympy.Expr:
    """Pick the branch whose condition holds, or build a Piecewise.

    ``branches`` holds ``(make_expr, condition)`` pairs and ``otherwise`` makes
    the general case; the callables are only called for branches that can be
    taken, so a formula that is singular at a stipulated point (``1/phi`` at
    ``phi = 0``) is never built there.
    """
    pieces = []
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
    """Factor a power mean whose outer exponent is -1 into one fraction.

    The weighted harmonic mean ``(a/P + b/R)**-1`` reads better as
    ``P*R/(b*P + a*R)``; other exponents are returned unchanged.
    """
    return sympy.factor(expr) if exponent == -1 else expr
