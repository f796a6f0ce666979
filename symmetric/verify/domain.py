"""The domain of a statement: sample points for numeric checks, and case splits for proofs.

Sample points respect the symbols' assumptions and the statement's
conditions. They start with simple exact values (1, 2, 1/2, 0 for reals, and
every constant a Piecewise or a condition singles out, such as ``rho = 0``),
so that a counterexample is readable and special cases are not missed, and go
on with seeded random rationals.

>>> from symmetric import P, rho
>>> from symmetric.verify.statement import Statement
>>> import sympy
>>> st = Statement.of(P**rho, 1, conditions=[rho < 0])
>>> points = sample_points(st, n=6, seed=0)
>>> all(p[rho] < 0 and p[P] > 0 for p in points)
True
>>> [description for _, description in condition_cases(st, rho < 0)]
['rho = -_t_rho']
"""

from __future__ import annotations

import random
from typing import Iterator

import sympy

from .statement import Statement

__all__ = ["sample_points", "condition_cases", "piecewise_cases", "ordering_cases", "special_constants"]

_POSITIVE = [sympy.Integer(1), sympy.Integer(2), sympy.Rational(1, 2), sympy.Integer(3), sympy.Rational(1, 3),
             sympy.Rational(7, 5), sympy.Rational(5, 7), sympy.Integer(10), sympy.Rational(1, 10)]
_REAL = [sympy.Integer(0), sympy.Integer(1), sympy.Integer(-1), sympy.Integer(2), sympy.Integer(-2),
         sympy.Rational(1, 2), sympy.Rational(-1, 2), sympy.Integer(-3), sympy.Integer(3),
         sympy.Rational(-3, 2), sympy.Rational(5, 2)]


def _solve_linear(cond):
    """``(symbol, constant, flipped)`` when ``cond`` is ``a*symbol + b <op> c`` with numbers a != 0, b, c."""
    if not isinstance(cond, sympy.core.relational.Relational):
        return None
    expr = sympy.expand(cond.lhs - cond.rhs)
    syms = expr.free_symbols
    if len(syms) != 1:
        return None
    (sym,) = syms
    a, b = expr.coeff(sym, 1), expr.coeff(sym, 0)
    if not (a.is_number and b.is_number and a.is_real and b.is_real) or a == 0 or sympy.expand(a * sym + b - expr) != 0:
        return None
    return sym, -b / a, bool(a < 0)


def _relation_constants(cond) -> Iterator[tuple[sympy.Symbol, sympy.Expr]]:
    """(symbol, constant) pairs for the atomic linear conditions inside ``cond``."""
    solved = _solve_linear(cond)
    if solved is not None:
        yield solved[0], solved[1]
    for arg in getattr(cond, "args", ()):
        if isinstance(arg, sympy.logic.boolalg.Boolean):
            yield from _relation_constants(arg)


def special_constants(statement: Statement) -> dict:
    """Constants that conditions or Piecewise branches single out, by symbol."""
    out: dict = {}
    conds = list(statement.conditions)
    for side in (statement.lhs, statement.rhs):
        for pw in side.atoms(sympy.Piecewise):
            conds.extend(c for _, c in pw.args)
    for cond in conds:
        for sym, const in _relation_constants(cond):
            out.setdefault(sym, [])
            if const not in out[sym]:
                out[sym].append(const)
    return out


def _admissible(sym: sympy.Symbol, value: sympy.Expr) -> bool:
    """Whether ``value`` satisfies the assumptions of ``sym``."""
    checks = {
        "positive": value.is_positive,
        "negative": value.is_negative,
        "nonnegative": value.is_nonnegative,
        "nonpositive": value.is_nonpositive,
        "nonzero": value.is_nonzero,
        "zero": value.is_zero,
        "integer": value.is_integer,
    }
    for name, holds in checks.items():
        if sym.assumptions0.get(name) is True and holds is not True:
            return False
        if sym.assumptions0.get(name) is False and holds is True:
            return False
    return True


def _candidates(sym: sympy.Symbol, extra) -> list:
    if sym.is_integer:
        base = [sympy.Integer(k) for k in (1, 2, 0, -1, 3, -2, 5, 4)]
    elif sym.is_nonnegative:
        base = [sympy.Integer(0)] + _POSITIVE if not sym.is_positive else list(_POSITIVE)
    elif sym.is_nonpositive:
        base = [-v for v in _POSITIVE] + [sympy.Integer(0)]
    else:
        base = list(_REAL)
    values = list(extra) + [v for v in base if v not in extra]
    return [v for v in values if _admissible(sym, v)]


def _random_value(sym: sympy.Symbol, rng: random.Random) -> sympy.Expr:
    if sym.is_integer:
        value = sympy.Integer(rng.randint(-20, 20))
    else:
        magnitude = 10 ** rng.uniform(-2, 2)
        value = sympy.Rational(max(1, round(magnitude * 10**6)), 10**6)
        if not (sym.is_nonnegative or sym.is_positive) and rng.random() < 0.5:
            value = -value
    return value if _admissible(sym, value) else abs(value)


def _satisfies(conditions, point) -> bool:
    for c in conditions:
        value = c.xreplace(point)
        if value is sympy.true:
            continue
        if value is sympy.false:
            return False
        try:
            if not bool(value.doit() if hasattr(value, "doit") else value):
                return False
        except TypeError:
            numeric = value.evalf(30)
            if numeric is not sympy.true:
                return False
    return True


_GENERIC_POSITIVE = [sympy.Rational(1, 2), sympy.Integer(2), sympy.Integer(3), sympy.Rational(1, 3),
                     sympy.Integer(5), sympy.Rational(1, 5), sympy.Rational(3, 2)]
_GENERIC_REAL = [sympy.Rational(1, 2), sympy.Integer(-3), sympy.Integer(2), sympy.Rational(-1, 2),
                 sympy.Integer(3), sympy.Rational(-2, 3), sympy.Rational(5, 2)]


def _generic(sym: sympy.Symbol, index: int):
    if sym.is_integer:
        pool = [sympy.Integer(k) for k in (2, 3, 5, 7, 1, 4)]
    elif sym.is_positive or sym.is_nonnegative:
        pool = _GENERIC_POSITIVE
    elif sym.is_negative or sym.is_nonpositive:
        pool = [-v for v in _GENERIC_POSITIVE]
    else:
        pool = _GENERIC_REAL
    return pool[index % len(pool)]


def sample_points(statement: Statement, *, n: int = 32, seed: int = 0) -> list[dict]:
    """Up to ``n`` points of the statement's domain, simple ones first.

    Each point maps every free symbol to an exact rational value that
    satisfies the symbol's assumptions and all conditions. The first half
    varies one symbol at a time over its special values (0, 1, -1, 2, ... and
    the constants that conditions and Piecewise branches single out) around a
    base point of distinct simple values, then sets all positive symbols
    equal; the rest are seeded random rationals.
    """
    symbols = sorted(statement.free_symbols, key=lambda s: s.name)
    if not symbols:
        return [{}]
    extra = special_constants(statement)
    candidates = {s: _candidates(s, extra.get(s, [])) for s in symbols}
    rng = random.Random(seed)
    points: list[dict] = []
    seen = set()

    def add(point):
        key = tuple(point[s] for s in symbols)
        if key not in seen and _satisfies(statement.conditions, point):
            seen.add(key)
            points.append(point)
            return True
        return False

    n_special = max(1, n // 2)
    bases = []
    for shift in range(8):
        base = {s: _generic(s, j + shift) for j, s in enumerate(symbols)}
        if _satisfies(statement.conditions, base):
            bases.append(base)
    for shift in range(12):  # conditions that no generic base point meets: try the simple values
        if len(bases) >= 2:
            break
        base = {s: candidates[s][(2 * j + shift) % len(candidates[s])] for j, s in enumerate(symbols)}
        if _satisfies(statement.conditions, base) and base not in bases:
            bases.append(base)
    attempts = 0
    while len(bases) < 2 and attempts < 50 * n:  # or random ones
        attempts += 1
        base = {s: _random_value(s, rng) for s in symbols}
        if _satisfies(statement.conditions, base):
            bases.append(base)
    for base in bases[:2]:
        add(base)
        for depth in range(max(len(v) for v in candidates.values())):
            for s in symbols:
                if depth < len(candidates[s]) and len(points) < n_special:
                    add({**base, s: candidates[s][depth]})
        positive = [s for s in symbols if s.is_positive]
        for value in (sympy.Integer(1), sympy.Integer(2)):
            if len(positive) > 1:
                add({**base, **{s: value for s in positive}})
    del points[n_special:]
    attempts = 0
    while len(points) < n and attempts < 50 * n:
        attempts += 1
        add({s: _random_value(s, rng) for s in symbols})
    return points


def _positive_dummy(name="t"):
    return sympy.Dummy(name, positive=True)


_FLIP = {sympy.StrictLessThan: sympy.StrictGreaterThan, sympy.StrictGreaterThan: sympy.StrictLessThan,
         sympy.LessThan: sympy.GreaterThan, sympy.GreaterThan: sympy.LessThan}


def _atomic_cases(cond) -> list[tuple[dict, str]] | None:
    """Substitutions that together cover the set where ``cond`` holds.

    A positive symbol compared with a positive constant is written
    multiplicatively (``P <= 1`` as ``P = 1/(1 + t)`` or ``P = 1``), so that it
    stays visibly positive; other symbols additively (``rho < 0`` as
    ``rho = -t``), with ``t`` positive.
    """
    solved = _solve_linear(cond)
    if solved is None:
        return None
    sym, c, flipped = solved
    op = _FLIP.get(type(cond), type(cond)) if flipped else type(cond)
    t = _positive_dummy(f"t_{sym.name}")
    if sym.is_positive and c.is_positive:
        above, below = {sym: c * (1 + t)}, {sym: c / (1 + t)}
    else:
        above, below = {sym: c + t}, {sym: c - t}
    equal = {sym: c}
    cases = {
        sympy.Eq: [equal],
        sympy.StrictGreaterThan: [above],
        sympy.GreaterThan: [above, equal],
        sympy.StrictLessThan: [below],
        sympy.LessThan: [below, equal],
        sympy.Ne: [below, above],
    }.get(op)
    if cases is None:
        return None
    return [(m, ", ".join(f"{k} = {v}" for k, v in m.items())) for m in cases]


def condition_cases(statement: Statement, condition) -> list[tuple[Statement, str]] | None:
    """Cases covering the part of the domain where ``condition`` holds, with it substituted.

    A condition ``rho < 0`` becomes ``rho = -t`` with a positive ``t``, so that
    SymPy knows the sign; ``Ne(rho, 0)`` becomes two cases. None when the
    condition has another shape or names no free symbol (proving a statement
    on a larger domain proves it on the smaller one).
    """
    atomic = _atomic_cases(condition)
    if atomic is None or not all(k in statement.free_symbols for m, _ in atomic for k in m):
        return None
    cases = []
    for mapping, text in atomic:
        sub = statement.substitute(mapping)
        if sub is not None:
            cases.append((sub, text))
    return cases


def piecewise_cases(statement: Statement) -> list[tuple[Statement, str]] | None:
    """Split on the ``Eq(symbol, constant)`` conditions of Piecewise branches.

    Returns None when the statement has no such branch. The cases are each
    singled-out value, and the generic case where all those conditions are
    false.
    """
    eq_conditions = set()
    free = statement.free_symbols
    for side in (statement.lhs, statement.rhs):
        for pw in side.atoms(sympy.Piecewise):
            for _, cond in pw.args:
                solved = _solve_linear(cond) if isinstance(cond, sympy.Eq) else None
                if solved is not None and solved[0] in free:
                    eq_conditions.add(cond)
    if not eq_conditions:
        return None
    cases = []
    for cond in sorted(eq_conditions, key=sympy.default_sort_key):
        sym, c, _ = _solve_linear(cond)
        sub = statement.substitute({sym: c})
        if sub is not None:
            cases.append((sub, f"{sym} = {c}"))
    generic = {cond: sympy.false for cond in eq_conditions}
    complement = tuple(sympy.Ne(c.lhs, c.rhs) for c in sorted(eq_conditions, key=sympy.default_sort_key))
    st = Statement(statement.lhs.xreplace(generic), statement.rhs.xreplace(generic),
                   statement.relation, statement.conditions + complement)
    cases.append((st, "generic: " + ", ".join(f"{c.lhs} != {c.rhs}" for c in sorted(eq_conditions, key=sympy.default_sort_key))))
    return cases


def ordering_cases(statement: Statement, a: sympy.Symbol, b: sympy.Symbol) -> list[tuple[Statement, str]]:
    """Cases ``a > b``, ``a = b``, ``a < b`` for positive symbols, written multiplicatively.

    ``a > b`` becomes ``a = b*(1 + s)`` with a positive ``s``, which keeps
    homogeneous expressions factorable (``Max(b*(1+s), b)`` evaluates to
    ``b*(1+s)``).
    """
    s = _positive_dummy(f"s_{a.name}{b.name}")
    out = []
    for mapping, text in (({a: b * (1 + s)}, f"{a} > {b}"), ({b: a}, f"{a} = {b}"), ({b: a * (1 + s)}, f"{a} < {b}")):
        sub = statement.substitute(mapping)
        if sub is not None:
            out.append((sub, text))
    return out
