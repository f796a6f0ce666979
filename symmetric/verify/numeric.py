"""High-precision numeric evaluation of statements with mpmath, and the confirmation of counterexamples.

Numeric evidence can refute a statement or support it, never prove it. Each
side is compiled once to an mpmath function; an unevaluated ``Limit`` is
estimated from the body at points approaching the limit point (distance
``1e-10``, ``1e-20``, ``1e-40``, or ``1e10``, ``1e20``, ``1e40`` towards
infinity, from each side the direction asks for) with the working precision
raised to match, and carries the last step's change as its uncertainty.

The precision adapts: a gap between the sides that is above the rounding
level but below a clear disagreement is re-evaluated at 2, 4 and 8 times the
precision (at most 400 digits) until it either shrinks (rounding) or stays
put (a real difference, such as a relative perturbation of ``1e-40``). Where
both sides are rational functions, rational points are evaluated exactly.

A disagreement becomes a counterexample only after a second, independent
evaluation of the *original* statement at that point confirms it
(:func:`confirm`): SymPy's exact evaluation with ``evalf(strict=True)`` for
statements without limits; for limits, the exact one-sided limits of
:mod:`symmetric.verify.limits` at the numeric point *and* a sequence of
approach values at rising precision that converges to them.

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

from .asymptotic import CannotDecide, NeedSign
from .budget import run_with_budget
from .limits import NoLimit, replace_limits
from .statement import Statement
from .substitution import bound_symbols, substitute

__all__ = ["NumericForm", "Undefined", "NumericEvidence", "numeric_evidence", "compare", "confirm",
           "exact_counterexample"]

# Approach distances 10**-k (or 10**k towards infinity) for numeric limits.
_APPROACH = (10, 20, 40)
# Depth multipliers of the approach distances for the confirmation sequence (down to 10**-1280).
_DEEP = (1, 2, 4, 8, 16, 32)
_MAX_DPS = 400
# Seconds for the independent confirmation of one candidate counterexample.
_CONFIRM_SECONDS = 3.0
_EVALUATION_ERRORS = (ZeroDivisionError, ValueError, OverflowError, TypeError, ArithmeticError, NameError,
                      mpmath.libmp.NoConvergence)
_EXACT_ERRORS = (NotImplementedError, ValueError, TypeError, ZeroDivisionError, RecursionError, AttributeError,
                 ArithmeticError, sympy.core.evalf.PrecisionExhausted, sympy.PolynomialError)


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


class OneSidedLimitsDiffer(Undefined):
    """Numeric estimates of the two one-sided limits disagree."""


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

    def sides(self):
        if self.x0 in (sympy.oo, -sympy.oo):
            return [1 if self.x0 is sympy.oo else -1]
        return {"+": [1], "-": [-1], "+-": [1, -1]}[self.direction]

    def estimate(self, point, side, dps, depth=1):
        """``(value, uncertainty)`` approaching from ``side`` at distances ``10**-(k*depth)``."""
        values = []
        for k in (depth * k for k in _APPROACH):
            if self.x0 in (sympy.oo, -sympy.oo):
                x = side * sympy.Integer(10) ** k
            else:
                x = substitute(self.x0, point) + side * sympy.Rational(1, 10**k)
            v, _ = self.body({**point, self.var: x}, dps + k)
            values.append(v)
        return values[-1], abs(values[-1] - values[-2])

    def __call__(self, point, dps, depth=1):
        estimates = [self.estimate(point, side, dps, depth) for side in self.sides()]
        (v, u), *rest = estimates
        for v2, u2 in rest:
            if abs(v - v2) > 10 * (u + u2) + mpmath.mpf(10) ** (-dps // 2) * abs(v):
                raise OneSidedLimitsDiffer("one-sided limits differ")
        return v, u


class NumericForm:
    """An expression compiled for mpmath, with unevaluated limits estimated numerically."""

    def __init__(self, expr: sympy.Basic):
        expr = expr.replace(lambda e: isinstance(e, (sympy.Derivative, sympy.Subs)), lambda e: e.doit())
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


# ---------------------------------------------------------------------------- comparing values


def _tolerances(dps, scale, uncertainty):
    noise = mpmath.mpf(10) ** (-(dps - 3)) * scale + 10 * uncertainty
    clear = mpmath.mpf(10) ** (-(dps * 3) // 10) * scale + 1000 * uncertainty
    return noise, clear


def assess(a, b, relation: str, dps: int, uncertainty=0) -> str:
    """How ``a <relation> b`` looks at ``dps`` digits.

    ``"holds"``; ``"equal"`` (the sides agree to the rounding level, or
    within the uncertainty of a limit estimate: the relation holds unless it
    is strict; such agreement supports, it never proves); ``"fails"`` (clearly); ``"tiny"``
    (a gap above the rounding level but small: more precision decides);
    ``"inconclusive"``.
    """
    if mpmath.isinf(a) or mpmath.isinf(b):
        out = _compare_infinite(a, b, relation, uncertainty)
        return {"agree": "holds", "disagree": "fails"}.get(out, "inconclusive")
    scale = max(abs(a), abs(b))
    noise, clear = _tolerances(dps, scale, uncertainty)
    if relation == "==":
        gap = abs(a - b)
        return "equal" if gap <= noise else "fails" if gap > clear else "tiny"
    if isinstance(a, mpmath.mpc) or isinstance(b, mpmath.mpc):
        return "inconclusive"
    margin = b - a if relation in ("<", "<=") else a - b  # positive when the relation holds
    if abs(margin) <= noise:
        return "equal"
    if margin > 0:
        return "holds"
    return "fails" if -margin > clear else "tiny"


def compare(a, b, relation: str, dps: int, uncertainty=0) -> str:
    """``"agree"``, ``"disagree"`` or ``"inconclusive"`` for ``a <relation> b`` at ``dps`` digits."""
    out = assess(a, b, relation, dps, uncertainty)
    if out == "holds" or (out == "equal" and relation not in ("<", ">")):
        return "agree"
    return "disagree" if out == "fails" else "inconclusive"


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


# ---------------------------------------------------------------------------- confirmation


@dataclass(frozen=True)
class Confirmation:
    """An independently confirmed failure of a statement at a point."""

    values: tuple
    how: str


def _relative_change(x, y):
    scale = max(abs(x), abs(y))
    return abs(x - y) / scale if scale else mpmath.mpf(0)


def _exactly_zero(diff) -> bool:
    """Whether the number ``diff`` is provably 0 (exact rewriting, or its minimal polynomial is x)."""
    if diff == 0:
        return True
    if not diff.is_number or diff.has(sympy.Float) or sympy.count_ops(diff) > 300:
        return False
    try:
        if sympy.simplify(diff) == 0:
            return True
        if diff.is_algebraic:
            x = sympy.Dummy("x")
            return sympy.minimal_polynomial(diff, x) == x
    except _EXACT_ERRORS:
        return False
    return False


def _violated_exactly(lhs, rhs, relation, dps):
    """True/False when exact evaluation of two numbers decides ``lhs <relation> rhs``; None otherwise."""
    if lhs.free_symbols or rhs.free_symbols or lhs.has(sympy.nan, sympy.zoo) or rhs.has(sympy.nan, sympy.zoo):
        return None
    infinite = (sympy.oo, -sympy.oo)
    if lhs in infinite or rhs in infinite:
        if lhs.is_extended_real is not True or rhs.is_extended_real is not True:
            return None
        holds = {"==": lhs == rhs, "<": lhs < rhs, "<=": lhs <= rhs, ">": lhs > rhs, ">=": lhs >= rhs}[relation]
        return not bool(holds)
    if _huge(lhs) or _huge(rhs):
        return None
    diff = lhs - rhs
    if diff == 0:
        return relation in ("<", ">")
    try:
        gap = diff.evalf(dps, strict=True, maxn=20 * dps)
    except _EXACT_ERRORS:
        gap = None
    if gap is None or not gap.is_number or gap.has(sympy.nan, sympy.zoo) or gap == 0:
        return True if relation in ("<", ">") and _exactly_zero(diff) else None
    if relation == "==":
        return True if gap.is_zero is False else None
    if gap.is_extended_real is not True:
        return None
    return bool(gap.is_positive) if relation in ("<", "<=") else bool(gap.is_negative)


def _show(v, digits=20):
    if isinstance(v, sympy.Rational) and max(abs(v.p), v.q) > 10**40:
        return sympy.sstr(v.evalf(digits))
    return sympy.sstr(v.evalf(digits)) if isinstance(v, sympy.Basic) and v.is_number and not v.is_Rational else sympy.sstr(v)


def _show_pair(a, b) -> tuple:
    """Both values as text, with enough digits to tell them apart (at most 120)."""
    for digits in (20, 60, 120):
        pair = (_show(a, digits), _show(b, digits))
        if pair[0] != pair[1]:
            break
    return pair


def _deep_values(side: sympy.Expr, point: dict, dps: int):
    """Numeric values of ``side`` at ``point``, its limits approached ever closer (10**-40 .. 10**-1280)."""
    form = NumericForm(side)
    for depth in _DEEP:
        try:
            v, _ = form(point, dps + 40 * depth, depth)
        except Undefined:
            return
        yield v


def _converges_to(values, target, tolerance) -> bool:
    """Whether the approach values settle on ``target``: three errors in a row shrinking, the last within
    ``tolerance`` (values are computed only as far as needed)."""
    seen = []
    infinite = target in (sympy.oo, -sympy.oo)
    if not infinite:
        try:
            t = mpmath.mpmathify(sympy.N(target, 60))
        except (TypeError, ValueError):
            return False
    for v in values:
        seen.append(v)
        tail = seen[-3:]
        if len(tail) < 3:
            continue
        if infinite:
            sign = 1 if target is sympy.oo else -1
            if all(sign * w > 0 for w in tail) and all(abs(b) > abs(a) * 10 for a, b in zip(tail, tail[1:])):
                return True
            continue
        errors = [abs(w - t) for w in tail]
        if errors[-1] <= tolerance and all(b <= a for a, b in zip(errors, errors[1:])):
            return True
    return False


def _tolerance(a, b):
    """How close approach values must come to an exact value to tell ``a`` from ``b`` (1/100 of the gap)."""
    finite = [v for v in (a, b) if v.is_finite]
    try:
        mags = [abs(mpmath.mpmathify(sympy.N(v, 30))) for v in finite]
        if len(finite) == 2:
            gap = abs(mpmath.mpmathify(sympy.N(a - b, 30)))
            if gap:
                return gap / 100
        return max([mpmath.mpf(1)] + mags) * mpmath.mpf(10) ** -6
    except (TypeError, ValueError):
        return mpmath.mpf(0)


def _numeric_tree(expr, point):
    """``expr`` at ``point`` with arithmetic left unevaluated (SymPy's evalf then evaluates it with error
    control, without building huge exact powers); Piecewise conditions are decided exactly. None when a
    condition cannot be decided."""
    if expr in point:
        return point[expr]
    if not expr.args or not expr.free_symbols:
        return expr
    if bound_symbols(expr) or isinstance(expr, sympy.Derivative):
        return substitute(expr, point)  # binders inside: the safe substitution, evaluated
    if isinstance(expr, sympy.Piecewise):
        for e, c in expr.args:
            value = substitute(c, point)
            if value is sympy.true:
                return _numeric_tree(e, point)
            if value is not sympy.false:
                return None
        return sympy.nan
    args = []
    for a in expr.args:
        v = _numeric_tree(a, point) if isinstance(a, sympy.Basic) else a
        if v is None:
            return None
        args.append(v)
    try:
        return expr.func(*args, evaluate=False)
    except TypeError:
        return expr.func(*args)


def _exact_violation(statement: Statement, point: dict, dps: int):
    """A Confirmation when SymPy's own evaluation at ``point`` shows the (limit-free) statement fails there.

    First with the point substituted (SymPy's exact arithmetic simplifies
    numbers as it goes), then, if that is too slow (huge exact powers), with
    the arithmetic left unevaluated for ``evalf``.
    """
    def evaluated():
        at = statement.substitute(point)
        if at is None or _huge(at.lhs) or _huge(at.rhs):
            return None
        return at.lhs, at.rhs, _violated_exactly(at.lhs, at.rhs, statement.relation, dps)

    rational = all(isinstance(v, sympy.Rational) for v in point.values())
    ok, out = run_with_budget(evaluated, _CONFIRM_SECONDS / 2) if rational else (False, None)
    if not ok or out is None:
        ok, out = run_with_budget(lambda: _unevaluated_violation(statement, point, dps), _CONFIRM_SECONDS / 2)
    if not ok or out is None or not out[2]:
        return None
    lhs, rhs, _ = out
    try:
        return Confirmation(_show_pair(lhs, rhs), "SymPy's exact evaluation")
    except _EXACT_ERRORS:
        return None


def _unevaluated_violation(statement, point, dps):
    lhs, rhs = (_numeric_tree(side, point) for side in (statement.lhs, statement.rhs))
    if lhs is None or rhs is None or lhs.free_symbols or rhs.free_symbols:
        return None
    try:
        gap = sympy.Add(lhs, sympy.Mul(-1, rhs, evaluate=False), evaluate=False).evalf(dps, strict=True, maxn=20 * dps)
    except _EXACT_ERRORS:
        return None
    if not (gap.is_number and gap.is_Float and gap != 0):
        return None
    if statement.relation == "==":
        violated = True
    else:
        violated = bool(gap.is_positive) if statement.relation in ("<", "<=") else bool(gap.is_negative)
    return lhs.evalf(dps), rhs.evalf(dps), violated


def _huge(expr, bits=20000) -> bool:
    """Whether ``expr`` holds an exact number too large to evaluate quickly."""
    return any(max(abs(r.p).bit_length(), r.q.bit_length()) > bits for r in expr.atoms(sympy.Rational))


def confirm(statement: Statement, point: dict, dps: int = 50) -> Confirmation | None:
    """Evaluate the original statement at ``point`` independently; a Confirmation when it fails there.

    Without limits: SymPy's evaluation with ``evalf(strict=True)``, which
    raises the precision until the result is accurate (or, for a strict
    inequality, an exact zero of the difference). With limits: the exact
    limits at the numeric point (:func:`~symmetric.verify.limits.replace_limits`)
    must violate the statement, and numeric approach sequences at rising
    precision must converge to those exact values. Nothing is substituted
    into a bound variable.
    """
    if not statement.has(sympy.Limit):
        return _exact_violation(statement, point, dps)
    ok, found = run_with_budget(lambda: _confirm_limits(statement, point, dps), 2 * _CONFIRM_SECONDS)
    return found if ok else None


def _confirm_limits(statement, point, dps):
    at = statement.substitute(point)
    if at is None:
        return None
    try:
        exact = [sympy.sympify(replace_limits(side)) for side in (at.lhs, at.rhs)]
    except NoLimit as missing:
        return _confirm_missing(statement, point, dps, missing)
    except (NeedSign, CannotDecide) + _EXACT_ERRORS:
        return None
    if any(e.free_symbols for e in exact) or not _violated_exactly(exact[0], exact[1], statement.relation, dps):
        return None
    tolerance = _tolerance(*exact)
    for side, value in zip((statement.lhs, statement.rhs), exact):
        if side.has(sympy.Limit) and not _converges_to(_deep_values(side, point, dps), value, tolerance):
            return None
    return Confirmation(_show_pair(exact[0], exact[1]),
                        "the exact limits at the point and approach sequences at rising precision that settle on them")


def _confirm_missing(statement, point, dps, missing: NoLimit):
    """A two-sided limit that does not exist at ``point``: both one-sided sequences must confirm it.

    Only an equation is refuted this way (a value claimed for a limit that
    does not exist); an inequality with such a limit stays undecided.
    """
    limits = [lim for side in (statement.lhs, statement.rhs) for lim in side.atoms(sympy.Limit)]
    if statement.relation != "==" or len(limits) != 1 or str(limits[0].args[3]) != "+-":
        return None
    body, var, x0, _ = limits[0].args
    tolerance = _tolerance(missing.left, missing.right)
    for direction, target in (("+", missing.right), ("-", missing.left)):
        if not _converges_to(_deep_values(sympy.Limit(body, var, x0, direction), point, dps), target, tolerance):
            return None
    return Confirmation((f"no limit: {_show(missing.left)} from below, {_show(missing.right)} from above", "a value"),
                        "exact one-sided limits that differ and approach sequences from both sides that settle on them")


# ---------------------------------------------------------------------------- sampling


def _rational_sides(statement: Statement) -> bool:
    """Whether both sides are rational functions of their symbols (exact evaluation at rational points)."""
    def rational(e):
        for node in sympy.preorder_traversal(e):
            if isinstance(node, (sympy.Symbol, sympy.Rational, sympy.Add, sympy.Mul)):
                continue
            if isinstance(node, sympy.Pow) and node.exp.is_Integer:
                continue
            return False
        return True
    return rational(statement.lhs) and rational(statement.rhs)


def _exact_rational(statement, point):
    """``(outcome, values)`` from exact rational arithmetic; None when not applicable at this point."""
    if not all(isinstance(v, sympy.Rational) for v in point.values()):
        return None
    a, b = substitute(statement.lhs, point), substitute(statement.rhs, point)
    if not (isinstance(a, sympy.Rational) and isinstance(b, sympy.Rational)):
        if a.has(sympy.zoo, sympy.nan) or b.has(sympy.zoo, sympy.nan):
            raise Undefined("division by zero")
        return None
    holds = {"==": a == b, "<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b}[statement.relation]
    return ("agree" if bool(holds) else "disagree"), (sympy.sstr(a), sympy.sstr(b))


def _settled(a, b, uncertainty) -> bool:
    """Whether limit estimates have settled: their last change is tiny next to the values."""
    if any(mpmath.isinf(v) for v in (a, b)):
        return True
    return uncertainty <= mpmath.mpf(10) ** -8 * max(abs(a), abs(b), abs(a - b))


def _evaluate_pair(lhs, rhs, point, dps, depth=1):
    a, ua = lhs(point, dps, depth)
    b, ub = rhs(point, dps, depth)
    return a, b, ua + ub


def _violation(a, b, relation):
    """How far ``a <relation> b`` is from holding: |a - b| for ==, the signed shortfall otherwise."""
    if relation == "==" or isinstance(a, mpmath.mpc) or isinstance(b, mpmath.mpc):
        return abs(a - b)
    return a - b if relation in ("<", "<=") else b - a


def _classify(lhs, rhs, statement, point, dps):
    """Outcome at one point (``agree``, ``candidate``, ``inconclusive``), and the values that show it.

    A clear disagreement is re-evaluated at twice the precision (and, for
    limits, closer to the limit point); a small gap is re-evaluated at rising
    precision until it shrinks away or stays put. What survives is a
    candidate for :func:`confirm`: fixed-precision arithmetic can be wrong in the same way
    at every precision (``(2**1000 + 1) - 2**1000`` is 0 at 50 and at 100
    digits), and numeric limit estimates can settle on a wrong value.
    """
    rel = statement.relation
    limits = statement.has(sympy.Limit)
    a, b, u = _evaluate_pair(lhs, rhs, point, dps)
    state = assess(a, b, rel, dps, u)
    if limits and state in ("fails", "tiny") and not _settled(a, b, u):
        return "inconclusive", (a, b)  # the approach values still move: left to the exact fallback
    level, depth = dps, 1
    while True:
        if state == "holds" or (state == "equal" and rel not in ("<", ">")):
            return "agree", (a, b)
        if state == "inconclusive":
            return "inconclusive", (a, b)
        if state == "equal":  # a strict inequality at equality: only an exact check can tell
            break
        if level * 2 > _MAX_DPS or (limits and depth > 1):
            return "inconclusive", (a, b)
        level, depth = level * 2, depth * 2
        try:
            a2, b2, u2 = _evaluate_pair(lhs, rhs, point, level, depth)
        except Undefined:
            return "inconclusive", (a, b)
        state2 = assess(a2, b2, rel, level, u2)
        if all(not mpmath.isinf(v) for v in (a, b, a2, b2)):
            g1, g2 = _violation(a, b, rel), _violation(a2, b2, rel)
            if abs(g2) <= abs(g1) * mpmath.mpf(10) ** (-(level // 6)):
                state2 = "holds" if state2 == "holds" else "equal"  # the gap was rounding: it shrank away
            elif state2 in ("fails", "tiny") and abs(g1 - g2) <= abs(g2) / 100:
                a, b = a2, b2
                break  # the gap stays put: a real difference
        elif state == "fails" and state2 == "fails":
            a, b = a2, b2
            break
        a, b, state = a2, b2, state2
    return "candidate", (a, b)


#: Candidate counterexamples that fail confirmation before the rest count as inconclusive unconfirmed.
_MAX_FAILED_CONFIRMATIONS = 3


def numeric_evidence(statement: Statement, points: list[dict], *, dps: int = 50) -> NumericEvidence:
    """Evaluate both sides at ``points`` and look for a confirmed counterexample."""
    lhs, rhs = NumericForm(statement.lhs), NumericForm(statement.rhs)
    rational = _rational_sides(statement)
    counts = {"agree": 0, "disagree": 0, "inconclusive": 0, "undefined": 0}
    failed = 0

    def confirmed(point):
        nonlocal failed
        if failed >= _MAX_FAILED_CONFIRMATIONS:
            return None
        found = confirm(statement, point, dps)
        failed += found is None
        return found

    for point in points:
        try:
            exact = _exact_rational(statement, point) if rational else None
            if exact is not None:
                outcome, values = exact
                if outcome == "disagree":
                    values = Confirmation(values, "exact rational arithmetic")
            else:
                outcome, values = _classify(lhs, rhs, statement, point, dps)
                if outcome == "candidate":
                    found = confirmed(point)
                    outcome, values = ("disagree", found) if found is not None else ("inconclusive", values)
        except OneSidedLimitsDiffer:
            found = confirmed(point)
            if found is None:
                counts["undefined"] += 1
                continue
            outcome, values = "disagree", found
        except Undefined:
            counts["undefined"] += 1
            continue
        counts[outcome] += 1
        if outcome == "disagree":
            return NumericEvidence(dps, **counts, counterexample=dict(point), values=values.values,
                                   notes=(values.how,))
    return NumericEvidence(dps, **counts)


def exact_counterexample(statement: Statement, points: list[dict], *, dps: int = 50, tries: int = 8):
    """The first of ``points`` (at most ``tries``) where the exact limits refute the statement.

    Used for limit statements that no strategy proved and that numeric
    sampling did not refute (approach values can sit near a wrong value for
    a long way: ``y**(1/85)`` is still 0.1 at ``y = 1e-80``). A point counts
    only when :func:`confirm` confirms it, with approach sequences reaching
    ``10**-1280``. Returns ``(point, Confirmation)`` or None.
    """
    for point in points[:tries]:
        found = confirm(statement, point, dps)
        if found is not None:
            return dict(point), found
    return None
