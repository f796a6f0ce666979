"""Machine-checked mathematics: statements, verdicts, claims and proofs.

:func:`check` decides a single statement. A :class:`Claim` is a statement
with a stable id, a sentence, a source and an expected verdict, produced by
a derivation registered on a :class:`Proof`; :func:`load_claims` collects
them from proof scripts, folders and modules. ``symmetric verify PATH`` and
the pytest plugin (option ``--symmetric-claims``, ini ``symmetric_claims``)
check them in CI; see docs/ci.md.
"""

from .claims.derivation import Derivation
from .claims.proof import Claim, Proof, Result
from .claims.registry import load_claims
from .core.budget import BudgetExceeded, run_with_budget
from .core.statement import Statement
from .core.steps import ProofStep
from .core.sympy_signs import rigorous_numbers
from .core.verdict import STATUSES, InconsistentVerdictError, Verdict
from .engine import DOMAINS, check

__all__ = [
    "BudgetExceeded",
    "Claim",
    "DOMAINS",
    "Derivation",
    "InconsistentVerdictError",
    "Proof",
    "ProofStep",
    "Result",
    "STATUSES",
    "Statement",
    "Verdict",
    "check",
    "load_claims",
    "rigorous_numbers",
    "run_with_budget",
]
