"""Exact sums of sample weights, per bin, whatever the order or the chunking of the data.

A float64 sum depends on the order of its terms, so counts summed per chunk
and then across chunks (Dask, :class:`~symmetric.metrics.ConfusionCounts`)
would differ in the last bits from the same counts summed in memory. Here
every weighted count is the *exact* sum of its weights, rounded once to the
nearest float64: the same bits however the data is split, ordered or merged,
and never further than half an ULP from the true sum (a sequential float sum
of 10**8 weights drifts by hundreds of ULP).

How: a block of weights ``w`` (all >= 0, finite) is cut into slices on a
power-of-two grid. With ``n < 2**c`` weights below ``2**e``, the quantum
``u = 2**(e + c - 52)`` makes every ``floor(w / u)`` an integer below
``2**(52 - c)``, so ``np.bincount`` adds them exactly in float64 (every
partial sum stays below ``2**53``), in any order. The remainders
``w - u * floor(w / u)`` are exact, below ``u``, and go through the same
step with a finer quantum, until none is left (two slices for most weights;
integer weights need one). Each slice sum is an integer times a power of
two, accumulated in :class:`ExactSums` as base-``2**32`` digits (fixed
point down to ``2**-1088``, below the smallest subnormal), and converted to
float64 with round-to-nearest-even at the end.

>>> import numpy as np
>>> w = np.array([1e16, 1.0, 1.0, 0.5])
>>> codes = np.array([0, 0, 0, 1])
>>> np.bincount(codes, weights=w).tolist()       # 1e16 + 1 rounds back to 1e16, twice
[1e+16, 0.5]
>>> s = bincount_exact(codes, w, 2)
>>> s.to_float().tolist(), (s + s).to_float().tolist()
([1.0000000000000002e+16, 0.5], [2.0000000000000004e+16, 1.0])
"""

from __future__ import annotations

import math

import numpy as np

__all__ = ["ExactSums", "bincount_exact", "sum_exact", "segment_sums_exact", "running_sums_exact"]

_BITS = 32
_MASK = np.uint64((1 << _BITS) - 1)
#: Digit 0 of the fixed point holds multiples of 2**_BASE (every float64 is a multiple of 2**-1074).
_BASE = -1088
#: Weights handled per step: the slices of a block fit in cache.
_BLOCK = 1 << 16


class ExactSums:
    """Exact nonnegative sums, one per bin, as fixed-point base-2**32 digits.

    ``value[...] = sum_j digits[..., j] * 2**(32 * (offset + j) - 1088)``,
    every digit below 2**32 between operations. Instances add with ``+``
    (exactly), sum over an axis, select bins, pickle, and round to float64
    with :meth:`to_float`.
    """

    __slots__ = ("offset", "digits")

    def __init__(self, offset: int, digits: np.ndarray) -> None:
        self.offset, self.digits = int(offset), digits

    @classmethod
    def zeros(cls, shape) -> ExactSums:
        shape = (shape,) if isinstance(shape, (int, np.integer)) else tuple(shape)
        return cls(0, np.zeros((*shape, 0), dtype=np.uint64))  # no digits yet

    def __getstate__(self):
        return self.offset, self.digits

    def __setstate__(self, state) -> None:
        self.offset, self.digits = state

    def __repr__(self) -> str:
        return f"ExactSums({self.to_float()!r})"

    @property
    def shape(self):
        return self.digits.shape[:-1]

    def _widen(self, lo: int, hi: int) -> None:
        """Make the digits ``lo`` .. ``hi - 1`` (absolute indices) available."""
        width = self.digits.shape[-1]
        if width:
            lo, hi = min(lo, self.offset), max(hi, self.offset + width)
            if lo == self.offset and hi == self.offset + width:
                return
        digits = np.zeros((*self.shape, hi - lo), dtype=np.uint64)
        start = self.offset - lo
        digits[..., start : start + width] = self.digits
        self.offset, self.digits = lo, digits

    def _carry(self) -> None:
        """Bring every digit below 2**32 (the value is unchanged)."""
        while self.digits.shape[-1]:
            d = self.digits
            for j in range(d.shape[-1] - 1):
                d[..., j + 1] += d[..., j] >> np.uint64(_BITS)
                d[..., j] &= _MASK
            if not np.any(d[..., -1] >> np.uint64(_BITS)):
                return
            self._widen(self.offset, self.offset + d.shape[-1] + 1)

    def add_integers(self, counts: np.ndarray, exponent: int) -> None:
        """Add ``counts * 2**exponent`` exactly (``counts``: integer-valued floats in [0, 2**53))."""
        j, shift = divmod(exponent - _BASE, _BITS)
        self._widen(j, j + 3)
        c = np.asarray(counts).astype(np.uint64)
        s = np.uint64(shift)
        lo, hi = (c & _MASK) << s, (c >> np.uint64(_BITS)) << s
        k = j - self.offset
        d = self.digits
        d[..., k] += lo & _MASK
        d[..., k + 1] += (lo >> np.uint64(_BITS)) + (hi & _MASK)
        d[..., k + 2] += hi >> np.uint64(_BITS)
        self._carry()

    @classmethod
    def from_parts(cls, parts, m: int) -> ExactSums:
        """``sum of counts * 2**exponent`` over ``parts`` (``(counts, exponent)``, counts integer-valued in [0, 2**53)).

        The digits are allocated once and carried once (each digit gathers
        at most two 32-bit pieces per part: no overflow below 2**31 parts);
        they are stored digit by digit (a transposed view), so every step
        reads contiguous memory.
        """
        if not parts:
            return cls.zeros(m)
        places = [divmod(exponent - _BASE, _BITS) for _, exponent in parts]
        lo = min(j for j, _ in places)
        width = max(j for j, _ in places) + 3 - lo
        digits = np.zeros((width, m), dtype=np.uint64)
        for (counts, _), (j, shift) in zip(parts, places):
            c = np.asarray(counts).astype(np.uint64)
            s = np.uint64(shift)
            low, high = (c & _MASK) << s, (c >> np.uint64(_BITS)) << s
            k = j - lo
            digits[k] += low & _MASK
            digits[k + 1] += (low >> np.uint64(_BITS)) + (high & _MASK)
            digits[k + 2] += high >> np.uint64(_BITS)
        out = cls(lo, digits.T)
        out._carry()
        return out

    def __add__(self, other: ExactSums) -> ExactSums:
        if not isinstance(other, ExactSums):
            return NotImplemented
        out = ExactSums(self.offset, self.digits.copy())
        width = other.digits.shape[-1]
        if not width:
            return out
        out._widen(other.offset, other.offset + width)
        start = other.offset - out.offset
        out.digits[..., start : start + width] += other.digits
        out._carry()
        return out

    def sum(self, axis) -> ExactSums:
        """Exact sums over ``axis`` of the bins."""
        out = ExactSums(self.offset, self.digits.sum(axis=axis, dtype=np.uint64))
        out._carry()
        return out

    @classmethod
    def stack(cls, parts) -> ExactSums:
        """The sums of ``parts`` (same shape) stacked along a new first axis."""
        used = [p for p in parts if p.digits.shape[-1]] or parts[:1]
        lo = min(p.offset for p in used)
        hi = max(p.offset + p.digits.shape[-1] for p in used)
        digits = np.zeros((len(parts), *parts[0].shape, hi - lo), dtype=np.uint64)
        for i, p in enumerate(parts):
            if not p.digits.shape[-1]:
                continue
            digits[i, ..., p.offset - lo : p.offset - lo + p.digits.shape[-1]] = p.digits
        return cls(lo, digits)

    def take(self, index, axis=0) -> ExactSums:
        """The bins at ``index`` along ``axis``."""
        return ExactSums(self.offset, np.take(self.digits, index, axis=axis))

    def to_float(self) -> np.ndarray:
        """The sums rounded to the nearest float64, ties to even (sums below 2**-1022 may round twice)."""
        shape = self.shape
        m, width = int(np.prod(shape, dtype=np.int64)), self.digits.shape[-1]
        if not width:
            return np.zeros(shape)
        # digit by digit (rows), two zero digits below: digits t - 1 and t - 2 exist
        d = np.zeros((width + 2, m), dtype=np.uint64)
        d[2:] = self.digits.reshape(m, width).T
        top, lowest = np.zeros(m, dtype=np.intp), np.full(m, width + 2, dtype=np.intp)
        for j in range(width + 2):
            nonzero = d[j] != 0
            top[nonzero] = j  # the highest nonzero digit, in the end
            lowest[nonzero & (lowest > j)] = j
        cols = np.arange(m)
        d0, d1, d2 = d[top, cols], d[top - 1, cols], d[top - 2, cols]
        bits = np.frexp(d0.astype(np.float64))[1]  # 1 .. 32 where the sum is nonzero
        shift = (_BITS - np.clip(bits, 1, _BITS)).astype(np.uint64)
        b = np.uint64(_BITS)
        mantissa = (d0 << (b + shift)) | (d1 << shift) | (d2 >> (b - shift))  # the top 64 bits
        dropped = d2 & ((np.uint64(1) << (b - shift)) - np.uint64(1))
        sticky = (dropped != 0) | (lowest < top - 2)
        mantissa |= sticky.astype(np.uint64)  # bit 0 lies 11 bits below the rounding position
        exponent = _BITS * (self.offset + top - 4) + _BITS - shift.astype(np.int64) + _BASE
        with np.errstate(over="ignore"):
            value = np.ldexp(mantissa.astype(np.float64), exponent)
        value[d0 == 0] = 0.0
        return value.reshape(shape)


class ExactBincount:
    """``np.bincount(codes, weights, minlength=m)`` summed exactly, fed block by block.

    ``top`` bounds every weight and ``block`` every block's length (they
    set the quantum of the first slice). :meth:`add` cuts a block into
    exact slices; :meth:`result` gives the sums as :class:`ExactSums`.
    """

    def __init__(self, m: int, top: float, block: int) -> None:
        self.m, self.blocks = m, 0
        self.sums: dict = {}
        self.out: ExactSums | None = None
        self.first = math.frexp(top)[1] + block.bit_length() - 52 if top > 0 else 0  # w / 2**first < 2**(52 - c)
        self.scaled, self.whole = np.empty(block), np.empty(block)

    def _add(self, exponent, counts) -> None:
        total = self.sums.get(exponent)
        counts = counts.astype(np.uint64)  # each below 2**52: 1024 of them fit
        self.sums[exponent] = counts if total is None else total + counts

    def add(self, codes, w) -> None:
        """Add the weights ``w`` (finite, >= 0, at most ``top``) to the bins ``codes`` (None: bin 0)."""
        n, exponent = len(w), self.first
        if not n:
            return
        scaled, whole = self.scaled[:n], self.whole[:n]
        if abs(exponent) > 1000:
            np.copyto(scaled, np.ldexp(w, -exponent))
        else:
            np.multiply(w, 2.0**-exponent, out=scaled)
        first = True
        while True:
            np.floor(scaled, out=whole)
            self._add(
                exponent,
                np.sum(whole, keepdims=True) if codes is None else np.bincount(codes, weights=whole, minlength=self.m),
            )
            np.subtract(scaled, whole, out=scaled)  # the exact remainders, in [0, 1)
            if first and scaled[:32].any():  # remainders everywhere (general floats): no need to count them
                left = len(scaled)
            else:
                left = int(np.count_nonzero(scaled))
            first = False
            if not left or exponent <= -1074:
                break
            if left < len(scaled) // 4:
                keep = np.flatnonzero(scaled)
                scaled, codes = scaled[keep], None if codes is None else codes[keep]
                whole = whole[: len(scaled)]
            step = 52 - len(scaled).bit_length()
            exponent -= step
            scaled *= 2.0**step
        self.blocks += 1
        if self.blocks % 1024 == 0:  # the integer sums stay below 2**62
            self.out = self.result((self.m,))

    def result(self, shape) -> ExactSums:
        """The exact sums so far, with the given shape (of ``m`` bins)."""
        out = (
            ExactSums.zeros(shape)
            if self.out is None
            else ExactSums(self.out.offset, self.out.digits.reshape(*shape, -1))
        )
        for exponent, total in sorted(self.sums.items()):
            for part in (total & _MASK, total >> np.uint64(_BITS)):  # below 2**53 each
                out.add_integers(part.reshape(shape).astype(np.float64), exponent)
                exponent += _BITS
        self.sums, self.out = {}, out
        return out


def _exact(codes, weights, m, shape) -> ExactSums:
    weights = np.asarray(weights, dtype=np.float64)
    top = float(weights.max()) if len(weights) else 0.0
    block = max(min(_BLOCK, len(weights)), 1)
    acc = ExactBincount(m, top, block)
    if top > 0:
        for a in range(0, len(weights), block):
            acc.add(None if codes is None else codes[a : a + block], weights[a : a + block])
    return acc.result(shape)


def bincount_exact(codes: np.ndarray, weights: np.ndarray, minlength: int) -> ExactSums:
    """``np.bincount(codes, weights, minlength)``, each bin summed exactly (weights finite and >= 0)."""
    return _exact(codes, weights, minlength, minlength)


def sum_exact(weights: np.ndarray) -> ExactSums:
    """The exact sum of ``weights`` (finite and >= 0), as a 0-d :class:`ExactSums`."""
    return _exact(None, np.ravel(weights), 1, ())


def _run_slices(weights: np.ndarray, starts: np.ndarray | None, *, running: bool = False, overwrite: bool = False):
    """``(run sums, exponent)`` of each slice of the weights: exact integers, whose scaled sum is each run's sum.

    For ``n < 2**c`` weights, ``whole = floor(w / 2**e)`` is an integer below
    ``2**(52 - c)``, so its run sums are exact in float64, and
    ``w - whole * 2**e`` is exact and below ``2**e``. The scaling by
    ``2**-e`` may flush a tiny weight to 0 or a subnormal, but then its
    whole part is 0 all the same, and the remainder is taken from the
    weight itself. ``starts=None``: every weight is its own run.
    ``running``: the running sums of the run sums instead (still exact
    integers: below ``2**52`` in all). ``overwrite``: the weights may be
    used as scratch.
    """
    rest = np.asarray(weights, dtype=np.float64) if overwrite else np.array(weights, dtype=np.float64)
    n = len(rest)
    top = float(rest.max()) if n else 0.0
    if top == 0.0:
        return
    first = None if starts is None else np.asarray(starts, dtype=np.intp)
    stop = None if first is None else np.append(first[1:], n)
    step = 52 - n.bit_length()
    exponent = math.frexp(top)[1] - step  # every w / 2**exponent is below 2**step
    dense = True  # every run holds at least one weight: reduceat; else differences of a running sum
    whole = np.empty(n)
    with np.errstate(under="ignore"):
        while True:
            if abs(exponent) < 1000:  # exact powers of two: multiplications
                np.multiply(rest, 2.0**-exponent, out=whole)
            else:
                np.ldexp(rest, -exponent, out=whole)
            np.floor(whole, out=whole)
            if first is None:
                sums = np.cumsum(whole) if running else whole.copy()
            else:
                if dense:
                    sums = np.add.reduceat(whole, first)
                else:
                    total = np.concatenate([[0.0], np.cumsum(whole)])  # exact: integers below 2**52 in all
                    sums = total[stop] - total[first]
                if running:
                    np.cumsum(sums, out=sums)
            yield sums, exponent
            if abs(exponent) < 1000:
                whole *= 2.0**exponent
            else:
                np.ldexp(whole, exponent, out=whole)
            rest -= whole
            left = np.count_nonzero(rest)
            if not left:
                return
            if left < len(rest) // 4:  # keep the weights with a remainder; runs may become empty
                kept = np.flatnonzero(rest)
                if first is None or stop is None:
                    first, stop = np.arange(len(rest)), np.arange(1, len(rest) + 1)
                first, stop = np.searchsorted(kept, first), np.searchsorted(kept, stop)
                rest, dense, whole = rest[kept], False, whole[: len(kept)]
            exponent -= step


def segment_sums_exact(weights: np.ndarray, starts: np.ndarray) -> ExactSums:
    """The exact sums of the runs ``weights[starts[i]:starts[i + 1]]`` (the last run to the end).

    ``starts`` is increasing and begins with 0; the weights are finite and
    >= 0. The runs of a sorted array are its blocks of equal keys: a pass of
    ``np.add.reduceat`` per slice of the weights (no scatter into every bin
    per block), so the cost grows with the number of weights, not with
    runs times blocks.

    >>> w = np.array([1e16, 1.0, 1.0, 0.5, 1e-300])
    >>> segment_sums_exact(w, np.array([0, 3, 4])).to_float().tolist()
    [1.0000000000000002e+16, 0.5, 1e-300]
    """
    return ExactSums.from_parts(list(_run_slices(weights, starts)), len(starts))


def running_sums_exact(weights: np.ndarray, starts: np.ndarray | None, *, overwrite: bool = False) -> np.ndarray:
    """The sums of ``weights[:starts[i + 1]]`` (all of them for the last run), each exact and rounded once.

    ``starts=None``: every weight is its own run (the running sums of all of
    them). ``overwrite``: the weights may be used as scratch.

    The running sums of every run of :func:`segment_sums_exact`, as float64:
    each slice's running sums are still integers below ``2**52``, so only
    the final rounding of their scaled sum is not exact.

    >>> running_sums_exact(np.array([1e16, 1.0, 1.0, 0.5]), np.array([0, 1, 3])).tolist()
    [1e+16, 1.0000000000000002e+16, 1.0000000000000002e+16]
    """
    parts = list(_run_slices(weights, starts, running=True, overwrite=overwrite))
    m = len(weights) if starts is None else len(starts)
    out = np.zeros(m)
    for a in range(0, m if parts else 0, _BLOCK):  # rounded block by block: the digits stay in cache
        b = min(a + _BLOCK, m)
        out[a:b] = ExactSums.from_parts([(p[a:b], e) for p, e in parts], b - a).to_float()
    return out
