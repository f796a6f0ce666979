"""The warning raised when a metric is ill-defined, and scikit-learn's message for it."""

from __future__ import annotations

import warnings

__all__ = ["UndefinedMetricWarning", "warn_undefined"]


class UndefinedMetricWarning(UserWarning):
    """A metric is ill-defined (a zero denominator) and was set by the ``zero_division`` policy.

    Like scikit-learn's warning of the same name, it subclasses
    :class:`UserWarning`.
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
        UndefinedMetricWarning,
        stacklevel=4,
    )
