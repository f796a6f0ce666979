"""Machine-checked mathematics: statements, verdicts, claims and proofs.

:func:`check` decides a single statement. A :class:`Claim` is a statement
with a stable id, a source and an expected verdict, produced by a derivation
in a proof script under ``proofs/``; :func:`load_claims` collects them for
``symmetric verify``.
"""

from .budget import BudgetExceeded, run_with_budget
from .engine import DOMAINS, check
from .statement import Statement
from .steps import ProofStep
from .verdict import STATUSES, InconsistentVerdictError, Verdict

__all__ = [
    "BudgetExceeded",
    "DOMAINS",
    "InconsistentVerdictError",
    "ProofStep",
    "STATUSES",
    "Statement",
    "Verdict",
    "check",
    "run_with_budget",
]
