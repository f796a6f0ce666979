"""Double-double arithmetic on float64 NumPy arrays: about 30 significant digits, without long double.

A double-double is the unevaluated sum ``hi + lo`` of two float64 numbers
with ``|lo| <= ulp(hi) / 2``; its float64 value is ``hi``. Sums and
products are built from error-free transformations (Knuth's TwoSum,
Dekker's TwoProduct with Veltkamp's splitting), which need only IEEE
float64 arithmetic: no fused multiply-add and no 80-bit ``numpy.longdouble``
(plain double on Windows and on macOS/ARM). ``exp`` reduces its argument by
multiples of ``ln 2 / 64`` and a table of ``2**(j/64)``; ``log`` and
``log1p`` take one Newton step from the float64 value. Sums, products and
quotients are accurate to about ``2**-104`` relative, the functions to better
than ``2**-66`` (tests/numeric/test_dd.py checks ``2**-64`` against mpmath): far more
than the parameter stage of :mod:`symmetric.numeric` needs to round its
constants correctly to float64.

This module imports only NumPy: it is part of the runtime that every
standalone module of :mod:`symmetric.generate.kernels` embeds as it is.
"""

import numpy

__all__ = [
    "_DD",
    "_dd",
    "_dd_exp",
    "_dd_expm1",
    "_dd_log",
    "_dd_log1p",
    "_dd_softplus",
    "_dd_logaddexp",
    "_dd_where",
    "_dd_select",
    "_LN2",
]


def _two_sum(a, b):
    """``s, e`` with ``s = fl(a + b)`` and ``s + e = a + b`` exactly (Knuth)."""
    s = a + b
    bb = s - a
    return s, (a - (s - bb)) + (b - bb)


def _fast_two_sum(a, b):
    """:func:`_two_sum` for ``|a| >= |b|`` (Dekker)."""
    s = a + b
    return s, b - (s - a)


def _split(a, factor=134217729.0):
    """``hi, lo`` with ``hi + lo = a``, ``hi`` holding the leading bits (Veltkamp; 2**27 + 1 gives 26 bits)."""
    t = factor * a
    hi = t - (t - a)
    return hi, a - hi


def _dekker(a, b):
    """:func:`_two_prod` for |a|, |b| < 2**996 (beyond, Veltkamp's splitting overflows)."""
    p = a * b
    ah, al = _split(a)
    bh, bl = _split(b)
    return p, ((ah * bh - p) + ah * bl + al * bh) + al * bl


# above this, Veltkamp's splitting overflows; the factors are then scaled by 2**-_SHIFT (exactly) first
_HUGE, _SHIFT = 2.0**995, 64


def _two_prod(a, b):
    """``p, e`` with ``p = fl(a * b)`` and ``p + e = a * b`` exactly (Dekker), for any finite a, b.

    A factor above 2**995 is scaled down by a power of 2 first and the result
    scaled back (exactly, unless the product itself overflows: then ``p`` is
    infinite and ``e`` is 0).
    """
    p, e = _dekker(a, b)
    if numpy.isfinite(e).all() if isinstance(e, numpy.ndarray) else e - e == 0:  # (cheap for NumPy scalars)
        return p, e
    sa = numpy.where(numpy.abs(a) > _HUGE, 2.0**-_SHIFT, 1.0)
    sb = numpy.where(numpy.abs(b) > _HUGE, 2.0**-_SHIFT, 1.0)
    q, f = _dekker(a * sa, b * sb)
    scale = 1.0 / (sa * sb)
    p = q * scale
    e = numpy.where(numpy.isfinite(p), f * scale, 0.0)
    return p, e[()]


class _DD:
    """A double-double ``hi + lo`` (arrays or floats); ``+ - * /`` with floats and double-doubles."""

    __slots__ = ("hi", "lo")
    __array_ufunc__ = None  # NumPy arrays defer to our reflected operators

    def __init__(self, hi, lo=0.0) -> None:
        self.hi, self.lo = hi, lo

    def __repr__(self) -> str:
        return f"_DD({self.hi!r}, {self.lo!r})"

    def __neg__(self):
        return _DD(-self.hi, -self.lo)

    def __add__(self, other):
        if not isinstance(other, _DD):
            s, e = _two_sum(self.hi, other)
            return _DD(*_fast_two_sum(s, e + self.lo))
        s, e = _two_sum(self.hi, other.hi)
        t, f = _two_sum(self.lo, other.lo)
        s, e = _fast_two_sum(s, e + t)
        return _DD(*_fast_two_sum(s, e + f))

    __radd__ = __add__

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return (-self) + other

    def __mul__(self, other):
        if not isinstance(other, _DD):
            p, e = _two_prod(self.hi, other)
            return _DD(*_fast_two_sum(p, e + self.lo * other))
        p, e = _two_prod(self.hi, other.hi)
        return _DD(*_fast_two_sum(p, e + (self.hi * other.lo + self.lo * other.hi)))

    __rmul__ = __mul__

    def __truediv__(self, other):
        other = other if isinstance(other, _DD) else _DD(other)
        q1 = self.hi / other.hi
        r = self - other * q1
        q2 = r.hi / other.hi
        r = r - other * q2
        q3 = r.hi / other.hi
        return _DD(*_fast_two_sum(q1, q2)) + q3

    def __rtruediv__(self, other):
        return _DD(other) / self

    def __pow__(self, n):
        """Integer powers only (the printer emits them for integer exponents)."""
        if n < 0:
            return 1.0 / self ** (-n)
        out = _DD(1.0)
        for _ in range(int(n)):
            out = out * self
        return out


def _dd(x) -> _DD:
    """``x`` as a double-double (a float64 array or number gets ``lo = 0``; numbers stay NumPy scalars)."""
    if isinstance(x, _DD):
        return x
    if numpy.ndim(x) == 0:
        return _DD(numpy.float64(x), numpy.float64(0.0))
    x = numpy.asarray(x, dtype=numpy.float64)
    return _DD(x, numpy.zeros_like(x))


def _dd_where(condition, a, b) -> _DD:
    """Elementwise ``a`` where ``condition`` else ``b``."""
    a, b = _dd(a), _dd(b)
    return _DD(numpy.where(condition, a.hi, b.hi), numpy.where(condition, a.lo, b.lo))


def _dd_select(condition, if_true, if_false) -> _DD:
    """Elementwise ``if_true()`` where ``condition`` else ``if_false()``, calling each only if needed."""
    if numpy.all(condition):
        return if_true()
    if not numpy.any(condition):
        return if_false()
    return _dd_where(condition, if_true(), if_false())


def _ln2():
    """ln 2 as a double-double: 2 atanh(1/3) = sum over k of 2 / ((2k+1) 3**(2k+1))."""
    term, total = _DD(2.0) / 3.0, _DD(0.0)
    for k in range(36):
        total = total + term / (2 * k + 1)
        term = term / 9.0
    return total


def _sqrt(x):
    """Square root of a positive double-double (one Newton step from the float64 root)."""
    y = x.hi**0.5
    p, e = _two_prod(y, y)
    r = ((x.hi - p) - e + x.lo) / (2 * y)
    return _DD(*_fast_two_sum(y, r))


def _exp2_table():
    """``2**(j/64)`` for j = 0..63, as double-double arrays: square roots of 2, then products."""
    roots = [_sqrt(_DD(2.0))]
    for _ in range(5):
        roots.append(_sqrt(roots[-1]))  # 2**(1/2), ..., 2**(1/64)
    hi, lo = numpy.ones(1), numpy.zeros(1)
    for root in reversed(roots):  # 2**(1/64) doubles the table first, 2**(1/2) last
        t = _DD(hi, lo) * root
        hi, lo = numpy.concatenate([hi, t.hi]), numpy.concatenate([lo, t.lo])
    return hi, lo


_LN2 = _ln2()
_EXP2_HI, _EXP2_LO = _exp2_table()
# ln2/64 in three pieces: k * _L1 and k * _L2 are exact for |k| < 2**17 (36 and 17 significant bits)
_L1, _l = _split((_LN2 / 64.0).hi, 131073.0)
_L2, _L3 = _l, (_LN2 / 64.0).lo
_INV_L = 64.0 / _LN2.hi
del _l


def _exp_parts(x):
    """``k, em`` with ``exp(x) = 2**(k/64) * (1 + em)``, ``|em| < 0.0055`` relative-accurate."""
    k = numpy.rint(numpy.fmax(numpy.fmin(x.hi, 800.0), -800.0) * _INV_L)  # NaN gives 800: a valid index
    s, e = _two_sum(x.hi - k * _L1, -k * _L2)
    r = _DD(*_fast_two_sum(s, e + (x.lo - k * _L3)))
    # exp(r) - 1 = r + r**2/2 + r**3 (1/6 + r/24 + ... + r**4/5040) + O(2**-75);
    # the part from r**3 on is below 2**-24, so float64 suffices for it
    p, pe = _two_prod(r.hi, r.hi)
    half = _DD(0.5 * p, 0.5 * (pe + 2.0 * r.hi * r.lo))
    tail = r.hi * p * (1 / 6 + r.hi * (1 / 24 + r.hi * (1 / 120 + r.hi * (1 / 720 + r.hi * (1 / 5040)))))
    return k, (r + half) + tail


def _scale(k, em, x):
    """``2**(k/64) (1 + em)`` as a double-double, and its limits where ``x`` over- or underflows."""
    j = numpy.mod(k, 64).astype(numpy.int64)
    n = ((k - j) / 64).astype(numpy.int64)
    t = _DD(numpy.take(_EXP2_HI, j), numpy.take(_EXP2_LO, j))
    y = t + t * em
    hi, lo = numpy.ldexp(y.hi, n), numpy.ldexp(y.lo, n)
    hi = numpy.where(x.hi > 709.8, numpy.inf, numpy.where(x.hi < -745.2, 0.0, hi))
    return _DD(hi, numpy.where(numpy.isfinite(hi) & (hi != 0), lo, 0.0))


def _dd_exp(x) -> _DD:
    """``exp(x)`` of a double-double."""
    x = _dd(x)
    k, em = _exp_parts(x)
    return _scale(k, em, x)


def _dd_expm1(x) -> _DD:
    """``exp(x) - 1`` of a double-double, relative-accurate near 0."""
    x = _dd(x)
    k, em = _exp_parts(x)
    near = k == 0
    if numpy.all(near):
        return em
    if not numpy.any(near):
        return _scale(k, em, x) - 1.0
    return _dd_where(near, em, _scale(k, em, x) - 1.0)


def _log1p_newton(x):
    """``log(1 + x)`` for ``-1 < x < 2**30``: one Newton step from ``numpy.log1p``, relative-accurate near 0.

    With ``y0 = log1p(x)`` in float64 and ``e = expm1(-y0)`` in double-double,
    ``(1 + x)(1 + e) - 1 = x + e + x e`` is the residual, computed without
    forming ``1 + x``; its rounding error is ``2**-106 max(1, |x|)``.
    """
    y0 = numpy.log1p(x.hi)
    em = _dd_expm1(_dd(-y0))
    v = (x + em) + x * em
    return v + y0


def _dd_log1p(x) -> _DD:
    """``log(1 + x)`` of a double-double ``x > -1``."""
    x = _dd(x)
    small = x.hi < 1073741824.0
    if numpy.all(small):
        return _log1p_newton(x)
    if not numpy.any(small):
        return _dd_log(x + 1.0)
    return _dd_where(small, _log1p_newton(_dd_where(small, x, 0.0)), _dd_log(_dd_where(small, 1.0, x + 1.0)))


def _dd_log(x) -> _DD:
    """``log(x)`` of a positive double-double: the binary exponent times ln 2 plus a log1p."""
    x = _dd(x)
    m, e = numpy.frexp(x.hi)
    low = m < 0.7071067811865476
    m, e = numpy.where(low, 2.0 * m, m), numpy.where(low, e - 1, e).astype(numpy.float64)
    lo = numpy.ldexp(x.lo, -e.astype(numpy.int64))
    return _log1p_newton(_DD(*_two_sum(m - 1.0, lo))) + _LN2 * e


def _dd_softplus(x) -> _DD:
    """``log(1 + exp(x))`` of a double-double, without overflow: ``max(x, 0) + log1p(exp(-|x|))``."""
    x = _dd(x)
    negative = x.hi < 0
    a = _dd_where(negative, x, -x)  # -|x|
    return _dd_log1p(_dd_exp(a)) + _dd_where(negative, 0.0, x)


def _dd_logaddexp(a, b) -> _DD:
    """``log(exp(a) + exp(b))`` of double-doubles: the larger plus ``log1p(exp(-|a - b|))``."""
    a, b = _dd(a), _dd(b)
    d = b - a
    larger = d.hi > 0
    return _dd_where(larger, b, a) + _dd_log1p(_dd_exp(_dd_where(larger, -d, d)))
