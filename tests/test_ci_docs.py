"""docs/ci.md, followed from an empty folder: its files, its commands and the output it shows."""

import re
from pathlib import Path

import pytest

from symmetric.cli import main

ROOT = Path(__file__).resolve().parent.parent
DOC = (ROOT / "docs" / "ci.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"<!-- (file|mistake|output): (.*?) -->\n```\w*\n(.*?)```", DOC, flags=re.S)
FILES = {name: text for kind, name, text in BLOCKS if kind == "file"}
MISTAKES = {name: text for kind, name, text in BLOCKS if kind == "mistake"}
OUTPUTS = [text for kind, _, text in BLOCKS if kind == "output"]
COMMAND = "symmetric verify --no-builtin claims/"


def claim_lines(text: str) -> list[tuple]:
    """Mark, id, verdict, expected verdict and the counterexample's variables of each claim line.

    Not the seconds, nor the counterexample's values: they are the engine's choice.
    """
    out = []
    for line in text.splitlines():
        if line.startswith(("ok ", "BAD")):
            mark, claim_id, status, _, expected = line.split()[:5]
            variables = re.findall(r"(\w+) = ", line.partition("counterexample: ")[2])
            out.append((mark, claim_id, status, expected, variables))
    return out


def pattern(line: str) -> str:
    """A shown output line as an fnmatch pattern, the counterexample's values left open."""
    line = re.sub(r"[\[\]]", lambda m: f"[{m.group(0)}]", line)
    if "counterexample: " in line:
        line = re.sub(r"(\w+) = [^,]+", r"\1 = *", line)
    return line


def verify(capsys, *argv):
    code = main(["verify", *argv])
    return code, capsys.readouterr().out


@pytest.fixture
def repo(pytester):
    """An empty folder (the working directory) holding the files of docs/ci.md."""
    assert not any(pytester.path.iterdir())
    for name, text in FILES.items():
        (pytester.path / name).parent.mkdir(parents=True, exist_ok=True)
        (pytester.path / name).write_text(text)
    return pytester


def test_the_page_has_the_files_and_outputs_the_test_follows():
    assert set(FILES) == {"requirements-ci.txt", "claims/f_beta.py", "pyproject.toml", ".github/workflows/derivations.yml"}
    assert list(MISTAKES) == ["claims/f_beta_other_weight.py"] and len(OUTPUTS) == 2
    workflow = FILES[".github/workflows/derivations.yml"]
    runs = re.findall(r"^\s+- run: (.*)$", workflow, flags=re.M)
    assert runs == ["pip install -r requirements-ci.txt", f"{COMMAND} --junit derivations.xml", "python -m pytest"]
    install = re.search(r'pip install "(.*)"', DOC).group(1)
    assert FILES["requirements-ci.txt"].splitlines()[0] == install
    assert f".venv/bin/{COMMAND}\n" in DOC
    assert "[docs/ci.md](docs/ci.md)" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_symmetric_verify_passes_then_fails_on_the_wrong_derivation(repo, capsys):
    code, out = verify(capsys, "--no-builtin", "claims/", "--jobs", "1")
    assert code == 0, out
    assert claim_lines(out) == claim_lines(OUTPUTS[0])
    summary = OUTPUTS[0].strip().splitlines()[-1]
    assert out.strip().splitlines()[-1].split(";")[:2] == summary.split(";")[:2]
    for name, text in MISTAKES.items():
        (repo.path / name).write_text(text)
    code, out = verify(capsys, "--no-builtin", "claims/", "--jobs", "1")
    assert code == 1
    bad = [line for line in claim_lines(out) if line[0] == "BAD"]
    assert bad == claim_lines(OUTPUTS[1])
    shown = [line.strip() for line in OUTPUTS[1].splitlines()[1:] if "statement:" in line or "verdict:" in line]
    assert all(line in out for line in shown)


def test_the_pytest_plugin_passes_then_fails_on_the_wrong_derivation(repo):
    result = repo.runpytest_inprocess()
    result.assert_outcomes(passed=3)
    for name, text in MISTAKES.items():
        (repo.path / name).write_text(text)
    result = repo.runpytest_inprocess()
    result.assert_outcomes(passed=3, failed=1)
    shown = DOC.split("and pytest reports the same failure:")[1].split("```text\n")[1].split("```")[0]
    result.stdout.fnmatch_lines([pattern(line) for line in shown.splitlines() if not line.startswith("___")])
