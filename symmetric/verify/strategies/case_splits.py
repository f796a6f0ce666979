"""The built-in case splits of the search over statements, each one record registered in :mod:`.registry`.

A case split (a strategy of kind ``"split"``) is ``run(statement, search) ->
iterable of builders``; each builder, called with a share of the search's
time, gives the cases ``[(case statement, label, substitution), ...]`` that
cover the statement's domain (:mod:`symmetric.verify.signs.cases`), or None.
The search (:mod:`.search`) proves every case or tries the next split.
In the order the search tries them: the branches of a Piecewise
(``cost="cheap"``: right after the cheap direct strategies); then, after
every direct strategy and prover failed (``cost="standard"``), the user's
conditions as substitutions (``rho < 0`` as ``rho = -t``), the order of the
arguments of ``Max`` and ``Min``, the sign of an expression a limit depends
on, and last the metric domain's ``P <= 1`` and ``R <= 1``
(:mod:`symmetric.verify.core.unit_domain`), after the statement has been
tried on the larger positive domain.
"""

from __future__ import annotations

import itertools

import sympy

from ..core.steps import TRUSTS
from ..core.substitution import free_nodes
from ..core.unit_domain import is_unit_bound
from ..signs.cases import condition_cases, piecewise_cases, sign_cases
from .registry import EQUALITY, INEQUALITIES, Strategy, register_strategy

__all__ = ["BUILTIN_SPLITS"]


def _piecewise(st, search):
    return [lambda: piecewise_cases(st)]


def _conditions(st, search):
    return [lambda c=c: condition_cases(st, c) for c in st.conditions if not is_unit_bound(c)]


def _max_min_pairs(st):
    """Pairs of arguments of Max and Min (symbols first) whose order decides them."""
    pairs: list = []
    free = st.free_symbols
    for side in (st.lhs, st.rhs):
        for m in free_nodes(side, (sympy.Max, sympy.Min)):
            args = [a for a in m.args if a.free_symbols and a.free_symbols <= free]
            pairs.extend(itertools.combinations(sorted(args, key=sympy.default_sort_key), 2))
    return list(dict.fromkeys(pairs))


def _orders(st, search):
    return [lambda a=a, b=b: sign_cases(st, a - b) for a, b in _max_min_pairs(st)]


def _needed_sign(st, search):
    def build():
        need = search.sides_of(st).need
        return sign_cases(st, need) if need is not None else None

    return [build]


def _unit_bounds(st, search):
    return [lambda c=c: condition_cases(st, c) for c in st.conditions if is_unit_bound(c)]


def _split(name, cost, run):
    return register_strategy(Strategy(name, TRUSTS["cases"], cost, EQUALITY | INEQUALITIES, run, kind="split"))


#: The built-in case splits, in the order the search tries them.
BUILTIN_SPLITS = (
    _split("Piecewise branches", "cheap", _piecewise),
    _split("conditions", "standard", _conditions),
    _split("order of Max and Min arguments", "standard", _orders),
    _split("sign a limit depends on", "standard", _needed_sign),
    _split("metric domain", "standard", _unit_bounds),
)
