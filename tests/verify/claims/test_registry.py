"""The registry checks something: no claim compares an expression with itself or states nothing.

A claim whose two sides are the same expression once built (SymPy evaluated
the derivation into the target) cannot fail, whatever the engine does; a
claim without free symbols whose sentence speaks of variables checks a
constant, not the sentence. Both are defects of the claim, not verdicts.
"""

import re

import pytest
import sympy

import symmetric.symbols
from symmetric.pytest_plugin import XDIST_GROUP
from symmetric.verify import Claim, load_claims
from symmetric.verify.claims.derivation import chain_problems
from symmetric.verify.claims.registry import definitions, load_proofs

# Claims known to compare an expression with itself, each an expected failure, strictly: fixing a claim makes its
# test pass unexpectedly, which fails until the id is removed here. Issue 9 emptied it; keep it empty.
KNOWN_TAUTOLOGIES: set[str] = set()

# The theory's symbols, as a sentence writes them: P, R, \beta, ..., TP, ...
_NAMES = {s.name: s for s in vars(symmetric.symbols).values() if isinstance(s, sympy.Symbol)}
_SPELLING = "|".join(sorted({re.escape("\\" + n if n.islower() and len(n) > 1 else n) for n in _NAMES},
                            key=len, reverse=True))
# A mention not pinned to a number ("rho = 0", "TP 90") speaks of the symbol as a variable.
_VARIABLE = re.compile(rf"(?<![A-Za-z\\])({_SPELLING})(?![A-Za-z])(?!\s*=?\s*-?\d)")


def defects(claim: Claim) -> list[str]:
    """Why a built claim cannot check what its sentence says (empty when it can)."""
    if claim.statement is None:
        return []
    out = []
    if claim.lhs == claim.rhs and not any(step.checked for step in claim.steps):  # a checked step can still fail
        out.append(f"both sides are {sympy.sstr(claim.lhs)} before any check")
    if not claim.statement.free_symbols:
        mentioned = sorted(set(_VARIABLE.findall(claim.sentence)))
        if mentioned:
            out.append(f"no free symbol, but the sentence speaks of {', '.join(mentioned)}")
    return out


def test_the_defect_rules_catch_both_kinds_and_spare_examples():
    from symmetric import P, R, beta

    assert defects(Claim("t.same", "P is P.", P + R, R + P)) == ["both sides are P + R before any check"]
    assert defects(Claim("t.const", r"For every $\beta$, $G$ is at most $\max(P, R)$.", 1, 2)) == [
        r"no free symbol, but the sentence speaks of P, R, \beta"]
    assert defects(Claim("t.example", r"At $\beta = 1$ and TP 90, FP 10, precision is 9/10.", 1, 2)) == []
    assert defects(Claim("t.prior", r"Precision at prevalence $\pi$ is constant.", 1, 2)) == [
        r"no free symbol, but the sentence speaks of \pi"]
    assert defects(Claim("t.fine", r"$F_\beta \le \max(P, R)$.", beta * P, R, relation="<=")) == []


def builtin_ids() -> list[str]:
    return [d.id for d in definitions(load_proofs())]


@pytest.fixture(scope="module")
def builtin_claims() -> dict:
    # Reuses the claims built for the session's claim items when they ran first (in this process).
    return {c.id: c for c in load_claims()}


def test_known_tautologies_are_registered_claims():
    assert KNOWN_TAUTOLOGIES <= set(builtin_ids())


# Under pytest-xdist (--dist loadgroup) these tests run in the worker that checks the claims, after them
# (proofs/ is collected before tests/): the derivations built there are reused, not run again in another worker.
@pytest.mark.slow
@pytest.mark.xdist_group(XDIST_GROUP)
@pytest.mark.parametrize("claim_id", [
    pytest.param(i, marks=pytest.mark.xfail(strict=True, reason="known tautology, issue 9")) if i in KNOWN_TAUTOLOGIES
    else i for i in builtin_ids()])
def test_claim_can_fail(claim_id, builtin_claims):
    claim = builtin_claims[claim_id]
    assert not claim.error, claim.error
    assert not defects(claim), f"{claim_id}: {'; '.join(defects(claim))}"
    # A chain from its definitions: no SymPy rewriting (simplify, cancel, solve, ...) enters it unchecked.
    assert not chain_problems(claim, builtin_claims), f"{claim_id}: {'; '.join(chain_problems(claim, builtin_claims))}"
