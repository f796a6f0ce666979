"""The corpus of real public documents (tests/documents/corpus/, each with its origin on its first line), checked
against the hand-checked key: no right line refuted, every real error of the key still refuted."""

import json
from pathlib import Path

import pytest

from symmetric.cli import main
from tests.documents.corpus_key import REAL_ERRORS

CORPUS = Path(__file__).parent / "corpus"
DOCUMENTS = sorted(CORPUS.iterdir())


def test_the_corpus_holds_at_least_twenty_real_documents_each_with_its_origin():
    assert len(DOCUMENTS) >= 20
    for path in DOCUMENTS:
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert "origin" in first and "@" in first and ":" in first.split("@")[1], path.name


#: The documents checked in the full run only (each takes over a second); the fast tier checks the others.
FULL_RUN_DOCUMENTS = {"am_gm_notes.md", "pumpkin_ch2_zh.md", "hse_seminar_auc_2019.tex"}


@pytest.mark.parametrize(
    "path",
    [pytest.param(p, marks=pytest.mark.slow if p.name in FULL_RUN_DOCUMENTS else ()) for p in DOCUMENTS],
    ids=lambda p: p.name,
)
def test_no_right_line_is_refuted_and_every_real_error_of_the_key_is(path, capsys):
    """Through ``symmetric check --json``, as CI reads it: the JSON is valid and complete on every document (the
    test documents' and the seeds' JSON: tests/cli/test_check.py)."""
    code = main(["check", "--json", str(path)])
    out = json.loads(capsys.readouterr().out)
    assert code in (0, 1, 2) and out["files"] == [str(path)]
    for step in out["steps"]:
        assert set(step) >= {"line", "status", "counterexample", "reason", "reading"}
        assert all(isinstance(k, str) and isinstance(v, str) for k, v in (step["counterexample"] or {}).items())
        if step["status"] == "refuted":
            assert step["counterexample"] is not None and isinstance(step["reading"], dict)
    refuted = {step["line"] for step in out["steps"] if step["status"] == "refuted"}
    wrong = sorted(line for line in refuted if (path.name, line) not in REAL_ERRORS)
    assert not wrong, f"refuted, and not a real error of the key: lines {wrong}"
    lost = sorted(line for name, line in REAL_ERRORS if name == path.name and line not in refuted)
    assert not lost, f"real errors of the key no longer refuted: lines {lost}"
