"""``symmetric verify``: called in-process through ``main(argv)``, with one subprocess smoke test."""

import io
import json
import subprocess
import sys
import textwrap
from pathlib import Path
from types import SimpleNamespace
from xml.etree import ElementTree

import pytest
from tests.claim_scripts import GOOD, SWAP_COUNTEREXAMPLE, WRONG

from symmetric.cli import main

ROOT = Path(__file__).resolve().parents[2]

def write(path: Path, text: str, **names) -> Path:
    names = {"name": "proof", "proof": "good", "prefix": "good", **names}
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text.format(**names) if names and "{" in text else text))
    return path


def verify(capsys, *argv):
    """Exit status, stdout and stderr of ``symmetric verify ARGV``."""
    try:
        code = main(["verify", *map(str, argv)])
    except SystemExit as exc:  # argparse's usage errors
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


def test_user_claims_are_added_to_the_builtin_ones_or_run_alone(tmp_path, capsys):
    write(tmp_path / "good.py", GOOD)
    code, out, _ = verify(capsys, tmp_path, "--list")
    ids = [line.split("\t")[0] for line in out.splitlines()]
    assert code == 0 and "f_beta.weight" in ids and ids[-1] == "good.f1_harmonic"
    code, out, _ = verify(capsys, tmp_path, "--no-builtin", "--jobs", "1")
    assert code == 0
    assert out.startswith("ok  good.f1_harmonic  proven   expected proven")
    assert "1 claims: 1 proven, 0 refuted, 0 unknown, 0 error; 1 as expected, 0 not" in out


def test_a_missed_verdict_exits_1_with_the_counterexample_on_its_line(tmp_path, capsys):
    write(tmp_path / "wrong.py", WRONG)
    code, out, _ = verify(capsys, "--no-builtin", tmp_path / "wrong.py", "--jobs", "1")
    assert code == 1
    (line,) = [line for line in out.splitlines() if line.startswith("BAD")]
    assert line.split()[1:4] == ["wrong.swap", "refuted", "expected"]
    found = SWAP_COUNTEREXAMPLE.search(line.partition("  counterexample: ")[2])
    assert found and found["P"] != found["R"] and line.endswith(found.group(0))
    assert "statement: P == R" in out and "not as expected: wrong.swap" in out


def test_builtin_subset_by_prefix_and_json_fields(capsys):
    code, out, _ = verify(capsys, "errata.g.rho0_continuity", "family.pythagorean.", "--json", "--jobs", "1")
    assert code == 0
    data = json.loads(out)
    assert [d["id"] for d in data] == ["family.pythagorean.arithmetic", "family.pythagorean.geometric",
                                       "family.pythagorean.harmonic", "errata.g.rho0_continuity"]
    for d in data:
        assert {"lhs", "rhs", "relation", "conditions", "source", "counterexample", "method", "steps",
                "proof_steps", "failed_step", "sentence"} <= set(d)
        assert d["steps"] and all({"position", "text", "kind", "relation", "status", "counterexample"} <= set(s)
                                  for s in d["steps"])
    refuted = data[-1]
    assert refuted["status"] == refuted["expected"] == "refuted" and refuted["source"] == "seed 000"
    assert set(refuted["counterexample"]) == {"P", "R", "beta"}
    assert refuted["variables"] == {"P": "positive", "R": "positive", "beta": "positive"}
    assert refuted["lhs"].startswith("Limit(") and refuted["relation"] == "=="
    harmonic = data[2]
    assert (harmonic["lhs"], harmonic["rhs"], harmonic["conditions"]) == (
        "(P**phi/2 + R**phi/2)**(1/phi)", "2*P*R/(P + R)", ["Eq(phi, -1)"])


def test_json_and_report_carry_the_engine_proof_steps_with_what_each_trusts():
    from symmetric.verify.claims import Claim, Result
    from symmetric.verify.claims.report import markdown_report
    from symmetric.verify.core.verdict import Verdict

    class ProofStep:  # the shape of the engine's steps (``Verdict.steps``)
        def __init__(self, strategy, statement, trusts):
            self.strategy, self.statement, self.trusts = strategy, statement, trusts

    verdict = Verdict("proven", "cancel")
    object.__setattr__(verdict, "steps", (ProofStep("cancel", "P - P == 0", ("sympy.cancel",)),))
    claim = Claim("a.b", "A claim.", 1, 1)
    result = Result(claim, "proven", 0.1, verdict)
    assert result.to_json()["proof_steps"] == [{"strategy": "cancel", "statement": "P - P == 0",
                                                "trusts": ["sympy.cancel"]}]
    proof = SimpleNamespace(title="T", origin="t.py", source="new", summary="", claims=[claim])
    assert "Proof steps:\n\n- cancel: `P - P == 0` (trusts sympy.cancel)\n" in markdown_report([proof], {"a.b": result})
    assert Result(Claim("a.b", "A claim.", 1, 1), "proven", 0.1, Verdict("proven", "cancel")).to_json()["proof_steps"] == []


@pytest.mark.parametrize("argv, option", [
    (["--timeout", "-1"], "--timeout"), (["--timeout", "nan"], "--timeout"), (["--timeout", "inf"], "--timeout"),
    (["--jobs", "-3"], "--jobs"), (["--jobs", "0"], "--jobs"), (["--jobs", "two"], "--jobs"),
    (["--report", "/nonexistent/dir/r.md"], "--report"), (["--junit", "/nonexistent/dir/r.xml"], "--junit"),
])
def test_bad_options_exit_2_naming_the_option_before_any_work(argv, option, capsys, monkeypatch):
    import symmetric.verify.claims.runner as runner

    monkeypatch.setattr(runner, "run_claims", lambda *a, **k: pytest.fail("claims ran despite a bad option"))
    code, out, err = verify(capsys, *argv)
    assert code == 2 and out == ""
    assert f"argument {option}: " in err and "Traceback" not in err


def test_an_output_path_that_is_a_folder_is_refused(tmp_path, capsys):
    code, _, err = verify(capsys, "--report", tmp_path)
    assert code == 2 and "is a folder" in err


@pytest.mark.parametrize("case", ["missing", "empty folder", "no proof", "no builtin, no path", "failing script",
                                  "unknown id", "report with ids", "no claims"])
def test_usage_errors_exit_2_with_a_message(case, tmp_path, capsys):
    (tmp_path / "empty").mkdir()
    write(tmp_path / "plain.py", "x = 1\n")
    write(tmp_path / "broken.py", "from symmetric.verify import Proof\nproof = Proof('broken')\nundefined_name\n")
    write(tmp_path / "none" / "claimless.py", "from symmetric.verify import Proof\nproof = Proof('claimless')\n")
    argv, expected = {
        "missing": ([tmp_path / "nothing_here"], "nothing_here: no such file or folder"),
        "empty folder": ([tmp_path / "empty"], f"{tmp_path / 'empty'}: a folder with no proof scripts (*.py files"),
        "no proof": (["--no-builtin", tmp_path / "plain.py"], "create a symmetric.verify.Proof (this one creates none). "
                                                                f"Got '{tmp_path / 'plain.py'}'"),
        "no builtin, no path": (["--no-builtin"], "--no-builtin checks only the claims of the PATHs given"),
        "failing script": ([tmp_path / "broken.py"], "NameError at line 3: name 'undefined_name' is not defined"),
        "unknown id": (["no.such_claim"], "'no.such_claim' is neither a file or folder nor the id"),
        "report with ids": (["--report", tmp_path / "r.md", "f_beta."], "--report covers every claim"),
        "no claims": ([tmp_path / "none"], "no claims found"),
    }[case]
    code, out, err = verify(capsys, *argv)
    assert code == 2 and out == ""
    assert expected in err
    assert "'sources' parameter" not in err  # the Python parameter is not what a command-line user typed


def test_every_proof_a_script_creates_is_found_and_same_file_names_do_not_collide(tmp_path, capsys):
    write(tmp_path / "a" / "claims.py", GOOD, name="first", proof="first", prefix="a")
    write(tmp_path / "b" / "claims.py", GOOD + GOOD.replace("{name}", "{name}_too").replace('"{proof}"', '"two"')
          .replace("{prefix}.", "{prefix}.two."), name="second", proof="second", prefix="b")
    code, out, _ = verify(capsys, "--no-builtin", tmp_path / "a", tmp_path / "b", "--list")
    assert code == 0
    assert [line.split("\t")[0] for line in out.splitlines()] == ["a.f1_harmonic", "b.f1_harmonic", "b.two.f1_harmonic"]


def test_a_duplicate_id_names_both_places(tmp_path, capsys):
    first = write(tmp_path / "a" / "claims.py", GOOD)
    second = write(tmp_path / "b" / "claims.py", GOOD)
    code, _, err = verify(capsys, "--no-builtin", first, second)
    assert code == 2 and f"'good.f1_harmonic' is defined both in {first} (proof 'good') and in {second}" in err


def test_a_changed_definition_is_checked_again_in_the_same_process(tmp_path, capsys):
    script = write(tmp_path / "mine.py", GOOD)
    assert verify(capsys, "--no-builtin", script)[0] == 0
    script.write_text(script.read_text().replace("f_beta(beta=1)", "f_beta(beta=2)"))
    code, out, _ = verify(capsys, "--no-builtin", script)
    assert code == 1 and "BAD good.f1_harmonic" in out


def test_report_names_the_command_given_and_junit_has_the_expected_shape(tmp_path, capsys):
    write(tmp_path / "claims" / "good.py", GOOD)
    write(tmp_path / "claims" / "wrong.py", WRONG)
    report, junit = tmp_path / "out" / "report.md", tmp_path / "out" / "junit.xml"
    report.parent.mkdir()
    code, _, _ = verify(capsys, tmp_path / "claims", "--no-builtin", "--report", report, "--junit", junit)
    assert code == 1
    text = report.read_text()
    assert text.startswith(f"# Derivations\n\nGenerated by `symmetric verify {tmp_path / 'claims'} --no-builtin "
                           f"--report {report}`")
    assert "### `good.f1_harmonic`" in text and "**proven**" in text
    assert SWAP_COUNTEREXAMPLE.search(text.partition("- Counterexample: ")[2].splitlines()[0])
    root = ElementTree.parse(junit).getroot()
    assert root.tag == "testsuites"
    (suite,) = root
    assert suite.tag == "testsuite" and (suite.get("tests"), suite.get("failures"), suite.get("errors")) == ("2", "1", "0")
    cases = {case.get("name"): case for case in suite}
    assert set(cases) == {"good.f1_harmonic", "wrong.swap"} and all(c.tag == "testcase" for c in suite)
    assert list(cases["good.f1_harmonic"]) == []
    (failure,) = cases["wrong.swap"]
    assert failure.tag == "failure" and SWAP_COUNTEREXAMPLE.search(failure.get("message").partition("counterexample ")[2])
    assert "statement: P == R" in failure.text and cases["wrong.swap"].get("classname") == "wrong"


def test_json_list_prints_the_claims_as_data(tmp_path, capsys):
    write(tmp_path / "good.py", GOOD)
    code, out, _ = verify(capsys, "--no-builtin", tmp_path, "--list", "--json")
    assert code == 0
    (claim,) = json.loads(out)
    assert claim["id"] == "good.f1_harmonic" and claim["lhs"] == "2*P*R/(P + R)" and claim["rhs"] == "2/(1/R + 1/P)"
    (step,) = claim["derivation"]
    assert (step["text"], step["expr"], step["kind"], step["problem"]) == ("F1", "2*P*R/(P + R)", "definition", None)


class _Terminal(io.StringIO):
    def isatty(self):
        return True


@pytest.mark.parametrize("tty", [True, False])
def test_progress_is_shown_on_a_terminal_only(tty, tmp_path, capsys, monkeypatch):
    write(tmp_path / "good.py", GOOD)
    write(tmp_path / "wrong.py", WRONG)
    stderr = _Terminal() if tty else io.StringIO()
    monkeypatch.setattr(sys, "stderr", stderr)
    code, out, _ = verify(capsys, "--no-builtin", tmp_path, "--jobs", "1")
    assert code == 1 and "\x1b" not in out
    progress = stderr.getvalue()
    if tty:
        assert "[0/2]" in progress and "[1/2]" in progress and progress.endswith("\r\x1b[K")
    else:
        assert progress == ""


def test_claims_shipped_by_an_installed_package_run_unless_no_builtin(tmp_path, capsys, monkeypatch):
    package = "symmetric_test_shipped_claims"
    write(tmp_path / f"{package}.py", GOOD, prefix="shipped")
    info = tmp_path / f"{package}-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {package}\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(f"[symmetric.claims]\nshipped = {package}\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, package, raising=False)
    try:
        code, out, _ = verify(capsys, "shipped.", "--jobs", "1")
        assert code == 0 and out.startswith("ok  shipped.f1_harmonic  proven")
        write(tmp_path / "mine.py", WRONG)
        code, out, _ = verify(capsys, "--no-builtin", tmp_path / "mine.py", "--list")
        assert out.split() == ["wrong.swap", "proven", "new"]
    finally:
        sys.modules.pop(package, None)


def test_help_and_version(capsys):
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0 and capsys.readouterr().out.startswith("symmetric ")
    with pytest.raises(SystemExit) as info:
        main(["verify", "--help"])
    out = capsys.readouterr().out
    assert info.value.code == 0 and "usage: symmetric verify [PATH ...] [ID ...]" in out and "--no-builtin" in out
    assert main([]) == 2


def test_subprocess_smoke(tmp_path):
    write(tmp_path / "wrong.py", WRONG)
    done = subprocess.run([sys.executable, "-m", "symmetric", "verify", "--no-builtin", "wrong.py"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 1, done.stderr
    assert "BAD wrong.swap" in done.stdout and SWAP_COUNTEREXAMPLE.search(done.stdout.partition("counterexample: ")[2])


@pytest.mark.parametrize("n, jobs", [(1, 2), (7, 2), (260, 2), (100, 4)])
def test_dispatch_chunks_cover_the_order_once_and_end_in_single_claims(n, jobs):
    from symmetric.verify.claims.runner import dispatch_chunks

    order = list(range(n))[::-1]
    chunks = dispatch_chunks(order, jobs)
    assert [i for chunk in chunks for i in chunk] == order
    assert all(1 <= len(chunk) <= 8 for chunk in chunks)
    assert [len(chunk) for chunk in chunks] == sorted((len(chunk) for chunk in chunks), reverse=True)
    assert all(len(chunk) == 1 for chunk in chunks[-min(n, 4 * jobs):])


def test_a_claim_stated_here_shows_no_source_tag_and_a_cited_one_shows_its_source(tmp_path, capsys):
    write(tmp_path / "wrong.py", WRONG)   # a claim without a source: "new", stated by its author
    code, out, _ = verify(capsys, "--no-builtin", tmp_path, "--jobs", "1")
    assert code == 1 and "claim wrong.swap: P equals R." in out and "[new]" not in out
    write(tmp_path / "wrong.py", WRONG.replace('Proof("wrong", "A wrong derivation")',
                                               'Proof("wrong", "A wrong derivation", source="seed 002")'))
    code, out, _ = verify(capsys, "--no-builtin", tmp_path, "--jobs", "1")
    assert code == 1 and "claim wrong.swap [seed 002]: P equals R." in out
