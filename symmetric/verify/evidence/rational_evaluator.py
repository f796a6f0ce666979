"""Exact evaluation of rational functions at rational points, compiled once per expression.

The numeric evidence compares both sides of a statement exactly where they
are rational functions (symbols, rational numbers, sums, products and
integer powers) and the point is rational. Substituting the point into the
SymPy expression (``xreplace``, SymPy evaluating every rebuilt node) costs a
SymPy object per node and per point; :func:`compile_rational` walks the
expression once and returns a function of the point that does the same
arithmetic on :class:`fractions.Fraction`.

It keeps SymPy's arithmetic where a denominator vanishes, node by node, as
``xreplace`` evaluates it: ``1/0`` is complex infinity (:data:`ZOO`);
``zoo + x`` and ``zoo * x`` (``x`` nonzero) stay ``zoo``; ``zoo + zoo``,
``0 * zoo`` and anything with ``nan`` are :data:`NAN`; ``zoo**-n`` is 0 and
``x**0`` is 1. The caller treats ``zoo`` and ``nan`` as "undefined".

>>> from symmetric import P, R
>>> f = compile_rational((P - R) * (1 + 1 / (P - R)))   # 0 * zoo at P = R
>>> f({P: Fraction(1, 2), R: Fraction(1, 3)}), f({P: Fraction(1, 2), R: Fraction(1, 2)})
(Fraction(7, 6), NAN)
>>> compile_rational(1 / (1 + 1 / (P - R)))({P: Fraction(1, 2), R: Fraction(1, 2)})   # 1/zoo is 0, as in SymPy
Fraction(0, 1)

Anything else (a function, a non-integer power, a float, or an
unevaluated constant subexpression, which ``xreplace`` would leave as it
is) is not compiled: :func:`compile_rational` returns None.

>>> compile_rational(P**sympy.Rational(1, 2)) is None
True
"""

from __future__ import annotations

from fractions import Fraction
from math import gcd

import sympy

__all__ = ["compile_rational", "RationalFunction", "ZOO", "NAN"]


class _Special:
    """A value outside the rationals that SymPy's arithmetic produces: ``zoo`` or ``nan``."""

    __slots__ = ("name",)

    def __init__(self, name) -> None:
        self.name = name

    def __repr__(self) -> str:
        return self.name


#: Complex infinity, SymPy's ``zoo`` (``1/0``).
ZOO = _Special("ZOO")
#: Not a number, SymPy's ``nan`` (``0 * zoo``, ``zoo + zoo``).
NAN = _Special("NAN")


# Values in the compiled arithmetic: a pair (numerator, denominator) of ints, the denominator nonzero
# (of either sign) and the pair not necessarily in lowest terms (reduced only when it grows long), or
# ZOO or NAN. A value is 0 exactly when its numerator is.
_LONG = 512  # bits of a denominator above which a pair is reduced


def _reduced(n, d):
    if d.bit_length() > _LONG:
        g = gcd(n, d)
        return n // g, d // g
    return n, d


def _add(values):
    infinite = False
    n, d = 0, 1
    for v in values:
        if v is NAN:
            return NAN
        if v is ZOO:
            if infinite:
                return NAN  # zoo + zoo
            infinite = True
        elif not infinite:
            a, b = v
            if b == d:
                n += a
            else:
                n, d = n * b + a * d, d * b
    return ZOO if infinite else _reduced(n, d)


def _mul(values):
    infinite = zero = False
    n, d = 1, 1
    for v in values:
        if v is NAN:
            return NAN
        if v is ZOO:
            infinite = True
        elif v[0] == 0:
            zero = True
        elif not zero:
            n, d = n * v[0], d * v[1]
    if infinite:
        return NAN if zero else ZOO  # 0 * zoo
    return (0, 1) if zero else _reduced(n, d)


def _pow(base, k: int):
    if k == 0:
        return 1, 1  # SymPy: x**0 is 1 for every x, nan and zoo included
    if base is NAN:
        return NAN
    if base is ZOO:
        return ZOO if k > 0 else (0, 1)
    n, d = base
    if k > 0:
        return n**k, d**k
    if n == 0:
        return ZOO  # 1/0
    return d**-k, n**-k


def _compile(e):
    """``(function of the point, whether e has a symbol)``; raises _NotRational."""
    if isinstance(e, sympy.Symbol):
        return (lambda point: point[e]), True
    if isinstance(e, sympy.Rational):
        value = int(e.p), int(e.q)
        return (lambda point: value), False
    if isinstance(e, sympy.Add):
        terms, variable = _compile_args(e.args)
        return (lambda point: _add([t(point) for t in terms])), variable
    if isinstance(e, sympy.Mul):
        factors, variable = _compile_args(e.args)
        return (lambda point: _mul([f(point) for f in factors])), variable
    if isinstance(e, sympy.Pow) and isinstance(e.exp, sympy.Integer):
        (base, variable), k = _compile(e.base), int(e.exp)
        if not variable:
            raise _NotRational  # an unevaluated constant: xreplace would leave it unevaluated
        return (lambda point: _pow(base(point), k)), variable
    raise _NotRational


def _compile_args(args):
    compiled = [_compile(a) for a in args]
    if not any(variable for _, variable in compiled):
        raise _NotRational  # an unevaluated constant: xreplace would leave it unevaluated
    return [f for f, _ in compiled], True


class _NotRational(Exception):
    pass


class RationalFunction:
    """A rational function compiled for exact evaluation; see :func:`compile_rational`."""

    __slots__ = ("symbols", "_func")

    def __init__(self, symbols: frozenset, func) -> None:
        self.symbols = symbols
        self._func = func

    def __call__(self, point: dict):
        """The value at ``point`` (every symbol of :attr:`symbols` to a SymPy ``Rational`` or a ``Fraction``):
        a :class:`~fractions.Fraction`, :data:`ZOO` or :data:`NAN`."""
        pairs = {}
        for s in self.symbols:
            v = point[s]
            pairs[s] = (v.numerator, v.denominator) if isinstance(v, Fraction) else (int(v.p), int(v.q))
        value = self._func(pairs)
        return value if isinstance(value, _Special) else Fraction(*value)


def compile_rational(expr: sympy.Basic) -> RationalFunction | None:
    """``expr`` compiled to a :class:`RationalFunction` of a point, giving its exact value there.

    The value is a :class:`~fractions.Fraction`, :data:`ZOO` or :data:`NAN`,
    as substituting the point with ``xreplace`` would give (a SymPy
    ``Rational``, ``zoo`` or ``nan``). Returns None when ``expr`` is not a
    rational function built from symbols, rationals, sums, products and
    integer powers.
    """
    try:
        return RationalFunction(frozenset(expr.free_symbols), _compile(expr)[0])
    except _NotRational:
        return None
