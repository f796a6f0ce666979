"""Streaming confusion counts: update batch by batch, merge with ``+``, score like the functions.

>>> from symmetric.metrics import ConfusionCounts, f1_score
>>> counts = ConfusionCounts()
>>> counts.update(["cat", "dog"], ["cat", "cat"])
>>> counts.update(["bird", "dog"], ["bird", "dog"])     # a label first seen in a later batch
>>> other = ConfusionCounts()
>>> other.update(["dog"], ["bird"], sample_weight=[2.0])  # counted elsewhere, weighted
>>> total = counts + other
>>> total.f1_score(average="macro") == f1_score(["cat", "dog", "bird", "dog", "dog"],
...                                             ["cat", "cat", "bird", "dog", "bird"],
...                                             sample_weight=[1, 1, 1, 1, 2], average="macro")
True
"""

from __future__ import annotations

import functools
import inspect

import numpy as np

from ..numeric.backends import backend_of, to_host
from . import _confusion, _confusion_scores, _report, _scores
from ._tally import Tally, count
from ._target_arrays import _check_lengths, _is_string, _kind, as_target_array, check_sample_weight, type_of_target

__all__ = ["ConfusionCounts"]


def _scored(func):
    """A method computing ``func`` from the counts, with ``func``'s keyword options except ``sample_weight``."""
    signature = inspect.signature(func)
    params = [p for name, p in list(signature.parameters.items())[2:] if name != "sample_weight"]

    @functools.wraps(func)
    def method(self, **kwargs):
        unknown = set(kwargs) - {p.name for p in params}
        if unknown:
            raise TypeError(f"{func.__name__}() got an unexpected keyword argument {sorted(unknown)[0]!r}")
        if "labels" in signature.parameters and kwargs.get("labels") is None and self.labels is not None:
            kwargs["labels"] = self.labels
        tally = self._counted()
        return func(tally, tally, **kwargs)

    shown = inspect.Signature([inspect.Parameter("self", inspect.Parameter.POSITIONAL_ONLY), *params])
    method.__signature__ = shown  # type: ignore[attr-defined]  # inspect.signature reads it
    method.__doc__ = (
        f"``{func.__name__}`` of all the labels counted so far: the same keyword options (but for "
        f"``sample_weight``, given to :meth:`update`) and the same values, bit for bit, as\n"
        f":func:`symmetric.metrics.{func.__name__}` applied to all the data at once."
    )
    return method


class ConfusionCounts:
    """Confusion counts of binary or multiclass labels, accumulated batch by batch.

    The counts are exact (integers, or exact sums of the sample weights), so
    the score methods give the same values, bit for bit, as the functions of
    :mod:`symmetric.metrics` applied to all the batches at once, in any order
    and however they were split or merged.

    Parameters
    ----------
    labels : array-like, optional
        Labels known in advance: the default ``labels`` of the score methods
        (their order, and which labels the averages take). Labels outside it
        are still counted, as the functions do.

    Notes
    -----
    Merging (``a + b``, or ``sum([a, b, c])``) adds the counts of two
    objects, from other processes or workers; labels seen by only one of
    them are added to the other's with zero counts. Objects pickle. Counts
    without sample weights merge with weighted ones as weights of 1.

    Examples
    --------
    >>> from symmetric.metrics import ConfusionCounts
    >>> counts = ConfusionCounts()
    >>> for y_true, y_pred in [([0, 1, 1], [0, 1, 0]), ([2, 1], [2, 2])]:
    ...     counts.update(y_true, y_pred)
    >>> counts.confusion_matrix()
    array([[1, 0, 0],
           [1, 1, 1],
           [0, 0, 1]])
    >>> round(counts.fbeta_score(beta=2, average="macro"), 4)
    0.6838
    """

    def __init__(self, labels=None) -> None:
        self.labels = None if labels is None else np.asarray(labels)
        self._tally: Tally | None = None

    def __repr__(self) -> str:
        return f"ConfusionCounts(n_samples={self.n_samples}, classes={self.classes_.tolist()!r})"

    @property
    def n_samples(self) -> int:
        """The number of samples counted."""
        return 0 if self._tally is None else self._tally.n_samples

    @property
    def classes_(self) -> np.ndarray:
        """The distinct labels counted so far (true or predicted), sorted."""
        return np.array([]) if self._tally is None else self._tally.labels

    def update(self, y_true, y_pred, *, sample_weight=None) -> None:
        """Count one batch of true and predicted labels (1-d; binary or multiclass).

        Raises ``ValueError`` as the functions do for targets of different
        lengths, continuous or multilabel targets, a mix of string and number
        labels, and bad sample weights. An empty batch counts nothing. Arrays
        of another Array API library (PyTorch, JAX, ...) are counted on their
        own device; only the count table comes to the host.
        """
        backend = backend_of(y_true, y_pred, sample_weight)
        if backend.counts == "device":  # counted on the arrays' device; what it does not count, here
            from ._device import device_tally

            tally = device_tally(y_true, y_pred, sample_weight, backend)
            if tally is not None:
                self._add(tally)
                return
            y_true, y_pred, sample_weight = (None if a is None else to_host(a) for a in (y_true, y_pred, sample_weight))
        yt, yp = as_target_array(y_true, "y_true"), as_target_array(y_pred, "y_pred")
        _check_lengths([yt, yp])
        sw = None
        if sample_weight is not None:
            sw = np.asarray(sample_weight)
            _check_lengths([yt, yp, sw])
        if not len(yt):
            return
        kinds = (_kind(yt, "y_true"), _kind(yp, "y_pred"))
        if kinds[0] != kinds[1]:
            named = [type_of_target(y) if k == "labels" else k for y, k in zip((yt, yp), kinds)]
            raise ValueError(f"Classification metrics can't handle a mix of {named[0]} and {named[1]} targets")
        if kinds[0] != "labels":
            raise ValueError(f"{kinds[0]} is not supported: ConfusionCounts counts binary and multiclass labels")
        yt, yp = yt.reshape(len(yt)), yp.reshape(len(yp))
        if _is_string(yt) != _is_string(yp):
            raise ValueError(f"Mix of label input types (string and number); Got {np.unique(yt)} and {np.unique(yp)}.")
        integer_weights = sw is not None and sw.dtype.kind in "biu"
        if sw is not None:
            sw = check_sample_weight(sw, len(yt))
        self._add(count(yt, yp, sw, integer_weights=integer_weights))

    def _add(self, tally: Tally) -> None:
        if self._tally is None:
            self._tally = tally
            return
        mine, theirs = self._tally.labels, tally.labels
        if len(mine) and len(theirs) and _is_string(mine) != _is_string(theirs):
            raise ValueError(f"Mix of label input types (string and number); Got {mine} and {theirs}.")
        self._tally = self._tally + tally

    def __add__(self, other: ConfusionCounts) -> ConfusionCounts:
        if not isinstance(other, ConfusionCounts):
            return NotImplemented
        labels = self.labels
        if other.labels is not None:
            if labels is None:
                labels = other.labels
            elif not np.array_equal(labels, other.labels):
                extra = [x for x in other.labels.tolist() if x not in set(labels.tolist())]
                labels = np.concatenate([labels, np.asarray(extra, dtype=labels.dtype)]) if extra else labels
        out = ConfusionCounts(labels)
        for part in (self, other):
            if part._tally is not None:
                out._add(part._tally)
        return out

    def __radd__(self, other):
        if isinstance(other, int) and other == 0:  # sum([...]) starts at 0
            return self + ConfusionCounts()
        return NotImplemented

    def _counted(self) -> Tally:
        if self._tally is None:
            raise ValueError(
                "Found empty input array (e.g., `y_true` or `y_pred`) while a minimum of 1 sample is "
                "required: ConfusionCounts.update was never given a sample."
            )
        return self._tally

    precision_recall_fscore_support = _scored(_scores.precision_recall_fscore_support)
    precision_score = _scored(_scores.precision_score)
    recall_score = _scored(_scores.recall_score)
    f1_score = _scored(_scores.f1_score)
    fbeta_score = _scored(_scores.fbeta_score)
    g_beta_rho_score = _scored(_scores.g_beta_rho_score)
    specificity_score = _scored(_scores.specificity_score)
    balanced_precision_score = _scored(_confusion.balanced_precision_score)
    classification_report = _scored(_report.classification_report)
    confusion_matrix = _scored(_confusion.confusion_matrix)
    matthews_corrcoef = _scored(_confusion_scores.matthews_corrcoef)
    cohen_kappa_score = _scored(_confusion_scores.cohen_kappa_score)
    jaccard_score = _scored(_confusion_scores.jaccard_score)
    class_likelihood_ratios = _scored(_confusion_scores.class_likelihood_ratios)
    informedness_score = _scored(_confusion_scores.informedness_score)
    markedness_score = _scored(_confusion_scores.markedness_score)
