"""Exact rewrites that help SymPy simplify metrics: each is valid under the symbols' assumptions.

:func:`tidy` writes powers in one normal form first
(:func:`symmetric.verify.core.powers.normalize_powers`, the engine's power
normaliser), then tries ``simplify`` and the substitution of radicals.

>>> import sympy
>>> from symmetric import beta
>>> tidy((beta**3 + beta**2) / beta**(5 / sympy.Integer(2)))
(beta + 1)/sqrt(beta)
"""

from __future__ import annotations

import math

import sympy

from ..verify.core.powers import normalize_powers

__all__ = ["simplify_radicals", "tidy"]


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
