"""The count metrics of symmetric.families.counts and .confusion: declared counts, defined where they are used."""

import pytest
import sympy

from symmetric import InvalidParameterError
from symmetric.families import confusion, counts
from symmetric.symbols import FN, FP, TN, TP


@pytest.mark.parametrize(("func", "cells", "names"), [
    (counts.precision, (0, 0), "tp, fp"),
    (counts.recall, (0, 0), "tp, fn"),
    (counts.accuracy, (0, 0, 0, 0), "tp, fp, fn, tn"),
    (counts.balanced_accuracy, (3, 0, 2, 0), "tp, fp, fn, tn"),   # no negatives
    (confusion.jaccard, (0, 0, 0, 7), "tp, fp, fn, tn"),
    (confusion.mcc, (3, 0, 2, 0), "tp, fp, fn, tn"),              # a zero margin
    (confusion.cohen_kappa, (5, 0, 0, 0), "tp, fp, fn, tn"),      # chance agreement 1
    (confusion.positive_likelihood_ratio, (3, 0, 1, 4), "tp, fp, fn, tn"),
    (confusion.diagnostic_odds_ratio, (3, 1, 0, 4), "tp, fp, fn, tn"),
    (confusion.prevalence_threshold, (1, 1, 1, 1), "tp, fp, fn, tn"),   # TPR = FPR
    (confusion.precision_gain, (3, 0, 2, 0), "tp, fp, fn, tn"),   # prevalence 1
])
def test_undefined_counts_are_refused_naming_them_with_their_values(func, cells, names):
    """Where a denominator of the definition vanishes: an error naming the counts, never nan or zoo."""
    with pytest.raises(InvalidParameterError) as info:
        func(*cells)
    assert (info.value.param, info.value.func, info.value.got) == (names, func.__name__, cells)
    assert "scores from labels apply a zero_division policy" in str(info.value)


def test_a_count_is_a_finite_number_at_least_zero_or_an_expression():
    assert counts.precision(2.0, 2) == sympy.Rational(1, 2)   # exact: an integral float is an Integer
    assert counts.precision(TP, 0) == 1 and counts.recall(TP + FN, 1) == (TP + FN) / (TP + FN + 1)
    for bad in (-1, float("nan"), "3", True, -TP - 1):
        with pytest.raises(InvalidParameterError, match="'fp' parameter of precision must be a count"):
            counts.precision(1, bad)


def test_the_definitions_are_those_of_the_records():
    # the declared functions build the same expressions as before: the generated metrics are unchanged
    assert confusion.informedness() == TP / (TP + FN) + TN / (TN + FP) - 1
    assert sympy.cancel(confusion.diagnostic_odds_ratio() - TP * TN / (FP * FN)) == 0
    assert confusion.f_gain(beta=1) == confusion.f_gain()
    assert sympy.cancel(counts.g_beta_rho_counts(beta=1, rho=0) - (TP / (FP + TP) + TP / (FN + TP)) / 2) == 0


def test_the_declarations_name_the_function_called():
    # a parameter handed on to another declared function was named as that function's
    with pytest.raises(InvalidParameterError, match="'beta' parameter of g_beta_rho_counts"):
        counts.g_beta_rho_counts(beta=0)
    with pytest.raises(InvalidParameterError, match="'beta' parameter of f_gain"):
        confusion.f_gain(beta=-1)
    with pytest.raises(InvalidParameterError, match="'tp' parameter of g_beta_rho_counts must be a count > 0"):
        counts.g_beta_rho_counts(1, 0, tp=0)


def test_the_matrices_and_weights_are_declared():
    m = sympy.Matrix([[TN, FP], [FN, TP]])
    assert sympy.simplify(confusion.mcc_of_matrix(m) - confusion.mcc()) == 0
    with pytest.raises(InvalidParameterError, match="'matrix' parameter of kappa_of_matrix must be a square"):
        confusion.kappa_of_matrix(sympy.Matrix([[1, -1], [0, 1]]))
    with pytest.raises(InvalidParameterError, match="'weights' parameter of kappa_weight"):
        confusion.kappa_weight("square")
    with pytest.raises(InvalidParameterError, match="'correct, total, true_dot_pred"):
        confusion.mcc_of_matrix(sympy.Matrix([[3, 0], [0, 0]]))   # one class: R_K undefined, never zoo
