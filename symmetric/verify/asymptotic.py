"""Exact one-sided asymptotics as ``t -> 0+``, with symbolic parameters and no hidden assumptions.

SymPy's ``limit`` assumes that a coefficient made of parameters is nonzero
when it cannot tell (``((P - 7*R)*x + 1)/((P - 7*R)*x + 2) -> 1`` as
``x -> oo``, false when ``P = 7*R``). :class:`Asymptotics` never does: every
sign it needs is decided by SymPy's assumption system (or the caller's
facts), and when one cannot be decided it raises :class:`NeedSign` with the
expression whose sign would settle the question, so that the caller can
split the domain on it. What it cannot handle raises :class:`CannotDecide`.

The class of expressions handled is the one of this field: sums, products,
powers with symbolic exponents, ``exp``, ``log``, a few analytic functions,
built from ``t`` and parameters; and step functions (``Piecewise``,
``Heaviside``, ``sign``, ``Abs``, ``Max``, ``Min``, ``floor``, ``ceiling``,
``frac``) whose branch on a right neighbourhood of ``t = 0`` is decided from
the sign of the leading term of their arguments.

An expression is expanded as a finite sum of terms ``c * t**e * exp(H)``
plus remainders ``O(t**p * exp(H))`` (each up to powers of ``log t``): ``c``
may contain ``L = log t`` polynomially, ``e`` is any parameter expression,
and ``H = sum(h_b * t**-b)`` is an exponential scale (one level, ``P**x`` as
``x -> oo``). Every remainder is kept, so truncation never loses soundness:
a term counts only when it provably dominates every remainder.

>>> import sympy
>>> from symmetric import P, R
>>> a = Asymptotics()
>>> a.limit(((1 + T) ** (1 / T)))
('finite', E)
>>> a.limit((P - 7*R + T) / T)
Traceback (most recent call last):
    ...
symmetric.verify.asymptotic.NeedSign: P - 7*R
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import sympy

__all__ = ["Asymptotics", "CannotDecide", "NeedSign", "T", "LOG_T", "sign_target"]

#: The variable tending to 0 from above.
T = sympy.Dummy("t", positive=True)
#: log(T), treated as a coefficient that tends to -oo more slowly than any power.
LOG_T = sympy.Dummy("L", negative=True)

_MAX_TERMS = 80
_ORDERS = (2, 4, 7)
_ANALYTIC = {sympy.sin, sympy.cos, sympy.sinh, sympy.cosh, sympy.atan, sympy.tanh, sympy.erf, sympy.asinh}
# Limits of the odd analytic functions at +oo (their limit at -oo is the negative).
_AT_INFINITY = {sympy.atan: sympy.pi / 2, sympy.tanh: sympy.Integer(1), sympy.erf: sympy.Integer(1)}
_STEP = (sympy.Piecewise, sympy.Heaviside, sympy.sign, sympy.floor, sympy.ceiling, sympy.frac)
_CONTINUOUS_STEP = (sympy.Abs, sympy.Max, sympy.Min)


class CannotDecide(Exception):
    """The expression is outside the class handled, or a needed fact cannot be established."""


class NeedSign(Exception):
    """The answer depends on the sign of ``expr``, a parameter expression SymPy cannot sign."""

    def __init__(self, expr):
        super().__init__(sympy.sstr(expr))
        self.expr = expr


class _Insufficient(Exception):
    """More terms are needed (the remainders are not provably smaller)."""


class _Trouble(Exception):
    """Direct evaluation failed below this node; the caller retries with series at its level."""

    def __init__(self, cause: Exception):
        super().__init__(str(cause))
        self.cause = cause


def _tidy(c):
    c = sympy.sympify(c)
    if c.is_Number or not c.free_symbols:
        return c
    try:
        out = sympy.cancel(sympy.together(c))
    except (sympy.PolynomialError, NotImplementedError, TypeError, ValueError):
        return c
    return out if sympy.count_ops(out) <= sympy.count_ops(c) + 4 else c


# --------------------------------------------------------------------------- signs


def _log_combination(c):
    """``[(a_i, x_i)]`` when ``c = sum(a_i * log(x_i))`` with rational ``a_i`` and positive ``x_i``, else None."""
    c = sympy.expand_log(sympy.expand(c), force=False)
    out = []
    for term in sympy.Add.make_args(c):
        coeff, rest = term.as_coeff_Mul()
        if isinstance(rest, sympy.log) and coeff.is_Rational and rest.args[0].is_positive:
            out.append((coeff, rest.args[0]))
        else:
            return None
    return out or None


def sign_target(c):
    """The simplest expression whose sign decides the sign of ``c`` (positive factors and logs removed).

    >>> from symmetric import P, R
    >>> sign_target(sympy.log(P) - sympy.log(R))
    P - R
    >>> sign_target(-3 * (P - 7*R)**2 / R)
    P - 7*R
    """
    c = _tidy(c)
    combo = _log_combination(c)
    if combo is not None:
        q = sympy.Mul(*[x**a for a, x in combo])
        num, den = sympy.fraction(sympy.together(q))
        if num.is_positive and den.is_positive:  # then sign(log q) = sign(num - den)
            return sign_target(num - den)
        return c
    try:
        num, den = sympy.fraction(sympy.factor(c))
        factors = [f for part in (num, den) for f, _ in sympy.factor_list(part)[1]]
    except (sympy.PolynomialError, NotImplementedError, TypeError, ValueError):
        return c
    unknown = [f for f in factors if f.is_positive is not True and f.is_negative is not True]
    if not unknown:
        return c
    f = unknown[0]
    if _log_combination(f) is not None and f != c:
        return sign_target(f)
    return f


class Signs:
    """Signs of parameter expressions: SymPy's assumptions, cheap normal forms, and known facts.

    ``facts`` are relations known to hold (the statement's conditions).
    """

    def __init__(self, facts=()):
        self.facts = tuple(f for f in facts if isinstance(f, sympy.core.relational.Relational))
        self._cache: dict = {}

    def sign(self, c) -> int | None:
        """+1, -1 or 0 when decided (eventually, as t -> 0+, for coefficients in log t), else None."""
        c = sympy.sympify(c)
        if c in self._cache:
            return self._cache[c]
        if c.has(T):
            raise CannotDecide("a coefficient depends on t")  # pragma: no cover - internal misuse
        out = self._log_poly_sign(c) if c.has(LOG_T) else self._param_sign(c, 0)
        self._cache[c] = out
        return out

    def require(self, c) -> int:
        """The sign of ``c``; NeedSign when it cannot be decided."""
        s = self.sign(c)
        if s is None:
            raise NeedSign(self._target(c))
        return s

    def require_nonzero(self, c) -> int:
        """The nonzero sign of ``c``; NeedSign when undecided; 0 when ``c`` is zero."""
        return self.require(c)

    def _target(self, c):
        if c.has(LOG_T):
            poly = self._log_poly(c)
            if poly is not None:
                for coeff in poly:
                    if self.sign(coeff) is None:
                        return sign_target(coeff)
            raise CannotDecide(f"sign of {sympy.sstr(c)} in log t")
        return sign_target(c)

    def _log_poly(self, c):
        """Coefficients (highest degree first) of numerator and denominator in log t, flattened, or None."""
        num, den = sympy.fraction(sympy.together(c))
        out = []
        for part in (num, den):
            poly = sympy.Poly(sympy.expand(part), LOG_T) if part.has(LOG_T) else None
            if poly is None:
                out.append(part)
                continue
            if any(coeff.has(LOG_T) for coeff in poly.all_coeffs()):
                return None
            out.extend(poly.all_coeffs())
        return out

    def _log_poly_sign(self, c):
        try:
            num, den = sympy.fraction(sympy.together(c))
            total = 1
            for part in (num, den):
                s = self._poly_sign(sympy.Poly(sympy.expand(part), LOG_T))
                if s is None:
                    return None
                total *= s
            return total
        except (sympy.PolynomialError, sympy.GeneratorsNeeded):
            raise CannotDecide(f"{sympy.sstr(c)} is not rational in log t") from None

    def _poly_sign(self, poly):
        coeffs = poly.all_coeffs()
        degree = len(coeffs) - 1
        for k, coeff in enumerate(coeffs):
            if coeff.has(LOG_T):
                raise CannotDecide("nested logarithms of t")
            s = self._param_sign(coeff, 0)
            if s is None:
                return None
            if s != 0:
                return s * (-1) ** (degree - k)
        return 0

    def _number_sign(self, c):
        if c.is_extended_real is False:
            raise CannotDecide(f"complex value {sympy.sstr(c)}")
        try:
            value = c.evalf(40, strict=True)
        except (sympy.core.evalf.PrecisionExhausted, TypeError, ValueError, ArithmeticError):
            value = None
        if value is not None and value.is_Float and value != 0:
            return 1 if value > 0 else -1
        if value is not None and value.is_real is False:
            raise CannotDecide(f"complex value {sympy.sstr(c)}")
        try:
            if sympy.simplify(c) == 0:
                return 0
        except (TypeError, ValueError, NotImplementedError, ArithmeticError):
            pass
        return None

    def _from_facts(self, c):
        for fact in self.facts:
            d = fact.lhs - fact.rhs
            for sgn, candidate in ((1, d), (-1, -d)):
                try:
                    same = _tidy(c - candidate) == 0
                except (TypeError, ValueError):
                    same = False
                if not same:
                    continue
                if isinstance(fact, sympy.Eq):
                    return 0
                if isinstance(fact, (sympy.StrictGreaterThan,)):
                    return sgn
                if isinstance(fact, sympy.StrictLessThan):
                    return -sgn
        return None

    def _param_sign(self, c, depth):
        if c == 0:
            return 0
        if c.has(sympy.nan, sympy.zoo, sympy.oo, -sympy.oo):
            raise CannotDecide("an infinite coefficient")
        if c.is_number:
            return self._number_sign(c)
        direct = _assumed_sign(c)
        if direct is not None:
            return direct
        fact = self._from_facts(c)
        if fact is not None:
            return fact
        for form in (sympy.expand, _tidy, lambda e: sympy.expand_log(e, force=False)):
            try:
                f = form(c)
            except (sympy.PolynomialError, NotImplementedError, TypeError, ValueError):
                continue
            if f == 0:
                return 0
            s = _assumed_sign(f)
            if s is not None:
                return s
        if depth > 2:
            return None
        return self._factored_sign(c, depth)

    def _factored_sign(self, c, depth):
        try:
            num, den = sympy.fraction(sympy.factor(_tidy(c)))
            parts = [(num, 1), (den, 1)]
            total = 1
            for part, _ in parts:
                content, factors = sympy.factor_list(part)
                s = _assumed_sign(content) if content != 1 else 1
                if s is None:
                    return None
                total *= s
                for f, multiplicity in factors:
                    s = _assumed_sign(f)
                    if s is None:
                        combo = _log_combination(f)
                        if combo is None or len(factors) == 1 and multiplicity == 1 and f == c:
                            return None
                        s = self._param_sign(sign_target(f), depth + 1)
                        if s is None:
                            return None
                    total *= s**multiplicity
            return total
        except (sympy.PolynomialError, NotImplementedError, TypeError, ValueError):
            return None


def _assumed_sign(c):
    if c.is_zero:
        return 0
    if c.is_positive:
        return 1
    if c.is_negative:
        return -1
    return None


# --------------------------------------------------------------------------- magnitudes and series


@dataclass(frozen=True)
class Mag:
    """``t**e * exp(sum(h * t**-b for b, h in scale))``; ``scale`` sorted by ``b`` descending."""

    e: sympy.Expr
    scale: tuple = ()

    def __mul__(self, other: "Mag") -> "Mag":
        merged = dict(self.scale)
        for b, h in other.scale:
            merged[b] = _tidy(merged.get(b, 0) + h)
        return Mag(_tidy(self.e + other.e), _scale(merged))

    def __pow__(self, k) -> "Mag":
        return Mag(_tidy(self.e * k), _scale({b: _tidy(h * k) for b, h in self.scale}))


def _scale(d: dict) -> tuple:
    return tuple(sorted(((b, h) for b, h in d.items() if h != 0), key=lambda bh: -bh[0]))


ONE = Mag(sympy.Integer(0))


class Series:
    """``sum(c * mag for c, mag in terms) + sum(O(mag) for mag in orders)``."""

    __slots__ = ("terms", "orders")

    def __init__(self, terms=(), orders=()):
        self.terms = list(terms)
        self.orders = list(orders)

    @property
    def exact(self) -> bool:
        return not self.orders

    def __repr__(self):  # pragma: no cover - debugging aid
        return f"Series({self.terms}, O{self.orders})"


class Asymptotics:
    """Limits, eventual signs and step-function branches as ``T -> 0+``.

    Parameters
    ----------
    facts : iterable of relations
        Conditions known to hold; used to decide signs and parameter conditions.
    """

    def __init__(self, facts=()):
        self.signs = Signs(facts)
        self.facts = tuple(facts)
        self._expand_cache: dict = {}
        self._resolve_cache: dict = {}

    # ----------------------------------------------------------------- public

    def limit(self, e) -> tuple:
        """``("finite", value)`` or ``("infinite", +1 or -1)`` for the limit of ``e`` as ``T -> 0+``."""
        e = sympy.sympify(e)
        if e.has(sympy.nan, sympy.zoo, sympy.oo, -sympy.oo):
            raise CannotDecide("the expression contains an infinity")
        try:
            return self._direct(e)
        except _Trouble as trouble:
            raise trouble.cause from None

    def eventual_sign(self, e) -> int:
        """+1 or -1 when ``e`` has that sign on some ``(0, delta)``; 0 when it vanishes identically there."""
        e = sympy.sympify(e)
        if not e.has(T):
            return self.signs.require(e)
        try:
            kind, value = self._direct(e)
        except _Trouble:
            kind = None
        if kind == "infinite":
            return value
        if kind == "finite":
            s = self.signs.sign(value)
            if s:
                return s
        if _identically_zero(e):
            return 0
        for n in _ORDERS:
            try:
                lead = self._leading(self._expand(e, n))
            except _Insufficient:
                continue
            if lead is None:
                return 0
            return self.signs.require(lead[0])
        raise CannotDecide(f"the sign of {sympy.sstr(e)} near the point needs more terms than computed")

    def resolve(self, e):
        """``e`` with every step function of ``T`` replaced by its branch on a right neighbourhood of 0."""
        if not e.has(T) or not e.has(*_STEP, *_CONTINUOUS_STEP):
            return e
        if e in self._resolve_cache:
            return self._resolve_cache[e]
        if isinstance(e, sympy.Piecewise):
            out = self._piecewise(e.args)
        else:
            args = [self.resolve(a) if isinstance(a, sympy.Basic) else a for a in e.args]
            node = e.func(*args) if args != list(e.args) else e
            out = self._step(node) if isinstance(node, (*_STEP, *_CONTINUOUS_STEP)) and node.has(T) else node
        self._resolve_cache[e] = out
        return out

    # ----------------------------------------------------------------- step functions

    def _piecewise(self, pieces):
        for piece in pieces:
            expr, cond = piece.expr, piece.cond
            if self._eventually(self.resolve(cond) if cond.has(T) else cond):
                return self.resolve(expr)
        raise CannotDecide("no branch of a Piecewise holds near the point")

    def _eventually(self, cond) -> bool:
        if cond is sympy.true or cond is True:
            return True
        if cond is sympy.false or cond is False:
            return False
        if isinstance(cond, (sympy.And, sympy.Or)):
            pending = None
            stop = isinstance(cond, sympy.Or)  # an Or stops at a True, an And at a False
            for arg in cond.args:
                try:
                    if self._eventually(arg) == stop:
                        return stop
                except (NeedSign, CannotDecide) as exc:
                    pending = exc
            if pending is not None:
                raise pending
            return not stop
        if isinstance(cond, sympy.Not):
            return not self._eventually(cond.args[0])
        if isinstance(cond, sympy.core.relational.Relational) and not isinstance(cond.lhs, sympy.Tuple):
            d = self.resolve(cond.lhs - cond.rhs)
            if not d.has(T):
                for fact in self.facts:
                    if fact == cond:
                        return True
                    if fact == cond.negated:
                        return False
            s = self.eventual_sign(d)
            return {sympy.StrictLessThan: s < 0, sympy.LessThan: s <= 0, sympy.StrictGreaterThan: s > 0,
                    sympy.GreaterThan: s >= 0, sympy.Eq: s == 0, sympy.Ne: s != 0}[type(cond)]
        raise CannotDecide(f"cannot decide the condition {sympy.sstr(cond)} near the point")

    def _step(self, node):
        if isinstance(node, sympy.Abs):
            s = self.eventual_sign(node.args[0])
            return node.args[0] if s >= 0 else -node.args[0]
        if isinstance(node, sympy.sign):
            return sympy.Integer(self.eventual_sign(node.args[0]))
        if isinstance(node, sympy.Heaviside):
            s = self.eventual_sign(node.args[0])
            return sympy.Integer(1) if s > 0 else sympy.Integer(0) if s < 0 else node.func(0, *node.args[1:])
        if isinstance(node, (sympy.Max, sympy.Min)):
            best = node.args[0]
            for other in node.args[1:]:
                s = self.eventual_sign(other - best)
                if (s > 0) if isinstance(node, sympy.Max) else (s < 0):
                    best = other
            return best
        if isinstance(node, (sympy.floor, sympy.ceiling, sympy.frac)):
            u = node.args[0]
            kind, v = self.limit(u)
            if kind != "finite" or not v.is_number:
                raise CannotDecide(f"{sympy.sstr(node)}: the argument does not tend to a known number")
            if v.is_integer is False:
                base = sympy.floor(v) if not isinstance(node, sympy.ceiling) else sympy.ceiling(v)
            elif v.is_integer:
                s = self.eventual_sign(u - v)
                if isinstance(node, sympy.ceiling):
                    base = v if s <= 0 else v + 1
                else:
                    base = v if s >= 0 else v - 1
            else:
                raise CannotDecide(f"cannot tell whether {sympy.sstr(v)} is an integer")
            return u - base if isinstance(node, sympy.frac) else base
        raise CannotDecide(f"unsupported step function {node.func.__name__}")  # pragma: no cover

    # ----------------------------------------------------------------- direct evaluation

    def _direct(self, e) -> tuple:
        """The limit by continuity where possible; series at this node on any difficulty."""
        if not e.has(T):
            if e.has(sympy.nan, sympy.zoo, sympy.oo, -sympy.oo):
                raise _Trouble(CannotDecide("an infinite constant"))
            return "finite", e
        if e == T:
            return "finite", sympy.Integer(0)
        try:
            out = self._direct_node(e)
        except _Trouble:
            out = None
        except (NeedSign, CannotDecide):
            out = None
        if out is not None:
            return out
        return self._series_limit(e)

    def _direct_node(self, e):
        if isinstance(e, _STEP):
            return self._direct(self.resolve(e))
        if isinstance(e, sympy.Add):
            parts = [self._direct(a) for a in e.args]
            if all(k == "finite" for k, _ in parts):
                return "finite", sympy.Add(*[v for _, v in parts])
            signs = {v for k, v in parts if k == "infinite"}
            return ("infinite", signs.pop()) if len(signs) == 1 else None
        if isinstance(e, sympy.Mul):
            parts = [self._direct(a) for a in e.args]
            if all(k == "finite" for k, _ in parts):
                return "finite", sympy.Mul(*[v for _, v in parts])
            total = 1
            for k, v in parts:
                s = v if k == "infinite" else self.signs.sign(v)
                if not s:
                    return None
                total *= s
            return "infinite", total
        if isinstance(e, sympy.Pow):
            return self._direct_pow(*e.args)
        if isinstance(e, sympy.exp):
            k, v = self._direct(e.args[0])
            if k == "finite":
                return "finite", sympy.exp(v)
            return ("infinite", 1) if v > 0 else ("finite", sympy.Integer(0))
        if isinstance(e, sympy.log):
            k, v = self._direct(e.args[0])
            if k == "infinite":
                return ("infinite", 1) if v > 0 else None
            return ("finite", sympy.log(v)) if self.signs.sign(v) == 1 else None
        if isinstance(e, sympy.Abs):
            k, v = self._direct(e.args[0])
            return ("finite", sympy.Abs(v)) if k == "finite" else ("infinite", 1)
        if isinstance(e, (sympy.Max, sympy.Min)):
            parts = [self._direct(a) for a in e.args]
            if all(k == "finite" for k, _ in parts):
                return "finite", e.func(*[v for _, v in parts])
            return None
        if e.func in _ANALYTIC and len(e.args) == 1:
            k, v = self._direct(e.args[0])
            if k == "finite":
                return "finite", e.func(v)
            at_infinity = _AT_INFINITY.get(e.func)
            return ("finite", v * at_infinity) if at_infinity is not None else None
        return None

    def _direct_pow(self, base, ex):
        if ex.has(T):
            if not base.has(T):
                if self.signs.sign(base) != 1:
                    return None
                return self._direct(sympy.exp(ex * sympy.log(base)))
            kb, vb = self._direct(base)
            if (kb == "finite" and self.signs.sign(vb) == 1) or (kb, vb) == ("infinite", 1):
                return self._direct(sympy.exp(ex * sympy.log(base)))
            return None
        kb, vb = self._direct(base)
        if kb == "finite":
            s = self.signs.sign(vb)
            if s == 1 or (s == -1 and ex.is_integer):
                return "finite", vb**ex
            if s == -1 and base.is_extended_real:
                return "finite", vb**ex
            if s == 0:
                se = self.signs.sign(ex)
                if se == 1:
                    return "finite", sympy.Integer(0)
            return None
        se = self.signs.sign(ex)
        if se == -1:
            return "finite", sympy.Integer(0)
        if se == 1 and (vb == 1 or ex.is_even):
            return "infinite", 1
        if se == 1 and ex.is_odd:
            return "infinite", vb
        return None

    def _series_limit(self, e):
        try:
            for n in _ORDERS:
                try:
                    return self._limit_of(self._expand(e, n))
                except _Insufficient:
                    continue
        except (NeedSign, CannotDecide) as exc:
            raise _Trouble(exc) from None
        raise _Trouble(CannotDecide(f"{sympy.sstr(e)}: no decisive term within {_ORDERS[-1]} orders"))

    # ----------------------------------------------------------------- magnitudes

    def _cmp(self, a: Mag, b: Mag) -> int:
        """1 when ``a`` is the larger magnitude as t -> 0+, -1 when smaller, 0 when equal."""
        diff = dict(a.scale)
        for bb, h in b.scale:
            diff[bb] = diff.get(bb, 0) - h
        for bb in sorted(diff, reverse=True):
            h = _tidy(diff[bb])
            if h.has(LOG_T):
                raise CannotDecide("log t in an exponential scale")
            s = self.signs.require(h)
            if s:
                return s
        s = self.signs.require(_tidy(a.e - b.e))
        return -s

    def _try_cmp(self, a, b):
        try:
            return self._cmp(a, b)
        except (NeedSign, CannotDecide):
            return None

    def _normalize(self, terms, orders) -> Series:
        merged: dict = {}
        for c, m in terms:
            merged.setdefault(m, []).append(c)
        final: list = []
        for m, cs in merged.items():
            for i, (m2, cs2) in enumerate(final):
                if m2.scale == m.scale and _tidy(m2.e - m.e) == 0:
                    final[i] = (m2, cs2 + cs)
                    break
            else:
                final.append((m, list(cs)))
        out_terms = []
        for m, cs in final:
            c = _tidy(sympy.Add(*cs)) if len(cs) > 1 else cs[0]
            if c != 0:
                out_terms.append((c, m))
        kept_orders: list = []
        for o in dict.fromkeys(orders):
            if any(self._try_cmp(o, k) in (-1, 0) for k in kept_orders):
                continue
            kept_orders = [k for k in kept_orders if self._try_cmp(k, o) not in (-1, 0)]
            kept_orders.append(o)
        out_terms = [(c, m) for c, m in out_terms if not any(self._try_cmp(m, o) in (-1, 0) for o in kept_orders)]
        if len(out_terms) + len(kept_orders) > _MAX_TERMS:
            raise CannotDecide("the expansion grows too large")
        return Series(out_terms, kept_orders)

    def _leading(self, s: Series):
        """``(c, mag)`` of the dominant term (``c`` provably nonzero); None when ``s`` is exactly 0."""
        terms = list(s.terms)
        while terms:
            c, m = self._max_term(terms)
            sign = self.signs.require(c)
            if sign == 0:
                terms = [(c2, m2) for c2, m2 in terms if m2 != m]
                continue
            for o in s.orders:
                if self._cmp(m, o) != 1:
                    raise _Insufficient()
            return c, m
        if s.orders:
            raise _Insufficient()
        return None

    def _max_term(self, terms):
        best_c, best_m = terms[0]
        for c, m in terms[1:]:
            k = self._cmp(m, best_m)
            if k == 1:
                best_c, best_m = c, m
            elif k == 0:
                best_c = _tidy(best_c + c)
        return best_c, best_m

    def _limit_of(self, s: Series) -> tuple:
        for o in s.orders:
            if self._cmp(o, ONE) != -1:
                raise _Insufficient()
        big, level = [], []
        for c, m in s.terms:
            k = self._cmp(m, ONE)
            if k == 1:
                big.append((c, m))
            elif k == 0:
                level.append(c)
        while big:
            c, m = self._max_term(big)
            sign = self.signs.require(c)
            if sign:
                return "infinite", sign
            big = [(c2, m2) for c2, m2 in big if m2 != m]
        return self._limit_in_log(_tidy(sympy.Add(*level)))

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
            return "finite", _tidy(ln / ld)
        return "infinite", self.signs.require(ln) * self.signs.require(ld) * (-1) ** (dn - dd)

    # ----------------------------------------------------------------- expansion

    def _expand(self, e, n) -> Series:
        key = (e, n)
        if key not in self._expand_cache:
            try:
                self._expand_cache[key] = self._expand_uncached(e, n)
            except (NeedSign, CannotDecide, _Insufficient) as exc:
                self._expand_cache[key] = exc
        out = self._expand_cache[key]
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
        if isinstance(e, (*_STEP, *_CONTINUOUS_STEP)):
            return self._expand(self.resolve(e), n)
        if isinstance(e, sympy.Add):
            terms, orders = [], []
            for a in e.args:
                s = self._expand(a, n)
                terms += s.terms
                orders += s.orders
            return self._normalize(terms, orders)
        if isinstance(e, sympy.Mul):
            out = self._const(sympy.Integer(1))
            for a in e.args:
                out = self._mul(out, self._expand(a, n))
            return out
        if isinstance(e, sympy.Pow):
            base, ex = e.args
            if ex.has(T):
                if not base.has(T):
                    if self.signs.require(base) != 1:
                        raise CannotDecide("a power of a nonpositive base with a variable exponent")
                    return self._exp(self._mul(self._expand(ex, n), self._const(sympy.log(base))), n)
                return self._exp(self._mul(self._expand(ex, n), self._log(self._expand(base, n), n)), n)
            if base == T:
                return Series([(sympy.Integer(1), Mag(ex))])
            return self._pow(self._expand(base, n), ex, n)
        if isinstance(e, sympy.exp):
            return self._exp(self._expand(e.args[0], n), n)
        if isinstance(e, sympy.log) and len(e.args) == 1:
            return self._log(self._expand(e.args[0], n), n)
        if e.func in _ANALYTIC and len(e.args) == 1:
            return self._analytic(e.func, self._expand(e.args[0], n), n)
        raise CannotDecide(f"{type(e).__name__} is outside the expressions the limit routine handles")

    def _mul(self, a: Series, b: Series) -> Series:
        terms = [(c1 * c2, m1 * m2) for c1, m1 in a.terms for c2, m2 in b.terms]
        orders = [o * m for o in a.orders for _, m in b.terms]
        orders += [o * m for o in b.orders for _, m in a.terms]
        orders += [o1 * o2 for o1 in a.orders for o2 in b.orders]
        return self._normalize(terms, orders)

    def _split_lead(self, s: Series):
        """``(c, mag, u)`` with ``s = c * mag * (1 + u)`` and ``u -> 0``; ``s`` must not be exactly 0."""
        lead = self._leading(s)
        if lead is None:
            raise CannotDecide("division by an expression that vanishes identically near the point")
        c, m = lead
        inv = m ** -1
        u_terms = [(c2 / c, m2 * inv) for c2, m2 in s.terms if m2 != m]
        u_orders = [o * inv for o in s.orders]
        # terms of the same magnitude were merged into the lead by _max_term: drop them from u
        u_terms = [(c2, m2) for c2, m2 in u_terms if self._try_cmp(m2, ONE) != 0]
        return c, m, self._normalize(u_terms, u_orders)

    def _power_sum(self, u: Series, coeffs, n) -> Series:
        """``sum(coeffs[j] * u**j) + O(u**len(coeffs))`` for ``u -> 0``."""
        out = Series()
        power = self._const(sympy.Integer(1))
        for j, a in enumerate(coeffs):
            if j:
                power = self._mul(power, u)
            if a != 0:
                out = self._normalize(out.terms + [(a * c, m) for c, m in power.terms],
                                      out.orders + power.orders)
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
        for o in s.orders:
            if self._cmp(o, ONE) != -1:
                raise _Insufficient()
        scale, level, small = {}, [], []
        for c, m in s.terms:
            k = self._cmp(m, ONE)
            if k == 1:
                if m.scale or not m.e.is_Rational:
                    raise CannotDecide("an exponential of an exponential, or of a symbolic power of t")
                if c.has(LOG_T):
                    raise CannotDecide("log t in an exponential scale")
                scale[-m.e] = _tidy(scale.get(-m.e, 0) + c)
            elif k == 0:
                level.append(c)
            else:
                small.append((c, m))
        c0 = _tidy(sympy.Add(*level))
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
            terms.append((_tidy(m.e * LOG_T), ONE))
        terms += [(h, Mag(-b)) for b, h in m.scale]
        coeffs = [sympy.Integer(0)] + [sympy.Rational((-1) ** (j + 1), j) for j in range(1, n + 1)]
        rest = self._power_sum(u, coeffs, n)
        return self._normalize(terms + rest.terms, rest.orders)

    def _analytic(self, func, s: Series, n) -> Series:
        for o in s.orders:
            if self._cmp(o, ONE) != -1:
                raise _Insufficient()
        level, small = [], []
        for c, m in s.terms:
            k = self._cmp(m, ONE)
            if k == 1:
                raise CannotDecide(f"{func.__name__} of an unbounded argument")
            if k == 0:
                level.append(c)
            else:
                small.append((c, m))
        c0 = _tidy(sympy.Add(*level))
        if c0.has(LOG_T):
            raise CannotDecide(f"{func.__name__} of log t")
        x = sympy.Dummy("x")
        coeffs = [_tidy(sympy.diff(func(x), x, j).subs(x, c0) / math.factorial(j)) for j in range(n + 1)]
        return self._power_sum(Series(small, s.orders), coeffs, n)


def _identically_zero(e) -> bool:
    try:
        return sympy.expand(e) == 0 or _tidy(e) == 0
    except (TypeError, ValueError, NotImplementedError):
        return False
