"""Conditions a document states outside its steps: in the prose near a display, or as a lone equation.

"The partial derivatives are equal when $R/P = \\beta$", "on the break-even line $R = \\beta P$": inline
math after such words is a condition on the display it accompanies, never a step. A display that only
gives a symbol a value (``$$R = \\beta P$$``, or ``P = \\frac{TP}{TP + FP}`` row by row) is one too. A step
refuted as an identity that holds under one of them is "unknown", with the condition named: the
refutation would not hold under every reasonable reading.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import sympy

from .latex import LatexError, tokenize
from .latex_parser import parse_tokens

__all__ = ["Condition", "prose_conditions", "solved"]

_INLINE = re.compile(r"(?<![\$\\])\$(?!\$)([^$\n]{1,200}?)(?<!\\)\$|\\\((.{1,200}?)\\\)", re.DOTALL)
_TRIGGER = re.compile(
    r"\b(at|when|whenever|where|if|given|assuming|provided|along|on the [\w-]+ line|"
    r"on the line|for which)\s*$",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Condition:
    """``symbol = value``, stated at ``line`` (in the prose or as a display)."""

    symbol: sympy.Symbol
    value: sympy.Expr
    line: int
    where: str  # "prose" or "display"

    def text(self) -> str:
        return f"{self.symbol} = {sympy.sstr(self.value)} ({self.where}, line {self.line})"


def solved(a: sympy.Expr, b: sympy.Expr):
    """``(symbol, value)`` when one side of ``a = b`` is a symbol absent from the other, else None."""
    for x, f in ((a, b), (b, a)):
        if isinstance(x, sympy.Symbol) and x not in f.free_symbols:
            return x, f
    return None


def prose_conditions(text: str, start: int, end: int, names, line_of) -> list[Condition]:
    """The conditions stated by inline math after a trigger word in ``text[start:end]``."""
    out = []
    for m in _INLINE.finditer(text, start, end):
        if not _TRIGGER.search(text[max(start, m.start() - 40) : m.start()]):
            continue
        body = m.group(1) if m.group(1) is not None else m.group(2)
        try:
            tokens = tokenize(body)
        except LatexError:
            continue
        cut = [k for k, t in enumerate(tokens) if t.kind == "rel"]
        if len(cut) != 1 or tokens[cut[0]].value != "=":
            continue
        try:
            a = parse_tokens(tokens[: cut[0]], names)
            b = parse_tokens(tokens[cut[0] + 1 :], names)
        except (LatexError, ValueError, TypeError, RecursionError):
            continue
        if a.implicit or b.implicit:
            continue
        found = solved(a.expr, b.expr)
        if found is not None:
            out.append(Condition(found[0], found[1], line_of(m.start()), "prose"))
    return out
