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


def test_a_plus_minus_pair_is_two_values_checked_with_the_same_sign_on_both_sides():
    report = check_document(r"""Suppose the sample mean is 70.

$$
CI = 70 \pm 1.96 \times 1
$$

$$
= (68.04,\; 71.96)
$$

$$
95\% \; CI = 0.85 \pm 1.96 \times 0.025
$$

$$
= (0.80,\; 0.90)
$$

$$ 10 \pm 2 = (8, 13) $$

$$ (a \pm b)^2 = a^2 \pm 2ab + b^2 $$

$$ (a \mp b)^2 = a^2 \pm 2ab + b^2 $$

$$ 2 x = 1 \pm 2 $$
""")
    steps = {s.line: s for s in report.steps}
    assert steps[8].status == "proven" and "pairs" in steps[8].reading
    assert steps[16].status == "unknown" and "holds to the 3 decimal(s) written" in steps[16].reason
    assert steps[19].status == "refuted" and steps[19].reason.startswith("the upper value (with +) is wrong")
    assert steps[21].status == "proven"
    assert steps[23].status == "refuted" and steps[23].counterexample
    assert steps[25].status == "unknown" and "one side" in steps[25].reason
    assert ("95% CI", "condition") in [(n.name, n.kind) for n in report.notes]  # a name, not 0.95 times CI


def test_the_decimals_of_the_two_sides_are_read_apart():
    # the placeholders of each side's decimals were shared, so 0.51 + 0.25 = 0.75 was refuted
    assert [s.status for s in check_document("$$0.51 + 0.25 = 0.75$$\n\n$$0.5 + 0.25 = 0.8$$\n"
                                             "$$0.51 + 0.25 = 0.78$$\n").steps] == ["unknown", "unknown", "refuted"]
