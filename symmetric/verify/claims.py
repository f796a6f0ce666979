"""Claims as data, and the proofs that derive them.

A :class:`Claim` has a stable id, a sentence, a source (a seed document or
"new"), the verdict it is expected to get, optional conditions, and a
derivation: a function that computes the claimed result step by step
(derivatives, solutions, limits) and returns the statement to check, usually
``(derived, stated)``. A :class:`Proof` groups the claims of one theme; each
script under ``proofs/`` defines one, and ``python proofs/NAME.py`` runs it.

>>> import sympy
>>> from symmetric import P, R
>>> proof = Proof("demo", "A demonstration")
>>> @proof.claim("demo.symmetric", "The arithmetic mean is symmetric.", source="new")
... def _(d):
...     mean = d.step("The arithmetic mean", (P + R) / 2)
...     return mean.subs({P: R, R: P}, simultaneous=True), mean
>>> [c.id for c in proof.claims]
['demo.symmetric']
>>> result = proof.claims[0].run()
>>> result.status, result.verdict.method
('proven', 'evaluation')
"""

from __future__ import annotations

import re
import time
import traceback
from dataclasses import dataclass, field
from typing import Callable

import sympy

from .._validation import InvalidParameterError
from .budget import run_with_budget
from .engine import check
from .statement import Statement
from .verdict import STATUSES, InconsistentVerdictError, Verdict

__all__ = ["Claim", "Derivation", "Proof", "Result", "Step"]

_ID = re.compile(r"^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$")


@dataclass(frozen=True)
class Step:
    """One line of a derivation: a sentence and, usually, the expression it produced."""

    text: str
    expr: object = None


class Derivation:
    """Records the steps of a derivation while it computes."""

    def __init__(self):
        self.steps: list[Step] = []
        self.refined: dict[sympy.Symbol, sympy.Symbol] = {}

    def step(self, text: str, expr=None):
        """Record ``text`` with ``expr`` and return ``expr`` (for chaining)."""
        self.steps.append(Step(text, expr))
        return expr

    def assume(self, symbol: sympy.Symbol, **assumptions) -> sympy.Symbol:
        """A copy of ``symbol`` with extra assumptions, for SymPy to use while deriving.

        The checked statement is written back in terms of ``symbol``, so the
        claim must state the matching condition (``Ne(rho, 0)`` for
        ``nonzero=True``); the engine then checks it on that domain.
        """
        refined = sympy.Symbol(symbol.name, **{**symbol.assumptions0, **assumptions})
        self.refined[refined] = symbol
        self.step("Assume " + ", ".join(f"{symbol} {k}" if v else f"{symbol} not {k}" for k, v in assumptions.items()))
        return refined


@dataclass(frozen=True)
class Result:
    """The outcome of running one claim: its derivation, statement and verdict."""

    claim: "Claim"
    status: str
    seconds: float
    statement: Statement | None = None
    verdict: Verdict | None = None
    steps: tuple = ()
    error: str = ""

    @property
    def ok(self) -> bool:
        """Whether the claim got its expected verdict."""
        return self.status == self.claim.expected

    @property
    def method(self) -> str:
        return self.verdict.method if self.verdict else ("error" if self.error else "derivation timed out")

    def _variables(self) -> dict:
        """Free variables of the checked statement with the assumption that defines their domain."""
        if self.statement is None:
            return {}
        out = {}
        for s in sorted(self.statement.free_symbols, key=lambda s: s.name):
            out[s.name] = ("positive" if s.is_positive else "nonnegative" if s.is_nonnegative else
                           "integer" if s.is_integer else "real" if s.is_real else "complex")
        return out

    def to_json(self) -> dict:
        v = self.verdict
        return {
            "id": self.claim.id,
            "status": self.status,
            "expected": self.claim.expected,
            "ok": self.ok,
            "method": self.method,
            "seconds": round(self.seconds, 3),
            "source": self.claim.source,
            "statement": str(self.statement) if self.statement is not None else None,
            "variables": self._variables(),
            "conditions": [sympy.sstr(c) for c in self.statement.conditions] if self.statement is not None else [],
            "counterexample": {str(k): sympy.sstr(x) for k, x in v.counterexample.items()} if v else {},
            "numeric": ({"agree": v.evidence.agree, "disagree": v.evidence.disagree,
                         "inconclusive": v.evidence.inconclusive, "undefined": v.evidence.undefined,
                         "dps": v.evidence.dps} if v and v.evidence else None),
            "error": self.error or None,
            "proof_steps": [vars(s) for s in v.steps] if v else [],
        }


@dataclass(frozen=True)
class Claim:
    """A mathematical claim with a stable id and the derivation that produces it."""

    id: str
    statement: str
    derive: Callable[[Derivation], object] = field(repr=False, compare=False)
    expected: str = "proven"
    source: str = "new"
    conditions: tuple = ()
    timeout: float = 30.0
    theme: str = ""

    def __post_init__(self):
        if not _ID.match(self.id):
            raise InvalidParameterError.of("id", "Claim", "dotted lowercase words such as 'g.break_even'", self.id)
        if self.expected not in STATUSES:
            raise InvalidParameterError.of("expected", "Claim", f"one of {list(STATUSES)}", self.expected)

    def build(self) -> tuple[Statement, tuple[Step, ...]]:
        """Run the derivation (no time limit) and return the statement and its steps."""
        d = Derivation()
        out = self.derive(d)
        return self._statement(out, d), tuple(d.steps)

    def _statement(self, out, d: Derivation) -> Statement:
        if d.refined:
            back = lambda e: sympy.sympify(e, strict=True).xreplace(d.refined)  # noqa: E731
            if isinstance(out, Statement):
                out = Statement(back(out.lhs), back(out.rhs), out.relation, out.conditions)
            elif isinstance(out, tuple):
                out = tuple(x if isinstance(x, str) else back(x) for x in out)
            else:
                out = back(out)
        if isinstance(out, Statement):
            return Statement.of(out.lhs, out.rhs, relation=out.relation,
                                conditions=tuple(out.conditions) + tuple(self.conditions))
        if isinstance(out, tuple) and len(out) == 3:
            return Statement.of(out[0], out[2], relation=out[1], conditions=self.conditions)
        if isinstance(out, tuple) and len(out) == 2:
            return Statement.of(out[0], out[1], conditions=self.conditions)
        return Statement.of(out, conditions=self.conditions)

    def run(self, *, timeout: float | None = None) -> Result:
        """Derive and check the claim within ``timeout`` seconds (default: the claim's own)."""
        budget = self.timeout if timeout is None else timeout
        start = time.perf_counter()
        d = Derivation()
        try:
            ok, out = run_with_budget(lambda: self.derive(d), budget)
            if not ok:
                return Result(self, "unknown", time.perf_counter() - start, steps=tuple(d.steps))
            statement = self._statement(out, d)
            remaining = max(budget - (time.perf_counter() - start), 1.0)
            verdict = check(statement.lhs, statement.rhs, relation=statement.relation,
                            conditions=statement.conditions, timeout=remaining)
        except (Exception, InconsistentVerdictError):
            return Result(self, "error", time.perf_counter() - start, steps=tuple(d.steps),
                          error=traceback.format_exc(limit=-3))
        return Result(self, verdict.status, time.perf_counter() - start, statement, verdict, tuple(d.steps))


class Proof:
    """The claims of one theme, in the order a reader should meet them."""

    def __init__(self, name: str, title: str, *, source: str = "new", summary: str = "", order: int = 100):
        self.name = name
        self.order = order
        self.title = title
        self.source = source
        self.summary = summary
        self.claims: list[Claim] = []

    def claim(self, id: str, statement: str, *, expected: str = "proven", source: str | None = None,
              conditions=(), timeout: float = 30.0):
        """Decorator registering a derivation function as the claim ``id``."""

        def register(derive):
            if any(c.id == id for c in self.claims):
                raise InvalidParameterError.of("id", "Proof.claim", "unique within the proof", id)
            self.claims.append(Claim(id, statement, derive, expected, source or self.source,
                                     tuple(conditions), timeout, self.name))
            return derive

        return register

    def main(self, argv=None) -> int:
        """Run every claim, print each derivation and verdict; 0 when all are as expected."""
        from .report import print_result

        results = [c.run() for c in self.claims]
        print(f"# {self.title}\n")
        if self.summary:
            print(self.summary + "\n")
        for r in results:
            print_result(r)
        bad = [r.claim.id for r in results if not r.ok]
        print(f"{len(results) - len(bad)}/{len(results)} claims as expected" + (f"; not: {', '.join(bad)}" if bad else ""))
        return 1 if bad else 0
