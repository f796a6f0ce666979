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

from .._validation import InvalidParameterError

__all__ = [
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


def _cells(cells, func):
    cells = tuple(cells)
    if not cells or not all(isinstance(c, sympy.Expr) for c in cells):
        raise InvalidParameterError.of("cells", func, "a nonempty sequence of SymPy symbols", cells)
    return cells


def cell_gradient(expr, cells) -> tuple:
    """The partial derivatives of ``expr`` with respect to each of ``cells``."""
    if not isinstance(expr, sympy.Expr):
        raise InvalidParameterError.of("expr", "cell_gradient", "a SymPy expression", expr)
    return tuple(sympy.diff(expr, c) for c in _cells(cells, "cell_gradient"))


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
    cells = _cells(cells, "delta_variance")
    squares = cells if squares is None else _cells(squares, "delta_variance")
    if len(squares) != len(cells):
        raise InvalidParameterError.of("squares", "delta_variance", f"{len(cells)} expressions, one per cell", squares)
    g = cell_gradient(expr, cells)
    groups = (tuple(range(len(cells))),) if strata is None else tuple(tuple(s) for s in strata)
    if sorted(i for s in groups for i in s) != list(range(len(cells))):
        raise InvalidParameterError.of(
            "strata", "delta_variance", f"a partition of the indices 0..{len(cells) - 1}", strata
        )
    total = 0
    for group in groups:
        mean = sum(cells[i] * g[i] for i in group) / sum(cells[i] for i in group)
        total += sum(squares[i] * (g[i] - mean) ** 2 for i in group)
    return total


def score_equation(p_hat, p, n, z) -> sympy.Expr:
    """Zero where the score statistic of a proportion ``p`` given ``p_hat`` of ``n`` trials is ``z``."""
    return (p_hat - p) ** 2 - z**2 * p * (1 - p) / n


@functools.lru_cache(maxsize=None)
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
    roots = sympy.solve(score_equation(k / n, p, n, z), p)
    # Order the two roots by their value at one point (their order does not change where they are real).
    point = {k: 1, n: 3, z: 1}
    low, high = sorted(roots, key=lambda r: float(r.subs(point)))
    return low, high


@functools.lru_cache(maxsize=None)
def wilson_symbols() -> tuple[sympy.Symbol, sympy.Symbol, sympy.Symbol]:
    """The symbols of :func:`wilson_bounds`: successes ``k`` (>= 0), trials ``n`` (> 0), quantile ``z`` (> 0)."""
    return sympy.Symbol("k", nonnegative=True), sympy.Symbol("n", positive=True), sympy.Symbol("z", positive=True)


def transform(name: str) -> tuple[sympy.Expr, sympy.Expr, sympy.Expr]:
    """``(t(x), dt/dx, t^-1(y))`` of a scale in :data:`TRANSFORMS`, in the symbols ``x`` and ``y``."""
    if name not in TRANSFORMS:
        raise InvalidParameterError.of("scale", "transform", f"one of {sorted(TRANSFORMS)}", name)
    forward, inverse = TRANSFORMS[name]
    return forward, sympy.cancel(sympy.diff(forward, _x)), inverse
