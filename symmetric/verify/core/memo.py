"""Per-process memos for pure symbolic helpers: the same work is not done twice in one run.

Claims share subexpressions (the same family, the same coefficient in many
series, the same sum whose roots are sample points), so a run of all the
built-in claims asks the same helper about the same expression many times.
:func:`memoized` keeps the answers of a pure function of SymPy expressions
for the rest of the process:

* the key is the whole argument tuple, compared structurally (SymPy
  expressions are immutable and hashable; a symbol's assumptions are part of
  it), and typed, so ``1`` and ``sympy.Integer(1)`` are different keys;
* only finished calls are kept: a call stopped by its time budget
  (:class:`~symmetric.verify.core.budget.BudgetExceeded`) or failing with an
  exception leaves nothing behind;
* nothing is written to disk or shared between runs, so a changed
  definition can never be answered from an old result (it is a different
  expression, hence a different key); forked worker processes start with the
  parent's entries, computed from the same definitions.

>>> import sympy
>>> calls = []
>>> @memoized
... def double(e):
...     calls.append(e)
...     return 2 * e
>>> x = sympy.Symbol("x")
>>> double(x + 1), double(x + 1), len(calls)
(2*x + 2, 2*x + 2, 1)

The trap: two symbols with the same name but different assumptions are
different keys, as they are different symbols.

>>> double(sympy.Symbol("x", positive=True) + 1) == double(x + 1), len(calls)
(False, 2)
>>> double([x]), double([x]), len(calls)  # unhashable: computed each time
([x, x], [x, x], 4)
"""

from __future__ import annotations

import functools
from typing import Any

__all__ = ["memoized"]

#: Entries kept per memoized function (least recently used dropped first).
MAXSIZE = 8192


def memoized(func=None, *, maxsize: int = MAXSIZE):
    """Decorator: remember ``func``'s results per argument tuple for the rest of the process."""
    if func is None:
        return lambda f: memoized(f, maxsize=maxsize)
    cached = functools.lru_cache(maxsize=maxsize, typed=True)(func)

    @functools.wraps(func)
    def wrapper(*args):
        try:
            hash(args)
        except TypeError:  # an unhashable argument (a list, a mutable matrix): no memo, same answer
            return func(*args)
        return cached(*args)

    memo: Any = wrapper  # a function with the lru_cache's two methods added
    memo.cache_info = cached.cache_info
    memo.cache_clear = cached.cache_clear
    return memo
