"""Displays to steps, and each step checked by :func:`symmetric.verify.check`.

Three kinds of multi-row display (docs/documents.md):

* a **chain** ``a &= b \\\\ &= c \\\\ &\\le d``: each relation between neighbours
  is a step, checked on the domain;
* a **sequence of equations**, every row with its own left side: the first
  row is a premise, each later row must be an identity or follow from the
  row before on the domain (each side rewritten, or a nonzero multiple of
  it); a row refuted as an identity is *refuted* only where a point is found
  at which the row before holds and it does not;
* **definitions**: a fresh name on the left (``F_\\beta = ...``,
  ``\\text{Weighted Power Mean}(\\gamma, \\phi): ...``, ``S &= ...``), used by
  later displays; an equation whose left side holds a fresh subscripted or
  worded name defines that name implicitly.

A step whose reading depends on something the display does not fix (a
derivative of a quantity with respect to a variable it does not depend on
explicitly) is "unknown" with that reason, never checked literally.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass

import sympy

from ..verify import InconsistentVerdictError, check, run_with_budget
from .conditions import Condition, prose_conditions, solved
from .latex import LatexError, Token, tokenize
from .latex_parser import Parsed, definition_head, parse_tokens
from .names import Definition, Names
from .report import Note, Step
from .sequences import follows

__all__ = ["DEFAULT_TIMEOUT", "IMPLICATIONS", "PARSE_SECONDS", "Checker"]

#: Seconds for the check of one step (each of the checks a sequence row needs gets a share).
DEFAULT_TIMEOUT = 10.0
#: Seconds for reading one side of a step (tokens to SymPy, derivatives taken): independent of the checks' time.
PARSE_SECONDS = 10.0
_RELATION_SIGNS = {"==": "=", "<=": "\\le", ">=": "\\ge", "<": "<", ">": ">"}


@dataclass
class _Part:
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
class _Row:
    parts: list
    rels: list
    continued: bool


#: Arrows between equations: what follows them is a new equation, as on a new row.
IMPLICATIONS = {
    "\\implies",
    "\\Rightarrow",
    "\\Longrightarrow",
    "\\iff",
    "\\Leftrightarrow",
    "\\Longleftrightarrow",
    "\\therefore",
}


def _rows(tokens: list[Token]) -> list[list[Token]]:
    """The rows of a display: cut at ``\\\\``, at implication arrows and at top-level commas (a list of
    equations on one line); the punctuation ending a row (``.``, ``,``, ``;``) dropped."""
    rows: list[list[Token]] = []
    current: list[Token] = []
    depth = 0
    for t in tokens:
        depth += 1 if t.kind == "open" else -1 if t.kind == "close" else 0
        if t.kind == "row" or (
            depth == 0
            and (t.value in IMPLICATIONS and t.kind in ("rel", "cmd") or (t.kind == "op" and t.value in (",", ";")))
        ):
            rows.append(current)
            current = []
        else:
            current.append(t)
    rows.append(current)
    out = []
    for r in rows:
        while r and (r[-1].kind == "amp" or (r[-1].kind == "op" and r[-1].value in ".,;")):
            r = r[:-1]
        if any(t.kind != "amp" for t in r):
            out.append(r)
    return out


def _split_row(tokens: list[Token], content: str) -> _Row:
    parts: list[list[Token]] = []
    rels: list[Token] = []
    current: list[Token] = []
    depth = 0
    continued = False
    seen = False
    for k, t in enumerate(tokens):
        if t.kind == "amp" and k + 1 < len(tokens) and tokens[k + 1].kind == "amp" and seen:
            break  # '&&' starts the remark column of an align row: "&& \text{by (1)}"
        if t.kind == "amp":
            continue
        if t.kind == "note" and depth == 0 and seen:
            break  # a remark in words ends the mathematics of the row: "\quad \text{since } ..."
        if t.kind == "open":
            depth += 1
        elif t.kind == "close":
            depth -= 1
        is_rel = depth == 0 and (
            t.kind == "rel" or (t.kind == "op" and t.value == ":=") or (t.kind == "op" and t.value == ":" and not rels)
        )
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
        out.append(_Part(p, " ".join(text.split()), p[0].start if p else 0))
    return _Row(out, rels, continued)


class Checker:
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
        self.used: dict = {}
        self.prose: list = []  # the conditions stated in the prose around the display being checked
        self.stated: list = []  # the conditions stated by displays so far (of the file being checked)

    # -- a document -----------------------------------------------------------------------------------
    def check_segments(self, name: str, segments, fmt: str) -> tuple[list[Step], list[Note], list]:
        """Steps, notes and ``(segment, display, steps)`` triples (for --annotate) of one document."""
        names = Names(symbols=self.symbols)
        self.stated = []
        steps, notes, marks = [], [], []
        for segment in segments:
            displays = segment.displays(latex=fmt == "latex")
            for k, display in enumerate(displays):
                before = displays[k - 1].end if k else 0
                after = displays[k + 1].offset if k + 1 < len(displays) else len(segment.text)
                paragraph = segment.text.find("\n\n", display.end, after)
                self.prose = prose_conditions(
                    segment.text, max(before, display.offset - 1500), display.offset, names, segment.line_of
                ) + prose_conditions(
                    segment.text, display.end, paragraph if paragraph >= 0 else after, names, segment.line_of
                )
                found, found_notes = self.check_display(name, segment, display, names)
                steps += found
                notes += found_notes
                marks.append((segment, display, found))
        self.used.update(names.used)
        return steps, notes, marks

    def check_display(self, name, segment, display, names: Names):
        content = display.content

        def line(offset: int) -> int:
            return segment.line_of(display.offset + offset)

        steps: list[Step] = []
        notes: list[Note] = []
        try:
            tokens = tokenize(content)
        except LatexError as exc:
            return [
                Step(
                    name,
                    line(exc.offset),
                    "",
                    "",
                    "",
                    "unparsed",
                    None,
                    f"{exc.reason} (line {line(exc.offset)})",
                    "display",
                    cell=segment.cell,
                )
            ], []
        rows = [_split_row(r, content) for r in _rows(tokens)]
        if not rows:
            return [], []
        # A row that is only '+ ...' or '- ...' continues the expression of the row before.
        merged: list[_Row] = []
        for row in rows:
            first = row.parts[0].tokens[:1]
            if merged and not row.rels and first and first[0].kind == "op" and first[0].value in "+-":
                last = merged[-1].parts[-1]
                last.tokens = last.tokens + row.parts[0].tokens
                last.text = " ".join(content[last.tokens[0].start : last.tokens[-1].end].split())
            else:
                merged.append(row)
        rows = merged

        def make(left: _Part, rel: Token, right: _Part, kind: str) -> Step:
            return self.step(name, line(rel.start), left, rel, right, kind, names, segment.cell)

        own = [r for r in rows if not r.continued and r.rels]
        heads = {id(r): self.definition(r, names) for r in own}
        equations = [r for r in own if heads[id(r)] is None]
        # Several rows with their own left side: a sequence of equations (or a block of facts), unless each
        # row gives a different symbol a value (P = TP/(TP + FP), R = TP/(TP + FN)): a block of conditions.
        sequence = len(equations) >= 2
        if sequence and self.conditions_block(equations, names):
            for row in equations:
                x, f = row.parts[0].parsed.expr, row.parts[1].parsed.expr
                notes.append(Note(name, line(row.rels[0].start), "condition", str(x), sympy.sstr(f)))
                self.stated.append(Condition(x, f, line(row.rels[0].start), "display"))
            rows = [r for r in rows if all(r is not e for e in equations)]
            sequence = False
        previous_part = None
        previous_equation, previous_identity = None, False  # the equation the next row must follow from
        for row in rows:
            if not row.rels:
                self.read(row.parts[0], names)
                if row.parts[0].error is not None and len(rows) == 1:
                    err = row.parts[0].error
                    steps.append(
                        Step(
                            name,
                            line(err.offset),
                            row.parts[0].text,
                            "",
                            "",
                            "unparsed",
                            None,
                            f"{err.reason} (line {line(err.offset)}); the display has no relation to "
                            "check but could not be read",
                            "display",
                            cell=segment.cell,
                        )
                    )
                previous_part = row.parts[0]
                previous_equation = None
                continue
            parts = row.parts
            if row.continued:
                if previous_part is None:
                    steps.append(
                        Step(
                            name,
                            line(row.rels[0].start),
                            "",
                            parts[1].text,
                            row.rels[0].value,
                            "unparsed",
                            None,
                            "the display starts with a relation: no left side to continue",
                            "chain",
                            cell=segment.cell,
                        )
                    )
                    previous_part = parts[-1]
                    continue
                parts = [previous_part] + parts[1:]
                found = [make(parts[k], rel, parts[k + 1], "chain") for k, rel in enumerate(row.rels)]
                steps += found
                previous_part = parts[-1]
                if previous_equation is not None and all(r.value == "=" for r in row.rels):
                    previous_equation = (previous_equation[0], parts[-1])
                    previous_identity = previous_identity and all(f.status == "proven" for f in found)
                else:
                    previous_equation = None
                continue
            head = heads[id(row)]
            if head is not None:
                note = self.define(name, line(row.rels[0].start), head, parts[1], names)
                notes.append(note)
                for k in range(1, len(row.rels)):
                    steps.append(make(parts[k], row.rels[k], parts[k + 1], "chain"))
                previous_part = parts[-1]
                previous_equation = None
                continue
            if sequence and len(row.rels) == 1 and row.rels[0].value == "=":
                for p in parts:
                    self.read(p, names)
                if previous_equation is None:
                    step = self.premise(name, line(row.rels[0].start), parts, row.rels[0], segment.cell)
                else:
                    step = self.sequence_step(
                        name,
                        line(row.rels[0].start),
                        previous_equation,
                        parts,
                        row.rels[0],
                        segment.cell,
                        previous_identity,
                    )
                steps.append(step)
                previous_equation = (parts[0], parts[1])
                previous_identity = step.status == "proven" and step.reason.startswith("holds as an identity")
                previous_part = parts[-1]
                continue
            if not sequence:
                implicit = self.implicit_definition(name, line(row.rels[0].start), row, rows, names)
                if implicit is not None:
                    notes.append(implicit)
                    previous_part = parts[-1]
                    continue
                condition = self.condition(name, line(row.rels[0].start), row, rows, names)
                if condition is not None:
                    notes.append(condition)
                    previous_part = parts[-1]
                    continue
            found = [make(parts[k], rel, parts[k + 1], "chain") for k, rel in enumerate(row.rels)]
            steps += found
            previous_part = parts[-1]
            if all(r.value == "=" for r in row.rels):
                previous_equation = (parts[0], parts[-1])
                previous_identity = all(f.status == "proven" for f in found)
            else:
                previous_equation = None
        if own and heads[id(own[0])] is None and not sequence:
            self.register_derived(rows, own[0], names, line)
        return steps, notes

    # -- reading ------------------------------------------------------------------------------------------
    def read(self, part: _Part, names: Names) -> None:
        if part.parsed is not None or part.error is not None:
            return

        def parse():
            return parse_tokens(part.tokens, names)

        try:
            done, parsed = run_with_budget(parse, PARSE_SECONDS)
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

    def definition(self, row: _Row, names: Names):
        """``(key, params)`` when the row's first relation defines a fresh name, else None."""
        if row.rels[0].value not in ("=", ":", ":="):
            return None
        head = definition_head(row.parts[0].tokens)
        if head is None:
            return None
        key, params = head
        if key in names.definitions or names.is_project(key):
            return None
        if params is None and "_" not in key and not key.startswith("\\text") and _readable(key) in names.used:
            return None  # a letter used before is a variable, not a fresh name
        if row.rels[0].value == ":" and params is None and not key.startswith("\\text"):
            return None
        right = row.parts[1]
        if any(
            t.kind in ("letter", "text", "cmd")
            and _readable(t.value if t.kind != "text" else "\\text{" + t.value + "}") == _readable(key)
            for t in right.tokens
        ):
            return None  # x = f(x) is an equation in x, not a definition of it
        return key, params

    def define(self, file, line, head, part: _Part, names: Names) -> Note:
        key, params = head
        symbols = tuple(names.symbol(p) for p in params or ())
        self.read(part, names)
        if part.error is not None:
            value = sympy.Symbol(_readable(key), positive=True)
            shown = f"(unread: {part.error.reason})"
        else:
            value = part.reading.expr
            shown = sympy.sstr(value)
        readings = tuple(part.parsed.implicit) if part.parsed is not None else ()
        if part.error is None and not readings:
            shown += self.special_case(key, value, names)
        names.definitions[key] = Definition(key, value, symbols, line, file=file, readings=readings)
        shown_name = key + (f"({', '.join(params)})" if params else "")
        return Note(file, line, "definition", shown_name, shown)

    def special_case(self, key: str, value, names: Names) -> str:
        """``G_{\\beta,\\rho=0} = ...`` next to a defined ``G_{\\beta,\\rho}``: how the two compare there."""
        bindings = re.findall(r"(\\?[A-Za-z]+)=([^,}]+)", key)
        if not bindings:
            return ""
        general_key = re.sub(r"=[^,}]+", "", key)
        general = names.definitions.get(general_key)
        if general is None or general.params:
            return ""
        mapping = {}
        for var, text in bindings:
            try:
                mapping[names.symbol(var)] = parse_tokens(tokenize(text), names).expr
            except LatexError:
                return ""
        at = ", ".join(f"{k} = {v}" for k, v in mapping.items())
        ok, there = run_with_budget(lambda: general.value.subs(mapping), PARSE_SECONDS)
        if not ok:
            return ""
        if there.has(sympy.zoo, sympy.nan) or there.is_finite is False:
            return f" (a stipulation: the formula of {general_key} is undefined at {at})"
        v = self.verdict(there, value, "==", self.timeout)
        if v.status == "proven":
            return f" (the formula of {general_key} at {at})"
        if v.status == "refuted":
            return (
                f" (a stipulation: the formula of {general_key} at {at} is {sympy.sstr(there)}, a different "
                f"value" + (f", e.g. at {_cx_text(v.counterexample)}" if v.counterexample else "") + ")"
            )
        return ""

    def register_derived(self, rows, row, names: Names, line) -> None:
        """A chain whose left side is a derivative read implicitly gives that quantity its last value."""
        first = row.parts[0]
        if first.parsed is None or not first.parsed.implicit:
            return
        last = rows[-1].parts[-1]
        if last is first or last.parsed is None or last.parsed.implicit:
            return
        tokens = first.tokens
        if len(tokens) < 2 or tokens[0].value not in ("\\frac", "\\dfrac"):
            return
        from .latex_parser import _Parser  # the same grouping the parser uses

        parser = _Parser(tokens[1:], names, Parsed(sympy.S.Zero))
        try:
            num, den = parser.group(), parser.group()
        except LatexError:
            return
        if parser.peek() is not None:
            return
        from .latex_parser import name_key

        names.derived[name_key(num) + "/" + name_key(den)] = (last.parsed.expr, line(last.start))

    def implicit_definition(self, file, line, row: _Row, rows, names: Names):
        """``k_1 \\frac{0.5}{TP + FN} = ...``: a fresh named symbol on the left, solved for when linear."""
        if len(rows) != 1 or len(row.rels) != 1 or row.rels[0].value != "=":
            return None
        self.read(row.parts[0], names)
        if row.parts[0].error is not None:
            return None
        left = row.parts[0].parsed.expr
        self.read(row.parts[1], names)
        if row.parts[1].error is not None:
            return None
        right = row.parts[1].parsed.expr
        fresh = [
            s
            for s in sorted(left.free_symbols, key=str)
            if ("_" in s.name or " " in s.name)
            and _key_of(s) not in names.definitions
            and not names.is_project(_key_of(s))
            and not right.has(s)
        ]
        if not fresh:
            return None
        target = fresh[0]
        difference = left - row.parts[1].parsed.expr
        slope = sympy.diff(difference, target)
        value = None
        if not slope.has(target) and slope != 0:
            value = sympy.simplify(-(difference - slope * target) / slope)
        key = _key_of(target)
        if value is not None:
            names.definitions[key] = Definition(key, value, (), line, implicit=True, file=file)
        return Note(
            file,
            line,
            "definition",
            target.name,
            sympy.sstr(value) if value is not None else f"(implicit: {row.parts[0].text} = {row.parts[1].text})",
            implicit=True,
        )

    def conditions_block(self, equations, names: Names) -> bool:
        """Each row ``x = f(...)`` with its own symbol x, not in f, and no continuation: values, not a sequence."""
        seen = set()
        for row in equations:
            if len(row.rels) != 1 or row.rels[0].value != "=":
                return False
            for p in row.parts:
                self.read(p, names)
            if any(p.error is not None or p.parsed.implicit for p in row.parts):
                return False
            x, f = row.parts[0].parsed.expr, row.parts[1].parsed.expr
            if not isinstance(x, sympy.Symbol) or x in f.free_symbols or x in seen:
                return False
            seen.add(x)
        return True

    def condition(self, file, line, row: _Row, rows, names: Names):
        """A lone display ``x = f(...)`` with x a symbol not in f: a condition, not an identity to check."""
        if len(rows) != 1 or len(row.rels) != 1 or row.rels[0].value != "=":
            return None
        for p in row.parts:
            self.read(p, names)
        if any(p.error is not None or p.parsed.implicit for p in row.parts):
            return None
        a, b = (p.parsed.expr for p in row.parts)
        found = solved(a, b)
        if found is None or not found[1].free_symbols:
            return None
        self.stated.append(Condition(found[0], found[1], line, "display"))
        return Note(file, line, "condition", str(found[0]), sympy.sstr(found[1]))

    # -- checking -----------------------------------------------------------------------------------------
    def _sides(self, left: _Part, right: _Part, names: Names):
        self.read(left, names)
        self.read(right, names)
        for p in (left, right):
            if p.error is not None:
                return p.error
        return None

    def step(self, file, line, left: _Part, rel: Token, right: _Part, kind, names, cell) -> Step:
        error = self._sides(left, right, names)
        relation = rel.relation if rel.value != ":=" else None
        step = Step(file, line, left.text, right.text, relation or rel.value, "unparsed", kind=kind, cell=cell)
        if error is not None:
            step.reason = f"{error.reason} (in '{_context(left, right, error)}')"
            return step
        if relation is None:
            step.reason = f"the relation {rel.value} is outside the subset (=, \\le, \\ge, <, >)"
            return step
        lhs, rhs = left.reading, right.reading
        step.read = (sympy.sstr(lhs.expr), sympy.sstr(rhs.expr))
        implicit = lhs.implicit + rhs.implicit
        if implicit:
            step.status = "unknown"
            step.reason = "depends on a reading the display does not fix: " + "; ".join(dict.fromkeys(implicit))
            return step
        rounded = _rounding(left, right, relation)
        if rounded is not None:
            step.status, step.reason = rounded
            step.counterexample = {} if step.status == "refuted" else None  # no free symbol to give a value
            return step
        verdict = self.verdict(lhs.expr, rhs.expr, relation, self.timeout)
        _fill(step, verdict, lhs.uses + rhs.uses)
        if step.status == "refuted":
            self.under_conditions(step, lhs.expr, rhs.expr, relation)
        if step.status == "refuted" and (lhs.logs or rhs.logs):
            self.other_log_base(step, left, right, relation, names)
        return step

    def other_log_base(self, step: Step, left: _Part, right: _Part, relation, names) -> None:
        """A refuted step with a \\log written without a base: "unknown" if it holds in base 10 or 2."""
        for base in (10, 2):
            try:
                a, b = (parse_tokens(p.tokens, names, log_base=base).expr for p in (left, right))
            except LatexError:
                return
            v = self.verdict(a, b, relation, self.timeout / 2)
            if v.status == "proven":
                fails = _cx_text(step.counterexample)
                step.status, step.counterexample = "unknown", None
                step.reason = f"holds with \\log read as the logarithm in base {base}, not as the natural one" + (
                    f" (which fails at {fails})" if fails else ""
                )
                return

    def under_conditions(self, step: Step, lhs, rhs, relation) -> None:
        """A refuted step that holds under a condition the document states becomes "unknown", naming it."""
        relevant = [
            c
            for c in list(reversed(self.prose)) + list(reversed(self.stated))
            if lhs.has(c.symbol) or rhs.has(c.symbol)
        ]
        latest = list({c.symbol: c for c in reversed(relevant)}.values())  # the latest condition on each symbol
        tries = [[c] for c in relevant] + ([latest] if len(latest) > 1 else [])
        for conditions in tries:
            mapping = {c.symbol: c.value for c in conditions}
            v = self.verdict(
                lhs.subs(mapping, simultaneous=True), rhs.subs(mapping, simultaneous=True), relation, self.timeout / 2
            )
            if v.status == "proven":
                fails = _cx_text(step.counterexample)
                step.status, step.counterexample = "unknown", None
                step.reason = (
                    f"holds under the condition{'s' if len(conditions) > 1 else ''} "
                    + "; ".join(c.text() for c in conditions)
                    + ", not as an identity"
                    + (f" (it fails at {fails})" if fails else "")
                )
                return

    def verdict(self, lhs, rhs, relation, timeout):
        start = time.perf_counter()
        try:
            v = check(lhs, rhs, relation=relation, domain=self.domain, timeout=timeout)
        except InconsistentVerdictError:
            raise
        except (ValueError, TypeError, NotImplementedError, RecursionError) as exc:
            return _Outcome(
                "unknown",
                None,
                f"the engine could not take it ({type(exc).__name__}: {exc})",
                time.perf_counter() - start,
            )
        detail = v.method if v.status == "proven" else (v.detail or v.method)
        return _Outcome(v.status, v.counterexample if v.status == "refuted" else None, detail, v.seconds)

    @staticmethod
    def _equation(file, line, parts, cell, kind) -> tuple[Step, bool]:
        """The step of an equation row and whether it can be checked: unparsed or an ambiguous reading can't."""
        left, right = parts[0], parts[1]
        step = Step(file, line, left.text, right.text, "==", "unparsed", kind=kind, cell=cell)
        error = next((p.error for p in (left, right) if p.error is not None), None)
        if error is not None:
            step.reason = f"{error.reason} (in '{_context(left, right, error)}')"
            return step, False
        step.read = (sympy.sstr(left.parsed.expr), sympy.sstr(right.parsed.expr))
        if left.parsed.implicit or right.parsed.implicit:
            step.status, step.reason = "unknown", "depends on a reading the display does not fix"
            return step, False
        return step, True

    def premise(self, file, line, parts, rel, cell) -> Step:
        left, right = parts[0], parts[1]
        step, readable = self._equation(file, line, parts, cell, "premise")
        if not readable:
            return step
        v = self.verdict(left.parsed.expr, right.parsed.expr, "==", self.timeout)
        step.seconds = v.seconds
        if v.status == "proven":
            step.status, step.reason = "proven", f"holds as an identity ({v.detail})"
        else:
            step.status = "unknown"
            step.reason = (
                "the first equation of a sequence: a premise, not an identity"
                + (f" (it fails at {_cx_text(v.counterexample)})" if v.counterexample else "")
                + "; the rows after it are checked against it"
            )
        return step

    def sequence_step(self, file, line, previous, parts, rel, cell, previous_identity=False) -> Step:
        left, right = parts[0], parts[1]
        step, readable = self._equation(file, line, parts, cell, "sequence")
        if not readable:
            return step
        start = time.perf_counter()
        L1, R1 = left.parsed.expr, right.parsed.expr
        share = self.timeout / 2
        identity = self.verdict(L1, R1, "==", share)
        if identity.status == "proven":
            step.status, step.reason = "proven", f"holds as an identity ({identity.detail})"
        elif identity.status == "refuted" and previous_identity:
            step.status, step.counterexample = "refuted", {str(k): str(v) for k, v in identity.counterexample.items()}
            step.reason = (
                "not an identity, and the equation before holds everywhere, so this one does not follow "
                "from it either" + (f" ({identity.detail})" if identity.detail else "")
            )
        elif any(p.error is not None or p.parsed.implicit for p in previous):
            step.status, step.reason = "unknown", "not an identity, and the equation before it could not be read"
        else:
            L0, R0 = previous[0].parsed.expr, previous[1].parsed.expr
            status, cx, reason = follows((L0, R0), (L1, R1), self.verdict, share, self.domain)
            step.status, step.counterexample, step.reason = status, cx, reason
            if status == "unknown" and identity.status == "refuted":
                step.reason = (
                    f"not an identity (it fails at {_cx_text(identity.counterexample)}), and whether it "
                    f"follows from the equation before is undecided"
                )
        step.seconds = time.perf_counter() - start
        return step


@dataclass
class _Outcome:
    status: str
    counterexample: dict | None
    detail: str
    seconds: float


def _fill(step: Step, outcome: _Outcome, uses) -> None:
    step.status = outcome.status
    step.seconds = outcome.seconds
    step.counterexample = (
        {str(k): str(v) for k, v in outcome.counterexample.items()} if outcome.counterexample is not None else None
    )
    if outcome.status == "refuted" and not step.counterexample:
        step.counterexample = {}
    step.reason = outcome.detail
    if uses:
        step.reason += "; uses " + ", ".join(dict.fromkeys(uses))


def _rounding(left: _Part, right: _Part, relation: str):
    """``= 0.64`` for 9/14: a number written with k decimals stands for the interval it rounds.

    Returns ``(status, reason)`` when one side is such a decimal and the other a number: "unknown" when the
    other side rounds to it (the step holds to the decimals written, not exactly), "refuted" when it does not;
    None otherwise (the step is checked exactly).
    """
    if relation != "==":
        return None
    for written, other in ((right, left), (left, right)):
        tokens = [t for t in written.tokens if not (t.kind == "op" and t.value in "+-")]
        if len(tokens) != 1 or tokens[0].kind != "num" or "." not in tokens[0].value:
            continue
        value, exact = written.reading.expr, other.reading.expr
        if not (exact.is_number and exact.is_real) or exact.free_symbols:
            return None
        if exact == value:
            return None
        decimals = len(tokens[0].value.partition(".")[2])
        half = sympy.Rational(1, 2 * 10**decimals)
        gap = abs(exact - value)
        if (gap - half).evalf(30) <= 0:
            return "unknown", (
                f"holds to the {decimals} decimal(s) written, not exactly: "
                f"{sympy.sstr(exact)} = {sympy.N(exact, decimals + 4)}"
            )
        return "refuted", (f"{sympy.sstr(exact)} = {sympy.N(exact, decimals + 4)} does not round to {tokens[0].value}")
    return None


def _cx_text(cx) -> str:
    return ", ".join(f"{k} = {v}" for k, v in (cx or {}).items())


def _context(left: _Part, right: _Part, error: LatexError) -> str:
    for p in (left, right):
        if p.error is error:
            return p.text if len(p.text) <= 60 else p.text[:57] + "..."
    return left.text


def _readable(key: str) -> str:
    from .names import readable

    return readable(key)


def _key_of(symbol: sympy.Symbol) -> str:
    name = symbol.name
    if " " in name:
        return "\\text{" + name + "}"
    base, _, sub = name.partition("_")
    if sub:
        return base + "_{" + sub.strip("{}") + "}"
    return name
