"""Domains: an interval per real symbol and facts about expressions, and conditions as domains.

A :class:`Domain` bounds each real symbol by an :class:`Interval` (by default
the one its SymPy assumptions give: ``(0, oo)`` for a positive symbol) and
keeps *facts*: expressions with a known sign set, such as ``P - R`` negative
under the condition ``P < R``. A sign assumed for an expression narrows a
domain (:meth:`Domain.assume`): a linear condition on one symbol bounds its
interval (``rho >= 0``), any other becomes a fact (``P - R < 0``);
:meth:`Domain.from_conditions` is the one way the engine turns a statement's
conditions into domains. The sign decider (:mod:`.decide`) reads them.

>>> from symmetric import P, R, rho
>>> d = Domain.of_symbols([P, R, rho]).restrict(rho, Interval(0, sympy.oo, lo_closed=True))
>>> d.assume(P - R, NEG).describe()
'0 <= rho, P - R < 0'
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import sympy

from ..core.linear import linear_coefficients
from ..core.numbers import NotReal, assumed, constant_sign
from ..core.relations import NEG, NONNEG, NONPOS, NONZERO, POS, RELATION_OF_SIGNS, ZERO, relation_of
from ..core.sympy_errors import SYMPY_ERRORS
from ..core.trust import untrusted

__all__ = ["Interval", "Domain", "base_interval", "number_sign", "affine_in_one"]

_oo = sympy.oo


def number_sign(x) -> int | None:
    """The sign of a real number (``oo`` included) from ball arithmetic or exact algebra
    (:func:`~symmetric.verify.core.numbers.constant_sign`), or None when it is undecided or not real.

    An expression in symbols (``7*R``) has the one sign SymPy's assumptions give it, asked with its
    constants replaced by symbols carrying their proven signs (:func:`~symmetric.verify.core.numbers.assumed`).
    """
    x = sympy.sympify(x)
    try:
        if not x.free_symbols:
            return constant_sign(x)
    except NotReal:
        return None
    if untrusted(x) or assumed("is_extended_real", x) is not True or assumed("is_finite", x) is not True:
        return None  # an unguarded atan, asin, acos: SymPy's answers are wrong (core.trust)
    for sign, query in ((0, "is_zero"), (1, "is_positive"), (-1, "is_negative")):
        if assumed(query, x):
            return sign
    return None


def _cmp(a, b) -> int | None:
    if a == b:
        return 0
    if a is _oo or b is -_oo:
        return 1
    if a is -_oo or b is _oo:
        return -1
    return number_sign(a - b)


@dataclass(frozen=True)
class Interval:
    """A real interval with numeric (or infinite) endpoints."""

    lo: sympy.Expr = -_oo
    hi: sympy.Expr = _oo
    lo_closed: bool = False
    hi_closed: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "lo", sympy.sympify(self.lo))
        object.__setattr__(self, "hi", sympy.sympify(self.hi))
        if self.lo.is_infinite:
            object.__setattr__(self, "lo_closed", False)
        if self.hi.is_infinite:
            object.__setattr__(self, "hi_closed", False)

    @classmethod
    def point(cls, c) -> Interval:
        return cls(c, c, True, True)

    @property
    def is_point(self) -> bool:
        return self.lo == self.hi and self.lo_closed and self.hi_closed

    def is_empty(self) -> bool:
        c = _cmp(self.lo, self.hi)
        if c is None:
            return False
        return c > 0 or (c == 0 and not (self.lo_closed and self.hi_closed))

    def contains(self, c, *, closure: bool = False) -> bool | None:
        """Whether the number ``c`` lies in the interval (or its closure); None if undecided."""
        a, b = _cmp(self.lo, c), _cmp(c, self.hi)
        if a is None or b is None:
            return None
        return (a < 0 or (a == 0 and (self.lo_closed or closure))) and (
            b < 0 or (b == 0 and (self.hi_closed or closure))
        )

    def intersect(self, other: Interval) -> Interval:
        lo, lo_closed = self.lo, self.lo_closed
        c = _cmp(other.lo, lo)
        if c is None:
            raise ValueError("incomparable interval endpoints")
        if c > 0:
            lo, lo_closed = other.lo, other.lo_closed
        elif c == 0:
            lo_closed = lo_closed and other.lo_closed
        hi, hi_closed = self.hi, self.hi_closed
        c = _cmp(other.hi, hi)
        if c is None:
            raise ValueError("incomparable interval endpoints")
        if c < 0:
            hi, hi_closed = other.hi, other.hi_closed
        elif c == 0:
            hi_closed = hi_closed and other.hi_closed
        return Interval(lo, hi, lo_closed, hi_closed)

    def signs(self) -> frozenset:
        """The signs of the points of the interval (a superset when endpoints are undecided)."""
        out = set()
        if _cmp(self.lo, 0) != 1:
            out.add(-1)
        if self.contains(0) is not False:
            out.add(0)
        if _cmp(self.hi, 0) != -1:
            out.add(1)
        # An interval that reaches below 0 only at a closed endpoint 0 has no negative point.
        if _cmp(self.lo, 0) == 0:
            out.discard(-1)
        if _cmp(self.hi, 0) == 0:
            out.discard(1)
        return frozenset(out)

    def pieces(self, c) -> list[tuple[str, Interval]]:
        """The nonempty parts below, at and above the number ``c``, labelled ``<``, ``=``, ``>``.

        This is where a real line is cut: :meth:`cut` (several values) and the
        substitutions of :func:`symmetric.verify.signs.cases.cut` are built on it.
        """
        out = []
        for label, part in (
            ("<", Interval(-_oo, c, False, False)),
            ("=", Interval.point(c)),
            (">", Interval(c, _oo, False, False)),
        ):
            piece = self.intersect(part)
            if not piece.is_empty():
                out.append((label, piece))
        return out

    def cut(self, values) -> list[Interval]:
        """The open intervals and points into which the sorted numbers ``values`` cut the interval.

        >>> [iv.describe("rho") for iv in Interval().cut([-1, 0])]
        ['rho < -1', 'rho = -1', '-1 < rho < 0', 'rho = 0', '0 < rho']
        """
        out = [self]
        for c in values:
            out[-1:] = [piece for _, piece in out[-1].pieces(c)]
        return out

    def describe(self, name: str) -> str:
        if self.is_point:
            return f"{name} = {self.lo}"
        parts = []
        if self.lo is not -_oo:
            parts.append(f"{self.lo} {'<=' if self.lo_closed else '<'} ")
        parts.append(name)
        if self.hi is not _oo:
            parts.append(f" {'<=' if self.hi_closed else '<'} {self.hi}")
        return "".join(parts) if len(parts) > 1 else f"{name} real"


def base_interval(symbol: sympy.Symbol) -> Interval | None:
    """The interval a symbol's SymPy assumptions give; None for a symbol not known to be real."""
    if symbol.is_real is not True:
        return None
    if symbol.is_positive:
        return Interval(0, _oo)
    if symbol.is_nonnegative:
        return Interval(0, _oo, lo_closed=True)
    if symbol.is_negative:
        return Interval(-_oo, 0)
    if symbol.is_nonpositive:
        return Interval(-_oo, 0, hi_closed=True)
    return Interval()


@dataclass(frozen=True)
class Domain:
    """Bounds on real symbols and facts (expressions with known sign sets)."""

    bounds: tuple = ()
    facts: tuple = ()

    @classmethod
    def of_symbols(cls, symbols) -> Domain:
        """The domain the symbols' own assumptions give."""
        bounds = []
        for s in sorted(symbols, key=sympy.default_sort_key):
            iv = base_interval(s)
            if iv is None:
                raise ValueError(f"symbol {s} is not known to be real")
            bounds.append((s, iv))
        return cls(tuple(bounds))

    def interval(self, symbol) -> Interval | None:
        for s, iv in self.bounds:
            if s == symbol:
                return iv
        return base_interval(symbol) if isinstance(symbol, sympy.Symbol) else None

    def restrict(self, symbol, interval: Interval) -> Domain | None:
        """The domain with ``symbol`` also in ``interval``; None when that leaves nothing."""
        current = self.interval(symbol)
        if current is None:
            return None
        new = current.intersect(interval)
        if new.is_empty():
            return None
        bounds = tuple((s, new if s == symbol else iv) for s, iv in self.bounds)
        if all(s != symbol for s, _ in self.bounds):
            bounds = tuple(sorted(bounds + ((symbol, new),), key=lambda b: sympy.default_sort_key(b[0])))
        return replace(self, bounds=bounds)

    @classmethod
    def from_conditions(cls, conditions, symbols=(), *, cases: bool = False):
        """The domain where ``conditions`` hold: the one way the engine turns conditions into a :class:`Domain`.

        Each relation narrows the domain as :meth:`assume` does: a linear
        condition on one symbol bounds its interval (``rho >= 0``), any other
        relation becomes a fact (``P < R``: ``P - R`` negative); a condition it
        cannot state is dropped, which is sound: proving a statement on a
        larger domain proves it on the smaller one.

        With ``cases=False`` (the limit routine's question) the answer is one
        ``Domain`` (``symbols`` unused: each symbol lies where its assumptions
        put it until a condition narrows it). With ``cases=True`` (the
        inequality prover's) it is the list of ``(domain, values)`` pairs that
        together make up the domain of ``symbols``: ``Eq(rho, c)`` substitutes
        the value, ``Ne(rho, c)`` splits the domain in two, ``And`` applies each
        part; None when a symbol is not known to be real.

        >>> from symmetric import P, R, rho
        >>> Domain.from_conditions([P < R, rho >= 0]).describe()
        '0 <= rho, P - R < 0'
        >>> conditions = [P < R, rho >= 0, sympy.Ne(rho, 1)]
        >>> [d.describe() for d, _ in Domain.from_conditions(conditions, [P, R, rho], cases=True)]
        ['0 <= rho < 1, P - R < 0', '1 < rho, P - R < 0']
        """
        return _from_conditions(conditions, symbols, cases=cases)

    def assume(self, expr, signs: frozenset) -> Domain | None:
        """The domain where ``expr`` has a sign in ``signs`` (None when nothing is left): a bound when ``expr``
        is affine in one symbol, else a fact.

        >>> from symmetric import P, R, rho
        >>> Domain.of_symbols([rho]).assume(rho - 1, NONNEG).describe()
        '1 <= rho'
        >>> Domain.of_symbols([P, R]).assume(P - R, NEG).describe()
        'P - R < 0'
        """
        solved = affine_in_one(expr)
        if solved is not None and signs in _INTERVAL_OF_SIGN:
            s, root, slope = solved
            wanted = signs if slope > 0 else frozenset(-x for x in signs)
            return self.restrict(s, _INTERVAL_OF_SIGN[wanted](root))
        if not expr.free_symbols:
            s = number_sign(expr)
            return self if s is not None and s in signs else None
        return self.with_fact(expr, signs)

    def with_fact(self, expr, signs: frozenset) -> Domain:
        return replace(self, facts=self.facts + ((sympy.expand(expr), frozenset(signs)),))

    def substitute(self, mapping: dict) -> Domain | None:
        """The domain after substituting values for symbols; None when a fact becomes false."""
        facts = []
        for f, signs in self.facts:
            g = sympy.expand(f.xreplace(mapping))
            if g.is_number:
                s = number_sign(g)
                if s is not None and s not in signs:
                    return None
                continue
            facts.append((g, signs))
        bounds = tuple((s, iv) for s, iv in self.bounds if s not in mapping)
        return Domain(bounds, tuple(facts))

    def forget(self, symbols) -> Domain:
        """A larger domain: no bounds or facts on ``symbols`` beyond their assumptions."""
        symbols = set(symbols)
        return Domain(
            tuple((s, iv) for s, iv in self.bounds if s not in symbols),
            tuple((f, sg) for f, sg in self.facts if not (f.free_symbols & symbols)),
        )

    def without_facts_on(self, symbols) -> Domain:
        """A larger domain: the facts that mention ``symbols`` dropped, bounds kept."""
        symbols = set(symbols)
        return replace(self, facts=tuple((f, sg) for f, sg in self.facts if not (f.free_symbols & symbols)))

    def describe(self) -> str:
        parts = [iv.describe(str(s)) for s, iv in self.bounds if iv != base_interval(s)]
        names = {POS: "> 0", NEG: "< 0", NONNEG: ">= 0", NONPOS: "<= 0", ZERO: "= 0", NONZERO: "!= 0"}
        parts += [f"{sympy.sstr(f)} {names.get(sg, 'any')}" for f, sg in self.facts]
        return ", ".join(parts) or "all values the symbols' assumptions allow"


def affine_in_one(expr) -> tuple[sympy.Symbol, sympy.Expr, int] | None:
    """``(symbol, root, slope_sign)`` when ``expr`` is ``a*symbol + b`` with numbers ``a != 0`` and ``b``."""
    expr = sympy.expand(expr)
    syms = expr.free_symbols
    if len(syms) != 1:
        return None
    (s,) = syms
    solved = linear_coefficients(expr, s)
    if solved is None or not (solved[0].is_number and solved[1].is_number):
        return None
    a, b = solved
    slope = number_sign(a)
    if slope is None or number_sign(b) is None:
        return None
    return s, -b / a, slope


_INTERVAL_OF_SIGN = {  # the interval of s where (s - root) has these signs
    POS: lambda c: Interval(c, sympy.oo),
    NEG: lambda c: Interval(-sympy.oo, c),
    NONNEG: lambda c: Interval(c, sympy.oo, lo_closed=True),
    NONPOS: lambda c: Interval(-sympy.oo, c, hi_closed=True),
    ZERO: lambda c: Interval.point(c),
}


def _apply(domain: Domain, mapping: dict, cond) -> list[tuple[Domain, dict]]:
    cond = cond.xreplace(mapping)
    if cond is sympy.true:
        return [(domain, mapping)]
    if cond is sympy.false:
        return []
    if isinstance(cond, sympy.And):
        out = [(domain, mapping)]
        for c in cond.args:
            out = [pair for d, m in out for pair in _apply(d, m, c)]
        return out
    relation = relation_of(cond)
    if relation is None:
        return [(domain, mapping)]  # dropped: a larger domain
    signs = relation.signs
    expr = sympy.expand(cond.lhs - cond.rhs)
    solved = affine_in_one(expr)
    if solved is not None and signs == ZERO:
        s, root, _ = solved
        iv = domain.interval(s)
        if iv is None or iv.contains(root) is not True:
            return []
        d = domain.substitute({s: root})
        return [] if d is None else [(d, {**{k: v.xreplace({s: root}) for k, v in mapping.items()}, s: root})]
    if solved is not None and signs == NONZERO:
        return [pair for part in (NEG, POS) for pair in _apply(domain, mapping, RELATION_OF_SIGNS[part].cls(expr, 0))]
    d = domain.assume(expr, signs)
    return [] if d is None else [(d, mapping)]


def _from_conditions(conditions, symbols, *, cases: bool):
    if cases:
        try:
            out: list[tuple[Domain, dict]] = [(Domain.of_symbols(symbols), {})]
        except ValueError:
            return None
        for cond in conditions:
            out = [pair for d, m in out for pair in _apply(d, m, cond)]
        return out
    domain = Domain()  # every symbol within its assumptions until a condition narrows it
    for fact in conditions:
        relation = relation_of(fact)
        if relation is None:
            continue
        try:
            narrower = domain.assume(sympy.expand(fact.lhs - fact.rhs), relation.signs)
        except SYMPY_ERRORS:  # e.g. endpoints SymPy cannot compare
            continue
        if narrower is not None:
            domain = narrower
    return domain
