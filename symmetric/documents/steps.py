"""Displays to steps, and each step checked under every reading of it (:mod:`~symmetric.documents.judge`).

Three kinds of multi-row display (docs/documents.md):

* a **chain** ``a &= b \\\\ &= c \\\\ &\\le d``: each relation between neighbours
  is a step, checked on the domain;
* a **sequence of equations**, every row with its own left side: the first
  row is a premise, each later row must be an identity or follow from the
  row before on the domain; a row refuted as an identity is *refuted* only
  where a point is found at which the row before holds and it does not;
* **definitions**, conditions and worked-example values
  (:mod:`~symmetric.documents.definitions`), which are not steps.

A row after an implication arrow is checked under the row before it (its
hypothesis); bounds written beside a row (``, m > 0``) and hypotheses stated
in the prose for a display (:mod:`~symmetric.documents.context`) are premises
of its steps. A step whose reading depends on something the display does not
fix (a derivative of a quantity with respect to a variable it does not depend
on explicitly) is "unknown" with that reason, never checked literally.
"""

from __future__ import annotations

import sympy

from ..verify import run_with_budget
from .checking import StepChecking
from .context import Condition, Context
from .definitions import PARSE_SECONDS, Definitions
from .judge import Judge, relational
from .labels import declared_labels
from .latex import LatexError, Token, tokenize
from .latex_parser import parse_tokens
from .lexicon import Lexicon
from .names import Names
from .report import Note, Step
from .rows import IMPLICATIONS, Part, Row, rows_of

__all__ = ["DEFAULT_TIMEOUT", "IMPLICATIONS", "PARSE_SECONDS", "Checker"]

#: Seconds for the check of one step (each of the checks a sequence row needs gets a share).
DEFAULT_TIMEOUT = 10.0


class Checker(Definitions, StepChecking):
    """Checks the displays of documents, keeping one :class:`Names` per file.

    Parameters
    ----------
    symbols : mapping, optional
        ``--symbol`` options: name -> assumption.
    domain : {"unit", "positive"}
    timeout : float
        Seconds for each step's check.
    """

    def __init__(self, *, symbols=None, domain: str = "unit", timeout: float = DEFAULT_TIMEOUT) -> None:
        self.symbols = dict(symbols or {})
        self.domain = domain
        self.timeout = timeout
        self.judge = Judge(domain=domain, timeout=timeout)
        self.used: dict = {}
        self.nearby: list = []  # the conditions stated in the prose around the display being checked
        self.stated: list = []  # the conditions stated by displays so far (of the file being checked)
        self.carried = self.last_part = None  # the last side of the display before, when the next one continues it
        self.last_equation: tuple | None = None  # the lone equation of the display before, when the next one solves it
        self.row_definitions: dict = {}  # id(step) -> Note: a row that only defines the name it introduces

    # -- a document -----------------------------------------------------------------------------------
    def check_document(self, document) -> tuple[list[Step], list[Note], list]:
        """Steps, notes and ``(segment, display, steps)`` triples (for --annotate) of one document."""
        text = "\n\n".join(segment.text for segment in document.segments)
        names = Names(symbols=self.symbols, lexicon=Lexicon.of_text(text))
        self.labels = declared_labels(text)
        self.stated = []
        steps, notes, marks = [], [], []
        for segment in document.segments:
            context = Context(segment, Names(symbols=self.symbols, lexicon=names.lexicon))
            names.unread |= context.in_words
            displays = segment.displays()
            self.last_part = self.last_equation = None
            for k, display in enumerate(displays):
                before = displays[k - 1].end if k else 0
                self.carried = self.last_part if k and not segment.text[before : display.start].strip() else None
                after = displays[k + 1].start if k + 1 < len(displays) else len(segment.text)
                paragraph = segment.text.find("\n\n", display.end, after)
                end = paragraph if paragraph >= 0 else after
                self.nearby = context.conditions(max(before, _lead_in(segment.text, display.start)), end)
                self.row_definitions = {}
                found, found_notes = self.check_display(document.name, segment, display, names, context)
                found_notes += [self.row_definitions[id(s)] for s in found if id(s) in self.row_definitions]
                found = [s for s in found if id(s) not in self.row_definitions]
                steps += found
                notes += found_notes
                marks.append((segment, display, found))
        self.used.update(names.used)
        self.names = names
        return steps, notes, marks

    def check_display(self, name, segment, display, names: Names, context: Context):
        content = display.content

        def line(offset: int) -> int:
            return segment.line_of(display.offset + offset)

        def where(offset: int) -> int | None:
            return segment.cell_line(display.offset + offset) if segment.cell is not None else None

        def make_step(line_at, lhs, rhs, relation, status, reason, kind) -> Step:
            return Step(
                name,
                line(line_at),
                lhs,
                rhs,
                relation,
                status,
                None,
                reason,
                kind,
                cell=segment.cell,
                cell_line=where(line_at),
            )

        self.where = (name, segment, line, where)
        self.context, self.offset = context, display.offset
        self.known = set(names.used)  # the names used before this display
        steps: list[Step] = []
        notes: list[Note] = []
        try:
            tokens = tokenize(content)
        except LatexError as exc:
            return [
                make_step(exc.offset, "", "", "", "unparsed", f"{exc.reason} (line {line(exc.offset)})", "display")
            ], []
        tokens = _binomials(_unwrapped(tokens))
        environment = _environment(tokens)
        if environment is not None:
            at, env = environment
            return [
                make_step(
                    at,
                    " ".join(content.split())[:60],
                    "",
                    "",
                    "unparsed",
                    f"the environment {env} (a matrix, an array or cases) is outside the subset (line {line(at)})",
                    "display",
                )
            ], []
        rows = rows_of(tokens, content)
        if not rows:
            return [], []
        rows = _merge_continuations(rows, content)
        for row in [r for r in rows if r.hypothesis_of_a_test and r.rels]:  # H_0: p \le p_0 is stated, not claimed
            pieces = [row.parts[0].text]
            for rel, part in zip(row.rels, row.parts[1:]):
                pieces += [rel.value, part.text]
            shown = " ".join(pieces)
            notes.append(Note(name, line(row.rels[0].start), "condition", row.label, shown))
        rows = [r for r in rows if not r.hypothesis_of_a_test]
        for row in [r for r in rows if _set_listed(r)]:  # D = \{x_1, x_2, ...\}: a set named, not a claim
            shown = " ".join(row.parts[1].text.split())
            notes.append(
                Note(
                    name,
                    line(row.rels[0].start),
                    "definition",
                    row.parts[0].text.strip(),
                    shown[:60] + " (a set listed by its elements: named, not read)",
                )
            )
        rows = [r for r in rows if not _set_listed(r)]
        if not rows:
            return [], notes
        premises = context.premises(display.offset)
        solution = self.solution_display(rows, names)
        if solution is not None:
            return solution, []

        own = [r for r in rows if not r.continued and r.rels and not r.implied]
        heads, right_to_left = {}, set()
        earlier: set = set()  # the letters of the rows before: a letter used there is a variable, not a fresh name
        for r in own:
            heads[id(r)] = None if r.hypothesis else self.definition(r, names, earlier)
            earlier |= {t.value for p in r.parts for t in p.tokens if t.kind in ("letter", "cmd", "text")}
            if heads[id(r)] is None and not r.hypothesis:
                heads[id(r)] = self.definition_right_to_left(r, names)
                if heads[id(r)] is not None:
                    right_to_left.add(id(r))
        equations = [r for r in own if heads[id(r)] is None and not r.hypothesis]
        # Several rows with their own left side: a sequence of equations (or a block of facts), unless each
        # row gives a different symbol a value (P = TP/(TP + FP), R = TP/(TP + FN)): a block of conditions.
        # Equations listed on one line with commas are separate facts, not a sequence.
        # Rows continued by rows of their own (``A = B \\ &= C``) are chains, a block of them no sequence.
        sequence = len([r for r in equations if not r.listed]) >= 2 and not any(r.continued for r in rows)
        if sequence and self.conditions_block(equations, names):
            for row in equations:
                x, f = row.parts[0].parsed.expr, row.parts[1].parsed.expr
                notes.append(Note(name, line(row.rels[0].start), "condition", str(x), sympy.sstr(f)))
                self.stated.append(Condition(x, f, line(row.rels[0].start), "display"))
                context.add_display(
                    Condition(
                        x, f, line(row.rels[0].start), "display", None, display.offset + row.rels[0].start, (0, 0)
                    )
                )
            rows = [r for r in rows if all(r is not e for e in equations)]
            sequence = False
        previous_part = self.carried  # a display that starts with its relation continues the one just before
        previous_equation, previous_identity = None, False  # the equation the next row must follow from
        start = None  # the first row of the sequence: its two parts
        previous_status = None
        hypothesis = None  # the relation before an implication arrow
        for row in rows:
            offset = display.offset + (row.rels[0].start if row.rels else 0)
            row_premises = premises + self.row_conditions(row, names, line)
            if row.implied and hypothesis is not None:
                row_premises = row_premises + hypothesis
            if not row.rels:
                self.read(row.parts[0], names)
                if row.parts[0].error is not None and len(rows) == 1:
                    err = row.parts[0].error
                    steps.append(
                        make_step(
                            err.offset,
                            row.parts[0].text,
                            "",
                            "",
                            "unparsed",
                            f"{err.reason} (line {line(err.offset)}); the display has no relation to "
                            "check but could not be read",
                            "display",
                        )
                    )
                previous_part, previous_equation = row.parts[0], None
                continue
            parts = row.parts
            if row.continued:
                if previous_part is None:
                    steps.append(
                        make_step(
                            row.rels[0].start,
                            "",
                            parts[1].text,
                            row.rels[0].value,
                            "unparsed",
                            "the display starts with a relation: no left side to continue",
                            "chain",
                        )
                    )
                    previous_part = parts[-1]
                    continue
                parts = [previous_part] + parts[1:]
                found = [
                    self.step(parts[k], rel, parts[k + 1], "chain", names, row_premises)
                    for k, rel in enumerate(row.rels)
                ]
                steps += found
                previous_part = parts[-1]
                if previous_equation is not None and all(r.value == "=" for r in row.rels):
                    previous_equation = (previous_equation[0], parts[-1], previous_equation[2])
                    previous_identity = previous_identity and all(f.status == "proven" for f in found)
                else:
                    previous_equation = None
                continue
            head = heads.get(id(row))
            if head is not None and not row.implied:
                if id(row) in right_to_left:
                    notes.append(self.define(name, line(row.rels[0].start), head, parts[0], names, context, offset))
                    previous_part, previous_equation = parts[-1], None
                    continue
                notes.append(self.define(name, line(row.rels[0].start), head, parts[1], names, context, offset))
                for k in range(1, len(row.rels)):
                    steps.append(self.step(parts[k], row.rels[k], parts[k + 1], "chain", names, row_premises))
                self.chain_value(line(row.rels[0].start), head, row, names, context, offset)
                previous_part, previous_equation = parts[-1], None
                continue
            if row.hypothesis:
                hypothesis, found = self.hypothesis_row(row, names, row_premises, claimed=row.implied)
                steps += found
                previous_part, previous_equation = parts[-1], None
                continue
            value = (
                None
                if row.implied or sequence
                else self.example_value(name, line(row.rels[0].start), row, names, context, offset)
            )
            if value is not None:
                notes.append(value)
                for k in range(1, len(row.rels)):
                    steps.append(self.step(parts[k], row.rels[k], parts[k + 1], "chain", names, row_premises))
                previous_part, previous_equation = parts[-1], None
                continue
            if sequence and len(row.rels) == 1 and not row.implied:
                for p in parts:
                    self.read(p, names)
                if previous_equation is None:
                    step = self.premise(parts, row.rels[0], names, row_premises)
                    start = (parts[0], parts[1])
                else:
                    step = self.sequence_step(
                        previous_equation,
                        parts,
                        row.rels[0],
                        previous_identity,
                        previous_status,
                        names,
                        row_premises,
                        start=start,
                    )
                steps.append(step)
                previous_equation = (parts[0], parts[1], row.rels[0].relation)
                previous_identity = step.status == "proven" and step.reason.startswith("holds as an identity")
                previous_status = step.status
                previous_part = parts[-1]
                continue
            if not sequence and not row.implied and not row_premises:
                implicit = self.implicit_definition(name, line(row.rels[0].start), row, rows, names)
                if implicit is not None:
                    notes.append(implicit)
                    previous_part = parts[-1]
                    continue
                condition = self.condition(name, line(row.rels[0].start), row, rows, names, context, offset)
                if condition is not None:
                    notes.append(condition)
                    previous_part = parts[-1]
                    continue
            found = [
                self.step(parts[k], rel, parts[k + 1], "chain", names, row_premises, head=k == 0)
                for k, rel in enumerate(row.rels)
            ]
            steps += found
            again = self.redefinition(parts[0], names) if row.rels[0].value == "=" else None
            numeric = parts[1].parsed is not None and parts[1].parsed.expr.is_number
            if again is not None and found[0].status != "proven" and parts[1].parsed is not None and not numeric:
                again.earlier.append((again.value, again.line))  # both definitions stay readings of the name
                again.value, again.line = parts[1].parsed.expr, line(row.rels[0].start)
            previous_part = parts[-1]
            if all(r.value == "=" for r in row.rels):
                previous_equation = (parts[0], parts[-1], "==")
                previous_identity = all(f.status == "proven" for f in found)
                previous_status = "proven" if previous_identity else found[-1].status
            else:
                previous_equation = None
        if own and heads.get(id(own[0])) is None and not sequence:
            self.register_derived(rows, own[0], names, line)
        self.last_part = previous_part
        single = [r for r in rows if r.rels]
        self.last_equation = None
        if len(single) == 1 and len(single[0].rels) == 1 and single[0].rels[0].value == "=" and len(steps) == 1:
            self.last_equation = (single[0].parts[0], single[0].parts[1], steps[0])
        return steps, notes

    def solution_display(self, rows, names: Names):
        """``x = c`` alone in the display after a lone equation in x: the equation is one to solve (a premise, not
        an identity), and this row is checked as its solution."""
        previous = self.last_equation
        self.last_equation = None
        if previous is None or len(rows) != 1 or len(rows[0].rels) != 1 or rows[0].rels[0].value != "=":
            return None
        parts = rows[0].parts
        left_tokens, right_tokens = parts[0].tokens, parts[1].tokens
        if len(left_tokens) != 1 or not all(t.kind == "num" or t.value in "+-./" for t in right_tokens):
            return None  # not "x = c": read nothing (reading would take a fresh name as used)
        for p in parts:
            self.read(p, names)
        if any(p.error is not None or p.parsed.choices or p.parsed.implicit for p in parts):
            return None
        x, value = parts[0].parsed.expr, parts[1].parsed.expr
        left, right, step = previous
        if not isinstance(x, sympy.Symbol) or not value.is_number or left.parsed is None or right.parsed is None:
            return None
        if not (left.parsed.expr.has(x) or right.parsed.expr.has(x)) or step.status == "proven":
            return None
        if step.status == "refuted":
            step.status, step.counterexample = "unknown", None
            step.reason = (
                f"an equation in {x}, solved in the display after it: a premise, not an identity ({step.reason})"
            )
        return [self.sequence_step((left, right, "=="), parts, rows[0].rels[0], False, "unknown", names, ())]

    # -- reading ------------------------------------------------------------------------------------------
    def read(self, part: Part, names: Names) -> None:
        if part.parsed is not None or part.error is not None:
            return
        try:
            done, parsed = run_with_budget(lambda: parse_tokens(part.tokens, names), PARSE_SECONDS)
        except LatexError as exc:
            part.error = exc
            return
        except (RecursionError, MemoryError, OverflowError, ValueError, TypeError, ZeroDivisionError) as exc:
            part.error = LatexError(f"the formula cannot be read ({type(exc).__name__})", part.start)
            return
        if not done:
            part.error = LatexError("the formula could not be read within the time budget", part.start)
            return
        part.parsed = parsed

    def row_conditions(self, row: Row, names: Names, line) -> list:
        """The bounds written beside a row (``, m > 0``, ``(a, b > 0)``) as premises."""
        out = []
        for tokens in row.conditions:
            pieces: list[list] = [[]]
            rel = next(t for t in tokens if t.kind == "rel")
            k = tokens.index(rel)
            for t in tokens[:k]:
                if t.kind == "op" and t.value == ",":
                    pieces.append([])
                else:
                    pieces[-1].append(t)
            try:
                bound = parse_tokens(tokens[k + 1 :], names).expr
                for piece in pieces:
                    symbol = parse_tokens(piece, names).expr
                    out.append(
                        Condition(None, None, line(rel.start), "display", relational(symbol, rel.relation, bound))
                    )
            except (LatexError, TypeError):
                continue
        return [c for c in out if c.relation not in (sympy.true, sympy.false)]


def _unwrapped(tokens):
    """The tokens without a wrapper that changes nothing: ``{\\displaystyle ...}`` around the whole display, or
    ``\\begin{array}{l} ... \\end{array}`` (one column of equations)."""
    if len(tokens) >= 2 and tokens[0].kind == "open" and tokens[0].value == "{" and tokens[-1].kind == "close":
        depth = 0
        for k, t in enumerate(tokens):
            depth += 1 if t.kind == "open" else -1 if t.kind == "close" else 0
            if depth == 0 and k < len(tokens) - 1:
                break
        else:
            tokens = tokens[1:-1]
    values = [t.value for t in tokens]
    if (
        len(values) > 16
        and values[0] == "\\begin"
        and "".join(values[2:7]) == "array"
        and values[7:9] == ["}", "{"]
        and values[-8] == "\\end"
        and "".join(values[-6:-1]) == "array"
    ):
        spec_end = values.index("}", 9)
        if "".join(values[9:spec_end]) in ("l", "c", "r"):
            return tokens[spec_end + 1 : -8]
    return tokens


def _binomials(tokens):
    """``\\left(\\begin{array}{c} m \\\\ i \\end{array}\\right)`` (a binomial coefficient written as a one-column
    array in brackets) as ``\\binom{m}{i}``."""
    out, k = [], 0
    values = [t.value for t in tokens]
    while k < len(tokens):
        t = tokens[k]
        if t.kind == "open" and t.value == "(" and values[k + 1 : k + 3] == ["\\begin", "{"]:
            head = "".join(values[k + 3 : k + 8])
            close = k + 8 if k + 8 < len(values) else None
            if head == "array" and close is not None and values[close] == "}" and values[close + 1] == "{":
                spec_end = values.index("}", close + 1)
                body_start = spec_end + 1
                end = next((j for j in range(body_start, len(values)) if values[j] == "\\end"), None)
                rows = [j for j in range(body_start, end or body_start) if tokens[j].kind == "row"]
                after = (end or 0) + 8  # past \end{array}
                if (
                    end is not None
                    and len(rows) == 1
                    and "".join(values[close + 2 : spec_end]) in ("c", "l", "r")
                    and after < len(tokens)
                    and tokens[after].kind == "close"
                    and tokens[after].value == ")"
                ):
                    top, bottom = tokens[body_start : rows[0]], tokens[rows[0] + 1 : end]
                    brace = [Token("open", "{", t.start, t.start), Token("close", "}", t.start, t.start)]
                    out += [
                        Token("cmd", "\\binom", t.start, t.end),
                        brace[0],
                        *top,
                        brace[1],
                        brace[0],
                        *bottom,
                        brace[1],
                    ]
                    k = after + 1
                    continue
        out.append(t)
        k += 1
    return out


def _set_listed(row: Row) -> bool:
    """Whether ``row`` names a set by listing it, ``D = \\{x_1^+, x_2^+, ...\\}``: one ``=``, a name (primes and
    subscripts allowed) on the left, one braced list on the right."""
    if len(row.rels) != 1 or row.rels[0].value != "=" or row.continued:
        return False
    left, right = row.parts[0].tokens, row.parts[1].tokens
    if not left or left[0].kind not in ("letter", "name") or not right:
        return False
    if any(t.kind not in ("op", "open", "close", "num", "letter") and t.value != "\\prime" for t in left[1:]):
        return False
    if not (
        right[0].kind == "open" and right[0].value == "\\{" and right[-1].kind == "close" and right[-1].value == "\\}"
    ):
        return False
    depth = 0
    for k, t in enumerate(right):
        depth += 1 if t.kind == "open" else -1 if t.kind == "close" else 0
        if depth == 0 and k < len(right) - 1:
            return False  # \{a\} \cup \{b\}: more than one list
    return any(t.kind == "op" and t.value == "," for t in right)


def _environment(tokens) -> tuple | None:
    """``(offset, name)`` of an environment (a matrix, an array, cases) inside a display, else None."""
    for k, t in enumerate(tokens):
        if t.kind == "cmd" and t.value == "\\begin":
            name = "".join(x.value for x in tokens[k + 2 : k + 12] if x.kind in ("letter", "op") and x.value != "}")
            end = next((j for j in range(k + 1, min(k + 14, len(tokens))) if tokens[j].kind == "close"), None)
            if end is not None:
                name = "".join(x.value for x in tokens[k + 2 : end])
            return t.start, name
    return None


def _lead_in(text: str, start: int) -> int:
    """Where the prose leading into a display begins: its paragraph, or the one before when the display opens
    one of its own (at most 800 characters back)."""
    cut = text.rfind("\n\n", 0, start)
    if cut >= 0 and not text[cut:start].strip():
        cut = text.rfind("\n\n", 0, cut)
    return max(cut, start - 800, 0)


def _merge_continuations(rows, content):
    """A row that is only ``+ ...`` or ``- ...`` continues the expression of the row before; a row ending with a
    relation that the next row repeats (``A &= B = \\\\ &= C``, the sign written again at the line break) ends
    before it."""
    merged: list = []
    joined: set = set()
    for k, row in enumerate(rows):
        if k in joined:
            continue
        after = rows[k + 1] if k + 1 < len(rows) else None
        if (
            len(row.parts) > 1
            and not row.parts[-1].tokens
            and after is not None
            and not after.continued
            and not row.implied
        ):  # "A &= B = \\ & C = D": the relation at the line break continues on the next row
            row.parts = row.parts[:-1] + after.parts
            row.rels = row.rels + after.rels
            row.conditions = row.conditions + after.conditions
            joined.add(k + 1)
            after = rows[k + 2] if k + 2 < len(rows) else None
        if (
            len(row.parts) > 1
            and not row.parts[-1].tokens
            and after is not None
            and after.continued
            and after.rels
            and after.rels[0].value == row.rels[-1].value
        ):
            row.parts, row.rels = row.parts[:-1], row.rels[:-1]
            if not row.rels:
                row.continued = False
        first = row.parts[0].tokens[:1]
        before = merged[-1].parts[-1].tokens[-1:] if merged else []
        if merged and not row.continued and before and before[0].kind == "op" and before[0].value in "+-":
            # "... + \\ & E[...]": a sum broken after its sign goes on in the next row
            last = merged[-1].parts[-1]
            last.tokens = last.tokens + row.parts[0].tokens
            last.text = " ".join(content[last.tokens[0].start : last.tokens[-1].end].split())
            merged[-1].parts += row.parts[1:]
            merged[-1].rels += row.rels
            continue
        if merged and not row.rels and first and first[0].kind == "op" and first[0].value in "+-":
            last = merged[-1].parts[-1]
            last.tokens = last.tokens + row.parts[0].tokens
            last.text = " ".join(content[last.tokens[0].start : last.tokens[-1].end].split())
        else:
            merged.append(row)
    return merged
