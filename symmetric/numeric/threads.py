"""The number of threads of the numeric functions on large NumPy inputs, and a ``threadpoolctl``-style limit.

The generated functions evaluate inputs of at least ``2 * MIN_CHUNKS_PER_THREAD``
chunks of ``2**16`` elements on a thread pool, each thread a run of whole
chunks, so that the result is bit for bit that of one thread. The number of
threads is, in order: the functions' ``threads`` argument, the innermost
:class:`thread_limits`, the limit of an active ``threadpoolctl.threadpool_limits``,
the environment variable ``SYMMETRIC_NUM_THREADS``, then ``OMP_NUM_THREADS``
(as OpenMP libraries read it), else the cores this process may use
(:func:`thread_count`).

``threadpoolctl`` (imported by the caller; this package never imports it) knows
the pool as user_api ``"symmetric"``: ``threadpool_limits(1)`` or
``threadpool_limits({"symmetric": 1})`` limit it, process-wide like
threadpoolctl's other limits, and ``threadpool_info()`` lists it. The pool
registers with threadpoolctl when ``symmetric.numeric``'s runtime is loaded
after threadpoolctl, else at its first evaluation on threads; a
``threadpool_limits`` entered before that registration does not limit it.

>>> from symmetric.numeric import thread_count, thread_limits
>>> with thread_limits(1):
...     thread_count()
1
"""

from __future__ import annotations

import math
from typing import Literal

from .._constraints import Interval, declare
from ._runtime import _LIMIT, thread_count

__all__ = ["thread_count", "thread_limits"]


@declare(limits=Interval(int, 1, math.inf, closed="left", allowed="a whole number of threads >= 1"))
class thread_limits:  # noqa: N801 - used as a function, like threadpoolctl.threadpool_limits
    """Limit the threads of the numeric functions inside a ``with`` block.

    Parameters
    ----------
    limits : int
        At most this many threads (>= 1); ``thread_limits(1)`` evaluates on the calling thread alone.
    """

    def __init__(self, limits) -> None:
        self.limits = int(limits)
        self._tokens: list = []

    def __enter__(self):
        self._tokens.append(_LIMIT.set(self.limits))
        return self

    def __exit__(self, *exc) -> Literal[False]:
        _LIMIT.reset(self._tokens.pop())
        return False
