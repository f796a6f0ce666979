"""The warning raised when a metric is ill-defined, and scikit-learn's message for it."""

from __future__ import annotations

import sys
import warnings
from types import FrameType

from ._sklearn_compat import compatible

__all__ = ["UndefinedMetricWarning", "warn_undefined", "user_stacklevel"]


def user_stacklevel() -> int:
    """The ``stacklevel`` that points a warning issued by the caller at the first frame outside ``symmetric``.

    The scores reach a warning through helpers of varying depth and the
    wrapper of their declaration (:func:`symmetric._constraints.declare`), so
    the level is counted, not typed: the warning names the user's line.
    """
    frame: FrameType | None = sys._getframe(1)
    level = 1
    while frame is not None and frame.f_globals.get("__name__", "").startswith("symmetric."):
        frame, level = frame.f_back, level + 1
    return level


class UndefinedMetricWarning(UserWarning):
    """A metric is ill-defined (a zero denominator) and was set by the ``zero_division`` policy.

    Like scikit-learn's warning of the same name, it subclasses
    :class:`UserWarning`. Filters on either class catch the warnings of
    :mod:`symmetric.metrics`: once scikit-learn's class is imported, the
    warning is issued with a class derived from both (symmetric never
    imports scikit-learn itself).

    >>> import warnings
    >>> from sklearn.exceptions import UndefinedMetricWarning as SklearnWarning
    >>> from symmetric.metrics import precision_score
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("error", SklearnWarning)
    ...     precision_score([1, 1], [0, 0])
    Traceback (most recent call last):
        ...
    symmetric.metrics._warnings.UndefinedMetricWarning: Precision is ill-defined and being set to 0.0 due to no predicted samples. Use `zero_division` parameter to control this behavior.
    """


def warn_undefined(average, modifier: str, msg_start: str, result_size: int) -> None:
    """Warn, in scikit-learn's words, that ``msg_start`` ill-defined values were set to 0.

    >>> import warnings
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     warn_undefined("binary", "predicted", "Precision is", 1)
    >>> print(caught[0].message)
    Precision is ill-defined and being set to 0.0 due to no predicted samples. Use `zero_division` parameter to control this behavior.
    """
    axis0, axis1 = ("label", "sample") if average == "samples" else ("sample", "label")
    reason = "due to" if result_size == 1 else f"in {axis1}s with"
    warnings.warn(
        f"{msg_start} ill-defined and being set to 0.0 {reason} no {modifier} {axis0}s. "
        "Use `zero_division` parameter to control this behavior.",
        compatible(UndefinedMetricWarning),
        stacklevel=user_stacklevel(),
    )
