"""The proof search's direct strategies as records, in one public registry (as families are).

A :class:`Strategy` says what it is called, what it trusts (the text every
step it takes carries), its cost class, which relations it applies to, and
how it runs: ``run(lhs, rhs, relation) -> bool``, True only when it has an
exact argument that ``lhs <relation> rhs`` holds on the symbols' whole
domain (their SymPy assumptions). The search (:mod:`.search`) tries the
registered strategies in order, on the statement and on every case of its
case splits, within the time budget:

* ``cost="cheap"``: in the first, fast pass;
* ``cost="standard"``: in the second pass, after the fast one failed;
* ``cost="general"``: general rewriting (SymPy's ``simplify``), only in the
  second search over the whole tree of case splits, after every other route
  failed.

``before_refutation=True`` marks a strategy cheaper than looking for an
admissible point where the statement fails (which rules every other strategy
out at once).

Adding a strategy is one module with its function and one call of
:func:`register_strategy` (see docs/design.md, "Adding a strategy"); the
built-in ones are registered by :mod:`.direct`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..._validation import InvalidParameterError

__all__ = [
    "COSTS",
    "EQUALITY",
    "INEQUALITIES",
    "STRATEGIES",
    "Strategy",
    "register_strategy",
    "unregister_strategy",
    "strategies_for",
]

#: The cost classes, cheapest first.
COSTS = ("cheap", "standard", "general")
#: The relations of an equality and of an inequality, for ``applies_to``.
EQUALITY = frozenset({"=="})
INEQUALITIES = frozenset({"<", "<=", ">", ">="})


@dataclass(frozen=True)
class Strategy:
    """One direct strategy of the proof search.

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
        ``run(lhs, rhs, relation) -> bool``: True only with an exact argument.
    before_refutation : bool, default False
        Try it before looking for a point where the statement fails.
    """

    name: str
    trusts: str
    cost: str
    applies_to: frozenset
    run: Callable
    before_refutation: bool = False

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


#: The registered strategies, in the order the search tries them.
STRATEGIES: list[Strategy] = []


def register_strategy(strategy: Strategy, *, before: str | None = None) -> Strategy:
    """Register ``strategy`` with the proof search: last, or just before the strategy named ``before``."""
    if not isinstance(strategy, Strategy):
        raise InvalidParameterError.of("strategy", "register_strategy", "a Strategy", strategy)
    names = [s.name for s in STRATEGIES]
    if strategy.name in names:
        raise InvalidParameterError.of("strategy", "register_strategy", "a strategy with a new name", strategy.name)
    if before is not None and before not in names:
        raise InvalidParameterError.of(
            "before", "register_strategy", f"the name of a registered strategy {names}", before
        )
    STRATEGIES.insert(names.index(before) if before is not None else len(STRATEGIES), strategy)
    return strategy


def unregister_strategy(name: str) -> Strategy:
    """Remove the strategy called ``name`` from the search and return it."""
    for i, s in enumerate(STRATEGIES):
        if s.name == name:
            return STRATEGIES.pop(i)
    raise InvalidParameterError.of("name", "unregister_strategy", "the name of a registered strategy", name)


def strategies_for(relation: str) -> list[Strategy]:
    """The registered strategies that apply to ``relation``, in order."""
    return [s for s in STRATEGIES if relation in s.applies_to]
