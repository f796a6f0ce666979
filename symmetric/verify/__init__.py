"""Machine-checked mathematics: statements, verdicts, claims and proofs.

:func:`check` decides a single statement. A :class:`Claim` is a statement
with a stable id, a sentence, a source and an expected verdict, produced by
a derivation registered on a :class:`Proof`; :func:`load_claims` collects
them from proof scripts, folders and modules. ``symmetric verify PATH`` and
the pytest plugin (option ``--symmetric-claims``, ini ``symmetric_claims``)
check them in CI; see docs/ci.md.
"""

from .budget import BudgetExceeded, run_with_budget
from .claims import Claim, Proof, Result
from .engine import DOMAINS, check
from .registry import load_claims
from .statement import Statement
from .steps import ProofStep
from .verdict import STATUSES, InconsistentVerdictError, Verdict

__all__ = [
    "BudgetExceeded",
    "Claim",
    "DOMAINS",
    "InconsistentVerdictError",
    "Proof",
    "ProofStep",
    "Result",
    "STATUSES",
    "Statement",
    "Verdict",
    "check",
    "load_claims",
    "run_with_budget",
]
