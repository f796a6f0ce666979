"""scikit-learn's own classification tests, run against symmetric's functions.

The tests of ``sklearn/metrics/tests/test_classification.py`` (installed
with scikit-learn) for precision, recall, F, accuracy, balanced accuracy,
the report and the confusion matrices are copied with symmetric's functions
in place of scikit-learn's (see ``sklearn_swap.py``); each parametrization
is its own test item here. ``UndefinedMetricWarning`` stays scikit-learn's,
so these tests also check that filters on its class catch symmetric's
warning.
"""

from __future__ import annotations

import pytest

import symmetric.metrics as sm
from tests.metrics.sklearn_swap import in_scope, swapped_tests

skt = pytest.importorskip("sklearn.metrics.tests.test_classification")

# scikit-learn runs these tests with its own warning filters, under which a UserWarning (such as an
# UndefinedMetricWarning a test does not look at) is shown, not raised; the tests that care about a
# warning catch it themselves (pytest.warns, warnings.catch_warnings), which overrides this filter.
pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")

SWAPPED = ["accuracy_score", "average_precision_score", "balanced_accuracy_score", "class_likelihood_ratios", "classification_report",
           "cohen_kappa_score", "confusion_matrix", "f1_score", "fbeta_score", "jaccard_score", "matthews_corrcoef",
           "multilabel_confusion_matrix", "precision_recall_fscore_support", "precision_score", "recall_score"]

#: Tests whose names match ``TOPICS`` but that test something symmetric does not provide.
EXCLUDED = {
    "test_confusion_matrix_array_api": "array API namespaces (array_api_strict, torch) are not supported: "
                                       "symmetric computes with NumPy",
    "test_classification_metric_division_by_zero_nan_validation":
        "tests scikit-learn's make_scorer and cross_val_score with joblib worker processes; "
        "make_scorer with symmetric's scores is tested in test_metrics_beyond_sklearn.py",
}
TOPICS = (r"average_precision|precision|recall|f1|fscore|prf|report|confusion|accuracy|zero_division|pos_label|jaccard|matthews|mcc|"
          r"kappa|likelihood_ratio")

_tests, DROPPED = swapped_tests(skt, in_scope(skt, TOPICS, EXCLUDED), {name: getattr(sm, name) for name in SWAPPED})
globals().update(_tests)


@pytest.fixture
def global_random_seed():
    """scikit-learn's fixture (its conftest is not loaded here), at its default seed."""
    return 42


def test_out_of_scope_parametrizations_are_the_expected_ones():
    """Only brier_score_loss (not provided) is left out of a parametrized test."""
    left_out = sorted((name, values[0].__name__) for name, values in DROPPED)
    assert left_out == [("test_classification_metric_pos_label_types", "brier_score_loss")]
