r"""
Level curves and the break-even line
====================================

The level curves of :math:`G_{\beta,\rho}` over precision *P* (up) and recall
*R* (across), for several values of :math:`\rho` at :math:`\beta = 2`. The
dashed break-even line :math:`R = \beta P`, where a unit of recall is worth a
unit of precision, is drawn only where the verification engine proves it;
each panel's title says what the engine found.
"""

from symmetric import plot

grid = plot.family_grid("g_beta_rho", vary="rho", values=(-3, -2, 0, 3), beta=2, resolution=150)

# %%
# One member on its own: :math:`F_2`, that is :math:`\rho = -2`, with the
# engine's break-even line :math:`R = 2P`.

ax = plot.level_curves("g_beta_rho", beta=2, rho=-2, resolution=200)
print([line.get_label() for line in ax.lines])
