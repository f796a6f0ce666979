"""Labels in {-1, +1}: where a document states them, and the summand-by-summand check over their values."""

import sympy

from symmetric.documents.labels import declared_labels, holds_for_labels
from symmetric.documents.sums import IsPositive, IsZero

i, j = sympy.symbols("i j", integer=True)
ell = sympy.Symbol("ell", positive=True, integer=True)
y = sympy.IndexedBase("y")


def test_the_labels_are_stated_as_a_set_or_as_a_membership():
    assert declared_labels("Intro.\nLet $\\mathbb{Y} = \\{ -1, +1\\},$ the classes.") == 2
    assert declared_labels("with $y_i \\in \\{-1, 1\\}$") == 1
    assert declared_labels("$Y = \\{0, 1\\}$ and $x \\in \\{-1, +1\\}$") is None


def test_summands_over_the_same_ranges_are_compared_at_each_value_of_the_labels():
    both = IsZero(y[i] + 1) * IsZero(y[j] - 1)
    before = 1 - IsPositive(y[i] - y[j]) - IsZero(y[i] - y[j])  # [y_i < y_j]
    limits = ((j, i + 1, ell), (i, 1, ell))
    nested = sympy.Sum(IsZero(y[i] + 1) * sympy.Sum(IsZero(y[j] - 1), limits[0]), limits[1]) / ell
    assert holds_for_labels(nested, sympy.Sum(before, *limits) / ell)
    assert not holds_for_labels(sympy.Sum(both, *limits), sympy.Sum(IsZero(y[i] - y[j]), *limits))
    # other ranges, or a term outside every sum that does not cancel: not shown (never refuted here)
    assert not holds_for_labels(sympy.Sum(both, *limits), sympy.Sum(before, (j, 1, ell), (i, 1, ell)))
    assert not holds_for_labels(sympy.Sum(both, *limits) + 1, sympy.Sum(before, *limits))
    assert not holds_for_labels(ell, ell)  # no sum of labels: nothing for this check to show
