"""Metric families in P and R, and the registry that names them.

Each family is a function of keyword parameters returning a SymPy expression
in :data:`symmetric.P` and :data:`symmetric.R`, described by one record
(:class:`Family`, :mod:`symmetric.families.record`): its parameters and their
domains, labels, whether it has generated numeric code, and the claims that
give its limits. The registry lets the CLI, the parser, code generation,
plotting and the metrics look families up by name; :func:`register_family`
(or the entry point group ``symmetric.families``) adds one.

>>> from symmetric.families import FAMILIES, get_family
>>> sorted(FAMILIES)
['f_beta', 'f_beta_alternative', 'g_beta_rho', 'power_mean']
>>> get_family("f_beta").parameters
(beta,)
>>> get_family("f_beta")(beta=1)
2*P*R/(P + R)
>>> get_family("g_beta_rho").limits["beta -> 0"][0]
'errata.g.beta_zero.rho_negative'
"""

from __future__ import annotations

import copyreg
from collections.abc import Mapping

import sympy

from .._constraints import Predicate, declare
from .._validation import InvalidParameterError
from . import _registry
from .confusion_record import CONFUSION_METRICS, ConfusionMetric, get_confusion_metric, register_confusion_metric
from .f_beta import f_beta, f_beta_alternative
from .g_beta_rho import g_beta_rho
from .power_mean import power_mean
from .record import BETA, GAMMA, PHI, RHO, Family, Parameter

__all__ = [
    "BETA",
    "CONFUSION_METRICS",
    "ConfusionMetric",
    "ENTRY_POINT_GROUP",
    "Family",
    "FAMILIES",
    "GAMMA",
    "PARAMETERS",
    "PHI",
    "Parameter",
    "RHO",
    "general_formula",
    "get_confusion_metric",
    "get_family",
    "f_beta",
    "f_beta_alternative",
    "g_beta_rho",
    "power_mean",
    "register_confusion_metric",
    "register_family",
]

#: The entry point group through which installed packages add families (each names a Family or a list of them).
ENTRY_POINT_GROUP = "symmetric.families"

_G_LIMITS = {
    "rho -> oo": ("family.g.limit_rho_infinity",),
    "rho -> -oo": ("family.g.limit_rho_minus_infinity",),
    "rho -> -1": ("family.g.geometric_limit",),
    "beta -> 0": ("errata.g.beta_zero.rho_negative", "errata.g.beta_zero.rho_zero", "errata.g.beta_zero.rho_positive"),
    "beta -> oo": (
        "errata.g.beta_infinity.rho_negative",
        "errata.g.beta_infinity.rho_zero",
        "errata.g.beta_infinity.rho_positive",
    ),
    "R -> 0": ("scores.g_at_zero_recall_depends_on_precision",),
}

#: The registered families by name; add one with :func:`register_family`.
FAMILIES: dict[str, Family] = {
    f.name: f
    for f in (
        Family(
            "g_beta_rho",
            g_beta_rho,
            (BETA, RHO),
            "generalized F-score G_{beta,rho}",
            label=r"$G_{\beta,\rho}$",
            numeric=True,
            limits=_G_LIMITS,
        ),
        Family(
            "power_mean",
            power_mean,
            (GAMMA, PHI),
            "weighted power mean",
            label=r"$M_{\gamma,\phi}$",
            numeric=True,
            limits={
                "phi -> 0": ("family.power_mean.geometric_limit",),
                "phi -> oo": ("family.power_mean.max_limit_any_weight",),
                "phi -> -oo": ("family.power_mean.min_limit_any_weight",),
            },
        ),
        Family(
            "f_beta",
            f_beta,
            (BETA,),
            "F_beta, weighted harmonic mean",
            label=r"$F_\beta$",
            numeric=True,
            limits={
                "beta -> 0": ("f_beta.limit_beta_zero",),
                "beta -> oo": ("f_beta.limit_beta_infinity",),
                "P -> 0": ("f_beta.vanishes_with_precision",),
            },
        ),
        Family(
            "f_beta_alternative",
            f_beta_alternative,
            (BETA,),
            "seed 002's alternative F_beta",
            label=r"$(1+\beta)PR/(R+\beta P)$",
        ),
    )
}


def _one_symbol_per_name(family: Family, registry) -> str | None:
    """The allowed text a family fails when one of its parameters has the name of a registered family's parameter
    with other assumptions (the parser knows one symbol per name), else None."""
    for p in family.params:
        known = _parameter_specs().get(p.name)
        if known is not None and known.symbol != p.symbol:
            return f"parameters with the assumptions of the registered parameter {p.name!r} ({known.domain})"
    return None


_FAMILY = _registry.NewRecord(FAMILIES, Family, "family", rules=(_one_symbol_per_name,), invalid=("f_beta", None))
_EXPR = Predicate("a SymPy expression", lambda v: isinstance(v, sympy.Expr), invalid=("P", 1.5, sympy.Eq(1, 2)))


@declare(family=_FAMILY, replace=_registry.REPLACE)
def register_family(family: Family, *, replace: bool = False) -> Family:
    """Add ``family`` to the registry, so the CLI, plots, parser and analysis know it by name.

    A name already registered is an error unless ``replace``; a parameter
    whose name a registered family uses with other assumptions is an error
    (the parser must know one symbol per name). A builder that declares no
    constraints is called through its parameters' (``family.parameter_constraints``). Returns ``family``.
    Installed packages can register families through the entry point group
    ``symmetric.families`` instead: each entry point names a Family or a list
    of them.
    """
    FAMILIES[family.name] = family
    return family


def _parameter_specs() -> dict[str, Parameter]:
    specs: dict[str, Parameter] = {}
    for family in FAMILIES.values():
        for p in family.params:
            specs.setdefault(p.name, p)
    return specs


class _Parameters(Mapping):
    """Name -> symbol of every registered family's parameters, read live from :data:`FAMILIES`."""

    def __getitem__(self, name):
        return _parameter_specs()[name].symbol

    def __iter__(self):
        return iter(_parameter_specs())

    def __len__(self) -> int:
        return len(_parameter_specs())

    def __repr__(self) -> str:
        return f"PARAMETERS({dict(self)!r})"


#: The parameters of the registered families, name -> SymPy symbol (the parser knows them with their assumptions).
PARAMETERS: Mapping[str, sympy.Symbol] = _Parameters()


def _load_entry_points() -> None:
    from importlib.metadata import entry_points

    for ep in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda ep: ep.name):
        where = f"entry point {ep.name} = {ep.value} ({ENTRY_POINT_GROUP})"
        try:
            obj = ep.load()
        except Exception as exc:
            raise InvalidParameterError.of(
                "entry_points", "symmetric.families", f"entry points that load ({type(exc).__name__}: {exc})", where
            ) from exc
        for family in obj if isinstance(obj, (list, tuple)) else [obj]:
            if not isinstance(family, Family):
                raise InvalidParameterError.of(
                    "entry_points", "symmetric.families", "entry points naming a Family or a list of them", where
                )
            register_family(family)


def _pickled(family: Family) -> tuple:
    """Pickle (and copy) a registered family by its name, any other by its fields.

    The registry is the one source of truth: unpickling a registered family
    gives the family registered under that name where it is unpickled
    (``get_family(name)``), and a copy of one is itself, as a copy of a
    function is.
    """
    if FAMILIES.get(family.name) is family:
        return get_family, (family.name,)
    f = family
    return Family, (f.name, f.function, f.params, f.summary, f.label, f.numeric, dict(f.limits))


copyreg.pickle(Family, _pickled)


@declare(expr=_EXPR)
def general_formula(expr: sympy.Expr) -> sympy.Expr:
    """The formula of ``expr`` away from its stipulated points: the last branch of a Piecewise.

    >>> from symmetric import g_beta_rho
    >>> general_formula(g_beta_rho(beta=1))
    (P**(rho + 1)/2 + R**(rho + 1)/2)**(1/(rho + 1))
    >>> general_formula(g_beta_rho(beta=1, rho=1))
    sqrt(P**2/2 + R**2/2)
    """
    if isinstance(expr, sympy.Piecewise):
        formula, condition = expr.args[-1]
        assert condition is sympy.true, "the last branch of a family's Piecewise is its general formula"
        return formula
    return expr


@declare(name=_registry.RegisteredName(FAMILIES, invalid=("f1", None, 3)))
def get_family(name: str) -> Family:
    """Return the registered family called ``name``."""
    return FAMILIES[name]


_load_entry_points()
