"""Metrics from the binary confusion matrix: balanced precision, prevalence, rates, set indices.

Seed 001 proposes a *balanced precision*, precision re-weighted as if both
classes were equally frequent; here it is the case ``pi = 1/2`` of precision
at a target prevalence ``pi*TPR/(pi*TPR + (1-pi)*FPR)``, whose closed form in
the counts is typed below as the target of each recipe that should give it.
Seed 004 defines the rates and reads precision and recall as conditional
probabilities. The threshold claims use seed 004's example of two normal
score distributions (means 2 and 1, unit variance) and a decision threshold t.
Multiclass averages are in ``proofs/multiclass.py``, the seeds' worked numbers
in ``proofs/seed_examples.py``.

The last claim is a property of G_{beta,rho} that ``symmetric.metrics``
relies on: for rho > -1 its value at R = 0 is a positive multiple of P (so G
is undefined when P is undefined and R = 0). Its limits at beta = 0 and
beta = oo (``beta=0`` and ``beta=inf`` in ``g_beta_rho_score``) are the
claims ``errata.g.beta_zero.*`` and ``errata.g.beta_infinity.*``.
That G tends to 0 when P or R does, for rho <= -1, is the value the
generated numeric code gives at 0 (``symmetric.numeric``).

Run ``python proofs/confusion_matrix.py`` to print every derivation.
"""

import sympy

from symmetric import P, R, beta, f_beta, g_beta_rho, rho
from symmetric.families import counts
from symmetric.symbols import FN, FP, PRED_SUM, TN, TP, TRUE_SUM, prevalence
from symmetric.verify.claims import Proof

proof = Proof(
    "confusion_matrix",
    "Metrics from the confusion matrix",
    source="seed 001",
    order=8,
    summary="Balanced precision and precision at a prevalence, the rates of seed 004, and scores as set indices, from symbolic counts.",
)

k = sympy.Symbol("k", positive=True)
n = sympy.Symbol("n", positive=True)
t = sympy.Symbol("t", real=True)
# Joint probabilities of (true class, predicted class): p11 = P(Y=1, Yhat=1), p10 = P(Y=1, Yhat=0), p01 = P(Y=0, Yhat=1).
JOINT = {name: sympy.Symbol(name, positive=True) for name in ("p11", "p10", "p01")}
# A classifier's true and false positive rates, fixed while the class balance changes.
RATES = (sympy.Symbol("TPR", positive=True), sympy.Symbol("FPR", positive=True))
half = sympy.Rational(1, 2)
DEFINED = (TP + FP > 0, TP + FN > 0, FP + TN > 0)
AT_PREVALENCE = DEFINED + (prevalence < 1,)

# Targets typed as data: the closed forms of precision at prevalence pi and of balanced precision in the counts.
AT_PI = prevalence * TP * (FP + TN) / (prevalence * TP * (FP + TN) + (1 - prevalence) * FP * (TP + FN))
BALANCED = TP * (FP + TN) / (TP * (FP + TN) + FP * (TP + FN))
TPR, FPR = TP / (TP + FN), FP / (FP + TN)


def balanced(d, **cells):
    return d.step("Balanced precision: precision at prevalence 1/2", counts.balanced_precision(**cells))


# Balanced precision and precision at a prevalence (seed 001)


@proof.claim("counts.balanced_precision.seed_form",
             r"Seed 001's $k_1 TP/(k_1 TP + k_2 FP)$ with $k_1 = 0.5/(TP+FN)$, $k_2 = 0.5/(TN+FP)$ is $TP(FP+TN)/(TP(FP+TN) + FP(TP+FN))$.",
             conditions=DEFINED, target=BALANCED)
def _(d):
    k1 = d.step("k1 = 0.5 / actual positives", half / (TP + FN))
    k2 = d.step("k2 = 0.5 / actual negatives", half / (TN + FP))
    return d.step("The seed's formula", k1 * TP / (k1 * TP + k2 * FP))


@proof.claim("counts.balanced_precision.rates", r"Balanced precision is $TPR/(TPR + FPR)$.", conditions=DEFINED)
def _(d):
    return balanced(d), counts.tpr() / (counts.tpr() + counts.fpr())


@proof.claim("counts.balanced_precision.rebalanced",
             r"Rebalancing instead (scaling the negatives FP, TN to as many samples as the positives) and taking ordinary precision gives balanced precision.",
             conditions=DEFINED, target=BALANCED)
def _(d):
    scale = d.step("Factor that makes the negatives as many as the positives", (TP + FN) / (FP + TN))
    return d.step("Ordinary precision of the rebalanced counts", counts.precision(TP, scale * FP))


def scaled_prevalence_precision(d, what, mapping):
    stated = d.step("Precision at prevalence pi", counts.precision_at_prevalence())
    return d.substitute(f"Scale {what} by k", stated, mapping), stated


@proof.claim("counts.prevalence.negatives_scaled",
             r"Precision at prevalence $\pi$ does not change when the negative class (FP, TN) is scaled by any $k > 0$.",
             conditions=AT_PREVALENCE)
def _(d):
    return scaled_prevalence_precision(d, "FP and TN", {FP: k * FP, TN: k * TN})


@proof.claim("counts.prevalence.positives_scaled",
             r"Precision at prevalence $\pi$ does not change when the positive class (TP, FN) is scaled by any $k > 0$.",
             conditions=AT_PREVALENCE)
def _(d):
    return scaled_prevalence_precision(d, "TP and FN", {TP: k * TP, FN: k * FN})


@proof.claim("counts.balanced_precision.negatives_scaled",
             r"Balanced precision does not change when FP and TN are scaled by any $k > 0$.", conditions=DEFINED)
def _(d):
    return balanced(d, fp=k * FP, tn=k * TN), counts.balanced_precision()


@proof.claim("counts.balanced_precision.positives_scaled",
             r"Balanced precision does not change when TP and FN are scaled by any $k > 0$.", conditions=DEFINED)
def _(d):
    return balanced(d, tp=k * TP, fn=k * FN), counts.balanced_precision()


@proof.claim("counts.prevalence.sample_weights",
             r"Precision with sample weight $\pi/(TP+FN)$ on positives and $(1-\pi)/(FP+TN)$ on negatives is precision at prevalence $\pi$, "
             r"$\pi TP(FP+TN)/(\pi TP(FP+TN) + (1-\pi)FP(TP+FN))$.",
             conditions=AT_PREVALENCE, target=AT_PI)
def _(d):
    w_pos = d.step("Weight of each actual positive", prevalence / (TP + FN))
    w_neg = d.step("Weight of each actual negative", (1 - prevalence) / (FP + TN))
    weighted = d.step("Weighted counts: TP and FN carry w_pos, FP and TN carry w_neg",
                      {"tp": w_pos * TP, "fp": w_neg * FP})
    return d.step("Ordinary precision of the weighted counts", counts.precision(**weighted))


@proof.claim("counts.balanced_precision.sample_weights",
             r"Seed 001's scikit-learn recipe, sample weights $0.5/(\text{class count})$, gives balanced precision.",
             conditions=DEFINED, target=BALANCED)
def _(d):
    weighted = d.step("Weighted counts", {"tp": half / (TP + FN) * TP, "fp": half / (FP + TN) * FP})
    return d.step("Ordinary precision of the weighted counts", counts.precision(**weighted))


@proof.claim("counts.balanced_precision.sample_weights_from_shares",
             r"The recipe as seed 001's code writes it, weights $0.5/(\text{class share})$ with shares of the $n$ samples, also gives "
             r"balanced precision: a common factor $n$ in the weights cancels.",
             conditions=DEFINED, target=BALANCED)
def _(d):
    shares = d.step("Class shares of the n samples", ((TP + FN) / n, (FP + TN) / n))
    weighted = d.step("Weighted counts", {"tp": half / shares[0] * TP, "fp": half / shares[1] * FP})
    return d.step("Ordinary precision of the weighted counts", counts.precision(**weighted))


@proof.claim("counts.prevalence.increasing",
             r"$\partial/\partial\pi$ of precision at prevalence $\pi$ is $TPR \cdot FPR/(\pi TPR + (1-\pi) FPR)^2$: precision rises with the "
             r"prevalence whenever TP and FP are positive.",
             conditions=AT_PREVALENCE, target=TPR * FPR / (prevalence * TPR + (1 - prevalence) * FPR) ** 2)
def _(d):
    return d.differentiate("d/dpi", d.step("Precision at prevalence pi", counts.precision_at_prevalence()), prevalence)


def at_prevalence_of_rates(d):
    """Precision at prevalence pi of a classifier with the rates TPR, FPR (counts of one positive and one negative)."""
    return d.step("Precision at prevalence pi with TP = TPR, FN = 1 - TPR, FP = FPR, TN = 1 - FPR",
                  counts.precision_at_prevalence(tp=RATES[0], fp=RATES[1], fn=1 - RATES[0], tn=1 - RATES[1]))


@proof.claim("counts.prevalence.limit_zero", r"For a classifier with positive rates $TPR$ and $FPR$, precision tends to 0 as the prevalence $\pi$ tends to 0.",
             conditions=tuple(x <= 1 for x in RATES), target=0)
def _(d):
    return d.limit("pi -> 0", at_prevalence_of_rates(d), prevalence, 0)


@proof.claim("counts.prevalence.limit_one", r"For a classifier with positive rates $TPR$ and $FPR$, precision tends to 1 as the prevalence $\pi$ tends to 1.",
             conditions=tuple(x <= 1 for x in RATES), target=1)
def _(d):
    return d.limit("pi -> 1", at_prevalence_of_rates(d), prevalence, 1, "-")


@proof.claim("counts.precision.falls_with_fp", r"Precision falls as FP rises, at fixed TP > 0: $\partial\,\mathrm{precision}/\partial FP < 0$.",
             conditions=(TP > 0,), relation="<", target=0)
def _(d):
    return d.differentiate("d precision / d FP", d.step("Precision", counts.precision()), FP)


@proof.claim("counts.precision.more_negatives",
             r"The same classifier on $k > 1$ times as many negatives (FP scaled by $k$, rates unchanged) has a lower precision, if TP, FP > 0.",
             conditions=(TP > 0, FP > 0, k > 1), relation="<", target=counts.precision())
def _(d):
    return d.step("Precision with FP scaled by k", counts.precision(TP, k * FP))


# Likelihood ratios (new)


@proof.claim("counts.prevalence.precision_odds",
             r"Precision odds are prior odds times the positive likelihood ratio: $p/(1-p) = \pi/(1-\pi) \cdot TPR/FPR$ for $p$ the precision at prevalence $\pi$.",
             source="new", conditions=AT_PREVALENCE + (TP > 0, FP > 0), target=prevalence / (1 - prevalence) * TPR / FPR)
def _(d):
    p = d.step("Precision at prevalence pi", counts.precision_at_prevalence())
    return d.step("Its odds", p / (1 - p))


@proof.claim("counts.balanced_precision.likelihood_ratio",
             r"Balanced precision is $LR_+/(1 + LR_+)$ with the positive likelihood ratio $LR_+ = TPR/FPR$.",
             source="new", conditions=DEFINED + (FP > 0,), target=(TPR / FPR) / (1 + TPR / FPR))
def _(d):
    return balanced(d)


# Rates and probabilities (seed 004)


@proof.claim("counts.fpr_is_one_minus_tnr", r"$FPR = 1 - TNR$.", source="seed 004", conditions=(FP + TN > 0,))
def _(d):
    return d.step("FPR", counts.fpr()), 1 - counts.tnr()


@proof.claim("counts.fnr_is_one_minus_tpr", r"$FNR = 1 - TPR$.", source="seed 004",
             conditions=(TP + FN > 0,))
def _(d):
    return d.step("FNR", counts.fnr()), 1 - counts.tpr()


@proof.claim("counts.erratum_fnr_named_tnr",
             r"Reading of seed 004's label: $FN/(FN+TP)$ is the TNR. False: it is the FNR, and differs from the TNR.",
             source="seed 004", expected="refuted", conditions=DEFINED)
def _(d):
    return d.step("FNR", counts.fnr()), counts.tnr()


@proof.claim("counts.precision.complement", r"$1 - \mathrm{precision} = FP/(TP+FP)$: precision is 1 exactly when FP = 0.",
             source="seed 004", conditions=(TP + FP > 0,), target=FP / (TP + FP))
def _(d):
    return d.step("One minus precision", 1 - counts.precision())


@proof.claim("counts.precision.fixed_predicted_positives",
             r"With the number of predicted positives $TP + FP = n$ fixed, precision is $1 - FP/n$: lowering FP is raising TP, and raises precision.",
             source="seed 004", target=1 - FP / n)
def _(d):
    return d.step("Precision with TP = n - FP", counts.precision(n - FP, FP))


def of_joint_probabilities(d, metric, other):
    """``metric`` of counts n times the joint probabilities p11 and ``other``: the n cancels."""
    p11, q = JOINT["p11"], JOINT[other]
    return d.step(f"{metric.__name__.capitalize()} of the counts n p11, n {other}", metric(n * p11, n * q)), p11 / (p11 + q)


@proof.claim("counts.precision.conditional_probability",
             r"Precision is the conditional probability $P(Y=1 \mid \hat Y=1)$: counts $n$ times the joint probabilities give "
             r"$p_{11}/(p_{11} + p_{01})$, whatever $n$.",
             source="seed 004")
def _(d):
    return of_joint_probabilities(d, counts.precision, "p01")


@proof.claim("counts.recall.conditional_probability",
             r"Recall is the conditional probability $P(\hat Y=1 \mid Y=1)$: counts $n$ times the joint probabilities give "
             r"$p_{11}/(p_{11} + p_{10})$, whatever $n$.",
             source="seed 004")
def _(d):
    return of_joint_probabilities(d, counts.recall, "p10")


@proof.claim("counts.erratum_precision_is_prevalence",
             r"Reading of seed 004: precision is the probability that a random sample is positive, $(TP+FN)/(TP+FP+FN+TN)$. "
             r"False: that is the prevalence.",
             source="seed 004", expected="refuted", conditions=DEFINED, target=(TP + FN) / (TP + FP + FN + TN))
def _(d):
    return d.step("Precision", counts.precision())


@proof.claim("counts.precision.depends_on_positive_class",
             r"Reading to reject: precision does not depend on which class is called positive, $TN/(TN+FN) = TP/(TP+FP)$.",
             source="seed 004", expected="refuted", conditions=DEFINED + (TN + FN > 0,), target=counts.precision())
def _(d):
    return d.step("Precision with the negative class as positive", counts.precision(TN, FN))


@proof.claim("counts.balanced_accuracy_is_mean_of_rates", r"Balanced accuracy is $(TPR + 1 - FPR)/2$.",
             source="new", conditions=DEFINED)
def _(d):
    return d.step("Balanced accuracy", counts.balanced_accuracy()), (counts.tpr() + 1 - counts.fpr()) / 2


@proof.claim("counts.f_beta_from_counts",
             r"$F_\beta$ of precision and recall is $(1+\beta^2)TP/((1+\beta^2)TP + \beta^2 FN + FP)$ wherever both are positive.",
             source="new", conditions=(TP > 0,))
def _(d):
    F = d.substitute("F_beta with P and R replaced by their count definitions", d.step("F_beta", f_beta()),
                     {P: counts.precision(), R: counts.recall()})
    return F, counts.f_beta_counts()


@proof.claim("counts.f_beta_from_sums",
             r"$F_\beta$ from counts is $(1+\beta^2)TP/(\beta^2 \cdot true\_sum + pred\_sum)$, with "
             r"$true\_sum = TP + FN$ and $pred\_sum = TP + FP$: the form in which symmetric.metrics (like "
             r"scikit-learn) evaluates it.",
             source="new", conditions=(TRUE_SUM + PRED_SUM > 0,))
def _(d):
    form, definition = counts.f_beta_from_sums()
    return d.step("F_beta from counts with FN = true_sum - TP, FP = pred_sum - TP", definition), \
        d.step("Evaluated form (denominator expanded)", form)


# Scores as set indices (new): predicted positives X, actual positives Y, |X & Y| = TP, |X - Y| = FP, |Y - X| = FN


@proof.claim("counts.jaccard.f1", r"$F_1 = 2J/(1 + J)$ with the Jaccard index $J = TP/(TP + FP + FN)$.",
             source="new", conditions=(TP > 0,), target=counts.f_beta_counts(beta=1))
def _(d):
    J = d.step("Jaccard index of predicted and actual positives", TP / (TP + FP + FN))
    return d.step("2J/(1 + J)", 2 * J / (1 + J))


@proof.claim("counts.tversky.f_beta",
             r"$F_\beta$ is the Tversky index $TP/(TP + a FP + b FN)$ with $a = 1/(1+\beta^2)$, $b = \beta^2/(1+\beta^2)$ ($F_1$: the Dice coefficient).",
             source="new", conditions=(TP > 0,), target=counts.f_beta_counts())
def _(d):
    a, b = d.step("Tversky weights", (1 / (1 + beta**2), beta**2 / (1 + beta**2)))
    return d.step("Tversky index", TP / (TP + a * FP + b * FN))


# The decision threshold (seed 004): scores N(2, 1) for positives, N(1, 1) for negatives, predicted positive above t


@proof.claim("counts.threshold.recall_falls", r"In seed 004's example (positive scores $N(2, 1)$), raising the threshold $t$ lowers recall: $dTPR/dt < 0$.",
             source="seed 004", relation="<", target=0)
def _(d):
    tpr = d.step("TPR(t) = P(X > t) for X ~ N(2, 1)", sympy.erfc((t - 2) / sympy.sqrt(2)) / 2)
    return d.differentiate("dTPR/dt", tpr, t)


@proof.claim("counts.threshold.fpr_falls", r"And it lowers the false positive rate (negative scores $N(1, 1)$): $dFPR/dt < 0$, fewer false positives and more false negatives.",
             source="seed 004", relation="<", target=0)
def _(d):
    fpr = d.step("FPR(t) = P(X > t) for X ~ N(1, 1)", sympy.erfc((t - 1) / sympy.sqrt(2)) / 2)
    return d.differentiate("dFPR/dt", fpr, t)


@proof.claim("counts.threshold.likelihood_ratio_rises",
             r"The likelihood ratio of the two score densities at a score $t$ is $f_+(t)/f_-(t) = e^{t - 3/2}$, which rises with $t$: "
             r"a higher threshold keeps samples that are more likely positive.",
             source="seed 004", target=sympy.exp(t - sympy.Rational(3, 2)))
def _(d):
    positive = d.step("Density of N(2, 1) at t", sympy.exp(-(t - 2) ** 2 / 2) / sympy.sqrt(2 * sympy.pi))
    negative = d.step("Density of N(1, 1) at t", sympy.exp(-(t - 1) ** 2 / 2) / sympy.sqrt(2 * sympy.pi))
    return d.step("f_+(t) / f_-(t)", positive / negative)


# Properties of G used by the metrics from labels


@proof.claim("scores.g_at_zero_recall_depends_on_precision",
             r"For $\rho > -1$, $G_{\beta,\rho}(P, R) \to cP$ as $R \to 0$ with $c = (\beta^\rho/(1+\beta^\rho))^{1/(\rho+1)} > 0$ "
             r"($c = \beta/(1+\beta)$ at the stipulated $\rho = 0$): with no recall G still depends on P, so it is undefined when P is.",
             source="new", conditions=(rho > -1,), timeout=60,
             target=sympy.Piecewise((beta / (1 + beta) * P, sympy.Eq(rho, 0)),
                                    ((beta**rho / (1 + beta**rho)) ** (1 / (rho + 1)) * P, True)))
def _(d):
    return d.limit("R -> 0", d.step("G", g_beta_rho()), R, 0)


if __name__ == "__main__":
    raise SystemExit(proof.main())
