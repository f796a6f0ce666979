"""Plots of precision-recall gain and of the unachievable region of PR space.

Needs matplotlib (``pip install "symmetric-metrics[plot]"``). The values come
from :mod:`symmetric.metrics` (the analysis); this module only draws them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from .._constraints import declare, unchecked
from .arguments import AX, LABEL, Borrowed
from .figure import SINGLE_SIZE, pyplot

if TYPE_CHECKING:  # for the annotations only
    from matplotlib.axes import Axes

__all__ = ["prg_curve", "unachievable_region"]


def _scored(*, none: bool = False) -> dict:
    """The arguments a curve of scores hands on to :mod:`symmetric.metrics`, declared with their constraints there."""
    return {
        param: Borrowed("symmetric.metrics", "precision_recall_gain_curve", param, none=none and param.startswith("y_"))
        for param in ("y_true", "y_score", "pos_label", "sample_weight")
    }


@declare(**_scored(), ax=AX, label=LABEL)
def prg_curve(y_true, y_score, *, pos_label=None, sample_weight=None, ax=None, label=None) -> Axes:
    """Draw the precision-recall gain curve (Flach and Kull 2015) on the unit square.

    The points are :func:`symmetric.metrics.precision_recall_gain_curve`'s:
    points outside the unit square are dropped. The legend gives the area
    (:func:`symmetric.metrics.prg_auc_score`); the dotted diagonal
    ``precG + recG = 1`` is the level F1-gain = 1/2 of the always-positive
    classifier (F-gain is linear in the gains: claim ``confusion.gain.f_gain_linear``).

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from symmetric import plot
    >>> ax = plot.prg_curve([0, 0, 1, 1, 0, 1], [0.1, 0.4, 0.35, 0.8, 0.2, 0.9])
    >>> ax.get_xlabel(), ax.lines[0].get_label()
    ('recall gain', 'PRG (AUPRG 0.792)')
    >>> plot.close(ax.figure)
    """
    from .. import metrics as _metrics

    # the arguments are checked by this function's declaration (the metrics' own constraints)
    pg, rg, _ = unchecked(_metrics.precision_recall_gain_curve)(
        y_true, y_score, pos_label=pos_label, sample_weight=sample_weight
    )
    area = unchecked(_metrics.prg_auc_score)(y_true, y_score, pos_label=pos_label, sample_weight=sample_weight)
    if ax is None:
        _, ax = pyplot().subplots(figsize=SINGLE_SIZE, constrained_layout=True)
    ax.plot(rg, pg, marker="o", markersize=3, label=f"{label or 'PRG'} (AUPRG {area:.3f})")
    ax.plot([0, 1], [1, 0], linestyle=":", color="grey", label="F1-gain 1/2")
    ax.set(xlim=(0, 1), ylim=(0, 1), xlabel="recall gain", ylabel="precision gain", aspect="equal")
    ax.legend(loc="lower left")
    return ax


@declare(prevalence=Borrowed("symmetric.metrics", "unachievable_area", "prevalence"), **_scored(none=True), ax=AX)
def unachievable_region(prevalence, *, y_true=None, y_score=None, pos_label=None, sample_weight=None, ax=None) -> Axes:
    """Shade the region of PR space no classifier reaches at ``prevalence`` (Boyd et al. 2012).

    Below :func:`symmetric.metrics.minimum_precision`; its area is
    :func:`symmetric.metrics.unachievable_area`. With ``y_true`` and
    ``y_score``, also draw their precision-recall curve (its prevalence should
    be ``prevalence``), labelled with the normalised average precision.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from symmetric import plot
    >>> ax = plot.unachievable_region(0.25)
    >>> ax.collections[0].get_label()
    'unachievable (area 0.137)'
    >>> plot.close(ax.figure)
    """
    from .. import metrics as _metrics

    # the arguments are checked by this function's declaration (the metrics' own constraints)
    area = unchecked(_metrics.unachievable_area)(prevalence)
    recall = np.linspace(0.0, 1.0, 201)
    floor = unchecked(_metrics.minimum_precision)(recall, prevalence)
    if ax is None:
        _, ax = pyplot().subplots(figsize=SINGLE_SIZE, constrained_layout=True)
    ax.fill_between(recall, 0.0, floor, color="0.8", label=f"unachievable (area {area:.3f})")
    ax.plot(recall, floor, color="0.4", linewidth=1)
    if y_true is not None and y_score is not None:
        precision, rec, _ = unchecked(_metrics.precision_recall_curve)(
            y_true, y_score, pos_label=pos_label, sample_weight=sample_weight
        )
        normalised = unchecked(_metrics.normalized_average_precision_score)(
            y_true, y_score, pos_label=pos_label, sample_weight=sample_weight
        )
        ax.step(rec, precision, where="post", label=f"PR curve (normalised AP {normalised:.3f})")
    ax.set(
        xlim=(0, 1),
        ylim=(0, 1.02),
        xlabel="recall",
        ylabel="precision",
        title=rf"Unachievable PR region at prevalence $\pi = {prevalence:g}$",
    )
    ax.legend(loc="upper right")
    return ax
