"""One step of an exact argument, and what it trusts."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["ProofStep"]


@dataclass(frozen=True)
class ProofStep:
    """One step of a proof: the strategy, the statement it settled, and what it trusts."""

    strategy: str
    statement: str
    trusts: str
