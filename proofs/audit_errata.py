"""Errata found by the independent audit of issue 20, each with the claim that settles it.

Seed 004: class B's share of the data in the quoted multiclass example (at
most 13 of 106 samples, not 94.3 %: that is its share of the predictions);
"TP and FP are inversely related" (moving the threshold moves both the same
way); "a sigmoid calibrates the logits" (not in general: in the seed's own
score model the posterior is not the sigmoid of the score); the
confusion-matrix plot whose rows are predictions under the label "True
labels". Seed 000: "rho = -3 bends more than rho = -2" holds on the break-even
line only; the seed's beta = gamma^(1/(phi + 1)) has no value at the harmonic
mean phi = -1. See docs/errata.md.

Run ``python proofs/audit_errata.py`` to print every derivation.
"""

import sympy

from symmetric import P, R, g_beta_rho
from symmetric.symbols import FN, FP, TP, gamma, phi, prevalence
from symmetric.verify.claims import Proof

proof = Proof(
    "audit_errata",
    "Errata of the independent audit (issue 20)",
    source="seed 004",
    order=95,
    summary="Six seed errors the audit found, each stated as the seed reads and refuted, or corrected and proven.",
)

x = sympy.Symbol("x", nonnegative=True)   # class B's false negatives
t = sympy.Symbol("t", real=True)          # decision threshold on the score


@proof.claim("errata.multiclass.class_b_support",
             r"In the quoted four-class example (A, C, D: 1 TP and 1 FP each; B: 10 TP and 90 FP; 106 samples), "
             r"class B's true samples are its 10 TP plus its false negatives, which are among the 3 false positives "
             r"of A, C and D: at most 13 of the 106 samples (12.3 %).",
             conditions=(x <= 3,), target=sympy.Rational(13, 106), relation="<=")
def _(d):
    return d.step("B's support over the samples, with x = FN_B <= FP_A + FP_C + FP_D = 3", (10 + x) / 106)


@proof.claim("errata.multiclass.class_b_share_is_support",
             r"Reading of the seed: class B constitutes 94.3 % (100/106) of the data. False: 100 of the 106 "
             r"*predictions* are B; B's own samples are at most 13 (claim errata.multiclass.class_b_support).",
             conditions=(x <= 3,), target=sympy.Rational(100, 106), expected="refuted")
def _(d):
    return d.step("B's support over the samples, with x = FN_B", (10 + x) / 106)


TPR_T = sympy.erfc((t - 2) / sympy.sqrt(2)) / 2   # positives' scores N(2, 1), predicted positive above t
FPR_T = sympy.erfc((t - 1) / sympy.sqrt(2)) / 2   # negatives' scores N(1, 1)


@proof.claim("counts.threshold.tp_fp_move_together",
             r"In seed 004's example, moving the threshold moves TP and FP the same way: "
             r"$(dTPR/dt)(dFPR/dt) > 0$ (TP and FP are not inversely related; only at fixed TP + FP is one "
             r"the complement of the other, claim counts.precision.fixed_predicted_positives).",
             target=sympy.Integer(0), relation=">")
def _(d):
    tpr, fpr = d.step("TPR(t)", TPR_T), d.step("FPR(t)", FPR_T)
    return d.apply("dTPR/dt * dFPR/dt", lambda a, b: a * b, d.differentiate("dTPR/dt", tpr, t),
                   d.differentiate("dFPR/dt", fpr, t))


@proof.claim("errata.counts.tp_fp_inversely_related",
             r"Reading of seed 004: TP and FP are inversely related as the threshold moves, "
             r"$(dTPR/dt)(dFPR/dt) < 0$. False (claim counts.threshold.tp_fp_move_together).",
             target=sympy.Integer(0), relation="<", expected="refuted")
def _(d):
    tpr, fpr = d.step("TPR(t)", TPR_T), d.step("FPR(t)", FPR_T)
    return d.apply("dTPR/dt * dFPR/dt", lambda a, b: a * b, d.differentiate("dTPR/dt", tpr, t),
                   d.differentiate("dFPR/dt", fpr, t))


@proof.claim("errata.counts.sigmoid_calibrates",
             r"Reading of seed 004: a sigmoid output is a calibrated probability, $\sigma(t) = P(Y = 1 \mid t)$. "
             r"False in the seed's own score model (scores $N(2, 1)$ and $N(1, 1)$, prevalence $\pi$): the posterior "
             r"is $\sigma(t - 3/2 + \ln(\pi/(1 - \pi)))$; a sigmoid calibrates only scores that are the log-odds.",
             conditions=(prevalence < 1,), expected="refuted",
             target=1 / (1 + sympy.exp(-t)))
def _(d):
    positive = d.step("pi f_+(t)", prevalence * sympy.exp(-(t - 2) ** 2 / 2) / sympy.sqrt(2 * sympy.pi))
    negative = d.step("(1 - pi) f_-(t)", (1 - prevalence) * sympy.exp(-(t - 1) ** 2 / 2) / sympy.sqrt(2 * sympy.pi))
    return d.step("Bayes: P(Y = 1 | t)", positive / (positive + negative))


LEVEL = sympy.Symbol("c", positive=True)


def curvature(g):
    """The curvature of the level curves of ``g`` (in P and R), from SymPy's implicit derivatives of g = c."""
    first = sympy.idiff(g - LEVEL, P, R)
    second = sympy.idiff(g - LEVEL, P, R, 2)
    return sympy.Abs(second) / (1 + first**2) ** sympy.Rational(3, 2)


POINT = {P: sympy.Rational(1, 5), R: sympy.Rational(4, 5)}


@proof.claim("errata.curvature.rho_minus_3_bends_more_everywhere",
             r"Reading of seed 000: $\rho = -3$ bends the level curves more than $\rho = -2$ everywhere. False off "
             r"the break-even line: at $\beta = 1$, $P = 0.2$, $R = 0.8$ the curvature is 0.194 at $\rho = -2$ and "
             r"0.062 at $\rho = -3$ (on the break-even line the order holds: claim curvature.g.break_even).",
             source="seed 000", relation=">", expected="refuted",
             target=curvature(g_beta_rho(1, -2)).xreplace(POINT))
def _(d):
    g = d.step("G_{1,-3}", g_beta_rho(1, -3))
    kappa = d.apply("Curvature of its level curves, from SymPy's implicit derivatives", curvature, g)
    return d.substitute("At P = 1/5, R = 4/5", kappa, POINT)


@proof.claim("errata.power_mean.seed_beta_at_harmonic",
             r"Seed 000's $\beta = \gamma^{1/(\phi+1)}$ has no value at the harmonic mean $\phi = -1$ (its "
             r"$F_\beta$): for $\gamma > 1$ it tends to 0 as $\phi \to -1$ from below (and to $\infty$ from above). "
             r"With the seed's own $\rho = \phi + 1$ it is $\gamma^{1/\rho}$, consistent; the sign error of "
             r"$\rho = \phi + 1$ is the one erratum.",
             source="seed 000", conditions=(gamma > 1,), target=sympy.Integer(0))
def _(d):
    return d.step("lim beta as phi -> -1 from below", sympy.Limit(gamma ** (1 / (phi + 1)), phi, -1, "-"))


@proof.claim("errata.counts.plot_rows_are_predictions",
             r"Reading of seed 004's plot: the row labelled with the positive class under 'True labels' counts "
             r"the positive samples, $TP + FP = TP + FN$. False: the plotted array is [[TP, FP], [FN, TN]], whose "
             r"rows are the predicted classes (scikit-learn's rows are the true classes, in the order of `labels`).",
             target=TP + FN, expected="refuted")
def _(d):
    return d.step("Sum of the plotted first row [TP, FP]", TP + FP)


if __name__ == "__main__":
    raise SystemExit(proof.main())
