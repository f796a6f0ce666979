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
