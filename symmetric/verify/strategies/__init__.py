"""The proof search: the only way a statement becomes "proven".

The strategies are records (name, what it trusts, cost class, the relations
it applies to, kind, run) in one public registry (:mod:`.registry`): the
direct strategies and the provers of inequality statements (built-in ones in
:mod:`.direct`) and the reductions of an inequality's goals (built-in ones in
:mod:`.reductions`). :mod:`.tree` is the one search: a depth-bounded
AND-OR search on one :class:`~.clock.Clock` (at a node its strategies in
order; one settles the node or splits it into children that must all be
proven). :mod:`.search` is its instance over statements and their case
splits, :mod:`.goal_search` its instance over an inequality's goals
(``prove_inequality``, itself a registered prover). :mod:`.rational_zero` is the fast exact route to
``cancel``'s zero. They use the limit routine and the pieces of the
inequality prover below them.

>>> from symmetric.verify.strategies import strategies_for
>>> [s.name for s in strategies_for("==")][:3]
['evaluation', 'cancel', 'powsimp']
>>> [s.name for s in strategies_for("<", kind="prover")]
['counts sign', 'inequality prover']
>>> [s.name for s in strategies_for(">", kind="reduction")][:3]
['sign', 'z3 nlsat', 'case split']
"""

from . import direct as _direct  # noqa: F401  (registers the built-in strategies and provers)
from .goal_search import prove_inequality
from .registry import KINDS, STRATEGIES, Strategy, register_strategy, strategies_for, unregister_strategy

__all__ = [
    "KINDS",
    "STRATEGIES",
    "Strategy",
    "prove_inequality",
    "register_strategy",
    "strategies_for",
    "unregister_strategy",
]
