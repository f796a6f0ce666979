"""The losses inside compiled training steps: symmetric.losses against the same formula written naively.

    PYTHONPATH=. python benchmarks/bench_traced_losses.py [--n 100000] [--rounds 7] [--calls 50] [--x64]
        [--torch-threads 1] [--clock cpu|wall] [--breast-cancer]

One training step's worth of work, the loss and its gradient in the probabilities, at a batch of ``n``
(default 10^5), on the CPU:

* JAX (float32 unless ``--x64``): ``jax.jit(jax.value_and_grad(loss))`` against the same for the naive
  formula (soft counts, precision, recall, then F_beta or G_{beta,rho} typed out), and both eagerly
  (``jax.value_and_grad`` without ``jax.jit``), where ours runs its own compiled loss;
* PyTorch (float64), when installed: eager ``loss.backward()`` and the same under ``torch.compile``,
  on ``--torch-threads`` threads (default 1: on a shared 2-core machine every PyTorch operation is a
  parallel region that waits for the other core, and two threads made the naive step 40x slower).

Each round calls every variant ``calls`` times in turn (the machine's load shifts between rounds); the
times are each variant's best round, per call, and the ratio is the median over the rounds of ours /
naive within a round (1.0: as fast as the naive formula). Compiled code is compared with compiled code,
eager with eager, on the same inputs in one run.
The naive formulas are the definitions: F_beta = (1 + b^2) P R / (b^2 P + R) and
G = ((b^rho P^(rho+1) + R^(rho+1)) / (b^rho + 1))^(1/(rho+1)); they lose accuracy where the portable
kernels do not (near rho = -1, P = R, large |rho|), so the comparison is of speed only.
"""

import argparse
import time

import numpy

CASES = [("f_beta_loss", {"beta": 2.0}), ("g_beta_rho_loss", {"beta": 2.0, "rho": -3.0}),
         ("g_beta_rho_loss", {"beta": 0.5, "rho": 1.5})]


def naive(xp, y, p, beta, rho=None):
    tp = xp.sum(y * p)
    fp = xp.sum((1 - y) * p)
    fn = xp.sum(y * (1 - p))
    P, R = tp / (tp + fp), tp / (tp + fn)
    if rho is None:
        return 1 - (1 + beta**2) * P * R / (beta**2 * P + R)
    return 1 - ((beta**rho * P ** (rho + 1) + R ** (rho + 1)) / (beta**rho + 1)) ** (1 / (rho + 1))


CLOCK = {"cpu": time.process_time, "wall": time.perf_counter}


def _interleaved(variants, rounds, calls, sync, clock):
    """Per variant: its time per call in each round (every variant timed in turn within a round)."""
    times = {k: [] for k in variants}
    now = CLOCK[clock]
    for _ in range(rounds):
        for key, f in variants.items():
            t0 = now()
            for _ in range(calls):
                out = f()
            sync(out)
            times[key].append((now() - t0) / calls)
    return times


def _row(name, kwargs, times, keys):
    """Best time per call of ours and of the naive formula, and the median over rounds of their ratio (the
    two timed back to back in each round, so the ratio holds while the machine's load drifts)."""
    label = name + "(" + ", ".join(f"{k}={v}" for k, v in kwargs.items()) + ")"
    cells = []
    for ours, base in keys:
        ratio = float(numpy.median(numpy.divide(times[ours], times[base])))
        cells.append(f"{min(times[ours]) * 1e6:9.1f} {min(times[base]) * 1e6:9.1f} {ratio:6.2f}")
    print(f"{label:<38} " + "   ".join(cells))


def jax_rows(n, rounds, calls, clock):
    import jax
    import jax.numpy as jnp

    from symmetric import losses

    rng = numpy.random.default_rng(0)
    dtype = jnp.float64 if jax.config.jax_enable_x64 else jnp.float32
    y = jnp.asarray((rng.random(n) < 0.1).astype(numpy.float64), dtype=dtype)
    p = jnp.asarray(rng.random(n), dtype=dtype)
    print(f"JAX {jax.__version__} on {jax.devices()[0].platform}, {jnp.dtype(dtype).name}, n = {n}, "
          f"best of {rounds} rounds of {calls} calls (us per call); ratio: median of ours / naive per round")
    print(f"{'loss':<38} {'jit ours':>9} {'naive':>9} {'ratio':>6}   {'eager':>9} {'naive':>9} {'ratio':>6}")
    for name, kwargs in CASES:
        ours = jax.value_and_grad(lambda q: getattr(losses, name)(y, q, **kwargs))
        base = jax.value_and_grad(lambda q: naive(jnp, y, q, **kwargs))
        variants = {"jit": jax.jit(ours), "jit_naive": jax.jit(base), "eager": ours, "eager_naive": base}
        for f in variants.values():
            jax.block_until_ready(f(p))
        numpy.testing.assert_allclose(float(variants["jit"](p)[0]), float(variants["jit_naive"](p)[0]), rtol=1e-4)
        variants = {k: (lambda f=f: f(p)) for k, f in variants.items()}
        times = _interleaved(variants, rounds, calls, jax.block_until_ready, clock)
        _row(name, kwargs, times, [("jit", "jit_naive"), ("eager", "eager_naive")])


def breast_cancer_steps(steps=100):
    """The issue's case: ``steps`` gradient steps of a logistic regression on ``load_breast_cancer`` (569
    samples, standardized, float32) with the F_2 loss, eager and jitted, ours and a hand-written soft F_2."""
    import jax
    import jax.numpy as jnp
    from sklearn.datasets import load_breast_cancer

    from symmetric.losses import f_beta_loss

    X, y = load_breast_cancer(return_X_y=True)
    X = jnp.asarray((X - X.mean(0)) / X.std(0), dtype=jnp.float32)
    y = jnp.asarray(y, dtype=jnp.float32)

    def ours(w):
        return f_beta_loss(y, jax.nn.sigmoid(X @ w[:-1] + w[-1]), beta=2.0)

    def hand(w):
        return naive(jnp, y, jax.nn.sigmoid(X @ w[:-1] + w[-1]), 2.0)

    print(f"{steps} gradient steps on load_breast_cancer (CPU s, wall s)")
    for name, loss, compiled in (("ours eager", ours, False), ("hand-written eager", hand, False),
                                 ("ours jitted", ours, True), ("hand-written jitted", hand, True)):
        grad = jax.jit(jax.grad(loss)) if compiled else jax.grad(loss)
        w = jnp.zeros(X.shape[1] + 1)
        jax.block_until_ready(grad(w))
        cpu, wall = time.process_time(), time.perf_counter()
        for _ in range(steps):
            w = w - 0.1 * grad(w)
        jax.block_until_ready(w)
        print(f"{name:<20} {time.process_time() - cpu:6.2f} {time.perf_counter() - wall:6.2f}")


def torch_rows(n, rounds, calls, threads, clock):
    import torch

    from symmetric import losses

    torch.set_num_threads(threads)
    gen = torch.Generator().manual_seed(0)
    y = (torch.rand(n, generator=gen, dtype=torch.float64) < 0.1).double()
    p = torch.rand(n, generator=gen, dtype=torch.float64).requires_grad_(True)
    print(f"PyTorch {torch.__version__}, float64, n = {n}, threads {torch.get_num_threads()}, best of {rounds} rounds "
          f"of {calls} calls (us per call: loss and backward); ratio: median of ours / naive per round")
    print(f"{'loss':<38} {'compiled':>9} {'naive':>9} {'ratio':>6}   {'eager':>9} {'naive':>9} {'ratio':>6}")

    def step(loss):
        def run():
            p.grad = None
            value = loss(p)
            value.backward()
            return value

        return run

    for name, kwargs in CASES:
        ours = lambda q, name=name, kwargs=kwargs: getattr(losses, name)(y, q, **kwargs)  # noqa: E731
        base = lambda q, kwargs=kwargs: naive(torch, y, q, **kwargs)  # noqa: E731
        variants = {"compiled": step(torch.compile(ours)), "compiled_naive": step(torch.compile(base)),
                    "eager": step(ours), "eager_naive": step(base)}
        for f in variants.values():
            f()
        times = _interleaved(variants, rounds, calls, lambda out: None, clock)
        _row(name, kwargs, times, [("compiled", "compiled_naive"), ("eager", "eager_naive")])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=100_000)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--calls", type=int, default=50)
    parser.add_argument("--x64", action="store_true", help="JAX in float64 (jax_enable_x64)")
    parser.add_argument("--torch-threads", type=int, default=1)
    parser.add_argument("--clock", choices=list(CLOCK), default="cpu",
                        help="CPU seconds of the process (all threads; what the load of other processes does not "
                             "inflate) or wall seconds")
    parser.add_argument("--skip", nargs="*", default=[], choices=["jax", "torch"])
    parser.add_argument("--breast-cancer", action="store_true", help="only the issue's case: 100 eager steps")
    args = parser.parse_args()
    import importlib.util
    import warnings

    warnings.filterwarnings("ignore", category=DeprecationWarning)  # PyTorch's inductor warns about itself
    if args.breast_cancer:
        breast_cancer_steps()
        return
    if "jax" not in args.skip:
        import jax

        jax.config.update("jax_enable_x64", args.x64)
        print(f"clock: {args.clock}")
        jax_rows(args.n, args.rounds, args.calls, args.clock)
    if "torch" not in args.skip and importlib.util.find_spec("torch") is not None:
        torch_rows(args.n, args.rounds, args.calls, args.torch_threads, args.clock)


if __name__ == "__main__":
    main()
