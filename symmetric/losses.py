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
from typing import Any, NamedTuple

import numpy

from ._constraints import Interval, Options, Predicate, declare
from ._validation import InvalidParameterError
from .numeric.backends import JAX, NUMPY, TORCH, backend_of
from .numeric.traced import VALIDATE_OPTIONS, checked, concrete, strict_check

__all__ = ["SoftCounts", "soft_counts", "f_beta_loss", "g_beta_rho_loss", "AVERAGES"]

#: The averages of the losses over classes.
AVERAGES = ("binary", "micro", "macro", "weighted")


class _Parameter(Interval):
    """``beta`` or ``rho``: a number, or a 0-d array (a tensor asking for its gradient) passed on as given.

    A 0-d array of another library than NumPy is tested by comparisons, whose result is read (no ``float``
    of a tensor that asks for its gradient); a traced one (``jax.jit``, ``jax.vmap``, ``torch.compile``) may
    have no value yet: it is let through, and the policy for traced values applies to it in the body.
    """

    def is_satisfied_by(self, value) -> bool:
        if type(value) in (float, int) or getattr(value, "ndim", None) != 0 or backend_of(value) is NUMPY:
            return super().is_satisfied_by(value)
        if any(k in str(getattr(value, "dtype", "")) for k in ("bool", "complex")):
            return False
        above = value >= self.left if self.closed in ("both", "left") else value > self.left
        below = value <= self.right if self.closed in ("both", "right") else value < self.right
        return concrete(above & below) is not False


# The options of the losses. beta and rho may be 0-d arrays (a tensor that asks for their gradient): passed on as given.
_BETA = _Parameter(float, 0, math.inf, closed="neither", scalar_arrays=True, allowed="a finite number > 0")
_RHO = _Parameter(float, -math.inf, math.inf, closed="neither", scalar_arrays=True, allowed="a finite real number")
_AVERAGE = Options(AVERAGES, allowed=f"one of {list(AVERAGES)}", invalid=("samples", "mean"))
_VALIDATE = Predicate(
    "True, False or 'strict'",
    lambda v: any(v is o or (isinstance(v, str) and v == o) for o in VALIDATE_OPTIONS),
    invalid=("yes", 1, None),
)


class SoftCounts(NamedTuple):
    """Expected confusion counts: true positives, false positives, false negatives, true negatives."""

    tp: object
    fp: object
    fn: object
    tn: object


def _inputs(func, y_true, y_prob, sample_weight, elementwise=False):
    """``xp``, ``y`` and ``p`` of one shape, (samples,) or (samples, classes), ``w`` (samples,) or None, in
    ``y_prob``'s floating dtype, and the checks of their values: ``(ok, param, allowed, got)`` with ``ok`` a
    bool when the values are concrete, else (maybe traced) a 0-d array from minima and maxima, or with
    ``elementwise`` one per sample (samples,) or per entry of ``p`` (where a message names the first bad one)."""
    backend = backend_of(y_true, y_prob, sample_weight)
    xp = backend.namespace(y_true, y_prob, sample_weight)
    if not hasattr(y_prob, "dtype") or isinstance(y_prob, (list, tuple)):
        y_prob = numpy.asarray(y_prob, dtype=numpy.float64)
    if isinstance(y_true, (list, tuple)):
        y_true = numpy.asarray(y_true)
    p = y_prob if backend_of(y_prob) is backend else xp.asarray(y_prob)
    if not xp.isdtype(p.dtype, "real floating"):
        p = xp.astype(p, _default_float(xp))
    device = backend.device(p)
    y = y_true if backend_of(y_true) is backend else xp.asarray(numpy.asarray(y_true), device=device)
    if p.ndim not in (1, 2) or y.ndim not in (1, 2):
        raise InvalidParameterError.of(
            "y_prob", func, "a 1-d (binary) or 2-d (samples x classes) array", tuple(p.shape)
        )
    labels_ok = None
    whole = not xp.isdtype(y.dtype, "real floating")  # bool or integer labels: in {0, 1} when in [0, 1]
    if p.ndim == 2 and y.ndim == 1:  # multiclass labels: one-hot over the columns of y_prob
        k = p.shape[1]
        labels = xp.astype(y, p.dtype, copy=False)  # class indices are exact in floating point
        labels_ok = (labels >= 0) & (labels < k) & (labels == xp.floor(labels))
        y = xp.astype(labels[:, None] == xp.arange(k, dtype=p.dtype, device=device)[None, :], p.dtype)
    else:
        y = xp.astype(y, p.dtype, copy=False)
    if tuple(y.shape) != tuple(p.shape):
        raise InvalidParameterError.of(
            "y_true", func, f"labels matching y_prob's shape {tuple(p.shape)}", tuple(y.shape)
        )
    texts = _texts(p.shape[0], sample_weight is not None)
    traced = backend.traced(p) or backend.traced(y)
    if backend.extrema is not None and not traced and p.ndim == 1:  # concrete: one pass each, where it can be
        p_ok = _within(backend, p)
        y_ok = _within(backend, y) if whole else bool(_zero_or_one(xp, y))
        oks = [y_ok, p_ok]
    elif elementwise:  # the policy for traced values reduces them (or makes the results NaN)
        oks = [(y == 0) | (y == 1) if labels_ok is None else labels_ok, (p >= 0) & (p <= 1)]
    else:  # reduced by minima and maxima, which compiled code fuses with the sums (elementwise masks cost more)
        oks = [_zero_or_one(xp, y) if labels_ok is None else _classes(xp, labels, k), _between(xp, p, 0, 1)]
    if sample_weight is None:
        w = None
    else:
        w = (
            sample_weight
            if backend_of(sample_weight) is backend
            else xp.asarray(numpy.asarray(sample_weight), device=device)
        )
        w = xp.astype(w, p.dtype, copy=False)
        if tuple(w.shape) != (p.shape[0],):
            raise InvalidParameterError.of("sample_weight", func, texts[2][1], tuple(w.shape))
        oks.append((w >= 0) & (w < math.inf) if elementwise else _between(xp, w, 0, math.inf))
    return xp, y, p, w, [(ok, *text) for ok, text in zip(oks, texts)]


def _between(xp, a, lo, hi):
    """Whether every element of ``a`` lies in [lo, hi] ([lo, inf) for ``hi = inf``), from its minimum and maximum
    (a NaN fails both): a 0-d boolean array, or True for an empty ``a``."""
    if math.prod(a.shape) == 0:
        return True
    return (xp.min(a) >= lo) & (xp.max(a) < hi if hi == math.inf else xp.max(a) <= hi)


def _zero_or_one(xp, y):
    """Whether every label is 0 or 1: ``y (y - 1)`` is exactly 0 there and only there (NaN and infinities
    included), so its largest magnitude is 0; a 0-d boolean array, or True when empty."""
    if math.prod(y.shape) == 0:
        return True
    return xp.max(xp.abs(y * (y - 1))) == 0


def _classes(xp, labels, k):
    """Whether every class index is a whole number in [0, k): from minima and maxima (see :func:`_between`)."""
    if math.prod(labels.shape) == 0:
        return True
    return _between(xp, labels, 0, k - 0.5) & (xp.max(xp.abs(labels - xp.floor(labels))) == 0)


def _within(backend, a):
    """Whether every element of the concrete ``a`` lies in [0, 1] (NaN does not), by one pass of the library's
    ``(min, max)`` (the backend record's ``extrema``)."""
    if a.shape[0] == 0:
        return True
    lo, hi = backend.extrema(a)
    return lo >= 0 and hi <= 1


def _texts(n, weighted):
    """``(param, allowed, got)`` of the checks of values, in the order of :func:`_inputs`."""
    out = [
        ("y_true", "labels 0 or 1 (or class indices for 2-d y_prob)", "other values"),
        ("y_prob", "probabilities in [0, 1]", "values outside [0, 1] or nan"),
    ]
    if weighted:
        out.append(("sample_weight", f"finite weights >= 0, one per sample ({n})", "negative, infinite or nan weights"))
    return out


def _default_float(xp):
    """The namespace's default floating dtype (float32 for JAX without x64: no float64 asked for)."""
    try:
        return xp.__array_namespace_info__().default_dtypes()["real floating"]
    except AttributeError:  # pragma: no cover - namespaces before the 2023.12 standard
        return xp.float64


def _guard(xp, func, checks, validate):
    """The checks of values (:func:`_inputs`) applied: concrete ones raise at once; for traced ones, the
    policy for traced values (docs/losses.md): the results NaN (value and gradient) when one fails, and
    with ``validate="strict"`` ``checkify`` checks (JAX) or, under ``torch.compile``, an operator that raises
    :class:`~symmetric.InvalidParameterError` when the compiled graph runs.

    Returns the function to apply to the results (NaN factor, PyTorch operators, or the identity).
    """
    if not validate:
        return _same
    pending = []
    for ok, param, allowed, got in checks:
        known = ok if isinstance(ok, bool) else concrete(xp.all(ok))
        if known is False:
            raise InvalidParameterError.of(param, func, allowed, got)
        if known is None:
            pending.append((ok, param, allowed, got))
    if not pending:
        return _same
    if validate == "strict" and TORCH.owns(pending[0][0]):

        def raising(values):
            for ok, param, allowed, got in pending:
                values = [checked(v, xp.all(ok), param, func, allowed, str(got)) for v in values]
            return values

        return raising
    if validate == "strict":
        for ok, param, allowed, _ in pending:
            strict_check(xp, ok, ok, InvalidParameterError, param, func, allowed)
    return lambda values: _poisoned(xp, [ok for ok, *_ in pending], values)


def _same(values):
    return values


def _poisoned(xp, oks, values):
    """``values`` times NaN (value and gradient NaN) unless every one of the elementwise ``oks`` holds.

    The checks are combined element by element first (a per-sample check broadcast over the classes), so
    that they cost one reduction over the inputs.
    """
    ndim = max(a.ndim for a in oks)
    ok = None
    for a in oks:
        a = a[:, None] if 0 < a.ndim < ndim else a  # a check per sample, over the classes
        ok = a if ok is None else ok & a
    one = xp.asarray(1.0, dtype=values[0].dtype)
    factor = xp.where(xp.all(ok), one, xp.asarray(math.nan, dtype=values[0].dtype))
    return [v * factor for v in values]


def _counts(xp, y, p, w):
    """The four soft counts, each of shape (classes,): (1,) for 1-d input, reduced over the samples whole
    (a reduction over the first axis of an (n, 1) array costs XLA several times more)."""
    if w is not None and p.ndim == 2:
        w = w[:, None]
    wy, wn = (y, 1 - y) if w is None else (w * y, w * (1 - y))
    axis = None if p.ndim == 1 else 0
    counts = [xp.sum(a * b, axis=axis) for a, b in ((wy, p), (wn, p), (wy, 1 - p), (wn, 1 - p))]
    return SoftCounts(*(xp.reshape(c, (1,)) if p.ndim == 1 else c for c in counts))


@declare(validate=_VALIDATE)
def soft_counts(y_true, y_prob, *, sample_weight=None, validate=True) -> SoftCounts:
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
    validate : {True, "strict", False}, default True
        Check the values of the inputs: concrete ones raise
        :class:`~symmetric.InvalidParameterError`; traced ones (inside ``jax.jit``, ``jax.vmap``,
        ``torch.compile``) follow the policy of docs/losses.md ("Inside jax.jit and torch.compile"):
        NaN counts where a check fails, ``"strict"`` adds ``jax.experimental.checkify`` checks.
        ``False`` skips the checks of values (shapes are always checked).

    Returns
    -------
    SoftCounts
        The four counts, scalars for 1-d input and arrays of k for 2-d input,
        in the arrays' library (NumPy floats for NumPy input).
    """
    xp, y, p, w, checks = _inputs("soft_counts", y_true, y_prob, sample_weight, validate == "strict")
    after = _guard(xp, "soft_counts", checks, validate)
    counts = after(list(_counts(xp, y, p, w)))
    if numpy.ndim(y_prob) == 1 or getattr(y_prob, "ndim", 2) == 1:
        counts = [c[0] for c in counts]
    if backend_of(y_prob) is NUMPY:
        counts = [float(c) if numpy.ndim(c) == 0 else numpy.asarray(c) for c in counts]
    return SoftCounts(*counts)


def _ratio(xp, num, den):
    """``num / den``, 0 where ``den`` is 0 (no NaN, and no NaN gradient: there, 0 / 1)."""
    positive = den > 0
    return xp.where(positive, num, 0.0) / xp.where(positive, den, 1.0)


def _sums(xp, y, p, w):
    """``tp``, ``tp + fp`` and ``tp + fn`` of the soft counts, each of shape (classes,), as three sums: the
    weighted ``y p``, ``p`` and ``y`` (``tp + fp = sum w p`` and ``tp + fn = sum w y`` exactly in real
    arithmetic; summed directly, the denominators of precision and recall take one rounding each and the
    loss three passes over the samples, as the formula written out does)."""
    axis = None if p.ndim == 1 else 0
    if w is not None:
        w = w[:, None] if p.ndim == 2 else w
        y = w * y
        p_w = w * p
    else:
        p_w = p
    sums = [xp.sum(y * p, axis=axis), xp.sum(p_w, axis=axis), xp.sum(y, axis=axis)]
    return [xp.reshape(c, (1,)) for c in sums] if p.ndim == 1 else sums


def _score(xp, func, metric, y, p, w, average, params, validate):
    """``1 -`` the metric of the soft counts of checked-shape inputs (see :func:`_inputs`)."""
    if average == "binary" and p.ndim == 2:
        raise InvalidParameterError.of("average", func, "'micro', 'macro' or 'weighted' for 2-d y_prob", average)
    tp, predicted, actual = _sums(xp, y, p, w)
    if average == "micro":
        tp, predicted, actual = xp.sum(tp)[None], xp.sum(predicted)[None], xp.sum(actual)[None]
    precision, recall = _ratio(xp, tp, predicted), _ratio(xp, tp, actual)
    # P and R lie in [0, 1] once the inputs are checked (or the loss is NaN by the policy for traced values):
    # the metric checks only parameters that are traced (concrete ones were checked by the declaration)
    traced = any(not isinstance(a, (int, float)) and backend_of(a).traced(a) for a in params)
    scores = metric(precision, recall, *params, validate=validate if traced else False)
    if average == "weighted":
        total = xp.sum(actual)
        safe = xp.where(total > 0, total, xp.ones_like(total))
        score = xp.where(total > 0, xp.sum(scores * actual) / safe, xp.mean(scores))
    else:
        score = xp.mean(scores)
    return 1 - score


def _loss(func, metric, y_true, y_prob, sample_weight, average, params, validate):
    backend = backend_of(y_true, y_prob, sample_weight, *params)
    if backend is JAX and validate != "strict":
        return _jax_loss(func, metric, y_true, y_prob, sample_weight, average, params, validate)
    xp, y, p, w, checks = _inputs(func, y_true, y_prob, sample_weight, validate == "strict")
    after = _guard(xp, func, checks, validate)
    (loss,) = after([_score(xp, func, metric, y, p, w, average, params, validate)])
    return float(loss) if backend is NUMPY else loss


_JITTED: dict = {}


def _jax_loss(func, metric, y_true, y_prob, sample_weight, average, params, validate):
    """The loss of JAX input as one compiled function (``jax.jit``; inlined when called inside a trace).

    Eager JAX dispatches each operation on its own, a few tens of microseconds each: compiled, a step of
    a training loop costs one dispatch. Concrete parameters are static (the parameter stage runs once per
    value), traced ones arguments. The checks come back as values and raise here when they are concrete.
    """
    import jax

    y_true, y_prob, sample_weight = (
        numpy.asarray(a) if isinstance(a, (list, tuple)) else a for a in (y_true, y_prob, sample_weight)
    )
    dynamic = tuple(JAX.owns(a) and JAX.traced(a) for a in params)
    static = tuple(None if d else float(a) for a, d in zip(params, dynamic))
    key = (func, average, validate, sample_weight is None, static)
    if key not in _JITTED:

        def run(y_true, y_prob, sample_weight, traced):
            values = iter(traced)
            full = [next(values) if s is None else s for s in static]
            xp, y, p, w, checks = _inputs(func, y_true, y_prob, sample_weight)
            oks = [ok for ok, *_ in checks]
            loss = _score(xp, func, metric, y, p, w, average, full, validate)
            if validate:  # NaN where a check fails; the flags raise below when they are concrete
                (loss,) = _poisoned(xp, oks, [loss])
            return loss, [xp.all(ok) for ok in oks] if validate else []

        _JITTED[key] = jax.jit(run)
    loss, oks = _JITTED[key](y_true, y_prob, sample_weight, [a for a, d in zip(params, dynamic) if d])
    if validate:
        for ok, (param, allowed, got) in zip(oks, _texts(len(y_prob), sample_weight is not None)):
            if concrete(ok) is False:
                raise InvalidParameterError.of(param, func, allowed, got)
    return loss


@declare(beta=_BETA, rho=_RHO, average=_AVERAGE, validate=_VALIDATE)
def g_beta_rho_loss(y_true, y_prob, *, beta=1.0, rho=-2.0, average="binary", sample_weight=None, validate=True) -> Any:
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
    validate : {True, "strict", False}, default True
        See :func:`soft_counts`; ``beta`` and ``rho`` given as traced arrays follow the same policy.

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

    return _loss("g_beta_rho_loss", g_beta_rho, y_true, y_prob, sample_weight, average, (beta, rho), validate)


@declare(beta=_BETA, average=_AVERAGE, validate=_VALIDATE)
def f_beta_loss(y_true, y_prob, *, beta=1.0, average="binary", sample_weight=None, validate=True) -> Any:
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

    return _loss("f_beta_loss", f_beta, y_true, y_prob, sample_weight, average, (beta,), validate)
