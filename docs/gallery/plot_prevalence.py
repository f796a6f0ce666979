r"""
Metrics at another prevalence
=============================

The same classifier evaluated on a balanced test set (100 positives, 100
negatives) has a precision that depends on the share of positives it will
meet. :func:`symmetric.plot.prevalence_curve` redraws precision, recall,
:math:`F_\beta` and :math:`G_{\beta,\rho}` at every prevalence from the
classifier's true- and false-positive rates; the dotted line marks the test
set's own prevalence, where every metric keeps its value.
"""

from symmetric import plot
from symmetric.metrics import at_prevalence

y_true = [1] * 100 + [0] * 100
y_pred = [1] * 90 + [0] * 10 + [1] * 5 + [0] * 95

ax = plot.prevalence_curve(y_true, y_pred, metrics=("precision", "f_beta", "g_beta_rho", "recall"), beta=2, rho=-3)

# %%
# The F1 of this classifier, 0.92 on the balanced set, at a prevalence of 1 %:

print(round(at_prevalence(y_true, y_pred, prevalence=0.01), 3))
