"""The run-time half of a compiled expression: its generated NumPy code evaluated, checked and completed.

:func:`symmetric.numeric.compile` (SymPy: its code lives in the generation
package, :mod:`symmetric.generate.compile`, loaded on first use) prints an
expression as NumPy source and hands the result to a
:class:`CompiledFunction`, which is all a call needs: the arguments checked
against their domains (each a kind of :data:`DOMAINS`, decided by the
generator from the symbols' assumptions), masked arrays kept, the
``zero_division`` policy where the value is undefined, and the host's share
of the evaluation for arrays of other libraries. It imports NumPy and the
runtime only: calling a compiled function runs no SymPy (its partial
derivatives, for a gradient, are compiled by the generator on first use).
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy

from .._validation import InvalidParameterError
from . import _runtime

__all__ = ["CompiledFunction", "UndefinedValueWarning", "DOMAINS", "namespace"]


class UndefinedValueWarning(UserWarning):
    """A compiled expression is undefined at valid input (0/0, or not real) and its value was set by
    the ``zero_division`` policy, as scikit-learn's ``UndefinedMetricWarning`` says of its metrics."""


#: The domains of a compiled function's arguments, by kind: what the error says, the test of an array, and a
#: valid value (standing in for a masked entry). :func:`symmetric.generate.compile.argument_domain` gives a
#: symbol's kind.
DOMAINS: dict[str, tuple[str, Callable, float]] = {
    "unit": ("a number in [0, 1]", lambda a: (a >= 0) & (a <= 1), 1.0),
    "positive": ("a finite number > 0", lambda a: (a > 0) & (a < numpy.inf), 1.0),
    "nonnegative": ("a finite number >= 0", lambda a: (a >= 0) & (a < numpy.inf), 1.0),
    "negative": ("a finite number < 0", lambda a: (a < 0) & (a > -numpy.inf), -1.0),
    "nonpositive": ("a finite number <= 0", lambda a: (a <= 0) & (a > -numpy.inf), -1.0),
    "real": ("a finite real number", numpy.isfinite, 1.0),
}


def namespace() -> dict:
    """The globals generated code runs in: numpy and the runtime primitives."""
    ns = {"numpy": numpy, "InvalidParameterError": InvalidParameterError}
    for key in _runtime.__all__:
        ns[key] = getattr(_runtime, key)
    return ns


@dataclass(eq=False)  # compared and hashed by identity: jax.jit and torch.compile take it as a function
class CompiledFunction:
    """A NumPy function compiled from ``expr``; call it with arrays or numbers in the order of ``args``.

    Each call checks its arguments (their ``domains``, kinds of :data:`DOMAINS`;
    ``validate=False`` skips that for trusted input), keeps the mask of masked
    arrays, and sets the values where the expression is undefined by the
    ``zero_division`` policy given to :func:`symmetric.numeric.compile`.
    ``text`` is the expression as errors and warnings write it.
    """

    expr: object
    args: tuple
    source: str
    function: Callable = field(repr=False)
    domains: tuple = field(repr=False, default=())
    text: str = field(repr=False, default="")
    report: object = None
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
        domains = [DOMAINS[kind] for kind in self.domains]
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

    def derivatives(self) -> list[CompiledFunction]:
        """The partial derivative in each argument, compiled: the generator's to give (``NotImplementedError``
        here; :func:`symmetric.numeric.compile` returns functions that have them)."""
        raise NotImplementedError(f"compiled function {self.name} has no derivatives")

    def host_partials(self, arrays):
        """The partial derivatives in each argument at NumPy ``arrays`` (NaN where one is undefined)."""
        return [d._evaluate(arrays, False, numpy.nan) for d in self.derivatives()]

    def _evaluate(self, values, validate, policy):
        func = f"compiled function {self.name}"
        if len(values) != len(self.args):
            raise InvalidParameterError.of(
                "values", func, f"{len(self.args)} arguments, for {list(map(str, self.args))}", len(values)
            )
        domains = [DOMAINS[kind] for kind in self.domains]
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
                f"a point where {self.text} is defined "
                "(or compile it with zero_division=0.0, 1.0, numpy.nan or 'warn')",
                f"{at}" + (f" at index {index}" if index else ""),
            )
        if policy == "warn":
            warnings.warn(
                f"{self.text} is undefined at {int(undefined.sum())} of {out.size} points "
                "(0/0, or not real) and is set to 0.0 there. Use the `zero_division` parameter of "
                "compile to control this behavior.",
                UndefinedValueWarning,
                stacklevel=3,
            )
            policy = 0.0
        out[undefined] = policy
