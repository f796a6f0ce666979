"""The seeds' worked examples, recomputed exactly and compared with the numbers they print.

Each derivation computes the exact value (a fraction) from the example's
data, and the claim checks that the number the seed prints is that value
rounded to the digits shown: within half a unit of the last printed digit,
or, for a number Python printed from a float, within float64 rounding
(2**-52 relative). A claim expected to be *refuted* states a printed number
that the exact computation does not give.

The data are the seeds' own: seed 001's two confusion matrices, seed 004's
label vectors (binary, and three classes benign/borderline/malignant coded
0/1/2) and the four-class counts of the answer seed 004 quotes.

Run ``python proofs/seed_examples.py`` to print every derivation.
"""

import sympy

from symmetric.families import counts
from symmetric.symbols import FN, FP, TN, TP
from symmetric.verify.claims import Proof

proof = Proof(
    "seed_examples",
    "Worked examples: the seeds' numbers recomputed",
    source="seed 004",
    summary="Exact values from the examples' data, against the numbers the seeds print.",
    order=10,
)


def printed(shown: str) -> sympy.Rational:
    """The decimal number ``shown`` (such as ``"0.123"``) as an exact fraction."""
    whole, _, decimals = shown.partition(".")
    return sympy.Rational(int(whole + decimals), 10 ** len(decimals))


def tolerance(shown: str, float64: bool) -> sympy.Rational:
    value = printed(shown)
    if float64:
        return value * sympy.Rational(1, 2**52)
    return sympy.Rational(1, 2 * 10 ** len(shown.partition(".")[2]))


def example(claim_id: str, sentence: str, shown: str, *, float64: bool = False, source: str | None = None,
            expected: str = "proven"):
    """Register ``compute(d)``, the exact value of an example, as the claim that the seed's ``shown`` is that value rounded."""

    def register(compute):
        @proof.claim(claim_id, sentence, source=source, expected=expected, relation="<=", target=tolerance(shown, float64))
        def _(d):
            value = d.step(f"The seed prints {shown}", printed(shown))
            exact = compute(d)
            return d.apply("Distance between the computed value and the printed one", lambda a, b: sympy.Abs(a - b),
                           exact, value)

        return compute

    return register


# Seed 001: the same classifier on two data sets that differ in class balance

IMBALANCED = {TP: 90, FP: 50, FN: 10, TN: 850}
BALANCED = {TP: 90, FP: 10, FN: 10, TN: 170}


def _seed_001_example(claim_id, sentence, shown, metric, cells):
    @example(claim_id, sentence, shown, source="seed 001")
    def _(d):
        name = metric.__name__.replace("_", " ").capitalize()
        return d.substitute(f"{name} of the counts", d.step(name, metric()), cells)


for _args in [
    ("counts.seed_example.precision_imbalanced",
     "The printed 0.64 is, within half a unit of its last digit, the precision of seed 001's first confusion matrix (TP 90, FP 50, FN 10, TN 850); the derivation computes it exactly, 9/14.", "0.64",
     counts.precision, IMBALANCED),
    ("counts.seed_example.precision_balanced",
     "The printed 0.90 is, within half a unit of its last digit, the precision of seed 001's second confusion matrix (TP 90, FP 10, FN 10, TN 170); exactly 9/10.", "0.90",
     counts.precision, BALANCED),
    ("counts.seed_example.balanced_precision_imbalanced",
     "The printed 0.94 is, within half a unit of its last digit, the balanced precision of seed 001's first confusion matrix; exactly 81/86.", "0.94", counts.balanced_precision, IMBALANCED),
    ("counts.seed_example.balanced_precision_balanced",
     "The printed 0.94 is, within half a unit of its last digit, the balanced precision of seed 001's second confusion matrix too; exactly 81/86 for both.", "0.94",
     counts.balanced_precision, BALANCED),
]:
    _seed_001_example(*_args)


# Seed 004: one binary example and one three-class example, from label vectors


def confusion(d, y_true, y_pred, positive):
    """Binary counts of the label vectors with ``positive`` as the positive class (one-vs-rest)."""
    pairs = list(zip(y_true, y_pred))
    cells = {
        TP: sum(t == positive and p == positive for t, p in pairs),
        FP: sum(t != positive and p == positive for t, p in pairs),
        FN: sum(t == positive and p != positive for t, p in pairs),
        TN: sum(t != positive and p != positive for t, p in pairs),
    }
    return d.step(f"Counts with class {positive} as positive", cells)


BINARY = ([1, 1, 0, 1, 0, 0, 1, 0, 0, 1], [1, 1, 1, 0, 0, 0, 1, 0, 0, 0])
THREE_CLASSES = ([0, 1, 2, 0, 1, 2], [0, 2, 1, 0, 0, 1])


@example("counts.seed_example.binary_precision", "The printed 0.75 is, within float64 rounding, the precision of seed 004's binary example; exactly 3/4.", "0.75", float64=True)
def _(d):
    cells = confusion(d, *BINARY, positive=1)
    return d.substitute("Precision of the counts", d.step("Precision", counts.precision()), cells)


@example("counts.seed_example.binary_recall", "The printed 0.6 is, within float64 rounding, the recall of seed 004's binary example; exactly 3/5.", "0.6", float64=True)
def _(d):
    cells = confusion(d, *BINARY, positive=1)
    return d.substitute("Recall of the counts", d.step("Recall", counts.recall()), cells)


def per_class_scores(d):
    """Per-class (precision, recall, F1) of the three-class example, with seed 004's 0 where precision + recall = 0."""
    scores = []
    for label in range(3):
        cells = confusion(d, *THREE_CLASSES, positive=label)
        precision, recall = counts.precision().subs(cells), counts.recall().subs(cells)
        f1 = 2 * precision * recall / (precision + recall) if precision + recall != 0 else sympy.Integer(0)
        scores.append((precision, recall, f1))
    return d.step("Per-class precision, recall and F1 (benign, borderline, malignant)", scores)


def macro(d, index):
    return d.step("Mean over the three classes", sum(s[index] for s in per_class_scores(d)) / 3)


@example("multiclass.seed_example.macro_precision",
         "Seed 004's three-class example has macro-averaged precision 2/9, printed 0.2222222222222222.", "0.2222222222222222", float64=True)
def _(d):
    return macro(d, 0)


@example("multiclass.seed_example.macro_recall",
         "Seed 004's three-class example has macro-averaged recall 1/3, printed 0.3333333333333333.", "0.3333333333333333", float64=True)
def _(d):
    return macro(d, 1)


@example("multiclass.seed_example.macro_f1",
         "Seed 004's three-class example has macro-averaged F1 4/15, printed 0.26666666666666666.", "0.26666666666666666", float64=True)
def _(d):
    return macro(d, 2)


@example("multiclass.seed_example.micro",
         "Seed 004's three-class example has micro-averaged precision 1/3 (with or without its division by the number of classes), "
         "printed 0.3333333333333333.", "0.3333333333333333", float64=True)
def _(d):
    cells = [confusion(d, *THREE_CLASSES, positive=label) for label in range(3)]
    tp, fp = (d.step(f"Summed {s} divided by 3", sum(c[s] for c in cells) / sympy.Integer(3)) for s in (TP, FP))
    return d.step("Precision of the divided sums", counts.precision(tp, fp))


def support_weighted(d, index, name):
    """Seed 003's formula: the sum of support times the per-class score, over the number of samples."""
    y_true = THREE_CLASSES[0]
    supports = d.step("Support of each class", [y_true.count(label) for label in range(3)])
    total = d.step("Normaliser: the number of samples", sympy.Integer(len(y_true)))
    scores = [s[index] for s in per_class_scores(d)]
    return d.step(f"Sum of support times {name}, over the number of samples", sum(w * v for w, v in zip(supports, scores)) / total)


@example("multiclass.seed_example.weighted_average",
         "Seed 003's formula on seed 004's three-class example (support-weighted precision, normalised by the 6 samples) gives "
         "scikit-learn's printed weighted average, 0.2222222222222222.", "0.2222222222222222", float64=True, source="seed 003")
def _(d):
    return support_weighted(d, 0, "precision")


@example("multiclass.seed_example.weighted_average_f1",
         "The same weighting applied to F1 gives scikit-learn's printed weighted-average F1, 0.26666666666666666.",
         "0.26666666666666666", float64=True, source="seed 003")
def _(d):
    return support_weighted(d, 2, "F1")


# Seed 004's quoted answer: four classes, A, C, D with 1 TP and 1 FP, B with 10 TP and 90 FP

ANSWER = {"A": (1, 1), "B": (10, 90), "C": (1, 1), "D": (1, 1)}


def answer_precisions(d):
    return d.step("Per-class precision TP/(TP + FP)", [sympy.Rational(tp, tp + fp) for tp, fp in ANSWER.values()])


def answer_shares(d):
    predicted = [tp + fp for tp, fp in ANSWER.values()]
    return d.step("Share of the predictions of each class", [sympy.Rational(n, sum(predicted)) for n in predicted])


@example("multiclass.stackexchange.macro", "In the answer seed 004 quotes, the macro-averaged precision is 2/5, printed 0.4.", "0.4")
def _(d):
    values = answer_precisions(d)
    return d.step("Mean", sum(values) / len(values))


@example("multiclass.stackexchange.micro", "Its micro-averaged precision is 13/106, printed 0.123.", "0.123")
def _(d):
    tp = d.step("Summed TP", sum(tp for tp, _ in ANSWER.values()))
    fp = d.step("Summed FP", sum(fp for _, fp in ANSWER.values()))
    return d.step("Precision of the sums", sympy.Rational(tp, tp + fp))


@example("multiclass.stackexchange.class_b_share", "Class B makes 100/106 of the predictions, printed 94.3%.", "0.943")
def _(d):
    return answer_shares(d)[1]


@example("multiclass.stackexchange.small_class_share", "Each other class makes 2/106 of the predictions, printed 0.0189.", "0.0189")
def _(d):
    return answer_shares(d)[0]


@example("multiclass.stackexchange.weighted",
         "Weighting each class's precision by its share of the predictions gives 13/106, the micro-average, printed 0.123.", "0.123")
def _(d):
    return d.step("Sum of share times precision", sum(s * v for s, v in zip(answer_shares(d), answer_precisions(d))))


@example("multiclass.stackexchange.weighted_partial_sums",
         "Reading of seed 004: its rounded terms 0.009 + 0.094 + 0.009 + 0.009 add up to the 0.123 it prints. False: they add up to 0.121.",
         "0.123", expected="refuted")
def _(d):
    terms = d.step("The seed's rounded terms", [printed(x) for x in ("0.009", "0.094", "0.009", "0.009")])
    return d.step("Their sum", sum(terms))


def deviations(d):
    values = answer_precisions(d)
    mean = d.step("Macro-averaged precision", sum(values) / len(values))
    return d.step("Sum of squared deviations from the mean", sum((v - mean) ** 2 for v in values)), len(values)


@example("multiclass.stackexchange.std_population",
         "The standard deviation seed 004 prints, 0.173, is the population one, $\\sqrt{3}/10$ (dividing by the 4 classes).", "0.173")
def _(d):
    squares, n = deviations(d)
    return d.step("Population standard deviation", sympy.sqrt(squares / n))


@example("multiclass.stackexchange.std_sample",
         "The sample standard deviation (dividing by 4 - 1) of the four precisions is 1/5, 0.200.", "0.200")
def _(d):
    squares, n = deviations(d)
    return d.step("Sample standard deviation", sympy.sqrt(squares / (n - 1)))


@example("multiclass.stackexchange.std_is_sample",
         "Reading to reject: the printed 0.173 is the sample standard deviation of the four precisions.", "0.173", expected="refuted")
def _(d):
    squares, n = deviations(d)
    return d.step("Sample standard deviation", sympy.sqrt(squares / (n - 1)))


if __name__ == "__main__":
    raise SystemExit(proof.main())
