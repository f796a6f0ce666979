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

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, Protocol, cast, overload

from ..._constraints import BOOLEAN, Constraint, Options, Predicate, declare

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
    "STRATEGY_FIELDS",
    "KIND",
    "RELATION",
    "BY",
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


_NAME = Predicate("a non-empty string", lambda v: isinstance(v, str) and v != "", invalid=("", 3, None))
_RELATIONS = EQUALITY | INEQUALITIES

#: What the fields of a :class:`Strategy` may be (its declaration).
STRATEGY_FIELDS = {
    "name": _NAME,
    "trusts": _NAME,
    "cost": Options(COSTS, allowed=f"one of {COSTS}", invalid=("cheapest", None)),
    "applies_to": Predicate(
        "a non-empty set of '==', '<', '<=', '>', '>='",
        lambda v: isinstance(v, (set, frozenset, tuple, list)) and 0 < len(v) and set(v) <= _RELATIONS,
        invalid=(frozenset(), frozenset({"!="}), "==", None),
    ),
    "run": Predicate(
        "a callable: its kind's run (DirectRun, ProverRun, ReductionRun or SplitRun)", callable, invalid=("f", None)
    ),
    "before_refutation": BOOLEAN,
    "kind": Options(KINDS, allowed=f"one of {KINDS}", invalid=("proof", None)),
    "cheap_for": Predicate(
        "None or a callable cheap_for(statement) -> bool", lambda v: v is None or callable(v), invalid=(True, "x")
    ),
}


@declare(**STRATEGY_FIELDS)
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

    if TYPE_CHECKING:  # one signature per kind, so that mypy checks a new strategy's run against its kind's protocol
        # (at run time the dataclass's own __init__, under the declaration)

        @overload
        def __init__(
            self,
            name: str,
            trusts: str,
            cost: str,
            applies_to: Iterable[str],
            run: DirectRun,
            before_refutation: bool = False,
            kind: Literal["direct"] = "direct",
            cheap_for: Callable | None = None,
        ) -> None: ...
        @overload
        def __init__(
            self,
            name: str,
            trusts: str,
            cost: str,
            applies_to: Iterable[str],
            run: ProverRun,
            before_refutation: bool = False,
            *,
            kind: Literal["prover"],
            cheap_for: Callable | None = None,
        ) -> None: ...
        @overload
        def __init__(
            self,
            name: str,
            trusts: str,
            cost: str,
            applies_to: Iterable[str],
            run: ReductionRun,
            before_refutation: bool = False,
            *,
            kind: Literal["reduction"],
            cheap_for: Callable | None = None,
        ) -> None: ...
        @overload
        def __init__(
            self,
            name: str,
            trusts: str,
            cost: str,
            applies_to: Iterable[str],
            run: SplitRun,
            before_refutation: bool = False,
            *,
            kind: Literal["split"],
            cheap_for: Callable | None = None,
        ) -> None: ...
        def __init__(self, *args: Any, **kwargs: Any) -> None: ...

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

    def __post_init__(self) -> None:  # the fields are checked by the declaration (STRATEGY_FIELDS)
        object.__setattr__(self, "applies_to", frozenset(self.applies_to))


#: The registered strategies, in the order the search tries them.
STRATEGIES: list[Strategy] = []


def _names(kind: str | tuple) -> list[str]:
    kinds = (kind,) if isinstance(kind, str) else kind
    return list(dict.fromkeys(s.name for s in STRATEGIES if s.kind in kinds))


class _NewStrategy(Constraint):
    """A :class:`Strategy` whose name is new among the registered strategies of its kind (read when checking)."""

    def failure(self, value, func: str = "") -> str | None:
        if not isinstance(value, Strategy):
            return "a Strategy"
        if value.name in _names(value.kind):
            return "a strategy with a new name"
        return None

    def is_satisfied_by(self, value) -> bool:
        return self.failure(value) is None

    def shown(self, value):
        return value.name if isinstance(value, Strategy) else value

    def invalid_values(self) -> tuple:
        return ("cancel", None) + tuple(STRATEGIES[:1])


class _Registered(Constraint):
    """The name of a registered strategy of a kind (``kind``, or read from the argument ``reads`` names), or None if
    ``none``."""

    def __init__(self, reads: str | None, *, none: bool = False, kind: str | tuple = "direct") -> None:
        self.reads, self.none, self.kind = ((reads,) if reads else ()), none, kind

    @property
    def allowed(self) -> str:
        kind = self.kind if isinstance(self.kind, str) else " or ".join(self.kind)
        return f"the name of a registered {kind} strategy {_names(self.kind)}" + (" or None" if self.none else "")

    def narrowed(self, **others) -> _Registered:
        (value,) = others.values()
        kind = value.kind if isinstance(value, Strategy) else value
        return _Registered(self.reads[0], none=self.none, kind=kind if kind in KINDS else "direct")

    def is_satisfied_by(self, value) -> bool:
        return (self.none and value is None) or (isinstance(value, str) and value in _names(self.kind))

    def invalid_values(self) -> tuple:
        return ("no such strategy", 3) + (() if self.none else (None,))


#: ``by`` of :func:`~symmetric.verify.check` and of a claim: None, or the name of a registered direct strategy or
#: prover (read when checking, so a strategy registered by a plugin qualifies).
BY = _Registered(None, none=True, kind=("direct", "prover"))

#: The kinds and relations the registry's functions take.
KIND = STRATEGY_FIELDS["kind"]
RELATION = Options(sorted(_RELATIONS), allowed="one of '==', '<', '<=', '>', '>='", invalid=("=", "!=", None))


@declare(strategy=_NewStrategy(), before=_Registered("strategy", none=True))
def register_strategy(strategy: Strategy, *, before: str | None = None) -> Strategy:
    """Register ``strategy`` with the proof search: last among its kind, or just before the strategy of its
    kind named ``before``. Names are unique within a kind."""
    names = [s.name if s.kind == strategy.kind else None for s in STRATEGIES]
    STRATEGIES.insert(names.index(before) if before is not None else len(STRATEGIES), strategy)
    return strategy


@declare(name=_Registered("kind"), kind=KIND)
def unregister_strategy(name: str, *, kind: str = "direct") -> Strategy:
    """Remove the strategy of ``kind`` called ``name`` from the search and return it."""
    for i, s in enumerate(STRATEGIES):
        if s.name == name and s.kind == kind:
            return STRATEGIES.pop(i)
    raise AssertionError("a registered name, checked by the declaration")  # pragma: no cover


@declare(relation=RELATION, kind=KIND)
def strategies_for(relation: str, *, kind: str = "direct") -> list[Strategy]:
    """The registered strategies of ``kind`` that apply to ``relation``, in order."""
    return [s for s in STRATEGIES if s.kind == kind and relation in s.applies_to]
