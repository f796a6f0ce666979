"""The NumPy runtime of the generated functions: input checks, parameter stage, regimes, chunked evaluation.

This module imports only NumPy (and :mod:`symmetric.numeric._dd`): it is
part of the runtime (:data:`symmetric.generate.kernels.RUNTIME`), whose
source files every standalone module embeds as they are, so the package and
the generated files run the same code. Everything it computes comes from
generated functions, each given as a pair ``(function, names of its
arguments)`` declared by the generated code: per family, the branches of the
definition (a condition, and ``phi`` and the log-odds ``lambda`` in
double-double); shared by all families, the log-weights, the weight
constants, the tables and the float64 kernels of
:mod:`symmetric.generate.rewrites`.

The parameter stage runs in double-double arithmetic (:mod:`symmetric.numeric._dd`)
once per distinct parameter value (cached for scalar parameters) and rounds
each constant once to float64. The kernels then run in float64 on chunks of
``CHUNK`` elements, in place in scratch buffers that calls reuse (see
:mod:`symmetric.generate.emit`): temporaries stay in cache, nothing is
allocated per chunk, a call allocates only its output array, and the scratch
kept between calls is a few chunks. Regimes, by the exponent ``phi``:

* ``phi = 1``, ``phi = -1``: the weighted arithmetic and harmonic means;
* ``|phi| >= PHI_ANCHOR``: scaled by the dominant term (``anchor`` kernels);
* ``|phi| < PHI_ANCHOR``: with ``P/R = m 2**k`` (``numpy.frexp``, exact),
  ``M = R c_k M_k(m, 1)``, where ``c_k``, the mean of ``2**k`` and 1, and
  the weight ``w_k`` of the rescaled mean ``M_k`` come from a table over
  ``k`` (``binade`` kernels; the geometric form for ``|phi| < PHI_TINY``).
"""

import contextvars
import os
import sys
import threading
from typing import Any

import numpy

from ._dd import _DD, _dd, _dd_where

__all__ = [
    "_pow",
    "_piecewise",
    "_evaluate",
    "_Family",
    "_unmask",
    "_remask",
    "CHUNK",
    "PHI_ANCHOR",
    "PHI_TINY",
    "SCRATCH",
    "thread_count",
    "THREADS_VARIABLE",
    "MIN_CHUNKS_PER_THREAD",
]

#: Elements per chunk: 2**16 (512 KB a float64 row), where the Python work per chunk (a dozen ufunc calls and
#: checks, about 10 us) is under 5 % of the arithmetic, and a chunk's rows still stay in the last-level cache.
CHUNK = 65536
#: |phi| from which the kernels scaled by the dominant term are used (about 4 ULP at this bound).
PHI_ANCHOR = 0.25
#: |phi| below which the power mean equals the geometric mean in float64 (the relative
#: difference is at most phi log(P/R)**2 / 8 < 1e-24 for any two positive doubles).
PHI_TINY = 1e-30
#: Table entries (binary exponents) computed together, so that each is always computed the same way.
BLOCK = 16
#: Rows of scratch space the generated kernels may use (the emitter, symmetric.generate.emit, reads it).
SCRATCH = 6


def _pow(x, y, out=None) -> numpy.ndarray:
    """``x**y``; a scalar exponent is spread over the array first (NumPy's vector loop is then faster).

    ``out`` receives the result and must not be ``x``.
    """
    if numpy.ndim(y) == 0 and numpy.ndim(x) > 0:
        if out is None:
            out = numpy.empty(numpy.shape(x), dtype=numpy.result_type(x, y))
        out[...] = y
        y = out
    return numpy.power(x, y, out=out)


def _piecewise(pieces, args) -> Any:
    """Evaluate ``(condition, value)`` pairs in order, each value only where it is selected."""
    arrays = [numpy.asarray(a) for a in args]
    shape = numpy.broadcast_shapes(*(a.shape for a in arrays))
    if shape == ():
        for condition, value in pieces:
            if bool(condition(*args)):
                return value(*args)
        return numpy.nan
    flat = [numpy.broadcast_to(a, shape).reshape(-1) if a.ndim else a for a in arrays]
    dtype = numpy.result_type(*arrays, 1.0)
    out = numpy.full(shape, numpy.nan, dtype=dtype)
    idx = numpy.arange(out.size)
    for condition, value in pieces:
        if idx.size == 0:
            break
        sub = [a[idx] if a.ndim else a for a in flat]
        chosen = numpy.broadcast_to(numpy.asarray(condition(*sub), dtype=bool), idx.shape)
        if chosen.any():
            out.reshape(-1)[idx[chosen]] = value(*[a[chosen] if a.ndim else a for a in sub])
        idx = idx[~chosen]
    return out


class _At:
    """A bad value and where it is, for error messages."""

    def __init__(self, value, index) -> None:
        self.value, self.index = value, index

    def __repr__(self) -> str:
        return f"{self.value!r} at index {self.index}" if self.index is not None else repr(self.value)


def _as_array(value, name, func, error):
    kind = numpy.asarray(value).dtype.kind if not isinstance(value, (str, bytes)) else "U"
    if kind not in "fiu" or numpy.asarray(value).dtype.itemsize > 8 and kind == "f":
        raise error.of(name, func, "a real number or array of real numbers (float64, int)", value)
    return numpy.asarray(value, dtype=numpy.float64)


def _unmask(values, fills) -> tuple[list, Any]:
    """Masked arrays among ``values``: their data with each masked entry replaced by its ``fills`` value
    (a valid input), and the union of the masks (None when no value is masked)."""
    if not any(isinstance(v, numpy.ma.MaskedArray) for v in values):
        return list(values), None
    masks = [numpy.ma.getmaskarray(v) for v in values if isinstance(v, numpy.ma.MaskedArray)]
    shapes = [numpy.shape(m) for m in masks]
    mask = numpy.zeros(numpy.broadcast_shapes(*shapes), dtype=bool)  # a value is masked: masks is not empty
    for m in masks:
        mask = mask | m
    out = []
    for v, fill in zip(values, fills):
        if isinstance(v, numpy.ma.MaskedArray):
            data = numpy.ma.getdata(v)
            if data.dtype.kind in "fiu":  # anything else is refused by _as_array, naming the argument
                data = numpy.where(numpy.ma.getmaskarray(v), fill, data)
            v = data
        out.append(v)
    return out, mask


def _remask(out, mask) -> Any:
    """``out`` as a masked array with ``mask`` (broadcast), or ``out`` when ``mask`` is None."""
    if mask is None:
        return out
    mask = numpy.broadcast_to(mask, numpy.shape(out))
    if numpy.ndim(out) == 0:
        return numpy.ma.masked if mask[()] else out
    return numpy.ma.masked_array(out, mask=mask.copy())


def _check(a, name, func, allowed, ok, error):
    if a.size == 0:
        return
    if a.ndim == 0:
        if not ok(a):
            raise error.of(name, func, allowed, float(a))
        return
    if not (ok(numpy.min(a)) and ok(numpy.max(a))):
        bad = numpy.flatnonzero(~ok(a))[0]
        index = tuple(int(i) for i in numpy.unravel_index(bad, a.shape))
        raise error.of(name, func, allowed, _At(float(a.reshape(-1)[bad]), index))


#: The bits of +infinity: a float64 with smaller bits, read as uint64, is finite and >= 0 (and not -0.0).
_INF_BITS = numpy.uint64(0x7FF0000000000000)


def _nonnegative(a):
    return (a >= 0) & (a < numpy.inf)


def _positive(a):
    return (a > 0) & (a < numpy.inf)


def _finite(a):
    return (a > -numpy.inf) & (a < numpy.inf)  # comparisons only: the test runs on any library's arrays


_MAX, _MIN = numpy.maximum.reduce, numpy.minimum.reduce

#: The test of each kind of argument domain (the generator, symmetric.generate.catalog, names each argument's kind).
_DOMAINS = {"nonnegative": _nonnegative, "positive": _positive, "real": _finite}

ARITHMETIC, HARMONIC, GEOMETRIC, BINADE, ANCHOR_POSITIVE, ANCHOR_NEGATIVE = range(6)
_KERNEL = {
    ARITHMETIC: "arithmetic",
    HARMONIC: "harmonic",
    GEOMETRIC: "binade_geometric",
    BINADE: "binade",
    ANCHOR_POSITIVE: "anchor_positive",
    ANCHOR_NEGATIVE: "anchor_negative",
}
# the float64 constants each regime's kernel uses
_USES = {
    ARITHMETIC: ("w", "w_c"),
    HARMONIC: ("w", "w_c"),
    GEOMETRIC: (),
    BINADE: ("phi",),
    ANCHOR_POSITIVE: ("c_P", "c_R", "kappa", "phi"),
    ANCHOR_NEGATIVE: ("c_P", "c_R", "kappa", "phi"),
}
# exponents k of P/R = m 2**k for positive doubles lie in (-_K, _K)
_K = 4096
# what the generated parameter stage of each branch returns (symmetric.generate.rewrites.PARAMETERS)
_PARAMETERS = ("phi", "lambda_", "mu")


def _call(entry, values):
    """Call a generated ``(function, argument names)`` pair with the entries of ``values`` it names."""
    func, names = entry
    return func(*[values[name] for name in names])


def _hi(x):
    """The float64 value of a double-double (or of a float)."""
    return getattr(x, "hi", x)


class _Family:
    """A generated family: its name, its parameter names, its branches, the shared generated stages, the
    domain of each argument (P, R, then the parameters) as ``(kind, description)``, a kind of ``_DOMAINS``,
    and the chain factors of its gradients."""

    def __init__(self, name, parameters, branches, common, domains, factors=None) -> None:
        self.name, self.parameters, self.branches, self.common = name, parameters, branches, common
        #: per branch, per parameter: functions ``(d phi / d theta, d lambda / d theta)`` (the gradients' chain rule)
        self.factors = factors
        assert [kind for kind, _ in domains[:2]] == ["nonnegative"] * 2, "P and R are checked by _scan"
        self.domains = tuple((description, _DOMAINS[kind]) for kind, description in domains)
        self._stages: dict = {}

    def stage(self, params):
        """The :class:`_Stage` at the float64 arrays ``params``; the last 64 are cached when they are scalars."""
        if any(numpy.ndim(a) for a in params):
            return _Stage(self, params)
        key = b"".join(numpy.asarray(a, dtype=numpy.float64).tobytes() for a in params)
        stage = self._stages.get(key)
        if stage is None:
            if len(self._stages) >= 64:
                self._stages.pop(next(iter(self._stages)))
            stage = self._stages[key] = _Stage(self, params)
        return stage


class _Stage:
    """The parameter stage at parameter values broadcast to ``shape``: regimes, constants (flat) and tables.

    ``phi``, ``lambda`` and ``mu`` come from the family's branches; every other
    constant is computed in double-double on first use, from the generated
    function of that name, whose arguments name the constants it needs.
    """

    def __init__(self, family, params) -> None:
        self.common = family.common
        self.shape = numpy.broadcast_shapes(*(numpy.shape(a) for a in params))
        self.scalar = self.shape == ()
        if self.scalar:  # NumPy scalars: the double-double arithmetic is then much cheaper than on arrays
            values = [numpy.float64(a) for a in params]
            for condition, parameters in family.branches:
                if condition(*values):
                    chosen = parameters(*values)
                    break
            self.dd = {key: _dd(chosen[key]) for key in _PARAMETERS}
        else:
            flat = [numpy.broadcast_to(a, self.shape).reshape(-1) for a in params]
            n = flat[0].size
            parts = {key: (numpy.full(n, numpy.nan), numpy.zeros(n)) for key in _PARAMETERS}
            todo = numpy.ones(n, dtype=bool)
            for condition, parameters in family.branches:
                chosen = todo & numpy.broadcast_to(numpy.asarray(condition(*flat), dtype=bool), (n,))
                if chosen.any():
                    values = parameters(*[a[chosen] for a in flat])
                    for key, (hi, lo) in parts.items():
                        x = _dd(values[key])
                        hi[chosen], lo[chosen] = x.hi, x.lo
                todo &= ~chosen
            self.dd = {key: _DD(hi, lo) for key, (hi, lo) in parts.items()}
        self._float: dict = {}
        p = self.value("phi")
        a = numpy.abs(p)
        self.code = numpy.select(
            [p == 1, p == -1, a < PHI_TINY, a < PHI_ANCHOR, p > 0],
            [ARITHMETIC, HARMONIC, GEOMETRIC, BINADE, ANCHOR_POSITIVE],
            ANCHOR_NEGATIVE,
        )
        self._tables: dict = {}
        self._blocks: dict = {}

    def get(self, key):
        """The double-double constant ``key``, computed on first use."""
        if key not in self.dd:
            func, names = self.common["constants"][key]
            self.dd[key] = func(*[self.get(name) for name in names])
        return self.dd[key]

    def value(self, key):
        """The constant ``key`` rounded to float64 (a scalar, or a flat array)."""
        if key not in self._float:
            self._float[key] = _hi(self.get(key))
        return self._float[key]

    def constants(self, code, index, keys=None):
        """The float64 constants of regime ``code``: scalars, or gathered at the flat ``index``."""
        keys = _USES[code] if keys is None else keys
        if index is None:
            return {key: self.value(key) for key in keys}
        return {key: numpy.take(self.value(key), index) for key in keys}

    def _entries(self, code, k, index):
        """Table entries ``c_k, w_k`` (float64) at exponents ``k`` for stage points ``index``."""
        k = numpy.asarray(k, dtype=numpy.float64)

        def call(name):
            func, names = self.common[name]
            args = []
            for arg in names:
                x = k if arg == "k" else self.get(arg)
                if index is not None and arg != "k":
                    x = _DD(numpy.take(x.hi, index), numpy.take(x.lo, index))
                args.append(x)
            return func(*args)

        if code == GEOMETRIC:
            table = call("geometric_table")
        else:
            near = numpy.broadcast_to(call("table_is_near"), k.shape)
            if near.all() or not near.any():
                table = call("table_near" if near.all() else "table_far")
            else:
                a, b = call("table_near"), call("table_far")
                table = {key: _dd_where(near, a[key], b[key]) for key in a}
        return tuple(numpy.broadcast_to(_hi(table[key]), k.shape).copy() for key in ("c_k", "w_k"))

    def table(self, code, k, index, out, index_buffer=None):
        """``c_k, w_k`` at the exponents ``k`` (int32, overwritten) of one chunk, into the rows ``out``.

        Scalar stage: from a table over the blocks of exponents seen so far.
        Otherwise one entry per distinct (stage point ``index``, exponent).
        """
        if index is not None:
            keys, inverse = numpy.unique(index.astype(numpy.int64) * (2 * _K) + (k + _K), return_inverse=True)
            c, wk = self._entries(code, keys % (2 * _K) - _K, keys // (2 * _K))
            return numpy.take(c, inverse, out=out[0], mode="clip"), numpy.take(wk, inverse, out=out[1], mode="clip")
        lo, hi = int(k.min()) // BLOCK, int(k.max()) // BLOCK + 1
        first, last, c, wk = self._tables.get(code, (lo, lo, None, None))
        if lo < first or hi > last:  # cover the blocks lo..hi, computing each block once
            first, last = min(lo, first) if last > first else lo, max(hi, last)
            parts = [self._block(code, b) for b in range(first, last)]
            c, wk = numpy.concatenate([x[0] for x in parts]), numpy.concatenate([x[1] for x in parts])
            self._tables[code] = (first, last, c, wk)
        i = numpy.subtract(k, first * BLOCK, out=k)
        if index_buffer is not None:  # take converts other integers to intp, allocating; mode "raise" buffers out
            numpy.copyto(index_buffer, i)
            i = index_buffer
        return numpy.take(c, i, out=out[0], mode="clip"), numpy.take(wk, i, out=out[1], mode="clip")

    def _block(self, code, b):
        if (code, b) not in self._blocks:
            self._blocks[code, b] = self._entries(code, numpy.arange(b * BLOCK, (b + 1) * BLOCK), None)
        return self._blocks[code, b]


def _run(stage, code, p, r, index, out, rows, exponents):
    """One regime on one chunk into ``out``; ``p`` and ``r`` positive (zeros are fixed afterwards).

    ``rows`` (float64) and ``exponents`` (int32, then intp) are preallocated
    buffers of the chunk's length: the kernels allocate nothing (chunk-sized
    temporaries make the speed depend on the state of the C heap).
    """
    values = stage.constants(code, index)
    values["P"], values["R"], values["out"], values["scratch"] = p, r, out, rows[:SCRATCH]
    values["check"] = _no_check  # this path (array parameters) checks each chunk after its kernels
    if code in (BINADE, GEOMETRIC):
        _exponents(stage, code, p, r, index, rows, exponents, values)
    return _call(stage.common["kernels"][_KERNEL[code]], values)


def _no_check(a) -> None:
    """The kernels' ``check`` (called with P and with R) when the kernel does not validate them."""


def _exponents(stage, code, p, r, index, rows, exponents, values) -> None:
    """``m``, ``c_k`` and ``w_k`` of the binade kernels (``P/R = m 2**k``) for one chunk, into ``values``."""
    m, mp, mr, c_k, w_k = rows[SCRATCH:]
    kp, kr, i = exponents
    numpy.frexp(p, out=(mp, kp))
    numpy.frexp(r, out=(mr, kr))
    values["m"] = numpy.true_divide(mp, mr, out=m)
    k = numpy.subtract(kp, kr, out=kp)
    values["c_k"], values["w_k"] = stage.table(code, k, index, (c_k, w_k), i)


def _bound(stage, rows, exponents, validate):
    """The kernel of a scalar stage bound to its constants: ``run(p, r, out, n, zeros)`` evaluates a chunk.

    The arguments that do not change from chunk to chunk are looked up once per
    call, not once per chunk (a call on 10**7 elements has 153 chunks). With
    ``validate``, ``run`` returns the :func:`_scan` of P and of R, which the
    generated kernel asks for (its argument ``check``) right after its last
    read of each, while the chunk is still in cache; otherwise None.
    """
    code = int(stage.code)
    func, names = stage.common["kernels"][_KERNEL[code]]
    values = stage.constants(code, None)
    binade = code in (BINADE, GEOMETRIC)
    views = {}

    def run(p, r, out, n, zeros):
        if n not in views:  # the buffers cut to the chunk's length (the last chunk is shorter)
            views[n] = rows[:, :n], [e[:n] for e in exponents]
        values["P"], values["R"], values["out"] = p, r, out
        chunk_rows, chunk_exponents = views[n]
        values["scratch"] = chunk_rows[:SCRATCH]
        scans: list[Any] = []
        values["check"] = (lambda a: scans.append(_scan(a, zeros))) if validate else _no_check
        if binade:
            _exponents(stage, code, p, r, None, chunk_rows, chunk_exponents, values)
        func(*[values[name] for name in names])
        return scans if validate else None

    return run


#: Scratch buffers of finished calls, for the next calls to reuse (a list: ``pop`` and ``append`` are atomic,
#: so concurrent calls from several threads each get a set of their own). A call then allocates only its
#: output: fresh buffers of a megabyte or more come from ``mmap``, so every call faulted their pages in
#: again (23 page faults per F_beta call at 10**6 elements on main, none now). At most ``SPARE_BUFFERS`` sets are kept,
#: 6.8 MB of address space each, of which only the rows a regime writes take memory (1 MB for F_beta).
_SPARE: list[tuple[numpy.ndarray, tuple[numpy.ndarray, ...]]] = []
SPARE_BUFFERS = 4


def _take_buffers() -> tuple[numpy.ndarray, tuple[numpy.ndarray, ...]]:
    """A set of scratch buffers: float64 rows and int32, int32, intp exponent rows, each ``CHUNK`` long."""
    try:
        return _SPARE.pop()
    except IndexError:
        return (
            numpy.empty((SCRATCH + 5, CHUNK)),
            (
                numpy.empty(CHUNK, dtype=numpy.int32),
                numpy.empty(CHUNK, dtype=numpy.int32),
                numpy.empty(CHUNK, dtype=numpy.intp),
            ),
        )


def _give_back(buffers) -> None:
    if len(_SPARE) < SPARE_BUFFERS:
        _SPARE.append(buffers)


def _scan(a, zeros):
    """Whether the chunk ``a`` is finite and >= 0, and (if ``zeros``) whether it holds a zero: integer reductions.

    A float64 is finite and >= 0 exactly when its bits, read as an unsigned
    integer, are below those of infinity, except ``-0.0`` (sign bit set), which
    the exact test then accepts (and reports as a zero). The chunk is in cache:
    this is the validation fused into the evaluation, instead of passes of its
    own over the inputs.
    """
    bits = a.view(numpy.uint64)
    if _MAX(bits) < _INF_BITS:  # the ufuncs' reduce: ndarray.max adds a Python layer, a few us per call
        return True, zeros and bool(_MIN(bits) == 0)
    return bool(_nonnegative(a).all()), bool((a == 0).any())


def _chunk(stage, p, r, out, index, buffers, invalid, zeros) -> None:
    """Evaluate one chunk into ``out``; with ``invalid`` (a function raising the error), validate it too.

    ``buffers``: for a scalar stage (``index`` None), the kernel bound to its constants and scratch
    buffers (:func:`_bound`); otherwise the scratch buffers (:func:`_take_buffers`).
    ``zeros``: whether P = 0 or R = 0 needs the boundary kernel (see :func:`_needs_boundary`).
    The checks run on the chunk the kernels have just brought into cache: inside the kernel,
    right after its last read of each input, for a scalar stage; after the kernels otherwise.
    The kernels overlap fetching P and R from memory with computing, a check run first would not.
    The kernels on a bad value compute garbage quietly (``numpy.errstate``), which the raised
    error then discards.
    """
    n = p.size
    scans = None
    if index is None:
        scans = buffers(p, r, out, n, zeros)
    else:
        rows, exponents = buffers[0][:, :n], [e[:n] for e in buffers[1]]
        codes = numpy.take(stage.code, index)
        for code in numpy.flatnonzero(numpy.bincount(codes, minlength=6)):
            chosen = codes == code
            if chosen.all():
                _run(stage, int(code), p, r, index, out, rows, exponents)
            else:
                k = int(chosen.sum())
                out[chosen] = _run(
                    stage,
                    int(code),
                    p[chosen],
                    r[chosen],
                    index[chosen],
                    numpy.empty(k),
                    rows[:, :k],
                    [e[:k] for e in exponents],
                )
    if invalid is None:
        zeros = zeros and not (_MIN(p) > 0 and _MIN(r) > 0)
    else:
        (ok_p, zero_p), (ok_r, zero_r) = scans or (_scan(p, zeros), _scan(r, zeros))
        if not (ok_p and ok_r):
            invalid()
        zeros = zero_p or zero_r
    if zeros:
        chosen = (p == 0) | (r == 0)
        values = stage.constants(None, None if index is None else index[chosen], ("c_P", "c_R", "phi"))
        values["P"], values["R"] = p[chosen], r[chosen]
        out[chosen] = _call(stage.common["kernels"]["boundary"], values)


def _needs_boundary(stage) -> bool:
    """Whether the kernels may miss the limit where P or R is 0 (then fixed by the boundary kernel).

    Not for the weighted harmonic mean alone (F_beta): ``1/(w/P + w_c/R)`` is then
    ``1/inf = +0.0`` in IEEE arithmetic, the limit, for P, R = +0.0 (a ``-0.0``
    unchecked input gives ``-0.0``); so F_beta's chunks skip the search for zeros.
    """
    return not (stage.scalar and int(stage.code) == HARMONIC)


def _evaluate(family, P, R, params, validate, error, threads=None) -> Any:
    """Evaluate ``family`` at ``P, R`` and its parameters ``params`` with NumPy broadcasting.

    A masked array keeps its mask: the result is masked wherever an input is. ``threads``: see
    :func:`thread_count`.
    """
    names = ("P", "R", *family.parameters)
    values, mask = _unmask((P, R, *params), [1.0] * len(names))
    out = _evaluate_arrays(family, values, validate, error, threads)
    if _single(values):
        out = numpy.float32(out) if numpy.ndim(out) == 0 else out.astype(numpy.float32)
    return _remask(out, mask)


def _single(values):
    """Whether the result is float32: some argument is a float32 (or float16) NumPy array or scalar, none a
    float64 or integer one (Python numbers adapt, as in NumPy's own promotion)."""
    kinds = [v.dtype for v in values if isinstance(v, (numpy.ndarray, numpy.generic))]
    return (
        bool(kinds)
        and any(d.kind == "f" and d.itemsize < 8 for d in kinds)
        and not any(d.itemsize >= 8 or d.kind != "f" for d in kinds)
    )


def _validate(arrays, names, domains, func, error) -> None:
    """Check every argument in order, raising for the first bad one (the message names its first bad value)."""
    for a, n, (allowed, ok) in zip(arrays, names, domains):
        _check(a, n, func, allowed, ok, error)


def _broadcast_shape(arrays):
    """``numpy.broadcast_shapes`` of the arrays; at once when they are scalars or of one shape (the usual call)."""
    shapes = {a.shape for a in arrays if a.ndim}
    if len(shapes) <= 1:
        return shapes.pop() if shapes else ()
    return numpy.broadcast_shapes(*shapes)


def _evaluate_arrays(family, values, validate, error, threads=None):
    func, names = family.name, ("P", "R", *family.parameters)
    arrays = [_as_array(v, n, func, error) for v, n in zip(values, names)]
    P, R, *params = arrays
    invalid = None
    if validate:

        def invalid():
            _validate(arrays, names, family.domains, func, error)
            raise AssertionError("a chunk failed validation that the whole arrays pass")  # pragma: no cover

        # the parameters now (the parameter stage needs them); P and R chunk by chunk, fused with the evaluation
        if not all(ok(float(a)) if a.ndim == 0 else numpy.all(ok(a)) for a, (_, ok) in zip(params, family.domains[2:])):
            invalid()
    try:
        shape = _broadcast_shape(arrays)
    except ValueError:
        if validate:  # a bad value is reported before a bad shape, as when checking every argument first
            _validate(arrays, names, family.domains, func, error)
        got = ", ".join(f"{n}: {a.shape}" for a, n in zip(arrays, names))
        raise error.of(", ".join(names), func, "arrays whose shapes broadcast together", got) from None
    out = numpy.empty(shape)
    if validate and out.size == 0:  # no chunk to check, but the inputs may still hold bad values
        _validate(arrays, names, family.domains, func, error)
    with numpy.errstate(all="ignore"):
        stage = family.stage(params)
        if out.size == 0:
            return out
        operands = [P, R, out]
        if not stage.scalar:
            operands.append(numpy.broadcast_to(numpy.arange(stage.code.size).reshape(stage.shape), shape))
        buffers = _take_buffers()
        try:
            kernel = _bound(stage, *buffers, invalid is not None) if stage.scalar else buffers
            if out.size == 1:  # one element (a scalar, a loss's precision and recall): no iterator to set up
                index = None if stage.scalar else operands[3].reshape(1)
                _chunk(stage, P.reshape(1), R.reshape(1), out.reshape(1), index, kernel, invalid, True)
                return out[()] if out.ndim == 0 else out
            workers = _threads_for(threads, out.size) if stage.scalar else 1
            if workers > 1 and all(a.shape == shape and a.flags.c_contiguous for a in (P, R)):
                _parallel(stage, P.reshape(-1), R.reshape(-1), out.reshape(-1), buffers, invalid, workers)
                return out
            it = numpy.nditer(  # type: ignore[call-overload]  # NumPy's stubs want the flags as literals
                operands,
                flags=["external_loop", "buffered", "zerosize_ok"],
                op_flags=[["readonly"], ["readonly"], ["writeonly"]] + [["readonly"]] * (len(operands) - 3),
                buffersize=CHUNK,
                order="C",
            )
            zeros = _needs_boundary(stage)
            with it:
                for chunk in it:
                    _chunk(
                        stage,
                        chunk[0],
                        chunk[1],
                        chunk[2],
                        chunk[3] if len(chunk) > 3 else None,
                        kernel,
                        invalid,
                        zeros,
                    )
        finally:
            _give_back(buffers)
    return out


# --- every core: chunks on a thread pool ---

#: The environment variable that sets the default number of threads (then OMP_NUM_THREADS, then the cores).
THREADS_VARIABLE = "SYMMETRIC_NUM_THREADS"
#: Chunks each thread gets at least: below ``2 * MIN_CHUNKS_PER_THREAD * CHUNK`` elements, one thread.
MIN_CHUNKS_PER_THREAD = 4
_LIMIT: contextvars.ContextVar[int | None] = contextvars.ContextVar("symmetric_thread_limit", default=None)
_POOL: list = []
_POOL_LOCK = threading.Lock()


def _positive_int(text):
    try:
        value = int(text)
    except (TypeError, ValueError):
        return None
    return value if value >= 1 else None


def thread_count(threads=None) -> int:
    """The number of threads a large evaluation uses.

    In order: ``threads`` (an argument of the numeric functions), the innermost
    ``symmetric.numeric.thread_limits``, the limit of an active
    ``threadpoolctl.threadpool_limits`` (user_api ``"symmetric"``), the
    environment variables ``SYMMETRIC_NUM_THREADS`` and ``OMP_NUM_THREADS`` (as
    OpenMP libraries read it), else the cores this process may run on.
    """
    for value in (threads, _LIMIT.get(), _POOL_LIMIT[0]):
        n = _positive_int(value) if not isinstance(value, float) or value == value and abs(value) < 2**31 else None
        if n is not None:
            return n
    return _default_threads()


def _default_threads():
    """The threads without an argument or a limit: the environment's, else the cores."""
    for value in (os.environ.get(THREADS_VARIABLE), os.environ.get("OMP_NUM_THREADS")):
        n = _positive_int(value)
        if n is not None:
            return n
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


def _threads_for(threads, size):
    if not _CONTROLLER:
        _register_threadpoolctl()
    chunks = -(-size // CHUNK)
    if chunks < 2 * MIN_CHUNKS_PER_THREAD:  # one thread whatever the count (small input: no count to read)
        return 1
    n = thread_count(threads)
    if n <= 1:
        return 1
    return max(1, min(n, chunks // MIN_CHUNKS_PER_THREAD))


#: The limit set by ``threadpoolctl.threadpool_limits`` (process-wide, as threadpoolctl's limits are).
_POOL_LIMIT = [None]
_CONTROLLER: list = []


def _register_threadpoolctl() -> None:
    """Let ``threadpoolctl`` limit this pool, once it has been imported (this module never imports it).

    threadpoolctl finds the native libraries loaded in the process and a controller class for each; this
    registers (``threadpoolctl.register``) a controller with user_api and internal_api ``"symmetric"`` for
    the library the pool's work runs in, NumPy's ``_multiarray_umath`` extension: ``threadpool_limits(n)``
    then sets :data:`_POOL_LIMIT` and restores it on exit. Called when this module is loaded and before each
    evaluation that may use threads, until it registers; a ``threadpool_limits`` entered before the
    registration does not see the pool. Only the package's runtime registers: threadpoolctl keeps one
    controller per library file, so the copies that standalone modules embed (``symmetric codegen``) keep
    to their own ``threads``, ``thread_limits`` and environment variables.
    """
    tpc: Any = sys.modules.get("threadpoolctl")
    if _CONTROLLER or tpc is None or not hasattr(tpc, "register") or not hasattr(tpc, "LibController"):
        return
    if __name__ != "symmetric.numeric._runtime":  # a standalone module's copy
        _CONTROLLER.append(None)
        return

    class SymmetricController(tpc.LibController):
        user_api = internal_api = "symmetric"
        filename_prefixes = ("_multiarray_umath",)

        def get_num_threads(self):
            return _POOL_LIMIT[0] or _default_threads()

        def set_num_threads(self, num_threads) -> None:
            # the value it read on entry, restored on exit, is no limit when it is the default
            n = _positive_int(num_threads)
            _POOL_LIMIT[0] = None if n is None or n == _default_threads() else n

        def get_version(self):
            return None

    _CONTROLLER.append(SymmetricController)
    tpc.register(SymmetricController)


def _executor(workers):
    from concurrent.futures import ThreadPoolExecutor

    with _POOL_LOCK:
        if not _POOL or _POOL[0]._max_workers < workers:
            if _POOL:
                _POOL.pop().shutdown(wait=False)
            _POOL.append(ThreadPoolExecutor(max_workers=max(workers, 2), thread_name_prefix="symmetric-numeric"))
        return _POOL[0]


def _parallel(stage, p, r, out, buffers, invalid, workers):
    """The chunks of flat contiguous ``p``, ``r``, ``out`` on ``workers`` threads, each a run of whole chunks.

    Every chunk is the one the serial loop evaluates (boundaries at multiples of
    ``CHUNK``) with the same kernel and constants, so the result is bit for bit
    that of one thread. ``buffers`` serves the calling thread; the others take
    their own.
    """
    n = out.size
    chunks = -(-n // CHUNK)
    bounds = [round(i * chunks / workers) * CHUNK for i in range(workers + 1)]
    zeros = _needs_boundary(stage)
    stage.constants(int(stage.code), None)  # computed once, before the threads share the stage

    def run(lo, hi, own) -> None:
        mine: tuple[numpy.ndarray, tuple[numpy.ndarray, ...]] = own if own is not None else _take_buffers()
        try:
            kernel = _bound(stage, *mine, invalid is not None)
            for i in range(lo, min(hi, n), CHUNK):
                j = min(i + CHUNK, hi, n)
                _chunk(stage, p[i:j], r[i:j], out[i:j], None, kernel, invalid, zeros)
        finally:
            if own is None:
                _give_back(mine)

    pool = _executor(workers - 1)
    futures = [pool.submit(_in_errstate, run, bounds[t], bounds[t + 1], None) for t in range(1, workers)]
    error = None
    try:
        run(bounds[0], bounds[1], buffers)
    except BaseException as e:  # the other threads finish first: they write into out
        error = e
    for f in futures:
        try:
            f.result()
        except BaseException as e:
            error = error or e
    if error is not None:
        raise error


def _in_errstate(func, *args):
    with numpy.errstate(all="ignore"):  # numpy's error state is per thread
        return func(*args)


_register_threadpoolctl()  # threadpoolctl imported before this module
