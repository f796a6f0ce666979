"""Micro, macro and weighted averages over classes (seeds 003 and 004).

Two models of the per-class counts:

* a 3-class confusion matrix of symbolic cells ``C_ij`` (true class i,
  predicted class j): single-label targets, where every misclassified sample
  is a false positive of one class and a false negative of another;
* independent per-class counts ``tp_i``, ``fp_i``, ``fn_i`` of 3 classes,
  which also covers multilabel targets.

A weighted average is written as seed 004 computes it, a sum of per-class
scores times the classes' shares of the weight; seed 003's "divide by the
total weight" is the same sum. The macro-F1 claims compare the two macro
F-scores in use: the mean of per-class F1 (scikit-learn's) and F1 of the
macro-averaged precision and recall.

Run ``python proofs/multiclass.py`` to print every derivation.
"""

import sympy

from symmetric import beta
from symmetric.families import counts
from symmetric.verify.claims import Proof

proof = Proof(
    "multiclass",
    "Micro, macro and weighted averages",
    source="seed 004",
    summary="Averages over classes from a symbolic confusion matrix and from symbolic per-class counts.",
    order=9,
)

N_CLASSES = 3
CLASSES = range(N_CLASSES)
C = sympy.Matrix(N_CLASSES, N_CLASSES, lambda i, j: sympy.Symbol(f"C_{i}{j}", nonnegative=True))
TOTAL = sum(C)
NONEMPTY = tuple(sum(C.row(i)) > 0 for i in CLASSES) + tuple(sum(C.col(j)) > 0 for j in CLASSES)
#: Accuracy typed as data: the share of samples on the diagonal, class by class.
ACCURACY = sum(C[i, i] / TOTAL for i in CLASSES)

TP = [sympy.Symbol(f"tp_{i}", nonnegative=True) for i in CLASSES]
FP = [sympy.Symbol(f"fp_{i}", nonnegative=True) for i in CLASSES]
FN = [sympy.Symbol(f"fn_{i}", nonnegative=True) for i in CLASSES]
DEFINED = tuple(TP[i] + FP[i] > 0 for i in CLASSES) + tuple(TP[i] + FN[i] > 0 for i in CLASSES)
c = sympy.Symbol("c", positive=True)


def one_vs_rest(d):
    """Per-class (tp, fp, fn) of the matrix: the diagonal, the column and the row without it."""
    cells = [(C[i, i], sum(C.col(i)) - C[i, i], sum(C.row(i)) - C[i, i]) for i in CLASSES]
    return d.step("One-vs-rest counts of class i: tp = C_ii, fp = column i - C_ii, fn = row i - C_ii", cells)


def summed(cells):
    return tuple(sum(cell[n] for cell in cells) for n in range(3))


def per_class(d):
    return d.step("Per-class counts (tp_i, fp_i, fn_i)", list(zip(TP, FP, FN)))


def share_weighted(d, score, weight, cells):
    """Sum over classes of score times the class's share of the total weight (seed 004's weighted macro-average)."""
    weights = d.step("Weights", [weight(cell) for cell in cells])
    shares = d.step("Shares of the total weight", [w / sum(weights) for w in weights])
    return d.step("Sum of share times per-class score", sum(s * score(cell) for s, cell in zip(shares, cells)))


# Micro-averages of single-label targets


@proof.claim("multiclass.micro_precision_is_accuracy",
             r"For single-label multiclass targets, micro-averaged precision is accuracy, the share $\sum_i C_{ii}/N$ of samples on the diagonal.",
             conditions=NONEMPTY, target=ACCURACY)
def _(d):
    sums = d.step("Sum the counts over classes", summed(one_vs_rest(d)))
    return d.apply("Precision of the summed counts", lambda c: counts.precision(c[0], c[1]), sums)


@proof.claim("multiclass.micro_recall_is_accuracy",
             r"For single-label multiclass targets, micro-averaged recall is accuracy, the share $\sum_i C_{ii}/N$ of samples on the diagonal.",
             conditions=NONEMPTY, target=ACCURACY)
def _(d):
    sums = d.step("Sum the counts over classes", summed(one_vs_rest(d)))
    return d.apply("Recall of the summed counts", lambda c: counts.recall(c[0], c[2]), sums)


@proof.claim("multiclass.micro_f_beta_is_accuracy",
             r"For single-label multiclass targets, micro-averaged $F_\beta$ is accuracy, for every $\beta$.",
             conditions=NONEMPTY, target=ACCURACY)
def _(d):
    sums = d.step("Sum the counts over classes", summed(one_vs_rest(d)))
    return d.apply("F_beta of the summed counts", lambda c: counts.f_beta_counts(beta, *c), sums)


def divided_sums(d):
    """The per-class counts summed over classes, then divided by c (seed 004 divides by the number of classes)."""
    return d.step("Summed counts divided by c", [x / c for x in summed(per_class(d))])


@proof.claim("multiclass.micro_division_cancels_precision",
             r"Dividing the summed counts by the number of classes (or any $c > 0$), as seed 004 does, leaves micro precision unchanged.",
             conditions=DEFINED, target=counts.precision(sum(TP), sum(FP)))
def _(d):
    tp, fp, _ = divided_sums(d)
    return d.step("Precision of the divided counts", counts.precision(tp, fp))


@proof.claim("multiclass.micro_division_cancels_recall",
             r"Dividing the summed counts by the number of classes (or any $c > 0$) leaves micro recall unchanged.",
             conditions=DEFINED, target=counts.recall(sum(TP), sum(FN)))
def _(d):
    tp, _, fn = divided_sums(d)
    return d.step("Recall of the divided counts", counts.recall(tp, fn))


# Weighted macro-averages: which per-class weights reproduce the micro-averages (any targets)


@proof.claim("multiclass.support_weighted_recall_is_micro",
             r"Recall averaged with weights equal to the support (true counts, $tp_i + fn_i$), normalised by their total (the number of samples "
             r"for single-label targets), is micro-averaged recall: seed 003's formula, scikit-learn's average='weighted'.",
             source="seed 003", conditions=DEFINED, target=counts.recall(sum(TP), sum(FN)))
def _(d):
    return share_weighted(d, lambda cell: counts.recall(cell[0], cell[2]), lambda cell: cell[0] + cell[2], per_class(d))


@proof.claim("multiclass.support_weighted_precision_is_micro",
             r"Reading of seed 004: precision averaged with weights equal to the support is micro-averaged precision. False in general.",
             expected="refuted", conditions=DEFINED, target=counts.precision(sum(TP), sum(FP)))
def _(d):
    return share_weighted(d, lambda cell: counts.precision(cell[0], cell[1]), lambda cell: cell[0] + cell[2], per_class(d))


@proof.claim("multiclass.prediction_weighted_precision_is_micro",
             r"Precision averaged with weights equal to the predicted counts ($tp_i + fp_i$), as in seed 004's example, is micro-averaged precision.",
             conditions=DEFINED, target=counts.precision(sum(TP), sum(FP)))
def _(d):
    return share_weighted(d, lambda cell: counts.precision(cell[0], cell[1]), lambda cell: cell[0] + cell[1], per_class(d))


@proof.claim("multiclass.f_beta_weighted_is_micro",
             r"$F_\beta$ averaged with weights $(tp_i + fp_i) + \beta^2 (tp_i + fn_i)$, predicted count plus $\beta^2$ times the support, "
             r"is micro-averaged $F_\beta$.",
             source="new", conditions=DEFINED, target=counts.f_beta_counts(beta, sum(TP), sum(FP), sum(FN)))
def _(d):
    return share_weighted(d, lambda cell: counts.f_beta_counts(beta, *cell),
                          lambda cell: (cell[0] + cell[1]) + beta**2 * (cell[0] + cell[2]), per_class(d))


# Macro F1: the mean of per-class F1 against F1 of the macro-averaged precision and recall (new)

p = [sympy.Symbol(f"p_{i}", positive=True) for i in CLASSES]
r = [sympy.Symbol(f"r_{i}", positive=True) for i in CLASSES]
a, b, x, y = sympy.symbols("a b x y", positive=True)


def f1(precision, recall):
    return 2 * precision * recall / (precision + recall)


def superadditivity_gap(a_, b_, x_, y_):
    """F1(a + x, b + y) - F1(a, b) - F1(x, y), typed as data."""
    return 2 * (a_ * y_ - b_ * x_) ** 2 / ((a_ + b_) * (x_ + y_) * (a_ + b_ + x_ + y_))


def macro_f1_gap():
    """F1(macro P, macro R) - macro F1 for three classes: F1 is homogeneous, so the gap is two superadditivity gaps over 3."""
    return (superadditivity_gap(p[0], r[0], p[1], r[1]) + superadditivity_gap(p[0] + p[1], r[0] + r[1], p[2], r[2])) / 3


def macro_difference(d):
    macro_f1 = d.step("Macro F1: the mean of the per-class F1", sum(f1(p[i], r[i]) for i in CLASSES) / N_CLASSES)
    of_macro = d.step("F1 of macro P and macro R", f1(sum(p) / N_CLASSES, sum(r) / N_CLASSES))
    return macro_f1, of_macro


@proof.claim("multiclass.f1_superadditive",
             r"$F_1(a + x, b + y) - F_1(a, b) - F_1(x, y) = 2(ay - bx)^2/((a+b)(x+y)(a+b+x+y)) \ge 0$: $F_1$, as a function of "
             r"$(P, R)$, is superadditive, hence (being homogeneous) concave.",
             source="new", target=superadditivity_gap(a, b, x, y))
def _(d):
    return d.step("F1(a + x, b + y) - F1(a, b) - F1(x, y)", f1(a + x, b + y) - f1(a, b) - f1(x, y))


@proof.claim("multiclass.macro_f1_gap",
             r"For three classes with per-class precision $p_i$ and recall $r_i$, $F_1(\bar p, \bar r)$ minus the mean of the $F_1(p_i, r_i)$ "
             r"is the sum of two superadditivity gaps of claim multiclass.f1_superadditive, divided by 3.",
             source="new", target=macro_f1_gap())
def _(d):
    macro_f1, of_macro = macro_difference(d)
    return d.step("The difference", of_macro - macro_f1)


@proof.claim("multiclass.macro_f1_at_most_f1_of_macro",
             r"Macro F1 (the mean of the per-class $F_1$) never exceeds $F_1$ of the macro-averaged precision and recall (three classes; "
             r"for any number of classes by the same concavity).",
             source="new", relation=">=", target=0)
def _(d):
    return d.step("F1(macro P, macro R) - macro F1, from claim multiclass.macro_f1_gap", macro_f1_gap())


@proof.claim("multiclass.macro_f1_is_f1_of_macro",
             r"Reading to reject: the two macro F-scores agree, mean of the per-class $F_1$ = $F_1$ of macro precision and macro recall.",
             source="new", expected="refuted")
def _(d):
    return macro_difference(d)


if __name__ == "__main__":
    raise SystemExit(proof.main())
