"""Draw the figures of docs/uncertainty.md other than the coverage study (run by hand, needs matplotlib).

    python benchmarks/uncertainty_figures.py

writes docs/images/prevalence_curve.png (the example of ``at_prevalence``)
and docs/images/preference_fit.png (``symmetric fit docs/examples/preferences.csv -o ...``).
"""

from pathlib import Path

import matplotlib

matplotlib.use("Agg")

from symmetric import plot  # noqa: E402
from symmetric.cli import main  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
IMAGES = ROOT / "docs" / "images"

y_true = [1] * 100 + [0] * 100
y_pred = [1] * 90 + [0] * 10 + [1] * 5 + [0] * 95
ax = plot.prevalence_curve(y_true, y_pred, metrics=("precision", "f_beta", "g_beta_rho", "recall"), beta=2, rho=-3)
ax.figure.savefig(IMAGES / "prevalence_curve.png", dpi=110)
plot.close(ax.figure)
main(["fit", str(ROOT / "docs" / "examples" / "preferences.csv"), "-o", str(IMAGES / "preference_fit.png"),
      "--dpi", "110"])
