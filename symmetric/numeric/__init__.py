"""Numeric metric functions generated from the symbolic definitions.

``g_beta_rho``, ``power_mean`` and ``f_beta`` evaluate the families on NumPy
arrays, fast and accurate to a few ULP (see ``python -m symmetric.accuracy``);
``compile`` turns any SymPy expression into a NumPy function. The code is
generated from :mod:`symmetric.families` through the proven rewrites of
:mod:`symmetric.numeric.rewrites` and committed as ``_generated.py``
(``python -m symmetric.numeric.codegen`` regenerates it), so that importing
and calling the functions does not run SymPy.

>>> from symmetric.numeric import f_beta, g_beta_rho
>>> float(g_beta_rho(0.5, 0.25, 2.0, -2.0)) == float(f_beta(0.5, 0.25, 2.0))
True
"""

from .compile import UndefinedValueWarning, compile
from .functions import f_beta, g_beta_rho, power_mean

__all__ = ["UndefinedValueWarning", "compile", "f_beta", "g_beta_rho", "power_mean"]
