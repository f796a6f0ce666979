"""The exact strategies: the only way a statement becomes "proven".

:mod:`.search` runs the proof search within the time budget: the direct
strategies registered in :mod:`.registry` (records: name, what it trusts,
cost class, the relations it applies to, run; the built-in ones in
:mod:`.direct`), the inequality provers and the case splits.
:mod:`.rational_zero` is the fast exact route to ``cancel``'s zero. They use
the limit routine and the inequality prover below them.

>>> from symmetric.verify.strategies import STRATEGIES
>>> [s.name for s in STRATEGIES][:3]
['evaluation', 'cancel', 'powsimp']
"""

from . import direct as _direct  # noqa: F401  (registers the built-in strategies)
from .registry import STRATEGIES, Strategy, register_strategy, strategies_for, unregister_strategy

__all__ = ["STRATEGIES", "Strategy", "register_strategy", "strategies_for", "unregister_strategy"]
