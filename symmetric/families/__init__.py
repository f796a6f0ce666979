"""Metric families in P and R, and the registry that names them.

Each family is a function of keyword parameters returning a SymPy expression
in :data:`symmetric.P` and :data:`symmetric.R`. The registry lets the CLI,
code generation and plotting look families up by name.

>>> from symmetric.families import FAMILIES, get_family
>>> sorted(FAMILIES)
['f_beta', 'f_beta_alternative', 'g_beta_rho', 'power_mean']
>>> get_family("f_beta").parameters
(beta,)
>>> get_family("f_beta")(beta=1)
2*P*R/(P + R)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import sympy

from .._validation import InvalidParameterError
from .. import symbols as _symbols
from .f_beta import f_beta, f_beta_alternative
from .g_beta_rho import g_beta_rho
from .power_mean import power_mean

__all__ = [
    "Family",
    "FAMILIES",
    "general_formula",
    "get_family",
    "f_beta",
    "f_beta_alternative",
    "g_beta_rho",
    "power_mean",
]


@dataclass(frozen=True)
class Family:
    """A named metric family: a builder and its parameters, in signature order."""

    name: str
    function: Callable[..., sympy.Expr]
    parameters: tuple[sympy.Symbol, ...]
    summary: str

    def __call__(self, **values) -> sympy.Expr:
        return self.function(**values)

    @property
    def parameter_names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.parameters)


FAMILIES: dict[str, Family] = {
    f.name: f
    for f in (
        Family("g_beta_rho", g_beta_rho, (_symbols.beta, _symbols.rho), "generalized F-score G_{beta,rho}"),
        Family("power_mean", power_mean, (_symbols.gamma, _symbols.phi), "weighted power mean"),
        Family("f_beta", f_beta, (_symbols.beta,), "F_beta, weighted harmonic mean"),
        Family("f_beta_alternative", f_beta_alternative, (_symbols.beta,), "seed 002's alternative F_beta"),
    )
}


def general_formula(expr: sympy.Expr) -> sympy.Expr:
    """The formula of ``expr`` away from its stipulated points: the last branch of a Piecewise.

    >>> from symmetric import g_beta_rho
    >>> general_formula(g_beta_rho(beta=1))
    (P**(rho + 1)/2 + R**(rho + 1)/2)**(1/(rho + 1))
    >>> general_formula(g_beta_rho(beta=1, rho=1))
    sqrt(P**2/2 + R**2/2)
    """
    if not isinstance(expr, sympy.Expr):
        raise InvalidParameterError.of("expr", "general_formula", "a SymPy expression", expr)
    if isinstance(expr, sympy.Piecewise):
        formula, condition = expr.args[-1]
        assert condition is sympy.true, "the last branch of a family's Piecewise is its general formula"
        return formula
    return expr


def get_family(name: str) -> Family:
    """Return the registered family called ``name``."""
    try:
        return FAMILIES[name]
    except (KeyError, TypeError):
        raise InvalidParameterError.of("name", "get_family", f"one of {sorted(FAMILIES)}", name) from None
