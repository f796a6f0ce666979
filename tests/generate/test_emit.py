"""The one emitter (symmetric.generate.emit): in-place kernels compute what the expressions compute, bit for bit."""

import numpy
import pytest

from symmetric import P, R


@pytest.mark.parametrize("key", ["arithmetic", "harmonic", "anchor_positive", "anchor_negative", "binade",
                                 "binade_geometric"])
@pytest.mark.parametrize("scalar_constants", [True, False])
def test_in_place_kernels_compute_what_the_expressions_compute_bit_for_bit(key, scalar_constants):
    from symmetric.generate.emit import function_source
    from symmetric.generate.kernels import _CHUNK_ARRAYS, _kernel_args
    from symmetric.generate.rewrites import KERNELS
    from symmetric.numeric._runtime import SCRATCH
    from symmetric.numeric.compiled import namespace

    expr, args = KERNELS[key], _kernel_args(KERNELS[key])
    ns = namespace()
    exec(function_source("plain", args, expr), ns)  # noqa: S102 - generated from our own SymPy expressions
    exec(function_source("inplace", args, expr, form="inplace", arrays=_CHUNK_ARRAYS), ns)  # noqa: S102
    rng = numpy.random.default_rng(1)
    n = 1000
    values = []
    for a in args:
        if a in _CHUNK_ARRAYS:
            values.append(rng.uniform(0.5, 2.0, n) if a.name == "m" else 10 ** rng.uniform(-3, 0, n))
        else:
            v = rng.uniform(0.3, 0.9, n) * (-1 if a.name == "phi" and key == "anchor_negative" else 1)
            values.append(v[0] if scalar_constants else v)
    out, scratch = numpy.empty(n), numpy.full((SCRATCH, n), numpy.nan)
    got = ns["inplace"](*values, out, scratch)
    assert got is out
    assert numpy.array_equal(got.view(numpy.int64), numpy.asarray(ns["plain"](*values)).view(numpy.int64))


def test_a_reciprocal_is_computed_in_out_without_a_scratch_row():
    # the harmonic kernel (F_beta): its sum goes straight into out, one row less to stream through the cache
    from symmetric.generate.emit import function_source

    source = function_source("f", (P, R), 1 / (2 / P + 3 / R), form="inplace", arrays={P, R})
    assert source.count("scratch[") == 2 and "scratch[1]" not in source, source
    assert "numpy.true_divide(1.0, out, out=out)" in source, source


def test_generated_kernels_check_each_input_once_after_their_last_read_of_it():
    # validation fused into the kernel: P and R are checked while their chunk is still in cache
    import inspect
    import re

    from symmetric.numeric import _generated

    for key, (func, names) in _generated._KERNELS.items():
        if "check" not in names:
            continue
        lines = inspect.getsource(func).splitlines()[1:]
        for arg in ("P", "R"):
            at = [i for i, line in enumerate(lines) if line.strip() == f"check({arg})"]
            assert len(at) == 1, (key, arg)
            assert not any(re.search(rf"\b{arg}\b", line) for line in lines[at[0] + 1:] if "check(" not in line), key
    assert "check" in _generated._KERNELS["harmonic"][1]
