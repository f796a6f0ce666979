"""Metric losses for training: 1 - F_beta or 1 - G_{beta,rho} of the soft confusion counts.

With predicted probabilities ``p_i`` and labels ``y_i``, the expected
confusion counts under independent Bernoulli predictions are
``TP = sum w_i y_i p_i``, ``FP = sum w_i (1 - y_i) p_i``,
``FN = sum w_i y_i (1 - p_i)`` and ``TN = sum w_i (1 - y_i) (1 - p_i)``
(:func:`soft_counts`). The losses are 1 minus the metric of those counts,
through the numeric functions of :mod:`symmetric.numeric` (same definitions,
same stable kernels, exact gradients in PyTorch and JAX). Arrays of any
Array API library are accepted and the loss is a 0-d array of that library
(a NumPy float for NumPy input), differentiable where the library is.

Claims (``proofs/losses.py``, and tests): at 0/1 probabilities the loss is
exactly 1 - the metric of the labels (the soft counts are then the counts);
it lies in [0, 1]; its derivative in ``p_i`` is <= 0 for a positive label
and >= 0 for a negative one, so a gradient step moves each probability
toward its label. Where a precision or recall is 0/0 it is taken as 0 (as
scikit-learn's ``zero_division`` default does).

>>> import numpy
>>> from symmetric.losses import f_beta_loss, soft_counts
>>> y, p = numpy.array([1, 0, 1, 1]), numpy.array([0.9, 0.2, 0.6, 0.3])
>>> soft_counts(y, p)
SoftCounts(tp=1.8, fp=0.2, fn=1.2, tn=0.8)
>>> round(float(f_beta_loss(y, p)), 6)        # 1 - F1 of those counts: 1 - 3.6/5.0
0.28
>>> float(f_beta_loss(y, numpy.array([1.0, 0.0, 1.0, 0.0])))   # 1 - F1 of the labels: 1 - 0.8
0.19999999999999996
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy

from ._constraints import Interval, Options, declare
from ._validation import InvalidParameterError

__all__ = ["SoftCounts", "soft_counts", "f_beta_loss", "g_beta_rho_loss", "AVERAGES"]

#: The averages of the losses over classes.
AVERAGES = ("binary", "micro", "macro", "weighted")

# The options of the losses. beta and rho may be 0-d arrays (a tensor that asks for their gradient): passed on as given.
_BETA = Interval(float, 0, math.inf, closed="neither", scalar_arrays=True, allowed="a finite number > 0")
_RHO = Interval(float, -math.inf, math.inf, closed="neither", scalar_arrays=True, allowed="a finite real number")
_AVERAGE = Options(AVERAGES, allowed=f"one of {list(AVERAGES)}", invalid=("samples", "mean"))


class SoftCounts(NamedTuple):
    """Expected confusion counts: true positives, false positives, false negatives, true negatives."""

    tp: object
    fp: object
    fn: object
    tn: object


def _namespace(*arrays):
    from .numeric._portable import is_foreign

    if is_foreign(arrays):
        import array_api_compat

        return array_api_compat.array_namespace(*[a for a in arrays if is_foreign([a])])
    import array_api_compat.numpy

    return array_api_compat.numpy


def _inputs(func, y_true, y_prob, sample_weight):
    """``xp``, and ``y``, ``p``, ``w`` as 2-D arrays (samples x classes) of ``y_prob``'s floating dtype."""
    xp = _namespace(y_true, y_prob, sample_weight)
    if not hasattr(y_prob, "dtype") or isinstance(y_prob, (list, tuple)):
        y_prob = numpy.asarray(y_prob, dtype=numpy.float64)
    if isinstance(y_true, (list, tuple)):
        y_true = numpy.asarray(y_true)
    p = y_prob if _is_array_of(xp, y_prob) else xp.asarray(y_prob)
    if not xp.isdtype(p.dtype, "real floating"):
        p = xp.astype(p, xp.float64)
    device = _device(p)
    y = y_true if _is_array_of(xp, y_true) else xp.asarray(numpy.asarray(y_true), device=device)
    if p.ndim not in (1, 2) or y.ndim not in (1, 2):
        raise InvalidParameterError.of(
            "y_prob", func, "a 1-d (binary) or 2-d (samples x classes) array", tuple(p.shape)
        )
    if p.ndim == 2 and y.ndim == 1:  # multiclass labels: one-hot over the columns of y_prob
        k = p.shape[1]
        labels = xp.astype(y, xp.int64) if not xp.isdtype(y.dtype, "integral") else y
        y = xp.astype(labels[:, None] == xp.arange(k, device=device)[None, :], p.dtype)
    else:
        y = xp.astype(y, p.dtype)
    if tuple(y.shape) != tuple(p.shape):
        raise InvalidParameterError.of(
            "y_true", func, f"labels matching y_prob's shape {tuple(p.shape)}", tuple(y.shape)
        )
    if not bool(xp.all((y == 0) | (y == 1))):
        raise InvalidParameterError.of(
            "y_true", func, "labels 0 or 1 (or class indices for 2-d y_prob)", "other values"
        )
    if not bool(xp.all((p >= 0) & (p <= 1))):
        raise InvalidParameterError.of("y_prob", func, "probabilities in [0, 1]", "values outside [0, 1] or nan")
    if p.ndim == 1:
        p, y = p[:, None], y[:, None]
    if sample_weight is None:
        w = None
    else:
        w = (
            sample_weight
            if _is_array_of(xp, sample_weight)
            else xp.asarray(numpy.asarray(sample_weight), device=device)
        )
        w = xp.astype(w, p.dtype)
        if tuple(w.shape) != (p.shape[0],) or not bool(xp.all(xp.isfinite(w) & (w >= 0))):
            raise InvalidParameterError.of(
                "sample_weight", func, f"finite weights >= 0, one per sample ({p.shape[0]})", tuple(w.shape)
            )
        w = w[:, None]
    return xp, y, p, w


def _device(x):
    import array_api_compat

    return array_api_compat.device(x)


def _is_array_of(xp, value):
    """Whether ``value`` is already an array of the namespace ``xp`` (used as it is: no copy, no lost graph)."""
    import array_api_compat

    try:
        return array_api_compat.is_array_api_obj(value) and array_api_compat.array_namespace(value) is xp
    except TypeError:
        return False


def _counts(xp, y, p, w):
    wy, wn = (y, 1 - y) if w is None else (w * y, w * (1 - y))
    return SoftCounts(
        xp.sum(wy * p, axis=0), xp.sum(wn * p, axis=0), xp.sum(wy * (1 - p), axis=0), xp.sum(wn * (1 - p), axis=0)
    )


def soft_counts(y_true, y_prob, *, sample_weight=None):
    """Expected confusion counts of probabilistic predictions: ``SoftCounts(tp, fp, fn, tn)``.

    Parameters
    ----------
    y_true : array
        Labels 0/1, shape (n,) with ``y_prob`` of shape (n,); or, with
        ``y_prob`` of shape (n, k), class indices (n,) or a 0/1 indicator (n, k).
    y_prob : array
        Probabilities in [0, 1] of the positive class (n,), or per class (n, k).
    sample_weight : array of shape (n,), optional
        Weights >= 0.

    Returns
    -------
    SoftCounts
        The four counts, scalars for 1-d input and arrays of k for 2-d input,
        in the arrays' library (NumPy floats for NumPy input).
    """
    xp, y, p, w = _inputs("soft_counts", y_true, y_prob, sample_weight)
    counts = _counts(xp, y, p, w)
    if numpy.ndim(y_prob) == 1 or getattr(y_prob, "ndim", 2) == 1:
        counts = SoftCounts(*(c[0] for c in counts))
    if _is_numpy(y_prob):
        counts = SoftCounts(*(float(c) if numpy.ndim(c) == 0 else numpy.asarray(c) for c in counts))
    return counts


def _is_numpy(a):
    from .numeric._portable import is_foreign

    return not is_foreign([a])


def _ratio(xp, num, den):
    """``num / den``, 0 where ``den`` is 0 (no NaN, and no NaN gradient)."""
    safe = xp.where(den > 0, den, xp.ones_like(den))
    return xp.where(den > 0, num / safe, xp.zeros_like(num))


def _loss(func, metric, y_true, y_prob, sample_weight, average, params):
    xp, y, p, w = _inputs(func, y_true, y_prob, sample_weight)
    if average == "binary" and p.shape[1] != 1:
        raise InvalidParameterError.of("average", func, "'micro', 'macro' or 'weighted' for 2-d y_prob", average)
    tp, fp, fn, _ = _counts(xp, y, p, w)
    if average == "micro":
        tp, fp, fn = xp.sum(tp)[None], xp.sum(fp)[None], xp.sum(fn)[None]
    precision, recall = _ratio(xp, tp, tp + fp), _ratio(xp, tp, tp + fn)
    scores = metric(precision, recall, *params)
    if average == "weighted":
        support = xp.sum(y if w is None else w * y, axis=0)
        total = xp.sum(support)
        score = xp.sum(scores * support) / total if bool(total > 0) else xp.mean(scores)
    else:
        score = xp.mean(scores)
    loss = 1 - score
    return float(loss) if _is_numpy(y_prob) else loss


@declare(beta=_BETA, rho=_RHO, average=_AVERAGE)
def g_beta_rho_loss(y_true, y_prob, *, beta=1.0, rho=-2.0, average="binary", sample_weight=None):
    r"""``1 - G_{beta,rho}`` of the soft counts (:func:`soft_counts`): a loss for training classifiers.

    Parameters
    ----------
    y_true, y_prob : array
        See :func:`soft_counts`.
    beta : float or 0-d array, default 1.0
        Break-even ratio, > 0 (differentiable when given as an array that asks for it).
    rho : float or 0-d array, default -2.0
        Curvature; ``rho = -2`` is F_beta.
    average : {"binary", "micro", "macro", "weighted"}, default "binary"
        ``binary`` for 1-d ``y_prob``; over classes for 2-d: the metric of the
        summed counts (micro), the mean of the per-class metrics (macro) or
        their mean weighted by the (weighted) number of true labels per class.
    sample_weight : array of shape (n,), optional

    Returns
    -------
    float, or a 0-d array of the inputs' library
        In [0, 1]; exactly ``1 - G`` of the labels' counts at 0/1 probabilities.

    Examples
    --------
    >>> import numpy
    >>> y, p = numpy.array([1, 0, 1]), numpy.array([1.0, 0.0, 0.0])
    >>> g_beta_rho_loss(y, p, beta=1.0, rho=-2.0)     # 1 - F1: P = 1, R = 1/2
    0.33333333333333337
    """
    from .numeric import g_beta_rho

    return _loss("g_beta_rho_loss", g_beta_rho, y_true, y_prob, sample_weight, average, (beta, rho))


@declare(beta=_BETA, average=_AVERAGE)
def f_beta_loss(y_true, y_prob, *, beta=1.0, average="binary", sample_weight=None):
    r"""``1 - F_beta`` of the soft counts (:func:`soft_counts`): the "soft F-score" loss.

    Parameters are those of :func:`g_beta_rho_loss` (without ``rho``).

    Examples
    --------
    >>> import numpy
    >>> y = numpy.array([0, 1, 2, 2])
    >>> p = numpy.array([[0.8, 0.1, 0.1], [0.2, 0.7, 0.1], [0.1, 0.1, 0.8], [0.3, 0.3, 0.4]])
    >>> 0 < f_beta_loss(y, p, beta=2.0, average="macro") < 1
    True
    """
    from .numeric import f_beta

    return _loss("f_beta_loss", f_beta, y_true, y_prob, sample_weight, average, (beta,))
