"""The inequality of means as a substitution (symmetric.documents.means): it proves the means in order, never the
reverse, and never a statement about a sum inside another sum or an empty range."""

import sympy

from symmetric import check_document
from symmetric.documents.judge import Judge
from symmetric.documents.means import by_means

I, J = sympy.Symbol("i", integer=True), sympy.Symbol("j", integer=True)
N = sympy.Symbol("n", positive=True)
A = sympy.IndexedBase("a", positive=True)
SUM, PRODUCT = sympy.Sum(A[I], (I, 1, N)), sympy.Product(A[I], (I, 1, N))
RECIPROCALS = sympy.Sum(1 / A[I], (I, 1, N))

MEANS_DOCUMENT = r"""
For positive numbers $a_1, \dots, a_n$:

$$A_n = \frac{a_1 + a_2 + \dots + a_n}{n}$$

$$G_n = \sqrt[n]{a_1 a_2 \cdots a_n}$$

$$H_n = \frac{n}{\frac{1}{a_1} + \frac{1}{a_2} + \dots + \frac{1}{a_n}}$$

$$H_n \le G_n \le A_n$$

$$A_n \le G_n$$
"""


def test_the_means_in_order_are_proven_and_the_reverse_is_not_refuted():
    steps = check_document(MEANS_DOCUMENT).steps
    assert [s.status for s in steps] == ["proven", "proven", "unknown"]
    assert "arithmetic and geometric means" in steps[0].reason
    assert steps[0].reading["means"] == steps[1].reading["means"] == ["a[i_0], i_0=1..n"]
    assert "means" not in steps[2].reading


def verdict(lhs, relation, rhs):
    return Judge(domain="unit", timeout=5).verdict(lhs, rhs, relation)


def test_jensen_for_the_logarithm_is_proven():
    out = verdict(sympy.log(SUM / N), ">=", sympy.Sum(sympy.log(A[I]), (I, 1, N)) / N)
    assert out.status == "proven"
    assert "geometric mean" in out.detail


def test_a_false_strengthening_is_not_proven():
    # the mean exceeds the geometric mean, but not by 1: equal terms make the two equal
    assert verdict(SUM / N, ">=", PRODUCT ** (1 / N) + 1).status == "unknown"
    assert verdict(N / RECIPROCALS, ">=", PRODUCT ** (1 / N)).status == "unknown"


def test_an_empty_range_takes_no_mean():
    empty_sum, empty_product = sympy.Sum(A[I], (I, 3, 1)), sympy.Product(A[I], (I, 3, 1))
    assert by_means(empty_sum, empty_product) is None


def test_a_sum_inside_another_sum_is_no_one_quantity():
    inner_sum = sympy.Sum(A[J], (J, 1, I))
    inner_product = sympy.Product(A[J], (J, 1, I))
    assert by_means(sympy.Sum(inner_sum, (I, 1, N)), sympy.Sum(inner_product, (I, 1, N))) is None


def test_a_range_of_symbolic_length_is_taken_nonempty():
    found = by_means(PRODUCT ** (1 / (N - 1)), sympy.Sum(A[I], (I, 2, N)) / (N - 1))
    assert found is None  # different ranges: nothing to compare
    found = by_means(sympy.Product(A[I], (I, 2, N)), sympy.Sum(A[I], (I, 2, N)))
    assert found.conditions == [sympy.Ge(N - 1, 1)]


def test_terms_of_unknown_sign_take_no_mean():
    x = sympy.IndexedBase("x", real=True)
    assert by_means(sympy.Sum(x[I], (I, 1, N)) / N, sympy.Product(x[I], (I, 1, N)) ** (1 / N)) is None
    # for real terms the mean may fall below the geometric mean's real root: x = (-1, -1) gives -1 < 1
    assert verdict(sympy.Sum(x[I], (I, 1, N)) / N, ">=", sympy.Product(x[I], (I, 1, N)) ** (1 / N)).status != "proven"
