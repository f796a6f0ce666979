"""Numeric evidence: the sampled points through adaptive-precision evaluation and confirmation.

At each point both sides are evaluated with mpmath
(:class:`~symmetric.verify.evidence.high_precision.NumericForm`) at the working precision;
a gap between the rounding level and a clear disagreement is re-evaluated at
2, 4 and 8 times the precision (at most 400 digits) until it shrinks
(rounding) or stays put (a real difference, such as a relative perturbation
of ``1e-40``). Rational sides at rational points are compared exactly, by
each side compiled once (:mod:`~symmetric.verify.evidence.rational_evaluator`); a
zero denominator there makes the point undefined, as SymPy's ``zoo`` and
``nan`` did when the point was substituted. A
disagreement is only a candidate: it counts once
:func:`~symmetric.verify.evidence.confirm.confirm` confirms it independently, and
after three candidates fail confirmation the rest are left inconclusive
(each confirmation costs time). Limit estimates that still move are left to
the exact fallback (:func:`exact_counterexample`).

>>> import sympy
>>> from symmetric import P, R
>>> from symmetric.verify.core.statement import Statement
>>> numeric_evidence(Statement.of(P * (1 + sympy.Rational(1, 10**40)), P), [{P: sympy.Rational(1, 3)}]).disagree
1

The trap: ``(P - R) * (1 + 1/(P - R))`` equals ``P - R + 1`` wherever it is
defined, but at ``P = R`` it is ``0 * zoo``: undefined, not a point that agrees.

>>> half = sympy.Rational(1, 2)
>>> numeric_evidence(Statement.of((P - R) * (1 + 1 / (P - R)), P - R + 1), [{P: half, R: half}]).summary()
'0 agree, 0 disagree, 0 inconclusive, 1 undefined at 50 digits'
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import mpmath
import sympy

from ..core.statement import HOLDS, Statement
from ..core.substitution import substitute
from ..core.verdict import NumericEvidence
from .admissible import admissible_point
from .confirm import Confirmation, confirm, holds_by_balls
from .high_precision import OneSidedLimitsDiffer, Undefined, assess, numeric_form
from .rational_evaluator import compile_rational

__all__ = ["numeric_evidence", "exact_counterexample"]

_MAX_DPS = 400


def _rational_sides(statement: Statement) -> bool:
    """Whether both sides are rational functions of their symbols (exact evaluation at rational points)."""

    def rational(e) -> bool:
        for node in sympy.preorder_traversal(e):
            if isinstance(node, (sympy.Symbol, sympy.Rational, sympy.Add, sympy.Mul)):
                continue
            if isinstance(node, sympy.Pow) and node.exp.is_Integer:
                continue
            return False
        return True

    return rational(statement.lhs) and rational(statement.rhs)


#: The largest size (bits of the largest value times the largest integer exponent) evaluated exactly.
_EXACT_BITS = 100_000


class _ExactSides:
    """Both sides compiled for exact evaluation at rational points (:mod:`.rational_evaluator`).

    Called with a point, gives what substituting it into both sides gives:
    ``(outcome, values)``, None when exact evaluation does not apply at this
    point (a value that is not rational), or :class:`Undefined` when a side
    meets a zero denominator (SymPy's ``zoo`` or ``nan``).
    """

    def __init__(self, statement: Statement) -> None:
        self.statement = statement
        self.sides = (compile_rational(statement.lhs), compile_rational(statement.rhs))
        powers = [
            abs(int(e.exp))
            for side in (statement.lhs, statement.rhs)
            for e in side.atoms(sympy.Pow)
            if e.exp.is_Integer
        ]
        self.largest_power = max(powers, default=1)

    def __call__(self, point):
        if not all(isinstance(v, sympy.Rational) for v in point.values()):
            return None
        bits = max((max(abs(v.p).bit_length(), v.q.bit_length()) for v in point.values()), default=1)
        if bits * self.largest_power > _EXACT_BITS:
            return None  # integers of millions of bits: their gcd alone would outlast any budget (mpmath instead)
        lhs, rhs = self.sides
        if lhs is None or rhs is None or not (lhs.symbols <= point.keys() and rhs.symbols <= point.keys()):
            return _substituted(self.statement, point)
        a, b = lhs(point), rhs(point)
        if not (isinstance(a, Fraction) and isinstance(b, Fraction)):
            raise Undefined("division by zero")  # a zoo or nan from a vanishing denominator
        if HOLDS[self.statement.relation](a, b):
            return "agree", ()
        return "disagree", tuple(sympy.sstr(sympy.Rational(v.numerator, v.denominator)) for v in (a, b))


def _substituted(statement, point):
    """``(outcome, values)`` from substituting ``point`` (every value rational) with SymPy; None if not rational."""
    a, b = substitute(statement.lhs, point), substitute(statement.rhs, point)
    if not (isinstance(a, sympy.Rational) and isinstance(b, sympy.Rational)):
        if a.has(sympy.zoo, sympy.nan) or b.has(sympy.zoo, sympy.nan):
            raise Undefined("division by zero")
        return None
    holds = HOLDS[statement.relation](a, b)
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


def _classify(lhs, rhs, statement, point, dps, *, limits):
    """Outcome at one point (``agree``, ``candidate``, ``inconclusive``), and the values that show it.

    A clear disagreement is re-evaluated at twice the precision (and, for
    limits, closer to the limit point); a small gap is re-evaluated at rising
    precision until it shrinks away or stays put. What survives is a
    candidate for :func:`confirm`: fixed-precision arithmetic can be wrong in the same way
    at every precision (``(2**1000 + 1) - 2**1000`` is 0 at 50 and at 100
    digits), and numeric limit estimates can settle on a wrong value.
    """
    rel = statement.relation
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


#: Agreeing points re-decided by ball arithmetic in a statement that holds a function of a number.
_BALL_CHECKS = 2


def _functions_of_numbers(statement: Statement) -> bool:
    """Whether a side holds a function applied to a number (``loggamma(1 + 10**-60)``, ``log(1 + sqrt(2)/10**60)``)."""
    return any(
        not f.free_symbols and not f.is_Atom
        for side in (statement.lhs, statement.rhs)
        for f in side.atoms(sympy.Function)
    )


#: Candidate counterexamples that fail confirmation before the rest count as inconclusive unconfirmed.
_MAX_FAILED_CONFIRMATIONS = 3


def numeric_evidence(statement: Statement, points: list[dict], *, dps: int = 50) -> NumericEvidence:
    """Evaluate both sides at ``points`` and look for a confirmed counterexample."""
    lhs, rhs = numeric_form(statement.lhs), numeric_form(statement.rhs)
    exact_rational = _ExactSides(statement) if _rational_sides(statement) else None
    limits = statement.has(sympy.Limit)
    fragile = not limits and _functions_of_numbers(statement)
    balls_asked = 0
    counts: dict[str, Any] = {"agree": 0, "disagree": 0, "inconclusive": 0, "undefined": 0}
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
            exact = exact_rational(point) if exact_rational else None
            if exact is not None:
                outcome, values = exact
                if outcome == "disagree":  # exact, but only a point of the domain refutes
                    if admissible_point(statement, point) is None:
                        values = Confirmation(values, "exact rational arithmetic")
                    else:
                        outcome = "inconclusive"
            else:
                outcome, values = _classify(lhs, rhs, statement, point, dps, limits=limits)
                if outcome == "candidate":
                    found = confirmed(point)
                    outcome, values = ("disagree", found) if found is not None else ("inconclusive", values)
                    if found is None and fragile and holds_by_balls(statement, point):
                        outcome = "agree"  # mpmath's rounding made the candidate; the balls show it holds
                elif outcome == "agree" and fragile and balls_asked < _BALL_CHECKS:
                    # mpmath rounds a function of a number near its zero as SymPy does (log(1 + 10**-60*P)
                    # is 0 at 50 digits): the first agreeing points are asked of the balls too
                    balls_asked += 1
                    found = confirm(statement, point, dps)
                    if found is not None:
                        outcome, values = "disagree", found
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
            return NumericEvidence(dps, **counts, counterexample=dict(point), values=values.values, notes=(values.how,))
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
