"""symmetric check on the notation of real derivations: sums over index sets and implicit ranges, Iverson brackets,
plus-minus pairs, expectations, factorials, argument lists with ';', named functions applied inside sums."""

from symmetric.documents import check_document


def statuses(text):
    return [(s.status, s.lhs, s.rhs) for s in check_document(text).steps]


def test_a_greek_name_introduced_by_a_step_is_defined_for_the_steps_after_it():
    report = check_document(r"""$$\text{FPR} = \frac{\text{FP}}{\text{FP}+\text{TN}} = \frac{\text{FP}}{\ell_-},$$
Then
$$\text{FPR} = \frac{\text{FP}}{\ell_-} = \frac{0}{\ell_-} = 0.$$
""")
    assert [s.status for s in report.steps] == ["unknown", "proven", "unknown", "proven"]
    assert "introduces ell_-" in report.steps[0].reason
