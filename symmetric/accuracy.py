"""Accuracy of the numeric functions against mpmath evaluating the symbolic definitions.

The true value at each sample point is the definition from
:mod:`symmetric.families` evaluated with mpmath at 50 digits (at the exact
float64 inputs; more digits where an exponent is within 10**-k of a singular
value, since the formula cancels about k digits there) and rounded to float64; the error is counted in ULPs of the
true value. Run ``python -m symmetric.accuracy`` for the table (``--points``
sets the sample size per region and function).

Regions:

* ``practical``: P, R in [1e-6, 1]; beta, gamma in [1e-2, 1e2]; rho, phi in
  [-100, 100], a third of them within 1e-15 of rho = -1, rho = 0, phi = 0
  (and exactly at them);
* ``wide``: P, R in [1e-300, 1]; beta, gamma in [1e-3, 1e3]; ``|rho|, |phi| <= 1000``,
  a third of them near -1 and 0 (within 1e-12 .. 1e-1).

In both, a sixth of rho (phi) lie within 1/4 of those points, where the
exponent of the power mean is small and its evaluation hardest.

Columns: the NumPy float64 path (max and median ULP, and ``bad``), then the
max ULP of each other backend installed (:data:`BACKENDS`): the package's
functions on ``array-api-strict``, PyTorch and JAX arrays (JAX in its default
dtype, float32 unless ``jax_enable_x64`` is set; PyTorch CPU tensors take the
NumPy kernels, the others the portable kernels), the portable kernels on
PyTorch tensors (``torch-port``, ``torch-port32``: as they run on a GPU), and
float32 (NumPy and PyTorch) counted in float32 ULPs of the definition at the float32 inputs
(P, R clipped to [1e-30, 1], so that results stay normal: XLA on CPU flushes
subnormal floats to zero).

>>> rows = accuracy_table(points=30, seed=1)
>>> sorted({r.function for r in rows})
['f_beta', 'g_beta_rho', 'power_mean']
>>> all(r.bad == 0 for r in rows)
True
"""

from __future__ import annotations

import argparse
import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import mpmath
import numpy
import sympy

from .generate import catalog
from .symbols import P, R

__all__ = [
    "Row",
    "accuracy_table",
    "ulp_errors",
    "sample",
    "reference",
    "true_value",
    "main",
    "REGIONS",
    "BACKENDS",
    "available_backends",
]

#: Region name -> (log10 range of P and R, log10 range of beta/gamma, ``|rho|`` bound, spread near special points).
REGIONS = {
    "practical": ((-6, 0), (-2, 2), 100.0, (-15, -15)),
    "wide": ((-300, 0), (-3, 3), 1000.0, (-12, -1)),
}


@dataclass(frozen=True)
class Row:
    """Errors of one function over one region."""

    region: str
    function: str
    points: int
    max_ulp: float
    median_ulp: float
    bad: int  # NaN, inf or 0 where the true value is finite and positive
    worst: dict
    backends: dict | None = None  # backend name -> max ULP (in its own dtype), for the other backends

    def __str__(self) -> str:
        extra = "".join(f" {v:>{max(8, len(k))}.0f}" for k, v in (self.backends or {}).items())
        return (
            f"{self.region:<10} {self.function:<11} {self.points:>7} {self.max_ulp:>8.0f} {self.median_ulp:>7.1f} "
            f"{self.bad:>4}{extra}"
        )


def _strict(a):
    import array_api_strict

    return array_api_strict.asarray(a)


def _torch(a):
    import torch

    return torch.asarray(a)


def _jax(a):
    import jax.numpy

    return jax.numpy.asarray(a)


#: Backend name -> (module it needs, conversion of a NumPy column, floating dtype or None for the library's own).
BACKENDS: dict[str, tuple[str, Callable[[Any], Any], Any]] = {
    "numpy-f32": ("numpy", numpy.asarray, numpy.float32),
    "strict": ("array_api_strict", _strict, numpy.float64),
    "torch": ("torch", _torch, numpy.float64),
    "torch-f32": ("torch", _torch, numpy.float32),
    "jax": ("jax", _jax, None),
    # PyTorch CPU tensors take the NumPy kernels (the host path): the portable kernels on them, as on a GPU
    "torch-port": ("torch", _torch, numpy.float64),
    "torch-port32": ("torch", _torch, numpy.float32),
}


@functools.cache
def _portable(name):
    """``name`` from a module written by ``symmetric codegen --backend array-api`` (the portable kernels on
    any device), loaded from a temporary file."""
    import importlib.util
    import tempfile
    from pathlib import Path

    from .generate.kernels import module_source

    path = Path(tempfile.mkdtemp(prefix="symmetric-accuracy-")) / f"portable_{name}.py"
    path.write_text(module_source(name, backend="array-api"), encoding="utf-8")
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None  # a .py file just written
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return getattr(module, name)


def available_backends() -> list[str]:
    """The :data:`BACKENDS` whose library is installed (imports nothing)."""
    import importlib.util

    return [name for name, (module, _, _) in BACKENDS.items() if importlib.util.find_spec(module) is not None]


def _host(x):
    from .numeric.backends import to_host

    return numpy.asarray(to_host(x))


def _backend_error(name, backend, cols, dps):
    """Max ULP of ``backend`` on ``cols``, in the ULPs of the dtype it computes in."""
    _, convert, dtype = BACKENDS[backend]
    from . import numeric

    if dtype is None:  # the library's default floating dtype
        dtype = _host(convert(numpy.zeros(1))).dtype if backend != "jax" else numpy.dtype(_host(_jax(1.0)).dtype)
    dtype = numpy.dtype(dtype)
    if dtype == numpy.float32:
        tiny, big = 1e-30, numpy.finfo(numpy.float32).max  # results stay normal (JAX flushes subnormals)
        cols = {k: numpy.clip(v, tiny, 1.0) if k in ("P", "R") else numpy.clip(v, -big, big) for k, v in cols.items()}
        cols = {k: v.astype(numpy.float32).astype(numpy.float64) for k, v in cols.items()}
        true = _true_values(name, cols, dps).astype(numpy.float32).astype(numpy.float64)
    else:
        true = _true_values(name, cols, dps)
    func = _portable(name) if backend.startswith("torch-port") else getattr(numeric, name)
    got = _host(func(*[convert(v.astype(dtype)) for v in cols.values()])).astype(numpy.float64)
    with numpy.errstate(all="ignore"):
        err = numpy.abs(got - true) / numpy.spacing(numpy.abs(true).astype(dtype)).astype(numpy.float64)
    return float(numpy.where(numpy.isfinite(got), err, numpy.inf).max())


@functools.cache
def reference(name: str):
    """The definition of family ``name`` as an mpmath function of ``(P, R, *parameters)``."""
    return sympy.lambdify((P, R, *catalog.parameters(name)), catalog.definition(name), modules="mpmath")


def _near(rng, n, centre, spread):
    lo, hi = spread
    offsets = 10.0 ** rng.uniform(lo, hi, n) * rng.choice([-1.0, 1.0], n)
    out = centre + offsets
    out[: max(1, n // 10)] = centre
    return out


def sample(name: str, region: str, n: int, rng) -> dict:
    """``n`` sample points of family ``name`` in ``region``, as float64 columns."""
    pr, bg, bound, spread = REGIONS[region]
    cols = {"P": 10.0 ** rng.uniform(*pr, n), "R": 10.0 ** rng.uniform(*pr, n)}
    for s in catalog.parameters(name):
        if catalog.domain(s)[0] == "positive":
            cols[s.name] = 10.0 ** rng.uniform(*bg, n)
        else:
            k, b = n // 3, n // 6
            centres = (-1.0, 0.0) if s.name == "rho" else (0.0,)
            special = numpy.concatenate([_near(rng, k // len(centres) + 1, c, spread) for c in centres])[:k]
            band = rng.choice(centres, b) + rng.uniform(-0.25, 0.25, b)
            cols[s.name] = numpy.concatenate([rng.uniform(-bound, bound, n - k - b), band, special])
    return cols


def ulp_errors(got, true) -> numpy.ndarray:
    """``|got - true|`` in units of the last place of ``true`` (inf where ``got`` is not finite)."""
    got, true = numpy.asarray(got, dtype=float), numpy.asarray(true, dtype=float)
    with numpy.errstate(all="ignore"):
        err = numpy.abs(got - true) / numpy.spacing(numpy.abs(true))
    return numpy.where(numpy.isfinite(got), err, numpy.inf)


def true_value(name: str, *args, dps: int = 50) -> float:
    """The definition of ``name`` at float ``args`` with mpmath, rounded to float64.

    ``dps`` digits at least; more when an exponent is within 10**-k of a
    singular value (the formula then cancels ~k digits before the power 1/phi).
    """
    exponents = (
        [abs(float(args[3])), abs(float(args[3]) + 1)]
        if name == "g_beta_rho"
        else ([abs(float(args[3]))] if name == "power_mean" else [1.0])
    )
    small = min(x for x in exponents + [1.0] if x > 0) if any(x > 0 for x in exponents) else 1.0
    extra = int(max(0.0, -numpy.log10(small))) + 10
    with mpmath.workdps(dps + extra):
        return float(reference(name)(*[mpmath.mpf(float(a)) for a in args]))


def _true_values(name, cols, dps):
    keys = list(cols)
    return numpy.array([true_value(name, *[cols[k][i] for k in keys], dps=dps) for i in range(len(cols["P"]))])


def accuracy_table(
    *, points: int = 2000, seed: int = 0, dps: int = 50, regions=None, functions=None, backends=()
) -> list[Row]:
    """Max and median ULP error of each numeric function over each region (and max ULP per other backend)."""
    from . import numeric

    rows: list[Row] = []
    for region in regions or REGIONS:
        for name in functions or catalog.numeric_families():
            rng = numpy.random.default_rng([seed, len(rows)])
            cols = sample(name, region, points, rng)
            true = _true_values(name, cols, dps)
            got = getattr(numeric, name)(*cols.values())
            err = ulp_errors(got, true)
            bad = int(numpy.sum((true > 0) & numpy.isfinite(true) & ~(numpy.isfinite(got) & (got > 0))))
            i = int(numpy.argmax(err))
            worst = {k: float(v[i]) for k, v in cols.items()}
            others = {b: _backend_error(name, b, cols, dps) for b in backends}
            rows.append(Row(region, name, points, float(err.max()), float(numpy.median(err)), bad, worst, others))
    return rows


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m symmetric.accuracy", description=__doc__.split("\n\n")[0])
    parser.add_argument("--points", type=int, default=5000, help="sample points per region and function")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--worst", action="store_true", help="also print the worst point of each row")
    parser.add_argument(
        "--backends",
        default=None,
        help="comma-separated backends to add as columns (default: those installed), or 'none'",
    )
    args = parser.parse_args(argv)
    backends = (
        available_backends() if args.backends is None else [b for b in args.backends.split(",") if b and b != "none"]
    )
    unknown = [b for b in backends if b not in BACKENDS]
    if unknown:
        parser.error(f"unknown backends {unknown}; choose from {list(BACKENDS)}")
    rows = accuracy_table(points=args.points, seed=args.seed, backends=backends)
    print(
        f"{'region':<10} {'function':<11} {'points':>7} {'max ULP':>8} {'median':>7} {'bad':>4}"
        + "".join(f" {b:>8}" for b in backends)
    )
    for r in rows:
        print(r)
        if args.worst:
            print("    worst at", r.worst)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
