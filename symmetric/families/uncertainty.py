r"""Sampling uncertainty of count metrics (delta-method variances, Wilson bounds), as SymPy expressions.

A data set of ``n`` independent samples puts each sample in one cell of the
confusion matrix, so the cell counts ``C`` are multinomial. A stratified test
set (class totals fixed by design) is a product of multinomials, one per true
class (``strata`` of :func:`delta_variance`; claim
``uncertainty.delta.stratified_form``). A metric
``f(C)`` of the counts then has the *delta-method* (linearization) variance

.. math:: \operatorname{Var} f \approx \sum_c q_c\,(g_c - \bar g)^2,
   \qquad g_c = \frac{\partial f}{\partial C_c},\quad
   \bar g = \frac{\sum_c C_c g_c}{\sum_c C_c},

where ``q_c`` is the sum of the squared sample weights in cell ``c``: the
count itself without weights, and then the formula is the multinomial
covariance :math:`N\,g^T(\operatorname{diag} p - p p^T)\,g` with
:math:`p = C/N` (claim ``uncertainty.delta.multinomial_form``). The gradient
is taken from the metric's definition in :mod:`symmetric.families.counts`,
never written by hand.

Wilson's score interval for a proportion is the set of ``p`` whose score
test at level ``z`` does not reject: the two roots of
:func:`score_equation` in ``p`` (:func:`wilson_bounds`).

>>> from symmetric.symbols import TP, FP, FN, TN
>>> from symmetric.families import counts
>>> [sympy.factor(g) for g in cell_gradient(counts.precision(), (TP, FP))]
[FP/(FP + TP)**2, -TP/(FP + TP)**2]
>>> sympy.factor(delta_variance(counts.precision(), (TP, FP)))
FP*TP/(FP + TP)**3
"""

from __future__ import annotations

import functools

import sympy

from .._constraints import Constraint, Options, Predicate, declare, unchecked
from .._validation import InvalidParameterError
from .arguments import RATE, ExactRange

__all__ = [
    "CELLS",
    "EXPR",
    "cell_gradient",
    "delta_variance",
    "score_equation",
    "wilson_bounds",
    "TRANSFORMS",
    "transform",
    "wilson_symbols",
]

#: Scales on which a delta-method interval can be built: the transform of a value ``x`` and its inverse in ``y``.
_x, _y = sympy.symbols("x y", real=True)
TRANSFORMS = {
    "identity": (_x, _y),
    "logit": (sympy.log(_x / (1 - _x)), 1 / (1 + sympy.exp(-_y))),
}


class _Cells(Constraint):
    """A nonempty sequence of SymPy expressions, passed on as a tuple; with ``length``, of that many (one per cell:
    read from ``cells``)."""

    converts = True

    def __init__(self, *, none: bool = False, length: int | None = None) -> None:
        self.none, self.length = none, length
        self.reads = ("cells",) if none else ()

    @property
    def allowed(self) -> str:
        if self.length is not None:
            return f"{self.length} SymPy expressions, one per cell"
        return "a nonempty sequence of SymPy symbols" + (" or None" if self.none else "")

    def narrowed(self, **others) -> _Cells:
        cells = others["cells"]
        sized = isinstance(cells, (tuple, list)) and len(cells) > 0
        return _Cells(none=self.none, length=len(cells) if sized else None)

    def is_satisfied_by(self, value) -> bool:
        if value is None:
            return self.none
        if isinstance(value, (str, bytes, sympy.Basic)) or not hasattr(value, "__iter__"):
            return False
        items = tuple(value)
        return (
            len(items) > 0
            and all(isinstance(c, sympy.Expr) for c in items)
            and (self.length is None or len(items) == self.length)
        )

    def check(self, value, *, name: str, func: str, error=InvalidParameterError, note: str = ""):
        items = value if value is None or not hasattr(value, "__iter__") or isinstance(value, str) else tuple(value)
        super().check(items, name=name, func=func, error=error, note=note)
        return items

    def invalid_values(self) -> tuple:
        return ((), "TP", (1, 2), ("TP",)) + (() if self.none else (None,))


class _Strata(Constraint):
    """A partition of the indices of ``cells`` (read from them) into groups, or None."""

    reads = ("cells",)

    def __init__(self, size: int | None = None) -> None:
        self.size = size

    @property
    def allowed(self) -> str:
        return "None or a partition of the indices of the cells" + (
            f" 0..{self.size - 1}" if self.size is not None else ""
        )

    def narrowed(self, **others) -> _Strata:
        cells = others["cells"]
        return _Strata(len(cells) if isinstance(cells, (tuple, list)) else None)

    def is_satisfied_by(self, value) -> bool:
        if value is None:
            return True
        try:
            groups = [list(g) for g in value]
        except TypeError:
            return False
        indices = sorted(i for g in groups for i in g if isinstance(i, int))
        return len(indices) == sum(len(g) for g in groups) and (
            indices == list(range(self.size)) if self.size is not None else len(set(indices)) == len(indices)
        )

    def invalid_values(self) -> tuple:
        return (((0,), (0,)), 3, ((5,),), "ab")


#: A metric of the counts.
EXPR = Predicate("a SymPy expression", lambda v: isinstance(v, sympy.Expr), invalid=("TP", 1.5, None))
#: The cells of a table: a nonempty sequence of SymPy expressions.
CELLS = _Cells()
_POSITIVE = ExactRange(
    0, sympy.oo, closed="neither", allowed="a positive number or a SymPy expression", invalid=(0, -1, "3", None)
)


@declare(expr=EXPR, cells=CELLS)
def cell_gradient(expr, cells) -> tuple:
    """The partial derivatives of ``expr`` with respect to each of ``cells``."""
    return tuple(sympy.diff(expr, c) for c in cells)


@declare(expr=EXPR, cells=CELLS, squares=_Cells(none=True), strata=_Strata())
def delta_variance(expr, cells, squares=None, strata=None) -> sympy.Expr:
    """The delta-method variance of ``expr`` when ``cells`` are the counts of a multinomial sample.

    With ``strata`` (a partition of the cells' indices), each stratum is its
    own multinomial sample of fixed size: a stratified design, such as a test
    set with fixed numbers of positives and negatives (the product-binomial
    model, strata ``((TP, FN), (FP, TN))``). Then the mean gradient is taken
    per stratum, ``sum_s sum_{c in s} q_c (g_c - mean_s g)**2``; variation
    between the strata's sizes, which the design fixes, no longer counts.

    Parameters
    ----------
    expr : sympy.Expr
        A metric of the counts.
    cells : sequence of sympy.Expr
        Every cell of the table (they sum to the sample size or total weight).
    squares : sequence of sympy.Expr, optional
        The sums of squared sample weights per cell; by default the cells
        themselves (unit weights).
    """
    squares = cells if squares is None else squares
    g = unchecked(cell_gradient)(expr, cells)
    groups = (tuple(range(len(cells))),) if strata is None else tuple(tuple(s) for s in strata)
    total = 0
    for group in groups:
        mean = sum(cells[i] * g[i] for i in group) / sum(cells[i] for i in group)
        total += sum(squares[i] * (g[i] - mean) ** 2 for i in group)
    return total


@declare(p_hat=RATE, p=RATE, n=_POSITIVE, z=_POSITIVE)
def score_equation(p_hat, p, n, z) -> sympy.Expr:
    """Zero where the score statistic of a proportion ``p`` given ``p_hat`` of ``n`` trials is ``z``."""
    return (p_hat - p) ** 2 - z**2 * p * (1 - p) / n


@functools.cache
def wilson_bounds() -> tuple[sympy.Expr, sympy.Expr]:
    """Wilson's interval ``(low, high)`` for ``k`` successes in ``n`` trials at normal quantile ``z``.

    The roots in ``p`` of :func:`score_equation` with ``p_hat = k/n``, solved
    by SymPy; returned in the symbols ``k``, ``n`` and ``z`` of
    :func:`wilson_symbols`.

    >>> low, high = wilson_bounds()
    >>> k, n, z = wilson_symbols()
    >>> [round(float(b.subs({k: 0, n: 10, z: 2})), 4) for b in (low, high)]
    [0.0, 0.2857]
    """
    k, n, z = wilson_symbols()
    p = sympy.Symbol("p", positive=True)
    roots = sympy.solve(unchecked(score_equation)(k / n, p, n, z), p)
    # Order the two roots by their value at one point (their order does not change where they are real).
    point = {k: 1, n: 3, z: 1}
    low, high = sorted(roots, key=lambda r: float(r.subs(point)))
    return low, high


@functools.cache
def wilson_symbols() -> tuple[sympy.Symbol, sympy.Symbol, sympy.Symbol]:
    """The symbols of :func:`wilson_bounds`: successes ``k`` (>= 0), trials ``n`` (> 0), quantile ``z`` (> 0)."""
    return sympy.Symbol("k", nonnegative=True), sympy.Symbol("n", positive=True), sympy.Symbol("z", positive=True)


@declare(name=Options(TRANSFORMS, allowed=f"one of {sorted(TRANSFORMS)}", invalid=("log", None)))
def transform(name: str) -> tuple[sympy.Expr, sympy.Expr, sympy.Expr]:
    """``(t(x), dt/dx, t^-1(y))`` of a scale in :data:`TRANSFORMS`, in the symbols ``x`` and ``y``."""
    forward, inverse = TRANSFORMS[name]
    return forward, sympy.cancel(sympy.diff(forward, _x)), inverse
