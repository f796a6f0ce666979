"""The metrics the exploration docs, tests and benchmarks analyse, each defined once.

The library's families, the weighted arithmetic mean (G at rho = 0), and two
families nobody had analysed, written as the text a user would type.

>>> from symmetric.explore.examples import EXAMPLES, example
>>> EXAMPLES[-2:]
('weighted_lehmer_mean', 'weighted_geometric_mean')
>>> example("weighted_lehmer_mean")
(P**2*beta + R**2)/(P*beta + R)
"""

from __future__ import annotations

import functools
from collections.abc import Callable

import sympy

from .._constraints import Options, declare
from ..families import f_beta, f_beta_alternative, g_beta_rho, power_mean
from .parser import parse

__all__ = ["EXAMPLES", "TEXTS", "example"]

#: New families as text, with the parameter names they declare.
TEXTS = {
    "weighted_lehmer_mean": ("(beta*P**2 + R**2)/(beta*P + R)", ()),
    "weighted_geometric_mean": ("(P**a*R**b)**(1/(a + b))", ("a", "b")),
}


def _parsed(text: str, names: tuple) -> sympy.Expr:
    return parse(text, parameters=list(names))


_BUILDERS: dict[str, Callable[[], sympy.Expr]] = {
    "g_beta_rho": g_beta_rho,
    "f_beta": f_beta,
    "power_mean": power_mean,
    "f_beta_alternative": f_beta_alternative,
    "weighted_arithmetic_mean": lambda: g_beta_rho(rho=0),
    **{name: functools.partial(_parsed, text, names) for name, (text, names) in TEXTS.items()},
}

#: The names :func:`example` knows.
EXAMPLES = tuple(_BUILDERS)


@declare(name=Options(EXAMPLES, allowed=f"one of {list(EXAMPLES)}", invalid=("f1", None)))
def example(name: str) -> sympy.Expr:
    """The example metric called ``name`` (one of :data:`EXAMPLES`), with symbolic parameters."""
    return _BUILDERS[name]()
