"""Ranking metrics: ROC AUC as the Mann-Whitney statistic, average precision as a step area, ROC and PR points.

Sort the samples by decreasing score; samples with equal scores form a
block, which enters the predicted positives all at once. Take a block with
``a`` positives and ``b`` negatives, below ``tp`` positives and ``fp``
negatives, in data of ``m`` positives and ``n`` negatives:

* the ROC curve runs straight from ``(fp/n, tp/m)`` to ``((fp + b)/n,
  (tp + a)/m)``; its trapezoid has area ``(b tp + a b/2)/(m n)``, the share
  of (positive, negative) pairs that the block's negatives lose, ties
  counted one half. Every pair is counted once, at its negative's block,
  so the area under the curve is the Mann-Whitney statistic (claims
  ``ranking.auc.mann_whitney*``). The kernel of a pair depends only on the
  sign of the difference of its scores, which a strictly increasing
  transform keeps (``ranking.auc.order_only``);
* average precision adds ``(R_n - R_{n-1}) P_n``, the recall the block adds
  times the block's precision: the area under the precision-recall curve
  drawn as steps (``ranking.ap.step_area``), at most the recall step
  (so AP <= 1), and at least the precision the worst ranking gives the same
  positives (``ranking.ap.block_floor``, ``ranking.ap.worst_increasing``):
  AP is at least ``(1/m) sum_k k/(k + n)``. It is *not* at least the
  positive rate (``ranking.ap.below_positive_rate``, refuted);
* at one threshold, the ROC point (FPR, TPR) and the PR point (recall,
  precision) determine each other through the prevalence
  (``ranking.roc_pr.*``, the relation of ``counts.precision_at_prevalence``
  at the data's own prevalence).

``symmetric.metrics`` computes these with scikit-learn's operations; the
tests (tests/proofs/test_ranking.py) check its values against these
statements. Run ``python proofs/ranking.py`` to print every derivation.
"""

import sympy

from symmetric.families import counts
from symmetric.symbols import FN, FP, TN, TP
from symmetric.verify.claims import Proof

proof = Proof(
    "ranking",
    "ROC AUC, average precision and the ROC and precision-recall points",
    source="new",
    summary="The trapezoids of the ROC curve are the Mann-Whitney pairs; AP is the step area of the PR curve, "
            "between the worst ranking's AP and 1; ROC and PR points map through the prevalence.",
)

#: Positives and negatives in the data.
m, n = sympy.symbols("m n", positive=True)
#: Positives and negatives above the block, and in it.
tp, fp, a, b = sympy.symbols("tp fp a b", nonnegative=True)
BLOCK = (tp + a <= m, fp + b <= n)


def roc_point(d, when, positives, negatives):
    """The ROC point (FPR, TPR) with ``positives`` and ``negatives`` predicted: the rates of families.counts."""
    return (d.step(f"FPR {when}", counts.fpr(negatives, n - negatives)),
            d.step(f"TPR {when}", counts.tpr(positives, m - positives)))


@proof.claim("ranking.auc.mann_whitney",
             r"The ROC curve crosses a block of tied scores ($a$ positives, $b$ negatives, below $tp$ positives and "
             r"$fp$ negatives) in a straight segment whose trapezoid has area $(b\,tp + ab/2)/(mn)$: the pairs of a "
             r"positive and one of the block's negatives, won by the positive (1) or tied (1/2), over all $mn$ "
             r"pairs. Summed over the blocks, the area under the ROC curve is the Mann-Whitney statistic.",
             conditions=BLOCK, target=(b * tp + a * b / 2) / (m * n))
def _(d):
    x0, y0 = roc_point(d, "before the block", tp, fp)
    x1, y1 = roc_point(d, "after the block", tp + a, fp + b)
    return d.apply("The trapezoid between the two points", lambda x0, y0, x1, y1: (x1 - x0) * (y0 + y1) / 2,
                   x0, y0, x1, y1)


a1, a2, a3, b1, b2, b3 = sympy.symbols("a1 a2 a3 b1 b2 b3", nonnegative=True)
THREE = (a1 + a2 + a3 > 0, b1 + b2 + b3 > 0)


@proof.claim("ranking.auc.mann_whitney_three_blocks",
             r"With three blocks of scores, the trapezoids from (0, 0) to (1, 1) add up to the Mann-Whitney "
             r"statistic: each block's negatives lose to every positive of a higher block and tie with their "
             r"own block's positives.",
             conditions=THREE,
             target=(b1 * a1 / 2 + b2 * (a1 + a2 / 2) + b3 * (a1 + a2 + a3 / 2))
             / ((a1 + a2 + a3) * (b1 + b2 + b3)))
def _(d):
    total_pos, total_neg = a1 + a2 + a3, b1 + b2 + b3
    xs = [sympy.Integer(0), b1 / total_neg, (b1 + b2) / total_neg, sympy.Integer(1)]
    ys = [sympy.Integer(0), a1 / total_pos, (a1 + a2) / total_pos, sympy.Integer(1)]
    d.step("The ROC points: cumulative shares of negatives and of positives", (tuple(xs), tuple(ys)))
    return d.step("The sum of the trapezoids",
                  sum((xs[i + 1] - xs[i]) * (ys[i] + ys[i + 1]) / 2 for i in range(3)))


score_gap, k = sympy.Symbol("d", real=True), sympy.Symbol("k", positive=True)


def kernel(u):
    """The Mann-Whitney kernel of a pair whose scores differ by ``u``: 1 above, 1/2 tied, 0 below."""
    return sympy.Piecewise((0, u < 0), (sympy.S.Half, sympy.Eq(u, 0)), (1, True))


@proof.claim("ranking.auc.order_only",
             r"The Mann-Whitney kernel of a pair (1 if the positive's score is above, 1/2 tied, 0 below) is "
             r"unchanged by a strictly increasing transform $f$ of the scores: $f(x) - f(y) = k (x - y)$ with the "
             r"secant slope $k > 0$ (any $k$ for a tie). So AUC depends only on the order of the scores.",
             target=kernel(score_gap))
def _(d):
    gap = d.step("The difference of the transformed scores: k (x - y), k > 0", k * score_gap)
    return d.apply("The kernel of the transformed pair", kernel, gap)


def block_precision(d):
    return d.step("Precision once the block is predicted positive", counts.precision(tp + a, fp + b))


@proof.claim("ranking.ap.step_area",
             r"Average precision's term for a block, $(R_n - R_{n-1})P_n = a(tp + a)/(m(tp + a + fp + b))$, is the "
             r"area under the precision-recall curve drawn as a step: the block's precision held over the recall "
             r"it adds. (A constant score is one block, $tp = fp = 0$, $a = m$, $b = n$: its AP is the positive "
             r"rate $m/(m + n)$.)",
             conditions=BLOCK + (tp + a + fp + b > 0,), target=a * (tp + a) / (m * (tp + a + fp + b)))
def _(d):
    precision = block_precision(d)
    r = sympy.Symbol("r", nonnegative=True)
    area = d.step("Integrate the step over recall", sympy.Integral(precision, (r, tp / m, (tp + a) / m)))
    return d.apply("Evaluate the integral (SymPy's integrate)", lambda e: e.doit(), area)


@proof.claim("ranking.ap.at_most_recall_step",
             r"A block's term of average precision is at most the recall it adds, $a/m$ (precision is at most 1); "
             r"the recall steps add up to 1, so AP <= 1.",
             conditions=BLOCK + (tp + a + fp + b > 0,), target=a / m, relation="<=")
def _(d):
    return d.apply("Recall step times precision", lambda p: a / m * p, block_precision(d))


below = sympy.Symbol("s", nonnegative=True)


@proof.claim("ranking.ap.block_floor",
             r"A block's precision is at least $(tp + a)/(tp + a + n)$, the precision of its last positive had "
             r"every negative been ranked above it: of the $n = fp + b + s$ negatives, $s \ge 0$ lie below the "
             r"block.",
             conditions=(tp + a > 0,), target=(tp + a) / (tp + a + fp + b + below), relation=">=")
def _(d):
    return block_precision(d)


j = sympy.Symbol("j", positive=True)


@proof.claim("ranking.ap.worst_increasing",
             r"In the worst ranking (every negative above every positive) the $k$-th positive has precision "
             r"$k/(k + n)$, which grows with $k$: so each of a block's positives, numbered $k \le tp + a$, has at "
             r"least the worst ranking's precision, and AP is at least $(1/m)\sum_{k=1}^{m} k/(k + n)$.",
             conditions=(k <= j,), target=k / (k + n), relation=">=")
def _(d):
    return d.step("Precision of the j-th positive, all negatives above it", counts.precision(j, n))


@proof.claim("ranking.ap.below_positive_rate",
             r"Reading: average precision is at least the positive rate. False: two positives ranked under $n$ "
             r"negatives have precisions $1/(n + 1)$ and $2/(n + 2)$, AP $= (1/(n+1) + 2/(n+2))/2 < 2/(n + 2)$ "
             r"(5/12 < 1/2 at $n = 2$). The floor is the worst ranking's AP (claim ranking.ap.worst_increasing).",
             target=2 / (n + 2), relation=">=", expected="refuted")
def _(d):
    first, second = (d.step(f"Precision at the {w} positive", counts.precision(i, n)) for w, i in
                     (("first", 1), ("second", 2)))
    return d.apply("AP: each positive adds recall 1/2", lambda p1, p2: (p1 + p2) / 2, first, second)


RATES_DEFINED = (TP + FP > 0, TP + FN > 0, FP + TN > 0)
OWN = (TP + FN) / (TP + FP + FN + TN)


@proof.claim("ranking.roc_pr.precision",
             r"At one threshold, the PR point's precision is the ROC point's $\pi\,TPR/(\pi\,TPR + (1-\pi)\,FPR)$ "
             r"with $\pi$ the data's prevalence (its recall is TPR): precision at the data's own prevalence.",
             conditions=RATES_DEFINED, target=counts.precision())
def _(d):
    tpr, fpr = d.step("TPR", counts.tpr()), d.step("FPR", counts.fpr())
    pi = d.step("The data's prevalence", OWN)
    return d.apply("Precision of the ROC point at prevalence pi", lambda t, f, p: p * t / (p * t + (1 - p) * f),
                   tpr, fpr, pi)


@proof.claim("ranking.roc_pr.fpr",
             r"Conversely the ROC point's FPR is $\frac{\pi}{1-\pi}\,R\,\frac{1 - P}{P}$ from the PR point "
             r"(recall $R$, precision $P > 0$) and the prevalence $\pi < 1$.",
             conditions=(TP > 0, FP + TN > 0), target=counts.fpr())
def _(d):
    precision, recall = d.step("Precision", counts.precision()), d.step("Recall", counts.recall())
    pi = d.step("The data's prevalence", OWN)
    return d.apply("FPR from the PR point", lambda p, r, q: q / (1 - q) * r * (1 - p) / p, precision, recall, pi)


if __name__ == "__main__":
    raise SystemExit(proof.main())
