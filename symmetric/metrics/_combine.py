"""The one place where per-class counts, precision and recall become F_beta or G_{beta,rho}.

G comes from :mod:`symmetric.numeric` (``g_beta_rho``), the code generated
from the symbolic definitions through proven rewrites, never from a formula
typed here; it takes the formula's limit where P or R is 0. The inputs are
the scores' own precision and recall, so they are passed unchecked
(``validate=False``, and the body without its declaration's checks:
:func:`symmetric._constraints.unchecked`).

F_beta (and G at rho = -2, which is F_beta: claim
``family.g.rho_minus_2_is_f_beta``) is computed from the counts, in the form
scikit-learn evaluates, ``(1 + beta_squared) TP / (beta_squared true_sum + pred_sum)``,
so that the values agree with scikit-learn's to the last bit. That form is
not typed either: :func:`symmetric.families.counts.f_beta_from_sums` derives it from
:func:`symmetric.families.counts.f_beta_counts` by writing FN and FP as
``true_sum - TP`` and ``pred_sum - TP`` and expanding the denominator, and
claim ``counts.f_beta_from_sums`` proves it equal to the definition; it is
printed as NumPy code by :mod:`symmetric.generate.metric_tables`. ``beta_squared`` is an argument,
not ``beta**2`` computed inside, because scikit-learn squares beta with
Python's ``**`` (the C library's ``pow``), which is not always correctly
rounded: the caller squares beta the same way.

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
>>> values, undefined = f_beta_from_sums_values(np.array([1, 0, 0]), np.array([2, 1, 0]), np.array([1, 0, 0]), 4)
>>> values, undefined          # 5*1/(4*2 + 1); no TP; no true nor predicted samples
(array([0.55555556, 0.        ,        nan]), array([False, False,  True]))
"""

from __future__ import annotations

import math

import numpy as np

from .. import numeric
from .._constraints import unchecked
from . import _generated, _limits

__all__ = [
    "f_beta_from_sums_values",
    "f_beta_values",
    "g_values",
    "limit_parameter",
    "precision_at_prevalence_values",
    "specificity_values",
    "zero_limit_is_zero",
]


def zero_limit_is_zero(rho: float) -> bool:
    """Whether G tends to 0 when P or R does, whatever the other is (rho <= -1; F_beta is rho = -2).

    Read from the generated boundary facts (``_generated.BOUNDARY_LIMITS``,
    from the claim ``scores.g_at_zero_recall_depends_on_precision`` that the
    record of ``g_beta_rho`` names for ``R -> 0``): where its conditions hold
    (rho > -1) the limit is a positive multiple of P; elsewhere the generated
    code's value at 0 is 0.
    """
    return _limits.tends_to_zero_with_recall(rho)


def limit_parameter(beta: float, rho: float) -> str | None:
    """ "P" or "R" when G at this beta (0 or inf) is its limit P or R; None for finite positive beta.

    The side is read from the generated boundary facts, rows of the claims the
    record of ``g_beta_rho`` names for ``beta -> 0`` and ``beta -> oo``
    (``errata.g.beta_zero.*``, ``errata.g.beta_infinity.*``).
    """
    if beta == 0 or math.isinf(beta):
        side = _limits.limit_side("beta", beta, rho=float(rho))
        assert side is not None, f"the claims of g_beta_rho give its limit at beta = {beta} for every rho"
        return side
    return None


def f_beta_from_sums_values(tp, true_sum, pred_sum, beta2) -> tuple[np.ndarray, np.ndarray]:
    """F_beta per label from its counts, and where it is undefined (denominator 0: no true nor predicted samples).

    Undefined entries are nan; the caller applies its ``zero_division``
    policy. The code is the form of :func:`symmetric.families.counts.f_beta_from_sums`, printed by
    :func:`symmetric.generate.emit.function_source` into the committed
    module ``_generated.py`` (``python -m symmetric.generate``).
    """
    args = [np.asarray(a, dtype=np.float64) for a in (tp, true_sum, pred_sum, beta2)]
    with np.errstate(all="ignore"):
        values = np.atleast_1d(_generated.f_beta_from_sums(*args)).astype(np.float64)
        undefined = np.atleast_1d(_generated.f_beta_denominator(*args) == 0)
    values[undefined] = np.nan
    return values, undefined


def f_beta_values(P_, R_, beta: float) -> np.ndarray:
    """F_beta of arrays of precision and recall (both in [0, 1], both defined)."""
    side = limit_parameter(beta, -2.0)
    if side is not None:
        return np.array(P_ if side == "P" else R_, dtype=np.float64)
    return np.asarray(unchecked(numeric.f_beta)(P_, R_, beta, validate=False), dtype=np.float64)


def g_values(P_, R_, beta: float, rho: float) -> np.ndarray:
    """G_{beta,rho} of arrays of precision and recall (both in [0, 1], both defined)."""
    side = limit_parameter(beta, rho)
    if side is not None:
        return np.array(P_ if side == "P" else R_, dtype=np.float64)
    return np.asarray(unchecked(numeric.g_beta_rho)(P_, R_, beta, rho, validate=False), dtype=np.float64)


def _floats(*values) -> list[np.ndarray]:
    return [np.asarray(v, dtype=np.float64) for v in values]


def specificity_values(tn, fp) -> np.ndarray:
    """Specificity from counts, generated from :func:`symmetric.families.counts.specificity`; nan where undefined."""
    with np.errstate(all="ignore"):
        return np.atleast_1d(np.asarray(_generated.specificity(*_floats(tn, fp)), dtype=np.float64)).copy()


def precision_at_prevalence_values(tp, fp, fn, tn, pi: float) -> np.ndarray:
    """Precision at prevalence ``pi`` from counts (where it is defined; nan elsewhere).

    Generated from :func:`symmetric.families.counts.precision_at_prevalence`.
    """
    with np.errstate(all="ignore"):
        return np.asarray(_generated.precision_at_prevalence(*_floats(tp, fp, fn, tn, pi)), dtype=np.float64)
