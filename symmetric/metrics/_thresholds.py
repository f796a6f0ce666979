"""Counts of positive and of all samples at or above each decision threshold: exact, weighted, binned, Dask.

:func:`threshold_counts` gives, for thresholds in decreasing order, the
(weighted) number of positive samples and of all samples whose score is at
least the threshold. Weighted counts are exact sums rounded once
(:mod:`symmetric.metrics._exact`), so Dask input, counted chunk by chunk,
gives the same bits as the same data in memory.

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
>>> c.thresholds.tolist(), c.positives.tolist(), c.samples.tolist(), c.total_positives
([0.9, 0.5, 0.2], [1.0, 1.0, 2.0], [1.0, 2.0, 3.0], 2.0)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ._exact import ExactSums, bincount_exact

__all__ = [
    "ThresholdCounts",
    "threshold_counts",
    "binned_upper_bound",
    "ScoreSummary",
    "pos_label_of",
    "score_summary",
]


@dataclass
class ThresholdCounts:
    """``positives[i]`` / ``samples[i]``: (weighted) positives / samples with score >= ``thresholds[i]`` (decreasing)."""

    thresholds: np.ndarray
    positives: np.ndarray
    samples: np.ndarray
    total_positives: float
    #: With bins: the positives of each bin alone (for the error bound), else None.
    bin_positives: np.ndarray | None = None


@dataclass
class ScoreSummary:
    """Per distinct score (or per bin): positive and total counts, int64 or exact; mergeable."""

    keys: np.ndarray  # distinct scores, increasing (or bin indices)
    positives: np.ndarray | ExactSums  # int64 array or ExactSums
    samples: np.ndarray | ExactSums
    classes: np.ndarray  # the distinct labels of y_true seen (with nonzero weight)

    def __add__(self, other: ScoreSummary) -> ScoreSummary:
        keys, inverse = np.unique(np.concatenate([self.keys, other.keys]), return_inverse=True)
        parts = []
        for a, b in ((self.positives, other.positives), (self.samples, other.samples)):
            parts.append(_scatter(a, b, inverse[: len(self.keys)], inverse[len(self.keys) :], len(keys)))
        classes = (
            np.union1d(self.classes, other.classes)
            if len(self.classes) and len(other.classes)
            else (self.classes if len(self.classes) else other.classes)
        )
        return ScoreSummary(keys, parts[0], parts[1], classes)


def _scatter(a, b, ia, ib, m):
    if isinstance(a, ExactSums):
        lo = min(a.offset, b.offset)
        width = max(a.offset + a.digits.shape[-1], b.offset + b.digits.shape[-1]) - lo
        out = ExactSums(lo, np.zeros((m, width), dtype=np.uint64))
        for part, at in ((a, ia), (b, ib)):
            start = part.offset - lo
            np.add.at(out.digits[:, start : start + part.digits.shape[-1]], at, part.digits)
        out._carry()
        return out
    out = np.zeros(m, dtype=np.int64)
    np.add.at(out, ia, a)
    np.add.at(out, ib, b)
    return out


def score_summary(positive: np.ndarray, scores: np.ndarray, sw, classes=None, edges=None) -> ScoreSummary:
    """The counts of checked samples per distinct score, or per bin of ``edges`` (lower edges, increasing)."""
    if edges is None:
        keys, inverse = np.unique(scores, return_inverse=True)
    else:
        inverse = np.searchsorted(edges, scores, side="right") - 1
        keys = np.arange(len(edges))
    m = len(keys)
    pos: np.ndarray | ExactSums
    all_: np.ndarray | ExactSums
    if sw is None:
        pos = np.bincount(inverse[positive], minlength=m)
        all_ = np.bincount(inverse, minlength=m)
    else:
        pos = bincount_exact(inverse[positive], sw[positive], m)
        all_ = bincount_exact(inverse, sw, m)
    return ScoreSummary(keys, pos, all_, np.array([]) if classes is None else classes)


def _from_top(counts) -> np.ndarray:
    """Sums of ``counts[j]`` for j >= i, as float64 (exact sums rounded once)."""
    if isinstance(counts, ExactSums):
        digits = np.cumsum(counts.digits[::-1], axis=0, dtype=np.uint64)
        out = ExactSums(counts.offset, digits)
        out._carry()
        return out.to_float()
    return np.cumsum(counts[::-1]).astype(np.float64)


def counts_from_summary(s: ScoreSummary, edges=None) -> ThresholdCounts:
    """Thresholds in decreasing order and the counts at or above each."""
    keep = _nonzero(s.samples)
    positives, samples = _from_top(s.positives), _from_top(s.samples)
    keys = s.keys[::-1] if edges is None else edges[s.keys[::-1]]
    keep = keep[::-1]
    bins = None
    if edges is not None:
        per_bin = s.positives.to_float() if isinstance(s.positives, ExactSums) else s.positives.astype(np.float64)
        bins = per_bin[::-1][keep]
    return ThresholdCounts(
        keys[keep], positives[keep], samples[keep], float(positives[-1]) if len(positives) else 0.0, bins
    )


def _nonzero(counts) -> np.ndarray:
    if isinstance(counts, ExactSums):
        return np.asarray(counts.digits.any(axis=-1))
    return counts != 0


def threshold_counts(positive: np.ndarray, scores: np.ndarray, sw, *, n_bins=None) -> ThresholdCounts:
    """Counts at or above every distinct score (or every bin edge, with ``n_bins``) of checked samples."""
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
    tp = c.positives
    negatives_above = np.concatenate([[0.0], (c.samples - c.positives)[:-1]])
    with np.errstate(invalid="ignore", divide="ignore"):
        P = tp / (tp + negatives_above)
        R = tp / c.total_positives
    P = np.where(tp > 0, P, 0.0)
    return float(np.max(g(P, R)))


def pos_label_of(pos_label, y_true: np.ndarray):
    """The positive label of a threshold curve: ``pos_label``, or 1 when ``y_true`` takes values in {0, 1} or {-1, 1}."""
    if pos_label is not None:
        return pos_label
    classes = np.unique(y_true)
    allowed = ([0, 1], [-1, 1], [0], [-1], [1])
    if classes.dtype.kind in "OUS" or not any(classes.tolist() == c for c in allowed):
        shown = ", ".join(repr(c) for c in classes.tolist())
        raise ValueError(
            f"y_true takes value in {{{shown}}} and pos_label is not specified: either make y_true take"
            " value in {0, 1} or {-1, 1} or pass pos_label explicitly."
        )
    return 1
