"""The records as the scores read them (symmetric.metrics._records): the same whatever was imported before, and a
record registered at run time found by name."""

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

from symmetric.families import CONFUSION_METRICS, ConfusionMetric, register_confusion_metric
from symmetric.metrics import _records, confusion_metric_score
from symmetric.symbols import FN, FP, TN, TP

ROOT = Path(__file__).resolve().parents[2]

#: Prints what the metrics read of the records, after importing the modules named on the command line in order.
PROBE = textwrap.dedent(
    """
    import importlib, json, sys
    for name in sys.argv[1:]:
        importlib.import_module(name)
    from symmetric.metrics import _records
    rows = {name: list(row) for name, row in _records.records().items()}
    print(json.dumps({"rows": rows, "generated": [n for n in rows if _records.generated(n)],
                      "npv": float(_records.functions("npv")[0](1.0, 0.0, 1.0, 3.0)),
                      "families": "symmetric.families" in sys.modules}))
    """
)


def _probe(*modules: str) -> dict:
    done = subprocess.run([sys.executable, "-c", PROBE, *modules], capture_output=True, text=True, cwd=ROOT,
                          check=False, timeout=300)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.slow  # three fresh interpreters importing SymPy
def test_the_records_are_the_same_whatever_was_imported_first():
    """In fresh interpreters: the metrics alone, the registry of symmetric.families first, and the registry after."""
    alone = _probe()
    assert alone.pop("families") is False  # reading the generated rows loads no registry
    for order in (("symmetric.families",), ("symmetric.metrics", "symmetric.families")):
        loaded = _probe(*order)
        assert loaded.pop("families") is True and loaded == alone, order
    assert "sys.modules" not in Path(_records.__file__).read_text(encoding="utf-8")  # no sniffing what is loaded


def _threat_squared(tp=TP, fp=FP, fn=FN, tn=TN):
    return (tp / (tp + fp + fn)) ** 2


def test_a_record_registered_at_run_time_is_found_by_name():
    record = register_confusion_metric(ConfusionMetric("threat_squared_rt", _threat_squared, "Jaccard squared",
                                                       undefined=((TP + FP + FN, "true or predicted"),)))
    try:
        assert "threat_squared_rt" not in list(_records.records())  # listing: the generated rows
        assert _records.records()["threat_squared_rt"] == _records.record_data(record)  # by name: the registry
        assert not _records.generated("threat_squared_rt")
        value, undefined = _records.functions("threat_squared_rt")  # compiled from its definition
        assert float(value(1.0, 1.0, 0.0, 5.0)) == 0.25 and float(undefined(0.0, 0.0, 0.0, 5.0)[0]) == 0.0
        assert confusion_metric_score([1, 1, 0, 0], [1, 0, 1, 0], metric="threat_squared_rt") == pytest.approx(1 / 9)
    finally:
        del CONFUSION_METRICS["threat_squared_rt"]
    assert "threat_squared_rt" not in _records.records()
    with pytest.raises(KeyError):
        _records.functions("threat_squared_rt")


def test_a_generated_record_is_what_the_scores_compute_until_the_next_regeneration():
    """Replacing a generated record at run time changes nothing until ``python -m symmetric.generate``: the scores
    read the generated code, whatever the registry holds now (and whatever was imported)."""
    original = CONFUSION_METRICS["npv"]
    register_confusion_metric(ConfusionMetric("npv", _threat_squared, "not the NPV", numeric=True), replace=True)
    try:
        assert _records.records()["npv"].summary == _records._generated_records()["npv"].summary != "not the NPV"
        assert float(_records.functions("npv")[0](1.0, 0.0, 1.0, 3.0)) == 0.75
        assert confusion_metric_score([1, 0, 0, 0], [1, 0, 0, 1], metric="npv") == np.float64(1.0)
    finally:
        register_confusion_metric(original, replace=True)
