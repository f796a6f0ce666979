"""Parameter constraints as data, enforced by the declaration, in the spirit of scikit-learn's ``validate_params``.

A public function declares, next to its definition, what each argument may
be: ``@declare(beta=Interval(float, 0, inf, closed="both"), ...)``. The
declaration is a dict param -> constraint, stored as the function's
``parameter_constraints``, and it is enforced: :func:`declare` wraps the
function, and each call checks every declared argument the caller gave, in
the order of the signature, before the body runs, raising
:class:`InvalidParameterError` (its ``param`` the argument's name) with the
argument, the function, the allowed values and the value received. The
test suite generates the bad-input cases of every public function from the
same objects (``invalid_values``).

The check is cheap: no :class:`inspect.Signature` binding per call (the
position of each declared parameter is worked out once, at declaration),
defaults are not checked (a test checks each against its declaration), and
a constraint only tests the value it is given, never elements of an array.
Three kinds of constraint change what the wrapper does:

* a constraint that **converts** (``converts = True``, a family's
  :class:`~symmetric.families.Parameter`) passes the body the value its
  ``check`` returns (a number as an exact SymPy expression), so a value is
  resolved once;
* a constraint checked **in the body** (``in_body = True``: the values of an
  array, fused with the computation) is declared for the record and the
  generated tests, and the body checks it with the declared object;
* a bound that depends on the data narrows the declared one inside the body
  (``Interval.up_to``), or, when it depends on other arguments, in the
  declaration: a constraint that ``reads`` other arguments is narrowed to
  their values (:meth:`Constraint.narrowed`) before it checks;
* a condition on several arguments together, on what the body computes from
  them (a metric of counts is defined where no denominator of its definition
  vanishes), is checked on the result (``on_result = True``), declared under
  the arguments' names joined by ", " (``**{"tp, fp": ...}``): the error
  names them and shows their values.

A public function calling another declared one with arguments it has
checked already calls :func:`unchecked` of it (scikit-learn's
``prefer_skip_nested_validation``): the body, with no second check.

>>> from math import inf
>>> BETA = Interval(float, 0, inf, closed="both")
>>> BETA.allowed
'a float in the range [0.0, inf]'
>>> BETA.check(2, name="beta", func="fbeta_score")
2
>>> BETA.check(-1, name="beta", func="fbeta_score")
Traceback (most recent call last):
    ...
symmetric.InvalidParameterError: The 'beta' parameter of fbeta_score must be a float in the range [0.0, inf]. Got -1 instead.
>>> Options(["binary", "macro"], none=True).allowed
"a str among {'binary', 'macro'} or None"
>>> @declare(level=Interval(float, 0, 1, closed="neither"))
... def interval(values, *, level=0.95):
...     return level
>>> interval([1.0], level=1.5)
Traceback (most recent call last):
    ...
symmetric.InvalidParameterError: The 'level' parameter of interval must be a float in the range (0.0, 1.0). Got 1.5 instead.
>>> unchecked(interval)([1.0], level=1.5)     # the body alone: for arguments checked already
1.5
"""

from __future__ import annotations

import functools
import inspect
import math
import numbers
import types
from collections.abc import Callable
from typing import Any, TypeVar

from ._validation import InvalidParameterError

__all__ = [
    "Converting",
    "Rule",
    "BOOLEAN",
    "CALLABLE",
    "STRING",
    "Constraint",
    "Interval",
    "Options",
    "Predicate",
    "declare",
    "constraints_of",
    "unchecked",
]


class Constraint:
    """What an argument may be: ``allowed`` (the text of the error), a test, and values that fail it."""

    #: The text of ``allowed``, set by a subclass's ``__init__``; a subclass whose text is read live (the names in
    #: a registry that can grow) overrides the property instead.
    _allowed: str = ""
    #: The body receives the value :meth:`check` returns (a conversion), not the value given.
    converts: bool = False
    #: Checked by the function's body (on the data, fused with the computation), not by the declaration's wrapper.
    in_body: bool = False
    #: The other arguments whose values narrow this constraint (:meth:`narrowed`; converted if declared earlier).
    reads: tuple[str, ...] = ()
    #: Checked on the body's result, for the arguments its key names together (see the module's documentation).
    on_result: bool = False

    @property
    def allowed(self) -> str:
        """What the argument may be, as the error states it ("a float in the range [0.0, inf]")."""
        return self._allowed

    def __repr__(self) -> str:
        """The kind and the allowed values (``Interval('a float in the range [0.0, inf]')``), as the docs show it."""
        try:
            return f"{type(self).__name__}({self.allowed!r})"
        except Exception:  # an allowed text read live from something unavailable: the kind alone
            return f"{type(self).__name__}()"

    def is_satisfied_by(self, value) -> bool:
        raise NotImplementedError

    def invalid_values(self) -> tuple:
        """Values this constraint refuses, for the generated tests."""
        raise NotImplementedError

    def describe(self, func: str) -> str:
        """The allowed values as the error of ``func`` states them."""
        return self.allowed

    def narrowed(self, **others) -> Constraint:
        """This constraint at the values of the arguments it ``reads`` (converted where they were declared so)."""
        return self

    def shown(self, value):
        """``value`` as the error shows it (``got``): the value itself, or what names it (a record's name)."""
        return value

    def failure(self, value, func: str) -> str | None:
        """What ``value`` fails as the error of ``func`` states it, None when it satisfies the constraint.

        A constraint with several rules (a type, then a registry) overrides it to name the rule failed.
        """
        return None if self.is_satisfied_by(value) else self.describe(func)

    def refuse(self, value, *, name: str, func: str, error=InvalidParameterError, note: str = ""):
        """Raise this constraint's error for ``value``, refused by a test only the body can make (on data it read)."""
        raise error.of(name, func, self.describe(func) + note, self.shown(value))

    def check(self, value, *, name: str, func: str, error=InvalidParameterError, note: str = ""):
        """Return ``value`` if it satisfies the constraint, else raise ``error`` naming ``name`` and ``value``.

        ``note`` follows the allowed values in the message (why a bound that depends on the data is where it is).
        """
        text = self.failure(value, func)
        if text is None:
            return value
        raise error.of(name, func, text + note, self.shown(value))


def _real(value) -> bool:
    return isinstance(value, numbers.Real) and not isinstance(value, bool) and type(value).__name__ != "bool_"


def _scalar_array_value(value) -> float | None:
    """The value of a 0-d real (not bool, not complex) array of any library as a float, else None."""
    if getattr(value, "ndim", None) != 0 or any(k in str(getattr(value, "dtype", "")) for k in ("bool", "complex")):
        return None
    try:
        return float(value)
    except (TypeError, ValueError):  # not a number, or a traced array with no value yet
        return None


class Interval(Constraint):
    """A real (``float``) or integer (``int``) number between ``left`` and ``right``.

    ``closed`` is "both", "left", "right" or "neither"; an infinite end is
    allowed only when that end is closed. ``none`` also allows None.
    ``allowed`` replaces the generated text of the error ("a positive integer").
    ``scalar_arrays`` also allows a 0-d real array of any library (NumPy,
    PyTorch, JAX) whose value is within: the function receives it as given
    (a tensor keeps its gradient), the test reads only its ``float``.

    >>> import numpy
    >>> Interval(float, 0, math.inf, closed="neither", scalar_arrays=True).is_satisfied_by(numpy.array(2.0))
    True
    """

    def __init__(
        self,
        kind,
        left,
        right,
        *,
        closed: str = "both",
        none: bool = False,
        allowed: str | None = None,
        scalar_arrays: bool = False,
    ) -> None:
        if kind not in (float, int) or closed not in ("both", "left", "right", "neither"):
            raise InvalidParameterError.of("kind", "Interval", "float or int, and a valid closed", (kind, closed))
        self.kind, self.left, self.right, self.closed, self.none = kind, left, right, closed, none
        self.scalar_arrays = scalar_arrays

        def shown(x):
            return repr(float(x)) if kind is float else ("inf" if math.isinf(x) else str(int(x)))

        lo = "[" if closed in ("both", "left") else "("
        hi = "]" if closed in ("both", "right") else ")"
        article = "a float" if kind is float else "an int"
        self._allowed = allowed or f"{article} in the range {lo}{shown(left)}, {shown(right)}{hi}" + (
            " or None" if none else ""
        )

    def is_satisfied_by(self, value) -> bool:
        kind = type(value)
        if kind is float:  # the usual cases first, without the ABCs of numbers
            if self.kind is int or value != value:
                return False
        elif kind is not int:
            if value is None:
                return self.none
            if self.scalar_arrays and not _real(value):
                value = _scalar_array_value(value)
                if value is None:
                    return False
            if not _real(value) or (self.kind is int and not isinstance(value, numbers.Integral)):
                return False
            if math.isnan(value):
                return False
        above = value >= self.left if self.closed in ("both", "left") else value > self.left
        below = value <= self.right if self.closed in ("both", "right") else value < self.right
        return above and below

    def up_to(self, right) -> Interval:
        """This interval with its upper end lowered to ``right`` (included): a bound that depends on the data.

        >>> Interval(int, 2, math.inf, closed="left").up_to(100).allowed
        'an int in the range [2, 100]'
        """
        closed = "both" if self.closed in ("both", "left") else "right"
        return Interval(self.kind, self.left, right, closed=closed, none=self.none, scalar_arrays=self.scalar_arrays)

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

    def __init__(self, options, *, none: bool = False, allowed: str | None = None, invalid: tuple = ("mean",)) -> None:
        self.options, self.none, self._invalid = tuple(options), none, tuple(invalid)
        self._strings = frozenset(o for o in self.options if isinstance(o, str))
        self._numbers = tuple(o for o in self.options if not isinstance(o, str))
        names = ", ".join(repr(o) for o in sorted(self.options, key=repr))
        self._allowed = allowed or "a str among {" + names + "}" + (" or None" if none else "")

    def is_satisfied_by(self, value) -> bool:
        if type(value) is str:
            return value in self._strings
        if value is None:
            return self.none
        return _real(value) and any(value == o or (math.isnan(o) and math.isnan(value)) for o in self._numbers)

    def invalid_values(self) -> tuple:
        return self._invalid + (() if self.none else (None,))


class Predicate(Constraint):
    """Any test, with its text and its refused values: "array-like", "boolean", an instance of a type."""

    def __init__(self, allowed: str, test: Callable[[object], bool], invalid: tuple) -> None:
        self._allowed, self._test, self._invalid = allowed, test, tuple(invalid)

    def is_satisfied_by(self, value) -> bool:
        return bool(self._test(value))

    def invalid_values(self) -> tuple:
        return self._invalid


class Converting(Constraint):
    """A constraint whose :meth:`~Constraint.check` converts the value it accepts (an exact SymPy number): the body
    gets the converted value, and a value satisfies the constraint when ``check`` accepts it."""

    converts = True

    def is_satisfied_by(self, value) -> bool:
        try:
            self.check(value, name="value", func="check")
        except InvalidParameterError:
            return False
        return True


class Rule(Constraint):
    """A rule only the body can test (on several values together, or on what it has read): its text, as data; the
    body refuses a value with :meth:`~Constraint.refuse`.

    >>> Rule("a range LO..HI with LO < HI").refuse("a=1..0", name="--param", func="symmetric explore")
    Traceback (most recent call last):
        ...
    symmetric.InvalidParameterError: The '--param' parameter of symmetric explore must be a range LO..HI with LO < HI. Got 'a=1..0' instead.
    """

    in_body = True

    def __init__(self, allowed: str) -> None:
        self._allowed = allowed

    def is_satisfied_by(self, value) -> bool:
        raise TypeError("a Rule is tested by the function's body, which refuses a value with refuse()")

    def invalid_values(self) -> tuple:
        return ()


#: A switch: True or False (not 1, not "yes").
BOOLEAN = Predicate("a bool", lambda v: isinstance(v, bool), invalid=("yes", 1, None))
#: Text.
STRING = Predicate("a str", lambda v: isinstance(v, str), invalid=(2, None, b"text"))
#: Something to call (a builder, a strategy's run).
CALLABLE = Predicate("a callable", callable, invalid=("f", None, 3))

_Declared = TypeVar("_Declared", bound=Callable[..., Any])


def declare(error: Any = InvalidParameterError, /, **constraints: Constraint) -> Callable[[_Declared], _Declared]:
    """Declare and enforce ``constraints`` (param -> :class:`Constraint`) of a function or a class.

    Returns a decorator. The decorated function checks, on each call and
    before its body runs, every declared argument the caller gave (in the
    order of the signature; defaults are not checked), and raises
    ``error.of(param, function name, allowed, value)`` for the first bad one
    (``error``, given positionally: :class:`InvalidParameterError` or a class
    with its ``of``; the function is named by its ``__qualname__``, so a
    method as ``Class.method``). It keeps the function's name, docstring and signature
    (``functools.wraps``), and carries the declaration as
    ``parameter_constraints``. Decorating a class declares the arguments of
    its ``__init__`` (a record's fields: a dataclass's), the class's name in the error;
    :func:`constraints_of` reads them from the class. A declared name must be a
    parameter of the function (or, for a constraint ``on_result``, several joined by ", ").
    Type checkers see the function (or class) unchanged.
    """
    for name, c in constraints.items():
        if not isinstance(c, Constraint):
            raise InvalidParameterError.of(name, "declare", "a Constraint", c)

    def decorate(target: _Declared) -> _Declared:
        if inspect.isclass(target):
            cls: Any = target
            cls.__init__ = _enforcing(cls.__init__, constraints, error, cls.__name__)
            if "parameter_constraints" not in vars(cls):  # a record may name its own (a family: its builder's)
                cls.parameter_constraints = dict(constraints)
            return target
        qualname = target.__qualname__  # Proof.claim for a method; a function's own name where it is nested
        return _enforcing(target, constraints, error, target.__name__ if "<locals>" in qualname else qualname)

    return decorate


def _enforcing(func, constraints: dict, error, shown: str) -> Any:
    """``func`` wrapped so that each call checks ``constraints`` first (see :func:`declare`)."""
    signature = inspect.signature(func)
    parameters = list(signature.parameters.values())
    order = {p.name: i for i, p in enumerate(parameters)}

    def parameter(name: str) -> None:
        if name not in order or parameters[order[name]].kind is inspect.Parameter.VAR_KEYWORD:
            raise InvalidParameterError.of(name, "declare", f"a parameter of {shown}", name)

    after = []  # (key, names, constraint) checked on the result
    for key, c in constraints.items():
        if c.on_result:
            names = tuple(n.strip() for n in key.split(","))
            for n in names:
                parameter(n)
            after.append((key, names, c))
            continue
        for n in (key, *c.reads):
            parameter(n)
    plan = []
    for name in sorted((k for k, c in constraints.items() if not c.on_result), key=order.__getitem__):
        p, c = parameters[order[name]], constraints[name]
        if c.in_body:
            continue
        # a position in the arguments as given (a class's __init__ gets self first, counted like any other)
        position = -1 if p.kind is inspect.Parameter.KEYWORD_ONLY else order[name]
        plan.append((name, position, p.kind is inspect.Parameter.VAR_POSITIONAL, c))
    converting = any(c.converts for *_, c in plan)

    def bad(constraint, name, value):
        constraint.check(value, name=name, func=shown, error=error)  # raises: the value failed is_satisfied_by
        raise AssertionError(f"{constraint!r} refused {value!r} but its check passed it")  # pragma: no cover

    checked: Any
    if after or any(c.reads for *_, c in plan):
        # a constraint that reads other arguments after theirs, so that the first error is about the argument read
        plan.sort(key=lambda entry: bool(entry[3].reads))
        checked = _binding(func, signature, plan, after, error, shown)

    elif not converting:

        @functools.wraps(func)
        def checked(*args, **kwargs):
            given = len(args)
            for name, position, star, constraint in plan:
                if 0 <= position < given:
                    value = args[position:] if star else args[position]
                elif name in kwargs:
                    value = kwargs[name]
                else:
                    continue
                if not constraint.is_satisfied_by(value):
                    bad(constraint, name, value)
            return func(*args, **kwargs)

    else:

        @functools.wraps(func)
        def checked(*args, **kwargs):
            given = len(args)
            for name, position, star, constraint in plan:
                if 0 <= position < given and not star:
                    value = constraint.check(args[position], name=name, func=shown, error=error)
                    if constraint.converts:
                        args = args[:position] + (value,) + args[position + 1 :]
                elif name in kwargs:
                    value = constraint.check(kwargs[name], name=name, func=shown, error=error)
                    if constraint.converts:
                        kwargs[name] = value
                elif star and given > position >= 0:
                    constraint.check(args[position:], name=name, func=shown, error=error)
            return func(*args, **kwargs)

    declared: Any = checked
    declared.parameter_constraints = dict(constraints)
    return declared


def _binding(func, signature: inspect.Signature, plan: list, after: list, error, shown: str) -> Any:
    """The checking wrapper of a declaration that reads other arguments or checks the result: it binds each call.

    Constraints that read other arguments are narrowed to their values (converted, or the defaults) and check a
    default too (whether it is allowed depends on them); the constraints ``on_result`` check what the body returns
    and name the arguments with their values as given.
    """
    kinds = inspect.Parameter
    items = signature.parameters.items()
    defaults = {n: p.default for n, p in items if p.default is not kinds.empty}
    positional = [n for n, p in items if p.kind in (kinds.POSITIONAL_ONLY, kinds.POSITIONAL_OR_KEYWORD)]
    index = {n: i for i, n in enumerate(positional)}
    star = next((n for n, p in items if p.kind is kinds.VAR_POSITIONAL), None)
    by_keyword = {n for n, p in items if p.kind in (kinds.POSITIONAL_OR_KEYWORD, kinds.KEYWORD_ONLY)}
    any_keyword = any(p.kind is kinds.VAR_KEYWORD for _, p in items)
    required = [
        n for n, p in items if p.default is kinds.empty and p.kind not in (kinds.VAR_POSITIONAL, kinds.VAR_KEYWORD)
    ]

    @functools.wraps(func)
    def checked(*args: Any, **kwargs: Any) -> Any:
        n = len(args)
        given = dict(zip(positional, args))
        if star is not None:
            given[star] = args[len(positional) :]
        if (
            (n > len(positional) and star is None)
            or any(k in given or (k not in by_keyword and not any_keyword) for k in kwargs)
            or any(r not in given and r not in kwargs for r in required)
        ):
            signature.bind(*args, **kwargs)  # Python's own TypeError for a wrong call
        given.update(kwargs)
        values = {**defaults, **given}
        converted = {}
        for name, _, _, constraint in plan:
            if constraint.reads:  # its default too: whether it is allowed depends on the arguments read
                if name not in values:
                    continue
                constraint = constraint.narrowed(**{r: values[r] for r in constraint.reads})
                value = values[name]
            elif name in given:
                value = given[name]
            else:
                continue
            value = constraint.check(value, name=name, func=shown, error=error)
            if constraint.converts:
                converted[name] = values[name] = value
        if converted:
            passed = list(args)
            for name, value in converted.items():
                if index.get(name, n) < n:
                    passed[index[name]] = value
                else:
                    kwargs[name] = value
            args = tuple(passed)
        result = func(*args, **kwargs)
        for key, names, constraint in after:
            if not constraint.is_satisfied_by(result):
                got = tuple(given[n] if n in given else defaults.get(n) for n in names)
                raise error.of(key, shown, constraint.describe(shown), got[0] if len(got) == 1 else got)
        return result

    return checked


def constraints_of(func) -> dict:
    """The declared constraints of ``func`` (empty when it declares none); of a class, those of its ``__init__``."""
    if inspect.isclass(func):
        return dict(getattr(func.__init__, "parameter_constraints", {}))
    return dict(getattr(func, "parameter_constraints", {}))


def unchecked(func: _Declared) -> _Declared:
    """The body of a declared function, without the checks of its declaration (``func`` itself if it declares none).

    For a function that calls another public one with arguments it has
    checked already (scikit-learn's ``prefer_skip_nested_validation``); the
    arguments are passed as given, so a converting constraint's value must be
    passed converted. A declared method bound to its object (``Statement.of``) gives its body bound to it; a
    declared class is returned as it is (its checks stay).
    """
    if not getattr(func, "parameter_constraints", None):
        return func
    if inspect.ismethod(func):  # a declared method (a classmethod) bound to its object: the body, bound to it
        wrapped: Any = func.__func__  # the declared function: functools.wraps gave it __wrapped__
        body: Any = types.MethodType(wrapped.__wrapped__, func.__self__)
        return body
    return getattr(func, "__wrapped__", func)
