"""One record per array library: how the package recognises, computes on, differentiates and counts its arrays.

:mod:`symmetric.numeric` (the generated functions and ``compile``'d ones),
:mod:`symmetric.losses` and :mod:`symmetric.metrics` ask :func:`backend_of`
which :class:`Backend` an input belongs to and read the record; none of them
tests for a library by itself. A record holds

* **detection**: the top-level modules whose types it owns (read from the
  value's type, so that no library is imported to recognise an array);
* **namespace**: the Array API namespace of its arrays (through
  ``array-api-compat``, imported when such an array comes in);
* **emitted form**: the form of the generated kernels its arrays run
  (:data:`symmetric.generate.emit.FORMS`): ``"inplace"``, the NumPy runtime's
  kernels (for NumPy, and for PyTorch tensors, as PyTorch operations with
  ``out=``), or ``"array-api"``, the portable kernels; with what the
  portable runtime needs of the library (compiled kernels for JAX, its own
  ``frexp``, a one-pass min and max);
* **gradient hook**: the library's mechanism for a custom derivative
  (``"autograd"``: a ``torch.autograd.Function``, and under ``torch.compile``
  a ``torch.library.custom_op``; ``"custom_jvp"``: ``jax.custom_jvp``), None
  for a library without autodiff;
* **tracing**: whether a value is a placeholder of a trace
  (``jax.jit``, ``jax.vmap``, ``jax.grad`` of jitted code, ``torch.compile``),
  whose elements cannot be read; the policy for such values is in
  :mod:`symmetric.numeric.traced` (docs/losses.md, "Inside jax.jit and
  torch.compile");
* **count reducer**: how :mod:`symmetric.metrics` counts labels of its arrays
  (``counts``: ``"host"``, the NumPy tally; ``"device"``, on the arrays' own
  device with ``bincount``, the library's own, or for a library without one
  the standard's ``argsort``, ``cumulative_sum`` and ``searchsorted``;
  ``"chunks"``: per chunk, the chunks' tallies merged in a tree).

>>> import numpy
>>> backend_of(numpy.ones(2)).name, backend_of(0.5).name
('numpy', 'numpy')
>>> [b.name for b in BACKENDS if b.codegen]
['numpy', 'array-api', 'torch', 'jax']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy

__all__ = [
    "Backend",
    "BACKENDS",
    "NUMPY",
    "TORCH",
    "JAX",
    "ARRAY_API",
    "DASK",
    "backend_of",
    "is_traced",
    "by_name",
    "for_namespace",
    "to_host",
]


def _never(value) -> bool:
    return False


def _jax_traced(value) -> bool:
    """A JAX tracer (jit, vmap, grad): its elements may be unknown."""
    import jax

    return isinstance(value, jax.core.Tracer)


def _torch_traced(value) -> bool:
    """A tensor seen while ``torch.compile`` traces (its elements are not read there)."""
    import torch

    return bool(torch.compiler.is_compiling())


def _numpy_namespace():
    import array_api_compat.numpy as xp

    return xp


def _torch_namespace():
    import array_api_compat.torch as xp  # an import statement, which torch.compile traces (importlib it refuses)

    return xp


def _jax_namespace():
    import jax.numpy as xp

    return xp


def _torch_frexp(p, r):
    import torch

    mp, kp = torch.frexp(p)
    mr, kr = torch.frexp(r)
    return mp / mr, (kp - kr).to(torch.int64)


def _jax_frexp(p, r):
    import jax.numpy as jnp

    mp, kp = jnp.frexp(p)
    mr, kr = jnp.frexp(r)
    return mp / mr, kp - kr


def _torch_extrema(a):
    import torch

    lo, hi = torch.aminmax(a.detach())
    return float(lo), float(hi)


def _torch_bincount(codes, length, weights=None):
    import torch

    return torch.bincount(codes, weights=weights, minlength=length)


def _jax_bincount(codes, length, weights=None):
    import jax.numpy as jnp

    return jnp.bincount(codes, weights=weights, length=length)


def _sorted_bincount(codes, length, weights=None):
    """``bincount`` with the standard's functions only: the codes sorted, the bins' ends found by
    ``searchsorted``, the weights summed by ``cumulative_sum`` (in the weights' order after sorting: exact
    for integer-valued weights whose total is below 2**mantissa, which is how the metrics use it)."""
    import array_api_compat

    xp = array_api_compat.array_namespace(codes)
    device = array_api_compat.device(codes)
    order = xp.argsort(codes)
    ordered = xp.take(codes, order)
    ends = xp.searchsorted(ordered, xp.arange(length, dtype=codes.dtype, device=device), side="right")
    if weights is None:
        totals = ends
    else:
        running = xp.concat(
            [xp.zeros(1, dtype=weights.dtype, device=device), xp.cumulative_sum(xp.take(weights, order))]
        )
        totals = xp.take(running, ends)
    start = xp.zeros(1, dtype=totals.dtype, device=device)
    return totals - xp.concat([start, totals[:-1]])


@dataclass(frozen=True)
class Backend:
    """An array library as the package sees it (see the module docstring for each field)."""

    name: str
    #: top-level modules whose types this library owns (empty: any Array API array no other record owns)
    modules: tuple[str, ...]
    #: the form of the generated kernels its arrays run: "inplace" or "array-api"
    form: str
    #: the mechanism of its custom derivatives: "autograd", "custom_jvp" or None
    gradient: str | None
    #: how the metrics count its labels: "host", "device" or "chunks"
    counts: str
    #: whether a value is being traced (its elements unknown)
    traced: Callable[[Any], bool] = _never
    #: ``bincount(codes, length, weights=None)`` on the device, for ``counts == "device"``
    bincount: Callable | None = None
    #: whether ``symmetric codegen --backend`` writes modules for it
    codegen: bool = True
    #: its Array API namespace, imported (None: found by ``array_api_compat.array_namespace``)
    module: Callable[[], Any] | None = None
    #: the names of its namespace modules (how a namespace ``xp`` is traced back to its record)
    namespaces: tuple[str, ...] = ()
    #: whether the portable kernels run compiled on its arrays (``jax.jit``: eager JAX dispatches each of
    #: the gradient kernel's ~150 operations on its own)
    compiled: bool = False
    #: ``(p, r) -> (m, k)`` with ``p / r = m 2**k`` by the library's own ``frexp`` (None: exact scaling by a
    #: table of powers of two, with the standard's functions)
    frexp: Callable | None = None
    #: ``a -> (min, max)`` as floats in one pass, where the library has it (None: two reductions)
    extrema: Callable | None = None

    def owns(self, value) -> bool:
        """Whether ``value`` is an array (or scalar) of this library, read off its type."""
        module = type(value).__module__.partition(".")[0]
        if self.modules:
            return module in self.modules and (self.name != "dask" or hasattr(value, "__dask_graph__"))
        return hasattr(value, "__array_namespace__") or hasattr(value, "__dlpack__")

    def namespace(self, *arrays):
        """The Array API namespace of its arrays: its module, else found from ``arrays`` (``array_api_compat``).

        A known module is imported, not detected: detection runs ``array_api_compat``'s cached helpers, which
        ``torch.compile`` would have to trace.
        """
        if self.module is not None:
            return self.module()
        import array_api_compat

        return array_api_compat.array_namespace(*[a for a in arrays if self.owns(a)])

    def device(self, x):
        """The device of the array ``x`` (None for a JAX tracer: the trace decides)."""
        if self is NUMPY:
            return "cpu"
        if self is TORCH:
            return x.device
        import array_api_compat

        return array_api_compat.device(x)


NUMPY = Backend(
    "numpy",
    ("numpy",),
    form="inplace",
    gradient=None,
    counts="host",
    module=_numpy_namespace,
    namespaces=("numpy", "array_api_compat.numpy"),
)
ARRAY_API = Backend("array-api", (), form="array-api", gradient=None, counts="device", bincount=_sorted_bincount)
TORCH = Backend(
    "torch",
    ("torch",),
    form="inplace",
    gradient="autograd",
    counts="device",
    traced=_torch_traced,
    bincount=_torch_bincount,
    module=_torch_namespace,
    namespaces=("array_api_compat.torch", "torch"),
    frexp=_torch_frexp,
    extrema=_torch_extrema,
)
JAX = Backend(
    "jax",
    ("jax", "jaxlib"),
    form="array-api",
    gradient="custom_jvp",
    counts="device",
    traced=_jax_traced,
    bincount=_jax_bincount,
    module=_jax_namespace,
    namespaces=("jax.numpy",),
    compiled=True,
    frexp=_jax_frexp,
)
DASK = Backend("dask", ("dask",), form="inplace", gradient=None, counts="chunks", codegen=False)

#: Every record, NumPy first; the generic Array API record after the libraries it is not.
BACKENDS = (NUMPY, ARRAY_API, TORCH, JAX, DASK)
_SPECIFIC = (TORCH, JAX, DASK)
_NATIVE = (numpy.ndarray, numpy.generic, float, int, bool, list, tuple, str, bytes, type(None))


def for_namespace(xp) -> Backend:
    """The record of the Array API namespace ``xp`` (the generic one for a namespace no record names)."""
    name = getattr(xp, "__name__", "")
    for b in BACKENDS:
        if name in b.namespaces:
            return b
    return ARRAY_API


def by_name(name: str) -> Backend:
    """The record called ``name``."""
    for b in BACKENDS:
        if b.name == name:
            return b
    raise KeyError(name)


def _of(value) -> Backend:
    if isinstance(value, _NATIVE):
        return NUMPY
    for b in _SPECIFIC:
        if b.owns(value):
            return b
    return ARRAY_API if ARRAY_API.owns(value) else NUMPY


def backend_of(*values) -> Backend:
    """The record of the first value that is not NumPy's (NumPy's when all are NumPy arrays or numbers).

    Values of two different other libraries are refused by the namespace lookup
    (``array_api_compat.array_namespace``), as mixing them is.
    """
    for v in values:
        if type(v) in _NATIVE:  # the common case at once
            continue
        b = _of(v)
        if b is not NUMPY:
            return b
    return NUMPY


def to_host(x) -> numpy.ndarray:
    """A NumPy copy (or view) of an array of any library, on the host (a tensor off its autograd graph)."""
    if isinstance(x, (numpy.ndarray, numpy.generic, float, int)):
        return numpy.asarray(x)
    if hasattr(x, "detach"):  # a torch tensor: off the autograd graph and onto the host
        x = x.detach().cpu()
    try:
        return numpy.from_dlpack(x)
    except (TypeError, RuntimeError, BufferError, AttributeError):
        return numpy.asarray(x)


def is_traced(*values) -> bool:
    """Whether any of ``values`` is being traced by its library (JAX tracers; tensors under ``torch.compile``)."""
    for v in values:
        if type(v) in _NATIVE:
            continue
        b = _of(v)
        if b.traced(v):
            return True
    return False
