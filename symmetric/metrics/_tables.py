"""Averaged count metrics of confusion tables, and their gradients with respect to every cell.

A *table* is an array of cells whose last axis holds them: the four cells
``(TP, FP, FN, TN)`` of one class for ``average="binary"`` (and per class),
or the ``K * K`` cells of a multiclass confusion matrix (true class i,
predicted class j, flattened row by row) for the averages ``"micro"``,
``"macro"`` and ``"weighted"``. Leading axes are batches (data sets,
resamples), so one call evaluates many tables.

The gradient of an average is the chain rule through the one-vs-rest counts
of each class (:func:`one_vs_rest`, a linear map of the cells):
:func:`one_vs_rest_adjoint` is its transpose, so the per-class gradients of
:meth:`CountMetric.gradient` are all the calculus there is.

>>> from symmetric.metrics._count_metrics import resolve_metric
>>> f1 = resolve_metric("f_beta", beta=1.0, rho=-2.0, func="demo")
>>> table = Table(f1, "macro", 3)
>>> cells = np.array([[5., 1, 0], [2, 6, 1], [0, 1, 4]]).reshape(-1)
>>> round(float(table.values(cells)), 4)
0.7584
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ._count_metrics import CountMetric
from ._counts import Counts

__all__ = ["Table", "one_vs_rest", "one_vs_rest_adjoint"]


def one_vs_rest(cells: np.ndarray, k: int) -> tuple:
    """(tp, fp, fn, tn) of each class of K x K tables: arrays with a last axis of length K."""
    m = cells.reshape(cells.shape[:-1] + (k, k))
    tp = np.diagonal(m, axis1=-2, axis2=-1)
    c = Counts(tp, m.sum(axis=-2), m.sum(axis=-1), m.sum(axis=(-2, -1))[..., None], None)
    return tp, c.pred_sum - tp, c.true_sum - tp, c.tn


def one_vs_rest_adjoint(gradients: np.ndarray) -> np.ndarray:
    """The gradient over the K x K cells of a sum over classes, from each class's gradient over (tp, fp, fn, tn).

    ``gradients[..., k, :]`` is the derivative of class k's term with respect
    to its one-vs-rest (tp, fp, fn, tn). Cell (i, j) is class i's fn and
    class j's fp when i != j, class i's tp when i == j, and every other
    class's tn; the result sums those derivatives (the transpose of
    :func:`one_vs_rest`), flattened to ``K * K`` cells.
    """
    a, b, e, t = (gradients[..., q] for q in range(4))
    k = gradients.shape[-2]
    out = t.sum(axis=-1)[..., None, None] + (e - t)[..., :, None] + (b - t)[..., None, :]
    diagonal = np.arange(k)
    out[..., diagonal, diagonal] += a - b - e + t
    return out.reshape(out.shape[:-2] + (k * k,))


@dataclass(frozen=True)
class Table:
    """A count metric averaged over the classes of a table (see the module docstring)."""

    metric: CountMetric
    average: str
    n_classes: int = 2

    @property
    def n_cells(self) -> int:
        return 4 if self.average == "binary" else self.n_classes**2

    def _micro(self, cells):
        return tuple(a.sum(axis=-1) for a in one_vs_rest(cells, self.n_classes))

    def values(self, cells, *, warn: bool = False) -> np.ndarray:
        """The averaged metric of each table."""
        cells = np.asarray(cells, dtype=np.float64)
        if self.average == "binary":
            return self.metric.values(*np.moveaxis(cells, -1, 0), warn=warn)
        if self.average == "micro":
            return self.metric.values(*self._micro(cells), warn=warn)
        per_class = self.metric.values(*one_vs_rest(cells, self.n_classes), warn=warn)
        with np.errstate(all="ignore"):
            if self.average == "macro":
                return np.nanmean(per_class, axis=-1) if np.isnan(per_class).any() else per_class.mean(axis=-1)
            support = one_vs_rest(cells, self.n_classes)
            support = support[0] + support[2]
            return (support * per_class).sum(axis=-1) / support.sum(axis=-1)

    def gradient(self, cells) -> np.ndarray:
        """The derivative of :meth:`values` with respect to each cell (last axis)."""
        cells = np.asarray(cells, dtype=np.float64)
        if self.average == "binary":
            return self.metric.gradient(*np.moveaxis(cells, -1, 0))
        if self.average == "micro":
            g = self.metric.gradient(*self._micro(cells))
            return one_vs_rest_adjoint(np.repeat(g[..., None, :], self.n_classes, axis=-2))
        weighted = self.average == "weighted"
        g = self.metric.gradient(*one_vs_rest(cells, self.n_classes), support_weighted=weighted)
        scale = cells.sum(axis=-1)[..., None] if weighted else self.n_classes
        # For "weighted" the derivative of the total in the denominator is the same for every cell,
        # which the variance (a sum of squared deviations from the mean gradient) does not see.
        return one_vs_rest_adjoint(g) / scale
