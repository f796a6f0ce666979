"""What the package knows about a metric of the confusion matrix, in one record, and the registry of them.

A :class:`ConfusionMetric` holds the builder of its SymPy definition (in the
cells ``TP, FP, FN, TN``, or in the sums of a K x K matrix for the multiclass
ones), its range of values, the cases where it is undefined (expressions
that vanish there, each with the words a warning uses), its display label
and the ids of its claims. Numeric code (``symmetric/metrics/_generated.py``),
the scores from labels, ``confidence_interval``, the CLI and the peers'
comparison read the record. Adding a metric is a builder and one
:func:`register_confusion_metric`:

>>> import sympy
>>> from symmetric.symbols import TP, FP, FN
>>> from symmetric.families.confusion_record import (CONFUSION_METRICS, ConfusionMetric, get_confusion_metric,
...                                                  register_confusion_metric)
>>> def critical_success(tp=TP, fp=FP, fn=FN, tn=None):
...     return tp / (tp + fp + fn)
>>> record = register_confusion_metric(ConfusionMetric("critical_success", critical_success, "threat score",
...                                                    undefined=((TP + FP + FN, "true nor predicted"),)))
>>> get_confusion_metric("critical_success").definition()
TP/(FN + FP + TP)
>>> record.values
Interval(0, 1)
>>> del CONFUSION_METRICS["critical_success"]
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import sympy

from .._constraints import BOOLEAN, STRING, Constraint, Predicate, declare
from ..symbols import (
    CORRECT,
    EXPECTED_DISAGREEMENT,
    FN,
    FP,
    OBSERVED_DISAGREEMENT,
    PRED_DOT_PRED,
    TN,
    TOTAL,
    TP,
    TRUE_DOT_PRED,
    TRUE_DOT_TRUE,
)
from . import confusion as _c, counts
from ._registry import BUILDER, CLAIM_IDS, IDENTIFIER, REPLACE, NewRecord, RegisteredName

__all__ = [
    "CELLS",
    "CONFUSION_METRICS",
    "CONFUSION_METRIC_FIELDS",
    "ConfusionMetric",
    "get_confusion_metric",
    "register_confusion_metric",
]

#: The cells of a binary confusion matrix, the arguments of the binary metrics.
CELLS = (TP, FP, FN, TN)
_UNIT = sympy.Interval(0, 1)
_SIGNED = sympy.Interval(-1, 1)
_RATIO = sympy.Interval(0, sympy.oo)
_AT_MOST_ONE = sympy.Interval(-sympy.oo, 1)


class _Undefined(Constraint):
    """``undefined``: ``(expression, words)`` pairs, each expression in the record's ``arguments`` (read from them)."""

    reads = ("arguments",)
    _allowed = "a tuple of (expression in the arguments, str)"

    def __init__(self, arguments: tuple = CELLS) -> None:
        self.arguments = frozenset(arguments)

    def narrowed(self, **others) -> _Undefined:
        return _Undefined(others["arguments"])

    def is_satisfied_by(self, value) -> bool:
        return isinstance(value, tuple) and all(
            isinstance(u, tuple)
            and len(u) == 2
            and isinstance(u[0], sympy.Expr)
            and isinstance(u[1], str)
            and u[0].free_symbols <= self.arguments
            for u in value
        )

    def invalid_values(self) -> tuple:
        return (((sympy.Symbol("x"), "x"),), ((TP,),), [(TP, "true")], None)


#: What the fields of a :class:`ConfusionMetric` may be (its declaration).
CONFUSION_METRIC_FIELDS = {
    "name": IDENTIFIER,
    "function": BUILDER,
    "summary": STRING,
    "label": STRING,
    "arguments": Predicate(
        "a tuple of SymPy symbols",
        lambda v: isinstance(v, tuple) and all(isinstance(a, sympy.Symbol) for a in v),
        invalid=([TP, FP], ("TP",), None),
    ),
    "values": Predicate(
        "a SymPy Interval", lambda v: isinstance(v, sympy.Interval), invalid=((0, 1), sympy.FiniteSet(0, 1), None)
    ),
    "undefined": _Undefined(),
    "claims": CLAIM_IDS,
    "numeric": BOOLEAN,
}


@declare(**CONFUSION_METRIC_FIELDS)
@dataclass(frozen=True)
class ConfusionMetric:
    """A named metric of the confusion matrix.

    Parameters
    ----------
    name : str
        A Python identifier: the name of its generated numeric function.
    function : callable
        Builds the SymPy definition from its ``arguments`` (keyword-free,
        positional, each defaulting to its symbol).
    summary : str
        One line saying what it is.
    label : str, optional
        How titles and tables write it (LaTeX between dollar signs); default the name.
    arguments : tuple of sympy.Symbol, default (TP, FP, FN, TN)
        The symbols the definition is in, in the order of the numeric function.
    values : sympy.Interval, default [0, 1]
        The values it takes where it is defined (stated by claims, not assumed).
    undefined : tuple of (sympy.Expr, str)
        Expressions in ``arguments`` where a zero makes the metric undefined,
        each with what is missing (``"predicted"``: no predicted samples).
    claims : tuple of str
        The ids of the claims about it.
    numeric : bool, default False
        Whether :mod:`symmetric.metrics` has generated code for it.
    """

    name: str
    function: Callable[..., sympy.Expr]
    summary: str
    label: str = ""
    arguments: tuple = CELLS
    values: sympy.Interval = _UNIT
    undefined: tuple = ()
    claims: tuple = ()
    numeric: bool = False

    def __post_init__(self) -> None:  # the fields are checked by the declaration (CONFUSION_METRIC_FIELDS)
        if not self.label:
            object.__setattr__(self, "label", self.name)

    def definition(self, *args) -> sympy.Expr:
        """The SymPy definition, in the record's ``arguments`` unless others are given."""
        return self.function(*(args or self.arguments))

    def __call__(self, *args) -> sympy.Expr:
        return self.definition(*args)

    @property
    def binary(self) -> bool:
        """Whether it is a metric of the four cells of a binary matrix."""
        return self.arguments == CELLS


def _margins(*which):
    names = {
        "true": (TP + FN, "true"),
        "negative": (FP + TN, "negative"),
        "predicted": (TP + FP, "predicted"),
        "predicted negative": (FN + TN, "predicted negative"),
    }
    return tuple(names[w] for w in which)


_MCC_SUMS = (CORRECT, TOTAL, TRUE_DOT_PRED, PRED_DOT_PRED, TRUE_DOT_TRUE)
#: Where precision gain and recall gain are undefined: no positives, no negatives (the prevalence), no TP.
_GAINS_UNDEFINED = _margins("true", "negative") + ((TP, "true positives"),)

#: The registered metrics of the confusion matrix by name; add one with :func:`register_confusion_metric`.
CONFUSION_METRICS: dict[str, ConfusionMetric] = {
    m.name: m
    for m in (
        ConfusionMetric(
            "mcc",
            _c.mcc,
            "Matthews correlation coefficient (binary)",
            r"$\mathrm{MCC}$",
            values=_SIGNED,
            undefined=_margins("true", "negative", "predicted", "predicted negative"),
            numeric=True,
            claims=(
                "confusion.mcc.squared_informedness_markedness",
                "confusion.mcc.at_most_one",
                "confusion.mcc.at_least_minus_one",
                "confusion.mcc.multiclass_binary",
            ),
        ),
        ConfusionMetric(
            "mcc_multiclass",
            _c.mcc_from_sums,
            "Gorodkin's R_K, the multiclass Matthews coefficient",
            r"$R_K$",
            arguments=_MCC_SUMS,
            values=_SIGNED,
            numeric=True,
            undefined=((TOTAL**2 - PRED_DOT_PRED, "predicted"), (TOTAL**2 - TRUE_DOT_TRUE, "true")),
            claims=("confusion.mcc.multiclass_binary",),
        ),
        ConfusionMetric(
            "cohen_kappa",
            _c.cohen_kappa,
            "Cohen's kappa (binary; linear and quadratic weights agree)",
            r"$\kappa$",
            values=_SIGNED,
            numeric=True,
            undefined=(((TP + FP) * (FP + TN) + (TP + FN) * (FN + TN), "chance disagreement"),),
            claims=(
                "confusion.kappa.at_most_mcc",
                "confusion.kappa.symmetric_margins",
                "confusion.kappa.weighted_binary.linear",
                "confusion.kappa.weighted_binary.quadratic",
            ),
        ),
        ConfusionMetric(
            "cohen_kappa_weighted",
            _c.kappa_from_disagreement,
            "Cohen's kappa of K classes from weighted disagreements (unweighted, linear, quadratic)",
            r"$\kappa_w$",
            arguments=(OBSERVED_DISAGREEMENT, EXPECTED_DISAGREEMENT),
            values=_AT_MOST_ONE,
            numeric=True,
            undefined=((EXPECTED_DISAGREEMENT, "chance disagreement"),),
            claims=("confusion.kappa.weighted_binary.linear", "confusion.kappa.weighted_binary.quadratic"),
        ),
        ConfusionMetric(
            "jaccard",
            _c.jaccard,
            "Jaccard index (threat score)",
            r"$J$",
            numeric=True,
            undefined=((TP + FP + FN, "true or predicted"),),
            claims=("confusion.jaccard.f1",),
        ),
        ConfusionMetric(
            "balanced_accuracy",
            counts.balanced_accuracy,
            "balanced accuracy, the mean of the true positive and true negative rates",
            r"$\mathrm{BA}$",
            numeric=True,
            undefined=_margins("true", "negative"),
            claims=("confusion.gmean.at_most_balanced_accuracy",),
        ),
        ConfusionMetric(
            "informedness",
            _c.informedness,
            "informedness (Youden's J, bookmaker)",
            r"$\mathrm{BM}$",
            values=_SIGNED,
            numeric=True,
            undefined=_margins("true", "negative"),
            claims=("confusion.mcc.squared_informedness_markedness", "confusion.prevalence_free"),
        ),
        ConfusionMetric(
            "markedness",
            _c.markedness,
            "markedness",
            r"$\mathrm{MK}$",
            values=_SIGNED,
            numeric=True,
            undefined=_margins("predicted", "predicted negative"),
            claims=("confusion.mcc.squared_informedness_markedness",),
        ),
        ConfusionMetric(
            "npv",
            _c.negative_predictive_value,
            "negative predictive value",
            r"$\mathrm{NPV}$",
            numeric=True,
            undefined=_margins("predicted negative"),
            claims=("confusion.npv.complement_of_for",),
        ),
        ConfusionMetric(
            "fdr",
            _c.false_discovery_rate,
            "false discovery rate",
            r"$\mathrm{FDR}$",
            numeric=True,
            undefined=_margins("predicted"),
            claims=("confusion.fdr.complement_of_precision",),
        ),
        ConfusionMetric(
            "false_omission_rate",
            _c.false_omission_rate,
            "false omission rate",
            r"$\mathrm{FOR}$",
            numeric=True,
            undefined=_margins("predicted negative"),
            claims=("confusion.npv.complement_of_for",),
        ),
        ConfusionMetric(
            "lr_plus",
            _c.positive_likelihood_ratio,
            "positive likelihood ratio",
            r"$\mathrm{LR}^+$",
            values=_RATIO,
            numeric=True,
            undefined=_margins("true", "negative") + ((FP, "false positives"),),
            claims=("confusion.lr_plus.informedness",),
        ),
        ConfusionMetric(
            "lr_minus",
            _c.negative_likelihood_ratio,
            "negative likelihood ratio",
            r"$\mathrm{LR}^-$",
            values=_RATIO,
            numeric=True,
            undefined=_margins("true", "negative") + ((TN, "true negatives"),),
            claims=("confusion.lr_minus.informedness",),
        ),
        ConfusionMetric(
            "dor",
            _c.diagnostic_odds_ratio,
            "diagnostic odds ratio",
            r"$\mathrm{DOR}$",
            values=_RATIO,
            numeric=True,
            undefined=_margins("true", "negative")
            + ((FP, "false positives"), (TN, "true negatives"), (FN, "false negatives")),
            claims=("confusion.dor.informedness",),
        ),
        ConfusionMetric(
            "prevalence_threshold",
            _c.prevalence_threshold,
            "prevalence threshold (Balayla 2020)",
            r"$\phi_e$",
            numeric=True,
            undefined=_margins("true", "negative") + ((TP * (FP + TN) - FP * (TP + FN), "informedness"),),
        ),
        ConfusionMetric(
            "fowlkes_mallows",
            _c.fowlkes_mallows,
            "Fowlkes-Mallows index, G at beta = 1, rho = -1",
            r"$\mathrm{FM}$",
            numeric=True,
            undefined=_margins("true", "predicted"),
            claims=(
                "confusion.fowlkes_mallows.g",
                "confusion.fowlkes_mallows.above_f1",
                "confusion.fowlkes_mallows.below_mean",
            ),
        ),
        ConfusionMetric(
            "precision_gain",
            _c.precision_gain,
            "precision gain (Flach and Kull 2015)",
            r"$\mathrm{precG}$",
            values=_AT_MOST_ONE,
            numeric=True,
            undefined=_GAINS_UNDEFINED,
            claims=("confusion.gain.precision_in_counts", "confusion.gain.f_gain_linear"),
        ),
        ConfusionMetric(
            "recall_gain",
            _c.recall_gain,
            "recall gain (Flach and Kull 2015)",
            r"$\mathrm{recG}$",
            values=_AT_MOST_ONE,
            numeric=True,
            undefined=_GAINS_UNDEFINED,
            claims=("confusion.gain.recall_in_counts", "confusion.gain.f_gain_linear"),
        ),
        ConfusionMetric(
            "gmean",
            _c.sensitivity_specificity_gmean,
            "geometric mean of sensitivity and specificity",
            r"$\sqrt{TPR\,TNR}$",
            numeric=True,
            undefined=_margins("true", "negative"),
            claims=("confusion.gmean.at_most_balanced_accuracy",),
        ),
    )
}


@declare(
    metric=NewRecord(CONFUSION_METRICS, ConfusionMetric, "metric", invalid=("mcc", None)),
    replace=REPLACE,
)
def register_confusion_metric(metric: ConfusionMetric, *, replace: bool = False) -> ConfusionMetric:
    """Add ``metric`` to :data:`CONFUSION_METRICS` (an error for a registered name unless ``replace``); returns it."""
    CONFUSION_METRICS[metric.name] = metric
    return metric


@declare(name=RegisteredName(CONFUSION_METRICS, invalid=("auc", None, 3)))
def get_confusion_metric(name: str) -> ConfusionMetric:
    """The registered :class:`ConfusionMetric` called ``name``."""
    return CONFUSION_METRICS[name]
