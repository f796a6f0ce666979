"""Validate a pair of targets and count them in one pass.

:func:`check_targets` accepts what scikit-learn's classification metrics
accept (lists, arrays, column vectors, string labels, multilabel indicator
matrices; sparse matrices are densified), raises the same errors with the
same messages, and for 1-d targets counts the confusion matrix while it
works out the target type: labels are encoded once (integers by their
offset from the smallest label, pandas categoricals by their codes,
anything else through a hash table of the distinct values) and the cells
are counted with ``np.bincount`` of ``true_code * k + pred_code``
(:mod:`symmetric.metrics._tally`); weighted counts are exact sums of the
weights, rounded once (:mod:`symmetric.metrics._exact`). Nothing else
scans the data again.

>>> t = check_targets([0, 1, 1, 2], [0, 2, 1, 2], func="f1_score")
>>> t.y_type, t.labels.tolist()
('multiclass', [0, 1, 2])
>>> t.cm
array([[1, 0, 0],
       [0, 1, 1],
       [0, 0, 1]])
"""

from __future__ import annotations

import numpy as np

from ..numeric.backends import backend_of, to_host
from ._exact import sum_exact
from ._tally import Tally, count
from ._target_arrays import (
    Targets,
    _check_lengths,
    _checked_weights,
    _is_string,
    _kind,
    _shared_categories,
    as_target_array,
    targets_from_tally,
    type_of_target,
)

__all__ = ["check_targets"]  # the targets, their arrays and checks: symmetric.metrics._target_arrays


def check_targets(y_true, y_pred, sample_weight=None, *, func: str, check_labels=None) -> Targets:
    """Validate ``y_true`` and ``y_pred`` like scikit-learn's ``_check_targets`` and count them.

    Raises ``ValueError`` for targets of different lengths, empty targets, a
    mix of target types, continuous or multioutput targets, a mix of string
    and number labels, and bad sample weights. ``check_labels(y_type,
    labels)``, if given, runs before the sample weights are checked, which is
    scikit-learn's order of errors.

    ``y_true`` may also be counts already made (a :class:`Tally`, passed
    as both ``y_true`` and ``y_pred``). Which path counts the rest is the
    inputs' backend record's count reducer (:mod:`symmetric.numeric.backends`):
    NumPy (and lists, pandas) here, Dask collections chunk by chunk
    (:mod:`symmetric.metrics._dask`), Array API arrays on their own device
    (:mod:`symmetric.metrics._device`; what the device does not count comes to
    the host and is counted here).
    """
    if isinstance(y_true, Tally) and y_pred is y_true:
        t = targets_from_tally(y_true)
        if check_labels is not None:
            check_labels(t.y_type, t.labels)
        return t
    backend = backend_of(y_true, y_pred, sample_weight)
    if backend.counts == "chunks":
        from ._dask import dask_targets

        return dask_targets(y_true, y_pred, sample_weight, func=func, check_labels=check_labels)
    if backend.counts == "device":
        from ._device import device_tally

        tally = device_tally(y_true, y_pred, sample_weight, backend)
        if tally is not None:
            t = targets_from_tally(tally)
            if check_labels is not None:
                check_labels(t.y_type, t.labels)
            return t
        y_true, y_pred, sample_weight = (None if a is None else to_host(a) for a in (y_true, y_pred, sample_weight))
    categories = _shared_categories(y_true, y_pred)
    if categories is not None:
        y_true, y_pred, categories = categories
    yt, yp = as_target_array(y_true, "y_true"), as_target_array(y_pred, "y_pred")
    _check_lengths([yt, yp])
    n = len(yt)
    kinds = ("labels", "labels") if categories is not None else (_kind(yt, "y_true"), _kind(yp, "y_pred"))
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
    sw, weight_error, weight_range, integer_weights = None, None, None, False
    if sample_weight is not None:  # checked now, refused after check_labels (scikit-learn's order of errors)
        try:
            sw = np.asarray(sample_weight)
            integer_weights = sw.dtype.kind in "biu"
            _check_lengths([yt, yp, sw])
            sw, *weight_range = _checked_weights(sw, n)
        except ValueError as error:
            sw, weight_error = None, error
    if kind == "multilabel-indicator":
        if yt.shape[1] != yp.shape[1]:
            raise ValueError("Multi-label binary indicator input with different numbers of labels")
        t = Targets(kind, np.arange(yt.shape[1]), n, None, y_true=yt != 0, y_pred=yp != 0)
    else:
        yt, yp = yt.reshape(n), yp.reshape(n)
        if _is_string(yt) != _is_string(yp):
            raise ValueError(f"Mix of label input types (string and number); Got {np.unique(yt)} and {np.unique(yp)}.")
        t = targets_from_tally(
            count(
                yt,
                yp,
                sw,
                keep_codes=True,
                categories=categories,
                weight_range=weight_range,
                integer_weights=integer_weights,
            ),
            sw,
        )
    if check_labels is not None:
        check_labels(t.y_type, t.labels)
    if weight_error is not None:
        raise weight_error
    if sw is not None and kind == "multilabel-indicator":
        t.sample_weight, t.weighted, t.total = sw, True, float(sum_exact(sw).to_float())
        t.integer_weights = integer_weights
    return t
