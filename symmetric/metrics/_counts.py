"""Per-label counts (TP, predicted, true, total) for the labels a metric asks for.

:func:`label_counts` follows scikit-learn's ``precision_recall_fscore_support``
up to the division: it checks ``average`` against the target type and
``pos_label`` against the labels, selects the requested labels (labels
absent from the data count zero), and returns one row of counts per label,
per sample for ``average="samples"``, or their sums for ``"micro"``.

>>> c = label_counts([0, 1, 1, 0], [0, 1, 0, 0], labels=None, pos_label=1, average="binary",
...                  sample_weight=None, func="precision_score")
>>> c.tp, c.pred_sum, c.true_sum, c.tn
(array([1]), array([1]), array([2]), array([2]))
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass

import numpy as np

from ._target_arrays import Targets, multilabel_sums
from ._targets import check_targets
from ._warnings import user_stacklevel

__all__ = ["Counts", "counts_from_targets", "label_counts", "select_labels"]


@dataclass(frozen=True)
class Counts:
    """Weighted counts per label (or per sample, or summed), ready to divide."""

    tp: np.ndarray
    pred_sum: np.ndarray
    true_sum: np.ndarray
    total: np.ndarray
    sample_weight: np.ndarray | None

    @property
    def fp(self):
        return self.pred_sum - self.tp

    @property
    def fn(self):
        return self.true_sum - self.tp

    @property
    def tn(self):  # scikit-learn's order of operations (multilabel_confusion_matrix)
        return self.total - self.tp - self.fp - self.fn


def _contains(labels: np.ndarray, value) -> bool:
    return any(value == label for label in labels.tolist())


def _check_binary(y_type: str, present: np.ndarray, average, pos_label):
    if average == "binary":
        if y_type == "binary":
            if not _contains(present, pos_label) and len(present) >= 2:
                raise ValueError(f"pos_label={pos_label} is not a valid label. It should be one of {present}")
            return
        options = [None, "micro", "macro", "weighted"] + (["samples"] if y_type == "multilabel-indicator" else [])
        raise ValueError(
            f"Target is {y_type} but average='binary'. Please choose another average setting, one of {options!r}."
        )
    if pos_label not in (None, 1):
        warnings.warn(
            f"Note that pos_label (set to {pos_label!r}) is ignored when average != 'binary' (got {average!r}). "
            "You may use labels=[pos_label] to specify a single positive class.",
            UserWarning,
            stacklevel=user_stacklevel(),
        )


def select_labels(t: Targets, labels) -> np.ndarray:
    """Indices into ``t.labels`` of the requested labels; -1 for a label absent from the data."""
    if labels is None:
        return np.arange(len(t.labels))
    requested = np.asarray(labels)
    if t.y_type == "multilabel-indicator":
        n = len(t.labels)
        if requested.shape != t.labels.shape or np.any(requested != t.labels):
            if requested.max() > n - 1:
                raise ValueError(
                    f"All labels must be in [0, n labels) for multilabel targets. Got {requested.max()} > {n - 1}"
                )
            if requested.min() < 0:
                raise ValueError(
                    f"All labels must be in [0, n labels) for multilabel targets. Got {requested.min()} < 0"
                )
        return requested.astype(np.intp)
    index: dict[object, int] = {}
    for i, label in enumerate(t.labels.tolist()):
        index.setdefault(label, i)
    return np.array([index.get(label, -1) for label in requested.tolist()], dtype=np.intp)


def _take(values: np.ndarray, idx: np.ndarray) -> np.ndarray:
    out = values[np.maximum(idx, 0)] if len(values) else np.zeros(len(idx), dtype=values.dtype)
    if (idx < 0).any():
        out = out.copy()
        out[idx < 0] = 0
    return out


def _multilabel(t: Targets, idx: np.ndarray, samplewise: bool):
    if samplewise:
        if t.y_true is None or t.y_pred is None:
            raise ValueError(
                "average='samples' needs the counts of every sample: not available for Dask input "
                "(counted chunk by chunk); choose another average."
            )
        yt, yp = t.y_true[:, idx], t.y_pred[:, idx]
        both = yt & yp
        sw = t.sample_weight
        if sw is None:
            return (*(a.sum(axis=1) for a in (both, yp, yt)), np.asarray(yt.shape[1]))
        return (*(a.sum(axis=1) * sw for a in (both, yp, yt)), sw * yt.shape[1])
    if t.label_sums is None:
        assert t.y_true is not None and t.y_pred is not None, "counted chunk by chunk: label_sums are given"
        t.label_sums = multilabel_sums(t.y_true, t.y_pred, t.sample_weight).counts()
    sums = t.label_sums
    return sums[0][idx], sums[1][idx], sums[2][idx], np.asarray(t.total_weight)


def label_counts(y_true, y_pred, *, labels, pos_label, average, sample_weight, func) -> Counts:
    """Counts for the labels selected by ``labels``, ``pos_label`` and ``average`` (validated)."""
    t = check_targets(
        y_true,
        y_pred,
        sample_weight,
        func=func,
        check_labels=lambda y_type, present: _check_binary(y_type, present, average, pos_label),
    )
    return counts_from_targets(t, labels=[pos_label] if average == "binary" else labels, average=average)


def counts_from_targets(t: Targets, *, labels, average) -> Counts:
    """Counts of checked targets for ``labels`` (None: all), per label, per sample or summed."""
    samplewise = average == "samples"
    if samplewise and t.y_type != "multilabel-indicator":
        raise ValueError("Samplewise metrics are not available outside of multilabel classification.")
    idx = select_labels(t, labels)
    if t.y_type == "multilabel-indicator":
        tp, pred_sum, true_sum, total = _multilabel(t, idx, samplewise)
    else:
        assert t.tp is not None and t.pred_sum is not None and t.true_sum is not None, "1-d targets hold their counts"
        tp, pred_sum, true_sum = (_take(a, idx) for a in (t.tp, t.pred_sum, t.true_sum))
        total = np.asarray(t.total_weight)
    if average == "micro":
        tp, pred_sum, true_sum = (np.reshape(a.sum(), (1,)) for a in (tp, pred_sum, true_sum))
        total = total * len(idx)
    return Counts(tp, pred_sum, true_sum, total, t.sample_weight)
