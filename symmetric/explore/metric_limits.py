"""Limits of a metric as a parameter, P or R tends to a special value or an infinity.

The targets are, for each parameter, ``0+`` and ``oo`` when it is positive,
and ``-oo``, ``oo`` and every special value (0, and the values its
Piecewise branches and exponents single out, such as -1 for rho) when it is
real; then ``P -> 0+`` and ``R -> 0+``.

A value is found by SymPy's ``limit`` under the time budget. When the answer
depends on the sign of another real parameter (G as beta -> 0 is R for
rho > 0 and P for rho < 0), the real line of that parameter is cut into
pieces (:func:`~symmetric.verify.signs.cases.cut`) and each is done on
its own, adjacent pieces with the same value merged again. When it depends on
the order of P and R (the power mean tends to ``Max(P, R)``), the cases
``P > R`` and ``P < R`` are done separately. Every value is then a claim that
the engine checks: the verdict, not the computation, is what is reported.

The engine's exact limit routine is asked before SymPy's ``limit``. Where
it shows that the value depends on the sign of an expression in the
parameters alone (``rho``, ``rho + 1``, ``beta - 1``), SymPy's ``limit`` is
not asked: it needs the same sign and gives up ("Result depends on the sign
of ...") only after seconds of series work; the sign pieces follow at once.

>>> import sympy
>>> from symmetric import P, R, beta, f_beta
>>> from symmetric.explore.analysis_budget import Budget
>>> from symmetric.explore.regimes import Regime
>>> found = metric_limits(f_beta(), [Regime(f_beta())], P, R, Budget(total=60, per_check=10))
>>> [(str(r.symbol), str(r.point), str(r.value), r.verdict.status) for r in found]
[('beta', '0', 'P', 'proven'), ('beta', 'oo', 'R', 'proven'), ('P', '0', '0', 'proven'), ('R', '0', '0', 'proven')]
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import sympy

from ..verify import Verdict
from ..verify.core.powers import normalize_powers
from ..verify.core.relations import relation_of
from ..verify.limits.limit_signs import CannotDecide, NeedSign
from ..verify.limits.routine import NoLimit, limit_value
from ..verify.signs.cases import Piece, cut
from .analysis_budget import Budget, combine, unknown
from .regimes import Regime, special_values

__all__ = ["LimitResult", "limit_targets", "metric_limits"]

oo = sympy.oo


@dataclass(frozen=True)
class LimitResult:
    """The limit of the metric as ``symbol -> point`` from ``direction``, where ``conditions`` hold.

    ``value`` is None when no value was found; ``verdict`` is the engine's
    verdict on ``Limit(f, symbol, point, direction) == value``.
    """

    symbol: sympy.Symbol
    point: sympy.Expr
    direction: str
    value: sympy.Expr | None
    verdict: Verdict
    conditions: tuple = ()
    label: str = ""

    @property
    def approach(self) -> str:
        """``"beta -> 0+"``, ``"rho -> oo"``, ``"rho -> -1"``."""
        side = "" if self.point in (oo, -oo) or self.direction == "+-" else self.direction
        return f"{self.symbol} -> {self.point}{side}"

    def __str__(self) -> str:
        from .rendering import show, verdict_text

        where = f" ({self.label})" if self.label else ""
        return f"{self.approach}{where}: {show(self.value)}, {verdict_text(self.verdict)}"

    def _repr_pretty_(self, printer, cycle) -> None:
        printer.text(str(self))

    def _repr_markdown_(self) -> str:
        from .rendering import latex, markdown_verdict

        where = f" ({self.label})" if self.label else ""
        return f"{self.approach}{where}: {latex(self.value)}, {markdown_verdict(self.verdict)}"


def limit_targets(f: sympy.Expr, P: sympy.Symbol, R: sympy.Symbol, ranges: dict | None = None) -> list[tuple]:
    """``(symbol, point, direction)`` for every limit the analysis computes.

    A parameter with a declared range (``ranges``: symbol -> Interval) tends
    to the ends of its range, and to the special values inside it.
    """
    targets = []
    for p in sorted(f.free_symbols - {P, R}, key=lambda s: s.name):
        interval = (ranges or {}).get(p)
        if interval is not None:
            targets += [(p, interval.inf, "+"), (p, interval.sup, "-")]
            targets += [
                (p, c, "+-")
                for c in special_values(f, p)
                if p.is_real and not p.is_positive and interval.inf < c < interval.sup
            ]
        elif p.is_positive:
            targets += [(p, sympy.Integer(0), "+"), (p, oo, "-")]
        elif p.is_real:
            targets += [(p, -oo, "+"), (p, oo, "-")] + [(p, c, "+-") for c in special_values(f, p)]
    return targets + [(P, sympy.Integer(0), "+"), (R, sympy.Integer(0), "+")]


def _usable(value) -> bool:
    return (
        isinstance(value, sympy.Expr)
        and not value.has(sympy.Limit, sympy.AccumBounds, sympy.nan, sympy.zoo)
        and not value.has(sympy.I)
    )


def _forms(expr, budget: Budget):
    """``expr``, then with powers of positive products split, then with common factors pulled out too."""
    yield expr
    normalized = budget.compute(lambda: normalize_powers(expr))
    if normalized is not None and normalized != expr:
        yield normalized
    factored = budget.compute(lambda: normalize_powers(sympy.factor_terms(normalized)))
    if factored is not None and factored != normalized:
        yield factored


def _engine_limit(expr, p, point, direction, P, R, budget: Budget):
    """The engine's exact limit (the one its checks use), or None where it cannot decide; and whether the
    value depends on the sign of an expression in the parameters alone (``rho``, ``rho + 1``, ``beta - 1``)."""

    def value():
        try:
            return limit_value(sympy.Limit(expr, p, point, direction), facts=budget.conditions), False
        except NeedSign as exc:
            return None, not exc.expr.has(P, R)
        except (CannotDecide, NoLimit):
            return None, False

    return budget.compute(value) or (None, False)


def _sympy_limit(expr, p, point, direction, P, R, budget: Budget):
    """The value of the limit, or None; and whether it depends on the sign of an expression in the parameters.

    The engine's exact routine is tried first, then SymPy's ``limit`` on each
    form of ``expr``, except where the engine shows that the value depends
    on the sign of an expression in the parameters alone: SymPy's Gruntz
    algorithm then needs that sign too and gives up ("Result depends on the
    sign of ...") after seconds of series work. The caller cuts the line of
    the parameter into sign pieces instead (:func:`_split_on_sign`).
    """
    found, parameter_sign = _engine_limit(expr, p, point, direction, P, R, budget)
    if _usable(found):
        return found, False
    if parameter_sign:
        return None, True
    for form in _forms(expr, budget):
        value = budget.compute(lambda form=form: sympy.limit(form, p, point, direction))
        if _usable(value):
            return value, False
    return None, False


def _by_order(expr, p, point, direction, P, R, budget: Budget):
    """The limit found separately for P < R, P = R and P > R, recombined (Max, Min or a Piecewise).

    The three cases are the engine's case split of P at R (:func:`~symmetric.verify.signs.cases.cut`:
    ``P = R/(1 + s)``, ``P = R``, ``P = R*(1 + s)``), each limit written in P and R again by its piece.
    """
    pieces = cut(P, [R], sympy.Dummy("s", positive=True))
    if pieces is None or len(pieces) != 3:
        return None
    below_piece, equal_piece, above_piece = pieces

    def limit_on(piece):
        return _sympy_limit(expr.xreplace(piece.substitution), p, point, direction, P, R, budget)[0]

    above = limit_on(above_piece)
    below = limit_on(below_piece) if above is not None else None
    equal = limit_on(equal_piece) if below is not None else None
    if above is None or below is None or equal is None:
        return None
    above = budget.simplify(above_piece.restore(above))
    below = budget.simplify(below_piece.restore(below))
    on_diagonal = [budget.simplify(v.xreplace(equal_piece.substitution) - equal) == 0 for v in (above, below)]
    if budget.simplify(above - below) == 0 and on_diagonal[0]:
        return above
    if (above, below) == (P, R) and on_diagonal[0]:
        return sympy.Max(P, R)
    if (above, below) == (R, P) and on_diagonal[0]:
        return sympy.Min(P, R)
    if on_diagonal[0]:
        return sympy.Piecewise((above, P >= R), (below, True))
    if on_diagonal[1]:
        return sympy.Piecewise((above, P > R), (below, True))
    return sympy.Piecewise((above, P > R), (equal, sympy.Eq(P, R)), (below, True))


def _in_range(expr, p, budget: Budget):
    """``expr`` with every other ranged parameter written through a positive variable that spans its range.

    ``a`` in (0, 1) becomes ``t/(1 + t)`` with ``t > 0``, so that SymPy's
    limit knows ``0 < a < 1``; returns the expression and the substitution
    that restores the parameters.
    """
    forward, back = {}, {}
    for q, interval in budget.ranges.items():
        if q == p or not expr.has(q):
            continue
        t = sympy.Dummy(f"t_{q}", positive=True)
        lo, hi = interval.inf, interval.sup
        if lo != -oo and hi != oo:
            forward[q], back[t] = lo + (hi - lo) * t / (1 + t), (q - lo) / (hi - q)
        elif lo != -oo:
            forward[q], back[t] = lo + t, q - lo
        elif hi != oo:
            forward[q], back[t] = hi - t, hi - q
    return expr.xreplace(forward), back


def _find(expr, p, point, direction, P, R, budget: Budget):
    expr, back = _in_range(expr, p, budget)
    value, parameter_sign = _sympy_limit(expr, p, point, direction, P, R, budget)
    if value is None and not parameter_sign and p not in (P, R) and expr.has(P) and expr.has(R):
        value = _by_order(expr, p, point, direction, P, R, budget)
    return None if value is None else budget.simplify(value.xreplace(back))


def _piece_conditions(group: list[Piece]) -> tuple:
    """Conditions describing the union of adjacent pieces: the hull, minus the points not in it."""
    q = group[0].symbol
    union = sympy.Union(*(_as_set(piece) for piece in group))
    lo, hi = union.inf, union.sup
    hull = sympy.Interval(lo, hi, lo not in union, hi not in union)
    conditions = []
    if lo != -oo:
        conditions.append(q > lo if lo not in union else q >= lo)
    if hi != oo:
        conditions.append(q < hi if hi not in union else q <= hi)
    missing = hull - union
    if isinstance(missing, sympy.FiniteSet):
        conditions += [sympy.Ne(q, v) for v in missing]
    return tuple(conditions)


def _as_set(piece: Piece):
    """The piece of the line as a SymPy set (the interval the engine's case split keeps)."""
    iv = piece.interval
    assert iv is not None  # cut() gives every piece its interval
    if piece.is_point:
        return sympy.FiniteSet(iv.lo)
    return sympy.Interval(iv.lo, iv.hi, not iv.lo_closed, not iv.hi_closed)


def _split_on_sign(expr, p, point, direction, regime: Regime, P, R, budget: Budget):
    """``(value, conditions)`` per group of sign pieces of the first other real parameter."""
    others = [q for q in sorted(expr.free_symbols - {P, R, p}, key=lambda s: s.name) if q.is_real and not q.is_positive]
    if not others:
        return [(None, ())]
    q = others[0]
    results = []
    pieces = cut(q, special_values(expr, q), sympy.Dummy("t", positive=True))
    if pieces is None:  # q has no values to cut at inside its domain
        return [(None, ())]
    for piece in pieces:
        if piece.is_point:
            allowed = all(c.xreplace(piece.substitution) is not sympy.false for c in regime.conditions)
            point_expr = expr.xreplace(piece.substitution)
            if not allowed or point_expr.has(sympy.zoo, sympy.nan):
                continue
        value = _find(expr.xreplace(piece.substitution), p, point, direction, P, R, budget)
        results.append((piece, None if value is None else budget.simplify(piece.restore(value))))
    groups: list[tuple[object, list[Piece]]] = []
    for piece, value in results:
        if groups and value is not None and groups[-1][0] is not None and budget.simplify(groups[-1][0] - value) == 0:
            groups[-1][1].append(piece)
        else:
            groups.append((value, [piece]))
    return [(value, _piece_conditions(pieces)) for value, pieces in groups]


def _values(regime: Regime, target, P, R, budget: Budget) -> list[tuple]:
    """``(value or None, extra conditions)`` pairs covering the regime."""
    p, point, direction = target
    value = _find(regime.expr, p, point, direction, P, R, budget)
    if value is not None:
        return [(value, ())]
    return _split_on_sign(regime.expr, p, point, direction, regime, P, R, budget)


def _checked(regime: Regime, target, values, budget: Budget) -> list[LimitResult]:
    p, point, direction = target
    base = tuple(c for c in regime.conditions if not c.has(p))
    results = []
    for value, extra in values:
        conditions = base + extra
        if value is None:
            verdict = unknown("no value found", "SymPy's limit found no value within the budget")
        else:
            verdict = budget.check(sympy.Limit(regime.expr, p, point, direction), value, conditions=conditions)
        label = ", ".join(filter(None, [regime.label if regime.is_point else "", _describe(extra)]))
        results.append(LimitResult(p, point, direction, value, verdict, conditions, label))
    return results


def _describe(conditions) -> str:
    """``(rho > -1, rho < 0)`` as ``-1 < rho < 0``; ``Ne(rho, -1)`` as ``rho != -1``."""
    relations = [(c, relation_of(c)) for c in conditions]
    lows = [(c, r) for c, r in relations if r is not None and r.text in (">", ">=")]
    highs = [(c, r) for c, r in relations if r is not None and r.text in ("<", "<=")]
    parts = []
    if lows and highs:
        (lo, lo_relation), (hi, hi_relation) = lows[0], highs[0]
        lo_op = "<" if lo_relation.text == ">" else "<="
        parts.append(f"{lo.rhs} {lo_op} {lo.lhs} {hi_relation.text} {hi.rhs}")
    else:
        parts += [sympy.sstr(c) for c, _ in lows + highs]
    parts += [f"{c.lhs} != {c.rhs}" for c, r in relations if r is not None and r.text == "!="]
    return ", ".join(parts)


def _same(a, b, budget: Budget) -> bool:
    return len(a) == len(b) and all(
        x is not None and y is not None and cx == cy and budget.simplify(x - y) == 0 for (x, cx), (y, cy) in zip(a, b)
    )


def _without_min_max(regime: Regime) -> Regime:
    """The regime with Min and Max written with Abs (an exact identity), which SymPy's limit handles."""
    if not regime.expr.has(sympy.Min, sympy.Max):
        return regime
    return dataclasses.replace(regime, expr=regime.expr.rewrite(sympy.Abs))


def metric_limits(
    f: sympy.Expr, regimes: list[Regime], P: sympy.Symbol, R: sympy.Symbol, budget: Budget
) -> list[LimitResult]:
    """Every limit of :func:`limit_targets`, for each regime in which the target symbol varies."""
    results = []
    regimes = [_without_min_max(r) for r in regimes]
    for p, point, direction in limit_targets(f, P, R, budget.ranges):
        found = []
        for regime in regimes:
            if p in regime.values or not regime.expr.has(p):
                continue
            if direction != "+-":
                found += _checked(
                    regime, (p, point, direction), _values(regime, (p, point, direction), P, R, budget), budget
                )
                continue
            right = _values(regime, (p, point, "+"), P, R, budget)
            left = _values(regime, (p, point, "-"), P, R, budget)
            if _same(right, left, budget):
                found += _checked(regime, (p, point, "+-"), right, budget)
            else:
                found += _checked(regime, (p, point, "+"), right, budget)
                found += _checked(regime, (p, point, "-"), left, budget)
        results += _merged(found)
    return results


def _merged(found: list[LimitResult]) -> list[LimitResult]:
    """One result when every regime and piece has the same value and direction."""
    if len(found) < 2 or any(r.value is None for r in found):
        return found
    first = found[0]
    if any(r.value != first.value or r.direction != first.direction for r in found):
        return found
    verdict = combine([r.verdict for r in found], "each regime")
    return [LimitResult(first.symbol, first.point, first.direction, first.value, verdict)]
