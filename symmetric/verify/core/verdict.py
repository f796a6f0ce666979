"""Verdicts: proven, refuted (with a counterexample) or unknown."""

from __future__ import annotations

from dataclasses import dataclass, field

import sympy

from .steps import ProofStep

__all__ = ["Verdict", "STATUSES", "InconsistentVerdictError", "NumericEvidence"]

#: The three possible outcomes of a check.
STATUSES = ("proven", "refuted", "unknown")


class InconsistentVerdictError(AssertionError):
    """A symbolic proof disagrees with high-precision numerics: a bug, never a verdict."""


@dataclass(frozen=True)
class NumericEvidence:
    """What high-precision sampling found: three-valued counts, and a counterexample if any."""

    dps: int
    agree: int = 0
    disagree: int = 0
    inconclusive: int = 0
    undefined: int = 0
    counterexample: dict | None = None
    values: tuple = ()
    notes: tuple = field(default=())

    @property
    def points(self) -> int:
        return self.agree + self.disagree + self.inconclusive + self.undefined

    def summary(self) -> str:
        return (
            f"{self.agree} agree, {self.disagree} disagree, {self.inconclusive} inconclusive, "
            f"{self.undefined} undefined at {self.dps} digits"
        )


@dataclass(frozen=True)
class Verdict:
    """The outcome of :func:`symmetric.verify.check`.

    Attributes
    ----------
    status : {"proven", "refuted", "unknown"}
    method : str
        The strategy that settled it (``"simplify"``, ``"limit"``,
        ``"cases rho = 0, generic: ...: cancel"``, ``"numeric counterexample"``),
        or why nothing did (``"undecided"``), in the user's symbols and short
        readable names (``t``, ``s``) for the variables a case split introduces.
    counterexample : dict
        Symbol to exact value where the statement fails; empty unless
        refuted, and empty too when the statement has no free symbols.
    seconds : float
        Wall-clock time spent.
    evidence : NumericEvidence
        The counts of the high-precision numeric check.
    detail : str
        A sentence for humans.
    steps : tuple of ProofStep
        The steps of the proof, each with what it trusts; empty unless proven.
    certificate : Certificate or None
        For a proof in the algebraic fragment, the certificate that the small
        kernel (:mod:`symmetric.verify.core.kernel`) re-checked with exact
        arithmetic; None otherwise.
    """

    status: str
    method: str
    counterexample: dict = field(default_factory=dict)
    seconds: float = 0.0
    evidence: NumericEvidence | None = None
    detail: str = ""
    steps: tuple[ProofStep, ...] = ()
    certificate: object = None

    def __post_init__(self) -> None:
        assert self.status in STATUSES, self.status
        assert self.status == "refuted" or not self.counterexample
        assert self.status == "proven" or not self.steps
        assert self.status == "proven" or self.certificate is None

    @property
    def proven(self) -> bool:
        return self.status == "proven"

    @property
    def refuted(self) -> bool:
        return self.status == "refuted"

    def counterexample_text(self) -> str:
        return ", ".join(
            f"{k} = {sympy.sstr(v)}" for k, v in sorted(self.counterexample.items(), key=lambda kv: str(kv[0]))
        )

    def __str__(self) -> str:
        text = f"{self.status} ({self.method}, {self.seconds:.2f} s)"
        if self.status == "refuted":
            text += f": fails at {self.counterexample_text() or 'the only point'}"
        if self.evidence is not None:
            text += f"; numeric: {self.evidence.summary()}"
        return text

    # --- display: IPython (one line), Jupyter (Markdown with LaTeX) ---

    def _repr_pretty_(self, printer, cycle) -> None:
        printer.text(str(self))

    def _repr_markdown_(self) -> str:
        text = f"**{self.status}** ({self.method}, {self.seconds:.2f} s)"
        if self.status == "refuted":
            point = ", ".join(
                f"{sympy.latex(k)} = {sympy.latex(v)}"
                for k, v in sorted(self.counterexample.items(), key=lambda kv: str(kv[0]))
            )
            text += f": fails at ${point}$" if point else ": fails at the only point"
        if self.evidence is not None:
            text += f"; numeric: {self.evidence.summary()}"
        return text
