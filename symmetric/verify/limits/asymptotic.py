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

A limit is taken by continuity where every operation is continuous at the
limits of its arguments; where that fails (``0/0``, ``1**oo``, a sign that
is unknown), the node is expanded by exact series arithmetic
(:mod:`symmetric.verify.limits.series`), whose remainders are all kept.

>>> import sympy
>>> from symmetric import P, R
>>> a = Asymptotics()
>>> a.limit(((1 + T) ** (1 / T)))
('finite', E)
>>> a.limit((P - 7*R + T) / T)
Traceback (most recent call last):
    ...
symmetric.verify.limits.limit_signs.NeedSign: P - 7*R
"""

from __future__ import annotations

import sympy

from ..core.relations import relation_of
from ..core.trust import GUARDED
from ..signs.decide import combine_fractions
from .limit_signs import CannotDecide, NeedSign, Signs, T
from .series import ANALYTIC, Insufficient, SeriesArithmetic

__all__ = ["Asymptotics"]

_ORDERS = (2, 4, 7)
# Limits of the odd analytic functions at +oo (their limit at -oo is the negative).
_AT_INFINITY = {sympy.atan: sympy.pi / 2, sympy.tanh: sympy.Integer(1), sympy.erf: sympy.Integer(1)}
_AT_INFINITY.update({GUARDED[f]: v for f, v in list(_AT_INFINITY.items()) if f in GUARDED})
_STEP = (sympy.Piecewise, sympy.Heaviside, sympy.sign, sympy.floor, sympy.ceiling, sympy.frac)
_CONTINUOUS_STEP = (sympy.Abs, sympy.Max, sympy.Min)


class _Trouble(Exception):
    """Direct evaluation failed below this node; the caller retries with series at its level."""

    def __init__(self, cause: Exception) -> None:
        super().__init__(str(cause))
        self.cause = cause


class Asymptotics:
    """Limits, eventual signs and step-function branches as ``T -> 0+``.

    Parameters
    ----------
    facts : iterable of relations
        Conditions known to hold; used to decide signs and parameter conditions.
    """

    def __init__(self, facts=()) -> None:
        self.signs = Signs(facts)
        self.facts = tuple(facts)
        self._resolve_cache: dict = {}
        self.series = SeriesArithmetic(self.signs, self.resolve)

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
                lead = self.series.leading(self.series.expand(e, n))
            except Insufficient:
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
            relation = relation_of(cond)
            if relation is None:  # a relational class outside the relation table
                raise CannotDecide(f"cannot decide the condition {sympy.sstr(cond)} near the point")
            return relation.compare(s, 0)
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
        need = None  # a sign the direct evaluation asked for: the split it needs, if series cannot help
        try:
            out = self._direct_node(e)
        except _Trouble as trouble:
            out, need = None, trouble.cause if isinstance(trouble.cause, NeedSign) else None
        except NeedSign as exc:
            out, need = None, exc
        except CannotDecide:
            out = None
        if out is not None:
            return out
        try:
            return self._series_limit(e)
        except _Trouble as trouble:
            if need is not None and not isinstance(trouble.cause, NeedSign):
                raise _Trouble(need) from None  # e.g. atan(c*x) at oo: decided once the sign of c is known
            raise

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
        if e.func in ANALYTIC and len(e.args) == 1:
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
                    return self.series.limit_of(self.series.expand(e, n))
                except Insufficient:
                    continue
        except (NeedSign, CannotDecide) as exc:
            raise _Trouble(exc) from None
        raise _Trouble(CannotDecide(f"{sympy.sstr(e)}: no decisive term within {_ORDERS[-1]} orders"))


def _identically_zero(e) -> bool:
    try:
        return sympy.expand(e) == 0 or combine_fractions(e) == 0
    except (TypeError, ValueError, NotImplementedError):
        return False
