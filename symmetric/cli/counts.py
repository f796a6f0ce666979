"""Every metric of a binary confusion matrix from its four counts, with the claims about each.

The metrics are those ``confidence_interval`` takes by name (precision,
recall, specificity, accuracy, balanced precision, F_1, F_beta at ``--beta``,
G at ``--beta`` and ``--rho``) and every binary record of
:data:`symmetric.families.CONFUSION_METRICS` (MCC, kappa, balanced accuracy,
...), each computed by :mod:`symmetric.metrics` (the generated code, the
scores' own undefined cases), with no SymPy. The cells are read in the order
TP FP FN TN, or by name (``--tn 80 --fp 5 --fn 3 --tp 10``, any order):
scikit-learn's ``confusion_matrix(...).ravel()`` gives TN, FP, FN, TP.
"""

from __future__ import annotations

import json
import math
import re
import sys

import numpy as np

from .._constraints import Interval, Options, Rule
from .._validation import InvalidParameterError

#: A cell of the confusion matrix: a (weighted) count.
_COUNT = Interval(float, 0, math.inf, closed="left", allowed="a finite count >= 0")
#: A cell given both in its place and by name.
_TWICE = "{cell} given once (it is also given positionally)"
#: The cells, in the order of the positional arguments.
_CELLS = ("tp", "fp", "fn", "tn")
#: The metrics ``symmetric.metrics`` knows by name, as this command shows them: name -> (summary, the margins
#: whose emptiness leaves it undefined, in the words of the records' undefined cases). F_beta and G are shown at
#: the given ``--beta`` (and ``--rho``); F_1 always.
_NAMED = {
    "precision": ("precision, the share of predicted positives that are true (PPV)", ("predicted",)),
    "recall": ("recall, the share of true positives found (sensitivity, TPR)", ("true",)),
    "specificity": ("specificity, the share of true negatives found (TNR)", ("negative",)),
    "accuracy": ("accuracy, the share of samples predicted right", ("samples",)),
    "f1": ("F_1, the harmonic mean of precision and recall", ("true nor predicted",)),
    "f_beta": ("F_beta at the given beta", ("true nor predicted",)),
    "g_beta_rho": ("G_{beta,rho} at the given beta and rho", ("true", "predicted")),
    "balanced_precision": ("precision at a prevalence of 1/2", ("true", "negative", "predicted")),
}
#: The cells (indices into TP, FP, FN, TN) whose sum is each margin named above.
_MARGINS = {
    "predicted": (0, 1),
    "true": (0, 2),
    "negative": (1, 3),
    "samples": (0, 1, 2, 3),
    "true nor predicted": (0, 1, 2),
}


def add_arguments(p) -> None:
    # A cell such as -1 or -inf is read as a (refused) value, not as an option.
    if hasattr(p, "_negative_number_matcher"):
        p._negative_number_matcher = re.compile(r"^-(\.?\d|inf|nan)", re.IGNORECASE)
    for cell in _CELLS:
        p.add_argument(
            cell,
            metavar=cell.upper(),
            type=float,
            nargs="?",
            help=f"{cell.upper()}, a (weighted) count >= 0 (or --{cell})",
        )
    for cell in _CELLS:
        p.add_argument(
            f"--{cell}",
            dest=f"named_{cell}",
            metavar="COUNT",
            type=float,
            help=f"{cell.upper()} by name: the four cells in any order, e.g. the TN, FP, FN, TP of scikit-learn's "
            "confusion_matrix(...).ravel() as --tn --fp --fn --tp"
            if cell == "tp"
            else f"{cell.upper()} by name",
        )
    p.add_argument(
        "--metric",
        action="append",
        metavar="NAME",
        help="only these metrics (repeat); default every metric known by name and every binary record of "
        "CONFUSION_METRICS",
    )
    p.add_argument("--beta", type=float, default=None, help="also F_beta (and G with --rho) at this beta")
    p.add_argument("--rho", type=float, default=None, help="also G_{beta,rho} at this rho (beta: --beta, else 1)")
    p.add_argument("--json", action="store_true", help="print the cells and every metric as JSON")


def _cells(args, func: str) -> tuple[float, ...]:
    """The four cells, each given in its place or by name (not both), each checked."""
    cells = []
    for place, cell in enumerate(_CELLS, 1):
        positional, by_name = getattr(args, cell), getattr(args, f"named_{cell}")
        if positional is not None and by_name is not None:
            Rule(_TWICE.format(cell=cell.upper())).refuse(by_name, name=f"--{cell}", func=func)
        if positional is None and by_name is None:
            note = f": {cell.upper()} is missing (give it in place {place} or as --{cell})"
            _COUNT.refuse(None, name=f"--{cell}", func=func, note=note)
        option = cell.upper() if by_name is None else f"--{cell}"
        cells.append(_COUNT.check(positional if by_name is None else by_name, name=option, func=func))
    return tuple(cells)


def _shown(args, records) -> list[str]:
    """The names of the metrics to show, in order: the named ones (F_beta, G when their parameters are given),
    then the binary records."""
    named = [
        n for n in _NAMED if (n != "f_beta" or args.beta is not None) and (n != "g_beta_rho" or args.rho is not None)
    ]
    return named + [n for n, r in records.items() if r.binary and n not in _NAMED]


def _row(name, cells, args, records):
    """``(value or None, the words of its undefined cases, summary, claims, parameters)`` of one metric."""
    from ..metrics._count_metrics import resolve_metric

    beta = 1.0 if args.beta is None or name == "f1" else args.beta
    rho = -2.0 if args.rho is None else args.rho
    parameters = {"f_beta": {"beta": beta}, "g_beta_rho": {"beta": beta, "rho": rho}}.get(name, {})
    metric = resolve_metric(name, beta=beta, rho=rho, func="symmetric counts", zero_division=np.nan)
    with np.errstate(all="ignore"):
        value = float(metric.values(*(np.float64(c) for c in cells)))
    if name in _NAMED:
        summary, margins = _NAMED[name]
        empty = [m for m in margins if sum(cells[i] for i in _MARGINS[m]) == 0]
        claims: tuple = ()
    else:
        from ..metrics._confusion_scores import record_functions

        record = records[name]
        summary, claims = record.summary, record.claims
        _, undefined_of = record_functions(name)
        with np.errstate(all="ignore"):
            zeros = undefined_of(*(np.float64(c) for c in cells))
        empty = [word for word, d in zip(record.undefined, zeros) if float(d) == 0]
    if not math.isfinite(value):
        return None, empty, summary, claims, parameters
    return value, [], summary, claims, parameters


def run(args) -> int:
    """Print one line per metric: name, value (or why it is undefined), summary and claim ids; or JSON."""
    from .._constraints import constraints_of
    from ..metrics import confidence_interval
    from ..metrics._confusion_scores import records  # no SymPy

    declared = constraints_of(confidence_interval)  # beta and rho as the metrics declare them

    func = "symmetric counts"
    known = records()
    try:
        cells = _cells(args, func)
        for option, value in (("--beta", args.beta), ("--rho", args.rho)):
            if value is not None:
                declared[option[2:]].check(value, name=option, func=func)
        shown = _shown(args, known)
        every = [*_NAMED, *(n for n in shown if n not in _NAMED)]  # --metric f_beta without --beta: at beta 1
        names = Options(every, allowed=f"one of {every}")  # the generated binary records (and F, G)
        for name in args.metric or ():
            if name not in every and not (name in known and known[name].binary):  # a record registered at run time
                names.check(name, name="--metric", func=func)
    except InvalidParameterError as exc:
        print(f"{func}: {exc}", file=sys.stderr)
        return 2
    rows = {name: _row(name, cells, args, known) for name in (args.metric or shown)}
    if args.json:
        print(json.dumps(_as_json(cells, rows), indent=2, allow_nan=False))
        return 0
    print("cells: " + ", ".join(f"{c.upper()} = {v:g}" for c, v in zip(_CELLS, cells)))
    width = max(len(n) for n in rows)
    for name, (value, empty, summary, claims, parameters) in rows.items():
        text = f"{value:.6g}" if value is not None else "undefined" + (f" (no {', no '.join(empty)})" if empty else "")
        at = ", ".join(f"{k} = {v:g}" for k, v in parameters.items())
        shown_claims = f"  [{', '.join(claims)}]" if claims else ""
        print(f"{name:<{width}}  {text:<28}  {summary}{f' ({at})' if at else ''}{shown_claims}")
    return 0


def _as_json(cells, rows) -> dict:
    return {
        "cells": dict(zip((c.upper() for c in _CELLS), cells)),
        "metrics": [
            {
                "name": name,
                "value": value,
                "undefined": [f"no {w}" for w in empty],
                "parameters": parameters,
                "summary": summary,
                "claims": list(claims),
            }
            for name, (value, empty, summary, claims, parameters) in rows.items()
        ],
    }
