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
* JAX: ``jax.custom_jvp`` over the JAX arrays among the inputs (Python
  numbers stay constants); its rule returns the partials times the tangents,
  which JAX transposes for ``jax.grad``. The evaluation needs concrete
  values (eager mode, or ``jax.grad`` outside ``jax.jit``).

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

import numpy

from ._portable import _foreign, kernel, partials, prepare
from ._runtime import _evaluate

__all__ = ["_evaluate_any", "_evaluate_backend", "evaluate", "BACKENDS"]

#: The backends of generated modules (``symmetric codegen --backend``).
BACKENDS = ("numpy", "array-api", "torch", "jax")

_NATIVE = (numpy.ndarray, numpy.generic, float, int, list, tuple)


def _evaluate_any(family, P, R, params, validate, error, threads=None):
    """The generated functions' entry: NumPy input to :func:`symmetric.numeric._runtime._evaluate`, arrays of
    another library (they have ``__dlpack__``; checked cheaply) to :func:`evaluate`."""
    if (
        (type(P) in _NATIVE or not hasattr(P, "__dlpack__") or isinstance(P, _NATIVE))
        and (type(R) in _NATIVE or not hasattr(R, "__dlpack__") or isinstance(R, _NATIVE))
        and not any(_foreign(a) for a in params)
    ):
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
        P, R = (v if _library([v]) == backend else convert(numpy.asarray(v, dtype=numpy.float64)) for v in (P, R))
    return evaluate(family, (P, R, *params), validate, error, threads, host=backend != "array-api")


def _library(values):
    for v in values:
        module = type(v).__module__.split(".")[0]
        if module in ("torch", "jax", "jaxlib"):
            return "jax" if module == "jaxlib" else module
    return None


def evaluate(family, values, validate, error, threads=None, host=True):
    """The evaluation of arrays of other libraries, with custom gradients for PyTorch and JAX inputs.

    ``host``: PyTorch tensors in host memory take the host path (:func:`_on_host`); False runs the portable
    kernels whatever the device (``--backend array-api``).
    """
    library = _library(values)
    if library == "torch":
        import torch

        if torch.is_grad_enabled() and any(isinstance(v, torch.Tensor) and v.requires_grad for v in values):
            return _torch_function().apply(family, validate, error, threads, host, *values)
        values = [v.detach() if isinstance(v, torch.Tensor) else v for v in values]
    elif library == "jax":
        return _jax_evaluate(family, values, validate, error)
    if host and library == "torch":
        out = _on_host(family, values, validate, error, threads)
        if out is not None:
            return out
    xp, P, R, params, stage, index, positive = prepare(family, values, validate, error)
    return kernel(xp, stage, P, R, index, positive)


def _with_partials(family, values, validate, error, threads=None, host=True):
    out = _on_host(family, values, validate, error, threads) if host and _library(values) == "torch" else None
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
        if _library([v]) != "torch" or v.device.type != "cpu" or str(v.dtype).rsplit(".", 1)[-1] not in _FLOATS:
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


def _jax_evaluate(family, values, validate, error):
    import jax

    positions = [i for i, v in enumerate(values) if _library([v]) == "jax"]

    def call(*arrays):
        full = list(values)
        for i, a in zip(positions, arrays):
            full[i] = a
        return full

    @jax.custom_jvp
    def f(*arrays):
        xp, P, R, params, stage, index, positive = prepare(family, call(*arrays), validate, error)
        return kernel(xp, stage, P, R, index, positive)

    @f.defjvp
    def f_jvp(primals, tangents):
        out, parts = _with_partials(family, call(*primals), validate, error)
        tangent = None
        for i, t in zip(positions, tangents):
            term = parts[i] * t.astype(out.dtype)
            tangent = term if tangent is None else tangent + term
        return out, tangent

    return f(*[values[i] for i in positions])
