"""Confidence intervals of count metrics: the delta method, Takahashi's closed forms, Wilson's interval.

The cells of a confusion matrix are multinomial. ``symmetric.families.uncertainty``
defines the delta-method variance of a metric of the counts from its
gradient, and ``symmetric.metrics.confidence_interval`` computes it from the
same definitions. Takahashi, Yamamoto, Kuchiba and Koyama (2022, Applied
Intelligence 52: 4961-4972) give closed forms of the variances of micro- and
macro-averaged F1 for an r-class confusion matrix; here they are typed as
data and the general definition, applied to a 3-class matrix of symbolic
counts ``C_ij`` (true class i, predicted class j), is proven to reduce to
them.

The macro-F1 identities are proven after a linear change of variables: each
diagonal cell ``C_ii`` is replaced by ``B_i``, the row plus column sum of
class i (``C_ii = (B_i - the off-diagonal cells of row and column i)/2``).
The map is a bijection between the tables with positive diagonal and the
points with ``B_i`` above those off-diagonal sums, so an identity in the new
variables is the same identity in the cells; it makes every denominator a
product of powers of the ``B_i``.

Run ``python proofs/uncertainty.py`` to print every derivation.
"""

import sympy

from symmetric.families import counts
from symmetric.families.uncertainty import cell_gradient, delta_variance, score_equation, wilson_bounds, wilson_symbols
from symmetric.symbols import FN, FP, TN, TP
from symmetric.verify.claims import Proof

proof = Proof(
    "uncertainty",
    "Confidence intervals of count metrics",
    source="new",
    summary="The delta-method variance under multinomial sampling, Takahashi et al.'s closed forms for micro- and "
            "macro-F1 as special cases, and Wilson's score interval.",
)

CELLS = (TP, FP, FN, TN)
N_CLASSES = 3
C = sympy.Matrix(N_CLASSES, N_CLASSES, lambda i, j: sympy.Symbol(f"C_{i}{j}", nonnegative=True))
CLASSES = range(N_CLASSES)
TABLE = tuple(C)
B = [sympy.Symbol(f"B_{i}", positive=True) for i in CLASSES]


def off_diagonal(i):
    """The off-diagonal cells of row and column i."""
    return sum(C[i, j] + C[j, i] for j in CLASSES if j != i)


CHANGE = {C[i, i]: (B[i] - off_diagonal(i)) / 2 for i in CLASSES}
POSITIVE_DIAGONAL = tuple(B[i] > off_diagonal(i) for i in CLASSES)


def one_vs_rest(i):
    """(tp, fp, fn) of class i: the diagonal cell, the rest of its column, the rest of its row."""
    return C[i, i], sum(C.col(i)) - C[i, i], sum(C.row(i)) - C[i, i]


def macro_f1(d):
    return d.step("Macro F1: the mean over classes of F1 of the one-vs-rest counts",
                  sum(counts.f_beta_counts(1, *one_vs_rest(i)) for i in CLASSES) / N_CLASSES)


def change_variables(d, expr):
    return d.substitute("Change variables: C_ii = (B_i - off-diagonal cells of row and column i)/2", expr, CHANGE)


# The definition


@proof.claim("uncertainty.delta.multinomial_form",
             r"For any gradient $g$ over the four cells, $\sum_c C_c (g_c - \bar g)^2$ with "
             r"$\bar g = \sum_c C_c g_c / N$ is $N\,g^T(\operatorname{diag} p - p p^T)\,g$ with $p = C/N$: "
             r"the delta-method variance under multinomial sampling.",
             conditions=(TP + FP + FN + TN > 0,))
def _(d):
    g = sympy.symbols("g_TP g_FP g_FN g_TN", real=True)
    n = sum(CELLS)
    p = sympy.Matrix(CELLS) / n
    G = sympy.Matrix(g)
    covariance = d.step("The multinomial covariance of the proportions (times N)", sympy.diag(*p) - p * p.T)
    linear = d.step("A metric whose gradient is g: the linear form sum g_c C_c", sum(a * c for a, c in zip(g, CELLS)))
    derived = d.step("The delta-method variance of symmetric.families.uncertainty", delta_variance(linear, CELLS))
    return derived, n * (G.T * covariance * G)[0, 0]


@proof.claim("uncertainty.delta.binary_f1_gradient",
             r"The gradient of $F_1 = 2TP/d$, $d = 2TP + FP + FN$, over (TP, FP, FN, TN) is "
             r"$(2(1 - F_1)/d, -F_1/d, -F_1/d, 0)$, the gradient of the binary F1 interval of the "
             r"confidenceinterval package (checked in every direction $w$).",
             conditions=(TP > 0,))
def _(d):
    w = sympy.symbols("w_TP w_FP w_FN w_TN", real=True)
    F = counts.f_beta_counts(1)
    gradient = d.step("The gradient of f_beta_counts(beta=1)", cell_gradient(F, CELLS))
    denominator = 2 * TP + FP + FN
    F1 = 2 * TP / denominator
    stated = (2 * (1 - F1) / denominator, -F1 / denominator, -F1 / denominator, 0)
    return (d.apply("The gradient in the direction w", lambda gr: sum(a * x for a, x in zip(w, gr)), gradient),
            sum(a * x for a, x in zip(w, stated)))


@proof.claim("uncertainty.delta.macro_f1_scale_free",
             r"On a 3-class table, $\sum_{ij} C_{ij}\,\partial F_{macro}/\partial C_{ij} = 0$ (macro F1 does not "
             r"change when every cell is scaled), so its delta-method variance is $\sum_{ij} C_{ij} g_{ij}^2$.",
             conditions=POSITIVE_DIAGONAL)
def _(d):
    g = d.step("The gradient over the 9 cells", cell_gradient(macro_f1(d), TABLE))
    return change_variables(d, d.apply("sum C g", lambda gr: sum(c * x for c, x in zip(TABLE, gr)), g)), 0


# Takahashi et al. (2022)


def takahashi_macro(d):
    """Var(maF1) = 2/(n r^2) [sum_i F_i a_i/b_i^2 (a_i/b_i + F_i/2) + sum_{i != j} p_ij F_i F_j/(b_i b_j)]."""
    n = sum(TABLE)
    p = C / n
    b = [sum(p.row(i)) + sum(p.col(i)) for i in CLASSES]
    a = [b[i] - 2 * p[i, i] for i in CLASSES]
    F = [2 * p[i, i] / b[i] for i in CLASSES]
    first = sum(F[i] * a[i] / b[i] ** 2 * (a[i] / b[i] + F[i] / 2) for i in CLASSES)
    second = sum(p[i, j] * F[i] * F[j] / (b[i] * b[j]) for i in CLASSES for j in CLASSES if i != j)
    return d.step("Takahashi et al.'s variance of macro F1 (r = 3, proportions p = C/n)",
                  2 * (first + second) / (n * N_CLASSES**2))


@proof.claim("uncertainty.takahashi.macro_f1",
             r"On a 3-class table the delta-method variance of macro F1 is Takahashi et al.'s "
             r"$\frac{2}{n r^2}\big[\sum_i F_i \frac{a_i}{b_i^2}(\frac{a_i}{b_i} + \frac{F_i}{2}) + "
             r"\sum_{i \ne j} p_{ij} \frac{F_i F_j}{b_i b_j}\big]$ with $b_i = p_{i\cdot} + p_{\cdot i}$, "
             r"$a_i = b_i - 2p_{ii}$.",
             conditions=POSITIVE_DIAGONAL)
def _(d):
    stated = takahashi_macro(d)
    g = d.step("The gradient over the 9 cells", cell_gradient(macro_f1(d), TABLE))
    d.step("The mean gradient is 0 (claim uncertainty.delta.macro_f1_scale_free): the variance is sum C g^2")
    derived = d.apply("sum C g^2", lambda gr: sum(c * x**2 for c, x in zip(TABLE, gr)), g)
    return change_variables(d, derived), change_variables(d, stated)


@proof.claim("uncertainty.takahashi.micro_f1",
             r"On a 3-class table the delta-method variance of micro F1 is Takahashi et al.'s "
             r"$F_{micro}(1 - F_{micro})/n$ with $F_{micro} = \sum_i p_{ii}$.",
             conditions=(sum(TABLE) > 0,), timeout=60)
def _(d):
    tp = d.step("Micro counts: tp is the diagonal, fp and fn both the off-diagonal total",
                sum(C[i, i] for i in CLASSES))
    rest = sum(TABLE) - tp
    derived = d.step("The delta-method variance", delta_variance(counts.f_beta_counts(1, tp, rest, rest), TABLE))
    micro = tp / sum(TABLE)
    return derived, micro * (1 - micro) / sum(TABLE)


# A stratified test set: the true classes' totals fixed (product-binomial for two classes)
ROWS = ((0, 2), (1, 3))   # (TP, FN) the positives, (FP, TN) the negatives, in the order TP, FP, FN, TN
BINARY_DEFINED = (TP > 0, FP > 0, FN > 0, TN > 0)


@proof.claim("uncertainty.delta.stratified_form",
             r"With the class totals fixed, the delta-method variance of $F_1$ is the sum of the two binomial "
             r"variances $\frac{TP\,FN}{TP+FN}(g_{TP} - g_{FN})^2 + \frac{FP\,TN}{FP+TN}(g_{FP} - g_{TN})^2$.",
             conditions=BINARY_DEFINED)
def _(d):
    f1 = d.step("F1 of the counts", counts.f_beta_counts(1))
    g = d.step("Its gradient over (TP, FP, FN, TN)", cell_gradient(f1, (TP, FP, FN, TN)))
    derived = d.step("delta_variance with the rows as strata", delta_variance(f1, (TP, FP, FN, TN), strata=ROWS))
    return derived, TP * FN / (TP + FN) * (g[0] - g[2]) ** 2 + FP * TN / (FP + TN) * (g[1] - g[3]) ** 2


@proof.claim("uncertainty.delta.stratified_precision",
             r"With the class totals fixed, precision's delta-method variance is "
             r"$\big(FP^2\,TP\,FN/(TP+FN) + TP^2\,FP\,TN/(FP+TN)\big)/(TP+FP)^4$: smaller than the multinomial "
             r"$TP\,FP/(TP+FP)^3$ (claim uncertainty.delta.stratified_precision_smaller).",
             conditions=BINARY_DEFINED,
             target=(FP**2 * TP * FN / (TP + FN) + TP**2 * FP * TN / (FP + TN)) / (TP + FP) ** 4)
def _(d):
    return d.step("delta_variance of precision with the rows as strata",
                  delta_variance(counts.precision(), (TP, FP, FN, TN), strata=ROWS))


@proof.claim("uncertainty.delta.stratified_precision_smaller",
             r"Precision's stratified variance is below its multinomial one, $TP\,FP/(TP+FP)^3$.",
             conditions=BINARY_DEFINED, target=TP * FP / (TP + FP) ** 3, relation="<",
             by="inequality prover")
def _(d):
    return d.step("delta_variance of precision with the rows as strata",
                  delta_variance(counts.precision(), (TP, FP, FN, TN), strata=ROWS))


# Wilson's score interval


def wilson_stated(sign):
    k, n, z = wilson_symbols()
    return (k + z**2 / 2 + sign * z * sympy.sqrt(k * (n - k) / n + z**2 / 4)) / (n + z**2)


@proof.claim("uncertainty.wilson.low",
             r"The lower of the roots SymPy's solve finds for the score equation $(k/n - p)^2 = z^2 p(1-p)/n$ is Wilson's "
             r"$\big(k + z^2/2 - z\sqrt{k(n-k)/n + z^2/4}\big)/(n + z^2)$ (that it solves the equation, and that "
             r"low <= high: claims uncertainty.wilson.low_solves, uncertainty.wilson.ordered).",
             conditions=(wilson_symbols()[0] <= wilson_symbols()[1],))
def _(d):
    return d.step("Roots in p, solved by SymPy; the lower", wilson_bounds()[0]), wilson_stated(-1)


@proof.claim("uncertainty.wilson.high",
             r"The upper of the roots SymPy's solve finds is Wilson's $\big(k + z^2/2 + z\sqrt{k(n-k)/n + z^2/4}\big)/(n + z^2)$ "
             r"(that it solves the equation: claim uncertainty.wilson.high_solves).",
             conditions=(wilson_symbols()[0] <= wilson_symbols()[1],))
def _(d):
    return d.step("Roots in p, solved by SymPy; the upper", wilson_bounds()[1]), wilson_stated(1)


@proof.claim("uncertainty.wilson.low_solves",
             r"Wilson's lower bound solves the score equation $(k/n - p)^2 - z^2 p(1-p)/n = 0$.",
             conditions=(wilson_symbols()[0] <= wilson_symbols()[1],), target=sympy.Integer(0))
def _(d):
    k, n, z = wilson_symbols()
    return d.step("The score equation at the stated lower bound", score_equation(k / n, wilson_stated(-1), n, z))


@proof.claim("uncertainty.wilson.high_solves",
             r"Wilson's upper bound solves the score equation too.",
             conditions=(wilson_symbols()[0] <= wilson_symbols()[1],), target=sympy.Integer(0))
def _(d):
    k, n, z = wilson_symbols()
    return d.step("The score equation at the stated upper bound", score_equation(k / n, wilson_stated(1), n, z))


@proof.claim("uncertainty.wilson.ordered", r"Wilson's lower bound is at most its upper bound.",
             conditions=(wilson_symbols()[0] <= wilson_symbols()[1],), relation="<=", target=wilson_stated(1))
def _(d):
    return d.step("The stated lower bound", wilson_stated(-1))


if __name__ == "__main__":
    raise SystemExit(proof.main())
