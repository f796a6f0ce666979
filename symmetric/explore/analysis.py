"""``analyze``: what a metric in P and R values, where, and how, each answer machine-checked.

For any expression in precision and recall it answers the questions the
G_{beta,rho} paper answers by hand: where are precision and recall valued
equally (the break-even ratio), how do the level curves bend there, what
are the limits, is it a proper mean, is it symmetric, is it additively
separable. Every answer is a verdict of :func:`symmetric.verify.check`:
"proven", "refuted" with a counterexample, or "unknown".

>>> import sympy
>>> from symmetric import P, R, beta, rho, g_beta_rho
>>> from symmetric.explore import analyze
>>> a = analyze(g_beta_rho(), limits=False)
>>> a.break_even, a.neutral_curvature, a.equivalent_rho
(beta, -rho*(1/R + 1/P), rho)
>>> a.properties["bounded"].status, a.properties["symmetric"].holds_when
('proven', {beta: 1})
>>> print(a.break_even_note)
rho = 0: df/dR = 1/beta * df/dP at every point, so no ratio is special; every ratio is break-even when beta = 1
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import cast

import sympy

from .. import symbols as _symbols
from .._constraints import Options, Predicate, declare
from ..verify import DOMAINS, Verdict
from .analysis_budget import Budget, combine
from .arguments import (
    BOOLEAN,
    DEFAULT_BUDGET,
    DEFAULT_TIMEOUT,
    EXPRESSION,
    NAMES,
    POSITIVE_SYMBOL,
    RANGES,
    SECONDS,
    range_interval,
)
from .geometry import EVERY_RATIO, Geometry, local_geometry
from .metric_limits import metric_limits
from .properties import metric_properties
from .regimes import Regime, piecewise_regimes

__all__ = ["Analysis", "analyze", "regime_geometries"]

#: Where precision and recall range in an analysis.
DOMAIN = Options(DOMAINS, allowed=f"one of {list(DOMAINS)}", invalid=("all", None))


@dataclass(frozen=True)
class Analysis:
    """The analysis of a metric ``expr`` in ``P`` and ``R``; see :func:`analyze`.

    Attributes
    ----------
    expr : sympy.Expr
    P, R : sympy.Symbol
    parameters : tuple of sympy.Symbol
    regimes : tuple of Geometry
        The level-curve geometry of each regime (each Piecewise branch, and
        each parameter value where the break-even ratio is singular).
    break_even : sympy.Expr or None
        The ratio R/P at which df/dR = df/dP, over the regimes that have one.
    break_even_note : str
        The regimes without a break-even ratio, and why.
    slope : sympy.Expr
        S = -(df/dR)/(df/dP), the slope dP/dR of the level curves.
    neutral_curvature : sympy.Expr or None
        Rate of change of S in the direction (dR, dP) = (1, -1) on the
        break-even line.
    curvature : sympy.Expr or None
        Signed curvature of the level curve (P as a function of R) on the
        break-even line: positive when it bends upward.
    equivalent_rho : sympy.Expr or None
        The rho of the member of G_{beta,rho} with the same neutral curvature.
    verdicts : dict
        Verdicts on the break-even condition, the simplified slope and the
        closed form of the neutral curvature.
    properties : dict
        Name -> :class:`~symmetric.explore.properties.Property`.
    limits : tuple of LimitResult
    seconds : float
    skipped : int
        Steps skipped because the budget ran out (their verdicts are "unknown").
    ranges : dict
        The declared ranges of parameters (symbol -> :class:`sympy.Interval`).
    """

    expr: sympy.Expr
    P: sympy.Symbol
    R: sympy.Symbol
    parameters: tuple
    regimes: tuple
    break_even: sympy.Expr | None
    break_even_note: str
    slope: sympy.Expr
    neutral_curvature: sympy.Expr | None
    curvature: sympy.Expr | None
    equivalent_rho: sympy.Expr | None
    verdicts: dict = field(default_factory=dict)
    properties: dict = field(default_factory=dict)
    limits: tuple = ()
    seconds: float = 0.0
    skipped: int = 0
    ranges: dict = field(default_factory=dict)

    def __str__(self) -> str:
        from .rendering import text_report

        return text_report(self)

    def __repr__(self) -> str:
        from .rendering import summary

        return f"<Analysis of {summary(self)}>"

    def _repr_pretty_(self, printer, cycle) -> None:
        """IPython shows the text report (``print(analysis)``)."""
        printer.text(repr(self) if cycle else str(self))

    def _repr_markdown_(self) -> str:
        from .rendering import markdown_report

        return markdown_report(self)

    def to_dict(self) -> dict:
        """Everything as JSON-ready data (expressions as SymPy strings)."""
        from .rendering import as_dict

        return as_dict(self)


def _same_named(expr, P, R):
    """``expr`` with symbols named like ``P``, ``R`` or a library parameter, but of other assumptions, replaced."""
    ours = {s.name: s for s in (P, R, _symbols.beta, _symbols.gamma, _symbols.rho, _symbols.phi)}
    return expr.xreplace(
        {
            s: ours[s.name]
            for s in expr.free_symbols
            if isinstance(s, sympy.Symbol) and s.name in ours and s != ours[s.name]
        }
    )


def _narrowed(allowed: str, test) -> Predicate:
    """A constraint that depends on other arguments, checked in the body (``invalid``: none of its own)."""
    return Predicate(allowed, test, invalid=())


def _validate(expr, P, R):
    """``expr`` in ``P`` and ``R`` (symbols named like them replaced), each checked against the others."""
    func = "analyze"
    _narrowed("a symbol other than P", lambda r: r != P).check(R, name="R", func=func)
    expr = _same_named(expr, P, R)
    _narrowed(
        f"an expression in P and R (the positive symbols {P} and {R}: symmetric.P and symmetric.R by default)",
        lambda e: e.has(P, R),
    ).check(expr, name="expr", func=func)
    unknown = sorted((s for s in expr.free_symbols - {P, R} if s.is_real is not True), key=lambda s: s.name)
    _narrowed(
        "an expression whose parameters are real symbols (Symbol(name, positive=True) or "
        f"real=True); {unknown[0] if unknown else ''} is not known to be real",
        lambda e: not unknown,
    ).check(expr, name="expr", func=func)
    return expr


def _ranges(ranges, expr, P, R) -> dict:
    """The declared ranges (checked by ``analyze``'s declaration) as symbol -> Interval, checked against the
    expression's parameters and their assumptions."""
    func = "analyze"
    if ranges is None:
        return {}
    parameters = {s.name: s for s in expr.free_symbols - {P, R}}
    known = _narrowed(
        f"ranges of the parameters {sorted(parameters)}",
        lambda key: (key.name if isinstance(key, sympy.Symbol) else key) in parameters,
    )
    out = {}
    for key, value in ranges.items():
        known.check(key, name="ranges", func=func)
        name = key.name if isinstance(key, sympy.Symbol) else key
        symbol, interval = parameters[name], cast(sympy.Interval, range_interval(value))  # declared: a range
        _narrowed(
            f"a range within (0, oo) for the positive parameter {name}",
            lambda v, symbol=symbol, interval=interval: not (symbol.is_positive and interval.inf < 0),
        ).check(value, name="ranges", func=func)
        out[symbol] = interval
    return out


def _with_singular_regimes(geometry: Geometry, P, R, budget: Budget) -> list[Geometry]:
    """The geometry, preceded by a sub-regime for each value where its break-even ratio is singular."""
    regime, out = geometry.regime, []
    for symbol, value in geometry.singular:
        if any(c.xreplace({symbol: value}) is sympy.false for c in regime.conditions):
            continue
        values = {**regime.values, symbol: value}
        conditions = tuple(c for c in (c.xreplace({symbol: value}) for c in regime.conditions) if c is not sympy.true)
        sub = Regime(
            regime.expr.xreplace({symbol: value}),
            sympy.Eq(symbol, value),
            values,
            conditions,
            ", ".join(filter(None, [regime.label if regime.is_point else "", f"{symbol} = {value}"])),
        )
        out.append(local_geometry(sub, P, R, budget))
        regime = dataclasses.replace(
            regime,
            condition=sympy.And(regime.condition, sympy.Ne(symbol, value)),
            conditions=regime.conditions + (sympy.Ne(symbol, value),),
            label=", ".join(filter(None, [regime.label, f"{symbol} != {value}"])),
        )
    return out + [dataclasses.replace(geometry, regime=regime)]


def regime_geometries(regimes: list[Regime], P: sympy.Symbol, R: sympy.Symbol, budget: Budget) -> list[Geometry]:
    """The level-curve geometry of each regime, and of each parameter value where its break-even ratio is
    singular; the single-value regimes first."""
    geometries: list[Geometry] = []
    for regime in regimes:
        geometries += _with_singular_regimes(local_geometry(regime, P, R, budget), P, R, budget)
    return sorted(geometries, key=lambda g: not g.regime.is_point)


def _recombine(geometries: list[Geometry], attr: str, budget: Budget):
    """One expression for ``attr`` over the regimes: a Piecewise unless they agree.

    A break-even "ratio" of :data:`EVERY_RATIO` is kept only when every
    regime has it; otherwise its regimes are left to the note.
    """
    pieces = [(getattr(g, attr), g.regime) for g in geometries if getattr(g, attr) is not None]
    if attr == "break_even" and pieces and all(v == EVERY_RATIO for v, _ in pieces) and len(pieces) == len(geometries):
        return EVERY_RATIO
    pieces = [(v, r) for v, r in pieces if v != EVERY_RATIO]
    if not pieces:
        return None
    general = [(v, r) for v, r in pieces if not r.is_point]
    kept = []
    for value, regime in pieces:
        if regime.is_point and len(general) == 1:
            at_point = general[0][0].xreplace(regime.values)
            if not at_point.has(sympy.zoo, sympy.nan) and budget.simplify(at_point - value) == 0:
                continue
        kept.append((value, regime))
    if len(kept) == 1 and not kept[0][1].is_point:
        return kept[0][0]
    branches = [(v, r.condition) for v, r in kept[:-1]] + [(kept[-1][0], True)]
    return sympy.Piecewise(*branches)


def _break_even_note(geometries: list[Geometry]) -> str:
    missing = [g for g in geometries if g.break_even is None or g.break_even == EVERY_RATIO]
    if len(missing) == len(geometries) and len({g.note for g in missing}) == 1:
        return missing[0].note
    return "; ".join(f"{g.regime.label}: {g.note}" for g in missing)


@declare(
    expr=EXPRESSION,
    P=POSITIVE_SYMBOL,
    R=POSITIVE_SYMBOL,
    timeout=SECONDS,
    budget=SECONDS,
    limits=BOOLEAN,
    ranges=RANGES,
    domain=DOMAIN,
    parameters=NAMES,
)
def analyze(
    expr: sympy.Expr | str,
    *,
    P: sympy.Symbol = _symbols.P,
    R: sympy.Symbol = _symbols.R,
    timeout: float = DEFAULT_TIMEOUT,
    budget: float = DEFAULT_BUDGET,
    limits: bool = True,
    ranges: Mapping | None = None,
    domain: str = "unit",
    parameters=None,
) -> Analysis:
    """Analyse the metric ``expr`` in ``P`` and ``R``; every answer is an engine verdict.

    Parameters
    ----------
    expr : sympy.Expr or str
        The metric. Its other free symbols are its parameters and must be
        real (``positive=True`` or ``real=True``). A Piecewise in the
        parameters (G_{beta,rho} with symbolic rho) is analysed branch by
        branch. Text, such as ``"2*P*R/(P + R)"``, is read by
        :func:`symmetric.explore.parse` (the whitelist parser, never
        ``eval``).
        Symbols *named* like ``P`` and ``R`` (or like the library's
        parameters beta, gamma, rho, phi) but with other assumptions, such
        as ``sympy.symbols("P R")``, are replaced by ``P`` and ``R`` (and
        the library's symbols) first.
    P, R : sympy.Symbol
        The positive symbols standing for precision and recall.
    timeout : float
        Seconds for one check or one SymPy computation.
    budget : float
        Seconds for the whole analysis; what is not reached is "unknown"
        (``Analysis.skipped`` counts those steps).
    limits : bool
        Whether to compute the limits (the slowest part).
    ranges : dict, optional
        The range of a parameter, by symbol or name: ``{"a": (0, 1)}`` means
        ``0 < a < 1`` (``None`` for an unbounded end; a :class:`sympy.Interval`
        for closed ends). Every check assumes it, and the limits are taken
        at its ends.
    domain : {"unit", "positive"}, default "unit"
        Where ``P`` and ``R`` range: (0, 1], as precision and recall do, or
        all positive values. Every check uses it, and counterexamples lie in
        it (see :func:`symmetric.verify.check`).
    parameters : iterable of str, or mapping from name to value, optional
        For text only: the names it may use besides P, R and the library's
        parameters, as for :func:`symmetric.explore.parse`.

    Returns
    -------
    Analysis

    Examples
    --------
    A weighted geometric mean is a mean only for weights in (0, 1):

    >>> from symmetric.explore import parse
    >>> geometric = parse("P**a*R**(1 - a)", parameters=["a"])
    >>> analyze(geometric, limits=False).properties["bounded"].status
    'refuted'
    >>> analyze(geometric, limits=False, ranges={"a": (0, 1)}).properties["bounded"].status
    'proven'
    >>> analyze("2*P*R/(P + R)", limits=False).break_even
    1
    """
    if isinstance(expr, str):
        from .parser import parse

        expr = parse(expr, parameters=parameters, P=P, R=R, func="analyze", param="expr")
    else:
        _narrowed("None when expr is a SymPy expression (it names the parameters of text)", lambda v: v is None).check(
            parameters, name="parameters", func="analyze"
        )
    expr = _validate(expr, P, R)
    clock = Budget(total=budget, per_check=timeout, ranges=_ranges(ranges, expr, P, R), domain=domain)
    regimes = piecewise_regimes(expr, P, R)
    geometries = regime_geometries(regimes, P, R, clock)
    verdicts: dict[str, Verdict] = {}
    for name in ("break_even", "slope", "neutral_curvature"):
        parts = [g.verdicts[name] for g in geometries if name in g.verdicts]
        if parts:
            verdicts[name] = combine(parts, parts[0].method if len(parts) == 1 else "each regime")
    properties = metric_properties(expr, regimes, P, R, clock)
    found_limits = tuple(metric_limits(expr, regimes, P, R, clock)) if limits else ()
    return Analysis(
        expr=expr,
        P=P,
        R=R,
        parameters=tuple(sorted(expr.free_symbols - {P, R}, key=lambda s: s.name)),
        regimes=tuple(geometries),
        break_even=_recombine(geometries, "break_even", clock),
        break_even_note=_break_even_note(geometries),
        slope=_recombine(geometries, "slope", clock),
        neutral_curvature=_recombine(geometries, "neutral_curvature", clock),
        curvature=_recombine(geometries, "curvature", clock),
        equivalent_rho=_recombine(geometries, "equivalent_rho", clock),
        verdicts=verdicts,
        properties=properties,
        limits=found_limits,
        seconds=clock.elapsed(),
        skipped=clock.skipped,
        ranges=clock.ranges,
    )
