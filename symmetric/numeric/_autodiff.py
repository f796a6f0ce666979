"""Exact gradients of the generated functions in PyTorch and JAX, and the entry of the generated functions.

:func:`_evaluate_any` sends NumPy input to the NumPy runtime and arrays of
other libraries to the portable kernels (:mod:`symmetric.numeric._portable`).
Where a gradient may be asked for, the result is built with the library's own
hook for a custom derivative, so that autodiff never differentiates through
the stable rewrites (where it would meet ``where``, ``floor`` and tables, and
give NaN or wrong values near rho = -1, P = R or at large ``|rho|``):

* PyTorch: a ``torch.autograd.Function`` when an input tensor has
  ``requires_grad`` (and grad mode is on); its backward multiplies the
  partial derivatives by the incoming gradient and sums over broadcast axes;
* PyTorch under ``torch.compile``: a ``torch.library.custom_op`` (one node
  of the graph, no graph break; it runs the eager evaluation below when the
  compiled code runs, its checks included) with its derivative registered
  (``register_autograd``, the partials through a second operator);
* JAX: ``jax.custom_jvp`` over the JAX arrays among the inputs (Python
  numbers stay constants); its rule returns the partials times the tangents,
  which JAX transposes for ``jax.grad``. It traces: under ``jax.jit``,
  ``jax.vmap`` and ``jax.grad`` of jitted code the kernels run on the traced
  arrays with concrete parameters (the policy of
  :mod:`symmetric.numeric.traced` for traced values), traced parameters on
  the host (``jax.pure_callback``).

Which hook an input takes is its backend record's ``gradient``
(:mod:`symmetric.numeric.backends`).

PyTorch tensors in host memory (device ``cpu``, float32 or float64) take the
host path (:func:`_on_host`): the NumPy runtime's kernels, generated from the
same proven rewrites, run on zero-copy NumPy views of the inputs (chunked, in
cache, with ``frexp``, fused validation, on the package's thread pool), and
the result is handed back without a copy (``torch.from_numpy``). Its accuracy
is the NumPy runtime's (at most 3 ULP in float64; float32 output is the
float64 result rounded once), its errors the same. Each PyTorch operation on
CPU is a parallel region of its own; on a busy 2-core machine each may wait
for the other core, so fewer, fused passes matter more than anything
(docs/performance.md). Tensors on another device run the portable kernels
there (in place, :func:`symmetric.numeric._portable.kernel`); JAX runs them
compiled (``jax.jit``); a module generated with ``--backend array-api`` runs
them whatever the device.

The partial derivatives are those of :func:`symmetric.numeric._portable.partials`,
generated from :mod:`symmetric.generate.gradients` (each stable form a proven
claim, ``proofs/numeric_gradients.py``). PyTorch and JAX are imported only
when their arrays come in.
"""

import functools
from typing import Any

import numpy

from ._portable import (
    _foreign,
    host_partials_of,
    invalid,
    kernel,
    namespace_of,
    needs_host,
    partials,
    prepare,
    result_dtype,
    to_numpy,
)
from ._runtime import _evaluate
from ._torch_ops import (
    call as _torch_call,
    fixed_function as _fixed_function,
    fixed_plan as _fixed_plan,
    host_function as _host_function,
    key as _torch_key,
    target as _torch_target,
)
from .backends import ARRAY_API, DASK, JAX, NUMPY, TORCH, backend_of, by_name
from .traced import apply_policy, host_partials, jax_host_call, jax_host_function, strict_check, with_jvp

__all__ = ["_evaluate_any", "_evaluate_backend", "evaluate", "host_call"]


def _evaluate_any(family, P, R, params, validate, error, threads=None) -> Any:
    """The generated functions' entry: NumPy input (and Dask's, converted) to
    :func:`symmetric.numeric._runtime._evaluate`, arrays of another library to :func:`evaluate`."""
    backend = backend_of(P, R, *params)
    if backend is NUMPY or backend is DASK:
        return _evaluate(family, P, R, params, validate, error, threads)
    return evaluate(family, (P, R, *params), validate, error, threads)


def _evaluate_backend(family, P, R, params, validate, error, threads, backend) -> Any:
    """The entry of a module generated for ``backend``: its input converted to that backend's arrays.

    ``numpy``: as the package's functions (:func:`_evaluate_any`). ``torch``, ``jax``: P and R that are not
    already that library's arrays become its default-device arrays (float64 for NumPy float64 input, where
    the library has it), and the result is that library's array. ``array-api``: always the portable
    kernels, NumPy input through ``array_api_compat.numpy``.
    """
    record = by_name(backend)
    if record is NUMPY:
        return _evaluate_any(family, P, R, params, validate, error, threads)
    if record is not ARRAY_API:  # a library of its own: P and R become its arrays
        xp = record.namespace()
        P, R = (v if record.owns(v) else xp.asarray(numpy.asarray(v, dtype=numpy.float64)) for v in (P, R))
    return evaluate(family, (P, R, *params), validate, error, threads, host=record is not ARRAY_API)


def evaluate(family, values, validate, error, threads=None, host=True) -> Any:
    """The evaluation of arrays of other libraries, with custom gradients where the library has them.

    The hook is the backend record's ``gradient``. ``host``: PyTorch tensors in host memory take the host
    path (:func:`_on_host`); False runs the portable kernels whatever the device (``--backend array-api``).
    """
    return _HOOKS[backend_of(*values).gradient](family, values, validate, error, threads, host)


def _plain(family, values, validate, error, threads, host):
    """A library without autodiff (``array-api-strict``, CuPy, NumPy on the portable path): the kernels."""
    xp, P, R, params, stage, index, positive = prepare(family, values, validate, error)
    return kernel(xp, stage, P, R, index, positive)


def _torch(family, values, validate, error, threads, host):
    import torch

    if TORCH.traced(None):
        traced = _torch_traced(family, values, validate, error)
        return traced if traced is not None else _torch_compiled(family, values, validate, error, host)
    if torch.is_grad_enabled() and any(isinstance(v, torch.Tensor) and v.requires_grad for v in values):
        return _torch_function().apply(family, validate, error, threads, host, *values)
    values = [v.detach() if isinstance(v, torch.Tensor) else v for v in values]
    if host:
        out = _on_host(family, values, validate, error, threads)
        if out is not None:
            return out
    return _plain(family, values, validate, error, threads, host)


def _with_partials(family, values, validate, error, threads=None, host=True, parameters=True):
    """The value and the partials in every argument (``parameters=False``: in P and R only, the others None).

    PyTorch tensors in host memory: both on the host, from the float64 NumPy values (one point, a loss's, in
    scalars: :func:`symmetric.numeric._portable.host_partials_of`), as tensors of the result's dtype.
    """
    if host and backend_of(*values) is TORCH:
        done = _on_host(family, values, validate, error, threads, partials_too=True)
        if done is not None:
            import torch

            out, arrays, exact = done
            parts = host_partials_of(family, arrays, exact, parameters)
            return out, [None if a is None else torch.from_numpy(a).to(out.dtype) for a in parts]
    xp, P, R, params, stage, index, positive = prepare(family, values, validate, error)
    out = kernel(xp, stage, P, R, index, positive)
    return out, partials(family, xp, P, R, params, stage, index, out, parameters)


_FLOATS = ("float32", "float64")


def _on_host(family, values, validate, error, threads, partials_too=False):
    """The NumPy runtime on zero-copy views of PyTorch tensors in host memory: its result as a tensor in the
    dtype the portable kernels would give (that of the float tensors); None where a tensor is elsewhere or
    not float32/float64 (the portable kernels run). ``partials_too``: also the NumPy views and the float64
    result, ``(tensor, views, result)``."""
    views, floats = [], []
    for v in values:
        if not _foreign(v):
            views.append(v)
            continue
        if not TORCH.owns(v) or v.device.type != "cpu" or str(v.dtype).rsplit(".", 1)[-1] not in _FLOATS:
            return None
        try:
            view = v.detach().numpy()
        except (RuntimeError, TypeError):  # pragma: no cover - a conjugate or negative view: not a plain buffer
            return None
        views.append(view)
        floats.append(view.dtype)
    if not floats:  # pragma: no cover - a torch input is always a foreign array
        return None
    import torch

    exact = numpy.asarray(_evaluate(family, views[0], views[1], views[2:], validate, error, threads))
    out = torch.from_numpy(exact.astype(numpy.result_type(*floats), copy=False))
    if partials_too:
        return out, views, numpy.asarray(exact, dtype=numpy.float64)
    return out


_TORCH: list = []


def _torch_function():
    """The ``torch.autograd.Function`` of the generated functions (defined on first use)."""
    if _TORCH:
        return _TORCH[0]
    import torch

    class GeneratedFunction(torch.autograd.Function):
        @staticmethod
        def forward(ctx, family, validate, error, threads, host, *values):
            ctx.inputs = [
                (tuple(v.shape), v.dtype) if isinstance(v, torch.Tensor) and v.requires_grad else None for v in values
            ]
            detached = [v.detach() if isinstance(v, torch.Tensor) else v for v in values]
            parameters = any(wanted is not None for wanted in ctx.inputs[2:])
            out, parts = _with_partials(family, detached, validate, error, threads, host, parameters)
            ctx.save_for_backward(*[out if part is None else part for part in parts])  # unwanted: never read
            return out

        @staticmethod
        def backward(ctx, grad):
            grads: list[Any] = []
            for part, wanted in zip(ctx.saved_tensors, ctx.inputs):
                if wanted is None:
                    grads.append(None)
                    continue
                shape, dtype = wanted
                g = grad * part
                g = g.sum() if shape == () else g.sum_to_size(shape)
                grads.append(g.to(dtype))
            return (None, None, None, None, None, *grads)

    _TORCH.append(GeneratedFunction)
    return GeneratedFunction


# --- PyTorch under torch.compile: the evaluation as an operator of the graph (symmetric.numeric._torch_ops) ---


class _FamilyTarget:
    """What the operators of :mod:`symmetric.numeric._torch_ops` run for a generated family: the eager
    evaluation (host path on CPU, the portable kernels elsewhere; checks included) and its partials."""

    def __init__(self, family, error) -> None:
        self.family, self.error = family, error

    def value(self, values, validate, host):
        return evaluate(self.family, values, validate, self.error, None, host)

    def partials(self, values, validate, host, out):
        parameters = any(_foreign(v) for v in values[2:])  # the operators differentiate in their tensors
        if host and out is not None and out.device.type == "cpu":  # from the value already computed
            arrays = [v.numpy() if _foreign(v) else v for v in values]
            parts = host_partials_of(self.family, arrays, out.numpy().astype(numpy.float64), parameters)
            return [None if a is None else torch_from(a, out.dtype) for a in parts]
        return _with_partials(self.family, values, validate, self.error, None, host, parameters)[1]


def torch_from(a, dtype):
    """A NumPy array as a tensor of ``dtype`` (on the host)."""
    import torch

    return torch.from_numpy(numpy.ascontiguousarray(a)).to(dtype)


def _torch_compiled(family, values, validate, error, host):
    return _torch_call(_torch_key("family", family, _FamilyTarget, error), values, validate, host)


def _torch_traced(family, values, validate, error):
    """Under ``torch.compile``, a call that checks nothing (``validate=False``) on two floating tensors with
    numbers for parameters: the portable kernel and its partials traced into the graph (Inductor fuses them
    with the caller's operations), the parameter stage's constants computed while tracing
    (:func:`symmetric.numeric._torch_ops.fixed_plan`). A parameter that Dynamo made symbolic is specialized
    (a new value traces again, as a new shape does). None where this does not apply (checks to run, tensor
    parameters, the binade regimes, whose table the host gathers): the operator then evaluates."""
    import torch

    P, R, *params = values
    if validate or not all(isinstance(v, torch.Tensor) and v.is_floating_point() for v in (P, R)):
        return None
    if P.dtype != R.dtype or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in params):
        return None
    from torch.fx.experimental.symbolic_shapes import guard_scalar

    plan = _fixed_plan(_torch_key("family", family, _FamilyTarget, error), *[float(guard_scalar(v)) for v in params])
    if plan is None:
        return None
    P, R = torch.broadcast_tensors(P, R)
    return _fixed_function().apply(P, R, family.common, plan)


# --- functions evaluated on the host (compile'd functions): their values and partials from NumPy ---


def host_call(func, values, validate) -> Any:
    """``func`` (``func.host_value(arrays, validate, traced)``, ``func.host_partials(arrays)`` on float64 NumPy
    arrays) at arrays of another library: a result of that library, differentiable where it is (JAX:
    ``jax.custom_jvp`` over ``jax.pure_callback``, also traced; PyTorch: ``torch.autograd.Function``, and under
    ``torch.compile`` an operator of the graph)."""
    backend = backend_of(*values)
    if backend is JAX:
        return jax_host_function(func, values, validate)
    if backend is TORCH:
        import torch

        name = _torch_key("host", func, _HostTarget)
        if TORCH.traced(None):
            return _torch_call(name, values, validate, True)
        target = _torch_target(name)
        if torch.is_grad_enabled() and any(isinstance(v, torch.Tensor) and v.requires_grad for v in values):
            return _host_function().apply(target, validate, *values)
        return target.value(values, validate, True)
    xp, device = namespace_of(values)
    out = func.host_value([to_numpy(v) if _foreign(v) else v for v in values], validate, False)
    return xp.asarray(numpy.asarray(out), dtype=result_dtype(xp, device, values), device=device)


class _HostTarget:
    """A function evaluated on the host, for PyTorch tensors: NumPy copies in, tensors of the inputs' floating
    dtype and device out."""

    def __init__(self, func) -> None:
        self.func = func

    def _arrays(self, values):
        return [to_numpy(v) if _foreign(v) else v for v in values]

    def _like(self, values, arrays):
        import torch

        tensors = [v for v in values if isinstance(v, torch.Tensor)]
        floats = [t.dtype for t in tensors if t.is_floating_point()]
        dtype = functools.reduce(torch.promote_types, floats) if floats else torch.get_default_dtype()
        device = tensors[0].device
        return [torch.as_tensor(numpy.asarray(a, dtype=numpy.float64)).to(dtype=dtype, device=device) for a in arrays]

    def value(self, values, validate, host):
        return self._like(values, [self.func.host_value(self._arrays(values), validate, False)])[0]

    def partials(self, values, validate, host, out):
        return self._like(values, self.func.host_partials(self._arrays(values)))


def _jax(family, values, validate, error, threads, host):
    """JAX arrays (concrete or traced) under ``jax.custom_jvp``: the kernels, or the host for traced parameters."""
    import jax.numpy as jnp

    dtype = result_dtype(jnp, None, values)
    # concrete JAX parameters go to the host stage as NumPy; JAX P and R (and traced parameters) are arguments
    values = [v if i < 2 or not JAX.owns(v) or JAX.traced(v) else to_numpy(v) for i, v in enumerate(values)]
    values = [jnp.asarray(v, dtype=dtype) if i < 2 and JAX.owns(v) else v for i, v in enumerate(values)]
    return with_jvp(values, lambda full, want: _jax_values(family, full, validate, error, dtype, want or False))


def _jax_values(family, full, validate, error, dtype, want):
    """The value, and the partials in every argument when ``want`` (True, or the positions asked for: in P and
    R alone, the others are None), of JAX input, traced or not."""
    traced_params = any(JAX.owns(v) and JAX.traced(v) for v in full[2:])
    traced = traced_params or any(JAX.owns(v) and JAX.traced(v) for v in full[:2])
    if not traced_params:
        xp, P, R, params, stage, index, positive = prepare(family, full, validate, error, traced)
        if not (traced and needs_host(stage, index)):
            out = kernel(xp, stage, P, R, index, positive, traced)
            parameters = want is True or any(i >= 2 for i in want or ())
            outs = [out, *(partials(family, xp, P, R, params, stage, index, out, parameters) if want else [])]
            if not traced or not validate:
                return outs
            if validate == "strict":
                for name, a in (("P", P), ("R", R)):
                    strict_check(xp, (a >= 0) & (a < numpy.inf), a, error, name, family.name, family.domains[0][0])
            return apply_policy(xp, outs, invalid(xp, P, R), validate)
    if validate == "strict":
        import jax.numpy as jnp

        names = ("P", "R", *family.parameters)
        for a, name, (allowed, ok) in zip(full, names, family.domains):
            if JAX.owns(a):
                strict_check(jnp, ok(a), a, error, name, family.name, allowed)
    count = 1 + (len(full) if want else 0)
    return jax_host_call(lambda arrays: host_partials(family, arrays, validate, want, error), full, dtype, count)


_HOOKS = {None: _plain, "autograd": _torch, "custom_jvp": _jax}
