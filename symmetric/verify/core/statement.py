"""A mathematical statement: ``lhs <relation> rhs`` under conditions.

The symbols' own assumptions define the domain; ``conditions`` narrow it
(``rho < 0``, ``Ne(rho, -1)``, ``P <= 1``). Statements are built from SymPy
objects and numbers only: text is refused, so no user string ever reaches
``sympify``.

>>> from symmetric import P, R, rho
>>> import sympy
>>> st = Statement.of(sympy.Limit(P**rho, rho, 0), 1)
>>> st
Statement(Limit(P**rho, rho, 0, dir='+') == 1)
>>> sorted(st.free_symbols, key=str)
[P]
>>> Statement.of(sympy.Le(P, R)).relation
'<='
>>> Statement.of("P + R", 1)
Traceback (most recent call last):
    ...
symmetric._validation.InvalidParameterError: The 'lhs' parameter of check must be a SymPy expression or a number (text is never parsed here; use symmetric.explore.parse). Got 'P + R' instead.
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy

from ..._validation import InvalidParameterError
from .memo import memoized
from .relations import RELATION_OF_TEXT, relation_of
from .substitution import substitute
from .trust import untrusted
from .sympy_errors import SYMPY_ERRORS

__all__ = ["Statement", "RELATIONS", "HOLDS"]

#: The supported relations, and the SymPy classes that spell them.
RELATIONS = {text: RELATION_OF_TEXT[text].cls for text in ("==", "<", "<=", ">", ">=")}
#: The comparison each relation makes between two numbers (exact rationals or mpmath values).
HOLDS = {text: RELATION_OF_TEXT[text].compare for text in RELATIONS}
_RELATION_OF_CLASS = {cls: op for op, cls in RELATIONS.items()}
_LATEX_RELATION = {"==": "=", "<": "<", "<=": r"\le", ">": ">", ">=": r"\ge"}


def _as_sympy(value, name):
    if isinstance(value, (str, bytes)) or isinstance(value, bool):
        raise InvalidParameterError.of(
            name,
            "check",
            "a SymPy expression or a number (text is never parsed here; use symmetric.explore.parse)",
            value,
        )
    try:
        return sympy.sympify(value, strict=True)
    except (sympy.SympifyError, TypeError):
        raise InvalidParameterError.of(name, "check", "a SymPy expression or a number", value) from None


def _flatten_conditions(conditions):
    flat = []
    for c in conditions:
        c = sympy.true if c is True else sympy.false if c is False else _as_sympy(c, "conditions")
        if isinstance(c, sympy.And):
            flat.extend(_flatten_conditions(c.args))
        elif c is sympy.true:
            continue
        elif c is sympy.false:
            raise InvalidParameterError.of("conditions", "check", "conditions that can hold", c)
        elif not isinstance(c, sympy.logic.boolalg.Boolean):
            raise InvalidParameterError.of("conditions", "check", "relations or boolean expressions", c)
        else:
            flat.append(c)
    return tuple(dict.fromkeys(flat))


@memoized  # pure; case splits substitute the same few conditions again and again
def _decide(condition):
    """``condition`` as ``true`` or ``false`` when its sides' difference has a sign SymPy can tell
    (as it stands, expanded or factored), else unchanged."""
    relation = relation_of(condition)
    if relation is None or not condition.free_symbols or untrusted(condition):
        return condition
    d = condition.lhs - condition.rhs
    for form in (lambda e: e, sympy.expand, lambda e: sympy.factor(sympy.cancel(sympy.together(e)))):
        try:
            holds = relation.assumed(form(d))
        except SYMPY_ERRORS:
            continue
        if holds is not None:
            return sympy.true if holds else sympy.false
    return condition


@dataclass(frozen=True)
class Statement:
    """``lhs <relation> rhs`` for all values of the free symbols that satisfy ``conditions``."""

    lhs: sympy.Basic
    rhs: sympy.Basic
    relation: str = "=="
    conditions: tuple = ()

    @classmethod
    def of(cls, lhs, rhs=None, *, relation: str | None = None, conditions=()) -> "Statement":
        """Build a statement from ``lhs`` and ``rhs``, or from one SymPy relational."""
        if rhs is None and isinstance(lhs, sympy.core.relational.Relational) and type(lhs) in _RELATION_OF_CLASS:
            lhs, rhs, relation = lhs.lhs, lhs.rhs, relation or _RELATION_OF_CLASS[type(lhs)]
        if rhs is None:
            raise InvalidParameterError.of(
                "rhs", "check", "given, unless lhs is a relation such as sympy.Eq(a, b)", None
            )
        relation = relation or "=="
        if relation not in RELATIONS:
            raise InvalidParameterError.of("relation", "check", f"one of {list(RELATIONS)}", relation)
        sides = []
        for name, value in (("lhs", lhs), ("rhs", rhs)):
            value = _as_sympy(value, name)
            if not isinstance(value, sympy.Expr):
                raise InvalidParameterError.of(name, "check", "a SymPy expression (not a set, tuple or boolean)", value)
            sides.append(value)
        lhs, rhs = sides
        return cls(lhs, rhs, relation, _flatten_conditions(conditions))

    @property
    def free_symbols(self) -> set:
        out = set(self.lhs.free_symbols) | set(self.rhs.free_symbols)
        for c in self.conditions:
            out |= c.free_symbols
        return out

    @property
    def difference(self) -> sympy.Expr:
        return self.lhs - self.rhs

    def has(self, *types) -> bool:
        return self.lhs.has(*types) or self.rhs.has(*types)

    def substitute(self, mapping: dict) -> "Statement | None":
        """Substitute ``mapping`` for free symbols; None when a condition becomes false.

        Bound variables (of a Limit, Integral, Sum, ...) are left alone and
        renamed where a value would be captured
        (:func:`~symmetric.verify.core.substitution.substitute`).

        >>> from symmetric import rho
        >>> t = sympy.Symbol("t", positive=True)
        >>> Statement.of(sympy.Limit(rho**2, rho, 3), rho**2, conditions=[rho < 0]).substitute({rho: -t})
        Statement(Limit(rho**2, rho, 3, dir='+') == t**2)
        """
        free = self.free_symbols
        mapping = {k: v for k, v in mapping.items() if k in free}
        conditions = []
        for c in self.conditions:
            c2 = _decide(substitute(c, mapping))
            if c2 is sympy.false:
                return None
            if c2 is not sympy.true:
                conditions.append(c2)
        return Statement(
            substitute(self.lhs, mapping),
            substitute(self.rhs, mapping),
            self.relation,
            tuple(dict.fromkeys(conditions)),
        )

    def latex(self) -> str:
        """The statement in LaTeX, conditions after a comma."""
        text = f"{sympy.latex(self.lhs)} {_LATEX_RELATION[self.relation]} {sympy.latex(self.rhs)}"
        if self.conditions:
            text += r" \quad \text{for } " + r",\ ".join(sympy.latex(c) for c in self.conditions)
        return text

    def __str__(self) -> str:
        text = f"{sympy.sstr(self.lhs)} {self.relation} {sympy.sstr(self.rhs)}"
        if self.conditions:
            text += " if " + " and ".join(sympy.sstr(c) for c in self.conditions)
        return text

    def __repr__(self) -> str:
        return f"Statement({self})"
