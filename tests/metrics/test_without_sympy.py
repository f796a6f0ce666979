"""``symmetric.metrics`` at run time: no SymPy, no mpmath, no proof script, no engine (issue 19).

A fresh interpreter refuses to import ``sympy`` or ``mpmath`` (a meta-path
finder) and to open anything under ``proofs/`` (an audit hook), then calls
every public name of :mod:`symmetric.metrics` with small inputs, at the
parameters' boundaries (beta = 0 and inf, rho = -1, 0, -2) and with every
``zero_division``. Only the delta interval at another prevalence (or of an
expression) loads SymPy (the clarification of issue 19 allows it for
``confidence_interval``: those gradients are compiled on first use); it runs
last, after the check, and still opens no proof script. The CLI's
``symmetric counts`` command runs the same way.
"""

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.isolation import no_symbolic_guard

ROOT = Path(__file__).resolve().parents[2]

SCORES = textwrap.dedent(
    """
    import math, warnings
    import numpy as np
    import symmetric.metrics as m

    warnings.simplefilter("ignore")  # the undefined cases warn; what counts here is that they run
    called = set()

    def call(name, *args, **kwargs):
        called.add(name)
        return getattr(m, name)(*args, **kwargs)

    yt, yp = [1, 0, 1, 1, 0, 1, 0, 0], [1, 0, 0, 1, 1, 1, 0, 1]
    score = [0.9, 0.2, 0.4, 0.8, 0.6, 0.7, 0.1, 0.5]
    mt, mp = [0, 1, 2, 2, 1, 0, 2], [0, 2, 2, 1, 1, 0, 0]
    none = ([0, 0, 0], [0, 0, 0])   # no positives at all: every undefined case
    for zd in ("warn", 0.0, 1.0, np.nan):
        for y_true, y_pred in ((yt, yp), none):
            for name in ("precision_score", "recall_score", "f1_score", "specificity_score", "jaccard_score",
                         "informedness_score", "markedness_score"):
                call(name, y_true, y_pred, zero_division=0.0 if name == "jaccard_score" and zd != zd else zd)
            for beta in (0.0, 0.5, 2.0, math.inf):
                call("fbeta_score", y_true, y_pred, beta=beta, zero_division=zd)
                for rho in (-50.0, -3.0, -2.0, -1.0, -0.5, 0.0, 1.0, 50.0):
                    call("g_beta_rho_score", y_true, y_pred, beta=beta, rho=rho, zero_division=zd)
            call("precision_recall_fscore_support", y_true, y_pred, zero_division=zd)
            call("balanced_precision_score", y_true, y_pred, zero_division=zd)
            call("f_gain_score", y_true, y_pred, zero_division=zd)
            call("classification_report", y_true, y_pred, zero_division=zd, output_dict=True)
            for metric in ("npv", "fdr", "lr_plus", "dor", "mcc", "gmean", "prevalence_threshold", "cohen_kappa"):
                call("confusion_metric_score", y_true, y_pred, metric=metric, zero_division=zd)
            for metric in ("f_beta", "g_beta_rho", "precision", "balanced_precision", "f1", "npv"):
                call("at_prevalence", y_true, y_pred, metric=metric, prevalence=0.1, rho=-1.0, zero_division=zd)
                call("prevalence_curve", y_true, y_pred, metric=metric, prevalences=[0.2, 0.5], zero_division=zd)
    for average in ("micro", "macro", "weighted", None):
        call("g_beta_rho_score", mt, mp, beta=2.0, rho=0.0, average=average)
        call("fbeta_score", mt, mp, beta=0.0, average=average)
        call("confusion_metric_score", mt, mp, metric="informedness", average=average)
    call("classification_report", mt, mp, beta=math.inf)
    call("accuracy_score", yt, yp); call("balanced_accuracy_score", yt, yp, adjusted=True)
    call("confusion_matrix", mt, mp); call("multilabel_confusion_matrix", mt, mp)
    call("class_likelihood_ratios", yt, yp); call("class_likelihood_ratios", [0, 0, 1], [0, 0, 0], replace_undefined_by=1.0)
    for weights in (None, "linear", "quadratic"):
        call("cohen_kappa_score", mt, mp, weights=weights)
    call("matthews_corrcoef", mt, mp); call("matthews_corrcoef", [0, 0, 1], [0, 0, 0])
    for beta, rho in ((1.0, -2.0), (0.0, -1.0), (math.inf, 0.0), (2.0, -3.0)):
        call("best_threshold", yt, score, beta=beta, rho=rho, optimality=rho == -2.0)
        call("g_beta_rho_curve", yt, score, beta=beta, rho=rho)
    call("precision_recall_curve", yt, score); call("precision_recall_gain_curve", yt, score)
    call("prg_auc_score", yt, score); call("normalized_average_precision_score", yt, score)
    call("roc_curve", yt, score); call("det_curve", yt, score); call("confusion_matrix_at_thresholds", yt, score)
    call("average_precision_score", yt, score); call("roc_auc_score", yt, score, max_fpr=0.5)
    call("auc", [0.0, 0.5, 1.0], [0.0, 0.75, 1.0]); call("roc_auc_test", yt, score, score[::-1])
    call("minimum_precision", 0.5, 0.1); call("unachievable_area", 0.1)
    counts = m.ConfusionCounts(labels=[0, 1, 2]); called.add("ConfusionCounts")
    more = m.ConfusionCounts(labels=[0, 1, 2])
    counts.update(mt, mp); more.update(mt[:3], mp[:3]); counts = counts + more
    for method in ("fbeta_score", "g_beta_rho_score", "specificity_score", "jaccard_score", "matthews_corrcoef",
                   "cohen_kappa_score", "informedness_score", "classification_report"):
        options = {"fbeta_score": {"beta": 0.0}, "g_beta_rho_score": {"rho": -1.0}, "confusion_metric_score":
                   {"metric": "npv"}}.get(method, {})
        if method in ("fbeta_score", "g_beta_rho_score", "specificity_score", "jaccard_score",
                      "informedness_score"):
            options["average"] = "macro"
        getattr(counts, method)(**options)
    for method in ("wilson", "bootstrap", "percentile"):
        call("confidence_interval", yt, yp, metric="precision", method=method, n_resamples=50, random_state=0)
    call("confidence_interval", yt, yp, metric="g_beta_rho", rho=-1.0, method="bca", n_resamples=50, random_state=0)
    for metric, average in (("f_beta", "binary"), ("g_beta_rho", "macro"), ("mcc", "weighted"), ("recall", "micro")):
        call("confidence_interval", mt if average != "binary" else yt, mp if average != "binary" else yp,
             metric=metric, average=average, rho=-3.0, method="delta")
    called |= {"ConfidenceInterval", "UndefinedMetricWarning", "RocAucTest"}   # classes, made by the calls above
    loaded = sorted(n for n in sys.modules if n.split(".")[0] in ("sympy", "mpmath") or n.startswith("symmetric.verify"))
    print("missed", sorted(set(m.__all__) - called))
    print("loaded", loaded)
    print("refused", refused)
    sys.meta_path.remove(guard)   # at another prevalence the delta interval compiles its gradients (SymPy)
    print("delta", m.confidence_interval(yt, yp, metric="f_beta", method="delta", prevalence=0.3).low > 0)
    """
)


def _run(code: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=False, timeout=300
    )


@pytest.mark.slow
def test_every_metric_runs_without_sympy_and_without_proof_scripts():
    done = _run(no_symbolic_guard("the metrics") + SCORES)
    lines = dict(line.split(" ", 1) for line in done.stdout.splitlines() if " " in line)
    assert lines.get("missed") == "[]", done.stdout + done.stderr
    assert lines.get("loaded") == "[]", done.stdout + done.stderr
    assert lines.get("refused") == "[]", done.stdout + done.stderr
    assert done.returncode == 0 and lines.get("delta") == "True", done.stdout + done.stderr


def test_the_counts_command_runs_without_sympy():
    code = no_symbolic_guard("the metrics") + textwrap.dedent(
        """
        import argparse, sys
        from symmetric.cli import counts   # the module alone (tests/cli/test_main.py: through the entry point)
        parser = argparse.ArgumentParser()
        counts.add_arguments(parser)
        assert counts.run(parser.parse_args(["8", "2", "0", "88"])) == 0
        print("loaded", sorted(n for n in sys.modules if n.split(".")[0] in ("sympy", "mpmath")), file=sys.stderr)
        """
    )
    done = _run(code)
    assert done.returncode == 0 and "loaded []" in done.stderr, done.stdout + done.stderr


def test_the_generated_records_are_the_registry():
    """The generated rows (read while symmetric.families is not loaded) are the data of the registered records."""
    from symmetric.families import CONFUSION_METRICS
    from symmetric.metrics import _records

    assert _records._generated_records() == {name: _records.record_data(r) for name, r in CONFUSION_METRICS.items()}
    assert _records.records() == _records._generated_records()


def test_wilson_without_trials_is_undefined_not_an_error():
    """Regression: the compiled Wilson bounds refused the nan trial count of an empty proportion (an
    InvalidParameterError about a compiled function's argument); the generated bounds give nan there."""
    import warnings

    import numpy as np

    from symmetric.metrics import confidence_interval

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ci = confidence_interval([0, 0, 1], [0, 0, 0], metric="precision", method="wilson")
    assert ci.estimate == 0.0 and np.isnan(ci.low) and np.isnan(ci.high)


def test_the_generated_gradients_are_the_compiled_ones():
    """The delta method's generated gradients give the bits, shapes and types the compiled derivatives give."""
    import numpy as np

    from symmetric.metrics import _count_metrics

    cells = [np.array([0.0, 1.5, 7.0]), np.array([2.0, 0.0, 3.5]), np.array([1.0, 4.0, 0.0]), np.array([9.0, 0.5, 2.0])]
    for name, weighted in (("f_beta", False), ("g_beta_rho", True), ("mcc", True)):
        generated = _count_metrics._gradient(name, None, False, weighted)
        compiled = _count_metrics._compiled_gradient(name, None, False, weighted)
        for beta, rho in ((2.0, -3.0), (0.5, -1.0), (1.0, 0.0)):
            for f, g in zip(generated, compiled):
                for args in ((*cells, beta, rho, 0.5), (1.0, 2.0, 0.0, 4.0, beta, rho, 0.5)):
                    a, b = f(*args), g(*args)
                    assert type(a) is type(b) and np.array_equal(a, b, equal_nan=True), (name, weighted, beta, rho)


def test_the_guard_refuses_sympy_and_proof_scripts():
    """The child's guard itself: an import of SymPy (or mpmath) fails, and so does opening a proof script."""
    probe = textwrap.dedent(
        """
        import glob
        for name in ("sympy", "mpmath"):
            try:
                __import__(name)
            except ImportError:
                print("refused", name)
        try:
            open(sorted(glob.glob(PROOFS + "/*.py"))[0]).close()
        except PermissionError:
            print("refused proof")
        """
    )
    done = _run(no_symbolic_guard("the metrics") + probe)
    assert done.stdout.split("\n")[:3] == ["refused sympy", "refused mpmath", "refused proof"], done.stderr
