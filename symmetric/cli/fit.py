"""Fit beta and rho of G to preferences read from a CSV file, and optionally plot them on its level curves.

The CSV file has a header row and the columns ``kind,P,R,k,P2,R2``:

* ``tradeoff``: at (P, R) one unit of precision is worth ``k`` units of
  recall (P2, R2 empty);
* ``indifferent``: (P, R) and (P2, R2) are equally good (k empty);
* ``prefer``: (P, R) is better than (P2, R2) (k empty).

Numbers are decimals or fractions (``0.75``, ``3/4``); blank lines and lines
starting with ``#`` are skipped. Example::

    kind,P,R,k,P2,R2
    tradeoff,0.5,0.5,0.25,,
    indifferent,0.6,0.9,,0.9,0.6
    prefer,0.8,0.7,,0.6,0.9
"""

from __future__ import annotations

import csv
import json
import math
import sys
from fractions import Fraction

from .._validation import InvalidParameterError
from ._metric import DEFAULT_DPI, DPI, DRAWINGS, option_error, output_path

__all__ = ["add_arguments", "run", "read_statements", "COLUMNS"]

#: The columns of the CSV file.
COLUMNS = ("kind", "P", "R", "k", "P2", "R2")
_KINDS = {
    "tradeoff": "TradeOff",
    "trade-off": "TradeOff",
    "indifferent": "Indifference",
    "indifference": "Indifference",
    "prefer": "Preference",
    "preference": "Preference",
}


def add_arguments(p) -> None:
    p.add_argument("file", metavar="FILE.csv", help="statements, one per row: kind,P,R,k,P2,R2 (see --help)")
    from ..explore.preferences import DEFAULT_TOLERANCE, fittable_families

    p.add_argument(
        "--family",
        default="g_beta_rho",
        choices=tuple(fittable_families()),
        help="the family to fit (f_beta fixes rho = -2); default g_beta_rho",
    )
    p.add_argument(
        "--tolerance",
        type=float,
        default=DEFAULT_TOLERANCE,
        help=f"largest residual (log units) a statement may have to count as expressed (default {DEFAULT_TOLERANCE})",
    )
    p.add_argument("--json", action="store_true", help="print the fit as JSON")
    p.add_argument(
        "-o",
        "--output",
        metavar="FILE",
        help="also draw the level curves with the statements: FILE.png, FILE.svg or FILE.pdf",
    )
    p.add_argument("--dpi", type=int, default=DEFAULT_DPI, help=f"resolution of a PNG (default {DEFAULT_DPI})")
    p.epilog = __doc__.split("\n\n", 1)[1]
    p.formatter_class = __import__("argparse").RawDescriptionHelpFormatter


def _number(text: str, line: int, column: str) -> float:
    try:
        value = float(Fraction(text.strip()))
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"line {line}: column {column} must be a number such as 0.75 or 3/4, got {text!r}") from None
    if not math.isfinite(value):
        raise ValueError(f"line {line}: column {column} must be finite, got {text!r}")
    return value


def read_statements(lines) -> list:
    """The statements of a CSV text (an iterable of lines), as TradeOff, Indifference and Preference."""
    from ..explore import preferences

    rows = [
        (i, row)
        for i, row in enumerate(csv.reader(lines), start=1)
        if row and any(c.strip() for c in row) and not row[0].lstrip().startswith("#")
    ]
    if not rows:
        raise ValueError("no statements: the file is empty")
    header = [c.strip() for c in rows[0][1]]
    if header != list(COLUMNS):
        raise ValueError(f"line {rows[0][0]}: the header must be {','.join(COLUMNS)}, got {','.join(header)}")
    statements = []
    for line, row in rows[1:]:
        cells = dict(zip(COLUMNS, [c.strip() for c in row] + [""] * (len(COLUMNS) - len(row))))
        if len(row) > len(COLUMNS):
            raise ValueError(f"line {line}: expected at most {len(COLUMNS)} columns, got {len(row)}")
        kind = _KINDS.get(cells["kind"].lower())
        if kind is None:
            raise ValueError(f"line {line}: kind must be tradeoff, indifferent or prefer, got {cells['kind']!r}")
        needed = ("P", "R", "k") if kind == "TradeOff" else ("P", "R", "P2", "R2")
        unused = [c for c in ("k", "P2", "R2") if c not in needed and cells[c]]
        if unused:
            raise ValueError(f"line {line}: a {cells['kind']} statement leaves {', '.join(unused)} empty")
        values = [_number(cells[c], line, c) for c in needed]
        try:
            statements.append(getattr(preferences, kind)(*values))
        except InvalidParameterError as exc:
            raise ValueError(f"line {line}: {exc}") from None
    return statements


def _json(fit) -> str:
    def number(x):  # JSON has no nan or inf: null for an undetermined or unbounded end
        return x if math.isfinite(x) else None

    return json.dumps(
        {
            "family": fit.family,
            "beta": fit.beta,
            "rho": fit.rho,
            "stipulated_rho_0": fit.stipulated,
            "beta_interval": [number(x) for x in fit.beta_interval],
            "rho_interval": [number(x) for x in fit.rho_interval],
            "rms": fit.rms,
            "tolerance": fit.tolerance,
            "expressible": fit.expressible,
            "statements": [{"statement": str(s), "residual": float(r)} for s, r in zip(fit.statements, fit.residuals)],
            "conflicts": [list(c) for c in fit.conflicts],
        },
        indent=1,
    )


def run(args) -> int:
    from ..explore import fit_preferences

    func = "symmetric fit"
    try:
        if args.output:  # checked before any work: suffix, existing and writable folder
            output_path(args.output, func=func, suffixes=DRAWINGS)
        DPI.check(args.dpi, name="--dpi", func=func)
        with open(args.file, encoding="utf-8", newline="") as handle:
            statements = read_statements(handle)
        fit = fit_preferences(statements, family=args.family, tolerance=args.tolerance)  # checked there, once
    except InvalidParameterError as exc:
        print(f"{func}: {option_error(exc, {'tolerance': '--tolerance'}, func=func)}", file=sys.stderr)
        return 2
    except (OSError, ValueError) as exc:
        print(f"{func}: {exc}", file=sys.stderr)
        return 2
    print(_json(fit) if args.json else fit)
    if args.output:
        try:
            from ..plot import close

            ax = _draw_fit(fit)
        except ImportError as exc:
            print(f"{func}: {exc}", file=sys.stderr)
            return 1
        ax.figure.savefig(args.output, dpi=args.dpi)
        close(ax.figure)
        if not args.json:
            print(f"wrote {args.output}")
    return 0


def _draw_fit(fit, *, ax=None):
    """The level curves of a fitted G with the statements drawn on them.

    Trade-offs are short segments with the stated slope ``dP/dR = -1/k``;
    indifferent points are joined by a dotted line; a preference is an
    arrow from the worse point to the better. Statements off the fit are red.
    """
    import numpy as np

    from ..explore.preferences import Indifference, TradeOff
    from ..plot import level_curves

    rho = 0.0 if fit.stipulated else fit.rho  # a fixed rho (F_beta's -2) is fit.rho too
    title = rf"fitted $G_{{\beta,\rho}}$: $\beta = {fit.beta:.4g}$, $\rho = {rho:.4g}$"
    ax = level_curves(
        "g_beta_rho", ax=ax, beta=_exact_if_integer(fit.beta), rho=_exact_if_integer(rho), break_even=False, title=title
    )
    if rho != 0:  # the break-even line R = beta P (claim break_even.g.solved)
        end = (1.0, 1.0 / fit.beta) if fit.beta >= 1 else (fit.beta, 1.0)
        ax.plot(
            [0, end[0]],
            [0, end[1]],
            color="black",
            linestyle=(0, (5, 3)),
            linewidth=1.4,
            label=rf"break-even $R = {fit.beta:.3g}P$",
        )
        ax.legend(loc="lower right", fontsize=7.5, framealpha=0.9)
    for i, (s, r) in enumerate(zip(fit.statements, fit.residuals)):
        color = "white" if abs(r) <= fit.tolerance else "#ff4040"
        if isinstance(s, TradeOff):
            d = np.array([1.0, -1.0 / s.k])
            d *= 0.07 / np.hypot(*d)
            ax.plot([s.R - d[0], s.R + d[0]], [s.P - d[1], s.P + d[1]], color=color, linewidth=2.4, zorder=5)
            ax.plot([s.R], [s.P], "o", color=color, markersize=4, zorder=6)
            ax.annotate(
                f"[{i}] k={s.k:g}",
                (s.R, s.P),
                xytext=(4, 4),
                textcoords="offset points",
                color=color,
                fontsize=7,
                zorder=6,
            )
        else:
            if isinstance(s, Indifference):
                ax.plot([s.R, s.R2], [s.P, s.P2], ":o", color=color, markersize=4, zorder=5)
            else:
                ax.annotate(
                    "",
                    xy=(s.R, s.P),
                    xytext=(s.R2, s.P2),
                    zorder=5,
                    arrowprops={"arrowstyle": "->", "color": color, "linewidth": 1.6},
                )
            ax.annotate(f"[{i}]", (s.R, s.P), xytext=(4, 4), textcoords="offset points", color=color, fontsize=7)
    return ax


def _exact_if_integer(x: float):
    """A float that is an integer as an int, so that the family picks its closed form."""
    return int(x) if float(x).is_integer() else float(x)
