"""The constraints of the metrics' arguments, with scikit-learn's wording, and the metrics' :func:`declare`.

The public metrics declare their arguments with :func:`declare`, and the
declaration enforces them (:func:`symmetric._constraints.declare`);
:func:`checked` is for the bounds that depend on the data (the declared
constraint narrowed: ``Interval.up_to``). Both raise
:class:`symmetric.InvalidParameterError` (a ``ValueError`` and a
``TypeError``, like scikit-learn's error of the same name) naming the
parameter, the function, what is allowed and what was given, in
scikit-learn's words. When scikit-learn's class is loaded the error is also
an instance of it (:mod:`symmetric.metrics._sklearn_compat`).

>>> checked(AVERAGE, "mean", name="average", func="f1_score")
Traceback (most recent call last):
    ...
symmetric.InvalidParameterError: The 'average' parameter of f1_score must be a str among {'binary', 'macro', 'micro', 'samples', 'weighted'} or None. Got 'mean' instead.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Callable
from typing import Any, TypeVar

import numpy as np

from .._constraints import Constraint, Interval, Options, Predicate, declare as _declare
from .._validation import InvalidParameterError
from ._sklearn_compat import compatible
from ._tally import Tally

__all__ = [
    "AVERAGES",
    "invalid",
    "INVALID",
    "declare",
    "checked",
    "zero_division_value",
    "square",
    "array_like",
    "TARGETS",
    "DENSE_TARGETS",
    "SCORED_TARGETS",
    "SCORE_OPTIONS",
    "NORMALIZE",
    "N_BINS",
    "BETA",
    "RHO",
    "PREVALENCE",
    "DIGITS",
    "ZERO_DIVISION",
    "AVERAGE",
    "POS_LABEL",
    "BOOLEAN",
    "WARN_FOR",
    "RANKING_AVERAGE",
    "GIVEN_POS_LABEL",
]

#: The values of ``average``.
AVERAGES = (None, "binary", "micro", "macro", "weighted", "samples")

# The constraints the public functions declare (declare, below).
#: ``beta``: 0 and inf are the family's limits (precision, respectively recall).
BETA = Interval(float, 0, math.inf, closed="both")
#: ``rho``: any finite number.
RHO = Interval(float, -math.inf, math.inf, closed="neither")
#: ``prevalence`` of the positive class.
PREVALENCE = Interval(float, 0, 1, closed="neither")
#: ``digits`` of a report (Python formats at most 999).
DIGITS = Interval(int, 0, 999)
#: ``zero_division``: the value of an undefined score, or "warn" (0 with a warning).
ZERO_DIVISION = Options(
    ("warn", 0.0, 1.0, math.nan),
    allowed="a float among {0.0, 1.0}, numpy.nan or a str among {'warn'}",
    invalid=("ignore", 0.5, -1),
)
#: ``average``, of the scores taking every average.
AVERAGE = Options(AVERAGES[1:], none=True, invalid=("mean", 1))
# the types of most labels, tested before the ABCs of numbers (cheaper)
_LABEL_TYPES = frozenset((int, str, float, bool))
#: ``pos_label``.
POS_LABEL = Predicate(
    "an instance of 'numbers.Real', an instance of 'str', an instance of 'bool' or None",
    lambda v: v is None or type(v) in _LABEL_TYPES or isinstance(v, (numbers.Real, str, bool, np.bool_)),
    invalid=([1],),
)
#: ``pos_label`` where it must be given (no None): average precision's.
GIVEN_POS_LABEL = Predicate(
    "an instance of 'numbers.Real', an instance of 'str' or an instance of 'bool'",
    lambda v: type(v) in _LABEL_TYPES or isinstance(v, (numbers.Real, str, bool, np.bool_)),
    invalid=([1], None),
)
#: ``average`` of the ranking scores (average precision, ROC AUC): no "binary".
RANKING_AVERAGE = Options(("micro", "macro", "samples", "weighted"), none=True, invalid=("binary", 1))
#: A flag such as ``normalize``.
BOOLEAN = Predicate(
    "an instance of 'bool' or an instance of 'numpy.bool'",
    lambda v: isinstance(v, (bool, np.bool_)),
    invalid=("yes", 1, None),
)
#: ``normalize`` of a confusion matrix.
NORMALIZE = Options(("true", "pred", "all"), none=True)
#: ``n_bins`` of a threshold curve.
N_BINS = Interval(int, 1, math.inf, closed="left", none=True)
#: ``warn_for``.
WARN_FOR = Predicate(
    "an instance of 'list', an instance of 'tuple' or an instance of 'set'",
    lambda v: isinstance(v, (list, tuple, set)),
    invalid=("precision",),
)


def invalid(param: str, func: str, allowed: str, got) -> InvalidParameterError:
    """The error for a bad argument (:meth:`InvalidParameterError.of`), catchable as scikit-learn's too."""
    return compatible(InvalidParameterError).of(param, func, allowed, got)


class _Invalid:
    """The error class of the metrics' declarations: its :meth:`of` is :func:`invalid`."""

    of = staticmethod(invalid)


#: What the metrics' declarations raise (:func:`invalid`: catchable as scikit-learn's error too).
INVALID = _Invalid()


_F = TypeVar("_F", bound=Callable[..., Any])


def declare(**constraints: Constraint) -> Callable[[_F], _F]:
    """:func:`symmetric._constraints.declare` raising :func:`invalid`'s error (scikit-learn's class too, if loaded)."""
    return _declare(INVALID, **constraints)


def checked(constraint, value, *, name: str, func: str, note: str = ""):
    """Return ``value`` if it satisfies ``constraint``, else raise :func:`invalid`'s error (``note`` after it)."""
    return constraint.check(value, name=name, func=func, error=compatible(InvalidParameterError), note=note)


def zero_division_value(zero_division) -> float:
    """The value an ill-defined score takes: 0 for "warn", else ``zero_division``."""
    return 0.0 if isinstance(zero_division, str) else float(zero_division)


def square(beta) -> float:
    """``beta ** 2`` as scikit-learn computes it (Python's ``**`` on the value given), ``inf`` where that overflows.

    Python squares a float with the C library's ``pow``, which is not
    always correctly rounded; F_beta agrees with scikit-learn's to the last
    bit only with the same square.

    Where the square overflows (beta above about 1.3e154) it is ``inf``: F_beta
    is then recall to far below a unit in the last place, and the scores take
    the limit beta -> oo (scikit-learn raises OverflowError there).

    >>> square(2), square(0.1), square(1e300)
    (4.0, 0.010000000000000002, inf)
    """
    try:
        return float(beta**2)
    except OverflowError:
        return math.inf


_ARRAY_TYPES = frozenset((np.ndarray, list, tuple))


def _array_like(value) -> bool:
    """scikit-learn's "array-like": it has a length, a shape or ``__array__``, and is not a scalar (str, bytes, numbers).

    The counts a :class:`~symmetric.metrics.ConfusionCounts` has tallied stand for its targets.
    """
    if type(value) in _ARRAY_TYPES or isinstance(value, Tally):
        return True
    return (hasattr(value, "__len__") or hasattr(value, "shape") or hasattr(value, "__array__")) and not np.isscalar(
        value
    )


def array_like(*, optional: bool = True, sparse: bool = False) -> Predicate:
    """The constraint "array-like" (or None when ``optional``; "or a sparse matrix" in the text when ``sparse``)."""
    allowed = "an array-like" + (" or a sparse matrix" if sparse else "") + (" or None" if optional else "")
    return Predicate(
        allowed, lambda v: (v is None and optional) or _array_like(v), invalid=(3.5, "abc") if optional else (None, 3.5)
    )


#: ``y_true`` and ``y_pred`` of a score (sparse matrices allowed).
TARGETS = {"y_true": array_like(optional=False, sparse=True), "y_pred": array_like(optional=False, sparse=True)}
#: ``y_true`` and ``y_pred`` where sparse matrices are not taken.
DENSE_TARGETS = {"y_true": array_like(optional=False), "y_pred": array_like(optional=False)}
#: ``y_true`` and ``y_score`` of the curves over thresholds, with the positive class and the samples' weights.
SCORED_TARGETS = {
    "y_true": array_like(optional=False),
    "y_score": array_like(optional=False),
    "pos_label": POS_LABEL,
    "sample_weight": array_like(),
}
#: The options every score from labels takes.
SCORE_OPTIONS = {
    "labels": array_like(),
    "pos_label": POS_LABEL,
    "average": AVERAGE,
    "sample_weight": array_like(),
    "zero_division": ZERO_DIVISION,
}
