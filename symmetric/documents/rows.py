"""A display's tokens cut into rows, and each row into sides and relations.

Rows end at ``\\\\``, at an implication arrow (``\\implies``, ``\\Rightarrow``:
what follows is a new equation, and what precedes it its hypothesis) and at a
top-level comma or semicolon (several equations on one line). A piece after a
comma that only bounds symbols (``, m > 0``, ``(a, b > 0)`` at the end of a
row) is a condition of the row before it, not a row. A row that starts with
its relation continues the previous right side (``&= ...``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .latex import LatexError, Token
from .latex_parser import Parsed

__all__ = ["IMPLICATIONS", "Part", "Row", "rows_of"]

#: Arrows between equations: what follows them is a new equation, with the one before as its hypothesis.
IMPLICATIONS = {
    "\\implies",
    "\\Rightarrow",
    "\\Longrightarrow",
    "\\iff",
    "\\Leftrightarrow",
    "\\Longleftrightarrow",
    "\\therefore",
    "\\leadsto",
}


@dataclass
class Part:
    """One side of a relation: its tokens, its text and, once read, what it was read as (or the error)."""

    tokens: list
    text: str
    start: int
    parsed: Parsed | None = None
    error: LatexError | None = None

    @property
    def reading(self) -> Parsed:
        """What the part was read as, once read without error."""
        if self.parsed is None:
            raise ValueError(f"the part {self.text!r} has not been read")
        return self.parsed


@dataclass
class Row:
    """A row: sides and the relations between them; ``continued`` when it starts with its relation."""

    parts: list
    rels: list
    continued: bool
    conditions: list = field(default_factory=list)  # token runs bounding symbols (", m > 0"), conditions of the row
    implied: bool = False  # written after an implication arrow: the row before is its hypothesis
    hypothesis: bool = False  # followed by an implication arrow
    listed: bool = False  # one of several equations on a line, separated by commas
    label: str | None = None  # the label written before the row's relation ("H_0" of "H_0: p \le p_0")

    @property
    def hypothesis_of_a_test(self) -> bool:
        """``H_0: p \\le p_0``, ``H_1: ...``: a statistical hypothesis stated, not a claim."""
        return self.label is not None and self.label.startswith("H_")


def _cut(tokens: list[Token]) -> list[tuple[list[Token], str]]:
    """The pieces of a display with what ended each: ``"row"``, ``"implies"``, ``"comma"`` or ``"end"``."""
    pieces: list = []
    current: list[Token] = []
    depth = 0
    for t in tokens:
        depth += 1 if t.kind == "open" else -1 if t.kind == "close" else 0
        if t.kind == "row":
            pieces.append((current, "row"))
            current = []
        elif depth == 0 and t.value in IMPLICATIONS and t.kind in ("rel", "cmd"):
            pieces.append((current, "implies"))
            current = []
        elif depth == 0 and t.kind == "op" and t.value in (",", ";"):
            pieces.append((current, "comma"))
            current = []
        else:
            current.append(t)
    pieces.append((current, "end"))
    return pieces


def _trim(piece: list[Token]) -> list[Token]:
    while piece and (piece[-1].kind == "amp" or (piece[-1].kind == "op" and piece[-1].value in ".,;")):
        piece = piece[:-1]
    return piece


def is_bound(piece: list[Token]) -> bool:
    """``m > 0``, ``a, b > 0``, ``(a, b > 0)``: symbols bounded by a constant, a condition rather than a row."""
    if piece and piece[0].kind == "open" and piece[0].value == "(" and piece[-1].kind == "close":
        piece = piece[1:-1]
    rels = [t for t in piece if t.kind == "rel"]
    if len(rels) != 1 or rels[0].relation not in ("<", ">", "<=", ">="):
        return False
    k = piece.index(rels[0])
    left, right = piece[:k], piece[k + 1 :]
    simple = all(t.kind in ("letter", "op", "cmd", "name") and t.value not in ("+", "-", "*", "/", "^") for t in left)
    constant = bool(right) and all(t.kind in ("num", "op") or (t.kind == "cmd" and t.value == "\\infty") for t in right)
    return simple and constant and bool(left)


def _trailing_bound(piece: list[Token]) -> tuple[list[Token], list[Token] | None]:
    """A row ending with a bracketed bound ``... ~~~~ (a, b > 0)``: the row and the bound."""
    if len(piece) < 4 or piece[-1].kind != "close" or piece[-1].value != ")":
        return piece, None
    depth = 0
    for k in range(len(piece) - 1, -1, -1):
        depth += 1 if piece[k].kind == "close" else -1 if piece[k].kind == "open" else 0
        if depth == 0:
            if k > 0 and is_bound(piece[k:]) and piece[k].start > piece[k - 1].end + 1:
                return piece[:k], piece[k + 1 : -1]
            return piece, None
    return piece, None


def rows_of(tokens: list[Token], content: str) -> list[Row]:
    """The rows of a display (see the module's docstring)."""
    rows: list[Row] = []
    previous = None  # what ended the piece before
    for piece, ended in _cut(tokens):
        piece = _trim(piece)
        if previous == "comma" and rows and is_bound(piece):
            rows[-1].conditions.append(piece[1:-1] if piece[0].value == "(" else piece)
        else:
            piece, bound = _trailing_bound(piece)
            if any(t.kind != "amp" for t in piece):
                row = split_row(piece, content)
                row.implied = previous == "implies" and bool(rows)
                row.hypothesis = ended == "implies"
                row.listed = previous == "comma" or ended == "comma"
                if previous == "comma" and rows:
                    rows[-1].listed = True
                if bound is not None:
                    row.conditions.append(bound)
                rows.append(row)
        previous = ended
    return rows


def _labels(tokens: list[Token], k: int) -> bool:
    """Whether the colon at ``k`` follows a label (``H_0 :``) of the relation after it, not a definition."""
    return any(t.kind == "rel" for t in tokens[k + 1 :]) and k <= 4


def _optimised(tokens: list[Token], k: int) -> bool:
    """Whether ``\\to \\min`` (``\\max``, ``\\argmin``, ...) starts at ``k``: the quantity is to be optimised."""
    return (
        tokens[k].kind == "rel"
        and tokens[k].value == "\\to"
        and k + 1 < len(tokens)
        and tokens[k + 1].value in ("\\min", "\\max", "\\argmin", "\\argmax", "\\inf", "\\sup")
    )


def split_row(tokens: list[Token], content: str) -> Row:
    """A row's sides and relations (a remark in words ends its mathematics)."""
    parts: list[list[Token]] = []
    rels: list[Token] = []
    current: list[Token] = []
    depth = 0
    continued = False
    seen = False
    label: list[str] = []
    for k, t in enumerate(tokens):
        if t.kind == "amp" and k + 1 < len(tokens) and tokens[k + 1].kind == "amp" and seen:
            break  # '&&' starts the remark column of an align row: "&& \text{by (1)}"
        if t.kind == "amp":
            continue
        if t.kind == "note" and depth == 0 and seen:
            break  # a remark in words ends the mathematics of the row: "\quad \text{since } ..."
        if _optimised(tokens, k) and depth == 0 and seen:
            break  # "... \to \min_w": what the row's quantity is for, not a relation
        if t.kind == "open":
            depth += 1
        elif t.kind == "close":
            depth -= 1
        is_rel = depth == 0 and (
            t.kind == "rel"
            or (t.kind == "op" and t.value == ":=")
            or (t.kind == "op" and t.value == ":" and not rels and not _labels(tokens, k))
        )
        if depth == 0 and t.kind == "op" and t.value == ":" and not rels and _labels(tokens, k):
            label = [x.value for x in current]
            current = []  # "H_0 : p \le p_0": a label, then the relation it names
            seen = False
            continue
        if is_rel:
            if not seen:
                continued = True
            parts.append(current)
            rels.append(t)
            current = []
        else:
            current.append(t)
        seen = True
    parts.append(current)
    out = []
    for p in parts:
        text = content[p[0].start : p[-1].end] if p else ""
        out.append(Part(p, " ".join(text.split()), p[0].start if p else 0))
    return Row(out, rels, continued, label="".join(label) or None)
