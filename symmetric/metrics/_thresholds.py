"""The one sorted pass: positives and negatives at or above every distinct score, exact, weighted, binned, merged.

Every curve and score over thresholds (the precision-recall, ROC, DET, gain
and G curves, average precision, ROC AUC, the best threshold) is a
reduction of the same :class:`ThresholdCounts`: for the distinct scores in
decreasing order, ``tps[i]`` and ``fps[i]`` are the (weighted) numbers of
positive and negative samples whose score is at least ``thresholds[i]``
(scikit-learn's ``tps`` and ``fps``).

The pass sorts the scores in decreasing order (flipped: :func:`_flip`).
Without sample weights the scores of positives and of negatives are
sorted apart and merged (:func:`sorted_unweighted`: two sorts of half the
size and a linear merge beat one argsort), and a running count of the
positives read at the last sample of each run of equal scores gives the
counts (:func:`_unweighted_counts`): integers, hence scikit-learn's to
the bit. With weights the scores are argsorted once and the weights of
positives and of negatives summed by exact running sums
(:func:`symmetric.metrics._exact.running_sums_exact`): each count is the
exact sum of its weights rounded once, whatever the order of the samples
(:func:`weighted_counts`). Dask input is counted chunk by chunk into
:class:`ScoreSummary` records (the distinct flipped scores, increasing,
with the positives and negatives at each, integers or
:class:`~symmetric.metrics._exact.ExactSums`), merged by one stable
argsort of their sorted keys; :func:`counts_from_summary` then gives the
same bits as the data in memory.

With ``n_bins`` the scores are put in ``n_bins`` bins of equal width
between the smallest and the largest score, and the thresholds are the
lower edges of the nonempty bins: the counts at each of them are still
exact (``y_score >= edge`` selects exactly the samples of that bin and the
bins above), only the thresholds between edges are skipped. Since G
increases with precision and with recall (claims
``structure.g.increasing_in_precision`` and
``structure.g.increasing_in_recall``), and every threshold inside bin i
selects at most the positives of bins >= i and at least the negatives of
bins > i, the best G over all thresholds is at most
``max_i G(TP(bins >= i), FP(bins > i))``: :func:`binned_upper_bound`.

>>> import numpy as np
>>> c = threshold_counts(np.array([True, False, True]), np.array([0.2, 0.5, 0.9]), None)
>>> c.thresholds.tolist(), c.tps.tolist(), c.fps.tolist(), c.total_positives
([0.9, 0.5, 0.2], [1.0, 1.0, 2.0], [0.0, 1.0, 1.0], 2.0)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ._exact import ExactSums, bincount_exact, running_sums_exact, segment_sums_exact

__all__ = [
    "ThresholdCounts",
    "ScoreSummary",
    "score_summary",
    "weights_summary",
    "weighted_counts",
    "counts_from_summary",
    "threshold_counts",
    "sorted_unweighted",
    "bin_edges",
    "binned_upper_bound",
    "pos_label_of",
    "classes_of",
]


@dataclass
class ThresholdCounts:
    """``tps[i]`` / ``fps[i]``: (weighted) positives / negatives with score >= ``thresholds[i]`` (decreasing)."""

    thresholds: np.ndarray
    tps: np.ndarray
    fps: np.ndarray
    #: With bins: the positives of each bin alone (for the error bound), else None.
    bin_positives: np.ndarray | None = None

    @property
    def total_positives(self) -> float:
        return float(self.tps[-1]) if len(self.tps) else 0.0

    @property
    def total_negatives(self) -> float:
        return float(self.fps[-1]) if len(self.fps) else 0.0

    def take(self, index) -> ThresholdCounts:
        """The counts at the thresholds ``index`` selects."""
        return ThresholdCounts(self.thresholds[index], self.tps[index], self.fps[index])


@dataclass
class ScoreSummary:
    """Per distinct score (or per bin), in decreasing order: positive and negative counts, int64 or exact; mergeable.

    The keys are the flipped scores (:func:`_flip`), increasing, so that a
    merge is a merge of increasing keys; with bins, the indices of the bins
    from the top one down.
    """

    keys: np.ndarray  # distinct flipped scores, increasing (or bin indices from the top)
    positives: np.ndarray | ExactSums  # int64 array or ExactSums
    negatives: np.ndarray | ExactSums
    classes: np.ndarray  # the distinct labels of y_true seen (with nonzero weight)

    def __add__(self, other: ScoreSummary) -> ScoreSummary:
        return ScoreSummary.merge(self, other)

    @staticmethod
    def merge(*summaries: ScoreSummary) -> ScoreSummary:
        """One summary of several: their keys merged (a stable argsort of sorted runs), the counts of equal keys added."""
        given = [s for s in summaries if s is not None]
        if len(given) == 1:
            return given[0]
        summaries = tuple(given)
        keys = np.concatenate([s.keys for s in summaries])
        order = np.argsort(keys, kind="stable")  # sorted runs: a k-way merge
        merged = keys[order]
        starts = _run_starts(merged)
        counts = [_merged([getattr(s, side) for s in summaries], order, starts) for side in ("positives", "negatives")]
        known = [s.classes for s in summaries if len(s.classes)]
        classes = np.unique(np.concatenate(known)) if known else summaries[0].classes
        return ScoreSummary(merged[starts], counts[0], counts[1], classes)


def _run_starts(ordered: np.ndarray) -> np.ndarray:
    """The index of the first element of each run of equal values of a sorted array."""
    starts = np.empty(len(ordered), dtype=bool)
    if len(ordered):
        starts[0] = True
        np.not_equal(ordered[1:], ordered[:-1], out=starts[1:])
    return np.flatnonzero(starts)


def _merged(parts, order, starts):
    """The counts of several summaries, in the merged order, summed over each run of equal keys (exactly)."""
    if isinstance(parts[0], ExactSums):
        lo = min(p.offset for p in parts)
        hi = max(p.offset + p.digits.shape[-1] for p in parts)
        digits = np.zeros((sum(len(p.digits) for p in parts), hi - lo), dtype=np.uint64)
        row = 0
        for p in parts:
            digits[row : row + len(p.digits), p.offset - lo : p.offset - lo + p.digits.shape[-1]] = p.digits
            row += len(p.digits)
        out = ExactSums(lo, np.add.reduceat(digits[order], starts, axis=0) if len(starts) else digits[:0])
        out._carry()  # each run gathers one digit below 2**32 per part: no overflow
        return out
    return np.add.reduceat(np.concatenate(parts)[order], starts) if len(starts) else np.zeros(0, np.int64)


def _flip(a: np.ndarray, out=None) -> np.ndarray:
    """A strictly decreasing bijection of the scores onto their own dtype: ``-a`` for floats, ``~a`` for integers.

    It is its own inverse (``~a`` never overflows, unlike ``-a`` at the
    smallest integer), so sorting flipped scores in increasing order sorts
    the scores in decreasing order, and flipping back restores them exactly.
    """
    return np.negative(a, out=out) if a.dtype.kind == "f" else np.invert(a, out=out)


def sorted_unweighted(positive: np.ndarray, scores: np.ndarray):
    """The flipped scores (:func:`_flip`) in increasing order, and which of them belong to positives.

    The scores of positives and of negatives are flipped and sorted apart in
    one buffer and merged by a stable argsort of the two sorted runs (a
    linear merge): faster than one argsort of all the scores. In the
    original scores the order is decreasing, scikit-learn's.
    """
    n, n_pos = len(scores), int(np.count_nonzero(positive))
    runs = np.empty(n, dtype=scores.dtype)
    np.compress(positive, scores, out=runs[:n_pos])
    np.compress(~positive, scores, out=runs[n_pos:])
    _flip(runs, out=runs)
    runs[:n_pos].sort()
    runs[n_pos:].sort()
    order = np.argsort(runs, kind="stable")  # merges the two sorted runs
    is_pos = order < n_pos
    # Gather into the index array's own memory (same item size): each index is read before its slot is
    # written, and mode="clip" (a no-op on valid indices) keeps NumPy from buffering the output.
    ordered = (
        np.take(runs, order, out=order.view(runs.dtype), mode="clip")
        if runs.itemsize == order.itemsize
        else runs[order]
    )
    return ordered, is_pos


def _unweighted_counts(positive: np.ndarray, scores: np.ndarray) -> ThresholdCounts:
    """The counts at every distinct score of unweighted samples, straight from the sorted scores.

    In decreasing order of the scores, the positives at or above a score
    are a running count of the positives up to the last sample with that
    score (scikit-learn's ``threshold_idxs``), and the negatives the rest:
    integers, exact in float64.
    """
    ordered, is_pos = sorted_unweighted(positive, scores)
    n = len(ordered)
    tps = np.cumsum(is_pos, dtype=np.float64)  # positives among the first i + 1 samples
    last = ordered[1:] != ordered[:-1]  # the last sample of each run of equal scores, but the very last
    if np.count_nonzero(last) == n - 1:  # every score distinct (continuous scores): no run to gather
        keys = _flip(ordered, out=ordered)
        fps = np.arange(1.0, n + 1.0)
    else:
        ends = np.append(np.flatnonzero(last), n - 1)
        keys = _flip(ordered[ends])
        tps = tps[ends]
        fps = np.add(ends, 1.0)
    fps -= tps
    return ThresholdCounts(keys, tps, fps)


def score_summary(positive: np.ndarray, scores: np.ndarray, sw, classes=None, edges=None) -> ScoreSummary:
    """The counts of checked samples per distinct score, or per bin of ``edges`` (lower edges, increasing)."""
    classes = np.array([]) if classes is None else classes
    if edges is not None:
        m = len(edges)
        codes = (m - 1) - (np.searchsorted(edges, scores, side="right") - 1)  # 0 for the top bin
        if sw is None:
            pos = np.bincount(codes[positive], minlength=m)
            return ScoreSummary(np.arange(m), pos, np.bincount(codes, minlength=m) - pos, classes)
        return ScoreSummary(
            np.arange(m),
            bincount_exact(codes[positive], sw[positive], m),
            bincount_exact(codes[~positive], sw[~positive], m),
            classes,
        )
    if sw is None:  # a chunk's counts per distinct score, from its running counts
        c = _unweighted_counts(positive, scores)
        per_key = [np.diff(a.astype(np.int64), prepend=np.int64(0)) for a in (c.tps, c.fps)]
        return ScoreSummary(_flip(c.thresholds), per_key[0], per_key[1], classes)
    pos_w = np.where(positive, sw, 0.0)
    return weights_summary(scores, pos_w, sw - pos_w, classes)  # each negative weight is w or 0: exact


def _runs_from_top(scores: np.ndarray):
    """``(order, flipped keys of the runs, run starts)``: the samples from the highest score down."""
    flipped = _flip(scores)
    order = np.argsort(flipped)  # decreasing scores; ties in any order: the sums are exact
    ordered = flipped[order]
    starts = _run_starts(ordered)
    return order, ordered[starts], starts


def weights_summary(scores: np.ndarray, pos_w: np.ndarray, neg_w: np.ndarray, classes=None) -> ScoreSummary:
    """Per distinct score, the exact sums of two streams of nonnegative weights (positive and negative).

    A sample may count in both: the plug-in counts of probabilities ``p``
    put ``w p`` on the positive side and ``w (1 - p)`` on the negative one.
    """
    order, keys, starts = _runs_from_top(scores)
    return ScoreSummary(
        keys,
        segment_sums_exact(pos_w[order], starts),
        segment_sums_exact(neg_w[order], starts),
        np.array([]) if classes is None else classes,
    )


def weighted_counts(scores: np.ndarray, pos_w: np.ndarray, neg_w: np.ndarray) -> ThresholdCounts:
    """The counts at every distinct score of two streams of weights: running sums, each exact and rounded once.

    The same values as :func:`counts_from_summary` of :func:`weights_summary`,
    without the per-score sums in between.
    """
    flipped = _flip(scores)
    order = np.argsort(flipped)  # decreasing scores; ties in any order: the sums are exact
    ordered = np.take(flipped, order)
    del flipped
    last = ordered[1:] != ordered[:-1]
    if np.count_nonzero(last) == len(last):  # every score distinct: each sample is its own run
        starts, keys = None, ordered
    else:
        starts = np.flatnonzero(np.concatenate([[True], last]))
        keys = ordered[starts]
    del last
    tps, fps = (running_sums_exact(np.take(w, order), starts, overwrite=True) for w in (pos_w, neg_w))
    return ThresholdCounts(_flip(keys, out=keys), tps, fps)


def _running(counts) -> np.ndarray:
    """The running sums of ``counts`` (from the top threshold down), as float64: exact sums rounded once."""
    if isinstance(counts, ExactSums):
        out = ExactSums(counts.offset, np.cumsum(counts.digits, axis=0, dtype=np.uint64))
        out._carry()
        return out.to_float()
    return np.cumsum(counts, dtype=np.float64)  # integers below 2**53: exact


def _nonzero(counts) -> np.ndarray:
    if isinstance(counts, ExactSums):
        return np.asarray(counts.digits.any(axis=-1))
    return counts != 0


def counts_from_summary(s: ScoreSummary, edges=None) -> ThresholdCounts:
    """Thresholds in decreasing order and the counts at or above each (empty bins left out)."""
    tps, fps = _running(s.positives), _running(s.negatives)
    thresholds = _flip(s.keys) if edges is None else edges[::-1][s.keys]
    if edges is None:
        return ThresholdCounts(thresholds, tps, fps)  # every key holds a sample of nonzero weight
    keep = _nonzero(s.positives) | _nonzero(s.negatives)
    per_bin = s.positives.to_float() if isinstance(s.positives, ExactSums) else s.positives.astype(np.float64)
    return ThresholdCounts(thresholds[keep], tps[keep], fps[keep], per_bin[keep])


def threshold_counts(positive: np.ndarray, scores: np.ndarray, sw, *, n_bins=None) -> ThresholdCounts:
    """Counts at or above every distinct score (or every bin edge, with ``n_bins``) of checked samples."""
    if n_bins is None:
        if sw is None:
            return _unweighted_counts(positive, scores)
        pos_w = np.where(positive, sw, 0.0)
        return weighted_counts(scores, pos_w, sw - pos_w)
    edges = None if n_bins is None else bin_edges(scores.min(), scores.max(), n_bins)
    return counts_from_summary(score_summary(positive, scores, sw, edges=edges), edges)


def bin_edges(lo, hi, n_bins: int) -> np.ndarray:
    """The lower edges of ``n_bins`` bins of equal width from ``lo`` to ``hi`` (the first is ``lo``)."""
    lo, hi = float(lo), float(hi)
    if lo == hi:
        return np.array([lo])
    edges = np.unique(np.linspace(lo, hi, n_bins + 1)[:-1])
    edges[0] = lo
    return edges


def binned_upper_bound(c: ThresholdCounts, g) -> float:
    """An upper bound on the best G over all thresholds, from binned counts (``g(P, R)`` vectorized).

    Every threshold inside bin i selects at most the positives of bins >= i
    and at least the negatives of bins > i; G grows with P and R.
    """
    tp = c.tps
    negatives_above = np.concatenate([[0.0], c.fps[:-1]])
    with np.errstate(invalid="ignore", divide="ignore"):
        P = tp / (tp + negatives_above)
        R = tp / c.total_positives
    P = np.where(tp > 0, P, 0.0)
    return float(np.max(g(P, R)))


def classes_of(yt: np.ndarray) -> np.ndarray:
    """The sorted distinct labels of a 1-d target array; two passes (min, max) for integers 0 or 1 apart."""
    if yt.ndim == 1 and yt.dtype.kind in "biu" and yt.size:
        lo, hi = yt.min(), yt.max()
        if int(hi) - int(lo) <= 1:  # both extremes occur: they are the labels
            return np.unique(np.array([lo, hi], dtype=yt.dtype))
    return np.unique(yt)


def pos_label_of(pos_label, classes: np.ndarray):
    """The positive label of a threshold curve: ``pos_label``, or 1 when the labels are {0, 1} or {-1, 1} (or one of them)."""
    if pos_label is not None:
        return pos_label
    classes = np.unique(classes)
    allowed = ([0, 1], [-1, 1], [0], [-1], [1])
    if classes.dtype.kind in "OUS" or not any(classes.tolist() == c for c in allowed):
        shown = ", ".join(repr(c) for c in classes.tolist())
        raise ValueError(
            f"y_true takes value in {{{shown}}} and pos_label is not specified: either make y_true take"
            " value in {0, 1} or {-1, 1} or pass pos_label explicitly."
        )
    return 1
