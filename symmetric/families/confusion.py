"""The metrics of the whole confusion matrix, each defined once in the counts.

Binary metrics are SymPy expressions in the cells ``TP, FP, FN, TN``
(:data:`symmetric.symbols.TP`, ...; pass other expressions to apply a
definition to them). The multiclass Matthews coefficient R_K and Cohen's
kappa are defined on a SymPy matrix (:func:`mcc_of_matrix`,
:func:`kappa_of_matrix`), and evaluated from the few sums of the matrix that
they read (:func:`mcc_from_sums`, :func:`kappa_from_disagreement`), which is
how numeric code computes them. Each metric is one record in
:mod:`symmetric.families.confusion_record` (its domain, undefined cases,
label and claims).

>>> from symmetric.families import confusion
>>> confusion.jaccard()
TP/(FN + FP + TP)
>>> confusion.informedness()
TN/(FP + TN) + TP/(FN + TP) - 1
>>> confusion.mcc(90, 50, 10, 850)
38*sqrt(301)/903
"""

from __future__ import annotations

import sympy

from .._constraints import Options, Predicate, declare, unchecked
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
from .arguments import COUNT, PREVALENCE, RATE, defined
from .counts import f_beta_counts, fnr, fpr, precision, recall, specificity
from .record import BETA

__all__ = [
    "KAPPA_WEIGHTS",
    "MATRIX",
    "WEIGHTS",
    "cohen_kappa",
    "diagnostic_odds_ratio",
    "f_gain",
    "false_discovery_rate",
    "false_omission_rate",
    "fowlkes_mallows",
    "informedness",
    "jaccard",
    "kappa_from_disagreement",
    "kappa_of_matrix",
    "kappa_weight",
    "markedness",
    "mcc",
    "mcc_from_sums",
    "mcc_of_matrix",
    "minimum_precision",
    "negative_likelihood_ratio",
    "negative_predictive_value",
    "positive_likelihood_ratio",
    "precision_gain",
    "prevalence_threshold",
    "recall_gain",
    "sensitivity_specificity_gmean",
    "unachievable_area",
]

#: The class indices of a weight ``w(i, j)`` of Cohen's kappa.
_I, _J = sympy.symbols("i j", integer=True, nonnegative=True)
#: The declaration of a metric of the four cells: each a count, the metric defined at them.
_CELLS = defined("tp", "fp", "fn", "tn")
# the counts' functions called with counts checked already
_precision, _recall, _specificity, _fpr, _fnr = (unchecked(f) for f in (precision, recall, specificity, fpr, fnr))


@declare(**_CELLS)
def negative_predictive_value(tp=TP, fp=FP, fn=FN, tn=TN) -> sympy.Expr:
    """NPV ``TN/(TN + FN)``: the precision of the negative class.

    >>> negative_predictive_value()
    TN/(FN + TN)
    """
    return _precision(tn, fn)


@declare(**_CELLS)
def false_discovery_rate(tp=TP, fp=FP, fn=FN, tn=TN) -> sympy.Expr:
    """FDR ``FP/(FP + TP)``: the fraction of predicted positives that are negative.

    >>> false_discovery_rate()
    FP/(FP + TP)
    """
    return _precision(fp, tp)


@declare(**_CELLS)
def false_omission_rate(tp=TP, fp=FP, fn=FN, tn=TN) -> sympy.Expr:
    """FOR ``FN/(FN + TN)``: the fraction of predicted negatives that are positive.

    >>> false_omission_rate()
    FN/(FN + TN)
    """
    return _precision(fn, tn)


@declare(**_CELLS)
def informedness(tp=TP, fp=FP, fn=FN, tn=TN) -> sympy.Expr:
    """Informedness (Youden's J, bookmaker informedness): ``TPR + TNR - 1``."""
    return _recall(tp, fn) + _specificity(tn, fp) - 1


@declare(**_CELLS)
def markedness(tp=TP, fp=FP, fn=FN, tn=TN) -> sympy.Expr:
    """Markedness: ``PPV + NPV - 1``, precision plus negative predictive value minus one.

    >>> markedness()
    TN/(FN + TN) + TP/(FP + TP) - 1
    """
    return _precision(tp, fp) + _precision(tn, fn) - 1


@declare(**_CELLS)
def jaccard(tp=TP, fp=FP, fn=FN, tn=TN) -> sympy.Expr:
    """The Jaccard index of the predicted and true positives (threat score, critical success index)."""
    return tp / (tp + fp + fn)


@declare(**_CELLS)
def mcc(tp=TP, fp=FP, fn=FN, tn=TN) -> sympy.Expr:
    r"""The Matthews correlation coefficient of a binary confusion matrix.

    .. math:: \frac{TP\,TN - FP\,FN}{\sqrt{(TP+FP)(TP+FN)(TN+FP)(TN+FN)}}

    It is the Pearson correlation of the true and predicted indicators; the
    multiclass R_K (:func:`mcc_from_sums`) is the same on a 2 x 2 matrix
    (claim ``confusion.mcc.multiclass_binary``).
    """
    margins = (tp + fp) * (tp + fn) * (tn + fp) * (tn + fn)
    return (tp * tn - fp * fn) / sympy.sqrt(margins)


@declare(**_CELLS)
def cohen_kappa(tp=TP, fp=FP, fn=FN, tn=TN) -> sympy.Expr:
    r"""Cohen's kappa of a binary confusion matrix, :math:`(p_o - p_e)/(1 - p_e)` in the counts.

    With two classes the linear and quadratic weights are the unweighted
    ones, so this is all three (:func:`kappa_of_matrix` for K classes).

    >>> cohen_kappa(90, 50, 10, 850)
    38/53
    """
    n = tp + fp + fn + tn
    observed = (tp + tn) / n
    expected = ((tp + fp) * (tp + fn) + (tn + fn) * (tn + fp)) / n**2
    return (observed - expected) / (1 - expected)


@declare(**_CELLS)
def positive_likelihood_ratio(tp=TP, fp=FP, fn=FN, tn=TN) -> sympy.Expr:
    """LR+ ``TPR/FPR``: how much a positive prediction raises the odds of the positive class.

    >>> positive_likelihood_ratio()
    TP*(FP + TN)/(FP*(FN + TP))
    """
    return _recall(tp, fn) / _fpr(fp, tn)


@declare(**_CELLS)
def negative_likelihood_ratio(tp=TP, fp=FP, fn=FN, tn=TN) -> sympy.Expr:
    """LR- ``FNR/TNR``: how much a negative prediction changes the odds of the positive class.

    >>> negative_likelihood_ratio()
    FN*(FP + TN)/(TN*(FN + TP))
    """
    return _fnr(fn, tp) / _specificity(tn, fp)


@declare(**_CELLS)
def diagnostic_odds_ratio(tp=TP, fp=FP, fn=FN, tn=TN) -> sympy.Expr:
    """DOR ``LR+/LR-``.

    >>> sympy.cancel(diagnostic_odds_ratio())
    TN*TP/(FN*FP)
    """
    return unchecked(positive_likelihood_ratio)(tp, fp, fn, tn) / unchecked(negative_likelihood_ratio)(tp, fp, fn, tn)


@declare(**_CELLS)
def prevalence_threshold(tp=TP, fp=FP, fn=FN, tn=TN) -> sympy.Expr:
    r"""The prevalence threshold (Balayla 2020), :math:`(\sqrt{TPR\,FPR} - FPR)/(TPR - FPR)`.

    The prevalence below which the precision at that prevalence falls off
    fastest; undefined where TPR = FPR (informedness 0).
    """
    t, f = _recall(tp, fn), _fpr(fp, tn)
    return (sympy.sqrt(t * f) - f) / (t - f)


@declare(**_CELLS)
def fowlkes_mallows(tp=TP, fp=FP, fn=FN, tn=TN) -> sympy.Expr:
    """The Fowlkes-Mallows index ``sqrt(P R)``: G at beta = 1, rho = -1 (claim ``confusion.fowlkes_mallows.g``).

    >>> fowlkes_mallows()
    TP/(sqrt(FN + TP)*sqrt(FP + TP))
    """
    return sympy.sqrt(_precision(tp, fp)) * sympy.sqrt(_recall(tp, fn))


@declare(**_CELLS)
def sensitivity_specificity_gmean(tp=TP, fp=FP, fn=FN, tn=TN) -> sympy.Expr:
    """The geometric mean of sensitivity and specificity, ``sqrt(TPR TNR)``.

    >>> sensitivity_specificity_gmean()
    sqrt(TN)*sqrt(TP)/(sqrt(FN + TP)*sqrt(FP + TN))
    """
    return sympy.sqrt(_recall(tp, fn)) * sympy.sqrt(_specificity(tn, fp))


# Precision-recall gain (Flach and Kull, NeurIPS 2015): a score x of the positive class rescaled harmonically so
# that the always-positive classifier (x = pi, the prevalence) scores 0 and a perfect one 1.


def _gain(value, prevalence):
    return (value - prevalence) / ((1 - prevalence) * value)


def _data_prevalence(tp, fp, fn, tn):
    return (tp + fn) / (tp + fp + fn + tn)


@declare(**_CELLS)
def precision_gain(tp=TP, fp=FP, fn=FN, tn=TN) -> sympy.Expr:
    r"""Precision gain :math:`(\mathrm{prec} - \pi)/((1 - \pi)\,\mathrm{prec})`, with :math:`\pi` the data's prevalence.

    >>> precision_gain(8, 2, 2, 88)
    35/36
    """
    return _gain(_precision(tp, fp), _data_prevalence(tp, fp, fn, tn))


@declare(**_CELLS)
def recall_gain(tp=TP, fp=FP, fn=FN, tn=TN) -> sympy.Expr:
    r"""Recall gain :math:`(\mathrm{rec} - \pi)/((1 - \pi)\,\mathrm{rec})`."""
    return _gain(_recall(tp, fn), _data_prevalence(tp, fp, fn, tn))


@declare(beta=BETA, **_CELLS)
def f_gain(beta=1, tp=TP, fp=FP, fn=FN, tn=TN) -> sympy.Expr:
    r"""F-gain: F-beta rescaled as the gains are, :math:`(F_\beta - \pi)/((1 - \pi) F_\beta)`."""
    return _gain(unchecked(f_beta_counts)(sympy.sympify(beta), tp, fp, fn), _data_prevalence(tp, fp, fn, tn))


@declare(recall_value=RATE, prevalence=PREVALENCE)
def minimum_precision(recall_value, prevalence) -> sympy.Expr | float:
    r"""The smallest precision any classifier has at recall ``r`` on data of prevalence :math:`\pi` (Boyd et al. 2012).

    :math:`\pi r / (\pi r + 1 - \pi)`: every negative predicted positive.

    >>> from symmetric.symbols import prevalence
    >>> r = sympy.Symbol("r", positive=True)
    >>> minimum_precision(r, prevalence)
    pi*r/(pi*r - pi + 1)
    """
    return prevalence * recall_value / (prevalence * recall_value + 1 - prevalence)


@declare(prevalence=PREVALENCE)
def unachievable_area(prevalence) -> sympy.Expr:
    r"""The area under :func:`minimum_precision` over recall in [0, 1]: :math:`1 + (1 - \pi)\ln(1 - \pi)/\pi`.

    No classifier's precision-recall curve goes below it (Boyd et al. 2012;
    claim ``unachievable.area``); average precision is normalised by it.
    """
    return 1 + (1 - prevalence) * sympy.log(1 - prevalence) / prevalence


# Multiclass: a K x K matrix C, rows the true labels, columns the predictions.


#: A K x K confusion matrix (K >= 2) of counts.
MATRIX = Predicate(
    "a square SymPy Matrix of at least 2 x 2 whose entries are counts (finite numbers >= 0 or SymPy expressions)",
    lambda v: (
        isinstance(v, sympy.MatrixBase)
        and v.rows == v.cols
        and v.rows >= 2
        and all(COUNT.is_satisfied_by(x) for x in v)
    ),
    invalid=(sympy.Matrix([[1, 2]]), sympy.Matrix([[1]]), [[1, 0], [0, 1]], sympy.Matrix([[1, -1], [0, 1]]), None),
)
#: The weights of kappa by name (None: unweighted).
WEIGHTS = Options(["linear", "quadratic"], none=True, allowed="None, 'linear' or 'quadratic'", invalid=("square",))


def _sums(matrix: sympy.Matrix):
    k = matrix.rows
    true = [sum(matrix[i, j] for j in range(k)) for i in range(k)]
    pred = [sum(matrix[i, j] for i in range(k)) for j in range(k)]
    return k, true, pred


@declare(**defined("correct", "total", "true_dot_pred", "pred_dot_pred", "true_dot_true"))
def mcc_from_sums(
    correct=CORRECT, total=TOTAL, true_dot_pred=TRUE_DOT_PRED, pred_dot_pred=PRED_DOT_PRED, true_dot_true=TRUE_DOT_TRUE
) -> sympy.Expr:
    r"""Gorodkin's R_K from the sums of a K x K confusion matrix.

    .. math:: \frac{c\,s - \sum_k t_k p_k}{\sqrt{(s^2 - \sum_k p_k^2)(s^2 - \sum_k t_k^2)}}

    with ``c`` the trace, ``s`` the total, ``t_k`` and ``p_k`` the true and
    predicted totals of class k (:data:`symmetric.symbols.CORRECT`, ...).

    >>> mcc_from_sums()
    (correct*total - true_dot_pred)/sqrt((-pred_dot_pred + total**2)*(total**2 - true_dot_true))
    """
    return (correct * total - true_dot_pred) / sympy.sqrt((total**2 - pred_dot_pred) * (total**2 - true_dot_true))


@declare(matrix=MATRIX)
def mcc_of_matrix(matrix: sympy.Matrix) -> sympy.Expr:
    """R_K of a SymPy matrix: :func:`mcc_from_sums` at its trace, total and the dot products of its margins."""
    k, true, pred = _sums(matrix)
    return mcc_from_sums(
        sum(matrix[i, i] for i in range(k)),
        sum(true),
        sum(t * p for t, p in zip(true, pred)),
        sum(p**2 for p in pred),
        sum(t**2 for t in true),
    )


#: The weights of Cohen's kappa, ``w(i, j)`` for classes i and j (0 on the diagonal).
KAPPA_WEIGHTS = {
    None: sympy.Min(1, sympy.Abs(_I - _J)),  # 0 for i = j, 1 otherwise (i, j integers)
    "linear": sympy.Abs(_I - _J),
    "quadratic": (_I - _J) ** 2,
}


@declare(weights=WEIGHTS)
def kappa_weight(weights=None) -> tuple[sympy.Expr, tuple[sympy.Symbol, sympy.Symbol]]:
    """``(w, (i, j))``: the weight of a disagreement between classes ``i`` and ``j``, for ``weights`` None, "linear", "quadratic"."""
    return KAPPA_WEIGHTS[weights], (_I, _J)


@declare(**defined("observed", "expected"))
def kappa_from_disagreement(observed=OBSERVED_DISAGREEMENT, expected=EXPECTED_DISAGREEMENT) -> sympy.Expr:
    r"""Weighted kappa, :math:`1 - \sum w_{ij} C_{ij} / \sum w_{ij} t_i p_j / s`.

    >>> kappa_from_disagreement()
    1 - observed/expected
    """
    return 1 - observed / expected


@declare(matrix=MATRIX, weights=WEIGHTS)
def kappa_of_matrix(matrix: sympy.Matrix, weights=None) -> sympy.Expr:
    """Cohen's kappa of a SymPy matrix with the weights ``weights`` (:data:`KAPPA_WEIGHTS`)."""
    k, true, pred = _sums(matrix)
    w, (i, j) = unchecked(kappa_weight)(weights)
    total = sum(true)

    def weight(a, b):
        return w.subs({i: a, j: b})

    observed = sum(weight(a, b) * matrix[a, b] for a in range(k) for b in range(k))
    expected = sum(weight(a, b) * true[a] * pred[b] for a in range(k) for b in range(k)) / total
    return kappa_from_disagreement(observed, expected)
