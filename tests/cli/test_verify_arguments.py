"""``symmetric verify`` takes paths, ids and options in any order: every form the docs show, shuffled."""

import re
import shlex
from pathlib import Path

import pytest
from tests.claim_scripts import good

from symmetric.cli import build_parser, main

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", ROOT / "docs" / "ci.md", ROOT / "docs" / "design.md", ROOT / "docs" / "performance.md"]
#: The options of ``symmetric verify`` that take a value.
VALUED = {"--junit", "--report", "--jobs", "--timeout", "--memory-limit", "--cache"}


def documented_forms() -> list[str]:
    """Each distinct ``symmetric verify ...`` command in code spans and blocks of the docs, without its placeholders."""
    forms = set()
    for path in DOCS:
        text = path.read_text(encoding="utf-8")
        for found in re.finditer(r"symmetric verify((?: +(?!--(?:\W|$))[-\w./]+)*)", text):  # not the "-->" of a comment
            words = [w for w in found[1].split() if w not in ("PATH", "ID...", "[PATH", "...]")]
            forms.add(" ".join(words))
    return sorted(forms)


def parts(words: list[str]) -> tuple[list[list[str]], list[str]]:
    """The options of ``words`` (each with its value) and the positionals, in their order."""
    options, positionals, it = [], [], iter(words)
    for w in it:
        if w.startswith("--"):
            options.append([w, next(it)] if w in VALUED else [w])
        else:
            positionals.append(w)
    return options, positionals


def test_the_docs_show_the_forms_tested_here():
    forms = documented_forms()
    for shown in ("", "--no-builtin claims/", "claims/ ours.f_beta.", "--report docs/derivations.md",
                  "--no-builtin claims/ --junit derivations.xml", "--jobs 2"):
        assert shown in forms
    assert len(forms) >= 7


@pytest.mark.parametrize("form", documented_forms() + ["--no-builtin claims --jobs 2 team.f1 team.f2"])
def test_every_documented_form_parses_the_same_with_positionals_first_last_or_between(form, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "docs").mkdir()  # --report docs/derivations.md needs the folder
    options, positionals = parts(form.split())
    first, rest = [w for o in options[:1] for w in o], [w for o in options[1:] for w in o]
    orders = [
        [*positionals, *first, *rest],
        [*first, *rest, *positionals],
        [*positionals[:1], *first, *positionals[1:], *rest],
        [*first, *positionals[:1], *rest, *positionals[1:]],
    ]
    parser = build_parser().get_default("_subparsers")["verify"]  # as main() reads it
    parsed = [vars(parser.parse_intermixed_args(order)) for order in orders]
    assert parsed[0]["targets"] == positionals
    assert all(p == parsed[0] for p in parsed[1:]), (form, parsed)
    for option in options:
        value = parsed[0][option[0][2:].replace("-", "_")]
        assert value is True if len(option) == 1 else value is not None


def test_the_form_of_the_issue_runs_the_claims_it_names(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "claims").mkdir()
    (tmp_path / "claims" / "f1.py").write_text(good(name="one", proof="one", prefix="team.f1"))
    (tmp_path / "claims" / "f2.py").write_text(good(name="two", proof="two", prefix="team.f2"))
    (tmp_path / "claims" / "f3.py").write_text(good(name="three", proof="three", prefix="team.f3"))
    code = main(shlex.split("verify --no-builtin claims --jobs 2 team.f1 team.f2"))
    out = capsys.readouterr().out
    assert code == 0
    assert [line.split()[1] for line in out.splitlines() if line.startswith("ok ")] == [
        "team.f1.f1_harmonic", "team.f2.f1_harmonic"]


def test_the_usage_line_says_the_order_is_free(capsys):
    with pytest.raises(SystemExit):
        main(["verify", "--help"])
    assert capsys.readouterr().out.startswith("usage: symmetric verify [PATH ...] [ID ...] [options], in any order\n")
