"""The proof scripts: they run standalone, and the committed derivations report is current."""

import io
import subprocess
import sys
from pathlib import Path

from symmetric.verify.registry import load_claims, load_proofs
from symmetric.verify.report import markdown_report, print_result

ROOT = Path(__file__).resolve().parent.parent
PROOFS = ROOT / "proofs"


def test_a_proof_script_runs_as_a_program_and_prints_its_derivation():
    out = subprocess.run([sys.executable, str(PROOFS / "f_beta_derivation.py")], capture_output=True, text=True,
                         timeout=300, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    assert "## f_beta.weight  [seed 002]" in out.stdout
    assert "Solve for alpha" in out.stdout and "[1/(beta**2 + 1)]" in out.stdout
    assert out.stdout.rstrip().endswith("10/10 claims as expected")


def test_every_claim_prints_its_steps_and_verdict(claim_results):
    for claim_id, result in claim_results.items():
        buffer = io.StringIO()
        print_result(result, file=buffer)
        text = buffer.getvalue()
        assert text.startswith(f"## {claim_id}  [{result.claim.source}]")
        assert f"verdict: {result.status} (expected {result.claim.expected})" in text


def test_claim_ids_are_unique_stable_and_sourced():
    claims = load_claims(PROOFS)
    ids = [c.id for c in claims]
    assert len(ids) == len(set(ids)) >= 60
    assert all(c.source.startswith(("seed 00", "new")) for c in claims)
    # Every expected verdict is a status, and claims are expected both proven and refuted ("unknown" is allowed:
    # structure.g.at_most_max was one until the inequality prover decided it).
    assert {"proven", "refuted"} <= {c.expected for c in claims} <= {"proven", "refuted", "unknown"}


def test_derivations_report_is_current(claim_results):
    expected = markdown_report(load_proofs(PROOFS), claim_results)
    committed = (ROOT / "docs" / "derivations.md").read_text(encoding="utf-8")
    assert committed == expected, "docs/derivations.md is stale: run `symmetric verify --report docs/derivations.md`"


def test_errata_cite_existing_claims():
    import re

    text = (ROOT / "docs" / "errata.md").read_text(encoding="utf-8")
    cited = set(re.findall(r"`([a-z_]+(?:\.[a-z0-9_]+)+)`", text))
    known = {c.id for c in load_claims(PROOFS)}
    assert cited, "docs/errata.md cites no claim"
    assert cited <= known, f"unknown claim ids in docs/errata.md: {sorted(cited - known)}"
