"""Polynomial real arithmetic decided by z3 (the optional extra ``solvers``).

:func:`z3_decide` translates "``big > small`` (or ``>=``) at every point of
a domain" into z3's nonlinear real arithmetic and asks its ``nlsat``
procedure, which is complete for that theory, whether a point of the domain
violates it. The translation is exact for algebraic expressions: sums,
products, integer powers, quotients, rational powers ``b**(p/q)`` (a new
variable ``y`` with ``y**q = b**p`` and ``y >= 0``), Piecewise, Max, Min and
Abs (as ``If``). Anything else (symbolic exponents, ``log``, ``pi``) is
refused, and the caller falls back to other strategies.

Definedness is checked first: every quotient's denominator must be nonzero,
and every base of a fractional power nonnegative (positive for a negative
power), wherever that subexpression is evaluated (inside its Piecewise
branch). The definitions of the new variables only constrain points where
they are defined, so they never shrink the domain.

An "unsat" answer proves the statement; a "sat" model is only a candidate
counterexample (its coordinates are rounded to rationals), never a
refutation: the engine confirms refutations independently. Every z3 call
has its own time limit, since a signal cannot interrupt z3's C code.

What it trusts: z3's nlsat decision procedure (the installed version, see
:func:`z3_version`) and this translation.

>>> import sympy
>>> from symmetric import P, R
>>> from symmetric.verify.signs.decide import Domain
>>> d = Domain.of_symbols([P, R])
>>> z3_decide(sympy.sqrt((P**2 + R**2) / 2), (P + R) / 2, domain=d, strict=False, timeout=5)[0]
'proven'
"""

from __future__ import annotations

import contextlib
import importlib
import signal
from types import ModuleType

import sympy

from ..core.budget import held
from ..core.relations import RELATION_OF_SIGNS, relation_of
from ..signs.decide import Domain

__all__ = ["load_z3", "z3_version", "z3_decide", "is_algebraic"]

_MAX_POWER = 24


@contextlib.contextmanager
def _uninterrupted():
    """Hold back the time budget while z3 runs.

    An exception raised by the budget in the middle of z3's Python API
    leaves half-built z3 objects whose finalizers then fail. z3 stops on
    its own time limit instead; a budget that ran out meanwhile stops the
    computation on exit (:func:`symmetric.verify.core.budget.held`). The signal is
    also masked in this thread so that no system call inside z3 is interrupted.
    """
    mask = getattr(signal, "pthread_sigmask", None)
    with held():
        if mask is None or not hasattr(signal, "SIGALRM"):
            yield
            return
        previous = mask(signal.SIG_BLOCK, {signal.SIGALRM})
        try:
            yield
        finally:
            mask(signal.SIG_SETMASK, previous)


def load_z3() -> ModuleType | None:
    """The ``z3`` module, or None when the optional extra ``solvers`` is not installed."""
    with _uninterrupted():
        try:
            return importlib.import_module("z3")
        except (ImportError, OSError):
            return None


def z3_version() -> str | None:
    z3 = load_z3()
    return None if z3 is None else z3.get_version_string()


class Unsupported(Exception):
    """The expression is outside what the translation handles exactly."""


_STRUCTURE = (
    sympy.Add,
    sympy.Mul,
    sympy.Symbol,
    sympy.Piecewise,
    sympy.Max,
    sympy.Min,
    sympy.Abs,
    sympy.core.relational.Relational,
    sympy.And,
    sympy.Or,
    sympy.Not,
    sympy.logic.boolalg.BooleanAtom,
    sympy.functions.elementary.piecewise.ExprCondPair,
)


def is_algebraic(expr) -> bool:
    """Whether ``expr`` is built from rationals and symbols by the operations z3 translates exactly."""
    for node in sympy.preorder_traversal(expr):
        if isinstance(node, sympy.Pow):
            if not node.exp.is_Rational:
                return False
        elif not (node.is_Rational or isinstance(node, _STRUCTURE)):
            return False
    return True


class _Translator:
    def __init__(self, z3, ctx) -> None:
        self.z3 = z3
        self.ctx = ctx
        self.vars: dict = {}
        self.aux: list = []  # definitions of new variables
        self.pre: list = []  # (guard, condition): must hold wherever guard holds
        self.count = 0

    def var(self, s):
        if s not in self.vars:
            self.vars[s] = self.z3.Real(f"v{len(self.vars)}_{s.name}", self.ctx)
        return self.vars[s]

    def power(self, b, n: int):
        if abs(n) > _MAX_POWER:
            raise Unsupported("power too large")
        out = self.z3.RealVal(1, self.ctx)
        for _ in range(abs(n)):
            out = out * b
        return out

    def expr(self, e, guard):
        z3 = self.z3
        if e.is_Rational:
            return z3.RealVal(f"{e.p}/{e.q}", self.ctx)
        if isinstance(e, sympy.Symbol):
            return self.var(e)
        if isinstance(e, sympy.Add):
            return sum((self.expr(a, guard) for a in e.args[1:]), self.expr(e.args[0], guard))
        if isinstance(e, sympy.Mul):
            out = self.expr(e.args[0], guard)
            for a in e.args[1:]:
                out = out * self.expr(a, guard)
            return out
        if isinstance(e, sympy.Pow) and e.exp.is_Integer:
            b = self.expr(e.base, guard)
            if e.exp < 0:
                self.pre.append((guard, b != 0))
                return 1 / self.power(b, -int(e.exp))
            return self.power(b, int(e.exp))
        if isinstance(e, sympy.Pow) and e.exp.is_Rational:
            b = self.expr(e.base, guard)
            p, q = int(e.exp.p), int(e.exp.q)
            self.count += 1
            y = z3.Real(f"aux{self.count}", self.ctx)
            if p > 0:
                self.pre.append((guard, b >= 0))
                self.aux.append(z3.Implies(z3.And(guard, b >= 0), z3.And(y >= 0, self.power(y, q) == self.power(b, p))))
            else:
                self.pre.append((guard, b > 0))
                self.aux.append(
                    z3.Implies(z3.And(guard, b > 0), z3.And(y > 0, self.power(y, q) * self.power(b, -p) == 1))
                )
            return y
        if isinstance(e, sympy.Piecewise):
            return self.piecewise(e.args, guard)
        if isinstance(e, (sympy.Max, sympy.Min)):
            args = [self.expr(a, guard) for a in e.args]
            out = args[0]
            for a in args[1:]:
                out = z3.If(a > out, a, out) if isinstance(e, sympy.Max) else z3.If(a < out, a, out)
            return out
        if isinstance(e, sympy.Abs):
            a = self.expr(e.args[0], guard)
            return z3.If(a >= 0, a, -a)
        raise Unsupported(type(e).__name__)

    def piecewise(self, branches, guard):
        z3 = self.z3
        (value, cond), rest = branches[0], branches[1:]
        c = self.cond(cond, guard)
        v = self.expr(value, z3.And(guard, c))
        if cond is sympy.true:
            return v
        if not rest:
            raise Unsupported("Piecewise without a default branch")
        return z3.If(c, v, self.piecewise(rest, z3.And(guard, z3.Not(c))))

    def cond(self, c, guard):
        z3 = self.z3
        if c is sympy.true:
            return z3.BoolVal(True, self.ctx)
        if c is sympy.false:
            return z3.BoolVal(False, self.ctx)
        if isinstance(c, sympy.And):
            return z3.And(*[self.cond(a, guard) for a in c.args])
        if isinstance(c, sympy.Or):
            return z3.Or(*[self.cond(a, guard) for a in c.args])
        if isinstance(c, sympy.Not):
            return z3.Not(self.cond(c.args[0], guard))
        relation = relation_of(c)
        if relation is not None:  # the comparison operators build z3's relations
            return relation.compare(self.expr(c.lhs, guard), self.expr(c.rhs, guard))
        raise Unsupported(type(c).__name__)


def _domain_constraints(tr: _Translator, domain: Domain, symbols):
    z3 = tr.z3
    top = z3.BoolVal(True, tr.ctx)
    # Facts z3 cannot take exactly as polynomials are dropped: that only enlarges the domain.
    facts = [
        (f, signs)
        for f, signs in domain.facts
        if signs in RELATION_OF_SIGNS and f.is_polynomial(*f.free_symbols) and is_algebraic(f)
    ]
    symbols = set(symbols).union(*(f.free_symbols for f, _ in facts))
    out = []
    for s in sorted(symbols, key=sympy.default_sort_key):
        iv = domain.interval(s)
        if iv is None:
            raise Unsupported(f"{s} is not real")
        v = tr.var(s)
        if iv.lo.is_finite:
            lo = tr.expr(iv.lo, top)
            out.append(v >= lo if iv.lo_closed else v > lo)
        if iv.hi.is_finite:
            hi = tr.expr(iv.hi, top)
            out.append(v <= hi if iv.hi_closed else v < hi)
    out += [RELATION_OF_SIGNS[signs].compare(tr.expr(f, top), 0) for f, signs in facts]
    return out


def _rational(value, z3):
    if z3.is_rational_value(value):
        n, d = value.numerator_as_long(), value.denominator_as_long()
        return sympy.Rational(n, d)
    if z3.is_algebraic_value(value):
        approx = value.approx(20)
        return sympy.Rational(approx.numerator_as_long(), approx.denominator_as_long())
    return None


def z3_decide(big, small, *, domain: Domain, strict: bool, timeout: float):
    """``("proven", None)``, ``("candidate", point)`` or ``("unknown", None)`` for ``big > small``.

    ``strict=False`` asks for ``big >= small``. ``point`` maps the free
    symbols to rationals near a model z3 found, a candidate counterexample.
    """
    with _uninterrupted():
        return _decide(big, small, domain, strict, timeout)


def _decide(big, small, domain: Domain, strict: bool, timeout: float):
    z3 = load_z3()
    big, small = sympy.sympify(big), sympy.sympify(small)
    if z3 is None or not (is_algebraic(big) and is_algebraic(small)):
        return "unknown", None
    # A fresh context per question: nlsat's speed depends on the order variables were created in.
    tr = _Translator(z3, z3.Context())
    try:
        top = z3.BoolVal(True, tr.ctx)
        b, s = tr.expr(big, top), tr.expr(small, top)
        symbols = big.free_symbols | small.free_symbols
        constraints = _domain_constraints(tr, domain, symbols)
    except Unsupported:
        return "unknown", None
    solver = z3.SolverFor("QF_NRA", ctx=tr.ctx)
    solver.set("timeout", max(1, int(timeout * 1000)))
    solver.add(*constraints, *tr.aux)
    if tr.pre:
        solver.push()
        solver.add(z3.Or(*[z3.And(g, z3.Not(c)) for g, c in tr.pre]))
        defined = solver.check()
        solver.pop()
        if defined != z3.unsat:
            return "unknown", None
    solver.add(z3.Not(b > s if strict else b >= s))
    answer = solver.check()
    if answer == z3.unsat:
        return "proven", None
    if answer == z3.sat:
        model = solver.model()
        point = {}
        for sym, v in tr.vars.items():
            value = model.eval(v, model_completion=True)
            r = _rational(value, z3)
            if r is None:
                return "unknown", None
            point[sym] = r
        return "candidate", point
    return "unknown", None
