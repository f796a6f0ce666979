"""Validate a pair of targets and count them in one pass.

:func:`check_targets` accepts what scikit-learn's classification metrics
accept (lists, arrays, column vectors, string labels, multilabel indicator
matrices; sparse matrices are densified), raises the same errors with the
same messages, and for 1-d targets counts the confusion matrix while it
works out the target type: labels are encoded once (integers by their
offset from the smallest label, anything else by ``np.unique``) and the
cells are counted with a single ``np.bincount`` of ``true_code * k +
pred_code``. Nothing else scans the data again.

>>> t = check_targets([0, 1, 1, 2], [0, 2, 1, 2], func="f1_score")
>>> t.y_type, t.labels.tolist()
('multiclass', [0, 1, 2])
>>> t.cm
array([[1, 0, 0],
       [0, 1, 1],
       [0, 0, 1]])
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

__all__ = ["Targets", "check_targets", "type_of_target", "as_target_array"]

#: Largest number of confusion-matrix cells counted with one bincount.
_MAX_CELLS = 1 << 22
#: Largest |label| * (range + 1) for which integer labels are combined without first subtracting the minimum.
_SAFE = 1 << 62


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

    @property
    def total_weight(self):
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
    with np.errstate(invalid="ignore"):
        return bool(np.all(y.astype(np.int64).astype(y.dtype) == y))


def _assert_finite(y: np.ndarray, name: str) -> None:
    if y.dtype.kind == "f" and not np.isfinite(y).all():
        what = "NaN" if np.isnan(y).any() else f"infinity or a value too large for {y.dtype!r}"
        raise ValueError(f"Input {name} contains {what}.")


def _kind(y: np.ndarray, name: str) -> str:
    """The target type without counting labels: 'labels' stands for binary or multiclass."""
    if y.ndim not in (1, 2):
        return "unknown"
    if y.ndim == 2 and y.shape[1] > 1 and y.shape[0] > 0:
        values = np.unique(y) if y.dtype != object else None
        if values is not None and len(values) < 3 and (y.dtype.kind in "biu" or (
                y.dtype.kind == "f" and _is_integral_float(values))):
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


def _check_sample_weight(sw: np.ndarray, n: int) -> np.ndarray:
    if sw.dtype.kind not in "biuf":
        sw = sw.astype(np.float64)
    if sw.ndim != 1:
        raise ValueError(
            f"Sample weights must be 1D array or scalar, got {sw.ndim}D array. "
            f"Expected either a scalar value or a 1D array of length {n}."
        )
    sw = np.asarray(sw, dtype=np.float64)
    _assert_finite(sw, "sample_weight")
    negative = np.flatnonzero(sw < 0)
    if negative.size:
        # scikit-learn accepts them, but precision and recall are then no
        # longer ratios of counts (precision can be -2), and F and G computed
        # from P and R can differ from scikit-learn's count formula.
        raise ValueError(
            f"Negative values in data passed to `sample_weight`: sample weights must be >= 0, "
            f"got {float(sw[negative[0]])!r} at index {negative[0]}."
        )
    if not sw.any():
        raise ValueError("Sample weights must contain at least one non-zero number.")
    return sw


def check_targets(y_true, y_pred, sample_weight=None, *, func: str, check_labels=None) -> Targets:
    """Validate ``y_true`` and ``y_pred`` like scikit-learn's ``_check_targets`` and count them.

    Raises ``ValueError`` for targets of different lengths, empty targets, a
    mix of target types, continuous or multioutput targets, a mix of string
    and number labels, and bad sample weights. ``check_labels(y_type,
    labels)``, if given, runs before the sample weights are checked, which is
    scikit-learn's order of errors.
    """
    yt, yp = as_target_array(y_true, "y_true"), as_target_array(y_pred, "y_pred")
    _check_lengths([yt, yp])
    kinds = (_kind(yt, "y_true"), _kind(yp, "y_pred"))
    n = len(yt)
    if n < 1:
        raise ValueError(
            "Found empty input array (e.g., `y_true` or `y_pred`) while a minimum of 1 sample is required."
        )
    if kinds[0] != kinds[1]:
        named = [type_of_target(y) if k == "labels" else k for y, k in zip((yt, yp), kinds)]
        raise ValueError(f"Classification metrics can't handle a mix of {named[0]} and {named[1]} targets")
    kind = kinds[0]
    if kind not in ("labels", "multilabel-indicator"):
        raise ValueError(f"{kind} is not supported")
    if kind == "multilabel-indicator":
        if yt.shape[1] != yp.shape[1]:
            raise ValueError("Multi-label binary indicator input with different numbers of labels")
        t = Targets(kind, np.arange(yt.shape[1]), n, None, y_true=yt != 0, y_pred=yp != 0)
    else:
        yt, yp = yt.reshape(n), yp.reshape(n)
        if _is_string(yt) != _is_string(yp):
            raise ValueError(f"Mix of label input types (string and number); Got {np.unique(yt)} and {np.unique(yp)}.")
        t, combined = _count(yt, yp)
    if check_labels is not None:
        check_labels(t.y_type, t.labels)
    if sample_weight is not None:
        sw = np.asarray(sample_weight)
        _check_lengths([yt, yp, sw])
        t.sample_weight = _check_sample_weight(sw, n)
        if kind == "labels":
            _weigh(t, combined)
    return t


def _check_lengths(arrays) -> None:
    lengths = [len(a) if a.ndim else 0 for a in arrays]
    if len(set(lengths)) > 1:
        raise ValueError(f"Found input variables with inconsistent numbers of samples: {lengths!r}")


def _integer_codes(yt, yp):
    """``(values, true_code * r + pred_code, r)`` for integer or bool labels of small range, else None."""
    if yt.dtype.kind not in "biu" or yp.dtype.kind not in "biu":
        return None
    a, b = (y.view(np.uint8) if y.dtype == bool else y for y in (yt, yp))
    lo, hi = int(min(a.min(), b.min())), int(max(a.max(), b.max()))
    r = hi - lo + 1
    if r * r > min(_MAX_CELLS, 16 * len(a) + 4096):
        return None
    if max(abs(lo), abs(hi)) * (r + 1) < _SAFE:
        combined = np.multiply(a, r, dtype=np.intp)
        np.add(combined, b, out=combined, casting="unsafe")
        if lo:
            combined -= lo * (r + 1)
    else:
        combined = np.subtract(a, lo, dtype=np.intp)
        combined *= r
        combined += np.subtract(b, lo, dtype=np.intp)
    dtype = yt.dtype if yt.dtype == yp.dtype else np.result_type(yt.dtype, yp.dtype)
    return np.arange(lo, hi + 1).astype(dtype), combined, r


def _count(yt, yp):
    """Unweighted counts of 1-d targets, and the combined codes to weigh them later."""
    n = len(yt)
    fast = _integer_codes(yt, yp)
    codes = None
    if fast is not None:
        values, combined, r = fast
    else:
        values, inverse = np.unique(np.concatenate([yt, yp]), return_inverse=True)
        r = len(values)
        codes = (inverse[:n], inverse[n:])
        combined = None
        if r * r <= _MAX_CELLS:
            combined = codes[0] * r
            combined += codes[1]
    if combined is not None:
        cells = np.bincount(combined, minlength=r * r).reshape(r, r)
        true_present, pred_present = cells.any(axis=1), cells.any(axis=0)
        present = true_present | pred_present
        cm = cells if present.all() else cells[np.ix_(present, present)]
        t = Targets("", values[present], n, None, cm=cm)
        t.tp, t.true_sum, t.pred_sum = np.diagonal(cm).copy(), cm.sum(axis=1), cm.sum(axis=0)
        combined = (combined, r, present)
    else:
        ct, cp = codes
        true_present = np.bincount(ct, minlength=r) > 0
        pred_present = np.bincount(cp, minlength=r) > 0
        t = Targets("", values, n, None, codes=codes)
        _sums_from_codes(t, None)
    t.true_present = true_present if combined is None else true_present[present]
    if not t.tp.any():  # scikit-learn's counts are float when no sample is predicted right
        t.tp, t.true_sum, t.pred_sum = (a.astype(np.float64) for a in (t.tp, t.true_sum, t.pred_sum))
    binary = true_present.sum() <= 2 and pred_present.sum() <= 2 and len(t.labels) <= 2
    t.y_type = "binary" if binary else "multiclass"
    return t, combined


def _sums_from_codes(t: Targets, sw) -> None:
    ct, cp = t.codes
    r = len(t.labels)
    t.true_sum = np.bincount(ct, weights=sw, minlength=r)
    t.pred_sum = np.bincount(cp, weights=sw, minlength=r)
    same = ct == cp
    t.tp = np.bincount(ct[same], weights=None if sw is None else sw[same], minlength=r)


def _weigh(t: Targets, combined) -> None:
    """Replace the counts of ``t`` by counts weighted with ``t.sample_weight``."""
    if combined is None:
        _sums_from_codes(t, t.sample_weight)
        return
    codes, r, present = combined
    cells = np.bincount(codes, weights=t.sample_weight, minlength=r * r).reshape(r, r)
    t.cm = cells if present.all() else cells[np.ix_(present, present)]
    t.tp, t.true_sum, t.pred_sum = np.diagonal(t.cm).copy(), t.cm.sum(axis=1), t.cm.sum(axis=0)
