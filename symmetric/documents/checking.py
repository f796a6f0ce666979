"""One step checked: its readings, its premises, the values of its example, and the rescues of a refutation.

The step's sides are read under every open reading (:class:`~symmetric.documents.latex_parser.Choice`), with the
field's definitions of the rates it names beside counts (:mod:`~symmetric.documents.field`), and judged by
:class:`~symmetric.documents.judge.Judge`. A refutation stands only when no reasonable reading of the context
makes the line right (:meth:`StepChecking.rescue`): the decimals written, a line failing everywhere (which no
reading can save), a name the document never defines, a second definition, a formula at values the document does
not state, a condition stated around the display, a probability in (0, 1), ``\\log`` in another base. The rows of
a sequence are checked against the row before (:mod:`~symmetric.documents.sequences`), a row after an implication
arrow under its hypothesis.
"""

from __future__ import annotations

import re
import time
from typing import Any

import mpmath
import sympy

from ..verify import run_with_budget
from .context import Condition, solved
from .definitions import PARSE_SECONDS
from .field import field_readings
from .judge import (
    OPPOSITE,
    Judge,
    Outcome,
    apply_premises,
    combinations,
    counterexample_text,
    cx_text,
    describe,
    interval_difference,
    relational,
    rounding_verdict,
)
from .labels import holds_for_labels
from .latex import GREEK, LatexError
from .latex_parser import definition_head, parse_tokens
from .names import Definition, Names, key_of, readable as readable_name
from .pairs import PLUS_MINUS, SIGNS, has_pair
from .report import Note, Step
from .rows import Part, Row
from .sequences import follows, solve_or_none
from .sums import free_outside_applications

__all__ = ["StepChecking"]

_PROBABILITY_BASES = ("p", "P", "pi", "Pr")
_GREEK_NAMES = frozenset(GREEK.values())


class StepChecking:
    """The Checker's methods that check one step (a mixin; see the module's docstring)."""

    # what the Checker holds while it checks a display
    judge: Judge
    timeout: float
    domain: str
    where: tuple  # (file name, segment, line of an offset, line in the cell of an offset)
    context: Any
    offset: int
    known: set
    nearby: list
    stated: list
    component: int | None = None  # the sign at which the pairs of values of a step are being checked
    row_definitions: dict  # id(step) -> Note: steps that are the definition of the name they introduce
    labels: int | None = None  # the line at which the document states its labels y in {-1, +1}, if it does

    def read(self, part, names: Names) -> None:  # the Checker's reading of a side
        raise NotImplementedError

    # -- checking -----------------------------------------------------------------------------------------
    def started(self, left: Part, rel, right: Part, kind, relation) -> tuple[Step, bool]:
        """A step as written, "unparsed" with the reason when a side could not be read or the relation is outside
        the subset; and whether it can be checked."""
        name, segment, line, where = self.where
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
            return step, False
        if relation is None:
            step.reason = f"the relation {rel.value} is outside the subset (=, \\le, \\ge, <, >)"
            return step, False
        return step, True

    def step(self, left: Part, rel, right: Part, kind, names: Names, premises=(), head: bool = False) -> Step:
        self.read(left, names)
        self.read(right, names)
        approximate = rel.value == "\\approx"
        relation = "==" if approximate else rel.relation if rel.value != ":=" else None
        limit = rel.value == "\\to" and bool(left.tokens) and left.tokens[0].value == "\\lim"
        if limit:  # \lim_{m \to \infty} (1 - 1/m)^m \to 1/e: the limit is that value
            relation = "=="
        step, ok = self.started(left, rel, right, kind, relation)
        if not ok:
            return step
        lhs, rhs = left.reading, right.reading
        step.read = (sympy.sstr(lhs.expr), sympy.sstr(rhs.expr))
        step.reading = _reading(lhs, rhs)
        if limit:
            step.relation = "=="
            step.reading["relation"] = "\\to after a limit read as =: the limit is that value"
        if lhs.implicit or rhs.implicit:
            step.status = "unknown"
            step.reason = "depends on a reading the display does not fix: " + "; ".join(
                dict.fromkeys(lhs.implicit + rhs.implicit)
            )
            return step
        if approximate:
            step.relation = "\\approx"
            step.status, step.reason = self.approximately(left, right, step, names)
            return step
        paired = (has_pair(lhs.expr), has_pair(rhs.expr))
        if paired[0] != paired[1]:
            step.status = "unknown"
            step.reason = (
                "two values (a \\pm or an interval) on one side and one value on the other: a pair is compared "
                "with a pair, value by value"
            )
            return step
        introduced = (
            self.introduced(lhs.expr, rhs.expr, names, (left.text, right.text))
            if relation == "==" and not any(paired)
            else None
        )
        if introduced is not None:
            step.status, step.reason = "unknown", introduced[0]
            if introduced[1] is not None:  # the row is the name's definition: a note, not a step (see introduced)
                introduced[1].line = step.line
                self.row_definitions[id(step)] = introduced[1]
            return step
        if any(paired):
            outcome = self.pair_outcome(step, left, right, relation, names, premises, head)
        else:
            outcome = self.outcome(step, left, right, relation, names, premises, head)
        _fill(step, outcome, lhs.uses + rhs.uses)
        return step

    def outcome(self, step, left: Part, right: Part, relation, names: Names, premises, head) -> Outcome:
        """The verdict over the step's readings (at the sign :attr:`component` of its pairs, if any)."""
        readings: list = []
        field: list = []
        settled = []  # the readings with the latest definition of each name defined more than once
        for label, a, b, latest in self.readings(left, right, names):
            for variant, a2, b2, named in field_readings(a, b):
                if latest:
                    settled.append(len(readings))
                readings.append(("; ".join(x for x in (label, variant) if x), a2, b2))
                field = field or named
        if field:
            step.reading["field definitions"] = field
        outcome = self.judge.decide(
            readings,
            relation,
            premises=premises,
            values=self.context_values(step),
            rescue=lambda out: self.rescue(out, left, right, relation, names, premises, head),
            settled=settled,
        )
        if outcome.status == "unknown" and relation == "==" and getattr(self, "labels", None) is not None:
            start = time.perf_counter()
            ok, held = run_with_budget(lambda: all(holds_for_labels(a, b) for _, a, b in readings), self.timeout / 2)
            if ok and held:
                step.reading["labels"] = f"y in {{-1, +1}} (stated at line {self.labels})"
                return Outcome(
                    "proven",
                    None,
                    f"holds for every value of the labels y in {{-1, +1}} (stated at line {self.labels}): the "
                    "summands over the same index ranges are equal at each value of the labels they hold",
                    outcome.seconds + time.perf_counter() - start,
                )
        return outcome

    def pair_outcome(self, step, left: Part, right: Part, relation, names: Names, premises, head) -> Outcome:
        """A step between two pairs of values (:mod:`~symmetric.documents.pairs`): checked at each sign, proven
        when both values are, refuted when one of them is (its refutation having stood every rescue)."""
        results = []
        for sign, words in SIGNS:
            self.component = sign
            try:
                results.append((words, self.outcome(step, left, right, relation, names, premises, head)))
            finally:
                self.component = None
        seconds = sum(r.seconds for _, r in results)
        if all(r.status == "proven" for _, r in results):
            return Outcome("proven", None, "both values of the pairs: " + results[0][1].detail, seconds)
        for words, r in results:
            if r.status == "refuted":
                return Outcome("refuted", r.counterexample, f"{words} is wrong: {r.detail}", seconds, r.notes)
        if len({r.detail for _, r in results}) == 1:
            return Outcome("unknown", None, "both values of the pairs: " + results[0][1].detail, seconds)
        detail = "; ".join(f"{words}: {r.status}" + (f" ({r.detail})" if r.detail else "") for words, r in results)
        return Outcome("unknown", None, detail, seconds)

    def side(self, expr):
        """``expr`` at the sign being checked of its pairs of values (unchanged when there is none)."""
        component = getattr(self, "component", None)
        return expr.xreplace({PLUS_MINUS: component}) if component is not None and has_pair(expr) else expr

    def introduced(self, lhs, rhs, names: Names, texts=("", "")) -> tuple[str, Note | None] | None:
        """A subscripted or worded name used for the first time on one side only, the other side holding what it
        stands for (``\\frac{FP}{FP + TN} = \\frac{FP}{\\ell_-}``): the step is read as its definition (registered
        when it can be solved for), not checked. ``(reason, note)``, else None.

        ``note`` is the definition as a :class:`~symmetric.documents.report.Note` when the row says nothing but the
        definition (:func:`_defines`: the name alone on its side, ``cost_{se} = ...``), so the row is reported
        as a definition, not as a step; None when the name sits inside a formula (``1/H = ...``, ``FP/\\ell_-``),
        where the row may state a fact about a name the prose fixes: then it stays an unknown step."""
        for side, other, text in ((rhs, lhs, texts[1]), (lhs, rhs, texts[0])):
            fresh = [
                s
                for s in free_outside_applications(side) - other.free_symbols
                if s.name not in self.known
                and not names.is_project(key_of(s))
                and (
                    "_" in s.name
                    or (len(s.name) > 1 and s.name not in _GREEK_NAMES)
                    or (len(s.name) == 1 and s.name.isupper() and other.free_symbols)  # 1/H = ...: H defined
                )
            ]
            if len(fresh) != 1:
                continue
            target = fresh[0]
            ok, found = run_with_budget(lambda: solve_or_none(side - other, target, dict=False), PARSE_SECONDS)
            if not ok or not isinstance(found, list) or len(found) != 1 or found[0].has(target):
                continue
            line = self.where[2](0)
            names.definitions[key_of(target)] = Definition(key_of(target), found[0], (), line)
            reason = (
                f"introduces {target} (used here for the first time): read as its definition, "
                f"{target} = {sympy.sstr(found[0])}, not as a claim"
            )
            note = None
            before = self.where[1].text[: self.offset]  # the text of the document (its cell) before the display
            if _defines(side, target, other, text, before):
                shown = f"{sympy.sstr(found[0])} (a row that introduces the name, read as its definition)"
                note = Note(self.where[0], line, "definition", str(target), shown)
            return reason, note
        return None

    def context_values(self, step) -> dict:
        """The values of the worked example the display being checked sits in."""
        return self.context.values(self.offset)

    def rescue(self, outcome: Outcome, left: Part, right: Part, relation, names: Names, premises, head=False):
        """A refutation that a reading of the context makes "unknown" (see :mod:`~symmetric.documents.judge`)."""
        fails = cx_text(outcome.counterexample)
        suffix = f" (it fails at {fails})" if fails else ""
        numeric = right.reading.expr.is_number
        again = self.redefinition(left, names) if head and not numeric else None
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
            return self.rounded_number(left, right, relation) or Outcome("unknown", None, rounded[1], outcome.seconds)
        if self.fails_everywhere(self.side(left.reading.expr), self.side(right.reading.expr), relation):
            outcome.detail += "; it fails for every value of its symbols, so under every reading of them"
            return None
        named = self.named_value(left, right, names) if relation == "==" else None
        if named is not None:
            return Outcome(
                "unknown",
                None,
                f"{named}, defined by a formula, against a number: its value at values the document does not state"
                + suffix,
                outcome.seconds,
            )
        undefined = names.undefined_names()
        never = [k for k in (outcome.counterexample or {}) if k in undefined]
        if never:
            return Outcome(
                "unknown",
                None,
                "depends on " + ", ".join(never) + ", which the document does not "
                "define (its value is not the document's error)" + suffix,
                outcome.seconds,
            )
        if rounded is not None:
            outcome.detail = rounded[1]
            outcome.counterexample = outcome.counterexample or {}
        lhs, rhs, premised, _ = apply_premises(self.side(left.reading.expr), self.side(right.reading.expr), premises)
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
            bounds = [s < 1 for s in probabilities] + premised
            v = self.judge.verdict(lhs, rhs, relation, self.timeout / 2, bounds)
            if v.status == "proven":
                shown = ", ".join(str(s) for s in probabilities)
                return Outcome(
                    "unknown", None, f"holds with {shown} in (0, 1), as a probability is" + suffix, outcome.seconds
                )
        if left.reading.logs or right.reading.logs:
            for base in (10, 2):
                try:
                    a, b = (self.side(parse_tokens(p.tokens, names, log_base=base).expr) for p in (left, right))
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

    def rounded_number(self, left: Part, right: Part, relation) -> Outcome | None:
        """``\\frac{6}{7} = 0.857``, ``0.85 \\pm 1.96 \\times 0.025 = (0.80, 0.90)``: one side a number (or a pair)
        written with decimals, the other a number computed from the document's givens (its decimals read as written):
        "proven" when that number lies strictly inside what rounds to the decimals written (ball arithmetic), the
        decimals of the result read as rounded, as the field writes them; else None."""
        if relation != "==":
            return None
        for exact, written in ((left, right), (right, left)):
            digits = _written_decimals(written)
            value = self.side(exact.reading.expr)
            if digits is None or value.free_symbols:
                continue
            target = self.side(written.reading.expr)
            bounds = interval_difference(value - target, {})
            half = mpmath.iv.mpf(1) / (2 * 10**digits)
            if bounds is not None and -half.a < bounds[0] and bounds[1] < half.a:
                shown = next(
                    (t.value for t in written.tokens if t.kind == "num" and sympy.Rational(t.value) == target), ""
                )
                return Outcome(
                    "proven",
                    None,
                    f"{sympy.sstr(value)} rounds to {shown or written.text} at the {digits} decimal(s) written (a "
                    "number written with decimals read as rounded, the numbers it is computed from as written)",
                )
        return None

    def approximately(self, left: Part, right: Part, step: Step, names: Names) -> tuple[str, str]:
        """``a \\approx d`` with ``d`` a number written with decimals: "proven" when the exact value of ``a`` (at the
        values of the worked example) lies strictly inside the numbers that round to ``d`` at the digits written,
        told with ball arithmetic; otherwise "unknown": "approximately" states no tolerance, so it is never refuted."""
        values = {s: v for s, (v, _) in self.context_values(step).items()}
        for exact, written in ((left, right), (right, left)):
            digits = _written_decimals(written)
            if digits is None:
                continue
            value = exact.reading.expr.subs(values, simultaneous=True)
            head = definition_head(exact.tokens, names)
            if value.free_symbols and head is not None and head[1] is None:
                value = values.get(names.symbol(head[0]), value)  # SE = formula = number: SE's stated value
            if value.free_symbols:
                shown = ", ".join(sorted(str(s) for s in value.free_symbols))
                return "unknown", f"\\approx at values the document does not state ({shown})"
            d = written.reading.expr
            step.reading["approximately"] = f"equal to {written.text} at the {digits} decimal(s) written"
            bounds = interval_difference(value - d, {})
            half = mpmath.iv.mpf(1) / (2 * 10**digits)
            if bounds is not None and -half.a < bounds[0] and bounds[1] < half.a:
                return "proven", f"{sympy.sstr(value)} rounds to {written.text} at the {digits} decimal(s) written"
            shown = f"{sympy.sstr(value)} = {sympy.N(value, digits + 4)}" if bounds is not None else sympy.sstr(value)
            return (
                "unknown",
                f"{shown} does not round to {written.text}; \\approx states no tolerance, so it is not refuted",
            )
        return "unknown", "\\approx without a number written with decimals on one side: not decided"

    def named_value(self, left: Part, right: Part, names: Names) -> str | None:
        """The name of a side that is exactly a name the document defines by a formula in symbols, the other side
        a number (``\\text{Dice Score} = \\frac{2 \\times 3}{2 \\times 3 + 0 + 1}``: the name's value in a worked
        example), else None."""
        for named, number in ((left, right), (right, left)):
            if self.side(number.reading.expr).free_symbols:
                continue
            head = definition_head(named.tokens, names)
            definition = names.definitions.get(head[0]) if head is not None and head[1] is None else None
            if definition is not None and definition.value.free_symbols:
                return head[0]
        return None

    def fails_everywhere(self, lhs, rhs, relation) -> bool:
        """Whether a step with symbols fails at every point of the domain (``a = b`` with ``a - b`` of one sign,
        ``a <= b`` with ``a > b``): then no reading of its names or conditions can make it right."""
        if not (lhs.free_symbols | rhs.free_symbols):
            return False
        return any(self.judge.verdict(lhs, rhs, r, self.timeout / 3).status == "proven" for r in OPPOSITE[relation])

    def redefinition(self, left: Part, names: Names):
        """The definition a row's left side names exactly (``F_1`` of ``F_1 = ...``, ``E(f; D)`` of a function
        defined with the parameters ``f, D``), else None."""
        head = definition_head(left.tokens, names)
        if head is None:
            return None
        found = names.definitions.get(head[0])
        if found is None or (head[1] is not None and tuple(head[1]) != tuple(str(p) for p in found.params)):
            return None
        return found

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
            a = parse_tokens(left.tokens, names, decimals="left")
            b = parse_tokens(right.tokens, names, decimals="right")
        except LatexError:
            return None
        decimals = {**(a.decimals or {}), **(b.decimals or {})}
        if not decimals:
            return None
        verdict = rounding_verdict(self.side(a.expr), self.side(b.expr), relation, decimals)
        if verdict is None:
            return None
        digits = max(k for _, k in decimals.values())
        exact = [
            self.side(p.reading.expr)
            for p, read in ((left, a), (right, b))
            if not read.decimals and self.side(p.reading.expr).is_number
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
                hypotheses.append(Condition(None, None, line(rel.start), "display", relational(a, rel.relation, b)))
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

    def sequence_step(
        self, previous, parts, rel, previous_identity, previous_status, names, premises, start=None
    ) -> Step:
        """A row of a sequence after its first (``start``: the first row's two parts, by default ``previous``'s)."""
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
            readable_start = start is not None and all(p.error is None and p.parsed is not None for p in start)
            first = tuple(p.parsed.expr for p in start) if readable_start else (L0, R0)
            fresh = self.unconstrained(cx, first, names) if status == "refuted" else []
            if fresh:
                status, reason = (
                    "unknown",
                    (
                        "uses " + ", ".join(fresh) + ", which neither the sequence's first row nor the document "
                        "fixes: "
                        "whether it follows depends on what the text means by it (" + reason + ")"
                    ),
                )
                cx = None
            step.status, step.counterexample, step.reason = status, counterexample_text(cx) if cx else cx, reason
            if status == "unknown" and identity.status == "refuted" and not fresh:
                step.reason = (
                    f"not an identity (it fails at {cx_text(identity.counterexample)}), and whether it "
                    f"follows from the {'equation' if before == '==' else 'row'} before is undecided"
                )
        return step

    def unconstrained(self, counterexample, first, names: Names) -> list:
        """The names a refutation of a row against the row before sets that the sequence's first row does not hold
        and the document does not define (``A_k`` brought in by a later row of a sequence in ``A_{k-1}``): the prose
        may mean them as something under which the rows follow, so the refutation is not under every reading."""
        held = {str(s) for side in first for s in side.free_symbols}
        defined = {readable_name(k) for k in names.definitions}
        return sorted(str(k) for k in (counterexample or {}) if str(k) not in held and str(k) not in defined)

    def implied(self, L0, R0, before, L1, R1, relation, share):
        """A row of a sequence of inequalities: checked with the row before as its condition."""
        v = self.judge.verdict(L1, R1, relation, share, [relational(L0, before, R0)])
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
        left, right = parts[0], parts[1]
        step, ok = self.started(left, rel, right, kind, rel.relation)
        if not ok:
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

    def readings(self, left: Part, right: Part, names: Names) -> list:
        """``(label, lhs, rhs, latest)`` for every combination of the open readings of a step, the default first;
        ``latest``: the combination reads each name the document defines more than once with its latest definition
        before the step, and some name is (the reading the document settles on, :meth:`Judge.decide`)."""
        choices = {**left.reading.choices, **right.reading.choices}
        if not choices:
            return [("", self.side(left.reading.expr), self.side(right.reading.expr), False)]
        defined = [k for k in choices if isinstance(k, tuple) and k[:1] == ("definition",)]
        out = []
        for combo in combinations(choices):
            try:
                a = parse_tokens(left.tokens, names, choose=combo)
                b = parse_tokens(right.tokens, names, choose=combo)
            except LatexError:
                continue
            latest = bool(defined) and all(combo[k] == 0 for k in defined)
            out.append((describe(choices, combo), self.side(a.expr), self.side(b.expr), latest))
        return out or [("", self.side(left.reading.expr), self.side(right.reading.expr), False)]


#: Heads of names that are operators or functions of the field, not names a row can define: ``\\max(cost)``,
#: ``\\mathbb{P}(y = 1)``, ``\\mathbb{E}[...]``.
_OPERATOR_HEADS = ("max", "min", "sup", "inf", "ℙ", "𝔼", "\\max", "\\min")


def _defines(side, target, other, text: str, before: str) -> bool:
    """Whether a row introducing ``target`` is its definition and nothing more: ``target`` is a factor of its side,
    alone or with factors the other side holds too (``cost_{se} = ...``, ``1/H = ...``, ``FP/\\ell_- = FP/(FP + TN)``,
    but not ``P(+) cost = p``), a symbol's name rather than a word (``样例总数``, "total samples", means something
    the row may use), no operator applied (``\\max(...)``, ``\\mathbb{P}(...)``), no member of a family the document
    indexes (``G_{n+1}``, ``x_{k-1}``, ``\\hat{y_i}`` beside a sum over ``y_i``), and never written before the display,
    neither it nor the function it applies (``cost_{norm}`` named in the prose, ``TP(a, X)`` after ``TP``): where the
    text has used the name, the row may state a fact about it, so it stays a step."""
    factors = sympy.Mul.make_args(side)
    holding = [f for f in factors if f.has(target)]
    if len(holding) != 1 or not (holding[0] == target or (holding[0].is_Pow and holding[0].base == target)):
        return False
    if sympy.Mul(*(f for f in factors if not f.has(target))).free_symbols - other.free_symbols:
        return False
    name = target.name
    head = name.partition("(")[0]
    if head.startswith(_OPERATOR_HEADS) or not head.isascii():
        return False
    base, underscore, index = head.partition("_")
    if underscore and any(op in index for op in "+-") and any(c.isalpha() for c in index):
        return False
    if any(str(i.base) == base for i in other.atoms(sympy.Indexed)):
        return False
    bound = {str(limit[0]) for found in other.atoms(sympy.Sum, sympy.Product) for limit in found.limits}
    if any(re.search(r"(?<![A-Za-z])" + re.escape(i) + r"(?![A-Za-z])", name) for i in bound):
        return False  # f(x_i) = ... beside a sum over i: a term of the sum, not a name
    written = _written_name(text, target)
    return (
        bool(written) and re.search(r"(?<![A-Za-z\\])" + re.escape(written) + r"(?![A-Za-z])", _compact(before)) is None
    )


def _written_name(text: str, target) -> str:
    """The name ``target`` as the side ``text`` writes it, spaces removed: the side up to its argument list when the
    side is the name alone (``\\text{TP}(a, X)``), else the run that spells it (``\\ell_-`` in
    ``\\frac{FP}{\\ell_-}``); empty when none does."""

    def plain(name: str) -> str:
        return name.replace("\\", "").replace("{", "").replace("}", "")

    compact = _compact(text)
    for run in re.findall(r"\\?[A-Za-z]+(?:_\{[^{}]*\}|_[^{}\\])?", compact):
        if plain(run) == plain(target.name):
            return run
    return compact.partition("(")[0] if sympy.Symbol(target.name).name == target.name and "(" in compact else ""


def _compact(text: str) -> str:
    return "".join(text.split())


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
    """``[(name, number)]`` when ``number`` is ``formula`` with numbers in place of some of its one-token names (a
    formula: more than a lone name)."""
    if len(formula) != len(number) or len(formula) < 2:
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


def _written_decimals(part: Part) -> int | None:
    """The digits after the point of a side that is one number written with decimals (``0.025``), or a pair of them
    (``(0.80, 0.90)``, the most digits of the two), else None."""
    tokens = part.tokens
    if len(tokens) == 1 and tokens[0].kind == "num" and "." in tokens[0].value:
        return len(tokens[0].value.split(".")[1])
    kinds = [t.kind for t in tokens]
    if kinds == ["open", "num", "op", "num", "close"] and tokens[2].value == "," and tokens[0].value == "(":
        if all("." in t.value for t in (tokens[1], tokens[3])):
            return max(len(t.value.split(".")[1]) for t in (tokens[1], tokens[3]))
    return None


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
    pairs = list(dict.fromkeys(left.pairs + right.pairs))
    if pairs:
        out["pairs"] = pairs
    return out


def _fill(step: Step, outcome: Outcome, uses) -> None:
    step.status = outcome.status
    step.seconds = outcome.seconds
    step.counterexample = outcome.counterexample if outcome.status == "refuted" else None
    if outcome.status == "refuted" and not step.counterexample:
        step.counterexample = {}
    step.reason = outcome.detail
    for key, shown in (("premises", "conditions"), ("values", "values"), ("open", "readings"), ("means", "means")):
        if outcome.notes.get(key):
            step.reading[shown] = outcome.notes[key]
    if uses:
        step.reason += "; uses " + ", ".join(dict.fromkeys(uses))


def _context(left: Part, right: Part, error: LatexError) -> str:
    for p in (left, right):
        if p.error is error:
            return p.text if len(p.text) <= 60 else p.text[:57] + "..."
    return left.text
