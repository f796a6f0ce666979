"""What the plotting functions take: the constraints of their arguments, declared once (:mod:`symmetric._constraints`).

Each public function of :mod:`symmetric.plot` declares every argument with
these objects, so its arguments are checked once, where it is called, before
anything is computed or drawn; the command line (``symmetric plot``) reads the
same declarations for its messages. An argument the plot hands on to
:mod:`symmetric.metrics` is declared with that function's own constraint
(:class:`Borrowed`, read on first use: importing :mod:`symmetric.plot` loads
neither the metrics nor SymPy nor matplotlib), and the metrics function is then
called without a second check (:func:`symmetric._constraints.unchecked`).
"""

from __future__ import annotations

import importlib
import math
import sys
from collections.abc import Sequence
from typing import Any

from .._constraints import Constraint, Interval, Predicate, constraints_of

__all__ = [
    "AX",
    "BOOLEAN",
    "Borrowed",
    "CMAP",
    "FIGURE",
    "LABEL",
    "LEVELS",
    "METRIC",
    "METRICS",
    "NCOLS",
    "RESOLUTION",
    "TITLE",
    "VALUES",
    "VARY",
]


def _instance(module: str, name: str, value) -> bool:
    """Whether ``value`` is a ``module.name`` (never imports ``module``: without it, no such object exists)."""
    loaded = sys.modules.get(module)
    return loaded is not None and isinstance(value, getattr(loaded, name))


def _sequence(value: Any, least: int, most: float) -> bool:
    """Whether ``value`` is a sequence (not text) or a NumPy array of ``least`` to ``most`` items."""
    if isinstance(value, (str, bytes)) or not (isinstance(value, Sequence) or _instance("numpy", "ndarray", value)):
        return False
    return least <= len(value) <= most


def _levels(value) -> bool:
    if value is None or isinstance(value, bool):
        return value is None
    if isinstance(value, int):
        return 1 <= value <= 100
    try:
        return _sequence(value, 1, math.inf) and all(math.isfinite(float(v)) for v in value)
    except (TypeError, ValueError):
        return False


def _colormap(value) -> bool:
    if _instance("matplotlib.colors", "Colormap", value):
        return True
    if not isinstance(value, str):
        return False
    try:
        import matplotlib
    except ImportError:  # the body says how to install it
        return True
    return value in matplotlib.colormaps


class _Metric(Constraint):
    """A metric as the plots take it; the registered families are named when an error is raised (a registry grows)."""

    @property
    def allowed(self) -> str:
        from ..families import FAMILIES

        return (
            f"a registered family ({', '.join(sorted(FAMILIES))}), an expression in P and R as text "
            "(read by symmetric.explore.parse), or a SymPy expression"
        )

    def is_satisfied_by(self, value) -> bool:
        return isinstance(value, str) or _instance("sympy", "Expr", value)

    def invalid_values(self) -> tuple:
        return (3, None, b"P*R")


class Borrowed(Constraint):
    """The constraint ``module.function`` declares for ``param`` (read on first use), optionally also None.

    For an argument a plot hands on to that function: declared here with the
    same object, checked once (by the plot's declaration), and the function is
    called through :func:`symmetric._constraints.unchecked`.
    """

    def __init__(self, module: str, function: str, param: str, *, none: bool = False) -> None:
        self.where, self.none = (module, function, param), none

    @property
    def of(self) -> Constraint:
        module, function, param = self.where
        return constraints_of(getattr(importlib.import_module(module), function))[param]

    @property
    def allowed(self) -> str:
        return self.of.allowed + (" or None" if self.none else "")

    def describe(self, func: str) -> str:
        return self.of.describe(func) + (" or None" if self.none else "")

    def is_satisfied_by(self, value) -> bool:
        return (self.none and value is None) or self.of.is_satisfied_by(value)

    def invalid_values(self) -> tuple:
        return tuple(v for v in self.of.invalid_values() if not (self.none and v is None))


#: The metric of :func:`~symmetric.plot.level_curves` and :func:`~symmetric.plot.family_grid`.
METRIC = _Metric()
#: Where to draw: a matplotlib Axes, or None for a new figure.
AX = Predicate(
    "a matplotlib Axes or None", lambda v: v is None or _instance("matplotlib.axes", "Axes", v), invalid=("axes", 3)
)
#: A figure of this package to close, or None for the current one.
FIGURE = Predicate(
    "a matplotlib Figure (or None for the current one)",
    lambda v: v is None or _instance("matplotlib.figure", "Figure", v),
    invalid=("figure", 3),
)
#: A switch.
BOOLEAN = Predicate("a bool", lambda v: isinstance(v, bool) or _instance("numpy", "bool_", v), invalid=("yes", 1, None))
#: About how many contour levels, or the levels themselves.
LEVELS = Predicate(
    "an integer from 1 to 100 (about how many levels), a sequence of finite levels, or None",
    _levels,
    invalid=(0, 101, True, "4", [], [math.nan], ["a"]),
)
#: Grid points per axis at which the metric is evaluated.
RESOLUTION = Interval(int, 10, 4000, allowed="an integer from 10 to 4000")
#: A title, or None for the default one.
TITLE = Predicate("a str or None", lambda v: v is None or isinstance(v, str), invalid=(3, b"title"))
#: A legend label, or None for the default one.
LABEL = TITLE
#: A matplotlib colormap: its name or the object.
CMAP = Predicate("the name of a matplotlib colormap, or a Colormap", _colormap, invalid=("no_such_colormap", 3, None))
#: The parameter a grid of panels varies (one of the metric's: checked again against them, where they are known).
VARY = Predicate("the name of a parameter of the metric", lambda v: isinstance(v, str), invalid=(3, None))
#: The values of the varied parameter, one panel each.
VALUES = Predicate(
    "a sequence of 1 to 16 values", lambda v: _sequence(v, 1, 16), invalid=("1,2", [], list(range(17)), 3, None)
)
#: Panels per row of a grid.
NCOLS = Interval(int, 1, math.inf, closed="left", none=True, allowed="a positive integer or None")
#: The metrics of :func:`~symmetric.plot.prevalence_curve`: names (each checked by the metrics' declaration), or None.
METRICS = Predicate(
    "a nonempty sequence of metric names, or None",
    lambda v: v is None or _sequence(v, 1, math.inf),
    invalid=("precision", [], 3),
)
