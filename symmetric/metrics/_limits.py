"""A family's limits, read from the claims its record names (:attr:`symmetric.families.Family.limits`).

The record holds claim ids as plain strings; this module resolves them to
the claims' statements. A claim counts only if it is expected to be proven
(the claims suite checks that verdict). Only the proof scripts that mention
one of the ids are loaded (about a second, once per process); ids that no
script of the package names are looked up among every built-in and
installed claim.

>>> limit_side("g_beta_rho", "beta", 0, {"rho": -2.0})   # claim errata.g.beta_zero.rho_negative
'P'
>>> limit_side("g_beta_rho", "beta", 0, {"rho": 0.0})    # claim errata.g.beta_zero.rho_zero
'R'
>>> holds_at("scores.g_at_zero_recall_depends_on_precision", {"rho": -1.0})
False
"""

from __future__ import annotations

import functools

import sympy

from .._validation import InvalidParameterError
from ..families import get_family

__all__ = ["claims_of", "limit_side", "holds_at"]


@functools.lru_cache(maxsize=None)
def claims_of(ids: tuple[str, ...]) -> dict:
    """The claims with these ids (expected to be proven), id -> :class:`symmetric.verify.Claim`."""
    from ..verify.claims import registry

    folder = registry.proofs_directory()
    files = [p for p in sorted(folder.glob("*.py"))
             if registry.is_proof_script(p) and any(f'"{i}"' in p.read_text(encoding="utf-8") for i in ids)]
    found = {d.id: d for d in registry.definitions(registry.load_proofs(*files, builtin=False)) if d.id in ids}
    if set(ids) - set(found):
        found = {d.id: d for d in registry.definitions(registry.load_proofs(builtin=True)) if d.id in ids}
    missing = sorted(set(ids) - set(found))
    if missing:
        raise InvalidParameterError.of("limits", "symmetric.metrics", "ids of built-in or installed claims", missing)
    return {i: found[i].build() for i in ids if found[i].expected == "proven"}


def _symbols(claim) -> dict:
    return {s.name: s for s in (claim.lhs.free_symbols | claim.rhs.free_symbols)
            | {s for c in claim.conditions for s in c.free_symbols}}


def holds_at(claim_id: str, values: dict) -> bool:
    """Whether every condition of the claim holds at these parameter values (name -> number)."""
    claim = claims_of((claim_id,))[claim_id]
    return _conditions_hold(claim, values)


def _conditions_hold(claim, values: dict) -> bool:
    subs = {s: values[n] for n, s in _symbols(claim).items() if n in values}
    return all(bool(c.subs(subs)) for c in claim.conditions)


_POINTS = {"0": sympy.Integer(0), "oo": sympy.oo, "-oo": -sympy.oo}


@functools.lru_cache(maxsize=1024)
def _side(family_name: str, variable: str, point, values: tuple) -> str | None:
    family = get_family(family_name)
    given = dict(values)
    ids = family.limits.get(f"{variable} -> {point}", ())
    general = family()
    at = general.subs({s: given[s.name] for s in family.parameters if s.name in given})
    for claim in claims_of(tuple(ids)).values():
        if not (isinstance(claim.lhs, sympy.Limit) and claim.relation == "=="):
            continue
        expr, var, to = claim.lhs.args[:3]
        subs = {s: given[s.name] for s in expr.free_symbols if s.name in given}
        if var.name != variable or to != _POINTS[point] or not _conditions_hold(claim, given):
            continue
        if expr.subs(subs) != at:  # a claim about the family at other parameter values
            continue
        if claim.rhs.is_Symbol:
            return claim.rhs.name
    return None


def limit_side(family_name: str, variable: str, point, values: dict) -> str | None:
    """The name of the symbol (``"P"`` or ``"R"``) the family tends to as ``variable -> point``, per its claims.

    ``values`` fixes the other parameters. None when no claim of the record
    gives the limit at these values.
    """
    if point not in (0, float("inf"), float("-inf")):
        raise InvalidParameterError.of("point", "limit_side", "0, inf or -inf", point)
    key = "0" if point == 0 else "oo" if point > 0 else "-oo"
    return _side(family_name, variable, key, tuple(sorted(values.items())))
