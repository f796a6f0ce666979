"""scikit-learn's own tests of ``precision_recall_curve``, run against symmetric's function.

From ``sklearn/metrics/tests/test_ranking.py`` (installed with
scikit-learn), copied with symmetric's ``precision_recall_curve`` in place of
scikit-learn's (see ``sklearn_swap.py``); parametrizations over curve
functions symmetric does not provide (``roc_curve``, ``det_curve``,
``confusion_matrix_at_thresholds``, ``average_precision_score``) are left out.
"""

from __future__ import annotations

import pytest

import symmetric.metrics as sm
from tests.metrics.sklearn_swap import in_scope, swapped_tests

skr = pytest.importorskip("sklearn.metrics.tests.test_ranking")

# As for the classification tests: scikit-learn's own warning filters show a UserWarning, and the tests
# that care about one catch it themselves.
pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")

EXCLUDED = {
    "test_confusion_matrix_at_thresholds": "a smoke test of confusion_matrix_at_thresholds, which is not provided",
    "test_confusion_matrix_at_thresholds_positional_args_deprecation":
        "a deprecation of confusion_matrix_at_thresholds, which is not provided",
}
TOPICS = r"precision_recall_curve|confusion_matrix_at_thresholds|ranking_metric_pos_label_types"

_tests, DROPPED = swapped_tests(skr, in_scope(skr, TOPICS, EXCLUDED),
                                {"precision_recall_curve": sm.precision_recall_curve})
globals().update(_tests)


def test_only_the_curves_symmetric_lacks_are_left_out():
    left_out = {values[0].__name__ for _, values in DROPPED}
    assert left_out == {"average_precision_score", "confusion_matrix_at_thresholds", "det_curve", "roc_curve"}
    kept = [name for name, test in _tests.items()
            if any(m.name == "parametrize" and sm.precision_recall_curve in m.args[1] for m in test.pytestmark)]
    assert len(kept) == 5, kept
