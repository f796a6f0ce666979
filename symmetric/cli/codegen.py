"""Write a standalone module for a metric family: NumPy (imports only numpy), Array API, PyTorch or JAX."""

from __future__ import annotations

import sys

from .._validation import InvalidParameterError
from ..numeric.backends import BACKENDS
from ._metric import output_path

# The options offered (argparse needs them before SymPy is loaded); module_source checks the values (their
# domains from symmetric.generate.catalog, and which ones a family takes), and errors name the option.
_PARAMETERS = ("beta", "rho", "gamma", "phi")


def add_arguments(p) -> None:
    p.add_argument("name", metavar="NAME", help="family: g_beta_rho, power_mean, f_beta")
    for name in _PARAMETERS:
        p.add_argument(f"--{name}", type=float, default=None, help=f"fix {name} (dropped from the signature)")
    p.add_argument(
        "--backend",
        choices=tuple(b.name for b in BACKENDS if b.codegen),  # the backend records (NumPy only, no SymPy)
        default="numpy",
        help="arrays the module computes on (default numpy; the others need array-api-compat, "
        "torch and jax their library)",
    )
    p.add_argument("-o", "--output", metavar="FILE.py", required=True, help="file to write")


def _as_option(exc: InvalidParameterError, fixed: dict, func: str) -> InvalidParameterError:
    """The error of ``module_source`` (which checks the values once) as the error of the option that gave it."""
    option = f"--{exc.param}" if exc.param in fixed else "NAME" if exc.param == "names" else None
    if option is None or exc.allowed is None:
        return exc
    return InvalidParameterError.of(option, func, exc.allowed, exc.got)


def run(args) -> int:
    from ..generate.kernels import module_source

    func = "symmetric codegen"
    fixed = {k: getattr(args, k) for k in _PARAMETERS if getattr(args, k) is not None}
    try:
        output = output_path(args.output, func=func, suffixes=(".py",))
        source = module_source(args.name, fixed=fixed, backend=getattr(args, "backend", "numpy"))
    except InvalidParameterError as exc:
        print(f"{func}: {_as_option(exc, fixed, func)}", file=sys.stderr)
        return 2
    output.write_text(source, encoding="utf-8")
    print(
        f"wrote {args.output}: {args.name}"
        + "".join(f", {k} = {v!r}" for k, v in fixed.items())
        + (f" (backend {args.backend})" if getattr(args, "backend", "numpy") != "numpy" else "")
    )
    return 0
