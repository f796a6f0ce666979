"""Sums, products and Iverson brackets the engine cannot take, turned into quantities it can: by linearity.

A finite sum is linear whatever its terms are: ``\\sum_{i<j} (1 - [y_i = y_j])`` is the number of pairs minus
``\\sum_{i<j} [y_i = y_j]``, whether or not anything is known of the ``y_i``. :func:`opaque` rewrites the two sides of
a step so, with exact identities of finite sums only:

* each sum is split over the terms of its body, a factor free of its indices taken out (``\\sum c x_i = c \\sum
  x_i``), a term polynomial in the indices summed in closed form (``\\sum_{i<j}^{n} 1 = n(n - 1)/2``), a factor
  times an inner sum merged into one sum over both ranges (``\\sum_i a_i \\sum_{j>i} b_j = \\sum_{i<j} a_i b_j``),
  a sum of logarithms of positive terms the logarithm of their product;
* a product is split over its factors, a power free of its indices taken out of a positive base
  (``\\prod x_i^{1/n} = (\\prod x_i)^{1/n}``);
* an Iverson bracket ``[a = b]``, ``[a < b]``, ... is read (:func:`iverson`) as ``[c = 0]`` and ``[c > 0]`` of one
  difference ``c`` chosen between ``a - b`` and ``b - a`` (so ``[a \\ne b] = 1 - [a = b]`` and
  ``[a < b] + [a = b] + [a > b] = 1``, true of any real numbers);
* an expectation ``\\mathbb{E}_D[\\dots]`` is linear, a factor that does not mention D (another expectation, a
  letter written without D) a constant under it; with no D, only numbers are;
* what is left, each sum of one term over its range (indices renamed, so that ``\\sum_i`` and ``\\sum_k`` of the same
  term agree), each bracket and each function the document applies to an index, becomes one real quantity.

A step proven with the quantities free is proven, whatever values they take. A step refuted with them free may
fail only at values they never take (a sum of brackets is never negative), so a refutation stands only when the
step fails for every value of them (:class:`~symmetric.documents.judge.Judge` checks that).

A sum whose range the document leaves implicit (``\\sum_{i<j}`` beside ``\\sum_{i<j}^{\\ell}``, ``\\sum x_i``) runs
to :data:`IMPLICIT`, read as the one upper bound the step's other sums have when they all have the same.

>>> import sympy
>>> i, n = sympy.Symbol("i", integer=True), sympy.Symbol("n", positive=True)
>>> x = sympy.IndexedBase("x", positive=True)
>>> lhs, rhs, notes = opaque(sympy.Sum(2 * x[i] + 3, (i, 1, n)) / n, 2 * sympy.Sum(x[i], (i, 1, n)) / n + 3)
>>> rhs, sympy.expand(lhs - rhs)
(3 + 2*Σ(x[i_0], i_0=1..n)/n, 0)
>>> j = sympy.Symbol("j", integer=True)
>>> opaque(sympy.Sum(sympy.Sum(1, (j, i + 1, n)), (i, 1, n)))[0]
n**2/2 - n/2
>>> iverson(x[i], "<", 1) + iverson(x[i], "=", 1) + iverson(x[i], ">", 1)
1
"""

from __future__ import annotations

import re
from typing import Any

import sympy
from sympy.core.function import AppliedUndef

__all__ = [
    "IMPLICIT",
    "IsPositive",
    "IsZero",
    "free_outside_applications",
    "has_opaque",
    "iverson",
    "linear",
    "opaque",
    "renamed_term",
]

#: The upper bound of a range the document leaves implicit.
IMPLICIT = sympy.Symbol("N(implicit range)", positive=True, integer=True)


class _Bracket(sympy.Function):
    """An Iverson bracket of one difference ``c``: 1 when its relation to 0 holds, else 0; evaluated only at a rational
    number (a letter's sign may be a default of the reading, not of the document)."""

    relation = ""

    @staticmethod
    def holds(c) -> bool:
        raise NotImplementedError

    @classmethod
    def eval(cls, c):
        if c.is_Rational:
            return sympy.Integer(1 if cls.holds(c) else 0)
        return None

    def _eval_is_integer(self) -> bool:
        return True

    def _eval_is_nonnegative(self) -> bool:
        return True

    def _sympystr(self, printer) -> str:
        return f"[{printer._print(self.args[0])} {self.relation} 0]"


class IsZero(_Bracket):
    """``[c = 0]``: 1 when ``c`` is 0, else 0."""

    relation = "="

    @staticmethod
    def holds(c) -> bool:
        return c == 0


class IsPositive(_Bracket):
    """``[c > 0]``: 1 when ``c`` is positive, else 0."""

    relation = ">"

    @staticmethod
    def holds(c) -> bool:
        return bool(c > 0)


def _difference(d):
    """``d`` or ``-d`` (the same for both), expanded: the one with no sign to take out, else the one sorting first."""
    d, opposite = sympy.expand(d), sympy.expand(-d)
    if d.could_extract_minus_sign() != opposite.could_extract_minus_sign():
        return opposite if d.could_extract_minus_sign() else d
    return min(d, opposite, key=sympy.default_sort_key)


def _positive(d):
    c = _difference(d)
    return IsPositive(c) if c == sympy.expand(d) else 1 - IsZero(c) - IsPositive(c)


def iverson(a, relation: str, b):
    """The Iverson bracket ``[a relation b]`` (relation ``=``, ``\\ne``, ``<``, ``>``, ``\\le``, ``\\ge``, as written
    or as the engine spells it) in :class:`IsZero` and :class:`IsPositive` of one difference."""
    rel = {"\\neq": "\\ne", "!=": "\\ne", "==": "=", "<=": "\\le", ">=": "\\ge", "\\leq": "\\le", "\\geq": "\\ge"}.get(
        relation, relation
    )
    if rel == "=":
        return IsZero(_difference(a - b))
    if rel == "\\ne":
        return 1 - IsZero(_difference(a - b))
    if rel == "<":
        return _positive(b - a)
    if rel == ">":
        return _positive(a - b)
    if rel == "\\le":
        return 1 - _positive(a - b)
    if rel == "\\ge":
        return 1 - _positive(b - a)
    raise ValueError(f"no Iverson bracket for the relation {relation}")


def free_outside_applications(expr) -> set:
    """The free symbols of ``expr`` outside the sums, products, brackets and functions applied it holds (``y_D`` of
    ``\\mathbb{E}_D[y_D]`` is no symbol an equation can define)."""
    hidden = {a: sympy.Integer(1) for a in expr.atoms(sympy.Sum, sympy.Product, IsZero, IsPositive, AppliedUndef)}
    return expr.xreplace(hidden).free_symbols


def has_opaque(expr) -> bool:
    """Whether ``expr`` holds a sum, a product, a bracket or a function applied that :func:`opaque` rewrites."""
    return bool(expr.has(sympy.Sum, sympy.Product, IsZero, IsPositive) or expr.atoms(AppliedUndef))


# -- linearity ----------------------------------------------------------------------------------------------------
def _indices(limits) -> set:
    return {limit[0] for limit in limits}


def _split(term, indices):
    """``(coefficient free of the indices, the rest)`` of a product."""
    free: list[Any] = []
    rest: list[Any] = []
    for factor in sympy.Mul.make_args(term):
        (rest if factor.free_symbols & indices or _mentions(factor, indices) else free).append(factor)
    return sympy.Mul(*free), sympy.Mul(*rest)


def _mentions(expr, indices) -> bool:
    return any(
        set(item.indices) and any(sympy.sympify(k).free_symbols & indices for k in item.indices)
        for item in expr.atoms(sympy.Indexed)
    )


def _plain(expr, indices) -> bool:
    """A polynomial in the indices alone (summed in closed form)."""
    return expr.free_symbols <= indices and not expr.atoms(sympy.Indexed, AppliedUndef) and expr.is_polynomial(*indices)


_SUMMED: dict = {}


def _summed(rest, limits):
    """``sympy.summation`` of a term polynomial in the indices, remembered (the same counts recur in a document)."""
    key = (rest, tuple(limits))
    if key not in _SUMMED:
        if len(_SUMMED) > 512:
            _SUMMED.clear()
        _SUMMED[key] = sympy.summation(rest, *limits)
    return _SUMMED[key]


def _sum(body, limits):
    indices = _indices(limits)
    body = sympy.expand(body, power_base=False, power_exp=False, log=False)
    out = []
    for term in sympy.Add.make_args(body):
        coeff, rest = _split(term, indices)
        if rest == 1 or _plain(rest, indices):
            out.append(coeff * _summed(rest, limits))
            continue
        if isinstance(rest, sympy.log) and rest.args[0].is_positive:
            out.append(coeff * sympy.log(_product(rest.args[0], limits)))
            continue
        inner = [f for f in sympy.Mul.make_args(rest) if isinstance(f, sympy.Sum)]
        if len(inner) == 1:
            others = rest / inner[0]
            if not _indices(inner[0].limits) & (indices | others.free_symbols):
                out.append(coeff * _sum(others * inner[0].function, (*inner[0].limits, *limits)))
                continue
        out.append(coeff * sympy.Sum(rest, *limits))
    return sympy.Add(*out)


def _product(body, limits):
    indices = _indices(limits)
    out = []
    for factor in sympy.Mul.make_args(body):
        base, exponent = factor.as_base_exp()
        if not (factor.free_symbols & indices or _mentions(factor, indices)):
            out.append(factor ** _summed(sympy.Integer(1), limits))
        elif (
            not (exponent.free_symbols & indices or _mentions(exponent, indices)) and exponent != 1 and base.is_positive
        ):
            out.append(_product(base, limits) ** exponent)
        else:
            out.append(sympy.Product(factor, *limits))
    return sympy.Mul(*out)


def _mentions_name(expr, over: str) -> bool:
    """Whether ``expr`` mentions ``over`` (the D of an expectation over D) outside the expectations it holds."""
    inner = {a: sympy.Integer(1) for a in expr.atoms(AppliedUndef) if _is_expectation(a)}
    text = sympy.sstr(expr.xreplace(inner))
    return re.search(rf"(?<![A-Za-z]){re.escape(over)}(?![A-Za-z])", text) is not None


def _is_expectation(item) -> bool:
    return isinstance(item, AppliedUndef) and item.func.__name__.startswith("\U0001d53c")


def _expectation(item):
    """``E_D[sum c_k X_k] = sum c_k E_D[X_k]``: linear, a factor that does not mention D (or, with no D, a number)
    taken out; an expectation of a constant is that constant."""
    over = item.func.__name__.partition("_")[2]
    value = sympy.expand(item.args[0], power_base=False, power_exp=False, log=False)
    out = []
    for term in sympy.Add.make_args(value):
        constant: list[Any] = []
        random: list[Any] = []
        for factor in sympy.Mul.make_args(term):
            fixed = not _mentions_name(factor, over) if over else not factor.free_symbols
            (constant if fixed else random).append(factor)
        rest = sympy.Mul(*random)
        out.append(sympy.Mul(*constant) * (rest if rest == 1 else item.func(rest)))
    return sympy.Add(*out)


def _linear(expr):
    if isinstance(expr, sympy.Sum):
        return _sum(_linear(expr.function), expr.limits)
    if isinstance(expr, sympy.Product):
        return _product(_linear(expr.function), expr.limits)
    if _is_expectation(expr):
        return _expectation(expr.func(_linear(expr.args[0])))
    if expr.args and not expr.is_Atom and not isinstance(expr, sympy.Indexed):
        return expr.func(*[_linear(a) for a in expr.args])
    return expr


def _renamed(item):
    """A sum or product with its indices renamed in order, outermost first (``i_0``, ``i_1``, ...)."""
    mapping = {}
    for k, limit in enumerate(reversed(item.limits)):
        mapping[limit[0]] = sympy.Symbol(f"i_{k}", integer=True)
    return item.xreplace(mapping)


def _shown(item) -> str:
    if isinstance(item, (sympy.Sum, sympy.Product)):
        ranges = ", ".join(f"{sympy.sstr(v)}={sympy.sstr(a)}..{sympy.sstr(b)}" for v, a, b in reversed(item.limits))
        mark = "\u03a3" if isinstance(item, sympy.Sum) else "\u03a0"
        return f"{mark}({sympy.sstr(item.function)}, {ranges})"
    return sympy.sstr(item)


def _settle_implicit(exprs, notes):
    """:data:`IMPLICIT` replaced by the one explicit upper bound of the other sums, when they agree."""
    if not any(e.has(IMPLICIT) for e in exprs):
        return exprs
    uppers = set()
    for e in exprs:
        for item in e.atoms(sympy.Sum, sympy.Product):
            for _, _, upper in item.limits:
                if not upper.has(IMPLICIT) and not upper.free_symbols & _indices(item.limits):
                    uppers.add(upper)
    if len(uppers) != 1:
        return exprs
    (upper,) = uppers
    notes.append(f"a range left implicit read as running to {sympy.sstr(upper)}, as the step's other sums do")
    return [e.xreplace({IMPLICIT: upper}) for e in exprs]


def renamed_term(item) -> tuple:
    """``(Sum or Product, term)`` of a sum or product over one index, its index renamed (the same for every range
    of it)."""
    ((index, _, _),) = item.limits
    return item.func, item.function.xreplace({index: sympy.Symbol("i_0", integer=True)})


def _running(exprs, notes):
    """A term summed (or multiplied) over two or more ranges of one index in the step: each sum ``\\sum_{i=a}^{b} t``
    written ``F(b) - F(a - 1)`` (each product ``G(b) / G(a - 1)``), ``F`` the running sum of ``t``: so
    ``\\sum_{i=1}^{k} x_i + \\sum_{i=k+1}^{2k} x_i = \\sum_{i=1}^{2k} x_i`` holds, for integer bounds."""
    items = [a for e in exprs for a in e.atoms(sympy.Sum, sympy.Product) if len(a.limits) == 1]
    ranges: dict = {}
    for item in items:
        ranges.setdefault(renamed_term(item), set()).add(item.limits[0][1:])
    split = {term for term, found in ranges.items() if len(found) > 1}
    if not split:
        return exprs
    mapping = {}
    for item in items:
        func, body = renamed_term(item)
        if (func, body) not in split:
            continue
        _, start, stop = item.limits[0]
        shown = ("\u03a3" if func is sympy.Sum else "\u03a0") + f"({sympy.sstr(body)}, i_0 up to)"
        running = sympy.Function(shown)
        if func is sympy.Sum:
            mapping[item] = running(stop) - running(start - 1)
        else:
            mapping[item] = running(stop) / running(start - 1)
    notes.append(
        "a term over several ranges of its index read through its running sum or product, "
        "F(b) - F(a - 1) for the sum over a..b"
    )
    return [e.xreplace(mapping) for e in exprs]


def linear(*given) -> tuple[list, list]:
    """``(exprs, notes)``: the expressions with every sum, product and expectation taken apart by linearity (an
    implicit range settled first, when the step's other sums agree on one)."""
    notes: list = []
    exprs = _settle_implicit([sympy.sympify(e) for e in given], notes)
    return [_linear(e) for e in exprs], notes


def opaque(*given) -> tuple:
    """``(*exprs, notes)``: the expressions with sums, products, brackets and functions applied read by linearity
    into real quantities, the same quantity for the same object on every side; ``notes`` says what was done."""
    exprs, notes = linear(*given)
    exprs = _running(exprs, notes)
    table: dict = {}
    taken: set = set()

    def name(item, **assumptions):
        key = _renamed(item) if isinstance(item, (sympy.Sum, sympy.Product)) else item
        if key not in table:
            shown = _shown(key)
            while shown in taken:  # two objects printed alike stay two quantities
                shown += "\u2032"
            taken.add(shown)
            table[key] = sympy.Symbol(shown, **assumptions)
        return table[key]

    out = []
    for e in exprs:
        items = sorted(e.atoms(sympy.Sum, sympy.Product), key=sympy.default_sort_key)
        mapping = {}
        for item in items:
            if isinstance(item, sympy.Product) and item.function.is_positive:
                mapping[item] = name(item, positive=True)
            elif isinstance(item, sympy.Sum) and item.function.is_nonnegative:
                mapping[item] = name(item, nonnegative=True)  # a sum of terms never negative (0 when empty)
            else:
                mapping[item] = name(item, real=True)
        e = e.xreplace(mapping)
        brackets = {a: name(a, nonnegative=True) for a in e.atoms(IsZero, IsPositive)}
        brackets.update(
            {
                a: name(a, positive=True) if a.func.__name__.startswith("\u03a0") else name(a, real=True)
                for a in e.atoms(AppliedUndef)
            }
        )
        out.append(e.xreplace(brackets))
    if table:
        notes.insert(
            0,
            "sums, products and brackets read by linearity, each of one term as one real quantity: "
            + "; ".join(str(s) for s in table.values()),
        )
    return (*out, notes)
