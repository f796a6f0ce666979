"""Claims as data, and the proofs that derive them.

A :class:`Claim` is a record: a stable id, a sentence, the checked statement
(``lhs``, ``relation``, ``rhs`` and ``conditions``), a source, the verdict it
is expected to get, and the steps of the derivation that produced it. A
:class:`Proof` is a named group of claims; its decorator registers a
derivation, a function that computes one side as a chain of steps
(:class:`~symmetric.verify.claims.derivation.Derivation`: definitions, operations
that record their trust, rewrites that the engine checks). The derivation
runs, under a time budget, when the claim is first needed, so importing a
proof script is cheap.

>>> import sympy
>>> from symmetric import P, R
>>> proof = Proof("demo", "A demonstration")
>>> @proof.claim("demo.swap", "The arithmetic mean does not change when P and R swap.",
...              target=(P + R) / 2)
... def _(d):
...     mean = d.step("The arithmetic mean", (P + R) / 2)
...     return d.substitute("Swap P and R", mean, {P: R, R: P})
>>> proof.ids
['demo.swap']
>>> claim = proof.claims[0]
>>> claim.lhs, claim.relation, claim.rhs
(P/2 + R/2, '==', P/2 + R/2)

The trap: SymPy evaluated the swap on the spot, so both sides are the same
expression and checking them proves nothing about the derivation; the
project's registry test refuses such claims. A claim that can fail states a
target the derivation must reach, or records a rewrite that the engine
checks (a wrong one fails the claim, named):

>>> @proof.claim("demo.harmonic", "The harmonic mean of P and R, written over a common denominator.",
...              target=2 * P * R / (P + R))
... def _(d):
...     mean = d.step("The harmonic mean", 2 / (1 / P + 1 / R))
...     return d.rewrite("Over a common denominator", 2 * P * R / (P + R)**2)
>>> result = proof.claims[1].run()
>>> result.status, result.failed_step[0], result.failed_step[1].text
('refuted', 2, 'Over a common denominator')


>>> @proof.claim("demo.above_min", "The arithmetic mean is at least the smaller of P and R.",
...              relation=">=", target=sympy.Min(P, R))
... def _(d):
...     return d.step("The arithmetic mean", (P + R) / 2)
>>> result = proof.claims[2].run()
>>> result.status, str(result.claim.statement)
('proven', 'P/2 + R/2 >= Min(P, R)')
"""

from __future__ import annotations

import re
import sys
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field

import sympy

from ..._constraints import Options, Predicate, declare
from ..._validation import InvalidParameterError
from ..core.budget import run_with_budget
from ..core.statement import RELATIONS, Statement
from .derivation import Derivation, Step, watch_rewriting
from .record import CLAIM_OPTIONS, DEFAULT_TIMEOUT, Claim, Result
from .report import print_result

__all__ = ["Claim", "Derivation", "Proof", "Result", "Step"]

_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_PROOF_NAME = Predicate(
    "a Python identifier such as 'f_beta_derivation'",
    lambda v: isinstance(v, str) and _NAME.match(v) is not None,
    invalid=("f-beta", "", 3, None),
)


@dataclass
class Definition:
    """A claim before its derivation ran: the decorator's arguments and the derivation function.

    :meth:`build` runs the derivation once, under the claim's time budget,
    and keeps the :class:`Claim`; a failed derivation gives a claim that
    records the error (it then fails when run, instead of breaking the load).
    """

    id: str
    sentence: str
    derive: Callable[[Derivation], object] = field(repr=False)
    expected: str
    source: str
    conditions: tuple
    timeout: float
    target: object
    relation: str | None
    proof: str
    origin: str
    by: str | None = None
    _claim: Claim | None = field(default=None, repr=False)
    #: For a definition restored from a verdict cache's record of its proof script (the script did not run):
    #: the function that runs the script and returns the definition it makes; None for a definition made by
    #: :meth:`Proof.claim`.
    load: Callable[[], Definition] | None = field(default=None, repr=False, compare=False)
    #: For a restored definition: the digest of its source the cache recorded (``cache.claim_source``).
    source_digest: str = field(default="", repr=False, compare=False)

    def resolved(self) -> Definition:
        """The definition that holds the derivation: this one, or, restored from a cache, the one its script makes
        (the script runs now, once)."""
        if self.load is None:
            return self
        real = self.load()
        self.load = lambda: real
        return real

    def build(self) -> Claim:
        if self._claim is None:
            try:
                real = self.resolved()
            except Exception:  # noqa: BLE001 - the script changed or broke since the cache recorded it
                self._claim = self._claim_of(None, (), traceback.format_exc(limit=-3))
                return self._claim
            self._claim = self._build() if real is self else real.build()
        return self._claim

    def remember(self, claim: Claim) -> None:
        """Keep ``claim``, built from this definition elsewhere (in a worker process)."""
        if claim.id == self.id:
            self._claim = claim

    def _claim_of(
        self, statement: Statement | None, steps, error: str = "", timed_out: bool = False, refined: dict | None = None
    ) -> Claim:
        steps = [s.written_back(refined) for s in steps] if refined else steps
        lhs, rhs, relation, conditions = (
            (statement.lhs, statement.rhs, statement.relation, statement.conditions)
            if statement
            else (None, None, self.relation or "==", self.conditions)
        )
        return Claim(
            self.id,
            self.sentence,
            lhs,
            rhs,
            relation,
            conditions,
            source=self.source,
            expected=self.expected,
            steps=tuple(steps),
            timeout=self.timeout,
            proof=self.proof,
            origin=self.origin,
            error=error,
            timed_out=timed_out,
            by=self.by,
        )

    def _build(self) -> Claim:
        d = Derivation()

        def derive():
            with watch_rewriting(d):
                return self.derive(d)

        try:
            ok, out = run_with_budget(derive, self.timeout)
            if not ok:
                return self._claim_of(
                    None, d.steps, f"the derivation did not finish within {self.timeout:g} s", timed_out=True
                )
            return self._claim_of(self._statement(out, d), d.steps, refined=d.refined)
        except Exception:  # InconsistentVerdictError (an AssertionError) included: the claim records it
            return self._claim_of(None, d.steps, traceback.format_exc(limit=-3))

    def _statement(self, out, d: Derivation) -> Statement:
        if d.refined:
            back = lambda e: sympy.sympify(e, strict=True).xreplace(d.refined)  # noqa: E731
            if isinstance(out, Statement):
                out = Statement(back(out.lhs), back(out.rhs), out.relation, out.conditions)
            elif isinstance(out, tuple):
                out = tuple(x if isinstance(x, str) else back(x) for x in out)
            elif not isinstance(out, str):
                out = back(out)
        if self.target is not None:
            if isinstance(out, (tuple, Statement)) or isinstance(out, sympy.core.relational.Relational):
                raise InvalidParameterError.of(
                    "derive", "Proof.claim", "a function returning only the derived side when target= is given", out
                )
            return Statement.of(out, self.target, relation=self.relation or "==", conditions=self.conditions)
        if isinstance(out, Statement):
            lhs, rhs, relation, conditions = out.lhs, out.rhs, out.relation, tuple(out.conditions)
        elif isinstance(out, tuple) and len(out) == 3:
            lhs, relation, rhs = out
            conditions = ()
        elif isinstance(out, tuple) and len(out) == 2:
            (lhs, rhs), relation, conditions = out, "==", ()
        else:
            st = Statement.of(out)
            lhs, rhs, relation, conditions = st.lhs, st.rhs, st.relation, ()
        if self.relation is not None and self.relation != relation:
            if not (isinstance(out, tuple) and len(out) == 2):
                raise InvalidParameterError.of(
                    "relation", "Proof.claim", f"the relation the derivation returns, {relation!r}", self.relation
                )
            relation = self.relation
        return Statement.of(lhs, rhs, relation=relation, conditions=conditions + tuple(self.conditions))


class Proof:
    """A named group of claims, with a decorator that registers their derivations.

    Parameters
    ----------
    name : str
        A Python identifier naming the group (``"f_beta_derivation"``).
    title : str, optional
        A heading for reports; defaults to ``name``.
    source : str, default "new"
        The default source of the claims.
    summary : str
        A paragraph for reports.
    order : int, default 100
        Position among the proofs loaded from one folder (lower first).

    Examples
    --------
    A derivation returns the side it derived; the decorator states the
    target independently (``target=``, with ``relation=`` for inequalities).
    Returning a pair ``(derived, stated)``, a triple ``(lhs, "<=", rhs)`` or a
    :class:`~symmetric.verify.Statement` works too.

    >>> import sympy
    >>> from symmetric import P, R, beta, f_beta
    >>> proof = Proof("my_derivations", "Our F-beta facts")
    >>> @proof.claim("mine.f_beta.limit_recall", r"$F_\\beta \\to R$ as $\\beta \\to \\infty$.",
    ...              target=R, source="our design note")
    ... def _(d):
    ...     return d.limit("The limit in beta, left for the engine", d.step("F-beta", f_beta()), beta, sympy.oo)
    >>> @proof.claim("mine.f_beta.below_precision", "F-beta never exceeds precision.",
    ...              relation="<=", target=P, expected="refuted")
    ... def _(d):
    ...     return d.step("F-beta", f_beta())
    >>> proof.ids
    ['mine.f_beta.limit_recall', 'mine.f_beta.below_precision']
    >>> [(c.id, c.run().status) for c in proof.claims]
    [('mine.f_beta.limit_recall', 'proven'), ('mine.f_beta.below_precision', 'refuted')]
    """

    def __init__(
        self, name: str, title: str | None = None, *, source: str = "new", summary: str = "", order: int = 100
    ) -> None:
        # checked here, not declared: the wrapper of a declaration would stand between the script and the frame
        # this reads to know which module created the proof
        if not _PROOF_NAME.is_satisfied_by(name):
            raise InvalidParameterError.of("name", "Proof", _PROOF_NAME.allowed, name)
        self.name = name
        self.title = title if title is not None else name
        self.source = source
        self.summary = summary
        self.order = order
        caller = sys._getframe(1).f_globals
        #: The module that created the proof, and its file when it has one.
        self.module: str = caller.get("__name__", "")
        self.origin: str = caller.get("__file__") or self.module
        self._definitions: list[Definition] = []

    @classmethod
    def restored(cls, fields: dict, definitions: list[Definition]) -> Proof:
        """A proof as a verdict cache recorded it (``fields``: name, title, source, summary, order, module,
        origin), holding ``definitions`` restored with it; its script has not run."""
        proof = cls.__new__(cls)
        for name in ("name", "title", "source", "summary", "order", "module", "origin"):
            setattr(proof, name, fields[name])
        proof._definitions = list(definitions)
        return proof

    def __repr__(self) -> str:
        return f"Proof({self.name!r}, {len(self._definitions)} claims, from {self.origin})"

    @declare(**CLAIM_OPTIONS, relation=Options(RELATIONS, none=True))
    def claim(
        self,
        id: str,
        sentence: str,
        *,
        expected: str = "proven",
        source: str | None = None,
        conditions=(),
        timeout: float = DEFAULT_TIMEOUT,
        target=None,
        relation: str | None = None,
        by: str | None = None,
    ):
        """Decorator registering a derivation function ``derive(d)`` as the claim ``id``.

        ``d`` is a :class:`Derivation` (``d.step(text, expr)`` records a
        definition, ``d.rewrite(text, expr)`` a step the engine checks,
        ``d.differentiate`` and the other operations a step that records its
        trust). With ``target`` the function returns only the side it derived
        and the claim is ``derived <relation> target``; without it, the
        function returns ``(lhs, rhs)``, ``(lhs, relation, rhs)`` or a
        :class:`~symmetric.verify.Statement`. The function is returned
        unchanged; it runs when the claim is first needed. ``by`` names the
        strategy (direct, or a prover) to try first at each statement of the claim's proof search (``by`` of
        :func:`~symmetric.verify.check`).
        """
        if target is not None:
            target = Statement.of(target, 0).lhs  # refuses text and non-expressions now, not when built
        conditions = Statement.of(0, 0, conditions=conditions).conditions
        if id in self.ids:
            raise InvalidParameterError.of("id", "Proof.claim", f"unique within the proof {self.name!r}", id)

        def register(derive):
            if not callable(derive):
                raise InvalidParameterError.of("derive", "Proof.claim", "a function of the derivation recorder", derive)
            self._definitions.append(
                Definition(
                    id,
                    sentence,
                    derive,
                    expected,
                    source or self.source,
                    conditions,
                    float(timeout),
                    target,
                    relation,
                    self.name,
                    self.origin,
                    by,
                )
            )
            return derive

        return register

    @property
    def ids(self) -> list[str]:
        """The claim ids, in declaration order (no derivation runs)."""
        return [d.id for d in self._definitions]

    @property
    def definitions(self) -> list[Definition]:
        """The claims before their derivations ran, in declaration order."""
        return list(self._definitions)

    @property
    def claims(self) -> list[Claim]:
        """The claims, in declaration order; each derivation runs on first access."""
        return [d.build() for d in self._definitions]

    def main(self, argv=None) -> int:
        """Run every claim, print each derivation and verdict; 0 when all are as expected."""
        results = [c.run() for c in self.claims]
        print(f"# {self.title}\n")
        if self.summary:
            print(self.summary + "\n")
        for r in results:
            print_result(r)
        bad = [r.claim.id for r in results if not r.ok]
        print(
            f"{len(results) - len(bad)}/{len(results)} claims as expected" + (f"; not: {', '.join(bad)}" if bad else "")
        )
        return 1 if bad else 0
