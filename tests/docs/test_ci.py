"""docs/ci.md, followed from an empty folder: its files, its commands and the output it shows."""

import re
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement

from symmetric.cli import main

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "ci.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"<!-- (file|mistake|output): (.*?) -->\n```\w*\n(.*?)```", DOC, flags=re.S)
FILES = {name: text for kind, name, text in BLOCKS if kind == "file"}
MISTAKES = {name: text for kind, name, text in BLOCKS if kind == "mistake"}
OUTPUTS = [text for kind, _, text in BLOCKS if kind == "output"]
COMMAND = "symmetric verify --no-builtin claims/"


def varying(line: str) -> str:
    """A line of output with what varies from run to run masked: seconds and the number of jobs; spaces collapsed.

    Everything else, the counterexamples' values and both sides' values there included, must be as shown.
    """
    line = re.sub(r"\b\d+\.\d+s\b", "<s>", line)
    line = re.sub(r"; \d+\.\d+ s with \d+ job\(s\)$", "; <s> with <n> job(s)", line)
    return " ".join(line.split())


def claim_lines(text: str) -> list[str]:
    """Every line of a shown or real output of ``symmetric verify`` that is not empty, masked (:func:`varying`)."""
    return [varying(line) for line in text.splitlines() if line.strip()]


def pattern(line: str) -> str:
    """A shown line of pytest's output as an fnmatch pattern that matches it literally."""
    return re.sub(r"[\[\]*?]", lambda m: f"[{m.group(0)}]", line)


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
    # Nothing claims the package is on the index: the requirement is a Git URL until it is published.
    first, pytest_line = FILES["requirements-ci.txt"].splitlines()
    requirement = Requirement(first)
    assert requirement.name == "symmetric-metrics" and requirement.url.startswith("git+https://")
    assert ".venv/bin/pip install /path/to/symmetric\n" in DOC
    # pytest pinned as the project's own tests pin it (the cap that keeps pytest-xdist's groups working).
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    tested = [spec for spec in pyproject["project"]["optional-dependencies"]["test"] if spec.startswith("pytest>")]
    assert [pytest_line] == tested
    assert f".venv/bin/{COMMAND}\n" in DOC
    assert "[docs/ci.md](docs/ci.md)" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_symmetric_verify_passes_then_fails_on_the_wrong_derivation(repo, capsys):
    code, out = verify(capsys, "--no-builtin", "claims/", "--jobs", "1")
    assert code == 0, out
    assert claim_lines(out) == claim_lines(OUTPUTS[0])
    for name, text in MISTAKES.items():
        (repo.path / name).write_text(text)
    code, out = verify(capsys, "--no-builtin", "claims/", "--jobs", "1")
    assert code == 1
    real = claim_lines(out)
    shown = claim_lines(OUTPUTS[1])
    start = real.index(shown[0])
    assert real[start:start + len(shown)] == shown


def test_the_pytest_plugin_passes_then_fails_on_the_wrong_derivation(repo):
    result = repo.runpytest_inprocess()
    result.assert_outcomes(passed=3)
    for name, text in MISTAKES.items():
        (repo.path / name).write_text(text)
    result = repo.runpytest_inprocess()
    result.assert_outcomes(passed=3, failed=1)
    shown = DOC.split("and pytest reports the same failure:")[1].split("```text\n")[1].split("```")[0]
    result.stdout.fnmatch_lines([pattern(line) for line in shown.splitlines() if not line.startswith("___")])


def test_no_page_claims_the_package_is_on_the_index():
    """Until `symmetric-metrics` is published, an install from the index is shown only as what will work then."""
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    for page in pages:
        text = page.read_text(encoding="utf-8")
        for found in re.finditer(r'pip install "?symmetric-metrics(\[\w+\])?"?(?! @)', text):
            around = text[max(0, found.start() - 200):found.end() + 50]
            assert "published" in around, f"{page.name}: {text[found.start():found.end() + 40]!r}"
