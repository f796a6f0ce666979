"""Metrics defined from the confusion-matrix counts TP, FP, FN and TN.

Every function returns a SymPy expression in the counts it is given, which
default to :data:`symmetric.symbols.TP`, ``FP``, ``FN`` and ``TN``; pass other
expressions (weighted counts, the cells of a multiclass confusion matrix) to
apply the same definition to them. A ratio is defined where its denominator
is positive; what a metric from labels does where it is not is its
``zero_division`` policy (:mod:`symmetric.metrics`).

>>> from symmetric.families import counts
>>> counts.precision()
TP/(FP + TP)
>>> counts.f_beta_counts(beta=1)
2*TP/(FN + FP + 2*TP)
>>> from symmetric.symbols import TP, FP, FN, TN
>>> counts.balanced_precision().subs({TP: 90, FP: 50, FN: 10, TN: 850})
81/86
"""

from __future__ import annotations

import sympy

from .._constraints import Constraint, Predicate, declare, unchecked
from .._validation import InvalidParameterError
from ..symbols import (
    BETA_SQUARED,
    FN,
    FP,
    PRED_SUM,
    TN,
    TP,
    TRUE_SUM,
    P,
    R,
    beta as _beta,
    prevalence as _prevalence,
    rho as _rho,
)
from ._parameters import allowed_text, parameter
from .g_beta_rho import g_beta_rho

__all__ = [
    "precision",
    "recall",
    "tpr",
    "specificity",
    "tnr",
    "fpr",
    "fnr",
    "accuracy",
    "balanced_accuracy",
    "f_beta_counts",
    "f_beta_from_sums",
    "g_beta_rho_counts",
    "precision_at_prevalence",
    "balanced_precision",
    "reweighted",
    "at_prevalence",
]


def _counts(func: str, **given) -> list:
    """The counts as SymPy expressions: a number must be finite and >= 0 (a count, or a weighted count)."""
    out = []
    for name, value in given.items():
        if isinstance(value, sympy.Basic) and not value.is_number:
            if not isinstance(value, sympy.Expr) or value.is_negative or value.is_extended_real is False:
                raise InvalidParameterError.of(name, func, "a count: a finite number >= 0 or a SymPy expression", value)
            out.append(value)
            continue
        number = parameter(value, name=name, func=func, positive=False)
        if number.is_negative:
            raise InvalidParameterError.of(name, func, "a count: a finite number >= 0 or a SymPy expression", value)
        out.append(number)
    return out


class _Prevalence(Constraint):
    """``prevalence``: a number in (0, 1) or a SymPy expression not known to be outside; passed on exact.

    The body receives the value as an exact SymPy expression
    (:func:`~symmetric.families._parameters.parameter`), so it is checked and
    converted once.
    """

    converts = True
    _allowed = "a number in (0, 1) or a SymPy expression"

    def check(self, value, *, name: str, func: str, error=InvalidParameterError, note: str = ""):
        try:
            p = parameter(value, name=name, func=func, positive=True)
        except InvalidParameterError as exc:
            if exc.allowed == allowed_text(name=name, func=func, positive=True):
                p = None  # not a positive number: refused below, with this constraint's words
            else:  # a number too large to hold exactly: parameter's own words
                raise error.of(exc.param, exc.func, f"{exc.allowed}{note}", exc.got) from None
        if p is None or (p.is_number and p >= 1):
            raise error.of(name, func, self.describe(func) + note, value)
        return p

    def is_satisfied_by(self, value) -> bool:
        try:
            self.check(value, name="prevalence", func="check")
        except InvalidParameterError:
            return False
        return True

    def invalid_values(self) -> tuple:
        return (0, -0.5, 1, 1.5, float("nan"), float("inf"), "0.5", True, None, sympy.Integer(2), sympy.I)


#: The declared constraint of ``prevalence``.
_PREVALENCE = _Prevalence()
_EXPR = Predicate("a SymPy expression in TP, FP, FN and TN", lambda v: isinstance(v, sympy.Expr), invalid=("TP", 0.5))


def _ratio(numerator, denominator, func: str, names: str) -> sympy.Expr:
    """``numerator / denominator``, refusing counts whose denominator is 0 (the ratio is then undefined)."""
    if denominator.is_zero:
        raise InvalidParameterError.of(
            names,
            func,
            f"counts with {' + '.join(names.split(', '))} > 0 (the ratio is "
            "undefined at 0; scores from labels apply a zero_division policy there)",
            f"{names} = 0",
        )
    return numerator / denominator


def _rate(func: str, **cells) -> sympy.Expr:
    """The first of two counts over their sum (precision, recall, specificity, the error rates), checked."""
    first, second = _counts(func, **cells)
    return _ratio(first, first + second, func, ", ".join(cells))


def precision(tp=TP, fp=FP) -> sympy.Expr:
    """Precision ``TP/(TP + FP)``: the fraction of predicted positives that are positive.

    >>> precision()
    TP/(FP + TP)
    >>> precision(0, 0)
    Traceback (most recent call last):
        ...
    symmetric._validation.InvalidParameterError: The 'tp, fp' parameter of precision must be counts with tp + fp > 0 (the ratio is undefined at 0; scores from labels apply a zero_division policy there). Got 'tp, fp = 0' instead.
    """
    return _rate("precision", tp=tp, fp=fp)


def recall(tp=TP, fn=FN) -> sympy.Expr:
    """Recall, the true positive rate ``TP/(TP + FN)``.

    >>> recall()
    TP/(FN + TP)
    """
    return _rate("recall", tp=tp, fn=fn)


#: The true positive rate is recall.
tpr = recall


def specificity(tn=TN, fp=FP) -> sympy.Expr:
    """Specificity, the true negative rate ``TN/(TN + FP)``.

    >>> specificity()
    TN/(FP + TN)
    """
    return _rate("specificity", tn=tn, fp=fp)


#: The true negative rate is specificity.
tnr = specificity


def fpr(fp=FP, tn=TN) -> sympy.Expr:
    """False positive rate ``FP/(FP + TN)``: the fraction of negatives predicted positive.

    >>> fpr()
    FP/(FP + TN)
    """
    return _rate("fpr", fp=fp, tn=tn)


def fnr(fn=FN, tp=TP) -> sympy.Expr:
    """False negative rate ``FN/(FN + TP)``: the fraction of positives predicted negative.

    >>> fnr()
    FN/(FN + TP)
    """
    return _rate("fnr", fn=fn, tp=tp)


def accuracy(tp=TP, fp=FP, fn=FN, tn=TN) -> sympy.Expr:
    """Accuracy ``(TP + TN)/(TP + FP + FN + TN)``.

    >>> accuracy()
    (TN + TP)/(FN + FP + TN + TP)
    """
    tp, fp, fn, tn = _counts("accuracy", tp=tp, fp=fp, fn=fn, tn=tn)
    return _ratio(tp + tn, tp + fp + fn + tn, "accuracy", "tp, fp, fn, tn")


def balanced_accuracy(tp=TP, fp=FP, fn=FN, tn=TN) -> sympy.Expr:
    """Balanced accuracy, the mean of the true positive and true negative rates.

    >>> balanced_accuracy()
    TN/(2*(FP + TN)) + TP/(2*(FN + TP))
    """
    return (recall(tp, fn) + specificity(tn, fp)) / 2


def f_beta_counts(beta=_beta, tp=TP, fp=FP, fn=FN) -> sympy.Expr:
    r"""F-beta from counts, :math:`(1+\beta^2)TP / ((1+\beta^2)TP + \beta^2 FN + FP)`.

    It equals :func:`symmetric.f_beta` of precision and recall wherever both
    are defined (claim ``counts.f_beta_from_counts``), and stays defined when
    only one of them is.

    >>> f_beta_counts(beta=2)
    5*TP/(4*FN + FP + 5*TP)
    """
    b = parameter(beta, name="beta", func="f_beta_counts", positive=True)
    tp, fp, fn = _counts("f_beta_counts", tp=tp, fp=fp, fn=fn)
    return _ratio((1 + b**2) * tp, (1 + b**2) * tp + b**2 * fn + fp, "f_beta_counts", "tp, fp, fn")


def f_beta_from_sums() -> tuple[sympy.Expr, sympy.Expr]:
    """``(form, definition)``: F-beta from TP and a label's true and predicted sums, and its definition.

    The definition is :func:`f_beta_counts` with ``FN = true_sum - TP``,
    ``FP = pred_sum - TP`` and ``beta = sqrt(beta_squared)``; the form expands
    its denominator, where the TP terms cancel. It is the order in which
    scikit-learn evaluates F-beta, which :mod:`symmetric.metrics` follows to
    the last bit; claim ``counts.f_beta_from_sums`` proves the two equal.

    >>> form, definition = f_beta_from_sums()
    >>> form
    TP*(beta_squared + 1)/(beta_squared*true_sum + pred_sum)
    """
    definition = f_beta_counts(sympy.sqrt(BETA_SQUARED), TP, PRED_SUM - TP, TRUE_SUM - TP)
    numerator, denominator = sympy.fraction(definition)
    return numerator / sympy.expand(denominator), definition


def g_beta_rho_counts(beta=_beta, rho=_rho, tp=TP, fp=FP, fn=FN) -> sympy.Expr:
    r""":math:`G_{\beta,\rho}` of the count definitions of precision and recall.

    >>> g_beta_rho_counts(beta=1, rho=0)
    TP/(2*(FP + TP)) + TP/(2*(FN + TP))
    """
    p, r = precision(tp, fp), recall(tp, fn)
    if p.is_zero or r.is_zero:
        raise InvalidParameterError.of(
            "tp",
            "g_beta_rho_counts",
            "a count > 0: G is defined for positive precision "
            "and recall (scores from labels take its limit or zero_division there)",
            tp,
        )
    return g_beta_rho(beta, rho).subs({P: p, R: r}, simultaneous=True)


@declare(prevalence=_PREVALENCE)
def precision_at_prevalence(prevalence=_prevalence, tp=TP, fp=FP, fn=FN, tn=TN) -> sympy.Expr:
    r"""Precision the classifier would have where positives make up ``prevalence`` of the data.

    .. math:: \frac{\pi\,TPR}{\pi\,TPR + (1-\pi)\,FPR}

    The rates do not depend on the class balance, so this is the precision
    on any data set with prevalence ``pi`` on which the classifier has the
    same TPR and FPR.

    >>> sympy.factor(sympy.cancel(precision_at_prevalence(prevalence=sympy.Rational(1, 10))))
    TP*(FP + TN)/(9*FN*FP + 10*FP*TP + TN*TP)
    """
    t, f = recall(tp, fn), fpr(fp, tn)
    return _ratio(prevalence * t, prevalence * t + (1 - prevalence) * f, "precision_at_prevalence", "tp, fp, fn, tn")


def balanced_precision(tp=TP, fp=FP, fn=FN, tn=TN) -> sympy.Expr:
    """Precision at prevalence 1/2: as if positives and negatives were equally many.

    >>> sympy.factor(sympy.cancel(balanced_precision()))
    TP*(FP + TN)/(FN*FP + 2*FP*TP + TN*TP)
    """
    return precision_at_prevalence(sympy.Rational(1, 2), tp, fp, fn, tn)


@declare(prevalence=_PREVALENCE)
def reweighted(prevalence=_prevalence, tp=TP, fp=FP, fn=FN, tn=TN) -> dict:
    r"""The cells of a data set of total 1 in which positives make up ``prevalence``, at the same TPR and FPR.

    Each positive carries weight :math:`\pi/(TP + FN)` and each negative
    :math:`(1-\pi)/(FP + TN)`, so the rates TPR and FPR do not change and
    the positives sum to :math:`\pi`. Returns ``{"tp", "fp", "fn", "tn"}``.

    >>> cells = reweighted(prevalence=sympy.Rational(1, 2))
    >>> cells["tp"], cells["fp"]
    (TP/(2*(FN + TP)), FP/(2*(FP + TN)))
    """
    func = "reweighted"
    tp, fp, fn, tn = _counts(func, tp=tp, fp=fp, fn=fn, tn=tn)
    positive = _ratio(prevalence, tp + fn, func, "tp, fn")
    negative = _ratio(1 - prevalence, fp + tn, func, "fp, tn")
    return {"tp": positive * tp, "fp": negative * fp, "fn": positive * fn, "tn": negative * tn}


@declare(expr=_EXPR, prevalence=_PREVALENCE)
def at_prevalence(expr, prevalence=_prevalence) -> sympy.Expr:
    """A count metric ``expr`` (in TP, FP, FN, TN) evaluated on the :func:`reweighted` cells.

    >>> sympy.factor(at_prevalence(recall(), prevalence=sympy.Rational(1, 10)))
    TP/(FN + TP)
    """
    cells = unchecked(reweighted)(prevalence)
    return expr.subs({TP: cells["tp"], FP: cells["fp"], FN: cells["fn"], TN: cells["tn"]}, simultaneous=True)
