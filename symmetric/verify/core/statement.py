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
symmetric.InvalidParameterError: The 'lhs' parameter of Statement.of must be a SymPy expression or a number (text is never parsed here; use symmetric.explore.parse). Got 'P + R' instead.
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy

from ..._constraints import Constraint, Options, declare
from ..._validation import InvalidParameterError
from .memo import memoized
from .relations import RELATION_OF_TEXT, relation_of
from .substitution import substitute
from .sympy_errors import SYMPY_ERRORS
from .trust import untrusted

__all__ = ["Statement", "RELATIONS", "HOLDS", "STATEMENT_PARTS"]

#: The supported relations, and the SymPy classes that spell them.
RELATIONS = {text: RELATION_OF_TEXT[text].cls for text in ("==", "<", "<=", ">", ">=")}
#: The comparison each relation makes between two numbers (exact rationals or mpmath values).
HOLDS = {text: RELATION_OF_TEXT[text].compare for text in RELATIONS}
_RELATION_OF_CLASS = {cls: op for op, cls in RELATIONS.items()}
_LATEX_RELATION = {"==": "=", "<": "<", "<=": r"\le", ">": ">", ">=": r"\ge"}


_TEXT = "a SymPy expression or a number (text is never parsed here; use symmetric.explore.parse)"


def _sympified(value):
    """``value`` as a SymPy object (numbers converted, text refused), or None when it is not one."""
    if isinstance(value, (str, bytes, bool)):
        return None
    try:
        return sympy.sympify(value, strict=True)
    except (sympy.SympifyError, TypeError):
        return None


class _Side(Constraint):
    """A side of a statement: a SymPy expression or a number (text refused), passed on as a SymPy expression.

    ``lhs`` may also be a SymPy relation such as ``sympy.Eq(a, b)`` (a whole statement) when ``rhs`` is None;
    ``rhs`` is given unless ``lhs`` is such a relation: each reads the other.
    """

    converts = True

    def __init__(self, side: str, *, relation: bool = False, none: bool = False, given: str = "") -> None:
        self.side, self.relation, self.none, self.given = side, relation, none, given
        self.reads = ("rhs",) if side == "lhs" else ("lhs",)
        self._allowed = _TEXT

    def narrowed(self, **other) -> _Side:
        (value,) = other.values()
        if self.side == "lhs":
            return _Side("lhs", relation=value is None)
        return _Side("rhs", none=_is_relation(value), given=self.given)

    def _read(self, value) -> tuple:
        """``(the value as SymPy, None)``, or ``(None, the rule it fails)``: read once."""
        if value is None:
            return None, (None if self.none else (self.given or _TEXT))
        if isinstance(value, (str, bytes)):
            return None, _TEXT
        expr = _sympified(value)
        if expr is None:
            return None, "a SymPy expression or a number"
        if not isinstance(expr, sympy.Expr) and not (self.relation and _is_relation(expr)):
            return None, "a SymPy expression (not a set, tuple or boolean)"
        return expr, None

    def failure(self, value, func: str = "") -> str | None:
        return self._read(value)[1]

    def is_satisfied_by(self, value) -> bool:
        return self.failure(value) is None

    def check(self, value, *, name: str, func: str, error=InvalidParameterError, note: str = ""):
        expr, text = self._read(value)
        if text is not None:
            raise error.of(name, func, text + note, value)
        return expr

    def invalid_values(self) -> tuple:
        return ("P + R", b"P", sympy.FiniteSet(1), (1, 2), print) + (() if self.none else (None,))


def _is_relation(value) -> bool:
    return isinstance(value, sympy.core.relational.Relational) and type(value) in _RELATION_OF_CLASS


def _flatten_conditions(conditions) -> tuple | str:
    """The conditions as a flat tuple of SymPy booleans (``True`` dropped), or the rule one of them fails."""
    flat: list = []
    for c in conditions:
        if c is True or c is False:
            c = sympy.true if c is True else sympy.false
        else:
            if isinstance(c, (str, bytes)):
                return _TEXT
            c = _sympified(c)
            if c is None:
                return "a SymPy expression or a number"
        if isinstance(c, sympy.And):
            inner = _flatten_conditions(c.args)
            if isinstance(inner, str):
                return inner
            flat.extend(inner)
        elif c is sympy.true:
            continue
        elif c is sympy.false:
            return "conditions that can hold"
        elif not isinstance(c, sympy.logic.boolalg.Boolean):
            return "relations or boolean expressions"
        else:
            flat.append(c)
    return tuple(dict.fromkeys(flat))


class _Conditions(Constraint):
    """The conditions of a statement: an iterable of SymPy relations or booleans, passed on flattened."""

    converts = True
    _allowed = "relations or boolean expressions"

    def failure(self, value, func: str = "") -> str | None:
        if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
            return "an iterable of relations or boolean expressions"
        out = _flatten_conditions(value)
        return out if isinstance(out, str) else None

    def is_satisfied_by(self, value) -> bool:
        return self.failure(value) is None

    def check(self, value, *, name: str, func: str, error=InvalidParameterError, note: str = ""):
        if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
            raise error.of(name, func, "an iterable of relations or boolean expressions" + note, value)
        value = tuple(value)  # an iterator is read once
        out = _flatten_conditions(value)
        if isinstance(out, str):
            raise error.of(name, func, out + note, value)
        return out

    def invalid_values(self) -> tuple:
        return ("P < 1", [False], [sympy.Integer(1)], ["P < 1"], 3)


#: What a statement's parts may be: declared by :meth:`Statement.of` and by the functions that take them
#: (:func:`~symmetric.verify.check`), which pass them converted.
STATEMENT_PARTS = {
    "lhs": _Side("lhs"),
    "rhs": _Side("rhs", given="given, unless lhs is a relation such as sympy.Eq(a, b)"),
    "relation": Options(RELATIONS, none=True, allowed=f"one of {list(RELATIONS)}", invalid=("=", "!=")),
    "conditions": _Conditions(),
}


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
    @declare(**STATEMENT_PARTS)
    def of(cls, lhs, rhs=None, *, relation: str | None = None, conditions=()) -> Statement:
        """Build a statement from ``lhs`` and ``rhs``, or from one SymPy relational (each part declared:
        :data:`STATEMENT_PARTS`)."""
        if rhs is None:  # lhs is a relation (the declaration refuses None otherwise)
            lhs, rhs, relation = lhs.lhs, lhs.rhs, relation or _RELATION_OF_CLASS[type(lhs)]
        return cls(lhs, rhs, relation or "==", conditions)

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

    def substitute(self, mapping: dict) -> Statement | None:
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
