"""Exact series arithmetic as ``t -> 0+``, with symbolic coefficients, exponents and remainders.

A :class:`Series` is a finite sum of terms ``c * t**e * exp(H)`` plus
remainders ``O(t**p * exp(H))``, each up to powers of ``log t``: ``c`` may
contain ``L = log t`` polynomially, ``e`` is any parameter expression, and
``H = sum(h_b * t**-b)`` is one level of exponential scale (``P**x`` as
``x -> oo``). :class:`SeriesArithmetic` expands sums, products, powers with
symbolic exponents, ``exp``, ``log`` and a few analytic functions. Every
remainder is kept, so truncation never loses soundness: a term counts only
when it provably dominates every remainder, and every comparison of
magnitudes goes through :class:`~symmetric.verify.limits.limit_signs.Signs` (which asks
for a split instead of assuming a sign).

>>> from symmetric.verify.limits.limit_signs import Signs, T
>>> arithmetic = SeriesArithmetic(Signs(), resolve=lambda e: e)
>>> arithmetic.limit_of(arithmetic.expand((sympy.exp(T) - 1) / T, 2))
('finite', 1)
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import sympy

from ..core.trust import GUARDED
from ..signs.decide import combine_fractions
from .limit_signs import LOG_T, CannotDecide, NeedSign, Signs, T

__all__ = ["Mag", "Series", "SeriesArithmetic", "Insufficient", "ANALYTIC", "STEP_FUNCTIONS"]

_MAX_TERMS = 80
#: Functions expanded by their Taylor series (analytic on the whole real line).
ANALYTIC = {sympy.sin, sympy.cos, sympy.sinh, sympy.cosh, sympy.atan, sympy.tanh, sympy.erf, sympy.asinh}
ANALYTIC |= {GUARDED[f] for f in ANALYTIC if f in GUARDED}  # the same functions with trustworthy assumptions
#: Functions whose branch near the point the caller decides (``resolve``) before expansion.
STEP_FUNCTIONS = (
    sympy.Piecewise,
    sympy.Heaviside,
    sympy.sign,
    sympy.floor,
    sympy.ceiling,
    sympy.frac,
    sympy.Abs,
    sympy.Max,
    sympy.Min,
)


class Insufficient(Exception):
    """More terms are needed (the remainders are not provably smaller)."""


@dataclass(frozen=True)
class Mag:
    """``t**e * exp(sum(h * t**-b for b, h in scale))``; ``scale`` sorted by ``b`` descending."""

    e: sympy.Expr
    scale: tuple = ()

    def __mul__(self, other: Mag) -> Mag:
        merged = dict(self.scale)
        for b, h in other.scale:
            merged[b] = combine_fractions(merged.get(b, 0) + h)
        return Mag(combine_fractions(self.e + other.e), _scale(merged))

    def __pow__(self, k) -> Mag:
        return Mag(combine_fractions(self.e * k), _scale({b: combine_fractions(h * k) for b, h in self.scale}))


def _scale(d: dict) -> tuple:
    return tuple(sorted(((b, h) for b, h in d.items() if h != 0), key=lambda bh: -bh[0]))


ONE = Mag(sympy.Integer(0))


class Series:
    """``sum(c * mag for c, mag in terms) + sum(O(mag) for mag in orders)``."""

    __slots__ = ("terms", "orders")

    def __init__(self, terms=(), orders=()) -> None:
        self.terms = list(terms)
        self.orders = list(orders)

    @property
    def exact(self) -> bool:
        return not self.orders

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return f"Series({self.terms}, O{self.orders})"


class SeriesArithmetic:
    """Expansions of expressions in ``T`` with every sign decided by ``signs``.

    ``resolve`` replaces a step function of ``T`` by its branch near 0; the
    series of an expression is cached per order.
    """

    def __init__(self, signs: Signs, resolve) -> None:
        self.signs = signs
        self.resolve = resolve
        self._cache: dict = {}

    def cmp(self, a: Mag, b: Mag) -> int:
        """1 when ``a`` is the larger magnitude as t -> 0+, -1 when smaller, 0 when equal."""
        diff = dict(a.scale)
        for bb, h in b.scale:
            diff[bb] = diff.get(bb, 0) - h
        for bb in sorted(diff, reverse=True):
            h = combine_fractions(diff[bb])
            if h.has(LOG_T):
                raise CannotDecide("log t in an exponential scale")
            s = self.signs.require(h)
            if s:
                return s
        s = self.signs.require(combine_fractions(a.e - b.e))
        return -s

    def try_cmp(self, a, b):
        try:
            return self.cmp(a, b)
        except (NeedSign, CannotDecide):
            return None

    def _normalize(self, terms, orders) -> Series:
        merged: dict = {}
        for c, m in terms:
            merged.setdefault(m, []).append(c)
        final: list = []
        for m, cs in merged.items():
            for i, (m2, cs2) in enumerate(final):
                if m2.scale == m.scale and combine_fractions(m2.e - m.e) == 0:
                    final[i] = (m2, cs2 + cs)
                    break
            else:
                final.append((m, list(cs)))
        out_terms = []
        for m, cs in final:
            c = combine_fractions(sympy.Add(*cs)) if len(cs) > 1 else cs[0]
            if c != 0:
                out_terms.append((c, m))
        kept_orders: list = []
        for o in dict.fromkeys(orders):
            if any(self.try_cmp(o, k) in (-1, 0) for k in kept_orders):
                continue
            kept_orders = [k for k in kept_orders if self.try_cmp(k, o) not in (-1, 0)]
            kept_orders.append(o)
        out_terms = [(c, m) for c, m in out_terms if not any(self.try_cmp(m, o) in (-1, 0) for o in kept_orders)]
        if len(out_terms) + len(kept_orders) > _MAX_TERMS:
            raise CannotDecide("the expansion grows too large")
        return Series(out_terms, kept_orders)

    def leading(self, s: Series):
        """``(c, mag)`` of the dominant term (``c`` provably nonzero); None when ``s`` is exactly 0."""
        terms = list(s.terms)
        while terms:
            c, m = self._max_term(terms)
            sign = self.signs.require(c)
            if sign == 0:
                terms = [(c2, m2) for c2, m2 in terms if m2 != m]
                continue
            for o in s.orders:
                if self.cmp(m, o) != 1:
                    raise Insufficient()
            return c, m
        if s.orders:
            raise Insufficient()
        return None

    def _max_term(self, terms):
        best_c, best_m = terms[0]
        for c, m in terms[1:]:
            k = self.cmp(m, best_m)
            if k == 1:
                best_c, best_m = c, m
            elif k == 0:
                best_c = combine_fractions(best_c + c)
        return best_c, best_m

    def _against_one(self, s: Series):
        """``(big, level, small)``: the terms above, at and below magnitude 1; every remainder must be below."""
        for o in s.orders:
            if self.cmp(o, ONE) != -1:
                raise Insufficient()
        parts: dict[int, list] = {1: [], 0: [], -1: []}
        for c, m in s.terms:
            parts[self.cmp(m, ONE)].append((c, m))
        return parts[1], [c for c, _ in parts[0]], parts[-1]

    def limit_of(self, s: Series) -> tuple:
        big, level, _ = self._against_one(s)
        while big:
            c, m = self._max_term(big)
            sign = self.signs.require(c)
            if sign:
                return "infinite", sign
            big = [(c2, m2) for c2, m2 in big if m2 != m]
        return self._limit_in_log(combine_fractions(sympy.Add(*level)))

    def _limit_in_log(self, c) -> tuple:
        if not c.has(LOG_T):
            return "finite", c
        num, den = sympy.fraction(sympy.together(c))
        degrees = []
        for part in (num, den):
            try:
                coeffs = sympy.Poly(sympy.expand(part), LOG_T).all_coeffs()
            except sympy.PolynomialError:
                raise CannotDecide("not rational in log t") from None
            while coeffs and self.signs.require(coeffs[0]) == 0:
                coeffs = coeffs[1:]
            if not coeffs:
                return "finite", sympy.Integer(0)
            degrees.append((len(coeffs) - 1, coeffs[0]))
        (dn, ln), (dd, ld) = degrees
        if dn < dd:
            return "finite", sympy.Integer(0)
        if dn == dd:
            return "finite", combine_fractions(ln / ld)
        return "infinite", self.signs.require(ln) * self.signs.require(ld) * (-1) ** (dn - dd)

    # ----------------------------------------------------------------- expansion

    def expand(self, e, n) -> Series:
        key = (e, n)
        if key not in self._cache:
            try:
                self._cache[key] = self._expand_uncached(e, n)
            except (NeedSign, CannotDecide, Insufficient) as exc:
                self._cache[key] = exc
        out = self._cache[key]
        if isinstance(out, Exception):
            raise out
        return out

    def _const(self, c) -> Series:
        return Series([(c, ONE)] if c != 0 else [], [])

    def _expand_uncached(self, e, n) -> Series:
        if not e.has(T):
            if e.has(sympy.nan, sympy.zoo, sympy.oo, -sympy.oo):
                raise CannotDecide("an infinite constant")
            return self._const(e)
        if e == T:
            return Series([(sympy.Integer(1), Mag(sympy.Integer(1)))])
        if isinstance(e, STEP_FUNCTIONS):
            return self.expand(self.resolve(e), n)
        if isinstance(e, sympy.Add):
            terms, orders = [], []
            for a in e.args:
                s = self.expand(a, n)
                terms += s.terms
                orders += s.orders
            return self._normalize(terms, orders)
        if isinstance(e, sympy.Mul):
            out = self._const(sympy.Integer(1))
            for a in e.args:
                out = self._mul(out, self.expand(a, n))
            return out
        if isinstance(e, sympy.Pow):
            base, ex = e.args
            if ex.has(T):
                if not base.has(T):
                    if self.signs.require(base) != 1:
                        raise CannotDecide("a power of a nonpositive base with a variable exponent")
                    return self._exp(self._mul(self.expand(ex, n), self._const(sympy.log(base))), n)
                return self._exp(self._mul(self.expand(ex, n), self._log(self.expand(base, n), n)), n)
            if base == T:
                return Series([(sympy.Integer(1), Mag(ex))])
            return self._pow(self.expand(base, n), ex, n)
        if isinstance(e, sympy.exp):
            return self._exp(self.expand(e.args[0], n), n)
        if isinstance(e, sympy.log) and len(e.args) == 1:
            return self._log(self.expand(e.args[0], n), n)
        if e.func in ANALYTIC and len(e.args) == 1:
            return self._analytic(e.func, self.expand(e.args[0], n), n)
        raise CannotDecide(f"{type(e).__name__} is outside the expressions the limit routine handles")

    def _mul(self, a: Series, b: Series) -> Series:
        terms = [(c1 * c2, m1 * m2) for c1, m1 in a.terms for c2, m2 in b.terms]
        orders = [o * m for o in a.orders for _, m in b.terms]
        orders += [o * m for o in b.orders for _, m in a.terms]
        orders += [o1 * o2 for o1 in a.orders for o2 in b.orders]
        return self._normalize(terms, orders)

    def _split_lead(self, s: Series):
        """``(c, mag, u)`` with ``s = c * mag * (1 + u)`` and ``u -> 0``; ``s`` must not be exactly 0."""
        lead = self.leading(s)
        if lead is None:
            raise CannotDecide("division by an expression that vanishes identically near the point")
        c, m = lead
        inv = m**-1
        u_terms = [(c2 / c, m2 * inv) for c2, m2 in s.terms if m2 != m]
        u_orders = [o * inv for o in s.orders]
        # terms of the same magnitude were merged into the lead by _max_term: drop them from u
        u_terms = [(c2, m2) for c2, m2 in u_terms if self.try_cmp(m2, ONE) != 0]
        return c, m, self._normalize(u_terms, u_orders)

    def _power_sum(self, u: Series, coeffs, n) -> Series:
        """``sum(coeffs[j] * u**j) + O(u**len(coeffs))`` for ``u -> 0``."""
        out = Series()
        power = self._const(sympy.Integer(1))
        for j, a in enumerate(coeffs):
            if j:
                power = self._mul(power, u)
            if a != 0:
                out = self._normalize(out.terms + [(a * c, m) for c, m in power.terms], out.orders + power.orders)
            if not power.terms and not power.orders:
                return out
        k = len(coeffs)
        remainder = [m**k for _, m in u.terms] + [o**k for o in u.orders]
        return self._normalize(out.terms, out.orders + remainder)

    def _pow(self, s: Series, k, n) -> Series:
        if k.is_Integer and k > 0:
            out, base, p = self._const(sympy.Integer(1)), s, int(k)
            while p:
                if p & 1:
                    out = self._mul(out, base)
                p >>= 1
                if p:
                    base = self._mul(base, base)
            return out
        c, m, u = self._split_lead(s)
        if not k.is_integer:
            sign = self.signs.require(c)
            if sign != 1:
                raise CannotDecide("a negative base raised to a non-integer power")
        coeffs = [sympy.binomial(k, j) for j in range(n + 1)]
        factor = Series([(c**k, m**k)])
        return self._mul(factor, self._power_sum(u, coeffs, n))

    def _exp(self, s: Series, n) -> Series:
        big, level, small = self._against_one(s)
        scale: dict = {}
        for c, m in big:
            if m.scale or not m.e.is_Rational:
                raise CannotDecide("an exponential of an exponential, or of a symbolic power of t")
            if c.has(LOG_T):
                raise CannotDecide("log t in an exponential scale")
            scale[-m.e] = combine_fractions(scale.get(-m.e, 0) + c)
        c0 = combine_fractions(sympy.Add(*level))
        alpha, beta = c0, sympy.Integer(0)
        if c0.has(LOG_T):
            poly = sympy.Poly(sympy.expand(c0), LOG_T)
            if poly.degree() > 1 or any(a.has(LOG_T) for a in poly.all_coeffs()):
                raise CannotDecide("a power of log t in an exponent")
            beta, alpha = (poly.all_coeffs() + [0])[:2] if poly.degree() == 1 else (0, poly.all_coeffs()[0])
        factor = Series([(sympy.exp(alpha), Mag(beta, _scale(scale)))])
        v = Series(small, s.orders)
        coeffs = [sympy.Rational(1, math.factorial(j)) for j in range(n + 1)]
        return self._mul(factor, self._power_sum(v, coeffs, n))

    def _log(self, s: Series, n) -> Series:
        c, m, u = self._split_lead(s)
        if c.has(LOG_T):
            raise CannotDecide("a logarithm of log t")
        if self.signs.require(c) != 1:
            raise CannotDecide("a logarithm of a quantity that is not positive near the point")
        terms = [(sympy.log(c), ONE)]
        if m.e != 0:
            terms.append((combine_fractions(m.e * LOG_T), ONE))
        terms += [(h, Mag(-b)) for b, h in m.scale]
        coeffs = [sympy.Integer(0)] + [sympy.Rational((-1) ** (j + 1), j) for j in range(1, n + 1)]
        rest = self._power_sum(u, coeffs, n)
        return self._normalize(terms + rest.terms, rest.orders)

    def _analytic(self, func, s: Series, n) -> Series:
        big, level, small = self._against_one(s)
        if big:
            raise CannotDecide(f"{func.__name__} of an unbounded argument")
        c0 = combine_fractions(sympy.Add(*level))
        if c0.has(LOG_T):
            raise CannotDecide(f"{func.__name__} of log t")
        x = sympy.Dummy("x")
        coeffs = [combine_fractions(sympy.diff(func(x), x, j).subs(x, c0) / math.factorial(j)) for j in range(n + 1)]
        return self._power_sum(Series(small, s.orders), coeffs, n)
