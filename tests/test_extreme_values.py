"""Every public function, and every command, at extreme values: an answer within a time limit, or a ValueError
that names the argument (issue 12).

The cases are generated from data: ``CALLS`` holds one valid call per public function (its keyword
arguments; a key ``"name [variant]"`` is a further call of the same function, to reach other options); every argument whose value there is a number is replaced, one at a time, by each value of
``EXTREMES`` (a function without a numeric argument has its first argument replaced). ``COMMANDS`` does the
same for the command line, run in-process. A call must use at most ``LIMIT`` CPU seconds (the process's,
which a loaded machine does not inflate; about 5 s for the whole sweep on an idle 2-core machine) and finish within
``HANG`` seconds of wall clock (:func:`symmetric.verify.run_with_budget`: a guard against a call that waits for
ever, generous enough for a loaded machine), and either

* return a result with no NaN in it (a float, an array, a SymPy expression, a figure), or
* raise a ValueError (``InvalidParameterError``) whose message names the argument;

a command must exit with 0, or with 2 and a message naming the option (a number in a file it reads: the column). Warnings are errors in this suite, so a
call that leaks one fails too. ``test_every_public_function_has_a_call`` keeps the table complete.
"""

from __future__ import annotations

import importlib
import math
import time

import numpy
import pytest
import sympy

from tests.api_helpers import public_functions
from symmetric import P, R
from symmetric.explore import TradeOff
from symmetric.families import CONFUSION_METRICS, FAMILIES
from symmetric.verify import run_with_budget

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")

LARGEST = float(numpy.finfo(float).max)
#: The extreme values every numeric argument takes.
EXTREMES = {"0": 0, "tiny": 5e-324, "huge": 1e300, "largest": LARGEST, "-largest": -LARGEST, "inf": math.inf,
            "-inf": -math.inf, "nan": math.nan, "10**100": 10**100}
#: CPU seconds for one call.
LIMIT = 5.0
#: Wall-clock seconds for one call (a hang guard: LIMIT CPU seconds take several times longer on a loaded machine).
HANG = 60.0

HARMONIC = 2 * P * R / (P + R)
Y_TRUE, Y_PRED = [1, 1, 1, 0, 0, 1, 0, 1], [1, 0, 1, 1, 0, 1, 0, 0]
Y_SCORE = [0.9, 0.2, 0.8, 0.7, 0.1, 0.6, 0.3, 0.4]
COUNTS = {"tp": 3, "fp": 1, "fn": 2, "tn": 4}
FIT_STATEMENTS = [TradeOff(0.5, 0.5, 2.0), TradeOff(0.3, 0.9, 1.0), TradeOff(0.9, 0.3, 4.0)]

#: One valid call per public function: qualified name (plus " [variant]" for a further call) -> keyword arguments.
CALLS = {
    "symmetric.g_beta_rho": {"beta": 2, "rho": -2},
    "symmetric.power_mean": {"gamma": 2, "phi": 3},
    "symmetric.f_beta": {"beta": 2},
    "symmetric.analyze": {"expr": P, "timeout": 1.0, "budget": 2.0, "limits": False},
    "symmetric.check_document": {"source": "$$ P + R = R + P $$", "timeout": 1.0},
    "symmetric.families.f_beta_alternative": {"beta": 2},
    "symmetric.families.general_formula": {"expr": P + R},
    "symmetric.families.get_family": {"name": "f_beta"},
    # registering a registered family again (replace=True) leaves the registry as it was
    "symmetric.families.register_family": {"family": FAMILIES["f_beta"], "replace": True},
    "symmetric.families.get_confusion_metric": {"name": "mcc"},
    # registering a registered metric again (replace=True) leaves the registry as it was
    "symmetric.families.register_confusion_metric": {"metric": CONFUSION_METRICS["mcc"], "replace": True},
    "symmetric.families.counts.precision": {"tp": 3, "fp": 1},
    "symmetric.families.counts.recall": {"tp": 3, "fn": 2},
    "symmetric.families.counts.tpr": {"tp": 3, "fn": 2},
    "symmetric.families.counts.specificity": {"tn": 4, "fp": 1},
    "symmetric.families.counts.tnr": {"tn": 4, "fp": 1},
    "symmetric.families.counts.fpr": {"fp": 1, "tn": 4},
    "symmetric.families.counts.fnr": {"fn": 2, "tp": 3},
    "symmetric.families.counts.accuracy": COUNTS,
    "symmetric.families.counts.balanced_accuracy": COUNTS,
    "symmetric.families.counts.f_beta_counts": {"beta": 2, "tp": 3, "fp": 1, "fn": 2},
    "symmetric.families.counts.precision_at_prevalence": {"prevalence": 0.25, **COUNTS},
    "symmetric.families.counts.balanced_precision": COUNTS,
    "symmetric.families.counts.g_beta_rho_counts": {"beta": 2, "rho": -3, "tp": 3, "fp": 1, "fn": 2},
    "symmetric.families.counts.reweighted": {"prevalence": 0.25, **COUNTS},
    "symmetric.families.counts.at_prevalence": {"expr": HARMONIC, "prevalence": 0.25},
    "symmetric.numeric.g_beta_rho": {"P": 0.5, "R": 0.25, "beta": 2.0, "rho": -3.0},
    "symmetric.numeric.power_mean": {"P": 0.5, "R": 0.25, "gamma": 2.0, "phi": 3.0},
    "symmetric.numeric.f_beta": {"P": 0.5, "R": 0.25, "beta": 2.0},
    "symmetric.numeric.thread_count": {"threads": 2},
    "symmetric.numeric.thread_limits": {"limits": 2},
    "symmetric.numeric.compile": {"expr": HARMONIC, "args": (P, R), "zero_division": 0.0},
    "symmetric.numeric.CompiledFunction.__call__": {"P": 0.5, "R": 0.25},
    "symmetric.metrics.g_beta_rho_score": {"y_true": Y_TRUE, "y_pred": Y_PRED, "beta": 2.0, "rho": -3.0},
    "symmetric.metrics.fbeta_score": {"y_true": Y_TRUE, "y_pred": Y_PRED, "beta": 2.0},
    "symmetric.metrics.precision_recall_fscore_support": {"y_true": Y_TRUE, "y_pred": Y_PRED, "beta": 2.0},
    "symmetric.metrics.balanced_precision_score": {"y_true": Y_TRUE, "y_pred": Y_PRED, "prevalence": 0.25},
    "symmetric.metrics.g_beta_rho_curve": {"y_true": Y_TRUE, "y_score": Y_SCORE, "beta": 2.0, "rho": -3.0},
    "symmetric.metrics.best_threshold": {"y_true": Y_TRUE, "y_score": Y_SCORE, "beta": 2.0, "rho": -3.0},
    "symmetric.metrics.classification_report": {"y_true": Y_TRUE, "y_pred": Y_PRED, "digits": 2},
    "symmetric.metrics.confusion_matrix": {"y_true": Y_TRUE, "y_pred": Y_PRED},
    "symmetric.metrics.f1_score": {"y_true": Y_TRUE, "y_pred": Y_PRED},
    "symmetric.metrics.precision_score": {"y_true": Y_TRUE, "y_pred": Y_PRED},
    "symmetric.metrics.recall_score": {"y_true": Y_TRUE, "y_pred": Y_PRED},
    "symmetric.metrics.specificity_score": {"y_true": Y_TRUE, "y_pred": Y_PRED},
    "symmetric.metrics.matthews_corrcoef": {"y_true": Y_TRUE, "y_pred": Y_PRED},
    "symmetric.metrics.cohen_kappa_score": {"y1": Y_TRUE, "y2": Y_PRED, "weights": "quadratic"},
    "symmetric.metrics.jaccard_score": {"y_true": Y_TRUE, "y_pred": Y_PRED},
    "symmetric.metrics.class_likelihood_ratios": {"y_true": Y_TRUE, "y_pred": Y_PRED},
    "symmetric.metrics.informedness_score": {"y_true": Y_TRUE, "y_pred": Y_PRED},
    "symmetric.metrics.confusion_metric_score": {"y_true": Y_TRUE, "y_pred": Y_PRED, "metric": "npv"},
    "symmetric.metrics.markedness_score": {"y_true": Y_TRUE, "y_pred": Y_PRED},
    "symmetric.metrics.f_gain_score": {"y_true": Y_TRUE, "y_pred": Y_PRED, "beta": 2.0},
    "symmetric.metrics.precision_recall_gain_curve": {"y_true": Y_TRUE, "y_score": Y_SCORE},
    "symmetric.metrics.prg_auc_score": {"y_true": Y_TRUE, "y_score": Y_SCORE},
    "symmetric.metrics.normalized_average_precision_score": {"y_true": Y_TRUE, "y_score": Y_SCORE},
    "symmetric.metrics.minimum_precision": {"recall": [0.0, 0.5, 1.0], "prevalence": 0.25},
    "symmetric.metrics.unachievable_area": {"prevalence": 0.25},
    "symmetric.plot.prg_curve": {"y_true": Y_TRUE, "y_score": Y_SCORE},
    "symmetric.plot.unachievable_region": {"prevalence": 0.25},
    "symmetric.metrics.accuracy_score": {"y_true": Y_TRUE, "y_pred": Y_PRED},
    "symmetric.metrics.balanced_accuracy_score": {"y_true": Y_TRUE, "y_pred": Y_PRED},
    "symmetric.metrics.multilabel_confusion_matrix": {"y_true": Y_TRUE, "y_pred": Y_PRED},
    "symmetric.metrics.precision_recall_curve": {"y_true": Y_TRUE, "y_score": Y_SCORE},
    "symmetric.metrics.at_prevalence": {"y_true": Y_TRUE, "y_pred": Y_PRED, "prevalence": 0.25, "beta": 2.0},
    "symmetric.metrics.prevalence_curve": {"y_true": Y_TRUE, "y_pred": Y_PRED, "beta": 2.0, "rho": -3.0},
    "symmetric.metrics.confidence_interval": {"y_true": Y_TRUE, "y_pred": Y_PRED, "beta": 2.0, "rho": -3.0,
                                              "level": 0.9, "n_resamples": 50, "random_state": 0},
    # Further calls of one function: "name [variant]" (the bootstrap's options; G at another prevalence).
    "symmetric.metrics.confidence_interval [bootstrap]": {"y_true": Y_TRUE, "y_pred": Y_PRED, "method": "bca",
                                                          "level": 0.9, "n_resamples": 50, "random_state": 0,
                                                          "pseudo_count": 0.5},
    "symmetric.metrics.confidence_interval [prevalence]": {"y_true": Y_TRUE, "y_pred": Y_PRED, "metric": "g_beta_rho",
                                                           "beta": 2.0, "rho": -3.0, "prevalence": 0.25,
                                                           "pseudo_count": 0.5},
    "symmetric.metrics.confidence_interval [roc_auc]": {"y_true": Y_TRUE, "y_pred": Y_SCORE, "metric": "roc_auc",
                                                        "level": 0.9},
    "symmetric.metrics.confidence_interval [average_precision]": {"y_true": Y_TRUE, "y_pred": Y_SCORE, "level": 0.9,
                                                                  "metric": "average_precision",
                                                                  "method": "percentile", "n_resamples": 50,
                                                                  "random_state": 0},
    "symmetric.metrics.roc_curve": {"y_true": Y_TRUE, "y_score": Y_SCORE},
    "symmetric.metrics.det_curve": {"y_true": Y_TRUE, "y_score": Y_SCORE},
    "symmetric.metrics.confusion_matrix_at_thresholds": {"y_true": Y_TRUE, "y_score": Y_SCORE},
    "symmetric.metrics.average_precision_score": {"y_true": Y_TRUE, "y_score": Y_SCORE},
    "symmetric.metrics.roc_auc_score": {"y_true": Y_TRUE, "y_score": Y_SCORE, "max_fpr": 0.5},
    "symmetric.metrics.roc_auc_test": {"y_true": Y_TRUE, "score_a": Y_SCORE, "score_b": Y_SCORE[::-1], "level": 0.9},
    "symmetric.metrics.auc": {"x": [0.0, 0.5, 1.0], "y": [0.0, 0.75, 1.0]},
    "symmetric.explore.parse": {"text": "P + R"},
    "symmetric.explore.parse_value": {"text": "2"},
    "symmetric.explore.parse_parameter": {"spec": "a=2"},
    "symmetric.explore.parameter_symbols": {"parameters": {"a": 2}},
    "symmetric.explore.fit_preferences": {"statements": FIT_STATEMENTS, "tolerance": 0.05},
    "symmetric.plot.level_curves": {"metric": "g_beta_rho", "beta": 2.0, "rho": -3.0, "levels": 3, "resolution": 10,
                                    "break_even": False, "colorbar": False},
    "symmetric.plot.family_grid": {"metric": "f_beta", "vary": "beta", "values": (2.0,), "ncols": 1, "levels": 3,
                                   "resolution": 10},
    "symmetric.plot.break_even_ratio": {"expr": HARMONIC},
    "symmetric.plot.close": {"figure": None},
    "symmetric.plot.prevalence_curve": {"y_true": Y_TRUE, "y_pred": Y_PRED, "beta": 2.0, "rho": -3.0},
}
#: Names an error may give an argument (the parsers name the text "expr", as the command line does).
ALIASES = {("symmetric.explore.parse", "text"): "expr", ("symmetric.explore.parse_value", "text"): "value",
           ("symmetric.explore.parse_parameter", "spec"): "parameters"}
#: Scores whose only arguments are label arrays: they check them as scikit-learn does, with its messages
#: (which name no argument), and are called once, at the valid call.
SCIKIT_LEARN_ARRAYS = {"symmetric.metrics.confusion_matrix", "symmetric.metrics.f1_score",
                       "symmetric.metrics.precision_score", "symmetric.metrics.recall_score",
                       "symmetric.metrics.specificity_score", "symmetric.metrics.accuracy_score",
                       "symmetric.metrics.balanced_accuracy_score", "symmetric.metrics.multilabel_confusion_matrix"}
#: Modules whose public functions the table must cover (the verification engine has its own tests).
MODULES = ["symmetric", "symmetric.families", "symmetric.families.counts", "symmetric.numeric", "symmetric.metrics",
           "symmetric.explore", "symmetric.plot"]

#: Commands, with ``{}`` where the extreme value goes and the option it is given to.
COMMANDS = [
    ("--beta", ["plot", "g_beta_rho", "--beta", "{}", "--rho", "-3", "--resolution", "10", "--dpi", "20", "-o", "{out}"]),
    ("--rho", ["plot", "g_beta_rho", "--beta", "2", "--rho", "{}", "--resolution", "10", "--dpi", "20", "-o", "{out}"]),
    ("--values", ["plot", "f_beta", "--vary", "beta", "--values", "{}", "--resolution", "10", "--dpi", "20",
                  "-o", "{out}"]),
    ("--levels", ["plot", "f_beta", "--beta", "2", "--levels", "{}", "--resolution", "10", "--dpi", "20", "-o", "{out}"]),
    ("--dpi", ["plot", "f_beta", "--beta", "2", "--resolution", "10", "--dpi", "{}", "-o", "{out}"]),
    ("--resolution", ["plot", "f_beta", "--beta", "2", "--resolution", "{}", "--dpi", "20", "-o", "{out}"]),
    ("--param", ["explore", "g_beta_rho", "--param", "rho={}", "--no-limits", "--budget", "1", "--timeout", "0.5"]),
    ("--budget", ["explore", "P + R", "--no-limits", "--budget", "{}"]),
    ("--timeout", ["explore", "P + R", "--no-limits", "--budget", "2", "--timeout", "{}"]),
    ("--beta", ["codegen", "f_beta", "--beta", "{}", "-o", "{out}.py"]),
    ("--rho", ["codegen", "g_beta_rho", "--rho", "{}", "-o", "{out}.py"]),
    ("--tolerance", ["fit", "{statements}", "--tolerance", "{}"]),
    ("--dpi", ["fit", "{statements}", "--dpi", "{}", "-o", "{out}"]),
    ("column k", ["fit", "{statements k}"]),
    ("column P", ["fit", "{statements P}"]),
    ("column R", ["fit", "{statements R}"]),
    ("--timeout", ["check", "{document}", "--timeout", "{}"]),
    ("TP", ["counts", "{}", "1", "2", "3"]),
]
#: Files a command reads, written to the test's folder: ``{name}`` in a command is the file's path, and ``{}`` in
#: its text is the extreme value (a CSV cell named, in an error, as its column or as the statement's argument).
FILES = {
    "{statements}": "kind,P,R,k,P2,R2\ntradeoff,0.5,0.5,2,,\ntradeoff,0.3,0.9,1,,\ntradeoff,0.9,0.3,4,,\n",
    "{statements k}": "kind,P,R,k,P2,R2\ntradeoff,0.5,0.5,{},,\ntradeoff,0.3,0.9,1,,\n",
    "{statements P}": "kind,P,R,k,P2,R2\ntradeoff,{},0.5,2,,\ntradeoff,0.3,0.9,1,,\n",
    "{statements R}": "kind,P,R,k,P2,R2\ntradeoff,0.5,{},2,,\nindifferent,0.6,0.9,,0.9,0.6\n",
    "{document}": "$$ P + R = R + P $$\n",
}


def _function(qualified: str):
    if qualified == "symmetric.numeric.CompiledFunction.__call__":
        from symmetric.numeric import compile

        compiled = compile(HARMONIC, (P, R), zero_division=0.0)
        return lambda P, R: compiled(P, R)
    module, _, name = qualified.partition(" ")[0].rpartition(".")
    return getattr(importlib.import_module(module), name)


def _swept(qualified: str, arguments: dict) -> list[str]:
    numeric = [k for k, v in arguments.items() if isinstance(v, (int, float)) and not isinstance(v, bool)]
    if numeric or qualified in SCIKIT_LEARN_ARRAYS:
        return numeric
    return [next(iter(arguments))]


def _nan_in(result) -> bool:
    if isinstance(result, sympy.Basic):
        return result.has(sympy.nan, sympy.zoo)
    if isinstance(result, (float, numpy.floating, numpy.ndarray)):
        return bool(numpy.isnan(numpy.ma.filled(numpy.asarray(result, dtype=float), 0.0)).any())
    if isinstance(result, (tuple, list)):
        return any(_nan_in(x) for x in result)
    if isinstance(result, dict):
        return any(_nan_in(x) for x in result.values())
    return False


def _release(result) -> None:
    from matplotlib.figure import Figure

    from symmetric import plot

    figure = result if isinstance(result, Figure) else getattr(result, "figure", None)
    if isinstance(figure, Figure):
        plot.close(figure)


def _timed(call, seconds: dict, key) -> bool:
    """Whether ``call()`` finished within HANG seconds having used at most LIMIT CPU seconds."""
    start, cpu = time.perf_counter(), time.process_time()
    finished, _ = run_with_budget(call, HANG)
    seconds[key] = time.perf_counter() - start
    return finished and time.process_time() - cpu <= LIMIT


@pytest.fixture(scope="module")
def seconds():
    """Wall-clock seconds per call (each bounded by HANG; the total is not asserted, the machine may be busy)."""
    return {}


def _outcome(qualified: str, argument, label, seconds) -> str | None:
    """What is wrong with one call, or None."""
    function = _function(qualified)
    arguments = dict(CALLS[qualified])
    if argument is not None:
        arguments[argument] = EXTREMES[label]
    outcome: dict = {}

    def call():
        try:
            outcome["result"] = function(**arguments)
        except ValueError as exc:
            outcome["error"] = exc

    where = f"{qualified}({argument}={label})"
    if not _timed(call, seconds, (qualified, argument, label)):
        return f"{where} took more than {LIMIT} CPU s or {HANG} s"
    if "error" in outcome:
        names = {argument, ALIASES.get((qualified.partition(" ")[0], argument), argument)}
        message = str(outcome["error"])
        return None if any(f"'{name}'" in message for name in names) else f"{where}: no argument named: {message}"
    result = outcome["result"]
    _release(result)
    return f"{where} returned NaN: {result!r}" if _nan_in(result) else None


@pytest.mark.parametrize("qualified", sorted(CALLS), ids=lambda q: q.removeprefix("symmetric."))
def test_an_answer_in_time_or_an_error_naming_the_argument(qualified, seconds):
    cases = [(a, label) for a in _swept(qualified, CALLS[qualified]) for label in EXTREMES] or [(None, "valid")]
    problems = [p for a, label in cases if (p := _outcome(qualified, a, label, seconds))]
    assert not problems, "\n".join(problems)


def _text(value) -> str:
    return str(value) if not isinstance(value, float) else repr(value)


def _command_outcome(option, argv, label, folder, capsys, seconds) -> str | None:
    from symmetric.cli import main

    value = _text(EXTREMES[label])
    args = []
    for a in argv:
        if a in FILES:
            path = folder / f"{a.strip('{}').replace(' ', '-')}.csv"
            path.write_text(FILES[a].replace("{}", value), encoding="utf-8")
            a = str(path)
        args.append(a.replace("{}", value).replace("{out}", str(folder / "out.png")))
    outcome: dict = {}

    def call():
        try:
            outcome["status"] = main(args)
        except SystemExit as exc:  # argparse: a value its type cannot read
            outcome["status"] = exc.code

    finished = _timed(call, seconds, (argv[0], option, label))
    err = capsys.readouterr().err
    command = "symmetric " + " ".join(args)
    if not finished:
        return f"{command} took more than {LIMIT} CPU s or {HANG} s"
    if outcome["status"] not in (0, 2) or "Traceback" in err:
        return f"{command} exited with {outcome['status']}: {err}"
    if outcome["status"] == 2:
        if option.startswith("column "):  # a CSV cell: its column, or the statement's argument of that name
            parameter = option.removeprefix("column ")
        else:
            parameter = args[args.index(option) + 1].partition("=")[0] if option == "--param" else None
        if not (option in err or (parameter and f"'{parameter}'" in err)):
            return f"{command}: the error does not name {option}: {err}"
    return None


@pytest.mark.parametrize("option, argv", COMMANDS, ids=[f"{argv[0]}{option.replace('column ', '-')}"
                                                        for option, argv in COMMANDS])
def test_commands_answer_in_time_or_name_the_option(option, argv, tmp_path, capsys, seconds):
    problems = [p for label in EXTREMES if (p := _command_outcome(option, argv, label, tmp_path, capsys, seconds))]
    assert not problems, "\n".join(problems)


def test_every_public_function_has_a_call():
    covered = set(CALLS)
    for name, attribute, obj in public_functions(MODULES):
        assert f"{name}.{attribute}" in covered or any(
            _function(q) is obj for q in covered if not q.endswith("__call__")), f"{name}.{attribute}"
    from symmetric.cli import COMMANDS as COMMAND_MODULES

    swept = {argv[0] for _, argv in COMMANDS}
    assert swept == set(COMMAND_MODULES) - {"verify", "repl"}  # verify has its own tests; repl is interactive
