"""symmetric.numeric on arrays of other libraries: array-api-strict, JAX and (when installed) PyTorch.

The portable kernels run on the arrays' namespace and return its type, on its
device, in its floating dtype; they agree with the NumPy path to a few ULP.
PyTorch's tests skip without it (``pip install torch``, CPU wheel; see docs/losses.md).
"""

import numpy
import pytest

from symmetric import InvalidParameterError
from symmetric.accuracy import true_value, ulp_errors
from symmetric.numeric import f_beta, g_beta_rho, power_mean

xs = pytest.importorskip("array_api_strict")
pytest.importorskip("array_api_compat")

RNG = numpy.random.default_rng(7)
P_ = numpy.concatenate([[0.0, 1.0, 0.5, 1e-300], RNG.random(60)])
R_ = numpy.concatenate([[0.5, 0.0, 0.5, 1e-300], RNG.random(60)])
RHOS = [-2.0, -1.0, 0.0, -1.0 + 1e-9, -0.9, 0.1, 2.0, -60.0, 1e-12]


def _host(x):
    from symmetric.numeric._portable import to_numpy

    return numpy.asarray(to_numpy(x))


@pytest.mark.parametrize("rho", RHOS)
def test_strict_arrays_give_strict_arrays_within_a_few_ulp(rho):
    got = g_beta_rho(xs.asarray(P_), xs.asarray(R_), 2.0, rho)
    assert type(got) is type(xs.asarray(1.0)) and got.dtype == xs.float64 and got.shape == P_.shape
    assert numpy.max(ulp_errors(_host(got), g_beta_rho(P_, R_, 2.0, rho))) <= 4


def test_strict_float32_stays_float32_and_accurate():
    p, r = P_[4:].astype(numpy.float32), R_[4:].astype(numpy.float32)
    got = _host(power_mean(xs.asarray(p), xs.asarray(r), 3.0, 0.1))
    assert got.dtype == numpy.float32
    true = numpy.array([true_value("power_mean", float(a), float(b), 3.0, 0.1) for a, b in zip(p, r)])
    assert numpy.max(numpy.abs(got - true) / numpy.spacing(true.astype(numpy.float32))) <= 4


def test_array_parameters_and_the_boundary_on_strict():
    rho = numpy.array([-2.0, -1.0, 0.0, 0.05, 5.0])
    got = _host(g_beta_rho(xs.asarray(numpy.array([0.0, 0.5, 0.3, 0.2, 0.0])), xs.asarray(0.4), 1.5, rho))
    want = g_beta_rho(numpy.array([0.0, 0.5, 0.3, 0.2, 0.0]), 0.4, 1.5, rho)
    assert numpy.max(ulp_errors(got, want)) <= 4 and got[0] == 0.0 and got[4] > 0


def test_bad_input_names_the_argument_on_strict():
    with pytest.raises(InvalidParameterError, match="P"):
        f_beta(xs.asarray([0.5, -1.0]), xs.asarray([0.5, 0.5]), 1.0)
    with pytest.raises(InvalidParameterError, match="beta"):
        f_beta(xs.asarray([0.5]), xs.asarray([0.5]), -1.0)


def test_numpy_float32_in_float32_out():
    assert f_beta(numpy.float32(0.5), numpy.float32(0.25), 1.0).dtype == numpy.float32
    assert g_beta_rho(numpy.ones(3, dtype=numpy.float32), 0.5, 1.0, -2.0).dtype == numpy.float32
    assert g_beta_rho(numpy.ones(3, dtype=numpy.float32), numpy.ones(3), 1.0, -2.0).dtype == numpy.float64
    assert f_beta(0.5, 0.25, 1.0).dtype == numpy.float64


@pytest.mark.slow
def test_jax_arrays_give_jax_arrays():
    jnp = pytest.importorskip("jax.numpy")
    got = g_beta_rho(jnp.asarray(P_.astype(numpy.float32)), jnp.asarray(R_.astype(numpy.float32)), 2.0, -3.0)
    assert "jax" in type(got).__module__ and got.dtype == jnp.float32
    want = g_beta_rho(P_.astype(numpy.float32), R_.astype(numpy.float32), 2.0, -3.0)
    assert numpy.max(ulp_errors(_host(got).astype(float), want.astype(float)) * 2.0**-29) <= 4


def test_torch_tensors_give_tensors_on_their_device():
    torch = pytest.importorskip("torch")
    p, r = torch.asarray(P_), torch.asarray(R_)
    for rho in RHOS:
        got = g_beta_rho(p, r, torch.tensor(2.0), rho)
        assert isinstance(got, torch.Tensor) and got.dtype == torch.float64 and got.device == p.device
        assert numpy.max(ulp_errors(got.numpy(), g_beta_rho(P_, R_, 2.0, rho))) <= 4
    assert f_beta(p.float(), r.float(), 1.0).dtype == torch.float32


def test_compiled_functions_return_the_arrays_library():
    import sympy

    from symmetric import P, R
    from symmetric.numeric import compile as compile_

    f = compile_(2 * P * R / (P + R), (P, R))
    got = f(xs.asarray([0.5, 1.0]), xs.asarray([0.25, 1.0]))
    assert type(got) is type(xs.asarray(1.0)) and numpy.allclose(_host(got), [1 / 3, 1.0])
    assert sympy.Symbol("x") not in f.args


def _load(tmp_path, name, source):
    import importlib.util

    path = tmp_path / f"{name}.py"
    path.write_text(source, encoding="utf-8")
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_codegen_backends_write_modules_that_compute_on_their_arrays(tmp_path):
    from symmetric.generate.kernels import module_source

    portable = _load(tmp_path, "fb_portable", module_source("f_beta", backend="array-api"))
    got = portable.f_beta(numpy.array([0.5, 0.0]), numpy.array([0.25, 0.5]), 2.0)
    assert isinstance(got, numpy.ndarray) and numpy.max(ulp_errors(got, f_beta([0.5, 0.0], [0.25, 0.5], 2.0))) <= 4
    assert type(portable.f_beta(xs.asarray([0.5]), xs.asarray([0.25]), 2.0)) is type(xs.asarray(1.0))
    jnp = pytest.importorskip("jax.numpy")
    on_jax = _load(tmp_path, "g_jax", module_source("g_beta_rho", fixed={"beta": 2.0}, backend="jax"))
    assert "jax" in type(on_jax.g_beta_rho(numpy.array([0.5, 0.2]), 0.25, -2.0)).__module__
    with pytest.raises(InvalidParameterError, match="backend"):
        module_source("f_beta", backend="cupy")
    del jnp


def test_torch_cpu_tensors_take_the_numpy_kernels_bit_for_bit():
    torch = pytest.importorskip("torch")
    p2, r2 = P_.reshape(8, 8), R_.reshape(8, 8)
    for rho in RHOS:
        got = g_beta_rho(torch.asarray(p2).T, torch.asarray(r2).T, 2.0, rho)  # strided views, no copy
        assert got.dtype == torch.float64 and numpy.array_equal(got.numpy(), g_beta_rho(p2.T, r2.T, 2.0, rho))
    single = f_beta(torch.asarray(P_, dtype=torch.float32), 0.5, 2.0)
    assert single.dtype == torch.float32 and numpy.array_equal(single.numpy(), f_beta(P_.astype(numpy.float32), 0.5, 2.0))
    scalar = f_beta(torch.tensor(0.5), torch.tensor(0.25, dtype=torch.float64), 1.0)
    assert scalar.shape == () and scalar.dtype == torch.float64 and float(scalar) == f_beta(0.5, 0.25, 1.0)
    with pytest.raises(InvalidParameterError, match="R"):
        f_beta(torch.asarray([0.5]), torch.asarray([float("nan")]), 1.0)


@pytest.mark.parametrize("dtype", ["float64", "float32"])
def test_portable_kernels_on_torch_within_a_few_ulp(tmp_path, dtype):
    torch = pytest.importorskip("torch")
    from symmetric.generate.kernels import module_source

    portable = _load(tmp_path, f"g_portable_{dtype}", module_source("g_beta_rho", backend="array-api"))
    p, r = (a.astype(dtype) for a in (P_, R_))
    for rho in RHOS:
        got = portable.g_beta_rho(torch.asarray(p), torch.asarray(r), 2.0, rho)
        assert isinstance(got, torch.Tensor) and str(got.dtype) == f"torch.{dtype}"
        want = g_beta_rho(p.astype(float), r.astype(float), 2.0, rho).astype(dtype)
        err = numpy.abs(got.numpy().astype(float) - want) / numpy.spacing(numpy.abs(want).astype(dtype))
        assert numpy.max(err) <= 4, rho
    rho = torch.asarray([-2.0, -1.0, 0.0, 0.05, 5.0, -0.9])  # array parameters: one kernel per regime
    p6, r6 = numpy.array([0.0, 0.5, 0.3, 0.2, 0.0, 0.7]), numpy.array([0.4, 0.4, 0.4, 0.4, 0.4, 1e-300])
    got = portable.g_beta_rho(torch.asarray(p6), torch.asarray(r6), 1.5, rho)
    assert numpy.max(ulp_errors(got.numpy(), g_beta_rho(p6, r6, 1.5, rho.numpy()))) <= 4
