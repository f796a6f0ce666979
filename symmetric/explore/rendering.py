"""An analysis as text for the terminal, Markdown for Jupyter, and JSON-ready data."""

from __future__ import annotations

import sympy

from ..verify import Verdict
from .geometry import EVERY_RATIO

__all__ = ["text_report", "markdown_report", "as_dict", "summary", "show", "latex", "verdict_text", "markdown_verdict"]

_GEOMETRY = [
    ("break_even", "break-even ratio R/P", "break_even"),
    ("slope", "slope S = dP/dR", "slope"),
    ("neutral_curvature", "neutral curvature", "neutral_curvature"),
    ("equivalent_rho", "equivalent rho", None),
    ("curvature", "curvature", None),
]


def _condition(c) -> str:
    if c is sympy.true or c is True:
        return "otherwise"
    if isinstance(c, sympy.Eq):
        return f"{sympy.sstr(c.lhs)} = {sympy.sstr(c.rhs)}"
    if isinstance(c, sympy.Ne):
        return f"{sympy.sstr(c.lhs)} != {sympy.sstr(c.rhs)}"
    if isinstance(c, sympy.And):
        return ", ".join(_condition(a) for a in c.args)
    return sympy.sstr(c)


def show(expr) -> str:
    """An expression on one line; a Piecewise as its general value followed by the exceptions."""
    if expr is None:
        return "none"
    if expr == EVERY_RATIO:
        return "every ratio"
    if isinstance(expr, sympy.Piecewise):
        *special, (general, last) = expr.args
        parts = [sympy.sstr(general) + ("" if last is sympy.true else f" if {_condition(last)}")]
        parts += [f"{sympy.sstr(v)} if {_condition(c)}" for v, c in special]
        return "; ".join(parts)
    return sympy.sstr(expr)


def verdict_text(v: Verdict | None) -> str:
    if v is None:
        return ""
    if v.refuted:
        return f"refuted at {v.counterexample_text() or 'the only point'}"
    return v.status


def _range_text(symbol, interval) -> str:
    left = "" if interval.inf == -sympy.oo else f"{sympy.sstr(interval.inf)} {'<' if interval.left_open else '<='} "
    right = "" if interval.sup == sympy.oo else f" {'<' if interval.right_open else '<='} {sympy.sstr(interval.sup)}"
    return f"{left}{symbol}{right}"


def _symbols_text(analysis) -> str:
    ranges = getattr(analysis, "ranges", {}) or {}
    kinds = [
        _range_text(s, ranges[s]) if s in ranges else f"{s} > 0" if s.is_positive else f"{s} real"
        for s in analysis.parameters
    ]
    return ", ".join(kinds) or "none"


def summary(analysis) -> str:
    """One line: the metric and its break-even ratio, for ``repr``."""
    ratio = analysis.break_even
    return f"f({analysis.P}, {analysis.R}) = {show(analysis.expr)}: break-even ratio {show(ratio)}" + (
        f", equivalent rho {show(analysis.equivalent_rho)}" if analysis.equivalent_rho is not None else ""
    )


def text_report(analysis) -> str:
    """The analysis for the terminal."""
    lines = [f"f({analysis.P}, {analysis.R}) = {show(analysis.expr)}", f"parameters: {_symbols_text(analysis)}"]
    if len(analysis.regimes) > 1:
        lines.append("regimes: " + "; ".join(g.regime.label or "all" for g in analysis.regimes))
    lines += ["", f"Level curves ({analysis.R} across, {analysis.P} up)"]
    for attr, title, key in _GEOMETRY:
        value = getattr(analysis, attr)
        verdict = verdict_text(analysis.verdicts.get(key)) if key and value is not None else ""
        lines.append(f"  {title:<22} {show(value):<40} {verdict}".rstrip())
        if attr == "break_even" and analysis.break_even_note:
            lines.append(f"  {'':<22} {analysis.break_even_note}")
    lines += ["", "Properties"]
    for p in analysis.properties.values():
        lines.append(f"  {p.name:<16} {p.statement:<47} {verdict_text(p.verdict)}")
        if p.detail:
            lines.append(f"  {'':<16} {p.detail}")
    if analysis.limits:
        lines += ["", "Limits"]
        for r in analysis.limits:
            where = f" ({r.label})" if r.label else ""
            lines.append(f"  {r.approach + where:<34} {show(r.value):<40} {verdict_text(r.verdict)}".rstrip())
    lines += [
        "",
        f"{analysis.seconds:.1f} s"
        + (f"; {analysis.skipped} steps skipped for lack of time (raise the budget)" if analysis.skipped else ""),
    ]
    return "\n".join(lines)


def markdown_verdict(v: Verdict | None) -> str:
    """A verdict in a Markdown cell: the status, and the counterexample typeset."""
    if v is None:
        return ""
    if v.refuted and v.counterexample:
        point = ", ".join(
            f"{sympy.latex(k)} = {sympy.latex(x)}"
            for k, x in sorted(v.counterexample.items(), key=lambda kv: str(kv[0]))
        )
        return f"refuted at ${point}$"
    return _cell(verdict_text(v))


def latex(expr) -> str:
    if expr is None or expr == EVERY_RATIO:
        return show(expr)
    return "$" + sympy.latex(expr).replace("|", r"\vert ") + "$"


def _cell(text: str) -> str:
    return text.replace("|", r"\|")


def markdown_report(analysis) -> str:
    """The analysis as Markdown with LaTeX formulas, as Jupyter renders it."""
    lines = [
        f"**Analysis of** $f({analysis.P}, {analysis.R}) = {sympy.latex(analysis.expr)}$",
        "",
        f"Parameters: {_symbols_text(analysis)}. Level curves are drawn with {analysis.R} across, {analysis.P} up.",
        "",
        "| quantity | value | verdict |",
        "| --- | --- | --- |",
    ]
    for attr, title, key in _GEOMETRY:
        value = getattr(analysis, attr)
        verdict = markdown_verdict(analysis.verdicts.get(key)) if key and value is not None else ""
        lines.append(f"| {title} | {latex(value)} | {verdict} |")
    if analysis.break_even_note:
        lines += ["", f"Break-even: {_cell(analysis.break_even_note)}."]
    lines += ["", "| property | statement | verdict | detail |", "| --- | --- | --- | --- |"]
    for p in analysis.properties.values():
        lines.append(f"| {p.name} | {_cell(p.statement)} | {markdown_verdict(p.verdict)} | {_cell(p.detail)} |")
    if analysis.limits:
        lines += ["", "| limit | where | value | verdict |", "| --- | --- | --- | --- |"]
        for r in analysis.limits:
            lines.append(
                f"| {_cell(r.approach)} | {_cell(r.label)} | {latex(r.value)} | {markdown_verdict(r.verdict)} |"
            )
    return "\n".join(lines)


def _verdict_dict(v: Verdict | None) -> dict | None:
    return None if v is None else _verdict_fields(v)


def _verdict_fields(v: Verdict) -> dict:
    return {
        "status": v.status,
        "method": v.method,
        "seconds": round(v.seconds, 3),
        "detail": v.detail,
        "counterexample": {str(k): sympy.sstr(x) for k, x in v.counterexample.items()},
    }


def _expr(e) -> str | None:
    return None if e is None else sympy.sstr(e)


def as_dict(analysis) -> dict:
    """JSON-ready data: expressions as SymPy strings, verdicts as dicts."""
    return {
        "expr": _expr(analysis.expr),
        "parameters": {
            str(s): _range_text(s, analysis.ranges[s])
            if s in analysis.ranges
            else "positive"
            if s.is_positive
            else "real"
            for s in analysis.parameters
        },
        "regimes": [g.regime.label or "all" for g in analysis.regimes],
        **{attr: _expr(getattr(analysis, attr)) for attr, _, _ in _GEOMETRY},
        "break_even_note": analysis.break_even_note,
        "verdicts": {k: _verdict_dict(v) for k, v in analysis.verdicts.items()},
        "properties": {
            name: {
                "statement": p.statement,
                **_verdict_fields(p.verdict),
                "detail_property": p.detail,
                "holds_when": {str(k): sympy.sstr(v) for k, v in p.holds_when.items()},
            }
            for name, p in analysis.properties.items()
        },
        "limits": [
            {
                "approach": r.approach,
                "symbol": str(r.symbol),
                "point": sympy.sstr(r.point),
                "direction": r.direction,
                "where": r.label,
                "value": _expr(r.value),
                **_verdict_fields(r.verdict),
            }
            for r in analysis.limits
        ],
        "seconds": round(analysis.seconds, 3),
        "skipped": analysis.skipped,
    }
