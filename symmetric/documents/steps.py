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
from .context import Condition, Context, solved
from .definitions import PARSE_SECONDS, Definitions, key_of
from .field import field_reading
from .judge import (
    Judge,
    Outcome,
    apply_premises,
    combinations,
    counterexample_text,
    cx_text,
    describe,
    rounding_verdict,
)
from .latex import GREEK, LatexError, tokenize
from .latex_parser import parse_tokens
from .lexicon import Lexicon
from .names import Definition, Names
from .report import Note, Step
from .rows import IMPLICATIONS, Part, Row, rows_of
from .sequences import follows

__all__ = ["DEFAULT_TIMEOUT", "IMPLICATIONS", "PARSE_SECONDS", "Checker"]

#: Seconds for the check of one step (each of the checks a sequence row needs gets a share).
DEFAULT_TIMEOUT = 10.0
_OPS = {
    "==": sympy.Eq,
    "<": sympy.StrictLessThan,
    ">": sympy.StrictGreaterThan,
    "<=": sympy.LessThan,
    ">=": sympy.GreaterThan,
}
_PROBABILITY_BASES = ("p", "P", "pi", "Pr")
_GREEK_NAMES = frozenset(GREEK.values())


class Checker(Definitions):
    """Checks the displays of documents, keeping one :class:`Names` per file.

    Parameters
    ----------
    symbols : mapping, optional
        ``--symbol`` options: name -> assumption.
    domain : {"unit", "positive"}
    timeout : float
        Seconds for each step's check.
    """

    def __init__(self, *, symbols=None, domain: str = "unit", timeout: float = DEFAULT_TIMEOUT):
        self.symbols = dict(symbols or {})
        self.domain = domain
        self.timeout = timeout
        self.judge = Judge(domain=domain, timeout=timeout)
        self.used: dict = {}
        self.nearby: list = []  # the conditions stated in the prose around the display being checked
        self.stated: list = []  # the conditions stated by displays so far (of the file being checked)
        self.carried = self.last_part = None  # the last side of the display before, when the next one continues it
        self.last_equation: tuple | None = None  # the lone equation of the display before, when the next one solves it

    # -- a document -----------------------------------------------------------------------------------
    def check_document(self, document) -> tuple[list[Step], list[Note], list]:
        """Steps, notes and ``(segment, display, steps)`` triples (for --annotate) of one document."""
        text = "\n\n".join(segment.text for segment in document.segments)
        names = Names(symbols=self.symbols, lexicon=Lexicon.of_text(text))
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
                found, found_notes = self.check_display(document.name, segment, display, names, context)
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
        tokens = _unwrapped(tokens)
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
        premises = context.premises(display.offset)
        solution = self.solution_display(rows, names)
        if solution is not None:
            return solution, []

        own = [r for r in rows if not r.continued and r.rels and not r.implied]
        heads, right_to_left = {}, set()
        earlier: set = set()  # the letters of the rows before: a letter used there is a variable, not a fresh name
        for r in own:
            heads[id(r)] = self.definition(r, names, earlier)
            earlier |= {t.value for p in r.parts for t in p.tokens if t.kind in ("letter", "cmd", "text")}
            if heads[id(r)] is None:
                heads[id(r)] = self.definition_right_to_left(r, names)
                if heads[id(r)] is not None:
                    right_to_left.add(id(r))
        equations = [r for r in own if heads[id(r)] is None and not r.hypothesis]
        # Several rows with their own left side: a sequence of equations (or a block of facts), unless each
        # row gives a different symbol a value (P = TP/(TP + FP), R = TP/(TP + FN)): a block of conditions.
        # Equations listed on one line with commas are separate facts, not a sequence.
        sequence = len([r for r in equations if not r.listed]) >= 2
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
                else:
                    step = self.sequence_step(
                        previous_equation, parts, row.rels[0], previous_identity, previous_status, names, row_premises
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
            if again is not None and found[0].status != "proven" and parts[1].parsed is not None:
                again.value, again.line = parts[1].parsed.expr, line(row.rels[0].start)  # the later definition holds
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

    def readings(self, left: Part, right: Part, names: Names) -> list:
        """``(label, lhs, rhs)`` for every combination of the open readings of a step, the default first."""
        choices = {**left.reading.choices, **right.reading.choices}
        if not choices:
            return [("", left.reading.expr, right.reading.expr)]
        out = []
        for combo in combinations(choices):
            try:
                a = parse_tokens(left.tokens, names, choose=combo)
                b = parse_tokens(right.tokens, names, choose=combo)
            except LatexError:
                continue
            out.append((describe(choices, combo), a.expr, b.expr))
        return out or [("", left.reading.expr, right.reading.expr)]

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
                    out.append(Condition(None, None, line(rel.start), "display", _OPS[rel.relation](symbol, bound)))
            except (LatexError, TypeError):
                continue
        return [c for c in out if c.relation not in (sympy.true, sympy.false)]

    # -- checking -----------------------------------------------------------------------------------------
    def step(self, left: Part, rel, right: Part, kind, names: Names, premises=(), head: bool = False) -> Step:
        name, segment, line, where = self.where
        self.read(left, names)
        self.read(right, names)
        relation = rel.relation if rel.value != ":=" else None
        step = Step(
            name,
            line(rel.start),
            left.text,
            right.text,
            relation or rel.value,
            "unparsed",
            kind=kind,
            cell=segment.cell,
            cell_line=where(rel.start),
        )
        error = next((p.error for p in (left, right) if p.error is not None), None)
        if error is not None:
            step.reason = f"{error.reason} (in '{_context(left, right, error)}')"
            return step
        if relation is None:
            step.reason = f"the relation {rel.value} is outside the subset (=, \\le, \\ge, <, >)"
            return step
        lhs, rhs = left.reading, right.reading
        step.read = (sympy.sstr(lhs.expr), sympy.sstr(rhs.expr))
        step.reading = _reading(lhs, rhs)
        if lhs.implicit or rhs.implicit:
            step.status = "unknown"
            step.reason = "depends on a reading the display does not fix: " + "; ".join(
                dict.fromkeys(lhs.implicit + rhs.implicit)
            )
            return step
        introduced = self.introduced(lhs.expr, rhs.expr, names) if relation == "==" else None
        if introduced is not None:
            step.status, step.reason = "unknown", introduced
            return step
        values = self.context_values(step)
        readings: list = []
        field: list = []
        for label, a, b in self.readings(left, right, names):
            a, b, named = field_reading(a, b)
            readings.append((label, a, b))
            field = field or named
        if field:
            step.reading["field definitions"] = field
        outcome = self.judge.decide(
            readings,
            relation,
            premises=premises,
            values=values,
            rescue=lambda out: self.rescue(out, left, right, relation, names, premises, head),
        )
        _fill(step, outcome, lhs.uses + rhs.uses)
        return step

    def introduced(self, lhs, rhs, names: Names) -> str | None:
        """A subscripted or worded name used for the first time on one side only, the other side holding what it
        stands for (``\\frac{FP}{FP + TN} = \\frac{FP}{\\ell_-}``): the step is read as its definition (registered
        when it can be solved for), not checked."""
        for side, other in ((rhs, lhs), (lhs, rhs)):
            fresh = [
                s
                for s in side.free_symbols - other.free_symbols
                if s.name not in self.known
                and not names.is_project(key_of(s))
                and ("_" in s.name or (len(s.name) > 1 and s.name not in _GREEK_NAMES))
            ]
            if len(fresh) != 1:
                continue
            target = fresh[0]
            ok, found = run_with_budget(lambda: sympy.solve(side - other, target, dict=False), PARSE_SECONDS)
            if not ok or not isinstance(found, list) or len(found) != 1 or found[0].has(target):
                continue
            names.definitions[key_of(target)] = Definition(key_of(target), found[0], (), self.where[2](0))
            return (
                f"introduces {target} (used here for the first time): read as its definition, "
                f"{target} = {sympy.sstr(found[0])}, not as a claim"
            )
        return None

    def context_values(self, step) -> dict:
        """The values of the worked example the display being checked sits in."""
        return self.context.values(self.offset)

    def rescue(self, outcome: Outcome, left: Part, right: Part, relation, names: Names, premises, head=False):
        """A refutation that a reading of the context makes "unknown" (see :mod:`~symmetric.documents.judge`)."""
        fails = cx_text(outcome.counterexample)
        suffix = f" (it fails at {fails})" if fails else ""
        again = self.redefinition(left, names) if head else None
        if again is not None:
            return Outcome(
                "unknown",
                None,
                f"a second definition of {again.key} (the first at line {again.line}), or a claim about it" + suffix,
                outcome.seconds,
            )
        instance = _instance(left, right, relation)
        if instance is not None:
            return Outcome(
                "unknown",
                None,
                f"the formula evaluated at values the document does not state: {instance}" + suffix,
                outcome.seconds,
            )
        rounded = self.rounding(left, right, relation, names)
        if rounded is not None and rounded[0] == "unknown":
            return Outcome("unknown", None, rounded[1], outcome.seconds)
        if self.fails_everywhere(left.reading.expr, right.reading.expr, relation):
            outcome.detail += "; it fails for every value of its symbols, so under every reading of them"
            return None
        undefined = names.undefined_names()
        named = [k for k in (outcome.counterexample or {}) if k in undefined]
        if named:
            return Outcome(
                "unknown",
                None,
                "depends on " + ", ".join(named) + ", which the document does not "
                "define (its value is not the document's error)" + suffix,
                outcome.seconds,
            )
        if rounded is not None:
            outcome.detail = rounded[1]
            outcome.counterexample = outcome.counterexample or {}
        lhs, rhs, premised, _ = apply_premises(left.reading.expr, right.reading.expr, premises)
        for conditions in self.condition_sets(lhs, rhs):
            mapping = {c.symbol: c.value for c in conditions if c.relation is None}
            bounds = [c.relation for c in conditions if c.relation is not None] + premised
            v = self.judge.verdict(
                lhs.subs(mapping, simultaneous=True),
                rhs.subs(mapping, simultaneous=True),
                relation,
                self.timeout / 2,
                bounds,
            )
            if v.status == "proven":
                return Outcome(
                    "unknown",
                    None,
                    f"holds under the condition{'s' if len(conditions) > 1 else ''} "
                    + "; ".join(c.text() for c in conditions)
                    + ", not as an identity"
                    + suffix,
                    outcome.seconds,
                )
        probabilities = [
            s
            for s in lhs.free_symbols | rhs.free_symbols
            if s.name.split("_")[0] in _PROBABILITY_BASES and "_" in s.name
        ]
        if probabilities:
            bounds = [s < 1 for s in probabilities]
            v = self.judge.verdict(lhs, rhs, relation, self.timeout / 2, bounds)
            if v.status == "proven":
                shown = ", ".join(str(s) for s in probabilities)
                return Outcome(
                    "unknown", None, f"holds with {shown} in (0, 1), as a probability is" + suffix, outcome.seconds
                )
        if left.reading.logs or right.reading.logs:
            for base in (10, 2):
                try:
                    a, b = (parse_tokens(p.tokens, names, log_base=base).expr for p in (left, right))
                except LatexError:
                    break
                v = self.judge.verdict(a, b, relation, self.timeout / 2)
                if v.status == "proven":
                    return Outcome(
                        "unknown",
                        None,
                        f"holds with \\log read as the logarithm in base {base}, not as "
                        "the natural one" + (f" (which fails at {fails})" if fails else ""),
                        outcome.seconds,
                    )
        return None

    def fails_everywhere(self, lhs, rhs, relation) -> bool:
        """Whether a step with symbols fails at every point of the domain (``a = b`` with ``a - b`` of one sign,
        ``a <= b`` with ``a > b``): then no reading of its names or conditions can make it right."""
        if not (lhs.free_symbols | rhs.free_symbols):
            return False
        opposite = {"==": (">", "<"), "<=": (">",), "<": (">=",), ">=": ("<",), ">": ("<=",)}[relation]
        return any(self.judge.verdict(lhs, rhs, r, self.timeout / 3).status == "proven" for r in opposite)

    def redefinition(self, left: Part, names: Names):
        """The definition a row's left side names exactly (``F_1`` of ``F_1 = ...``), else None."""
        from .latex_parser import definition_head

        head = definition_head(left.tokens, names)
        if head is None or head[1] is not None:
            return None
        return names.definitions.get(head[0])

    def condition_sets(self, lhs, rhs):
        relevant = [
            c
            for c in list(self.nearby) + list(reversed(self.stated))
            if (c.symbol is not None and (lhs.has(c.symbol) or rhs.has(c.symbol)))
            or (c.relation is not None and c.relation.free_symbols & (lhs.free_symbols | rhs.free_symbols))
        ]
        seen: dict = {}
        for c in relevant:
            seen.setdefault(c.symbol if c.symbol is not None else c.relation, c)
        latest = list(seen.values())
        return [[c] for c in relevant] + ([latest] if len(latest) > 1 else [])

    def rounding(self, left: Part, right: Part, relation, names: Names):
        """``(status, reason)`` when the step has decimals and is decided to the digits written, else None."""
        try:
            a = parse_tokens(left.tokens, names, decimals=True)
            b = parse_tokens(right.tokens, names, decimals=True)
        except LatexError:
            return None
        decimals = {**(a.decimals or {}), **(b.decimals or {})}
        if not decimals:
            return None
        verdict = rounding_verdict(a.expr, b.expr, relation, decimals)
        if verdict is None:
            return None
        digits = max(k for _, k in decimals.values())
        exact = [
            p.reading.expr for p, read in ((left, a), (right, b)) if not read.decimals and p.reading.expr.is_number
        ]
        shown = " and ".join(f"{sympy.sstr(e)} = {sympy.N(e, digits + 4)}" for e in exact if e != sympy.N(e, digits))
        if verdict == "holds":
            return "unknown", f"holds to the {digits} decimal(s) written, not exactly" + (f": {shown}" if shown else "")
        written = next((t.value for p in (left, right) for t in p.tokens if t.kind == "num" and "." in t.value), "")
        return "refuted", (
            f"{shown} does not round to {written}"
            if shown
            else f"wrong beyond the rounding of the decimals written ({written})"
        )

    def hypothesis_row(self, row: Row, names: Names, premises, *, claimed: bool = False):
        """The row before an implication arrow: its relations are the hypotheses of the row after it. When it
        follows an arrow itself (``claimed``) it is a step, checked under its own hypothesis; otherwise a relation
        that holds as an identity is a step (proven) and any other is not claimed."""
        hypotheses, found = [], []
        name, segment, line, where = self.where
        for k, rel in enumerate(row.rels):
            left, right = row.parts[k], row.parts[k + 1]
            if claimed:
                found.append(self.step(left, rel, right, "chain", names, premises))
            self.read(left, names)
            self.read(right, names)
            if left.error is not None or right.error is not None or rel.relation is None:
                continue
            if left.parsed.implicit or right.parsed.implicit:
                continue
            a, b = left.parsed.expr, right.parsed.expr
            if claimed:
                pass
            elif self.judge.verdict(a, b, rel.relation, self.timeout / 2).status == "proven":
                found.append(self.step(left, rel, right, "chain", names, premises))
                continue
            if rel.relation == "==":
                hit = solved(a, b)
                if hit is not None:
                    hypotheses.append(Condition(hit[0], hit[1], line(rel.start), "display"))
                else:
                    hypotheses.append(Condition(None, None, line(rel.start), "display", sympy.Eq(a, b)))
            else:
                hypotheses.append(Condition(None, None, line(rel.start), "display", _OPS[rel.relation](a, b)))
        return hypotheses, found

    def premise(self, parts, rel, names, premises) -> Step:
        left, right = parts[0], parts[1]
        step, readable = self._equation(parts, rel, "premise")
        if not readable:
            return step
        v = self.judge.evaluate(left.parsed.expr, right.parsed.expr, rel.relation, premises)
        step.seconds = v.seconds
        if v.status == "proven":
            step.status, step.reason = "proven", f"holds as an identity ({v.detail})"
        else:
            step.status = "unknown"
            step.reason = (
                "the first equation of a sequence: a premise, not an identity"
                + (f" (it fails at {cx_text(v.counterexample)})" if v.counterexample else "")
                + "; the rows after it are checked against it"
            )
        return step

    def sequence_step(self, previous, parts, rel, previous_identity, previous_status, names, premises) -> Step:
        left, right = parts[0], parts[1]
        step, readable = self._equation(parts, rel, "sequence")
        if not readable:
            return step
        L1, R1, relation = left.parsed.expr, right.parsed.expr, rel.relation
        share = self.timeout / 2
        identity = self.judge.evaluate(L1, R1, relation, premises, timeout=share)
        if identity.status == "proven":
            step.status, step.reason = "proven", f"holds as an identity ({identity.detail})"
        elif identity.status == "refuted" and previous_identity:
            step.status, step.counterexample = "refuted", identity.counterexample
            step.reason = (
                "not an identity, and the equation before holds everywhere, so this one does not follow "
                "from it either" + (f" ({identity.detail})" if identity.detail else "")
            )
        elif previous_status == "refuted":
            step.status = "unknown"
            step.reason = "the row before is refuted; whether this one follows from the derivation is undecided"
        elif any(p.error is not None or p.parsed.implicit for p in previous[:2]):
            step.status, step.reason = "unknown", "not an identity, and the equation before it could not be read"
        else:
            L0, R0, before = previous[0].parsed.expr, previous[1].parsed.expr, previous[2]
            if before == "==" and relation == "==":
                status, cx, reason = follows((L0, R0), (L1, R1), self.judge.verdict, share, self.domain)
            else:
                status, cx, reason = self.implied(L0, R0, before, L1, R1, relation, share)
            step.status, step.counterexample, step.reason = status, counterexample_text(cx) if cx else cx, reason
            if status == "unknown" and identity.status == "refuted":
                step.reason = (
                    f"not an identity (it fails at {cx_text(identity.counterexample)}), and whether it "
                    f"follows from the {'equation' if before == '==' else 'row'} before is undecided"
                )
        return step

    def implied(self, L0, R0, before, L1, R1, relation, share):
        """A row of a sequence of inequalities: checked with the row before as its condition."""
        v = self.judge.verdict(L1, R1, relation, share, [_OPS[before](L0, R0)])
        if v.status == "proven":
            return "proven", None, "follows from the row before (checked with it as a condition)"
        if v.status == "refuted":
            return (
                "refuted",
                v.counterexample,
                ("does not follow from the row before: at this point the row before holds and this one fails"),
            )
        return "unknown", None, "not an identity, and whether it follows from the row before is undecided"

    def _equation(self, parts, rel, kind) -> tuple[Step, bool]:
        """The step of an equation row and whether it can be checked: unparsed or an ambiguous reading can't."""
        name, segment, line, where = self.where
        left, right = parts[0], parts[1]
        step = Step(
            name,
            line(rel.start),
            left.text,
            right.text,
            rel.relation or rel.value,
            "unparsed",
            kind=kind,
            cell=segment.cell,
            cell_line=where(rel.start),
        )
        error = next((p.error for p in (left, right) if p.error is not None), None)
        if error is not None:
            step.reason = f"{error.reason} (in '{_context(left, right, error)}')"
            return step, False
        if rel.relation is None:
            step.reason = f"the relation {rel.value} is outside the subset (=, \\le, \\ge, <, >)"
            return step, False
        step.read = (sympy.sstr(left.parsed.expr), sympy.sstr(right.parsed.expr))
        step.reading = _reading(left.parsed, right.parsed)
        if left.parsed.implicit or right.parsed.implicit:
            step.status, step.reason = "unknown", "depends on a reading the display does not fix"
            return step, False
        if left.parsed.choices or right.parsed.choices:
            step.status, step.reason = (
                "unknown",
                "depends on a reading the display does not fix: "
                + "; ".join(c.what for c in {**left.parsed.choices, **right.parsed.choices}.values()),
            )
            return step, False
        return step, True


def _instance(left: Part, right: Part, relation) -> str | None:
    """An equation between a formula in symbols and the same formula with numbers for some of its names
    (``\\frac{FP}{\\ell_-} = \\frac{0}{\\ell_-}``), or a number written with decimals: the formula's values
    are not the document's to check, so its text, else None."""
    if relation != "==":
        return None
    for formula, number in ((left, right), (right, left)):
        if not formula.reading.expr.free_symbols:
            continue
        decimals = any(t.kind == "num" and "." in t.value for t in number.tokens)
        if decimals and number.reading.expr.is_number:
            return formula.text + " against a number written with decimals"
        substituted = _substituted(formula.tokens, number.tokens)
        if substituted:
            return formula.text + " with " + ", ".join(f"{n} = {v}" for n, v in substituted)
    return None


def _substituted(formula, number) -> list:
    """``[(name, number)]`` when ``number`` is ``formula`` with numbers in place of some of its one-token names."""
    if len(formula) != len(number) or not formula:
        return []
    pairs = []
    for a, b in zip(formula, number):
        if (a.kind, a.value) == (b.kind, b.value):
            continue
        if b.kind == "num" and (a.kind in ("letter", "text", "name") or (a.kind == "cmd" and a.value in GREEK)):
            pairs.append((a.value, b.value))
            continue
        return []
    return pairs


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
    merged = []
    for k, row in enumerate(rows):
        after = rows[k + 1] if k + 1 < len(rows) else None
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
        if merged and not row.rels and first and first[0].kind == "op" and first[0].value in "+-":
            last = merged[-1].parts[-1]
            last.tokens = last.tokens + row.parts[0].tokens
            last.text = " ".join(content[last.tokens[0].start : last.tokens[-1].end].split())
        else:
            merged.append(row)
    return merged


def _reading(left, right) -> dict:
    """What a step was read with: names, products where a name was possible, named values, open readings."""
    out: dict = {}
    names = {**left.names, **right.names}
    if names:
        out["names"] = [f"{k}: {v}" for k, v in names.items()]
    products = list(dict.fromkeys(left.products + right.products))
    if products:
        out["products"] = products
    opaque = list(dict.fromkeys(left.opaque + right.opaque))
    if opaque:
        out["named values"] = opaque
    choices = {**left.choices, **right.choices}
    if choices:
        out["open"] = [f"{c.what}: " + " or ".join(c.options) for c in choices.values()]
    sums = left.sums + right.sums
    if sums:
        out["sums"] = sums
    return out


def _fill(step: Step, outcome: Outcome, uses) -> None:
    step.status = outcome.status
    step.seconds = outcome.seconds
    step.counterexample = outcome.counterexample if outcome.status == "refuted" else None
    if outcome.status == "refuted" and not step.counterexample:
        step.counterexample = {}
    step.reason = outcome.detail
    for key in ("premises", "values", "open"):
        if outcome.notes.get(key):
            step.reading[{"premises": "conditions", "values": "values", "open": "readings"}[key]] = outcome.notes[key]
    if uses:
        step.reason += "; uses " + ", ".join(dict.fromkeys(uses))


def _context(left: Part, right: Part, error: LatexError) -> str:
    for p in (left, right):
        if p.error is error:
            return p.text if len(p.text) <= 60 else p.text[:57] + "..."
    return left.text
