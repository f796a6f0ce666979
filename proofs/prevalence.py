"""Any count metric at another prevalence: reweighting the classes at fixed TPR and FPR.

``symmetric.families.counts.reweighted`` gives each positive the weight
``pi/(TP + FN)`` and each negative ``(1 - pi)/(FP + TN)``: a data set of
total 1 in which positives make up ``pi`` and the classifier keeps its true
and false positive rates. A metric "at prevalence pi"
(``symmetric.metrics.at_prevalence``) is the metric of those cells. The
claims show that this is the precision-at-prevalence of seed 001 for
precision, balanced precision at 1/2, the plain metric at the data's own
prevalence, and unchanged when either class is scaled.

Run ``python proofs/prevalence.py`` to print every derivation.
"""

import sympy

from symmetric.families import counts
from symmetric.symbols import FN, FP, TN, TP, beta, prevalence
from symmetric.verify.claims import Proof

proof = Proof(
    "prevalence",
    "Metrics at another prevalence",
    source="new",
    summary="Count metrics on cells reweighted to a target prevalence at the same TPR and FPR.",
)

k = sympy.Symbol("k", positive=True)
DEFINED = (TP + FP > 0, FN + TP > 0, FP + TN > 0)
TARGET = DEFINED + (prevalence < 1,)
#: G of counts is a mean of P and R, both positive.
G_DEFINED = (TP > 0, FP + TN > 0)
OWN = (TP + FN) / (TP + FP + FN + TN)


def at(d, expr, target=prevalence):
    return d.step(f"The metric on the cells reweighted to prevalence {target}", counts.at_prevalence(expr, target))


# Precision of the reweighted cells is precision at prevalence pi (and at 1/2 balanced precision): the claims
# counts.prevalence.sample_weights and counts.balanced_precision.sample_weights of proofs/confusion_matrix.py
# (the reweighting is seed 001's sample-weight recipe), not restated here.


@proof.claim("prevalence.recall_unchanged", "Recall does not depend on the prevalence.", conditions=TARGET)
def _(d):
    return at(d, counts.recall()), counts.recall()


@proof.claim("prevalence.specificity_unchanged", "Specificity does not depend on the prevalence.",
             conditions=TARGET)
def _(d):
    return at(d, counts.specificity()), counts.specificity()


@proof.claim("prevalence.f_beta_rates",
             r"$F_\beta$ at prevalence $\pi$ is $(1+\beta^2)\pi\,TPR / (\pi\,TPR + \beta^2\pi + (1-\pi)\,FPR)$.",
             conditions=TARGET)
def _(d):
    t, f = counts.tpr(), counts.fpr()
    return at(d, counts.f_beta_counts()), (1 + beta**2) * prevalence * t / (prevalence * t + beta**2 * prevalence
                                                                            + (1 - prevalence) * f)


@proof.claim("prevalence.accuracy_rates",
             r"Accuracy at prevalence $\pi$ is $\pi\,TPR + (1-\pi)\,TNR$.", conditions=TARGET)
def _(d):
    return at(d, counts.accuracy()), prevalence * counts.tpr() + (1 - prevalence) * counts.tnr()


# At the data's own prevalence, and under scaling of one class

#: The metrics of the claims below: a name for the id, how the sentence names it, its definition, its domain.
METRICS = {
    "precision": ("precision", counts.precision, DEFINED),
    "accuracy": ("accuracy", counts.accuracy, DEFINED),
    "f_beta": (r"$F_\beta$", counts.f_beta_counts, DEFINED),
    "g_beta_rho": (r"$G_{\beta,\rho}$", counts.g_beta_rho_counts, G_DEFINED),
}
SCALINGS = {
    "positives": ("TP and FN", {TP: k * TP, FN: k * FN}),
    "negatives": ("FP and TN", {FP: k * FP, TN: k * TN}),
}


def own(d, expr):
    return at(d, expr, OWN), expr


def scaled(d, expr, what, mapping):
    metric = at(d, expr)
    return d.substitute(f"Scale {what} by k", metric, mapping), metric  # symbols for symbols: exact, simultaneous


for name, (label, definition, domain) in METRICS.items():
    proof.claim(f"prevalence.own.{name}",
                f"At the data's own prevalence (TP + FN)/N, {label} keeps its value.",
                conditions=domain)(lambda d, definition=definition: own(d, definition()))
for name, (label, definition, domain) in METRICS.items():
    if name == "precision":  # claims counts.prevalence.*_scaled
        continue
    for side, (what, mapping) in SCALINGS.items():
        proof.claim(f"prevalence.scaled.{name}_{side}",
                    f"{label.capitalize() if name == 'accuracy' else label} at prevalence $\\pi$ does not change "
                    f"when the {side} ({what}) are scaled by any $k > 0$.",
                    conditions=domain + (prevalence < 1,))(
            lambda d, definition=definition, what=what, mapping=mapping: scaled(d, definition(), what, mapping))


if __name__ == "__main__":
    raise SystemExit(proof.main())
