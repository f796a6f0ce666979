"""Run a symmetric metric and its scikit-learn counterpart and compare values, warnings and errors."""

from __future__ import annotations

import warnings

import numpy as np

__all__ = ["outcome", "assert_same", "random_case"]


def outcome(func, *args, **kwargs):
    """``(value, [(warning class name, message)], error)`` of one call."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            value, error = func(*args, **kwargs), None
        except Exception as exc:  # compared with the other library's
            value, error = None, exc
    return value, [(w.category.__name__, str(w.message)) for w in caught], error


def _same_value(a, b, path="value"):
    if isinstance(a, dict):
        assert isinstance(b, dict) and list(a) == list(b), f"{path}: keys {list(a)} != {list(b)}"
        for key in a:
            _same_value(a[key], b[key], f"{path}[{key!r}]")
    elif isinstance(a, tuple):
        assert isinstance(b, tuple) and len(a) == len(b), path
        for i, (x, y) in enumerate(zip(a, b)):
            _same_value(x, y, f"{path}[{i}]")
    elif isinstance(a, str):
        assert a == b or _same_text(a, b), f"{path}:\n{a}\n!=\n{b}"
    elif a is None:
        assert b is None, f"{path}: None != {b!r}"
    else:
        x, y = np.asarray(a, dtype=np.float64), np.asarray(b, dtype=np.float64)
        assert x.shape == y.shape, f"{path}: shape {x.shape} != {y.shape}"
        np.testing.assert_allclose(x, y, rtol=0, atol=1e-12, equal_nan=True, err_msg=path)
        assert np.ndim(a) == np.ndim(b), path


def _same_text(a: str, b: str) -> bool:
    """Equal text, up to rounding: a full-precision number (a weighted support) may differ by 1e-12, and
    a rounded one by one unit in its last digit (F computed from P and R, not from counts, can fall on
    the other side of a rounding boundary such as 0.75)."""
    lines_a, lines_b = a.splitlines(), b.splitlines()
    if len(lines_a) != len(lines_b):
        return False
    for x, y in zip(lines_a, lines_b):
        if x == y:
            continue
        tx, ty = x.split(), y.split()
        if len(tx) != len(ty):
            return False
        for u, v in zip(tx, ty):
            if u == v:
                continue
            digits = len(v.split(".")[1]) if "." in v else 0
            tolerance = 1e-12 * max(1.0, abs(float(v))) if len(v) > 12 else 1.01 * 10.0**-digits
            if abs(float(u) - float(v)) > tolerance:
                return False
    return True


def assert_same(ours, theirs, *, rename=None):
    """Our outcome equals scikit-learn's: values to 1e-12, the same warnings and the same errors."""
    value, warns, error = ours
    their_value, their_warns, their_error = theirs
    if their_error is not None or error is not None:
        assert error is not None and their_error is not None, f"ours: {error!r}, theirs: {their_error!r}"
        assert isinstance(error, ValueError) == isinstance(their_error, ValueError), (error, their_error)
        if type(their_error).__name__ == "InvalidParameterError":  # sklearn orders the allowed set at random
            assert str(error).split(" must be")[0] == str(their_error).split(" must be")[0], (error, their_error)
        else:
            assert str(error) == str(their_error)
        return
    if rename:
        warns = [(c, m.replace(*rename)) for c, m in warns]
    assert warns == their_warns, f"warnings differ:\n{warns}\n{their_warns}"
    _same_value(value, their_value)


def random_case(rng: np.random.Generator):
    """Random targets and options that exercise every branch of the scores."""
    kind = rng.choice(["binary", "binary_str", "multiclass", "multiclass_str", "multilabel"])
    n = int(rng.integers(1, 25))
    if kind == "multilabel":
        n_labels = int(rng.integers(2, 5))
        p = rng.uniform(0.05, 0.7)
        y_true = (rng.random((n, n_labels)) < p).astype(int)
        y_pred = (rng.random((n, n_labels)) < p).astype(int)
        present = list(range(n_labels))
        extra = []
    else:
        k = 2 if kind.startswith("binary") else int(rng.integers(3, 6))
        names = np.array(["ant", "bee", "cat", "dog", "eel", "fox"][:k + 1]) if kind.endswith("str") else np.arange(k + 1) - (kind == "binary" and rng.random() < 0.3)
        probs = rng.dirichlet(np.ones(k))
        y_true = names[:k][rng.choice(k, size=n, p=probs)]
        y_pred = np.where(rng.random(n) < 0.6, y_true, names[:k][rng.choice(k, size=n)])
        present = sorted(set(y_true.tolist()) | set(y_pred.tolist()))
        extra = [names[k].item()]
    average = rng.choice(np.array([None, "binary", "micro", "macro", "weighted", "samples"], dtype=object))
    zero_division = [ "warn", 0.0, 1.0, np.nan][int(rng.integers(4))]
    labels = None
    r = rng.random()
    if r < 0.2 and len(present) > 1:
        labels = list(rng.permutation(present)[: int(rng.integers(1, len(present)))])
    elif r < 0.35:
        labels = list(rng.permutation(present + extra))
    labels = None if labels is None else [x.item() if hasattr(x, "item") else x for x in labels]
    sample_weight = None
    if rng.random() < 0.4:
        sample_weight = rng.uniform(0, 3, size=n) * (rng.random(n) < 0.9)
        if not sample_weight.any():
            sample_weight[0] = 1.0
    pos_label = present[-1] if present else 1
    if kind in ("binary", "multilabel") and rng.random() < 0.7:
        pos_label = 1
    beta = [0.0, 0.5, 1.0, 2.0, np.inf][int(rng.integers(5))]
    return dict(y_true=y_true, y_pred=y_pred, average=average, zero_division=zero_division, labels=labels,
                sample_weight=sample_weight, pos_label=pos_label, beta=beta)
