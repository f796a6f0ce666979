"""The power normaliser shared by the engine and explore: exact rewrites of powers.

SymPy does not combine ``(gamma**(1/(phi - 1)))**phi`` into
``gamma**(phi/(phi - 1))``, because ``1/(phi - 1)`` is infinite at ``phi = 1``;
wherever the expression is defined the two agree, since ``gamma`` is positive
and the exponents are real. Nor does it split ``(P*R)**rho`` unless told to.
:func:`normalize_powers` makes both rewrites, each valid under the symbols'
assumptions: the engine's ``powsimp`` strategy
(:mod:`symmetric.verify.strategies.search`) and explore's simplification
(:func:`symmetric.explore.algebra.tidy`) both start from it.

>>> from symmetric import P, R, gamma, phi, rho
>>> normalize_powers((P * gamma**(1 / (phi - 1)))**phi)
P**phi*gamma**(phi/(phi - 1))
>>> normalize_powers((P * R)**rho)
P**rho*R**rho
"""

from __future__ import annotations

import sympy

__all__ = ["normalize_powers"]


def _real_where_defined(exponent) -> bool:
    """Whether ``exponent`` is real wherever it is defined: a rational function of real symbols with real
    coefficients (``I*c`` is not: ``sqrt(P**(I/10))`` is not ``P**(I/20)``)."""
    symbols = exponent.free_symbols
    if exponent.has(sympy.I) or exponent.is_extended_real is False:
        return False
    constants = exponent.atoms(sympy.Number, sympy.NumberSymbol)
    return (
        all(s.is_real for s in symbols)
        and all(c.is_extended_real for c in constants)
        and exponent.is_rational_function(*symbols)
    )


def _denestable(e) -> bool:
    return (
        e.is_Pow
        and e.base.is_Pow
        and e.base.base.is_positive is True
        and e.exp.is_real is True
        and _real_where_defined(e.base.exp)
    )


def normalize_powers(expr: sympy.Expr) -> sympy.Expr:
    """Split powers of products of positive factors, and write ``(x**a)**b`` as ``x**(a*b)`` for positive x."""
    for _ in range(4):
        new = sympy.expand_power_base(expr).replace(_denestable, lambda e: sympy.Pow(e.base.base, e.base.exp * e.exp))
        if new == expr:
            break
        expr = new
    return expr
