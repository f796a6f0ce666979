"""What the package knows about a metric family, in one record.

A :class:`Family` holds the builder of its SymPy expression, its
parameters (each a :class:`Parameter`: the symbol, whose assumptions give
the domain, a declared bound on its size and a display label), how it is
written in titles, whether :mod:`symmetric.numeric` has generated code for
it, and the ids of the claims that give its limits. Validation, the CLI, the
plots, the parser's known parameters and the metrics' boundary cases read
the record; nothing restates it.

Claim ids are plain strings here: families come before claims in the order
of stages, so a later stage (:mod:`symmetric.metrics`) resolves them.

>>> from symmetric.families import BETA, RHO
>>> BETA.domain, RHO.domain
(Interval.open(0, oo), Interval(-1000, 1000))
>>> RHO.value(-2.0, func="g_beta_rho")
-2
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

import sympy

from .. import symbols as _symbols
from .._constraints import BOOLEAN, STRING, Converting, Interval, Predicate, constraints_of, declare
from .._validation import InvalidParameterError
from ._parameters import MAX_EXPONENT, allowed_text, parameter
from ._registry import BUILDER, CLAIM_IDS, IDENTIFIER

__all__ = ["Parameter", "Family", "BETA", "GAMMA", "RHO", "PHI", "PARAMETER_FIELDS", "FAMILY_FIELDS"]

#: What the fields of a :class:`Parameter` may be (its declaration).
PARAMETER_FIELDS = {
    "symbol": Predicate(
        "a SymPy Symbol declared real or positive",
        lambda v: isinstance(v, sympy.Symbol) and v.is_extended_real is True,
        invalid=(sympy.Symbol("w"), "w", None),
    ),
    "label": STRING,
    "bound": Interval(int, 1, math.inf, closed="left", none=True, allowed="a positive int or None"),
}


@declare(**PARAMETER_FIELDS)
@dataclass(frozen=True)
class Parameter(Converting):
    """A family parameter: its symbol (assumptions give the domain), a bound on numbers, a LaTeX label.

    It is also the parameter's declared constraint (docs/design.md, "Constraints as data"):
    a builder declares it (``@declare(beta=BETA)``), and the declaration
    passes the builder the value resolved by :meth:`value` (an exact SymPy
    expression; ``converts``), so a value is checked and converted once.

    Parameters
    ----------
    symbol : sympy.Symbol
        Positive (``beta``) or real (``rho``); the assumptions are the domain.
    label : str, optional
        The parameter in LaTeX, without dollar signs (default: the name).
    bound : int, optional
        A number given for it is at most ``bound`` in absolute value (an
        exponent: larger values make exact powers too large to build).
    """

    symbol: sympy.Symbol
    label: str = ""
    bound: int | None = None

    def __post_init__(self) -> None:
        if not self.label:
            object.__setattr__(self, "label", self.symbol.name)

    @property
    def name(self) -> str:
        return self.symbol.name

    @property
    def positive(self) -> bool:
        return bool(self.symbol.is_positive)

    @property
    def domain(self) -> sympy.Interval:
        """The values a number may take: from the symbol's assumptions and the bound."""
        domain = sympy.Interval.open(0, sympy.oo) if self.positive else sympy.Interval(-sympy.oo, sympy.oo)
        if self.bound is not None:
            domain = domain.intersect(sympy.Interval(-self.bound, self.bound))
        return domain

    @property
    def allowed(self) -> str:
        return self.describe("the family")

    def describe(self, func: str) -> str:
        return allowed_text(name=self.name, func=func, positive=self.positive, exponent=self.bound is not None)

    def check(self, value, *, name: str, func: str, error=InvalidParameterError, note: str = ""):
        """``value`` as an exact SymPy expression (:meth:`value`), or ``error`` naming the argument ``name``."""
        try:
            return parameter(value, name=name, func=func, positive=self.positive, exponent=self.bound is not None)
        except InvalidParameterError as exc:
            if error is InvalidParameterError and not note:
                raise
            raise error.of(exc.param, exc.func, f"{exc.allowed}{note}", exc.got) from None

    def invalid_values(self) -> tuple:
        out: tuple[object, ...] = (math.nan, math.inf, "1", True, sympy.I)
        if self.positive:
            out += (0, -1.5, 0.0, sympy.Symbol("x", negative=True))
        if self.bound is not None:
            out += (self.bound + 1, -10 * self.bound)
        return out

    def value(self, value, *, func: str) -> sympy.Expr:
        """``value`` as an exact SymPy expression within the domain, or :class:`InvalidParameterError`."""
        return parameter(value, name=self.name, func=func, positive=self.positive, exponent=self.bound is not None)


#: The parameters of the built-in families: the one place where their domains are declared.
BETA = Parameter(_symbols.beta, r"\beta")
GAMMA = Parameter(_symbols.gamma, r"\gamma")
RHO = Parameter(_symbols.rho, r"\rho", bound=MAX_EXPONENT)
PHI = Parameter(_symbols.phi, r"\phi", bound=MAX_EXPONENT)


def _limits(value) -> bool:
    return isinstance(value, Mapping) and all(CLAIM_IDS.is_satisfied_by(ids) for ids in value.values())


#: What the fields of a :class:`Family` may be (its declaration).
FAMILY_FIELDS = {
    "name": IDENTIFIER,
    "function": BUILDER,
    "params": Predicate(
        "a tuple of symmetric.families.Parameter",
        lambda v: isinstance(v, tuple) and all(isinstance(p, Parameter) for p in v),
        invalid=([BETA], ("beta",), None),
    ),
    "summary": STRING,
    "label": STRING,
    "numeric": BOOLEAN,
    "limits": Predicate(
        "a mapping of str to a tuple of claim ids", _limits, invalid=({"beta -> 0": "f_beta.limit"}, ["a"], None)
    ),
}


@declare(**FAMILY_FIELDS)
@dataclass(frozen=True)
class Family:
    """A named metric family.

    Parameters
    ----------
    name : str
        A Python identifier, the name the CLI and the plots take.
    function : callable
        Builds the SymPy expression in ``symmetric.P`` and ``symmetric.R`` from
        keyword parameters named as ``params``; each defaults to its symbol.
    params : tuple of Parameter
        In the order of the function's signature.
    summary : str
        One line saying what it is.
    label : str, optional
        How titles write it (LaTeX between dollar signs); default the name.
    numeric : bool, default False
        Whether :mod:`symmetric.numeric` has generated code under this name
        (otherwise numeric values come from ``symmetric.numeric.compile`` of
        the expression).
    limits : mapping of str to tuple of str, optional
        What tends where (``"beta -> 0"``) -> the ids of the claims that give
        the limit.

    Notes
    -----
    A family pickles and copies (:mod:`symmetric.families` registers how):
    a registered one by its name, so unpickling it gives the family
    registered under that name; any other by its fields.
    """

    name: str
    function: Callable[..., sympy.Expr]
    params: tuple[Parameter, ...]
    summary: str
    label: str = ""
    numeric: bool = False
    limits: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    #: The builder as called: its own declaration, else one of the record's parameters (set by ``__post_init__``).
    _checked: Callable[..., sympy.Expr] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:  # the fields are checked by the declaration (FAMILY_FIELDS)
        object.__setattr__(self, "limits", MappingProxyType(dict(self.limits)))
        if not self.label:
            object.__setattr__(self, "label", self.name)
        # a builder that declares no constraints is called through a declaration of the record's parameters
        checked = self.function
        if not constraints_of(checked):
            checked = declare(**{p.name: p for p in self.params})(checked)
        object.__setattr__(self, "_checked", checked)

    def __call__(self, **values) -> sympy.Expr:
        """The family's expression at ``values``, each checked and resolved by its declared constraint."""
        return self._checked(**values)

    @property
    def parameter_constraints(self) -> dict:
        """What each parameter may be: the builder's declaration, else the record's parameters."""
        return constraints_of(self._checked)

    @property
    def parameters(self) -> tuple[sympy.Symbol, ...]:
        """The parameters' symbols, in signature order."""
        return tuple(p.symbol for p in self.params)

    @property
    def parameter_names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.params)

    def claim_ids(self) -> tuple[str, ...]:
        """Every claim id the record names, in order."""
        return tuple(i for ids in self.limits.values() for i in ids)
