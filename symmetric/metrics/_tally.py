"""Counts of (true, predicted) label pairs: exact, mergeable, computed in a few passes.

A :class:`Tally` holds, for the distinct labels of both arrays (sorted),
the confusion matrix (``cells``) or, when the labels are too many for a
dense matrix, the per-label true positives, true and predicted counts
(``sums``); with sample weights, the same counts weighted and summed
exactly (:mod:`symmetric.metrics._exact`). Two tallies of different data
add up (``+``) to the tally of the data taken together, bit for bit,
whatever labels each one saw: this is how Dask chunks and
:class:`~symmetric.metrics.ConfusionCounts` updates are combined.

Labels are encoded by offset when they are integers (or integral floats)
of small range, by category code for pandas categoricals, and otherwise
by :func:`symmetric.metrics._encode.encode`; cells are counted with one
``np.bincount`` of ``true_code * k + pred_code`` per block.

>>> import numpy as np
>>> a = count(np.array(["x", "y", "y"]), np.array(["x", "x", "y"]))
>>> b = count(np.array(["z"]), np.array(["y"]))
>>> t = a + b
>>> t.labels.tolist(), t.cells.tolist()
(['x', 'y', 'z'], [[1, 0, 0], [1, 1, 0], [0, 1, 0]])
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from ._encode import encode
from ._exact import ExactBincount, ExactSums

__all__ = ["Tally", "count", "MAX_CELLS"]

#: Largest number of confusion-matrix cells kept as a dense matrix.
MAX_CELLS = 1 << 22
#: Largest |label| * (range + 1) for which integer labels are combined without first subtracting the minimum.
_SAFE = 1 << 62
#: Samples counted per block (the combined codes of a block stay in cache).
_BLOCK = 1 << 16
#: With weights and the sample codes kept (in memory), matrices above this many cells are not counted:
#: the scores need only per-label sums, and ``confusion_matrix`` counts the cells it is asked for.
_WEIGHTED_CELLS = 1 << 16


@dataclass
class Tally:
    """Exact counts of (true, predicted) label pairs over the sorted distinct labels of both arrays.

    ``cells[i, j]``: samples of true label ``labels[i]`` predicted as
    ``labels[j]`` (int64), or None when the labels are more than
    ``sqrt(MAX_CELLS)``; then ``sums`` holds the per-label true positives,
    true counts and predicted counts (shape (3, k)). ``true_seen`` and
    ``pred_seen`` say which labels occur in each array (whatever their
    weight). With sample weights, ``wcells`` / ``wsums`` / ``wtotal`` are
    the weighted counts as exact sums. ``codes`` (in memory only, when
    ``cells`` is None) are the label indices of each sample.
    """

    labels: np.ndarray
    n_samples: int
    true_seen: np.ndarray
    pred_seen: np.ndarray
    cells: np.ndarray | None = None
    sums: np.ndarray | None = None
    wcells: ExactSums | None = None
    wsums: ExactSums | None = None
    wtotal: ExactSums | None = None
    codes: tuple | None = None
    #: Whether every weight was given with an integer (or bool) dtype; counts without weights count as such.
    integer_weights: bool = True

    @property
    def weighted(self) -> bool:
        return self.wtotal is not None

    @property
    def dense(self) -> bool:
        return self.cells is not None

    def counts(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, int | float]:
        """``(tp, true_sum, pred_sum, total)``: int64 arrays and int, or float64 when weighted."""
        if self.wtotal is not None:
            if self.wcells is not None:
                parts = [_diagonal(self.wcells), self.wcells.sum(axis=1), self.wcells.sum(axis=0)]
            else:
                assert self.wsums is not None, "a weighted tally holds weighted cells or weighted sums"
                parts = [self.wsums.take(i) for i in range(3)]
            tp, true_sum, pred_sum = (p.to_float() for p in parts)
            return tp, true_sum, pred_sum, float(self.wtotal.to_float())
        if self.cells is not None:
            return np.diagonal(self.cells).copy(), self.cells.sum(axis=1), self.cells.sum(axis=0), self.n_samples
        assert self.sums is not None, "a tally holds cells or sums"
        return self.sums[0], self.sums[1], self.sums[2], self.n_samples

    def matrix(self) -> np.ndarray:
        """The confusion matrix (float64 when weighted) of a :attr:`dense` tally."""
        if self.wcells is not None:
            return self.wcells.to_float()
        if self.cells is None:
            raise ValueError(f"{len(self.labels)} labels are too many for a dense confusion matrix")
        return self.cells

    def __add__(self, other: Tally) -> Tally:
        if not isinstance(other, Tally):
            return NotImplemented
        if self.weighted != other.weighted:  # counts without weights are counts of weight 1
            return self.as_weighted() + other.as_weighted()
        labels = (
            np.union1d(self.labels, other.labels)
            if len(self.labels) and len(other.labels)
            else (self.labels if len(self.labels) else other.labels)
        )
        k = len(labels)
        dense = self.dense and other.dense and k * k <= MAX_CELLS
        out = Tally(
            labels,
            self.n_samples + other.n_samples,
            np.zeros(k, bool),
            np.zeros(k, bool),
            integer_weights=self.integer_weights and other.integer_weights,
        )
        for part in (self, other):
            at = np.searchsorted(labels, part.labels)
            part = part if dense or not part.dense else part._to_sums()
            out.true_seen[at] |= part.true_seen
            out.pred_seen[at] |= part.pred_seen
            if dense:
                out.cells = _scatter_add(out.cells, part.cells, np.ix_(at, at), (k, k))
            else:
                out.sums = _scatter_add(out.sums, part.sums, (slice(None), at), (3, k))
            if dense and part.wcells is not None:
                out.wcells = _scatter_exact(out.wcells, part.wcells, np.ix_(at, at), (k, k))
            elif not dense and part.wsums is not None:
                out.wsums = _scatter_exact(out.wsums, part.wsums, (slice(None), at), (3, k))
            if part.wtotal is not None:
                out.wtotal = part.wtotal if out.wtotal is None else out.wtotal + part.wtotal
        return out

    def as_weighted(self) -> Tally:
        """The same counts as weighted counts (every sample of weight 1)."""
        if self.weighted:
            return self
        wtotal = ExactSums.zeros(())
        wtotal.add_integers(np.float64(self.n_samples), 0)
        if self.cells is not None:
            wcells = ExactSums.zeros(self.cells.shape)
            wcells.add_integers(self.cells.astype(np.float64), 0)
            return replace(self, wtotal=wtotal, wcells=wcells)
        assert self.sums is not None, "a tally holds cells or sums"
        wsums = ExactSums.zeros(self.sums.shape)
        wsums.add_integers(self.sums.astype(np.float64), 0)
        return replace(self, wtotal=wtotal, wsums=wsums)

    def _to_sums(self) -> Tally:
        """The same counts without the matrix (per-label sums only), of a :attr:`dense` tally."""
        cells = self.cells
        assert cells is not None, "only a dense tally has cells to sum"
        sums = np.stack([np.diagonal(cells), cells.sum(axis=1), cells.sum(axis=0)])
        wsums = None
        if self.wcells is not None:
            w = self.wcells
            wsums = ExactSums.stack([_diagonal(w), w.sum(axis=1), w.sum(axis=0)])
        return replace(self, cells=None, sums=sums, wcells=None, wsums=wsums, codes=None)


def _scatter_add(into, values, where, shape):
    into = np.zeros(shape, dtype=np.int64) if into is None else into
    into[where] += values
    return into


def _diagonal(cells: ExactSums) -> ExactSums:
    return ExactSums(cells.offset, np.diagonal(cells.digits).T.copy())


def _scatter_exact(into: ExactSums | None, values: ExactSums, where, shape) -> ExactSums:
    spread = ExactSums(values.offset, np.zeros((*shape, values.digits.shape[-1]), dtype=np.uint64))
    spread.digits[where] = values.digits
    return spread if into is None else into + spread


def _integer_range(yt, yp):
    """``(values, lo, r)`` for integral labels whose range ``r`` is small, else None."""
    if yt.dtype.kind not in "biuf" or yp.dtype.kind not in "biuf":
        return None
    a, b = (y.view(np.uint8) if y.dtype == bool else y for y in (yt, yp))
    lo, hi = min(a.min(), b.min()), max(a.max(), b.max())
    if (yt.dtype.kind == "f" or yp.dtype.kind == "f") and not (abs(lo) < 2**53 and abs(hi) < 2**53):
        return None
    lo, hi = int(lo), int(hi)
    r = hi - lo + 1
    if r > 8 * len(a) + 4096:
        return None
    dtype = yt.dtype if yt.dtype == yp.dtype else np.result_type(yt.dtype, yp.dtype)
    return np.arange(lo, hi + 1).astype(dtype), lo, r


def _offset_codes(a, b, lo, r, out):
    """``(a - lo) * r + (b - lo)`` into ``out`` (intp), for integral labels (bool, int or float)."""
    a, b = (y.view(np.uint8) if y.dtype == bool else y for y in (a, b))
    if a.dtype.kind == "f" or b.dtype.kind == "f" or max(abs(lo), abs(lo + r)) * (r + 1) >= _SAFE:
        np.subtract(a, lo, out=out, casting="unsafe")
        out *= r
        out += np.subtract(b, lo, dtype=np.intp, casting="unsafe")
        return out
    np.multiply(a, r, out=out, casting="unsafe")
    np.add(out, b, out=out, casting="unsafe")
    if lo:
        out -= lo * (r + 1)
    return out


class _Cells:
    """Dense cells (k x k) counted block by block: unweighted, and weighted exactly."""

    def __init__(self, k: int, sw, n: int, weight_range=None) -> None:
        self.k, self.m = k, k * k
        self.block = max(_BLOCK, 4 * self.m)
        self.counts = np.zeros(self.m, dtype=np.int64)
        self.codes = np.empty(min(self.block, n), dtype=np.intp)
        self.sw, self.exact = sw, None
        if sw is not None and weight_range is None:
            weight_range = (float(sw.min()), float(sw.max()))
        self.count_samples = sw is None or not weight_range[0] > 0  # positive weights: a cell > 0 was seen
        if sw is not None:
            self.exact = ExactBincount(self.m, weight_range[1], min(self.block, n))

    def add(self, codes: np.ndarray, a: int) -> None:
        """Count the combined codes of the samples ``a .. a + len(codes)``."""
        if self.count_samples:
            self.counts += np.bincount(codes, minlength=self.m)
        if self.exact is not None:
            self.exact.add(codes, self.sw[a : a + len(codes)])

    def tally(self, values, n) -> Tally:
        k = self.k
        wcells = None
        cells: np.ndarray = self.counts.reshape(k, k)
        if self.exact is not None:
            wcells = self.exact.result((k, k))
            if not self.count_samples:
                cells = np.asarray(np.any(wcells.digits, axis=-1), dtype=np.int64)
        seen = (np.any(cells, axis=1), np.any(cells, axis=0))
        keep = np.flatnonzero(seen[0] | seen[1])
        order = keep[np.argsort(values[keep], kind="stable")]
        if len(order) < k or np.any(order != np.arange(k)):
            cells = cells[np.ix_(order, order)]
            wcells = None if wcells is None else ExactSums(wcells.offset, wcells.digits[np.ix_(order, order)])
        t = Tally(values[order], n, seen[0][order], seen[1][order], cells=cells, wcells=wcells)
        if wcells is not None:
            t.wtotal = wcells.sum(axis=(0, 1))
        return t


def _count_sums(ct, cp, k, sw, weight_range=None):
    """Per-label (tp, true, pred) counts, unweighted (int64) and, with weights, exact; block by block."""
    block = max(_BLOCK, 16 * k)
    sums = np.zeros((3, k), dtype=np.int64)
    exact = None
    if sw is not None:
        top = float(sw.max()) if weight_range is None else weight_range[1]
        exact = [ExactBincount(k, top, min(block, len(ct))) for _ in range(3)]
    for a in range(0, len(ct), block):
        t, p = ct[a : a + block], cp[a : a + block]
        same = np.flatnonzero(t == p)
        for i, c in enumerate((t[same], t, p)):
            sums[i] += np.bincount(c, minlength=k)
        if exact is not None:
            w = sw[a : a + block]
            for acc, c, weights in zip(exact, (t[same], t, p), (w[same], w, w)):
                acc.add(c, weights)
    wsums = None if exact is None else ExactSums.stack([acc.result(k) for acc in exact])
    return sums, wsums


def count(
    yt: np.ndarray,
    yp: np.ndarray,
    sw: np.ndarray | None = None,
    *,
    keep_codes: bool = False,
    categories=None,
    weight_range=None,
    integer_weights=False,
) -> Tally:
    """The :class:`Tally` of two checked 1-d label arrays (and checked, nonnegative weights).

    ``categories``: the shared categories when ``yt`` and ``yp`` are the
    integer codes of pandas categoricals. ``keep_codes``: keep the label
    index of every sample when the labels are too many for a dense matrix.
    ``weight_range``: the smallest and largest weight, when already known;
    ``integer_weights``: whether they were given with an integer dtype.

    For weighted tallies, ``cells`` counts the samples only when some
    weight is 0; otherwise it just marks the cells seen (1).
    """
    n = len(yt)
    ranged = _integer_range(yt, yp)
    if ranged is not None:
        values, lo, r = ranged
        k = r
        coded: tuple[np.ndarray, np.ndarray] | None = None
    else:
        values, coded = encode(yt, yp)
        k = len(values)
    if categories is not None:
        values = categories[values.astype(np.intp)]
    if k * k <= (MAX_CELLS if sw is None or not keep_codes else _WEIGHTED_CELLS):
        cells = _Cells(k, sw, n, weight_range)
        for a in range(0, n, cells.block):
            b = min(a + cells.block, n)
            codes = cells.codes[: b - a]
            if coded is None:
                _offset_codes(yt[a:b], yp[a:b], lo, r, codes)
            else:
                ct, cp = coded
                np.multiply(ct[a:b], k, out=codes)
                codes += cp[a:b]
            cells.add(codes, a)
        t = cells.tally(values, n)
        t.integer_weights = sw is None or integer_weights
        return t
    if coded is None:  # label - lo, as int32 (4 bytes a sample)
        dtype = np.int32 if r < 2**31 else np.int64
        low = np.array(lo).astype(dtype)  # wraps like the labels: the differences (below r) are exact
        ct, cp = (
            (y - lo).astype(dtype)
            if y.dtype.kind == "f"
            else np.subtract(y.view(np.uint8) if y.dtype == bool else y, low, dtype=dtype, casting="unsafe")
            for y in (yt, yp)
        )
    else:
        ct, cp = coded
    sums, wsums = _count_sums(ct, cp, k, sw, weight_range)
    seen = (sums[1] > 0, sums[2] > 0)
    keep = np.flatnonzero(seen[0] | seen[1])
    order = keep[np.argsort(values[keep], kind="stable")]
    t = Tally(
        values[order],
        n,
        seen[0][order],
        seen[1][order],
        sums=sums[:, order],
        wsums=None if wsums is None else wsums.take(order, axis=1),
    )
    if keep_codes:
        if len(order) == k and np.all(order[1:] > order[:-1]):  # every label present, in order: codes as they are
            t.codes = (ct, cp)
        else:
            rank = np.full(k, -1, dtype=ct.dtype)
            rank[order] = np.arange(len(order), dtype=rank.dtype)
            t.codes = tuple(np.take(rank, c) for c in (ct, cp))
    if wsums is not None:
        t.wtotal = wsums.take(1).sum(axis=0)
    t.integer_weights = sw is None or integer_weights
    return t
