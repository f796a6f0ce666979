"""Turn command-line text into a metric: a registered family's name or a parsed expression.

Shared by ``symmetric explore`` and ``symmetric plot``. Text is only ever
read by the whitelist parser of :mod:`symmetric.explore.parser`; every error
names the option the text came from (``--beta``, ``--param``, ``--values``).
A value is converted here (text to number) and checked once, by the
declaration of the family, the parser or the library function it goes to;
:func:`as_option_error` and :func:`option_error` turn that error into the
option's, from the error's ``param`` (the declaration's text, the option's
name). What only the command line has (``--dpi``, ``--output``, options
that go together) is declared here, as constraints.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

import sympy

from .._constraints import Constraint, Interval, Rule
from .._validation import InvalidParameterError
from ..explore.parser import LIBRARY_PARAMETERS, parse, parse_parameter
from ..families import FAMILIES

__all__ = [
    "parameter_values",
    "as_option_error",
    "option_error",
    "OutputFile",
    "DRAWINGS",
    "DEFAULT_DPI",
    "ONCE",
    "TOGETHER",
    "symbolic_metric",
    "metric_expression",
    "output_path",
    "DPI",
]

#: ``--dpi`` of the commands that draw (``plot``, ``fit``): an option of the command line alone, and its default.
DPI = Interval(int, 20, 1200, allowed="from 20 to 1200")
DEFAULT_DPI = 200
#: The files the commands that draw write.
DRAWINGS = (".png", ".svg", ".pdf")
#: A parameter (``--param NAME=VALUE``, ``--beta``) given to a command: at most once (refused by the command).
ONCE = Rule("each parameter at most once")
#: Options that only mean something together (``--vary`` and ``--values``): refused by the command alone.
TOGETHER = Rule("given together with --values")


class OutputFile(Constraint):
    """The file a command writes, checked before any work starts: a name ending in one of ``suffixes``, in an
    existing folder the user can write to, not a folder itself."""

    def __init__(self, suffixes: tuple[str, ...]) -> None:
        self.suffixes = suffixes
        self._allowed = f"a file name ending in one of {list(suffixes)}"

    def failure(self, value, func: str = "") -> str | None:
        path = Path(value)
        folder = path.parent
        if path.suffix.lower() not in self.suffixes:
            return self._allowed
        if not folder.is_dir():
            return f"a file in an existing folder ({str(folder)!r} does not exist)"
        if path.is_dir():
            return "a file name, not a folder"
        if not os.access(folder, os.W_OK):
            return f"a file in a folder you can write to ({str(folder)!r})"
        return None

    def is_satisfied_by(self, value) -> bool:
        return isinstance(value, str) and self.failure(value) is None

    def invalid_values(self) -> tuple:
        return ("x.gif", "no/such/folder/x" + self.suffixes[0])


def parameter_values(specs, *, func: str) -> dict:
    """``[("--beta", "beta=2"), ("--param", "a"), ("--param", "c=0..1")]`` -> ``{"beta": 2, "a": None, "c": (0, 1)}``.

    A value is None (a declared parameter), a number or a
    :class:`sympy.Interval` (a declared range); a number is checked where it
    is used, once (the family's declaration, the parser's parameters), and
    :func:`as_option_error` names the option in that error. A name given
    twice is an error. Errors name the option.
    """
    values: dict = {}
    for option, spec in specs:
        name, value = parse_parameter(spec, func=func, param=option)
        if name in values:
            ONCE.refuse(spec, name=option, func=func)
        values[name] = value
    return values


def as_option_error(exc: InvalidParameterError, specs, *, func: str) -> InvalidParameterError:
    """``exc`` as the error of the option that gave the refused parameter (read from ``exc.param``), else ``exc``.

    ``specs`` are the ``(option, "NAME=VALUE")`` pairs of :func:`parameter_values`.

    >>> exc = InvalidParameterError.of("beta", "f_beta", "a positive real number", -2)
    >>> print(as_option_error(exc, [("--beta", "beta=-2")], func="symmetric plot"))
    The '--beta' parameter of symmetric plot must be a positive real number. Got 'beta=-2' instead.
    """
    given = {spec.partition("=")[0].strip(): (option, spec) for option, spec in specs}
    if exc.param not in given or exc.allowed is None:
        return exc
    option, spec = given[exc.param]
    return exc.renamed(option, func, got=spec)


def option_error(exc: InvalidParameterError, options: Mapping[str, str], *, func: str) -> InvalidParameterError:
    """``exc``, the error of a library function the command called, as the error of the option that gave the
    refused argument: ``options`` maps the function's parameters to the command's options (``{"tolerance":
    "--tolerance"}``); the declaration's text, the value refused. Any other error as it is.

    >>> exc = InvalidParameterError.of("tolerance", "fit_preferences", "a positive number", -1.0)
    >>> print(option_error(exc, {"tolerance": "--tolerance"}, func="symmetric fit"))
    The '--tolerance' parameter of symmetric fit must be a positive number. Got -1.0 instead.
    """
    if exc.param is None or exc.param not in options or exc.allowed is None:
        return exc
    return exc.renamed(options[exc.param], func)


def declared(values: dict) -> dict:
    """The parameter values for :func:`symmetric.explore.parse`: a range declares a symbol (real when the
    range reaches below 0 and the name is new), anything else passes through."""
    out = {}
    for name, value in values.items():
        if isinstance(value, sympy.Interval):
            value = None if name in LIBRARY_PARAMETERS or value.inf >= 0 else sympy.Symbol(name, real=True)
        out[name] = value
    return out


def ranges(values: dict) -> dict:
    """The declared ranges among ``values``: name -> Interval."""
    return {name: value for name, value in values.items() if isinstance(value, sympy.Interval)}


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
            known = list(family.parameter_names)
            Rule(f"parameters of {text}: {known}").refuse(unknown, name="--param", func=func)
        given = {k: v for k, v in values.items() if v is not None and not isinstance(v, sympy.Symbol)}
        return family(**given)
    return parse(text, parameters=values, func=func)


def output_path(text: str, *, func: str, suffixes: tuple[str, ...], option: str = "--output") -> Path:
    """The output file, checked before any work starts (:class:`OutputFile`)."""
    return Path(OutputFile(suffixes).check(text, name=option, func=func))
