"""The one error type and message template for bad user input.

Every public function reports invalid input the same way, following
scikit-learn's template: the parameter, the function, the allowed values and
the value received.

>>> raise InvalidParameterError.of("beta", "f_beta", "a positive real number", -1)
Traceback (most recent call last):
    ...
symmetric.InvalidParameterError: The 'beta' parameter of f_beta must be a positive real number. Got -1 instead.
"""

from __future__ import annotations

__all__ = ["InvalidParameterError"]


class InvalidParameterError(ValueError, TypeError):
    """A user-supplied argument is outside its allowed range or of the wrong kind.

    It subclasses :class:`ValueError` (and :class:`TypeError`, as scikit-learn's
    does) so that callers can catch either. Built with :meth:`of`, it also
    carries its parts as attributes, so that no caller parses the message:
    ``param`` (the parameter's name), ``func``, ``allowed`` and ``got``
    (None when the error was built from a message alone).

    >>> err = InvalidParameterError.of("rho", "g_beta_rho", "a real number", "x")
    >>> err.param, err.func, err.got
    ('rho', 'g_beta_rho', 'x')
    """

    def __init__(
        self, *args, param: str | None = None, func: str | None = None, allowed: str | None = None, got: object = None
    ) -> None:
        super().__init__(*args)
        self.param, self.func, self.allowed, self.got = param, func, allowed, got

    @staticmethod
    def message(param: str, func: str, allowed: str, got: object) -> str:
        """The project's single message template."""
        return f"The {param!r} parameter of {func} must be {allowed}. Got {got!r} instead."

    @classmethod
    def of(cls, param: str, func: str, allowed: str, got: object) -> InvalidParameterError:
        """Build the error with the project's single message template."""
        return cls(cls.message(param, func, allowed, got), param=param, func=func, allowed=allowed, got=got)

    def renamed(
        self, param: str, func: str, *, got: object = None, allowed: str | None = None
    ) -> InvalidParameterError:
        """This error as the error of another name for the same value: the command-line option that gave it.

        ``allowed`` and ``got`` default to this error's (the declaration's text, the value refused).

        >>> err = InvalidParameterError.of("tolerance", "fit_preferences", "a positive number", -1.0)
        >>> print(err.renamed("--tolerance", "symmetric fit"))
        The '--tolerance' parameter of symmetric fit must be a positive number. Got -1.0 instead.
        """
        got = self.got if got is None else got
        return InvalidParameterError.of(param, func, (self.allowed or "") if allowed is None else allowed, got)
