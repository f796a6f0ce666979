"""F_beta and the alternative weighted harmonic mean of seed 002."""

from __future__ import annotations

import sympy

from .._constraints import declare
from ..symbols import P, R, beta as _beta
from .record import BETA

__all__ = ["f_beta", "f_beta_alternative"]


@declare(beta=BETA)
def f_beta(beta=_beta) -> sympy.Expr:
    r"""The F-score :math:`F_\beta = (1+\beta^2) P R / (\beta^2 P + R)`.

    The weighted harmonic mean of precision and recall whose partial
    derivatives agree on the line ``R = beta * P`` (claim ``f_beta.weight``).

    Parameters
    ----------
    beta : positive real number or SymPy expression, default ``symmetric.beta``

    Examples
    --------
    >>> from symmetric import f_beta
    >>> f_beta(beta=1)
    2*P*R/(P + R)
    >>> f_beta()
    P*R*(beta**2 + 1)/(P*beta**2 + R)
    """
    b = beta  # an exact SymPy value: the declaration resolved it (symmetric.families.Parameter)
    return (1 + b**2) * P * R / (b**2 * P + R)


@declare(beta=BETA)
def f_beta_alternative(beta=_beta) -> sympy.Expr:
    r"""The weighted harmonic mean :math:`(1+\beta) P R / (R + \beta P)`.

    It comes from a different reading of "recall is beta times as important":
    on the line ``R = P``, a unit of recall is worth ``beta`` units of
    precision (claim ``f_beta.alternative_weight``). Its break-even ratio is
    ``sqrt(beta)``, not ``beta``.

    Examples
    --------
    >>> from symmetric.families import f_beta_alternative
    >>> f_beta_alternative(beta=1)
    2*P*R/(P + R)
    """
    b = beta
    return (1 + b) * P * R / (R + b * P)
