"""Plot the level curves of a family or expression to PNG, SVG or PDF (needs matplotlib)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from .._validation import InvalidParameterError
from ._metric import parameter_values, symbolic_metric

__all__ = ["add_arguments", "run"]

_FORMATS = (".png", ".svg", ".pdf")
_LIBRARY = ("beta", "gamma", "rho", "phi")


def add_arguments(p) -> None:
    # Let values such as "-3,-2,0,3" follow an option (Python >= 3.13 does this by itself).
    if hasattr(p, "_negative_number_matcher"):
        p._negative_number_matcher = re.compile(r"^-\.?\d")
    p.add_argument("metric", metavar="NAME",
                   help="a registered family (g_beta_rho, power_mean, f_beta, f_beta_alternative) or an expression "
                        "in P and R")
    for name in _LIBRARY:
        p.add_argument(f"--{name}", metavar="VALUE", help=f"value of {name}")
    p.add_argument("--param", action="append", default=[], metavar="NAME=VALUE",
                   help="value of another parameter of an expression; repeatable")
    p.add_argument("--vary", metavar="NAME", help="draw one panel per value of this parameter")
    p.add_argument("--values", metavar="V1,V2,...", help="the values of --vary, comma-separated")
    p.add_argument("--levels", type=int, default=None, help="number of contour levels (default 9)")
    p.add_argument("--dpi", type=int, default=200, help="resolution of a PNG (default 200)")
    p.add_argument("-o", "--output", required=True, metavar="FILE", help="FILE.png, FILE.svg or FILE.pdf")


def _values(args, func):
    specs = [f"{n}={getattr(args, n)}" for n in _LIBRARY if getattr(args, n) is not None] + list(args.param)
    values = parameter_values(specs, func=func)
    if any(v is None for v in values.values()):
        raise InvalidParameterError.of("--param", func, "NAME=VALUE", [n for n, v in values.items() if v is None])
    return values


def run(args) -> int:
    func = "symmetric plot"
    try:
        output = Path(args.output)
        if output.suffix.lower() not in _FORMATS:
            raise InvalidParameterError.of("--output", func, f"a file name ending in one of {list(_FORMATS)}",
                                           args.output)
        values = _values(args, func)
        names = list(values) + ([args.vary] if args.vary else [])
        metric = symbolic_metric(args.metric, names, func=func)
        if (args.vary is None) != (args.values is None):
            raise InvalidParameterError.of("--vary", func, "given together with --values", args.vary)
        if args.dpi < 20 or args.dpi > 1200:
            raise InvalidParameterError.of("--dpi", func, "from 20 to 1200", args.dpi)
        from .. import plot

        if args.vary:
            grid_values = [parameter_values([f"{args.vary}={v}"], func=func)[args.vary] for v in args.values.split(",")]
            figure = plot.family_grid(metric, vary=args.vary, values=grid_values, levels=args.levels, **values)
        else:
            figure = plot.level_curves(metric, levels=args.levels, **values).figure
    except InvalidParameterError as exc:
        print(f"symmetric plot: {exc}", file=sys.stderr)
        return 2
    except ImportError as exc:
        print(f"symmetric plot: {exc}", file=sys.stderr)
        return 1
    figure.savefig(output, dpi=args.dpi)
    width, height = (round(x * args.dpi) for x in figure.get_size_inches())
    plot.close(figure)
    print(f"wrote {output} ({width} x {height} px at {args.dpi} dpi)" if output.suffix.lower() == ".png"
          else f"wrote {output}")
    return 0
