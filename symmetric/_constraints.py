"""Parameter constraints as data, in the spirit of scikit-learn's ``validate_params``.

A public function declares, next to its definition, what each argument may
be: ``@declare(beta=Interval(float, 0, inf, closed="both"), ...)``. The
declaration is a dict param -> constraint stored as the function's
``parameter_constraints``; the function's checks read the same objects
(their ``check`` raises :class:`InvalidParameterError` naming the argument,
the value and the allowed range), and the test suite generates the bad-input
cases of every public function from them (``invalid_values``). Declaring
adds no wrapper: the function is returned unchanged, so a call costs nothing
more. A function checks its arguments either one by one with the declared
objects or all at once on entry (``validate(func, locals())``); a bound that
depends on the data narrows the declared one (``Interval.up_to``).

>>> from math import inf
>>> BETA = Interval(float, 0, inf, closed="both")
>>> BETA.allowed
'a float in the range [0.0, inf]'
>>> BETA.check(2, name="beta", func="fbeta_score")
2
>>> BETA.check(-1, name="beta", func="fbeta_score")
Traceback (most recent call last):
    ...
symmetric._validation.InvalidParameterError: The 'beta' parameter of fbeta_score must be a float in the range [0.0, inf]. Got -1 instead.
>>> Options(["binary", "macro"], none=True).allowed
"a str among {'binary', 'macro'} or None"
"""

from __future__ import annotations

import math
import numbers
from typing import Callable

from ._validation import InvalidParameterError

__all__ = ["Constraint", "Interval", "Options", "Predicate", "declare", "constraints_of", "validate"]


class Constraint:
    """What an argument may be: ``allowed`` (the text of the error), a test, and values that fail it."""

    allowed: str = ""

    def is_satisfied_by(self, value) -> bool:
        raise NotImplementedError

    def invalid_values(self) -> tuple:
        """Values this constraint refuses, for the generated tests."""
        raise NotImplementedError

    def describe(self, func: str) -> str:
        """The allowed values as the error of ``func`` states them."""
        return self.allowed

    def check(self, value, *, name: str, func: str, error=InvalidParameterError, note: str = ""):
        """Return ``value`` if it satisfies the constraint, else raise ``error`` naming ``name`` and ``value``.

        ``note`` follows the allowed values in the message (why a bound that depends on the data is where it is).
        """
        if self.is_satisfied_by(value):
            return value
        raise error.of(name, func, self.describe(func) + note, value)


def _real(value) -> bool:
    return isinstance(value, numbers.Real) and not isinstance(value, bool) and type(value).__name__ != "bool_"


class Interval(Constraint):
    """A real (``float``) or integer (``int``) number between ``left`` and ``right``.

    ``closed`` is "both", "left", "right" or "neither"; an infinite end is
    allowed only when that end is closed. ``none`` also allows None.
    """

    def __init__(self, kind, left, right, *, closed: str = "both", none: bool = False):
        if kind not in (float, int) or closed not in ("both", "left", "right", "neither"):
            raise InvalidParameterError.of("kind", "Interval", "float or int, and a valid closed", (kind, closed))
        self.kind, self.left, self.right, self.closed, self.none = kind, left, right, closed, none

        def shown(x):
            return repr(float(x)) if kind is float else ("inf" if math.isinf(x) else str(int(x)))

        lo = "[" if closed in ("both", "left") else "("
        hi = "]" if closed in ("both", "right") else ")"
        article = "a float" if kind is float else "an int"
        self.allowed = f"{article} in the range {lo}{shown(left)}, {shown(right)}{hi}" + (" or None" if none else "")

    def is_satisfied_by(self, value) -> bool:
        if value is None:
            return self.none
        if not _real(value) or (self.kind is int and not isinstance(value, numbers.Integral)):
            return False
        if math.isnan(value):
            return False
        above = value >= self.left if self.closed in ("both", "left") else value > self.left
        below = value <= self.right if self.closed in ("both", "right") else value < self.right
        return above and below

    def up_to(self, right) -> "Interval":
        """This interval with its upper end lowered to ``right`` (included): a bound that depends on the data.

        >>> Interval(int, 2, math.inf, closed="left").up_to(100).allowed
        'an int in the range [2, 100]'
        """
        closed = "both" if self.closed in ("both", "left") else "right"
        return Interval(self.kind, self.left, right, closed=closed, none=self.none)

    def invalid_values(self) -> tuple:
        out = ["1", True, math.nan]
        for end, closed, step in (
            (self.left, self.closed in ("both", "left"), -1),
            (self.right, self.closed in ("both", "right"), 1),
        ):
            if not math.isinf(end):
                out.append(self.kind(end + step) if closed else self.kind(end))
            elif not closed:
                out.append(end)
        if self.kind is int and not math.isinf(self.right):
            out.append(float(self.right))
        if not self.none:
            out.append(None)
        return tuple(out)


class Options(Constraint):
    """One of a set of values (``"warn"``, ``0``...); ``none`` also allows None."""

    def __init__(self, options, *, none: bool = False, allowed: str | None = None, invalid: tuple = ("mean",)):
        self.options, self.none, self._invalid = tuple(options), none, tuple(invalid)
        names = ", ".join(repr(o) for o in sorted(self.options, key=repr))
        self.allowed = allowed or "a str among {" + names + "}" + (" or None" if none else "")

    def is_satisfied_by(self, value) -> bool:
        if value is None:
            return self.none
        return any(type(value) is type(o) and value == o for o in self.options if isinstance(o, str)) or any(
            _real(value) and not isinstance(o, str) and (value == o or (math.isnan(o) and math.isnan(value)))
            for o in self.options
        )

    def invalid_values(self) -> tuple:
        return self._invalid + (() if self.none else (None,))


class Predicate(Constraint):
    """Any test, with its text and its refused values: "array-like", "boolean", an instance of a type."""

    def __init__(self, allowed: str, test: Callable[[object], bool], invalid: tuple):
        self.allowed, self._test, self._invalid = allowed, test, tuple(invalid)

    def is_satisfied_by(self, value) -> bool:
        return bool(self._test(value))

    def invalid_values(self) -> tuple:
        return self._invalid


def declare(**constraints: Constraint):
    """Attach ``constraints`` (param -> Constraint) to a function as its ``parameter_constraints``."""
    for name, c in constraints.items():
        if not isinstance(c, Constraint):
            raise InvalidParameterError.of(name, "declare", "a Constraint", c)

    def attach(func):
        func.parameter_constraints = dict(constraints)
        return func

    return attach


def constraints_of(func) -> dict:
    """The declared constraints of ``func`` (empty when it declares none)."""
    return dict(getattr(func, "parameter_constraints", {}))


def validate(func, arguments, *, error=InvalidParameterError) -> None:
    """Check ``arguments`` (name -> value; a function's ``locals()`` on entry) against ``func``'s declaration.

    Every declared parameter is checked, in the order of the declaration, so a
    function that calls this first refuses a bad option even where the option
    would not be used (``n_resamples`` without the bootstrap), as scikit-learn does.

    >>> @declare(level=Interval(float, 0, 1, closed="neither"))
    ... def interval(*, level=0.95):
    ...     validate(interval, locals())
    ...     return level
    >>> interval(level=1.5)
    Traceback (most recent call last):
        ...
    symmetric._validation.InvalidParameterError: The 'level' parameter of interval must be a float in the range (0.0, 1.0). Got 1.5 instead.
    """
    for name, constraint in constraints_of(func).items():
        constraint.check(arguments[name], name=name, func=func.__name__, error=error)
