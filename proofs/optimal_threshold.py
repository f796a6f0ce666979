"""The F-optimal threshold for calibrated probabilities (Lipton, Elkan and Narayanaswamy 2014).

Give each item a calibrated probability ``p`` of being positive. For a set
``S`` of items predicted positive, the *expected counts* are
``TP = sum of p over S``, ``FP = sum of 1 - p over S`` and ``FN = sum of p
outside S``; ``F_beta`` of these counts is the plug-in (large-sample)
expected F-score. What is proven here is exact for that plug-in score, not
for the expectation of F over outcomes:

* moving one item of probability ``p`` into ``S`` changes F by
  ``((1 + beta^2) p - F)/(D + 1)``, where ``D = (1 + beta^2) TP + beta^2 FN + FP``
  is F's denominator before the move (``D + 1 > 0``), so it raises F exactly
  when ``p > F/(1 + beta^2)``;
* moving one item of ``S`` out changes F by ``-((1 + beta^2) p - F)/(D - 1)``
  (``D > 1``), so it lowers F exactly when ``p > F/(1 + beta^2)``.

Hence at a set ``S*`` maximizing the plug-in F, with maximum ``F*``, every
item inside has ``p >= F*/(1 + beta^2)`` and every item outside has
``p <= F*/(1 + beta^2)``: the scores of the optimal set straddle
``F*/(1 + beta^2)`` (``F*/2`` for F1). ``best_threshold(..., optimality=True)``
reports whether a chosen threshold satisfies that condition.

Run ``python proofs/optimal_threshold.py`` to print every derivation.
"""

import sympy

from symmetric.families import counts
from symmetric.symbols import FN, FP, TP, beta
from symmetric.verify.claims import Proof

proof = Proof(
    "optimal_threshold",
    "The F-optimal threshold of calibrated probabilities",
    source="new",
    summary="Adding or removing one item changes the plug-in F_beta by ((1 + beta^2) p - F)/(D +- 1).",
)

p = sympy.Symbol("p", positive=True)
F = counts.f_beta_counts()
D = (1 + beta**2) * TP + beta**2 * FN + FP
#: An item of S: its share of TP and FP is p and 1 - p, the rest t and s.
t, s = sympy.symbols("t s", nonnegative=True)
INSIDE = {TP: p + t, FP: 1 - p + s}
F_INSIDE = F.subs(INSIDE, simultaneous=True)


@proof.claim("threshold.add_item",
             r"Adding an item of probability $p$ to the predicted positives changes the plug-in $F_\beta$ by "
             r"$((1+\beta^2)p - F_\beta)/(D + 1)$ with $D = (1+\beta^2)TP + \beta^2 FN + FP$: it raises "
             r"$F_\beta$ iff $p > F_\beta/(1+\beta^2)$.",
             conditions=(p < 1, FN >= p, TP + FP > 0))
def _(d):
    moved = d.step("The item moves from the predicted negatives: TP + p, FP + (1 - p), FN - p",
                   counts.f_beta_counts(beta, TP + p, FP + 1 - p, FN - p))
    return d.step("Change of F", moved - F), ((1 + beta**2) * p - F) / (D + 1)


@proof.claim("threshold.remove_item",
             r"Removing an item of probability $p$ from the predicted positives changes $F_\beta$ by "
             r"$-((1+\beta^2)p - F_\beta)/(D - 1)$: with $D > 1$ it lowers $F_\beta$ iff $p > F_\beta/(1+\beta^2)$.",
             conditions=(p < 1, TP >= p, FP >= 1 - p, D > 1))
def _(d):
    moved = d.step("The item moves to the predicted negatives: TP - p, FP - (1 - p), FN + p",
                   counts.f_beta_counts(beta, TP - p, FP - (1 - p), FN + p))
    return d.step("Change of F", moved - F), -((1 + beta**2) * p - F) / (D - 1)


@proof.claim("threshold.add_item_sign",
             r"The change of $F_\beta$ when the item is added has the sign of $p - F_\beta/(1+\beta^2)$: "
             r"their ratio is positive.",
             conditions=(p < 1, FN >= p, TP + FP > 0, sympy.Ne((1 + beta**2) * p, F)))
def _(d):
    moved = counts.f_beta_counts(beta, TP + p, FP + 1 - p, FN - p)
    return d.step("Change of F over p - F/(1 + beta^2)", (moved - F) / (p - F / (1 + beta**2))), ">", 0


@proof.claim("threshold.remove_item_sign",
             r"The change of $F_\beta$ when an item of $S$ is removed has the sign of $F_\beta/(1+\beta^2) - p$: "
             r"its ratio to $p - F_\beta/(1+\beta^2)$ is negative.",
             conditions=(p < 1, sympy.Ne((1 + beta**2) * p, F_INSIDE)))
def _(d):
    d.step("The item is in S: TP = p + t, FP = 1 - p + s with t, s >= 0 (then D > 1)", INSIDE)
    before = F_INSIDE
    after = counts.f_beta_counts(beta, t, s, FN + p)
    return d.step("Change of F over p - F/(1 + beta^2)", (after - before) / (p - before / (1 + beta**2))), "<", 0


if __name__ == "__main__":
    raise SystemExit(proof.main())
