"""Shared test configuration.

* Every proof script under ``proofs/`` is collected as a file whose test items
  are its claims; each item passes when the claim gets its expected verdict.
  All claims run once per session, in parallel, and the results are shared
  (``claim_results`` fixture) with the tests that need them.
* mpmath's global precision is reset around every test.
"""

from __future__ import annotations

import linecache
from pathlib import Path

import mpmath
import pytest

_checkcache = linecache.checkcache


def _tolerant_checkcache(filename=None):
    """linecache.checkcache, minus a KeyError when a GC finalizer removes an entry mid-loop.

    SymPy's lambdify registers each generated function in linecache and removes it when the function is
    collected (weakref.finalize); CPython's checkcache is not safe against that (python/cpython#126775,
    fixed after 3.11). Every doctest calls it (pdb's reset), so the suite failed at random.
    """
    try:
        _checkcache(filename)
    except KeyError:
        pass


linecache.checkcache = _tolerant_checkcache

ROOT = Path(__file__).resolve().parent
PROOFS = ROOT / "proofs"
_results_key = pytest.StashKey[dict]()


@pytest.fixture(autouse=True)
def _reset_mpmath_precision():
    mpmath.mp.dps = 15
    yield
    mpmath.mp.dps = 15


def all_claim_results(config) -> dict:
    """Run every registered claim once per session; id -> Result."""
    if _results_key not in config.stash:
        from symmetric.verify.registry import load_claims
        from symmetric.verify.runner import default_jobs, run_claims

        claims = load_claims(PROOFS)
        config.stash[_results_key] = {r.claim.id: r for r in run_claims(claims, jobs=default_jobs())}
    return config.stash[_results_key]


@pytest.fixture(scope="session")
def claim_results(request) -> dict:
    return all_claim_results(request.config)


class ClaimItem(pytest.Item):
    def __init__(self, *, claim, **kwargs):
        super().__init__(**kwargs)
        self.claim = claim

    def runtest(self):
        result = all_claim_results(self.config)[self.claim.id]
        if not result.ok:
            raise AssertionError(
                f"{self.claim.id}: got {result.status} by {result.method}, expected {self.claim.expected}\n"
                f"{result.verdict}\n{result.error}"
            )

    def reportinfo(self):
        return self.path, None, f"claim {self.claim.id}"


class ProofFile(pytest.File):
    def collect(self):
        from symmetric.verify.registry import load_proof_file

        proof = load_proof_file(self.path)
        for claim in proof.claims if proof else ():
            yield ClaimItem.from_parent(self, name=claim.id, claim=claim)


def pytest_collect_file(file_path: Path, parent):
    if file_path.suffix == ".py" and file_path.parent == PROOFS and not file_path.name.startswith(("_", "conftest")):
        return ProofFile.from_parent(parent, path=file_path)
    return None
