r"""Properties of a metric, each a verdict of the verification engine.

========================  ===========================================================
name                      statement
========================  ===========================================================
``idempotent``            :math:`f(x, x) = x`
``homogeneous``           :math:`f(tP, tR) = t\,f(P, R)` for :math:`t > 0`
``increasing_in_P``       :math:`\partial f/\partial P > 0`
``increasing_in_R``       :math:`\partial f/\partial R > 0`
``bounded``               :math:`\min(P, R) \le f \le \max(P, R)`
``mean``                  idempotent, bounded and increasing in P and in R
``symmetric``             :math:`f(R, P) = f(P, R)`, and where it fails, the
                          parameter values at which it holds
``separable``             some strictly increasing :math:`T` makes :math:`T \circ f`
                          a sum :math:`u(P) + v(R)` (van Rijsbergen's additive form)
``continuous``            (Piecewise only) each stipulated branch is the limit of the
                          general formula
========================  ===========================================================

*Separable.* If :math:`T(f) = u(P) + v(R)` with :math:`T' > 0`, then
:math:`T''(f) f_P f_R + T'(f) f_{PR} = 0`, so
:math:`h = -f_{PR}/(f_P f_R)` equals :math:`T''/T'` at :math:`f`, a function
of :math:`f` alone: the Jacobian :math:`h_P f_R - h_R f_P` vanishes. A point
where it does not refutes separability for every twice-differentiable
:math:`T`. When :math:`1 + h f = a` is a constant, the Box-Cox transform
:math:`T(x) = x^a/a` (:math:`\log x` for :math:`a = 0`) works, and the
analysis proves :math:`\partial^2 T(f)/\partial P \partial R = 0`.

>>> from symmetric import P, R, f_beta
>>> from symmetric.explore.analysis_budget import Budget
>>> from symmetric.explore.regimes import piecewise_regimes
>>> found = metric_properties(f_beta(), piecewise_regimes(f_beta(), P, R), P, R, Budget(total=60, per_check=10))
>>> found["separable"].status, found["separable"].detail
('proven', 'T(x) = -1/x')
>>> found["symmetric"].status, found["symmetric"].holds_when
('refuted', {beta: 1})
"""

from __future__ import annotations

from dataclasses import dataclass, field

import sympy

from ..verify import Verdict
from ..verify.core.powers import normalize_powers
from .analysis_budget import Budget, combine, unknown
from .geometry import non_smooth
from .regimes import Regime

__all__ = ["Property", "metric_properties", "transform"]

#: One sentence per property, for reports.
STATEMENTS = {
    "idempotent": "f(x, x) = x",
    "homogeneous": "f(tP, tR) = t f(P, R) for t > 0",
    "increasing_in_P": "df/dP > 0",
    "increasing_in_R": "df/dR > 0",
    "bounded": "min(P, R) <= f <= max(P, R)",
    "mean": "idempotent, bounded, increasing in P and R",
    "symmetric": "f(R, P) = f(P, R)",
    "separable": "T(f) = u(P) + v(R) for a strictly increasing T",
    "continuous": "each stipulated value is the limit of the general formula",
}


@dataclass(frozen=True)
class Property:
    """A named property and its verdict.

    Attributes
    ----------
    name, statement : str
    verdict : Verdict
    detail : str
        What the verdict rests on (the transform T, the implication used).
    holds_when : dict
        For a refuted property: parameter values at which it is proven to hold.
    """

    name: str
    statement: str
    verdict: Verdict
    detail: str = ""
    holds_when: dict = field(default_factory=dict)

    @property
    def status(self) -> str:
        return self.verdict.status

    @property
    def counterexample(self) -> dict:
        return self.verdict.counterexample

    def __str__(self) -> str:
        from .rendering import verdict_text

        return f"{self.name}: {self.statement}: {verdict_text(self.verdict)}" + (
            f" ({self.detail})" if self.detail else ""
        )

    def _repr_pretty_(self, printer, cycle) -> None:
        printer.text(str(self))

    def _repr_markdown_(self) -> str:
        from .rendering import markdown_verdict

        return f"**{self.name}**: {self.statement}: {markdown_verdict(self.verdict)}" + (
            f" ({self.detail})" if self.detail else ""
        )


def _outside_unit_square(point: dict, P, R) -> bool:
    return any(point.get(s, 0) > 1 for s in (P, R))


def _check(budget: Budget, P, R, lhs, rhs, *, relation="==", conditions=()) -> Verdict:
    """Check on all positive P and R (where proofs are easiest); a refutation must hold in (0, 1]^2.

    A counterexample with P or R above 1 says nothing about a metric. It is
    first scaled into the unit square (the properties checked here are
    invariant under scaling when the metric is homogeneous) and the statement
    is checked at that point; failing that, the statement is checked again
    with ``P <= 1, R <= 1``. With ``domain="positive"`` any positive point counts.
    """
    verdict = budget.check(lhs, rhs, relation=relation, conditions=conditions)
    if budget.domain == "positive":
        return verdict
    point = verdict.counterexample
    if not (verdict.refuted and _outside_unit_square(point, P, R)):
        return verdict
    scale = max(point.get(P, 0), point.get(R, 0))
    scaled = {**point, **{s: point[s] / scale for s in (P, R) if s in point}}
    at_point = budget.check(sympy.sympify(lhs).xreplace(scaled), sympy.sympify(rhs).xreplace(scaled), relation=relation)
    if at_point.refuted:
        return Verdict(
            "refuted",
            "numeric counterexample, scaled into (0, 1]^2",
            scaled,
            verdict.seconds + at_point.seconds,
            at_point.evidence,
            at_point.detail,
        )
    return budget.check(lhs, rhs, relation=relation, conditions=tuple(conditions) + (P <= 1, R <= 1))


def transform(a: sympy.Expr) -> sympy.Lambda:
    """The strictly increasing Box-Cox transform ``x**a/a`` (``log(x)`` at ``a = 0``), simply written."""
    x = sympy.Dummy("x", positive=True)
    if a == 0:
        return sympy.Lambda(x, sympy.log(x))
    if a == 1:
        return sympy.Lambda(x, x)
    if a.is_number:
        return sympy.Lambda(x, sympy.sign(a) * x**a)
    return sympy.Lambda(x, x**a / a)


def _separable(regime: Regime, P, R, budget: Budget) -> tuple[Verdict, str]:
    f, conditions = regime.expr, regime.conditions
    fP, fR = sympy.diff(f, P), sympy.diff(f, R)
    if non_smooth(fP) or non_smooth(fR):
        return unknown("not differentiable", "f is not differentiable at every point"), ""
    fPR = sympy.diff(fP, R)
    if fPR.is_zero or fP.is_zero or fR.is_zero:  # f itself is u(P) + v(R)
        return _check(budget, P, R, fPR, 0, conditions=conditions), "T(x) = x"
    h = -fPR / (fP * fR)
    a = budget.simplify(normalize_powers(1 + h * f))
    if not a.has(P, R):
        T = transform(a)
        # Simplified first: the engine's numerics can mistake rounding residue of an exact 0 for a counterexample.
        separated = budget.simplify(normalize_powers(sympy.diff(T(f), P, R)))
        verdict = _check(budget, P, R, separated, 0, conditions=conditions)
        x = T.variables[0]
        increasing = budget.check(sympy.diff(T.expr, x), 0, relation=">", conditions=conditions)
        return combine([verdict, increasing], "transform T"), f"T(x) = {sympy.sstr(T.expr).replace(str(x), 'x')}"
    jacobian = sympy.diff(h, P) * fR - sympy.diff(h, R) * fP
    verdict = _check(budget, P, R, budget.simplify(jacobian), 0, conditions=conditions)
    if verdict.refuted:
        point = verdict.counterexample
        if (fP * fR).subs(point) != 0:
            return verdict, "no twice-differentiable increasing T: h = -f_PR/(f_P f_R) is not a function of f"
        return unknown("undecided", "the test point is critical"), ""
    if verdict.proven:
        return unknown("no closed form", "h = -f_PR/(f_P f_R) is a function of f, but no closed-form T was found"), ""
    return verdict, ""


def _symmetry_candidates(difference, p, params, P, R, budget: Budget):
    """Values of ``p`` that may make ``difference`` vanish: solutions at a fixed point (P, R) = (1, 2)."""
    at_point = difference.xreplace({P: sympy.Integer(1), R: sympy.Integer(2)})
    others = {q: sympy.Rational(3 + j, 2) for j, q in enumerate(params) if q != p}
    logarithmic = (
        sympy.expand_log(sympy.log(difference.args[0]) - sympy.log(-difference.args[1]), force=True)
        if isinstance(difference, sympy.Add) and len(difference.args) == 2
        else None
    )
    forms = [at_point.xreplace(others), at_point]
    if logarithmic is not None:
        forms.append(logarithmic.xreplace({P: sympy.Integer(1), R: sympy.Integer(2)}))
    for form in forms:
        for value in budget.compute(lambda form=form: sympy.solve(form, p), seconds=min(budget.per_check, 3)) or []:
            if isinstance(value, sympy.Expr) and not value.has(P, R, sympy.I) and value.is_positive is not False:
                yield value


def _symmetric(f, P, R, params, budget: Budget) -> Property:
    swapped = f.xreplace({P: R, R: P})
    verdict = _check(budget, P, R, swapped, f)
    holds = {}
    if verdict.refuted:
        for p in params:
            tried = set()
            # Lazily: the later forms are solved only when no earlier candidate is proven (they cost up to 3 s each).
            for value in _symmetry_candidates(swapped - f, p, params, P, R, budget):
                if value in tried or (p.is_positive and value.is_positive is not True) or not budget.admits(p, value):
                    continue
                tried.add(value)
                if budget.check(swapped.subs(p, value), f.subs(p, value)).proven:
                    holds[p] = value
                    break
            if holds:
                break
    detail = ("holds when " + ", ".join(f"{p} = {v}" for p, v in holds.items())) if holds else ""
    return Property("symmetric", STATEMENTS["symmetric"], verdict, detail, holds)


def _bounded(f, P, R, found, budget: Budget) -> Property:
    monotone = [found[n] for n in ("idempotent", "increasing_in_P", "increasing_in_R")]
    if all(p.verdict.proven for p in monotone):
        verdict = combine([p.verdict for p in monotone], "implied")
        return Property(
            "bounded",
            STATEMENTS["bounded"],
            verdict,
            "implied: an increasing idempotent f has f(m, m) <= f(P, R) <= f(M, M)",
        )
    low = _check(budget, P, R, f, sympy.Min(P, R), relation=">=")
    high = _check(budget, P, R, f, sympy.Max(P, R), relation="<=")
    return Property("bounded", STATEMENTS["bounded"], combine([low, high], "both bounds"))


def _continuous(regimes, P, R, budget: Budget) -> Property | None:
    points = [r for r in regimes if r.is_point]
    general = [r for r in regimes if not r.is_point]
    if not points or len(general) != 1:
        return None
    formula = general[0].expr
    verdicts, details = [], []
    for r in points:
        ((symbol, value),) = r.values.items()
        v = _check(budget, P, R, sympy.Limit(formula, symbol, value, "+-"), r.expr)
        verdicts.append(v)
        details.append(f"{symbol} -> {value}: {v.status}")
    return Property("continuous", STATEMENTS["continuous"], combine(verdicts, "limits"), "; ".join(details))


def metric_properties(f, regimes: list[Regime], P, R, budget: Budget) -> dict[str, Property]:
    """Every property of ``f`` (regimes: its Piecewise branches), as a dict name -> Property."""
    params = sorted(f.free_symbols - {P, R}, key=lambda s: s.name)
    # The scale factor of the homogeneity statement, named as the statement names it (a counterexample prints
    # its name: a Dummy printed "_t"), unless the metric has a parameter of that name.
    taken = {s.name for s in f.free_symbols}
    t = sympy.Symbol(
        next(n for n in ("t", *(f"t{i}" for i in range(1, len(taken) + 2))) if n not in taken), positive=True
    )
    found: dict[str, Property] = {}

    def add(name, verdict, detail="") -> None:
        found[name] = Property(name, STATEMENTS[name], verdict, detail)

    add("idempotent", _check(budget, P, R, f.xreplace({R: P}), P))
    add("homogeneous", budget.check(normalize_powers(f.xreplace({P: t * P, R: t * R})), t * f, domain="positive"))
    add("increasing_in_P", _check(budget, P, R, sympy.diff(f, P), 0, relation=">"))
    add("increasing_in_R", _check(budget, P, R, sympy.diff(f, R), 0, relation=">"))
    found["bounded"] = _bounded(f, P, R, found, budget)
    parts = [found[n].verdict for n in ("idempotent", "bounded", "increasing_in_P", "increasing_in_R")]
    add("mean", combine(parts, "conjunction"))
    found["symmetric"] = _symmetric(f, P, R, params, budget)
    separable = [(r, *_separable(r, P, R, budget)) for r in regimes]
    detail = "; ".join(f"{text} ({r.label})" if r.label else text for r, _, text in separable if text)
    add("separable", combine([v for _, v, _ in separable], "transform T"), detail)
    continuous = _continuous(regimes, P, R, budget)
    if continuous is not None:
        found["continuous"] = continuous
    return found
