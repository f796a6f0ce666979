"""The inequality of arithmetic and geometric means, as a substitution a step can be proven under.

For ``N >= 1`` positive terms ``t_i``, the geometric mean ``g = (\\prod t_i)^{1/N}`` is positive and the arithmetic
mean exceeds it by some ``d >= 0``: ``\\sum t_i = N (g + d)`` and ``\\prod t_i = g^N``. The same holds for the
reciprocals, whose geometric mean is ``1/g``: ``\\sum 1/t_i = N (1/g + e)`` with ``e >= 0``. :func:`by_means`
rewrites a step so, one ``g`` (and ``d``, ``e``) per term and range that the step both sums and multiplies.

Every true value of the sums and products is reached by some ``g > 0`` and ``d, e >= 0``, so a step proven for
every such ``g``, ``d`` and ``e`` (and every ``N >= 1``) holds: this proves the harmonic, geometric and arithmetic
means in order, Jensen's inequality for the logarithm (a sum of logarithms is the logarithm of the product), and
what follows from them by algebra. It never refutes: a step that fails for some ``d`` may hold for every value the
sums take.

>>> import sympy
>>> i, n = sympy.Symbol("i", integer=True), sympy.Symbol("n", positive=True)
>>> a = sympy.IndexedBase("a", positive=True)
>>> found = by_means(sympy.Product(a[i], (i, 1, n)) ** (1 / n), sympy.Sum(a[i], (i, 1, n)) / n)
>>> found.exprs
[g(a[i_0], i_0=1..n), d(a[i_0], i_0=1..n) + g(a[i_0], i_0=1..n)]

Jensen's inequality for the logarithm becomes the logarithm's monotonicity:

>>> by_means(sympy.log(sympy.Sum(a[i], (i, 1, n)) / n), sympy.Sum(sympy.log(a[i]), (i, 1, n)) / n).exprs
[log(d(a[i_0], i_0=1..n) + g(a[i_0], i_0=1..n)), log(g(a[i_0], i_0=1..n))]
>>> found.conditions
[n >= 1]

A sum with no product of the same terms to compare it with is left as it is:

>>> by_means(sympy.Sum(a[i], (i, 1, n)), n) is None
True
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy
from sympy.core.function import AppliedUndef

from .sums import linear, renamed_term

__all__ = ["Means", "by_means"]


@dataclass(frozen=True)
class Means:
    """A step's sides rewritten by the inequality of means, the ranges' conditions (each ``N >= 1``), a note, and
    the terms and ranges whose means were taken."""

    exprs: list
    conditions: list
    note: str
    terms: list


def _single(item):
    """``(term with its index renamed, lower, upper)`` of a sum or product over one index, else None."""
    if len(item.limits) != 1:
        return None
    _, body = renamed_term(item)
    _, lower, upper = item.limits[0]
    return body, lower, upper


def _outermost(expr, kind) -> set:
    """The sums or products of ``expr`` inside no other sum, product or function the document applies (one inside
    may vary with an outer index, or with the D of an expectation over D, so it is no one quantity)."""
    items = expr.atoms(sympy.Sum, sympy.Product)
    inner = {a for item in items for a in item.function.atoms(sympy.Sum, sympy.Product)}
    inner |= {a for f in expr.atoms(AppliedUndef) for a in f.atoms(sympy.Sum, sympy.Product)}
    return {a for a in items - inner if isinstance(a, kind)}


def by_means(*given) -> Means | None:
    """The expressions with each product of positive terms ``\\prod t_i`` written ``g^N`` and each sum of the same
    terms (or of their reciprocals) over the same range written through ``g`` and a slack that is never negative;
    None when no term is both summed and multiplied."""
    exprs, read = linear(*given)
    products: dict = {}
    for e in exprs:
        for item in _outermost(e, sympy.Product):
            found = _single(item)
            if found is not None and found[0].is_positive:
                products.setdefault(found, item)
    if not products:
        return None
    mapping: dict = {}
    conditions: list = []
    shown: list = []
    reciprocals = False
    for e in exprs:
        for item in _outermost(e, sympy.Sum):
            found = _single(item)
            if found is None:
                continue
            term, lower, upper = found
            direct, reciprocal = (term, lower, upper), (1 / term, lower, upper)
            key = direct if direct in products else reciprocal if reciprocal in products else None
            if key is None:
                continue
            label = sympy.sstr(key[0]) + f", i_0={sympy.sstr(lower)}..{sympy.sstr(upper)}"
            g = sympy.Symbol(f"g({label})", positive=True)
            count = upper - lower + 1
            if count.is_number and not count >= 1:
                continue  # an empty range: no mean to compare
            if key is direct:
                mapping[item] = count * (g + sympy.Symbol(f"d({label})", nonnegative=True))
            else:
                mapping[item] = count * (1 / g + sympy.Symbol(f"e({label})", nonnegative=True))
                reciprocals = True
            mapping[products[key]] = g**count
            if not count.is_number and sympy.Ge(count, 1) not in conditions:
                conditions.append(sympy.Ge(count, 1))
            shown.append(label)
    if not mapping:
        return None
    note = (
        "by the inequality of arithmetic and geometric means: for the positive terms of "
        + "; ".join(dict.fromkeys(shown))
        + ", the sum is N(g + d) and the product g^N, g > 0 the geometric mean, d >= 0"
        + (", the reciprocals' sum N(1/g + e), e >= 0" if reciprocals else "")
        + ", for a nonempty range (N >= 1)"
    )
    note = "; ".join([*read, note])
    return Means([_tidy(e.xreplace(mapping)) for e in exprs], conditions, note, list(dict.fromkeys(shown)))


def _tidy(expr):
    """``expr`` factored and its logarithms of products and powers split where that is exact (``log(g^n) = n log g``
    for ``g > 0``): the same value, in a form the engine decides at once."""
    if isinstance(expr, sympy.Rel):
        return expr.func(*(_tidy(side) for side in expr.args))
    return sympy.expand_log(sympy.factor(expr))
