"""Inequalities between rational functions and square roots of nonnegative counts, under stated conditions.

The confusion-matrix counts are nonnegative symbols; a ratio of them is only
defined where a condition makes its denominator positive (``TP + FP > 0``).
SymPy's assumptions cannot use such conditions, so an inequality such as
``MCC**2 <= 1`` with the counts' own symbols is out of their reach. This
prover decides the sign of ``big - small`` from its factored form:

* a denominator factor is **positive** when it is a polynomial with
  nonnegative coefficients one of whose monomials is positive wherever the
  conditions hold (each stated positive polynomial with nonnegative
  coefficients has a positive monomial; the sets of positive variables are
  enumerated: ``TP*TN + FP*FN > 0`` when the four margins are), or minus
  such a polynomial;
* a numerator factor is nonnegative when it is such a polynomial, an even
  power of a real polynomial, an ``Abs``, or a root of a nonnegative factor;
  a negative number flips the sign.

When ``big`` is shown nonnegative and the direct route fails, the statement
``small <= big`` follows from ``small**2 <= big**2`` (``|small| <= big``);
when ``small`` is shown nonpositive, from ``big**2 <= small**2``
(``|big| <= -small``): **squaring under established signs**, which removes
the square roots of products of counts (``MCC <= 1``, ``|kappa| <= |MCC|``).
Both sides must first be shown defined and real on the domain (every
denominator positive and every root of a nonnegative factor, by the same
rules); anything else (logarithms, symbols that may be negative) is left to
the other strategies.

It trusts SymPy's polynomial arithmetic over Q (``together``, ``factor``,
``expand``, ``Poly``) and the rules above, which are facts about the
ordered field of the reals.

>>> import time
>>> from symmetric.symbols import TP, FP, FN, TN
>>> from symmetric.verify.core.statement import Statement
>>> mcc = (TP * TN - FP * FN) / sympy.sqrt((TP + FP) * (TP + FN) * (TN + FP) * (TN + FN))
>>> margins = (TP + FP > 0, TP + FN > 0, TN + FP > 0, TN + FN > 0)
>>> method, steps = prove_counts_inequality(Statement.of(mcc, 1, relation="<=", conditions=margins), time.time() + 30)
>>> method, steps[0].strategy
('squaring under established signs', 'squaring')
"""

from __future__ import annotations

import itertools

import sympy

from ..core.numbers import assumed
from ..core.relations import NEG, NONNEG, POS, relation_of
from ..core.statement import Statement
from ..core.steps import ProofStep
from ..signs.rules import decide, register_sign_rule

__all__ = ["TRUSTS", "counts_statement", "prove_counts_inequality", "sign_under_conditions"]

TRUSTS = (
    "SymPy together, factor, expand and Poly (polynomial arithmetic over Q); a polynomial with nonnegative "
    "coefficients in nonnegative symbols is nonnegative, and positive exactly where one of its monomials is "
    "(decided over every set of positive symbols the stated positive conditions allow); even powers, Abs and "
    "roots of nonnegative reals are nonnegative; squaring: |a| <= b with b >= 0 gives a <= b"
)


def _polynomial(expr, gens):
    try:
        p = sympy.Poly(sympy.expand(expr), *gens)
    except sympy.PolynomialError:
        return None
    if not all(c.is_Rational for c in p.coeffs()):
        return None
    return p


def _positive_facts(conditions, gens) -> list:
    """The polynomials with nonnegative coefficients that conditions state positive (``TP + FP > 0``)."""
    out = []
    for c in conditions:
        relation = relation_of(c)
        if relation is None or relation.signs not in (POS, NEG):  # only the strict ones
            continue
        e = c.lhs - c.rhs if relation.signs == POS else c.rhs - c.lhs
        p = _polynomial(e, gens)
        if p is not None and not p.is_zero and all(x >= 0 for x in p.coeffs()):
            out.append(p)
    return out


def _polynomial_sign(base, facts, gens):
    p = _polynomial(base, gens)
    if p is None or p.is_zero:
        return None
    coeffs = p.coeffs()
    if not all(c >= 0 for c in coeffs):
        return None
    return POS if _positive_by_support(p, facts, gens) else NONNEG


def _support(p) -> list:
    return [frozenset(i for i, k in enumerate(m) if k) for m, c in zip(p.monoms(), p.coeffs()) if c > 0]


def _positive_by_support(p, facts, gens) -> bool:
    """Whether ``p`` (nonnegative coefficients) is positive wherever the facts hold.

    Such a polynomial of nonnegative variables is positive exactly where one
    of its monomials has all its variables positive, and so is each fact; so
    ``p > 0`` follows from the facts when every set of positive variables
    that satisfies every fact contains the variables of a monomial of ``p``.
    The sets are enumerated (at most 2**12).
    """
    if len(gens) > 12:
        return False
    monomials, needed = _support(p), [_support(q) for q in facts]
    always = frozenset(i for i, g in enumerate(gens) if g.is_positive)
    free = [i for i in range(len(gens)) if i not in always]
    for chosen in itertools.product((False, True), repeat=len(free)):
        positive = always | frozenset(i for i, c in zip(free, chosen) if c)
        if all(any(m <= positive for m in fact) for fact in needed) and not any(m <= positive for m in monomials):
            return False
    return True


#: The calculus of the signs of factors of ratios of counts, in the one sign decider (signs.rules): a rule
#: gives POS, NONNEG or None for one factor (not a product), its context ``(facts, gens)``.
COUNTS = "counts"


@register_sign_rule(COUNTS, sympy.Number)
def _number_rule(base, context):
    return POS if base > 0 else None if base < 0 else NONNEG


@register_sign_rule(COUNTS, sympy.Abs)
def _abs_rule(base, context):
    return NONNEG if _defined(base.args[0], *context) else None


@register_sign_rule(COUNTS, sympy.Pow)
def _pow_rule(base, context):
    facts, gens = context
    b, e = base.args
    if e.is_Integer and e.is_even and e > 0:
        if _defined(b, facts, gens):
            inner = sign_under_conditions(b, facts, gens)
            return POS if inner == (1, POS) or inner == (-1, POS) else NONNEG
        return None
    inner = sign_under_conditions(b, facts, gens)
    if inner is None or inner[0] < 0:
        return None
    if e.is_negative or not e.is_Integer:
        return POS if inner[1] == POS else (NONNEG if e.is_positive else None)
    return inner[1]


@register_sign_rule(COUNTS, sympy.Symbol)
def _symbol_rule(base, context):
    return POS if base.is_positive else NONNEG if base.is_nonnegative else None


@register_sign_rule(COUNTS, sympy.Expr)
def _polynomial_rule(base, context):
    return _polynomial_sign(base, *context)


def _factor_sign(base, facts, gens):
    """The sign of one factor (not a product): positive, nonnegative, or None (the rule for its type)."""
    return decide(COUNTS, base, (facts, gens))


def sign_under_conditions(expr, facts, gens) -> tuple[int, frozenset[int]] | None:
    """``(sign, kind)``: ``expr`` is ``sign`` (+1 or -1) times a positive or nonnegative value, or None.

    ``facts`` are the positive polynomials of the conditions; ``gens`` the
    nonnegative symbols. Every denominator factor must be positive.
    """
    if expr == 0 or assumed("is_zero", expr):  # constants by ball arithmetic (core.numbers)
        return (1, NONNEG)
    form = sympy.factor(sympy.together(expr))
    numerator, denominator = sympy.fraction(form)
    sign, kind = 1, POS
    for part, needed in ((denominator, POS), (numerator, None)):
        for factor in sympy.Mul.make_args(part):
            found = _signed_factor(factor, facts, gens)
            if found is None or (needed == POS and found[1] != POS):
                return None
            sign *= found[0]
            kind = NONNEG if found[1] == NONNEG else kind
    return sign, kind


def _signed_factor(factor, facts, gens):
    """``(sign, kind)`` of one factor: itself, or its opposite (a negative number, ``-(a - b)``)."""
    if factor.is_Number:
        return (1, POS) if factor > 0 else (-1, POS) if factor < 0 else (1, NONNEG)
    odd = isinstance(factor, sympy.Pow) and factor.exp.is_Integer and factor.exp.is_odd
    base = factor.base if odd else factor
    s = _factor_sign(base, facts, gens)
    if s is not None:
        return 1, s
    if base.is_Add:
        s = _factor_sign(-base, facts, gens)
        if s is not None:
            return -1, s
    return None


def _defined(expr, facts, gens) -> bool:
    """Whether ``expr`` is real wherever the conditions hold: each denominator positive, each root's base nonnegative."""
    for node in sympy.preorder_traversal(expr):
        if isinstance(node, (sympy.Symbol, sympy.Number, sympy.Add, sympy.Mul, sympy.Abs)):
            continue
        if isinstance(node, sympy.Pow):
            b, e = node.args
            if e.is_Integer and e > 0:
                continue
            if not (e.is_Rational or e.is_Integer):
                return False
            s = sign_under_conditions(b, facts, gens)
            if s is None or (e.is_negative and s[1] != POS) or (not e.is_Integer and s[0] < 0):
                return False
            continue
        return False
    return True


def _square(e):
    return e.args[0] ** 2 if isinstance(e, sympy.Abs) else e**2


def _holds(sign, strict: bool) -> bool:
    return sign is not None and sign[0] > 0 and (sign[1] == POS or not strict)


def counts_statement(statement: Statement) -> bool:
    """Whether ``statement`` is an inequality in nonnegative symbols, one of which is not known positive (a count).

    The engine tries :func:`prove_counts_inequality` first (among the cheap strategies) on such statements.
    """
    free = statement.free_symbols
    return (
        statement.relation != "=="
        and bool(free)
        and all(s.is_nonnegative for s in free)
        and any(s.is_positive is not True for s in free)
    )


def prove_counts_inequality(statement: Statement, deadline: float):
    """An inequality prover (a registered strategy of kind ``"prover"``): ``(method, steps)`` or None."""
    if statement.relation not in ("<=", "<", ">=", ">"):
        return None
    free = sorted(statement.free_symbols, key=sympy.default_sort_key)
    if not free or not all(s.is_nonnegative for s in free):
        return None
    small, big = (statement.lhs, statement.rhs) if statement.relation in ("<=", "<") else (statement.rhs, statement.lhs)
    if not all(isinstance(x, sympy.Expr) for x in (small, big)):
        return None
    strict = statement.relation in ("<", ">")
    facts = _positive_facts(statement.conditions, free)
    if not (_defined(small, facts, free) and _defined(big, facts, free)):
        return None
    text = f"{small} {'<' if strict else '<='} {big}"
    if _holds(sign_under_conditions(big - small, facts, free), strict):
        return "sign of a ratio of counts", (ProofStep("counts sign", f"{big} - ({small}) >= 0", TRUSTS),)
    big_sign = sign_under_conditions(big, facts, free)
    if (
        big_sign is not None
        and big_sign[0] > 0
        and _holds(sign_under_conditions(sympy.expand_power_base(_square(big) - _square(small)), facts, free), strict)
    ):
        return "squaring under established signs", (
            ProofStep("squaring", f"{big} >= 0 and ({small})**2 <= ({big})**2, so {text}", TRUSTS),
        )
    small_sign = sign_under_conditions(-small, facts, free)
    if (
        small_sign is not None
        and small_sign[0] > 0
        and _holds(sign_under_conditions(_square(small) - _square(big), facts, free), strict)
    ):
        return "squaring under established signs", (
            ProofStep("squaring", f"{small} <= 0 and ({big})**2 <= ({small})**2, so {text}", TRUSTS),
        )
    return None
