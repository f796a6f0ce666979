"""The one sign decider's registry: sign rules as handlers registered per expression type.

Every rule that decides a sign is a handler ``rule(expr, context)``
registered for an expression type (``sympy.Pow``, ``sympy.Abs``, ...) and a
*calculus*, the question it answers (as SymPy registers its assumption
handlers per class): ``"domain"``, the sign set of an expression on a
:class:`~.domain.Domain` (:class:`~.decide.SignOracle`, whose context is
the oracle itself), and ``"counts"``, the sign of a factor of a ratio of
nonnegative counts under stated positive conditions
(:mod:`symmetric.verify.inequalities.count_signs`). :func:`decide` finds the
handler through the type's method resolution order, so a subclass (the
guarded ``atan`` of :mod:`symmetric.verify.core.trust`) gets its base's
rule; an expression with no rule has no sign. Every sign of a number comes
from :mod:`symmetric.verify.core.numbers` (ball arithmetic), through the
handlers of ``sympy.Number`` and of constants.

>>> import sympy
>>> @register_sign_rule("example", sympy.exp)
... def _positive(expr, context):
...     return "positive"
>>> decide("example", sympy.exp(sympy.Symbol("x")), None), decide("example", sympy.Symbol("x"), None)
('positive', None)
>>> del SIGN_RULES["example"]
"""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["SIGN_RULES", "register_sign_rule", "rule_for", "decide"]

#: ``{calculus: {expression type: handler}}``.
SIGN_RULES: dict[str, dict[type, Callable]] = {}


def register_sign_rule(calculus: str, *types: type) -> Callable:
    """Register the decorated ``rule(expr, context)`` for ``types`` in ``calculus``."""

    def register(rule: Callable) -> Callable:
        table = SIGN_RULES.setdefault(calculus, {})
        for t in types:
            table[t] = rule
        return rule

    return register


def rule_for(calculus: str, expr) -> Callable | None:
    """The handler of ``calculus`` for the most specific type of ``expr`` that has one."""
    table = SIGN_RULES.get(calculus, {})
    for cls in type(expr).__mro__:
        rule = table.get(cls)
        if rule is not None:
            return rule
    return None


def decide(calculus: str, expr, context):
    """What the rule of ``calculus`` for ``expr``'s type says (None when no rule applies)."""
    rule = rule_for(calculus, expr)
    return None if rule is None else rule(expr, context)
