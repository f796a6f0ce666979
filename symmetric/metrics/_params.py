"""Validation of the keyword options of the metrics, with scikit-learn's wording.

Each check raises :class:`symmetric.InvalidParameterError` (a ``ValueError``
and a ``TypeError``, like scikit-learn's error of the same name) naming the
parameter, the function, what is allowed and what was given, in
scikit-learn's words. When scikit-learn's class is loaded the error is also
an instance of it (:mod:`symmetric.metrics._sklearn_compat`).

>>> check_average("mean", func="f1_score")
Traceback (most recent call last):
    ...
symmetric._validation.InvalidParameterError: The 'average' parameter of f1_score must be a str among {'binary', 'macro', 'micro', 'samples', 'weighted'} or None. Got 'mean' instead.
"""

from __future__ import annotations

import math
import numbers

import numpy as np

from .._validation import InvalidParameterError
from ._sklearn_compat import compatible
from ._tally import Tally

__all__ = [
    "AVERAGES",
    "invalid",
    "squared_beta",
    "check_warn_for",
    "check_average",
    "check_zero_division",
    "zero_division_value",
    "check_beta",
    "check_rho",
    "check_prevalence",
    "check_pos_label",
    "check_array_like",
    "check_bool",
    "check_digits",
]

#: The values of ``average``.
AVERAGES = (None, "binary", "micro", "macro", "weighted", "samples")


def invalid(param: str, func: str, allowed: str, got) -> InvalidParameterError:
    """The error for a bad argument (:meth:`InvalidParameterError.of`), catchable as scikit-learn's too."""
    return compatible(InvalidParameterError).of(param, func, allowed, got)


def _real(value) -> bool:
    return isinstance(value, numbers.Real) and not isinstance(value, (bool, np.bool_))


def check_average(average, *, func: str, allowed=AVERAGES):
    """Return ``average`` if it is one of ``allowed``."""
    if average is None and None in allowed:
        return None
    if isinstance(average, str) and average in allowed:
        return average
    names = ", ".join(repr(a) for a in sorted(a for a in allowed if a is not None))
    text = "{" + names + "}" + (" or None" if None in allowed else "")
    raise invalid("average", func, f"a str among {text}", average)


def check_zero_division(zero_division, *, func: str):
    """Return ``zero_division`` if it is "warn", 0, 1 or nan."""
    if isinstance(zero_division, str) and zero_division == "warn":
        return zero_division
    if _real(zero_division) and (zero_division in (0, 1) or math.isnan(zero_division)):
        return zero_division
    raise invalid(
        "zero_division", func, "a float among {0.0, 1.0}, numpy.nan or a str among {'warn'}", zero_division
    )


def zero_division_value(zero_division) -> float:
    """The value an ill-defined score takes: 0 for "warn", else ``zero_division``."""
    return 0.0 if isinstance(zero_division, str) else float(zero_division)


def check_beta(beta, *, func: str) -> float:
    """Return ``beta`` as a float in [0, inf]."""
    if _real(beta) and not math.isnan(beta) and beta >= 0:
        return float(beta)
    raise invalid("beta", func, "a float in the range [0.0, inf]", beta)


def squared_beta(beta, *, func: str) -> float:
    """``beta ** 2`` as scikit-learn computes it (Python's ``**`` on the value given), once beta is checked.

    Python squares a float with the C library's ``pow``, which is not
    always correctly rounded; F_beta agrees with scikit-learn's to the last
    bit only with the same square.

    Where the square overflows (beta above about 1.3e154) it is ``inf``: F_beta
    is then recall to far below a unit in the last place, and the scores take
    the limit beta -> oo (scikit-learn raises OverflowError there).

    >>> squared_beta(2, func="fbeta_score"), squared_beta(0.1, func="fbeta_score"), squared_beta(1e300, func="f")
    (4.0, 0.010000000000000002, inf)
    """
    check_beta(beta, func=func)
    return square(beta)


def square(beta) -> float:
    """``beta ** 2`` with Python's ``**`` (as scikit-learn squares it), ``inf`` where that overflows."""
    try:
        return float(beta ** 2)
    except OverflowError:
        return math.inf


def check_rho(rho, *, func: str) -> float:
    """Return ``rho`` as a finite float."""
    if _real(rho) and math.isfinite(rho):
        return float(rho)
    raise invalid("rho", func, "a finite float", rho)


def check_prevalence(prevalence, *, func: str) -> float:
    """Return ``prevalence`` as a float in the open interval (0, 1)."""
    if _real(prevalence) and 0 < prevalence < 1:
        return float(prevalence)
    raise invalid("prevalence", func, "a float in the range (0.0, 1.0)", prevalence)


def check_pos_label(pos_label, *, func: str):
    """Return ``pos_label`` if it is a number, a str, a bool or None."""
    if pos_label is None or isinstance(pos_label, (numbers.Real, str, bool, np.bool_)):
        return pos_label
    raise invalid(
        "pos_label", func, "an instance of 'numbers.Real', an instance of 'str', an instance of 'bool' or None",
        pos_label,
    )


def _array_like(value) -> bool:
    """scikit-learn's "array-like": it has a length, a shape or ``__array__``, and is not a scalar (str, bytes, numbers).

    The counts a :class:`~symmetric.metrics.ConfusionCounts` has tallied stand for its targets.
    """
    if isinstance(value, Tally):
        return True
    return (hasattr(value, "__len__") or hasattr(value, "shape") or hasattr(value, "__array__")) and not np.isscalar(value)


def check_array_like(value, *, name: str, func: str, optional: bool = True, sparse: bool = False):
    """Return ``value`` if it is array-like (or None when ``optional``).

    ``sparse`` only changes the wording ("an array-like or a sparse
    matrix"): a SciPy sparse matrix has a shape, so it is array-like.

    >>> check_array_like(None, name="y_true", func="f1_score", optional=False, sparse=True)
    Traceback (most recent call last):
        ...
    symmetric._validation.InvalidParameterError: The 'y_true' parameter of f1_score must be an array-like or a sparse matrix. Got None instead.
    """
    if (value is None and optional) or _array_like(value):
        return value
    allowed = "an array-like" + (" or a sparse matrix" if sparse else "") + (" or None" if optional else "")
    raise invalid(name, func, allowed, value)


def check_warn_for(value, *, func: str):
    """Return ``warn_for`` if it is a list, a tuple or a set."""
    if isinstance(value, (list, tuple, set)):
        return value
    raise invalid("warn_for", func, "an instance of 'list', an instance of 'tuple' or an instance of 'set'", value)


def check_bool(value, *, name: str, func: str) -> bool:
    """Return ``value`` if it is a bool."""
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    raise invalid(name, func, "an instance of 'bool' or an instance of 'numpy.bool'", value)


def check_digits(value, *, func: str) -> int:
    """Return ``value`` if it is a nonnegative int small enough to format (Python refuses more digits)."""
    if isinstance(value, numbers.Integral) and not isinstance(value, (bool, np.bool_)) and 0 <= value <= 999:
        return int(value)
    raise invalid("digits", func, "an int in the range [0, 999]", value)
