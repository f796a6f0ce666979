"""The weighted power mean of precision and recall."""

from __future__ import annotations

import sympy

from .._constraints import declare
from ..symbols import P, R, gamma as _gamma, phi as _phi
from ._parameters import harmonic_form, select
from .record import GAMMA, PHI

__all__ = ["power_mean"]


@declare(gamma=GAMMA, phi=PHI)
def power_mean(gamma=_gamma, phi=_phi) -> sympy.Expr:
    r"""Weighted power mean of precision and recall.

    .. math::

        M_{\gamma,\phi}(P, R) = \left(\frac{\gamma P^\phi + R^\phi}{1+\gamma}\right)^{1/\phi},
        \qquad M_{\gamma,0}(P, R) = \left(P^\gamma R\right)^{1/(1+\gamma)}

    The value at ``phi = 0`` is the weighted geometric mean, the limit of the
    general formula as ``phi -> 0`` (claim ``family.power_mean.geometric_limit``).

    Parameters
    ----------
    gamma : positive real number or SymPy expression, default ``symmetric.gamma``
        Weight of precision relative to recall.
    phi : real number or SymPy expression, default ``symmetric.phi``
        Exponent: 1 is the arithmetic mean, 0 the geometric, -1 the harmonic.
        A number is at most 1000 in absolute value (:func:`symmetric.numeric.power_mean`
        takes any finite phi).

    Returns
    -------
    sympy.Expr
        An expression in ``symmetric.P`` and ``symmetric.R``; a Piecewise when
        ``phi`` is symbolic and may be zero.

    Examples
    --------
    >>> from symmetric import power_mean
    >>> power_mean(gamma=1, phi=1)
    P/2 + R/2
    >>> power_mean(gamma=3, phi=0)
    P**(3/4)*R**(1/4)
    >>> power_mean(gamma=1)
    Piecewise((sqrt(P)*sqrt(R), Eq(phi, 0)), ((P**phi/2 + R**phi/2)**(1/phi), True))

    A symbol known to be nonzero drops the geometric branch:

    >>> import sympy
    >>> power_mean(gamma=1, phi=sympy.Symbol("phi", positive=True))
    (P**phi/2 + R**phi/2)**(1/phi)
    """
    g, f = gamma, phi  # exact SymPy values: the declaration resolved them (symmetric.families.Parameter)
    return select(
        [(lambda: (P**g * R) ** (1 / (1 + g)), sympy.Eq(f, 0))],
        lambda: harmonic_form(((g * P**f + R**f) / (1 + g)) ** (1 / f), f),
    )
