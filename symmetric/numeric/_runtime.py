"""The NumPy runtime of the generated functions: primitives, input checks, regimes, chunked evaluation.

This module imports only NumPy: :mod:`symmetric.numeric.codegen` copies its
source into every standalone module, so the package and the generated files
run the same code. The kernels it calls are generated from
:mod:`symmetric.numeric.rewrites` and passed in by name.

Evaluation goes in chunks of ``CHUNK`` elements so that temporaries stay in
cache and the extra memory is one output array plus a few chunks.
"""

import numpy

__all__ = ["_expm1mx", "_pow", "_piecewise", "_evaluate", "CHUNK", "PHI_ANCHOR"]

#: Elements per chunk.
CHUNK = 16384
#: |phi| from which the kernels scaled by the dominant term are accurate (about 4 ULP at this bound).
PHI_ANCHOR = 0.25
#: The near-geometric kernel is used where |z| <= this and |z log(P/R)| <= NEAR_ZD, with z = phi log(P/R).
NEAR_Z = 0.125
NEAR_ZD = 0.5

_E2 = []
_c = 1.0
for _k in range(2, 24):
    _c /= _k
    _E2.append(_c)  # 1/k!
del _c, _k


def _terms(bound):
    """Taylor terms of exp(x) - 1 - x needed for relative error 2**-57 where |x| <= bound < 1."""
    n = 1
    while n < len(_E2) and bound**n * _E2[n] * 2 > 2.0**-57:
        n += 1
    return n


def _expm1mx(x, terms=None):
    """``exp(x) - 1 - x`` without cancellation: a Taylor sum for |x| < 1, ``expm1(x) - x`` beyond.

    ``terms`` is the number of Taylor terms, enough for every |x| < 1 of the
    array when not given; callers that know a bound on |x| pass ``_terms(bound)``.
    """
    x = numpy.asarray(x)
    if terms is None:
        ax = numpy.abs(x)
        top = float(ax.max()) if x.size else 0.0
        n = _terms(min(top, 1.0))
    else:
        top, n = 0.0, terms
    s = _E2[n - 1]
    for k in range(n - 2, -1, -1):
        s = s * x + _E2[k]
    out = x * x * s
    if top >= 1:
        out = numpy.where(ax < 1, out, numpy.expm1(x) - x)
    return out


def _pow(x, y):
    """``x**y``; a scalar exponent is spread over the array first (NumPy's vector loop is then faster)."""
    if numpy.ndim(y) == 0 and numpy.ndim(x) > 0:
        y = numpy.full(numpy.shape(x), y, dtype=numpy.result_type(x, y))
    return numpy.power(x, y)


def _piecewise(pieces, args):
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

    def __init__(self, value, index):
        self.value, self.index = value, index

    def __repr__(self):
        return f"{self.value!r} at index {self.index}" if self.index is not None else repr(self.value)


def _as_array(value, name, func, error):
    kind = numpy.asarray(value).dtype.kind if not isinstance(value, (str, bytes)) else "U"
    if kind not in "fiu" or numpy.asarray(value).dtype.itemsize > 8 and kind == "f":
        raise error.of(name, func, "a real number or array of real numbers (float64, int)", value)
    return numpy.asarray(value, dtype=numpy.float64)


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


def _nonnegative(a):
    return (a >= 0) & (a < numpy.inf)


def _positive(a):
    return (a > 0) & (a < numpy.inf)


def _finite(a):
    return numpy.isfinite(a)


_ALLOWED = {
    "P": ("a finite number >= 0", _nonnegative),
    "R": ("a finite number >= 0", _nonnegative),
    "beta": ("a finite number > 0", _positive),
    "gamma": ("a finite number > 0", _positive),
    "rho": ("a finite real number", _finite),
    "phi": ("a finite real number", _finite),
}

ARITHMETIC, HARMONIC, GEOMETRIC, ANCHOR_POSITIVE, ANCHOR_NEGATIVE, SMALL = range(6)


def _constants(stage, params):
    """Parameter stage in long double: the regime code and every kernel constant, as float64."""
    ld = [numpy.asarray(p, dtype=numpy.longdouble) for p in params]
    phi, w, w_c, log_w, log_w_c = (numpy.asarray(v, dtype=numpy.longdouble) for v in stage["parameters"](*ld))
    c_P, c_R, kappa = (numpy.asarray(f(phi, log_w, log_w_c), dtype=numpy.longdouble) for f in stage["constants"])
    w_hi = w.astype(numpy.float64)
    code = numpy.select(
        [phi == 0, phi == 1, phi == -1, phi >= PHI_ANCHOR, phi <= -PHI_ANCHOR],
        [GEOMETRIC, ARITHMETIC, HARMONIC, ANCHOR_POSITIVE, ANCHOR_NEGATIVE], SMALL)
    return {
        "code": code,
        "phi": phi.astype(numpy.float64), "w": w_hi, "w_lo": (w - w_hi).astype(numpy.float64),
        "w_c": w_c.astype(numpy.float64), "c_P": c_P.astype(numpy.float64), "c_R": c_R.astype(numpy.float64),
        "kappa": kappa.astype(numpy.float64),
        "ld": {"phi": phi, "w": w, "w_c": w_c, "log_w": log_w, "log_w_c": log_w_c},
    }


def _take(consts, mask):
    """The constants of the elements selected by ``mask`` (constants that are scalars stay scalars)."""
    out = {k: (v[mask] if numpy.ndim(v) else v) for k, v in consts.items() if k not in ("ld", "e2_terms")}
    if "e2_terms" in consts:
        out["e2_terms"] = consts["e2_terms"]
    out["ld"] = {k: (v[mask] if numpy.ndim(v) else v) for k, v in consts["ld"].items()}
    return out


def _call(kernel, p, r, c):
    names = kernel.__code__.co_varnames[: kernel.__code__.co_argcount]
    return kernel(p, r, *[c[n] for n in names[2:]])


def _run(kernels, code, p, r, c):
    """One chunk of one regime; ``p`` and ``r`` are positive."""
    if code == ARITHMETIC:
        return _call(kernels["arithmetic"], p, r, c)
    if code == HARMONIC:
        return _call(kernels["harmonic"], p, r, c)
    if code == GEOMETRIC:
        return _call(kernels["geometric"], p, r, c)
    if code == ANCHOR_POSITIVE:
        return _call(kernels["anchor_positive"], p, r, c)
    if code == ANCHOR_NEGATIVE:
        return _call(kernels["anchor_negative"], p, r, c)
    phi = numpy.abs(c["phi"])
    # near-geometric where |z| <= NEAR_Z and |z d| <= NEAR_ZD (z = phi d, d = log(P/R)), i.e. |d| <= span
    span = numpy.minimum(NEAR_Z / phi, numpy.sqrt(NEAR_ZD / phi))
    c = dict(c, e2_terms=_terms(float(numpy.max(numpy.minimum(phi * numpy.minimum(span, 1500.0), NEAR_Z)))))
    if numpy.ndim(span) == 0 and span > 1500:  # every ratio of doubles qualifies
        return _call(kernels["near_geometric"], p, r, c)
    q = p / r
    near = (q >= numpy.exp(-span)) & (q <= numpy.exp(span))
    if near.all():
        return _call(kernels["near_geometric"], p, r, c)
    out = numpy.empty(p.shape)
    if near.any():
        out[near] = _call(kernels["near_geometric"], p[near], r[near], _take(c, near) if numpy.ndim(c["phi"]) else c)
    far = ~near
    cf = _take(c, far) if numpy.ndim(c["phi"]) else c
    out[far] = _call(kernels["log_domain"], p[far].astype(numpy.longdouble), r[far].astype(numpy.longdouble), cf["ld"])
    return out


def _chunk(kernels, code, p, r, c, out, zeros=True):
    if numpy.ndim(code):
        for k in numpy.unique(code):
            m = code == k
            out[m] = _run(kernels, int(k), p[m], r[m], _take(c, m))
    else:
        out[...] = _run(kernels, int(code), p, r, c)
    if zeros and not (p.min() > 0 and r.min() > 0):
        m = (p == 0) | (r == 0)
        cm = _take(c, m) if numpy.ndim(code) else c
        out[m] = _call(kernels["boundary"], p[m], r[m], cm)


def _evaluate(func, stage, kernels, P, R, params, names, validate, error):
    """Evaluate family ``func`` at ``P, R`` and ``params`` (named ``names``) with NumPy broadcasting."""
    arrays = [_as_array(v, n, func, error) for v, n in zip((P, R, *params), ("P", "R", *names))]
    if validate:
        for a, n in zip(arrays, ("P", "R", *names)):
            allowed, ok = _ALLOWED[n]
            _check(a, n, func, allowed, ok, error)
    try:
        shape = numpy.broadcast_shapes(*(a.shape for a in arrays))
    except ValueError:
        got = ", ".join(f"{n}: {a.shape}" for a, n in zip(arrays, ("P", "R", *names)))
        raise error.of("P, R, " + ", ".join(names), func, "arrays whose shapes broadcast together", got) from None
    P, R, *params = arrays
    # whether P or R has a zero (one reduction each; the chunks then skip the check when none does)
    zeros = not (P.size == 0 or R.size == 0 or (numpy.min(P) > 0 and numpy.min(R) > 0))
    out = numpy.empty(shape)
    with numpy.errstate(all="ignore"):
        if all(a.ndim == 0 for a in params):
            c = _constants(stage, params)
            code = int(c["code"])
            operands = [P, R, out]
            extra = []
        else:
            params = [numpy.broadcast_to(a, shape) for a in params]
            c = _constants(stage, params)
            code = c["code"]
            keys = [k for k in c if k != "ld"]
            ldkeys = list(c["ld"])
            operands = [P, R, out]
            extra = [numpy.broadcast_to(c[k], shape) for k in keys] + [numpy.broadcast_to(c["ld"][k], shape) for k in ldkeys]
        if out.size == 0:
            return out
        if out.ndim == 0:
            _chunk(kernels, code, P.reshape(1), R.reshape(1), c if not extra else _flat(c), out.reshape(1))
            return out[()]
        it = numpy.nditer(operands + extra, flags=["external_loop", "buffered", "zerosize_ok"],
                          op_flags=[["readonly"], ["readonly"], ["writeonly"]] + [["readonly"]] * len(extra),
                          buffersize=CHUNK, order="C")
        with it:
            for chunk in it:
                p, r, o = chunk[0], chunk[1], chunk[2]
                if extra:
                    vals = chunk[3:]
                    cc = dict(zip(keys, vals[: len(keys)]))
                    cc["ld"] = dict(zip(ldkeys, vals[len(keys):]))
                    _chunk(kernels, cc["code"], p, r, cc, o, zeros)
                else:
                    _chunk(kernels, code, p, r, c, o, zeros)
    return out


def _flat(c):
    out = {k: numpy.reshape(v, -1) for k, v in c.items() if k != "ld"}
    out["ld"] = {k: numpy.reshape(v, -1) for k, v in c["ld"].items()}
    return out
