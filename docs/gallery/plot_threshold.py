r"""
The best decision threshold
===========================

:func:`symmetric.metrics.g_beta_rho_curve` computes :math:`G_{\beta,\rho}` of
the predictions ``y_score >= t`` for every distinct score ``t`` in one
counting pass; :func:`symmetric.metrics.best_threshold` returns the
threshold that maximizes it. Here :math:`F_1` and :math:`F_2` (recall
weighted twice) on scores of a noisy classifier: :math:`F_2` prefers a lower
threshold.
"""

import matplotlib.pyplot as plt
import numpy as np

from symmetric.metrics import best_threshold, g_beta_rho_curve

rng = np.random.default_rng(0)
y_true = rng.integers(0, 2, 400)
y_score = np.clip(0.35 * y_true + rng.normal(0.35, 0.2, 400), 0, 1)

fig, ax = plt.subplots(figsize=(5.6, 4.0), layout="constrained")
for beta in (1, 2):
    values, thresholds = g_beta_rho_curve(y_true, y_score, beta=beta, rho=-2)
    threshold, best = best_threshold(y_true, y_score, beta=beta, rho=-2)
    (line,) = ax.plot(thresholds, values, label=rf"$F_{beta}$")
    ax.plot([threshold], [best], "o", color=line.get_color())
    print(f"F{beta}: best threshold {threshold:.3f}, value {best:.3f}")
ax.set_xlabel("threshold t (predict positive when score >= t)")
ax.set_ylabel("metric")
ax.legend()
