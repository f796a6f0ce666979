"""Classes 16 to 18 (issue 29): numbers and infinite values SymPy's numerics get wrong.

* 16: constants near a point where a function vanishes, with *irrational*
  arguments (``log(1 + sqrt(2)/10**60)`` evaluates to 0 in SymPy, and
  ``log(1 + y) < y/2`` was "proven" at ``y = sqrt(2)/10**60``);
* 17: functions of the gamma family at a rounded argument
  (``loggamma(1 + 10**-60).is_zero`` is True in SymPy);
* 18: symbols whose assumptions admit +-oo (``extended_positive``,
  ``extended_real``): SymPy's assumptions answer for finite values only
  (``exp(-w) > 0`` is false at ``w = oo``).

The falsity of each false case is certified by :mod:`.exact` without the
engine (mpmath at 1500 and 3000 digits through lambdify; at ``oo`` SymPy's
own extended arithmetic).

>>> sorted({c.klass for c in build()})
['16-near-one-irrational', '17-gamma-family', '18-infinite-values']
"""

from __future__ import annotations

import sympy
from sympy import Rational, acos, acosh, exp, gamma, log, loggamma, oo, pi, sqrt

from symmetric import P

from .case import false, true

__all__ = ["build"]

w = sympy.Symbol("w", extended_positive=True)
u = sympy.Symbol("u", extended_real=True)


def _near_one():
    k = "16-near-one-irrational"
    y, y2 = sqrt(2) / 10**60, log(2) / 10**150
    return [
        false("rigor.log_irrational_below_half", k, log(1 + y), y / 2, "<", witness={},
              why="log(1 + y) = y - y**2/2 + ... > y/2"),
        false("rigor.log_irrational_zero", k, log(1 + y), 0, witness={}, why="log(1 + y) > 0 for y > 0"),
        false("rigor.acos_irrational_zero", k, acos(1 - y), 0, witness={}, why="acos(1 - y) > 0 for 0 < y"),
        false("rigor.acosh_irrational_zero", k, acosh(1 + y), 0, witness={}, why="acosh(1 + y) > 0 for y > 0"),
        false("rigor.log_irrational_times_p", k, P * (log(1 + y) - y), 0, ">=", witness={P: 1},
              why="log(1 + y) < y"),
        false("rigor.log_irrational_symbolic", k, log(1 + y * P), y * P / 2, "<", witness={P: 1},
              why="log(1 + v) > v/2 for small v > 0"),
        true("rigor.log_log2_above_third", k, log(1 + y2), y2 / 3, ">", why="log(1 + v) > v/3 for small v > 0"),
        true("rigor.log_irrational_positive", k, log(1 + y), 0, ">", why="1 + y > 1"),
        true("rigor.log_irrational_times_p_positive", k, P * log(1 + y), 0, ">", why="P > 0 and log(1 + y) > 0"),
    ]


def _gamma():
    k = "17-gamma-family"
    t = Rational(1, 10**60)
    return [
        false("rigor.loggamma_zero", k, loggamma(1 + t), 0, witness={}, why="loggamma(1 + t) = -EulerGamma*t + ..."),
        false("rigor.loggamma_two_minus", k, loggamma(2 - t), 0, ">=", witness={},
              why="loggamma(2 - t) = -(1 - EulerGamma)*t + ..."),
        false("rigor.log_gamma", k, log(gamma(1 + t)), 0, ">=", witness={}, why="gamma(1 + t) < 1 for small t > 0"),
        false("rigor.gamma_two_plus", k, gamma(2 + t), 1, "<=", witness={}, why="gamma(2 + t) = 1 + (1 - EulerGamma)*t"),
        false("rigor.loggamma_times_p", k, P * loggamma(1 + t), 0, witness={P: 1}, why="loggamma(1 + t) != 0"),
        true("rigor.loggamma_negative", k, loggamma(1 + t), 0, "<", why="gamma decreases on (0, 1.46)"),
        true("rigor.gamma_below_one", k, gamma(1 + t), 1, "<", why="gamma decreases on (0, 1.46)"),
    ]


def _infinite():
    k = "18-infinite-values"
    return [
        false("rigor.exp_minus_w", k, exp(-w), 0, ">", witness={w: oo}, why="exp(-oo) = 0"),
        false("rigor.one_minus_exp", k, 1 - exp(-w), 1, "<", witness={w: oo}, why="1 - exp(-oo) = 1"),
        false("rigor.w_below_w_plus_one", k, w, w + 1, "<", witness={w: oo}, why="oo < oo is false"),
        false("rigor.atan_below", k, sympy.atan(u), pi / 2, "<", witness={u: oo}, why="atan(oo) = pi/2"),
        true("rigor.exp_minus_w_nonnegative", k, exp(-w), 0, ">=", why="exp(-w) >= 0, 0 at oo"),
        true("rigor.ratio_at_most_one", k, w / (1 + w), 1, "<=", why="w/(1 + w) < 1, 1 at oo"),
    ]


def build():
    """All cases of this module."""
    return _near_one() + _gamma() + _infinite()
