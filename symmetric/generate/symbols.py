"""Symbols of the numeric rewrites, each defined once with its assumptions.

They belong to the numeric stage only: every family is evaluated as a
weighted power mean ``(w P**phi + w_c R**phi)**(1/phi)`` with
``w + w_c = 1``, and these name its weights, their logarithms and the
constants of the kernels. The theory's own symbols (P, R, beta, ...) live in
:mod:`symmetric.symbols`.
"""

from __future__ import annotations

import sympy

__all__ = ["w", "w_c", "log_w", "log_w_c", "c_P", "c_R", "kappa", "lam", "mu", "k", "m", "c_k", "w_k"]

#: Weight of precision in a weighted power mean, in (0, 1).
w = sympy.Symbol("w", positive=True)
#: Weight of recall, ``1 - w``, held separately because ``1 - w`` loses digits when ``w`` is near 1.
w_c = sympy.Symbol("w_c", positive=True)
#: ``log(w)`` and ``log(w_c)``, negative.
log_w = sympy.Symbol("log_w", negative=True)
log_w_c = sympy.Symbol("log_w_c", negative=True)
#: Scale factors ``w**(1/phi)`` and ``w_c**(1/phi)`` and their ratio, positive.
c_P = sympy.Symbol("c_P", positive=True)
c_R = sympy.Symbol("c_R", positive=True)
kappa = sympy.Symbol("kappa", positive=True)
#: The log-odds ``log(w / w_c)`` of the weights, from which every weight constant follows.
lam = sympy.Symbol("lambda", real=True)
#: ``lambda / phi``, the logarithm of ``kappa``; finite where ``lambda`` itself overflows (huge ``|rho|``).
mu = sympy.Symbol("mu", real=True)
#: A binary exponent: ``P / R = m 2**k``.
k = sympy.Symbol("k", integer=True)
#: The ratio ``P / (R 2**k)``, reduced to [1/2, 2).
m = sympy.Symbol("m", positive=True)
#: The power mean of ``2**k`` and 1, and the weight of the mean rescaled around ``2**k``.
c_k = sympy.Symbol("c_k", positive=True)
w_k = sympy.Symbol("w_k", positive=True)
