"""What the generated numeric functions take, declared once: the constraints of their arguments and options.

The public functions of :mod:`symmetric.numeric` (``symmetric/numeric/functions.py``,
generated from the family records by ``python -m symmetric.generate``) are
declared with :func:`declared`: each argument's domain (the generated
family's ``domains``, from the symbols' assumptions) and the options
``validate`` and ``threads`` (docs/design.md, "Constraints as data").
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, TypeVar

import numpy

from .._constraints import Constraint, Interval, Predicate, declare

__all__ = ["Elements", "VALIDATE", "THREADS", "declared"]


class Elements(Constraint):
    """Every element of an array argument in a domain: checked by the kernel, fused with the evaluation.

    The declaration records it (and the tests generate bad values from it);
    the wrapper does not scan the array: the generated runtime checks each
    chunk as it evaluates it (``validate=True``), with the same text, so an
    array is read once.
    """

    in_body = True

    def __init__(self, allowed: str, test) -> None:
        self._allowed, self._test = allowed, test

    def is_satisfied_by(self, value) -> bool:
        try:
            a = numpy.asarray(value, dtype=numpy.float64)
        except (TypeError, ValueError):
            return False
        return bool(numpy.all(self._test(a)))

    def invalid_values(self) -> tuple:
        return tuple(v for v in (-1.0, 0.0, math.nan, math.inf, -math.inf) if not self.is_satisfied_by(v))


#: ``validate`` of the numeric functions: True, False or "strict" (the policy for traced values, docs/losses.md).
VALIDATE = Predicate(
    "True, False or 'strict'",
    lambda v: isinstance(v, (bool, numpy.bool_)) or (isinstance(v, str) and v == "strict"),
    invalid=("yes", 1, None),
)
#: ``threads`` of the numeric functions: None (the default chain, :func:`symmetric.numeric.thread_count`) or >= 1.
THREADS = Interval(int, 1, math.inf, closed="left", none=True)


_F = TypeVar("_F", bound=Callable[..., Any])


def declared(family) -> Callable[[_F], _F]:
    """The declaration of a generated family's function: its arguments' domains (P, R, then its parameters, from
    the generator) and the options."""
    names = ("P", "R", *family.parameters)
    return declare(
        **{name: Elements(allowed, test) for name, (allowed, test) in zip(names, family.domains)},
        validate=VALIDATE,
        threads=THREADS,
    )
