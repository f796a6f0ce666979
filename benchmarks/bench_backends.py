"""Threads and backends of symmetric.numeric against baselines, interleaved in one run (wall time, best of rounds).

    python benchmarks/bench_backends.py [--n 10000000] [--rounds 5] [--torch-n 1000000]

* NumPy: every regime with ``threads=1`` and ``threads=2`` against a plain ``sympy.lambdify`` of the
  formula, each round calling every variant in turn (the machine's load shifts between rounds);
* PyTorch and JAX on CPU (when installed): the package's functions ("ours": on CPU the host path, the
  NumPy kernels on zero-copy views) and the portable kernels ("portable": a module written by
  ``symmetric codegen --backend array-api``, which runs them whatever the device) against the naive
  formula written in that library, float64 (JAX float32 unless ``jax_enable_x64``).
"""

import argparse
import importlib.util
import tempfile
import time
from pathlib import Path

import numpy
import sympy

from symmetric import P, R, beta, f_beta, g_beta_rho, rho
from symmetric import numeric

ROWS = [("f_beta", -2.0), ("g_beta_rho", -2.0), ("g_beta_rho", -3.0), ("g_beta_rho", 2.0), ("g_beta_rho", 0.5),
        ("g_beta_rho", -50.0), ("g_beta_rho", -0.9), ("g_beta_rho", -1 + 1e-9)]


def _interleaved(variants, rounds):
    best = {k: float("inf") for k in variants}
    for _ in range(rounds):
        for key, f in variants.items():
            t0 = time.perf_counter()
            f()
            best[key] = min(best[key], time.perf_counter() - t0)
    return best


def numpy_rows(n, rounds):
    rng = numpy.random.default_rng(0)
    p, r = 1.0 - rng.random(n), 1.0 - rng.random(n)
    plain = sympy.lambdify((P, R, beta, rho), g_beta_rho().args[-1][0], "numpy")
    own_f = sympy.lambdify((P, R, beta), f_beta(), "numpy")
    print(f"NumPy, n = {n}, best of {rounds} interleaved rounds (ms); ratio = lambdify / ours")
    print(f"{'function':<11} {'rho':>13} {'lambdify':>9} {'1 thread':>9} {'ratio':>6} {'2 threads':>9} {'ratio':>6} "
          f"{'2 vs 1':>6}")
    for name, value in ROWS:
        if name == "f_beta":
            base, ours = (lambda: own_f(p, r, 2.0)), (lambda t: numeric.f_beta(p, r, 2.0, threads=t))
        else:
            base, ours = (lambda: plain(p, r, 2.0, value)), (lambda t: numeric.g_beta_rho(p, r, 2.0, value, threads=t))
        ours(1)
        with numpy.errstate(all="ignore"):
            best = _interleaved({"base": base, "one": lambda: ours(1), "two": lambda: ours(2)}, rounds)
        print(f"{name:<11} {value!r:>13} {best['base'] * 1e3:9.1f} {best['one'] * 1e3:9.1f} "
              f"{best['base'] / best['one']:6.2f} {best['two'] * 1e3:9.1f} {best['base'] / best['two']:6.2f} "
              f"{best['one'] / best['two']:6.2f}")


def _portable_module(name):
    """A standalone module of ``name`` for the portable kernels (``symmetric codegen --backend array-api``)."""
    from symmetric.generate.kernels import module_source

    path = Path(tempfile.mkdtemp()) / f"portable_{name}.py"
    path.write_text(module_source(name, backend="array-api"), encoding="utf-8")
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return getattr(module, name)


def library_rows(n, rounds):
    rng = numpy.random.default_rng(1)
    p, r = 1.0 - rng.random(n), 1.0 - rng.random(n)
    libraries = []
    try:
        import torch

        libraries.append(("torch", torch.from_numpy(p), torch.from_numpy(r), torch))
    except ImportError:
        pass
    try:
        import jax.numpy as jnp

        libraries.append(("jax", jnp.asarray(p), jnp.asarray(r), jnp))
    except ImportError:
        pass
    portable = {name: _portable_module(name) for name in ("f_beta", "g_beta_rho")}
    print(f"\nOn CPU, n = {n}, best of {rounds} (ms); naive = the formula in that library, ours = the package's "
          "function, portable = the portable kernels; ratio = naive / variant")
    print(f"{'library':<7} {'function':<11} {'rho':>13} {'naive':>9} {'ours':>9} {'ratio':>6} {'portable':>9} "
          f"{'ratio':>6}")
    for lib, tp, tr, xp in libraries:
        ready = (lambda a: a.block_until_ready()) if lib == "jax" else (lambda a: a)
        for name, value in ROWS:
            if name == "f_beta":
                naive = lambda: ready((1 + 4.0) * tp * tr / (4.0 * tp + tr))  # noqa: E731
                ours = lambda: ready(numeric.f_beta(tp, tr, 2.0))  # noqa: E731
                port = lambda: ready(portable["f_beta"](tp, tr, 2.0))  # noqa: E731
            else:
                b, e = 2.0 ** value, value + 1
                naive = lambda: ready(((tp ** e * b + tr ** e) / (b + 1)) ** (1 / e))  # noqa: E731
                ours = lambda: ready(numeric.g_beta_rho(tp, tr, 2.0, value))  # noqa: E731
                port = lambda: ready(portable["g_beta_rho"](tp, tr, 2.0, value))  # noqa: E731
            ours(), naive(), port()
            best = _interleaved({"naive": naive, "ours": ours, "portable": port}, rounds)
            print(f"{lib:<7} {name:<11} {value!r:>13} {best['naive'] * 1e3:9.1f} {best['ours'] * 1e3:9.1f} "
                  f"{best['naive'] / best['ours']:6.2f} {best['portable'] * 1e3:9.1f} "
                  f"{best['naive'] / best['portable']:6.2f}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=10**7)
    ap.add_argument("--torch-n", type=int, default=10**6)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--skip-numpy", action="store_true", help="only the PyTorch and JAX rows")
    args = ap.parse_args()
    if not args.skip_numpy:
        numpy_rows(args.n, args.rounds)
    library_rows(args.torch_n, args.rounds)


if __name__ == "__main__":
    main()
