"""Compile a SymPy expression into NumPy source and a function.

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

Arrays of another Array API library (PyTorch, JAX, ...) are evaluated on the
host with NumPy and the result returned as that library's array, on the
arrays' device and in their floating dtype (a documented fallback: a compiled
expression may hold any Piecewise, which the portable kernels do not; the
family functions of :mod:`symmetric.numeric` run on the device).
"""

from __future__ import annotations

import keyword
import math
import warnings
from dataclasses import dataclass, field

import numpy
import sympy

from .._constraints import Predicate, declare, unchecked
from .._validation import InvalidParameterError
from .. import symbols as _symbols
from . import _runtime
from .emit import function_source

__all__ = ["compile", "CompiledFunction", "SelfCheck", "UndefinedValueWarning", "function_source", "argument_domain"]


class UndefinedValueWarning(UserWarning):
    """A compiled expression is undefined at valid input (0/0, or not real) and its value was set by
    the ``zero_division`` policy, as scikit-learn's ``UndefinedMetricWarning`` says of its metrics."""


def argument_domain(symbol: sympy.Symbol) -> tuple[str, object, float]:
    """What a compiled function accepts for ``symbol``: a description, a test on arrays, and a valid value.

    Precision and recall (:data:`symmetric.P`, :data:`symmetric.R`) take
    values in [0, 1], 0 included (where the expression is then undefined,
    the ``zero_division`` policy decides); any other symbol takes the finite
    values its assumptions allow.

    >>> from symmetric import P, beta, rho
    >>> [argument_domain(s)[0] for s in (P, beta, rho)]
    ['a number in [0, 1]', 'a finite number > 0', 'a finite real number']
    """
    if symbol in (_symbols.P, _symbols.R):
        return "a number in [0, 1]", lambda a: (a >= 0) & (a <= 1), 1.0
    if symbol.is_positive:
        return "a finite number > 0", lambda a: (a > 0) & (a < numpy.inf), 1.0
    if symbol.is_nonnegative:
        return "a finite number >= 0", lambda a: (a >= 0) & (a < numpy.inf), 1.0
    if symbol.is_negative:
        return "a finite number < 0", lambda a: (a < 0) & (a > -numpy.inf), -1.0
    if symbol.is_nonpositive:
        return "a finite number <= 0", lambda a: (a <= 0) & (a > -numpy.inf), -1.0
    return "a finite real number", numpy.isfinite, 1.0


def namespace() -> dict:
    """The globals generated code runs in: numpy and the runtime primitives."""
    ns = {"numpy": numpy, "InvalidParameterError": InvalidParameterError}
    for key in _runtime.__all__:
        ns[key] = getattr(_runtime, key)
    return ns


@dataclass(frozen=True)
class SelfCheck:
    """Worst error of a compiled function against mpmath at random points."""

    worst_ulp: float
    median_ulp: float
    worst_point: dict
    points: int
    nonfinite: int = 0

    def __str__(self):
        return (
            f"{self.points} points: worst {self.worst_ulp:.3g} ULP at {self.worst_point}, "
            f"median {self.median_ulp:.3g} ULP, {self.nonfinite} non-finite"
        )


@dataclass(eq=False)  # compared and hashed by identity: jax.jit and torch.compile take it as a function
class CompiledFunction:
    """A NumPy function compiled from ``expr``; call it with arrays or numbers in the order of ``args``.

    Each call checks its arguments (:func:`argument_domain`; ``validate=False``
    skips that for trusted input), keeps the mask of masked arrays, and sets
    the values where the expression is undefined by the ``zero_division``
    policy given to :func:`compile`.
    """

    expr: sympy.Expr
    args: tuple
    source: str
    function: object = field(repr=False)
    report: SelfCheck | None = None
    zero_division: object = "warn"
    name: str = "compiled"

    def __call__(self, *values, validate: bool = True):
        from .backends import NUMPY, backend_of

        if backend_of(*values) is not NUMPY:  # another Array API library: evaluated on the host, in its type
            from ._autodiff import host_call

            return host_call(self, values, validate)
        return self._evaluate(values, validate, self.zero_division)

    def host_value(self, arrays, validate, traced):
        """The value at NumPy ``arrays`` for another library's input (:func:`symmetric.numeric._autodiff.host_call`).

        ``traced``: the call runs inside compiled code (``jax.jit``), where nothing can raise or warn: points
        outside the arguments' domains give NaN (``validate``), ``zero_division="raise"`` gives NaN and
        ``"warn"`` gives 0.0 without the warning.
        """
        if not traced:
            return self._evaluate(arrays, validate, self.zero_division)
        domains = [argument_domain(s) for s in self.args]
        arrays = [numpy.asarray(a, dtype=numpy.float64) for a in arrays]
        shape = numpy.broadcast_shapes(*(a.shape for a in arrays))
        bad = numpy.zeros(shape, dtype=bool)
        if validate:
            for a, (_, ok, _) in zip(arrays, domains):
                bad |= ~ok(a)
            arrays = [numpy.where(bad, fill, a) for a, (_, _, fill) in zip(arrays, domains)]
        policy = {"raise": numpy.nan, "warn": 0.0}.get(self.zero_division, self.zero_division)  # type: ignore[call-overload]
        out = numpy.array(numpy.broadcast_to(self._evaluate(arrays, False, policy), shape), dtype=numpy.float64)
        out[bad] = numpy.nan
        return out

    def host_partials(self, arrays):
        """The partial derivatives in each argument at NumPy ``arrays`` (SymPy's derivatives, compiled on first
        use; NaN where one is undefined)."""
        if not hasattr(self, "_derivatives"):
            self._derivatives = [
                unchecked(compile)(sympy.diff(self.expr, a), self.args, zero_division=numpy.nan, name=f"d_{self.name}")
                for a in self.args
            ]
        return [d._evaluate(arrays, False, numpy.nan) for d in self._derivatives]

    def _evaluate(self, values, validate, policy):
        func = f"compiled function {self.name}"
        if len(values) != len(self.args):
            raise InvalidParameterError.of(
                "values", func, f"{len(self.args)} arguments, for {list(map(str, self.args))}", len(values)
            )
        domains = [argument_domain(s) for s in self.args]
        values, mask = _runtime._unmask(values, [fill for _, _, fill in domains])
        arrays = [_runtime._as_array(v, str(s), func, InvalidParameterError) for v, s in zip(values, self.args)]
        if validate:
            for a, s, (allowed, ok, _) in zip(arrays, self.args, domains):
                _runtime._check(a, str(s), func, allowed, ok, InvalidParameterError)
        try:
            shape = numpy.broadcast_shapes(*(a.shape for a in arrays))
        except ValueError:
            got = ", ".join(f"{s}: {a.shape}" for a, s in zip(arrays, self.args))
            raise InvalidParameterError.of(
                ", ".join(map(str, self.args)), func, "arrays whose shapes broadcast together", got
            ) from None
        with numpy.errstate(all="ignore"):
            out = numpy.array(numpy.broadcast_to(numpy.asarray(self.function(*arrays), dtype=float), shape))
        undefined = numpy.isnan(out)
        if mask is not None:
            undefined &= ~numpy.broadcast_to(mask, shape)
        if undefined.any():
            self._undefined(out, undefined, arrays, func, policy)
        return _runtime._remask(out[()] if out.ndim == 0 else out, mask)

    def _undefined(self, out, undefined, arrays, func, policy):
        """Apply the ``zero_division`` policy where ``out`` is NaN at valid input."""
        if isinstance(policy, float) and math.isnan(policy):
            return
        if policy == "raise":
            index = tuple(int(i) for i in numpy.unravel_index(numpy.flatnonzero(undefined)[0], out.shape))
            at = ", ".join(
                f"{s} = {float(numpy.broadcast_to(a, out.shape)[index])!r}" for s, a in zip(self.args, arrays)
            )
            raise InvalidParameterError.of(
                ", ".join(map(str, self.args)),
                func,
                f"a point where {sympy.sstr(self.expr)} is defined "
                "(or compile it with zero_division=0.0, 1.0, numpy.nan or 'warn')",
                f"{at}" + (f" at index {index}" if index else ""),
            )
        if policy == "warn":
            warnings.warn(
                f"{sympy.sstr(self.expr)} is undefined at {int(undefined.sum())} of {out.size} points "
                "(0/0, or not real) and is set to 0.0 there. Use the `zero_division` parameter of "
                "compile to control this behavior.",
                UndefinedValueWarning,
                stacklevel=3,
            )
            policy = 0.0
        out[undefined] = policy

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
) -> CompiledFunction:
    """Compile ``expr`` into a NumPy function of ``args``.

    Parameters
    ----------
    expr : sympy.Expr
        An expression in the symbols ``args`` (P, R and parameters).
    args : sequence of sympy.Symbol
        The arguments of the compiled function, in order. Each call checks
        its arguments against these symbols (:func:`argument_domain`):
        :data:`symmetric.P` and :data:`symmetric.R` take values in [0, 1],
        other symbols the finite values their assumptions allow.
    check : bool, default False
        Run :meth:`CompiledFunction.self_check` and keep its report in ``.report``.
    name : str
        Name of the generated function (a Python identifier).
    zero_division : {"warn", "raise"} or float, default "warn"
        The value where the expression is undefined at valid input (``0/0``,
        such as ``2PR/(P + R)`` at ``P = R = 0``, or a value that is not
        real), like scikit-learn's ``zero_division``: a number (``0.0``,
        ``1.0``, ``numpy.nan``), ``"warn"`` (0.0 and an
        :class:`UndefinedValueWarning`) or ``"raise"`` (a ValueError naming
        the point).

    Returns
    -------
    CompiledFunction
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
    symmetric._validation.InvalidParameterError: The 'P' parameter of compiled function compiled must be a number in [0, 1]. Got -1.0 instead.
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
    out = CompiledFunction(expr, args, source, ns[name], zero_division=zero_division, name=name)
    if check:
        out.self_check()
    return out
