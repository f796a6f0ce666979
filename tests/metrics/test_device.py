"""Array API input: every score from labels counts on the arrays' device and gives NumPy's result bit for bit.

array-api-strict (on its CPU device and on a second device, whose arrays NumPy cannot read) and JAX on CPU
are tested always; PyTorch when installed. The weights of JAX arrays are float32 while x64 is off, so the
NumPy path is given the same float32 weights.
"""

from __future__ import annotations

import numpy as np
import pytest

import symmetric.metrics as sm
from symmetric.metrics._device import device_tally
from symmetric.metrics._tally import count
from symmetric.numeric.backends import backend_of
from tests.metrics.test_counting import identical, run
from tests.metrics.test_dask import CALLS

xs = pytest.importorskip("array_api_strict")
pytest.importorskip("array_api_compat")


def _libraries():
    out = [("strict", xs.asarray), ("strict-device1", lambda a: xs.asarray(a, device=xs.Device("device1")))]
    jnp = pytest.importorskip("jax.numpy")
    out.append(("jax", jnp.asarray))
    try:
        import torch
    except ImportError:
        return out
    return out + [("torch", torch.asarray)]


LIBRARIES = _libraries()


def _data(seed, kind, n=1500):
    rng = np.random.default_rng(seed)
    k = {"binary": 2, "multiclass": 5, "sparse labels": 4}[kind]
    names = np.array([-3, 7, 1000, 2**40]) if kind == "sparse labels" else np.arange(k)
    y_true = names[rng.integers(0, k, n)]
    y_pred = np.where(rng.random(n) < 0.6, y_true, names[rng.integers(0, k, n)])
    w = rng.uniform(0, 3, n) * (rng.random(n) < 0.9)
    return y_true, y_pred, w


@pytest.mark.parametrize("name, convert", LIBRARIES)
@pytest.mark.parametrize("kind", ["binary", pytest.param("multiclass", marks=pytest.mark.slow), "sparse labels"])
def test_every_score_is_numpy_s_bit_for_bit(name, convert, kind):
    y_true, y_pred, w = _data(["binary", "multiclass", "sparse labels"].index(kind), kind)
    if name == "jax" and kind == "sparse labels":
        y_true, y_pred = y_true % 2**31, y_pred % 2**31  # int32 without x64
    dt, dp, dw = convert(y_true), convert(y_pred), convert(w)
    w = np.asarray(sm_host(dw))  # the weights as the library holds them (float32 for JAX without x64)
    for func, options in CALLS:
        for weights, dweights in ((None, None), (w, dw)):
            expected = run(getattr(sm, func), sm_host(dt), sm_host(dp), sample_weight=weights, **options)
            got = run(getattr(sm, func), dt, dp, sample_weight=dweights, **options)
            assert got[1:] == expected[1:], (func, options)
            identical(got[0], expected[0], f"{func}{options}")


def sm_host(a):
    from symmetric.numeric.backends import to_host

    return to_host(a)


@pytest.mark.parametrize("name, convert", LIBRARIES)
def test_the_device_counts_only_the_table_comes_over(name, convert):
    y_true, y_pred, w = _data(1, "multiclass")
    for weights in (None, w, np.round(w * 4)):
        dw = None if weights is None else convert(weights)
        tally = device_tally(convert(y_true), convert(y_pred), dw, backend_of(convert(y_true)))
        assert tally is not None  # counted on the device: not handed to the host
        host = count(sm_host(convert(y_true)), sm_host(convert(y_pred)), None if dw is None else sm_host(dw),
                     integer_weights=tally.integer_weights)
        identical(tally.labels, host.labels)
        identical(tally.matrix(), host.matrix())
        identical(tally.counts()[:3], host.counts()[:3])


@pytest.mark.parametrize("name, convert", LIBRARIES)
def test_labels_the_device_does_not_count_come_to_the_host_with_its_errors(name, convert):
    # bool and integral float labels count on the device; fractional, 2-d and mismatched ones take NumPy's path
    yt, yp = np.array([True, False, True, True]), np.array([True, True, False, True])
    identical(sm.confusion_matrix(convert(yt), convert(yp)), sm.confusion_matrix(yt, yp))
    ft, fp = np.array([0.0, 2.0, 1.0, 2.0]), np.array([0.0, 1.0, 1.0, 2.0])
    assert sm.f1_score(convert(ft), convert(fp), average="macro") == sm.f1_score(ft, fp, average="macro")
    for args in ((np.array([0.5, 1.0]), np.array([1.0, 1.0])), (np.array([0, 1, 1]), np.array([0, 1])),
                 (np.array([[1, 0], [0, 1]]), np.array([[1, 1], [0, 1]]))):
        expected = run(sm.f1_score, *args, average="micro")
        got = run(sm.f1_score, *(convert(a) for a in args), average="micro")
        assert got[1:] == expected[1:]
        if expected[0] is not None:
            identical(got[0], expected[0])
    bad = run(sm.f1_score, convert(yt), convert(yp), sample_weight=convert(np.array([1.0, -1.0, 1.0, 1.0])))
    assert bad[2] == run(sm.f1_score, yt, yp, sample_weight=np.array([1.0, -1.0, 1.0, 1.0]))[2]


@pytest.mark.parametrize("name, convert", LIBRARIES)
def test_streaming_counts_take_device_arrays_and_merge(name, convert):
    y_true, y_pred, w = _data(2, "multiclass", n=900)
    w = np.asarray(sm_host(convert(w)))
    counts, other = sm.ConfusionCounts(), sm.ConfusionCounts()
    counts.update(convert(y_true[:450]), convert(y_pred[:450]), sample_weight=convert(w[:450]))
    other.update(convert(y_true[450:]), convert(y_pred[450:]), sample_weight=convert(w[450:]))  # one shape: compiled once
    total = counts + other
    identical(total.fbeta_score(beta=2.0, average="macro"),
              sm.fbeta_score(y_true, y_pred, beta=2.0, average="macro", sample_weight=w))
    identical(total.confusion_matrix(), sm.confusion_matrix(y_true, y_pred, sample_weight=w))
