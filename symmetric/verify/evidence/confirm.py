"""The independent confirmation of a candidate counterexample.

A disagreement found by sampling refutes a statement only when a second
evaluation of the *original* statement at that point, along a path that
shares nothing with the one that found it, confirms it:

* without limits, the sign of the difference of the sides at the point from
  ball arithmetic (:func:`~symmetric.verify.core.numbers.constant_sign`: a
  sign only when a ball excludes 0, at rising precision; first with the
  point substituted, SymPy simplifying exact numbers as it goes; if that is
  too slow, with the arithmetic left unevaluated), or an exact zero of the
  difference (exact algebra) for a strict inequality failing by equality;
* with limits, the exact limits of :mod:`symmetric.verify.limits.routine` at the
  numeric point *and* approach sequences at rising precision (down to
  ``10**-1280``) whose last three errors shrink and end well inside the gap;
  a two-sided limit that does not exist refutes an equation only when both
  one-sided sequences settle on the two different exact values.

Nothing is ever substituted into a bound variable, and every confirmation
runs under its own time budget.

>>> import sympy
>>> from symmetric import P, R
>>> from symmetric.verify.core.statement import Statement
>>> confirm(Statement.of(sympy.Min(P, R), P, relation="<"), {P: sympy.Rational(1, 3), R: 1}).values
('1/3', '1/3')
"""

from __future__ import annotations

from dataclasses import dataclass

import mpmath
import sympy

from ..core.budget import run_with_budget
from ..core.numbers import NotReal, constant_nonzero, constant_sign, enclosure
from ..core.relations import RELATION_OF_TEXT
from ..core.statement import HOLDS, Statement
from ..core.substitution import bound_symbols, substitute
from ..core.sympy_errors import SYMPY_ERRORS as _EXACT_ERRORS
from ..limits.limit_signs import CannotDecide, NeedSign
from ..limits.routine import NoLimit, replace_limits
from .admissible import admissible_point
from .high_precision import Undefined, numeric_form

__all__ = ["Confirmation", "confirm", "holds_by_balls"]

# Depth multipliers of the approach distances for the confirmation sequence (down to 10**-1280).
_DEEP = (1, 2, 4, 8, 16, 32)
# Seconds for the independent confirmation of one candidate counterexample.
_CONFIRM_SECONDS = 3.0


@dataclass(frozen=True)
class Confirmation:
    """An independently confirmed failure of a statement at a point."""

    values: tuple
    how: str


_BINDERS = (sympy.Integral, sympy.Sum, sympy.Product, sympy.Derivative, sympy.Subs)


def _violated_by_sign(diff, relation) -> bool | None:
    """Whether ``lhs - rhs = diff`` (a number) violates the relation, from its rigorous sign; None when its
    sign is undecided or it is not real (:func:`~symmetric.verify.core.numbers.constant_sign`). An equation
    fails where the difference is a nonzero complex number too (a complex ball that excludes 0). Integrals,
    sums and derivatives left in the number are first evaluated exactly (``doit``: SymPy's symbolic
    integration, summation, differentiation); one that stays unevaluated decides nothing."""
    if diff.has(*_BINDERS):
        try:
            diff = diff.doit()
        except _EXACT_ERRORS:
            return None
        if diff.has(*_BINDERS):
            return None
    if relation == "==" and constant_nonzero(diff):
        return True
    try:
        sign = constant_sign(diff)
    except NotReal:
        return None
    if sign is None:
        return None
    return sign not in RELATION_OF_TEXT[relation].signs


def _violated_exactly(lhs, rhs, relation, dps):
    """True/False when exact evaluation of two numbers decides ``lhs <relation> rhs``; None otherwise."""
    if lhs.free_symbols or rhs.free_symbols or lhs.has(sympy.nan, sympy.zoo) or rhs.has(sympy.nan, sympy.zoo):
        return None
    infinite = (sympy.oo, -sympy.oo)
    if lhs in infinite or rhs in infinite:
        if lhs.is_extended_real is not True or rhs.is_extended_real is not True:
            return None
        holds = HOLDS[relation](lhs, rhs)
        return not bool(holds)
    if _huge(lhs) or _huge(rhs):
        return None
    diff = lhs - rhs
    if diff == 0:
        return relation in ("<", ">")
    return _violated_by_sign(diff, relation)


def _show(v, digits=20):
    if isinstance(v, sympy.Rational) and max(abs(v.p), v.q) > 10**40:
        return sympy.sstr(v.evalf(digits))
    if not (isinstance(v, sympy.Basic) and v.is_number and not v.is_Rational):
        return sympy.sstr(v)
    shown = v.evalf(digits)
    if shown == 0:  # evalf rounds log(1 + sqrt(2)/10**60) to 0: show the ball's midpoint instead
        try:
            ball = enclosure(v, 1024)
        except NotReal:
            ball = None
        if ball is not None and not ball.contains(0):
            return ball.str(digits, radius=False)
    return sympy.sstr(shown)


def _show_pair(a, b) -> tuple:
    """Both values as text, with enough digits to tell them apart (at most 120)."""
    for digits in (20, 60, 120):
        pair = (_show(a, digits), _show(b, digits))
        if pair[0] != pair[1]:
            break
    return pair


def _deep_values(side: sympy.Expr, point: dict, dps: int):
    """Numeric values of ``side`` at ``point``, its limits approached ever closer (10**-40 .. 10**-1280)."""
    form = numeric_form(side)
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
    """``expr`` at ``point`` with arithmetic left unevaluated (ball arithmetic then encloses it, without building huge exact powers); Piecewise conditions are decided exactly. None when a
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
    the arithmetic left unevaluated for ball arithmetic.
    """

    def evaluated():
        at = statement.substitute(point)
        if at is None or _huge(at.lhs) or _huge(at.rhs):
            return None
        return at.lhs, at.rhs, _violated_exactly(at.lhs, at.rhs, statement.relation, dps)

    # exact values (rationals, and algebraic numbers such as sqrt(2), the roots of the statement's own
    # coefficients): a strict inequality that fails by an exact zero is shown only by exact arithmetic
    exact = all(isinstance(v, sympy.Rational) or (v.is_algebraic and v.is_extended_real) for v in point.values())
    ok, out = run_with_budget(evaluated, _CONFIRM_SECONDS / 2) if exact else (False, None)
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
    violated = _violated_by_sign(sympy.Add(lhs, sympy.Mul(-1, rhs, evaluate=False), evaluate=False), statement.relation)
    if not violated:
        return None
    return lhs.evalf(dps), rhs.evalf(dps), violated


def holds_by_balls(statement: Statement, point: dict) -> bool:
    """Whether the (limit-free) statement holds at ``point`` by the rigorous sign of the difference of its
    sides there (ball arithmetic): the numeric phase counts such a point as agreeing where mpmath's rounded
    values made it a candidate (``P*log(1 + sqrt(2)/10**60) > 0`` is ``0 > 0`` at 50 digits)."""
    if statement.has(sympy.Limit) or admissible_point(statement, point) is not None:
        return False

    def decided() -> bool:
        at = statement.substitute(point)
        if at is None or at.lhs.free_symbols or at.rhs.free_symbols or _huge(at.lhs) or _huge(at.rhs):
            return False
        return _violated_by_sign(at.lhs - at.rhs, statement.relation) is False

    ok, out = run_with_budget(decided, _CONFIRM_SECONDS / 2)
    return bool(ok and out)


def _huge(expr, bits=20000) -> bool:
    """Whether ``expr`` holds an exact number too large to evaluate quickly."""
    return any(max(abs(r.p).bit_length(), r.q.bit_length()) > bits for r in expr.atoms(sympy.Rational))


def confirm(statement: Statement, point: dict, dps: int = 50, *, exact_limits=None) -> Confirmation | None:
    """Evaluate the original statement at ``point`` independently; a Confirmation when it fails there.

    Without limits: the sign of the difference from ball arithmetic at
    rising precision (or, for a strict inequality, an exact zero of the
    difference). With limits: the exact
    limits at the numeric point (:func:`~symmetric.verify.limits.routine.replace_limits`)
    must violate the statement, and numeric approach sequences at rising
    precision must converge to those exact values. Nothing is substituted
    into a bound variable. A point that is not a point of the statement's
    domain (:func:`~symmetric.verify.evidence.admissible.admissible_point`: a symbol
    without a value or one the statement does not have, an assumption such as
    ``prime`` or ``irrational`` violated, a condition failing) confirms nothing.

    ``exact_limits(expr)`` replaces each ``Limit`` by its exact value (by
    default :func:`~symmetric.verify.limits.routine.replace_limits`); a
    wrong one never confirms alone, since the approach sequences must
    settle on its values.
    """
    point = {k: sympy.sympify(v) for k, v in point.items()}
    if admissible_point(statement, point) is not None:  # off an assumption or a condition, or a symbol without a value
        return None
    if not statement.has(sympy.Limit):
        return _exact_violation(statement, point, dps)
    limits = exact_limits or replace_limits
    ok, found = run_with_budget(lambda: _confirm_limits(statement, point, dps, limits), 2 * _CONFIRM_SECONDS)
    return found if ok else None


def _confirm_limits(statement, point, dps, exact_limits):
    at = statement.substitute(point)
    if at is None:
        return None
    try:
        exact = [sympy.sympify(exact_limits(side)) for side in (at.lhs, at.rhs)]
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
    return Confirmation(
        _show_pair(exact[0], exact[1]),
        "the exact limits at the point and approach sequences at rising precision that settle on them",
    )


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
    return Confirmation(
        (f"no limit: {_show(missing.left)} from below, {_show(missing.right)} from above", "a value"),
        "exact one-sided limits that differ and approach sequences from both sides that settle on them",
    )
