"""Claims and their results as records: data that can be listed, filtered, serialised and checked.

:mod:`symmetric.verify.claims` builds them from derivations; any code may
build a :class:`Claim` directly.
"""

from __future__ import annotations

import math
import re
import time
import traceback
from dataclasses import dataclass, field

import sympy

from ..._constraints import Interval, Options, Predicate, declare
from ..._validation import InvalidParameterError
from ..core.statement import RELATIONS, Statement
from ..core.verdict import STATUSES, Verdict
from ..engine import check
from ..strategies.registry import BY
from .derivation import Step
from .report import plain, printing_once, proof_step_data, step_data

__all__ = ["Claim", "Result", "Step", "DEFAULT_TIMEOUT", "CLAIM_OPTIONS"]

_ID = re.compile(r"^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$")

#: Seconds a claim's derivation, and then its check, may take unless it says otherwise.
DEFAULT_TIMEOUT = 30.0

#: What a claim's id, expected verdict and timeout may be: declared by :class:`Claim` and :meth:`Proof.claim`.
CLAIM_OPTIONS = {
    "id": Predicate(
        "dotted lowercase words such as 'g.break_even'",
        lambda v: isinstance(v, str) and _ID.match(v) is not None,
        invalid=("F1", "f1", 3, None),
    ),
    "expected": Options(STATUSES, allowed=f"one of {list(STATUSES)}", invalid=("proved", None)),
    "timeout": Interval(float, 0, math.inf, closed="neither", allowed="a positive number of seconds"),
    "by": BY,
}


@declare(**CLAIM_OPTIONS)
@dataclass(frozen=True)
class Claim:
    """A checked statement with a stable id, a sentence and the verdict it should get.

    A claim is data: building it ran its derivation, and nothing here runs
    SymPy again until :meth:`run` checks it. Claims are usually made by the
    :meth:`Proof.claim` decorator, but any code can build one.

    Parameters
    ----------
    id : str
        Dotted lowercase words, unique among all claims (``"f_beta.weight"``).
    sentence : str
        What the claim says, for people (Markdown with ``$...$`` maths).
    lhs, rhs : SymPy expressions or numbers
        The two sides of the checked statement. Text is refused.
    relation : {"==", "<", "<=", ">", ">="}, default "=="
    conditions : tuple of SymPy relations
        Conditions narrowing the domain, which the symbols' assumptions define.
    source : str
        Where the statement comes from (``"seed 002"``, a paper, ``"new"``).
    expected : {"proven", "refuted", "unknown"}, default "proven"
        The verdict the claim should get; a claim that misses it fails.
    steps : tuple of Step
        The recorded derivation.
    timeout : float
        Seconds for the check (and, for a decorated claim, for its derivation).
    proof, origin : str
        The name of the :class:`Proof` holding the claim and where it was
        defined (a file or a module), to name both places of a duplicate id.
    error : str
        Why the derivation produced no statement (then ``lhs`` and ``rhs`` are
        None); ``timed_out`` tells a derivation that ran out of time.
    by : str, optional
        The strategy (direct, or a prover) the author expects to prove the statement, tried
        first (``by`` of :func:`~symmetric.verify.check`): it makes the check
        faster, never different in what it can prove.

    Examples
    --------
    >>> from symmetric import P, R, f_beta
    >>> claim = Claim("mine.f1_harmonic", "F1 is the harmonic mean of P and R.",
    ...               f_beta(beta=1), 2 / (1 / P + 1 / R))
    >>> claim.statement
    Statement(2*P*R/(P + R) == 2/(1/R + 1/P))
    >>> data = claim.to_dict()                  # JSON-ready, no SymPy work
    >>> data["lhs"], data["relation"], data["rhs"], data["expected"]
    ('2*P*R/(P + R)', '==', '2/(1/R + 1/P)', 'proven')
    >>> claim.run().status
    'proven'
    >>> Claim("F1", "A bad id.", P, P)
    Traceback (most recent call last):
        ...
    symmetric.InvalidParameterError: The 'id' parameter of Claim must be dotted lowercase words such as 'g.break_even'. Got 'F1' instead.
    """

    id: str
    sentence: str
    lhs: sympy.Expr | None
    rhs: sympy.Expr | None
    relation: str = "=="
    conditions: tuple = ()
    source: str = "new"
    expected: str = "proven"
    steps: tuple = ()
    timeout: float = DEFAULT_TIMEOUT
    proof: str = ""
    origin: str = ""
    error: str = ""
    timed_out: bool = False
    by: str | None = None

    def __post_init__(self):
        if not isinstance(self.sentence, str):
            raise InvalidParameterError.of("sentence", "Claim", "a string", self.sentence)
        if self.lhs is None and self.rhs is None:
            if not self.error:
                raise InvalidParameterError.of("lhs", "Claim", "given unless the claim records an error", None)
            if self.relation not in RELATIONS:
                raise InvalidParameterError.of("relation", "Claim", f"one of {list(RELATIONS)}", self.relation)
            return
        st = Statement.of(self.lhs, self.rhs, relation=self.relation, conditions=self.conditions)
        for name in ("lhs", "rhs", "conditions"):
            object.__setattr__(self, name, getattr(st, name))
        object.__setattr__(self, "steps", tuple(self.steps))

    @property
    def statement(self) -> Statement | None:
        """The checked statement, or None when the derivation failed."""
        if self.lhs is None:
            return None
        return Statement(self.lhs, self.rhs, self.relation, self.conditions)

    def to_dict(self) -> dict:
        """The claim as JSON-ready data (expressions in SymPy's string form)."""
        with printing_once():
            return {**self._statement_data(), "derivation": [s.to_dict() for s in self.steps]}

    def _statement_data(self) -> dict:
        return {
            "id": self.id,
            "sentence": self.sentence,
            "lhs": None if self.lhs is None else plain(self.lhs),
            "relation": self.relation,
            "rhs": None if self.rhs is None else plain(self.rhs),
            "conditions": [plain(c) for c in self.conditions],
            "source": self.source,
            "expected": self.expected,
            "proof": self.proof,
            "origin": self.origin,
            "error": self.error or None,
            "by": self.by,
        }

    def run(self, *, timeout: float | None = None) -> Result:
        """Check every checked step of the derivation, then the statement, each within ``timeout`` seconds.

        The default budget is the claim's own. The claim is proven only when
        every checked step and the statement are; a refuted step makes the
        claim fail (whatever it is expected to get), named in the result
        (:attr:`Result.failed_step`) with its counterexample.
        """
        budget = self.timeout if timeout is None else timeout
        if self.lhs is None:
            return Result(self, "unknown" if self.timed_out else "error", 0.0, error=self.error)
        start = time.perf_counter()
        try:
            step_verdicts = tuple(self._check_step(s, budget) if s.checked else None for s in self.steps)
            verdict = check(
                self.lhs, self.rhs, relation=self.relation, conditions=self.conditions, timeout=budget, by=self.by
            )
        except Exception:  # InconsistentVerdictError (an AssertionError) included: the result records it
            return Result(self, "error", time.perf_counter() - start, error=traceback.format_exc(limit=-3))
        checked = [v.status for v in step_verdicts if v is not None]
        status = verdict.status
        if "refuted" in checked:
            status = "refuted"
        elif any(s != "proven" for s in checked):
            status = "unknown"
        return Result(self, status, time.perf_counter() - start, verdict, step_verdicts=step_verdicts)

    def _check_step(self, step: Step, budget: float) -> Verdict:
        """The verdict of a checked step: its first refuted statement, else its first undecided one, else the last."""
        verdicts = [
            check(lhs, rhs, relation=relation, conditions=self.conditions, timeout=budget)
            for lhs, relation, rhs in step.checks
        ]
        for status in ("refuted", "unknown"):
            for v in verdicts:
                if v.status == status:
                    return v
        return verdicts[-1]


def _statement_text(data: dict) -> str:
    """``str(Statement)`` from a claim's printed sides and conditions (:meth:`Claim._statement_data`)."""
    text = f"{data['lhs']} {data['relation']} {data['rhs']}"
    if data["conditions"]:
        text += " if " + " and ".join(data["conditions"])
    return text


@dataclass(frozen=True)
class Result:
    """The outcome of checking one claim."""

    claim: Claim
    status: str
    seconds: float
    verdict: Verdict | None = None
    error: str = ""
    #: One entry per step of the derivation: the verdict of a checked step, None for the others.
    step_verdicts: tuple = ()
    #: Whether the result was read from a verdict cache (:mod:`symmetric.verify.claims.cache`) instead of checked.
    cached: bool = False
    # What to_json() gave where the result was made (a worker process, the cache), where SymPy had printed these
    # expressions before; set by with_data() only, so that dataclasses.replace() (a changed result) drops it.
    _data: dict | None = field(default=None, init=False, repr=False, compare=False)

    def with_data(self, data: dict | None) -> Result:
        """This result, its :meth:`to_json` read from ``data`` (what ``to_json`` gave for it elsewhere)."""
        if data is not None:
            object.__setattr__(self, "_data", data)
        return self

    @property
    def ok(self) -> bool:
        """Whether the claim got its expected verdict, every checked step of its derivation proven or not refuted."""
        return self.status == self.claim.expected and self.failed_step is None

    @property
    def certificates(self) -> tuple:
        """The kernel checks that re-checked this claim's proof (its statement's and every checked step's
        certificate kind), empty unless every one of them carries a certificate the kernel accepted."""
        verdicts = [v for v in self.step_verdicts if v is not None] + [self.verdict]
        if self.status != "proven" or not all(v is not None and v.certificate is not None for v in verdicts):
            return ()
        return tuple(dict.fromkeys(v.certificate.kind for v in verdicts))

    @property
    def failed_step(self):
        """``(position, step, verdict)`` of the first refuted step (positions from 1), or None."""
        for i, (step, v) in enumerate(zip(self.claim.steps, self.step_verdicts), 1):
            if v is not None and v.refuted:
                return i, step, v
        return None

    def step_status(self, index: int) -> str:
        """The status of step ``index`` (from 0): a checked step's verdict, else what the step is (given, trusted)."""
        v = self.step_verdicts[index] if index < len(self.step_verdicts) else None
        if v is not None:
            return v.status
        step = self.claim.steps[index]
        if step.checked:
            return "not checked"
        return {"operation": "trusted", "citation": "trusted", "note": "note"}.get(step.kind, "given")

    @property
    def statement(self) -> Statement | None:
        return self.claim.statement

    @property
    def steps(self) -> tuple:
        return self.claim.steps

    @property
    def method(self) -> str:
        failed = self.failed_step
        if failed is not None:
            return f"step {failed[0]} refuted ({failed[2].method})"
        if self.verdict is not None:
            undecided = [i for i, v in enumerate(self.step_verdicts, 1) if v is not None and not v.proven]
            if undecided and self.verdict.status != self.status:
                return f"step {undecided[0]} {self.step_verdicts[undecided[0] - 1].status}; statement {self.verdict.method}"
            return self.verdict.method
        return "derivation timed out" if self.claim.timed_out else "error"

    @property
    def counterexample_text(self) -> str:
        """``"P = 1/2, R = 2"`` for a refutation (of the first refuted step, if one is), else empty."""
        failed = self.failed_step
        verdict = failed[2] if failed is not None else self.verdict
        if verdict is None or not verdict.refuted:
            return ""
        return verdict.counterexample_text() or "(no free variables)"

    @property
    def variables(self) -> dict:
        """Free variables of the checked statement with the assumption that defines their domain."""
        if self.statement is None:
            return {}
        out = {}
        for s in sorted(self.statement.free_symbols, key=lambda s: s.name):
            out[s.name] = (
                "positive"
                if s.is_positive
                else "nonnegative"
                if s.is_nonnegative
                else "integer"
                if s.is_integer
                else "real"
                if s.is_real
                else "complex"
            )
        return out

    def to_json(self) -> dict:
        """The claim, its verdict and the numeric evidence as JSON-ready data."""
        if self._data is not None:
            return {**self._data, "seconds": round(self.seconds, 3), "cached": self.cached}
        with printing_once():
            return self._json()

    def _json(self) -> dict:
        v = self.verdict
        failed = self.failed_step
        claim = self.claim._statement_data()
        return {
            "id": self.claim.id,
            "status": self.status,
            "expected": self.claim.expected,
            "ok": self.ok,
            "method": self.method,
            "seconds": round(self.seconds, 3),
            "source": self.claim.source,
            "sentence": self.claim.sentence,
            # str(self.statement), from the sides printed once for "lhs" and "rhs" (tests compare the two)
            "statement": _statement_text(claim) if self.statement is not None else None,
            "lhs": claim["lhs"],
            "relation": claim["relation"],
            "rhs": claim["rhs"],
            "conditions": claim["conditions"],
            "variables": self.variables,
            # Of the first refuted step when one is, else of the statement.
            "counterexample": {str(k): plain(x) for k, x in (failed[2] if failed else v).counterexample.items()}
            if v
            else {},
            "detail": v.detail if v else "",
            "steps": [step_data(self, i) for i in range(len(self.claim.steps))],
            "failed_step": self.failed_step[0] if self.failed_step else None,
            "proof_steps": [proof_step_data(s) for s in getattr(v, "steps", ()) or ()],
            "numeric": (
                {
                    "agree": v.evidence.agree,
                    "disagree": v.evidence.disagree,
                    "inconclusive": v.evidence.inconclusive,
                    "undefined": v.evidence.undefined,
                    "dps": v.evidence.dps,
                }
                if v and v.evidence
                else None
            ),
            "proof": self.claim.proof,
            "origin": self.claim.origin,
            "certified": bool(self.certificates),
            "certificate": list(self.certificates) or None,
            "error": self.error or None,
            "cached": self.cached,
        }
