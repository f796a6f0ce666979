"""What the registries of records by name share (:data:`~symmetric.families.FAMILIES`, ``CONFUSION_METRICS``).

The constraint of an argument naming a registered record, read when checking
(a registry can grow), and the rule of the functions that register one: a
name registered already is refused unless ``replace``.
"""

from __future__ import annotations

from collections.abc import Mapping

from .._constraints import Constraint, Predicate
from .._validation import InvalidParameterError

__all__ = ["REPLACE", "RegisteredName", "refuse_registered_name"]

#: ``replace`` of the functions that register a record.
REPLACE = Predicate("a bool", lambda v: isinstance(v, bool), invalid=("yes", 1, None))


class RegisteredName(Constraint):
    """The name of a record of ``registry`` (the registry is read when checking: it can grow)."""

    def __init__(self, registry: Mapping[str, object], *, invalid: tuple):
        self.registry, self._invalid = registry, invalid

    @property  # read when checking: the registry can grow
    def allowed(self) -> str:
        return f"one of {sorted(self.registry)}"

    def is_satisfied_by(self, value) -> bool:
        return isinstance(value, str) and value in self.registry

    def invalid_values(self) -> tuple:
        return self._invalid


def refuse_registered_name(
    registry: Mapping[str, object], name: str, *, replace: bool, param: str, func: str, what: str
) -> None:
    """Raise for a ``name`` registered already unless ``replace`` (``what``: "family", "metric", ...)."""
    if name in registry and not replace:
        raise InvalidParameterError.of(
            param,
            func,
            f"a {what} whose name is not registered yet (or replace=True); registered: {sorted(registry)}",
            name,
        )
