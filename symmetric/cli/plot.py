"""Plot the level curves of a family or expression to PNG, SVG or PDF (needs matplotlib)."""

from __future__ import annotations

import inspect
import re
import sys
import warnings

import sympy

from .._constraints import Rule
from .._validation import InvalidParameterError
from ..explore.parser import parse_value
from ..families import FAMILIES, PARAMETERS
from ._metric import (
    DEFAULT_DPI,
    DPI,
    DRAWINGS,
    TOGETHER,
    as_option_error,
    option_error,
    output_path,
    parameter_values,
    symbolic_metric,
)

__all__ = ["add_arguments", "run"]

#: The options handed to the plotting functions as they are: checked by their declarations (the error's param).
_PASSED = {"levels": "--levels", "resolution": "--resolution"}
#: A value given for a parameter of the metric.
_NUMBER = Rule("NAME=VALUE with a number VALUE")


def _library() -> tuple[str, ...]:
    """The registered families' parameters, each an option (``--beta``): read from the records."""
    return tuple(PARAMETERS)


def add_arguments(p) -> None:
    # Let values such as "-3,-2,0,3" follow an option (Python >= 3.13 does this by itself).
    if hasattr(p, "_negative_number_matcher"):
        p._negative_number_matcher = re.compile(r"^-\.?\d")
    p.add_argument(
        "metric", metavar="NAME", help=f"a registered family ({', '.join(FAMILIES)}) or an expression in P and R"
    )
    for name in _library():
        p.add_argument(f"--{name}", metavar="VALUE", help=f"value of {name}")
    p.add_argument(
        "--param",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="value of another parameter of an expression; repeatable",
    )
    p.add_argument("--vary", metavar="NAME", help="draw one panel per value of this parameter")
    p.add_argument("--values", metavar="V1,V2,...", help="the values of --vary, comma-separated")
    p.add_argument(
        "--levels",
        type=int,
        default=None,
        help="about how many contour levels, at round values (default 9: 0.1, ..., 0.9)",
    )
    p.add_argument("--dpi", type=int, default=DEFAULT_DPI, help=f"resolution of a PNG (default {DEFAULT_DPI})")
    from .. import plot  # light: neither SymPy nor matplotlib

    one, grid = (inspect.signature(f).parameters["resolution"].default for f in (plot.level_curves, plot.family_grid))
    p.add_argument(
        "--resolution",
        type=int,
        default=None,
        metavar="N",
        help=f"grid points per axis at which the metric is evaluated (default {one}, {grid} per panel)",
    )
    p.add_argument("-o", "--output", required=True, metavar="FILE", help="FILE.png, FILE.svg or FILE.pdf")


def _specs(args) -> list:
    """The ``(option, "NAME=VALUE")`` pairs given: the families' options (``--beta``) and ``--param``."""
    specs = [(f"--{n}", f"{n}={getattr(args, n)}") for n in _library() if getattr(args, n, None) is not None]
    return specs + [("--param", spec) for spec in args.param]


def _values(args, func):
    values = parameter_values(_specs(args), func=func)
    for name, value in values.items():
        if value is None or isinstance(value, sympy.Interval):
            _NUMBER.refuse(name, name=f"--{name}" if name in _library() else "--param", func=func)
    return values


def _grid_values(args, func):
    """The values of ``--values``, each read by the parser; how many: family_grid's declaration (``values``)."""
    return [parse_value(text, func=func, param="--values") for text in args.values.split(",")]


def run(args) -> int:
    func = "symmetric plot"
    try:
        output = output_path(args.output, func=func, suffixes=DRAWINGS)
        values = _values(args, func)
        names = list(values) + ([args.vary] if args.vary else [])
        metric = symbolic_metric(args.metric, names, func=func)
        if (args.vary is None) != (args.values is None):
            TOGETHER.refuse(args.vary, name="--vary", func=func)
        DPI.check(args.dpi, name="--dpi", func=func)
        grid = {} if args.resolution is None else {"resolution": args.resolution}
        from .. import plot

        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", plot.UnboundedMetricWarning)
            if args.vary:
                figure = plot.family_grid(
                    metric, vary=args.vary, values=_grid_values(args, func), levels=args.levels, **grid, **values
                )
            else:
                figure = plot.level_curves(metric, levels=args.levels, **grid, **values).figure
        for w in caught:
            print(f"symmetric plot: warning: {w.message}", file=sys.stderr)
    except InvalidParameterError as exc:
        print(f"symmetric plot: {_option_named(exc, args, func)}", file=sys.stderr)
        return 2
    except ImportError as exc:
        print(f"symmetric plot: {exc}", file=sys.stderr)
        return 1
    figure.savefig(output, dpi=args.dpi)
    width, height = (round(x * args.dpi) for x in figure.get_size_inches())
    plot.close(figure)
    print(
        f"wrote {output} ({width} x {height} px at {args.dpi} dpi)"
        if output.suffix.lower() == ".png"
        else f"wrote {output}"
    )
    return 0


def _option_named(exc, args, func) -> InvalidParameterError:
    """The error, as the error of the option that gave the parameter the library refused (the error's ``param``)."""
    if exc.allowed is None:
        return exc
    if args.vary and exc.param == args.vary:
        return exc.renamed("--values", func, allowed=f"values of {exc.param} each {exc.allowed}", got=args.values)
    if exc.param == "values":  # family_grid's declaration: how many values, the text given
        return exc.renamed("--values", func, got=args.values)
    if exc.param in _PASSED:  # the plotting function's declaration: its text, the option's name
        return option_error(exc, _PASSED, func=func)
    return as_option_error(exc, _specs(args), func=func)
