"""Case splits that cover the domain, written as substitutions that keep signs visible.

A split on the sign of an expression ``f`` solves ``f = 0`` for one symbol
and writes each side as a substitution with a fresh positive variable:
``rho < 0`` as ``rho = -t``; ``P > 7*R`` as ``P = 7*R*(1 + t)`` (a positive
symbol above a positive value, multiplicatively, so that it stays visibly
positive); ``beta`` between the roots ``r1 < r2`` of a polynomial as
``beta = r1 + (r2 - r1)/(1 + t)``. Together with the points ``f = 0`` the
cases cover the domain exactly, so a statement proven in every case is
proven. Substitutions go through :func:`~symmetric.verify.substitution.substitute`,
which leaves bound variables alone.

>>> from symmetric import P, R, rho
>>> from symmetric.verify.statement import Statement
>>> st = Statement.of(P**rho, 1, conditions=[rho < 0])
>>> [(label, how) for _, label, how in condition_cases(st, rho < 0)]
[('rho < 0', 'rho = -t')]
>>> [how for _, _, how in sign_cases(Statement.of(P, R), P - 7*R)]
['P = 7*R/(t + 1)', 'P = 7*R', 'P = 7*R*(t + 1)']
"""

from __future__ import annotations

import sympy

from .signs import sign_target
from .statement import Statement
from .substitution import fresh_symbol, scoped_nodes, substitute

__all__ = ["sign_cases", "condition_cases", "piecewise_cases", "split_variable"]

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
    poly = _poly(f, sym, (1,))
    if poly is None:
        return None
    a, b = poly.all_coeffs()
    if a.has(sym) or b.has(sym) or not (a.is_positive or a.is_negative):
        return None
    return sympy.cancel(-b / a)


def _intervals_by_value(sym, value, t):
    """``(substitution, label)`` for ``sym < value``, ``sym = value``, ``sym > value`` inside the domain of ``sym``."""
    kind = _domain_kind(sym)
    v = sympy.sstr(value)
    labels = [f"{sym} < {v}", f"{sym} = {v}", f"{sym} > {v}"]
    if kind == "real":
        return list(zip([value - t, value, value + t], labels))
    if kind == "positive" and value.is_positive:
        return list(zip([value / (1 + t), value, value * (1 + t)], labels))
    if kind == "negative" and value.is_negative:
        return list(zip([value * (1 + t), value, value / (1 + t)], labels))
    return None


def _root_intervals(sym, roots, t):
    """``(substitution, label)`` covering the domain of ``sym`` split at the sorted real ``roots``."""
    kind = _domain_kind(sym)
    if kind == "positive":
        roots = [r for r in roots if r.is_positive]
    elif kind != "real":
        return None
    if not roots:
        return None
    name = sympy.sstr(sym)
    out = []
    first = sympy.sstr(roots[0])
    if kind == "positive":
        out.append((roots[0] / (1 + t), f"0 < {name} < {first}"))
    else:
        out.append((roots[0] - t, f"{name} < {first}"))
    for i, r in enumerate(roots):
        out.append((r, f"{name} = {sympy.sstr(r)}"))
        if i + 1 < len(roots):
            out.append((r + (roots[i + 1] - r) / (1 + t), f"{sympy.sstr(r)} < {name} < {sympy.sstr(roots[i + 1])}"))
    out.append((roots[-1] + t, f"{name} > {sympy.sstr(roots[-1])}"))
    return out


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
    """``(symbol, [(value, label)])`` candidates for splitting on the sign of ``f``."""
    free = statement.free_symbols
    syms = sorted(f.free_symbols & free, key=lambda s: (s.name in ("P", "R"), s.name))
    for sym in syms:
        value = _linear_solution(f, sym)
        if value is not None:
            values = _intervals_by_value(sym, value, t)
            if values is not None:
                yield sym, values
    if len(f.free_symbols) == 1:
        (sym,) = f.free_symbols
        if sym in free:
            roots = _real_roots(f, sym)
            if roots is not None:
                values = _root_intervals(sym, roots, t)
                if values is not None:
                    yield sym, values


def sign_cases(statement: Statement, expr) -> list[tuple[Statement, str, str]] | None:
    """Cases covering the domain, each deciding the sign of ``expr``; None when no split is found.

    Each case is ``(statement, label, substitution)``: the statement with
    the substitution made, the region in words (``P < 7*R``) and the
    substitution (``P = 7*R/(t + 1)``). ``expr`` is reduced to the factor
    that decides its sign (:func:`~symmetric.verify.signs.sign_target`).
    Cases whose conditions become false are dropped.
    """
    f = sign_target(sympy.sympify(expr))
    if not f.free_symbols or not f.free_symbols <= statement.free_symbols:
        return None
    t = split_variable(statement)
    for sym, values in _substitutions(statement, f, t):
        cases = []
        for value, label in values:
            sub = statement.substitute({sym: value})
            if sub is not None:
                cases.append((sub, label, f"{sym} = {sympy.sstr(value)}"))
        return cases
    return None


def condition_cases(statement: Statement, condition) -> list[tuple[Statement, str]] | None:
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


def piecewise_cases(statement: Statement) -> list[tuple[Statement, str]] | None:
    """Split on the ``Eq(symbol, constant)`` conditions of Piecewise branches in the free symbols.

    The cases are each singled-out value, and the generic case where all
    those conditions are false (added as ``Ne`` conditions, the branches
    removed). Conditions on bound variables are left to the limit routine.
    """
    free = statement.free_symbols
    eq_conditions = set()
    for side in (statement.lhs, statement.rhs):
        for pw, bound in scoped_nodes(side, sympy.Piecewise):
            for _, cond in pw.args:
                if isinstance(cond, sympy.Eq) and cond.free_symbols and cond.free_symbols <= free - bound:
                    solved = _single_value(cond)
                    if solved is not None:
                        eq_conditions.add(cond)
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
    st = Statement(substitute(statement.lhs, generic), substitute(statement.rhs, generic),
                   statement.relation, statement.conditions + complement)
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
