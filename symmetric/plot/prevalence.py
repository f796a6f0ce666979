"""Metrics over prevalences: the values of :func:`symmetric.metrics.prevalence_curve`, drawn.

Needs matplotlib (the ``plot`` extra).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from .._constraints import declare, unchecked
from .arguments import AX, BOOLEAN, METRICS, Borrowed
from .figure import SINGLE_SIZE, pyplot

if TYPE_CHECKING:  # for the annotations only
    from matplotlib.axes import Axes

__all__ = ["prevalence_curve"]

_LABELS = {
    "precision": "precision",
    "recall": "recall",
    "specificity": "specificity",
    "accuracy": "accuracy",
    "balanced_precision": "balanced precision",
    "f_beta": r"$F_\beta$",
    "g_beta_rho": r"$G_{\beta,\rho}$",
}


def _of_metrics(param: str, *, none: bool = False) -> Borrowed:
    return Borrowed("symmetric.metrics", "prevalence_curve", param, none=none)


#: Each name of ``metrics``, as :func:`symmetric.metrics.prevalence_curve` takes it.
_METRIC = _of_metrics("metric")


@declare(
    y_true=_of_metrics("y_true"),
    y_pred=_of_metrics("y_pred"),
    metrics=METRICS,
    prevalences=_of_metrics("prevalences"),
    beta=_of_metrics("beta"),
    rho=_of_metrics("rho"),
    pos_label=_of_metrics("pos_label"),
    sample_weight=_of_metrics("sample_weight"),
    ax=AX,
    log_scale=BOOLEAN,
)
def prevalence_curve(
    y_true,
    y_pred,
    *,
    metrics=None,
    prevalences=None,
    beta=1.0,
    rho=-2.0,
    pos_label=1,
    sample_weight=None,
    ax=None,
    log_scale=True,
) -> Axes:
    """Draw metrics as the share of positives changes, the classifier's TPR and FPR fixed.

    Parameters
    ----------
    y_true, y_pred : 1-d array-like of binary labels
    metrics : sequence of str, optional
        Names accepted by :func:`symmetric.metrics.prevalence_curve`. Default:
        precision and F_beta, and G_{beta,rho} when ``rho`` is not -2 (at
        -2, G is F_beta: claim ``family.g.rho_minus_2_is_f_beta``).
    prevalences : 1-d array-like of floats in (0, 1), optional
        Default: 200 points from 0.001 to 0.99 (log-spaced when ``log_scale``).
    beta, rho : float
        For "f_beta" and "g_beta_rho".
    ax : matplotlib Axes, optional
    log_scale : bool, default True
        Prevalence on a logarithmic axis.

    Returns
    -------
    matplotlib.axes.Axes
        A dotted vertical line marks the data's own prevalence.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from symmetric import plot
    >>> y_true = [1] * 100 + [0] * 100
    >>> y_pred = [1] * 90 + [0] * 10 + [1] * 5 + [0] * 95
    >>> ax = plot.prevalence_curve(y_true, y_pred, beta=2, rho=-3)
    >>> [line.get_label() for line in ax.lines][:3]
    ['precision', '$F_\\\\beta$ ($\\\\beta = 2$)', '$G_{\\\\beta,\\\\rho}$ ($\\\\beta = 2$, $\\\\rho = -3$)']
    >>> plot.close(ax.figure)
    >>> ax = plot.prevalence_curve(y_true, y_pred)      # F_1 once: G at rho = -2 would be the same curve
    >>> [line.get_label() for line in ax.lines]
    ['precision', '$F_\\\\beta$ ($\\\\beta = 1$)', "data's prevalence (0.5)"]
    >>> plot.close(ax.figure)
    """
    from .. import metrics as _metrics

    func = "prevalence_curve"
    if metrics is None:
        metrics = ("precision", "f_beta") + (("g_beta_rho",) if rho != -2 else ())
    for name in metrics:
        _METRIC.check(name, name="metrics", func=func)
    if prevalences is None:
        prevalences = np.geomspace(0.001, 0.99, 200) if log_scale else np.linspace(0.005, 0.99, 200)
    # Every argument is checked, and every value computed, before a figure exists: an error leaves none open.
    values_of = unchecked(_metrics.prevalence_curve)  # the arguments are checked by this function's declaration
    curves = [
        (
            name,
            *values_of(
                y_true,
                y_pred,
                metric=name,
                prevalences=prevalences,
                beta=beta,
                rho=rho,
                pos_label=pos_label,
                sample_weight=sample_weight,
            ),
        )
        for name in metrics
    ]
    own = _own_prevalence(y_true, pos_label, sample_weight)
    plt = pyplot()
    figure = None
    if ax is None:
        figure, ax = plt.subplots(figsize=SINGLE_SIZE, layout="constrained")
    try:
        _draw_prevalence_curves(ax, curves, own, beta=beta, rho=rho, log_scale=log_scale)
    except BaseException:
        if figure is not None:  # close what this call opened
            plt.close(figure)
        raise
    return ax


def _own_prevalence(y_true, pos_label, sample_weight) -> float:
    """The (weighted) share of positives in the data (the scores have checked the arguments)."""
    yt = np.asarray(y_true)
    weights = np.ones(len(yt)) if sample_weight is None else np.asarray(sample_weight, dtype=np.float64)
    return float(weights[yt == pos_label].sum() / weights.sum())


def _draw_prevalence_curves(ax, curves, own, *, beta, rho, log_scale) -> None:
    for name, values, grid in curves:
        label = _LABELS.get(name, str(name))
        if name == "f_beta":
            label += rf" ($\beta = {beta:g}$)"
        elif name == "g_beta_rho":
            label += rf" ($\beta = {beta:g}$, $\rho = {rho:g}$)"
        ax.plot(grid, values, label=label, linewidth=1.8)
    ax.axvline(own, color="grey", linestyle=":", linewidth=1.2, label=f"data's prevalence ({own:.3g})")
    if log_scale:
        ax.set_xscale("log")
    ax.set(ylim=(0, 1.02), xlabel="prevalence (share of positives)", ylabel="metric at that prevalence")
    ax.set_title("Metrics at another prevalence (same TPR and FPR)", fontsize=10)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8, loc="lower right")
