"""Values being traced (``jax.jit``, ``jax.vmap``, ``torch.compile``): the checks' policy and the host's share.

A traced array is a placeholder: its elements are known only when the
compiled code runs, so a check cannot raise while tracing. The policy
(docs/losses.md, "Inside jax.jit and torch.compile"), by ``validate``:

* ``True`` (the default): concrete values are checked as always
  (:class:`~symmetric.InvalidParameterError`); where a traced element is
  outside its domain the result is NaN there (and so are its partial
  derivatives), never a finite number; a loss, a single number, is NaN.
* ``"strict"``: traced values are checked too, by the library's own means:
  ``jax.experimental.checkify.check`` (the caller functionalises it with
  ``checkify.checkify``; without it JAX refuses the trace), and under
  ``torch.compile`` an operator of the graph that raises the same
  :class:`~symmetric.InvalidParameterError` when it runs (:func:`checked`).
* ``False``: no checks (trusted input).

The numeric functions under ``torch.compile`` are operators of the graph
(:mod:`symmetric.numeric._torch_ops`) that run the eager evaluation, checks
included: they raise as eagerly, whatever ``validate``.

What runs on the host: the parameter stage in double-double needs concrete
parameters. Traced parameters (``jax.vmap`` over ``beta``, ``jax.grad`` in
``beta`` inside ``jax.jit``) and ``compile``'d functions (any SymPy
expression, evaluated with NumPy) run on the host through
``jax.pure_callback``: the NumPy runtime's values and partial derivatives,
one round trip per call (:func:`jax_host_call`).
"""

import math
from typing import Any

import numpy

from .backends import JAX, backend_of

__all__ = [
    "VALIDATE_OPTIONS",
    "apply_policy",
    "host_partials",
    "jax_host_call",
    "jax_host_function",
    "with_jvp",
    "strict_check",
    "checked",
    "concrete",
    "operators",
    "operator_namespace",
    "register_torch_check",
]

#: The values of ``validate``: check concrete values and give NaN at bad traced ones, check traced ones too, none.
VALIDATE_OPTIONS = (True, "strict", False)


def concrete(flag) -> bool | None:
    """``bool(flag)``, or None while ``flag`` is traced (its value is not known yet)."""
    if backend_of(flag).traced(flag):
        return None
    return bool(flag)


class _Got:
    """The ``got`` of a message whose bad value is known only when compiled code runs (formatted by checkify)."""

    def __repr__(self) -> str:
        return "\x00"


def _message(error, name, func, allowed):
    """The error's text with a ``{}`` placeholder for the first bad value and ``{}`` for its flat index."""
    text = str(error.of(name, func, allowed, _Got()))
    return text.replace("{", "{{").replace("}", "}}").replace("\x00", "{} at flat index {}")


def strict_check(xp, ok, value, error, name, func, allowed) -> None:
    """Check a traced ``ok`` (elementwise) by the library's means: ``checkify.check`` (JAX).

    ``value`` is the checked array: the message names its first bad element and where it is.
    """
    if JAX.owns(ok):
        from jax.experimental import checkify

        flat_ok, flat = xp.reshape(ok, (-1,)), xp.reshape(xp.broadcast_to(value, ok.shape), (-1,))
        first = xp.argmin(xp.astype(flat_ok, xp.int32)) if flat_ok.shape[0] else 0
        checkify.check(xp.all(ok), _message(error, name, func, allowed), flat[first] if flat.shape[0] else 0, first)


def apply_policy(xp, values, bad, validate) -> list:
    """``values`` (arrays of ``bad``'s shape) with NaN where ``bad`` (``validate`` true), else as they are."""
    if not validate or bad is None:
        return values
    nan = xp.full_like(values[0], math.nan)
    return [None if v is None else xp.where(bad, nan, v) for v in values]


# --- the host's share: the NumPy runtime's values and partial derivatives, for jax.pure_callback ---


def host_partials(family, arrays, validate, want, error) -> list:
    """Float64 NumPy values (and partial derivatives in each argument) of ``family`` at ``arrays``.

    Elements outside the domain give NaN (value and partials) when ``validate``, after the evaluation
    saw a valid stand-in there: this runs inside compiled code, where nothing can raise.
    """
    from ._portable import host_partials_of
    from ._runtime import _evaluate

    arrays = [numpy.asarray(a, dtype=numpy.float64) for a in arrays]
    shape = numpy.broadcast_shapes(*(a.shape for a in arrays))
    bad = None
    if validate:
        bad = numpy.zeros(shape, dtype=bool)
        for a, (_, ok) in zip(arrays, family.domains):
            bad |= ~ok(a)
        arrays = [numpy.where(bad, 1.0, a) if bad.any() else a for a in arrays]  # 1 lies in every domain
    out = numpy.broadcast_to(numpy.asarray(_evaluate(family, arrays[0], arrays[1], arrays[2:], False, error)), shape)
    outs = [out, *(host_partials_of(family, arrays, out) if want else [])]
    if bad is not None and bad.any():
        outs = [numpy.where(bad, numpy.nan, o) for o in outs]
    return outs


def _pure_callback(func, specs, *args):
    import jax

    try:
        return jax.pure_callback(func, specs, *args, vmap_method="broadcast_all")
    except TypeError:  # pragma: no cover - JAX before 0.4.34 names it vectorized
        return jax.pure_callback(func, specs, *args, vectorized=True)


def jax_host_call(host, values, dtype, count) -> Any:
    """``count`` arrays of ``values``' broadcast shape in ``dtype``, computed on the host by ``host(values)``.

    The JAX arrays among ``values`` (traced or not) are the callback's arguments; the others (Python numbers,
    NumPy arrays) go to the host as they are, in float64. Under ``jax.vmap`` the host gets them batched.
    """
    import jax

    positions = [i for i, v in enumerate(values) if JAX.owns(v)]
    shape = numpy.broadcast_shapes(*(tuple(numpy.shape(v)) for v in values))

    def run(*arrays):
        full = list(values)
        for i, a in zip(positions, arrays):
            full[i] = numpy.asarray(a)
        return tuple(numpy.asarray(o, dtype=dtype) for o in host(full))

    specs = tuple(jax.ShapeDtypeStruct(shape, dtype) for _ in range(count))
    return list(_pure_callback(run, specs, *[values[i] for i in positions]))


def jax_host_function(func, values, validate) -> Any:
    """``func`` evaluated on the host (``func.host_value(arrays, validate, traced)``, ``func.host_partials``)
    at JAX input: concrete input is evaluated at once (checks raise, as with NumPy); traced input through
    ``jax.pure_callback`` under ``jax.custom_jvp`` (the policy for traced values: ``traced=True``)."""
    import jax.numpy as jnp

    from ._portable import result_dtype, to_numpy

    dtype = result_dtype(jnp, None, values)
    if not any(JAX.owns(v) and JAX.traced(v) for v in values):
        concrete = [to_numpy(v) if JAX.owns(v) else v for v in values]
        return jnp.asarray(numpy.asarray(func.host_value(concrete, validate, False)), dtype=dtype)

    def host(full, want):
        full = [numpy.asarray(a, dtype=numpy.float64) for a in full]
        out = func.host_value(full, validate, True)
        return [out, *(func.host_partials(full) if want else [])]

    def evaluate(full, want):
        return jax_host_call(lambda arrays: host(arrays, want), full, dtype, 1 + (len(values) if want else 0))

    return with_jvp(values, evaluate)


def with_jvp(values, evaluate) -> Any:
    """``evaluate(values, None)[0]`` under ``jax.custom_jvp`` over the JAX arrays among ``values``.

    ``evaluate(full, positions)`` gives ``[value, *partials]``, a partial derivative per entry of ``full``,
    for the ``positions`` of the JAX arrays whose tangents the rule needs (None: the value alone); the
    other entries of ``values`` (Python numbers, NumPy arrays) stay constants.
    """
    import jax

    positions = [i for i, v in enumerate(values) if JAX.owns(v)]

    def call(arrays):
        full = list(values)
        for i, a in zip(positions, arrays):
            full[i] = a
        return full

    @jax.custom_jvp
    def f(*arrays):
        return evaluate(call(arrays), None)[0]

    @f.defjvp
    def f_jvp(primals, tangents):
        out, *parts = evaluate(call(primals), positions)
        tangent = None
        for i, t in zip(positions, tangents):
            term = parts[i] * t.astype(out.dtype)
            tangent = term if tangent is None else tangent + term
        return out, tangent

    return f(*[values[i] for i in positions])


# --- PyTorch under torch.compile: the checks as an operator of the graph ---

_OPS: dict = {}


def checked(value, ok, param, func, allowed, got) -> Any:
    """``value``, through an operator that raises ``InvalidParameterError.of(param, func, allowed, got)`` when
    ``ok`` is false (the last four are strings).

    For ``torch.compile``: the check is a node of the graph, run with the data (no graph break), so a
    compiled loss raises as the eager one does; its gradient passes ``value``'s through.
    """
    register_torch_check()
    return operators().checked(value, ok, param, func, allowed, got)


def operators() -> Any:
    """This runtime's operator namespace, ``torch.ops.<namespace>`` (see :func:`operator_namespace`)."""
    import torch

    return getattr(torch.ops, operator_namespace())


def operator_namespace() -> str:
    """The operators' namespace: this runtime's package (the package's, or a standalone module's copy)."""
    return __name__.rpartition(".")[0].replace(".", "_")


def register_torch_check() -> bool:
    """Register the operator ``checked`` once (returns True).

    Marked for ``torch.compile`` as a constant result (the attribute ``torch._dynamo.assume_constant_result``
    sets, set here without importing PyTorch): while tracing, Dynamo runs it as ordinary Python, so the
    operator exists before the graph names it, also when the first call ever is a compiled one.
    """
    if "checked" in _OPS:
        return True
    import torch

    from .._validation import InvalidParameterError

    @torch.library.custom_op(f"{operator_namespace()}::checked", mutates_args=())
    def op(value: torch.Tensor, ok: torch.Tensor, param: str, func: str, allowed: str, got: str) -> torch.Tensor:
        if not bool(ok):
            raise InvalidParameterError.of(param, func, allowed, got)
        return value.clone()

    @op.register_fake
    def _(value, ok, param, func, allowed, got):
        return torch.empty_like(value)

    def backward(ctx, grad):
        return grad, None, None, None, None, None

    op.register_autograd(backward)
    _OPS["checked"] = op
    return True


register_torch_check._dynamo_marked_constant = True  # type: ignore[attr-defined]
