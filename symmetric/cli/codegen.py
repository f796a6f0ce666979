"""Write a standalone module for a metric family: NumPy (imports only numpy), Array API, PyTorch or JAX."""

from __future__ import annotations

import sys

from .._validation import InvalidParameterError
from ..numeric.backends import BACKENDS
from ._metric import option_error, output_path


def _numeric() -> tuple[list[str], list[str]]:
    """The families with generated code and their parameters, read from the records (module_source checks the
    values: their domains from symmetric.generate.catalog, and which ones a family takes; errors name the option)."""
    from ..families import FAMILIES

    names = [name for name, family in FAMILIES.items() if family.numeric]
    return names, list(dict.fromkeys(p for name in names for p in FAMILIES[name].parameter_names))


def add_arguments(p) -> None:
    names, parameters = _numeric()
    p.add_argument("name", metavar="NAME", help=f"family: {', '.join(names)}")
    for name in parameters:
        p.add_argument(f"--{name}", type=float, default=None, help=f"fix {name} (dropped from the signature)")
    p.add_argument(
        "--backend",
        choices=tuple(b.name for b in BACKENDS if b.codegen),  # the backend records (NumPy only, no SymPy)
        default="numpy",
        help="arrays the module computes on (default numpy; the others need array-api-compat, "
        "torch and jax their library)",
    )
    p.add_argument("-o", "--output", metavar="FILE.py", required=True, help="file to write")


def run(args) -> int:
    from ..generate.kernels import module_source

    func = "symmetric codegen"
    fixed = {k: getattr(args, k) for k in _numeric()[1] if getattr(args, k, None) is not None}
    try:
        output = output_path(args.output, func=func, suffixes=(".py",))
        source = module_source(args.name, fixed=fixed, backend=getattr(args, "backend", "numpy"))
    except InvalidParameterError as exc:
        # module_source checks the values once: its error, as the error of the option that gave the value
        options = {"names": "NAME", **{name: f"--{name}" for name in fixed}}
        print(f"{func}: {option_error(exc, options, func=func)}", file=sys.stderr)
        return 2
    output.write_text(source, encoding="utf-8")
    print(
        f"wrote {args.output}: {args.name}"
        + "".join(f", {k} = {v!r}" for k, v in fixed.items())
        + (f" (backend {args.backend})" if getattr(args, "backend", "numpy") != "numpy" else "")
    )
    return 0
