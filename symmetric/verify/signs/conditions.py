"""Conditions as domains: a sign assumed for an expression narrows a :class:`~.decide.Domain`.

A linear condition on one symbol bounds its interval (``rho >= 0``); any other
becomes a fact of the domain (``P - R < 0``).

>>> import sympy
>>> from symmetric import P, R, rho
>>> from symmetric.verify.core.relations import NEG, NONNEG
>>> from symmetric.verify.signs.decide import Domain
>>> assume(Domain.of_symbols([rho]), rho - 1, NONNEG).describe()
'1 <= rho'
>>> assume(Domain.of_symbols([P, R]), P - R, NEG).describe()
'P - R < 0'
"""

from __future__ import annotations

import sympy

from ..core.linear import linear_coefficients
from ..core.relations import NEG, NONNEG, NONPOS, NONZERO, POS, RELATION_OF_SIGNS, ZERO, relation_of
from ..core.sympy_errors import SYMPY_ERRORS
from .decide import Domain, Interval, number_sign

__all__ = ["affine_in_one", "assume", "from_conditions"]


def affine_in_one(expr):
    """``(symbol, root, slope_sign)`` when ``expr`` is ``a*symbol + b`` with numbers ``a != 0`` and ``b``."""
    expr = sympy.expand(expr)
    syms = expr.free_symbols
    if len(syms) != 1:
        return None
    (s,) = syms
    solved = linear_coefficients(expr, s)
    if solved is None or not (solved[0].is_number and solved[1].is_number):
        return None
    a, b = solved
    slope = number_sign(a)
    if slope is None or number_sign(b) is None:
        return None
    return s, -b / a, slope


_INTERVAL_OF_SIGN = {  # the interval of s where (s - root) has these signs
    POS: lambda c: Interval(c, sympy.oo),
    NEG: lambda c: Interval(-sympy.oo, c),
    NONNEG: lambda c: Interval(c, sympy.oo, lo_closed=True),
    NONPOS: lambda c: Interval(-sympy.oo, c, hi_closed=True),
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


def _apply(domain: Domain, mapping: dict, cond) -> list[tuple[Domain, dict]]:
    cond = cond.xreplace(mapping)
    if cond is sympy.true:
        return [(domain, mapping)]
    if cond is sympy.false:
        return []
    if isinstance(cond, sympy.And):
        out = [(domain, mapping)]
        for c in cond.args:
            out = [pair for d, m in out for pair in _apply(d, m, c)]
        return out
    relation = relation_of(cond)
    if relation is None:
        return [(domain, mapping)]  # dropped: a larger domain
    signs = relation.signs
    expr = sympy.expand(cond.lhs - cond.rhs)
    solved = affine_in_one(expr)
    if solved is not None and signs == ZERO:
        s, root, _ = solved
        iv = domain.interval(s)
        if iv is None or iv.contains(root) is not True:
            return []
        d = domain.substitute({s: root})
        return [] if d is None else [(d, {**{k: v.xreplace({s: root}) for k, v in mapping.items()}, s: root})]
    if solved is not None and signs == NONZERO:
        return [pair for part in (NEG, POS) for pair in _apply(domain, mapping, RELATION_OF_SIGNS[part].cls(expr, 0))]
    d = assume(domain, expr, signs)
    return [] if d is None else [(d, mapping)]


def from_conditions(conditions, symbols=(), *, cases: bool = False):
    """The domain where ``conditions`` hold: the one way the engine turns conditions into a :class:`Domain`.

    Each relation goes through :func:`assume`: a linear condition on one symbol
    bounds its interval (``rho >= 0``), any other relation becomes a fact
    (``P < R``: ``P - R`` negative); a condition it cannot state is dropped,
    which is sound: proving a statement on a larger domain proves it on the
    smaller one.

    With ``cases=False`` (the limit routine's question) the answer is one
    ``Domain`` (``symbols`` unused: each symbol lies where its assumptions
    put it until a condition narrows it). With ``cases=True`` (the inequality prover's) it is the list of
    ``(domain, values)`` pairs that together make up the domain of
    ``symbols``: ``Eq(rho, c)`` substitutes the value, ``Ne(rho, c)`` splits
    the domain in two, ``And`` applies each part; None when a symbol is not
    known to be real.

    >>> import sympy
    >>> from symmetric import P, R, rho
    >>> from_conditions([P < R, rho >= 0]).describe()
    '0 <= rho, P - R < 0'
    >>> conditions = [P < R, rho >= 0, sympy.Ne(rho, 1)]
    >>> [d.describe() for d, _ in from_conditions(conditions, [P, R, rho], cases=True)]
    ['0 <= rho < 1, P - R < 0', '1 < rho, P - R < 0']
    """
    if cases:
        try:
            out = [(Domain.of_symbols(symbols), {})]
        except ValueError:
            return None
        for cond in conditions:
            out = [pair for d, m in out for pair in _apply(d, m, cond)]
        return out
    domain = Domain()  # every symbol within its assumptions until a condition narrows it
    for fact in conditions:
        relation = relation_of(fact)
        if relation is None:
            continue
        try:
            narrower = assume(domain, sympy.expand(fact.lhs - fact.rhs), relation.signs)
        except SYMPY_ERRORS:  # e.g. endpoints SymPy cannot compare
            continue
        if narrower is not None:
            domain = narrower
    return domain
