"""``symmetric verify`` through a subprocess, as users and CI run it."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(*args, cwd=ROOT, env=None):
    return subprocess.run([sys.executable, "-m", "symmetric", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=300, env=env)


def test_subset_prints_one_line_per_claim_and_a_summary():
    out = run("verify", "f_beta.", "--jobs", "1")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.strip().splitlines()
    claim_lines = [line for line in lines if line.startswith(("ok ", "BAD"))]
    assert len(claim_lines) == 10
    assert all(line.split()[1].startswith("f_beta.") for line in claim_lines)
    assert "f_beta.weight" in out.stdout and "proven" in out.stdout and "s  " in out.stdout
    assert lines[-1].startswith("10 claims: 10 proven, 0 refuted, 0 unknown, 0 error; 10 as expected")


def test_json_output_is_only_a_json_list():
    out = run("verify", "errata.g.rho0_continuity", "family.pythagorean.harmonic", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert [d["id"] for d in data] == ["family.pythagorean.harmonic", "errata.g.rho0_continuity"]
    for d in data:
        assert {"id", "status", "expected", "seconds", "method", "counterexample"} <= set(d)
    refuted = data[1]
    assert refuted["status"] == refuted["expected"] == "refuted"
    assert set(refuted["counterexample"]) == {"P", "R", "beta"}
    assert refuted["variables"] == {"P": "positive", "R": "positive", "beta": "positive"}


def test_unknown_id_is_a_usage_error():
    out = run("verify", "no.such_claim")
    assert out.returncode == 2
    assert "no.such_claim" in out.stderr


def test_exit_status_is_1_when_a_verdict_differs_from_its_expectation(tmp_path):
    (tmp_path / "wrong.py").write_text(
        "from symmetric import P, R\n"
        "from symmetric.verify.claims import Proof\n"
        "proof = Proof('wrong', 'A wrong expectation')\n"
        "@proof.claim('wrong.swap', 'P equals R.', expected='proven')\n"
        "def _(d):\n"
        "    return P, R\n"
    )
    out = run("verify", "--proofs", str(tmp_path))
    assert out.returncode == 1
    assert "BAD wrong.swap" in out.stdout and "refuted" in out.stdout
    assert "not as expected: wrong.swap" in out.stdout


def test_report_and_list(tmp_path):
    report = tmp_path / "report.md"
    (tmp_path / "one.py").write_text(
        "import sympy\n"
        "from symmetric import P\n"
        "from symmetric.verify.claims import Proof\n"
        "proof = Proof('one', 'One claim')\n"
        "@proof.claim('one.square_root', 'The square root of a square.')\n"
        "def _(d):\n"
        "    return d.step('Root', sympy.sqrt(P**2)), P\n"
    )
    out = run("verify", "--proofs", str(tmp_path), "--report", str(report))
    assert out.returncode == 0, out.stderr
    text = report.read_text()
    assert "### `one.square_root`" in text and "$$ P = P $$" in text and "**proven**" in text
    listing = run("verify", "--proofs", str(tmp_path), "--list")
    assert listing.stdout.split() == ["one.square_root", "proven", "new"]


def test_help_and_version():
    assert run("--help").returncode == 0
    out = run("--version")
    assert out.returncode == 0 and out.stdout.startswith("symmetric ")
    assert run().returncode == 2
