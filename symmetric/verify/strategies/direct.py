"""The built-in direct strategies and provers of the proof search, each one record registered in :mod:`.registry`.

Equalities: the difference of the sides is zero, cheapest route first
(automatic evaluation, ``cancel``, power normalisation under the sign
assumptions, the ratio, the logarithms, ``simplify``). Inequalities: the sign
of the difference decided by SymPy's assumption system (as it stands,
factored, simplified); then the provers: the signs of ratios of counts
(:mod:`symmetric.verify.inequalities.count_signs`, also in the first pass on
statements in counts) and the goal search (:mod:`.goal_search`). What each
trusts is its record's ``trusts``.
"""

from __future__ import annotations

import sympy

from ..core.numbers import NotReal, assumed, functions_opaque
from ..core.powers import normalize_powers
from ..core.relations import POS, RELATION_OF_TEXT
from ..core.steps import TRUSTS
from ..core.substitution import bound_symbols
from ..core.trust import untrusted
from ..inequalities.count_signs import TRUSTS as COUNTS_TRUSTS, counts_statement, prove_counts_inequality
from ..signs.decide import assumed_in
from .goal_search import prove_inequality
from .rational_zero import cancels_to_zero, is_zero, numerator_is_zero
from .registry import EQUALITY, INEQUALITIES, Strategy, register_strategy

__all__ = ["BUILTIN", "BUILTIN_PROVERS"]


def _normalize_powers(expr):
    """Pull positive factors, common ones too, out of powers, then denest: valid under the symbols' assumptions."""
    return sympy.powdenest(normalize_powers(sympy.factor_terms(sympy.expand_power_base(expr))))


def _powsimp_is_zero(diff) -> bool:
    form = sympy.powsimp(_normalize_powers(diff))
    if isinstance(form, sympy.Expr) and numerator_is_zero(*form.as_numer_denom()):
        return True  # the fast way to the answer cancel gives (see zero_test)
    return is_zero(sympy.cancel(form))


def _ratio_is_one(lhs, rhs):
    if assumed("is_zero", rhs) is not False or untrusted(rhs):
        return False
    return is_zero(sympy.simplify(lhs / rhs) - 1)


def _logs_agree(lhs, rhs):
    if not (assumed_in(lhs, POS) and assumed_in(rhs, POS)):
        return False
    diff = sympy.expand_log(sympy.log(lhs)) - sympy.expand_log(sympy.log(rhs))
    return is_zero(sympy.simplify(diff))


def _numbers_opaque(run):
    """``run`` on the sides with each function of a number (``log(2)``, ``loggamma(1 + 10**-60)``) replaced by a
    symbol carrying only its proven sign (:func:`~symmetric.verify.core.numbers.functions_opaque`): SymPy's
    rewriting evaluates such numbers with rounding (``simplify(loggamma(1 + 10**-60))`` is 0). Refused when a
    variable bound in one side (an ``Integral``'s ``x``) is also free in the statement: SymPy's rewriting
    moves factors across the binder (``simplify(Integral(f(x), (x, 0, 1))/f(x))`` is 1)."""

    def opaque(lhs, rhs, relation):
        free = (
            lhs.free_symbols | rhs.free_symbols
            if isinstance(lhs, sympy.Basic) and isinstance(rhs, sympy.Basic)
            else set()
        )
        if (bound_symbols(lhs) | bound_symbols(rhs)) & free:
            return False
        try:
            lhs, rhs = functions_opaque(lhs, rhs)
        except NotReal:
            return False
        return run(lhs, rhs, relation)

    return opaque


def _sign_holds(form):
    """A sign strategy: SymPy's assumption that says the relation holds, asked of ``form(lhs - rhs)`` by the one
    sign decider (:func:`~symmetric.verify.signs.decide.assumed_in`)."""

    def holds(l, r, relation):
        return assumed_in(form(l - r), RELATION_OF_TEXT[relation].signs)

    return holds


#: The built-in strategies, in the order the search tries them. General-purpose rewriting (SymPy's simplify
#: heuristics) is tried only after every other route, case splits included, has failed on the whole statement.
BUILTIN = tuple(
    register_strategy(s)
    for s in (
        Strategy(
            "evaluation",
            TRUSTS["evaluation"],
            "cheap",
            EQUALITY,
            lambda l, r, relation: l == r or l - r == 0,  # SymPy's assumptions (is_zero) come after cancel
            before_refutation=True,
        ),
        Strategy("cancel", TRUSTS["cancel"], "cheap", EQUALITY, lambda l, r, relation: cancels_to_zero(l - r)),
        Strategy(
            "powsimp",
            TRUSTS["powsimp"],
            "standard",
            EQUALITY,
            lambda l, r, relation: _powsimp_is_zero(l - r),
        ),
        Strategy(
            "ratio", TRUSTS["ratio"], "standard", EQUALITY, _numbers_opaque(lambda l, r, relation: _ratio_is_one(l, r))
        ),
        Strategy(
            "logarithm",
            TRUSTS["logarithm"],
            "general",
            EQUALITY,
            _numbers_opaque(lambda l, r, relation: _logs_agree(l, r)),
        ),
        Strategy(
            "simplify",
            TRUSTS["simplify"],
            "general",
            EQUALITY,
            _numbers_opaque(lambda l, r, relation: is_zero(sympy.simplify(l - r))),
        ),
        Strategy("sign", TRUSTS["sign"], "cheap", INEQUALITIES, _sign_holds(lambda e: e), before_refutation=True),
        Strategy(
            "sign of factored form",
            TRUSTS["sign of factored form"],
            "standard",
            INEQUALITIES,
            _numbers_opaque(_sign_holds(lambda e: sympy.factor(sympy.cancel(sympy.together(e))))),
        ),
        Strategy(
            "sign of simplified form",
            TRUSTS["sign of simplified form"],
            "standard",
            INEQUALITIES,
            _numbers_opaque(_sign_holds(sympy.simplify)),
        ),
    )
)

#: The built-in provers of inequality statements (their limits replaced by values), in the order the search
#: tries them after the sign strategies.
BUILTIN_PROVERS = (
    register_strategy(
        Strategy(
            "counts sign",
            COUNTS_TRUSTS,
            "standard",
            INEQUALITIES,
            prove_counts_inequality,
            kind="prover",
            cheap_for=counts_statement,
        )
    ),
    register_strategy(
        Strategy(
            "inequality prover",
            "the goal search's steps, each with what it trusts: sign rules, monotone transforms, first-derivative "
            "test, Sturm sequences, optional z3 (docs/inequalities.md)",
            "standard",
            INEQUALITIES,
            prove_inequality,
            kind="prover",
        )
    ),
)
