"""Compile a SymPy expression into NumPy source and a function: the SymPy half of ``symmetric.numeric.compile``.

The generated code is plain Python over NumPy: common subexpressions are
computed once (``sympy.cse``), ``Max``/``Min`` become ``numpy.maximum`` and
``numpy.minimum``, floats are printed so that they read back exactly, and
every ``Piecewise`` is evaluated branch by branch on the elements its
condition selects, so a branch never sees (and never warns about) values it
does not apply to.

>>> import numpy, sympy
>>> x = sympy.Symbol("x", real=True)
>>> f = compile(sympy.Piecewise((sympy.log(x) / x, x > 0), (0, True)), (x,))
>>> f(numpy.array([-1.0, 0.0, numpy.e]))          # log never sees -1 or 0: no warning
array([0.        , 0.        , 0.36787944])
>>> f.self_check(n=50).worst_ulp <= 2
True

This module prints the code and decides each argument's domain from its
symbol's assumptions; what runs at each call (the checks, masked arrays, the
``zero_division`` policy, other libraries' arrays) is the run time's,
:class:`symmetric.numeric.compiled.CompiledFunction`, which needs NumPy only.
``symmetric.numeric.compile`` is this module's :func:`compile`, reached
lazily (docs/design.md, "Numeric code"): the one name of a run-time package
whose code lives in the generation package.

Arrays of another Array API library (PyTorch, JAX, ...) are evaluated on the
host with NumPy and the result returned as that library's array, on the
arrays' device and in their floating dtype (a documented fallback: a compiled
expression may hold any Piecewise, which the portable kernels do not; the
family functions of :mod:`symmetric.numeric` run on the device).
"""

from __future__ import annotations

import keyword
import math
from dataclasses import dataclass

import numpy
import sympy

from .. import symbols as _symbols
from .._constraints import Predicate, declare, unchecked
from .._validation import InvalidParameterError
from ..numeric.compiled import DOMAINS, CompiledFunction, namespace
from .emit import function_source

__all__ = ["compile", "CompiledExpression", "SelfCheck", "function_source", "argument_kind", "argument_domain"]


def argument_kind(symbol: sympy.Symbol) -> str:
    """The kind of values (a key of :data:`symmetric.numeric.compiled.DOMAINS`) a compiled function accepts for
    ``symbol``.

    Precision and recall (:data:`symmetric.P`, :data:`symmetric.R`) take
    values in [0, 1], 0 included (where the expression is then undefined,
    the ``zero_division`` policy decides); any other symbol takes the finite
    values its assumptions allow.

    >>> from symmetric import P, beta, rho
    >>> [argument_kind(s) for s in (P, beta, rho)]
    ['unit', 'positive', 'real']
    """
    if symbol in (_symbols.P, _symbols.R):
        return "unit"
    for kind in ("positive", "nonnegative", "negative", "nonpositive"):
        if getattr(symbol, f"is_{kind}"):
            return kind
    return "real"


def argument_domain(symbol: sympy.Symbol) -> tuple[str, object, float]:
    """What a compiled function accepts for ``symbol``: a description, a test on arrays, and a valid value.

    >>> from symmetric import P, beta, rho
    >>> [argument_domain(s)[0] for s in (P, beta, rho)]
    ['a number in [0, 1]', 'a finite number > 0', 'a finite real number']
    """
    return DOMAINS[argument_kind(symbol)]


@dataclass(frozen=True)
class SelfCheck:
    """Worst error of a compiled function against mpmath at random points."""

    worst_ulp: float
    median_ulp: float
    worst_point: dict
    points: int
    nonfinite: int = 0

    def __str__(self) -> str:
        return (
            f"{self.points} points: worst {self.worst_ulp:.3g} ULP at {self.worst_point}, "
            f"median {self.median_ulp:.3g} ULP, {self.nonfinite} non-finite"
        )


@dataclass(eq=False)  # compared and hashed by identity, as its run-time half
class CompiledExpression(CompiledFunction):
    """What :func:`compile` returns: the run-time :class:`~symmetric.numeric.compiled.CompiledFunction` and
    what needs SymPy, its partial derivatives (compiled on first use) and :meth:`self_check`."""

    def derivatives(self) -> list[CompiledFunction]:
        """The partial derivative in each argument, each compiled on first use (NaN where undefined)."""
        self._derivatives: list[CompiledFunction]
        if not hasattr(self, "_derivatives"):
            self._derivatives = [
                unchecked(compile)(sympy.diff(self.expr, a), self.args, zero_division=numpy.nan, name=f"d_{self.name}")
                for a in self.args
            ]
        return self._derivatives

    def self_check(self, *, n: int = 200, seed: int = 0, dps: int = 50) -> SelfCheck:
        """Compare with mpmath at ``n`` random points of the symbols' domains; the worst error in ULP.

        Positive symbols are drawn log-uniformly from [1e-3, 1] for P and R
        and [1e-2, 1e2] otherwise; real symbols uniformly from [-10, 10].
        """
        import mpmath

        rng = numpy.random.default_rng(seed)
        columns = []
        for s in self.args:
            if s.is_positive:
                lo = -3 if s.name in ("P", "R") else -2
                hi = 0 if s.name in ("P", "R") else 2
                columns.append(10.0 ** rng.uniform(lo, hi, n))
            else:
                columns.append(rng.uniform(-10, 10, n))
        got = numpy.broadcast_to(self._evaluate(columns, True, numpy.nan), (n,))
        exact = sympy.lambdify(self.args, self.expr, modules="mpmath")
        errors: list = []
        worst_point: dict = {}
        nonfinite = 0
        with mpmath.workdps(dps):
            for i in range(n):
                try:
                    value = exact(*[mpmath.mpf(float(c[i])) for c in columns])
                    true = float(mpmath.re(value)) if mpmath.im(value) == 0 else numpy.nan
                except (ZeroDivisionError, ValueError, OverflowError):
                    true = numpy.nan
                if not numpy.isfinite(true):
                    continue
                if not numpy.isfinite(got[i]):
                    nonfinite += 1
                    continue
                err = abs(got[i] - true) / numpy.spacing(abs(true)) if true != 0 else abs(got[i]) / numpy.spacing(0.0)
                if not errors or err > max(errors):
                    worst_point = {s.name: float(c[i]) for s, c in zip(self.args, columns)}
                errors.append(err)
        errs = numpy.array(errors) if errors else numpy.array([numpy.nan])
        self.report = SelfCheck(float(errs.max()), float(numpy.median(errs)), worst_point, len(errors), nonfinite)
        return self.report


def _is_expression(value) -> bool:
    return isinstance(value, sympy.Basic) and not (
        isinstance(value, sympy.logic.boolalg.Boolean) and not isinstance(value, sympy.Expr)
    )


def _is_zero_division(value) -> bool:
    if isinstance(value, str):
        return value in ("warn", "raise")
    return isinstance(value, (int, float)) and not isinstance(value, bool) and (math.isnan(value) or value in (0, 1))


#: What :func:`compile` takes (``args`` is checked against ``expr``'s symbols in the body).
COMPILE_OPTIONS = {
    "expr": Predicate("a SymPy expression", _is_expression, invalid=("P + R", 1.5, sympy.Eq(_symbols.P, 1))),
    "check": Predicate("True or False", lambda v: isinstance(v, bool), invalid=("yes", 1, None)),
    "name": Predicate(
        "a Python identifier",
        lambda v: isinstance(v, str) and v.isidentifier() and not keyword.iskeyword(v),
        invalid=("1f", "lambda", None),
    ),
    "zero_division": Predicate(
        '"warn", "raise", 0.0, 1.0 or numpy.nan', _is_zero_division, invalid=("ignore", 0.5, True, None)
    ),
}


@declare(**COMPILE_OPTIONS)
def compile(
    expr,
    args,
    *,
    check: bool = False,
    name: str = "compiled",  # noqa: A001
    zero_division="warn",
) -> CompiledExpression:
    """Compile ``expr`` into a NumPy function of ``args``.

    Parameters
    ----------
    expr : sympy.Expr
        An expression in the symbols ``args`` (P, R and parameters).
    args : sequence of sympy.Symbol
        The arguments of the compiled function, in order. Each call checks
        its arguments against these symbols (:func:`argument_domain`):
        :data:`symmetric.P` and :data:`symmetric.R` take values in [0, 1],
        other symbols the finite values their assumptions allow (:func:`argument_kind`).
    check : bool, default False
        Run :meth:`CompiledExpression.self_check` and keep its report in ``.report``.
    name : str
        Name of the generated function (a Python identifier).
    zero_division : {"warn", "raise"} or float, default "warn"
        The value where the expression is undefined at valid input (``0/0``,
        such as ``2PR/(P + R)`` at ``P = R = 0``, or a value that is not
        real), like scikit-learn's ``zero_division``: a number (``0.0``,
        ``1.0``, ``numpy.nan``), ``"warn"`` (0.0 and an
        :class:`~symmetric.numeric.UndefinedValueWarning`) or ``"raise"`` (a ValueError naming
        the point).

    Returns
    -------
    CompiledExpression
        Callable with NumPy broadcasting; ``.source`` holds the generated code.

    Examples
    --------
    >>> from symmetric import P, R, f_beta
    >>> from symmetric.symbols import beta
    >>> f = compile(f_beta(), (P, R, beta))
    >>> float(f(0.5, 0.25, 1.0))
    0.3333333333333333

    The traps: a point where the formula is 0/0, and a precision outside [0, 1].

    >>> f1 = compile(f_beta(beta=1), (P, R), zero_division=0.0)
    >>> f1([0.0, 0.5], [0.0, 0.25])
    array([0.        , 0.33333333])
    >>> f1(-1.0, 0.5)
    Traceback (most recent call last):
        ...
    symmetric.InvalidParameterError: The 'P' parameter of compiled function compiled must be a number in [0, 1]. Got -1.0 instead.
    """
    args = tuple(args)
    if not all(isinstance(a, sympy.Symbol) for a in args):
        raise InvalidParameterError.of("args", "compile", "a sequence of SymPy symbols", args)
    missing = expr.free_symbols - set(args)
    if missing:
        raise InvalidParameterError.of(
            "args", "compile", f"a sequence of symbols including {sorted(map(str, missing))}", args
        )
    source = function_source(name, args, expr)
    ns = namespace()
    exec(source, ns)  # noqa: S102 - source generated from a SymPy expression, never from user text
    domains = tuple(argument_kind(a) for a in args)
    out = CompiledExpression(
        expr, args, source, ns[name], domains=domains, text=sympy.sstr(expr), zero_division=zero_division, name=name
    )
    if check:
        out.self_check()
    return out
