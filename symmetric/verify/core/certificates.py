"""Certificates for the algebraic fragment: produced here (untrusted), re-checked by :mod:`.kernel`.

:func:`certify` proposes a :class:`~.kernel.Certificate` for a statement the
engine proved: for a statement without symbols, the sign of the difference of
its sides and the precision at which a ball shows it; for sides that are
rational functions of the symbols with rational coefficients, ``lhs - rhs =
N / prod(f_i**k_i)`` (the kernel's polynomial arithmetic, the denominator
factored over Q by python-flint) with the sign of each denominator factor on
the box. Nothing here is trusted: the engine keeps a certificate only when
:func:`~.kernel.recheck` accepts it, within :data:`CERTIFY_SECONDS`.

>>> from symmetric import P, R
>>> from symmetric.verify.core.statement import Statement
>>> s = Statement.of(P / (P + R), 1 - R / (P + R))
>>> c = certify(s)
>>> c.kind, recheck(s, c)
('rational identity', True)
"""

from __future__ import annotations

from fractions import Fraction

import sympy

from .budget import run_with_budget
from .kernel import Certificate, _Ring, box_of, facts_of, recheck, sign_on_box
from .numbers import PRECISIONS, NotReal, constant_sign, enclosure
from .sympy_errors import SYMPY_ERRORS

__all__ = ["certify", "certified", "CERTIFY_SECONDS"]

#: Seconds a certificate may take to produce and re-check (beyond them the proof is simply not certified).
CERTIFY_SECONDS = 2.0


def _rational(e) -> bool:
    for node in sympy.preorder_traversal(e):
        if node.is_Symbol or node.is_Rational or node.is_Add or node.is_Mul:
            continue
        if node.is_Pow and node.exp.is_Integer:
            continue
        return False
    return True


def _constant(statement) -> Certificate | None:
    diff = statement.lhs - statement.rhs
    try:
        sign = constant_sign(diff)
    except NotReal:
        return None
    if not sign:
        return None
    for prec in PRECISIONS:
        ball = enclosure(diff, prec)
        if ball is not None and bool(ball > 0 if sign == 1 else ball < 0):
            return Certificate("constant sign", sign, (), statement.relation, prec)
    return None


def certify(statement) -> Certificate | None:
    """A proposed certificate for ``statement`` (relations ``==``, ``<``, ``<=``, ``>``, ``>=``), or None
    outside the algebraic fragment."""
    if statement.relation not in ("==", "<", "<=", ">", ">="):
        return None
    rational = _rational(statement.lhs) and _rational(statement.rhs)
    if not statement.free_symbols and not rational:
        return None if statement.has(sympy.Limit, sympy.Integral, sympy.Sum) else _constant(statement)
    if not rational:
        return None
    box = box_of(statement)
    if box is None:
        return None
    ring = _Ring(sorted(box))
    facts = facts_of(statement, ring)
    whole = ring.fraction(statement.lhs - statement.rhs)
    if whole is None:
        return None
    n, d = whole
    if n.is_zero():
        return Certificate("rational identity", ring.terms(n), (), statement.relation)
    content, factors = d.factor()
    denominators = []
    for f, k in factors:
        signs = sign_on_box(f, ring, box, facts)
        if signs not in ({1}, {-1}):
            return None
        denominators.append((int(k), ring.terms(f), next(iter(signs))))
    numerator = n * ring.const(1 / Fraction(int(content.p), int(content.q)))
    return Certificate("polynomial sign", ring.terms(numerator), tuple(denominators), statement.relation)


def certified(statement) -> Certificate | None:
    """The certificate of ``statement`` that the kernel accepts (:func:`~.kernel.recheck`), or None."""

    def attempt():
        certificate = certify(statement)
        return certificate if certificate is not None and recheck(statement, certificate) else None

    try:
        ok, found = run_with_budget(attempt, CERTIFY_SECONDS)
    except (*SYMPY_ERRORS, ArithmeticError, RecursionError):
        return None
    return found if ok else None
