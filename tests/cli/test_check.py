"""symmetric check on files with nothing to check, folders and globs, and the JSON it always prints."""

import json
from pathlib import Path

import pytest

from symmetric.cli import main

DOCS = Path(__file__).resolve().parents[1] / "documents"
ROOT = Path(__file__).resolve().parents[2]
SEEDS = next((p for p in (ROOT.parent / "shared" / "seeds", Path("/work/shared/seeds")) if p.is_dir()), None)

NOTHING = {
    "empty.md": (b"", "empty"),
    "prose.md": (b"Only prose here, with $F_1 = 1$ inline.\n", "no display math"),
    "unclosed.md": (b"A display never closed:\n$$\nP = R\n", "never closed"),
    "image.png": (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "binary"),
    "broken.ipynb": (b'{"cells": [ {"cell_type": "markdown", "source": ["$$1 = 2$$"]', "not a valid notebook"),
    "definitions.md": (b"$$\nF_1 = \\frac{2PR}{P+R}\n$$\n", "state no relation"),
}


@pytest.mark.parametrize("name", sorted(NOTHING))
@pytest.mark.parametrize("strict", [False, True])
def test_a_file_with_nothing_to_check_exits_nonzero_with_one_line_saying_why(tmp_path, capsys, name, strict):
    data, why = NOTHING[name]
    (tmp_path / name).write_bytes(data)
    assert main(["check", str(tmp_path / name), *(["--strict"] if strict else [])]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and str(tmp_path / name) in err[0] and why in err[0]


def test_an_invalid_notebook_is_an_error_even_with_allow_empty_and_never_read_as_text(tmp_path, capsys):
    path = tmp_path / "broken.ipynb"
    path.write_bytes(NOTHING["broken.ipynb"][0])
    assert main(["check", "--allow-empty", "--json", str(path)]) == 2
    out = json.loads(capsys.readouterr().out)
    assert out["steps"] == [] and out["problems"][str(path)]["kind"] == "error"


def test_a_folder_or_glob_with_some_empty_files_exits_nonzero_unless_allowed(tmp_path, capsys):
    (tmp_path / "good.md").write_text("$$\n(P + R)^2 = P^2 + 2PR + R^2\n$$\n")
    (tmp_path / "empty.md").write_text("")
    (tmp_path / "notes.txt").write_text("$$ 1 = 2 $$")  # not a document suffix: a folder does not take it
    assert main(["check", str(tmp_path)]) == 2
    assert main(["check", str(tmp_path), "--allow-empty"]) == 0
    capsys.readouterr()
    assert main(["check", str(tmp_path / "*.md"), "--allow-empty", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out["files"]) == {str(tmp_path / "empty.md"), str(tmp_path / "good.md")}
    assert out["summary"]["proven"] == 1 and list(out["problems"]) == [str(tmp_path / "empty.md")]


def test_glob_and_folder_select_the_documents(tmp_path, capsys):
    (tmp_path / "a.md").write_text("$$\n2 + 2 = 4\n$$\n")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "b.tex").write_text("\\[ 3 = 1 + 2 \\]\n")
    assert main(["check", "--json", str(tmp_path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [Path(f).name for f in out["files"]] == ["a.md", "b.tex"] and out["summary"]["proven"] == 2
    assert main(["check", "--json", str(tmp_path / "*.md")]) == 0
    assert [Path(f).name for f in json.loads(capsys.readouterr().out)["files"]] == ["a.md"]
    assert main(["check", "--json", str(tmp_path / "*.nothing")]) == 2
    assert "no such file" in json.loads(capsys.readouterr().out)["error"]


def _documents():
    found = sorted(DOCS.glob("*.md")) + sorted(DOCS.glob("*.tex")) + sorted(DOCS.glob("*.ipynb"))
    found += sorted(DOCS.glob("*.qmd"))  # the corpus's JSON: tests/documents/test_corpus.py
    if SEEDS is not None:
        found += sorted(SEEDS.glob("*.txt"))
    return found


def _full_run_only(path) -> bool:
    """The seeds (4 s for the longest): their JSON here in the full run."""
    return path.suffix == ".txt"


@pytest.mark.parametrize(
    "path",
    [pytest.param(p, marks=pytest.mark.slow if _full_run_only(p) else ()) for p in _documents()],
    ids=lambda p: p.name,
)
def test_json_is_always_valid_json_on_every_seed_and_test_document(path, capsys):
    code = main(["check", "--json", "--timeout", "5", str(path)])
    out = json.loads(capsys.readouterr().out)
    assert code in (0, 1, 2)
    assert out["files"] == [str(path)]
    for step in out["steps"]:
        assert set(step) >= {"line", "status", "counterexample", "reason", "reading"}
        assert all(isinstance(k, str) and isinstance(v, str) for k, v in (step["counterexample"] or {}).items())


def test_a_symbol_option_with_a_multi_letter_name_and_a_warning_for_an_unused_one(tmp_path, capsys):
    doc = tmp_path / "rates.md"
    doc.write_text("$$\n\\sqrt{tpr^2} = tpr\n$$\n")
    assert main(["check", str(doc), "--symbol", "tpr:real", "--symbol", "zz:real"]) == 1
    captured = capsys.readouterr()
    assert "refuted" in captured.out and "tpr real" in captured.out
    assert "--symbol zz: the documents never use the name 'zz'" in captured.err
