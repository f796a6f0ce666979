"""Class labels in {-1, +1}: a step over sums of Iverson brackets of the labels, checked label value by label value.

A document on binary classification often states its labels, ``\\mathbb{Y} = \\{-1, +1\\}`` or
``y_i \\in \\{-1, 1\\}``, and then rewrites sums of brackets of them (``[y_i = -1][y_j = +1]`` as ``[y_i < y_j]``).
Such a step holds only because each label takes one of the two values; read with the labels as real numbers it is
undecided. :func:`holds_for_labels` proves it exactly: the two sides are taken apart into sums over index ranges
(nested sums flattened, factors free of an index moved inside its sum), the summands over the same ranges
collected, and each collected summand is shown to be zero for every assignment of -1 or +1 to the labels it holds
(the brackets then evaluate to 0 or 1, and what is left cancels exactly). Terms outside every sum must cancel as
they stand. Nothing is sampled and nothing is refuted here: a failure leaves the step as it was.
"""

from __future__ import annotations

import itertools
import re

import sympy

__all__ = ["declared_labels", "holds_for_labels"]

#: The most labels one collected summand may hold (2 ** this many assignments are tried).
MAX_LABELS = 6

_SET = r"\\\{\s*-\s*1\s*,\s*\+?\s*1\s*\\\}"
_DECLARED = re.compile(
    r"(?:\\mathbb\{Y\}|\\mathcal\{Y\}|(?<![\w\\])Y|(?<![\w\\])y(?:_\{?[\w()]+\}?)?)\s*(?:=|\\in)\s*" + _SET
)


def declared_labels(text: str) -> int | None:
    """The 1-based line at which ``text`` declares the labels ``y`` to lie in {-1, +1}, else None."""
    found = _DECLARED.search(text)
    return text.count("\n", 0, found.start()) + 1 if found else None


def _flattened(expr):
    """``expr`` with nested sums flattened: ``Sum(a Sum(b, j), i)`` -> ``Sum(a b, j, i)`` when ``a`` is free of ``j``."""
    if not isinstance(expr, sympy.Basic) or not expr.args:
        return expr
    expr = expr.func(*(_flattened(a) for a in expr.args)) if not isinstance(expr, sympy.Sum) else expr
    if not isinstance(expr, sympy.Sum):
        return expr
    body = _flattened(expr.function)
    inner = [f for f in sympy.Mul.make_args(body) if isinstance(f, sympy.Sum)]
    if len(inner) == 1:
        rest = sympy.Mul(*(f for f in sympy.Mul.make_args(body) if f is not inner[0]))
        bound = {limit[0] for limit in inner[0].limits}
        if not (rest.free_symbols & bound):
            return sympy.Sum(rest * inner[0].function, *inner[0].limits, *expr.limits)
    return sympy.Sum(body, *expr.limits)


def _collected(expr) -> tuple[dict, sympy.Expr] | None:
    """``({limits: summand}, rest)`` with ``expr = sum over each limits of its summand + rest``, else None."""
    groups: dict = {}
    rest = sympy.Integer(0)
    for term in sympy.Add.make_args(sympy.expand_mul(_flattened(expr), deep=False)):
        sums = [f for f in sympy.Mul.make_args(term) if isinstance(f, sympy.Sum)]
        if not sums and not term.has(sympy.Sum):
            rest += term
            continue
        if len(sums) != 1:
            return None
        coefficient = sympy.Mul(*(f for f in sympy.Mul.make_args(term) if f is not sums[0]))
        if coefficient.has(sympy.Sum) or coefficient.free_symbols & {limit[0] for limit in sums[0].limits}:
            return None
        key = tuple(tuple(limit) for limit in sums[0].limits)
        groups[key] = groups.get(key, sympy.Integer(0)) + coefficient * sums[0].function
    return groups, rest


def _zero(expr) -> bool:
    """Whether ``expr`` cancels to 0 exactly (a rational function of its symbols)."""
    return sympy.cancel(sympy.together(expr)) == 0


def holds_for_labels(lhs, rhs, base: str = "y") -> bool:
    """Whether ``lhs = rhs`` holds for every value in {-1, +1} of the labels (``Indexed`` of ``base``), summand by
    summand over the same index ranges (a sufficient condition, decided exactly)."""
    found = _collected(lhs - rhs)
    if found is None:
        return False
    groups, rest = found
    if not groups or not _zero(rest):
        return False
    for summand in groups.values():
        labels = sorted((i for i in summand.atoms(sympy.Indexed) if str(i.base) == base), key=sympy.default_sort_key)
        if not labels or len(labels) > MAX_LABELS:
            return False
        for values in itertools.product((-1, 1), repeat=len(labels)):
            if not _zero(summand.xreplace(dict(zip(labels, map(sympy.Integer, values))))):
                return False
    return True
