"""Rows that are not steps: definitions, stipulations, implicit definitions, conditions and worked-example values.

* A fresh name on the left (``F_\\beta = ...``, ``Acc = ...``, ``\\text{Weighted Power Mean}(\\gamma, \\phi): ...``,
  ``S &= ...`` as the first row of a chain, ``:=``) or, right to left, on the right of a formula that names nothing
  fresh (``\\frac{2PR}{P+R} = F_1``) defines it for later displays; a named function is applied to its arguments.
* A special case defined next to a general one (``G_{\\beta,\\rho=0}``) is a stipulation, compared with it.
* An equation with a fresh subscripted or worded name on the left only defines it implicitly, solved when linear.
* A lone ``x = f(...)``, or rows each giving a different symbol a value, state conditions.
* A name given a number (``P_e = 0.5``, ``x = 2``), or a defined name whose definition rests on names the document
  never gives a value, given a number, is a value of its worked example (:mod:`~symmetric.documents.context`),
  not a step and not a definition that would leak into other sections.
"""

from __future__ import annotations

import re

import sympy

from ..verify import run_with_budget
from .context import Condition, solved
from .judge import Judge
from .latex import LatexError, tokenize
from .latex_parser import Parsed, definition_head, name_key, parse_tokens
from .names import Definition, Names, key_of, readable
from .report import Note
from .sequences import solve_or_none
from .sums import free_outside_applications

__all__ = ["Definitions"]

PARSE_SECONDS = 10.0


def _variable_like(key: str) -> bool:
    """A single letter or a Greek letter (a derivation's variable), not a subscripted or worded name."""
    from .latex import GREEK

    bare = key.rstrip("'*")
    return len(bare) == 1 or bare in GREEK or ("\\" + bare.lstrip("\\")) in GREEK


class Definitions:
    """The Checker's handling of the rows that are not steps (a mixin; see the module's docstring)."""

    judge: Judge
    timeout: float
    stated: list

    def read(self, part, names: Names) -> None:  # the Checker's reading of a side
        raise NotImplementedError

    def definition(self, row, names: Names, earlier=frozenset()):
        """``(key, params)`` when the row's first relation defines a fresh name, else None (``earlier``: the letters
        of the display's rows before it)."""
        if row.rels[0].value not in ("=", ":", ":="):
            return None
        head = definition_head(row.parts[0].tokens, names)
        if head is None:
            return None
        key, params = head
        if key in names.definitions or names.is_project(key):
            return None
        base = key.partition("^{")[0]
        if base != key and (
            names.is_project(base)
            or readable(base) in names.used
            or base in names.definitions
            or all(t.kind == "num" or t.value in "+-." for t in row.parts[1].tokens)
        ):
            return None  # R^2 = ..., z^2 = 4: a power of a symbol in use, or an equation; not a new quantity
        if params is None and _variable_like(key) and (readable(key) in names.used or key in earlier):
            return None  # a letter used before is a variable, not a fresh name
        if row.rels[0].value == ":" and params is None and not key.startswith("\\text"):
            return None
        right = row.parts[1]
        if any(
            t.kind in ("letter", "text", "cmd")
            and readable(t.value if t.kind != "text" else "\\text{" + t.value + "}") == readable(key)
            for t in right.tokens
        ):
            return None  # x = f(x) is an equation in x, not a definition of it
        return key, params

    def definition_right_to_left(self, row, names: Names):
        """``\\frac{2PR}{P+R} = F_1``: the last side a fresh name, the first one naming nothing fresh."""
        if len(row.rels) != 1 or row.rels[0].value != "=":
            return None
        head = definition_head(row.parts[-1].tokens, names)
        if head is None or head[1] is not None:
            return None
        key = head[0]
        if key in names.definitions or names.is_project(key) or readable(key) in names.used or "^{" in key:
            return None
        if "_" not in key and not key.startswith("\\text") and len(readable(key)) < 2:
            return None  # "... = x": a letter on the right is a variable being solved for, not a name
        if definition_head(row.parts[0].tokens, names) is not None:
            return None
        spelled = "".join(t.value for t in row.parts[0].tokens if t.kind in ("letter", "text", "cmd"))
        if readable(key) in spelled or key in spelled:
            return None  # \sqrt{tpr^2} = tpr: an equation in tpr, not its definition
        return key, None

    def define(self, file, line, head, part, names: Names, context, offset) -> Note:
        key, params = head
        symbols = tuple(names.symbol(p) for p in params or ())
        self.read(part, names)
        if part.error is not None:
            value = sympy.Symbol(readable(key), positive=True)
            shown = f"(unread: {part.error.reason})"
            names.unread.add(readable(key))
        else:
            value = part.reading.expr
            shown = sympy.sstr(value)
            undefined = names.undefined_names()
            if not params and value.free_symbols and all(s.name in undefined for s in value.free_symbols):
                # P_o = Agreements / Total: a name explained in words, kept as a name
                return Note(file, line, "definition", key, shown + " (in words: the name is kept)")
            if not params and value.is_number and not part.reading.choices:
                # a number: the value of its worked example, held in its section only
                symbol = names.symbol(key)
                if isinstance(symbol, sympy.Symbol):
                    context.add_display(Condition(symbol, value, line, "display", None, offset, context.scope(offset)))
                    return Note(file, line, "value", key, shown)
        readings = tuple(part.parsed.implicit) if part.parsed is not None else ()
        if part.error is None and not readings:
            shown += self.special_case(key, value, names)
        names.definitions[key] = Definition(key, value, symbols, line, file=file, readings=readings)
        shown_name = key + (f"({', '.join(params)})" if params else "")
        return Note(file, line, "definition", shown_name, shown)

    def chain_value(self, line, head, row, names: Names, context, offset) -> None:
        """``SE = \\sqrt{\\frac{p(1-p)}{n}} = \\sqrt{\\frac{0.85 \\times 0.15}{200}}``: a definition whose chain of
        equalities ends at a number states the name's value in its worked example (held in its section)."""
        if head[1] is not None or len(row.parts) < 3 or any(r.value != "=" for r in row.rels):
            return
        last = row.parts[-1]
        if (
            last.parsed is None
            or last.parsed.choices
            or not last.parsed.expr.is_number
            or last.parsed.expr.has(sympy.I)
        ):
            return
        symbol = names.symbol(head[0])
        if isinstance(symbol, sympy.Symbol):
            value = last.parsed.expr
            context.add_display(Condition(symbol, value, line, "display", None, offset, context.scope(offset)))

    def example_value(self, file, line, row, names: Names, context, offset):
        """``P_o = \\frac{85}{100}``: a defined name resting on names without a value, or a variable, given a
        number: the value of the worked example (a note, not a step)."""
        if len(row.rels) < 1 or row.rels[0].value != "=":
            return None
        left, right = row.parts[0], row.parts[1]
        self.read(left, names)
        self.read(right, names)
        if left.error is not None or right.error is not None or right.parsed.choices:
            return None
        value = right.parsed.expr
        if not value.is_number or value.has(sympy.I) or left.parsed.implicit:
            return None
        applied = left.parsed.expr
        if (
            isinstance(applied, sympy.Symbol)
            and left.parsed.opaque
            and all(k[0] == "apply" for k in left.parsed.choices)
        ):
            # P(P) = 0.225: the value of a function the document applies, in its worked example
            context.add_display(Condition(applied, value, line, "display", None, offset, context.scope(offset)))
            return Note(file, line, "value", applied.name, sympy.sstr(value))
        if left.parsed.choices:
            return None
        head = definition_head(left.tokens, names)
        if head is None or head[1] is not None or "^{" in head[0]:
            return None
        key = head[0]
        definition = names.definitions.get(key)
        if definition is not None:
            held = context.values(offset)
            rest = definition.value.xreplace({s: v for s, (v, _) in held.items()})
            undefined = names.undefined_names()
            if not rest.free_symbols or not all(s.name in undefined for s in rest.free_symbols):
                return None  # computable here: a step, checked with the example's values
        elif names.is_project(key) and key.removeprefix("\\text{").removesuffix("}") not in ("TP", "FP", "FN", "TN"):
            return None  # "P = 0.8": a condition on precision, read with the prose's conditions
        symbol = names.symbol(key)
        if not isinstance(symbol, sympy.Symbol):
            return None
        context.add_display(Condition(symbol, value, line, "display", None, offset, context.scope(offset)))
        return Note(file, line, "value", key, sympy.sstr(value))

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
        v = self.judge.verdict(there, value, "==", self.timeout)
        if v.status == "proven":
            return f" (the formula of {general_key} at {at})"
        if v.status == "refuted":
            shown = ", ".join(f"{k} = {x}" for k, x in (v.counterexample or {}).items())
            return (
                f" (a stipulation: the formula of {general_key} at {at} is {sympy.sstr(there)}, a different "
                f"value" + (f", e.g. at {shown}" if shown else "") + ")"
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
        names.derived[name_key(num) + "/" + name_key(den)] = (last.parsed.expr, line(last.start))

    def implicit_definition(self, file, line, row, rows, names: Names):
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
            for s in sorted(free_outside_applications(left), key=str)
            if ("_" in s.name or " " in s.name)
            and not any(c in s.name for c in "|(\u2016")
            and any(t.value == s.name.split("_")[0] or t.value == s.name for t in row.parts[0].tokens)
            and key_of(s) not in names.definitions
            and not names.is_project(key_of(s))
            and not right.has(s)
        ]
        if not fresh:
            return None
        target = fresh[0]
        difference = left - right
        slope = sympy.diff(difference, target)
        value = None
        if not slope.has(target) and slope != 0:
            value = sympy.simplify(-(difference - slope * target) / slope)
        else:  # 1/F_1 = (1/P + 1/R)/2: solved when it has one solution
            ok, found = run_with_budget(lambda: solve_or_none(difference, target, dict=False), PARSE_SECONDS)
            if ok and isinstance(found, list) and len(found) == 1 and not found[0].has(target):
                value = sympy.simplify(found[0])
        key = key_of(target)
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
            if any(p.error is not None or p.parsed.implicit or p.parsed.choices for p in row.parts):
                return False
            x, f = row.parts[0].parsed.expr, row.parts[1].parsed.expr
            if not isinstance(x, sympy.Symbol) or x in f.free_symbols or x in seen:
                return False
            seen.add(x)
        return True

    def condition(self, file, line, row, rows, names: Names, context, offset):
        """A lone display ``x = f(...)`` with x a symbol not in f: a condition, not an identity to check."""
        if len(rows) != 1 or len(row.rels) != 1 or row.rels[0].value != "=":
            return None
        for p in row.parts:
            self.read(p, names)
        if any(p.error is not None or p.parsed.implicit or p.parsed.choices for p in row.parts):
            return None
        a, b = (p.parsed.expr for p in row.parts)
        found = solved(a, b)
        if found is None or not found[1].free_symbols:
            return None
        context.add_display(Condition(found[0], found[1], line, "display", None, offset, (offset, offset)))
        self.stated.append(Condition(found[0], found[1], line, "display"))
        return Note(file, line, "condition", str(found[0]), sympy.sstr(found[1]))
