"""Which points a counterexample may be: every assumption of every symbol, every condition, every free symbol.

A point refutes a statement only when it is a point of the statement's
domain: it gives a value to each free symbol of the statement and to nothing
else, each value satisfies *every* assumption its symbol carries (``integer``,
``rational``, ``irrational``, ``prime``, ``composite``, ``even``, ``odd``,
``positive``, ``zero``, ... all of SymPy's, as ``Symbol.assumptions0`` lists
them), and every condition holds there exactly. The sampler
(:mod:`symmetric.verify.evidence.sample_points`) draws only such points, and the confirmation
(:mod:`symmetric.verify.evidence.confirm`), the exact rational path of the evidence
and the engine check each refuting point again with :func:`admissible_point`.

The sampler also needs values for symbols whose assumptions exclude the
usual simple ones (a prime, an odd number, an irrational): :func:`typical_values`
gives them, and :func:`integer_roots` the integers where the statement's own
polynomials in an integer-valued symbol vanish (``n = 23`` for ``n**3 - 12167``).

>>> import sympy
>>> p = sympy.Symbol("p", prime=True)
>>> satisfies_assumptions(p, sympy.Integer(1)), satisfies_assumptions(p, sympy.Integer(7))
(False, True)
>>> q = sympy.Symbol("q", irrational=True)
>>> satisfies_assumptions(q, sympy.Rational(1, 2)), satisfies_assumptions(q, sympy.sqrt(2))
(False, True)
>>> n = sympy.Symbol("n", integer=True)
>>> integer_roots_of(sympy.atan(n**3 - 12167)**2, n)
(23, 0)
"""

from __future__ import annotations

import functools

import sympy

from ..core.memo import memoized
from ..core.numbers import NotReal, constant_sign
from ..core.relations import relation_of
from ..core.substitution import substitute
from ..core.sympy_errors import SYMPY_ERRORS

__all__ = [
    "rational_facts",
    "satisfies_assumptions",
    "admissible_point",
    "typical_values",
    "integer_roots",
    "integer_roots_of",
]


def rational_facts(value: sympy.Rational) -> dict:
    """The truth of each SymPy assumption about the rational ``value``, from its numerator and denominator."""
    p, q = value.p, value.q
    integer = q == 1
    prime = integer and p > 1 and sympy.isprime(p)
    return {
        "positive": p > 0,
        "negative": p < 0,
        "nonnegative": p >= 0,
        "nonpositive": p <= 0,
        "nonzero": p != 0,
        "zero": p == 0,
        "integer": integer,
        "real": True,
        "extended_positive": p > 0,
        "extended_negative": p < 0,
        "extended_nonnegative": p >= 0,
        "extended_nonpositive": p <= 0,
        "extended_nonzero": p != 0,
        "extended_real": True,
        "rational": True,
        "irrational": False,
        "algebraic": True,
        "transcendental": False,
        "finite": True,
        "infinite": False,
        "complex": True,
        "imaginary": False,
        "commutative": True,
        "hermitian": True,
        "antihermitian": p == 0,
        "noninteger": not integer,
        "even": integer and p % 2 == 0,
        "odd": integer and p % 2 == 1,
        "prime": prime,
        "composite": integer and p > 1 and not prime,
    }


def _sign_facts(value) -> dict:
    """The sign assumptions of a number that is not rational, from its rigorous sign
    (:func:`~symmetric.verify.core.numbers.constant_sign`: ball arithmetic, never SymPy's evaluation)."""
    if value.free_symbols or value.has(sympy.oo, -sympy.oo):
        return {}
    try:
        s = constant_sign(value)
    except NotReal:
        return {"real": False, "extended_real": False}
    if s is None:
        return {}
    facts = {
        "positive": s > 0,
        "negative": s < 0,
        "nonnegative": s >= 0,
        "nonpositive": s <= 0,
        "nonzero": s != 0,
        "zero": s == 0,
    }
    return {
        **facts,
        **{"extended_" + k: v for k, v in facts.items() if k != "zero"},
        "real": True,
        "extended_real": True,
        "finite": True,
        "infinite": False,
    }


@functools.lru_cache(maxsize=8192)
def satisfies_assumptions(sym: sympy.Symbol, value: sympy.Expr) -> bool:
    """Whether ``value`` satisfies every assumption of ``sym`` (an undecided one counts as failing).

    Rationals are decided from numerator and denominator; the sign of any
    other value by ball arithmetic, its other properties by SymPy's own
    queries on the number (``sqrt(2).is_irrational``), where only a definite
    answer that matches counts. The strategies' rational trial points ask the
    same test (:func:`symmetric.verify.strategies.rational_zero.differs_somewhere`).
    """
    value = sympy.sympify(value)
    facts = rational_facts(value) if value.is_Rational else _sign_facts(value)
    for name, wanted in sym.assumptions0.items():
        if wanted is None:
            continue
        holds = facts[name] if name in facts else getattr(value, f"is_{name}", None)
        if holds is None or bool(holds) != bool(wanted):
            return False
    return True


def admissible_point(statement, point: dict) -> str | None:
    """Why ``point`` cannot refute ``statement``, or None when it is a point of its domain.

    The point must give a value to each free symbol and to nothing else, each
    value must satisfy its symbol's assumptions, and every condition must
    hold there exactly.
    """
    free = statement.free_symbols
    keys = set(point)
    if keys != free:
        missing, extra = sorted(map(str, free - keys)), sorted(map(str, keys - free))
        return (
            f"the point gives values to {sorted(map(str, keys))}, the statement's free symbols are "
            f"{sorted(map(str, free))} (missing {missing}, extra {extra})"
        )
    for sym in sorted(free, key=str):
        if not satisfies_assumptions(sym, sympy.sympify(point[sym])):
            return f"{sym} = {point[sym]} violates the assumptions of {sym}"
    values = {k: sympy.sympify(v) for k, v in point.items()}
    for condition in statement.conditions:
        if not _holds_at(condition, values):
            return f"the condition {sympy.sstr(condition)} does not hold at the point"
    return None


def _holds_at(condition, values: dict) -> bool:
    """Whether ``condition`` holds at the point: a relation from the rigorous sign of the difference of its
    sides there (ball arithmetic, :func:`~symmetric.verify.core.numbers.constant_sign`), anything else from
    SymPy's evaluation of the substituted condition (exactly ``true``)."""
    relation = relation_of(condition)
    try:
        if relation is not None:
            diff = substitute(condition.lhs - condition.rhs, values)
            if not diff.free_symbols:
                try:
                    sign = constant_sign(diff)
                except NotReal:
                    return False
                return sign is not None and sign in relation.signs
        return substitute(condition, values) is sympy.true
    except SYMPY_ERRORS:
        return False


_FIRST_INTEGERS = [
    sympy.Integer(k)
    for k in (2, 3, 5, 7, 1, 4, 9, 0, -1, -2, -3, 6, 8, 10, 11, 12, 13, 15, 17, 25, -5, -7, 97, 100, 1000, 10**6)
]
_IRRATIONAL = [
    sympy.sqrt(2),
    -sympy.sqrt(2),
    sympy.sqrt(2) / 2,
    -sympy.sqrt(2) / 2,
    3 * sympy.sqrt(2),
    sympy.sqrt(2) / 1000,
    sympy.sqrt(3),
    sympy.pi,
]


def typical_values(sym: sympy.Symbol) -> list:
    """Values for a symbol whose assumptions the usual simple values rarely meet (prime, odd, irrational, ...).

    Empty for the symbols the sampler's own pools serve (real, positive,
    integer without further structure).
    """
    assumed = {k for k, v in sym.assumptions0.items() if v is True}
    if not assumed & {
        "prime",
        "composite",
        "even",
        "odd",
        "irrational",
        "noninteger",
        "transcendental",
        "zero",
        "rational",
        "algebraic",
    }:
        return []
    pool = (
        _FIRST_INTEGERS
        + _IRRATIONAL
        + [sympy.Rational(1, 2), sympy.Rational(-1, 2), sympy.Rational(3, 2), sympy.Rational(1, 3)]
    )
    return [v for v in pool if satisfies_assumptions(sym, v)]


def _integer_valued(sym) -> bool:
    return sym.is_integer is True


@memoized
def integer_roots_of(expr, sym) -> tuple:
    """The integer roots of the polynomials in ``sym`` (rational coefficients) that occur in ``expr``.

    Each sum or power of ``expr`` that is a polynomial in ``sym`` alone (and
    ``u - 1`` for ``acos(u)``, ``asec(u)``) is factored over the rationals; its
    linear factors give the roots. At most a few thousand nodes are looked at.
    """
    found: list = []
    for k, node in enumerate(sympy.preorder_traversal(expr)):
        if k > 3000 or len(found) > 12:
            break
        if isinstance(node, (sympy.acos, sympy.asec)) and node.args[0].free_symbols == {sym}:
            node = node.args[0] - 1  # acos and asec vanish where their argument is 1
        if (
            not isinstance(node, sympy.Expr)
            or node.free_symbols != {sym}
            or not isinstance(node, (sympy.Add, sympy.Pow))
        ):
            continue
        try:
            poly = sympy.Poly(node, sym)
            if poly.domain not in (sympy.ZZ, sympy.QQ) or not 1 <= poly.degree() <= 12:
                continue
            factors = poly.factor_list()[1]
        except SYMPY_ERRORS + (sympy.PolynomialError,):
            continue
        for factor, _ in factors:
            if factor.degree() == 1:
                a, b = factor.all_coeffs()
                root = -b / a
                if root.is_Integer and root not in found:
                    found.append(root)
    return tuple(found)


def integer_roots(statement) -> dict:
    """``{symbol: [integers]}``: where the statement's own polynomials in an integer-valued symbol vanish.

    For integer symbols directly; for ``floor(x + c)``/``ceiling(x + c)`` of a
    real symbol ``x``, the integer roots ``k`` of the polynomials in the
    floor give the points ``x = k - c``.
    """
    out: dict = {}
    sides = (statement.lhs, statement.rhs)
    rounded: list = []  # each side's floor and ceiling nodes, found once for all the symbols
    for sym in sorted(statement.free_symbols, key=str):
        values: list = []
        if _integer_valued(sym):
            for side in sides:
                values += [v for v in integer_roots_of(side, sym) if v not in values]
        else:
            rounded = rounded or [side.atoms(sympy.floor, sympy.ceiling) for side in sides]
            for side, nodes in zip(sides, rounded):
                for node in nodes:
                    arg = node.args[0]
                    if arg.free_symbols != {sym}:
                        continue
                    shift = arg - sym
                    if shift.free_symbols or not shift.is_Rational:
                        continue
                    u = sympy.Dummy("u", integer=True)
                    for k in integer_roots_of(side.xreplace({node: u}), u):
                        v = k - shift
                        if v not in values:
                            values.append(v)
        if values:
            out[sym] = values
    return out
