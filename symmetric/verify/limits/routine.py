"""Sound limits: one-sided, branch-aware, and exact about the parameters they depend on.

:func:`limit_value` evaluates a ``sympy.Limit`` without SymPy's ``limit``,
whose answers are unsound here: it takes the Piecewise branch that holds *at*
the point, ignores the direction, answers for ``'+-'`` when the one-sided
limits differ, and assumes that coefficients made of parameters are nonzero.
Instead:

* the limit variable is written ``x = a + t``, ``a - t``, ``1/t`` or
  ``-1/t`` with ``t -> 0+`` (bound variables of nested limits untouched);
* every step function (Piecewise, Heaviside, sign, Abs, Max, Min, floor,
  ceiling, frac) is replaced by the branch that holds on a one-sided
  neighbourhood of the point, decided from the sign of the leading term of
  each condition (:class:`~symmetric.verify.limits.asymptotic.Asymptotics`); a
  condition on the parameters alone is decided by SymPy's assumptions or the
  caller's facts, or the routine asks for a split;
* the limit of the branch-free body is computed by exact series arithmetic
  in which every sign is proven, never assumed;
* a two-sided limit is accepted only when both one-sided limits exist and
  are proven equal.

When the answer depends on the sign of a parameter expression (``P - 7*R``
as a leading coefficient, ``P - R`` between ``P**x`` and ``R**x``), the
routine raises :class:`NeedSign` with that expression, and the prover splits
the domain on it. What it cannot decide raises :class:`CannotDecide`; a limit
shown not to exist raises :class:`NoLimit`.

>>> import sympy
>>> from symmetric import P, R, rho
>>> limit_value(sympy.Limit(sympy.Piecewise((P, rho < 1), (R, True)), rho, 1, "-"))
P
>>> limit_value(sympy.Limit(sympy.Piecewise((P, sympy.Eq(sympy.floor(rho), 0)), (R, True)), rho, sympy.Rational(1, 2)))
P
>>> limit_value(sympy.Limit(sympy.Piecewise((P, rho > 0), (R, True)), rho, 0, "+-"))
Traceback (most recent call last):
    ...
symmetric.verify.limits.limit_signs.NeedSign: P - R
>>> x = sympy.Symbol("x", positive=True)
>>> limit_value(sympy.Limit(((P - 7*R)*x + 1) / ((P - 7*R)*x + 2), x, sympy.oo))
Traceback (most recent call last):
    ...
symmetric.verify.limits.limit_signs.NeedSign: P - 7*R
"""

from __future__ import annotations

import sympy
from sympy.concrete.expr_with_limits import ExprWithLimits

from ..core.substitution import substitute
from ..signs.decide import sign_target
from .asymptotic import Asymptotics
from .limit_signs import LOG_T, CannotDecide, NeedSign, Signs, T

__all__ = ["limit_value", "replace_limits", "NoLimit", "NeedSign", "CannotDecide", "LIMIT_TRUST"]

#: What a limit computed here trusts.
LIMIT_TRUST = (
    "the engine's own limit routine (branches of step functions decided on a one-sided "
    "neighbourhood, exact series arithmetic with symbolic coefficients in SymPy, every needed "
    "sign proven by the sign rules of signs.py (SymPy assumptions, exact normal forms, interval "
    "arithmetic and monotone transforms on the conditions), never assumed)"
)


class NoLimit(Exception):
    """The limit does not exist: the one-sided limits are proven different."""

    def __init__(self, left, right) -> None:
        super().__init__(f"the one-sided limits differ: {sympy.sstr(left)} from below, {sympy.sstr(right)} from above")
        self.left, self.right = left, right


def _side_inside_domain(var, x_expr, asym: Asymptotics) -> bool:
    """Whether ``x_expr`` (in ``t -> 0+``) stays inside the sign assumptions of ``var``."""
    wanted = {"positive": (1,), "negative": (-1,), "nonnegative": (0, 1), "nonpositive": (-1, 0)}
    for name, allowed in wanted.items():
        if var.assumptions0.get(name):
            if asym.eventual_sign(x_expr) not in allowed:
                return False
    return True


def _prepare_body(body, var):
    """The body with derivatives evaluated; unsupported binders of ``var`` refused."""
    body = body.replace(lambda e: isinstance(e, (sympy.Derivative, sympy.Subs)), lambda e: e.doit())
    for node in sympy.preorder_traversal(body):
        if isinstance(node, (ExprWithLimits, sympy.Lambda)) and var in node.free_symbols:
            raise CannotDecide(f"{type(node).__name__} in the body of a limit")
    return body


def one_sided(body, var, point, side: int, facts=()) -> sympy.Expr:
    """The limit of ``body`` as ``var`` tends to ``point`` from the side ``side`` (+1 above, -1 below).

    ``point`` may be ``oo`` or ``-oo`` (then ``side`` is ignored). Returns the
    value (possibly ``oo`` or ``-oo``).
    """
    asym = Asymptotics(facts)
    if point is sympy.oo:
        x_expr = 1 / T
    elif point is -sympy.oo:
        x_expr = -1 / T
    else:
        x_expr = point + side * T
    if not _side_inside_domain(var, x_expr, asym):
        raise CannotDecide(f"{var} cannot approach {point} from {'above' if side > 0 else 'below'} inside its domain")
    e = substitute(body, {var: x_expr})
    if e.has(LOG_T):  # pragma: no cover - the dummies never occur in user input
        raise CannotDecide("internal symbol in the body")
    kind, value = asym.limit(e)
    if kind == "infinite":
        return sympy.oo if value > 0 else -sympy.oo
    return value


def limit_value(limit: sympy.Limit, *, facts=(), bound=frozenset()) -> sympy.Expr:
    """The exact value of ``limit`` (``oo`` and ``-oo`` included).

    Parameters
    ----------
    limit : sympy.Limit
        Inner limits in its body are evaluated first.
    facts : iterable of relations
        Conditions known to hold on the parameters.

    Raises
    ------
    NeedSign
        The value depends on the sign of ``exc.expr``, a parameter expression.
    NoLimit
        The one-sided limits exist and differ.
    CannotDecide
        Anything else the routine cannot establish.
    """
    body, var, point, direction = limit.args
    if not isinstance(var, sympy.Symbol) or var.is_integer or var.is_extended_real is False:
        raise CannotDecide(f"limits in {var} (not a real variable) are not handled")
    if point.has(var) or point.has(sympy.nan, sympy.zoo) or point.is_extended_real is False:
        raise CannotDecide(f"limit point {sympy.sstr(point)}")
    body = replace_limits(body, facts=facts, bound=set(bound) | {var})
    body = _prepare_body(body, var)
    if point in (sympy.oo, -sympy.oo):
        return one_sided(body, var, point, 1, facts)
    direction = str(direction)
    if direction == "+":
        return one_sided(body, var, point, 1, facts)
    if direction == "-":
        return one_sided(body, var, point, -1, facts)
    above = one_sided(body, var, point, 1, facts)
    below = one_sided(body, var, point, -1, facts)
    return _two_sided(below, above, facts)


def _two_sided(below, above, facts):
    if below == above:
        return above
    infinite = {sympy.oo, -sympy.oo}
    if below in infinite or above in infinite:
        raise NoLimit(below, above)
    signs = Signs(facts)
    s = signs.sign(above - below)
    if s == 0:
        return above
    if s is None:
        raise NeedSign(sign_target(above - below))
    raise NoLimit(below, above)


def replace_limits(expr, *, facts=(), bound=frozenset()) -> sympy.Basic:
    """``expr`` with every ``Limit`` replaced by its value, innermost first.

    ``bound`` holds variables bound by an enclosing limit: an inner limit
    whose value depends on their sign cannot be split on, so it is
    "cannot decide".
    """
    if not isinstance(expr, sympy.Basic) or not expr.has(sympy.Limit):
        return expr
    if isinstance(expr, sympy.Limit):
        try:
            return limit_value(expr, facts=facts, bound=bound)
        except NeedSign as need:
            if need.expr.free_symbols & set(bound):
                raise CannotDecide(f"an inner limit depends on the sign of {sympy.sstr(need.expr)}") from None
            raise
    args = [replace_limits(a, facts=facts, bound=bound) for a in expr.args]
    return expr.func(*args)
