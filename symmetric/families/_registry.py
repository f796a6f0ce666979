"""What the registries of records by name share (:data:`~symmetric.families.FAMILIES`, ``CONFUSION_METRICS``).

The constraints of a record's name and claim ids, of an argument naming a
registered record, and of a record to register (:class:`NewRecord`: a name
registered already is refused unless ``replace``), all read when checking
(a registry can grow).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .._constraints import BOOLEAN, Constraint, Predicate

__all__ = ["BUILDER", "CLAIM_IDS", "IDENTIFIER", "REPLACE", "NewRecord", "RegisteredName"]

#: ``replace`` of the functions that register a record.
REPLACE = BOOLEAN
#: The name of a record: the name of its numeric function, of the CLI's options.
IDENTIFIER = Predicate(
    "a Python identifier", lambda v: isinstance(v, str) and v.isidentifier(), invalid=("f-beta", "", 3, None)
)
#: The builder of a record's SymPy expression.
BUILDER = Predicate("a callable returning a SymPy expression", callable, invalid=("f_beta", None))
#: The ids of the claims a record names (plain strings: claims come at a later stage).
CLAIM_IDS = Predicate(
    "a tuple of claim ids",
    lambda v: isinstance(v, tuple) and all(isinstance(i, str) for i in v),
    invalid=(["a.b"], "a.b", (1,)),
)


class RegisteredName(Constraint):
    """The name of a record of ``registry`` (the registry is read when checking: it can grow)."""

    def __init__(self, registry: Mapping[str, object], *, invalid: tuple) -> None:
        self.registry, self._invalid = registry, invalid

    @property  # read when checking: the registry can grow
    def allowed(self) -> str:
        return f"one of {sorted(self.registry)}"

    def is_satisfied_by(self, value) -> bool:
        return isinstance(value, str) and value in self.registry

    def invalid_values(self) -> tuple:
        return self._invalid


class NewRecord(Constraint):
    """A record of type ``kind`` to add to ``registry``: a name not registered yet unless ``replace`` (read from
    the function's ``replace`` argument), and what each of ``rules`` asks (``rule(record, registry)``: the allowed
    text the record fails, or None). The error shows a record by its name."""

    reads = ("replace",)

    def __init__(
        self,
        registry: Mapping[str, object],
        kind: type[Any],
        what: str,
        *,
        rules: tuple[Callable[[Any, Mapping[str, object]], str | None], ...] = (),
        invalid: tuple = (),
        replace: bool = False,
    ) -> None:
        self.registry, self.kind, self.what, self.rules = registry, kind, what, rules
        self._invalid, self.replace = invalid, replace
        self._type = f"a {kind.__module__.rsplit('.', 1)[0]}.{kind.__name__}"

    @property
    def allowed(self) -> str:
        return f"{self._type} whose name is not registered yet (or replace=True)"

    def narrowed(self, **others) -> NewRecord:
        replace = others["replace"] is True
        return NewRecord(self.registry, self.kind, self.what, rules=self.rules, invalid=self._invalid, replace=replace)

    def failure(self, value, func: str = "") -> str | None:
        if not isinstance(value, self.kind):
            return self._type
        name = value.name
        if name in self.registry and not self.replace:
            return (
                f"a {self.what} whose name is not registered yet (or replace=True); registered: {sorted(self.registry)}"
            )
        for rule in self.rules:
            text = rule(value, self.registry)
            if text is not None:
                return text
        return None

    def is_satisfied_by(self, value) -> bool:
        return self.failure(value) is None

    def shown(self, value):
        return value.name if isinstance(value, self.kind) else value

    def invalid_values(self) -> tuple:
        return self._invalid + tuple(self.registry.values())[:1]  # a record registered already
