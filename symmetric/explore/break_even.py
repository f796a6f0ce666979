"""The proven break-even ratio R/P of a metric or of a family at parameter values, for the plots to draw.

The ratio comes from the local geometry (:mod:`.geometry`): the line
``R = k P`` where df/dR = df/dP, and its verdict; only a proven ratio is
returned, with a note saying why when there is none. :class:`BreakEvenLine`
holds the answer in the terms a plot needs (a slope to draw, its LaTeX, and
whether there is a line, none, every ratio, or no proof).
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

import sympy

from .._constraints import Predicate, declare
from ..families import get_family
from ..symbols import P, R
from .analysis import regime_geometries
from .analysis_budget import Budget
from .geometry import EVERY_RATIO, local_geometry
from .regimes import Regime, piecewise_regimes

__all__ = ["BreakEvenLine", "break_even_ratio", "family_break_even_ratio"]


# The notes of the geometry that say there is no break-even ratio at all (rather than none proven).
_NO_RATIO_NOTES = ("df/dR = ", "no positive ratio", "f does not depend")


@dataclass(frozen=True)
class BreakEvenLine:
    """What the analysis says about the break-even line ``R = k P`` of a metric without free parameters.

    Parameters
    ----------
    ratio : sympy.Expr or None
        The proven ratio ``k``, :data:`symmetric.explore.geometry.EVERY_RATIO`
        when every ratio is break-even, or None.
    note : str
        Why there is no proven ratio (empty when there is one).

    Examples
    --------
    >>> from symmetric import P, R
    >>> line = BreakEvenLine.of(2 * P * R / (P + 4 * R))
    >>> line.status, line.slope
    ('proven', 0.5)
    >>> print(line.latex)
    \\frac{1}{2}
    >>> BreakEvenLine.of((P + R) / 2).status
    'every ratio'
    """

    ratio: sympy.Expr | None
    note: str = ""

    @classmethod
    def of(cls, expr: sympy.Expr) -> BreakEvenLine:
        """The line of a metric in P and R only (:func:`break_even_ratio`)."""
        return cls(*break_even_ratio(expr))

    @classmethod
    def of_family(cls, name: str, values: dict) -> BreakEvenLine:
        """The line of a registered family at parameter values (:func:`family_break_even_ratio`)."""
        return cls(*family_break_even_ratio(name, values))

    @property
    def status(self) -> str:
        """``"proven"`` (one ratio), ``"every ratio"``, ``"none"`` (there is no break-even ratio),
        ``"unknown"`` (not proven) or ``""`` (nothing said)."""
        if self.ratio is None:
            if self.note.startswith(_NO_RATIO_NOTES):
                return "none"
            return "unknown" if self.note else ""
        return "every ratio" if self.ratio == EVERY_RATIO else "proven"

    @property
    def slope(self) -> float | None:
        """The proven ratio ``k`` as a float, when there is one line."""
        return float(self.ratio) if self.ratio is not None and self.status == "proven" else None

    @property
    def latex(self) -> str:
        """The ratio in LaTeX as a coefficient of ``P`` (empty for 1 and when there is no one line)."""
        return "" if self.status != "proven" or self.ratio == 1 else sympy.latex(self.ratio)


def _in_p_and_r(expr) -> bool:
    return isinstance(expr, sympy.Expr) and not expr.free_symbols - {P, R}


#: A metric without free parameters: a SymPy expression in P and R only, or such an expression as text.
_METRIC = Predicate(
    "a SymPy expression in P and R only, or one as text (read by symmetric.explore.parse)",
    lambda v: isinstance(v, str) or _in_p_and_r(v),
    invalid=(3, None, P + R + sympy.Symbol("c", positive=True)),
)


@declare(expr=_METRIC)
def break_even_ratio(expr: sympy.Expr | str) -> tuple[sympy.Expr | None, str]:
    """The proven break-even ratio R/P of a metric without free parameters, or None and why.

    The ratio is :data:`symmetric.explore.geometry.EVERY_RATIO` when every
    ratio is break-even (a weighted arithmetic mean with equal weights).

    >>> from symmetric import P, R
    >>> break_even_ratio(2 * P * R / (P + 4 * R))
    (1/2, '')
    >>> break_even_ratio("(P + R)/2")
    (Interval.open(0, oo), 'df/dR = df/dP at every point: every ratio R/P is break-even')
    """
    if isinstance(expr, str):
        from .parser import parse

        expr = _METRIC.check(parse(expr, func="break_even_ratio", param="expr"), name="expr", func="break_even_ratio")
    return _cached_ratio(expr)


@functools.lru_cache(maxsize=256)
def _cached_ratio(expr):
    return _proven_ratio(local_geometry(Regime(expr), P, R, Budget(total=15, per_check=5)), {})


def _proven_ratio(geometry, values) -> tuple[sympy.Expr | None, str]:
    if geometry.everywhere_when and all(values.get(p.name) == v for p, v in geometry.everywhere_when.items()):
        return EVERY_RATIO, "every ratio R/P is break-even"
    if geometry.break_even is None:
        return None, geometry.note
    verdict = geometry.verdicts.get("break_even")
    if verdict is None or not verdict.proven:
        status = "no verdict" if verdict is None else verdict.status
        return None, f"break-even ratio {sympy.sstr(geometry.break_even)} not proven ({status})"
    if geometry.break_even == EVERY_RATIO:
        return EVERY_RATIO, geometry.note
    ratio = geometry.break_even.xreplace(
        {p: values[p.name] for p in geometry.break_even.free_symbols if p.name in values}
    )
    if ratio.free_symbols or not (ratio.is_positive and math.isfinite(float(ratio)) and float(ratio) > 0):
        return None, f"break-even ratio {sympy.sstr(ratio)} cannot be drawn"
    return ratio, ""


@functools.cache
def _family_geometries(name: str) -> tuple:
    """The geometry of each regime of a registered family with symbolic parameters (computed once)."""
    expr = get_family(name)()
    return tuple(regime_geometries(piecewise_regimes(expr, P, R), P, R, Budget(total=30, per_check=5)))


def family_break_even_ratio(name: str, values: dict) -> tuple[sympy.Expr | None, str]:
    """The proven break-even ratio of a registered family at parameter values (name -> number), or None and why.

    From the geometry, proven for every value, of the regime the values fall
    in (so parameter values too large for exact arithmetic work too).
    """
    for geometry in _family_geometries(name):
        condition = sympy.sympify(geometry.regime.condition).xreplace(
            {s: values[s.name] for s in geometry.regime.condition.free_symbols if s.name in values}
        )
        if condition is sympy.true:
            return _proven_ratio(geometry, values)
    return None, "no regime of the family holds at these values"
