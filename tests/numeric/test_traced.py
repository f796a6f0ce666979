"""symmetric.numeric inside compiled code: jax.jit, jax.vmap, jax.grad / jacfwd of jitted code, torch.compile.

Every generated function and ``compile``'d function gives under tracing the values and gradients it gives
eagerly; the policy for traced values (symmetric/numeric/traced.py, docs/losses.md) holds: concrete input is
checked as always, a traced element outside the domain gives NaN (value and gradient), ``validate="strict"``
adds checkify checks, and nothing asks for float64 while JAX's x64 is off (pytest turns that warning into an
error). PyTorch's tests skip without it (``pip install torch``; see docs/losses.md).
"""

import numpy
import pytest

from symmetric import InvalidParameterError, P, R
from symmetric.numeric import compile as compile_
from symmetric.numeric import f_beta, g_beta_rho, power_mean

jax = pytest.importorskip("jax")
jnp = pytest.importorskip("jax.numpy")
pytest.importorskip("array_api_compat")

RNG = numpy.random.default_rng(11)
P_ = numpy.concatenate([[0.0, 1.0, 0.5, 1e-30, 0.3], RNG.random(27)]).astype(numpy.float32)
R_ = numpy.concatenate([[0.5, 0.0, 0.5, 1e-30, 0.3], RNG.random(27)]).astype(numpy.float32)
#: (function, parameters): every regime of the kernels (harmonic, anchors, binade, geometric, arithmetic, the
#: stipulated values) and an array parameter
CASES = [
    (f_beta, (2.0,)),
    (g_beta_rho, (2.0, -2.0)),
    (g_beta_rho, (0.5, -1.0)),
    (g_beta_rho, (2.0, -0.9)),
    (g_beta_rho, (2.0, 0.0)),
    (g_beta_rho, (3.0, 2.0)),
    (g_beta_rho, (0.7, -60.0)),
    (power_mean, (0.5, 1e-35)),
    (power_mean, (2.0, numpy.array([1.0, -1.0, 0.1, 3.0] * 8))),
]
#: The cases the fast tier traces (a scalar parameter and an array parameter, about 1 s each); the full run traces
#: every regime (the binade and anchor kernels among them).
FAST_CASES = (0, 8)
TIERED_CASES = [pytest.param(*case, marks=() if i in FAST_CASES else pytest.mark.slow) for i, case in enumerate(CASES)]


def _ulps(got, want):
    got, want = numpy.asarray(got, dtype=numpy.float64), numpy.asarray(want, dtype=numpy.float64)
    scale = numpy.spacing(numpy.abs(want).astype(numpy.float32)).astype(numpy.float64)
    return numpy.where(got == want, 0.0, numpy.abs(got - want) / numpy.maximum(scale, numpy.finfo(numpy.float32).tiny))


@pytest.mark.parametrize("func, params", TIERED_CASES)
def test_jit_and_vmap_give_the_eager_values(func, params):
    p, r = jnp.asarray(P_), jnp.asarray(R_)
    eager = func(p, r, *params)
    assert eager.dtype == jnp.float32
    jitted = jax.jit(lambda a, b: func(a, b, *params))(p, r)
    assert numpy.max(_ulps(jitted, eager)) <= 2
    if all(numpy.ndim(a) == 0 for a in params):
        mapped = jax.vmap(lambda a, b: func(a, b, *params))(p, r)
        assert numpy.max(_ulps(mapped, eager)) <= 2


@pytest.mark.parametrize("func, params", TIERED_CASES)
def test_gradients_of_jitted_code_are_the_eager_gradients(func, params):
    p, r = jnp.asarray(P_), jnp.asarray(R_)

    def total(a, b):
        return jnp.sum(func(a, b, *params))

    eager = jax.grad(total, argnums=(0, 1))(p, r)
    jitted = jax.jit(jax.grad(total, argnums=(0, 1)))(p, r)
    forward = jax.jit(jax.jacfwd(lambda a: func(a, r, *params)))(p)
    for got, want in zip(jitted, eager):
        assert numpy.allclose(got, want, rtol=1e-5, atol=0), func.__name__
    assert numpy.allclose(numpy.diagonal(forward), eager[0], rtol=1e-5)


def test_traced_parameters_run_on_the_host_with_the_eager_values_and_gradients():
    p, r = jnp.asarray(P_[5:]), jnp.asarray(R_[5:])
    betas = jnp.asarray(numpy.linspace(0.5, 3.0, p.shape[0]), dtype=jnp.float32)
    mapped = jax.vmap(lambda a, b, c: g_beta_rho(a, b, c, -3.0))(p, r, betas)
    eager = g_beta_rho(P_[5:].astype(float), R_[5:].astype(float), numpy.asarray(betas, dtype=float), -3.0)
    assert mapped.dtype == jnp.float32 and numpy.max(_ulps(mapped, eager.astype(numpy.float32))) <= 1
    in_rho = jax.jit(jax.grad(lambda rho: jnp.sum(g_beta_rho(p, r, 2.0, rho))))(jnp.float32(-3.0))
    assert numpy.isclose(in_rho, jax.grad(lambda rho: jnp.sum(g_beta_rho(p, r, 2.0, rho)))(jnp.float32(-3.0)))
    traced = jax.jit(f_beta)(p, r, jnp.float32(2.0))  # every argument traced: the host's float64, rounded
    assert numpy.max(_ulps(traced, f_beta(p, r, 2.0))) <= 4  # the portable kernels' bound in float32


def test_a_python_float_differentiated_asks_for_no_float64():
    # jax.grad with respect to a Python float: float32 throughout (the warning would be an error here)
    g = jax.grad(lambda b: jnp.sum(f_beta(jnp.asarray(P_), jnp.asarray(R_), b)))(2.0)
    assert g.dtype == jnp.float32 and numpy.isfinite(g)
    g = jax.jit(jax.grad(lambda b: jnp.sum(g_beta_rho(jnp.asarray(P_), jnp.asarray(R_), b, -0.9))))(2.0)
    assert g.dtype == jnp.float32 and numpy.isfinite(g)


def test_concrete_input_raises_and_traced_input_gives_nan_at_the_bad_element():
    bad = jnp.asarray(numpy.array([0.5, -0.25, numpy.nan, 0.3], dtype=numpy.float32))
    r = jnp.asarray(numpy.full(4, 0.5, dtype=numpy.float32))
    with pytest.raises(InvalidParameterError, match="'P' parameter of f_beta"):
        f_beta(bad, r, 2.0)
    got = numpy.asarray(jax.jit(lambda a: f_beta(a, r, 2.0))(bad))
    assert numpy.isnan(got[1:3]).all() and numpy.isfinite(got[[0, 3]]).all()
    assert got[0] == f_beta(bad[:1], r[:1], 2.0)[0]
    grads = numpy.asarray(jax.jit(jax.grad(lambda a: jnp.sum(f_beta(a, r, 2.0))))(bad))
    assert numpy.isnan(grads[1:3]).all() and numpy.isfinite(grads[[0, 3]]).all()
    unchecked = numpy.asarray(jax.jit(lambda a: f_beta(a, r, 2.0, validate=False))(bad))
    assert numpy.isfinite(unchecked[0])  # trusted input: no check, whatever the bad elements give
    with pytest.raises(InvalidParameterError, match="'beta'"):  # a concrete parameter is checked while tracing
        jax.jit(lambda a: f_beta(a, r, -1.0))(bad)


def test_a_traced_parameter_outside_its_domain_gives_nan():
    p, r = jnp.asarray(P_[5:9]), jnp.asarray(R_[5:9])
    got = numpy.asarray(jax.jit(lambda b: g_beta_rho(p, r, b, -2.0))(jnp.float32(-1.0)))
    assert numpy.isnan(got).all()


def test_strict_validation_is_checkify_s():
    from jax.experimental import checkify

    r = jnp.asarray(numpy.full(3, 0.5, dtype=numpy.float32))
    checked = checkify.checkify(jax.jit(lambda a: f_beta(a, r, 2.0, validate="strict")))
    error, value = checked(jnp.asarray(numpy.array([0.5, 0.2, 0.1], dtype=numpy.float32)))
    assert error.get() is None and numpy.isfinite(value).all()
    error, _ = checked(jnp.asarray(numpy.array([0.5, -2.0, 0.1], dtype=numpy.float32)))
    assert "The 'P' parameter of f_beta must be a finite number >= 0. Got -2.0 at flat index 1" in error.get()
    with pytest.raises(InvalidParameterError):  # concrete input: raised as always
        f_beta(jnp.asarray([-1.0]), r[:1], 2.0, validate="strict")
    with pytest.raises(InvalidParameterError, match="validate"):
        f_beta(0.5, 0.5, 2.0, validate="always")


def test_compiled_functions_trace_with_sympy_s_derivatives():
    f = compile_(2 * P * R / (P + R), (P, R), zero_division=0.0)
    p, r = jnp.asarray(P_), jnp.asarray(R_)
    eager = f(p, r)
    assert eager.dtype == jnp.float32
    assert numpy.array_equal(jax.jit(f)(p, r), eager) and numpy.array_equal(jax.vmap(f)(p, r), eager)
    grad = jax.jit(jax.grad(lambda a: jnp.sum(f(a, r))))(p)
    want = 2 * R_.astype(float) ** 2 / (P_.astype(float) + R_.astype(float)) ** 2
    ok = (P_ + R_) > 0
    assert numpy.allclose(numpy.asarray(grad)[ok], want[ok], rtol=1e-6)
    assert numpy.isnan(numpy.asarray(grad)[~ok]).all()  # 0/0: no derivative, never a finite guess
    with pytest.raises(InvalidParameterError, match="'P' parameter"):
        f(jnp.asarray([-1.0]), jnp.asarray([0.5]))
    assert numpy.isnan(jax.jit(f)(jnp.asarray([-1.0]), jnp.asarray([0.5]))).all()


# --- PyTorch: torch.compile (skipped without PyTorch) ---


@pytest.fixture
def torch():
    torch = pytest.importorskip("torch")
    import warnings

    with warnings.catch_warnings():  # Inductor warns about parts of PyTorch it uses itself
        warnings.filterwarnings("ignore", category=DeprecationWarning)
        warnings.filterwarnings("ignore", message=".*TF32.*")
        yield torch
    released(torch)


def released(torch):
    """Drop what torch.compile keeps, now: its caches' weak references would otherwise die during a later
    test, their callbacks running inside whatever that test times (the engine's budget then fires in them)."""
    import gc

    torch._dynamo.reset()
    gc.collect()


@pytest.mark.parametrize("func, params", [CASES[0], CASES[3], CASES[6]])
def test_torch_compile_gives_the_eager_values_and_gradients_without_a_graph_break(torch, func, params):
    p = torch.asarray(P_.astype(numpy.float64)).requires_grad_(True)
    r = torch.asarray(R_.astype(numpy.float64))
    compiled = torch.compile(lambda a, b: func(a, b, *params), fullgraph=True)  # fullgraph: no break allowed
    out = compiled(p, r)
    out.sum().backward()
    got = p.grad.clone()
    p.grad = None
    want = func(p, r, *params)
    want.sum().backward()
    assert torch.equal(out.detach(), want.detach()) and torch.equal(got, p.grad)
    with pytest.raises(InvalidParameterError, match="'P'"):  # the operator checks when the graph runs
        compiled(-p.detach(), r)


def test_torch_compile_of_a_compiled_function_and_a_tensor_parameter(torch):
    f = compile_(2 * P * R / (P + R), (P, R))
    p = torch.asarray([0.5, 0.2, 0.3], dtype=torch.float64).requires_grad_(True)
    r = torch.asarray([0.25, 0.1, 0.9], dtype=torch.float64)
    out = torch.compile(f, fullgraph=True)(p, r)
    out.sum().backward()
    assert torch.allclose(p.grad, 2 * r**2 / (p.detach() + r) ** 2)
    beta = torch.tensor(2.0, dtype=torch.float64, requires_grad=True)
    value = torch.compile(lambda b: g_beta_rho(p.detach(), r, b, -3.0).sum(), fullgraph=True)(beta)
    value.backward()
    want = torch.tensor(2.0, dtype=torch.float64, requires_grad=True)
    g_beta_rho(p.detach(), r, want, -3.0).sum().backward()
    assert torch.allclose(beta.grad, want.grad, rtol=1e-12)


def _graph_calls(torch, func, *args):
    """The targets of the operations of every graph ``torch.compile`` makes of ``func`` (no graph break allowed),
    and ``func``'s compiled result at ``args``."""
    from torch._inductor.compile_fx import compile_fx

    targets = []

    def backend(gm, example_inputs):
        for module in gm.modules():
            targets.extend(str(n.target) for n in getattr(module, "graph", None).nodes if n.op == "call_function")
        return compile_fx(gm, example_inputs)

    out = torch.compile(func, backend=backend, fullgraph=True)(*args)
    return targets, out


@pytest.mark.parametrize("func, params", [CASES[0], CASES[1], CASES[5], CASES[6], CASES[3]])
def test_torch_compile_without_checks_traces_the_kernels_into_the_graph(torch, func, params):
    """validate=False (nothing to check when the graph runs) and numbers for parameters: the portable kernels and
    their partials are operations of the graph, within the portable kernels' accuracy of the eager values; in the
    binade regimes (rho = -0.9: |phi| < 1/4, whose table the host gathers) the operator evaluates, bit for bit."""
    p = torch.asarray(P_.astype(numpy.float64)).requires_grad_(True)
    r = torch.asarray(R_.astype(numpy.float64))
    targets, out = _graph_calls(torch, lambda a, b: func(a, b, *params, validate=False), p, r)
    out.sum().backward()
    got = p.grad.clone()
    p.grad = None
    want = func(p, r, *params, validate=False)
    want.sum().backward()
    operator = any("symmetric_numeric" in t for t in targets)
    assert operator == (params == (2.0, -0.9)), targets
    if operator:
        assert torch.equal(out.detach(), want.detach()) and torch.equal(got, p.grad)
    else:
        got_, want_ = out.detach().numpy(), want.detach().numpy()
        assert numpy.all(numpy.abs(got_ - want_) <= 4 * numpy.spacing(numpy.abs(want_)))  # 4 ULP, float64
        assert torch.allclose(got, p.grad, rtol=1e-13, atol=0)
