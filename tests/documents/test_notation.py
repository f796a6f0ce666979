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
    # FP/(FP + TN) = FP/ell_-: the row defines ell_- (a note, not a step), used by the steps after it
    assert [s.status for s in report.steps] == ["proven", "unknown", "proven"]
    assert [(n.name, n.value.split(" (")[0]) for n in report.definitions if "introduces" in n.value] == [
        ("ell_-", "FP + TN")
    ]


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
    assert steps[16].status == "proven" and "rounds to 0.80 at the 2 decimal(s) written" in steps[16].reason
    assert steps[19].status == "refuted" and steps[19].reason.startswith("the upper value (with +) is wrong")
    assert steps[21].status == "proven"
    assert steps[23].status == "refuted" and steps[23].counterexample
    assert steps[25].status == "unknown" and "one side" in steps[25].reason
    assert ("95% CI", "condition") in [(n.name, n.kind) for n in report.notes]  # a name, not 0.95 times CI


def test_the_decimals_of_the_two_sides_are_read_apart():
    # the placeholders of each side's decimals were shared, so 0.51 + 0.25 = 0.75 was refuted
    assert [s.status for s in check_document("$$0.51 + 0.25 = 0.75$$\n\n$$0.5 + 0.25 = 0.8$$\n"
                                             "$$0.51 + 0.25 = 0.78$$\n").steps] == ["unknown", "unknown", "refuted"]


def by_line(text):
    return {s.line: s for s in check_document(text).steps}


def test_sums_are_read_by_linearity_each_sum_of_one_term_a_quantity():
    steps = check_document(r"""$$ \frac{1}{n} \sum_{i=1}^{n} (x_i + 1) = \frac{1}{n}\sum_{i=1}^{n} x_i + 1 $$

$$ \cfrac{1}{n} \sum{\log x_{i}} = \cfrac{1}{n} \log \left( \prod x_{i} \right) = \log \left( \prod x_{i}^{\frac{1}{n}} \right) $$

$$ \cfrac{1}{2k} \left( \sum_{i=1}^k {x_i} + \sum_{i=k+1}^{2k} {x_i} \right) = \cfrac{1}{2} \left( \cfrac{1}{k} \sum_{i=1}^k {x_i} + \cfrac{1}{k} \sum_{i=k+1}^{2k} {x_i} \right) $$

$$ \frac{1}{a} \sum_{i<j}^\ell \frac{a}{\ell (\ell-1)} = \frac{\ell (\ell -1)}{2} \frac{1}{\ell (\ell-1)} $$

$$ \sum_{k=1}^{n} y_k^2 \ge 0 $$

$$ \sum_{i=1}^{n} x_i = n $$
""").steps
    assert [s.status for s in steps] == ["proven"] * 6 + ["unknown"]
    assert "linearity" in steps[0].reason and steps[0].reading["sums"] == ["\\sum from i = 1 to n"] * 2
    assert "an implicit range" not in steps[1].reason  # \sum without a range: one range, the same on both sides
    assert "fails at values of its sums" in steps[6].reason  # never refuted: the sum may equal n x_1


def test_iverson_brackets_are_one_when_their_relation_holds_and_sums_of_them_never_negative():
    steps = by_line(r"""$$ \sum_{i < j}^{\ell} (1 - [y_{(i)} = y_{(j)}] - [y_{(i)} > y_{(j)}]) = \sum_{i = 1}^{\ell} \sum_{j = i + 1}^{\ell} [y_{(i)} < y_{(j)}] $$

$$ \sum_{i < j}^{\ell} (1 - [y_{(i)} = y_{(j)}] - 5[y_{(i)} > y_{(j)}]) = \sum_{i < j}^{\ell} [y_{(i)} < y_{(j)}] $$

$$ \frac{a}{\ell} - \frac{1}{a}\sum_{i<j}^{\ell} [y_i > y_j] = \frac{a}{\ell} - \frac{1}{a} \sum_{i < j} [y_i > y_j] $$

$$ \sum_{i=1}^{n} [x_i > 0] = -1 $$

$$ Q(a, X) = \frac{1}{\ell} \sum_{i = 1}^{\ell} [a(x_i) \neq y_i] = 1 - \frac{1}{\ell} \sum_{i = 1}^{\ell} [a(x_i) = y_i] \to \min_w $$

$$ \sum_{i=1}^\ell [y_i = +1][a^*(x;t) = +1] = \sum_{i=1}^\ell [y_i = +1][-a(x;t) = +1] = \sum_{i=1}^\ell [y_i = +1][a(x;t) = -1] $$
""")
    assert steps[1].status == "proven"  # [a < b] + [a = b] + [a > b] = 1 and the pairs i < j as a double sum
    assert steps[3].status == "unknown" and "may never take" in steps[3].reason  # right when no pair is defective
    assert steps[5].status == "proven" and "running to ell" in steps[5].reason  # \sum_{i<j}: the range of the other
    assert steps[7].status == "refuted"  # a sum of brackets is never negative: wrong for every value of it
    assert steps[9].status == "proven" and steps[9].rhs.endswith("[a(x_i) = y_i]")  # "\to \min_w" is no relation
    assert [s.status for s in check_document(r"""$$ a^*(x;t) = -a(x;t) $$""").steps] == []
    assert steps[11].status == "proven"


def test_expectations_probabilities_factorials_and_named_functions_of_an_index():
    steps = check_document(r"""$$\mathbb{E}([y_{(i)} = -1] [y_{(j)} = +1]) = \mathbb{P}(y_{(i)} = -1 , \, y_{(j)} = +1) = \frac{\ell_- \ell_+ (\ell-2)!}{\ell!} = \frac{\ell_- \ell_+}{\ell (\ell-1)}.$$

$$ \frac{1}{\ell} \sum_{i=1}^{\ell} \tilde{L}(M_i) \le \frac{1}{\ell} \sum_{i=1}^{\ell} f(M_i) $$

$$ \sum_{i=1}^{n} f(x_i) = n f(x_i) $$
""").steps
    assert [s.status for s in steps] == ["unknown", "unknown", "proven", "unknown", "unknown"]
    assert "P(P" not in str(steps[1].read)  # \mathbb{P} is a probability, not precision
    assert "may never take" in steps[3].reason


def test_a_list_of_arguments_is_never_an_interval_and_a_value_at_a_point_never_a_function():
    report = check_document(r"""$$\text{TPR} = \frac{\text{TP}}{\text{TP}+\text{FN}}$$

$$ \text{TPR}(a, X) = \text{TPR}(b, X) $$

$$b(x_1) = 0.2, \quad y_1 = -1$$

$$ b(x) = 2 x $$
""")
    assert not report.steps  # TPR(a, X) = TPR(b, X): a condition, never two intervals compared
    assert "b(x)" in [n.name for n in report.definitions]  # b(x_1) = 0.2 is its value at x_1, not b's definition
    assert [(n.name, n.kind) for n in report.notes if n.kind == "value"] == [("b(x_1)", "value"), ("y_{1}", "value")]


def test_a_relation_at_a_line_break_continues_on_the_next_row_and_a_range_in_an_overline_is_named():
    report = check_document(r"""\begin{align*}
&DP = \frac{2}{\ell}\sum_{i < j}^\ell [y_i < y_j] [b_i > b_j] =\\ &\frac{2}{\ell}\sum_{i < j}^\ell  [y_i < y_j] [b_j - b_i < 0]
\end{align*}
$$ t_i = 1 + i, \, i = \overline{1, \ell -1} $$
""")
    assert [(s.line, s.status) for s in report.steps] == [(2, "proven"), (4, "unparsed")]
    assert "over a list (a range of indices)" in report.steps[1].reason


def test_a_named_value_that_mentions_the_index_of_a_sum_changes_with_it():
    # a set's size or a norm of x_i inside a sum is a function of i, never one value times n
    steps = check_document(r"""$$ \sum_{i=1}^{n} |A_i \cap B_i| = n |A_i \cap B_i| $$

$$ \sum_{i=1}^{n} \|x_i\| = n \|x_i\| $$

$$ \sum_{i=1}^{n} \|x\| = n \|x\| $$
""").steps
    assert [s.status for s in steps] == ["unknown", "unknown", "proven"]


def test_p_and_r_beside_counts_are_precision_and_recall_and_p_alone_is_read_both_ways():
    steps = check_document(r"""$$ \frac{2 \times P \times R}{P+R} = \frac{2 \times \frac{TP}{TP+FP} \times \frac{TP}{TP+FN}}{\frac{TP}{TP+FP}+\frac{TP}{TP+FN}} = \frac{2 \times TP \times TP}{TP(TP+FN)+T P(TP+FP)} $$

$$ \text{TPR} = \frac{TP}{P} = \frac{TP}{TP + FN} $$
""").steps
    assert [s.status for s in steps] == ["proven", "proven", "unknown"]
    assert any("beside counts" in n for n in steps[0].reading["field definitions"])
    assert "T P" in steps[1].rhs and any(n.startswith("TP:") for n in steps[1].reading["names"])  # TeX: T P is TP
    assert "P read as FN + TP" in steps[2].reason  # P may be the number of positives: both readings checked


def test_the_hypotheses_of_a_test_are_stated_not_claimed():
    report = check_document(r"""$$\begin{aligned}
H_0:p\leqslant p_0\\
H_1:p > p_0
\end{aligned}$$
""")
    assert not report.steps and [(n.kind, n.name) for n in report.notes] == [("condition", "H_0"), ("condition", "H_1")]


def test_a_fresh_capital_on_one_side_is_defined_and_a_defined_name_against_a_number_is_a_value():
    report = check_document(r"""$$\frac{1}{H}=\frac{1}{2}\left(\frac{1}{x_{1}}+\frac{1}{x_{2}}\right)$$
$$H=\frac{2 x_{1} x_{2}}{x_{1}+x_{2}}$$

$$ \text{Dice Score} = \frac{2TP}{2TP + FP + FN} $$

$$ \text{Dice Score} = \frac{2 \times 3}{2 \times 3 + 0 + 1} = 0.857 $$

$$ \text{TP} = 2, \quad \text{FP} = 1, \quad \text{FN} = 1 $$
""")
    assert [s.status for s in report.steps] == ["proven", "unknown", "proven"]  # 6/7 rounds to 0.857
    assert [n.name for n in report.definitions if "introduces" in n.value] == ["H"]  # 1/H = ...: H's definition
    assert "Dice Score}, defined by a formula, against a number" in report.steps[1].reason
    assert [n.name for n in report.notes if n.kind == "value"] == ["\\text{TP}", "\\text{FP}", "\\text{FN}"]


def test_an_ellipsis_with_one_subscript_running_is_a_sum_or_a_product():
    steps = check_document(r"""$$ A_n = \frac{a_1 + a_2 + ... + a_n}{n} $$

$$ \frac{1}{n}\sum_{i=1}^{n} a_i = A_n $$

$$ G_n = \sqrt[n]{a_1a_2...a_n} $$

$$ \ln G_n = \frac{\ln a_1 + \dots + \ln a_n}{n} $$

$$ \frac{1}{a_1} + \cdots + \frac{1}{a_n} = \sum_{k=1}^{n} \frac{1}{a_k} $$

$$ x_1 y_1 + \dots + x_3 y_3 = x_1 y_1 + x_2 y_2 + x_3 y_3 $$

$$ \frac{1}{n}\left(\left(y_{D_{1}}-y\right)^{2}+\ldots+\left(y_{D_{n}}-y\right)^{2}\right) = \frac{1}{n}\sum_{i=1}^{n} (y_{D_i} - y)^2 $$

$$ a_1 + \dots + b_n = 1 $$
""").steps
    assert [s.status for s in steps] == ["proven"] * 5 + ["unparsed"]
    assert any(r.startswith("an ellipsis read as the sum over") for r in steps[1].reading["sums"])
    assert "not one subscript running" in steps[5].reason


def test_a_hypothesis_in_chinese_or_russian_prose_is_a_premise():
    text = "令 $$s = a_1 + ... + a_{n-1}$$\u200b\n\n$$\n\\frac{s}{n-1} = \\frac{a_1 + ... a_{n-1} + \\frac{a_1 + ... a_{n-1}}{n-1}}{n}\n$$\n"
    assert [s.status for s in check_document(text).steps] == ["proven"]
    text = "Пусть $x = 2y$, тогда\n$$\nx + y = 3y\n$$\n"
    assert [s.status for s in check_document(text).steps] == ["proven"]


def test_expectations_are_linear_and_indicators_binomials_marks_and_limits_are_read():
    steps = check_document(r"""$$\bar{f}(\boldsymbol{x})=\mathbb{E}_{D}[f(\boldsymbol{x} ; D)]$$

$$\mathbb{E}_{D}\left[2\left(f(\boldsymbol{x} ; D)-\bar{f}(\boldsymbol{x})\right)\cdot\bar{f}(\boldsymbol{x})\right] = 2\bar{f}(\boldsymbol{x})\cdot\mathbb{E}_{D}\left[f(\boldsymbol{x} ; D)\right]-2\bar{f}(\boldsymbol{x})\cdot\bar{f}(\boldsymbol{x}) = 0$$

$$2\mathbb{E}_{D}\left[\left(\bar{f}(\boldsymbol{x})-y\right)\left(y-y_{D}\right)\right]=2\left(\bar{f}(\boldsymbol{x})-y\right)\cdot 0$$

$$ \frac{1}{m}\sum_{i=1}^m I(f(x_i)=y_i) = 1 - \frac{1}{m}\sum_{i=1}^m \mathbb{I}(f(x_i) \neq y_i) $$

$$ \frac{1}{m^+m^-}\sum_{\boldsymbol{x}^+ \in D^+}\sum_{\boldsymbol{x}^- \in D^-} (g(\boldsymbol{x}^+) + 1) = \frac{1}{m^+m^-}\sum_{\boldsymbol{x}^+ \in D^+}\sum_{\boldsymbol{x}^- \in D^-} g(\boldsymbol{x}^+) + \frac{1}{m^+m^-}\sum_{\boldsymbol{x}^+ \in D^+}\sum_{\boldsymbol{x}^- \in D^-} 1 $$

$$ \left(\begin{array}{c} m \\ 2 \end{array}\right) = \frac{m (m-1)}{2} $$

$$ \mathop{\text{lim}}_{m\rightarrow \infty}\left( 1-\frac{1}{m} \right)^m \rightarrow \frac{1}{e} $$
""").steps
    assert [s.status for s in steps] == ["proven", "proven", "unknown", "proven", "proven", "proven", "proven"]
    assert "may never take" in steps[2].reason  # E_D[y - y_D] = 0 is the document's assumption, not algebra
    assert steps[6].relation == "=="


def test_a_term_over_several_ranges_is_read_through_its_running_sum():
    steps = check_document(r"""$$ \sum_{i=1}^k x_i + \sum_{i=k+1}^{2k} x_i = \sum_{i=1}^{2k} x_i $$

$$ \sqrt{\sqrt[n]{a_1...a_n}\sqrt[n]{a_{n+1}...a_{2n}}} = \sqrt[2n]{a_1...a_{2n}} $$

$$ \sum_{i=1}^k x_i + \sum_{i=k+1}^{2k} x_i = \sum_{i=1}^{2k+1} x_i $$
""").steps
    assert [s.status for s in steps] == ["proven", "proven", "unknown"]
    assert "running sum" in steps[0].reason


def test_a_limit_before_a_sum_without_brackets_is_read_both_ways():
    # the limit of 1 - (1 - 1/l)^l, or 1 minus a power of l outside the limit: never refuted for the second reading
    step = check_document(r"$$ \lim_{\ell \rightarrow \infty} 1 - \left( 1 - \dfrac 1 \ell \right)^\ell = 1 - \dfrac{1}{e} $$"
                          ).steps[0]
    assert step.status == "unknown" and "holds reading \\lim followed by a sum" in step.reason


def test_a_sum_broken_after_its_sign_goes_on_in_the_next_row():
    steps = check_document(r"""$$\begin{aligned}
(a+b)^2 =& a^2 + 2ab + \\ & b^2 \\
=& b^2 + a^2 + 2 a b
\end{aligned}$$
""").steps
    assert [(s.status, s.rhs) for s in steps] == [("proven", "a^2 + 2ab + \\\\ & b^2"), ("proven", "b^2 + a^2 + 2 a b")]


def test_a_row_that_only_defines_the_name_it_introduces_is_a_definition_not_a_step():
    report = check_document(r"$$ \frac{\text{FP}}{\text{FP}+\text{TN}} = \frac{\text{FP}}{\ell_-} $$")
    introduced = [(n.line, n.name) for n in report.definitions if "introduces the name" in n.value]
    assert introduced == [(1, "ell_-")] and report.steps == []  # ell_- beside FP, which the other side holds too
    # a member of the family the other side sums over (a garbled indicator), a name beside another factor the other
    # side lacks (P(+) cost), a name written in the text before: steps, left open
    report = check_document(r"$$ Acc(y,\hat{y})=\frac{1}{n}\sum_{i=1}^{n}y_i=\hat{y_i} \tag{6} $$")
    assert [(s.status, s.rhs) for s in report.steps] == [("unknown", r"\hat{y_i}")]
    report = check_document(r"$$ P(+)cost=\frac{p}{p+(1-p)}=p $$")
    assert [s.status for s in report.steps] == ["unknown", "proven"] and not report.definitions
    report = check_document("The mean $H$ of two rates:\n\n$$\\frac{1}{H}=\\frac{1}{2}(\\frac{1}{x_1}+\\frac{1}{x_2})$$")
    assert [s.status for s in report.steps] == ["unknown"] and not report.definitions


def test_brackets_of_labels_stated_in_minus_one_plus_one_are_checked_label_value_by_label_value():
    display = r"""
$$ \sum_{i = 1}^{\ell} [y_{(i)} = -1] \sum_{j = i + 1}^{\ell} [y_{(j)} = +1]
= \sum_{i = 1}^{\ell} \sum_{j = i + 1}^{\ell} [y_{(i)} < y_{(j)}]
= \sum_{i = 1}^{\ell} \sum_{j = i + 1}^{\ell} (1 - [y_{(i)} = y_{(j)}] - 5[y_{(i)} > y_{(j)}]) $$
"""
    stated = check_document(r"The labels are $\mathbb{Y} = \{ -1, +1\}$." + "\n" + display)
    assert [s.status for s in stated.steps] == ["proven", "unknown"]  # the second is wrong at y_i = 1, y_j = -1
    assert "labels y in {-1, +1} (stated at line 1)" in stated.steps[0].reason
    assert stated.steps[0].reading["labels"] == "y in {-1, +1} (stated at line 1)"
    # labels never stated: the same step is undecided (as real numbers the brackets differ)
    assert [s.status for s in check_document(display).steps] == ["unknown", "unknown"]


def test_a_letter_the_document_passes_to_a_function_it_defines_is_a_function_where_applied():
    text = r"""$$ E(f; D)=\frac{1}{m}\sum_{i=1}^m(f(x_i)-y_i)^2 $$

$$ E(f; D)=\frac{1}{m}\sum_{i=1}^mI(f(x_i)\neq y_i) $$

$$\begin{aligned}
\text{acc}&=\frac{1}{m}\sum_{i=1}^mI(f(x_i)=y_i)\\
&=1-E(f; D)
\end{aligned}$$
"""
    steps = check_document(text).steps
    # E is defined twice (the second time with the same parameters): the latest definition settles the last step,
    # and f, a parameter of E, is a function where it is applied: f(x_i) is no product to leave open
    assert [s.status for s in steps] == ["unknown", "proven"]
    assert "E as the definition at line 3" in steps[1].reason
    assert not any("f(x_i)" in r for r in steps[1].reading["open"])  # only which definition of E was open
    # without E(f; D) to show that f is a function, f(x_i) may be a product: open
    steps = check_document(text.split("\n\n", 1)[1].replace("E(f; D)", "E")).steps
    assert "'f(x_i)': the value of a function f at its argument or a product" in steps[-1].reading["open"][0]


def test_a_set_listed_by_its_elements_is_named_not_claimed():
    report = check_document(r"""$$D=\left\{\boldsymbol{x}_{1}^{+}, \boldsymbol{x}_{2}^{+}, \boldsymbol{x}_{3}^{-}\right\}$$

$$D^{\prime}=\left\{\boldsymbol{x}_{1}^{+}, \boldsymbol{x}_{1}^{+}, \boldsymbol{x}_{3}^{-}\right\}$$
""")
    assert [n.name for n in report.definitions] == ["D", "D^{\\prime}"]
    assert "a set listed by its elements" in report.definitions[0].value
    assert report.steps == []  # before: two steps "unparsed" (a list in brackets, a prime)


def test_cost_is_a_name_of_the_field_so_a_cost_defined_twice_is_read_with_its_latest_definition():
    report = check_document(r"""$$\begin{aligned}
cost_{se} &=m \times p \times \mathrm{FNR} \times cost_{+-}+m \times(1-p) \times \mathrm{FPR} \times cost_{-+} \\
&+m \times p \times \mathrm{TPR} \times cost_{++}+m \times(1-p) \times \mathrm{TNR} \times cost_{--}
\end{aligned}$$

$$cost_{se} = p \times \mathrm{FNR} \times cost_{+-}+(1-p) \times \mathrm{FPR} \times cost_{-+}$$

$$\frac{cost_{se}}{p \times cost_{+-}+(1-p) \times cost_{-+}}=\frac{p \times \mathrm{FNR} \times cost_{+-}+(1-p) \times \mathrm{FPR} \times cost_{-+}}{p \times cost_{+-}+(1-p) \times cost_{-+}}$$
""")
    assert [s.status for s in report.steps] == ["unknown", "proven"]
    assert "a second definition of cost_{se}" in report.steps[0].reason
    assert "the latest before it: cost_{se} as the definition at line 6" in report.steps[1].reason
