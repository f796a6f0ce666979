"""Pairs of values: ``a \\pm b`` and an interval ``(c, d)``, read as two values checked together.

``70 \\pm 1.96 \\times 1 = (68.04, 71.96)`` states two equations at once: ``70 - 1.96 = 68.04`` and
``70 + 1.96 = 71.96``. The parser reads ``\\pm`` as a marker :data:`PLUS_MINUS` standing for the sign (``-1`` for
the lower value, ``+1`` for the upper one; ``\\mp`` is its opposite) and an interval ``(c, d)`` as
``c + (PLUS_MINUS + 1)/2 (d - c)``, which is ``c`` at ``-1`` and ``d`` at ``+1``. A step with a pair on both sides
is checked once per sign, the same sign on both sides: proven when both values are, refuted when one of them is
wrong under every reading. A pair on one side only (``x = 1 \\pm 2``: two values, one quantity) is not decided.

>>> import sympy
>>> lower, upper = components(sympy.Integer(70) + PLUS_MINUS * sympy.Rational(49, 25))
>>> lower, upper
(1701/25, 1799/25)
>>> components(interval(sympy.Rational(1701, 25), sympy.Rational(1799, 25))) == (lower, upper)
True
"""

from __future__ import annotations

import sympy

__all__ = ["PLUS_MINUS", "SIGNS", "components", "has_pair", "interval"]

#: The sign of a pair: -1 for its lower value, +1 for its upper one (never seen by the engine).
PLUS_MINUS = sympy.Symbol("\u00b1")
#: The two signs a pair is checked at, with the words of each.
SIGNS = ((-1, "the lower value (with \u2212)"), (1, "the upper value (with +)"))


def interval(lower, upper) -> sympy.Expr:
    """``(lower, upper)`` as one expression in :data:`PLUS_MINUS`."""
    return lower + (PLUS_MINUS + 1) / 2 * (upper - lower)


def has_pair(expr) -> bool:
    """Whether ``expr`` holds a pair of values."""
    return PLUS_MINUS in getattr(expr, "free_symbols", ())


def components(expr) -> tuple:
    """The lower and the upper value of ``expr``."""
    return tuple(expr.xreplace({PLUS_MINUS: sign}) for sign, _ in SIGNS)
