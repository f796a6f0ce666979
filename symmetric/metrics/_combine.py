"""The one place where per-class precision and recall become F_beta or G_{beta,rho}.

The values come from :mod:`symmetric.numeric` (``f_beta`` and
``g_beta_rho``), the code generated from the symbolic definitions through
proven rewrites, never from a formula typed here; it takes the formula's
limit where P or R is 0. The inputs are the scores' own precision and
recall, so they are passed unchecked (``validate=False``).

``beta = 0`` and ``beta = inf`` are the limits of the family (claims
``f_beta.limit_beta_zero``, ``f_beta.limit_beta_infinity`` and
``errata.g.beta_zero.*``, ``errata.g.beta_infinity.*``): F is then P,
respectively R; for G the answer depends on the sign of rho, because for
rho >= 0 the roles of P and R swap.

>>> import numpy as np
>>> f_beta_values(np.array([0.5, 0.0]), np.array([1.0, 1.0]), 1.0)
array([0.66666667, 0.        ])
>>> g_values(np.array([0.5]), np.array([1.0]), 1.0, -2.0)
array([0.66666667])
>>> g_values(np.array([0.5]), np.array([1.0]), float("inf"), 1.0)   # rho >= 0: beta -> oo gives P
array([0.5])
"""

from __future__ import annotations

import functools
import math

import numpy as np

from .. import numeric
from ..families import counts
from ..symbols import FN, FP, TN, TP, prevalence

__all__ = ["f_beta_values", "g_values", "limit_parameter", "precision_at_prevalence_values", "zero_limit_is_zero"]


def zero_limit_is_zero(rho: float) -> bool:
    """Whether G tends to 0 when P or R does, whatever the other is (rho <= -1; F_beta is rho = -2)."""
    return rho <= -1


def limit_parameter(beta: float, rho: float) -> str | None:
    """"P" or "R" when G at this beta (0 or inf) is its limit P or R; None for finite positive beta."""
    if beta == 0:
        return "P" if rho < 0 else "R"
    if math.isinf(beta):
        return "R" if rho < 0 else "P"
    return None


def f_beta_values(P_, R_, beta: float) -> np.ndarray:
    """F_beta of arrays of precision and recall (both in [0, 1], both defined)."""
    side = limit_parameter(beta, -2.0)
    if side is not None:
        return np.array(P_ if side == "P" else R_, dtype=np.float64)
    return np.asarray(numeric.f_beta(P_, R_, beta, validate=False), dtype=np.float64)


def g_values(P_, R_, beta: float, rho: float) -> np.ndarray:
    """G_{beta,rho} of arrays of precision and recall (both in [0, 1], both defined)."""
    side = limit_parameter(beta, rho)
    if side is not None:
        return np.array(P_ if side == "P" else R_, dtype=np.float64)
    return np.asarray(numeric.g_beta_rho(P_, R_, beta, rho, validate=False), dtype=np.float64)


@functools.lru_cache(maxsize=1)
def _prevalence_precision():
    return numeric.compile(counts.precision_at_prevalence(), (TP, FP, FN, TN, prevalence), zero_division=np.nan)


def precision_at_prevalence_values(tp, fp, fn, tn, pi: float) -> np.ndarray:
    """Precision at prevalence ``pi`` from counts (where it is defined)."""
    with np.errstate(all="ignore"):
        return np.asarray(_prevalence_precision()(tp, fp, fn, tn, pi), dtype=np.float64)
