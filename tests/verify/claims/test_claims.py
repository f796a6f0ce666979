"""The public claims API: Claim (data), Proof (the decorator) and load_claims."""

import pickle
import sys
import textwrap
import time

import pytest
import sympy

from symmetric import InvalidParameterError, P, R, beta, f_beta, rho
from symmetric.verify import Claim, Proof, Statement, load_claims
from symmetric.verify.claims.registry import load_proofs

def test_decorator_styles_give_the_same_claim_data():
    proof = Proof("styles")
    derived = 1 / (1 / (2 * P) + 1 / (2 * R))

    @proof.claim("styles.target", "F1 by target.", target=f_beta(beta=1))
    def _(d):
        return d.step("Harmonic mean", derived)

    @proof.claim("styles.pair", "F1 by pair.")
    def _(d):
        return d.step("Harmonic mean", derived), f_beta(beta=1)

    @proof.claim("styles.statement", "F1 by statement.")
    def _(d):
        return Statement.of(derived, f_beta(beta=1))

    @proof.claim("styles.triple", "F1 below the mean.", relation="<=")
    def _(d):
        return derived, "<=", (P + R) / 2

    @proof.claim("styles.pair_relation", "F1 below the mean.", relation="<=")
    def _(d):
        return derived, (P + R) / 2

    sides = {c.id: (c.lhs, c.relation, c.rhs) for c in proof.claims}
    assert sides["styles.target"] == sides["styles.pair"] == sides["styles.statement"] == (derived, "==", f_beta(beta=1))
    assert sides["styles.triple"] == sides["styles.pair_relation"] == (derived, "<=", (P + R) / 2)
    assert [c.steps[0].text for c in proof.claims[:2]] == ["Harmonic mean"] * 2
    assert {c.proof for c in proof.claims} == {"styles"} and proof.claims[0].origin == __file__


def test_claims_are_built_lazily_once_and_are_picklable_data():
    proof = Proof("lazy")
    calls = []

    @proof.claim("lazy.limit", "F-beta tends to R.", target=R)
    def _(d):
        calls.append(1)
        return sympy.Limit(f_beta(), beta, sympy.oo)

    assert proof.ids == ["lazy.limit"] and calls == []
    claim = proof.claims[0]
    assert proof.claims[0] is claim and calls == [1]
    copy = pickle.loads(pickle.dumps(claim))
    assert copy == claim and copy.statement == claim.statement
    assert claim.to_dict()["lhs"] == "Limit(P*R*(beta**2 + 1)/(P*beta**2 + R), beta, oo, dir='-')"


def test_a_failing_or_slow_derivation_gives_a_claim_that_fails_when_run():
    proof = Proof("failing")

    @proof.claim("failing.raises", "A derivation with a bug.")
    def _(d):
        return 1 / 0

    @proof.claim("failing.slow", "A derivation that does not finish.", timeout=0.05)
    def _(d):
        time.sleep(5)

    @proof.claim("failing.both_styles", "A target and a pair.", target=P)
    def _(d):
        return P, R

    raises, slow, both = proof.claims
    assert raises.statement is None and "ZeroDivisionError" in raises.error
    assert slow.timed_out and "did not finish within 0.05 s" in slow.error
    assert [(r.status, r.method, r.ok) for r in (raises.run(), slow.run())] == [("error", "error", False),
                                                                              ("unknown", "derivation timed out", False)]
    assert "returning only the derived side when target= is given" in both.error


@pytest.mark.parametrize("kwargs, param", [
    ({"id": "Bad Id"}, "id"), ({"expected": "true"}, "expected"), ({"timeout": 0}, "timeout"),
    ({"relation": "=<"}, "relation"), ({"target": "P"}, "lhs"), ({"conditions": ["rho < 0"]}, "conditions"),
])
def test_the_decorator_refuses_bad_options_when_declared(kwargs, param):
    proof = Proof("bad")
    options = {"id": "bad.claim", **kwargs}
    with pytest.raises(InvalidParameterError, match=f"'{param}' parameter of"):
        proof.claim(options.pop("id"), "A claim.", **options)


def test_ids_are_unique_within_a_proof_and_names_are_identifiers():
    proof = Proof("twice")
    proof.claim("twice.a", "A.")(lambda d: (P, P))
    with pytest.raises(InvalidParameterError, match="unique within the proof 'twice'"):
        proof.claim("twice.a", "A again.")
    with pytest.raises(InvalidParameterError, match="'name' parameter of Proof"):
        Proof("not a name")


def test_claim_records_refuse_text_and_keep_conditions():
    with pytest.raises(InvalidParameterError, match="'lhs' parameter"):
        Claim("a.b", "Text.", "P", 1)
    claim = Claim("a.b", "Conditions.", rho * P, 0, ">", conditions=[rho > 0])
    assert claim.conditions == (rho > 0,) and claim.run().status == "proven"


def test_load_claims_from_a_module_by_name_and_object(tmp_path, monkeypatch):
    package = tmp_path / "ourclaims"
    package.mkdir()
    (package / "__init__.py").write_text("from .first import ours\n")
    (package / "first.py").write_text(textwrap.dedent('''
        from symmetric import P, R
        from symmetric.verify import Proof
        ours = Proof("first")
        ours.claim("first.sum", "P + R is symmetric.", target=R + P)(lambda d: P + R)
    '''))
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        assert [c.id for c in load_claims("ourclaims")] == ["first.sum"]
        assert [c.id for c in load_claims(sys.modules["ourclaims.first"])] == ["first.sum"]
        with pytest.raises(InvalidParameterError, match="importable module names. Got 'ourclaims.missing'"):
            load_claims("ourclaims.missing")
    finally:
        for name in ("ourclaims", "ourclaims.first"):
            sys.modules.pop(name, None)


def test_a_script_sees_only_the_proofs_it_created(tmp_path):
    (tmp_path / "helper_proofs.py").write_text("from symmetric.verify import Proof\nshared = Proof('shared')\n")
    (tmp_path / "uses.py").write_text(textwrap.dedent('''
        import sys
        sys.path.insert(0, __file__.rsplit("/", 1)[0])
        from helper_proofs import shared
        from symmetric import P
        from symmetric.verify import Proof
        mine = [Proof("listed")]
        mine[0].claim("listed.p", "P is P.", target=P)(lambda d: P)
    '''))
    try:
        assert [p.name for p in load_proofs(tmp_path / "uses.py")] == ["listed"]
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop("helper_proofs", None)


def test_builtin_is_the_default_only_without_sources(tmp_path):
    (tmp_path / "one.py").write_text("from symmetric import P\nfrom symmetric.verify import Proof\n"
                                     "p = Proof('one')\np.claim('one.p', 'P.', target=P)(lambda d: P)\n")
    assert [p.name for p in load_proofs(tmp_path)] == ["one"]
    builtin = [p.name for p in load_proofs()]
    assert "f_beta_derivation" in builtin and [p.name for p in load_proofs(tmp_path, builtin=True)] == builtin + ["one"]


def test_a_step_that_divides_by_zero_is_an_error_named_as_such_and_the_report_reads_plainly():
    from symmetric.verify.claims.report import failure_text

    proof = Proof("undefined", "Steps with undefined values")

    @proof.claim("undefined.zoo", "P is P.", target=P)
    def _(d):
        return d.step("oops", P / 0)

    @proof.claim("undefined.nan", "P is P.", target=P)
    def _(d):
        return d.step("0/0 in a sum", P + sympy.nan)

    for claim in proof.claims:
        assert claim.statement is None
        assert "The 'expr' parameter of Derivation.step must be a defined expression" in claim.error
        assert "a division by zero?" in claim.error
    zoo = proof.claims[0]
    assert "step 'oops' evaluates to zoo or nan" in zoo.error and "Got zoo instead" in zoo.error
    text = failure_text(zoo.run())
    assert "verdict: error, expected proven" in text and "error by error" not in text


def test_a_claim_s_named_route_reaches_its_check_and_its_record():
    from symmetric.verify.strategies import search

    proof = Proof("named_route", "A claim that names its route")

    @proof.claim("named.route.derivative", "The derivative of P**rho in rho.", target=P**rho * sympy.log(P),
                 by="simplify")
    def _(d):
        return d.step("The derivative", sympy.Derivative(P**rho, rho))

    (claim,) = proof.claims
    assert claim.by == "simplify" and claim.to_dict()["by"] == "simplify"
    search._FAILED.clear()
    named = claim.run()
    search._FAILED.clear()
    plain = Claim(claim.id, claim.sentence, claim.lhs, claim.rhs).run()
    assert named.status == plain.status == "proven"
    assert named.verdict.method == plain.verdict.method == "simplify"
    assert named.verdict.steps == plain.verdict.steps
    with pytest.raises(InvalidParameterError, match="'by' parameter of Claim"):
        Claim("named.route.bad", "A bad route.", P, P, by="guess")
