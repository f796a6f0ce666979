"""Label encoding in linear time: each label becomes the index of its value among the distinct labels.

``np.unique(..., return_inverse=True)`` sorts all ``n`` labels (and sorts
strings slowly). Here labels are turned into 64-bit keys (integers by value,
floats by their bits, strings of up to three characters by their code
points, longer strings by a hash that is then verified) and looked up in a
small hash table of the distinct keys found so far, built from a sample and
grown from the few keys it misses; only the distinct values are ever sorted.
The cost is a few passes over the data whatever the number of classes.

>>> import numpy as np
>>> values, (t, p) = encode(np.array(["b", "a", "b"]), np.array(["a", "c", "b"]))
>>> sorted(values.tolist()), values[t].tolist(), values[p].tolist()
(['a', 'b', 'c'], ['b', 'a', 'b'], ['a', 'c', 'b'])
"""

from __future__ import annotations

import numpy as np

__all__ = ["encode", "Table"]

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MULTIPLIERS = [np.uint64(m) for m in (0x9E3779B97F4A7C15, 0xC2B2AE3D27D4EB4F, 0x165667B19E3779F9,
                                        0xD6E8FEB86659FD93, 0xFF51AFD7ED558CCD)]
#: Keys handled per step (the temporaries stay in cache).
_BLOCK = 1 << 16


class Table:
    """The distinct 64-bit keys seen so far (codes: their order of discovery), with a hash index.

    A key is found at the first level of the index whose slot holds it;
    keys that collide at every level are found by a sorted search.
    """

    def __init__(self):
        self.keys = np.empty(0, dtype=np.uint64)
        self._levels = []
        self._sorted = self._order = None

    def __len__(self):
        return len(self.keys)

    def _rebuild(self) -> None:
        k = len(self.keys)
        bits = max(8, int(4 * k).bit_length() + 1)
        shift = np.uint64(64 - bits)
        left = np.arange(k)
        self._levels = []
        for mult in _MULTIPLIERS:
            if not len(left):
                break
            slots = ((self.keys[left] * mult) >> shift).astype(np.intp)
            counts = np.bincount(slots, minlength=1 << bits)
            alone = counts[slots] == 1
            table = np.zeros(1 << bits, dtype=np.intp)  # any entry will do: a hit is checked against the key
            table[slots[alone]] = left[alone]
            self._levels.append((mult, shift, table))
            left = left[~alone]
        self._order = np.argsort(self.keys, kind="stable")
        self._sorted = self.keys[self._order]

    def _find(self, x: np.ndarray) -> np.ndarray:
        """Codes of the keys ``x`` (-1 where absent)."""
        if not len(self.keys):
            return np.full(len(x), -1, dtype=np.intp)
        codes = pending = None
        for mult, shift, table in self._levels:
            xs = x if pending is None else x[pending]
            h = xs * mult
            h >>= shift
            c = np.take(table, h.view(np.int64))
            hit = np.take(self.keys, c) == xs
            if pending is None:
                codes = c
                if hit.all():
                    return codes
                pending = np.flatnonzero(~hit)
                codes[pending] = -1
            else:
                codes[pending[hit]] = c[hit]
                pending = pending[~hit]
            if not len(pending):
                return codes
        xs = x[pending]
        i = np.minimum(np.searchsorted(self._sorted, xs), len(self._sorted) - 1)
        found = self._sorted[i] == xs
        codes[pending[found]] = self._order[i[found]]
        return codes

    def lookup(self, x: np.ndarray) -> np.ndarray:
        """Codes of the keys ``x``, adding the keys not seen before."""
        if not len(self.keys) and len(x):
            self.add(np.unique(x[:: max(1, len(x) >> 12)]))
        codes = self._find(x)
        if codes.min() >= 0:
            return codes
        missing = np.flatnonzero(codes < 0)
        while len(missing):
            xs = x[missing]
            new = np.unique(xs if len(xs) <= 4 * len(self.keys) + 4096 else xs[:: max(1, len(xs) >> 12)])
            self.add(new)
            c = self._find(xs)
            codes[missing] = c
            missing = missing[c < 0]
        return codes

    def add(self, new: np.ndarray) -> None:
        self.keys = np.concatenate([self.keys, new.astype(np.uint64)])
        self._rebuild()


def _string_keys(y: np.ndarray):
    """64-bit keys of a 'U' array, and whether they are exact (else a hash to verify)."""
    width = y.dtype.itemsize // 4
    if width == 0:
        return np.zeros(len(y), dtype=np.uint64), True
    chars = np.ascontiguousarray(y).view(np.uint32).reshape(len(y), width)
    if width <= 3:  # code points are below 2**21: three fit in 63 bits
        key = chars[:, 0].astype(np.uint64)
        for j in range(1, width):
            key |= chars[:, j].astype(np.uint64) << np.uint64(21 * j)
        return key, True
    key = np.full(len(y), np.uint64(width), dtype=np.uint64)
    words = chars.view(np.uint64) if width % 2 == 0 else chars
    for j in range(words.shape[1]):
        key ^= words[:, j]
        key *= _GOLDEN
        key ^= key >> np.uint64(29)
    return key, False


def _keys(y: np.ndarray):
    if y.dtype.kind == "U":
        return _string_keys(y)
    if y.dtype.kind == "f":  # integral and finite here; + 0.0 makes -0.0 equal 0.0
        return (y + 0.0).astype(np.float64).view(np.uint64), True
    if y.dtype.kind == "u" and y.dtype.itemsize == 8:
        return y, True
    return y.astype(np.int64, copy=False).view(np.uint64), True


def _as_plain(y: np.ndarray) -> np.ndarray:
    if y.dtype == object:
        return y.astype(str)  # strings (a mix with numbers was refused before)
    if y.dtype.kind == "b":
        return y.view(np.uint8)
    return y


def encode(yt: np.ndarray, yp: np.ndarray):
    """``(values, (true_codes, pred_codes))``: the distinct labels of both arrays and each label's index.

    The values come in their order of discovery, not sorted (sort the few
    values, not the codes). Codes are int32 when there are fewer than 2**31
    labels. Arrays of one kind (numbers or strings) are expected, as
    :func:`check_targets` ensures.
    """
    yt, yp = _as_plain(yt), _as_plain(yp)
    if yt.dtype.kind == "U" and yp.dtype.kind == "U" and yt.dtype != yp.dtype:
        width = max(yt.dtype.itemsize, yp.dtype.itemsize) // 4
        yt, yp = yt.astype(f"<U{width}"), yp.astype(f"<U{width}")
    elif yt.dtype != yp.dtype and yt.dtype.kind in "biuf" and yp.dtype.kind in "biuf":
        common = np.result_type(yt.dtype, yp.dtype)
        yt, yp = yt.astype(common), yp.astype(common)
    table = Table()
    firsts = []   # (array, indices of first occurrences, their codes)
    codes = []
    exact = True
    for y in (yt, yp):
        out = np.empty(len(y), dtype=np.int32 if len(y) < 2**31 else np.int64)
        for a in range(0, len(y), _BLOCK):
            keys, is_exact = _keys(y[a:a + _BLOCK])
            exact &= is_exact
            known = len(table)
            c = table.lookup(keys)
            out[a:a + _BLOCK] = c
            if len(table) > known:
                new = np.flatnonzero(c >= known)
                found, where = np.unique(c[new], return_index=True)
                firsts.append((y, a + new[where], found))
        codes.append(out)
    values = np.empty(len(table), dtype=yt.dtype)
    for y, index, found in firsts:
        values[found] = y[index]
    if not exact and not _verified(values, (yt, yp), codes):
        return _by_sorting(yt, yp)
    return values, codes


def _verified(values, arrays, codes) -> bool:
    """Whether every label equals the value of its code (no two labels share a hash)."""
    for y, c in zip(arrays, codes):
        for a in range(0, len(y), _BLOCK):
            if not np.array_equal(values[c[a:a + _BLOCK]], y[a:a + _BLOCK]):
                return False
    return True


def _by_sorting(yt, yp):
    values, inverse = np.unique(np.concatenate([yt, yp]), return_inverse=True)
    inverse = inverse.astype(np.int32 if len(values) < 2**31 else np.int64)
    return values, (inverse[:len(yt)], inverse[len(yt):])
