"""Exact signs of one-variable rational functions on an interval (Sturm sequences).

:func:`univariate_signs` decides which signs an expression in a single
variable ``x`` takes on the interval the domain gives ``x``, when the
expression is a rational function of ``x`` with rational coefficients, after
``x = u**q`` turns rational exponents ``x**(a/q)`` into integer ones (``x``
positive). The numerator and denominator are split into square-free factors
(``Poly.sqf_list``); each factor's real roots inside the interval are
counted with ``Poly.count_roots`` (Sturm sequences, exact rational
arithmetic), so a factor without roots there has the sign it has at any
interior rational point, and a factor of even multiplicity with roots is
nonnegative. Closed endpoints are evaluated exactly.

What it trusts: SymPy's ``Poly`` arithmetic, ``sqf_list`` and
``count_roots`` over the rationals, and ``together``/``powdenest`` as
identities for a positive variable.

>>> import sympy
>>> from symmetric.verify.signs.decide import Domain, Interval
>>> x = sympy.Symbol("x", positive=True)
>>> d = Domain.of_symbols([x])
>>> sorted(univariate_signs((x - 1)**2 * (x + 2) / (x**2 + 1), d))   # zero at x = 1 only
[0, 1]
>>> sorted(univariate_signs(x**sympy.Rational(1, 3) - (x + 2) / 3, d))   # AM-GM with weights 1/3, 2/3
[-1, 0]
>>> sorted(univariate_signs(x**3 - 2*x, d.restrict(x, Interval(2, 3))))
[1]
"""

from __future__ import annotations

from functools import reduce

import sympy

from ..core.relations import ANY, NONNEG, ZERO
from ..signs.decide import Domain, Interval, mul_signs, number_sign

__all__ = ["polynomial_signs", "univariate_signs"]


def _interior_point(iv: Interval):
    lo, hi = iv.lo, iv.hi
    if lo.is_finite and hi.is_finite:
        return (lo + hi) / 2
    if lo.is_finite:
        return lo + 1
    if hi.is_finite:
        return hi - 1
    return sympy.Integer(0)


def polynomial_signs(poly: sympy.Poly, iv: Interval) -> frozenset | None:
    """The signs the univariate rational polynomial ``poly`` takes on ``iv`` (a superset), or None."""
    if poly.is_zero:
        return ZERO
    for end in (iv.lo, iv.hi):
        if end.is_finite and not end.is_Rational:
            return None
    inf = iv.lo if iv.lo.is_finite else None
    sup = iv.hi if iv.hi.is_finite else None
    coeff, factors = poly.sqf_list()
    out = frozenset({number_sign(coeff)})
    for f, m in factors:
        if f.degree() == 0:
            signs = frozenset({number_sign(f.as_expr() ** m)})
        else:
            roots = f.count_roots(inf, sup)
            for end in (inf, sup):
                if end is not None and f.eval(end) == 0:
                    roots -= 1
            if roots == 0:
                signs = frozenset({number_sign(f.eval(_interior_point(iv)) ** m)})
            else:
                signs = NONNEG if m % 2 == 0 else ANY
            for end, closed in ((inf, iv.lo_closed), (sup, iv.hi_closed)):
                if end is not None and closed:
                    signs |= {number_sign(f.eval(end) ** m)}
        if None in signs:
            return None
        out = mul_signs(out, signs)
    return out


def _clear_rational_exponents(expr, x, iv: Interval):
    """``(expr with x = u**q, u, interval of u)``, so that ``u`` has integer exponents only."""
    exponents = [p.exp for p in expr.atoms(sympy.Pow) if p.base == x]
    if not all(e.is_Rational for e in exponents):
        return None
    q = reduce(sympy.ilcm, [e.q for e in exponents], 1)
    if q == 1:
        return expr, x, iv
    if iv.signs() - {1}:  # a fractional power of x needs x > 0
        return None
    u = sympy.Dummy("u", positive=True)
    ends = [sympy.root(e, q) if e.is_finite else e for e in (iv.lo, iv.hi)]
    if not all(e.is_Rational or e.is_infinite for e in ends):
        return None
    return sympy.powdenest(expr.xreplace({x: u**q})), u, Interval(ends[0], ends[1], iv.lo_closed, iv.hi_closed)


def univariate_signs(expr, domain: Domain) -> frozenset | None:
    """The signs of ``expr``, a rational function of its one free symbol, on ``domain``; or None."""
    expr = sympy.sympify(expr)
    if expr.is_number:
        s = number_sign(expr)
        return None if s is None else frozenset({s})
    if len(expr.free_symbols) != 1:
        return None
    (x,) = expr.free_symbols
    iv = domain.interval(x)
    if iv is None or not expr.is_rational_function(x):
        cleared = None if iv is None else _clear_rational_exponents(expr, x, iv)
        if cleared is None or not cleared[0].is_rational_function(cleared[1]):
            return None
        expr, x, iv = cleared
    num, den = sympy.fraction(sympy.together(expr))
    try:
        pn, pd = sympy.Poly(num, x, domain="QQ"), sympy.Poly(den, x, domain="QQ")
    except (sympy.PolynomialError, sympy.polys.polyerrors.CoercionFailed):
        return None
    sn, sd = polynomial_signs(pn, iv), polynomial_signs(pd, iv)
    if sn is None or sd is None or 0 in sd:
        return None
    return mul_signs(sn, sd)
