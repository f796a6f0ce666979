"""A metric with a value for every parameter: resolved here, so that :mod:`symmetric.plot` only draws it.

:func:`fix_parameters` takes a registered family's name or an expression in
``P`` and ``R`` (text, read by the whitelist parser, or SymPy) with values for
its parameters, checks each value once (exactly: a float such as 0.5 is taken
as 1/2), builds the expression, picks its numeric function (the generated code
of a family with one, called without checking the values again, otherwise
:func:`symmetric.numeric.compile`) and writes what titles show in LaTeX;
:meth:`FixedMetric.values_at` evaluates it (NaN where it is undefined or not
real), :meth:`FixedMetric.unbounded` probes the edges of the square, and
:meth:`FixedMetric.break_even` is the proven break-even line
(:mod:`.break_even`).

>>> metric = fix_parameters("f_beta", {"beta": 0.5}, func="level_curves")
>>> metric.expr, metric.value_latex, metric.parameter_labels
(5*P*R/(4*(P/4 + R)), {'beta': '\\\\frac{1}{2}'}, {'beta': '\\\\beta'})
>>> float(metric.function(0.5, 1.0))
0.555...
>>> metric.unbounded()
(False, 0.0, '')
>>> metric.break_even().status, metric.break_even().slope
('proven', 0.5)
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import numpy as np
import sympy

from .._constraints import Constraint, Converting, Options, Predicate, constraints_of, unchecked
from .._validation import InvalidParameterError
from ..families import FAMILIES, Parameter, get_family
from ..symbols import P, R
from .break_even import BreakEvenLine
from .parser import parse

__all__ = ["FixedMetric", "fix_parameters", "metric_of", "other_parameters", "parameter_names", "varied_parameter"]

#: A bare name given as a metric must be a registered family (other text is an expression): get_family's declaration.
_FAMILY = constraints_of(get_family)["name"]


@dataclass(frozen=True)
class FixedMetric:
    """A metric with a value for every parameter.

    Attributes
    ----------
    metric : str or sympy.Expr
        As given: a registered family's name or an expression in P and R.
    expr : sympy.Expr or None
        The expression at the values (None for a family whose values are too
        large for exact arithmetic: its numeric function still takes them).
    values : dict
        Parameter name -> exact SymPy number.
    function : callable
        The metric as a NumPy function of (precision, recall).
    label : str
        How a title names it: the family's label, or ``""`` for an expression
        (see ``formula_latex`` and ``formula_text``).
    formula_latex, formula_text : str
        The expression given (with its parameters as symbols) in LaTeX and as
        text; empty for a family.
    parameter_labels, value_latex : dict
        Parameter name -> its LaTeX label, and -> its value in LaTeX.
    description : str
        The metric at its values as plain text (for warnings).
    """

    metric: str | sympy.Expr
    expr: sympy.Expr | None
    values: dict
    function: Callable
    label: str
    formula_latex: str
    formula_text: str
    parameter_labels: dict
    value_latex: dict
    description: str

    def values_at(self, precision, recall) -> np.ndarray:
        """The real values at arrays of precision and recall: NaN where undefined or not real."""
        with np.errstate(all="ignore"):
            values = np.asarray(self.function(precision, recall), dtype=complex) * np.ones_like(recall)
            real = np.abs(values.imag) <= 1e-12 * np.maximum(1, np.abs(values.real))
            return np.where(real, values.real, np.nan)

    def unbounded(self) -> tuple[bool, float, str]:
        """Whether the metric grows without bound towards an edge of the square, the largest value seen, and where.

        The metric is evaluated towards the edges P = 0, R = 0 and the corner
        (0, 0) at 1e-6 and 1e-12: a value that keeps growing (or is infinite)
        is unbounded. A numeric probe: it decides how to colour a plot, nothing else.
        """
        near, nearer = 1e-6, 1e-12
        worst, where = 0.0, ""
        for label, point in (
            ("R = 0", lambda s: (np.ones(3), s)),
            ("P = 0", lambda s: (s, np.ones(3))),
            ("P = R = 0", lambda s: (s, s)),
        ):
            a = np.abs(self.values_at(*point(np.full(3, near))))[0]
            b = np.abs(self.values_at(*point(np.full(3, nearer))))[0]
            if np.isinf(b) or (np.isfinite(a) and np.isfinite(b) and b > 2 * a + 1):
                if not np.isfinite(b) or b > worst:
                    worst, where = float(b), label
        return bool(where), worst, where

    def break_even(self) -> BreakEvenLine:
        """The proven break-even line at these values (:class:`.break_even.BreakEvenLine`)."""
        if self.expr is None:
            return BreakEvenLine.of_family(str(self.metric), self.values)
        return BreakEvenLine.of(self.expr)


def metric_of(metric, names, *, func: str) -> str | sympy.Expr:
    """A registered family's name as given, text as the whitelist parser reads it, a SymPy expression as given.

    ``names`` are the parameters the caller gives values for (the text may use
    them besides P, R and the library's parameters); errors name ``func``'s
    argument ``metric``. The caller's declaration has checked that ``metric`` is
    text or a SymPy expression.

    >>> metric_of("f_beta", ["beta"], func="level_curves"), metric_of("(1 + a)*P*R/(a*P + R)", ["a"], func="demo")
    ('f_beta', P*R*(a + 1)/(P*a + R))
    >>> metric_of("fbeta", [], func="level_curves")
    Traceback (most recent call last):
        ...
    symmetric.InvalidParameterError: The 'metric' parameter of level_curves must be one of ['f_beta', 'f_beta_alternative', 'g_beta_rho', 'power_mean'], or an expression in P and R. Got 'fbeta' instead.
    """
    if not isinstance(metric, str) or metric in FAMILIES:
        return metric
    if metric.strip().isidentifier() and metric.strip() not in ("P", "R"):
        _FAMILY.check(metric, name="metric", func=func, note=", or an expression in P and R")
    return parse(metric, parameters=list(names), func=func, param="metric")


def parameter_names(metric, *, func: str) -> tuple[str, ...]:
    """The names of the parameters of a registered family (by name) or of an expression in P and R.

    >>> parameter_names("g_beta_rho", func="family_grid")
    ('beta', 'rho')
    """
    if isinstance(metric, str):
        return get_family(metric).parameter_names
    return tuple(sorted(s.name for s in metric.free_symbols - {P, R}))


def varied_parameter(metric, *, func: str) -> Options:
    """What the varied parameter of a grid of ``metric`` (resolved by :func:`metric_of`) may be: one of its own."""
    names = parameter_names(metric, func=func)
    return Options(names, allowed=f"one of {list(names)}", invalid=())


def other_parameters(vary: str) -> Predicate:
    """What the fixed parameters of a grid varying ``vary`` may be: values of the other parameters."""

    def other(values: Any) -> bool:
        return vary not in values

    return Predicate(f"values for parameters other than {vary!r}", other, invalid=())


def parameter_label(name: str) -> str:
    """A parameter's LaTeX label: a registered family's record gives it, any other name is shown as is."""
    for family in FAMILIES.values():
        for p in family.params:
            if p.name == name:
                return p.label
    return name


def number_latex(value) -> str:
    r"""A parameter value in LaTeX: exact when short, else with three significant digits.

    >>> [number_latex(x) for x in (0.5, 2.1e6, 10**40, sympy.Rational(1, 3))]
    ['\\frac{1}{2}', '2.1 \\times 10^{6}', '10^{40}', '\\frac{1}{3}']
    """
    value = sympy.nsimplify(value) if isinstance(value, float) else sympy.sympify(value)
    if value.is_Float or (value.is_Rational and max(abs(value.p), value.q) > 10**6):
        return _float_latex(float(value))
    return sympy.latex(value)


def _float_latex(x: float) -> str:
    r"""A number in LaTeX with three significant digits.

    >>> [_float_latex(x) for x in (2.1e6, 1e40, 0.25, -1e-300)]
    ['2.1 \\times 10^{6}', '10^{40}', '0.25', '-10^{-300}']
    """
    mantissa, _, exponent = f"{x:.3g}".partition("e")
    if not exponent:
        return mantissa
    power = f"10^{{{int(exponent)}}}"
    return {"1": power, "-1": f"-{power}"}.get(mantissa, rf"{mantissa} \times {power}")


class _Drawable(Converting):
    """A value of parameter ``name`` for a plot: a number in the parameter's domain and in the range of floats.

    A registered family's parameter is taken without its bound on exponents:
    the numeric function takes any finite value, and a value too large for
    exact powers is drawn from it (``FixedMetric.expr`` is then None). Any
    other parameter's domain is its symbol's assumptions. :meth:`check`
    returns the exact number (a float such as 0.5 as 1/2).
    """

    def __init__(self, name: str, symbol: sympy.Symbol, declared: Constraint | None = None) -> None:
        if isinstance(declared, Parameter):
            declared = replace(declared, bound=None)
        elif declared is None:
            declared = Parameter(
                sympy.Symbol(name, positive=True) if symbol.is_positive else sympy.Symbol(name, real=True)
            )
        self.domain = declared

    def describe(self, func: str) -> str:
        return f"{self.domain.describe(func)} that is a number within the range of floats"

    @property
    def allowed(self) -> str:
        return self.describe("the plot")

    def check(self, value, *, name: str, func: str, error=InvalidParameterError, note: str = ""):
        given = value
        if isinstance(value, float) and math.isfinite(value):
            value = sympy.nsimplify(value, rational=True)  # 0.5 is 1/2: exact analysis, and a readable title
        number = self.domain.check(value, name=name, func=func, error=error, note=note)
        if not isinstance(number, sympy.Expr):  # a constraint that does not convert: the value as a SymPy number
            number = Parameter(sympy.Symbol(name, real=True)).value(number, func=func)
        if not (number.is_number and math.isfinite(float(number))):
            raise error.of(name, func, self.describe(func) + note, given)
        return number

    def invalid_values(self) -> tuple:
        return (*self.domain.invalid_values(), 10**400, sympy.Symbol("x", positive=True))


#: An expression with every parameter replaced by its value.
def _numbers_only(expr: Any) -> bool:
    return not expr.free_symbols - {P, R}


_IN_P_AND_R = Predicate("an expression whose parameters have distinct names", _numbers_only, invalid=())


def _exactly(names, of: str) -> Predicate:
    """What the parameters given for a metric may be: values for exactly ``names``."""
    return Predicate(
        f"values for exactly the parameters {list(names)} {of}", lambda given: given == sorted(names), invalid=()
    )


def _family_expression(family, values: dict, declared: dict) -> sympy.Expr | None:
    """The family's expression at ``values`` (checked by :func:`fix_parameters`), or None when only its numeric
    function can take them: a value beyond a parameter's bound on exponents, or an exact power too large."""
    if all(not isinstance(declared.get(n), Parameter) or v in declared[n].domain for n, v in values.items()):
        try:
            return unchecked(family.function)(**values)  # the values are checked: no second check
        except InvalidParameterError:  # too large for exact powers: the numeric function follows the family's limits
            if family.numeric:
                return None
            raise
    if family.numeric:
        return None
    return family(**values)  # raises: the family's own declaration refuses a value beyond its bound


def _has_numeric(metric) -> bool:
    """Whether the family has generated numeric code (its record says so)."""
    return isinstance(metric, str) and get_family(metric).numeric


def fix_parameters(metric, parameters: dict, *, func: str) -> FixedMetric:
    """The metric with every parameter given a value, its numeric function and its LaTeX.

    Parameters
    ----------
    metric : str or sympy.Expr
        A registered family's name or an expression in ``symmetric.P`` and
        ``symmetric.R``, as text (read by :func:`symmetric.explore.parse`) or SymPy.
    parameters : dict
        A value for exactly each of its parameters, by name.
    func : str
        The public function asking, named in errors.

    Returns
    -------
    FixedMetric

    Raises
    ------
    InvalidParameterError
        For an unknown metric, missing or extra parameters, or a value
        outside a parameter's domain or the range of floats.
    """
    metric = metric_of(metric, parameters, func=func)
    if isinstance(metric, str):
        family = FAMILIES[metric]
        _exactly(family.parameter_names, f"of {metric}").check(sorted(parameters), name="parameters", func=func)
        declared = family.parameter_constraints
        values = {
            n: _Drawable(n, symbol, declared.get(n)).check(parameters[n], name=n, func=func)
            for n, symbol in zip(family.parameter_names, family.parameters)
        }
        expr = _family_expression(family, values, declared)
        label, formula_latex, formula_text = family.label, "", ""
        description = f"{metric}({', '.join(f'{n} = {sympy.sstr(v)}' for n, v in values.items())})"
    else:
        by_name = {s.name: s for s in metric.free_symbols - {P, R}}
        _exactly(sorted(by_name), "of the expression").check(sorted(parameters), name="parameters", func=func)
        values = {n: _Drawable(n, by_name[n]).check(parameters[n], name=n, func=func) for n in sorted(parameters)}
        expr = metric.xreplace({by_name[n]: v for n, v in values.items()})
        _IN_P_AND_R.check(expr, name="metric", func=func)  # two symbols of one name: one is left
        label, formula_latex, formula_text = "", sympy.latex(metric), sympy.sstr(metric)
        description = sympy.sstr(expr)
    return FixedMetric(
        metric=metric,
        expr=expr,
        values=values,
        function=_numeric(metric, expr, values),
        label=label,
        formula_latex=formula_latex,
        formula_text=formula_text,
        parameter_labels={n: parameter_label(n) for n in values},
        value_latex={n: number_latex(v) for n, v in values.items()},
        description=description,
    )


def _numeric(metric, expr, values) -> Callable:
    """The metric as a NumPy function of (precision, recall), from :mod:`symmetric.numeric`.

    A registered family uses its numerically stable generated function (which
    takes any finite parameter value), without checking its input again: the
    values are checked (:func:`fix_parameters`), and precision and recall are
    the plot's own grid; anything else is compiled.
    """
    from .. import numeric

    if _has_numeric(metric):
        family, floats = getattr(numeric, metric), {n: float(v) for n, v in values.items()}
        return lambda precision, recall: family(precision, recall, **floats, validate=False)
    return numeric.compile(expr, (P, R), zero_division=np.nan)
