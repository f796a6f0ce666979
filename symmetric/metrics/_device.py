"""Labels of any Array API library (PyTorch, JAX, CuPy, array-api-strict) counted on their own device.

The scores need only the confusion counts: a k x k table. So 1-d labels
(binary and multiclass) stay where they are and only the table comes to the
host: the distinct labels (``unique_values``), each sample's pair of codes
(``searchsorted``) and one ``bincount`` of ``true_code * k + pred_code``,
with the library's own ``bincount`` or, for a library without one, the
standard's sort and ``cumulative_sum`` (the backend record's count reducer,
:mod:`symmetric.numeric.backends`). Sample weights are summed exactly, as on
the host (:mod:`symmetric.metrics._exact`): cut into slices whose integer
parts a floating ``bincount`` adds without rounding in any order, each
slice's per-cell sums brought over (k x k numbers) and accumulated on the
host; so every score is the one NumPy gives for the same data, bit for bit.

What the device does not count comes to the host and follows the NumPy path,
with its checks and its errors word for word: labels that are not integral
numbers (strings cannot be on a device; non-integral or non-finite floats are
the host's errors), 2-d targets (multilabel indicators), labels too many for
a dense table, weights that are not finite and >= 0, mismatched lengths.
"""

from __future__ import annotations

import math

import numpy as np

from ..numeric.backends import Backend, to_host
from ._exact import ExactSums
from ._tally import MAX_CELLS, Tally

__all__ = ["device_tally", "on_device"]

#: Weighted tables with more cells are counted on the host (as ``count`` keeps per-label sums there).
_WEIGHTED_CELLS = 1 << 16


def on_device(backend: Backend) -> bool:
    """Whether ``backend``'s labels are counted on their device (its record's count reducer)."""
    return backend.counts == "device"


def _labels(xp, y, backend, device):
    """``y`` as a 1-d array of the namespace (a column vector flattened), or None when it is not 1-d labels."""
    if not backend.owns(y):
        y = xp.asarray(np.asarray(y), device=device)
    if y.ndim == 2 and y.shape[1] == 1:
        y = xp.reshape(y, (-1,))
    if y.ndim != 1:
        return None
    if not (xp.isdtype(y.dtype, "bool") or xp.isdtype(y.dtype, "integral") or xp.isdtype(y.dtype, "real floating")):
        return None
    return y


def _integral(xp, y) -> bool:
    """Whether every float label is a finite integer (else the host names the problem)."""
    if not xp.isdtype(y.dtype, "real floating"):
        return True
    return bool(xp.all((y == xp.floor(y)) & (xp.abs(y) < 2.0**53)))


def device_tally(y_true, y_pred, sample_weight, backend: Backend, *, integer_weights=None) -> Tally | None:
    """The :class:`~symmetric.metrics._tally.Tally` of 1-d labels counted on their device, or None where the
    host must count them (see the module docstring); the same tally, bit for bit, as the host's ``count``."""
    arrays = [a for a in (y_true, y_pred, sample_weight) if backend.owns(a)]
    xp = backend.namespace(*arrays)
    device = backend.device(arrays[0])
    yt, yp = _labels(xp, y_true, backend, device), _labels(xp, y_pred, backend, device)
    if yt is None or yp is None or yt.shape[0] != yp.shape[0] or yt.shape[0] == 0:
        return None
    if not (_integral(xp, yt) and _integral(xp, yp)):
        return None
    if yt.dtype != yp.dtype:
        common = xp.result_type(yt.dtype, yp.dtype)
        yt, yp = xp.astype(yt, common), xp.astype(yp, common)
    n = yt.shape[0]
    values = xp.unique_values(xp.concat([yt, yp]))
    k = values.shape[0]
    weights = None
    if sample_weight is not None:
        weights = _weights(xp, sample_weight, backend, device, n)
        if weights is None:
            return None
    if k * k > (MAX_CELLS if weights is None else _WEIGHTED_CELLS):
        return None
    index = _index_dtype(xp, device)
    as_codes = values if not xp.isdtype(values.dtype, "bool") else xp.astype(values, index)
    ct, cp = (xp.astype(xp.searchsorted(as_codes, xp.astype(y, as_codes.dtype)), index) for y in (yt, yp))
    combined = ct * k + cp
    labels = to_host(values)
    bincount = backend.bincount
    assert bincount is not None, "a backend counted on its device has a bincount"
    if weights is None:
        cells = _host_counts(bincount(combined, k * k)).reshape(k, k)
        return Tally(labels, n, np.asarray(np.any(cells, axis=1)), np.asarray(np.any(cells, axis=0)), cells=cells)
    w, lo, hi = weights
    wcells = _exact_cells(xp, backend, combined, w, k * k, hi)
    if wcells is None:
        return None
    wcells = ExactSums(wcells.offset, wcells.digits.reshape(k, k, -1))
    if lo > 0:  # every weight positive: the cells only mark which pairs occur, as the host's count does
        cells = np.asarray(np.any(wcells.digits, axis=-1), dtype=np.int64)
    else:
        cells = _host_counts(bincount(combined, k * k)).reshape(k, k)
    seen = (np.asarray(np.any(cells, axis=1)), np.asarray(np.any(cells, axis=0)))
    if integer_weights is None:
        integer_weights = not xp.isdtype(w.dtype, "real floating") or _is_integer_input(sample_weight)
    tally = Tally(labels, n, seen[0], seen[1], cells=cells, wcells=wcells, integer_weights=bool(integer_weights))
    tally.wtotal = wcells.sum(axis=(0, 1))
    return tally


def _is_integer_input(sample_weight) -> bool:
    dtype = getattr(sample_weight, "dtype", None)
    return dtype is not None and any(k in str(dtype) for k in ("int", "bool"))


def _index_dtype(xp, device):
    try:
        return xp.__array_namespace_info__().default_dtypes(device=device)["indexing"]
    except AttributeError:  # pragma: no cover - namespaces before the 2023.12 standard
        return xp.int64


def _host_counts(counts) -> np.ndarray:
    return np.asarray(to_host(counts)).astype(np.int64)


def _weights(xp, sample_weight, backend, device, n):
    """``(w, smallest, largest)`` of valid weights (1-d, n of them, finite, >= 0, not all 0) as a floating array
    of the namespace, or None (the host then raises scikit-learn's error for them)."""
    w = sample_weight if backend.owns(sample_weight) else xp.asarray(np.asarray(sample_weight), device=device)
    if w.ndim != 1 or w.shape[0] != n:
        return None
    if not xp.isdtype(w.dtype, "real floating"):
        w = xp.astype(w, _float_dtype(xp, device))
    lo, hi = float(xp.min(w)), float(xp.max(w))
    if not (lo >= 0 and math.isfinite(hi) and hi > 0):
        return None
    return w, lo, hi


def _smallest_positive(xp, w) -> float:
    return float(xp.min(xp.where(w > 0, w, xp.full_like(w, math.inf))))


def _float_dtype(xp, device):
    try:
        return xp.__array_namespace_info__().default_dtypes(device=device)["real floating"]
    except AttributeError:  # pragma: no cover
        return xp.float64


def _exact_cells(xp, backend, codes, w, length, top) -> ExactSums | None:
    """``bincount(codes, w, length)`` with every bin the exact sum of its weights (finite, >= 0, at most ``top``).

    The weights are scaled by a power of two so that their integer parts, each below ``2**(p - c)`` for ``n <
    2**c`` samples and ``p`` bits of mantissa, add up without rounding in any order; the exact remainders
    take the same step with a finer power, until none is left. Each step's bin sums (integers) come to the
    host and are accumulated in :class:`~symmetric.metrics._exact.ExactSums`. None where the scaling would
    leave the dtype's normal range (the host sums them instead).
    """
    info = xp.finfo(w.dtype)
    bits = int(round(-math.log2(float(info.eps)))) + 1  # 53 (float64), 24 (float32)
    span = w.shape[0].bit_length()
    step = bits - 1 - span
    if step < 4:
        return None
    exponent = math.frexp(top)[1] + span - (bits - 1)
    lowest = math.log2(float(info.smallest_normal))
    if not (lowest + bits < -exponent < math.log2(float(info.max)) - 1):
        return None
    if math.log2(_smallest_positive(xp, w)) - exponent < lowest:  # a weight's low bits would fall off
        return None
    out = ExactSums.zeros(length)
    scaled = w * 2.0**-exponent
    while True:
        whole = xp.floor(scaled)
        counts = np.asarray(to_host(backend.bincount(codes, length, whole)), dtype=np.float64)
        out = out + _as_exact(counts, exponent, length)
        scaled = scaled - whole  # the exact remainders, in [0, 1)
        if not bool(xp.any(scaled > 0)):
            return out
        if exponent - step < -1074:  # pragma: no cover - below the smallest subnormal: nothing is left
            return out
        exponent -= step
        scaled = scaled * 2.0**step


def _as_exact(counts, exponent, length) -> ExactSums:
    part = ExactSums.zeros(length)
    part.add_integers(counts, exponent)
    return part
