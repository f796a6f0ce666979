"""Any count metric at another prevalence, and over a grid of prevalences."""

from __future__ import annotations

import numpy as np

from .._validation import InvalidParameterError
from ._count_metrics import resolve_metric
from ._params import check_array_like, check_beta, check_pos_label, check_prevalence, check_rho, check_zero_division
from ._uncertainty import _binary_cells

__all__ = ["at_prevalence", "prevalence_curve"]

#: The default grid of :func:`prevalence_curve`.
DEFAULT_PREVALENCES = np.round(np.linspace(0.01, 0.99, 99), 2)


def _values(y_true, y_pred, *, metric, prevalence, beta, rho, pos_label, sample_weight, zero_division, func):
    check_array_like(sample_weight, name="sample_weight", func=func)
    check_pos_label(pos_label, func=func)
    check_zero_division(zero_division, func=func)
    m = resolve_metric(metric, beta=check_beta(beta, func=func), rho=check_rho(rho, func=func), func=func,
                       prevalence=prevalence, zero_division=zero_division)
    cells, _ = _binary_cells(y_true, y_pred, average="binary", pos_label=pos_label, sample_weight=sample_weight,
                             func=func)
    tp, fp, fn, tn = cells
    for empty, modifier in ((tp + fn == 0, "positive"), (fp + tn == 0, "negative")):
        if empty:  # the rates, hence the reweighted cells, are undefined
            return m.undefined(np.full(np.shape(prevalence), np.nan), np.array(True), modifier, warn=True)
    return m.values(tp, fp, fn, tn, warn=True)


def at_prevalence(y_true, y_pred, *, metric="f_beta", prevalence, beta=1.0, rho=-2.0, pos_label=1,
                  sample_weight=None, zero_division="warn"):
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
    func = "at_prevalence"
    check_array_like(y_true, name="y_true", func=func, optional=False)
    check_array_like(y_pred, name="y_pred", func=func, optional=False)
    prevalence = check_prevalence(prevalence, func=func)
    return float(_values(y_true, y_pred, metric=metric, prevalence=prevalence, beta=beta, rho=rho,
                         pos_label=pos_label, sample_weight=sample_weight, zero_division=zero_division, func=func))


def _check_prevalences(prevalences, func) -> np.ndarray:
    if prevalences is None:
        return DEFAULT_PREVALENCES.copy()
    check_array_like(prevalences, name="prevalences", func=func, optional=False)
    try:
        grid = np.asarray(prevalences, dtype=np.float64)
    except (TypeError, ValueError):
        grid = None
    if grid is None or grid.ndim != 1 or grid.size == 0 or not np.all((grid > 0) & (grid < 1)):
        raise InvalidParameterError.of("prevalences", func, "a nonempty 1-d array of floats in (0, 1)", prevalences)
    return grid


def prevalence_curve(y_true, y_pred, *, metric="f_beta", prevalences=None, beta=1.0, rho=-2.0, pos_label=1,
                     sample_weight=None, zero_division="warn"):
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
    func = "prevalence_curve"
    check_array_like(y_true, name="y_true", func=func, optional=False)
    check_array_like(y_pred, name="y_pred", func=func, optional=False)
    grid = _check_prevalences(prevalences, func)
    values = _values(y_true, y_pred, metric=metric, prevalence=grid, beta=beta, rho=rho, pos_label=pos_label,
                     sample_weight=sample_weight, zero_division=zero_division, func=func)
    return np.broadcast_to(np.asarray(values, dtype=np.float64), grid.shape).copy(), grid
