"""The symbols of the theory, each defined once with its assumptions.

Precision, recall and the weights are positive; the curvature exponents are
real. The confusion-matrix counts are nonnegative reals (sample weights make
them non-integer); a ratio of counts is only claimed where its denominator is
positive, which claims state as conditions. The target prevalence is positive
(claims add ``prevalence < 1``).

Every module imports these objects instead of creating its own, because
SymPy treats ``Symbol("P")`` and ``Symbol("P", positive=True)`` as different
variables.

The assumptions are what make the algebra go through. ``sqrt(P**2)`` is ``P``
only because ``P`` is known to be positive:

>>> import sympy
>>> from symmetric.symbols import P, rho
>>> sympy.sqrt(P**2)
P
>>> sympy.sqrt(sympy.Symbol("P")**2)
sqrt(P**2)

and a real exponent does not make a power of a negative number real:

>>> (rho**2).is_nonnegative, (P**rho).is_positive, ((-P)**rho).is_real
(True, True, None)
"""

from __future__ import annotations

import sympy

__all__ = [
    "P",
    "R",
    "beta",
    "gamma",
    "rho",
    "phi",
    "TP",
    "FP",
    "FN",
    "TN",
    "TRUE_SUM",
    "PRED_SUM",
    "BETA_SQUARED",
    "prevalence",
    "CORRECT",
    "TOTAL",
    "TRUE_DOT_PRED",
    "PRED_DOT_PRED",
    "TRUE_DOT_TRUE",
    "OBSERVED_DISAGREEMENT",
    "EXPECTED_DISAGREEMENT",
]

#: Precision, positive.
P = sympy.Symbol("P", positive=True)
#: Recall, positive.
R = sympy.Symbol("R", positive=True)
#: Break-even ratio R/P of the G family and of F_beta, positive.
beta = sympy.Symbol("beta", positive=True)
#: Weight of precision in the power mean, positive.
gamma = sympy.Symbol("gamma", positive=True)
#: Curvature parameter of the G family (rho = phi - 1), real.
rho = sympy.Symbol("rho", real=True)
#: Exponent of the power mean, real.
phi = sympy.Symbol("phi", real=True)

#: True positives, a nonnegative (possibly weighted) count.
TP = sympy.Symbol("TP", nonnegative=True)
#: False positives, a nonnegative (possibly weighted) count.
FP = sympy.Symbol("FP", nonnegative=True)
#: False negatives, a nonnegative (possibly weighted) count.
FN = sympy.Symbol("FN", nonnegative=True)
#: True negatives, a nonnegative (possibly weighted) count.
TN = sympy.Symbol("TN", nonnegative=True)
#: The (weighted) number of true samples of a label, TP + FN, as a counting pass sums it.
TRUE_SUM = sympy.Symbol("true_sum", nonnegative=True)
#: The (weighted) number of samples predicted as a label, TP + FP, as a counting pass sums it.
PRED_SUM = sympy.Symbol("pred_sum", nonnegative=True)
#: The square of beta as a number computed by the caller (scikit-learn squares beta with Python's ``**``).
BETA_SQUARED = sympy.Symbol("beta_squared", positive=True)
#: Target prevalence of the positive class, in (0, 1); printed as ``pi``.
prevalence = sympy.Symbol("pi", positive=True)

# The sums of a K x K confusion matrix C (rows true labels, columns predictions) that multiclass metrics read;
# t_k and p_k are its row and column sums (symmetric.families.confusion builds them from a SymPy matrix).
#: The trace of C: the (weighted) number of samples predicted right.
CORRECT = sympy.Symbol("correct", nonnegative=True)
#: The sum of every cell of C: the (weighted) number of samples.
TOTAL = sympy.Symbol("total", nonnegative=True)
#: sum_k t_k p_k.
TRUE_DOT_PRED = sympy.Symbol("true_dot_pred", nonnegative=True)
#: sum_k p_k**2.
PRED_DOT_PRED = sympy.Symbol("pred_dot_pred", nonnegative=True)
#: sum_k t_k**2.
TRUE_DOT_TRUE = sympy.Symbol("true_dot_true", nonnegative=True)
#: sum_ij w_ij C_ij: the observed weighted disagreement of Cohen's kappa.
OBSERVED_DISAGREEMENT = sympy.Symbol("observed", nonnegative=True)
#: sum_ij w_ij t_i p_j / total: the weighted disagreement expected by chance.
EXPECTED_DISAGREEMENT = sympy.Symbol("expected", nonnegative=True)
