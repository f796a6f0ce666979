"""Code that mypy must refuse, line by line: tests/test_style.py runs mypy on it with the package.

Each line marked ``# mypy refuses`` must be reported, and no other line. Nothing here runs: the probes are
inside a function that is never called (pytest imports this module for its doctests only).
"""

from __future__ import annotations

from symmetric.verify.strategies import Strategy
from symmetric.verify.strategies.registry import EQUALITY, INEQUALITIES


def _strategy_kinds() -> None:
    """A strategy's ``run`` is checked against its kind's protocol (``DirectRun``, ``ProverRun``, ...)."""

    def direct(lhs: object, rhs: object, relation: str) -> bool:
        return lhs == rhs

    def not_a_verdict(lhs: object, rhs: object, relation: str) -> str:
        return "yes"

    def prover(statement: object, deadline: float) -> None:
        return None

    Strategy("direct", "an argument", "cheap", EQUALITY, direct)
    Strategy("prover", "an argument", "standard", INEQUALITIES, prover, kind="prover")
    Strategy("not a verdict", "an argument", "cheap", EQUALITY, not_a_verdict)  # mypy refuses
    Strategy("a prover as direct", "an argument", "cheap", EQUALITY, prover)  # mypy refuses
    Strategy("direct as a prover", "an argument", "standard", INEQUALITIES, direct, kind="prover")  # mypy refuses
