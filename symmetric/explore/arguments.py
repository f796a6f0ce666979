"""What the exploration functions take: the constraints of their arguments, declared once (:mod:`symmetric._constraints`).

Each public function of :mod:`symmetric.explore` declares every argument with
these objects, so a value is checked once, where the function is called; the
command line (``symmetric explore``, ``symmetric plot``, ``symmetric fit``)
reads the same objects for its options and its messages. What depends on
other arguments (an expression's parameters, the range of one of them) is
checked in the body with a constraint narrowed to them.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from fractions import Fraction

import sympy

from .._constraints import BOOLEAN, STRING, Interval, Predicate

__all__ = [
    "BOOLEAN",
    "DEFAULT_BUDGET",
    "DEFAULT_TIMEOUT",
    "EXPRESSION",
    "NAME",
    "NAMES",
    "POSITIVE_SYMBOL",
    "RANGES",
    "SECONDS",
    "SYMBOL",
    "TEXT",
    "TOLERANCE",
    "range_interval",
]

#: A time in seconds (``analyze``'s ``timeout`` and ``budget``, ``explore --timeout``, ``--budget``).
SECONDS = Interval(float, 0, math.inf, closed="neither", allowed="a positive number of seconds")
#: ``analyze``'s seconds for one check, and for the whole analysis, unless the caller says otherwise (and
#: ``symmetric explore``'s).
DEFAULT_TIMEOUT = 10.0
DEFAULT_BUDGET = 120.0
#: A switch (``BOOLEAN`` of :mod:`symmetric._constraints`: re-exported for the CLI).
BOOLEAN = BOOLEAN
#: Text to read with the whitelist parser.
TEXT = Predicate("a string", lambda v: isinstance(v, str), invalid=(2, None, b"P*R"))
#: A name in an error message (the function or the command-line option that took the text).
NAME = STRING
#: The metric ``analyze`` studies: an expression, or text for the whitelist parser.
EXPRESSION = Predicate(
    "a SymPy expression or text (str), such as '2*P*R/(P + R)', which symmetric.explore.parse reads",
    lambda v: isinstance(v, (str, sympy.Expr)),
    invalid=(b"P + R", 3, None),
)
#: A symbol standing for precision or recall in an analysis.
POSITIVE_SYMBOL = Predicate(
    "a positive SymPy symbol, such as Symbol('x', positive=True)",
    lambda v: isinstance(v, sympy.Symbol) and v.is_positive is True,
    invalid=(sympy.Symbol("x"), "P", None),
)
#: A symbol that a name of the text stands for.
SYMBOL = Predicate("a SymPy Symbol", lambda v: isinstance(v, sympy.Symbol), invalid=("P", 1, None))
#: The parameters text may use: names, or names with values.
NAMES = Predicate(
    "None, a mapping from names to values or a list of names",
    lambda v: v is None or (not isinstance(v, (str, bytes)) and isinstance(v, (Mapping, Iterable))),
    invalid=("beta", 3, b"beta"),
)


def _end(end, default):
    """An end of a range as an exact real number (None: unbounded, ``default``), or None if it is not one."""
    if end is None:
        return default
    if isinstance(end, (bool, str)) or not isinstance(end, (int, float, Fraction, sympy.Expr)):
        return None
    if isinstance(end, Fraction):
        number = sympy.Rational(end.numerator, end.denominator)
    elif isinstance(end, float):
        number = sympy.nsimplify(end) if math.isfinite(end) else None
    else:
        number = sympy.Integer(end) if isinstance(end, int) else end
    return number if number is not None and number.is_number and number.is_extended_real is True else None


def range_interval(value) -> sympy.Interval | None:
    """A parameter's range as a :class:`sympy.Interval`: an Interval as given, ``(lo, hi)`` as ``lo < x < hi``
    (None for an unbounded end); None when it is neither.

    >>> range_interval((0, None)), range_interval((1, 0))
    (Interval.open(0, oo), None)
    """
    if isinstance(value, sympy.Interval):
        return value
    if not isinstance(value, (tuple, list)) or len(value) != 2:
        return None
    lo, hi = _end(value[0], -sympy.oo), _end(value[1], sympy.oo)
    if lo is None or hi is None or (lo < hi) is not sympy.true:
        return None
    return sympy.Interval.open(lo, hi)


#: The declared ranges of an expression's parameters (their names are checked against the expression's).
RANGES = Predicate(
    "None or a mapping from parameters (symbols or names) to ranges (lo, hi) with lo < hi, meaning "
    "lo < parameter < hi (None for no bound), or sympy.Interval",
    lambda v: v is None or (isinstance(v, Mapping) and all(range_interval(r) is not None for r in v.values())),
    invalid=([("a", (0, 1))], "a", 3, {"a": (1, 0)}, {"a": ("0", 1)}, {"a": (0, 1, 2)}),
)
#: The largest residual of a statement a fit of preferences expresses.
TOLERANCE = Interval(float, 0, math.inf, closed="neither", allowed="a positive number")
