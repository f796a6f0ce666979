"""Metrics from labels: scikit-learn's classification scores, and G, specificity and balanced precision.

The functions take the same arguments as scikit-learn's and give the same
values, warnings and errors; per-class F and G values come from the numeric
code generated from :mod:`symmetric.families`. scikit-learn is not needed
at run time. One deliberate difference: negative sample weights are refused
(scikit-learn accepts them, but precision and recall then stop being ratios
of counts, and F computed from them can differ from scikit-learn's count
formula).

>>> from symmetric.metrics import balanced_precision_score, precision_score
>>> y_true = [1] * 100 + [0] * 900
>>> y_pred = [1] * 90 + [0] * 10 + [1] * 50 + [0] * 850
>>> round(precision_score(y_true, y_pred), 2), round(balanced_precision_score(y_true, y_pred), 2)
(0.64, 0.94)
"""

from ._confusion import balanced_precision_score, confusion_matrix
from ._curve import best_threshold, g_beta_rho_curve
from ._report import classification_report
from ._scores import (
    f1_score,
    fbeta_score,
    g_beta_rho_score,
    precision_recall_fscore_support,
    precision_score,
    recall_score,
    specificity_score,
)
from ._prevalence import at_prevalence, prevalence_curve
from ._uncertainty import ConfidenceInterval, confidence_interval
from ._warnings import UndefinedMetricWarning

__all__ = [
    "ConfidenceInterval",
    "UndefinedMetricWarning",
    "at_prevalence",
    "balanced_precision_score",
    "best_threshold",
    "classification_report",
    "confidence_interval",
    "confusion_matrix",
    "f1_score",
    "fbeta_score",
    "g_beta_rho_curve",
    "g_beta_rho_score",
    "precision_recall_fscore_support",
    "precision_score",
    "prevalence_curve",
    "recall_score",
    "specificity_score",
]
