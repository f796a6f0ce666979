"""Any count metric at another prevalence, and over a grid of prevalences."""

from __future__ import annotations

import numpy as np

from .._constraints import Predicate
from ._count_metrics import METRIC, resolve_metric
from ._params import BETA, DENSE_TARGETS, POS_LABEL, PREVALENCE, RHO, ZERO_DIVISION, array_like, declare
from ._uncertainty import _binary_cells

__all__ = ["at_prevalence", "prevalence_curve"]

#: The default grid of :func:`prevalence_curve`.
DEFAULT_PREVALENCES = np.round(np.linspace(0.01, 0.99, 99), 2)


def _grid(prevalences) -> np.ndarray | None:
    """``prevalences`` as a nonempty 1-d float array inside (0, 1), or None if it is not one."""
    if (
        isinstance(prevalences, (str, bytes))
        or not hasattr(prevalences, "__len__")
        and not hasattr(prevalences, "__array__")
    ):
        return None
    try:
        grid = np.asarray(prevalences, dtype=np.float64)
    except (TypeError, ValueError):
        return None
    if grid.ndim != 1 or grid.size == 0 or not np.all((grid > 0) & (grid < 1)):
        return None
    return grid


#: ``prevalences`` of :func:`prevalence_curve`.
PREVALENCES = Predicate(
    "a nonempty 1-d array-like of floats in the range (0.0, 1.0) or None",
    lambda v: v is None or _grid(v) is not None,
    invalid=([0.5, 1.0], [0.0, 0.5], [[0.5]], [], [float("nan")], "0.5", 0.5, ["a"]),
)
#: The options :func:`at_prevalence` and :func:`prevalence_curve` share.
_OPTIONS = dict(
    metric=METRIC, beta=BETA, rho=RHO, pos_label=POS_LABEL, sample_weight=array_like(), zero_division=ZERO_DIVISION
)


def _values(y_true, y_pred, *, metric, prevalence, beta, rho, pos_label, sample_weight, zero_division, func):
    """The metric at ``prevalence`` (a float or a grid); the caller has checked its arguments."""
    m = resolve_metric(
        metric, beta=float(beta), rho=float(rho), func=func, prevalence=prevalence, zero_division=zero_division
    )
    cells, _ = _binary_cells(
        y_true, y_pred, average="binary", pos_label=pos_label, sample_weight=sample_weight, func=func
    )
    tp, fp, fn, tn = cells
    for empty, modifier in ((tp + fn == 0, "positive"), (fp + tn == 0, "negative")):
        if empty:  # the rates, hence the reweighted cells, are undefined
            return m.undefined(np.full(np.shape(prevalence), np.nan), np.array(True), modifier, warn=True)
    return m.values(tp, fp, fn, tn, warn=True)


@declare(**DENSE_TARGETS, prevalence=PREVALENCE, **_OPTIONS)
def at_prevalence(
    y_true,
    y_pred,
    *,
    metric="f_beta",
    prevalence,
    beta=1.0,
    rho=-2.0,
    pos_label=1,
    sample_weight=None,
    zero_division="warn",
) -> float:
    r"""The value a metric would take if positives made up ``prevalence`` of the data.

    The classifier keeps its true and false positive rates; the classes are
    reweighted, each positive by ``prevalence / (TP + FN)`` and each negative
    by ``(1 - prevalence) / (FP + TN)``
    (:func:`symmetric.families.counts.reweighted`), and the metric is
    computed from the reweighted cells. Proven (claims ``prevalence.*``): for
    precision it is :math:`\pi\,TPR/(\pi\,TPR + (1-\pi)\,FPR)`, at 1/2
    :func:`balanced_precision_score`; recall and specificity do not change;
    at the data's own prevalence every metric keeps its value; and scaling
    either class changes nothing. :func:`confidence_interval` takes the same
    ``prevalence``.

    Parameters
    ----------
    y_true, y_pred : 1-d array-like of binary labels
    metric : str or sympy.Expr, default "f_beta"
        As for :func:`confidence_interval`.
    prevalence : float in (0, 1)
    beta, rho : float
        For "f_beta" and "g_beta_rho".
    pos_label : int, float, bool or str, default 1
    sample_weight : array-like of shape (n_samples,), optional
    zero_division : {"warn", 0.0, 1.0, nan}, default "warn"
        The value when the data have no positives or no negatives (the rates
        are undefined), or when the metric itself is undefined.

    Returns
    -------
    float

    Examples
    --------
    A classifier with recall 0.9 and false positive rate 0.05, tested on
    balanced data, deployed where 1 % of the cases are positive:

    >>> from symmetric.metrics import at_prevalence, f1_score
    >>> y_true = [1] * 100 + [0] * 100
    >>> y_pred = [1] * 90 + [0] * 10 + [1] * 5 + [0] * 95
    >>> round(f1_score(y_true, y_pred), 3)
    0.923
    >>> round(at_prevalence(y_true, y_pred, prevalence=0.01), 3)
    0.263
    >>> round(at_prevalence(y_true, y_pred, metric="precision", prevalence=0.01), 3)
    0.154
    """
    return float(
        _values(
            y_true,
            y_pred,
            metric=metric,
            prevalence=float(prevalence),
            beta=beta,
            rho=rho,
            pos_label=pos_label,
            sample_weight=sample_weight,
            zero_division=zero_division,
            func="at_prevalence",
        )
    )


@declare(**DENSE_TARGETS, prevalences=PREVALENCES, **_OPTIONS)
def prevalence_curve(
    y_true,
    y_pred,
    *,
    metric="f_beta",
    prevalences=None,
    beta=1.0,
    rho=-2.0,
    pos_label=1,
    sample_weight=None,
    zero_division="warn",
) -> tuple[np.ndarray, np.ndarray]:
    """A metric at each prevalence of a grid (see :func:`at_prevalence`).

    Parameters
    ----------
    prevalences : 1-d array-like of floats in (0, 1), optional
        Default 0.01, 0.02, ..., 0.99.
    Other parameters
        As for :func:`at_prevalence`.

    Returns
    -------
    values : ndarray of float
    prevalences : ndarray of float

    Examples
    --------
    >>> from symmetric.metrics import prevalence_curve
    >>> y_true = [1] * 100 + [0] * 100
    >>> y_pred = [1] * 90 + [0] * 10 + [1] * 5 + [0] * 95
    >>> values, grid = prevalence_curve(y_true, y_pred, metric="precision", prevalences=[0.01, 0.1, 0.5])
    >>> values.round(3)
    array([0.154, 0.667, 0.947])
    """
    grid = DEFAULT_PREVALENCES.copy() if prevalences is None else _grid(prevalences)
    assert grid is not None  # declared: None or a grid _grid accepts
    values = _values(
        y_true,
        y_pred,
        metric=metric,
        prevalence=grid,
        beta=beta,
        rho=rho,
        pos_label=pos_label,
        sample_weight=sample_weight,
        zero_division=zero_division,
        func="prevalence_curve",
    )
    return np.broadcast_to(np.asarray(values, dtype=np.float64), grid.shape).copy(), grid
