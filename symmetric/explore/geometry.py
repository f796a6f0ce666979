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
>>> from symmetric.explore.analysis_budget import Budget
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

from ..verify.core.powers import normalize_powers
from .analysis_budget import Budget
from .regimes import Regime, special_values

__all__ = ["Geometry", "local_geometry", "slope", "EVERY_RATIO", "non_smooth"]

#: The break-even "ratio" of a metric whose partial derivatives agree everywhere: every ratio R/P > 0.
EVERY_RATIO = sympy.Interval.open(0, sympy.oo)

# Functions whose appearance in a derivative means the metric is not differentiable everywhere.
_NON_SMOOTH = (sympy.Heaviside, sympy.DiracDelta, sympy.sign, sympy.Derivative, sympy.Subs, sympy.Piecewise)


def non_smooth(expr) -> bool:
    """Whether ``expr`` (a derivative) shows that the metric is not differentiable everywhere, or is undefined."""
    return expr.has(*_NON_SMOOTH, sympy.zoo, sympy.nan, sympy.oo, -sympy.oo)


@dataclass(frozen=True)
class Geometry:
    """The level-curve geometry of one regime of a metric.

    Attributes
    ----------
    regime : Regime
    slope : sympy.Expr or None
        S = -(df/dR)/(df/dP), simplified; None where it is undefined (f does not
        depend on P, or is not differentiable everywhere: see ``note``).
    break_even : sympy.Expr or None
        The ratio R/P where df/dR = df/dP, in terms of the parameters;
        :data:`EVERY_RATIO` when the partial derivatives agree everywhere.
    note : str
        Why there is no break-even ratio (or slope), when there is none.
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
    slope: sympy.Expr | None
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
    """Positive solutions k of q(k) = 1, trying plain and logarithmic forms; and whether every form was solved.

    An empty list with ``complete`` False means the solutions could not be
    found (time ran out, or SymPy could not solve), not that there are none.
    """
    forms = [q - 1, sympy.numer(sympy.together(q - 1))]
    logarithmic = budget.compute(lambda: sympy.expand_log(sympy.log(q), force=True), seconds=min(budget.per_check, 2))
    if logarithmic is not None and not logarithmic.has(sympy.log(q)):
        forms.insert(0, logarithmic)  # (k/beta)**rho = 1 is rho*(log(k) - log(beta)) = 0: no huge polynomial
    complete = True
    for form in forms:
        solutions = budget.compute(lambda form=form: sympy.solve(form, k), seconds=min(budget.per_check, 5))
        if solutions is None:
            complete = False
            continue
        found = _positive_solutions(solutions, k, P)
        if found:  # the logarithmic form gives exp(log(gamma)/(phi - 1)) for gamma**(1/(phi - 1))
            return [s.rewrite(sympy.Pow) if s.has(sympy.exp) else s for s in found], True
    return [], complete


def _everywhere_when(fR, fP, q, regime, budget):
    """Parameter values making q = 1 identically: every ratio is break-even there."""
    found = {}
    for p in sorted(q.free_symbols, key=lambda s: s.name):
        solutions = budget.compute(lambda p=p: sympy.solve(q - 1, p), seconds=min(budget.per_check, 5)) or []
        for value in solutions:
            if value.free_symbols or (p.is_positive and value.is_positive is not True) or not budget.admits(p, value):
                continue
            verdict = budget.check(fR.subs(p, value), fP.subs(p, value), conditions=regime.conditions)
            if verdict.proven:
                found[p] = value
    return found


def _undefined_slope(regime, fP, fR) -> Geometry | None:
    """The geometry of a metric whose slope is undefined somewhere: not differentiable, or constant in P or R."""
    if non_smooth(fP) or non_smooth(fR):
        return Geometry(
            regime,
            None,
            None,
            "f is not differentiable at every point (its derivatives involve "
            f"{_kinds(fP, fR)}), so no slope or break-even ratio is derived",
        )
    for name, d in (("P", fP), ("R", fR)):
        if d.is_zero:
            return Geometry(
                regime,
                None,
                None,
                f"f does not depend on {name} (df/d{name} = 0 everywhere), so no "
                "ratio is break-even" + (" and the level curves are vertical lines" if name == "P" else ""),
            )
    return None


def _kinds(*exprs) -> str:
    found = sorted(
        {type(a).__name__ for e in exprs for a in sympy.preorder_traversal(e) if isinstance(a, _NON_SMOOTH)}
        | {"an infinity" for e in exprs if e.has(sympy.zoo, sympy.oo, -sympy.oo, sympy.nan)}
    )
    return ", ".join(found) or "undefined values"


def _everywhere(regime, S, fR, fP, P, R, budget) -> Geometry:
    """Every ratio is break-even: the level curves are the lines P + R = c (slope -1, no curvature)."""
    conditions = regime.conditions
    verdicts = {
        "slope": budget.check(S, -fR / fP, conditions=conditions),
        "break_even": budget.check(fR, fP, conditions=conditions),
        "neutral_curvature": budget.check(sympy.diff(-fR / fP, R) - sympy.diff(-fR / fP, P), 0, conditions=conditions),
    }
    zero = sympy.Integer(0)
    return Geometry(
        regime,
        S,
        EVERY_RATIO,
        "df/dR = df/dP at every point: every ratio R/P is break-even",
        {},
        zero,
        zero,
        zero,
        verdicts,
    )


def local_geometry(regime: Regime, P: sympy.Symbol, R: sympy.Symbol, budget: Budget) -> Geometry:
    """Break-even ratio, slope and curvatures of one regime, each verified."""
    f, conditions = regime.expr, regime.conditions
    fP, fR = sympy.diff(f, P), sympy.diff(f, R)
    undefined = _undefined_slope(regime, fP, fR)
    if undefined is not None:
        return undefined
    raw_slope = -fR / fP
    S = budget.simplify(raw_slope)
    k = sympy.Dummy("k", positive=True)
    q = budget.simplify((fR / fP).subs(R, k * P))
    if not q.has(k) and not q.has(P):
        if q == 1:
            return _everywhere(regime, S, fR, fP, P, R, budget)
        verdicts = {"slope": budget.check(S, raw_slope, conditions=conditions)}
        where = _everywhere_when(fR, fP, q, regime, budget)
        note = f"df/dR = {sympy.sstr(q)} * df/dP at every point, so no ratio is special"
        if where:
            note += "; every ratio is break-even when " + ", ".join(f"{p} = {v}" for p, v in where.items())
        return Geometry(regime, S, None, note, where, verdicts=verdicts)
    verdicts = {"slope": budget.check(S, raw_slope, conditions=conditions)}
    solutions, complete = _solve_ratio(q, k, P, budget)
    if not solutions:
        return Geometry(
            regime,
            S,
            None,
            "no positive ratio R/P solves df/dR = df/dP"
            if complete
            else "unknown: the ratio R/P where df/dR = df/dP could not be found within the budget",
            verdicts=verdicts,
        )
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
    singular = [
        (p, v)
        for p in _parameters(ratio, P, R)
        if p.is_real and not p.is_positive
        for v in special_values(ratio, p)
        if ratio.subs(p, v).has(sympy.zoo, sympy.nan) and budget.admits(p, v)
    ]
    return Geometry(regime, S, ratio, "", {}, neutral, neutral / (2 * sympy.sqrt(2)), rho_eq, verdicts, singular)
