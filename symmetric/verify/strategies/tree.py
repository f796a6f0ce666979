"""The one proof search: a depth-bounded AND-OR search over nodes, on one clock.

Both searches of the engine are instances of :class:`TreeSearch`: the search
over statements (:mod:`.search`: a node is a
:class:`~symmetric.verify.core.statement.Statement`, its case splits are
substitutions, depth 4) and the goal search of an inequality
(:mod:`.goal_search`: a node is a
:class:`~symmetric.verify.inequalities.goals.Goal`, its splits narrow the
domain, depth 14, failed goals remembered). What the search does at a node
is the same for both:

* **OR**: the node's attempts (:meth:`TreeSearch.attempts`: the registered
  strategies of :mod:`.registry` that apply to it, in their order) are tried
  one after the other; the first that settles the node gives its proof;
* an attempt either settles the node (its proof), fails (``None``), or is a
  :class:`Split`: children that must **all** be proven, each one level deeper
  (:meth:`TreeSearch.prove_all`, the one AND of the search), and how their
  proofs make the node's (``assemble``: the proof steps of the split followed
  by those of its children). A strategy may also call :meth:`TreeSearch.prove`,
  :meth:`TreeSearch.prove_all` or :meth:`TreeSearch.prove_split` itself on the
  nodes it reduces to (the goal search's reductions do);
* **depth**: a node deeper than :attr:`TreeSearch.max_depth` fails, and a
  split whose children would be deeper is not even built;
* **time**: the one :class:`~.clock.Clock`; at every node (so between
  children too) :meth:`~.clock.Clock.tick` raises :class:`~.clock.OutOfTime`,
  which ends the whole search (:meth:`TreeSearch.run` answers ``None``);
* **memo** (an option): a node that failed is not searched again (keyed by
  :meth:`TreeSearch.memo_key`), a node on the current path is not entered
  again, and a node :meth:`TreeSearch.pruned` rules out fails at once.

Soundness never depends on the order or on the bounds: a node is proven only
by an attempt that settles it or by a split whose children are all proven.

A toy search, to show the protocol: a number ``n`` is settled when it is 0 or
1, and otherwise split into ``n - 1`` and ``n - 2``:

>>> import time
>>> class Fibonacci(TreeSearch):
...     max_depth = 10
...     def attempts(self, n, depth):
...         if n < 2:
...             yield (n,)                               # settled: its proof
...         else:
...             yield Split(lambda: [n - 1, n - 2], lambda children, proofs: sum(proofs, (n,)))
>>> len(Fibonacci(Clock(time.perf_counter() + 60)).run(5))  # the nodes of the whole tree
15
>>> Fibonacci(Clock(time.perf_counter() + 60)).run(12) is None  # deeper than the bound
True
>>> Fibonacci(Clock(time.perf_counter() - 1)).run(5) is None     # out of time
True
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from .clock import Clock, OutOfTime

__all__ = ["Split", "TreeSearch"]


def _same(child: Any) -> Any:
    return child


@dataclass(frozen=True)
class Split:
    """An alternative at a node: children that must all be proven, and how their proofs make the node's.

    ``build()`` gives the children (a falsy value when the split does not
    apply), called only when the search may go below the node;
    ``node(child)`` is the node the search proves for a child (the child
    itself by default); ``assemble(children, proofs)`` is the node's proof.
    """

    build: Callable[[], Sequence | None]
    assemble: Callable[[Sequence, list], Any]
    node: Callable[[Any], Any] = _same


class TreeSearch:
    """A depth-bounded AND-OR search over nodes, on one clock (see the module's docstring).

    Parameters
    ----------
    clock : Clock
        The deadline the whole search runs under.
    memo : bool
        Remember failed nodes (by :meth:`memo_key`), never re-enter a node
        on the current path, and give up a node :meth:`pruned` rules out.
    """

    #: The depth below which no node is searched (the root is at depth 0).
    max_depth = 0

    def __init__(self, clock: Clock, *, memo: bool = False) -> None:
        self.clock = clock
        self.memo = memo
        self.failed: set = set()
        self.active: set = set()

    # --- what an instance says about its nodes -----------------------------------------------------

    def attempts(self, node: Any, depth: int) -> Iterable[Any]:
        """The attempts at ``node``, in order: each a proof, ``None`` (failed) or a :class:`Split`."""
        raise NotImplementedError

    def memo_key(self, node: Any) -> Hashable:
        """The key under which a failed ``node`` is remembered (with ``memo``)."""
        return node

    def pruned(self, node: Any, depth: int) -> bool:
        """Whether ``node`` is given up before any attempt (with ``memo``; it never proves anything)."""
        return False

    # --- the search ---------------------------------------------------------------------------------

    def tick(self) -> None:
        """Raise :class:`~.clock.OutOfTime` past the deadline."""
        self.clock.tick()

    def remaining(self) -> float:
        """Seconds left on the clock."""
        return self.clock.remaining()

    def run(self, root: Any) -> Any:
        """The proof of ``root`` (at depth 0), or None when there is none or the clock runs out."""
        try:
            return self.prove(root, 0)
        except OutOfTime:
            return None

    def prove(self, node: Any, depth: int) -> Any:
        """The proof of ``node`` at ``depth``: the first attempt that settles it, or None."""
        self.tick()
        if depth > self.max_depth:
            return None
        key = None
        if self.memo:
            key = self.memo_key(node)
            if key in self.failed or node in self.active:
                return None
            if self.pruned(node, depth):
                self.failed.add(key)
                return None
            self.active.add(node)
        try:
            for attempt in self.attempts(node, depth):
                found = self.prove_split(attempt, depth) if isinstance(attempt, Split) else attempt
                if found is not None:
                    return found
        finally:
            self.active.discard(node)
        if self.memo:
            self.failed.add(key)
        return None

    def prove_split(self, split: Split, depth: int) -> Any:
        """The proof that ``split`` gives the node at ``depth``: every child proven, assembled; or None."""
        if depth >= self.max_depth:
            return None
        children = split.build()
        if not children:
            return None
        proofs = self.prove_all([split.node(c) for c in children], depth)
        return None if proofs is None else split.assemble(children, proofs)

    def prove_all(self, children: Sequence, depth: int) -> list | None:
        """The proofs of all ``children`` of a node at ``depth``, in order; None at the first that fails."""
        proofs = []
        for child in children:
            found = self.prove(child, depth + 1)
            if found is None:
                return None
            proofs.append(found)
        return proofs
