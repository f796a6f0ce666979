"""What the functions of the counts take: exact numbers in a range, counts, and where a count metric is defined.

Declared by :mod:`symmetric.families.counts`, :mod:`~symmetric.families.confusion` and
:mod:`~symmetric.families.uncertainty` (:mod:`symmetric._constraints`); each value is passed on as an exact
SymPy expression, checked and converted once.
"""

from __future__ import annotations

import sympy

from .._constraints import Constraint, Converting
from .._validation import InvalidParameterError
from ._parameters import allowed_text, parameter

__all__ = ["COUNT", "PREVALENCE", "RATE", "ExactRange", "defined"]


class ExactRange(Converting):
    """A number between ``low`` and ``high``, or a SymPy expression not known to lie outside; passed on exact.

    The body receives the value as an exact SymPy expression
    (:func:`~symmetric.families._parameters.parameter`: an int or a Fraction
    as a Rational, an integral float as an Integer), so it is checked and
    converted once. ``closed`` says which ends belong ("both", "left",
    "right", "neither").

    >>> COUNT.check(2.0, name="tp", func="precision")
    2
    >>> PREVALENCE.check(1, name="prevalence", func="reweighted")
    Traceback (most recent call last):
        ...
    symmetric.InvalidParameterError: The 'prevalence' parameter of reweighted must be a number in (0, 1) or a SymPy expression. Got 1 instead.
    """

    def __init__(self, low, high, *, closed: str, allowed: str, invalid: tuple) -> None:
        self.low, self.high = sympy.sympify(low), sympy.sympify(high)
        self.closed_low, self.closed_high = closed in ("both", "left"), closed in ("both", "right")
        self._allowed, self._invalid = allowed, invalid

    def _outside(self, p: sympy.Expr) -> bool:
        """Whether ``p`` is known to lie outside the range."""
        below, above = p - self.low, p - self.high
        return bool(
            (below.is_negative if self.closed_low else below.is_nonpositive)
            or (above.is_positive if self.closed_high else above.is_nonnegative)
        )

    def check(self, value, *, name: str, func: str, error=InvalidParameterError, note: str = ""):
        try:
            p = parameter(value, name=name, func=func, positive=False)
        except InvalidParameterError as exc:
            if exc.allowed == allowed_text(name=name, func=func, positive=False):
                p = None  # not a real number or expression: refused below, with this constraint's words
            else:  # a number too large to hold exactly: parameter's own words
                raise error.of(exc.param, exc.func, f"{exc.allowed}{note}", exc.got) from None
        if p is None or self._outside(p):
            raise error.of(name, func, self.describe(func) + note, value)
        return p

    def invalid_values(self) -> tuple:
        return self._invalid


#: A cell of the confusion matrix (a count, or a weighted count).
COUNT = ExactRange(
    0,
    sympy.oo,
    closed="left",
    allowed="a count: a finite number >= 0 or a SymPy expression",
    invalid=(-1, -0.5, float("nan"), float("inf"), "3", True, None, sympy.I, -sympy.Symbol("x", positive=True)),
)
#: The prevalence of positives in the data, a number in (0, 1).
PREVALENCE = ExactRange(
    0,
    1,
    closed="neither",
    allowed="a number in (0, 1) or a SymPy expression",
    invalid=(0, -0.5, 1, 1.5, float("nan"), float("inf"), "0.5", True, None, sympy.Integer(2), sympy.I),
)
#: A rate such as recall, a number in [0, 1].
RATE = ExactRange(
    0,
    1,
    closed="both",
    allowed="a number in [0, 1] or a SymPy expression",
    invalid=(-0.5, 1.5, float("nan"), "0.5", True, None, sympy.I),
)


class _Defined(Constraint):
    """Counts at which a metric is defined: its value (each value of a dict) is neither nan nor zoo."""

    on_result = True
    _allowed = "counts at which the metric is defined"

    def __init__(self, arity: int) -> None:
        self.arity = arity

    def describe(self, func: str) -> str:
        return (
            f"counts at which {func} is defined (not where a denominator of its definition is 0; scores from "
            "labels apply a zero_division policy there)"
        )

    def is_satisfied_by(self, value) -> bool:
        values = value.values() if isinstance(value, dict) else (value,)
        return not any(isinstance(v, sympy.Basic) and v.has(sympy.nan, sympy.zoo) for v in values)

    def invalid_values(self) -> tuple:
        return ((0,) * self.arity,)  # every count 0: every ratio of them is 0/0


def defined(*names: str) -> dict[str, Constraint]:
    """The declaration of the count arguments ``names``: each a :data:`COUNT`, and the result defined at them.

    >>> sorted(defined("tp", "fp"))
    ['fp', 'tp', 'tp, fp']
    """
    return {**{n: COUNT for n in names}, ", ".join(names): _Defined(len(names))}
