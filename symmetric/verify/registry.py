"""Find the proof scripts and collect their claims.

The scripts live in ``proofs/`` at the top of a source checkout; a wheel
carries a copy as ``symmetric/_proofs``. ``SYMMETRIC_PROOFS`` or an explicit
directory overrides both.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

from .._validation import InvalidParameterError
from .claims import Claim, Proof

__all__ = ["proofs_directory", "load_proof_file", "load_proofs", "load_claims", "get_claim", "select_claims"]

_PACKAGE = Path(__file__).resolve().parent.parent
_loaded: dict[Path, Proof] = {}


def proofs_directory() -> Path:
    """The directory holding the proof scripts."""
    env = os.environ.get("SYMMETRIC_PROOFS")
    if env:
        return Path(env)
    for candidate in (_PACKAGE / "_proofs", _PACKAGE.parent / "proofs"):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError("no proofs directory found; set SYMMETRIC_PROOFS or pass --proofs")


def load_proof_file(path: str | Path) -> Proof | None:
    """The :class:`Proof` a script defines as ``proof`` (None if it defines none); loaded once."""
    path = Path(path).resolve()
    if path not in _loaded:
        name = f"symmetric_proofs.{path.stem}"
        spec = importlib.util.spec_from_file_location(name, path)
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
        proof = getattr(module, "proof", None)
        _loaded[path] = proof if isinstance(proof, Proof) else None
    return _loaded[path]


def load_proofs(directory: str | Path | None = None) -> list[Proof]:
    """Every :class:`Proof` defined by a script in ``directory``, by their ``order``, then name."""
    directory = Path(directory) if directory is not None else proofs_directory()
    proofs = []
    for path in sorted(directory.glob("*.py")):
        if path.name.startswith(("_", "conftest")):
            continue
        proof = load_proof_file(path)
        if proof is not None:
            proofs.append(proof)
    return sorted(proofs, key=lambda p: (p.order, p.name))


def load_claims(directory: str | Path | None = None) -> list[Claim]:
    """All claims, in proof and declaration order; ids are unique."""
    claims: list[Claim] = []
    seen: dict[str, str] = {}
    for proof in load_proofs(directory):
        for claim in proof.claims:
            if claim.id in seen:
                raise ValueError(f"claim id {claim.id!r} is defined in both {seen[claim.id]} and {proof.name}")
            seen[claim.id] = proof.name
            claims.append(claim)
    return claims


def get_claim(claim_id: str, directory: str | Path | None = None) -> Claim:
    """The claim with id ``claim_id``."""
    for claim in load_claims(directory):
        if claim.id == claim_id:
            return claim
    raise InvalidParameterError.of("claim_id", "get_claim", "the id of a registered claim", claim_id)


def select_claims(ids, directory: str | Path | None = None) -> list[Claim]:
    """The claims named by ``ids`` (exact ids, or prefixes ending in a dot), in registry order."""
    claims = load_claims(directory)
    if not ids:
        return claims
    known = {c.id for c in claims}
    for i in ids:
        if i not in known and not any(c.id.startswith(i.rstrip(".") + ".") for c in claims):
            raise InvalidParameterError.of("ids", "symmetric verify", "ids of registered claims", i)
    return [c for c in claims if c.id in ids or any(c.id.startswith(i.rstrip(".") + ".") for i in ids)]
