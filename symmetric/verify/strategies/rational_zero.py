"""Is a difference zero as a rational function? ``cancel``'s answer, without its slow expansion when it is yes.

``sympy.cancel(e) == 0`` decides whether ``e`` is zero as a rational
function of its atoms, but it gets there by ``Expr.expand`` of the whole
numerator, which is slow for a product of many sums (a 9-variable
micro-average: 4 s). :func:`cancels_to_zero` first rebuilds the numerator of
``together(e)`` in a sparse polynomial ring over Q, one sum or product at a
time, with every subexpression that is not a sum, a product, a rational
number or a power with a positive integer exponent standing for an
independent indeterminate. When that polynomial is 0, the numerator is 0
whatever values the indeterminates take, so ``e`` is 0 wherever it is
defined, and ``cancel`` (whose generators are obtained from the same
subexpressions) would have given 0 too. Otherwise ``cancel`` decides, so
the answer is always ``cancel``'s.

What it trusts: SymPy's ``together`` as an identity, and the sparse
polynomial arithmetic of ``sympy.polys.rings`` over Q.

>>> import sympy
>>> from symmetric import P, R, beta
>>> f = (1 + beta**2) * P * R / (beta**2 * P + R)
>>> cancels_to_zero(f - (1 + beta**2) / (beta**2 / R + 1 / P))
True
>>> cancels_to_zero(f - 2 * P * R / (P + R))
False

The trap: in the fast test every other subexpression is an independent
indeterminate, so an identity that needs a rule about them (here
``log(P*R) = log(P) + log(R)`` for positive ``P`` and ``R``, which ``cancel``'s
expansion applies) is not shown there; ``False`` from it means "not shown",
and :func:`cancels_to_zero` then asks ``cancel``.

>>> e = sympy.log(P * R) - sympy.log(P) - sympy.log(R)
>>> numerator_is_zero(e), cancels_to_zero(e)
(False, True)
"""

from __future__ import annotations

import sympy
from sympy.polys.domains import QQ
from sympy.polys.rings import PolyRing

from ..core.memo import memoized
from ..core.relations import ZERO
from ..core.statement import HOLDS
from ..core.substitution import substitute
from ..core.sympy_errors import SYMPY_ERRORS
from ..evidence.admissible import satisfies_assumptions
from ..signs.decide import assumed_in

__all__ = ["cancels_to_zero", "differs_somewhere", "is_zero", "numerator_is_zero"]


def is_zero(expr) -> bool:
    """Whether ``expr`` is zero as built, or by SymPy's assumptions where they are trusted
    (:func:`~symmetric.verify.signs.decide.assumed_in`)."""
    return expr == 0 or assumed_in(expr, ZERO)


def _atoms(expr, out: dict) -> None:
    """Collect the indeterminates of ``expr`` (every node that is not +, *, a rational, or ``**`` a positive integer)."""
    if expr.is_Rational:
        return
    if expr.is_Add or expr.is_Mul:
        for a in expr.args:
            _atoms(a, out)
        return
    if expr.is_Pow and expr.exp.is_Integer and expr.exp > 0:
        _atoms(expr.base, out)
        return
    out.setdefault(expr, None)


def numerator_is_zero(numerator, denominator=sympy.S.One) -> bool:
    """Whether ``numerator`` is the zero polynomial in its indeterminates and ``denominator`` is not.

    Only ``True`` is an answer; ``False`` means "not shown here" (see the
    module docstring).
    """
    parts = (numerator, denominator)
    if not all(isinstance(e, sympy.Expr) and e.is_commutative for e in parts) or any(
        e.has(sympy.Piecewise, sympy.Float) for e in parts
    ):  # floats are not exact: cancel decides
        return False
    gens: dict = {}
    for e in parts:
        _atoms(e, gens)
    if not gens:
        return numerator == 0 and denominator != 0
    ring = PolyRing(tuple(gens), QQ)
    mapping = dict(zip(ring.symbols, ring.gens))

    def rebuild(e):
        if e.is_Rational:
            return ring.ground_new(QQ.convert(e))
        g = mapping.get(e)
        if g is not None:
            return g
        if e.is_Add:
            out = ring.zero
            for a in e.args:
                out += rebuild(a)
            return out
        if e.is_Mul:
            out = ring.one
            for a in e.args:
                out *= rebuild(a)
            return out
        return rebuild(e.base) ** int(e.exp)  # a power with a positive integer exponent

    return not rebuild(numerator) and bool(rebuild(denominator))


# Nodes that bind no variable: a Piecewise among only these is evaluated at the same point as the others.
_FREE_NODES = (
    sympy.Atom,
    sympy.Add,
    sympy.Mul,
    sympy.Pow,
    sympy.Function,
    sympy.Piecewise,
    sympy.functions.elementary.piecewise.ExprCondPair,
    sympy.core.relational.Relational,
    sympy.logic.boolalg.BooleanFunction,
    sympy.logic.boolalg.BooleanAtom,
)


def _branches(expr):
    """``expr`` once per branch, every Piecewise replaced by that branch's expression; None when not sound.

    Only when all the Piecewise nodes have the same conditions in the same
    order, none is inside another, and no node binds a variable (inside a
    ``Limit`` over ``rho`` a condition on ``rho`` is not evaluated at the
    point's ``rho``).
    """
    pieces = expr.atoms(sympy.Piecewise)
    conditions = {tuple(c for _, c in pw.args) for pw in pieces}
    if (
        len(conditions) != 1
        or any(other.has(sympy.Piecewise) for pw in pieces for other in pw.args)
        or not all(isinstance(node, _FREE_NODES) for node in sympy.preorder_traversal(expr))
    ):
        return None
    return [expr.xreplace({pw: pw.args[i].expr for pw in pieces}) for i in range(len(conditions.pop()))]


def cancels_to_zero(expr) -> bool:
    """Whether ``sympy.cancel(sympy.together(expr))`` is zero, decided the fast way when it is.

    When every ``Piecewise`` of ``expr`` has the same conditions in the same
    order, each point selects the same branch of all of them, so ``expr`` is
    zero where it is defined exactly when, for each branch, ``expr`` with
    every ``Piecewise`` replaced by that branch is. That is decided branch by
    branch, without ``Piecewise``. It shows whatever ``cancel`` shows, which
    treats each (inwardly cancelled) ``Piecewise`` as an indeterminate: a
    rational function that is zero in independent indeterminates stays zero
    whatever is put in their place, unless a branch makes a denominator
    vanish identically (then nothing is defined where that branch applies,
    and the answer here is False, "not shown"). The branches are also where
    ``cancel`` spends its time on such input, mostly to fail.

    >>> from sympy import Eq, Piecewise
    >>> from symmetric import P, rho
    >>> g = Piecewise((P, Eq(rho, 0)), (P**rho / P**(rho - 1), True))
    >>> h = Piecewise((P**2 / P, Eq(rho, 0)), (P, True))
    >>> cancels_to_zero(g - h), cancels_to_zero(g - P), cancels_to_zero(g - 2 * P)
    (True, True, False)

    The trap: a branch need not be reachable, and an identity that holds only
    on the reachable branches is not shown here (nor by ``cancel``); the
    case split on the conditions (:mod:`symmetric.verify.signs.cases`) decides it.

    >>> unreachable = Piecewise((P, rho > 1), (2 * P, rho > 2), (P, True))  # the middle branch never applies
    >>> cancels_to_zero(unreachable - P)
    False

    A bound variable is not the point's: at ``rho = 0`` the limit below is
    ``2`` and the Piecewise ``1``. A Piecewise under a node that binds a
    variable is not split into branches; ``cancel`` decides.

    >>> from sympy import Limit
    >>> g = Piecewise((1, Eq(rho, 0)), (2, True))
    >>> _branches(Limit(g, rho, 0) - g) is None, cancels_to_zero(Limit(g, rho, 0) - g)
    (True, False)
    """
    branches = _branches(expr) if isinstance(expr, sympy.Expr) and expr.has(sympy.Piecewise) else None
    if branches is not None:
        return all(cancels_to_zero(b) for b in branches)
    together = sympy.together(expr)
    if isinstance(together, sympy.Expr) and numerator_is_zero(*together.as_numer_denom()):
        return True
    return is_zero(sympy.cancel(together))


# Values tried for each free symbol, in order; the first one its assumptions admit is used.
_TRIAL_VALUES = tuple(
    sympy.Rational(p, q)
    for p, q in ((2, 1), (3, 1), (2, 7), (3, 11), (-2, 1), (-3, 1), (-2, 7), (1, 1), (-1, 1), (0, 1))
)


def _trial_points(symbols):
    """Up to two points with admissible rational values: integers first (rational powers), then fractions."""
    symbols = sorted(symbols, key=sympy.default_sort_key)
    points: list[dict] = []
    for values in (_TRIAL_VALUES, _TRIAL_VALUES[2:] + _TRIAL_VALUES[:2]):
        point = {}
        for s in symbols:
            value = next((v for v in values if satisfies_assumptions(s, v)), None)
            if value is None:
                return points
            point[s] = value
        points.append(point)
    return points


@memoized
def differs_somewhere(lhs, rhs, relation: str = "==") -> bool:
    """Whether ``lhs <relation> rhs`` fails, exactly, at a point its symbols' assumptions admit.

    Then no identity or sign argument that uses only those assumptions (the
    direct strategies: ``cancel``, ``powsimp``, ``simplify``, SymPy's sign
    assumptions, ...) can prove it, and they need not run. The point's values
    are rational; only a rational result counts, compared exactly. ``False``
    means "no such point found", not that the statement holds.

    >>> from symmetric import P, R, beta
    >>> differs_somewhere(P * R, R * P), differs_somewhere((P + R)**2, P**2 + R**2)
    (False, True)
    >>> differs_somewhere(P**beta, P, "<=")  # P = 2, beta = 3: 8 > 2
    True
    """
    holds = HOLDS[relation]
    free = set().union(*(e.free_symbols for e in (lhs, rhs) if isinstance(e, sympy.Basic)))
    if not free:
        return False
    for point in _trial_points(free):
        try:
            values = [sympy.sympify(substitute(e, point)) for e in (lhs, rhs)]
        except SYMPY_ERRORS:
            continue
        if all(isinstance(v, sympy.Rational) for v in values) and not holds(*values):
            return True
    return False
