r"""The geometry of level curves: break-even ratio, slope, curvature.

Plot precision against recall (R across, P up). Along a level curve
:math:`f(P, R) = c` the slope is

.. math:: S = \frac{dP}{dR} = -\frac{\partial f/\partial R}{\partial f/\partial P},

and :math:`S = -1` exactly where a unit of recall is worth a unit of
precision. The *break-even ratio* is the :math:`k = R/P` at which that
happens. On the break-even line the second derivative of the level curve is
the rate of change of :math:`S` in the direction :math:`(\Delta R, \Delta P) =
(1, -1)`, the *neutral curvature* :math:`S_R - S_P`, and the geometric
curvature is that divided by :math:`(1 + S^2)^{3/2} = 2\sqrt 2`.

For a metric homogeneous of degree 1, :math:`S` depends on :math:`R/P` alone,
and on the break-even line the neutral curvature is
:math:`-\rho_{eq}(1/P + 1/R)` with a constant :math:`\rho_{eq}`: the
:math:`\rho` of the member of :math:`G_{\beta,\rho}` (with :math:`\beta = k`)
whose level curves bend the same way there. For :math:`G_{\beta,\rho}` itself
:math:`\rho_{eq} = \rho`.

>>> from symmetric import P, R, beta, f_beta
>>> from symmetric.explore.budget import Budget
>>> from symmetric.explore.regimes import Regime
>>> g = local_geometry(Regime(f_beta()), P, R, Budget(total=60, per_check=10))
>>> g.break_even, g.equivalent_rho, g.neutral_curvature
(beta, -2, 2/R + 2/P)
>>> g.verdicts["break_even"].status
'proven'
"""

from __future__ import annotations

from dataclasses import dataclass, field

import sympy

from .algebra import normalize_powers
from .budget import Budget
from .regimes import Regime, special_values

__all__ = ["Geometry", "local_geometry", "slope"]


@dataclass(frozen=True)
class Geometry:
    """The level-curve geometry of one regime of a metric.

    Attributes
    ----------
    regime : Regime
    slope : sympy.Expr
        S = -(df/dR)/(df/dP), simplified.
    break_even : sympy.Expr or None
        The ratio R/P where df/dR = df/dP, in terms of the parameters.
    note : str
        Why there is no break-even ratio, when there is none.
    everywhere_when : dict
        Parameter values at which every ratio is break-even (``{beta: 1}``
        for a weighted arithmetic mean), each verified.
    neutral_curvature, curvature : sympy.Expr or None
        On the break-even line; see the module docstring.
    equivalent_rho : sympy.Expr or None
        The rho of the G family with the same neutral curvature.
    verdicts : dict
        Verdicts of the break-even condition, of the slope's simplification
        and of the neutral curvature's closed form.
    singular : list
        ``(symbol, value)`` pairs at which the break-even ratio is undefined.
    """

    regime: Regime
    slope: sympy.Expr
    break_even: sympy.Expr | None = None
    note: str = ""
    everywhere_when: dict = field(default_factory=dict)
    neutral_curvature: sympy.Expr | None = None
    curvature: sympy.Expr | None = None
    equivalent_rho: sympy.Expr | None = None
    verdicts: dict = field(default_factory=dict)
    singular: list = field(default_factory=list)


def slope(f: sympy.Expr, P: sympy.Symbol, R: sympy.Symbol) -> sympy.Expr:
    """S = -(df/dR)/(df/dP), the slope dP/dR of a level curve (not simplified)."""
    return -sympy.diff(f, R) / sympy.diff(f, P)


def _parameters(expr, P, R):
    return sorted(expr.free_symbols - {P, R}, key=lambda s: s.name)


def _positive_solutions(solutions, k, P):
    out = []
    for s in solutions:
        if isinstance(s, dict):
            s = s.get(k)
        if s is None or s.has(sympy.I) or s.is_positive is False:
            continue
        out.append(s)
    return list(dict.fromkeys(out))


def _solve_ratio(q, k, P, budget):
    """Positive solutions k of q(k) = 1, trying plain and logarithmic forms."""
    forms = [q - 1, sympy.numer(sympy.together(q - 1))]
    for form in forms:
        solutions = budget.compute(lambda: sympy.solve(form, k), seconds=min(budget.per_check, 5))
        if solutions:
            found = _positive_solutions(solutions, k, P)
            if found:
                return found
    return []


def _everywhere_when(fR, fP, q, regime, budget):
    """Parameter values making q = 1 identically: every ratio is break-even there."""
    found = {}
    for p in sorted(q.free_symbols, key=lambda s: s.name):
        solutions = budget.compute(lambda: sympy.solve(q - 1, p), seconds=min(budget.per_check, 5)) or []
        for value in solutions:
            if value.free_symbols or (p.is_positive and value.is_positive is not True):
                continue
            verdict = budget.check(fR.subs(p, value), fP.subs(p, value), conditions=regime.conditions)
            if verdict.proven:
                found[p] = value
    return found


def local_geometry(regime: Regime, P: sympy.Symbol, R: sympy.Symbol, budget: Budget) -> Geometry:
    """Break-even ratio, slope and curvatures of one regime, each verified."""
    f, conditions = regime.expr, regime.conditions
    fP, fR = sympy.diff(f, P), sympy.diff(f, R)
    raw_slope = -fR / fP
    S = budget.simplify(raw_slope)
    verdicts = {"slope": budget.check(S, raw_slope, conditions=conditions)}
    k = sympy.Dummy("k", positive=True)
    q = budget.simplify((fR / fP).subs(R, k * P))
    if not q.has(k) and not q.has(P):
        where = _everywhere_when(fR, fP, q, regime, budget)
        note = f"df/dR = {sympy.sstr(q)} * df/dP at every point, so no ratio is special"
        if where:
            note += "; every ratio is break-even when " + ", ".join(f"{p} = {v}" for p, v in where.items())
        return Geometry(regime, S, None, note, where, verdicts=verdicts)
    solutions = _solve_ratio(q, k, P, budget)
    if not solutions:
        return Geometry(regime, S, None, "no positive ratio R/P solves df/dR = df/dP (or it could not be found)",
                        verdicts=verdicts)
    if len(solutions) > 1 or solutions[0].has(P):
        listed = ", ".join(sympy.sstr(s) for s in solutions)
        what = "depends on P" if solutions[0].has(P) else "is not unique"
        return Geometry(regime, S, None, f"the ratio R/P where df/dR = df/dP {what}: {listed}", verdicts=verdicts)
    ratio = budget.simplify(solutions[0])

    def on_line(expr):
        return normalize_powers(expr.subs(R, ratio * P))

    verdicts["break_even"] = budget.check(on_line(fR), on_line(fP), conditions=conditions)
    D = sympy.diff(raw_slope, R) - sympy.diff(raw_slope, P)
    D_line = budget.simplify(on_line(D))
    rho_eq = budget.simplify(-D_line * P * ratio / (1 + ratio))
    if rho_eq.has(P):
        neutral, rho_eq = D_line, None
    else:
        neutral = -rho_eq * (1 / P + 1 / R)
        verdicts["neutral_curvature"] = budget.check(on_line(neutral), on_line(D), conditions=conditions)
    singular = [(p, v) for p in _parameters(ratio, P, R) if p.is_real and not p.is_positive
                for v in special_values(ratio, p) if ratio.subs(p, v).has(sympy.zoo, sympy.nan)]
    return Geometry(regime, S, ratio, "", {}, neutral, neutral / (2 * sympy.sqrt(2)), rho_eq, verdicts, singular)
