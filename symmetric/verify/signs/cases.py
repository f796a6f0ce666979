"""Case splits that cover the domain, written as substitutions that keep signs visible.

The one case splitter of the engine, the inequality prover and explore:
:func:`cut` cuts the domain of a symbol at values into open intervals and
points (through :meth:`~symmetric.verify.signs.decide.Interval.cut`) and writes each
as a :class:`Piece`; :func:`piecewise_branches` gives the branches of a
Piecewise with the conditions under which each applies. The statement-level
splits of the engine are built on them.

A split on the sign of an expression ``f`` solves ``f = 0`` for one symbol
and writes each side as a substitution with a fresh positive variable:
``rho < 0`` as ``rho = -t``; ``P > 7*R`` as ``P = 7*R*(1 + t)`` (a positive
symbol above a positive value, multiplicatively, so that it stays visibly
positive); ``beta`` between the roots ``r1 < r2`` of a polynomial as
``beta = r1 + (r2 - r1)/(1 + t)``. Together with the points ``f = 0`` the
cases cover the domain exactly, so a statement proven in every case is
proven. Substitutions go through :func:`~symmetric.verify.core.substitution.substitute`,
which leaves bound variables alone.

>>> from symmetric import P, R, rho
>>> from symmetric.verify.core.statement import Statement
>>> st = Statement.of(P**rho, 1, conditions=[rho < 0])
>>> [(label, how) for _, label, how in condition_cases(st, rho < 0)]
[('rho < 0', 'rho = -t')]
>>> [how for _, _, how in sign_cases(Statement.of(P, R), P - 7*R)]
['P = 7*R/(t + 1)', 'P = 7*R', 'P = 7*R*(t + 1)']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import sympy

from ..core.linear import linear_coefficients
from ..core.statement import Statement
from ..core.substitution import fresh_symbol, scoped_nodes, substitute
from .decide import sign_target
from .domain import Interval, base_interval, number_sign

__all__ = [
    "Piece",
    "cut",
    "Branch",
    "piecewise_branches",
    "sign_cases",
    "condition_cases",
    "piecewise_cases",
    "split_variable",
]

_NAMES = ("t", "s", "u", "v", "w")


def split_variable(statement: Statement) -> sympy.Symbol:
    """A fresh positive symbol with a short readable name not used in ``statement``."""
    exprs = (statement.lhs, statement.rhs, *statement.conditions)
    taken = {s.name for e in exprs for s in e.atoms(sympy.Symbol)}
    for name in _NAMES:
        if name not in taken:
            return sympy.Symbol(name, positive=True)
    return fresh_symbol(sympy.Symbol("t", positive=True), *exprs)


def _domain_kind(sym):
    if sym.is_integer:
        return None
    if sym.is_positive:
        return "positive"
    if sym.is_negative:
        return "negative"
    if sym.is_nonnegative or sym.is_nonpositive:
        return None
    if sym.is_extended_real:
        return "real"
    return None


def _poly(f, sym, degrees):
    """``f`` as a polynomial in ``sym`` when its degree is in ``degrees``, else None."""
    try:
        poly = sympy.Poly(f, sym)
    except sympy.PolynomialError:
        return None
    return poly if poly.degree() in degrees else None


def _linear_solution(f, sym):
    """``-b/a`` when ``f = a*sym + b`` with ``a`` of known sign and ``b`` free of ``sym``."""
    solved = linear_coefficients(f, sym)
    if solved is None:
        return None
    a, b = solved
    if number_sign(a) not in (1, -1):  # constants by ball arithmetic (core.numbers)
        return None
    return sympy.cancel(-b / a)


@dataclass(frozen=True)
class Piece:
    """A point or an open interval of a symbol's domain, as a substitution.

    ``substitution`` maps the symbol to a point or to an expression in the
    positive variable ``t`` that ranges over the interval exactly once;
    ``inverse`` gives ``t`` back in terms of the symbol; ``conditions`` say
    where the piece lies (none for a point); ``interval`` is the piece of the
    line itself (:class:`~symmetric.verify.signs.decide.Interval`: a point or
    an open interval).
    """

    symbol: sympy.Symbol
    substitution: dict
    conditions: tuple
    label: str
    t: sympy.Symbol | None = None
    inverse: sympy.Expr | None = None
    interval: Interval | None = None

    @property
    def is_point(self) -> bool:
        return self.t is None

    def restore(self, expr: sympy.Expr) -> sympy.Expr:
        """Write a result obtained under the substitution in terms of the symbol again."""
        return expr if self.t is None else expr.xreplace({self.t: self.inverse})


def _parametrized(sym, part: Interval, kind: str, t):
    """``(value, inverse, conditions, label)``: the open interval ``part`` of ``sym`` as a substitution in ``t``."""
    lo, hi, name = part.lo, part.hi, sympy.sstr(sym)
    if lo is -sympy.oo:
        value, inverse = (hi * (1 + t), sym / hi - 1) if kind == "negative" else (hi - t, hi - sym)
        return value, inverse, (sym < hi,), f"{name} < {sympy.sstr(hi)}"
    if hi is sympy.oo:
        value, inverse = (lo * (1 + t), sym / lo - 1) if kind == "positive" else (lo + t, sym - lo)
        return value, inverse, (sym > lo,), f"{name} > {sympy.sstr(lo)}"
    if kind == "positive" and lo == 0:
        return hi / (1 + t), hi / sym - 1, (sym < hi,), f"{name} < {sympy.sstr(hi)}"
    if kind == "negative" and hi == 0:
        return lo / (1 + t), lo / sym - 1, (sym > lo,), f"{name} > {sympy.sstr(lo)}"
    return (
        lo + (hi - lo) / (1 + t),
        (hi - sym) / (sym - lo),
        (sym > lo, sym < hi),
        f"{sympy.sstr(lo)} < {name} < {sympy.sstr(hi)}",
    )


def cut(sym, values, t) -> list[Piece] | None:
    """The open intervals and points into which the sorted ``values`` cut the domain of ``sym``, as substitutions.

    The domain is the real line for a real symbol, ``(0, oo)`` for a positive
    one and ``(-oo, 0)`` for a negative one (values outside it are left out);
    it is cut by :meth:`~symmetric.verify.signs.decide.Interval.cut`. Each open
    interval is a substitution with the positive variable ``t``: below the
    first value ``v - t`` (``v/(1 + t)`` for a positive symbol, ``v*(1 + t)``
    for a negative one, so that the sign stays visible), between ``lo`` and
    ``hi`` ``lo + (hi - lo)/(1 + t)``, above the last value ``v + t``
    (``v*(1 + t)``, ``v/(1 + t)``). None when the symbol has another domain
    or no value lies in it.

    >>> from symmetric import P, R, rho
    >>> t = sympy.Symbol("t", positive=True)
    >>> [(p.label, p.substitution[rho]) for p in cut(rho, [-1, 0], t)]
    [('rho < -1', -t - 1), ('rho = -1', -1), ('-1 < rho < 0', -1 + 1/(t + 1)), ('rho = 0', 0), ('rho > 0', t)]
    >>> [p.substitution[P] for p in cut(P, [7*R], t)]
    [7*R/(t + 1), 7*R, 7*R*(t + 1)]
    >>> cut(P, [-1], t) is None     # no value inside (0, oo)
    True
    """
    kind = _domain_kind(sym)
    if kind is None:
        return None
    values = [sympy.sympify(v) for v in values]
    if kind != "real":
        values = [v for v in values if number_sign(v) == (1 if kind == "positive" else -1)]
    if not values:
        return None
    base = base_interval(sym)
    if base is None:  # an extended-real symbol that may be infinite: no interval to cut
        return None
    try:
        parts = base.cut(values)
    except ValueError:  # values SymPy cannot order
        return None
    pieces = []
    for part in parts:
        if part.is_point:
            pieces.append(Piece(sym, {sym: part.lo}, (), f"{sympy.sstr(sym)} = {sympy.sstr(part.lo)}", interval=part))
        else:
            value, inverse, conditions, label = _parametrized(sym, part, kind, t)
            pieces.append(Piece(sym, {sym: value}, conditions, label, t, inverse, part))
    return pieces


def _real_roots(f, sym):
    poly = _poly(f, sym, (1, 2, 3, 4))
    if poly is None or any(not c.is_number for c in poly.all_coeffs()):
        return None
    try:
        found = sympy.roots(poly, filter="R")
        roots = sorted(found, key=lambda r: float(r))
        if sum(found.values()) < len(sympy.real_roots(poly)):
            roots = sorted(set(sympy.real_roots(poly)), key=lambda r: float(r))
    except (NotImplementedError, TypeError, ValueError):
        return None
    return roots


def _substitutions(statement: Statement, f, t):
    """``(symbol, [Piece, ...])`` candidates for splitting on the sign of ``f``."""
    free = statement.free_symbols
    syms = sorted(f.free_symbols & free, key=lambda s: (s.name in ("P", "R"), s.name))
    for sym in syms:
        value = _linear_solution(f, sym)
        if value is not None:
            pieces = cut(sym, [value], t)
            if pieces is not None:
                yield sym, pieces
    if len(f.free_symbols) == 1:
        (sym,) = f.free_symbols
        if sym in free:
            roots = _real_roots(f, sym)
            if roots is not None:
                pieces = cut(sym, roots, t)
                if pieces is not None:
                    yield sym, pieces


def sign_cases(statement: Statement, expr) -> list[tuple[Statement, str, str]] | None:
    """Cases covering the domain, each deciding the sign of ``expr``; None when no split is found.

    Each case is ``(statement, label, substitution)``: the statement with
    the substitution made, the region in words (``P < 7*R``) and the
    substitution (``P = 7*R/(t + 1)``). ``expr`` is reduced to the factor
    that decides its sign (:func:`~symmetric.verify.signs.decide.sign_target`).
    Cases whose conditions become false are dropped.
    """
    f = sign_target(sympy.sympify(expr))
    if not f.free_symbols or not f.free_symbols <= statement.free_symbols:
        return None
    t = split_variable(statement)
    for sym, pieces in _substitutions(statement, f, t):
        cases = []
        for piece in pieces:
            sub = statement.substitute(piece.substitution)
            if sub is not None:
                cases.append((sub, piece.label, f"{sym} = {sympy.sstr(piece.substitution[sym])}"))
        return cases
    return None


def condition_cases(statement: Statement, condition) -> list[tuple[Statement, str, str]] | None:
    """Cases covering the part of the domain where ``condition`` holds, with it substituted.

    A condition ``rho < 0`` becomes ``rho = -t`` with a positive ``t``, so that
    SymPy knows the sign; ``Ne(rho, 0)`` becomes two cases. None when the
    condition has another shape or cannot be solved.
    """
    if not isinstance(condition, sympy.core.relational.Relational):
        return None
    cases = sign_cases(statement, condition.lhs - condition.rhs)
    if cases is None:
        return None
    return cases


class Branch(NamedTuple):
    """A branch of a Piecewise: ``expr`` where ``condition`` holds and no earlier branch's does.

    ``values`` is the substitution when the branch singles out one value
    (``Eq(rho, 0)``: ``{rho: 0}``, already made in ``expr``), ``conditions``
    the relations that hold there (the earlier conditions negated, then its
    own), ``label`` the region in words.
    """

    expr: sympy.Expr
    condition: sympy.Basic
    values: dict
    conditions: tuple
    label: str


def _relation_label(c) -> str:
    if isinstance(c, sympy.Eq):
        return f"{sympy.sstr(c.lhs)} = {sympy.sstr(c.rhs)}"
    if isinstance(c, sympy.Ne):
        return f"{sympy.sstr(c.lhs)} != {sympy.sstr(c.rhs)}"
    return sympy.sstr(c)


def piecewise_branches(pw: sympy.Piecewise) -> list[Branch]:
    """The branches of ``pw``, each with the conditions under which it is the one that applies.

    A branch whose condition singles out a value (``Eq`` linear in one
    symbol) is that value substituted; the others keep their condition and
    the negations of the earlier ones.

    >>> from symmetric import g_beta_rho
    >>> [b.label for b in piecewise_branches(g_beta_rho())]
    ['rho = 0', 'rho = -1', 'rho != 0, rho != -1']
    """
    branches: list[Branch] = []
    previous: list = []
    for expr, cond in pw.args:
        negated = tuple(sympy.Not(c) for c in previous)
        point = _single_value(cond) if isinstance(cond, sympy.Eq) else None
        if point is not None:
            values = {point[0]: point[1]}
            kept = tuple(c for c in (n.xreplace(values) for n in negated) if c is not sympy.true)
            branches.append(Branch(expr.xreplace(values), cond, values, kept, _relation_label(cond)))
        else:
            conditions = negated + (() if cond is sympy.true else (cond,))
            label = ", ".join(_relation_label(c) for c in conditions) or "otherwise"
            branches.append(Branch(expr, sympy.And(cond, *negated), {}, conditions, label))
        previous.append(cond)
    return branches


def piecewise_cases(statement: Statement) -> list[tuple[Statement, str, str]] | None:
    """Split on the ``Eq(symbol, constant)`` conditions of Piecewise branches in the free symbols.

    The cases are each singled-out value, and the generic case where all
    those conditions are false (added as ``Ne`` conditions, the branches
    removed). Conditions on bound variables are left to the limit routine.
    """
    free = statement.free_symbols
    eq_conditions = set()
    for side in (statement.lhs, statement.rhs):
        for pw, bound in scoped_nodes(side, sympy.Piecewise):
            for branch in piecewise_branches(pw):
                if branch.values and branch.condition.free_symbols <= free - bound:
                    eq_conditions.add(branch.condition)
    if not eq_conditions:
        return None
    ordered = sorted(eq_conditions, key=sympy.default_sort_key)
    cases = []
    for cond in ordered:
        sym, value = _single_value(cond)
        sub = statement.substitute({sym: value})
        if sub is not None:
            text = f"{sym} = {sympy.sstr(value)}"
            cases.append((sub, text, text))
    generic = {cond: sympy.false for cond in ordered}
    complement = tuple(sympy.Ne(c.lhs, c.rhs) for c in ordered)
    st = Statement(
        substitute(statement.lhs, generic),
        substitute(statement.rhs, generic),
        statement.relation,
        statement.conditions + complement,
    )
    text = "generic: " + ", ".join(f"{sympy.sstr(c.lhs)} != {sympy.sstr(c.rhs)}" for c in ordered)
    cases.append((st, text, text))
    return cases


def _single_value(cond):
    """``(symbol, value)`` when ``cond`` is ``Eq`` linear in one symbol with numeric coefficients."""
    f = cond.lhs - cond.rhs
    if len(f.free_symbols) != 1:
        return None
    (sym,) = f.free_symbols
    value = _linear_solution(f, sym)
    if value is None or not value.is_number:
        return None
    return sym, value
