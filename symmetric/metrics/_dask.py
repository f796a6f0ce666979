"""Dask input: targets counted chunk by chunk, never gathered into one process.

Every function of :mod:`symmetric.metrics` accepts Dask arrays and Dask
Series (a DataFrame's columns) for ``y_true``, ``y_pred`` and
``sample_weight``. Each chunk is validated and counted where it lives into
a :class:`~symmetric.metrics._tally.Tally` (a few KB: the labels seen and
their confusion counts), and the tallies are added up in a tree; the labels
present are discovered by the same pass. Counts are integers or exact sums
of the weights (:mod:`symmetric.metrics._exact`), so the result is the same,
bit for bit, as for the same data in memory, with any chunking, with the
threaded scheduler or ``dask.distributed``. Dask is imported only when an
input is a Dask collection.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from ..numeric.backends import DASK
from ._tally import count

if TYPE_CHECKING:  # for the annotations only
    from ._target_arrays import Targets

__all__ = ["is_dask", "dask_targets", "chunks_of", "tree_reduce"]

#: Tallies merged per node of the reduction tree.
_FAN_IN = 8


def is_dask(obj) -> bool:
    """Whether ``obj`` is a Dask collection (its backend record's detection: no Dask imported to tell)."""
    return DASK.owns(obj)


def _is_frame(obj) -> bool:
    return is_dask(obj) and hasattr(obj, "npartitions") and hasattr(obj, "divisions")


def chunks_of(*arrays) -> list:
    """The aligned chunks (lists of delayed NumPy arrays) of 1-d Dask arrays, Series or NumPy arrays (None kept).

    Series that share their partitions are split along them; otherwise
    everything becomes a Dask array with the chunks of the first one (a
    Series whose partition lengths are unknown costs a pass to find them).
    """
    import dask.array as da

    given = [a for a in arrays if a is not None]
    frames = [a for a in given if _is_frame(a)]
    if (
        frames
        and len(frames) == len(given)
        and len({a.npartitions for a in frames}) == 1
        and len({tuple(a.divisions) for a in frames}) == 1
    ):
        parts = [a.to_delayed() for a in frames]
        it = iter(parts)
        return [None if a is None else next(it) for a in arrays]
    converted: list[Any] = []
    for a in arrays:
        if a is None:
            converted.append(None)
        elif _is_frame(a):
            converted.append(a.to_dask_array(lengths=True))
        else:
            converted.append(a)
    reference = next(a for a in converted if a is not None and is_dask(a))
    if any(np.isnan(c) for c in reference.chunks[0]):
        reference = reference.compute_chunk_sizes()
    out: list[Any] = []
    for a in converted:
        if a is None:
            out.append(None)
            continue
        if not is_dask(a):
            a = np.asarray(a)
            if a.ndim == 0 or len(a) != reference.shape[0]:
                raise ValueError(
                    f"Found input variables with inconsistent numbers of samples: "
                    f"{[reference.shape[0], len(a) if a.ndim else 0]!r}"
                )
            a = da.from_array(a, chunks=reference.chunks[:1] + tuple((s,) for s in a.shape[1:]))
        elif a.ndim >= 1 and a.chunks[0] != reference.chunks[0]:
            if a.shape[0] != reference.shape[0]:
                raise ValueError(
                    f"Found input variables with inconsistent numbers of samples: {[reference.shape[0], a.shape[0]]!r}"
                )
            a = a.rechunk(reference.chunks[:1] + tuple((s,) for s in a.shape[1:]))
        if a.ndim > 1:
            a = a.rechunk({i: -1 for i in range(1, a.ndim)})
        out.append(list(a.to_delayed().ravel()))
    return out


def tree_reduce(parts, merge) -> Any:
    """Delayed ``merge`` of the delayed ``parts``, ``_FAN_IN`` at a time."""
    import dask

    merge = dask.delayed(merge, pure=True)
    while len(parts) > 1:
        parts = [merge(*parts[i : i + _FAN_IN]) for i in range(0, len(parts), _FAN_IN)]
    return parts[0]


class _Summary:
    """What one chunk (or several) says about the targets, and its tally."""

    def __init__(self, n=0, kinds=(), strings=(), weights=None, tally=None) -> None:
        self.n, self.kinds, self.strings, self.weights, self.tally = n, set(kinds), set(strings), weights, tally
        self.values: set = set()  # multilabel: the values seen
        self.shapes: set = set()  # multilabel: the numbers of labels

    @staticmethod
    def merge(*summaries):
        out = _Summary()
        for s in summaries:
            out.kinds |= s.kinds
            out.strings |= s.strings
            if s.weights is not None:
                if out.weights is None:
                    out.weights = dict(s.weights)
                else:
                    w = out.weights
                    if w["negative"] is None and s.weights["negative"] is not None:
                        w["negative"] = (s.weights["negative"][0] + out.n, s.weights["negative"][1])
                    w["nan"] |= s.weights["nan"]
                    w["inf"] |= s.weights["inf"]
                    w["nonzero"] |= s.weights["nonzero"]
            out.values |= s.values
            out.shapes |= s.shapes
            if len(out.shapes) <= 1:
                out.tally = s.tally if out.tally is None else out.tally if s.tally is None else out.tally + s.tally
            out.n += s.n
        return out


def _weight_summary(sw: np.ndarray):
    """What the checks of the weights need to know about one chunk (a min and a max pass when they are fine)."""
    sw = np.asarray(sw, dtype=np.float64) if sw.dtype.kind not in "biuf" else sw.astype(np.float64, copy=False)
    lo, hi = (float(sw.min()), float(sw.max())) if sw.size else (0.0, 0.0)
    info = {"negative": None, "nan": False, "inf": False, "nonzero": hi > 0, "ndim": sw.ndim, "range": (lo, hi)}
    if not (np.isfinite(lo) and np.isfinite(hi)):
        info["nan"], info["inf"] = bool(np.isnan(sw).any()), bool(np.isinf(sw).any())
        info["nonzero"] = bool(sw.any())
    if lo < 0 or info["nan"]:
        negative = np.flatnonzero(sw < 0)
        if negative.size:
            info["negative"] = (int(negative[0]), float(sw[negative[0]]))
    return info


def _chunk(yt, yp, sw=None):
    """Validate and count one chunk (the checks of ``check_targets``, one chunk at a time)."""
    from ._target_arrays import _is_string, _kind, as_target_array

    yt, yp = as_target_array(yt, "y_true"), as_target_array(yp, "y_pred")
    n = len(yt)
    summary = _Summary(n, weights=None if sw is None else _weight_summary(np.asarray(sw)))
    if not n:
        return summary
    kinds = (_kind(yt, "y_true"), _kind(yp, "y_pred"))
    summary.kinds = {kinds}
    w = summary.weights
    bad_weights = sw is not None and (w["negative"] is not None or w["nan"] or w["inf"] or w["ndim"] != 1)
    if kinds == ("multilabel-indicator", "multilabel-indicator"):
        from ._target_arrays import multilabel_sums

        for side, y in (("y_true", yt), ("y_pred", yp)):
            values = np.unique([y.min(), y.max()]) if float(y.max()) - float(y.min()) <= 1 else np.unique(y)
            summary.values |= {(side, v) for v in values.tolist()}
        summary.shapes = {(yt.shape[1], yp.shape[1])}
        if yt.shape[1] == yp.shape[1] and not bad_weights:
            summary.tally = multilabel_sums(yt != 0, yp != 0, None if sw is None else np.asarray(sw, np.float64))
        return summary
    if kinds != ("labels", "labels"):
        return summary
    yt, yp = yt.reshape(n), yp.reshape(n)
    summary.strings = {(_is_string(yt), _is_string(yp))}
    if _is_string(yt) != _is_string(yp):
        return summary
    if bad_weights:
        return summary
    summary.tally = count(
        yt,
        yp,
        None if sw is None else np.asarray(sw, dtype=np.float64),
        weight_range=None if sw is None else w["range"],
        integer_weights=sw is not None and np.asarray(sw).dtype.kind in "biu",
    )
    return summary


def dask_targets(y_true, y_pred, sample_weight, *, func, check_labels) -> Targets:
    """:func:`~symmetric.metrics._targets.check_targets` for Dask input: the same checks, counts and errors."""
    import dask

    from ._target_arrays import targets_from_tally

    yt, yp, sw = chunks_of(y_true, y_pred, sample_weight)
    if len(yt) != len(yp):
        raise ValueError("y_true and y_pred are split into different numbers of chunks.")
    parts = [
        dask.delayed(_chunk, pure=True)(a, b, *([] if sw is None else [sw[i]])) for i, (a, b) in enumerate(zip(yt, yp))
    ]
    (summary,) = dask.compute(tree_reduce(parts, _Summary.merge))
    if not summary.n:
        raise ValueError(
            "Found empty input array (e.g., `y_true` or `y_pred`) while a minimum of 1 sample is required."
        )
    kinds = {k for pair in summary.kinds for k in pair}
    if len(summary.kinds) != 1 or len(set(next(iter(summary.kinds)))) != 1:
        _raise_kinds(y_true, y_pred, summary.kinds)
    kind = kinds.pop()
    if kind == "multilabel-indicator" and any(
        len({v for s, v in summary.values if s == side}) >= 3 for side in ("y_true", "y_pred")
    ):
        kind = "multiclass-multioutput"
    if kind == "multilabel-indicator":
        return _multilabel_targets(summary, sample_weight, check_labels)
    if kind != "labels":
        raise ValueError(f"{kind} is not supported")
    if any(a != b for a, b in summary.strings) or len(summary.strings) > 1:
        raise ValueError(f"Mix of label input types (string and number); Got {_unique(y_true)} and {_unique(y_pred)}.")
    t = targets_from_tally(summary.tally)
    if check_labels is not None:
        check_labels(t.y_type, t.labels)
    _check_weights(summary, sample_weight)
    return t


def _check_weights(summary, sample_weight):
    """The in-memory errors for bad sample weights, from the chunks' summaries."""
    from ._target_arrays import check_sample_weight

    if sample_weight is None:
        return
    w = summary.weights
    if w["ndim"] != 1:
        check_sample_weight(np.zeros((1, 1)), summary.n)
    if w["nan"] or w["inf"]:
        what = "NaN" if w["nan"] else "infinity or a value too large for dtype('float64')"
        raise ValueError(f"Input sample_weight contains {what}.")
    if w["negative"] is not None:
        index, value = w["negative"]
        raise ValueError(
            f"Negative values in data passed to `sample_weight`: sample weights must be >= 0, "
            f"got {value!r} at index {index}."
        )
    if not w["nonzero"]:
        raise ValueError("Sample weights must contain at least one non-zero number.")


def _multilabel_targets(summary, sample_weight, check_labels):
    from ._target_arrays import Targets

    if len(summary.shapes) != 1 or len(set(next(iter(summary.shapes)))) != 1:
        raise ValueError("Multi-label binary indicator input with different numbers of labels")
    k = next(iter(summary.shapes))[0]
    if check_labels is not None:
        check_labels("multilabel-indicator", np.arange(k))
    _check_weights(summary, sample_weight)
    ml = summary.tally
    t = Targets("multilabel-indicator", np.arange(k), summary.n, None, label_sums=ml.counts())
    if ml.wtotal is not None:
        t.weighted, t.total = True, float(ml.wtotal.to_float())
        t.integer_weights = np.dtype(sample_weight.dtype).kind in "biu"
    return t


def _unique(y):
    import dask.array as da

    return np.unique(np.asarray(da.unique(y.to_dask_array(lengths=True) if _is_frame(y) else y).compute()))


def _raise_kinds(y_true, y_pred, kinds):
    """The in-memory error for targets whose chunks disagree on their type."""
    from ._target_arrays import type_of_target

    names = []
    for i, y in enumerate((y_true, y_pred)):
        found = {pair[i] for pair in kinds}
        kind = next(
            (k for k in ("unknown", "continuous", "multiclass-multioutput", "multilabel-indicator") if k in found),
            "labels",
        )
        names.append(type_of_target(_unique(y)) if kind == "labels" else kind)
    if names[0] == names[1]:
        raise ValueError(f"{names[0]} is not supported")
    raise ValueError(f"Classification metrics can't handle a mix of {names[0]} and {names[1]} targets")


def _curve_chunk(yt, ys, sw, pos_label, edges):
    """Validate one chunk of (y_true, y_score, sample_weight) and count it per distinct score or bin."""
    from ._target_arrays import _kind, as_target_array
    from ._thresholds import classes_of, score_summary

    yt, ys = as_target_array(yt, "y_true"), np.asarray(ys)
    info: dict[str, Any] = {
        "n": len(yt),
        "kind": _kind(yt, "y_true"),
        "classes": np.array([]),
        "kept": np.array([]),
        "score_ok": True,
        "finite": True,
        "weights": None if sw is None else _weight_summary(np.asarray(sw)),
    }
    if ys.ndim == 2 and ys.shape[1] == 1:
        ys = ys.reshape(len(ys))
    if ys.ndim != 1 or ys.dtype.kind not in "biuf":
        info["score_ok"] = False
        return info, None
    if ys.dtype.kind == "f" and not np.isfinite(ys).all():
        info["finite"] = "NaN" if np.isnan(ys).any() else f"infinity or a value too large for {ys.dtype!r}"
        return info, None
    if info["kind"] != "labels" or not len(yt):
        return info, None
    yt = yt.reshape(len(yt))
    info["classes"] = classes_of(yt)
    w = info["weights"]
    if w is not None:
        if w["negative"] is not None or w["nan"] or w["inf"] or w["ndim"] != 1:
            return info, None
        sw = np.asarray(sw, dtype=np.float64)
        keep = sw != 0
        yt, ys, sw = yt[keep], ys[keep], sw[keep]
    info["kept"] = classes_of(yt)
    positive = yt == (1 if pos_label is None else pos_label)
    scores = ys.astype(np.float64) if ys.dtype.kind == "b" else ys
    return info, score_summary(positive, scores, sw, edges=edges)


def _curve_merge(*parts):
    from ._thresholds import ScoreSummary

    info: dict[str, Any] = {
        "n": 0,
        "kind": set(),
        "classes": np.array([]),
        "kept": np.array([]),
        "score_ok": True,
        "finite": True,
        "weights": None,
    }
    summaries = []
    for part_info, part in parts:
        kinds = (
            part_info["kind"]
            if isinstance(part_info["kind"], set)
            else {part_info["kind"]}
            if part_info["n"]
            else set()
        )
        if part_info["weights"] is not None:
            merged = _Summary.merge(
                _Summary(info["n"], weights=info["weights"]), _Summary(part_info["n"], weights=part_info["weights"])
            )
            info["weights"] = merged.weights
        info["n"] += part_info["n"]
        info["kind"] |= kinds
        for key in ("classes", "kept"):
            info[key] = np.union1d(info[key], part_info[key]) if len(info[key]) else part_info[key]
        info["score_ok"] &= part_info["score_ok"]
        if info["finite"] is True:
            info["finite"] = part_info["finite"]
        summaries.append(part)
    summaries = [s for s in summaries if s is not None]
    return info, ScoreSummary.merge(*summaries) if summaries else None


def dask_threshold_counts(y_true, y_score, pos_label, sample_weight, *, n_bins, func, require_positive=True):
    """:func:`~symmetric.metrics._thresholds.threshold_counts` of Dask input, with the checks of the curve."""
    import dask

    from .._validation import InvalidParameterError
    from ._thresholds import bin_edges, counts_from_summary, pos_label_of as _pos_label

    yt, ys, sw = chunks_of(y_true, y_score, sample_weight)
    edges = None
    if n_bins is not None:
        lo_hi = tree_reduce([dask.delayed(_min_max, pure=True)(c) for c in ys], _min_max_merge)
        ((lo, hi),) = dask.compute(lo_hi)
        edges = bin_edges(lo, hi, n_bins) if np.isfinite(lo) and np.isfinite(hi) else None
    parts = [
        dask.delayed(_curve_chunk, pure=True)(a, b, None if sw is None else sw[i], pos_label, edges)
        for i, (a, b) in enumerate(zip(yt, ys))
    ]
    ((info, summary),) = dask.compute(tree_reduce(parts, _curve_merge))
    kinds = info["kind"]
    if len(kinds) > 1 or kinds - {"labels"}:
        y_type = next(
            k
            for k in ("unknown", "continuous", "multiclass-multioutput", "multilabel-indicator", "labels")
            if k in kinds
        )
    else:
        y_type = "labels"
    if y_type == "labels":
        y_type = "binary" if len(info["classes"]) <= 2 else "multiclass"
    if not (y_type == "binary" or (y_type == "multiclass" and pos_label is not None)):
        raise ValueError(f"{y_type} format is not supported")
    if not info["n"]:
        raise ValueError(
            "Found empty input array (e.g., `y_true` or `y_score`) while a minimum of 1 sample is required."
        )
    if not info["score_ok"]:
        raise InvalidParameterError.of("y_score", func, "a 1-d array of real numbers", y_score)
    if info["finite"] is not True:
        raise ValueError(f"Input y_score contains {info['finite']}.")
    _check_weights(_Summary(info["n"], weights=info["weights"]), sample_weight)
    pos_label = _pos_label(pos_label, info["kept"])
    counts = counts_from_summary(summary, edges)
    if require_positive and not counts.total_positives:
        raise ValueError(
            f"pos_label={pos_label!r} is not present in y_true (with nonzero weight): "
            f"{func} needs at least one positive sample."
        )
    return counts


def _min_max(ys):
    ys = np.asarray(ys)
    if not ys.size or ys.dtype.kind not in "biuf":
        return np.inf, -np.inf
    return float(ys.min()), float(ys.max())


def _min_max_merge(*parts):
    return min(p[0] for p in parts), max(p[1] for p in parts)
