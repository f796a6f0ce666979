"""Plots of the statistics tools: metrics over prevalences, and a preference fit on its level curves.

Needs matplotlib (``pip install "symmetric[plot]"``); :mod:`symmetric.plot`
re-exports :func:`prevalence_curve`.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ._validation import InvalidParameterError

__all__ = ["prevalence_curve", "preference_fit"]

_LABELS = {"precision": "precision", "recall": "recall", "specificity": "specificity", "accuracy": "accuracy",
           "balanced_precision": "balanced precision", "f_beta": r"$F_\beta$", "g_beta_rho": r"$G_{\beta,\rho}$"}


def prevalence_curve(y_true, y_pred, *, metrics=("precision", "f_beta", "g_beta_rho"), prevalences=None, beta=1.0,
                     rho=-2.0, pos_label=1, sample_weight=None, ax=None, log_scale=True):
    """Draw metrics as the share of positives changes, the classifier's TPR and FPR fixed.

    Parameters
    ----------
    y_true, y_pred : 1-d array-like of binary labels
    metrics : sequence of str
        Names accepted by :func:`symmetric.metrics.prevalence_curve`.
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
    """
    from . import metrics as _metrics
    from .plot import SINGLE_SIZE, _pyplot

    func = "prevalence_curve"
    if isinstance(metrics, str) or not isinstance(metrics, (Sequence, np.ndarray)) or len(metrics) == 0:
        raise InvalidParameterError.of("metrics", func, "a nonempty sequence of metric names", metrics)
    if not isinstance(log_scale, (bool, np.bool_)):
        raise InvalidParameterError.of("log_scale", func, "a bool", log_scale)
    if prevalences is None:
        prevalences = np.geomspace(0.001, 0.99, 200) if log_scale else np.linspace(0.005, 0.99, 200)
    # Every argument is checked, and every value computed, before a figure exists: an error leaves none open.
    curves = [(name, *_metrics.prevalence_curve(y_true, y_pred, metric=name, prevalences=prevalences, beta=beta,
                                                rho=rho, pos_label=pos_label, sample_weight=sample_weight))
              for name in metrics]
    own = _own_prevalence(y_true, pos_label, sample_weight)
    plt = _pyplot()
    if ax is not None:
        from matplotlib.axes import Axes

        if not isinstance(ax, Axes):
            raise InvalidParameterError.of("ax", func, "a matplotlib Axes or None", ax)
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


def _draw_prevalence_curves(ax, curves, own, *, beta, rho, log_scale):
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


def preference_fit(fit, *, ax=None):
    """The level curves of a fitted G with the statements drawn on them.

    Trade-offs are short segments with the stated slope ``dP/dR = -1/k``;
    indifferent points are joined by a dotted line; a preference is an
    arrow from the worse point to the better. Statements off the fit are red.
    """
    from .explore.preferences import Indifference, TradeOff
    from .plot import level_curves

    rho = -2.0 if fit.family == "f_beta" else (0.0 if fit.stipulated else fit.rho)
    title = rf"fitted $G_{{\beta,\rho}}$: $\beta = {fit.beta:.4g}$, $\rho = {rho:.4g}$"
    ax = level_curves("g_beta_rho", ax=ax, beta=_number(fit.beta), rho=_number(rho), break_even=False, title=title)
    if rho != 0:  # the break-even line R = beta P (claim break_even.g.solved)
        end = (1.0, 1.0 / fit.beta) if fit.beta >= 1 else (fit.beta, 1.0)
        ax.plot([0, end[0]], [0, end[1]], color="black", linestyle=(0, (5, 3)), linewidth=1.4,
                label=rf"break-even $R = {fit.beta:.3g}P$")
        ax.legend(loc="lower right", fontsize=7.5, framealpha=0.9)
    for i, (s, r) in enumerate(zip(fit.statements, fit.residuals)):
        color = "white" if abs(r) <= fit.tolerance else "#ff4040"
        if isinstance(s, TradeOff):
            d = np.array([1.0, -1.0 / s.k])
            d *= 0.07 / np.hypot(*d)
            ax.plot([s.R - d[0], s.R + d[0]], [s.P - d[1], s.P + d[1]], color=color, linewidth=2.4, zorder=5)
            ax.plot([s.R], [s.P], "o", color=color, markersize=4, zorder=6)
            ax.annotate(f"[{i}] k={s.k:g}", (s.R, s.P), xytext=(4, 4), textcoords="offset points", color=color,
                        fontsize=7, zorder=6)
        else:
            if isinstance(s, Indifference):
                ax.plot([s.R, s.R2], [s.P, s.P2], ":o", color=color, markersize=4, zorder=5)
            else:
                ax.annotate("", xy=(s.R, s.P), xytext=(s.R2, s.P2), zorder=5,
                            arrowprops={"arrowstyle": "->", "color": color, "linewidth": 1.6})
            ax.annotate(f"[{i}]", (s.R, s.P), xytext=(4, 4), textcoords="offset points", color=color, fontsize=7)
    return ax


def _number(x: float):
    """A float that is an integer as an int, so that the family picks its closed form."""
    return int(x) if float(x).is_integer() else float(x)
