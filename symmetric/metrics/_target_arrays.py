"""The target arrays of the metrics, below the dispatch of :func:`symmetric.metrics._targets.check_targets`.

What both the NumPy path (:mod:`symmetric.metrics._targets`) and the Dask
path (:mod:`symmetric.metrics._dask`) need: the :class:`Targets` record,
the conversion and kind of a target array, sample-weight checks, and the
multilabel sums. It imports neither of them, so the two paths do not import
each other in a cycle.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ._exact import ExactSums, bincount_exact, sum_exact
from ._tally import Tally

__all__ = [
    "Targets",
    "type_of_target",
    "as_target_array",
    "targets_from_tally",
    "MultilabelSums",
    "multilabel_sums",
    "check_sample_weight",
]


@dataclass
class Targets:
    """Validated targets: their type, labels, weights and, for 1-d targets, their counts.

    For 1-d targets ``cm[i, j]`` is the (weighted) number of samples of true
    label ``labels[i]`` predicted as ``labels[j]``; ``tp``, ``true_sum`` and
    ``pred_sum`` are its diagonal, row and column sums. When the labels are
    too many for a dense matrix, ``cm`` is None and ``codes`` holds the
    encoded true and predicted labels. For multilabel targets ``y_true`` and
    ``y_pred`` are the boolean indicator matrices.
    """

    y_type: str
    labels: np.ndarray
    n_samples: int
    sample_weight: np.ndarray | None
    cm: np.ndarray | None = None
    tp: np.ndarray | None = None
    true_sum: np.ndarray | None = None
    pred_sum: np.ndarray | None = None
    codes: tuple | None = None
    true_present: np.ndarray | None = None
    y_true: np.ndarray | None = None
    y_pred: np.ndarray | None = None
    #: The total weight (the exact sum of the weights, rounded once), when weighted.
    total: float | None = None
    #: Whether the counts are weighted (``sample_weight`` may be None when they come from chunks).
    weighted: bool = False
    #: Whether the sample weights were given with an integer or bool dtype (scikit-learn then returns
    #: int64 confusion matrices), known also when the weights come from chunks or batches.
    integer_weights: bool = False
    #: Multilabel: per label (TP, predicted, true) counts, float64 when weighted (from the
    #: indicator matrices when they are given, else counted chunk by chunk).
    label_sums: tuple | None = None

    @property
    def total_weight(self):
        if self.total is not None:
            return self.total
        return self.n_samples if self.sample_weight is None else self.sample_weight.sum()


def as_target_array(y, name: str) -> np.ndarray:
    """``y`` as a NumPy array, refusing what cannot be a target."""
    if hasattr(y, "toarray") and hasattr(y, "nnz"):  # a SciPy sparse matrix or array
        y = y.toarray()
    if isinstance(y, (str, bytes)) or not (hasattr(y, "__len__") or hasattr(y, "__array__")):
        raise ValueError(f"Expected array-like (array or non-string sequence), got {y!r}")
    try:
        y = np.asarray(y)
    except ValueError:  # ragged nested sequences
        y = np.asarray(y, dtype=object)
    if y.dtype.kind == "c":
        raise ValueError(f"Complex data not supported\n{y}\n")
    if y.dtype.kind == "S" or (y.dtype == object and y.size and isinstance(y.flat[0], bytes)):
        raise TypeError(
            "Support for labels represented as bytes is not supported. Convert the labels to a string or integer format."
        )
    if y.dtype == object and y.ndim >= 1 and y.size and not isinstance(y.flat[0], str) and _is_sequence(y.flat[0]):
        raise ValueError(
            "You appear to be using a legacy multi-label data representation. Sequence of sequences are no longer"
            " supported; use a binary array or sparse matrix instead - the MultiLabelBinarizer transformer can"
            " convert to this format."
        )
    return y


def _is_sequence(x) -> bool:
    return isinstance(x, (list, tuple)) or (hasattr(x, "__len__") and not hasattr(x, "__array__"))


def _is_integral_float(y: np.ndarray) -> bool:
    """Whether every value survives a round trip through int64 (scikit-learn's test), block by block."""
    flat = y.reshape(-1)
    with np.errstate(invalid="ignore"):
        for a in range(0, len(flat), _BLOCK):
            block = flat[a : a + _BLOCK]
            if not np.array_equal(block.astype(np.int64).astype(y.dtype), block):
                return False
    return True


#: Values checked per step (below the size at which every temporary costs fresh pages).
_BLOCK = 1 << 14


def _assert_finite(y: np.ndarray, name: str) -> None:
    if y.dtype.kind == "f" and not np.isfinite(y).all():
        what = "NaN" if np.isnan(y).any() else f"infinity or a value too large for {y.dtype!r}"
        raise ValueError(f"Input {name} contains {what}.")


def _kind(y: np.ndarray, name: str) -> str:
    """The target type without counting labels: 'labels' stands for binary or multiclass."""
    if y.ndim not in (1, 2):
        return "unknown"
    if y.ndim == 2 and y.shape[1] > 1 and y.shape[0] > 0:
        if y.dtype.kind in "biuf":
            lo, hi = y.min(), y.max()  # fewer than 3 values: found without sorting when they are 0 and 1 apart
            values = np.unique([lo, hi]) if float(hi) - float(lo) <= 1 else np.unique(y)
        else:
            values = None
        if (
            values is not None
            and len(values) < 3
            and (y.dtype.kind in "biu" or (y.dtype.kind == "f" and _is_integral_float(values)))
        ):
            return "multilabel-indicator"
    if min(y.shape) == 0:
        return "binary" if y.ndim == 1 else "unknown"
    if y.dtype == object and not isinstance(y.flat[0], str):
        return "unknown"
    suffix = "-multioutput" if y.ndim == 2 and y.shape[1] > 1 else ""
    if y.dtype.kind == "f" and not _is_integral_float(y):
        _assert_finite(y, name)
        return "continuous" + suffix
    return "multiclass-multioutput" if suffix else "labels"


def type_of_target(y, *, input_name: str = "y") -> str:
    """scikit-learn's name for the type of target ``y``.

    >>> type_of_target([0, 1, 1]), type_of_target(["a", "b", "c"]), type_of_target([0.5, 1.0])
    ('binary', 'multiclass', 'continuous')
    >>> type_of_target([[1, 0], [0, 1]])
    'multilabel-indicator'
    """
    y = as_target_array(y, input_name)
    kind = _kind(y, input_name)
    if kind != "labels":
        return kind
    return "multiclass" if len(np.unique(y)) > 2 else "binary"


def _is_string(y: np.ndarray) -> bool:
    return y.dtype.kind == "U" or (y.dtype == object and y.size > 0 and isinstance(y.flat[0], str))


def check_sample_weight(sw: np.ndarray, n: int) -> np.ndarray:
    """``sw`` as float64 if it is a valid 1-d array of finite nonnegative weights, not all 0."""
    return _checked_weights(sw, n)[0]


def _checked_weights(sw: np.ndarray, n: int):
    """``(weights, smallest, largest)``: the checks need only the smallest and largest weight."""
    if sw.dtype.kind not in "biuf":
        sw = sw.astype(np.float64)
    if sw.ndim != 1:
        raise ValueError(
            f"Sample weights must be 1D array or scalar, got {sw.ndim}D array. "
            f"Expected either a scalar value or a 1D array of length {n}."
        )
    sw = np.asarray(sw, dtype=np.float64)
    lo, hi = (float(sw.min()), float(sw.max())) if sw.size else (0.0, 0.0)  # nan if any is nan
    if not (math.isfinite(lo) and math.isfinite(hi)):
        _assert_finite(sw, "sample_weight")
    if lo < 0:
        negative = np.flatnonzero(sw < 0)
        # scikit-learn accepts them, but precision and recall are then no
        # longer ratios of counts (precision can be -2), and F and G computed
        # from P and R can differ from scikit-learn's count formula.
        raise ValueError(
            f"Negative values in data passed to `sample_weight`: sample weights must be >= 0, "
            f"got {float(sw[negative[0]])!r} at index {negative[0]}."
        )
    if hi == 0:
        raise ValueError("Sample weights must contain at least one non-zero number.")
    return sw, lo, hi


def targets_from_tally(tally: Tally, sample_weight: np.ndarray | None = None) -> Targets:
    """The :class:`Targets` of 1-d labels counted in ``tally``."""
    tp, true_sum, pred_sum, total = tally.counts()
    t = Targets(
        "binary" if len(tally.labels) <= 2 else "multiclass",
        tally.labels,
        tally.n_samples,
        sample_weight,
        cm=tally.matrix() if tally.dense else None,
        tp=tp,
        true_sum=true_sum,
        pred_sum=pred_sum,
        codes=tally.codes,
        true_present=tally.true_seen,
    )
    if tally.weighted:
        t.total, t.weighted, t.integer_weights = total, True, tally.integer_weights
    elif not tp.any():  # scikit-learn's counts are float when no sample is predicted right
        t.tp, t.true_sum, t.pred_sum = (a.astype(np.float64) for a in (tp, true_sum, pred_sum))
    return t


@dataclass
class MultilabelSums:
    """Per-label counts of multilabel indicator targets: exact, mergeable (``+``)."""

    n_samples: int
    sums: np.ndarray  # (3, n_labels) int64: both, predicted, true
    wsums: ExactSums | None = None  # the same, weighted
    wtotal: ExactSums | None = None

    def __add__(self, other: MultilabelSums) -> MultilabelSums:
        if self.sums.shape != other.sums.shape:
            raise ValueError("Multi-label binary indicator input with different numbers of labels")
        if (self.wtotal is None) != (other.wtotal is None):
            raise ValueError("Cannot add counts with sample weights to counts without them.")
        return MultilabelSums(
            self.n_samples + other.n_samples,
            self.sums + other.sums,
            _add_exact(self.wsums, other.wsums),
            _add_exact(self.wtotal, other.wtotal),
        )

    def counts(self) -> tuple[np.ndarray, ...]:
        """``(tp, pred_sum, true_sum)``: int64, or float64 (exact sums rounded once) when weighted."""
        return tuple(self.sums) if self.wsums is None else tuple(self.wsums.to_float())


def _add_exact(a: ExactSums | None, b: ExactSums | None) -> ExactSums | None:
    """The sum of two weighted counts, None for counts without weights."""
    return None if a is None or b is None else a + b


def multilabel_sums(yt: np.ndarray, yp: np.ndarray, sw: np.ndarray | None) -> MultilabelSums:
    """The per-label counts of boolean indicator matrices (weights checked)."""
    k = yt.shape[1]
    if sw is None and 4 * k <= 256:  # one bincount of (2 * true + pred) * k + label, in uint8
        code = yt.view(np.uint8) * np.uint8(2)
        code += yp.view(np.uint8)
        code *= np.uint8(k)
        code += np.arange(k, dtype=np.uint8)
        c = np.bincount(code.ravel(), minlength=4 * k).reshape(4, k)
        return MultilabelSums(len(yt), np.stack([c[3], c[1] + c[3], c[2] + c[3]]).astype(np.int64))
    both = yt & yp
    sums = np.stack([a.sum(axis=0) for a in (both, yp, yt)]).astype(np.int64)
    if sw is None:
        return MultilabelSums(len(yt), sums)
    parts = []
    for a in (both, yp, yt):
        rows, cols = np.nonzero(a)
        parts.append(bincount_exact(cols, sw[rows], k))
    return MultilabelSums(len(yt), sums, ExactSums.stack(parts), sum_exact(sw))


def _categories(y):
    """``(categories, codes)`` of a pandas categorical (Series or Categorical), else None."""
    if not type(y).__module__.startswith("pandas") or str(getattr(y, "dtype", "")) != "category":
        return None
    cat = y.cat if hasattr(y, "cat") else y
    return np.asarray(cat.categories), np.asarray(cat.codes)


def _shared_categories(y_true, y_pred):
    """``(true codes, pred codes, categories)`` when both are categoricals with the same categories."""
    a, b = _categories(y_true), _categories(y_pred)
    if a is None or b is None or len(a[0]) != len(b[0]) or not np.array_equal(a[0], b[0]):
        return None
    categories = a[0]
    if categories.dtype.kind not in "biuU" and not (
        categories.dtype == object and all(isinstance(c, str) for c in categories.tolist())
    ):
        return None
    for codes in (a[1], b[1]):
        if codes.ndim != 1 or (codes < 0).any():
            return None  # missing values: the general path reports them
    return a[1], b[1], categories.astype(str) if categories.dtype == object else categories


def _check_lengths(arrays) -> None:
    lengths = [len(a) if a.ndim else 0 for a in arrays]
    if len(set(lengths)) > 1:
        raise ValueError(f"Found input variables with inconsistent numbers of samples: {lengths!r}")


_check_sample_weight = check_sample_weight  # the name the threshold curves import
