"""The G_{beta,rho} family: power means reparameterized by break-even ratio and curvature."""

from __future__ import annotations

import sympy

from .._constraints import declare
from ..symbols import P, R, beta as _beta, rho as _rho
from ._parameters import check_power, harmonic_form, select
from .record import BETA, RHO

__all__ = ["g_beta_rho"]


@declare(beta=BETA, rho=RHO)
def g_beta_rho(beta=_beta, rho=_rho) -> sympy.Expr:
    r"""The generalized F-score :math:`G_{\beta,\rho}` of precision and recall.

    .. math::

        G_{\beta,\rho}(P, R) = \left(\frac{\beta^\rho P^{\rho+1} + R^{\rho+1}}{1+\beta^\rho}\right)^{1/(\rho+1)}

    with two stipulated values where the formula is singular or loses its
    weighting: :math:`G_{\beta,0} = (\beta P + R)/(1+\beta)` and
    :math:`G_{\beta,-1} = (P R^\beta)^{1/(1+\beta)}`. The second is the limit
    of the formula as ``rho -> -1``; the first is *not* the limit as
    ``rho -> 0``, which is ``(P + R)/2`` (claim ``errata.g.rho0_continuity``).

    Parameters
    ----------
    beta : positive real number or SymPy expression, default ``symmetric.beta``
        Break-even ratio R/P at which a unit of precision and a unit of
        recall are worth the same (for ``rho != 0``).
    rho : real number or SymPy expression, default ``symmetric.rho``
        Curvature of the level curves; ``rho = -2`` gives F_beta. A number
        is at most 1000 in absolute value, and ``beta**rho`` of two exact
        numbers at most 10000 bits (beyond, the exact powers are too large to
        compute and print; :func:`symmetric.numeric.g_beta_rho` takes any
        finite rho and follows the limits, ``Max(P, R/beta)`` as ``rho -> oo``
        for ``beta >= 1``).

    Returns
    -------
    sympy.Expr
        A Piecewise over the two stipulations when ``rho`` is symbolic, and
        the matching closed form when it is a number.

    Examples
    --------
    >>> from symmetric import g_beta_rho, f_beta
    >>> import sympy
    >>> sympy.simplify(g_beta_rho(rho=-2) - f_beta()) == 0
    True
    >>> g_beta_rho(beta=2, rho=0)
    2*P/3 + R/3
    >>> g_beta_rho(rho=-1.0)
    (P*R**beta)**(1/(beta + 1))
    >>> g_beta_rho(beta=1, rho=1)
    sqrt(P**2/2 + R**2/2)
    >>> g_beta_rho(beta=2, rho=10**7)
    Traceback (most recent call last):
        ...
    symmetric.InvalidParameterError: The 'rho' parameter of g_beta_rho must be a finite real number with |rho| <= 1000 or a SymPy expression (symmetric.numeric.g_beta_rho evaluates any finite rho). Got 10000000 instead.
    """
    b, r = beta, rho  # exact SymPy values: the declaration resolved them (symmetric.families.Parameter)
    check_power(b, r, name="rho", func="g_beta_rho", value=rho)
    return select(
        [
            (lambda: (b * P + R) / (1 + b), sympy.Eq(r, 0)),
            (lambda: (P * R**b) ** (1 / (1 + b)), sympy.Eq(r, -1)),
        ],
        lambda: harmonic_form(((b**r * P ** (r + 1) + R ** (r + 1)) / (1 + b**r)) ** (1 / (r + 1)), r + 1),
    )
