"""High-precision numeric evaluation of statements with mpmath.

Numeric evidence can refute a statement or support it, never prove it. Each
side is compiled once to an mpmath function; an unevaluated ``Limit`` is
estimated from the body at points approaching the limit point (distance
1e-10, 1e-20, 1e-40, or 1e10, 1e20, 1e40 towards infinity) with the working
precision raised to match, and carries the last step's change as its
uncertainty. A disagreement counts only when it is far beyond both the
rounding level and that uncertainty, and a counterexample is kept only when
the disagreement survives a second evaluation at twice the precision.

>>> import sympy
>>> from symmetric import P, rho
>>> form = NumericForm(sympy.Limit(((1 + P**rho) / 2) ** (1 / rho), rho, 0))
>>> value, uncertainty = form({P: sympy.Integer(4)}, dps=30)
>>> print(mpmath.nstr(value, 15), uncertainty < 1e-15)
2.0 True
"""

from __future__ import annotations

from dataclasses import dataclass, field

import mpmath
import sympy

from .limits import exact_limit
from .statement import Statement

__all__ = ["NumericForm", "Undefined", "NumericEvidence", "numeric_evidence", "compare", "exact_limit_counterexample"]

# Approach distances 10**-k (or 10**k towards infinity) for numeric limits.
_APPROACH = (10, 20, 40)
_EVALUATION_ERRORS = (ZeroDivisionError, ValueError, OverflowError, TypeError, ArithmeticError, NameError,
                      mpmath.libmp.NoConvergence)


def _dirac_delta(x, *order):
    """DiracDelta (and its derivatives) is 0 away from 0 and has no value at 0."""
    if x == 0:
        raise Undefined("DiracDelta at 0")
    return mpmath.mpf(0)


def _heaviside(x, at_zero=mpmath.mpf(1) / 2):
    """SymPy's Heaviside: 0 below 0, 1 above, ``at_zero`` (default 1/2) at 0."""
    return mpmath.mpf(0) if x < 0 else mpmath.mpf(1) if x > 0 else at_zero


# Functions SymPy's derivatives produce (of Max, Min, Abs) that mpmath lacks.
_MPMATH_EXTRAS = {"DiracDelta": _dirac_delta, "Heaviside": _heaviside}


class Undefined(Exception):
    """The expression has no finite real or complex value at this point."""


def _to_mp(value):
    value = sympy.nsimplify(value) if isinstance(value, sympy.Float) else value
    if isinstance(value, sympy.Rational):
        return mpmath.mpf(int(value.p)) / int(value.q)
    return mpmath.mpmathify(sympy.N(value, mpmath.mp.dps + 10))


class _LimitForm:
    def __init__(self, limit: sympy.Limit):
        body, self.var, self.x0, direction = limit.args
        self.body = NumericForm(body)
        self.direction = str(direction)

    def __call__(self, point, dps, depth=1):
        if self.x0 in (sympy.oo, -sympy.oo):
            sides = [1 if self.x0 is sympy.oo else -1]
        else:
            sides = {"+": [1], "-": [-1], "+-": [1, -1]}[self.direction]
        estimates = []
        for side in sides:
            values = []
            for k in (depth * k for k in _APPROACH):
                if self.x0 in (sympy.oo, -sympy.oo):
                    x = side * sympy.Integer(10) ** k
                else:
                    x = self.x0 + side * sympy.Rational(1, 10**k)
                v, _ = self.body({**point, self.var: x}, dps + k)
                values.append(v)
            estimates.append((values[-1], abs(values[-1] - values[-2])))
        (v, u), *rest = estimates
        for v2, u2 in rest:
            if abs(v - v2) > 10 * (u + u2) + mpmath.mpf(10) ** (-dps // 2) * abs(v):
                raise Undefined("one-sided limits differ")
        return v, u


class NumericForm:
    """An expression compiled for mpmath, with unevaluated limits estimated numerically."""

    def __init__(self, expr: sympy.Basic):
        expr = expr.replace(lambda e: isinstance(e, sympy.Derivative), lambda e: e.doit())
        self.limits: dict[sympy.Dummy, _LimitForm] = {}

        def extract(e):
            if isinstance(e, sympy.Limit):
                d = sympy.Dummy("lim")
                self.limits[d] = _LimitForm(e)
                return d
            if not e.args or isinstance(e, (sympy.Symbol, sympy.Number)):
                return e
            return e.func(*[extract(a) for a in e.args]) if e.has(sympy.Limit) else e

        body = extract(expr)
        self.symbols = sorted(expr.free_symbols, key=lambda s: s.name)
        self._dummies = list(self.limits)
        self._func = sympy.lambdify(self.symbols + self._dummies, body, modules=[_MPMATH_EXTRAS, "mpmath"])

    def __call__(self, point: dict, dps: int, depth: int = 1):
        """Return ``(value, uncertainty)`` at ``point`` with ``dps`` digits."""
        limit_values = []
        uncertainty = mpmath.mpf(0)
        for d in self._dummies:
            v, u = self.limits[d](point, dps, depth)
            limit_values.append((v, u))
        try:
            with mpmath.workdps(dps):
                args = [_to_mp(point[s]) for s in self.symbols]
                value = self._func(*args, *[v for v, _ in limit_values])
                for i, (v, u) in enumerate(limit_values):
                    if u:
                        shifted = [w for w, _ in limit_values]
                        shifted[i] = v + u
                        uncertainty += abs(self._func(*args, *shifted) - value)
                value = mpmath.mpmathify(value)
        except _EVALUATION_ERRORS as exc:
            raise Undefined(str(exc)) from None
        if mpmath.isnan(value):
            raise Undefined("nan")
        if isinstance(value, mpmath.mpc) and value.imag == 0:
            value = value.real
        return value, uncertainty


def compare(a, b, relation: str, dps: int, uncertainty=0) -> str:
    """``"agree"``, ``"disagree"`` or ``"inconclusive"`` for ``a <relation> b``."""
    agree_tol = mpmath.mpf(10) ** (-(dps * 3) // 5)
    disagree_tol = mpmath.mpf(10) ** (-(dps * 3) // 10)
    if mpmath.isinf(a) or mpmath.isinf(b):
        return _compare_infinite(a, b, relation, uncertainty)
    scale = max(abs(a), abs(b))
    if relation == "==":
        gap = abs(a - b)
        if gap <= 10 * uncertainty + agree_tol * scale:
            return "agree"
        if gap > 1000 * uncertainty + disagree_tol * scale:
            return "disagree"
        return "inconclusive"
    if isinstance(a, mpmath.mpc) or isinstance(b, mpmath.mpc):
        return "inconclusive"
    margin = b - a if relation in ("<", "<=") else a - b  # positive when the relation holds
    if margin > 10 * uncertainty + agree_tol * scale:
        return "agree"
    if -margin > 1000 * uncertainty + disagree_tol * scale:
        return "disagree"
    if relation in ("<=", ">=") and abs(margin) <= 10 * uncertainty + agree_tol * scale:
        return "agree"
    return "inconclusive"


def _compare_infinite(a, b, relation, uncertainty):
    if mpmath.isinf(a) and mpmath.isinf(b):
        same = a == b
        if relation == "==":
            return "agree" if same else "disagree"
        holds = {"<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b}[relation]
        return "agree" if holds else "disagree"
    finite, infinite = (b, a) if mpmath.isinf(a) else (a, b)
    if uncertainty and abs(finite) > 10**10 and mpmath.sign(finite) == mpmath.sign(infinite):
        return "agree" if relation == "==" else "inconclusive"  # a limit growing without bound
    if abs(finite) + 1000 * uncertainty < 10**6:
        if relation == "==":
            return "disagree"
        holds = {"<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b}[relation]
        return "agree" if holds else "disagree"
    return "inconclusive"


@dataclass(frozen=True)
class NumericEvidence:
    """What high-precision sampling found: three-valued counts, and a counterexample if any."""

    dps: int
    agree: int = 0
    disagree: int = 0
    inconclusive: int = 0
    undefined: int = 0
    counterexample: dict | None = None
    values: tuple = ()
    notes: tuple = field(default=())

    @property
    def points(self) -> int:
        return self.agree + self.disagree + self.inconclusive + self.undefined

    def summary(self) -> str:
        return (f"{self.agree} agree, {self.disagree} disagree, {self.inconclusive} inconclusive, "
                f"{self.undefined} undefined at {self.dps} digits")


def _evaluate_pair(lhs, rhs, point, dps, depth=1):
    a, ua = lhs(point, dps, depth)
    b, ub = rhs(point, dps, depth)
    return a, b, ua + ub


def _violation(a, b, relation):
    """How far ``a <relation> b`` is from holding: |a - b| for ==, the signed shortfall otherwise."""
    if relation == "==":
        return abs(a - b)
    if isinstance(a, mpmath.mpc) or isinstance(b, mpmath.mpc):
        return abs(a - b)
    return a - b if relation in ("<", "<=") else b - a


def _classify(lhs, rhs, statement, point, dps):
    """Outcome at one point, and the values at the higher precision when it was needed.

    A point that does not agree at ``dps`` digits is evaluated again at twice
    the precision (and, for limits, closer to the limit point). If the gap
    shrank by many orders of magnitude it was rounding (or approach) error and
    the point agrees; if it stayed put and is clearly beyond tolerance, the
    point is a confirmed counterexample; anything else is inconclusive.
    """
    rel = statement.relation
    a1, b1, u1 = _evaluate_pair(lhs, rhs, point, dps)
    if mpmath.isinf(a1) or mpmath.isinf(b1):
        return compare(a1, b1, rel, dps, u1), (a1, b1)
    first = compare(a1, b1, rel, dps, u1)
    if first == "agree":
        return "agree", (a1, b1)
    try:
        a2, b2, u2 = _evaluate_pair(lhs, rhs, point, 2 * dps, depth=2)
    except Undefined:
        return "inconclusive", (a1, b1)
    g1, g2 = _violation(a1, b1, rel), _violation(a2, b2, rel)
    shrink = mpmath.mpf(10) ** (-(dps // 3))
    if abs(g2) <= abs(g1) * shrink:
        return ("inconclusive" if rel in ("<", ">") else "agree"), (a2, b2)
    if compare(a2, b2, rel, 2 * dps, u2) == "disagree" and abs(g1 - g2) <= abs(g2) / 100:
        if statement.has(sympy.Limit):
            return _confirm_limits(statement, point, dps), (a2, b2)
        return "disagree", (a2, b2)
    return "inconclusive", (a2, b2)


def exact_limit_counterexample(statement: Statement, points: list[dict], *, dps: int = 50, tries: int = 8):
    """The first of ``points`` (at most ``tries``) where SymPy's exact limits refute the statement.

    Used when numeric estimates of a limit could not decide: an estimate from
    approach points may sit near a wrong value for a long way (slow
    convergence), so agreement there is weak, but the exact limit at a point
    with numeric parameters is usually within SymPy's reach. Returns the
    point and the two values, or None.
    """
    for point in points[:tries]:
        outcome, values = _confirm_limits(statement, point, dps, with_values=True)
        if outcome == "disagree":
            return dict(point), tuple(mpmath.nstr(v, 20) for v in values)
    return None


def _confirm_limits(statement, point, dps, with_values=False):
    """Settle a numeric disagreement about limits with SymPy's exact limits at ``point``.

    A limit estimated from approach points can look settled long before it is
    (``y**(1/85)`` is still 0.1 at ``y = 1e-80``), so a numeric disagreement
    only counts when the exact limits at the point, evaluated at high
    precision, disagree too.
    """
    at = statement.substitute(point)
    try:
        exact = [side.replace(lambda e: isinstance(e, sympy.Limit), exact_limit) for side in (at.lhs, at.rhs)]
    except (NotImplementedError, ValueError, TypeError, ZeroDivisionError, RecursionError, AttributeError):
        return ("inconclusive", None) if with_values else "inconclusive"
    if any(e.has(sympy.Limit, sympy.AccumBounds) or e.free_symbols for e in exact):
        return ("inconclusive", None) if with_values else "inconclusive"
    try:
        a, _ = NumericForm(exact[0])({}, 2 * dps)
        b, _ = NumericForm(exact[1])({}, 2 * dps)
    except Undefined:
        return ("inconclusive", None) if with_values else "inconclusive"
    outcome = "disagree" if compare(a, b, statement.relation, 2 * dps) == "disagree" else "inconclusive"
    return (outcome, (a, b)) if with_values else outcome


def numeric_evidence(statement: Statement, points: list[dict], *, dps: int = 50) -> NumericEvidence:
    """Evaluate both sides at ``points`` and look for a confirmed counterexample."""
    lhs, rhs = NumericForm(statement.lhs), NumericForm(statement.rhs)
    counts = {"agree": 0, "disagree": 0, "inconclusive": 0, "undefined": 0}
    for point in points:
        try:
            outcome, (a, b) = _classify(lhs, rhs, statement, point, dps)
        except Undefined:
            counts["undefined"] += 1
            continue
        counts[outcome] += 1
        if outcome == "disagree":
            return NumericEvidence(dps, **counts, counterexample=dict(point),
                                   values=(mpmath.nstr(a, 20), mpmath.nstr(b, 20)))
    return NumericEvidence(dps, **counts)
