"""The whole confusion matrix: MCC, kappa, Jaccard, Fowlkes-Mallows, informedness and markedness.

Each claim's target is typed here from other definitions (or as a closed
form), and each derivation starts from the record's definition in
:mod:`symmetric.families.confusion`. The counts are the project's
nonnegative symbols; each claim states the conditions that make its
denominators positive (the margins of the matrix). The bounds with square
roots of products of counts (``MCC <= 1``, ``|kappa| <= |MCC|``) are decided
by squaring under established signs (:mod:`symmetric.verify.inequalities.count_signs`).
Precision-recall gain and the unachievable region are in
``proofs/precision_recall_gain.py``.

Run ``python proofs/confusion_metrics.py`` to print every derivation.
"""

import sympy

from symmetric import P, R, g_beta_rho
from symmetric.families import confusion, counts
from symmetric.symbols import CORRECT, FN, FP, TN, TOTAL, TP, beta, prevalence
from symmetric.verify.claims import Proof

proof = Proof(
    "confusion_metrics",
    "The whole confusion matrix",
    source="new",
    order=9,
    summary="MCC, Cohen's kappa, Jaccard, Fowlkes-Mallows, informedness, markedness and F-beta from counts: "
            "identities and bounds, with the counts' own nonnegative symbols.",
)

MARGINS = (TP + FP > 0, TP + FN > 0, TN + FP > 0, TN + FN > 0)
PREDICTED = (TP + FP > 0, TP + FN > 0)
MATRIX = sympy.Matrix([[TN, FP], [FN, TP]])  # rows true (0, 1), columns predicted (0, 1)
F1 = counts.f_beta_counts(1)


def mcc(d):
    return d.step("MCC of the counts", confusion.mcc())


@proof.claim("confusion.mcc.squared_informedness_markedness",
             r"$\mathrm{MCC}^2$ is informedness times markedness: $(TPR + TNR - 1)(PPV + NPV - 1)$.",
             conditions=MARGINS, target=confusion.informedness() * confusion.markedness())
def _(d):
    return d.step("Square it", mcc(d) ** 2)


@proof.claim("confusion.mcc.at_most_one", r"$\mathrm{MCC} \le 1$.", conditions=MARGINS, target=sympy.Integer(1),
             relation="<=")
def _(d):
    return mcc(d)


@proof.claim("confusion.mcc.at_least_minus_one", r"$\mathrm{MCC} \ge -1$.", conditions=MARGINS,
             target=sympy.Integer(-1), relation=">=")
def _(d):
    return mcc(d)


@proof.claim("confusion.kappa.at_most_mcc", r"$|\kappa| \le |\mathrm{MCC}|$ for a binary matrix.",
             conditions=MARGINS, target=sympy.Abs(confusion.mcc()), relation="<=")
def _(d):
    return d.step("|kappa| of the counts", sympy.Abs(confusion.cohen_kappa()))


@proof.claim("confusion.kappa.symmetric_margins",
             r"When the marginals are symmetric (as many predicted as true positives, $FP = FN$), "
             r"$\kappa = \mathrm{MCC}$.", conditions=MARGINS, target=confusion.mcc(TP, FP, FP, TN))
def _(d):
    return d.step("kappa with FN = FP", confusion.cohen_kappa(TP, FP, FP, TN))


#: s**2 - sum p_k**2, positive unless a single class is ever predicted: the condition as a positive symbol.
SPREAD = sympy.Symbol("u", positive=True)
SQUARES = TOTAL**2 - SPREAD


@proof.claim("confusion.kappa.symmetric_margins_multiclass",
             r"For K classes with symmetric marginals ($t_k = p_k$), unweighted kappa is $R_K$: "
             r"$(c s - \sum p_k^2)/(s^2 - \sum p_k^2)$ (with $u = s^2 - \sum p_k^2 > 0$).",
             conditions=(TOTAL > 0,), target=confusion.mcc_from_sums(CORRECT, TOTAL, SQUARES, SQUARES, SQUARES))
def _(d):
    observed = d.step("Unweighted observed disagreement: the off-diagonal cells, s - c", TOTAL - CORRECT)
    expected = d.step("Expected: sum over i != j of t_i p_j / s = (s**2 - sum t_k p_k)/s, with t = p",
                      (TOTAL**2 - SQUARES) / TOTAL)
    return d.step("kappa = 1 - observed/expected", confusion.kappa_from_disagreement(observed, expected))


@proof.claim("confusion.mcc.multiclass_binary", r"Gorodkin's $R_K$ of a 2 x 2 matrix is the binary MCC.",
             conditions=MARGINS, target=confusion.mcc(), by="simplify")
def _(d):
    return d.step("R_K of [[TN, FP], [FN, TP]] from its trace, total and margins", confusion.mcc_of_matrix(MATRIX))


@proof.claim("confusion.kappa.weighted_binary.linear",
             r"Linearly weighted kappa of a 2 x 2 matrix is the binary (unweighted) kappa.",
             conditions=MARGINS, target=confusion.cohen_kappa())
def _(d):
    return d.step("Weighted kappa of [[TN, FP], [FN, TP]], weights |i - j|", confusion.kappa_of_matrix(MATRIX, "linear"))


@proof.claim("confusion.kappa.weighted_binary.quadratic",
             r"Quadratically weighted kappa of a 2 x 2 matrix is the binary (unweighted) kappa.",
             conditions=MARGINS, target=confusion.cohen_kappa())
def _(d):
    return d.step("Weighted kappa of [[TN, FP], [FN, TP]], weights (i - j)**2",
                  confusion.kappa_of_matrix(MATRIX, "quadratic"))


@proof.claim("confusion.jaccard.f1", r"Jaccard is $F_1/(2 - F_1)$.", conditions=(TP + FP + FN > 0,),
             target=F1 / (2 - F1))
def _(d):
    return d.step("Jaccard of the counts", confusion.jaccard())


@proof.claim("confusion.fowlkes_mallows.g",
             r"Fowlkes-Mallows, $\sqrt{PPV \cdot TPR}$, is $G_{1,-1}$ of precision and recall (the record's definition).",
             conditions=PREDICTED, target=g_beta_rho(1, -1).xreplace({P: counts.precision(), R: counts.recall()}))
def _(d):
    return d.step("sqrt(PPV * TPR) of the counts", sympy.sqrt(counts.precision() * counts.recall()))


@proof.claim("confusion.fowlkes_mallows.above_f1", r"Fowlkes-Mallows $\ge F_1$ (geometric mean above harmonic).",
             conditions=PREDICTED, target=F1, relation=">=")
def _(d):
    return d.step("Fowlkes-Mallows of the counts", confusion.fowlkes_mallows())


@proof.claim("confusion.fowlkes_mallows.below_mean",
             r"Fowlkes-Mallows $\le (P + R)/2$ (geometric mean below arithmetic).",
             conditions=PREDICTED, target=(counts.precision() + counts.recall()) / 2, relation="<=")
def _(d):
    return d.step("Fowlkes-Mallows of the counts", confusion.fowlkes_mallows())


@proof.claim("confusion.prevalence_free",
             r"Precision at prevalence $\pi$ minus $\pi$ is $\pi(1-\pi)(TPR - FPR)/(\pi TPR + (1-\pi) FPR)$: "
             r"its excess over chance has the sign of informedness, which does not depend on $\pi$.",
             conditions=(TP + FP > 0, TP + FN > 0, FP + TN > 0, prevalence < 1),
             target=prevalence * (1 - prevalence) * (counts.tpr() - counts.fpr())
             / (prevalence * counts.tpr() + (1 - prevalence) * counts.fpr()))
def _(d):
    return d.step("Precision at prevalence pi, minus pi", counts.precision_at_prevalence() - prevalence)


# F_beta as a weighted arithmetic mean of P and R (Hand and Christen 2018)
WEIGHT = (TP + FP) / ((TP + FP) + beta**2 * (TP + FN))


@proof.claim("confusion.f_beta.arithmetic_mean",
             r"$F_\beta = w P + (1 - w) R$ with $w = (TP + FP)/((TP + FP) + \beta^2 (TP + FN))$: a weighted "
             r"arithmetic mean whose weight depends on the classifier (Hand and Christen 2018).",
             conditions=PREDICTED, target=WEIGHT * counts.precision() + (1 - WEIGHT) * counts.recall())
def _(d):
    return d.step("F_beta of the counts", counts.f_beta_counts())


@proof.claim("confusion.f_beta.arithmetic_weight_below_one", r"That weight $w$ is below 1.", conditions=PREDICTED,
             target=sympy.Integer(1), relation="<")
def _(d):
    return d.step("w", WEIGHT)


@proof.claim("confusion.f_beta.arithmetic_weight_depends_on_classifier",
             r"The weight $w$ changes with the classifier: $\partial w/\partial FP > 0$ wherever TP + FN > 0.",
             conditions=PREDICTED, target=sympy.Integer(0), relation=">")
def _(d):
    w = d.step("w", WEIGHT)
    return d.differentiate("dw/dFP", w, FP)


# F1 bounds from the error rate e = (FP + FN)/n at prevalence pi = (TP + FN)/n (counts, n cancels)
PI_N, E_N = TP + FN, FP + FN


@proof.claim("confusion.f1.error_rate_upper",
             r"At prevalence $\pi$ and error rate $e$, $F_1 \le 2\pi/(2\pi + e)$.", conditions=PREDICTED,
             target=2 * PI_N / (2 * PI_N + E_N), relation="<=")
def _(d):
    return d.step("F1 of the counts", F1)


PI_, E_, N_ = (sympy.Symbol(n, positive=True) for n in ("pi_1", "e", "n"))


@proof.claim("confusion.f1.error_rate_upper_tight",
             r"The upper bound is reached: with $n\pi$ positives, $ne$ errors, all of them false positives, "
             r"$F_1 = 2\pi/(2\pi + e)$.", conditions=(PI_ + E_ <= 1,), target=2 * PI_ / (2 * PI_ + E_))
def _(d):
    return d.step("F1 of TP = n pi, FP = n e, FN = 0", counts.f_beta_counts(1, N_ * PI_, N_ * E_, 0))


#: FP <= TP as a count: the true positives beyond the false positives, TP = FP + s. Stated so, the bound is a ratio
#: of counts whose sign the counts' own rules decide (no solver: the claim is proven on a plain install).
EXCESS = sympy.Symbol("s", nonnegative=True)
PI_S = FP + EXCESS + FN  # n pi = TP + FN with TP = FP + s


@proof.claim("confusion.f1.error_rate_lower",
             r"When $e \le \pi$ ($FP \le TP$: $TP = FP + s$ with $s \ge 0$), $F_1 \ge 2(\pi - e)/(2\pi - e)$.",
             conditions=(2 * FP + EXCESS > 0, PI_S > 0), target=2 * (PI_S - E_N) / (2 * PI_S - E_N), relation=">=")
def _(d):
    f1 = d.step("F1 of the counts", F1)
    return d.substitute("With TP = FP + s", f1, {TP: FP + EXCESS})


@proof.claim("confusion.f1.error_rate_lower_tight",
             r"The lower bound is reached: with $n\pi$ positives and $ne$ errors, all of them false negatives, "
             r"$F_1 = 2(\pi - e)/(2\pi - e)$.", conditions=(E_ < PI_, PI_ < 1),
             target=2 * (PI_ - E_) / (2 * PI_ - E_))
def _(d):
    return d.step("F1 of TP = n(pi - e), FP = 0, FN = n e", counts.f_beta_counts(1, N_ * (PI_ - E_), 0, N_ * E_))


# Iso-F_beta lines in ROC space
TPR_, FPR_, F0 = (sympy.Symbol(n, positive=True) for n in ("TPR", "FPR", "F_0"))


@proof.claim("confusion.iso_f_beta_straight_in_roc",
             r"At prevalence $\pi$, the points of ROC space with $F_\beta = F_0$ lie on the straight line "
             r"$FPR = \pi((1 + \beta^2 - F_0) TPR - \beta^2 F_0)/(F_0 (1 - \pi))$.",
             conditions=(prevalence < 1,),
             target=prevalence * ((1 + beta**2 - F0) * TPR_ - beta**2 * F0) / (F0 * (1 - prevalence)))
def _(d):
    f = d.step("F_beta at prevalence pi", counts.at_prevalence(counts.f_beta_counts()))
    rates = d.substitute("In the rates: a set of total 1 with TP = TPR, FN = 1 - TPR, FP = FPR, TN = 1 - FPR", f,
                         {TP: TPR_, FN: 1 - TPR_, FP: FPR_, TN: 1 - FPR_})
    solutions = d.solve("Solve F_beta = F_0 for FPR", sympy.Eq(rates, F0), FPR_)
    return d.apply("The one solution", lambda s: s[0], solutions)


# The rates and ratios of the records: each one's claim ties it to another record or to informedness.

LIKELIHOOD = (TP + FN > 0, FP + TN > 0)


@proof.claim("confusion.npv.complement_of_for", r"NPV and the false omission rate add up to 1: $NPV = 1 - FOR$.",
             conditions=(TN + FN > 0,), target=1 - confusion.false_omission_rate())
def _(d):
    return d.step("NPV of the counts", confusion.negative_predictive_value())


@proof.claim("confusion.fdr.complement_of_precision", r"The false discovery rate is $1 - $ precision.",
             conditions=(TP + FP > 0,), target=1 - counts.precision())
def _(d):
    return d.step("FDR of the counts", confusion.false_discovery_rate())


@proof.claim("confusion.lr_plus.informedness", r"$(LR_+ - 1)\,FPR$ is informedness: $LR_+ > 1$ exactly when "
             r"informedness is positive.", conditions=(*LIKELIHOOD, FP > 0), target=confusion.informedness())
def _(d):
    lr, rate = d.step("LR+ of the counts", confusion.positive_likelihood_ratio()), d.step("FPR", counts.fpr())
    return d.apply("(LR+ - 1) FPR", lambda a, b: (a - 1) * b, lr, rate)


@proof.claim("confusion.lr_minus.informedness", r"$(1 - LR_-)\,TNR$ is informedness: $LR_- < 1$ exactly when "
             r"informedness is positive.", conditions=(*LIKELIHOOD, TN > 0), target=confusion.informedness())
def _(d):
    lr, rate = d.step("LR- of the counts", confusion.negative_likelihood_ratio()), d.step("TNR", counts.specificity())
    return d.apply("(1 - LR-) TNR", lambda a, b: (1 - a) * b, lr, rate)


@proof.claim("confusion.dor.informedness", r"$(DOR - 1)\,FPR\,FNR$ is informedness: the diagnostic odds ratio "
             r"exceeds 1 exactly when informedness is positive.", conditions=(*LIKELIHOOD, FP > 0, FN > 0, TN > 0),
             target=confusion.informedness())
def _(d):
    dor = d.step("DOR of the counts", confusion.diagnostic_odds_ratio())
    fpr, fnr = d.step("FPR", counts.fpr()), d.step("FNR", counts.fnr())
    return d.apply("(DOR - 1) FPR FNR", lambda a, b, c: (a - 1) * b * c, dor, fpr, fnr)


@proof.claim("confusion.gmean.at_most_balanced_accuracy", r"The geometric mean of sensitivity and specificity is "
             r"at most their arithmetic mean, balanced accuracy.", conditions=LIKELIHOOD, relation="<=",
             target=counts.balanced_accuracy())
def _(d):
    return d.step("G-mean of the counts", confusion.sensitivity_specificity_gmean())


if __name__ == "__main__":
    raise SystemExit(proof.main())
