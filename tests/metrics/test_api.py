"""The surface of symmetric.metrics: its names, its errors and warnings as scikit-learn's code sees them,
its committed generated module (current: tests/generate/test_files.py), and that it never imports scikit-learn."""

from __future__ import annotations

import inspect
import pickle
import subprocess
import sys
import warnings

import pytest
import sklearn.exceptions
import sklearn.metrics as skm
from sklearn.utils._param_validation import InvalidParameterError as SklearnInvalidParameterError

import symmetric.metrics as sm
from tests.metrics.helpers import assert_same, outcome
from symmetric import InvalidParameterError
from symmetric.metrics import UndefinedMetricWarning


def test_all_lists_exactly_the_public_names():
    public = {n for n, v in vars(sm).items() if not n.startswith("_") and (inspect.isfunction(v) or inspect.isclass(v))
              and v.__module__.startswith("symmetric.metrics")}
    assert set(sm.__all__) == public
    new = {"accuracy_score", "balanced_accuracy_score", "multilabel_confusion_matrix", "precision_recall_curve"}
    assert new <= public


# best_threshold reports its errors as g_beta_rho_curve's (being fixed separately)
TARGET_FUNCTIONS = [n for n in sm.__all__ if inspect.isfunction(getattr(sm, n)) and n != "best_threshold"
                    and "y_true" in inspect.signature(getattr(sm, n)).parameters]
REQUIRED = {"fbeta_score": dict(beta=1.0), "at_prevalence": dict(prevalence=0.5), "confusion_metric_score": dict(metric="npv")}


@pytest.mark.parametrize("name", TARGET_FUNCTIONS)
@pytest.mark.parametrize("bad", [None, "abc", 3])
def test_bad_targets_raise_scikit_learns_error(name, bad):
    """f1_score(None, ...) and the like: InvalidParameterError, in scikit-learn's words, caught as scikit-learn's."""
    func = getattr(sm, name)
    second = list(inspect.signature(func).parameters)[1]   # y_pred, y_score, or score_a
    for args in ((bad, [0, 1]), ([0, 1], bad)):
        ours = outcome(func, *args, *([[0.1, 0.2]] if name == "roc_auc_test" else []), **REQUIRED.get(name, {}))
        error = ours[2]
        assert isinstance(error, InvalidParameterError) and isinstance(error, SklearnInvalidParameterError)
        assert isinstance(error, ValueError) and isinstance(error, TypeError)
        param = "y_true" if args[0] is bad else second
        assert str(error).startswith(f"The '{param}' parameter of {name} must be an array-like")
        assert str(error).endswith(f"Got {bad!r} instead.")
        if hasattr(skm, name):
            assert_same(ours, outcome(getattr(skm, name), *args, **REQUIRED.get(name, {})))


def test_options_are_checked_in_scikit_learns_order():
    """With several bad arguments the first in the signature is reported, as scikit-learn does."""
    kwargs = dict(labels=3, average="mean", sample_weight="w", zero_division=2)
    for name in ("precision_score", "f1_score"):
        assert_same(outcome(getattr(sm, name), [0, 1], [0, 1], **kwargs),
                    outcome(getattr(skm, name), [0, 1], [0, 1], **kwargs))
    assert_same(outcome(sm.precision_recall_fscore_support, [0, 1], [0, 1], beta=-1, warn_for=3),
                outcome(skm.precision_recall_fscore_support, [0, 1], [0, 1], beta=-1, warn_for=3))
    assert_same(outcome(sm.precision_recall_fscore_support, [0, 1], [0, 1], average="x", warn_for=3),
                outcome(skm.precision_recall_fscore_support, [0, 1], [0, 1], average="x", warn_for=3))


def test_filters_on_either_warning_class_catch_the_warning():
    for category in (UndefinedMetricWarning, sklearn.exceptions.UndefinedMetricWarning):
        with warnings.catch_warnings():
            warnings.simplefilter("error", category)
            with pytest.raises(category) as info:
                sm.precision_score([1, 1], [0, 0])
        assert isinstance(info.value, UndefinedMetricWarning)
        assert isinstance(info.value, sklearn.exceptions.UndefinedMetricWarning)
    with pytest.warns(sklearn.exceptions.UndefinedMetricWarning, match="Precision is ill-defined"):
        sm.precision_score([1, 1], [0, 0])


def test_warnings_and_errors_pickle():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        sm.recall_score([0, 0], [1, 1])
    warning = pickle.loads(pickle.dumps(caught[0].message))
    assert isinstance(warning, sklearn.exceptions.UndefinedMetricWarning) and str(warning) == str(caught[0].message)
    with pytest.raises(InvalidParameterError) as info:
        sm.f1_score([0, 1], [0, 1], average="mean")
    error = pickle.loads(pickle.dumps(info.value))
    assert type(error) is type(info.value) and error.args == info.value.args
    assert isinstance(error, SklearnInvalidParameterError)


@pytest.mark.slow
def test_symmetric_never_imports_scikit_learn_nor_derives_at_first_call():
    """In a fresh interpreter: without scikit-learn loaded the warning and the error are symmetric's own classes,
    scikit-learn stays unloaded, and the first fbeta_score runs the committed code (no SymPy derivation)."""
    code = ("import sys, warnings\n"
            "import symmetric.metrics as sm\n"
            "from symmetric import InvalidParameterError\n"
            "from symmetric.families import counts\n"
            "calls = []\n"
            "counts.f_beta_from_sums = lambda *a, _f=counts.f_beta_from_sums: calls.append(a) or _f(*a)\n"
            "sm.fbeta_score([0, 1, 1], [0, 1, 0], beta=2)\n"
            "derived = bool(calls) or 'symmetric.generate.metric_tables' in sys.modules\n"
            "with warnings.catch_warnings(record=True) as caught:\n"
            "    warnings.simplefilter('always')\n"
            "    sm.precision_score([1, 1], [0, 0]); sm.precision_recall_curve([0, 0], [0.2, 0.4])\n"
            "try:\n"
            "    sm.f1_score(None, [0, 1])\n"
            "except InvalidParameterError as e:\n"
            "    error = e\n"
            "print(caught[0].category is sm.UndefinedMetricWarning, type(error) is InvalidParameterError,\n"
            "      any(m == 'sklearn' or m.startswith('sklearn.') for m in sys.modules), derived)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["True", "True", "False", "False"], done.stdout + done.stderr


def test_warnings_name_the_line_of_the_call():
    """The declaration's wrapper adds a frame: a metric's warning still names the caller's line, not a module of ours."""
    from symmetric.metrics import cohen_kappa_score, f1_score, precision_recall_curve

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        f1_score([0, 0], [0, 0])
        cohen_kappa_score([1, 1], [1, 1])
        precision_recall_curve([0, 0], [0.1, 0.2])
    assert len(caught) >= 3 and {w.filename for w in caught} == {__file__}
