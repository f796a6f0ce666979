"""Metrics from the confusion matrix: balanced precision, rates, micro and weighted averages.

Seed 001 proposes a *balanced precision*, precision re-weighted as if both
classes were equally frequent; here it is the case ``pi = 1/2`` of precision
at a target prevalence ``pi*TPR/(pi*TPR + (1-pi)*FPR)``. Seed 003 describes
scikit-learn's support-weighted average and seed 004 the rates and the micro
and macro averages. The multiclass claims use a 3-class confusion matrix of
symbolic cells ``C_ij`` (true class i, predicted class j).

The last claim is a property of G_{beta,rho} that ``symmetric.metrics``
relies on: for rho > -1 its value at R = 0 still depends on P (so G is
undefined when P is undefined and R = 0). Its limits at beta = 0 and
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
    summary="Balanced precision, the rates of seed 004, and micro, macro and weighted averages, from symbolic counts.",
)

k = sympy.Symbol("k", positive=True)
half = sympy.Rational(1, 2)
DEFINED = (TP + FP > 0, TP + FN > 0, FP + TN > 0)


def balanced(d, **cells):
    return d.step("Balanced precision: precision at prevalence 1/2", counts.balanced_precision(**cells))


# Balanced precision and precision at a prevalence (seed 001)


@proof.claim("counts.balanced_precision.seed_form",
             r"Seed 001's $k_1 TP/(k_1 TP + k_2 FP)$ with $k_1 = 0.5/(TP+FN)$, $k_2 = 0.5/(TN+FP)$ is precision at prevalence 1/2.",
             conditions=DEFINED)
def _(d):
    k1 = d.step("k1 = 0.5 / actual positives", half / (TP + FN))
    k2 = d.step("k2 = 0.5 / actual negatives", half / (TN + FP))
    return k1 * TP / (k1 * TP + k2 * FP), balanced(d)


@proof.claim("counts.balanced_precision.rates", r"Balanced precision is $TPR/(TPR + FPR)$.", conditions=DEFINED)
def _(d):
    return balanced(d), counts.tpr() / (counts.tpr() + counts.fpr())


def scaled_prevalence_precision(d, what, mapping):
    stated = counts.precision_at_prevalence()
    return d.step(f"Scale {what} by k", stated.subs(mapping, simultaneous=True)), stated


@proof.claim("counts.prevalence.negatives_scaled",
             r"Precision at prevalence $\pi$ does not change when the negative class (FP, TN) is scaled by any $k > 0$.",
             conditions=DEFINED + (prevalence < 1,))
def _(d):
    return scaled_prevalence_precision(d, "FP and TN", {FP: k * FP, TN: k * TN})


@proof.claim("counts.prevalence.positives_scaled",
             r"Precision at prevalence $\pi$ does not change when the positive class (TP, FN) is scaled by any $k > 0$.",
             conditions=DEFINED + (prevalence < 1,))
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
             r"Precision with sample weight $\pi/(TP+FN)$ on positives and $(1-\pi)/(FP+TN)$ on negatives is precision at prevalence $\pi$.",
             conditions=DEFINED + (prevalence < 1,))
def _(d):
    w_pos = d.step("Weight of each actual positive", prevalence / (TP + FN))
    w_neg = d.step("Weight of each actual negative", (1 - prevalence) / (FP + TN))
    weighted = d.step("Weighted counts: TP and FN carry w_pos, FP and TN carry w_neg",
                      {"tp": w_pos * TP, "fp": w_neg * FP})
    return d.step("Ordinary precision of the weighted counts", counts.precision(**weighted)), counts.precision_at_prevalence()


@proof.claim("counts.balanced_precision.sample_weights",
             r"Seed 001's scikit-learn recipe, sample weights $0.5/(\text{class count})$, gives balanced precision.",
             conditions=DEFINED)
def _(d):
    weighted = d.step("Weighted counts", {"tp": half / (TP + FN) * TP, "fp": half / (FP + TN) * FP})
    return counts.precision(**weighted), counts.balanced_precision()


SEED_DATASETS = {
    "imbalanced": {TP: 90, FP: 50, FN: 10, TN: 850},
    "balanced": {TP: 90, FP: 10, FN: 10, TN: 170},
}


@proof.claim("counts.seed_example.precision_imbalanced",
             "Seed 001's first confusion matrix (TP 90, FP 50, FN 10, TN 850) has precision 9/14, about 0.64.")
def _(d):
    return d.step("Precision", counts.precision().subs(SEED_DATASETS["imbalanced"])), sympy.Rational(9, 14)


@proof.claim("counts.seed_example.precision_balanced",
             "Seed 001's second confusion matrix (TP 90, FP 10, FN 10, TN 170) has precision 9/10.")
def _(d):
    return d.step("Precision", counts.precision().subs(SEED_DATASETS["balanced"])), sympy.Rational(9, 10)


@proof.claim("counts.seed_example.balanced_precision_imbalanced",
             "Seed 001's first confusion matrix has balanced precision 81/86, about 0.94.")
def _(d):
    return d.step("Balanced precision", counts.balanced_precision().subs(SEED_DATASETS["imbalanced"])), sympy.Rational(81, 86)


@proof.claim("counts.seed_example.balanced_precision_balanced",
             "Seed 001's second confusion matrix has the same balanced precision, 81/86.")
def _(d):
    return d.step("Balanced precision", counts.balanced_precision().subs(SEED_DATASETS["balanced"])), sympy.Rational(81, 86)


# Rates (seed 004)


@proof.claim("counts.fpr_is_one_minus_tnr", r"$FPR = 1 - TNR$.", source="seed 004", conditions=(FP + TN > 0,))
def _(d):
    return counts.fpr(), 1 - counts.tnr()


@proof.claim("counts.fnr_is_one_minus_tpr", r"$FNR = 1 - TPR$.", source="seed 004", conditions=(TP + FN > 0,))
def _(d):
    return counts.fnr(), 1 - counts.tpr()


@proof.claim("counts.erratum_fnr_named_tnr",
             r"Seed 004 labels $FN/(FN+TP)$ as TNR; the two differ (an erratum in the label, not the formula).",
             source="seed 004", expected="refuted", conditions=DEFINED)
def _(d):
    return counts.fnr(), counts.tnr()


@proof.claim("counts.balanced_accuracy_is_mean_of_rates", r"Balanced accuracy is $(TPR + 1 - FPR)/2$.",
             source="seed 004", conditions=DEFINED)
def _(d):
    return counts.balanced_accuracy(), (counts.tpr() + 1 - counts.fpr()) / 2


@proof.claim("counts.f_beta_from_counts",
             r"$F_\beta$ of precision and recall is $(1+\beta^2)TP/((1+\beta^2)TP + \beta^2 FN + FP)$ wherever both are positive.",
             source="new", conditions=(TP > 0,))
def _(d):
    F = d.step("F_beta with P and R replaced by their count definitions",
               f_beta().subs({P: counts.precision(), R: counts.recall()}, simultaneous=True))
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


# Multiclass averages on a 3-class confusion matrix (seeds 003, 004)

N_CLASSES = 3
C = sympy.Matrix(N_CLASSES, N_CLASSES, lambda i, j: sympy.Symbol(f"C_{i}{j}", nonnegative=True))
CLASSES = range(N_CLASSES)
TOTAL = sum(C)
NONEMPTY = tuple(sum(C.row(i)) > 0 for i in CLASSES) + tuple(sum(C.col(j)) > 0 for j in CLASSES)


def one_vs_rest(d):
    """Per-class (tp, fp, fn): the diagonal, the column and the row without it."""
    cells = [(C[i, i], sum(C.col(i)) - C[i, i], sum(C.row(i)) - C[i, i]) for i in CLASSES]
    return d.step("One-vs-rest counts of class i: tp = C_ii, fp = column i - C_ii, fn = row i - C_ii", cells)


def accuracy(d):
    return d.step("Accuracy: the diagonal over the total", C.trace() / TOTAL)


def summed(cells):
    return tuple(sum(c[n] for c in cells) for n in range(3))


@proof.claim("multiclass.micro_precision_is_accuracy",
             "For single-label multiclass targets, micro-averaged precision is accuracy.",
             source="seed 004", conditions=NONEMPTY)
def _(d):
    tp, fp, _ = d.step("Sum the counts over classes", summed(one_vs_rest(d)))
    return counts.precision(tp, fp), accuracy(d)


@proof.claim("multiclass.micro_recall_is_accuracy",
             "For single-label multiclass targets, micro-averaged recall is accuracy.",
             source="seed 004", conditions=NONEMPTY)
def _(d):
    tp, _, fn = d.step("Sum the counts over classes", summed(one_vs_rest(d)))
    return counts.recall(tp, fn), accuracy(d)


@proof.claim("multiclass.micro_f_beta_is_accuracy",
             r"For single-label multiclass targets, micro-averaged $F_\beta$ is accuracy, for every $\beta$.",
             source="seed 004", conditions=NONEMPTY)
def _(d):
    tp, fp, fn = d.step("Sum the counts over classes", summed(one_vs_rest(d)))
    return counts.f_beta_counts(beta, tp, fp, fn), accuracy(d)


def class_weighted(d, rate, weight):
    cells = one_vs_rest(d)
    values = [rate(c) for c in cells]
    weights = d.step("Weights", [weight(c) for c in cells])
    return d.step("Weighted mean of the per-class values", sum(w * v for w, v in zip(weights, values)) / sum(weights))


@proof.claim("multiclass.support_weighted_recall_is_micro",
             "Recall averaged with weights equal to the support (true counts) is micro-averaged recall.",
             source="seed 003", conditions=NONEMPTY)
def _(d):
    weighted = class_weighted(d, lambda c: counts.recall(c[0], c[2]), lambda c: c[0] + c[2])
    tp, _, fn = summed(one_vs_rest(d))
    return weighted, counts.recall(tp, fn)


@proof.claim("multiclass.support_weighted_precision_is_micro",
             "Precision averaged with weights equal to the support (true counts) is micro-averaged precision: false in general.",
             source="seed 004", expected="refuted", conditions=NONEMPTY)
def _(d):
    weighted = class_weighted(d, lambda c: counts.precision(c[0], c[1]), lambda c: c[0] + c[2])
    tp, fp, _ = summed(one_vs_rest(d))
    return weighted, counts.precision(tp, fp)


@proof.claim("multiclass.prediction_weighted_precision_is_micro",
             "Precision averaged with weights equal to the predicted counts is micro-averaged precision.",
             source="new", conditions=NONEMPTY)
def _(d):
    weighted = class_weighted(d, lambda c: counts.precision(c[0], c[1]), lambda c: c[0] + c[1])
    tp, fp, _ = summed(one_vs_rest(d))
    return weighted, counts.precision(tp, fp)


# Properties of G used by the metrics from labels


@proof.claim("scores.g_at_zero_recall_depends_on_precision",
             r"For $\rho > -1$, $G_{\beta,\rho}(P, 0) > 0$: with no recall G still depends on P, so it is undefined when P is.",
             source="new", conditions=(rho > -1,))
def _(d):
    return sympy.Limit(g_beta_rho(), R, 0), ">", 0


if __name__ == "__main__":
    raise SystemExit(proof.main())
