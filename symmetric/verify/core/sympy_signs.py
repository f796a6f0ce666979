"""SymPy's own decisions about numbers, taken from the ball kernel while ``symmetric.verify`` is loaded.

SymPy decides the sign of a number, and every comparison between numbers,
from ``evalf`` at two digits, which first rounds an argument near a point
where a function vanishes (``log(1 + sqrt(2)/10**60)`` is 0 there). It does
so when it *builds* an expression, long before any strategy runs:
``Abs(log(1 + y) - y/2)`` becomes ``y/2 - log(1 + y)`` (a negative number),
``Max(P*log(1 + y), P*y/2)`` becomes ``P*y/2``, ``Piecewise((P, log(1 + y) <
y/2), (R, True))`` becomes ``P``, ``floor(1 - c)`` becomes 1 for a tiny
positive ``c``; and it does so again each time a substitution rebuilds one
(a sample point, a case split, a proof script's ``substitute``). A statement
is then "proven" or "refuted" as SymPy rebuilt it, not as it was written.

Inside :func:`rigorous_numbers` (a context manager and decorator) the ball
kernel of :mod:`.numbers` takes three of SymPy's decisions, for every
expression built or rebuilt there:

* the sign of a number (``Expr._eval_is_extended_positive_negative``, what
  ``is_positive``, ``is_negative`` and their relatives of an ``Add``, and so
  ``Abs``, ``sign``, ``Max``/``Min`` of terms with symbols, rest on);
* a comparison between two numbers (``sympy.core.relational._n2``: ``<``,
  ``<=``, ``Eq`` of numbers, ``Max``/``Min`` of numbers, Piecewise
  conditions between constants), Floats read as their exact binary values;
* the integer part of a number (``floor``, ``ceiling``, ``frac``).

(The same scope also installs :mod:`.sympy_factors`, which decides
nothing: SymPy's ``Factors`` built from a dictionary, the same object,
without a costly comparison of the dictionary with 1.)

Each answer is the ball's (a sign only when a ball excludes 0; equality only
by exact algebra); where the balls cannot decide, SymPy gets "unknown" and
leaves the expression unevaluated. A number holding something the kernel
does not enclose (a function outside its list, the imaginary unit, an
infinity) keeps SymPy's own answer, except that a number holding an
``Integral``, ``Sum``, ``Product``, ``Limit`` or ``Derivative`` (SymPy would
evaluate it by quadrature or truncation) gets no sign at all. The hooks step
aside while the kernel itself runs (it asks SymPy about numbers too).

The scope, not the import, installs the hooks (docs/soundness.md, "SymPy's
own decisions about numbers"): ``check``, ``run_with_budget``, the claims'
registry while it runs proof scripts, and the runner with its forked workers
open it; outside every scope SymPy decides as it always does, and nothing is
slowed. Scopes nest and may be opened from several threads: the hooks stay in
place while any is open (another thread's SymPy then gets the kernel's
answers as well, which are never wrong, only sometimes "unknown"). SymPy's
cache is cleared when the first scope opens, if SymPy was used since the last
one closed (an expression folded outside would otherwise come back from it),
and when the last one closes (so that what was built inside does not come back
outside). An expression built before the scope opened stays as it was built: a
script of one's own builds its expressions inside ``rigorous_numbers()``.

>>> import sympy
>>> y = sympy.sqrt(2) / 10**60
>>> sympy.Max(sympy.log(1 + y), y / 2) == y / 2           # SymPy's own fold: wrong
True
>>> with rigorous_numbers():
...     sympy.Abs(sympy.log(1 + y) - y / 2) == sympy.log(1 + y) - y / 2
...     (sympy.Max(sympy.log(1 + y), y / 2) == sympy.log(1 + y), sympy.floor(1 - (sympy.log(1 + y) - y / 2)),
...      sympy.Float(0.1) > sympy.Rational(1, 10))    # 0.1000000000000000055511151231257827...
True
(True, 0, True)
>>> sympy.Max(sympy.log(1 + y), y / 2) == y / 2           # outside the scope: SymPy's own again
True
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator

import sympy
from sympy.core import expr as _expr, relational as _relational
from sympy.core.evalf import PrecisionExhausted
from sympy.functions.elementary import integers as _integers

from . import sympy_factors
from .budget import SCOPES, held
from .numbers import NotReal, constant_sign, integer_part, kernel_encloses

__all__ = ["rigorous_numbers", "installed"]

_ORIGINAL = {
    "sign": _expr.Expr._eval_is_extended_positive_negative,
    "n2": _relational._n2,
    "integer_part": _integers.get_integer_part,
}

_STATE = threading.local()

#: Nodes SymPy evaluates by quadrature or truncation: a number holding one gets no sign from SymPy either.
_APPROXIMATED = (sympy.Integral, sympy.Sum, sympy.Product, sympy.Limit, sympy.Derivative, sympy.Subs)


class _Aside:
    """While the kernel runs, the hooks hand every question to SymPy's own code."""

    def __enter__(self):
        _STATE.depth = getattr(_STATE, "depth", 0) + 1

    def __exit__(self, *exc):
        _STATE.depth -= 1


def _aside() -> bool:
    return getattr(_STATE, "depth", 0) > 0


def _route(number) -> str:
    """``"kernel"``, ``"sympy"`` (SymPy's own answer) or ``"none"`` (no answer) for a number."""
    if _aside():
        return "sympy"
    if number.has(*_APPROXIMATED):
        return "none"
    return "kernel" if kernel_encloses(number) else "sympy"


def _kernel_sign(number) -> int | None:
    """The kernel's sign of ``number``, the hooks aside while it runs; raises :class:`NotReal`."""
    with _Aside():
        return constant_sign(number)


def _sign_hook(self, positive):
    if not self.is_number:
        return _ORIGINAL["sign"](self, positive)
    route = _route(self)
    if route != "kernel":
        return None if route == "none" else _ORIGINAL["sign"](self, positive)
    try:
        sign = _kernel_sign(self)
    except NotReal:
        return False  # a value that is certainly not real is neither extended positive nor negative
    if sign is None:
        return None
    return sign == (1 if positive else -1)


def _n2_hook(a, b):
    if _aside() or not (a.is_comparable and b.is_comparable):
        return _ORIGINAL["n2"](a, b)
    if a.has(sympy.Float) or b.has(sympy.Float):  # a Float is its exact binary value
        from .trust import exact_floats

        a, b = exact_floats(a), exact_floats(b)
    difference = a - b
    route = _route(difference)
    if route != "kernel":
        return None if route == "none" else _ORIGINAL["n2"](a, b)
    try:
        sign = _kernel_sign(difference)
    except NotReal:
        return _ORIGINAL["n2"](a, b)
    return None if sign is None else sympy.Integer(sign)


def _integer_part_hook(expr, no, options, return_ints=False):
    if not return_ints or _route(expr) != "kernel":
        if not _aside() and expr.has(*_APPROXIMATED):
            raise PrecisionExhausted("no integer part of a number SymPy approximates")
        return _ORIGINAL["integer_part"](expr, no, options, return_ints)
    with _Aside():
        try:
            k = integer_part(expr, no)
        except NotReal:
            k = None
    if k is None:
        raise PrecisionExhausted(f"the balls cannot decide the integer part of {sympy.sstr(expr)}")
    return k, 0


_LOCK = threading.Lock()


class _Open:
    """Scopes open, in all threads together; the cache's use counted when the last one closed."""

    scopes: int = 0
    uses: int | None = None


def _cache_uses() -> int:
    """How often SymPy has looked in its cache so far (hits and misses of every cached function)."""
    total = 0
    for func in sympy.core.cache.CACHE:
        while not hasattr(func, "cache_info") and hasattr(func, "__wrapped__"):
            func = func.__wrapped__
        if hasattr(func, "cache_info"):
            info = func.cache_info()
            total += info.hits + info.misses
    return total


def _patch(on: bool) -> None:
    _expr.Expr._eval_is_extended_positive_negative = _sign_hook if on else _ORIGINAL["sign"]
    _relational._n2 = _n2_hook if on else _ORIGINAL["n2"]
    _integers.get_integer_part = _integer_part_hook if on else _ORIGINAL["integer_part"]
    if _FACTORS_HOOK:  # not a decision: the same Factors, built without a needless comparison (.sympy_factors)
        sympy_factors.install(on)


_FACTORS_HOOK = sympy_factors.applies()


@contextlib.contextmanager
def rigorous_numbers() -> Iterator[None]:
    """A scope in which SymPy's signs, comparisons and integer parts of numbers come from the ball kernel.

    Re-entrant and usable from several threads (the hooks stay while any
    scope is open); also a decorator. SymPy's cache is cleared when the
    first scope opens (only if SymPy was used since the last one closed) and
    when the last one closes, so that no expression crosses the boundary
    through it.

    >>> import sympy
    >>> t = sympy.Rational(1, 10**60)
    >>> with rigorous_numbers():
    ...     sympy.sign(sympy.loggamma(1 + t))   # about -0.577e-60
    -1
    >>> sympy.sign(sympy.loggamma(1 + t))       # SymPy's own evalf at two digits calls it zero
    0

    A number asked about inside keeps its answer outside (SymPy stores it on
    the object); an expression built outside keeps what SymPy folded.
    """
    with held(), _LOCK:  # a budget running out mid-way would leave the count wrong
        if _Open.scopes == 0:
            if _Open.uses != _cache_uses():
                sympy.core.cache.clear_cache()
            _patch(True)
        _Open.scopes += 1
    try:
        yield
    finally:
        with held(), _LOCK:
            _Open.scopes -= 1
            if _Open.scopes == 0:
                _patch(False)
                sympy.core.cache.clear_cache()
                _Open.uses = _cache_uses()


SCOPES.append(rigorous_numbers)  # every budgeted call (run_with_budget) runs in the scope


def installed() -> bool:
    """Whether the hooks are in place (a scope is open in some thread)."""
    return _relational._n2 is _n2_hook
