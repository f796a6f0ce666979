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
generated from :mod:`symmetric.numeric.gradients` (each stable form a proven
claim, ``proofs/numeric_gradients.py``). PyTorch and JAX are imported only
when their arrays come in.
"""

import functools

import numpy

from ._portable import _foreign, invalid, kernel, needs_host, partials, prepare, result_dtype, to_numpy
from ._runtime import _evaluate
from .traced import apply_policy, host_partials, jax_host_call, operator_namespace, operators, strict_check
from .backends import DASK, JAX, NUMPY, TORCH, backend_of

__all__ = ["_evaluate_any", "_evaluate_backend", "evaluate"]


def _evaluate_any(family, P, R, params, validate, error, threads=None):
    """The generated functions' entry: NumPy input (and Dask's, converted) to
    :func:`symmetric.numeric._runtime._evaluate`, arrays of another library to :func:`evaluate`."""
    backend = backend_of(P, R, *params)
    if backend is NUMPY or backend is DASK:
        return _evaluate(family, P, R, params, validate, error, threads)
    return evaluate(family, (P, R, *params), validate, error, threads)


def _evaluate_backend(family, P, R, params, validate, error, threads, backend):
    """The entry of a module generated for ``backend``: its input converted to that backend's arrays.

    ``numpy``: as the package's functions (:func:`_evaluate_any`). ``torch``, ``jax``: P and R that are not
    already that library's arrays become its default-device arrays (float64 for NumPy float64 input, where
    the library has it), and the result is that library's array. ``array-api``: always the portable
    kernels, NumPy input through ``array_api_compat.numpy``.
    """
    if backend == "numpy":
        return _evaluate_any(family, P, R, params, validate, error, threads)
    if backend in ("torch", "jax"):
        if backend == "torch":
            import torch as lib

            convert = lib.asarray
        else:
            import jax.numpy as lib

            convert = lib.asarray
        P, R = (v if backend_of(v).name == backend else convert(numpy.asarray(v, dtype=numpy.float64)) for v in (P, R))
    return evaluate(family, (P, R, *params), validate, error, threads, host=backend != "array-api")


def evaluate(family, values, validate, error, threads=None, host=True):
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
        return _torch_compiled(family, values, validate, error, host)
    if torch.is_grad_enabled() and any(isinstance(v, torch.Tensor) and v.requires_grad for v in values):
        return _torch_function().apply(family, validate, error, threads, host, *values)
    values = [v.detach() if isinstance(v, torch.Tensor) else v for v in values]
    if host:
        out = _on_host(family, values, validate, error, threads)
        if out is not None:
            return out
    return _plain(family, values, validate, error, threads, host)


def _with_partials(family, values, validate, error, threads=None, host=True):
    out = _on_host(family, values, validate, error, threads) if host and backend_of(*values) is TORCH else None
    xp, P, R, params, stage, index, positive = prepare(family, values, validate and out is None, error)
    if out is None:
        out = kernel(xp, stage, P, R, index, positive)
    return out, partials(family, xp, P, R, params, stage, index, out)


_FLOATS = ("float32", "float64")


def _on_host(family, values, validate, error, threads):
    """The NumPy runtime on zero-copy views of PyTorch tensors in host memory: its result as a tensor in the
    dtype the portable kernels would give (that of the float tensors); None where a tensor is elsewhere or
    not float32/float64 (the portable kernels run)."""
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

    out = numpy.asarray(_evaluate(family, views[0], views[1], views[2:], validate, error, threads))
    return torch.from_numpy(out.astype(numpy.result_type(*floats), copy=False))


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
            values = [v.detach() if isinstance(v, torch.Tensor) else v for v in values]
            out, parts = _with_partials(family, values, validate, error, threads, host)
            ctx.save_for_backward(*parts)
            return out

        @staticmethod
        def backward(ctx, grad):
            grads = []
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


# --- PyTorch under torch.compile: two operators of the graph (the evaluation and its partials) ---

_OPS: dict = {}
#: The families the operators evaluate, by key (the operators' arguments are tensors, numbers and strings).
_FAMILIES: dict = {}
_VALIDATE = {False: 0, True: 1, "strict": 2}


def _torch_compiled(family, values, validate, error, host):
    """The evaluation as one operator of a ``torch.compile`` graph: run eagerly (checks included) when the
    compiled code runs; differentiable through the partials operator."""
    import torch

    key = _family_key(family, error)
    tensors, scalars, layout = [], [], []
    for v in values:
        if isinstance(v, torch.Tensor):
            layout.append(len(tensors))
            tensors.append(v)
        elif isinstance(v, numpy.ndarray) and v.ndim:
            layout.append(len(tensors))
            tensors.append(torch.as_tensor(numpy.asarray(v, dtype=numpy.float64)))
        else:
            layout.append(-1 - len(scalars))
            scalars.append(float(v))
    _register_torch_ops()
    return operators().evaluate(key, _VALIDATE[validate], host, tensors, scalars, layout)


def _family_key(family, error):
    """The operators' name of ``family`` (registered on the way; marked for ``torch.compile`` as a constant
    result, so that Dynamo registers it for real while tracing)."""
    key = f"{family.name}:{id(family)}"
    _FAMILIES[key] = (family, error)
    return key


_family_key._dynamo_marked_constant = True  # type: ignore[attr-defined]


def _unpack(key, tensors, scalars, layout):
    family, error = _FAMILIES[key]
    return family, error, [tensors[i].detach() if i >= 0 else scalars[-1 - i] for i in layout]


def _fake_result(tensors, scalars, layout):
    import torch

    shape = torch.broadcast_shapes(*(t.shape for t in tensors))
    floats = [t.dtype for t in tensors if t.is_floating_point()]
    dtype = functools.reduce(torch.promote_types, floats) if floats else torch.get_default_dtype()
    return torch.empty(shape, dtype=dtype, device=tensors[0].device)


def _register_torch_ops():
    """Register the operators ``evaluate`` and ``partials`` once (returns True); marked for ``torch.compile``
    as a constant result, as :func:`symmetric.numeric.traced.register_torch_check` is, so that Dynamo runs
    it while tracing."""
    if _OPS:
        return True
    import torch

    space = operator_namespace()
    validates = {v: k for k, v in _VALIDATE.items()}

    @torch.library.custom_op(f"{space}::evaluate", mutates_args=())
    def evaluate_op(
        key: str, validate: int, host: bool, tensors: list[torch.Tensor], scalars: list[float], layout: list[int]
    ) -> torch.Tensor:
        family, error, values = _unpack(key, tensors, scalars, layout)
        with torch.no_grad():
            return evaluate(family, values, validates[validate], error, None, host).clone()

    @evaluate_op.register_fake
    def _(key, validate, host, tensors, scalars, layout):
        return _fake_result(tensors, scalars, layout)

    @torch.library.custom_op(f"{space}::partials", mutates_args=())
    def partials_op(
        key: str, validate: int, host: bool, tensors: list[torch.Tensor], scalars: list[float], layout: list[int]
    ) -> list[torch.Tensor]:
        family, error, values = _unpack(key, tensors, scalars, layout)
        _, parts = _with_partials(family, values, validates[validate], error, None, host)
        return [parts[layout.index(i)].clone() for i in range(len(tensors))]

    @partials_op.register_fake
    def _(key, validate, host, tensors, scalars, layout):
        out = _fake_result(tensors, scalars, layout)
        return [torch.empty_like(out) for _ in tensors]

    def setup_context(ctx, inputs, output):
        ctx.inputs = inputs

    def backward(ctx, grad):
        key, validate, host, tensors, scalars, layout = ctx.inputs
        parts = partials_op(key, validate, host, tensors, scalars, layout)
        grads = []
        for t, part in zip(tensors, parts):
            g = grad * part
            grads.append((g.sum() if t.dim() == 0 else g.sum_to_size(t.shape)).to(t.dtype))
        return None, None, None, grads, None, None

    evaluate_op.register_autograd(backward, setup_context=setup_context)
    _OPS.update(evaluate=evaluate_op, partials=partials_op)
    return True


_register_torch_ops._dynamo_marked_constant = True  # type: ignore[attr-defined]


def _jax(family, values, validate, error, threads, host):
    """JAX arrays (concrete or traced) under ``jax.custom_jvp``: the kernels, or the host for traced parameters."""
    import jax
    import jax.numpy as jnp

    dtype = result_dtype(jnp, None, values)
    # concrete JAX parameters go to the host stage as NumPy; JAX P and R (and traced parameters) are arguments
    values = [v if i < 2 or not JAX.owns(v) or JAX.traced(v) else to_numpy(v) for i, v in enumerate(values)]
    values = [jnp.asarray(v, dtype=dtype) if i < 2 and JAX.owns(v) else v for i, v in enumerate(values)]
    positions = [i for i, v in enumerate(values) if JAX.owns(v)]

    def call(*arrays):
        full = list(values)
        for i, a in zip(positions, arrays):
            full[i] = a
        return full

    @jax.custom_jvp
    def f(*arrays):
        return _jax_values(family, call(*arrays), validate, error, dtype, False)[0]

    @f.defjvp
    def f_jvp(primals, tangents):
        out, *parts = _jax_values(family, call(*primals), validate, error, dtype, True)
        tangent = None
        for i, t in zip(positions, tangents):
            term = parts[i] * t.astype(out.dtype)
            tangent = term if tangent is None else tangent + term
        return out, tangent

    return f(*[values[i] for i in positions])


def _jax_values(family, full, validate, error, dtype, want):
    """The value (and with ``want`` the partials in every argument) of JAX input, traced or not."""
    traced_params = any(JAX.owns(v) and JAX.traced(v) for v in full[2:])
    traced = traced_params or any(JAX.owns(v) and JAX.traced(v) for v in full[:2])
    if not traced_params:
        xp, P, R, params, stage, index, positive = prepare(family, full, validate, error, traced)
        if not (traced and needs_host(stage, index)):
            out = kernel(xp, stage, P, R, index, positive, traced)
            outs = [out, *(partials(family, xp, P, R, params, stage, index, out) if want else [])]
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
