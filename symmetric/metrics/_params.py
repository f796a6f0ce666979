"""Validation of the keyword options of the metrics, with scikit-learn's wording.

Each check raises :class:`symmetric.InvalidParameterError` (a ``ValueError``)
naming the parameter, the function, what is allowed and what was given.

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

__all__ = [
    "AVERAGES",
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
    raise InvalidParameterError.of("average", func, f"a str among {text}", average)


def check_zero_division(zero_division, *, func: str):
    """Return ``zero_division`` if it is "warn", 0, 1 or nan."""
    if isinstance(zero_division, str) and zero_division == "warn":
        return zero_division
    if _real(zero_division) and (zero_division in (0, 1) or math.isnan(zero_division)):
        return zero_division
    raise InvalidParameterError.of(
        "zero_division", func, "a float among {0.0, 1.0}, numpy.nan or a str among {'warn'}", zero_division
    )


def zero_division_value(zero_division) -> float:
    """The value an ill-defined score takes: 0 for "warn", else ``zero_division``."""
    return 0.0 if isinstance(zero_division, str) else float(zero_division)


def check_beta(beta, *, func: str) -> float:
    """Return ``beta`` as a float in [0, inf]."""
    if _real(beta) and not math.isnan(beta) and beta >= 0:
        return float(beta)
    raise InvalidParameterError.of("beta", func, "a float in the range [0.0, inf]", beta)


def check_rho(rho, *, func: str) -> float:
    """Return ``rho`` as a finite float."""
    if _real(rho) and math.isfinite(rho):
        return float(rho)
    raise InvalidParameterError.of("rho", func, "a finite float", rho)


def check_prevalence(prevalence, *, func: str) -> float:
    """Return ``prevalence`` as a float in the open interval (0, 1)."""
    if _real(prevalence) and 0 < prevalence < 1:
        return float(prevalence)
    raise InvalidParameterError.of("prevalence", func, "a float in the range (0.0, 1.0)", prevalence)


def check_pos_label(pos_label, *, func: str):
    """Return ``pos_label`` if it is a number, a str, a bool or None."""
    if pos_label is None or isinstance(pos_label, (numbers.Real, str, bool, np.bool_)):
        return pos_label
    raise InvalidParameterError.of(
        "pos_label", func, "an instance of 'numbers.Real', an instance of 'str', an instance of 'bool' or None",
        pos_label,
    )


def check_array_like(value, *, name: str, func: str, optional: bool = True):
    """Return ``value`` if it is array-like (or None when ``optional``)."""
    if value is None and optional:
        return None
    if isinstance(value, (str, bytes)) or not (hasattr(value, "__len__") or hasattr(value, "__array__")):
        raise InvalidParameterError.of(name, func, "an array-like" + (" or None" if optional else ""), value)
    return value


def check_bool(value, *, name: str, func: str) -> bool:
    """Return ``value`` if it is a bool."""
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    raise InvalidParameterError.of(name, func, "an instance of 'bool' or an instance of 'numpy.bool'", value)


def check_digits(value, *, func: str) -> int:
    """Return ``value`` if it is a nonnegative int small enough to format (Python refuses more digits)."""
    if isinstance(value, numbers.Integral) and not isinstance(value, (bool, np.bool_)) and 0 <= value <= 999:
        return int(value)
    raise InvalidParameterError.of("digits", func, "an int in the range [0, 999]", value)
