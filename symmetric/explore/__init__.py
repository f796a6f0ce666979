"""Explore new parameterizations: parse an expression, analyse it, plot it.

>>> from symmetric.explore import analyze, parse
>>> lehmer = parse("(beta*P**2 + R**2)/(beta*P + R)")
>>> a = analyze(lehmer, limits=False)
>>> a.break_even, a.equivalent_rho
(sqrt(beta), (beta + 1)/sqrt(beta))
>>> a.properties["increasing_in_P"].status
'refuted'
"""

from .analysis import Analysis, analyze
from .parser import ExpressionError, parameter_symbols, parse, parse_parameter, parse_value
from .preferences import Indifference, Preference, PreferenceFit, TradeOff, fit_preferences

__all__ = [
    "Analysis",
    "ExpressionError",
    "Indifference",
    "Preference",
    "PreferenceFit",
    "TradeOff",
    "analyze",
    "fit_preferences",
    "parameter_symbols",
    "parse",
    "parse_parameter",
    "parse_value",
]
