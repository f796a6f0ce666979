"""Exact gradients: the custom derivatives agree with SymPy's derivatives evaluated by mpmath.

Bound (docs/losses.md): ``|got - true| <= 1e-10 max(|true|, 1e-5 |G|)`` on a
grid of P, R (near 0, P = R, near 1), beta and rho (near -1, at the
stipulated values, large |rho|); the second term covers derivatives that
cancel to about 0 in the chain rule. Measured worst: 6e-11.
"""

import itertools

import mpmath
import numpy
import pytest
import sympy

from symmetric import InvalidParameterError, P, R, beta, rho
from symmetric.numeric import _generated, g_beta_rho
from symmetric.numeric._autodiff import _with_partials
from symmetric.numeric._portable import to_numpy
from symmetric.generate.rewrites import plan

xs = pytest.importorskip("array_api_strict")

PS = [1e-9, 0.3, 0.5, 0.50000001, 1.0]
RHOS = [-1.0, -1 + 1e-12, -1 - 1e-9, -1 + 1e-4, -2.0, 0.0, 0.5, 30.0, -300.0]
BETAS = [0.1, 3.0]
BOUND = 1e-10


def _reference(definition):
    return {s.name: sympy.lambdify((P, R, beta, rho), sympy.diff(definition, s), "mpmath") for s in (P, R, beta, rho)}


def _true(refs, stipulated, name, p, r, b, rv):
    if rv == 0.0:  # the stipulated branch (beta P + R)/(1 + beta); d/drho is 0 by convention (G jumps there)
        return 0.0 if name == "rho" else float(stipulated[name](*map(mpmath.mpf, (p, r, b)), 0))
    offset = mpmath.mpf(10) ** -25 if rv == -1.0 else mpmath.mpf(rv) + 1  # at rho = -1: the limit
    digits = 60 + int(max(0.0, -float(mpmath.log10(abs(offset)))))
    with mpmath.workdps(digits):
        return float(refs[name](mpmath.mpf(p), mpmath.mpf(r), mpmath.mpf(b), -1 + offset))


def test_gradients_agree_with_the_symbolic_derivatives_on_the_hard_grid():
    family = _generated._FAMILY_g_beta_rho
    branches = plan("g_beta_rho").branches
    refs, stipulated = _reference(branches[-1].definition), _reference(branches[0].definition)
    pts = numpy.array(list(itertools.product(PS, PS)))
    worst = 0.0
    for rv, b in itertools.product(RHOS, BETAS):
        out, parts = _with_partials(family, (xs.asarray(pts[:, 0]), xs.asarray(pts[:, 1]), b, rv), True,
                                    InvalidParameterError)
        out, parts = numpy.asarray(to_numpy(out)), [numpy.asarray(to_numpy(a)) for a in parts]
        for part in parts:
            assert numpy.all(numpy.isfinite(part)), (rv, b)
        for i, (p, r) in enumerate(pts):
            for j, name in enumerate(("P", "R", "beta", "rho")):
                true = _true(refs, stipulated, name, p, r, b, rv)
                err = abs(parts[j][i] - true) / max(abs(true), 1e-5 * out[i], 1e-290)
                worst = max(worst, err)
                assert err <= BOUND, (name, p, r, b, rv, parts[j][i], true)
    assert worst > 0  # the comparison compared something


def test_no_nan_gradient_at_finite_points_and_zero_inputs():
    family = _generated._FAMILY_g_beta_rho
    p = xs.asarray([0.0, 1e-300, 0.5, 1.0, 0.0])
    r = xs.asarray([0.5, 1.0, 0.5, 1e-300, 0.0])
    for rv in (-1e6, -2.0, -1.0, -0.5, 0.0, 1e-300, 7.0, 1e6):
        _, parts = _with_partials(family, (p, r, 2.0, rv), True, InvalidParameterError)
        for part in parts:
            assert not numpy.any(numpy.isnan(numpy.asarray(to_numpy(part)))), rv


@pytest.mark.slow
def test_jax_grad_uses_the_exact_derivatives():
    jax = pytest.importorskip("jax")
    jnp = jax.numpy
    p, r = numpy.array([0.3, 0.01, 0.9]), numpy.array([0.6, 0.5, 0.001])
    for rv in (3.0,):  # |x| > 1 with lambda > 0: the oriented closed form of dM/dphi (a sign bug, fixed)
        f = lambda r_: jnp.sum(g_beta_rho(jnp.asarray(p), jnp.asarray(r), 3.0, r_))  # noqa: E731
        got = float(jax.grad(f)(jnp.asarray(rv)))
        _, parts = _with_partials(_generated._FAMILY_g_beta_rho, (xs.asarray(p), xs.asarray(r), 3.0, rv), True,
                                  InvalidParameterError)
        assert got == pytest.approx(float(numpy.sum(numpy.asarray(to_numpy(parts[3])))), rel=1e-5)


def test_torch_backward_uses_the_exact_derivatives():
    torch = pytest.importorskip("torch")
    p = torch.tensor([0.3, 0.5, 0.0], dtype=torch.float64, requires_grad=True)
    r = torch.tensor([0.6, 0.5, 0.4], dtype=torch.float64, requires_grad=True)
    b = torch.tensor(2.0, dtype=torch.float64, requires_grad=True)
    rv = torch.tensor(-1.0 + 1e-12, dtype=torch.float64, requires_grad=True)
    g = g_beta_rho(p, r, b, rv)
    (g * torch.tensor([1.0, 2.0, 3.0], dtype=torch.float64)).sum().backward()
    _, parts = _with_partials(_generated._FAMILY_g_beta_rho, (p.detach(), r.detach(), 2.0, -1.0 + 1e-12), True,
                              InvalidParameterError)
    weights = torch.tensor([1.0, 2.0, 3.0], dtype=torch.float64)
    assert torch.allclose(p.grad, parts[0] * weights) and torch.allclose(r.grad, parts[1] * weights)
    assert float(b.grad) == pytest.approx(float((parts[2] * weights).sum()))
    assert torch.isfinite(rv.grad) and float(rv.grad) == pytest.approx(float((parts[3] * weights).sum()))
