"""Exact rewrites that help SymPy simplify metrics: each is valid under the symbols' assumptions.

SymPy does not combine ``(gamma**(1/(phi - 1)))**phi`` into
``gamma**(phi/(phi - 1))``, because ``1/(phi - 1)`` is infinite at ``phi = 1``;
wherever the expression is defined the two agree, since ``gamma`` is positive
and the exponents are real. :func:`normalize_powers` makes such rewrites, and
:func:`tidy` uses it before ``simplify``.

>>> import sympy
>>> from symmetric import P, R, beta, gamma, phi
>>> normalize_powers((P * gamma**(1 / (phi - 1)))**phi)
P**phi*gamma**(phi/(phi - 1))
>>> tidy((beta**3 + beta**2) / beta**(5 / sympy.Integer(2)))
(beta + 1)/sqrt(beta)
"""

from __future__ import annotations

import math

import sympy

__all__ = ["normalize_powers", "simplify_radicals", "tidy"]


def _real_where_defined(exponent) -> bool:
    symbols = exponent.free_symbols
    return all(s.is_real for s in symbols) and exponent.is_rational_function(*symbols)


def _denestable(e) -> bool:
    return (e.is_Pow and e.base.is_Pow and e.base.base.is_positive is True and e.exp.is_real is True
            and _real_where_defined(e.base.exp))


def normalize_powers(expr: sympy.Expr) -> sympy.Expr:
    """Split powers of products of positive factors, and write ``(x**a)**b`` as ``x**(a*b)`` for positive x."""
    for _ in range(4):
        new = sympy.expand_power_base(expr).replace(_denestable, lambda e: sympy.Pow(e.base.base, e.base.exp * e.exp))
        if new == expr:
            break
        expr = new
    return expr


def simplify_radicals(expr: sympy.Expr) -> sympy.Expr:
    """Simplify after writing each positive symbol with fractional powers as ``u**n``."""
    mapping = {}
    for s in sorted(expr.free_symbols, key=lambda s: s.name):
        if not s.is_positive:
            continue
        denominators = [p.exp.q for p in expr.atoms(sympy.Pow) if p.base == s and p.exp.is_Rational]
        n = math.lcm(*denominators) if denominators else 1
        if n > 1:
            mapping[s] = (sympy.Dummy(s.name, positive=True), n)
    if not mapping:
        return expr
    substituted = expr.xreplace({s: u**n for s, (u, n) in mapping.items()})
    simplified = sympy.factor(sympy.cancel(sympy.together(substituted)))
    return simplified.xreplace({u: s ** sympy.Rational(1, n) for s, (u, n) in mapping.items()})


def _size(expr) -> int:
    return sympy.count_ops(expr, visual=False)


def tidy(expr: sympy.Expr, budget=None) -> sympy.Expr:
    """The shortest of several exact normal forms of ``expr``, each computed within ``budget``."""
    def run(func, value):
        return func(value) if budget is None else budget.compute(lambda: func(value))

    candidates = [expr]
    normalized = normalize_powers(expr)
    for func in (sympy.simplify, lambda e: sympy.cancel(sympy.together(e))):
        value = run(func, normalized)
        if value is not None:
            candidates.append(value)
            break
    radical = run(simplify_radicals, candidates[-1])
    if radical is not None:
        candidates.append(radical)
    return min(candidates, key=_size)
