"""What a document states outside its steps: conditions, hypotheses and the values of worked examples.

Read from the prose around the displays (inline math, kramdown ``$$`` inside a
sentence, plain text such as "where TP = 80"), from Markdown tables of counts
and from displays that only give a symbol a value. Each fact has a place and
a scope:

* a **condition** (inline math after "when", "at", "where", "on the ... line",
  ...) belongs to the display it accompanies; a step refuted as an identity
  that holds under it is "unknown", naming it (the refutation would not hold
  under every reasonable reading);
* a **hypothesis** ("if", "assume", "suppose", "let", "given" just before a
  display, or the inline conditions listed after such a sentence) is a
  premise of that display: its steps are checked under it;
* a **value** (``TP = 80``, ``b = 15``, a table of counts, a display
  ``P_e = 0.5``) belongs to its worked example: it holds from where it is
  stated to the end of its section, and never leaks into another section.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import sympy

from .latex import LatexError, tokenize
from .latex_parser import parse_tokens

__all__ = ["Condition", "Context", "solved"]

# The same words in Chinese (no spaces between words: matched without word boundaries) and Russian.
_CJK_CONDITIONS = "令|设|假设|假定|若|如果|当|其中"
_CJK_HYPOTHESES = "令|设|假设|假定|若|如果"
_CONDITION_WORDS = re.compile(
    r"(?:\b(at|when|whenever|where|wherein|if|given|assuming|assume|provided|along|on the [\w-]+ line|on the line|"
    r"for which|for|with|suppose|let|in the case|in case|где|при|когда|если|пусть)|(" + _CJK_CONDITIONS + r"))"
    r"\s*[:,：，]?\s*$",
    re.IGNORECASE,
)
_HYPOTHESIS_WORDS = re.compile(
    r"\b(if|assume|assuming|suppose|let|given|in the case|in case|provided|если|пусть|допустим|предположим)\b|("
    + _CJK_HYPOTHESES
    + ")",
    re.IGNORECASE,
)
_PLAIN_VALUE = re.compile(r"(?<![\w\\$])([A-Za-z][A-Za-z0-9]{0,11})\s*=\s*(-?\d+(?:\.\d+)?)(\s*%)?(?![\w.]*\$)")
_DENOTE_BEFORE = re.compile(r"\b(denote|denotes|denoted|call|called|let)\s*$", re.IGNORECASE)
_DENOTE_AFTER = re.compile(r"\s*(as|be)\s+(the\s+)?[a-z]", re.IGNORECASE)
_LIST_ITEM = re.compile(r"(?:^|\n)\s*(?:[-*+]|\d+[.)])\s*$")
_TABLE_ROW = re.compile(r"^\s*\|(.+)\|\s*$")
# A list item giving a name a number: "- TP: 3", "- **FP**: 0", "- **True Positives (TP):** 3" (the name alone, or
# in parentheses after its words; bold anywhere around it).
_LIST_VALUE = re.compile(
    r"^\s*(?:[-*+]|\d+[.)])\s+(?:\*\*)?(?:[^()\n:*]*\(\s*)?([A-Za-z][A-Za-z0-9]{0,11})(?:\s*\))?(?:\*\*)?\s*:"
    r"\s*(?:\*\*)?\s*(-?\d+(?:\.\d+)?)(\s*%)?\s*(?:\*\*)?\s*$"
)
_LEVEL = re.compile(
    r"^(#{1,6})\s|^\\(part|chapter|section|subsection|subsubsection)\*?\{|"
    r"^\\begin\{(vkProblem|esProblem|problem|exercise|example)\}",
    re.MULTILINE,
)


@dataclass(frozen=True)
class Condition:
    """``symbol = value`` (or a relation, ``relation`` not None), stated at ``line`` (in the prose, a table or a
    display)."""

    symbol: object
    value: object
    line: int
    where: str  # "prose", "display", "table", "list", "text"
    relation: object = None  # a SymPy relational for an inequality, else None
    offset: int = 0
    scope: tuple = (0, 0)  # the offsets [start, end) of the section it holds in

    def text(self) -> str:
        if self.relation is not None:
            return f"{sympy.sstr(self.relation)} ({self.where}, line {self.line})"
        return f"{self.symbol} = {sympy.sstr(self.value)} ({self.where}, line {self.line})"

    @property
    def is_value(self) -> bool:
        return self.relation is None and bool(getattr(self.value, "is_number", False))


def solved(a, b) -> tuple[sympy.Symbol, sympy.Basic] | None:
    """``(symbol, value)`` when one side of ``a = b`` is a symbol absent from the other, else None."""
    for x, f in ((a, b), (b, a)):
        if isinstance(x, sympy.Symbol) and x not in f.free_symbols:
            return x, f
    return None


def _relations(body: str, names) -> list:
    """The relations of an inline formula ``a = b``, ``P_e < 1``, ``a, b > 0``: (lhs, relation, rhs) triples."""
    try:
        tokens = tokenize(body)
    except LatexError:
        return []
    cut = [k for k, t in enumerate(tokens) if t.kind == "rel"]
    if len(cut) != 1 or tokens[cut[0]].relation is None:
        return []
    rel = tokens[cut[0]]
    left, right = tokens[: cut[0]], tokens[cut[0] + 1 :]
    lefts: list[list] = [[]]
    for t in left:  # "a, b > 0": the same relation for each
        if t.kind == "op" and t.value == ",":
            lefts.append([])
        else:
            lefts[-1].append(t)
    out = []
    for side in lefts:
        try:
            a = parse_tokens(side, names)
            b = parse_tokens(right, names)
        except (LatexError, ValueError, TypeError, RecursionError):
            return []
        if a.implicit or b.implicit or a.choices or b.choices:
            return []
        out.append((a.expr, rel.relation, b.expr))
    return out


def _condition(a, relation, b, line, where, offset, scope):
    if relation == "==":
        found = solved(a, b)
        if found is None:
            return None
        return Condition(found[0], found[1], line, where, None, offset, scope)
    ops = {"<": sympy.StrictLessThan, ">": sympy.StrictGreaterThan, "<=": sympy.LessThan, ">=": sympy.GreaterThan}
    rel = ops[relation](a, b)
    if rel in (sympy.true, sympy.false) or not rel.free_symbols:
        return None
    return Condition(None, None, line, where, rel, offset, scope)


class Context:
    """The conditions, hypotheses and values of one segment of a document (a file, or a notebook cell)."""

    def __init__(self, segment, names) -> None:
        self.segment = segment
        self.names = names
        self.facts: list[Condition] = []  # values and conditions, with their places
        self.hypotheses: dict = {}  # display offset -> conditions stated as its premises
        self.in_words: set = set()  # names the prose defines in words ("denote $A_n$ as the arithmetic mean")
        self.read()

    def scope(self, offset: int) -> tuple:
        """``[start, end)`` of the section holding ``offset`` (a heading of level 1 or 2, LaTeX sectioning)."""
        text = self.segment.text
        start, end = 0, len(text)
        for m in _LEVEL.finditer(text):
            if m.group(1) is not None and len(m.group(1)) > 2:
                continue
            if m.start() <= offset:
                start = m.start()
            else:
                end = m.start()
                break
        return start, end

    def read(self) -> None:
        segment, names = self.segment, self.names
        text = segment.prepared
        displays = segment.displays()
        for start, end, body in segment.inline_math():
            before = text[max(0, start - 60) : start]
            line = segment.line_of(start)
            self.named_in_words(body, before, text[end : end + 30])
            words = _CONDITION_WORDS.search(before)
            for a, relation, b in _relations(body, names):
                fact = _condition(a, relation, b, line, "prose", start, self.scope(start))
                if fact is None:
                    continue
                if words is not None or (fact.is_value and _LIST_ITEM.search(text[max(0, start - 12) : start])):
                    self.facts.append(fact)
                nxt = next((d for d in displays if d.start >= end), None)
                if nxt is not None and self.hypothesis_before(text, end, nxt.start, start):
                    self.hypotheses.setdefault(nxt.offset, []).append(fact)
        blanked = re_blank(text, [(d.start, d.end) for d in displays] + [(s, e) for s, e, _ in segment.inline_math()])
        for m in _PLAIN_VALUE.finditer(blanked):
            try:
                value = sympy.Rational(m.group(2)) / (100 if m.group(3) else 1)
                symbol = names.symbol(m.group(1))
            except (TypeError, ValueError):
                continue
            if isinstance(symbol, sympy.Symbol):
                self.facts.append(
                    Condition(symbol, value, segment.line_of(m.start()), "text", None, m.start(), self.scope(m.start()))
                )
        self.read_tables(text)
        self.read_list_values(text)
        self.facts.sort(key=lambda f: f.offset)

    def named_in_words(self, body: str, before: str, after: str) -> None:
        """ "Denote $A_n$ as the arithmetic mean": a subscripted or worded name the document defines in words only
        (so a step about it is not refuted for a value of it)."""
        if not (_DENOTE_BEFORE.search(before) or _DENOTE_AFTER.match(after)):
            return
        try:
            read = parse_tokens(tokenize(body), self.names)
        except (LatexError, ValueError, TypeError, RecursionError):
            return
        if isinstance(read.expr, sympy.Symbol) and ("_" in read.expr.name or len(read.expr.name) > 1):
            self.in_words.add(read.expr.name)

    def hypothesis_before(self, text: str, end: int, display: int, start: int) -> bool:
        """Whether inline math ending at ``end`` states a premise of the display at ``display``: a hypothesis word
        in its sentence, and nothing between it and the display but more such conditions, list bullets and a
        colon."""
        between = text[end:display]
        if re.search(r"[.!?]\s", between) or len(between) > 400:
            return False
        sentence = text[max(0, text.rfind("\n\n", 0, start)) : start]
        sentence = sentence[max(0, max(sentence.rfind(". "), sentence.rfind(".\n")) + 1) :]
        return _HYPOTHESIS_WORDS.search(sentence) is not None

    def read_tables(self, text: str) -> None:
        """A Markdown table of counts: a header of names and one row of numbers, or rows ``| name | number |``."""
        lines = text.split("\n")
        offset = 0
        rows: list = []
        starts: list = []
        for raw in lines + [""]:
            m = _TABLE_ROW.match(raw)
            if m:
                cells = [c.strip().strip("*").strip() for c in m.group(1).split("|")]
                if not all(re.fullmatch(r":?-+:?", c) for c in cells if c):
                    rows.append(cells)
                    starts.append(offset)
            elif rows:
                self.table(rows, starts)
                rows, starts = [], []
            offset += len(raw) + 1

    def read_list_values(self, text: str) -> None:
        """A Markdown list of values, an item a name: ``- **True Positives (TP):** 3`` gives TP = 3 in its section."""
        offset = 0
        for raw in text.split("\n"):
            m = _LIST_VALUE.match(raw)
            if m:
                symbol = self.names.symbol(m.group(1))
                if isinstance(symbol, sympy.Symbol):
                    value = sympy.Rational(m.group(2)) / (100 if m.group(3) else 1)
                    at = offset + m.start(1)
                    self.facts.append(
                        Condition(symbol, value, self.segment.line_of(at), "list", None, at, self.scope(at))
                    )
            offset += len(raw) + 1

    def table(self, rows, starts) -> None:
        number = re.compile(r"-?\d+(?:\.\d+)?")
        pairs = []
        if len(rows) == 2 and len(rows[0]) == len(rows[1]) and all(number.fullmatch(c) for c in rows[1]):
            pairs = [(h, v, starts[1]) for h, v in zip(rows[0], rows[1])]
        elif all(len(r) == 2 and number.fullmatch(r[1]) for r in rows[1:]) and len(rows) > 1:
            pairs = [(r[0], r[1], s) for r, s in zip(rows[1:], starts[1:])]
        for head, value, at in pairs:
            if not re.fullmatch(r"[A-Za-z][A-Za-z0-9]{0,11}", head):
                continue
            symbol = self.names.symbol(head)
            if isinstance(symbol, sympy.Symbol):
                self.facts.append(
                    Condition(
                        symbol, sympy.Rational(value), self.segment.line_of(at), "table", None, at, self.scope(at)
                    )
                )

    def add_display(self, condition: Condition) -> None:
        """A value or condition a display states (``P_e = 0.5``, ``R = \\beta P``)."""
        self.facts.append(condition)
        self.facts.sort(key=lambda f: f.offset)

    def values(self, offset: int) -> dict:
        """symbol -> (value, fact): the latest value of each symbol stated before ``offset`` in its section."""
        out: dict = {}
        for fact in self.facts:
            if fact.offset >= offset:
                break
            if fact.is_value and fact.scope[0] <= offset < fact.scope[1]:
                out[fact.symbol] = (fact.value, fact)
        return out

    def conditions(self, start: int, end: int) -> list:
        """The conditions (not values) stated in the prose around a display, ``[start, end)``, latest first."""
        return [f for f in reversed(self.facts) if start <= f.offset < end and not f.is_value]

    def premises(self, display_offset: int) -> list:
        """The hypotheses stated for the display at ``display_offset``."""
        return list(self.hypotheses.get(display_offset, []))


def re_blank(text: str, spans) -> str:
    """``text`` with each span replaced by spaces (offsets kept)."""
    chars = list(text)
    for start, end in spans:
        for k in range(start, min(end, len(chars))):
            if chars[k] != "\n":
                chars[k] = " "
    return "".join(chars)
