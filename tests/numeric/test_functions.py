"""symmetric.numeric.g_beta_rho, power_mean and f_beta: values, regimes, limits and bad input."""

import mpmath
import numpy
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from symmetric import InvalidParameterError
from symmetric.accuracy import true_value, ulp_errors
from symmetric.numeric import f_beta, g_beta_rho, power_mean
from symmetric.numeric._runtime import CHUNK

LARGEST = numpy.finfo(float).max


def exact(name, *args):
    return true_value(name, *args)


unit = st.floats(1e-6, 1.0)
positive = st.floats(1e-2, 1e2)
real = st.floats(-100.0, 100.0)


@settings(max_examples=60, deadline=None)
@given(unit, unit, positive, real)
def test_g_beta_rho_matches_the_definition(p, r, b, rho):
    assert ulp_errors(g_beta_rho(p, r, b, rho), exact("g_beta_rho", p, r, b, rho)) <= 8


@settings(max_examples=40, deadline=None)
@given(unit, unit, positive, st.floats(-1e-3, 1e-3))
def test_power_mean_near_the_geometric_mean(p, r, g, phi):
    assert ulp_errors(power_mean(p, r, g, phi), exact("power_mean", p, r, g, phi)) <= 8


@settings(max_examples=40, deadline=None)
@given(st.floats(1e-300, 1.0), st.floats(1e-300, 1.0), st.floats(1e-3, 1e3))
def test_f_beta_wide_domain(p, r, b):
    assert ulp_errors(f_beta(p, r, b), exact("f_beta", p, r, b)) <= 8


def log_uniform(lo, hi):
    return st.floats(lo, hi).map(lambda e: 10.0**e)


@settings(max_examples=60, deadline=None)
@given(log_uniform(-6, 0), log_uniform(-6, 0), positive, st.floats(-1.25, -0.75))
def test_g_beta_rho_near_rho_minus_1_with_p_and_r_far_apart(p, r, b, rho):
    # |phi| < 1/4: R times the mean of 2**k and 1 (a double-double table) times a mean of m in (1/2, 2) and 1
    assert ulp_errors(g_beta_rho(p, r, b, rho), exact("g_beta_rho", p, r, b, rho)) <= 8


@settings(max_examples=60, deadline=None)
@given(log_uniform(-300, 0), log_uniform(-300, 0), st.floats(1e-3, 1e3), st.floats(-1.25, 0.25))
def test_g_beta_rho_wide_domain_near_the_geometric_and_arithmetic_means(p, r, b, rho):
    assert ulp_errors(g_beta_rho(p, r, b, rho), exact("g_beta_rho", p, r, b, rho)) <= 64


@settings(max_examples=40, deadline=None)
@given(log_uniform(-300, 0), log_uniform(-300, 0), st.floats(1e-3, 1e3),
       st.floats(-40, -1).map(lambda e: 10.0**e) | st.floats(-40, -1).map(lambda e: -(10.0**e)))
def test_power_mean_for_tiny_phi(p, r, g, phi):
    # below PHI_TINY the geometric mean is the value to double precision; above it the table kernel
    assert ulp_errors(power_mean(p, r, g, phi), exact("power_mean", p, r, g, phi)) <= 8


@settings(max_examples=40, deadline=None)
@given(unit, unit, positive, real)
def test_a_power_mean_lies_between_p_and_r(p, r, b, rho):
    value = g_beta_rho(p, r, b, rho)
    assert min(p, r) * (1 - 1e-15) <= value <= max(p, r) * (1 + 1e-15)


def test_stipulations_hold_exactly_at_rho_0_and_minus_1():
    p, r, b = 0.3, 0.7, 2.0
    assert g_beta_rho(p, r, b, 0.0) == pytest.approx((b * p + r) / (1 + b), rel=2e-16)
    assert g_beta_rho(p, r, b, -1.0) == pytest.approx((p * r**b) ** (1 / (1 + b)), rel=4e-16)
    assert power_mean(p, r, b, 0.0) == pytest.approx((p**b * r) ** (1 / (1 + b)), rel=4e-16)


def test_near_rho_0_the_formula_is_followed_not_the_stipulation():
    p, r, b = 0.3, 0.7, 2.0
    for rho in (1e-15, -1e-15, 1e-300):
        assert g_beta_rho(p, r, b, rho) == pytest.approx((p + r) / 2, rel=1e-14)
    assert g_beta_rho(p, r, b, 0.0) != pytest.approx((p + r) / 2, rel=1e-3)


def test_near_rho_minus_1_the_value_tends_to_the_stipulation():
    p, r, b = 0.3, 0.7, 2.0
    at = g_beta_rho(p, r, b, -1.0)
    for eps in (1e-15, -1e-15, 1e-9):
        assert g_beta_rho(p, r, b, -1.0 + eps) == pytest.approx(at, rel=1e-8)


def test_the_issue_examples():
    # plain lambdify returns 0.0 here and is off by 1e15 ULP near rho = -1
    for args in ((0.6, 0.9, 0.5, -1000.0), (0.2, 0.9, 3.0, -1.0 + 1e-15), (1e-300, 1.0, 1e3, 1000.0)):
        assert ulp_errors(g_beta_rho(*args), exact("g_beta_rho", *args)) <= 8


@pytest.mark.parametrize("rho", [-1000.0, -2.0, -1.0, -1 + 1e-12, -0.5, 0.0, 1e-15, 0.5, 1000.0])
def test_limits_where_p_or_r_is_zero(rho):
    b = 2.0
    values = g_beta_rho([0.0, 0.4, 0.0], [0.4, 0.0, 0.0], b, rho)
    if rho <= -1:
        assert list(values) == [0.0, 0.0, 0.0]
    else:
        phi = 1.0 if rho == 0 else rho + 1
        w, w_c = (b / (1 + b), 1 / (1 + b)) if rho == 0 else (1 / (1 + b**-rho), 1 / (1 + b**rho))
        expected = [w_c ** (1 / phi) * 0.4, w ** (1 / phi) * 0.4, 0.0]
        numpy.testing.assert_allclose(values, expected, rtol=1e-13)


@pytest.mark.parametrize("phi", [0.25, -0.25, 0.25 * (1 - 2**-52), -0.25 * (1 - 2**-52), 1e-30, -1e-30, 0.999999, 1.000001])
def test_regime_boundaries(phi):
    rng = numpy.random.default_rng(4)
    p, r, g = 10 ** rng.uniform(-6, 0, 30), 10 ** rng.uniform(-6, 0, 30), 10 ** rng.uniform(-2, 2, 30)
    got = power_mean(p, r, g, phi)
    assert max(ulp_errors(got[i], exact("power_mean", p[i], r[i], g[i], phi)) for i in range(30)) <= 8


def test_extreme_inputs_stay_accurate_and_quiet():
    # subnormal values and P/R up to 2**±1000, beyond the accuracy domains: still accurate, no warning
    p = numpy.array([1e-310, 1e-300, 1.0, 1e-150, 3e-308])
    r = numpy.array([1e-100, 1.0, 1e-300, 1e150, 1.0])
    for rho in (-1000.0, -2.0, -1.1, -1.0, -0.9, 0.0, 1e-300, 0.5, 1000.0):
        values = g_beta_rho(p, r, 2.0, rho)
        for i in range(len(p)):
            true = exact("g_beta_rho", p[i], r[i], 2.0, rho)
            if true > 1e-300:
                assert ulp_errors(values[i], true) <= 64, (p[i], r[i], rho)
            else:
                assert 0 <= values[i] <= 2e-300


def test_f_beta_is_zero_at_the_origin_and_agrees_with_g():
    assert f_beta(0.0, 0.0, 2.0) == 0.0
    p, r = numpy.linspace(0.01, 1, 50), numpy.linspace(1, 0.02, 50)
    assert numpy.all(ulp_errors(g_beta_rho(p, r, 2.0, -2.0), f_beta(p, r, 2.0)) <= 1)


def test_array_parameters_give_the_scalar_results_bit_for_bit():
    rng = numpy.random.default_rng(3)
    p, r = 10 ** rng.uniform(-8, 0, 40), rng.uniform(0, 1, 40)
    p[:2] = 0.0
    rhos = numpy.array([-1000, -2, -1.1, -1, -1 + 1e-9, -0.9, -0.5, 0, 1e-12, 0.5, 3.0])
    betas = numpy.array([0.5, 2.0])
    grid = g_beta_rho(p[:, None, None], r[:, None, None], betas[None, :, None], rhos[None, None, :])
    assert grid.shape == (40, 2, 11)
    for j, b in enumerate(betas):
        for k, rho in enumerate(rhos):
            assert numpy.array_equal(grid[:, j, k], g_beta_rho(p, r, b, rho))


def test_types_and_shapes():
    assert isinstance(f_beta(1, 1, 1), float)
    assert isinstance(g_beta_rho(numpy.array(0.5), 0.5, 1, 2), float)
    assert f_beta([[0.5], [1.0]], [0.5, 1.0], 1).shape == (2, 2)
    assert f_beta(numpy.float32(0.5), 0.5, 1) == 0.5
    big = numpy.full(40000, 0.5)
    assert numpy.array_equal(f_beta(big, big[::-1], 2.0, validate=False), numpy.full(40000, 0.5))
    assert f_beta(numpy.empty((0, 3)), 0.5, 1.0).shape == (0, 3)


@pytest.mark.parametrize("call, fragment", [
    (lambda: f_beta(-0.1, 0.5, 1), "'P' parameter of f_beta must be a finite number >= 0. Got -0.1"),
    (lambda: f_beta([0.5, numpy.nan], 0.5, 1), "Got nan at index (1,)"),
    (lambda: f_beta(0.5, [[0.5, numpy.inf]], 1), "'R' parameter of f_beta must be a finite number >= 0. Got inf at index (0, 1)"),
    (lambda: f_beta(0.5, 0.5, 0.0), "'beta' parameter of f_beta must be a finite number > 0"),
    (lambda: power_mean(0.5, 0.5, -1.0, 1.0), "'gamma' parameter"),
    (lambda: g_beta_rho(0.5, 0.5, 1.0, numpy.nan), "'rho' parameter of g_beta_rho must be a finite real number"),
    (lambda: power_mean(0.5, 0.5, 1.0, numpy.inf), "'phi' parameter"),
    (lambda: f_beta([0.5, 0.5], [0.5, 0.5, 0.5], 1.0), "must be arrays whose shapes broadcast together. Got 'P: (2,), R: (3,)"),
    (lambda: f_beta("0.5", 0.5, 1.0), "'P' parameter of f_beta must be a real number"),
    (lambda: f_beta(0.5, 0.5 + 1j, 1.0), "'R' parameter"),
    (lambda: f_beta([True], 0.5, 1.0), "'P' parameter"),
])
def test_bad_input_names_the_argument_value_and_range(call, fragment):
    with pytest.raises(InvalidParameterError) as info:
        call()
    assert fragment in str(info.value)
    assert isinstance(info.value, ValueError)


# Validation is fused with the evaluation (checked chunk by chunk, symmetric.numeric._runtime.CHUNK elements):
# a bad value anywhere, in any chunk, still gives the error of a check of each whole argument in order.
_C = CHUNK
_N = 3 * _C + 5


@pytest.mark.parametrize("where", [0, _C - 1, _C, 2 * _C + 7, _N - 1])
@pytest.mark.parametrize("bad", [-1e-300, numpy.nan, numpy.inf, -numpy.inf])
def test_a_bad_value_in_any_chunk_is_found_with_its_index(where, bad):
    p = numpy.full(_N, 0.5)
    p[where] = bad
    for call, name in ((lambda: f_beta(p, 0.25, 2.0), "P"), (lambda: g_beta_rho(0.25, p, 2.0, 3.0), "R")):
        with pytest.raises(InvalidParameterError) as info:
            call()
        assert f"'{name}' parameter" in str(info.value) and f"Got {bad!r} at index ({where},)" in str(info.value)


def test_the_first_bad_argument_is_reported_whatever_chunk_holds_it():
    p, r = numpy.full(_N, 0.5), numpy.full(_N, 0.5)
    p[-1], r[0] = numpy.nan, -1.0  # R's bad value is met first, but P comes first among the arguments
    with pytest.raises(InvalidParameterError, match="'P' parameter of f_beta .* nan at index"):
        f_beta(p, r, 2.0)
    with pytest.raises(InvalidParameterError, match="'P' parameter"):
        f_beta(p, r, -1.0)  # a bad parameter too: the arguments are still reported in order
    with pytest.raises(InvalidParameterError, match="'P' parameter"):
        f_beta(p, r[:3], 2.0)  # a bad value before a bad shape
    with pytest.raises(InvalidParameterError, match="'R' parameter"):
        f_beta(numpy.empty((0, 1)), -numpy.ones((1, 4)), 2.0)  # an empty result, still bad input


def test_negative_zero_is_a_valid_zero_and_unchecked_input_is_not_refused():
    p = numpy.full(_N, 0.5)
    p[[3, 20000]] = -0.0
    zero = p.copy()
    zero[[3, 20000]] = 0.0
    for rho in (-2.0, -0.9, 0.0, 2.0):
        assert numpy.array_equal(g_beta_rho(p, 0.25, 2.0, rho), g_beta_rho(zero, 0.25, 2.0, rho))
    assert numpy.array_equal(f_beta(0.25, p, 2.0), f_beta(0.25, zero, 2.0))
    p[7] = numpy.nan
    got = f_beta(p, 0.25, 2.0, validate=False)  # trusted input is not checked (and NaN stays NaN)
    assert numpy.isnan(got[7]) and got[3] == 0.0 and got[8] == f_beta(0.5, 0.25, 2.0)


def test_f_beta_is_plus_zero_where_p_or_r_is_zero_without_the_boundary_kernel():
    # F_beta's chunks skip the search for zeros: its kernel gives the limit, +0.0, by itself
    p, r = numpy.full(_N, 0.5), numpy.full(_N, 0.25)
    p[[0, 17, 40000]], r[[17, 20000, 40001]] = 0.0, 0.0
    for got in (f_beta(p, r, 2.0), f_beta(p, r, 2.0, validate=False), g_beta_rho(p, r, 2.0, -2.0)):
        zero = (p == 0) | (r == 0)
        assert (got[zero].view(numpy.int64) == 0).all() and (got[~zero] == f_beta(0.5, 0.25, 2.0)).all()


@pytest.mark.parametrize("rho", [-2.0, -0.9, 2.0])
def test_a_call_allocates_only_its_output_the_scratch_is_reused(rho):
    # fresh scratch buffers of a megabyte or more come from mmap and cost their page faults at every call
    import tracemalloc

    p, r = numpy.full(2 * CHUNK + 3, 0.5), numpy.full(2 * CHUNK + 3, 0.25)
    g_beta_rho(p, r, 2.0, rho)  # the parameter stage and the scratch buffers now exist
    tracemalloc.start()
    try:
        g_beta_rho(p, r, 2.0, rho)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert p.nbytes <= peak < p.nbytes + 64 * 1024


def test_concurrent_calls_each_get_scratch_of_their_own():
    from concurrent.futures import ThreadPoolExecutor

    rng = numpy.random.default_rng(5)
    cases = [(rng.random(2 * CHUNK + 11), rng.random(2 * CHUNK + 11), rho) for rho in (-2.0, -0.9, 2.0, 0.5)] * 2
    expected = [g_beta_rho(p, r, 2.0, rho) for p, r, rho in cases]
    with ThreadPoolExecutor(4) as pool:
        got = list(pool.map(lambda case: g_beta_rho(case[0], case[1], 2.0, case[2]), cases))
    assert all(numpy.array_equal(a, b) for a, b in zip(got, expected))


def test_values_above_1_are_in_the_documented_domain_and_negative_ones_are_refused():
    """The functions are defined for all nonnegative P and R (their docstrings say so); a mean scales with them."""
    import numpy as np

    from symmetric import InvalidParameterError
    from symmetric.numeric import f_beta, g_beta_rho, power_mean

    assert all("Values above 1 are accepted" in f.__doc__ for f in (f_beta, g_beta_rho, power_mean))
    for rho in (-2.0, -1.0, 0.0, 0.5):
        assert np.isclose(g_beta_rho(2.0, 0.5, 1.5, rho), 4 * g_beta_rho(0.5, 0.125, 1.5, rho), rtol=1e-15)
    assert float(g_beta_rho(2.0, 0.5, 1.0, -2.0)) == float(f_beta(2.0, 0.5, 1.0)) == 0.8
    with pytest.raises(InvalidParameterError, match="'P'"):
        g_beta_rho(-0.5, 0.5, 1.0, -2.0)


# --- the limits of the family at huge rho and phi, never nan ---------------------------------------

def _limits(P_, R_, beta):
    """G's limits as rho -> +oo and -oo, computed here from the formula with mpmath (not from the code)."""
    def G(rho):
        P1, R1, b, r = (mpmath.mpf(x) for x in (P_, R_, beta, rho))
        return float(((b**r * P1 ** (r + 1) + R1 ** (r + 1)) / (1 + b**r)) ** (1 / (r + 1)))

    with mpmath.workdps(60):
        return G(10**40), G(-(10**40))


@pytest.mark.parametrize("beta", [2.0, 0.5, 1.0, 10.0, 1e300, 1e-300])
@pytest.mark.parametrize("P_, R_", [(0.5, 0.25), (0.3, 0.9), (0.9, 0.1)])
def test_huge_rho_gives_the_limits_never_nan(beta, P_, R_):
    """Issue 12: nan for rho above about 1.34e300; now the limits, up to the largest double."""
    up, down = _limits(P_, R_, beta)
    rhos = numpy.array([1e20, 1.34e300, 1e305, 1e308, LARGEST])
    got_up = g_beta_rho(P_, R_, beta, rhos)
    got_down = g_beta_rho(P_, R_, beta, -rhos)
    assert numpy.allclose(got_up, up, rtol=1e-15) and numpy.allclose(got_down, down, rtol=1e-15)
    # and they are the limits the issue names: Max(P, R/beta), Min(beta P, R) for beta >= 1; the mirror below 1
    if beta >= 1:
        assert up == pytest.approx(max(P_, R_ / beta), rel=1e-12) and down == pytest.approx(min(beta * P_, R_), rel=1e-12)
    else:
        assert up == pytest.approx(max(beta * P_, R_), rel=1e-12) and down == pytest.approx(min(P_, R_ / beta), rel=1e-12)


def test_the_issue_example_rho_sweep():
    rho = numpy.append(numpy.geomspace(1e299, 1e308, 50), LARGEST)
    out = g_beta_rho(0.5, 0.25, 2.0, rho)
    assert numpy.all(out == 0.5)  # Max(0.5, 0.25/2)
    assert numpy.all(g_beta_rho(0.5, 0.25, 2.0, -rho) == 0.25)  # Min(2 * 0.5, 0.25)


def test_huge_phi_gives_max_and_min():
    assert float(power_mean(0.5, 0.25, 2.0, LARGEST)) == 0.5
    assert float(power_mean(0.5, 0.25, 2.0, -LARGEST)) == 0.25
    assert float(power_mean(0.5, 0.25, 1e300, 1e308)) == 0.5


def test_the_package_runtime_and_first_use_need_numpy_alone():
    """A subprocess smoke test: the package's functions import and run with sympy and mpmath blocked, and load
    nothing of the generation stage (symmetric.generate)."""
    import subprocess
    import sys

    code = ("import sys\nfor blocked in ('sympy', 'mpmath'):\n    sys.modules[blocked] = None\n"
            "from symmetric.numeric import f_beta, g_beta_rho\nf_beta(0.5, 0.25, 2.0); g_beta_rho([0.5, 0.1], 0.25, 2.0, -0.9)\n"
            "print(*sorted(m for m, v in sys.modules.items() if v is not None))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    loaded = set(done.stdout.split())
    assert "symmetric.numeric._generated" in loaded and "numpy" in loaded
    assert {m for m in loaded if m.startswith("symmetric")} == {
        "symmetric", "symmetric._validation", "symmetric._constraints", "symmetric.numeric", "symmetric.numeric._dd",
        "symmetric.numeric._runtime", "symmetric.numeric._portable", "symmetric.numeric._autodiff",
        "symmetric.numeric._generated", "symmetric.numeric.backends", "symmetric.numeric.traced",
        "symmetric.numeric._torch_ops", "symmetric.numeric.functions", "symmetric.numeric._names",
        "symmetric.numeric.arguments"}
