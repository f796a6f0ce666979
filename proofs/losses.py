"""The metric losses of symmetric.losses move each probability toward its label.

A loss is 1 - M(P, R) of the soft counts ``TP = sum y p``, ``FP = sum (1 - y) p``,
``FN = sum y (1 - p)``. Raising the probability ``p_i`` of a positive sample
(``y_i = 1``) raises TP and lowers FN by as much; of a negative sample, raises
FP. The claims: precision does not fall with TP and falls with FP; recall
rises when TP rises and FN falls; F_beta from counts rises in the first case
and falls in the second. With ``dG/dP = t G / P > 0`` and
``dG/dR = (1 - t) G / R > 0`` (claims ``numeric.gradient.p`` and
``numeric.gradient.r``), every G_{beta,rho} loss then falls as ``p_i`` moves
toward ``y_i``: its derivative in ``p_i`` is <= 0 for a positive label and
>= 0 for a negative one.

Run ``python proofs/losses.py`` to print every derivation.
"""

import sympy

from symmetric.families import counts
from symmetric.symbols import FN, FP, TP, beta
from symmetric.verify.claims import Proof

proof = Proof(
    "losses",
    "Metric losses move probabilities toward labels",
    source="new",
    summary="The soft-count losses of symmetric.losses: the sign of their derivative in each probability.",
)

POSITIVE = (TP > 0, FP > 0, FN > 0)


@proof.claim("losses.precision.positive_sample", r"Raising a positive sample's probability does not lower precision: "
             r"$\partial\,\mathrm{precision}/\partial TP \ge 0$.", conditions=POSITIVE, relation=">=", target=0)
def _(d):
    return d.step("d precision / d TP", sympy.diff(counts.precision(), TP))


@proof.claim("losses.precision.negative_sample", r"Raising a negative sample's probability lowers precision: "
             r"$\partial\,\mathrm{precision}/\partial FP < 0$.", conditions=POSITIVE, relation="<", target=0)
def _(d):
    return d.step("d precision / d FP", sympy.diff(counts.precision(), FP))


@proof.claim("losses.recall.positive_sample", r"Raising a positive sample's probability raises recall: "
             r"$\partial\,\mathrm{recall}/\partial TP - \partial\,\mathrm{recall}/\partial FN > 0$.",
             conditions=POSITIVE, relation=">", target=0)
def _(d):
    r = counts.recall()
    return d.step("d recall / d TP - d recall / d FN", sympy.diff(r, TP) - sympy.diff(r, FN))


@proof.claim("losses.f_beta.positive_sample", r"The F-beta loss falls as a positive sample's probability rises: "
             r"$\partial F_\beta/\partial TP - \partial F_\beta/\partial FN > 0$.", conditions=POSITIVE, relation=">",
             target=0)
def _(d):
    f = d.step("F-beta from counts", counts.f_beta_counts(beta))
    return d.step("d F / d TP - d F / d FN", sympy.diff(f, TP) - sympy.diff(f, FN))


@proof.claim("losses.f_beta.negative_sample", r"The F-beta loss rises with a negative sample's probability: "
             r"$\partial F_\beta/\partial FP < 0$.", conditions=POSITIVE, relation="<", target=0)
def _(d):
    f = d.step("F-beta from counts", counts.f_beta_counts(beta))
    return d.step("d F / d FP", sympy.diff(f, FP))


if __name__ == "__main__":
    raise SystemExit(proof.main())
