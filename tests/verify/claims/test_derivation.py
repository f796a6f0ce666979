"""Checked steps of proof scripts: a derivation is a chain, and a wrong step fails its claim by name."""

import json
import xml.etree.ElementTree as ET

import pytest
import sympy
from tests.claim_scripts import WRONG_STEP

from symmetric import InvalidParameterError, P, R, f_beta
from symmetric.cli import main
from symmetric.verify import Proof
from symmetric.verify.claims.derivation import Derivation, chain_problems
from symmetric.verify.claims.registry import load_claims
from symmetric.verify.claims.report import failure_text, junit_xml


def test_the_public_contract():
    import inspect

    import symmetric.verify

    assert symmetric.verify.Derivation is Derivation
    parameters = inspect.signature(symmetric.verify.Derivation.rewrite).parameters
    assert [(p.name, p.default) for p in parameters.values()][1:] == [
        ("text", inspect.Parameter.empty), ("expr", inspect.Parameter.empty), ("relation", "==")]


def test_rewrite_records_the_comparison_with_the_previous_step_and_returns_its_expression():
    d = Derivation()
    F = d.step("F1", f_beta(beta=1))
    assert d.rewrite("Harmonic", 2 / (1 / P + 1 / R)) == 2 / (1 / P + 1 / R)
    assert d.rewrite("Bound", sympy.Max(P, R), "<=") == sympy.Max(P, R)
    assert [s.checks for s in d.steps[1:]] == [((F, "==", 2 / (1 / P + 1 / R)),),
                                               ((2 / (1 / P + 1 / R), "<=", sympy.Max(P, R)),)]
    assert [s.kind for s in d.steps] == ["definition", "rewrite", "rewrite"]


@pytest.mark.parametrize("call, param", [
    (lambda d: d.rewrite("No previous step", P), "expr"),
    (lambda d: d.step("P", P) and d.rewrite("Text", "P + R"), "expr"),
    (lambda d: d.step("P", P) and d.rewrite("Bad relation", R, "=<"), "relation"),
])
def test_rewrite_refuses_what_it_cannot_check(call, param):
    with pytest.raises(InvalidParameterError, match=f"'{param}' parameter of Derivation.rewrite"):
        call(Derivation())


def _claim(derive, **kwargs):
    proof = Proof("steps_demo", "Demo")
    proof.claim("demo.claim", "A demo claim.", **kwargs)(derive)
    return proof.claims[0]


def wrong_middle_step(d):
    d.step("F1", f_beta(beta=1))
    d.rewrite("Divide by P R", 2 / (1 / R + 1 / P**2))
    return d.rewrite("The harmonic mean", 2 / (1 / P + 1 / R))


@pytest.mark.parametrize("expected", ["proven", "refuted"])
def test_a_wrong_middle_step_fails_the_claim_with_its_position_and_counterexample(expected):
    result = _claim(wrong_middle_step, target=2 / (1 / P + 1 / R), expected=expected).run()
    # The last line matches the target (the final comparison alone is proven), but step 2 is wrong:
    assert result.verdict.proven and result.status == "refuted" and not result.ok
    position, step, verdict = result.failed_step
    assert (position, step.text) == (2, "Divide by P R") and verdict.refuted
    text = failure_text(result)
    assert "wrong step 2 of 3 ('Divide by P R'): refuted" in text
    assert f"counterexample {verdict.counterexample_text()}" in text and "P = " in verdict.counterexample_text()
    data = result.to_json()
    assert data["failed_step"] == 2 and result.method.startswith("step 2 refuted")
    assert data["counterexample"] == data["steps"][1]["counterexample"]
    assert "the statement itself: proven by" in text
    assert [s["status"] for s in data["steps"]] == ["given", "refuted", "refuted"]
    assert set(data["steps"][1]["counterexample"]) == {"P", "R"} and data["steps"][0]["counterexample"] is None


def test_a_claim_is_proven_only_when_every_checked_step_is():
    def derive(d):
        F = d.step("F1", f_beta(beta=1))
        return d.rewrite("Cancel", sympy.cancel(F))

    proven = _claim(derive, target=2 * P * R / (P + R)).run()
    assert proven.status == "proven" and proven.ok and proven.step_status(1) == "proven"
    undecided = _claim(derive, target=2 * P * R / (P + R)).run  # a budget too small for the step
    assert undecided(timeout=1e-9).status in {"unknown", "proven"}


def test_solve_checks_each_solution_by_substituting_it_back():
    alpha = sympy.Symbol("alpha", positive=True)

    def derive(d):
        H = d.step("H", 1 / (alpha / P + (1 - alpha) / R))
        on_line = d.substitute("At R = P", d.differentiate("dH/dR", H, R), {R: P})
        d.solve("alpha", sympy.Eq(on_line, sympy.Rational(1, 2)), alpha)
        return on_line

    claim = _claim(derive, target=1 - alpha, conditions=(alpha < 1,))
    (solve,) = [s for s in claim.steps if s.checks]
    assert solve.expr == [sympy.Rational(1, 2)] and solve.trusts.startswith("SymPy solve")
    assert solve.checks == ((sympy.Rational(1, 2), "==", sympy.Rational(1, 2)),)
    assert not chain_problems(claim)
    assert claim.run().status == "proven"


def unchecked_simplify(d):
    G = d.step("F1", f_beta(beta=1))
    return d.step("Simplified", sympy.simplify(2 / (1 / P + 1 / R) + 0 * G))


def simplify_then_rewrite(d):
    F = d.step("F1", f_beta(beta=1))
    return d.rewrite("Simplified", sympy.simplify(F))


def definition_after_operation(d):
    F = d.step("F1", f_beta(beta=1))
    d.differentiate("dF/dP", F, P)
    return d.step("Typed by hand", 2 / (1 / P + 1 / R))


def operation_on_typed_input(d):
    d.step("F1", f_beta(beta=1))
    return d.substitute("At R = P", 2 * P * R / (P + R) ** 2, {R: P})


def diff_inside_a_step(d):
    F = d.step("F1", f_beta(beta=1))
    return d.step("dF/dP", sympy.diff(F, P))


def diff_hidden_by_arithmetic(d):
    # exp(a) * exp(b) is exp(a + b): neither derivative is a subexpression of the step
    d.step("F1", f_beta(beta=1))
    return d.step("dE/dP dE/dR", sympy.diff(sympy.exp(P**2), P) * sympy.diff(sympy.exp(R**2), R))


def derived_side_not_a_step(d):
    F = d.step("F1", f_beta(beta=1))
    return F * P / R  # hand algebra after the last step


@pytest.mark.parametrize("derive, problem", [
    (unchecked_simplify, "uses the result of sympy simplify, which no rewrite step checked"),
    (simplify_then_rewrite, None),
    (definition_after_operation, "a definition after the derivation started"),
    (operation_on_typed_input, "its input is not the expression of an earlier step"),
    (diff_inside_a_step, "uses sympy diff outside the derivation's operations: record it with d.differentiate"),
    (derived_side_not_a_step, "the derived side is not the last step's expression"),
    (diff_hidden_by_arithmetic, "follows a call of sympy diff outside the derivation's operations"),
])
def test_the_chain_rule_finds_statements_that_came_from_unchecked_rewriting(derive, problem):
    problems = chain_problems(_claim(derive, target=2 / (1 / P + 1 / R)))
    assert (problem is None and not problems) or (problem is not None and any(problem in p for p in problems)), problems


def test_a_citation_must_name_a_proven_equation_under_the_claims_conditions():
    slope = sympy.Symbol("S")
    proof = Proof("cite_demo", "Demo")
    proof.claim("cite.source", "F1 is 2PR/(P + R) for P < R.", conditions=(P < R,), target=2 * P * R / (P + R))(
        lambda d: d.step("F1", f_beta(beta=1)))
    proof.claim("cite.user", "Uses it without the condition.", target=2 * P * R / (P + R))(
        lambda d: d.cite("F1", 2 * P * R / (P + R), claim="cite.source"))
    proof.claim("cite.missing", "Cites nothing known.", target=slope)(lambda d: d.cite("S", slope, claim="cite.nowhere"))
    claims = {c.id: c for c in proof.claims}
    assert chain_problems(claims["cite.user"], claims) == [
        "step 1 cites 'cite.source' under conditions the claim does not state: P < R"]
    assert "not a loaded claim" in chain_problems(claims["cite.missing"], claims)[0]
    assert chain_problems(claims["cite.user"]) == []  # without the registry only the chain itself is checked


@pytest.fixture
def wrong_step_script(tmp_path):
    (tmp_path / "team.py").write_text(WRONG_STEP)
    return tmp_path / "team.py"


def test_verify_names_the_wrong_step_in_text_json_and_junit(wrong_step_script, tmp_path, capsys):
    junit = tmp_path / "out.xml"
    assert main(["verify", "--no-builtin", str(wrong_step_script), "--jobs", "1", "--junit", str(junit)]) == 1
    out = capsys.readouterr().out
    assert "BAD team.f1" in out and "wrong step 2 of 3 ('Divide by P R'): refuted" in out
    (case,) = ET.parse(junit).getroot().iter("testcase")
    (failure,) = case
    assert "wrong step 2 of 3 ('Divide by P R'): refuted" in failure.get("message")
    assert "counterexample P = " in failure.get("message")
    assert main(["verify", "--no-builtin", str(wrong_step_script), "--jobs", "1", "--json"]) == 1
    (data,) = json.loads(capsys.readouterr().out)
    assert data["failed_step"] == 2 and data["steps"][1]["status"] == "refuted"
    assert data["steps"][1]["text"] == "Divide by P R" and data["steps"][1]["relation"] == "=="
    assert set(data["steps"][1]["counterexample"]) == {"P", "R"}
    (claim,) = load_claims(wrong_step_script)
    assert "wrong step 2 of 3" in junit_xml([claim.run()])


def test_the_pytest_item_of_a_wrong_step_names_it(pytester):
    pytester.mkdir("claims")
    (pytester.path / "claims" / "team.py").write_text(WRONG_STEP)
    pytester.makepyprojecttoml('[tool.pytest.ini_options]\nsymmetric_claims = ["claims"]\nsymmetric_jobs = "1"\n')
    result = pytester.runpytest_inprocess("-v")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["claims/team.py::team.f1 FAILED*",
                                 "*verdict: refuted by step 2 refuted*, expected proven",
                                 "*wrong step 2 of 3 ('Divide by P R'): refuted by *; counterexample P = *"])


def test_step_verdicts_come_back_from_worker_processes(wrong_step_script):
    from symmetric.verify.claims.registry import definitions, load_proofs
    from symmetric.verify.claims.runner import run_claims

    items = definitions(load_proofs(wrong_step_script, builtin=False)) * 2  # two items: the forked path
    results = list(run_claims(items, jobs=2))
    assert [r.failed_step[0] for r in results] == [2, 2]
    assert [r.step_status(1) for r in results] == ["refuted", "refuted"]
