"""The proof scripts: they run standalone, and the committed derivations report is current."""

import io
import re
import runpy
from pathlib import Path

import pytest

from symmetric.verify.claims.registry import definitions, load_proofs
from symmetric.verify.claims.report import markdown_report, print_result

pytestmark = pytest.mark.slow  # the full run only (tests/README.md)

ROOT = Path(__file__).resolve().parents[2]
PROOFS = ROOT / "proofs"


def test_a_proof_script_runs_as_a_program_and_prints_its_derivation(capsys):
    with pytest.raises(SystemExit) as info:
        runpy.run_path(str(PROOFS / "f_beta_derivation.py"), run_name="__main__")
    out = capsys.readouterr().out
    assert info.value.code == 0, out
    assert "## f_beta.weight  [seed 002]" in out
    assert "Solve for alpha" in out and "[1/(beta**2 + 1)]" in out
    assert out.rstrip().endswith("20/20 claims as expected")


def test_every_claim_prints_its_steps_and_verdict(claim_results):
    for claim_id, result in claim_results.items():
        buffer = io.StringIO()
        print_result(result, file=buffer)
        text = buffer.getvalue()
        source = "" if result.claim.source == "new" else f"  [{result.claim.source}]"   # a claim stated here: no tag
        assert text.startswith(f"## {claim_id}{source}\n{result.claim.sentence}\n")
        assert f"verdict: {result.status} (expected {result.claim.expected})" in text


def test_no_proof_shows_an_internal_dummy_name(claim_results):
    # SymPy prints a Dummy("t") as "_t"; the homogeneity argument once showed "_t" and "_t_w" to readers.
    dummy = re.compile(r"(?<![\w.])_[A-Za-z]")
    proofs = {claim_id: r.verdict.steps if r.verdict is not None else () for claim_id, r in claim_results.items()}
    shown = [(claim_id, text) for claim_id, r in claim_results.items()
             for text in (r.method, *(step.statement for step in proofs[claim_id])) if dummy.search(text)]
    assert not shown, shown[:3]
    assert sum(len(steps) for steps in proofs.values()) > 100  # the proof steps were there to look at


def builtin_definitions():
    """The claims of proofs/ before their derivations run (the plugin runs them, once, in one worker)."""
    return definitions(load_proofs(PROOFS))


def test_claim_ids_are_unique_stable_and_sourced():
    claims = builtin_definitions()
    ids = [c.id for c in claims]
    assert len(ids) == len(set(ids)) >= 60
    assert all(c.source.startswith(("seed 00", "new")) for c in claims)
    # Every expected verdict is a status, and claims are expected both proven and refuted ("unknown" is allowed:
    # structure.g.at_most_max was one until the inequality prover decided it).
    assert {"proven", "refuted"} <= {c.expected for c in claims} <= {"proven", "refuted", "unknown"}


# SymPy's dummy symbols (``_t_rho``, ``\_t_{rho}``) are named by the strategy that made them.
_DUMMY = re.compile(r"\\?_[A-Za-z][A-Za-z0-9_{}]*")


def report_content(text: str) -> dict:
    """Claim id -> (sentence, expected verdict, verdict, method, checked statement) of a derivations report."""
    out = {}
    for section in re.split(r"^### ", text, flags=re.M)[1:]:
        claim_id = re.match(r"`([^`]+)`", section).group(1)
        sentence = section.split("\n\n")[1]
        verdict = re.search(r"^- Expected: (\w+); verdict: \*\*(\w+)\*\* by (.*)$", section, flags=re.M)
        statement = re.search(r"^Checked statement:\n\n\$\$ (.*) \$\$$", section, flags=re.M)
        out[claim_id] = (sentence, *verdict.groups(), statement.group(1) if statement else None)
    return {k: tuple(_DUMMY.sub("_", x) if x else x for x in v) for k, v in out.items()}


def test_report_content_parser_sees_every_field():
    section = ("### `a.b`\n\nThe sentence.\n\n- Source: new\n- Expected: proven; verdict: **proven** by cases rho = "
               "-_t_rho: limit\n\nChecked statement:\n\n$$ \\_t_{rho} = 1 $$\n")
    assert report_content(section) == {"a.b": ("The sentence.", "proven", "proven", "cases rho = -_: limit", "_ = 1")}


def test_derivations_report_is_current(claim_results):
    fresh = report_content(markdown_report(load_proofs(PROOFS), claim_results))
    committed = report_content((ROOT / "docs" / "derivations.md").read_text(encoding="utf-8"))
    stale = sorted(k for k in fresh.keys() | committed.keys() if fresh.get(k) != committed.get(k))
    assert not stale, f"docs/derivations.md is stale for {stale}: run `symmetric verify --report docs/derivations.md`"


def test_errata_cite_existing_claims():
    text = (ROOT / "docs" / "errata.md").read_text(encoding="utf-8")
    cited = set(re.findall(r"`([a-z_]+(?:\.[a-z0-9_]+)+)`", text))
    known = {c.id for c in builtin_definitions()}
    assert cited, "docs/errata.md cites no claim"
    assert cited <= known, f"unknown claim ids in docs/errata.md: {sorted(cited - known)}"
