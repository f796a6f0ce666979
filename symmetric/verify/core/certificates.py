"""Certificates for the algebraic fragment: produced here (untrusted), re-checked by :mod:`.kernel`.

:func:`certify` proposes a :class:`~.kernel.Certificate` for a statement the
engine proved: for a statement without symbols, the sign of the difference of
its sides and the precision at which a ball shows it; for sides that are
rational functions of the symbols with rational coefficients, ``lhs - rhs =
N / prod(f_i**k_i)`` (SymPy's ``cancel`` and ``factor_list``) with the sign of
each denominator factor on the box. Nothing here is trusted: the engine keeps
a certificate only when :func:`~.kernel.recheck` accepts it.

>>> from symmetric import P, R
>>> from symmetric.verify.core.statement import Statement
>>> s = Statement.of(P / (P + R), 1 - R / (P + R))
>>> c = certify(s)
>>> c.kind, recheck(s, c)
('rational identity', True)
"""

from __future__ import annotations

import sympy

from .kernel import Certificate, _Ring, box_of, recheck, sign_on_box
from .numbers import PRECISIONS, NotReal, constant_sign, enclosure
from .sympy_errors import SYMPY_ERRORS

__all__ = ["certify", "certified"]


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
    if not statement.free_symbols:
        return _constant(statement) if not statement.has(sympy.Limit, sympy.Integral, sympy.Sum) else None
    if not (_rational(statement.lhs) and _rational(statement.rhs)):
        return None
    box = box_of(statement)
    if box is None:
        return None
    try:
        num, den = sympy.fraction(sympy.cancel(sympy.together(statement.lhs - statement.rhs)))
        content, factors = sympy.factor_list(den)
    except SYMPY_ERRORS + (sympy.PolynomialError,):
        return None
    ring = _Ring(sorted(box))
    numerator = sympy.expand(num / content)
    if numerator == 0:
        return Certificate(
            "rational identity", sympy.Integer(0), tuple((int(k), f, 1) for f, k in factors), statement.relation
        )
    denominators = []
    for f, k in factors:
        g = ring.poly(f)
        signs = None if g is None else sign_on_box(g, ring, box)
        if signs not in ({1}, {-1}):
            return None
        denominators.append((int(k), f, next(iter(signs))))
    return Certificate("polynomial sign", numerator, tuple(denominators), statement.relation)


def certified(statement) -> Certificate | None:
    """The certificate of ``statement`` that the kernel accepts (:func:`~.kernel.recheck`), or None."""
    try:
        certificate = certify(statement)
        return certificate if certificate is not None and recheck(statement, certificate) else None
    except (*SYMPY_ERRORS, ArithmeticError, RecursionError):
        return None
