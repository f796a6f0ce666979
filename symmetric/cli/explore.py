"""Analyse a metric given as an expression in P and R (or a family name): break-even, curvature, limits, properties."""

from __future__ import annotations

import json
import sys

from .._validation import InvalidParameterError
from ..explore.arguments import DEFAULT_BUDGET, DEFAULT_TIMEOUT
from ..families import PARAMETERS
from ._metric import as_option_error, declared, metric_expression, option_error, parameter_values, ranges

__all__ = ["add_arguments", "run"]


def add_arguments(p) -> None:
    p.add_argument(
        "expr",
        metavar="EXPR",
        help="an expression in P and R, e.g. '(beta*P**2 + R**2)/(beta*P + R)', or a family name "
        "such as g_beta_rho; allowed: P, R, parameters, numbers, + - * / ** ( ), "
        "exp, log, sqrt, Abs, Min, Max",
    )
    p.add_argument(
        "--param",
        action="append",
        default=[],
        metavar="NAME[=VALUE|=LO..HI]",
        help=f"declare a parameter (a positive symbol unless it is {', '.join(PARAMETERS)}: a registered "
        "family's), fix its value, or declare its range LO < NAME < HI (either end may be left out); "
        "repeatable",
    )
    p.add_argument("--json", action="store_true", help="print the analysis as JSON")
    p.add_argument(
        "--timeout", type=float, default=DEFAULT_TIMEOUT, help=f"seconds per check (default {DEFAULT_TIMEOUT:g})"
    )
    p.add_argument(
        "--budget",
        type=float,
        default=DEFAULT_BUDGET,
        help=f"seconds for the whole analysis (default {DEFAULT_BUDGET:g})",
    )
    p.add_argument("--no-limits", action="store_true", help="skip the limits (the slowest part)")


def run(args) -> int:
    from ..explore import analyze

    func = "symmetric explore"
    specs = [("--param", spec) for spec in args.param]
    try:
        values = parameter_values(specs, func=func)
        expr = metric_expression(args.expr, declared(values), func=func)
        analysis = analyze(
            expr, timeout=args.timeout, budget=args.budget, limits=not args.no_limits, ranges=ranges(values)
        )
    except InvalidParameterError as exc:  # a value is checked once, where it is used: the error names the option
        exc = option_error(exc, {"timeout": "--timeout", "budget": "--budget"}, func=func)  # analyze's declaration
        print(f"symmetric explore: {as_option_error(exc, specs, func=func)}", file=sys.stderr)
        return 2
    print(json.dumps(analysis.to_dict(), indent=1) if args.json else analysis)
    return 0
