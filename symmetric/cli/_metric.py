"""Turn command-line text into a metric: a registered family's name or a parsed expression.

Shared by ``symmetric explore`` and ``symmetric plot``. Text is only ever
read by the whitelist parser of :mod:`symmetric.explore.parser`.
"""

from __future__ import annotations

from .._validation import InvalidParameterError
from ..explore.parser import parse, parse_parameter
from ..families import FAMILIES

__all__ = ["parameter_values", "symbolic_metric", "metric_expression"]


def parameter_values(specs, *, func: str) -> dict:
    """``["beta=2", "a"]`` -> ``{"beta": 2, "a": None}``; a name given twice is an error."""
    values: dict = {}
    for spec in specs:
        name, value = parse_parameter(spec, func=func)
        if name in values:
            raise InvalidParameterError.of("--param", func, "each parameter at most once", spec)
        values[name] = value
    return values


def symbolic_metric(text: str, names, *, func: str):
    """The family name if ``text`` is one, else the expression parsed with ``names`` as symbolic parameters."""
    if text in FAMILIES:
        return text
    return parse(text, parameters=list(names), func=func)


def metric_expression(text: str, values: dict, *, func: str):
    """The metric as a SymPy expression, with the given parameter values substituted."""
    if text in FAMILIES:
        family = FAMILIES[text]
        unknown = sorted(set(values) - set(family.parameter_names))
        if unknown:
            raise InvalidParameterError.of("--param", func, f"parameters of {text}: {list(family.parameter_names)}",
                                           unknown)
        return family(**{k: v for k, v in values.items() if v is not None})
    return parse(text, parameters=values, func=func)
