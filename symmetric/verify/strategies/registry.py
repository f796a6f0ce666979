"""The proof search's strategies as records, in one public registry (as families are).

A :class:`Strategy` says what it is called, what it trusts (the text every
step it takes carries), its cost class, which relations it applies to, its
kind and how it runs. The proof search (:mod:`.search` over statements,
:mod:`.goal_search` over the goals of an inequality) tries the registered
strategies of each kind in order, within its one clock (:mod:`.clock`):

* ``kind="direct"``: ``run(lhs, rhs, relation) -> bool``, True only when it
  has an exact argument that ``lhs <relation> rhs`` holds on the symbols'
  whole domain (their SymPy assumptions); tried on the statement and on
  every case of its case splits. ``cost="cheap"``: in the first, fast pass;
  ``"standard"``: in the second pass, after the fast one failed;
  ``"general"``: general rewriting (SymPy's ``simplify``), only in the
  second search over the whole tree of case splits, after every other route
  failed. ``before_refutation=True`` marks a strategy cheaper than looking
  for an admissible point where the statement fails (which rules every
  other strategy out at once).
* ``kind="prover"``: ``run(statement, deadline) -> (method, steps) | None``
  for an inequality statement whose limits have been replaced by their
  values (the counts prover, the goal search); tried in the second pass,
  and in the first on the statements its ``cheap_for`` accepts.
* ``kind="reduction"``: ``run(search, goal, depth) -> steps | None`` for a
  goal ``big > small`` (or ``>=``) on a domain
  (:class:`~symmetric.verify.inequalities.goals.Goal`): it settles the goal
  (one step) or reduces it to subgoals it proves with
  ``search.reduce(subgoals, depth, head)`` (all of them; its step ``head()``,
  then theirs).
  ``cost="cheap"``: tried on every goal; ``"standard"``: only on goals whose
  sides are defined on the domain and of moderate size.
* ``kind="split"``: ``run(statement, search) -> iterable of builders`` (``search.sides_of(statement)``: its sides with limits evaluated), each
  ``builder() -> [(case statement, label, substitution), ...] | None``: cases
  that cover the statement's domain, each proven by the search in turn.
  ``cost="cheap"``: right after the cheap direct strategies;
  ``"standard"``: after every direct strategy and prover failed.

Adding a strategy is one module with its function and one call of
:func:`register_strategy` (see docs/design.md, "Adding a strategy"); the
built-in ones are registered by :mod:`.direct` (direct strategies and
provers), :mod:`.case_splits` (the case splits) and :mod:`.reductions` (the
goal search's reductions).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Protocol, cast

from ..._validation import InvalidParameterError

if TYPE_CHECKING:  # for the annotations only
    from ..core.statement import Statement
    from ..core.steps import ProofStep
    from ..inequalities.goals import Goal

__all__ = [
    "COSTS",
    "EQUALITY",
    "KINDS",
    "INEQUALITIES",
    "STRATEGIES",
    "Strategy",
    "register_strategy",
    "unregister_strategy",
    "strategies_for",
    "DirectRun",
    "ProverRun",
    "ReductionRun",
    "SplitRun",
    "RUNS",
]

#: The cost classes, cheapest first.
COSTS = ("cheap", "standard", "general")
#: The relations of an equality and of an inequality, for ``applies_to``.
EQUALITY = frozenset({"=="})
INEQUALITIES = frozenset({"<", "<=", ">", ">="})
#: The kinds of strategy, by what ``run`` takes and gives (see the module's documentation).
KINDS = ("direct", "prover", "reduction", "split")


class DirectRun(Protocol):
    """``run`` of a ``"direct"`` strategy: True only with an exact argument on the symbols' whole domain."""

    def __call__(self, lhs: Any, rhs: Any, relation: str, /) -> bool: ...


class ProverRun(Protocol):
    """``run`` of a ``"prover"``: ``(method, steps)`` for an inequality whose limits have values, or None."""

    def __call__(self, statement: Statement, deadline: float, /) -> tuple[str, tuple[ProofStep, ...]] | None: ...


class ReductionRun(Protocol):
    """``run`` of a ``"reduction"``: the steps that settle ``goal`` (or prove its subgoals), or None."""

    def __call__(self, search: Any, goal: Goal, depth: int, /) -> list[ProofStep] | tuple[ProofStep, ...] | None: ...


class SplitRun(Protocol):
    """``run`` of a ``"split"``: builders, each giving cases ``[(statement, label, substitution), ...]`` or None."""

    def __call__(self, statement: Statement, search: Any, /) -> Iterable[Callable[[], list | None]]: ...


#: The protocol of ``run`` for each kind (mypy checks a new strategy's ``run`` against its kind's).
RUNS = {"direct": DirectRun, "prover": ProverRun, "reduction": ReductionRun, "split": SplitRun}
#: What ``Strategy.run`` may be.
Run = DirectRun | ProverRun | ReductionRun | SplitRun


@dataclass(frozen=True)
class Strategy:
    """One strategy of the proof search.

    Attributes
    ----------
    name : str
        The method name verdicts and steps show (``"cancel"``).
    trusts : str
        What a proof by it relies on (``ProofStep.trusts``).
    cost : {"cheap", "standard", "general"}
        Its cost class (see the module's documentation).
    applies_to : frozenset of str
        The relations it can prove (``EQUALITY``, ``INEQUALITIES`` or a subset).
    run : callable
        By ``kind``: ``run(lhs, rhs, relation) -> bool`` (True only with an
        exact argument), ``run(statement, deadline) -> (method, steps) | None``
        ``run(search, goal, depth) -> steps | None`` or
        ``run(statement, search) -> iterable of builders of cases``.
    before_refutation : bool, default False
        A direct strategy to try before looking for a point where the statement fails.
    kind : {"direct", "prover", "reduction", "split"}, default "direct"
        What ``run`` takes and gives (see the module's documentation).
    cheap_for : callable, optional
        A prover's test ``cheap_for(statement) -> bool`` of the statements on
        which it runs in the first, fast pass too.
    """

    name: str
    trusts: str
    cost: str
    applies_to: frozenset
    run: Run
    before_refutation: bool = False
    kind: str = "direct"
    cheap_for: Callable | None = None

    # The run of each kind, typed by its protocol (the search calls these; mypy checks both sides).
    @property
    def direct(self) -> DirectRun:
        return cast(DirectRun, self.run)

    @property
    def prover(self) -> ProverRun:
        return cast(ProverRun, self.run)

    @property
    def reduction(self) -> ReductionRun:
        return cast(ReductionRun, self.run)

    @property
    def split(self) -> SplitRun:
        return cast(SplitRun, self.run)

    def __post_init__(self):
        func = "Strategy"
        if not isinstance(self.name, str) or not self.name:
            raise InvalidParameterError.of("name", func, "a non-empty string", self.name)
        if not isinstance(self.trusts, str) or not self.trusts:
            raise InvalidParameterError.of("trusts", func, "a non-empty string", self.trusts)
        if self.cost not in COSTS:
            raise InvalidParameterError.of("cost", func, f"one of {COSTS}", self.cost)
        if not self.applies_to or not set(self.applies_to) <= EQUALITY | INEQUALITIES:
            raise InvalidParameterError.of(
                "applies_to", func, "a non-empty set of '==', '<', '<=', '>', '>='", self.applies_to
            )
        object.__setattr__(self, "applies_to", frozenset(self.applies_to))
        if not callable(self.run):
            raise InvalidParameterError.of("run", func, "a callable run(lhs, rhs, relation) -> bool", self.run)
        if self.kind not in KINDS:
            raise InvalidParameterError.of("kind", func, f"one of {KINDS}", self.kind)
        if self.cheap_for is not None and not callable(self.cheap_for):
            raise InvalidParameterError.of(
                "cheap_for", func, "None or a callable cheap_for(statement) -> bool", self.cheap_for
            )


#: The registered strategies, in the order the search tries them.
STRATEGIES: list[Strategy] = []


def register_strategy(strategy: Strategy, *, before: str | None = None) -> Strategy:
    """Register ``strategy`` with the proof search: last among its kind, or just before the strategy of its
    kind named ``before``. Names are unique within a kind."""
    if not isinstance(strategy, Strategy):
        raise InvalidParameterError.of("strategy", "register_strategy", "a Strategy", strategy)
    names = [s.name if s.kind == strategy.kind else None for s in STRATEGIES]
    if strategy.name in names:
        raise InvalidParameterError.of("strategy", "register_strategy", "a strategy with a new name", strategy.name)
    if before is not None and before not in names:
        known = [n for n in names if n is not None]
        raise InvalidParameterError.of(
            "before", "register_strategy", f"the name of a registered {strategy.kind} strategy {known}", before
        )
    STRATEGIES.insert(names.index(before) if before is not None else len(STRATEGIES), strategy)
    return strategy


def unregister_strategy(name: str, *, kind: str = "direct") -> Strategy:
    """Remove the strategy of ``kind`` called ``name`` from the search and return it."""
    for i, s in enumerate(STRATEGIES):
        if s.name == name and s.kind == kind:
            return STRATEGIES.pop(i)
    raise InvalidParameterError.of("name", "unregister_strategy", f"the name of a registered {kind} strategy", name)


def strategies_for(relation: str, *, kind: str = "direct") -> list[Strategy]:
    """The registered strategies of ``kind`` that apply to ``relation``, in order."""
    return [s for s in STRATEGIES if s.kind == kind and relation in s.applies_to]
