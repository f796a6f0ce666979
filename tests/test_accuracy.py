"""The accuracy report: a small grid of `python -m symmetric.accuracy` as a test."""

import numpy

from symmetric.accuracy import accuracy_table, main, ulp_errors


def test_accuracy_on_a_small_grid():
    rows = accuracy_table(points=400, seed=11)
    assert len(rows) == 6
    for row in rows:
        assert row.bad == 0, row
        assert row.max_ulp <= (8 if row.region == "practical" else 64), row


def test_ulp_errors_counts_units_in_the_last_place():
    assert ulp_errors(numpy.nextafter(1.0, 2.0), 1.0) == 1
    assert ulp_errors(numpy.nan, 1.0) == numpy.inf


def test_accuracy_cli_prints_the_table(capsys):
    assert main(["--points", "20", "--backends", "strict,numpy-f32"]) == 0  # in-process: a fresh interpreter would only add SymPy's start-up
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split()[:3] == ["region", "function", "points"] and len(lines) == 7
    assert lines[0].split()[-2:] == ["numpy-f32", "strict"] or lines[0].split()[-2:] == ["strict", "numpy-f32"]
