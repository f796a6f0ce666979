"""Every metric of a binary confusion matrix from its four counts, with the claims about each."""

from __future__ import annotations

import math
import sys

import numpy as np

from .._constraints import Interval, Options
from .._validation import InvalidParameterError

#: A cell of the confusion matrix: a (weighted) count.
_COUNT = Interval(float, 0, math.inf, closed="left", allowed="a finite count >= 0")


def add_arguments(p) -> None:
    for cell in ("tp", "fp", "fn", "tn"):
        p.add_argument(cell, metavar=cell.upper(), type=float, help=f"{cell.upper()}, a (weighted) count >= 0")
    p.add_argument(
        "--metric",
        action="append",
        metavar="NAME",
        help="only these metrics (repeat); default every binary record of CONFUSION_METRICS",
    )


def run(args) -> int:
    """Print one line per metric: name, value (or why it is undefined), summary and claim ids."""
    from ..metrics._confusion_scores import record_functions, record_values, records  # no SymPy

    known = records()

    func = "symmetric counts"
    cells = (args.tp, args.fp, args.fn, args.tn)
    binary = [name for name, r in known.items() if r.binary]
    try:
        for name, value in zip(("TP", "FP", "FN", "TN"), cells):
            _COUNT.check(value, name=name, func=func)
        names = Options(binary, allowed=f"one of {binary}")  # the registry's binary records, read when run
        for name in args.metric or ():
            names.check(name, name="--metric", func=func)
    except InvalidParameterError as exc:
        print(f"{func}: {exc}", file=sys.stderr)
        return 2
    width = max(len(n) for n in binary)
    for name in args.metric or binary:
        record = known[name]
        _, undefined_of = record_functions(name)
        with np.errstate(all="ignore"):
            zeros = [
                modifier
                for modifier, d in zip(record.undefined, undefined_of(*map(np.float64, cells)))
                if float(d) == 0
            ]
        value, _ = record_values(name, *cells)
        text = f"undefined (no {', no '.join(zeros)})" if zeros else f"{float(value):.6g}"
        claims = f"  [{', '.join(record.claims)}]" if record.claims else ""
        print(f"{name:<{width}}  {text:<28}  {record.summary}{claims}")
    return 0
