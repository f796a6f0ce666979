"""scikit-learn's own tests of its ranking curves and scores, run against symmetric's functions.

From ``sklearn/metrics/tests/test_ranking.py`` (installed with
scikit-learn), copied with symmetric's ``precision_recall_curve``,
``roc_curve``, ``det_curve``, ``confusion_matrix_at_thresholds``,
``average_precision_score``, ``roc_auc_score`` and ``auc`` in place of
scikit-learn's (see ``sklearn_swap.py``). The tests of the other ranking
metrics (label ranking, DCG, top-k accuracy, ``metric_at_thresholds``) and
of scikit-learn's private helpers are out of scope (``metric_at_thresholds``'s
tests call ``roc_auc_score`` and ``confusion_matrix_at_thresholds`` only to
compare with it).
"""

from __future__ import annotations

import pytest

import symmetric.metrics as sm
from tests.metrics.sklearn_swap import in_scope, swapped_tests

skr = pytest.importorskip("sklearn.metrics.tests.test_ranking")

# As for the classification tests: scikit-learn's own warning filters show a UserWarning, and the tests
# that care about one catch it themselves.
pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")

SWAPPED = ["precision_recall_curve", "roc_curve", "det_curve", "confusion_matrix_at_thresholds",
           "average_precision_score", "roc_auc_score", "auc"]
EXCLUDED = {
    "test_confusion_matrix_at_thresholds_positional_args_deprecation":
        "scikit-learn deprecates positional pos_label and sample_weight; symmetric's are keyword-only already",
    "test_sort_inputs_and_compute_classification_thresholds_input_validation": "a private helper of scikit-learn",
    "test_sort_inputs_and_compute_classification_thresholds_zero_weights": "a private helper of scikit-learn",
    "test_sort_inputs_and_compute_classification_thresholds_sorting": "a private helper of scikit-learn",
}
TOPICS = (r"precision_recall_curve|confusion_matrix_at_thresholds|ranking_metric_pos_label_types|roc|auc|"
          r"average_precision|det_curve|score_scale_invariance|multiclass_ranking_metrics")

_tests, DROPPED = swapped_tests(skr, in_scope(skr, TOPICS, EXCLUDED), {name: getattr(sm, name) for name in SWAPPED})
globals().update(_tests)


@pytest.fixture
def global_random_seed():
    """scikit-learn's fixture (its conftest is not loaded here), at its default seed."""
    return 42


def test_every_ranking_curve_and_score_is_swapped():
    assert not DROPPED   # no parametrization is left out: every curve function there is symmetric's
    assert len(_tests) == 45, sorted(_tests)
    for name in ("test_roc_curve", "test_auc", "test_partial_roc_auc_score", "test_det_curve_toydata",
                 "test_multiclass_ovo_roc_auc_toydata", "test_micro_averaged_ovr_roc_auc",
                 "test_average_precision_constant_values", "test_score_scale_invariance"):
        assert name in _tests
