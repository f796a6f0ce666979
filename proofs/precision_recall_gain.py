"""Precision-recall gain (Flach and Kull 2015) and the unachievable region of PR space (Boyd et al. 2012).

The gains rescale precision and recall harmonically so that the
always-positive classifier (precision = prevalence pi) scores 0 and a perfect
one 1. In counts they are ``1 - (pi/(1 - pi)) FP/TP`` and ``1 - (pi/(1 - pi))
FN/TP``, and F-gain is linear in them. Boyd et al.: at prevalence pi no
classifier has precision below ``pi r/(pi r + 1 - pi)`` at recall r (every
negative predicted positive); the area below that curve, which no PR curve
can enter, is ``1 + (1 - pi) ln(1 - pi)/pi``. The targets are typed here as
the papers state them; the derivations start from
:mod:`symmetric.families.confusion`.

Run ``python proofs/precision_recall_gain.py`` to print every derivation.
"""

import sympy

from symmetric.families import confusion, counts
from symmetric.symbols import FN, FP, TN, TP, beta, prevalence
from symmetric.verify.claims import Proof

proof = Proof(
    "precision_recall_gain",
    "Precision-recall gain and the unachievable region",
    source="new",
    order=10,
    summary="Flach and Kull's gains in counts, F-gain linear in them, the always-positive classifier, "
            "and Boyd et al.'s minimum precision and the area of the unachievable region.",
)

BOTH_CLASSES = (TP > 0, FP + TN > 0)
#: pi/(1 - pi) of the data: positives over negatives.
ODDS = (TP + FN) / (FP + TN)


@proof.claim("confusion.gain.precision_in_counts",
             r"Precision gain is $1 - \frac{\pi}{1-\pi}\frac{FP}{TP}$, with $\pi$ the data's prevalence.",
             conditions=BOTH_CLASSES, target=1 - ODDS * FP / TP)
def _(d):
    return d.step("Precision gain of the counts", confusion.precision_gain())


@proof.claim("confusion.gain.recall_in_counts",
             r"Recall gain is $1 - \frac{\pi}{1-\pi}\frac{FN}{TP}$.", conditions=BOTH_CLASSES,
             target=1 - ODDS * FN / TP)
def _(d):
    return d.step("Recall gain of the counts", confusion.recall_gain())


@proof.claim("confusion.gain.f_gain_linear",
             r"$F_\beta$-gain is $(\mathrm{precG} + \beta^2\,\mathrm{recG})/(1 + \beta^2)$: linear in the gains.",
             conditions=BOTH_CLASSES,
             target=(confusion.precision_gain() + beta**2 * confusion.recall_gain()) / (1 + beta**2))
def _(d):
    return d.step("F_beta-gain of the counts", confusion.f_gain(beta))


ALWAYS = {FN: sympy.Integer(0), TN: sympy.Integer(0)}
PI_ALWAYS = TP / (TP + FP)   # the prevalence, when every sample is predicted positive


@proof.claim("confusion.gain.always_positive_f1",
             r"The always-positive classifier has $F_1 = 2\pi/(1 + \pi)$.", conditions=(TP > 0,),
             target=2 * PI_ALWAYS / (1 + PI_ALWAYS))
def _(d):
    f1 = d.step("F1 of the counts", counts.f_beta_counts(1))
    return d.substitute("Every sample predicted positive: FN = TN = 0", f1, ALWAYS)


r, f = sympy.Symbol("r", positive=True), sympy.Symbol("f", positive=True)
UNIT = (prevalence < 1, r <= 1, f <= 1)


@proof.claim("unachievable.minimum_precision",
             r"At prevalence $\pi$ and recall $r$, precision is at least $\pi r/(\pi r + 1 - \pi)$, reached at "
             r"FPR = 1 (``minimum_precision``).", conditions=UNIT, target=confusion.minimum_precision(r, prevalence),
             relation=">=", by="inequality prover")
def _(d):
    return d.step("Precision at prevalence pi with TPR = r, FPR = f",
                  prevalence * r / (prevalence * r + (1 - prevalence) * f))


@proof.claim("unachievable.area",
             r"The unachievable region has area $1 + (1 - \pi)\ln(1 - \pi)/\pi$ (``unachievable_area``).",
             conditions=(prevalence < 1,), target=confusion.unachievable_area(prevalence))
def _(d):
    integral = d.step("Integrate the minimum precision over recall", sympy.Integral(
        confusion.minimum_precision(r, prevalence), (r, 0, 1)))
    return d.apply("Evaluate the integral (SymPy's integrate)", lambda e: e.doit(), integral)


if __name__ == "__main__":
    raise SystemExit(proof.main())
