"""What the generated numeric code needs to know about each family, read from :mod:`symmetric.families` here only.

Which families get generated numeric code, their parameters (names, in
signature order) and the domain of each argument all come from this module,
which reads ``symmetric.families.FAMILIES``, ``Family.parameters`` and the
symbols' assumptions. When a family record declares more (for instance
whether a family has numeric code), reading it here is the only change the
generation stage needs.

>>> numeric_families()
('g_beta_rho', 'power_mean', 'f_beta')
>>> [domain(s) for s in parameters("g_beta_rho")]
[('positive', 'a finite number > 0'), ('real', 'a finite real number')]
>>> domain(P)
('nonnegative', 'a finite number >= 0')
"""

from __future__ import annotations

import sympy

from ..families import FAMILIES, get_family
from ..symbols import P, R

__all__ = ["registered", "numeric_families", "family", "parameters", "definition", "summary", "domain", "DOMAINS"]

#: Argument domains of the numeric functions: kind -> the sentence errors use. The runtime holds the test of
#: each kind (``symmetric.numeric._runtime._DOMAINS``, NumPy only); generated code names the kind of each argument.
DOMAINS = {
    "nonnegative": "a finite number >= 0",
    "positive": "a finite number > 0",
    "real": "a finite real number",
}


def registered() -> tuple[str, ...]:
    """Every registered family, in registry order (``symmetric codegen`` accepts those it can plan)."""
    return tuple(FAMILIES)


def numeric_families() -> tuple[str, ...]:
    """The families whose numeric functions the package generates (``symmetric/numeric/_generated.py``).

    Read from each family's ``numeric`` field (``Family.numeric``, False by default).
    """
    return tuple(name for name, family in FAMILIES.items() if family.numeric)


def family(name: str):
    """The record of family ``name`` (:class:`symmetric.families.Family`)."""
    return get_family(name)


def parameters(name: str) -> tuple[sympy.Symbol, ...]:
    """The parameters of family ``name``, in signature order (after P and R)."""
    return tuple(get_family(name).parameters)


def definition(name: str) -> sympy.Expr:
    """The SymPy definition of family ``name``, in P, R and its parameters."""
    return get_family(name)()


def summary(name: str) -> str:
    """A short description of family ``name``, for generated docstrings."""
    return get_family(name).summary


def domain(symbol: sympy.Symbol) -> tuple[str, str]:
    """The kind (a key of :data:`DOMAINS`) and description of the values a numeric function accepts for ``symbol``.

    Precision and recall: finite and >= 0 (the numeric functions extend the
    definition to any magnitude); any other symbol: the finite values its
    assumptions allow (positive, else real).
    """
    if symbol in (P, R):
        kind = "nonnegative"
    elif symbol.is_positive:
        kind = "positive"
    elif symbol.is_real:
        kind = "real"
    else:
        raise ValueError(f"no numeric domain for {symbol!r}: its assumptions say neither positive nor real")
    return kind, DOMAINS[kind]
