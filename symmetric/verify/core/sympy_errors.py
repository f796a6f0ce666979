"""The exceptions SymPy may raise on an expression it cannot handle: one list for verify and explore.

SymPy signals "I cannot do this" in many ways: ``NotImplementedError`` from
``solve``, ``PolynomialError`` from ``Poly``, ``TypeError`` when a relation
has no truth value, ``PrecisionExhausted`` from ``evalf``, even
``AttributeError`` or ``KeyError`` from deep inside its rewriting. A step
that fails with one of these gives up ("unknown", no candidate, the next
strategy); anything else is a bug and propagates. The time budget's
:class:`~symmetric.verify.core.budget.BudgetExceeded` and
:class:`~symmetric.verify.InconsistentVerdictError` are never in the list.

>>> import sympy
>>> try:
...     sympy.Poly(sympy.sqrt(sympy.Symbol("x")) + 1, sympy.Symbol("y")).degree(sympy.Symbol("x"))
... except SYMPY_ERRORS as exc:
...     type(exc).__name__
'PolynomialError'
>>> AssertionError in SYMPY_ERRORS  # InconsistentVerdictError derives from it: a bug, never caught here
False
"""

from __future__ import annotations

import sympy
from sympy.core.evalf import PrecisionExhausted

__all__ = ["SYMPY_ERRORS"]

#: Exceptions meaning "SymPy cannot handle this expression"; catching them turns a step into a non-answer.
SYMPY_ERRORS = (
    NotImplementedError,
    ValueError,
    TypeError,
    ZeroDivisionError,
    RecursionError,
    AttributeError,
    IndexError,
    KeyError,
    ArithmeticError,
    PrecisionExhausted,
    sympy.PolynomialError,
    sympy.SympifyError,
)
