"""The metric domain, decided in one place: precision and recall lie in (0, 1].

``check(..., domain="unit")`` adds ``P <= 1`` and ``R <= 1`` for
:data:`symmetric.P` and :data:`symmetric.R` (:func:`unit_bounds`); the
sampling (which does not single out their 1 as a special value) and the proof
search (which splits on them last) recognise those conditions, and only those,
with :func:`is_unit_bound`. A user's ``gamma <= 1`` is an ordinary condition:
its 1 is a special value to sample, and a split to try first.

>>> from symmetric import P, R, gamma
>>> unit_bounds({P, gamma})
(P <= 1,)
>>> is_unit_bound(P <= 1), is_unit_bound(R <= 1), is_unit_bound(gamma <= 1), is_unit_bound(P < 1)
(True, True, False, False)
"""

from __future__ import annotations

import sympy

from ... import symbols as _symbols

__all__ = ["UNIT_SYMBOLS", "unit_bounds", "is_unit_bound"]

#: The symbols the unit domain bounds by 1.
UNIT_SYMBOLS = (_symbols.P, _symbols.R)


def unit_bounds(free_symbols) -> tuple:
    """The conditions of the unit domain for these free symbols: ``P <= 1``, ``R <= 1`` where they occur."""
    return tuple(s <= 1 for s in UNIT_SYMBOLS if s in free_symbols)


def is_unit_bound(condition) -> bool:
    """Whether ``condition`` is one of the unit domain's bounds (``P <= 1`` or ``R <= 1``)."""
    return isinstance(condition, sympy.LessThan) and condition.lhs in UNIT_SYMBOLS and condition.rhs == 1
