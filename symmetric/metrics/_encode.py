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
_MULTIPLIERS = [
    np.uint64(m)
    for m in (0x9E3779B97F4A7C15, 0xC2B2AE3D27D4EB4F, 0x165667B19E3779F9, 0xD6E8FEB86659FD93, 0xFF51AFD7ED558CCD)
]
#: Keys handled per step (the temporaries stay in cache).
_BLOCK = 1 << 16


class Table:
    """The distinct 64-bit keys seen so far (codes: their order of discovery), with a hash index.

    A key is found at the first level of the index whose slot holds it;
    keys that collide at every level are found by a sorted search.
    """

    def __init__(self) -> None:
        self.keys = np.empty(0, dtype=np.uint64)
        self._levels: list[tuple] = []
        self._sorted: np.ndarray | None = None
        self._order: np.ndarray | None = None
        self._work: tuple | None = None

    def __len__(self) -> int:
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

    def _buffers(self, n: int):
        """Work arrays reused from call to call (fresh ones would cost page faults every time)."""
        if self._work is None or len(self._work[0]) < n:
            self._work = (np.empty(n, np.uint64), np.empty(n, np.intp), np.empty(n, np.uint64), np.empty(n, bool))
        return (w[:n] for w in self._work)

    def _find(self, x: np.ndarray) -> np.ndarray:
        """Codes of the keys ``x`` (-1 where absent); the result is a work array, valid until the next call."""
        h, codes, found, hit = self._buffers(len(x))
        if not len(self.keys):
            codes[:] = -1
            return codes
        mult, shift, table = self._levels[0]
        np.multiply(x, mult, out=h)
        np.right_shift(h, shift, out=h)
        np.take(table, h.view(np.int64), out=codes, mode="clip")
        np.take(self.keys, codes, out=found, mode="clip")
        np.equal(found, x, out=hit)
        if hit.all():
            return codes
        pending = np.flatnonzero(~hit)
        codes[pending] = -1
        for mult, shift, table in self._levels[1:]:
            xs = x[pending]
            c = table[((xs * mult) >> shift).astype(np.intp)]
            ok = self.keys[c] == xs
            codes[pending[ok]] = c[ok]
            pending = pending[~ok]
            if not len(pending):
                return codes
        xs = x[pending]
        ordered, order = self._sorted, self._order
        assert ordered is not None and order is not None  # set by _rebuild, with the keys
        i = np.minimum(np.searchsorted(ordered, xs), len(ordered) - 1)
        ok = ordered[i] == xs
        codes[pending[ok]] = order[i[ok]]
        return codes

    def lookup(self, x: np.ndarray) -> np.ndarray:
        """Codes of the keys ``x``, adding the keys not seen before."""
        if not len(self.keys) and len(x):
            self.add(np.unique(x[:: max(1, len(x) >> 12)]))
        codes = self._find(x)
        if codes.min() >= 0:
            return codes
        codes = codes.copy()
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


def _chars(y: np.ndarray) -> np.ndarray:
    """The code points of a 'U' array, one row per string (trailing zeros pad short strings)."""
    return np.ascontiguousarray(y).view(np.uint32).reshape(len(y), y.dtype.itemsize // 4)


class _Misjudged(Exception):
    """An object array holds longer strings (or higher code points) than its first block suggested."""


def _blocks(y: np.ndarray, width: int | None = None, top: int | None = None):
    """``(start, block)`` of ``y``; object arrays (of strings) become 'U' blocks.

    With ``width``, object blocks are converted at that width (fast) and
    :class:`_Misjudged` is raised when a string is longer or, with ``top``,
    has a code point above ``top``.
    """
    for a in range(0, len(y), _BLOCK):
        block = y[a : a + _BLOCK]
        if y.dtype == object:
            if width is None:
                block = block.astype(str)
            else:
                block = block.astype(f"<U{width + 1}")
                chars = _chars(block)
                if chars[:, width].any() or (top is not None and chars.max(initial=0) > top):
                    raise _Misjudged
                block = block.astype(f"<U{max(width, 1)}")
        yield a, block


def _guarded(blocks):
    """The blocks, then ``(None, None)`` if the width guessed for an object array proves wrong."""
    try:
        yield from blocks
    except _Misjudged:
        yield None, None


def _string_stats(y: np.ndarray, first_block_only: bool = False):
    """The largest width and code point of an array of strings ('U' or object), block by block."""
    if y.dtype.kind == "U":
        return y.dtype.itemsize // 4, int(_chars(y).max(initial=0)) if y.size and y.dtype.itemsize else 0
    width = top = 0
    for _, block in _blocks(y[:_BLOCK] if first_block_only else y):
        width = max(width, block.dtype.itemsize // 4)
        top = max(top, int(_chars(block).max(initial=0)) if block.size and block.dtype.itemsize else 0)
    return width, top


def _string_scheme(width: int, top: int) -> str:
    """How strings become keys: "bytes" (<= 8 chars below 256), "packed" (fit 64 bits) or "hash"."""
    if top < 256 and width <= 8:
        return "bytes"
    return "packed" if width * max(top, 1).bit_length() <= 64 else "hash"


def _string_keys(y: np.ndarray, scheme: str, bits: int, buffer=None):
    """64-bit keys of a 'U' array (the same for a string in arrays of any width), and whether exact."""
    width = y.dtype.itemsize // 4
    if width == 0:
        return np.zeros(len(y), dtype=np.uint64), True
    if scheme == "bytes":  # the low byte of each code point, side by side: the key is the string
        key = buffer[: len(y)]  # columns width .. 7 stay 0
        low = np.ascontiguousarray(y).view(np.uint8).reshape(len(y), width, 4)
        for j in range(width):
            key[:, j] = low[:, j, 0]
        return key.view(np.uint64).reshape(len(y)), True
    chars = _chars(y)
    if scheme == "packed":
        key = chars[:, 0].astype(np.uint64)
        for j in range(1, width):
            key |= chars[:, j].astype(np.uint64) << np.uint64(bits * j)
        return key, True
    key = np.zeros(len(y), dtype=np.uint64)
    for j in range(width):  # zeros (the padding) leave the key as it is
        c = chars[:, j].astype(np.uint64)
        mixed = (key ^ c) * _GOLDEN
        mixed ^= mixed >> np.uint64(29)
        key = np.where(c != 0, mixed, key)
    return key, False


def _keys(y: np.ndarray, scheme=None, bits=0, buffer=None):
    if y.dtype.kind == "U":
        return _string_keys(y, scheme, bits, buffer)
    if y.dtype.kind == "f":  # integral and finite here; + 0.0 makes -0.0 equal 0.0
        return (y + 0.0).astype(np.float64).view(np.uint64), True
    if y.dtype.kind == "u" and y.dtype.itemsize == 8:
        return y, True
    return y.astype(np.int64, copy=False).view(np.uint64), True


def encode(yt: np.ndarray, yp: np.ndarray, *, _guess: bool = True):
    """``(values, (true_codes, pred_codes))``: the distinct labels of both arrays and each label's index.

    The values come in their order of discovery, not sorted (sort the few
    values, not the codes). Codes are int32 when there are fewer than 2**31
    labels. Arrays of one kind (numbers or strings) are expected, as
    :func:`check_targets` ensures. Object arrays (of strings) are converted
    block by block, never whole, at the width their first block suggests
    (a second pass finds the true width when a later block proves it wrong).
    """
    yt, yp = (y.view(np.uint8) if y.dtype.kind == "b" else y for y in (yt, yp))
    scheme: str | None = None
    width: int | None = None
    bits = 0  # the key width of strings: read only when they are
    strings = yt.dtype.kind in "UO" and yp.dtype.kind in "UO"
    guessed = strings and _guess and (yt.dtype == object or yp.dtype == object)
    if strings:
        stats = [_string_stats(y, first_block_only=guessed) for y in (yt, yp)]
        width, top = max(s[0] for s in stats), max(s[1] for s in stats)
        scheme, bits = _string_scheme(width, top), max(top, 1).bit_length()
        if guessed and scheme == "hash":
            return encode(yt, yp, _guess=False)
        if scheme == "hash":  # verified against values of one width
            yt, yp = (
                y.astype(f"<U{width}") if y.dtype.kind == "U" and y.dtype.itemsize != 4 * width else y for y in (yt, yp)
            )
    elif yt.dtype != yp.dtype:
        common = np.result_type(yt.dtype, yp.dtype)
        yt, yp = yt.astype(common), yp.astype(common)
    table = Table()
    firsts = []  # (array, indices of first occurrences, their codes)
    codes = []
    exact = True
    buffer = np.zeros((min(_BLOCK, max(len(yt), len(yp))), 8), dtype=np.uint8) if scheme == "bytes" else None
    for y in (yt, yp):
        out = np.empty(len(y), dtype=np.int32 if len(y) < 2**31 else np.int64)
        if buffer is not None:
            buffer[:] = 0
        blocks = _blocks(
            y,
            width if strings and (scheme == "hash" or guessed) else None,
            (255 if scheme == "bytes" else (1 << bits) - 1) if guessed else None,
        )
        for a, block in _guarded(blocks):
            if block is None:  # a later block of an object array is wider than the first: start again
                return encode(yt, yp, _guess=False)
            keys, is_exact = _keys(block, scheme, bits, buffer)
            exact &= is_exact
            known = len(table)
            c = table.lookup(keys)
            out[a : a + _BLOCK] = c
            if len(table) > known:
                new = np.flatnonzero(c >= known)
                found, where = np.unique(c[new], return_index=True)
                firsts.append((y, a + new[where], found))
        codes.append(out)
    values = np.empty(len(table), dtype=f"<U{width}" if strings else yt.dtype)
    for y, index, found in firsts:
        values[found] = y[index]
    if not exact and not _verified(values, (yt, yp), codes, width):
        return _by_sorting(yt, yp)
    return values, codes


def _verified(values, arrays, codes, width) -> bool:
    """Whether every label equals the value of its code (no two labels share a hash)."""
    expected = _chars(values)
    for y, c in zip(arrays, codes):
        for a, block in _blocks(y, width):
            if not np.array_equal(np.take(expected, c[a : a + _BLOCK], axis=0), _chars(block)):
                return False
    return True


def _by_sorting(yt, yp):
    if yt.dtype.kind in "UO":
        yt, yp = yt.astype(str), yp.astype(str)
    values, inverse = np.unique(np.concatenate([yt, yp]), return_inverse=True)
    inverse = inverse.astype(np.int32 if len(values) < 2**31 else np.int64)
    return values, (inverse[: len(yt)], inverse[len(yt) :])
