"""Metrics from labels: scikit-learn's classification scores, and G, specificity and balanced precision.

The functions take the same arguments as scikit-learn's and give the same
values (to the last bit: scikit-learn's order of operations, F_beta in its
count form), warnings and errors; filters on scikit-learn's warning and
error classes catch symmetric's (:class:`UndefinedMetricWarning`).
Every formula comes from code generated from :mod:`symmetric.families`
and committed, so SymPy is not imported either (but for a metric given as
a SymPy expression, or a delta interval at another prevalence, compiled on
first use); scikit-learn is not needed, and never imported, at run time. Deliberate differences: negative sample weights are refused
(scikit-learn accepts them, but precision and recall then stop being ratios
of counts); with float sample weights the counting pass sums more
accurately than scikit-learn, so values can differ in the last bits.

**Counts at any scale.** Labels are counted in a few linear passes (no sort
of the samples, whatever their type or number of classes). Weighted counts
are *exact*: each is the exact sum of its sample weights rounded once to the
nearest float64, so it does not depend on the order of the samples or on how
they are split. Hence :class:`ConfusionCounts` (batches merged with ``+``)
and Dask input (chunks counted where they live, any function) give the same
values, bit for bit, as all the data at once. scikit-learn adds weights one
after another, so its weighted counts, and the weighted support printed by
its ``classification_report``, can differ from ours in the last bits; ours
are the correctly rounded ones (with 10**8 uniform weights a sequential sum
is hundreds of ULP away from the exact sum). Unweighted counts are integers
and agree exactly.

**Ranking curves and scores from one sorted pass.** ``precision_recall_curve``,
``roc_curve``, ``det_curve``, ``confusion_matrix_at_thresholds``,
``average_precision_score``, ``roc_auc_score`` (and ``auc``) are
scikit-learn's, bit for bit without sample weights; they, the gain and G
curves and ``best_threshold`` reduce the same counts at every distinct score
(:func:`confusion_matrix_at_thresholds`). ``confidence_interval`` gives ROC AUC
DeLong's interval and AP Boyd et al.'s; ``roc_auc_test`` compares two
correlated AUCs.

>>> from symmetric.metrics import balanced_precision_score, precision_score
>>> y_true = [1] * 100 + [0] * 900
>>> y_pred = [1] * 90 + [0] * 10 + [1] * 50 + [0] * 850
>>> round(precision_score(y_true, y_pred), 2), round(balanced_precision_score(y_true, y_pred), 2)
(0.64, 0.94)
"""

from ._accuracy import accuracy_score, balanced_accuracy_score
from ._average_precision import average_precision_score
from ._confusion import balanced_precision_score, confusion_matrix, multilabel_confusion_matrix
from ._confusion_scores import (
    class_likelihood_ratios,
    cohen_kappa_score,
    confusion_metric_score,
    informedness_score,
    jaccard_score,
    markedness_score,
    matthews_corrcoef,
)
from ._curve import best_threshold, g_beta_rho_curve
from ._delong import RocAucTest, roc_auc_test
from ._gain import (
    f_gain_score,
    minimum_precision,
    normalized_average_precision_score,
    precision_recall_gain_curve,
    prg_auc_score,
    unachievable_area,
)
from ._precision_recall_curve import precision_recall_curve
from ._prevalence import at_prevalence, prevalence_curve
from ._report import classification_report
from ._roc import auc, confusion_matrix_at_thresholds, det_curve, roc_curve
from ._roc_auc import roc_auc_score
from ._scores import (
    f1_score,
    fbeta_score,
    g_beta_rho_score,
    precision_recall_fscore_support,
    precision_score,
    recall_score,
    specificity_score,
)
from ._stream import ConfusionCounts
from ._uncertainty import ConfidenceInterval, confidence_interval
from ._warnings import UndefinedMetricWarning

__all__ = [
    "ConfidenceInterval",
    "ConfusionCounts",
    "RocAucTest",
    "UndefinedMetricWarning",
    "accuracy_score",
    "at_prevalence",
    "auc",
    "average_precision_score",
    "balanced_accuracy_score",
    "balanced_precision_score",
    "best_threshold",
    "class_likelihood_ratios",
    "classification_report",
    "cohen_kappa_score",
    "confidence_interval",
    "confusion_matrix",
    "confusion_matrix_at_thresholds",
    "confusion_metric_score",
    "det_curve",
    "f1_score",
    "f_gain_score",
    "fbeta_score",
    "g_beta_rho_curve",
    "g_beta_rho_score",
    "informedness_score",
    "jaccard_score",
    "markedness_score",
    "matthews_corrcoef",
    "minimum_precision",
    "multilabel_confusion_matrix",
    "normalized_average_precision_score",
    "precision_recall_curve",
    "precision_recall_fscore_support",
    "precision_recall_gain_curve",
    "precision_score",
    "prevalence_curve",
    "prg_auc_score",
    "recall_score",
    "roc_auc_score",
    "roc_auc_test",
    "roc_curve",
    "specificity_score",
    "unachievable_area",
]
