"""The portable runtime: the generated kernels on arrays of any Array API library (PyTorch, JAX, CuPy, ...).

The NumPy runtime (:mod:`symmetric.numeric._runtime`) evaluates chunks in
place with ufuncs and ``numpy.frexp``; neither is in the Python Array API
standard. This module runs the same kernels, generated from the same proven
rewrites (:data:`symmetric.generate.rewrites.KERNELS`) in the emitter's
``"array-api"`` form, on the arrays' own namespace (found by
``array_api_compat``), device and floating dtype (float32 or float64):

* the parameter stage is the NumPy runtime's (double-double on the host,
  from scalar parameters), its constants rounded once to the arrays' dtype;
* the regime is chosen on the host, from the exponent ``phi``;
* for ``|phi| < 1/4`` the binade kernels need ``P/R = m 2**k``: PyTorch and
  JAX have ``frexp`` (``m = m_P / m_R``, as the NumPy runtime); elsewhere,
  ``k_P = floor(log2(P))`` (any integer near the binary exponent
  will do: only ``m`` in [1/8, 8] matters) and ``P / 2**k_P``, divided by a
  power of two gathered (``take``) from an exact table, so ``m`` is exact as
  with ``frexp``; ``c_k`` and ``w_k`` come from the same double-double table;
* P = 0 or R = 0 take the boundary kernel's value (``where``), the kernels
  seeing 1 there, so that no NaN is ever formed (nor reaches a gradient);
  the checks of P and R are one pass each (``torch.aminmax``, one compiled
  reduction on JAX), whose minima say whether that is needed;
* PyTorch runs the NumPy runtime's ``"inplace"`` kernels with PyTorch
  operations in place of the ufuncs (:class:`_TorchUfuncs`): no tensor per
  operation; JAX runs each kernel compiled (``jax.jit``), fused by XLA.

Parameters given as arrays (beta, rho varying per element) are staged on the
host as by the NumPy runtime; their constants, and the binade table entries
per (parameter point, exponent), are gathered there and copied to the device
(a round trip of the exponents, documented as the fallback for that case).
Scalar parameters, the usual case, keep everything on the device after the
stage: one small table per distinct parameter value, cached.

Inside a trace that must not read the host (``torch.compile``), a stage of
numbers whose regime needs no table is a *fixed plan* (:func:`fixed_plan`):
the kernel's name and its constants as plain floats, with which
:func:`fixed_value` and :func:`fixed_partials` are array operations only.
"""

import math
from typing import Any

import numpy

from ._runtime import _KERNEL, BINADE, BLOCK, GEOMETRIC, _validate
from .backends import NUMPY, backend_of, for_namespace, to_host as to_numpy

__all__ = [
    "_maximum",
    "_minimum",
    "_where",
    "_sigmoid",
    "_softplus",
    "prepare",
    "partials",
    "is_foreign",
    "evaluate",
    "namespace_of",
    "to_numpy",
    "host_partials_of",
    "fixed_plan",
    "fixed_value",
    "fixed_partials",
]


def _lift(xp, a, like):
    if isinstance(a, (int, float)):
        return xp.full_like(like, float(a))  # like's shape, dtype and device (also of a traced array)
    return a


def _maximum(xp, a, b) -> Any:
    """``maximum`` of two arrays, either a Python scalar (lifted to the other's shape and dtype)."""
    if isinstance(a, (int, float)):
        a = _lift(xp, a, b)
    elif isinstance(b, (int, float)):
        b = _lift(xp, b, a)
    return xp.maximum(a, b)


def _minimum(xp, a, b) -> Any:
    """``minimum`` of two arrays, either a Python scalar (lifted to the other's shape and dtype)."""
    if isinstance(a, (int, float)):
        a = _lift(xp, a, b)
    elif isinstance(b, (int, float)):
        b = _lift(xp, b, a)
    return xp.minimum(a, b)


def _device(x):
    """The device of ``x`` (None for a JAX tracer: the trace decides)."""
    import array_api_compat

    return array_api_compat.device(x)


def _foreign(v):
    if isinstance(v, (numpy.ndarray, numpy.generic, float, int, bool, list, tuple, str, bytes)) or v is None:
        return False
    return hasattr(v, "__array_namespace__") or hasattr(v, "__dlpack__")


def is_foreign(values) -> bool:
    """Whether any of ``values`` is an array of another library than NumPy (then this runtime evaluates)."""
    return any(_foreign(v) for v in values)


def namespace_of(values) -> tuple[Any, Any]:
    """The Array API namespace and device of the foreign arrays among ``values`` (their backend record's)."""
    arrays = [v for v in values if _foreign(v)]
    backend = backend_of(*arrays)
    if not arrays:  # NumPy input on the portable path (``symmetric codegen --backend array-api``)
        return backend.namespace(), "cpu"
    return backend.namespace(*arrays), backend.device(arrays[0])


def result_dtype(xp, device, values):
    """The floating dtype of the result: that of the floating arrays among ``values``, else the default one."""
    native = xp.__name__ in ("numpy", "array_api_compat.numpy")  # the portable path on NumPy input (codegen)
    floats = [
        v.dtype
        for v in values
        if (_foreign(v) or native and isinstance(v, (numpy.ndarray, numpy.generic)))
        and xp.isdtype(v.dtype, "real floating")
    ]
    if floats:
        return xp.result_type(*floats)
    try:
        return xp.__array_namespace_info__().default_dtypes(device=device)["real floating"]
    except AttributeError:  # pragma: no cover - namespaces before the 2023.12 standard
        return xp.float64


def evaluate(family, values, validate, error) -> Any:
    """Evaluate ``family`` at ``values`` (P, R, parameters), some of them arrays of a library other than NumPy.

    Returns an array of that library, on the device and in the floating dtype of the inputs (no gradient:
    :mod:`symmetric.numeric._autodiff` adds them).
    """
    xp, P, R, params, stage, index, positive = prepare(family, values, validate, error)
    return kernel(xp, stage, P, R, index, positive)


def prepare(family, values, validate, error, traced=False) -> tuple:
    """The checked inputs of an evaluation: ``(xp, P, R, params, stage, index, positive)``.

    P and R are broadcast arrays of the namespace ``xp`` in the result's dtype; ``params`` the parameters as
    float64 NumPy arrays (on the host); ``index`` the stage point of each element (None for scalar parameters);
    ``positive``: True when the checks found every P and R > 0 (no boundary), else None (not known).

    ``traced``: P or R is a placeholder of a trace (``jax.jit``, ``jax.vmap``), whose elements cannot be
    read: they are not checked here (the caller applies the policy for traced values,
    :func:`symmetric.numeric.traced.apply_policy`, with :func:`invalid`); the parameters, concrete, are.
    """
    xp, device = namespace_of(values)
    dtype = result_dtype(xp, device, values)
    P, R = (_as_array(xp, v, dtype, device) for v in values[:2])
    params = [to_numpy(v) if _foreign(v) else numpy.asarray(v) for v in values[2:]]
    names = ("P", "R", *family.parameters)
    for a, name in zip(params, names[2:]):
        if a.dtype.kind not in "fiu":
            raise error.of(name, family.name, "a real number or array of real numbers", a)
    params = [a.astype(numpy.float64) for a in params]
    positive = None
    if validate and traced:
        if not all(numpy.all(check(a)) for a, (_, check) in zip(params, family.domains[2:])):
            _validate(params, names[2:], family.domains[2:], family.name, error)
    elif validate:
        # min >= 0 and max < inf (a NaN fails one of them: min and max propagate it), in one pass per input
        # where the library has one; the minima also tell the kernel whether it needs the boundary
        extrema = [_extrema(xp, a) for a in (P, R)]
        ok = [lo is None or lo >= 0 and hi < math.inf for lo, hi in extrema]
        if not all(ok) or not all(numpy.all(check(a)) for a, (_, check) in zip(params, family.domains[2:])):
            _validate([to_numpy(P), to_numpy(R), *params], names, family.domains, family.name, error)
        positive = all(lo is not None and lo > 0 for lo, _ in extrema)
    try:
        shape = numpy.broadcast_shapes(tuple(P.shape), tuple(R.shape), *(a.shape for a in params))
    except ValueError:
        got = ", ".join(f"{n}: {tuple(a.shape)}" for a, n in zip((P, R, *params), names))
        raise error.of(", ".join(names), family.name, "arrays whose shapes broadcast together", got) from None
    P, R = xp.broadcast_to(P, shape), xp.broadcast_to(R, shape)
    with numpy.errstate(all="ignore"):
        stage = family.stage(params)
    index = None
    if not stage.scalar:  # the stage point of each element, on the host
        index = numpy.broadcast_to(numpy.arange(stage.code.size).reshape(stage.shape), shape).reshape(-1)
    return xp, P, R, params, stage, index, positive


def _as_array(xp, v, dtype, device):
    """``v`` as an array of ``xp`` in ``dtype`` on ``device``; an array that is one already is kept as it is
    (a PyTorch tensor that asks for its gradient is not copied, nor warned about)."""
    if _foreign(v) and v.dtype == dtype:
        return v
    if _foreign(v):
        return xp.astype(v, dtype)
    return xp.asarray(numpy.asarray(v, dtype=numpy.float64), dtype=dtype, device=device)


def invalid(xp, P, R):
    """Where P or R is outside its domain (negative, infinite or NaN), elementwise: traced values' checks."""
    return ~((P >= 0) & (P < math.inf)) | ~((R >= 0) & (R < math.inf))


def needs_host(stage, index):
    """Whether traced P and R need the host (a table of array parameters, gathered per exponent there)."""
    return index is not None and bool(numpy.isin(stage.code, (BINADE, GEOMETRIC)).any())


def _extrema(xp, a):
    """``(min, max)`` of ``a`` as Python floats, in one pass where the library has it (None, None if empty)."""
    if math.prod(a.shape) == 0:
        return None, None
    backend = for_namespace(xp)
    if backend.extrema is not None:
        return backend.extrema(a)
    if backend.compiled:
        lo, hi = _compiled(xp, _min_max)(a)
        return float(lo), float(hi)
    return float(xp.min(a)), float(xp.max(a))


def _min_max(xp, a):
    return xp.min(a), xp.max(a)


def _sigmoid(xp, z) -> Any:
    """``1 / (1 + exp(-z))`` without overflow, for an array or a Python float."""
    if isinstance(z, (int, float)):
        e = math.exp(-abs(z))
        return 1 / (1 + e) if z >= 0 else e / (1 + e)
    e = xp.exp(-xp.abs(z))
    return xp.where(z >= 0, 1 / (1 + e), e / (1 + e))


def _softplus(xp, z) -> Any:
    """``log(1 + exp(z))`` without overflow, for an array or a Python float."""
    if isinstance(z, (int, float)):
        return max(z, 0.0) + math.log1p(math.exp(-abs(z)))
    return _maximum(xp, z, 0.0) + xp.log1p(xp.exp(-xp.abs(z)))


def _log_ratio(xp, p, r):
    """``log(p / r)`` for positive arrays, to a few ULP relative: ``log1p((p - r) / r)`` where p - r is exact
    (Sterbenz), ``log(p / r)`` where the ratio is a normal number, else ``log(p) - log(r)``."""
    q = p / r
    near = (q >= 0.5) & (q <= 2.0)
    info = xp.finfo(p.dtype)
    normal = (q >= info.smallest_normal) & (q <= info.max)
    return xp.where(
        near,
        xp.log1p((p - r) / r),
        xp.where(normal, xp.log(_maximum(xp, q, info.smallest_normal)), xp.log(p) - xp.log(r)),
    )


class _Scalars:
    """The few namespace functions :func:`partials` calls, on NumPy float64 scalars (no arrays; IEEE results,
    inf and NaN, as on arrays): the partials of one point, a loss's, in microseconds instead of a hundred
    array operations."""

    __name__ = "symmetric.numeric._portable._Scalars"
    exp, log, log1p, expm1, abs = (staticmethod(f) for f in (numpy.exp, numpy.log, numpy.log1p, numpy.expm1, numpy.abs))
    finfo = staticmethod(numpy.finfo)

    @staticmethod
    def where(condition, a, b):
        return a if condition else b

    @staticmethod
    def reshape(a, shape):
        return a

    @staticmethod
    def full_like(a, value):
        return numpy.float64(value)

    @staticmethod
    def ones_like(a):
        return numpy.float64(1.0)

    @staticmethod
    def zeros_like(a):
        return numpy.float64(0.0)

    @staticmethod
    def maximum(a, b):
        return max(a, b)


def host_partials_of(family, arrays, out, parameters=True) -> list:
    """The partials of ``family`` at float64 NumPy ``arrays`` (P, R, parameters) where its value is ``out``:
    NumPy arrays of ``out``'s shape (see :func:`partials`); one point with scalar parameters in scalars."""
    import array_api_compat.numpy as npx

    P, R, *params = (numpy.asarray(a, dtype=numpy.float64) for a in arrays)
    with numpy.errstate(all="ignore"):
        stage = family.stage(params)
        out = numpy.asarray(out, dtype=numpy.float64)
        if stage.scalar and out.size == 1:
            one = [numpy.float64(a.reshape(-1)[0]) for a in (P, R, out)]
            parts = partials(family, _Scalars, one[0], one[1], params, stage, None, one[2], parameters)
            return [None if part is None else numpy.full(out.shape, part) for part in parts]
        shape = out.shape
        P, R = numpy.broadcast_to(P, shape), numpy.broadcast_to(R, shape)
        index = None
        if not stage.scalar:
            index = numpy.broadcast_to(numpy.arange(stage.code.size).reshape(stage.shape), shape).reshape(-1)
        parts = partials(family, npx, P, R, params, stage, index, out, parameters)
        return [None if a is None else numpy.asarray(a) for a in parts]


_COMPILED: dict = {}


def _compiled(xp, func):
    """``func`` bound to ``xp``; compiled (``jax.jit``) where the backend record says so (eager JAX dispatches each
    of the gradient kernel's ~150 operations separately, compiling each on first use: seconds)."""
    if not for_namespace(xp).compiled:
        return lambda *args: func(xp, *args)
    if func not in _COMPILED:
        import jax

        _COMPILED[func] = jax.jit(lambda *args: func(xp, *args))
    return _COMPILED[func]


def _per_element(xp, value, index, like):
    """A float64 stage value (double-double or float, scalar or per stage point) for the elements: a Python
    float for a scalar stage, else an array gathered on the host and copied to the device."""
    value = getattr(value, "hi", value)
    if isinstance(value, float):
        return float(value)  # a Python float (array-api-strict refuses NumPy scalars)
    if index is None:
        return float(numpy.asarray(value).reshape(-1)[0]) if numpy.ndim(value) else float(value)
    return xp.asarray(
        numpy.take(numpy.asarray(value, dtype=numpy.float64), index), dtype=like.dtype, device=_device(like)
    )


def partials(family, xp, P, R, params, stage, index, out, parameters=True) -> list:
    """The partial derivatives of the result ``out`` in P, R and each parameter (arrays of ``out``'s shape).

    From the generated gradient kernel (:data:`symmetric.generate.gradients.GRADIENT`) and, per parameter, the
    chain factors of the branch each element takes; see :mod:`symmetric.generate.gradients` for the
    conventions at the stipulated values and where P or R is 0. ``parameters=False``: those in P and R
    only (the parameters' are None), from the generated kernel of those two alone.
    """
    shape = out.shape
    Pf, Rf, Mf = (xp.reshape(a, (-1,)) for a in (P, R, out))
    positive = (Pf > 0) & (Rf > 0)
    ones = xp.ones_like(Pf)
    p, r, m = (xp.where(positive, a, ones) for a in (Pf, Rf, Mf))
    grads = stage.common["gradients"]
    with numpy.errstate(all="ignore"):
        values = {
            "P": p,
            "R": r,
            "M": m,
            "phi": _per_element(xp, stage.get("phi"), index, p),
            "lambda_": _per_element(xp, stage.get("lambda_"), index, p),
            "L": _log_ratio(xp, p, r),
        }
        func, names = grads["gradient" if parameters else "gradient_pr"]
        g = _compiled(xp, func)(*[values[name] for name in names])
        edge_values = {key: _per_element(xp, stage.get(key), index, p) for key in ("c_P", "c_R", "phi")}
    edge_values["P"], edge_values["R"] = Pf, Rf
    func, names = grads["boundary"]
    edge = func(xp, *[edge_values[name] for name in names])
    zeros = xp.zeros_like(Pf)
    out_parts = [
        xp.where(positive, g[key], _lift(xp, edge[key], Pf) if isinstance(edge[key], (int, float)) else edge[key])
        for key in ("P", "R")
    ]
    if not parameters:
        return [xp.reshape(a, shape) for a in out_parts] + [None] * len(params)
    flat = [numpy.broadcast_to(a, stage.shape).reshape(-1) if not stage.scalar else a for a in params]
    branch = numpy.zeros(stage.code.size if not stage.scalar else 1, dtype=int)
    todo = numpy.ones(branch.size, dtype=bool)
    for i, (condition, _) in enumerate(family.branches):
        chosen = todo & numpy.broadcast_to(numpy.asarray(condition(*flat), dtype=bool), branch.shape)
        branch[chosen] = i
        todo &= ~chosen
    for j in range(len(params)):
        with numpy.errstate(all="ignore"):
            factor: dict[int, Any] = {}
            for which in (0, 1):
                per_branch = [
                    numpy.broadcast_to(
                        numpy.asarray(family.factors[i][j][which](*flat), dtype=numpy.float64), branch.shape
                    )
                    for i in range(len(family.branches))
                ]
                factor[which] = numpy.choose(branch, per_branch)
        total = zeros
        for which, key in ((0, "phi"), (1, "lambda")):
            f = factor[which]
            if not numpy.any(f):
                continue
            f = float(f[0]) if stage.scalar else _per_element(xp, f, index, p)
            total = total + g[key] * f
        out_parts.append(xp.where(positive, total, zeros))
    return [xp.reshape(a, shape) for a in out_parts]


def fixed_plan(stage) -> tuple | None:
    """A scalar stage whose regime needs no table, as plain data: ``(kernel, ((name, value), ...))``, the name
    of its portable kernel and every constant the kernel, the boundary and the gradient read, as floats (from
    the double-double stage, on the host); None for the binade regimes or a stage of arrays."""
    if not stage.scalar or int(stage.code) in (BINADE, GEOMETRIC):
        return None
    code = int(stage.code)
    with numpy.errstate(all="ignore"):
        values = {**stage.constants(code, None), **stage.constants(code, None, ("c_P", "c_R", "phi", "lambda_"))}
    return _KERNEL[code], tuple((key, float(value)) for key, value in values.items())


def _call(xp, entry, values):
    func, names = entry
    return func(xp, *[values[name] for name in names])


def fixed_value(xp, common, plan, P, R) -> Any:
    """The value at broadcast arrays ``P``, ``R`` of a :func:`fixed_plan`'s stage: the portable kernel, and the
    boundary's value where P or R is 0 (as :func:`kernel` with the boundary masked: array operations only)."""
    name, constants = plan
    positive = (P > 0) & (R > 0)
    values = dict(constants)
    values["P"], values["R"] = xp.where(positive, P, 1.0), xp.where(positive, R, 1.0)
    value = _call(xp, common["portable"][name], values)
    values["P"], values["R"] = P, R
    edge = _call(xp, common["portable"]["boundary"], values)
    return xp.where(positive, value, _lift(xp, edge, P) if isinstance(edge, (int, float)) else edge)


def fixed_partials(xp, common, plan, P, R, out) -> list:
    """The partials in P and R at ``P``, ``R`` where the value is ``out``, of a :func:`fixed_plan`'s stage (as
    :func:`partials` with ``parameters=False``: array operations only)."""
    positive = (P > 0) & (R > 0)
    values = dict(plan[1])
    p, r, values["M"] = (xp.where(positive, a, 1.0) for a in (P, R, out))
    values["P"], values["R"], values["L"] = p, r, _log_ratio(xp, p, r)
    g = _call(xp, common["gradients"]["gradient_pr"], values)
    values["P"], values["R"] = P, R
    edge = _call(xp, common["gradients"]["boundary"], values)
    return [
        xp.where(positive, g[key], _lift(xp, edge[key], P) if isinstance(edge[key], (int, float)) else edge[key])
        for key in ("P", "R")
    ]


def _where(xp, condition, value, otherwise) -> Any:
    """``Piecewise`` of the generated kernels: a Python choice for a scalar condition, else ``xp.where``."""
    if isinstance(condition, (bool, numpy.bool_)):
        return value if condition else otherwise
    if isinstance(value, (int, float)) and isinstance(otherwise, (int, float)):  # not the condition's bool dtype
        return xp.where(condition, xp.asarray(float(value)), xp.asarray(float(otherwise)))
    like = next(a for a in (value, otherwise) if not isinstance(a, (int, float)))
    return xp.where(
        condition,
        _lift(xp, value, like) if isinstance(value, (int, float)) else value,
        _lift(xp, otherwise, like) if isinstance(otherwise, (int, float)) else otherwise,
    )


def _constants(xp, stage, code, index, keys, like):
    """The float64 constants of the stage: Python floats (scalar stage), else arrays gathered on the host."""
    values = stage.constants(code, index, keys)
    if index is None:
        return {key: float(value) for key, value in values.items()}
    return {key: xp.asarray(value, dtype=like.dtype, device=_device(like)) for key, value in values.items()}


def kernel(xp, stage, P, R, index=None, positive=None, traced=False):
    """The portable kernel of ``stage`` on broadcast arrays ``P``, ``R`` (of one floating dtype).

    ``index`` (NumPy, flat): the stage point of each element, for a stage of array parameters (None: scalar).
    ``positive``: True if every P and R is known to be > 0 (then no test for zeros). PyTorch runs the
    generated in-place kernels (:func:`_torch_kernel`), JAX the portable kernel compiled (``jax.jit``).
    ``traced``: P and R are placeholders of a trace: nothing is decided from their values (the boundary is
    always masked, the binade table covers every exponent of the dtype; see :func:`needs_host`).
    """
    shape = P.shape
    P, R = xp.reshape(P, (-1,)), xp.reshape(R, (-1,))
    if positive or not traced and P.shape[0] and _extrema(xp, P)[0] > 0 and _extrema(xp, R)[0] > 0:  # no masking
        positive, p, r = None, P, R
    else:
        positive = (P > 0) & (R > 0)
        ones = xp.ones_like(P)
        p, r = xp.where(positive, P, ones), xp.where(positive, R, ones)
    if index is None:
        codes, per_element = [int(stage.code)], None
    else:
        per_element = numpy.take(stage.code, index)
        codes = [int(c) for c in numpy.flatnonzero(numpy.bincount(per_element, minlength=6))]
    out = None
    with numpy.errstate(all="ignore"):
        for code in codes:
            values = _constants(xp, stage, code, index, None, p)
            values["P"], values["R"] = p, r
            if code in (BINADE, GEOMETRIC):
                values["m"], values["c_k"], values["w_k"] = _exponents(xp, stage, code, p, r, index, traced)
            backend = for_namespace(xp)  # NumPy's in-place kernels run in its own runtime, not here
            if backend.form == "inplace" and backend is not NUMPY and not traced:
                value = _torch_kernel(stage, code, values)  # PyTorch: the in-place kernels, torch operations
            else:
                func, names = stage.common["portable"][_KERNEL[code]]
                value = _compiled(xp, func)(*[values[name] for name in names])
            if out is None:
                out = value
            else:
                out = xp.where(xp.asarray(per_element == code, device=_device(p)), value, out)
        if positive is None:
            return xp.reshape(out, shape)
        values = _constants(xp, stage, None, index, ("c_P", "c_R", "phi"), p)
    values["P"], values["R"] = P, R
    func, names = stage.common["portable"]["boundary"]
    edge = func(xp, *[values[name] for name in names])
    if isinstance(edge, (int, float)):
        edge = _lift(xp, edge, P)
    return xp.reshape(xp.where(positive, out, edge), shape)


class _TorchUfuncs:
    """The NumPy ufuncs that the generated in-place kernels call, as PyTorch operations with ``out=``.

    The kernels (:data:`symmetric.generate.rewrites.KERNELS` in the emitter's ``"inplace"`` form, the NumPy
    runtime's) run unchanged with this object as their ``numpy`` and :meth:`pow` as their ``_pow``: the same
    operations in the same order, each writing into ``out`` or a scratch row, so a call allocates its output
    and the scratch rows it uses instead of a tensor per operation. Python numbers become 0-d tensors of the
    operands' dtype (one rounding per operation, as with NumPy).
    """

    #: NumPy's binary ufuncs and the PyTorch operations that stand for them (Python numbers lifted to tensors).
    BINARY = {
        "multiply": "mul",
        "add": "add",
        "subtract": "sub",
        "true_divide": "div",
        "minimum": "minimum",
        "maximum": "maximum",
    }
    #: NumPy's unary ufuncs and their PyTorch operations.
    UNARY = {"negative": "neg", "exp": "exp", "log": "log", "log1p": "log1p", "expm1": "expm1"}

    def __init__(self, torch, dtype, device) -> None:
        self.torch, self.dtype, self.device = torch, dtype, device
        lift = self._t
        for name, op in self.BINARY.items():
            setattr(self, name, self._binary(getattr(torch, op), lift))
        for name, op in self.UNARY.items():
            setattr(self, name, self._unary(getattr(torch, op)))

    @staticmethod
    def _binary(op, lift):
        def ufunc(a, b, out):
            return op(lift(a), lift(b), out=out)

        return ufunc

    @staticmethod
    def _unary(op):
        def ufunc(a, out):
            return op(a, out=out)

        return ufunc

    def _t(self, a):
        if isinstance(a, (int, float, numpy.floating, numpy.integer)):
            return self.torch.tensor(float(a), dtype=self.dtype, device=self.device)
        return a

    def copyto(self, dst, src):
        return dst.copy_(self._t(src))

    def pow(self, a, b, out):
        return self.torch.pow(a, self._t(b), out=out)


class _Rows:
    """Scratch rows like the one of ``like``, allocated on first use."""

    def __init__(self, like) -> None:
        self.like = like
        self.rows: dict = {}

    def __getitem__(self, i):
        if i not in self.rows:
            self.rows[i] = self.like.new_empty(self.like.shape)
        return self.rows[i]


_TORCH_KERNELS: dict = {}


def _torch_kernel(stage, code, values):
    """The NumPy runtime's in-place kernel of regime ``code`` on PyTorch tensors (see :class:`_TorchUfuncs`)."""
    import torch

    func, names = stage.common["kernels"][_KERNEL[code]]
    like = values["P"]
    key = (func, like.dtype, str(like.device))
    if key not in _TORCH_KERNELS:
        ufuncs = _TorchUfuncs(torch, like.dtype, like.device)
        scope = {**func.__globals__, "numpy": ufuncs, "_pow": ufuncs.pow}
        _TORCH_KERNELS[key] = type(func)(func.__code__, scope, func.__name__, func.__defaults__)  # a FunctionType
    values["out"] = like.new_empty(like.shape)
    values["scratch"] = _Rows(like)
    values["check"] = _no_check
    return _TORCH_KERNELS[key](*[values[name] for name in names])


def _no_check(a) -> None:
    """The in-place kernels' ``check``: the portable path checked P and R before (:func:`prepare`)."""


_EXPONENTS = {4: (-149, 127), 8: (-1074, 1023)}  # binary exponents of the positive finite float32, float64
_POWERS: dict = {}


def _powers(xp, dtype, device):
    """``2**e`` for every binary exponent ``e`` of the dtype, exact (``numpy.ldexp``), on the device."""
    key = (xp.__name__, str(dtype), str(device))
    if key not in _POWERS:
        size = xp.finfo(dtype).bits // 8
        lo, hi = _EXPONENTS[size]
        table = numpy.ldexp(1.0, numpy.arange(lo, hi + 1)).astype(numpy.float32 if size == 4 else numpy.float64)
        _POWERS[key] = (lo, xp.asarray(table, dtype=dtype, device=device))
    return _POWERS[key]


def _index_dtype(xp, device):
    try:
        return xp.__array_namespace_info__().default_dtypes(device=device)["indexing"]
    except AttributeError:  # pragma: no cover
        return xp.int64


def _exponents(xp, stage, code, p, r, index=None, traced=False):
    """``m``, ``c_k``, ``w_k`` with ``P/R = m 2**k``: the library's ``frexp`` where it has one (its backend record's),
    else exact scaling by powers of two. ``traced``: the table covers every exponent of the dtype."""
    device = _device(p)
    frexp = for_namespace(xp).frexp
    if frexp is not None:  # the library's own frexp (PyTorch, JAX): m as the NumPy runtime computes it
        m, k = _compiled(xp, _frexp_of(frexp))(p, r)
    else:
        lo, powers = _powers(xp, p.dtype, device)
        last = powers.shape[0] - 1
        itype = _index_dtype(xp, device)
        kp = xp.clip(xp.astype(xp.floor(xp.log2(p)), itype) - lo, 0, last)
        kr = xp.clip(xp.astype(xp.floor(xp.log2(r)), itype) - lo, 0, last)
        m = (p / xp.take(powers, kp)) / (r / xp.take(powers, kr))
        k = kp - kr
    if k.shape[0] == 0:
        return m, m, m
    if index is not None:  # entries per (stage point, exponent), computed on the host as the NumPy runtime does
        n = k.shape[0]
        rows = (numpy.empty(n), numpy.empty(n))
        c, wk = stage.table(code, to_numpy(k).astype(numpy.int32), index, rows)
        return m, xp.asarray(c, dtype=p.dtype, device=device), xp.asarray(wk, dtype=p.dtype, device=device)
    kmin, kmax = (-_exponent_span(p.dtype), _exponent_span(p.dtype)) if traced else _extrema(xp, k)
    first, c, wk = _table(xp, stage, code, int(kmin), int(kmax), p.dtype, device)
    return (m, *_compiled(xp, _gather)(c, wk, k - first))


def _exponent_span(dtype):
    """The largest ``|k|`` of ``P/R = m 2**k`` (frexp exponents) for positive finite numbers of ``dtype``."""
    info = numpy.finfo(numpy.float32 if "32" in str(dtype) else numpy.float64)
    return int(numpy.frexp(info.max)[1]) - int(numpy.frexp(info.smallest_subnormal)[1])


def _gather(xp, c, wk, i):
    return xp.take(c, i), xp.take(wk, i)


_FREXPS: dict = {}


def _frexp_of(frexp):
    """The record's ``frexp(p, r)`` as a function of ``(xp, p, r)`` (one object per frexp: compiled once)."""
    if frexp not in _FREXPS:
        _FREXPS[frexp] = lambda xp, p, r: frexp(p, r)
    return _FREXPS[frexp]


def _table(xp, stage, code, kmin, kmax, dtype, device):
    """The table ``c_k, w_k`` over the blocks covering ``kmin..kmax``, on the device (cached in the stage)."""
    cache = stage.__dict__.setdefault("_portable_tables", {})
    key = (code, xp.__name__, str(dtype), str(device))
    lo, hi = kmin // BLOCK, kmax // BLOCK + 1
    entry = cache.get(key)
    if entry is None or lo < entry[0] or hi > entry[1]:
        first, last = (lo, hi) if entry is None else (min(lo, entry[0]), max(hi, entry[1]))
        with numpy.errstate(all="ignore"):
            parts = [stage._block(code, b) for b in range(first, last)]
        c = numpy.concatenate([x[0] for x in parts])
        wk = numpy.concatenate([x[1] for x in parts])
        entry = cache[key] = [first, last, c, wk, None]
    if entry[4] is None:  # on the device; not kept when made inside a trace (a JAX tracer must not outlive it)
        arrays = (xp.asarray(entry[2], dtype=dtype, device=device), xp.asarray(entry[3], dtype=dtype, device=device))
        if backend_of(arrays[0]).traced(arrays[0]):
            return entry[0] * BLOCK, arrays[0], arrays[1]
        entry[4] = arrays
    return entry[0] * BLOCK, entry[4][0], entry[4][1]
