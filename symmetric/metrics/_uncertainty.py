"""Confidence intervals for count metrics from labels: delta method, Wilson, bootstrap of the counts."""

from __future__ import annotations

import dataclasses
import math
import numbers
from typing import NamedTuple

import numpy as np

from .._constraints import Interval, Options, Predicate
from ._count_metrics import METRIC, PROPORTIONS, _is_metric, _MetricConstraint, resolve_metric
from ._counts import label_counts
from ._intervals import bca, bootstrap_values, delta, normal_quantile, percentile, sort_resamples, wilson
from ._params import BETA, DENSE_TARGETS, POS_LABEL, RHO, ZERO_DIVISION, array_like, checked, declare, invalid
from ._ranking_intervals import RANKING_METRICS, ranking_interval
from ._tables import Table
from ._targets import check_targets

__all__ = ["ConfidenceInterval", "confidence_interval", "METHODS"]

#: The interval methods; "bootstrap" is "bca".
METHODS = ("delta", "wilson", "bootstrap", "percentile", "bca")
SCALES = ("logit", "identity")
#: The most cells all bootstrap resamples together may hold (8 bytes each: 512 MiB).
MAX_RESAMPLED_CELLS = 2**26
_LARGEST = float(np.finfo(np.float64).max)


class ConfidenceInterval(NamedTuple):
    """A point estimate and the bounds of its interval (floats, or arrays per class)."""

    estimate: float | np.ndarray
    low: float | np.ndarray
    high: float | np.ndarray


# The constraints confidence_interval declares; its checks read them.
#: ``metric``: a count metric (:data:`METRIC`), or a metric of scores, ROC AUC or average precision.
INTERVAL_METRIC = _MetricConstraint(
    METRIC.allowed.replace("} (or", ", " + ", ".join(repr(n) for n in RANKING_METRICS) + "} (or", 1),
    lambda v: (isinstance(v, str) and v in RANKING_METRICS) or _is_metric(v),
    invalid=("auc", 3, None),
)
#: ``level`` of the interval.
LEVEL = Interval(float, 0, 1, closed="neither")
#: ``method``.
METHOD = Options(METHODS, invalid=("mean", "Wilson", 1))
#: ``scale`` of the delta method.
SCALE = Options(SCALES, invalid=("log", 1))
#: ``average``: one table (binary, micro) or one per class (None, macro, weighted); no "samples".
AVERAGE = Options(("binary", "micro", "macro", "weighted"), none=True, invalid=("samples", "mean", 1))
#: ``prevalence``, optional here.
PREVALENCE = Interval(float, 0, 1, closed="neither", none=True)
#: ``n_resamples`` of the bootstrap; at most :data:`MAX_RESAMPLED_CELLS` cells in all (checked with the table).
N_RESAMPLES = Interval(int, 2, math.inf, closed="left")
#: ``pseudo_count`` samples added to the table; bounded by the cells' size too (checked with the table).
PSEUDO_COUNT = Interval(float, 0, math.inf, closed="left", none=True)
#: ``sampling``: how the test set was drawn (the delta method's variance).
SAMPLING = Options(("multinomial", "stratified"), invalid=("binomial", 1))


def _seed(value) -> bool:
    if isinstance(value, (bool, np.bool_)):
        return False
    return (
        value is None
        or isinstance(value, (np.random.SeedSequence, np.random.Generator))
        or (isinstance(value, numbers.Integral) and int(value) >= 0)
    )


#: ``random_state`` of the bootstrap (what :func:`numpy.random.default_rng` takes, but arrays).
RANDOM_STATE = Predicate(
    "an int in the range [0, inf), an instance of 'numpy.random.SeedSequence', an instance of "
    "'numpy.random.Generator' or None",
    _seed,
    invalid=("seed", -1, 1.5, True, [0]),
)


def _check_resamples_fit(n_resamples, cells, func) -> None:
    """The resampled tables must fit in memory: at most :data:`MAX_RESAMPLED_CELLS` cells in all."""
    most = max(2, MAX_RESAMPLED_CELLS // max(np.size(cells), 1))
    checked(
        N_RESAMPLES.up_to(most),
        n_resamples,
        name="n_resamples",
        func=func,
        note=f" for a table of {np.size(cells)} cells (2**26 resampled cells in all)",
    )


def _check_pseudo_count_fits(pseudo_count, cells, squares, func) -> None:
    """The pseudo-samples must leave the cells, and their squared weights, finite doubles.

    A sample has the mean weight ``w = sum(w_i**2) / sum(w_i)``; every cell
    gains ``pseudo_count * w`` (squares ``pseudo_count * w**2``), so the bound
    is a tiny fraction (2**-20) of the largest double divided by
    ``n_cells * max(1, w)**2``, shown (and applied) to three significant
    digits: the fraction leaves room for that rounding.
    """
    total = float(np.sum(cells))
    weight = float(np.sum(squares)) / total if total > 0 else 1.0
    most = float(f"{_LARGEST * 2.0**-20 / (np.size(cells) * max(1.0, weight) ** 2):.3g}")
    checked(
        PSEUDO_COUNT.up_to(most),
        pseudo_count,
        name="pseudo_count",
        func=func,
        note=" (so that the cells plus the pseudo-samples stay finite)",
    )


def _binary_cells(y_true, y_pred, *, average, pos_label, sample_weight, func):
    """Cells (TP, FP, FN, TN) of the positive class (``average="binary"``) or of each class (None)."""

    def cells(weights):
        c = label_counts(
            y_true, y_pred, labels=None, pos_label=pos_label, average=average, sample_weight=weights, func=func
        )
        tp = np.asarray(c.tp, dtype=np.float64)
        return np.stack([tp, c.pred_sum - tp, c.true_sum - tp, np.broadcast_to(c.tn, tp.shape)], axis=-1)

    table = cells(sample_weight)
    squares = table if sample_weight is None else cells(np.asarray(sample_weight, dtype=np.float64) ** 2)
    return (table[0], squares[0]) if average == "binary" else (table, squares)


def _square_cells(y_true, y_pred, *, sample_weight, func):
    """The K x K confusion matrix, flattened, and its sums of squared weights."""
    t = check_targets(y_true, y_pred, sample_weight, func=func)
    if t.y_type not in ("binary", "multiclass"):
        raise ValueError(
            f"{t.y_type} targets are supported only with average=None by {func}: the micro, macro "
            "and weighted averages need one multinomial table."
        )
    if t.cm is None:
        raise ValueError(f"{func} needs a dense confusion matrix; these targets have {len(t.labels)} labels.")
    table = t.cm.astype(np.float64).reshape(-1)
    if sample_weight is None:
        return table, table, len(t.labels)
    s = check_targets(y_true, y_pred, np.asarray(sample_weight, dtype=np.float64) ** 2, func=func)
    assert s.cm is not None  # the same labels as t: a dense matrix too
    return table, s.cm.astype(np.float64).reshape(-1), len(t.labels)


def _check_method(method, metric, average, prevalence, func):
    """The method, once the metric is known: Wilson's interval is only for a proportion."""
    if method != "wilson":
        return "bca" if method == "bootstrap" else method
    proportion = metric.name in PROPORTIONS and prevalence is None
    if average == "micro":
        proportion = proportion and metric.name in ("precision", "recall")
    elif average not in ("binary", None):
        proportion = False
    if not proportion:
        others = ", ".join(repr(m) for m in METHODS if m != "wilson")
        raise invalid(
            "method",
            func,
            f"one of {others} for this metric ({metric.label}"
            + ("" if average in ("binary", None) else f", average={average!r}")
            + ("" if prevalence is None else ", at a prevalence")
            + "): Wilson's interval is only for a proportion (precision, recall, specificity or accuracy; "
            "micro precision or recall; no prevalence)",
            method,
        )
    return method


@declare(
    **DENSE_TARGETS,
    metric=INTERVAL_METRIC,
    beta=BETA,
    rho=RHO,
    average=AVERAGE,
    pos_label=POS_LABEL,
    sample_weight=array_like(),
    method=METHOD,
    level=LEVEL,
    n_resamples=N_RESAMPLES,
    random_state=RANDOM_STATE,
    prevalence=PREVALENCE,
    scale=SCALE,
    pseudo_count=PSEUDO_COUNT,
    zero_division=ZERO_DIVISION,
    sampling=SAMPLING,
)
def confidence_interval(
    y_true,
    y_pred,
    *,
    metric="f_beta",
    beta=1.0,
    rho=-2.0,
    average="binary",
    pos_label=1,
    sample_weight=None,
    method="delta",
    level=0.95,
    n_resamples=9999,
    random_state=None,
    prevalence=None,
    scale="logit",
    pseudo_count=None,
    zero_division="warn",
    sampling="multinomial",
) -> ConfidenceInterval:
    r"""A count metric and its confidence interval: delta method, Wilson or bootstrap.

    The confusion matrix of ``n`` independent samples is multinomial; every
    method works from its counts, never from the rows.

    * ``method="delta"``: the estimate plus or minus ``z`` standard errors.
      The variance is the delta method's ``g^T (diag(p) - p p^T) g / n``
      (:mod:`symmetric.families.uncertainty`), with the gradient ``g`` of the
      metric over the cells derived by SymPy from
      :mod:`symmetric.families.counts` and the records (never typed by hand;
      generated code, compiled on first use at another prevalence);
      for micro, macro and weighted averages the gradient runs through every
      class's one-vs-rest counts, so Takahashi et al. (2022)'s micro- and
      macro-F1 variances are special cases (claims ``uncertainty.takahashi.*``;
      ``scale="identity", pseudo_count=0`` gives exactly their intervals).
      Where the derivatives overflow at extreme parameters (beta
      above about 1e77, huge ``|rho|``, a prevalence near 0 or 1), the
      gradient is a central difference of the values, which follow the
      family's limits: F_beta at ``beta=1e100`` has recall's interval.
    * ``method="wilson"``: Wilson's score interval, for metrics that are
      proportions: precision, recall, specificity and accuracy (binary or per
      class), micro precision and recall (which are accuracy).
    * ``method="bca"`` (or ``"bootstrap"``) and ``"percentile"``: the
      bootstrap, resampling the *counts* (one multinomial draw per resample,
      so the cost does not grow with ``n``: 10^4 resamples of 10^7 samples
      take 0.16 s, counting the labels included); BCa's acceleration comes
      from the jackknife over the cells.

    Two choices make the delta method and the bootstrap hold their level in
    small samples (docs/uncertainty.md has the simulation study): both work
    on the counts plus a few pseudo-samples (``pseudo_count``, by default two
    in all, Jeffreys' prior for a 2 x 2 table), so that an empty cell (no
    false negatives among 10 positives, say) does not collapse the interval
    onto the estimate; and the delta interval is built on the logit scale
    (``scale="logit"``), which keeps it inside (0, 1). Each interval is then
    widened, where needed, to contain the estimate.

    **Scores: ROC AUC and average precision.** With ``metric="roc_auc"`` or
    ``"average_precision"``, ``y_pred`` holds scores (as for
    :func:`roc_auc_score`), the positive class is ``pos_label`` and the
    estimate is the score's. ``method="delta"`` is DeLong's variance for
    ROC AUC (Sun and Xu's O(n log n) algorithm) and
    Boyd, Eng and Page's logit interval for AP (a proportion over the
    positives); ``"percentile"`` is the bootstrap of the samples, drawn as
    one multinomial over the (score, class) cells per resample. Both take
    ``scale``, ``level``, ``n_resamples`` and ``random_state``; the options
    of count metrics must keep their defaults. Their coverage is measured
    in docs/uncertainty.md. To compare the AUCs of two scores, see
    :func:`roc_auc_test`.

    How well do they cover? In the study (F_beta and G_{beta,rho}, beta in
    {0.5, 1, 2}, rho in {-3, -2, -1, 0.5}, prevalence 0.01 to 0.5), for
    ``n >= 1000`` the delta intervals cover 93.0 % to 96.2 % of the time and
    BCa 94.4 % to 96.5 %, except where G with rho > -1 leans on the recall
    of about 10 positives (n = 1000, prevalence 0.01): BCa then covers 98 %
    (too wide). Below that, every method fails when the data hold one or two
    positives (n = 50 or 200 at prevalence 0.01): the metric is often
    undefined, and coverage drops to 39 % to 87 % for G with rho > -1; with
    a handful of positives (n = 50, prevalence 0.1) they are conservative
    (98 % to 99 %). The plain methods (``pseudo_count=0``) undercover badly
    there (3 % to 30 %) and still at n = 1000 (83 % to 85 %). For proportions
    at small ``n``, prefer Wilson's interval.

    Parameters
    ----------
    y_true, y_pred : 1-d array-like, or label indicator array (``average=None`` only)
        ``y_pred`` holds scores for "roc_auc" and "average_precision".
    metric : str or sympy.Expr, default "f_beta"
        One of "precision", "recall", "specificity", "accuracy",
        "balanced_precision", "f_beta", "g_beta_rho", "f1" and "f2" (F_beta
        at beta = 1 and 2), a registered confusion metric, "roc_auc" or
        "average_precision", or a SymPy expression in ``symmetric.symbols``
        TP, FP, FN and TN. An unknown name is refused with the closest
        known names.
    beta : float in [0, inf], default 1.0
        For "f_beta" and "g_beta_rho".
    rho : float, default -2.0
        For "g_beta_rho".
    average : {"binary", "micro", "macro", "weighted"} or None, default "binary"
        As for the scores; None gives one interval per class (one-vs-rest).
        For "accuracy", "binary" is the plain accuracy of binary targets and
        "micro" that of any targets (micro precision is accuracy, claim
        ``multiclass.micro_precision_is_accuracy``); other averages use each
        class's one-vs-rest accuracy.
    pos_label : int, float, bool or str, default 1
    sample_weight : array-like of shape (n_samples,), optional
        Treated as sampling weights (the delta method's variance sums squared
        weights); the bootstrap draws Kish's effective number of samples ``W**2 / sum(w**2)`` and
        rescales them to the total weight ``W``: exact without weights, an approximation with them.
    method : {"delta", "wilson", "bca", "bootstrap", "percentile"}, default "delta"
    level : float in (0, 1), default 0.95
        A level below about 1e-16 gives ``z = 0``: the delta and Wilson
        intervals shrink to their centre.
    n_resamples : int, default 9999
        Bootstrap resamples: at least 2, and at most 2**26 cells in all (the
        resampled tables are held in memory), so ``2**24`` for a 2 x 2 table.
    random_state : None, int, numpy.random.SeedSequence or Generator
        For the bootstrap.
    prevalence : float in (0, 1), optional
        The interval of the metric at this prevalence (see :func:`at_prevalence`);
        ``average`` must then be "binary" or None.
    scale : {"logit", "identity"}, default "logit"
        The scale of the delta-method interval; logit needs a metric in [0, 1].
    pseudo_count : float >= 0, optional
        Samples added to every cell before the delta method linearizes and
        before the bootstrap resamples (0 for the plain methods). By default
        two in all: half a sample per cell of a 2 x 2 table (the posterior
        mean under Jeffreys' prior), ``2 / K**2`` per cell of a K x K table.
        At most about ``1.7e302 / n_cells`` samples, so that the cells stay
        finite (less with sample weights above 1).
    zero_division : {"warn", 0.0, 1.0, nan}, default "warn"
        The value of an undefined metric (and of undefined bootstrap resamples).
    sampling : {"multinomial", "stratified"}, default "multinomial"
        How the test set was drawn, for the delta method. "multinomial": ``n``
        samples drawn at random, so the class totals vary too. "stratified":
        the number of samples of each true class fixed by design (a test set
        assembled per class): each row of the confusion matrix is its own
        multinomial (product-binomial for two classes), and the variance
        leaves out the variation of the class totals
        (:func:`symmetric.families.uncertainty.delta_variance` with ``strata``;
        claim ``uncertainty.delta.stratified_form``). Choose "stratified" only
        when the class totals were fixed: then the multinomial standard error
        is too large (precision's by about 21 %, F1's by 11 % at TP = 80,
        FN = 20, FP = 45, TN = 855). Only for ``method="delta"`` and a binary
        table or the micro, macro and weighted averages.

    Returns
    -------
    ConfidenceInterval
        ``(estimate, low, high)``: floats, or arrays with one entry per class
        when ``average=None``. The bounds are nan where the estimate is undefined.

    Examples
    --------
    >>> from symmetric.metrics import confidence_interval
    >>> y_true = [1] * 40 + [0] * 160
    >>> y_pred = [1] * 30 + [0] * 10 + [1] * 12 + [0] * 148
    >>> ci = confidence_interval(y_true, y_pred)
    >>> [round(x, 3) for x in ci]
    [0.732, 0.607, 0.82]
    >>> ci = confidence_interval(y_true, y_pred, metric="recall", method="wilson")
    >>> round(ci.low, 3), round(ci.high, 3)
    (0.598, 0.858)
    >>> ci = confidence_interval(y_true, y_pred, method="bca", random_state=0)
    >>> round(ci.low, 3), round(ci.high, 3)
    (0.603, 0.822)
    >>> ci = confidence_interval(y_true, y_pred, average=None)   # one interval per class
    >>> ci.low.round(3)
    array([0.893, 0.607])
    >>> scores = [0.9] * 25 + [0.3] * 15 + [0.6] * 20 + [0.1] * 140     # ROC AUC of scores, DeLong's interval
    >>> [round(x, 3) for x in confidence_interval(y_true, scores, metric="roc_auc")]
    [0.953, 0.917, 0.974]
    """
    func = "confidence_interval"
    level = float(level)
    if isinstance(metric, str) and metric in RANKING_METRICS:
        return _ranking(y_true, y_pred, metric, locals(), func)
    if prevalence is not None:
        prevalence = float(prevalence)
        if average not in ("binary", None):
            raise invalid("average", func, "'binary' or None when a prevalence is given", average)
    m = resolve_metric(
        metric, beta=float(beta), rho=float(rho), func=func, prevalence=prevalence, zero_division=zero_division
    )
    if m.name == "accuracy" and average == "micro":
        m = resolve_metric("precision", beta=1.0, rho=-2.0, func=func, zero_division=zero_division)
    method = _check_method(method, m, average, prevalence, func)
    if method in ("bca", "percentile"):
        n_resamples = int(n_resamples)
        rng = np.random.default_rng(random_state)
    if sampling == "stratified" and (method != "delta" or average is None):
        raise invalid(
            "sampling",
            func,
            "'stratified' only with method='delta' and average 'binary', 'micro', 'macro' or 'weighted'",
            sampling,
        )
    if scale == "logit" and method == "delta" and not m.unit_interval:
        scale = "identity"  # an expression (or MCC, LR+...) need not lie in [0, 1]
    if average in ("binary", None):
        cells, squares = _binary_cells(
            y_true, y_pred, average=average, pos_label=pos_label, sample_weight=sample_weight, func=func
        )
        table = Table(m, "binary")
    else:
        cells, squares, k = _square_cells(y_true, y_pred, sample_weight=sample_weight, func=func)
        table = Table(m, average, k)
    if pseudo_count is None:  # two pseudo-samples in all: half a sample per cell of a 2 x 2 table
        pseudo_count = 2.0 / (table.n_classes**2 if average in ("micro", "macro", "weighted") else 4)
    _check_pseudo_count_fits(pseudo_count, cells, squares, func)
    if method in ("bca", "percentile"):
        _check_resamples_fit(n_resamples, cells, func)
    estimate = np.asarray(table.values(cells, warn=True), dtype=np.float64)
    defined = np.isfinite(estimate) & _defined(table, cells)
    z = normal_quantile(level)
    if method == "delta":
        strata = None
        if sampling == "stratified":  # the rows of the table: TP, FN positives and FP, TN negatives, or true class i
            strata = (0, 1, 0, 1) if average == "binary" else np.repeat(np.arange(table.n_classes), table.n_classes)
        _, low, high = delta(table, cells, squares, z=z, scale=scale, pseudo_count=pseudo_count, strata=strata)
    elif method == "wilson" and z == 0:  # a level below 1e-16: Wilson's bounds meet at the proportion
        low, high = estimate, estimate
    elif method == "wilson":
        _, low, high = wilson(table, cells, squares, z=z)
    else:
        ordered = sort_resamples(bootstrap_values(table, cells, squares, n_resamples, rng, pseudo_count=pseudo_count))
        if method == "percentile":
            low, high = percentile(ordered, estimate, level=level)
        else:
            low, high = bca(table, cells, squares, ordered, estimate, level=level, pseudo_count=pseudo_count)
    low, high = (np.where(defined, b, np.nan) for b in (low, high))
    if average is None:
        return ConfidenceInterval(estimate, low, high)
    return ConfidenceInterval(float(estimate), float(low), float(high))


#: The options of a count metric that have no meaning for ROC AUC or AP: their defaults.
_COUNT_OPTIONS = {
    "beta": 1.0,
    "rho": -2.0,
    "average": "binary",
    "sample_weight": None,
    "prevalence": None,
    "pseudo_count": None,
    "sampling": "multinomial",
}


def _ranking(y_true, y_score, metric, options, func) -> ConfidenceInterval:
    """ROC AUC (DeLong) or average precision (Boyd et al.'s logit interval), or their percentile bootstrap."""
    for name, default in _COUNT_OPTIONS.items():
        if options[name] is not default and options[name] != default:
            raise invalid(name, func, f"{default!r} (its default) with metric={metric!r}", options[name])
    method = options["method"]
    if method not in ("delta", "percentile"):
        raise invalid("method", func, f"'delta' or 'percentile' with metric={metric!r}", method)
    estimate, low, high = ranking_interval(
        y_true,
        y_score,
        metric=metric,
        pos_label=options["pos_label"],
        method=method,
        level=options["level"],
        z=normal_quantile(options["level"]),
        scale=options["scale"],
        n_resamples=int(options["n_resamples"]),
        rng=np.random.default_rng(options["random_state"]),
        check_resamples=lambda n_resamples, cells: _check_resamples_fit(n_resamples, cells, func),
        func=func,
    )
    return ConfidenceInterval(estimate, low, high)


def _defined(table: Table, cells) -> np.ndarray:
    """Whether the metric's value at these counts is its formula (not set by ``zero_division``)."""
    probe = dataclasses.replace(table, metric=dataclasses.replace(table.metric, zero_division=np.nan))
    with np.errstate(all="ignore"):
        return np.isfinite(probe.values(cells))
