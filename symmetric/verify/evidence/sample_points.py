"""The domain of a statement: adversarial sample points for the numeric check.

Points respect the symbols' assumptions and the statement's conditions
(with the default ``domain="unit"`` these include ``P <= 1`` and ``R <= 1``).
They are ordered so that a counterexample is readable when one exists among
simple values, and so that a statement false only somewhere awkward is still
caught:

1. simple exact values, one symbol at a time around two base points (0, 1,
   -1, 2, 1/2, ... and every constant that a condition or a Piecewise branch
   singles out, such as ``rho = 0``);
2. the values where the statement's own coefficients vanish (``P = 7*R``
   when ``P - 7*R`` occurs, ``beta = sqrt(2)`` when ``beta**2 - 2`` occurs),
   and every special value approached at ``10**-3`` and ``10**-6`` from both
   sides;
3. extreme regions: ``P/R`` ratios of ``10**8`` and ``10**-8``, parameters up
   to ``10**6`` and down to ``10**-6``, ``rho`` far below ``-10``;
4. algebraic irrational values (``sqrt(2)``, ``sqrt(3)/2``);
5. seeded random values, log-uniform in magnitude.

The work is cut without changing a point: the roots of step 2 are solved
only while points are still taken (:class:`_Roots`), a linear root whose
point would be refused anyway is not solved (:func:`_add_root_points`),
and polynomial conditions at values ``a + b*sqrt(2)`` are decided in
integer arithmetic (:func:`satisfies`). ``benchmarks/bench_points.py``
compares the points with another revision's.

>>> from symmetric import P, rho
>>> from symmetric.verify.core.statement import Statement
>>> import sympy
>>> st = Statement.of(P**rho, 1, conditions=[rho < 0])
>>> points = sample_points(st, n=6, seed=0)
>>> all(p[rho] < 0 and p[P] > 0 for p in points)
True
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Iterator

import sympy

from ..core.linear import linear_coefficients, linear_root
from ..core.memo import memoized
from ..core.relations import relation_of
from ..core.statement import Statement
from ..core.substitution import bound_symbols, substitute
from ..core.sympy_errors import SYMPY_ERRORS
from ..core.unit_domain import is_unit_bound
from .admissible import integer_roots, rational_facts, satisfies_assumptions, typical_values

__all__ = ["sample_points", "special_constants", "coefficient_roots", "ROOT_LIMIT"]

_Q = sympy.Rational
_SQRT2 = sympy.sqrt(2)
_POSITIVE = [
    sympy.Integer(1),
    sympy.Integer(2),
    _Q(1, 2),
    sympy.Integer(3),
    _Q(1, 3),
    _Q(7, 5),
    _Q(5, 7),
    sympy.Integer(10),
    _Q(1, 10),
    _SQRT2,
    sympy.Integer(1000),
    _Q(1, 1000),
    sympy.Integer(10**6),
    _Q(1, 10**6),
    _SQRT2 / 2,
]
_UNIT = [
    sympy.Integer(1),
    _Q(1, 2),
    _Q(1, 3),
    _Q(1, 10),
    _Q(9, 10),
    _Q(2, 3),
    _SQRT2 / 2,
    _Q(1, 1000),
    _Q(1, 10**4),
    _Q(1, 10**8),
    _Q(999, 1000),
]
_REAL = [
    sympy.Integer(0),
    sympy.Integer(1),
    sympy.Integer(-1),
    sympy.Integer(2),
    sympy.Integer(-2),
    _Q(1, 2),
    _Q(-1, 2),
    sympy.Integer(-3),
    sympy.Integer(3),
    _Q(-3, 2),
    _Q(5, 2),
    _Q(-1, 1000),
    _Q(1, 1000),
    sympy.Integer(-12),
    sympy.Integer(12),
    _SQRT2,
    -_SQRT2,
    sympy.Integer(-1000),
    sympy.Integer(1000),
    _Q(-1, 10**6),
    sympy.Integer(10**6),
]
_APPROACH = (_Q(1, 1000), _Q(1, 10**6))


def _solve_linear(cond):
    """``(symbol, constant)`` when ``cond`` is ``a*symbol + b <op> c`` with numbers a != 0, b, c."""
    if not isinstance(cond, sympy.core.relational.Relational):
        return None
    expr = sympy.expand(cond.lhs - cond.rhs)
    if len(expr.free_symbols) != 1:
        return None
    (sym,) = expr.free_symbols
    root = linear_root(expr, sym)
    return None if root is None else (sym, root)


def _relation_constants(cond) -> Iterator[tuple[sympy.Symbol, sympy.Expr]]:
    solved = _solve_linear(cond)
    if solved is not None:
        yield solved
    for arg in getattr(cond, "args", ()):
        if isinstance(arg, sympy.logic.boolalg.Boolean):
            yield from _relation_constants(arg)


def special_constants(statement: Statement) -> dict:
    """Constants that conditions or Piecewise branches single out, by symbol (not the metric domain's 1)."""
    out: dict = {}
    conds = [c for c in statement.conditions if not is_unit_bound(c)]
    for side in (statement.lhs, statement.rhs):
        for pw in sorted(
            side.atoms(sympy.Piecewise), key=sympy.default_sort_key
        ):  # not set order: the same points in every process
            conds.extend(c for _, c in pw.args)
    for cond in conds:
        for sym, const in _relation_constants(cond):
            out.setdefault(sym, [])
            if const not in out[sym]:
                out[sym].append(const)
    return out


#: The most ``(symbol, value)`` pairs :func:`coefficient_roots` collects for the sampling.
ROOT_LIMIT = 16


def coefficient_roots(
    statement: Statement, *, limit: int = ROOT_LIMIT, solve=None
) -> list[tuple[sympy.Symbol, sympy.Expr]]:
    """``(symbol, value)`` pairs where a sum inside the statement vanishes.

    Only sums in the free symbols count (not in a limit's own variable),
    solved for one symbol when they are polynomials of degree at most 2 in
    it; the value may involve other symbols (``P = 7*R``). Collecting stops
    after the symbol whose roots bring the pairs to ``limit`` or more.
    ``solve(numerator, symbol)`` gives the roots of one sum (by default
    :func:`real_roots`).

    >>> from symmetric import P, R, beta
    >>> coefficient_roots(Statement.of((P - 7*R) / (beta**2 - 2), 1))
    [(beta, sqrt(2)), (P, 7*R), (R, P/7)]
    """
    solve = solve or real_roots
    found: list = []
    for num, sym, _ in _root_sources(statement):
        for value in solve(num, sym):
            pair = (sym, value)
            if pair not in found:
                found.append(pair)
        if len(found) >= limit:
            return found
    return found


def _root_sources(statement: Statement) -> list[tuple]:
    """``(numerator, symbol, degree)`` for each small sum of the statement and each symbol it is a polynomial of degree 1 or 2 in.

    In the order :func:`coefficient_roots` solves them; nothing is solved here.
    """
    free = statement.free_symbols
    bound = set()
    for side in (statement.lhs, statement.rhs):
        bound |= bound_symbols(side)
    nodes = []
    visited = 0
    for e in (statement.lhs, statement.rhs, *(c for c in statement.conditions if not is_unit_bound(c))):
        for node in sympy.preorder_traversal(e):
            visited += 1
            if visited > 5000:  # a huge expression: its first few thousand nodes will do
                break
            if isinstance(node, sympy.core.relational.Relational) and isinstance(node.lhs, sympy.Expr):
                node = node.lhs - node.rhs
            if isinstance(node, sympy.Add) and len(node.args) <= 6:
                nodes.append(node)
    out = []
    for node in list(dict.fromkeys(nodes))[:200]:
        syms = node.free_symbols
        if not syms or not syms <= free - bound or len(syms) > 3:
            continue
        out.extend(_node_sources(node))
    return out


@memoized
def _node_sources(node) -> tuple:
    """``((numerator, symbol, degree), ...)`` of a small sum, per symbol it is a polynomial of degree 1 or 2 in.

    Memoised per process (the same sums recur across the claims of a run).
    """
    if sympy.count_ops(node) > 40:
        return ()
    num = sympy.numer(sympy.together(node))
    out = []
    for sym in sorted(node.free_symbols, key=lambda s: s.name):
        try:
            poly = sympy.Poly(num, sym)
        except sympy.PolynomialError:
            continue
        if not 1 <= poly.degree() <= 2 or any(c.has(sym) for c in poly.all_coeffs()):
            continue
        out.append((num, sym, poly.degree()))
    return tuple(out)


@memoized
def real_roots(num, sym) -> tuple:
    """The real roots of ``num`` (a polynomial of degree 1 or 2 in ``sym``) that ``sympy.solve`` finds.

    Memoised per process, keyed on the whole numerator and the symbol.
    """
    try:
        solutions = sympy.solve(num, sym)
    except SYMPY_ERRORS:
        return ()
    return tuple(v for v in solutions if not (v.is_extended_real is False or v.has(sympy.I)))


@memoized
def _rational_poly(num, sym):
    """``num`` as a ``Poly`` in ``sym`` then its other symbols, when its coefficients are rational; else None."""
    others = sorted(num.free_symbols - {sym}, key=lambda s: s.name)
    try:
        poly = sympy.Poly(num, sym, *others)
    except SYMPY_ERRORS:
        return None
    return poly if poly.domain in (sympy.ZZ, sympy.QQ) else None


@memoized
def _linear_coefficients(num, sym):
    """``(a, b)`` when ``num`` is ``a*sym + b`` with ``a``, ``b`` polynomials with rational coefficients in the other symbols, else None.

    >>> from symmetric import P, R, beta
    >>> _linear_coefficients(P * beta + R - 1, beta), _linear_coefficients(P * beta**2 + R, beta)
    ((P, R - 1), None)
    """
    poly = _rational_poly(num, sym)
    if poly is None or poly.degree(sym) != 1:
        return None
    return linear_coefficients(num, sym)  # the one linear solver (core.linear)


def _linear_root_at(coefficients, base):
    """``-b/a`` at ``base`` when ``a`` and ``b`` are rational there and ``a != 0``, else None."""
    a, b = (c.xreplace(base) for c in coefficients)
    if not (a.is_Rational and b.is_Rational) or a == 0:
        return None
    return -b / a


@memoized
def _may_have_constant_root(num, sym) -> bool:
    """False only when no number is a root of ``num`` in ``sym`` whatever the other symbols' values.

    ``num`` is a polynomial in ``sym`` whose coefficients are expressions in
    the other symbols. When it is a polynomial with rational coefficients in
    all its symbols, a number ``c`` makes it vanish identically exactly when
    ``c`` is a root of every coefficient of a monomial in the other symbols,
    that is of their greatest common divisor (a polynomial in ``sym``): a
    constant gcd means no root of ``num`` in ``sym`` is a number. Anything
    else (another generator such as ``exp(k)`` or ``sqrt(P)``, irrational
    coefficients) answers True.

    >>> from symmetric import P, R, beta
    >>> _may_have_constant_root(P * beta + R, beta), _may_have_constant_root(P * beta - P, beta)
    (False, True)
    >>> _may_have_constant_root(beta**2 - 2, beta), _may_have_constant_root(sympy.exp(P) * beta + R, beta)
    (True, True)
    """
    if num.free_symbols == {sym}:
        return True
    poly = _rational_poly(num, sym)
    if poly is None:
        return True
    columns: dict = {}
    for monom, coeff in poly.terms():
        columns.setdefault(monom[1:], {})[monom[:1]] = coeff
    gcd = None
    for column in columns.values():
        part = sympy.Poly.from_dict(column, sym, domain=poly.domain)
        gcd = part if gcd is None else gcd.gcd(part)
        if gcd.degree() <= 0:
            return False
    return True


class _Roots:
    """The pairs of :func:`coefficient_roots`, solved only as far as the sampling reads them.

    When the sums cannot give :data:`ROOT_LIMIT` pairs (their degrees add up
    to less), the list is never cut, so the numeric roots (the ones the
    sampling needs first, as special values) come from the sums that may
    have one (:func:`_may_have_constant_root`), and the other sums are
    solved one at a time while the sampling still takes root points: roots
    it would discard once its share of points is full are never computed.
    Otherwise every sum is solved first, as :func:`coefficient_roots` does.
    """

    def __init__(self, statement: Statement, solve, *, lazy: bool = True) -> None:
        self.solve = solve
        self.sources = _root_sources(statement)
        self.eager = not lazy or sum(degree for _, _, degree in self.sources) >= ROOT_LIMIT
        self.found = coefficient_roots(statement, solve=solve) if self.eager else None

    def numeric(self) -> dict:
        """``{symbol: [numeric roots]}`` in the order of the pairs."""
        out: dict = {}
        if self.found is not None:  # eager: every sum solved already
            pairs = self.found
        else:
            pairs = list(
                dict.fromkeys(
                    (sym, value)
                    for num, sym, _ in self.sources
                    if _may_have_constant_root(num, sym)
                    for value in self.solve(num, sym)
                )
            )
        for sym, value in pairs:
            if value.is_number:
                out.setdefault(sym, []).append(value)
        return out

    def entries(self):
        """``(symbol, linear coefficients or None, roots())`` in the order of the pairs; ``roots()`` solves (memoised)."""
        if self.eager:
            for sym, value in self.found or ():
                yield sym, None, lambda value=value: (value,)
            return
        for num, sym, _degree in self.sources:
            yield sym, _linear_coefficients(num, sym), lambda num=num, sym=sym: self.solve(num, sym)


_ASSUMPTION_TESTS = {
    "positive": lambda v: v.is_positive,
    "negative": lambda v: v.is_negative,
    "nonnegative": lambda v: v.is_nonnegative,
    "nonpositive": lambda v: v.is_nonpositive,
    "nonzero": lambda v: v.is_nonzero,
    "zero": lambda v: v.is_zero,
    "integer": lambda v: v.is_integer,
    "real": lambda v: v.is_real,
}


@functools.lru_cache(maxsize=4096)
def _admissible(sym: sympy.Symbol, value: sympy.Expr) -> bool:
    """Whether ``value`` satisfies every assumption of ``sym`` (prime, odd, irrational, ... included).

    Memoised by the (immutable) symbol and value: sampling asks about the
    same candidate values again and again. Rationals and ``q*sqrt(2)`` are
    decided without SymPy's fact deduction when the symbol's assumptions are
    only about sign, zero, integrality and reality; anything else goes to
    :func:`~symmetric.verify.evidence.admissible.satisfies_assumptions`.
    """
    assumed = {name: wanted for name, wanted in sym.assumptions0.items() if wanted is not None}
    if not set(assumed) <= _FAST_FACTS:
        return satisfies_assumptions(sym, value)
    if value.is_Rational:  # decided from the numerator and denominator, without SymPy's fact deduction
        facts = rational_facts(value)
        return all(facts[name] == wanted for name, wanted in assumed.items() if name in facts)
    coefficient = _sqrt2_coefficient(value)
    if coefficient is not None:  # q*sqrt(2), q != 0: irrational, with the sign of q
        p = coefficient.p
        facts = {
            "positive": p > 0,
            "negative": p < 0,
            "nonnegative": p > 0,
            "nonpositive": p < 0,
            "nonzero": True,
            "zero": False,
            "integer": False,
            "real": True,
        }
        return all(facts[name] == wanted for name, wanted in assumed.items() if name in facts)
    return satisfies_assumptions(sym, value)


#: The assumptions the fast path of :func:`_admissible` decides; the others that SymPy derives from them
#: (``real`` implies ``complex``, ``finite``, ...) hold for every rational and every ``q*sqrt(2)``.
_FAST_FACTS = {
    "positive",
    "negative",
    "nonnegative",
    "nonpositive",
    "nonzero",
    "zero",
    "integer",
    "real",
    "commutative",
    "complex",
    "finite",
    "infinite",
    "extended_real",
    "hermitian",
    "imaginary",
    "extended_positive",
    "extended_negative",
    "extended_nonnegative",
    "extended_nonpositive",
    "extended_nonzero",
}


def _sqrt2_coefficient(value):
    """The nonzero rational ``q`` when ``value`` is ``q*sqrt(2)`` (as the sampling builds it), else None.

    >>> _sqrt2_coefficient(-3 * sympy.sqrt(2) / 4), _sqrt2_coefficient(sympy.sqrt(2)), _sqrt2_coefficient(sympy.sqrt(3))
    (-3/4, 1, None)
    """
    if value == _SQRT2:
        return sympy.Integer(1)
    if value.is_Mul and len(value.args) == 2 and value.args[1] == _SQRT2 and value.args[0].is_Rational:
        return value.args[0]  # a Mul never keeps a zero coefficient
    return None


def _unit_bounded(statement: Statement, sym) -> bool:
    """Whether a condition bounds ``sym`` above by 1 (the metric domain)."""
    return any(isinstance(c, sympy.LessThan) and c.lhs == sym and c.rhs == 1 for c in statement.conditions)


def _candidates(statement: Statement, sym: sympy.Symbol, extra) -> list:
    if sym.is_integer:
        base = [sympy.Integer(k) for k in (1, 2, 0, -1, 3, -2, 5, 4, 10, -10, 1000)]
    elif sym.is_positive and _unit_bounded(statement, sym):
        base = list(_UNIT)
    elif sym.is_nonnegative:
        base = list(_POSITIVE) if sym.is_positive else [sympy.Integer(0)] + _POSITIVE
    elif sym.is_nonpositive:
        base = [-v for v in _POSITIVE] + ([] if sym.is_negative else [sympy.Integer(0)])
    else:
        base = list(_REAL)
    values = list(dict.fromkeys(list(extra) + typical_values(sym) + base))
    return [v for v in values if _admissible(sym, v)]


def _approaches(sym, constants) -> list:
    """Values near the special ``constants``: midpoints of neighbours, then each approached at 10**-3, 10**-6."""
    out = []
    numbers = sorted({c for c in constants if c.is_number and c.is_extended_real}, key=float)
    for a, b in zip(numbers, numbers[1:]):
        mid = (a + b) / 2
        if _admissible(sym, mid):
            out.append(mid)
    for h in _APPROACH:
        for c in constants:
            for v in (c - h, c + h):
                if v not in out and _admissible(sym, v):
                    out.append(v)
    return out


def _random_value(statement: Statement, sym: sympy.Symbol, rng: random.Random) -> sympy.Expr:
    """A random value with four significant digits (exact powers of it stay cheap for SymPy)."""
    if sym.is_integer:
        value = sympy.Integer(rng.randint(-20, 20))
    else:
        unit = sym.is_positive and _unit_bounded(statement, sym)
        exponent = rng.uniform(-6, 0) if unit else rng.uniform(-3, 3)
        scale = 10 ** (3 - math.floor(exponent))
        value = sympy.Rational(max(1, round(10**exponent * scale)), scale)
        if unit and value.p > value.q:  # value > 1, compared as integers (the denominator is positive)
            value = sympy.Integer(1)
        if not (sym.is_nonnegative or sym.is_positive) and rng.random() < 0.5:
            value = -value
        if rng.random() < 0.1:
            value = value * _SQRT2 / 2 if unit else value * _SQRT2
    return value if _admissible(sym, value) else abs(value)


def satisfies(conditions, point, *, fallback=None) -> bool:
    """Whether every condition holds at ``point`` (exactly; an undecidable one counts as failing).

    A comparison of two polynomials with rational coefficients (``P <= 1``,
    ``rho < 0``, ``Eq(beta, 1)``, ``B_0 > C_01 + C_02``) at values
    ``a + b*sqrt(2)`` with rational ``a``, ``b`` is decided in exact integer
    arithmetic; any other condition or value goes to ``fallback``.

    Parameters
    ----------
    conditions : iterable of SymPy relations
    point : dict
        ``{symbol: value}``.
    fallback : callable, optional
        ``fallback(condition, point) -> bool`` for a condition the exact
        arithmetic cannot decide; by default :func:`holds_by_substitution`.
        A fallback that raises shows which conditions the exact route decides.

    >>> from symmetric import P, rho
    >>> satisfies([P <= 1, rho < 0], {P: sympy.Integer(1), rho: sympy.Rational(-1, 3)})
    True
    >>> satisfies([P <= 1, sympy.Eq(rho, 0)], {P: sympy.Integer(1), rho: sympy.Rational(-1, 3)})
    False
    """
    for c in conditions:
        symbols, compare, terms = _condition_plan(c)
        if compare is not None:
            decided = _compare_in_q_sqrt2(compare, terms, symbols, point)
            if decided is not None:
                if not decided:
                    return False
                continue
        if fallback is not None:
            if not fallback(c, point):
                return False
        elif not _holds(c, tuple((s, point[s]) for s in symbols if s in point)):
            return False
    return True


def holds_by_substitution(condition, point) -> bool:
    """Whether ``condition`` holds at ``point``, substituted and evaluated by SymPy (memoised).

    The route :func:`satisfies` takes for a condition its exact arithmetic
    cannot decide.

    >>> from symmetric import P
    >>> holds_by_substitution(P**2 < sympy.pi, {P: sympy.Integer(1)})
    True
    """
    symbols = _condition_plan(condition)[0]
    return _holds(condition, tuple((s, point[s]) for s in symbols if s in point))


@memoized
def _condition_plan(condition) -> tuple:
    """``(free symbols in SymPy's sort order, comparison, terms)`` of a condition.

    When ``condition`` compares two polynomials with rational coefficients
    (``P <= 1``, ``B_0 > C_01 + C_02``), ``comparison`` is the operator and
    ``terms`` the polynomial ``lhs - rhs`` as ``(exponents, coefficient)``
    pairs over the symbols (the coefficient as numerator and positive
    denominator); otherwise both are None.
    """
    symbols = tuple(sorted(getattr(condition, "free_symbols", set()), key=sympy.default_sort_key))
    relation = relation_of(condition)
    compare = None if relation is None else relation.compare
    if compare is None or not symbols or not all(isinstance(side, sympy.Expr) for side in condition.args):
        return symbols, None, None
    try:
        poly = sympy.Poly(condition.lhs - condition.rhs, *symbols)
    except SYMPY_ERRORS:
        return symbols, None, None
    if poly.domain not in (sympy.ZZ, sympy.QQ):
        return symbols, None, None
    terms = tuple((monom, (int(c.p), int(c.q))) for monom, c in poly.terms())
    return symbols, compare, terms


def _compare_in_q_sqrt2(compare, terms, symbols, point):
    """``compare(lhs - rhs, 0)`` at ``point`` in exact integer arithmetic, or None when a value is not in Q(sqrt(2)).

    Each value is ``(a + b*sqrt(2))/d`` with integers (:func:`_in_q_sqrt2`),
    as every value the sampling builds is; so is the polynomial ``lhs -
    rhs`` at the point, whose sign follows from ``a**2`` against ``2*b**2``
    (never equal unless both are 0: sqrt(2) is irrational).
    """
    values = []
    for s in symbols:
        v = point.get(s)
        if not isinstance(v, sympy.Expr):  # missing, or not a SymPy number: SymPy decides
            return None
        v = _in_q_sqrt2(v)
        if v is None:
            return None
        values.append(v)
    a_sum, b_sum, d_sum = 0, 0, 1  # the sum so far, (a + b*sqrt(2))/d with d > 0
    for monom, (p, q) in terms:
        a, b, d = p, 0, q
        for (va, vb, vd), k in zip(values, monom):
            for _ in range(k):
                a, b, d = a * va + 2 * b * vb, a * vb + b * va, d * vd
        a_sum, b_sum, d_sum = a_sum * d + a * d_sum, b_sum * d + b * d_sum, d_sum * d
    return compare(_sign_q_sqrt2(a_sum, b_sum), 0)


def _in_q_sqrt2(value):
    """``(a, b, d)`` with ``value == (a + b*sqrt(2))/d``, integers, ``d > 0``; None for any other form.

    >>> _in_q_sqrt2(sympy.Rational(-3, 4)), _in_q_sqrt2(sympy.sqrt(2) / 3), _in_q_sqrt2(1 - sympy.sqrt(2) / 2)
    ((-3, 0, 4), (0, 1, 3), (2, -1, 2))
    >>> _in_q_sqrt2(sympy.sqrt(3)) is None
    True
    """
    if value.is_Rational:
        return value.p, 0, value.q
    c = _sqrt2_coefficient(value)
    if c is not None:
        return 0, c.p, c.q
    if value.is_Add and len(value.args) == 2:
        for r, t in (value.args, value.args[::-1]):
            c = _sqrt2_coefficient(t)
            if r.is_Rational and c is not None:
                return r.p * c.q, c.p * r.q, r.q * c.q
    return None


def _sign_q_sqrt2(a: int, b: int) -> int:
    """The sign of ``a + b*sqrt(2)`` for integers ``a``, ``b``.

    >>> [_sign_q_sqrt2(a, b) for a, b in [(0, 0), (3, -2), (-3, 2), (1, 0), (0, -1), (-1, -1)]]
    [0, 1, -1, 1, -1, -1]
    """
    sa, sb = (a > 0) - (a < 0), (b > 0) - (b < 0)
    if sa == sb or sb == 0:
        return sa
    if sa == 0:
        return sb
    return sa if a * a > 2 * b * b else sb  # opposite signs: the larger magnitude wins


@memoized
def _holds(condition, values: tuple) -> bool:
    """Whether ``condition`` holds at the point ``dict(values)``; memoised (sampling asks again and again)."""
    value = substitute(condition, dict(values))
    if value is sympy.true:
        return True
    if value is sympy.false:
        return False
    try:
        return bool(value.doit() if hasattr(value, "doit") else value)
    except TypeError:
        return value.evalf(30) is sympy.true


_GENERIC_POSITIVE = [_Q(1, 2), sympy.Integer(2), sympy.Integer(3), _Q(1, 3), sympy.Integer(5), _Q(1, 5), _Q(3, 2)]
_GENERIC_UNIT = [_Q(1, 2), _Q(1, 3), _Q(3, 4), _Q(1, 5), _Q(2, 3), _Q(1, 7), _Q(4, 5)]
_GENERIC_REAL = [_Q(1, 2), sympy.Integer(-3), sympy.Integer(2), _Q(-1, 2), sympy.Integer(3), _Q(-2, 3), _Q(5, 2)]


def _generic(statement, sym: sympy.Symbol, index: int):
    if sym.is_integer:
        pool = [sympy.Integer(k) for k in (2, 3, 5, 7, 1, 4)]
    elif sym.is_positive and _unit_bounded(statement, sym):
        pool = _GENERIC_UNIT
    elif sym.is_positive or sym.is_nonnegative:
        pool = _GENERIC_POSITIVE
    elif sym.is_negative or sym.is_nonpositive:
        pool = [-v for v in _GENERIC_POSITIVE]
    else:
        pool = _GENERIC_REAL
    pool = [v for v in pool if _admissible(sym, v)] or typical_values(sym) or pool
    return pool[index % len(pool)]


class _Points:
    def __init__(self, statement, symbols, n) -> None:
        self.statement, self.symbols, self.n = statement, symbols, n
        self.points: list[dict] = []
        self.seen: set = set()

    def full(self, limit=None) -> bool:
        return len(self.points) >= (self.n if limit is None else min(limit, self.n))

    def accepts(self, point) -> bool:
        """Whether ``point`` is admissible, new and satisfies the conditions (not whether there is room)."""
        if any(not _admissible(s, point[s]) for s in self.symbols):
            return False
        return tuple(point[s] for s in self.symbols) not in self.seen and satisfies(self.statement.conditions, point)

    def add(self, point, limit=None) -> bool:
        if self.full(limit) or not self.accepts(point):
            return False
        self.seen.add(tuple(point[s] for s in self.symbols))
        self.points.append(point)
        return True


def _forced(statement) -> dict:
    """Values that equations among the conditions fix (``Eq(rho, 0)`` fixes ``rho = 0``)."""
    out = {}
    for c in statement.conditions:
        if isinstance(c, sympy.Eq):
            solved = _solve_linear(c)
            if solved is not None:
                out[solved[0]] = solved[1]
    return out


def _bases(statement, symbols, candidates, rng, n):
    bases = []
    forced = _forced(statement)
    for shift in range(8):
        base = {s: _generic(statement, s, j + shift) for j, s in enumerate(symbols)}
        base.update(forced)
        if _admissible_base(base) and satisfies(statement.conditions, base) and base not in bases:
            bases.append(base)
    for shift in range(12):
        if len(bases) >= 2:
            break
        if not all(candidates[s] for s in symbols):
            break
        base = {s: candidates[s][(2 * j + shift) % len(candidates[s])] for j, s in enumerate(symbols)}
        base.update(forced)
        if _admissible_base(base) and satisfies(statement.conditions, base) and base not in bases:
            bases.append(base)
    attempts = 0
    while len(bases) < 2 and attempts < 50 * n:
        attempts += 1
        base = {s: _random_value(statement, s, rng) for s in symbols}
        base.update(forced)
        if _admissible_base(base) and satisfies(statement.conditions, base):
            bases.append(base)
    return bases[:2]


def _admissible_base(base) -> bool:
    return all(_admissible(s, v) for s, v in base.items())


def _add_root_points(pts: _Points, bases, roots: _Roots, share: int) -> None:
    """Each base with a symbol moved to a root (its value at the base), until ``share`` points are taken.

    A root of ``a*sym + b`` (rational polynomials ``a``, ``b``) is ``-b/a``
    wherever ``a != 0``: when that value at the base would be refused (off
    the symbol's assumptions or the conditions, or already taken), so is
    the value of whatever form ``sympy.solve`` gives the root (equal there,
    or undefined), and the equation is not solved for this base. A value
    that would be taken always comes from ``solve``'s root, as before.
    """
    for base in bases:
        for sym, linear, values in roots.entries():
            if pts.full(share):  # every further point would be refused: stop solving
                return
            if linear is not None:
                guess = _linear_root_at(linear, base)
                if guess is not None and not pts.accepts({**base, sym: guess}):
                    continue
            for value in values():
                v = substitute(value, {k: base[k] for k in value.free_symbols if k in base})
                if v.free_symbols:
                    continue
                pts.add({**base, sym: sympy.nsimplify(v) if v.is_Float else v}, share)


def sample_points(
    statement: Statement, *, n: int = 32, seed: int = 0, solve=None, lazy_roots: bool = True
) -> list[dict]:
    """Up to ``n`` points of the statement's domain, simple ones first, then adversarial ones.

    Each point maps every free symbol to an exact value (rational, or a
    simple algebraic number) that satisfies the symbol's assumptions and all
    conditions.

    Parameters
    ----------
    statement : Statement
    n : int, default 32
        The most points returned.
    seed : int, default 0
        Seed of the random points (the same seed gives the same points).
    solve : callable, optional
        ``solve(numerator, symbol) -> tuple`` of the real roots of a sum in
        the statement; by default :func:`real_roots`. The sampling calls it
        only for sums whose roots it may still take, so a counting
        ``solve`` shows which sums were solved.
    lazy_roots : bool, default True
        Solve the sums one at a time while the points still take roots;
        False solves every sum first (as :func:`coefficient_roots` does):
        the same points, with more solving.
    """
    symbols = sorted(statement.free_symbols, key=lambda s: s.name)
    if not symbols:
        return [{}]
    specials = special_constants(statement)
    roots = _Roots(statement, solve or real_roots, lazy=lazy_roots)
    numeric_roots = roots.numeric()
    for sym, values in integer_roots(statement).items():  # integer-valued symbols and floor/ceiling arguments
        numeric_roots[sym] = list(dict.fromkeys(values + numeric_roots.get(sym, [])))
    special = {
        s: [v for v in dict.fromkeys(specials.get(s, []) + numeric_roots.get(s, [])) if _admissible(s, v)]
        for s in symbols
    }
    candidates = {s: _candidates(statement, s, special[s]) for s in symbols}
    rng = random.Random(seed)
    pts = _Points(statement, symbols, n)
    bases = _bases(statement, symbols, candidates, rng, n)

    # 1. one symbol at a time: the special values first, then simple ones
    simple_share = max(1, (n * 7) // 16)
    for base in bases:
        pts.add(dict(base), simple_share)
    for depth in range(max(len(v) for v in special.values())):
        for base in bases:
            for s in symbols:
                if depth < len(special[s]):
                    pts.add({**base, s: special[s][depth]}, simple_share)
    generic = {s: [v for v in candidates[s] if v not in special[s]] for s in symbols}
    for depth in range(max(len(v) for v in generic.values())):
        for b, base in enumerate(bases):
            if b and depth > 2:
                continue
            for s in symbols:
                if depth < len(generic[s]):
                    pts.add({**base, s: generic[s][depth]}, simple_share)
        if pts.full(simple_share):
            break
    positive = [s for s in symbols if s.is_positive]
    for base in bases[:1]:
        if len(positive) > 1:
            for value in (sympy.Integer(1), _Q(1, 2)):
                pts.add({**base, **{s: value for s in positive}}, simple_share + 2)

    # 2. roots of the statement's coefficients (also in terms of other symbols), and approaches to special values
    share = simple_share + 2 + max(2, (n * 3) // 16)
    _add_root_points(pts, bases, roots, share)
    approaches = {s: _approaches(s, specials.get(s, []) + numeric_roots.get(s, [])) for s in symbols}
    for k in range(max(len(v) for v in approaches.values()) if bases else 0):  # no base: nothing to move
        for s in symbols:
            if k < len(approaches[s]):
                pts.add({**bases[0], s: approaches[s][k]}, share)

    # 3. extreme regions
    share += max(2, (n * 3) // 16)
    unit = [s for s in symbols if s.is_positive and _unit_bounded(statement, s)]
    pairs: list[dict] = []  # both unit symbols moved at once, tried first
    groups: list[list[dict]] = []  # one symbol's extreme values, interleaved across symbols
    if len(unit) >= 2:
        a, b = unit[:2]
        pairs += [
            {a: sympy.Integer(1), b: _Q(1, 10**8)},
            {a: _Q(1, 10**8), b: sympy.Integer(1)},
            {a: _Q(1, 10**4), b: _Q(1, 10**12)},
        ]
    for s in symbols:
        if s in unit or s.is_integer:
            continue
        values = (
            (sympy.Integer(10**6), _Q(1, 10**6))
            if s.is_positive
            else (sympy.Integer(-50), _Q(-1, 10**3), sympy.Integer(50))
        )
        groups.append([{s: v} for v in values])
    order = list(pairs)
    for k in range(3):
        order += [group[k] for group in groups if k < len(group)]
    for base in bases:
        for extreme in order:
            pts.add({**base, **extreme}, share)

    # 4. random points, log-uniform in magnitude
    attempts = 0
    forced = _forced(statement)
    while not pts.full() and attempts < 50 * n:
        attempts += 1
        pts.add({**{s: _random_value(statement, s, rng) for s in symbols}, **forced})
    return pts.points
