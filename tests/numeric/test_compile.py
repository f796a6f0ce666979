"""symmetric.numeric.compile: CSE, masked Piecewise, exact constants, self-check."""

import numpy
import pytest
import sympy

from symmetric import InvalidParameterError, P, R, beta, f_beta, g_beta_rho, rho
from symmetric import numeric
from symmetric.numeric import UndefinedValueWarning, compile


def test_piecewise_branches_only_see_their_elements():
    expr = sympy.Piecewise((sympy.log(P - R), P > R), (1 / (R - P), P < R), (0, True))
    f = compile(expr, (P, R))
    out = f(numpy.array([0.5, 0.2, 0.3]), numpy.array([0.25, 0.4, 0.3]))  # warnings are errors in this suite
    numpy.testing.assert_allclose(out, [numpy.log(0.25), 5.0, 0.0])
    assert f(0.3, 0.3) == 0.0


def test_the_generic_family_compiles_with_its_stipulations():
    f = compile(g_beta_rho(), (P, R, beta, rho))
    assert "_x0" in f.source  # common subexpressions are named once
    numpy.testing.assert_allclose(f(0.5, 0.25, 2.0, [0.0, -1.0, -2.0]),
                                  [1.25 / 3, (0.5 * 0.25**2) ** (1 / 3), float(f_beta(beta=2).subs({P: 0.5, R: 0.25}))])


def test_floats_are_printed_exactly_and_max_min_are_elementwise():
    f = compile(sympy.Max(P, R) * sympy.Float(0.1) + sympy.Min(P, R), (P, R))
    assert f(0.2, 0.3) == 0.3 * 0.1 + 0.2
    assert f([0.1, 0.4], [0.2, 0.3]).tolist() == [0.2 * 0.1 + 0.1, 0.4 * 0.1 + 0.3]


def test_self_check_reports_the_worst_error():
    good = compile(f_beta(), (P, R, beta), check=True)
    assert good.report.worst_ulp <= 4 and good.report.points > 100
    bad = compile(sympy.log(1 + P * 1e-17) / 1e-17, (P,))  # catastrophic cancellation
    assert bad.self_check(n=50).worst_ulp > 1e6


@pytest.mark.parametrize("expr, args, name", [("P + R", (P, R), "x"), (P + R, ("P", R), "x"), (P + R, (P,), "x"),
                                               (P + R, (P, R), "not an identifier")])
def test_bad_arguments(expr, args, name):
    with pytest.raises(InvalidParameterError):
        compile(expr, args, name=name)


@pytest.mark.parametrize("key", ["arithmetic", "harmonic", "anchor_positive", "anchor_negative", "binade",
                                 "binade_geometric"])
@pytest.mark.parametrize("scalar_constants", [True, False])
def test_in_place_kernels_compute_what_the_expressions_compute_bit_for_bit(key, scalar_constants):
    from symmetric.numeric._runtime import SCRATCH
    from symmetric.numeric.codegen import _CHUNK_ARRAYS, _kernel_args
    from symmetric.numeric.compile import namespace
    from symmetric.numeric.emit import function_source
    from symmetric.numeric.rewrites import KERNELS

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
    from symmetric.numeric.emit import function_source

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


# --- an explicit zero_division policy, checked arguments, masks kept ----------------------------------

HARMONIC = 2 * P * R / (P + R)


def test_compile_zero_division_policy():
    with pytest.warns(UndefinedValueWarning, match="zero_division"):
        assert compile(HARMONIC, (P, R))(0.0, 0.0) == 0.0  # default "warn", like scikit-learn
    assert compile(HARMONIC, (P, R), zero_division=1.0)(0.0, 0.0) == 1.0
    assert numpy.isnan(compile(HARMONIC, (P, R), zero_division=numpy.nan)(0.0, 0.0))
    with pytest.raises(InvalidParameterError, match="defined .*P = 0.0, R = 0.0"):
        compile(HARMONIC, (P, R), zero_division="raise")([0.5, 0.0], 0.0)
    with pytest.raises(InvalidParameterError, match="'zero_division' parameter of compile"):
        compile(HARMONIC, (P, R), zero_division=2)


def test_compiled_functions_check_their_arguments():
    f = compile(HARMONIC, (P, R), check=True)
    with pytest.raises(InvalidParameterError, match=r"'P' parameter of compiled function compiled must be a number "
                                                    r"in \[0, 1\]. Got -1.0 instead"):
        f(-1.0, 0.5)
    with pytest.raises(ValueError, match=r"'P' parameter .* Got 'x' instead"):
        f("x", 0.5)
    with pytest.raises(InvalidParameterError, match=r"'R' parameter .* Got nan at index \(1,\)"):
        f(0.5, [0.5, numpy.nan])
    assert f(-1.0, 0.5, validate=False) == 2.0  # trusted input: no check, 2 (-1)(0.5) / (-0.5)


def test_masked_arrays_keep_their_mask():
    masked = numpy.ma.masked_array([0.5, 0.2, -3.0], mask=[False, True, True])  # the masked -3 is not checked
    for out in (compile(HARMONIC, (P, R))(masked, 0.5), numeric.f_beta(masked, 0.5, 1.0),
                numeric.g_beta_rho(0.5, masked, 2.0, -2.0), numeric.power_mean(masked, masked, 1.0, 1.0)):
        assert isinstance(out, numpy.ma.MaskedArray)
        assert out.mask.tolist() == [False, True, True] and out[0] == pytest.approx(0.5)
    assert numeric.g_beta_rho(numpy.ma.masked, 0.5, 2.0, -2.0) is numpy.ma.masked
