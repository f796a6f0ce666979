"""Case splits of the inequality prover: Piecewise branches, Max/Min, signs of exponents.

Each split covers the domain: an undecided condition ``rho < c`` or
``Eq(rho, c)`` with ``rho`` a symbol splits its interval into the parts
below, at and above ``c`` (the point is substituted, so that
stipulations such as ``G(rho = 0)`` take their own branch); a condition in
several symbols splits on the sign of ``lhs - rhs`` (positive, zero,
negative) recorded as a fact; ``Max(a, b)`` splits into ``a >= b`` and
``a <= b``. Conditions are decided with the sign rules of
:mod:`symmetric.verify.signs.decide`; a Piecewise branch
(:func:`~symmetric.verify.signs.cases.piecewise_branches`) is taken only when its
condition is true and every earlier one false. The interval of a symbol is
cut by :meth:`~symmetric.verify.signs.decide.Interval.pieces`, the engine's one
line cutter.

What it trusts: the cases cover the domain (checked by construction: the
three parts of an interval, or three sign classes), and the sign rules.

>>> import sympy
>>> from symmetric import g_beta_rho, rho
>>> from symmetric.verify.signs.decide import Domain
>>> G = g_beta_rho()
>>> d = Domain.of_symbols(G.free_symbols)
>>> resolved, split = resolve(G, d)
>>> split
('cut', rho, 0)
>>> [text for text, _, _ in split_cases(split, d)]
['rho < 0', 'rho = 0', 'rho > 0']
"""

from __future__ import annotations

import sympy

from ..core.relations import NEG, NONNEG, NONPOS, POS, ZERO, relation_of
from ..signs.cases import piecewise_branches
from ..signs.decide import Domain, sign_of
from ..signs.domain import affine_in_one

__all__ = ["truth", "resolve", "split_cases", "exponent_cut"]


def _relation_truth(rel, domain: Domain) -> bool | None:
    s = sign_of(rel.lhs - rel.rhs, domain)
    if s is None:
        return None
    relation = relation_of(rel)
    return None if relation is None else relation.holds_for_signs(s)


def truth(cond, domain: Domain) -> bool | None:
    """Whether ``cond`` holds at every point of ``domain`` (True), at none (False), or undecided (None)."""
    if cond is sympy.true or cond is sympy.false:
        return bool(cond)
    if isinstance(cond, sympy.core.relational.Relational):
        return _relation_truth(cond, domain)
    if isinstance(cond, sympy.Not):
        t = truth(cond.args[0], domain)
        return None if t is None else not t
    if isinstance(cond, (sympy.And, sympy.Or)):
        values = [truth(a, domain) for a in cond.args]
        absorbing = isinstance(cond, sympy.Or)  # True absorbs an Or, False an And
        if absorbing in values:
            return absorbing
        return (not absorbing) if all(v is not None for v in values) else None
    return None


def _split_of(cond, domain: Domain):
    """How to split the domain so that ``cond`` becomes decided: ``('cut', symbol, c)`` or ``('sign', expr)``."""
    if isinstance(cond, sympy.core.relational.Relational):
        expr = sympy.expand(cond.lhs - cond.rhs)
        solved = affine_in_one(expr)
        if solved is not None:
            return ("cut", solved[0], solved[1])
        return ("sign", expr)
    for arg in getattr(cond, "args", ()):
        if isinstance(arg, sympy.logic.boolalg.Boolean) and truth(arg, domain) is None:
            return _split_of(arg, domain)
    return None


def resolve(expr, domain: Domain):
    """``(expr with decided Piecewise and Max/Min replaced, a split that would decide the next one or None)``."""
    pending = []

    def walk(e):
        if isinstance(e, sympy.Piecewise):
            for branch in piecewise_branches(e):  # each condition includes "no earlier one holds"
                t = truth(branch.condition, domain)
                if t is True:
                    return walk(branch.expr)
                if t is None:
                    pending.append(_split_of(branch.condition, domain))
                    return e
            pending.append(None)  # no branch applies: undefined here
            return e
        if not e.args or isinstance(e, sympy.Symbol):
            return e
        args = [walk(a) for a in e.args]
        e = e.func(*args) if args != list(e.args) else e
        if isinstance(e, (sympy.Max, sympy.Min)):
            keep = sympy.Max if isinstance(e, sympy.Max) else sympy.Min
            wins = NONNEG if keep is sympy.Max else NONPOS
            for a in e.args:
                if all(a == b or (sign_of(a - b, domain) or frozenset({-1, 0, 1})) <= wins for b in e.args):
                    return a
            a, b = e.args[0], e.args[1]
            d = sympy.expand(a - b)
            solved = affine_in_one(d)
            pending.append(("cut", solved[0], solved[1]) if solved else ("order", d))
        return e

    out = walk(expr)
    return out, next(iter(pending), None)


def split_cases(split, domain: Domain) -> list[tuple[str, dict | None, Domain]] | None:
    """The cases of ``split``: ``(description, substitution or None, domain)``, covering ``domain``."""
    if split is None:
        return None
    kind = split[0]
    if kind == "cut":
        _, s, c = split
        iv = domain.interval(s)
        if iv is None:
            return None
        cases: list[tuple[str, dict | None, Domain]] = []
        for label, piece in iv.pieces(c):
            if piece.is_point:
                d = domain.substitute({s: c})
                if d is not None:
                    cases.append((f"{s} = {c}", {s: c}, d))
            else:
                d = domain.restrict(s, piece)
                if d is not None:
                    cases.append((f"{s} {label} {c}", None, d))
        return cases if len(cases) > 1 else None
    expr = split[1]
    parts = ((NONNEG, ">= 0"), (NONPOS, "<= 0")) if kind == "order" else ((POS, "> 0"), (ZERO, "= 0"), (NEG, "< 0"))
    cases = []
    for signs, text in parts:
        d = domain.assume(expr, signs)
        if d is not None:
            cases.append((f"{sympy.sstr(expr)} {text}", None, d))
    return cases


def exponent_cut(k, domain: Domain):
    """A cut ``('cut', symbol, c)`` that decides the sign of the exponent ``k`` (affine in one symbol)."""
    solved = affine_in_one(k)
    if solved is None:
        # 1/(rho + 1) and the like: the sign of the base decides it.
        if isinstance(k, sympy.Pow) and k.exp.is_Integer and k.exp % 2:
            return exponent_cut(k.base, domain)
        if isinstance(k, sympy.Mul):
            unknown = [f for f in k.args if (sign_of(f, domain) or {-1, 1}) >= {-1, 1}]
            if len(unknown) == 1:
                return exponent_cut(unknown[0], domain)
        return None
    s, c, _ = solved
    iv = domain.interval(s)
    if iv is None or len(iv.pieces(c)) < 2:
        return None
    return ("cut", s, c)
