r"""
beta and rho from stated preferences
====================================

:func:`symmetric.explore.fit_preferences` fits :math:`\beta` and
:math:`\rho` of :math:`G_{\beta,\rho}` to statements about operating points:
trade-offs ("at this point a unit of precision is worth *k* units of
recall"), indifferences and preferences. The statements here are read from
``docs/examples/preferences.csv`` as ``symmetric fit`` reads them (this
script runs in ``docs/gallery``).
"""

from symmetric import plot
from symmetric.cli.fit import read_statements
from symmetric.explore import TradeOff, fit_preferences

with open("../examples/preferences.csv", encoding="utf-8") as handle:
    statements = read_statements(handle)
fit = fit_preferences(statements)
print(fit)

# %%
# The fitted member's level curves, with the stated operating points.

ax = plot.level_curves("g_beta_rho", beta=round(fit.beta, 3), rho=round(fit.rho, 3), break_even=False,
                       resolution=200)
for s in statements:
    ax.plot([s.R], [s.P], "o", color="crimson")
    if not isinstance(s, TradeOff):
        ax.plot([s.R, s.R2], [s.P, s.P2], ":o", color="crimson")
