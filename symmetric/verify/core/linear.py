"""The one linear solver: ``expr = a*symbol + b``, for every part of the engine and for explore.

>>> from symmetric import P, R, rho
>>> linear_coefficients(P - 7 * R, P), linear_coefficients(P**2 - R, P), linear_coefficients(R, P)
((1, -7*R), None, None)
>>> linear_root(2 * rho + 1, rho), linear_root(rho**2 - 1, rho), linear_root(rho - P, rho)
(-1/2, None, None)
>>> const, coefficients = affine_form(2 * P - 3 * R + 1)
>>> const, coefficients[P], coefficients[R], affine_form(P * R)
(1, 2, -3, None)
"""

from __future__ import annotations

import sympy

__all__ = ["affine_form", "linear_coefficients", "linear_root"]


def linear_coefficients(expr, symbol) -> tuple[sympy.Expr, sympy.Expr] | None:
    """``(a, b)`` when ``expr`` is ``a*symbol + b`` with ``a != 0`` and ``a``, ``b`` free of ``symbol``, else None.

    ``a`` and ``b`` are SymPy expressions in the other symbols (``P - 7*R`` in
    ``P``: ``(1, -7*R)``); the caller asks what it needs of them (a number, a
    known sign).
    """
    try:
        poly = sympy.Poly(expr, symbol)
    except sympy.PolynomialError:
        return None
    if poly.degree() != 1:
        return None
    a, b = poly.all_coeffs()
    if a.has(symbol) or b.has(symbol):
        return None
    return a, b


def linear_root(expr, symbol) -> sympy.Expr | None:
    """The root of ``expr`` when it is ``a*symbol + b`` with real numbers ``a != 0`` and ``b``, else None.

    The special values of a parameter (where a condition or a Piecewise
    branch switches, where an exponent's denominator vanishes) are such
    roots; the engine's sampling and explore's regimes
    (:func:`symmetric.explore.regimes.special_values`) both find them with it.
    """
    expr = sympy.expand(expr)
    if expr.free_symbols != {symbol}:
        return None
    solved = linear_coefficients(expr, symbol)
    if solved is None:
        return None
    a, b = solved
    if not (a.is_number and b.is_number and a.is_real and b.is_real):
        return None
    return -b / a


def affine_form(expr) -> tuple[sympy.Expr, dict[sympy.Symbol, sympy.Expr]] | None:
    """``(constant, {symbol: coefficient})`` when ``expr`` is affine in all its symbols with numeric
    coefficients (as it stands: not expanded), else None. The sign decider reads a sum of bounded symbols so."""
    const, coeffs = sympy.Integer(0), dict[sympy.Symbol, sympy.Expr]()
    for term, c in expr.as_coefficients_dict().items():
        if not c.is_number:
            return None
        if term == 1:
            const += c
        elif isinstance(term, sympy.Symbol):
            coeffs[term] = coeffs.get(term, 0) + c
        else:
            return None
    return const, coeffs
