"""symmetric.losses: soft counts, the losses' claims (exact at 0/1, in [0, 1], gradient toward the label)."""

import numpy
import pytest
from sklearn.metrics import fbeta_score

from symmetric import InvalidParameterError
from symmetric.losses import AVERAGES, SoftCounts, f_beta_loss, g_beta_rho_loss, soft_counts
from symmetric.metrics import g_beta_rho_score

RNG = numpy.random.default_rng(3)
Y = numpy.array([1, 0, 1, 1, 0, 0, 1, 0])
Q = RNG.random(8)


def test_soft_counts_are_tp_fp_fn_tn_in_order():
    counts = soft_counts(Y, Q, sample_weight=numpy.arange(1.0, 9.0))
    assert isinstance(counts, SoftCounts) and counts._fields == ("tp", "fp", "fn", "tn")
    w = numpy.arange(1.0, 9.0)
    want = [numpy.sum(w * Y * Q), numpy.sum(w * (1 - Y) * Q), numpy.sum(w * Y * (1 - Q)), numpy.sum(w * (1 - Y) * (1 - Q))]
    assert numpy.allclose(counts, want)


@pytest.mark.parametrize("beta", [0.5, 1.0, 2.0])
def test_at_hard_predictions_the_loss_is_one_minus_the_metric_of_the_labels(beta):
    for pred in ([1, 0, 0, 1, 1, 0, 1, 0], [0] * 8, [1] * 8, [1, 0, 1, 1, 0, 0, 1, 0]):
        pred = numpy.array(pred, dtype=float)
        want = 1 - fbeta_score(Y, pred, beta=beta, zero_division=0.0)
        assert f_beta_loss(Y, pred, beta=beta) == pytest.approx(want, abs=1e-15)
        want_g = 1 - g_beta_rho_score(Y, pred.astype(int), beta=beta, rho=-1.5, zero_division=0.0)
        assert g_beta_rho_loss(Y, pred, beta=beta, rho=-1.5) == pytest.approx(want_g, abs=1e-15)


def test_multiclass_averages_match_scikit_learn_at_hard_predictions():
    y = numpy.array([0, 1, 2, 2, 1, 0, 2])
    pred = numpy.array([0, 2, 2, 1, 1, 0, 2])
    onehot = numpy.eye(3)[pred]
    for average in AVERAGES[1:]:
        want = 1 - fbeta_score(y, pred, beta=2.0, average=average, zero_division=0.0)
        assert f_beta_loss(y, onehot, beta=2.0, average=average) == pytest.approx(want, abs=1e-15)


def test_the_loss_lies_in_zero_one_and_its_gradient_moves_probabilities_toward_labels():
    torch = pytest.importorskip("torch")
    gen = torch.Generator().manual_seed(0)
    for rho in (-2.0, -1.0, 0.5, -5.0):
        p = torch.rand(8, generator=gen, dtype=torch.float64).requires_grad_(True)
        loss = g_beta_rho_loss(torch.from_numpy(Y), p, beta=2.0, rho=rho)
        assert 0.0 <= float(loss.detach()) <= 1.0
        loss.backward()
        y = torch.from_numpy(Y).bool()
        assert torch.all(p.grad[y] <= 0) and torch.all(p.grad[~y] >= 0), (rho, p.grad)


@pytest.mark.slow
def test_losses_on_jax_and_strict_arrays():
    xs = pytest.importorskip("array_api_strict")
    got = f_beta_loss(xs.asarray(Y), xs.asarray(Q), beta=2.0)
    assert type(got) is type(xs.asarray(1.0)) and float(got) == pytest.approx(f_beta_loss(Y, Q, beta=2.0))
    jax = pytest.importorskip("jax")
    grad = jax.grad(lambda q: f_beta_loss(jax.numpy.asarray(Y), q, beta=2.0))(jax.numpy.asarray(Q, dtype="float32"))
    g = numpy.asarray(grad)
    assert numpy.all(g[Y == 1] <= 0) and numpy.all(g[Y == 0] >= 0)
    y, q = jax.numpy.asarray(Y), jax.numpy.asarray(Q, dtype="float32")   # beta a 0-d array: passed on as given
    assert float(f_beta_loss(y, q, beta=jax.numpy.asarray(2.0))) == float(f_beta_loss(y, q, beta=2.0))


@pytest.mark.parametrize("call, name", [
    (lambda: f_beta_loss(Y, Q, beta=0.0), "beta"),
    (lambda: g_beta_rho_loss(Y, Q, rho=numpy.nan), "rho"),
    (lambda: f_beta_loss(Y, Q, average="samples"), "average"),
    (lambda: f_beta_loss(Y, Q + 1.0), "y_prob"),
    (lambda: f_beta_loss(Y + 2, Q), "y_true"),
    (lambda: f_beta_loss(Y, Q[:3]), "y_true"),
    (lambda: soft_counts(Y, Q, sample_weight=-numpy.ones(8)), "sample_weight"),
    (lambda: f_beta_loss(Y, numpy.eye(2)[Y], average="binary"), "average"),
])
def test_bad_input_names_the_argument(call, name):
    with pytest.raises(InvalidParameterError, match=name):
        call()


def test_beta_and_rho_may_be_0d_arrays_but_nothing_else_than_numbers():
    # declared (symmetric._constraints.Interval with scalar_arrays): a 0-d array is passed on as given
    expected = g_beta_rho_loss(Y, Q, beta=2.0, rho=-3.0)
    assert g_beta_rho_loss(Y, Q, beta=numpy.array(2.0), rho=numpy.float32(-3.0)) == expected
    for name, bad in [("beta", numpy.array([2.0])), ("beta", "2"), ("beta", True), ("beta", numpy.array(0.0)),
                      ("rho", numpy.array(numpy.inf)), ("rho", numpy.array(1 + 0j)), ("rho", numpy.array(True))]:
        with pytest.raises(InvalidParameterError) as info:
            g_beta_rho_loss(Y, Q, **{name: bad})
        assert info.value.param == name and info.value.got is bad


# --- inside compiled code: jax.jit, jax.vmap, jax.grad of jitted code, torch.compile (docs/losses.md) ---

def _jax():
    return pytest.importorskip("jax"), pytest.importorskip("jax.numpy")


@pytest.mark.parametrize("name, kwargs", [
    ("f_beta_loss", {"beta": 2.0}),
    pytest.param("g_beta_rho_loss", {"beta": 0.5, "rho": -3.0}, marks=pytest.mark.slow),  # the full run: every
    pytest.param("g_beta_rho_loss", {"beta": 2.0, "rho": -0.9}, marks=pytest.mark.slow),  # regime of the kernels
])
def test_losses_under_jit_vmap_and_grad_are_the_eager_ones(name, kwargs):
    import symmetric.losses as losses

    jax, jnp = _jax()
    loss = getattr(losses, name)
    y, q = jnp.asarray(Y), jnp.asarray(Q, dtype=jnp.float32)
    eager = loss(y, q, **kwargs)
    assert eager.dtype == jnp.float32 and float(eager) == pytest.approx(loss(Y, Q.astype(numpy.float32), **kwargs), rel=1e-6)
    assert float(jax.jit(lambda a: loss(y, a, **kwargs))(q)) == float(eager)
    grad = jax.grad(lambda a: loss(y, a, **kwargs))(q)
    assert numpy.array_equal(jax.jit(jax.grad(lambda a: loss(y, a, **kwargs)))(q), grad)
    batch = jnp.stack([q, q[::-1], jnp.clip(q * 1.5, 0, 1)])
    mapped = jax.vmap(lambda a: loss(y, a, **kwargs))(batch)
    assert numpy.allclose(mapped, [float(loss(y, a, **kwargs)) for a in batch], rtol=1e-6)
    g = numpy.asarray(grad)
    assert numpy.all(g[Y == 1] <= 0) and numpy.all(g[Y == 0] >= 0)


def test_a_traced_beta_is_differentiated_on_the_host():
    jax, jnp = _jax()
    y, q = jnp.asarray(Y), jnp.asarray(Q, dtype=jnp.float32)
    eager = jax.grad(lambda b: g_beta_rho_loss(y, q, beta=b, rho=-3.0))(2.0)
    jitted = jax.jit(jax.grad(lambda b: g_beta_rho_loss(y, q, beta=b, rho=-3.0)))(jnp.float32(2.0))
    assert eager.dtype == jnp.float32 and float(jitted) == pytest.approx(float(eager), rel=1e-5)
    with pytest.raises(InvalidParameterError, match="beta"):  # an eager jax.grad's value is known: checked
        jax.grad(lambda b: g_beta_rho_loss(y, q, beta=b, rho=-3.0))(-2.0)
    assert numpy.isnan(jax.jit(lambda b: g_beta_rho_loss(y, q, beta=b))(jnp.float32(-2.0)))


def test_bad_values_raise_eagerly_and_give_nan_when_traced():
    jax, jnp = _jax()
    y, bad = jnp.asarray(Y), jnp.asarray(Q + 1.0, dtype=jnp.float32)
    with pytest.raises(InvalidParameterError, match="y_prob"):
        f_beta_loss(y, bad)
    with pytest.raises(InvalidParameterError, match="y_true"):
        f_beta_loss(jnp.asarray(Y + 2), jnp.asarray(Q, dtype=jnp.float32))
    assert numpy.isnan(jax.jit(lambda a: f_beta_loss(y, a))(bad))
    assert numpy.isnan(jax.jit(jax.grad(lambda a: f_beta_loss(y, a)))(bad)).all()  # the gradient too
    assert numpy.isfinite(jax.jit(lambda a: f_beta_loss(y, a, validate=False))(bad))  # unchecked: as given


def test_every_check_of_traced_values_gives_nan_and_good_values_pass():
    """Under jax.jit the checks of values are minima and maxima (what compiled code fuses with the sums): each
    bad kind of value (a label not 0 or 1, a probability outside [0, 1] or NaN, a bad weight, a class index
    outside the columns or not whole) makes the loss NaN; good values, 0 and 1 among them, do not."""
    jax, jnp = _jax()
    y, q, w = jnp.asarray(Y, dtype=jnp.float32), jnp.asarray(Q, dtype=jnp.float32), jnp.ones(len(Y), jnp.float32)
    loss = jax.jit(lambda a, b, c: f_beta_loss(a, b, sample_weight=c))
    assert numpy.isfinite(loss(y, q, w)) and numpy.isfinite(loss(y, jnp.round(q), w))
    for bad_y in (2.0, 0.5, -1.0, numpy.nan, numpy.inf):
        assert numpy.isnan(loss(y.at[3].set(bad_y), q, w)), bad_y
    for bad_q in (1.5, -0.25, numpy.nan, numpy.inf):
        assert numpy.isnan(loss(y, q.at[3].set(bad_q), w)), bad_q
    for bad_w in (-1.0, numpy.inf, numpy.nan):
        assert numpy.isnan(loss(y, q, w.at[3].set(bad_w))), bad_w
    labels, probs = jnp.asarray([0.0, 2.0, 1.0]), jnp.full((3, 3), 1 / 3, dtype=jnp.float32)
    macro = jax.jit(lambda a: f_beta_loss(a, probs, average="macro"))
    assert numpy.isfinite(macro(labels))
    for bad in (3.0, -1.0, 0.5, numpy.nan):
        assert numpy.isnan(macro(labels.at[1].set(bad))), bad


def test_strict_validation_of_the_losses_is_checkify_s():
    jax, jnp = _jax()
    from jax.experimental import checkify

    y = jnp.asarray(Y)
    checked = checkify.checkify(jax.jit(lambda a: f_beta_loss(y, a, beta=2.0, validate="strict")))
    error, value = checked(jnp.asarray(Q, dtype=jnp.float32))
    assert error.get() is None and float(value) == pytest.approx(f_beta_loss(Y, Q, beta=2.0), rel=1e-6)
    error, _ = checked(jnp.asarray(Q - 1.0, dtype=jnp.float32))
    assert "The 'y_prob' parameter of f_beta_loss must be probabilities in [0, 1]" in error.get()


def test_class_indices_outside_the_columns_are_refused():
    # behaviour change: an index >= k (or < 0, or not whole) used to give a row of zeros, silently
    with pytest.raises(InvalidParameterError, match="y_true"):
        f_beta_loss(numpy.array([0, 3, 1]), numpy.full((3, 3), 1 / 3), average="macro")
    with pytest.raises(InvalidParameterError, match="y_true"):
        f_beta_loss(numpy.array([0, 0.5, 1]), numpy.full((3, 3), 1 / 3), average="macro")


def test_losses_under_torch_compile_are_the_eager_ones():
    torch = pytest.importorskip("torch")
    import warnings

    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", category=DeprecationWarning)  # Inductor warns about PyTorch itself
        y = torch.from_numpy(Y).double()
        q = torch.from_numpy(Q).requires_grad_(True)
        compiled = torch.compile(lambda a: g_beta_rho_loss(y, a, beta=2.0, rho=-3.0), fullgraph=True)
        value = compiled(q)
        value.backward()
        got = q.grad.clone()
        q.grad = None
        eager = g_beta_rho_loss(y, q, beta=2.0, rho=-3.0)
        eager.backward()
        assert float(value.detach()) == pytest.approx(float(eager.detach()), rel=1e-15)
        assert torch.allclose(got, q.grad, rtol=1e-13, atol=0)
        bad = q.detach() + 1.0
        assert torch.isnan(compiled(bad))  # traced values: NaN, as under jax.jit
        strict = torch.compile(lambda a: f_beta_loss(y, a, validate="strict"), fullgraph=True)
        with pytest.raises(InvalidParameterError, match="y_prob"):  # an operator of the graph raises
            strict(bad)
    from tests.numeric.test_traced import released

    released(torch)
