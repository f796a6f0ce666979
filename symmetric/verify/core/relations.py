"""The one relation table: for each relation, its SymPy class, its sign set and the comparison it makes.

A *sign set* is the set of signs (-1, 0, 1) an expression can take on a
domain (see :mod:`symmetric.verify.signs.decide`). A relation ``a <op> b``
holds exactly where the sign of ``a - b`` is in the relation's ``signs``;
``compare`` makes the comparison between two numbers (exact rationals, mpmath
values, SymPy numbers, the signs -1, 0, 1) or builds it between two z3
expressions; ``assumption`` names SymPy's assumption query that says the
difference has such a sign (asked by :meth:`Relation.assumed`, the one place
that reads it; :func:`symmetric.verify.signs.decide.assumed_in` is the sign
decision built on it). Every table of the engine keyed on relations is a
view of this one.

>>> import sympy
>>> from symmetric import P, R
>>> r = relation_of(P <= R)
>>> r.text, sorted(r.signs), r.compare(1, 2), r.assumption
('<=', [-1, 0], True, 'is_nonpositive')
>>> relation_of(sympy.And(P < 1, R < 1)) is None
True
>>> RELATION_OF_SIGNS[POS].cls is sympy.StrictGreaterThan
True
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from dataclasses import dataclass

import sympy

from .numbers import assumed

__all__ = [
    "POS",
    "NEG",
    "ZERO",
    "NONNEG",
    "NONPOS",
    "NONZERO",
    "ANY",
    "Relation",
    "RELATION_TABLE",
    "relation_of",
    "RELATION_OF_TEXT",
    "RELATION_OF_SIGNS",
]

POS = frozenset({1})
NEG = frozenset({-1})
ZERO = frozenset({0})
NONNEG = frozenset({0, 1})
NONPOS = frozenset({-1, 0})
NONZERO = frozenset({-1, 1})
ANY = frozenset({-1, 0, 1})


@dataclass(frozen=True)
class Relation:
    """One relation: ``a <text> b``, spelled ``cls(a, b)`` in SymPy, holds where ``sign(a - b)`` is in ``signs``."""

    text: str
    cls: type
    signs: frozenset
    compare: Callable
    assumption: str

    def assumed(self, difference) -> bool | None:
        """SymPy's assumption system asked whether ``difference`` has a sign in ``signs`` (True, False or None).

        Every constant of ``difference`` other than a rational is first replaced by a symbol carrying only
        the sign ball arithmetic proves (:func:`symmetric.verify.core.numbers.assumed`), so the answer never
        rests on SymPy's evaluation of a number. It does not guard against expressions whose assumptions
        SymPy gets wrong: a sign decision asks :func:`symmetric.verify.signs.decide.assumed_in`.
        """
        return assumed(self.assumption, difference)

    def holds_for_signs(self, signs: frozenset) -> bool | None:
        """True when every sign in ``signs`` satisfies the relation, False when none does, else None."""
        if signs <= self.signs:
            return True
        if not signs & self.signs:
            return False
        return None


RELATION_TABLE = (
    Relation("==", sympy.Eq, ZERO, operator.eq, "is_zero"),
    Relation("!=", sympy.Ne, NONZERO, operator.ne, "is_nonzero"),
    Relation("<", sympy.StrictLessThan, NEG, operator.lt, "is_negative"),
    Relation("<=", sympy.LessThan, NONPOS, operator.le, "is_nonpositive"),
    Relation(">", sympy.StrictGreaterThan, POS, operator.gt, "is_positive"),
    Relation(">=", sympy.GreaterThan, NONNEG, operator.ge, "is_nonnegative"),
)
_OF_CLASS = {r.cls: r for r in RELATION_TABLE}
#: The relation spelled ``text`` (``"<="``).
RELATION_OF_TEXT = {r.text: r for r in RELATION_TABLE}
#: The relation that holds exactly where a difference has these signs.
RELATION_OF_SIGNS = {r.signs: r for r in RELATION_TABLE}


def relation_of(condition) -> Relation | None:
    """The relation of a SymPy relational (``P <= R``), None for anything else."""
    return _OF_CLASS.get(type(condition))
