"""G's boundary facts, read from the committed generated code: no SymPy, no proof script at run time.

``symmetric.metrics._generated.BOUNDARY_LIMITS`` holds, for intervals of rho,
the symbol G_{beta,rho} tends to as beta -> 0 and beta -> oo, and where it
tends to a positive multiple of P as R -> 0, each row with the id of the
claim that proves it (:attr:`symmetric.families.Family.limits` names them;
``python -m symmetric.generate`` writes the rows from the claims, and
a test fails when they are stale).

>>> limit_side("beta", 0, rho=-2.0)   # claim errata.g.beta_zero.rho_negative
'P'
>>> limit_side("beta", 0, rho=0.0)    # claim errata.g.beta_zero.rho_zero
'R'
>>> tends_to_zero_with_recall(-1.0), tends_to_zero_with_recall(0.5)  # claim scores.g_at_zero_recall_depends_on_precision
(True, False)
"""

from __future__ import annotations

import math

from .._validation import InvalidParameterError
from ._generated import BOUNDARY_LIMITS

__all__ = ["limit_side", "tends_to_zero_with_recall", "rows_for"]


def _inside(x: float, lo: float, hi: float, lo_closed: bool, hi_closed: bool) -> bool:
    return (lo < x or (lo_closed and x == lo)) and (x < hi or (hi_closed and x == hi))


def rows_for(limit: str, rho: float) -> list[tuple]:
    """The rows of ``BOUNDARY_LIMITS`` for ``limit`` (``"beta -> 0"``) whose interval holds ``rho``."""
    return [row for row in BOUNDARY_LIMITS if row[0] == limit and _inside(rho, *row[1:5])]


def limit_side(variable: str, point: float, *, rho: float) -> str | None:
    """``"P"`` or ``"R"``: what G_{beta,rho} tends to as ``variable -> point`` (beta -> 0 or oo), per its claims.

    None when no claim gives the limit at this rho.
    """
    if point not in (0, math.inf):
        raise InvalidParameterError.of("point", "limit_side", "0 or inf", point)
    sides = {row[5] for row in rows_for(f"{variable} -> {'0' if point == 0 else 'oo'}", float(rho))}
    return sides.pop() if len(sides) == 1 else None


def tends_to_zero_with_recall(rho: float) -> bool:
    """Whether G tends to 0 when R (or P) does, whatever the other is: outside the claim's rho > -1."""
    return not rows_for("R -> 0", float(rho))
