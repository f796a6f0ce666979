"""The one place where per-class precision and recall become F_beta or G_{beta,rho}.

The values come from numeric code generated from the symbolic definitions
(``symmetric.families.f_beta`` and ``g_beta_rho``), never from a formula
typed here. Until ``symmetric.numeric`` exists this module generates that
code itself with ``sympy.lambdify`` (:func:`_generated`); the functions take
the formula's limit where P or R is 0.

``beta = 0`` and ``beta = inf`` are the limits of the family (claims
``f_beta.limit_beta_zero``, ``f_beta.limit_beta_infinity`` and
``scores.g_beta_*``): F is then P, respectively R; for G the answer depends
on the sign of rho, because for rho >= 0 the roles of P and R swap.

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
import sympy

from ..families import counts, f_beta, g_beta_rho
from ..symbols import FN, FP, TN, TP, P, R, prevalence

__all__ = ["f_beta_values", "g_values", "limit_parameter", "precision_at_prevalence_values", "zero_limit_is_zero"]


@functools.lru_cache(maxsize=64)
def _generated(family: str, beta: float, rho: float | None):
    """NumPy code for the family at fixed parameters, generated from its SymPy definition."""
    expr = f_beta(beta=beta) if family == "f_beta" else g_beta_rho(beta=beta, rho=rho)
    return sympy.lambdify((P, R), expr, modules="numpy")


def zero_limit_is_zero(rho: float) -> bool:
    """Whether G tends to 0 when P or R does, whatever the other is (rho <= -1; F_beta is rho = -2)."""
    return rho <= -1


def _evaluate(family, P_, R_, beta, rho):
    P_, R_ = np.asarray(P_, dtype=np.float64), np.asarray(R_, dtype=np.float64)
    with np.errstate(all="ignore"):
        out = np.asarray(_generated(family, beta, rho)(P_, R_), dtype=np.float64) * np.ones_like(P_)
    if zero_limit_is_zero(-2.0 if rho is None else rho):
        out[(P_ == 0) | (R_ == 0)] = 0.0
    return out


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
    return _evaluate("f_beta", P_, R_, beta, None)


def g_values(P_, R_, beta: float, rho: float) -> np.ndarray:
    """G_{beta,rho} of arrays of precision and recall (both in [0, 1], both defined)."""
    side = limit_parameter(beta, rho)
    if side is not None:
        return np.array(P_ if side == "P" else R_, dtype=np.float64)
    return _evaluate("g_beta_rho", P_, R_, beta, rho)


@functools.lru_cache(maxsize=1)
def _prevalence_precision():
    return sympy.lambdify((TP, FP, FN, TN, prevalence), counts.precision_at_prevalence(), modules="numpy")


def precision_at_prevalence_values(tp, fp, fn, tn, pi: float) -> np.ndarray:
    """Precision at prevalence ``pi`` from counts (where it is defined)."""
    with np.errstate(all="ignore"):
        return np.asarray(_prevalence_precision()(tp, fp, fn, tn, pi), dtype=np.float64)
