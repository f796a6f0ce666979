"""Conditions as domains: a sign assumed for an expression narrows a :class:`~.decide.Domain`.

A linear condition on one symbol bounds its interval (``rho >= 0``); any other
becomes a fact of the domain (``P - R < 0``).

>>> import sympy
>>> from symmetric import P, R, rho
>>> from .decide import NEG, NONNEG, Domain
>>> assume(Domain.of_symbols([rho]), rho - 1, NONNEG).describe()
'1 <= rho'
>>> assume(Domain.of_symbols([P, R]), P - R, NEG).describe()
'P - R < 0'
"""

from __future__ import annotations

import sympy

from .decide import NEG, NONNEG, NONPOS, POS, ZERO, Domain, Interval, number_sign

__all__ = ["affine_in_one", "assume"]


def affine_in_one(expr):
    """``(symbol, root, slope_sign)`` when ``expr`` is ``a*symbol + b`` with numbers ``a != 0`` and ``b``."""
    expr = sympy.expand(expr)
    syms = expr.free_symbols
    if len(syms) != 1:
        return None
    (s,) = syms
    a, b = expr.coeff(s, 1), expr.coeff(s, 0)
    if not (a.is_number and b.is_number) or a == 0 or sympy.expand(a * s + b - expr) != 0:
        return None
    slope = number_sign(a)
    if slope is None or number_sign(b) is None:
        return None
    return s, -b / a, slope


_INTERVAL_OF_SIGN = {  # the interval of s where (s - root) has these signs
    POS: lambda c: Interval(c, sympy.oo), NEG: lambda c: Interval(-sympy.oo, c),
    NONNEG: lambda c: Interval(c, sympy.oo, lo_closed=True), NONPOS: lambda c: Interval(-sympy.oo, c, hi_closed=True),
    ZERO: lambda c: Interval.point(c),
}


def assume(domain: Domain, expr, signs: frozenset) -> Domain | None:
    """``domain`` where ``expr`` has a sign in ``signs``: a bound when ``expr`` is affine in one symbol, else a fact."""
    solved = affine_in_one(expr)
    if solved is not None and signs in _INTERVAL_OF_SIGN:
        s, root, slope = solved
        wanted = signs if slope > 0 else frozenset(-x for x in signs)
        return domain.restrict(s, _INTERVAL_OF_SIGN[wanted](root))
    if not expr.free_symbols:
        s = number_sign(expr)
        return domain if s is not None and s in signs else None
    return domain.with_fact(expr, signs)
