"""symmetric check: documents as people write them, with wrong lines planted, read and checked step by step."""

import inspect
import json
from pathlib import Path

import mpmath
import pytest
import sympy

import symmetric
from symmetric import P, R, beta, rho
from symmetric.cli import main
from symmetric.documents import check_document
from symmetric.documents.latex import LatexError, tokenize
from symmetric.documents.latex_parser import parse_tokens
from symmetric.documents.names import Names

DOCS = Path(__file__).parent

# (line, status) of every step of the test documents: the planted errors are the refuted lines.
EXPECTED = {
    "team_note.md": [(15, "proven"), (16, "proven"), (17, "proven"), (25, "proven"), (25, "proven"),
                     (25, "refuted")],
    "derivative.tex": [(6, "proven"), (10, "proven"), (15, "proven"), (16, "proven"), (17, "refuted"),
                       (21, "proven")],
    "solve.md": [(7, "unknown"), (8, "proven"), (9, "proven"), (10, "refuted"), (18, "proven"), (19, "proven"),
                 (20, "proven"), (21, "proven"), (22, "proven"), (23, "proven"), (24, "refuted")],
    "limits.ipynb": [(12, "proven"), (33, "refuted")],
    "g_family.qmd": [(16, "proven"), (17, "proven"), (23, "proven"), (24, "refuted"), (30, "proven"),
                     (30, "proven"), (30, "refuted")],
}


@pytest.fixture(scope="module")
def reports():
    return {name: check_document(DOCS / name) for name in EXPECTED}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_the_planted_wrong_lines_are_refuted_and_no_right_line_is(reports, name):
    assert [(s.line, s.status) for s in reports[name].steps] == EXPECTED[name]


def test_a_refuted_step_carries_a_counterexample_that_breaks_it(reports):
    step = reports["derivative.tex"].steps[4]
    assert step.lhs == "-4 P^2 (P + x)^{-3}" and step.rhs == r"\frac{4 P^2}{(P + x)^{3}}"
    x = sympy.Symbol("x", positive=True)
    values = {P: sympy.Rational(step.counterexample["P"]), x: sympy.Rational(step.counterexample["x"])}
    assert (-4 * P**2 * (P + x)**-3).subs(values) != (4 * P**2 / (P + x)**3).subs(values)


def test_a_sequence_row_is_refuted_only_where_the_row_before_holds(reports):
    step = reports["solve.md"].steps[3]
    cx = {k: sympy.Rational(v) for k, v in step.counterexample.items()}
    assert cx["beta"]**2 * cx["P"]**2 == cx["R"]**2 and cx["R"] != cx["beta"]**2 * cx["P"]
    assert reports["solve.md"].steps[0].kind == "premise"


def test_definitions_symbols_and_inline_math(reports):
    report = reports["team_note.md"]
    assert [(n.name, n.value) for n in report.definitions] == [("F_{1}", "2*P*R/(P + R)")]
    assert report.symbols == {"P": "(0, 1] (precision)", "R": "(0, 1] (recall)"}
    assert all(s.line != 27 for s in report.steps)  # inline $F_1 = 1$ and the code block are never steps


def test_the_seed_style_derivation_reads_through_styling_and_uses_definitions():
    text = r"""
$$
G_{\beta,\rho} = \left(\frac{1}{1 + \beta^\rho} \left(\beta^\rho P^{\rho+1} + R^{\rho+1} \right)\right)^{\frac{1}{\rho+1}}
$$
$$
\begin{align*}
S &= -\frac{\frac{\partial G_{\beta,\rho}}{\partial R}}{\frac{\partial G_{\beta,\rho}}{\partial P}} \tag{1} \label{s} \\
  &= \color{blue}{-\Bigg(} \frac{R}{\beta P} \color{blue}{\Bigg)}^{\rho} \nonumber \\
  &\displaystyle= -\left( \frac{R}{\beta P} \right)^{\rho + 1} \, \quad
\end{align*}
$$
"""
    report = check_document(text)
    assert [(s.line, s.status) for s in report.steps] == [(8, "proven"), (9, "refuted")]
    assert [n.name for n in report.definitions] == ["G_{\\beta,\\rho}", "S"]
    assert "uses G_{\\beta,\\rho}" in report.steps[0].reason


def test_a_special_case_defined_next_to_the_general_one_is_compared_with_it():
    report = check_document(r"""
$$ G_{\beta,\rho} = \left(\frac{\beta^\rho P^{\rho+1} + R^{\rho+1}}{1 + \beta^\rho}\right)^{\frac{1}{\rho+1}} $$
$$ G_{\beta,\rho=0} = \frac{\beta P + R}{1 + \beta} $$
$$ G_{\beta,\rho=-1} = \left(P R^\beta\right)^{\frac{1}{1+\beta}} $$
$$ G_{\beta,\rho=1} = \sqrt{\frac{\beta P^2 + R^2}{1 + \beta}} $$
""")
    values = [n.value for n in report.definitions]
    assert "at rho = 0 is P/2 + R/2, a different value" in values[1]
    assert "undefined at rho = -1" in values[2]
    assert "(the formula of G_{\\beta,\\rho} at rho = 1)" in values[3]
    assert report.steps == []


def test_a_name_defined_twice_is_read_with_its_latest_definition_and_refuted_only_under_both():
    report = check_document(r"""\[ J(A,B) = \frac{|A\cap B|}{|A\cup B|} \]

\[ J = \frac{\mathrm{TP}}{\mathrm{TP}+\mathrm{FP}+\mathrm{FN}} \]

\[ D = \frac{2\mathrm{TP}}{2\mathrm{TP}+\mathrm{FP}+\mathrm{FN}} \]

\[ D = \frac{2J}{1+J} \]

\[ \frac{D}{2-D} = J + 1 \]

$$ \chi^2 = \frac{(b - c)^2}{b + c} $$

$$ \chi^2 = \frac{(|b - c| - 1)^2}{b + c} $$

Here b = 15 and c = 5.

$$ \chi^2 = \frac{(15 - 5)^2}{15 + 5} $$
""")
    by_line = {s.line: s for s in report.steps}
    assert by_line[7].status == "proven"  # J as at line 3, the latest before it; it fails with J of line 1
    assert "the latest before it: J as the definition at line 3" in by_line[7].reason
    assert by_line[9].status == "refuted"  # wrong under both definitions of J
    # the latest definition of chi^2 (line 13) fails and the earlier one holds: open, neither proven nor refuted
    assert by_line[17].status == "unknown" and "holds reading \\chi^{2} as the definition at line 11" in by_line[
        17
    ].reason


def test_an_implicit_dependence_is_unknown_never_refuted_nor_proven():
    report = check_document(r"""$$
\frac{\partial S}{\partial t} = \frac{\partial S}{\partial R}\frac{\partial R}{\partial t}
$$""")
    assert [s.status for s in report.steps] == ["unknown"]
    assert "function of t" in report.steps[0].reason


def test_a_definition_read_implicitly_passes_its_reading_on():
    report = check_document("$$V = \\frac{\\partial R}{\\partial t}$$\n$$V = 0$$\n$$V + 1 = 1 + V$$\n")
    assert [s.status for s in report.steps] == ["unknown", "unknown"]


def test_a_lone_equation_of_a_variable_is_a_condition_not_an_identity():
    report = check_document("$$R = \\beta P$$\n$$\\frac{R}{\\beta P} = 1$$\n$$\\frac{R}{P} = 1$$\n")
    assert [n.kind for n in report.notes] == ["condition"]
    # false as identities: the first holds under the stated condition (unknown), the second does not
    assert [s.status for s in report.steps] == ["unknown", "refuted"]
    assert "condition R = P*beta (display, line 1)" in report.steps[0].reason


def test_rows_giving_symbols_values_are_conditions_not_a_sequence():
    report = check_document("$$\\begin{align}\nP &= \\frac{TP}{TP + FP} \\\\\nR &= \\frac{TP}{TP + FN}\n"
                            "\\end{align}$$\n$$\\frac{2 P R}{P + R} = \\frac{2 TP}{2 TP + FP + FN}$$\n")
    assert [(n.kind, n.name) for n in report.notes] == [("condition", "P"), ("condition", "R")]
    # F1 from counts: P and R beside the counts are precision and recall, as the conditions say
    assert [s.status for s in report.steps] == ["proven"]


def test_a_condition_in_the_prose_makes_a_refutation_unknown_and_is_named():
    report = check_document("On the break-even line $R = \\beta P$ the slope is\n"
                            "$$-\\left(\\frac{R}{\\beta P}\\right)^{\\rho} = -1$$\n"
                            "and, with no condition (for example $P = R$):\n$$\\frac{R}{\\beta P} = 1 + \\rho$$\n")
    assert [s.status for s in report.steps] == ["unknown", "refuted"]
    assert "R = P*beta (prose, line 1)" in report.steps[0].reason


@pytest.mark.parametrize("latex, expected", [
    (r"\frac{\partial}{\partial P}\left(\frac{R}{\beta P}\right)^{\rho}", -rho * (R / (beta * P))**rho / P),
    (r"\frac{d}{dR} \left[ P R^{2} \right]^{2}", 4 * P**2 * R**3),
    (r"\tfrac{1}{2}\,\sqrt{P}\cdot\sqrt[3]{R}", sympy.sqrt(P) * sympy.root(R, 3) / 2),
    (r"\left. \frac{\partial}{\partial \beta} \beta^2 P \right|_{\beta = 2}", 4 * P),
    (r"\max\left(P, R\right) - \min\{P, R\}", sympy.Max(P, R) - sympy.Min(P, R)),
    (r"\operatorname{exp}(\ln P) + \mathrm{e}^{0}", P + 1),
    (r"\lim_{\beta \to \infty} \frac{\beta P}{\beta + 1}", sympy.Limit(beta * P / (beta + 1), beta, sympy.oo)),
    (r"\lim_{\rho \to 0^-} \rho", sympy.Limit(rho, rho, 0, "-")),
    (r"\frac{TP}{TP + FP}", symmetric.symbols.TP / (symmetric.symbols.TP + symmetric.symbols.FP)),
])
def test_the_latex_subset(latex, expected):
    assert parse_tokens(tokenize(latex), Names()).expr == expected


@pytest.mark.parametrize("latex, reason", [
    (r"\sum_{i \ne j} x_i", "\\sum (a sum over an index set)"),
    (r"\input{/etc/passwd}", "\\input (a TeX file inclusion (never run))"),
    (r"\immediate\write18{rm -rf /}", "a TeX primitive"),
    (r"__import__('os').system('echo hacked')", "outside the subset"),
    (r"eval(\text{open('x').read()})", "words in the formula"),
    (r"P^10", "write {10}"),
    ("{" * 40 + "P" + "}" * 40, "nested more than"),
    (r"2^{2^{2^{2^{2}}}}", "towers of exponents"),
    (r"P^{10^{9}}", "exponents are limited"),
    (r"999999999^{999}", "bits"),
    (r"\frac{1}{0}", "division by zero"),
    (r"\int_0^1 x", "an integral"),
    (r"x \approx y", "relation"),
    ("P + R \\", "a backslash ends the display"),  # was an AttributeError: nothing after the backslash
])
def test_hostile_or_unsupported_latex_is_refused_with_a_reason_and_never_run(latex, reason):
    with pytest.raises(LatexError) as info:
        parse_tokens(tokenize(latex), Names())
    assert reason in info.value.reason


def test_hostile_displays_are_unparsed_steps_never_a_crash(tmp_path):
    text = "\n".join([
        r"$$\input{secret.tex} = 1$$",
        r"$$\write18{touch pwned} = 2$$",
        r"$$__import__('os').system('touch pwned') = 0$$",
        "$$" + "(" * 200 + "P" + ")" * 200 + " = P$$",
        r"$$P^{99999999999999999999} = 0$$",
        "$$" + "P + " * 3000 + "P = 0$$",
    ])
    report = check_document(text)
    assert [s.status for s in report.steps] == ["unparsed"] * 6
    assert not (tmp_path / "pwned").exists() and not Path("pwned").exists()
    assert all(s.reason for s in report.steps)


def test_lists_arrows_and_sentence_punctuation_split_or_end_equations():
    report = check_document(r"""
$$ H(P, R) = \frac{2}{P^{-1} + R^{-1}} $$
$$ H(P, P) = P, \qquad H(1, R) = \frac{2R}{1+R}. $$
$$ \frac{P}{R} = \beta \implies P = \beta R \implies \frac{P}{\beta R} = 2 $$
$$ \begin{align} a &= 2a - a, \\ &= 3a - 2a. \end{align} $$
""")
    # the relation before an arrow is the hypothesis of the one after it, not a claim: P/R = beta is no step
    assert [(s.line, s.status) for s in report.steps] == [(3, "proven"), (3, "proven"), (4, "proven"),
                                                          (4, "refuted"), (5, "proven"), (5, "proven")]
    assert [n.name for n in report.definitions] == ["H(P, R)"]


def test_log_without_a_base_and_rate_names_are_read_as_people_mean_them():
    report = check_document(r"""$$ \log 100 = 2 $$
$$ \ln 100 = 2 $$
$$ \frac{TPR}{TPR + FPR} = \frac{\text{TPR}}{\mathrm{TPR} + FPR} \ne 2PR $$
$$ \frac{TP}{TP + FP} = \frac{\text{TP}}{\text{TP} + \text{FP}} $$""")
    assert [s.status for s in report.steps] == ["unknown", "refuted", "proven", "unparsed", "proven"]
    assert "base 10" in report.steps[0].reason
    assert {"TPR", "FPR", "TP", "FP", "P", "R"} == set(report.symbols)


def test_a_decimal_stands_for_what_rounds_to_it():
    precision = mpmath.iv.prec
    report = check_document(
        "$$\\frac{90}{140} = 0.64$$\n$$\\frac{9}{10} = 0.90$$\n$$\\frac{81}{86} = 0.95$$\n$$\\frac{1}{8} = 0.13$$\n"
        "$$\\frac{90}{140} + 0.01 = 0.65$$\n$$0.85 \\pm 1.96 \\times 0.025 = (0.80,\\; 0.90)$$\n"
    )
    # 90/140 = 0.642857... rounds to 0.64: proven, the decimals of the result read as rounded, those it is computed
    # from as written (0.01, and the givens of an interval); 1/8 sits on the edge of the rounding of 0.13: open
    assert [s.status for s in report.steps] == ["proven", "proven", "refuted", "unknown", "proven", "proven"]
    assert "801/1000 rounds to 0.80" in report.steps[5].reason
    assert "9/14 rounds to 0.64 at the 2 decimal(s) written (a number written with decimals read as rounded" in (
        report.steps[0].reason
    )
    assert report.steps[2].counterexample == {} and "0.941860" in report.steps[2].reason
    assert mpmath.iv.prec == precision  # the interval arithmetic leaves mpmath's settings as they were


def test_approximately_is_proven_to_the_digits_written_and_never_refuted():
    text = (
        "$$ SE = \\sqrt{\\frac{p(1 - p)}{n}} = \\sqrt{\\frac{0.85 \\times 0.15}{200}} $$\n\n"
        "$$ SE \\approx 0.025 $$\n\n$$ \\frac{1}{3} \\approx 0.333 $$\n\n$$ \\frac{2}{3} \\approx 0.6 $$\n\n"
        "$$ x \\approx 0.5 $$\n\n$$ \\frac{1}{8} \\approx 0.13 $$\n"
    )
    steps = [s for s in check_document(text).steps if s.relation == "\\approx"]
    assert [s.status for s in steps] == ["proven", "proven", "unknown", "unknown", "unknown"]
    assert "0.025" in steps[0].reading["approximately"]  # SE's value stated by its chain, sqrt(102)/400
    assert "does not round to 0.6" in steps[2].reason and "not refuted" in steps[2].reason
    assert steps[3].reason.endswith("does not state (x)")
    # 1/8 = 0.125 lies on the edge of what rounds to 0.13 (half up) or to 0.12 (half to even): left open
    assert steps[4].status == "unknown"


def test_align_remarks_and_mixed_partials_are_read(tmp_path):
    report = check_document(r"""$$
\begin{align}
(P+R)^2 &= P^2 + 2PR + R^2 && \text{(expand, by (1))} \\
        &\ge 4PR \quad \text{since } (P-R)^2 \ge 0 \\
\frac{\partial^2}{\partial P \partial R} P^2 R^3 &= 6 P R^2 \\
\frac{\partial^2 (P^2 R^3)}{\partial P \partial R} &= 6 P R^3
\end{align}
$$""")
    assert [(s.line, s.status) for s in report.steps] == [(3, "proven"), (4, "proven"), (5, "proven"),
                                                          (6, "refuted")]


def test_a_missing_file_is_an_error_not_an_empty_document():
    with pytest.raises(symmetric.InvalidParameterError, match="'missing.md'"):
        check_document("missing.md")


def test_symbol_options_give_the_domain(tmp_path):
    text = "$$\\sqrt{t^2} = t$$\n"
    assert check_document(text).steps[0].status == "proven"
    report = check_document(text, symbols={"t": "real"})
    assert report.steps[0].status == "refuted" and report.symbols == {"t": "real"}


def test_check_document_takes_a_path_or_text(tmp_path):
    path = tmp_path / "a.md"
    path.write_text("$$ (P + R)^2 = P^2 + 2 P R + R^2 $$\n")
    assert check_document(path).steps[0].status == check_document(str(path)).steps[0].status == "proven"
    assert check_document(path.read_text()).files == ["<text>"]


# -- the command line -------------------------------------------------------------------------------------

def test_cli_exit_status_json_and_several_files(capsys):
    code = main(["check", str(DOCS / "team_note.md"), "--json", str(DOCS / "limits.ipynb")])
    out = json.loads(capsys.readouterr().out)
    assert code == 1
    assert {s["file"] for s in out["steps"]} == {str(DOCS / "team_note.md"), str(DOCS / "limits.ipynb")}
    refuted = [s for s in out["steps"] if s["status"] == "refuted"]
    assert [(Path(s["file"]).name, s["line"]) for s in refuted] == [("team_note.md", 25), ("limits.ipynb", 33)]
    assert all(set(s) >= {"line", "status", "counterexample", "reason"} for s in out["steps"])


def test_cli_strict_junit_and_annotate(tmp_path, capsys):
    doc = tmp_path / "ok.md"
    doc.write_text("Fine:\n$$\n\\frac{2PR}{P+R} \\le \\frac{P+R}{2}\n$$\nand unread:\n$$\n\\sum_{i \\ne j} x_i = 1\n$$\n")
    assert main(["check", str(doc)]) == 0
    junit, out = tmp_path / "steps.xml", tmp_path / "annotated.md"
    assert main(["check", "--strict", str(doc), "--junit", str(junit), "--annotate", str(out)]) == 1
    text = capsys.readouterr().out
    assert "1 proven, 0 refuted, 0 unknown, 1 unparsed" in text
    assert "<testcase" in junit.read_text() and "skipped" in junit.read_text()
    assert "<!-- symmetric check: 1 proven -->" in out.read_text()
    assert "line 7 unparsed" in out.read_text()


def test_annotate_writes_a_notebook_back_with_a_mark_in_its_cells(tmp_path, capsys):
    out = tmp_path / "limits.ipynb"
    assert main(["check", "--annotate", str(out), str(DOCS / "limits.ipynb")]) == 1
    cells = json.loads(out.read_text())["cells"]
    marks = ["".join(c["source"]).count("<!-- symmetric check:") for c in cells]
    assert marks == [1, 0, 1]
    assert "line 33 (cell 2, line 4) refuted at P = 1/2, R = 1/3" in "".join(cells[2]["source"])


def test_cli_usage_errors_exit_2(tmp_path, capsys):
    assert main(["check", str(tmp_path / "missing.md")]) == 2
    with pytest.raises(SystemExit) as info:
        main(["check", "x.md", "--symbol", "t:complex"])
    assert info.value.code == 2


def test_documents_in_the_ini_file_are_test_items(pytester):
    (pytester.path / "note.md").write_text((DOCS / "team_note.md").read_text())
    pytester.makeini("[pytest]\nsymmetric_documents = note.md\n")
    result = pytester.runpytest_inprocess("-p", "no:cacheprovider", "note.md")
    result.assert_outcomes(passed=5, failed=1)
    result.stdout.fnmatch_lines(["*note.md:25*refuted at P = 1/2, R = 1/3*"])


def test_the_ci_page_document_fails_the_job_with_its_counterexample(tmp_path, monkeypatch, capsys):
    import re

    page = (Path(__file__).resolve().parents[2] / "docs" / "ci.md").read_text(encoding="utf-8")
    name, text = re.search(r"<!-- document: (.*?) -->\n```\w*\n(.*?)```", page, flags=re.DOTALL).groups()
    shown = re.search(r"<!-- document-output -->\n```\w*\n\$ symmetric check (.*?)\n(.*?)```", page, flags=re.DOTALL)
    (tmp_path / name).parent.mkdir(parents=True)
    (tmp_path / name).write_text(text)
    monkeypatch.chdir(tmp_path)
    assert main(["check", *shown.group(1).split()]) == 1
    seconds = re.compile(r" \(\d+\.\d s\)$")
    out = [seconds.sub("", line) for line in capsys.readouterr().out.splitlines()]
    assert out == [seconds.sub("", line) for line in shown.group(2).splitlines()]


def test_unicode_symbols_read_and_stray_characters_leave_only_their_side_unread():
    report = check_document("$$ (P+R)^2 = P^2 + 2PR + R^2 = P @ R $$\n$$ 2βP ≤ β²P + P $$\n$$ 2βP ≤ β^2 P + P $$\n")
    assert [s.status for s in report.steps] == ["proven", "unparsed", "unparsed", "proven"]
    assert "'@'" in report.steps[1].reason and "'²'" in report.steps[2].reason


def test_random_latex_is_read_or_refused_never_a_crash():
    import random

    rng = random.Random(0)
    alphabet = list("PRx12.+-*/^_{}()[]|&=<>,;:!'\" ²β≤") + [
        r"\frac", r"\left", r"\right", r"\partial", r"\sqrt", r"\lim", r"\to", r"\infty", r"\text{a}", r"\ln",
        r"\min", "\\\\", r"\beta", r"\cdot", r"\color{red}", r"\Bigg", r"\left.", r"\right|"]
    for _ in range(1500):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 25)))
        try:
            parse_tokens(tokenize(text), Names())
        except LatexError:
            pass


# -- readings the display does not fix (issue 29 item 3) ---------------------------------------------------

@pytest.mark.parametrize("latex", [r"\ln 2P = P \ln 2", r"\log PR = \log P + \log R", r"\exp 2P = e^{2P}"])
def test_a_function_applied_without_parentheses_is_decided_only_under_every_reading(latex):
    step = check_document(f"$$\n{latex}\n$$\n").steps[0]
    assert step.status == "unknown" and "applied without parentheses" in step.reason
    assert step.reading["open"] and step.counterexample is None


def test_an_odd_root_of_a_negative_number_is_the_real_root():
    report = check_document("$$\n\\sqrt[3]{-8} = -2\n$$\n$$\n(-27)^{1/3} = -3\n$$\n$$\n\\sqrt[3]{-8} = 2\n$$\n")
    assert [s.status for s in report.steps] == ["proven", "proven", "refuted"]


def test_an_equation_followed_by_its_solution_is_solved_not_refuted_as_an_identity():
    report = check_document("$$\n2x + 1 = 5\n$$\nso\n$$\nx = 2\n$$\n"
                            "$$\\begin{aligned} 3y - 1 &= 5 \\\\ y &= 2 \\end{aligned}$$\n"
                            "$$\nz^2 = 4\n$$\n$$\nz = 3\n$$\n")
    assert [(s.line, s.status) for s in report.steps] == [(2, "unknown"), (6, "proven"), (8, "unknown"),
                                                          (8, "proven"), (10, "unknown"), (13, "refuted")]
    assert report.steps[-1].counterexample == {"z": "2"}


def test_counterexamples_are_names_to_values_as_text(reports):
    for report in reports.values():
        for step in report.steps:
            assert all(isinstance(k, str) and isinstance(v, str) for k, v in (step.counterexample or {}).items())


# -- names, values and conditions from the whole document (issue 30) --------------------------------------

def test_words_and_runs_of_letters_are_names_when_the_document_uses_them_so():
    report = check_document(r"""The recall and the precision; $a$ and $b$ are positive.
$$ recall \cdot precision = precision \cdot recall $$
$$ 2ab \le a^2 + b^2 $$
$$ \mathrm{tpr} + \text{fnr} = \text{fnr} + \mathrm{tpr} $$
$$ IoU(A, B) \le 1 + IoU(A, B) $$
""")
    assert [s.status for s in report.steps] == ["proven", "proven", "proven", "proven"]
    assert report.steps[0].reading["names"] == ["recall: a name of the field", "precision: a name of the field"]
    assert report.steps[1].reading["products"] == ["ab"]
    assert "IoU(A, B)" in report.symbols and "e" not in report.symbols


def test_values_of_a_worked_example_hold_in_its_section_only():
    report = check_document(r"""## Example
Where TP = 80 and FP = 20:
$$ \frac{TP}{TP + FP} = 0.8 $$
## In general
$$ \frac{TP}{TP + FP} = 0.8 $$
""")
    assert [s.status for s in report.steps] == ["proven", "unknown"]
    assert report.steps[0].reading["values"] == ["TP = 80 (text, line 2)", "FP = 20 (text, line 2)"]


def test_values_in_a_list_hold_in_their_section_only():
    report = check_document(r"""## Example

- **True Positives (TP):** 8
- FP: 2

$$ \frac{TP}{TP + FP} = 0.8 $$

## In general

$$ \frac{TP}{TP + FP} = 0.8 $$
""")
    assert [s.status for s in report.steps] == ["proven", "unknown"]
    assert report.steps[0].reading["values"] == ["TP = 8 (list, line 3)", "FP = 2 (list, line 4)"]


def test_a_hypothesis_in_the_prose_is_a_premise_of_the_display_after_it():
    report = check_document(r"""If two raters always agree, $P_o = 1$ and
$$ \frac{P_o - P_e}{1 - P_e} = 1 $$
""")
    assert [s.status for s in report.steps] == ["proven"]
    assert report.steps[0].reading["conditions"] == ["P_o = 1 (prose, line 1)"]


def test_a_name_the_document_never_defines_is_not_its_error_unless_the_line_fails_everywhere():
    report = check_document(r"""$$ \frac{\text{Agreements}}{\text{Total}} = \frac{17}{20} $$
$$ \frac{1}{\frac{1}{Precision} + \frac{1}{Recall}} = \frac{2 Precision \cdot Recall}{Precision + Recall} $$
""")
    assert [s.status for s in report.steps] == ["unknown", "refuted"]
    assert "fails for every value" in report.steps[1].reason


def test_a_row_refuted_against_the_row_before_only_through_a_name_it_introduces_is_unknown():
    # A_k is new in the second row and never defined: the text may mean it as A_{k-1}, under which the second row
    # follows, and the third from it; the same rows in the names of the sequence's first row alone are refuted.
    text = r"""$$
\begin{aligned}
A_{k-1} & \ge G_{k-1} \\
A_{k-1}^{2} & \ge A_{k} G_{k-1} \\
A_{k-1} & \ge A_{k}
\end{aligned}
$$
$$
\begin{aligned}
A_{k-1} & \ge G_{k-1} \\
A_{k-1}^{2} & \ge G_{k-1}^{3}
\end{aligned}
$$
"""
    steps = check_document(text).steps
    assert [s.status for s in steps] == ["unknown", "unknown", "unknown", "unknown", "refuted"]
    for step in steps[1:3]:
        assert "uses A_k, which neither the sequence's first row nor the document fixes" in step.reason
    assert set(steps[4].counterexample) == {"A_{k-1}", "G_{k-1}"}


def test_rates_named_beside_counts_are_read_with_the_field_definitions():
    step = check_document(r"$$ \frac{TP}{\sqrt{(TP + FP)(TP + FN)}} = \sqrt{\mathrm{Precision} \cdot \mathrm{Recall}} $$"
                          "\n").steps[0]
    assert step.status == "proven" and step.reading["field definitions"] == [
        "Precision read as TP/(FP + TP) (the field's definition)", "Recall read as TP/(FN + TP) (the field's definition)"]


def test_kramdown_inline_dollars_blockquotes_and_continued_displays():
    report = check_document("Inline $$F_1 = 1$$ in a sentence is prose.\n\n> **Proof**.\n> $$\n> a + a = 2a\n> $$\n\n"
                            "$$\nS = 70 + 1.96\n$$\n\n$$\n= 71.96\n$$\n")
    assert [(s.line, s.status) for s in report.steps] == [(5, "proven"), (13, "proven")]


# -- notebooks: the cell and the line inside it (issue 31 item 3) ----------------------------------------

def test_notebook_steps_carry_their_cell_and_line_in_text_json_and_junit(reports):
    step = reports["limits.ipynb"].steps[1]
    assert (step.line, step.cell, step.cell_line) == (33, 2, 4)
    assert "limits.ipynb:33 (cell 2, line 4):" in step.text()
    assert step.as_dict()["cell"] == 2 and step.as_dict()["cell_line"] == 4
    assert 'name="line 33 (cell 2, line 4):' in reports["limits.ipynb"].junit()


# -- declarations (issue 32 item 2) -----------------------------------------------------------------------

@pytest.mark.parametrize("func", [symmetric.documents.check_document, symmetric.documents.check_documents,
                                  symmetric.documents.annotate], ids=lambda f: f.__name__)
def test_every_declared_argument_refuses_its_invalid_values(func, tmp_path):
    from symmetric._constraints import constraints_of

    valid = {"source": "$$ 1 = 1 $$", "sources": ["$$ 1 = 1 $$"], "out": tmp_path / "out.md"}
    for name, constraint in constraints_of(func).items():
        for bad in constraint.invalid_values():
            kwargs = {**{k: v for k, v in valid.items() if k in inspect.signature(func).parameters}, name: bad}
            with pytest.raises(symmetric.InvalidParameterError) as info:
                func(**kwargs)
            assert info.value.param == name and f"'{name}' parameter of {func.__name__}" in str(info.value)


def test_the_domains_are_the_engines():
    from symmetric.documents import OPTIONS
    from symmetric.verify import DOMAINS

    assert OPTIONS["domain"].is_satisfied_by("positive") and set(DOMAINS) == {"unit", "positive"}
    assert not OPTIONS["domain"].is_satisfied_by("all")


def test_the_field_rates_are_the_field_definitions():
    from symmetric.documents.field import FIELD_DEFINITIONS
    from symmetric.documents.names import FIELD_RATES

    assert set(FIELD_DEFINITIONS) == FIELD_RATES


def test_counts_in_lower_case_are_the_counts_even_with_their_letters_written_apart():
    report = check_document(
        r"$$F_{1}=2 \cdot \frac{\text { precision } \cdot \text { recall }}{\text { precision }+\text { recall }}"
        r"=\frac{\text { tp }}{t p+\frac{1}{2}(\mathrm{fp}+\mathrm{fn})}$$" + "\n\n"
        r"$$ \frac{tp}{tp + fp} = \frac{tp}{tp + fn} $$"
    )
    assert [s.status for s in report.steps] == ["proven", "refuted"]
    assert "tp read as the count TP" in report.steps[0].reading["field definitions"]
    assert report.steps[0].reading["names"] == ["tp: letters written apart that spell a count the document writes"]
    # t and p apart, in a document that never writes tp: a product, as before
    (step,) = check_document(r"$$ \frac{fp}{t p + fp} = \frac{fp}{fp + t} $$").steps
    assert step.read[0] == "fp/(fp + p*t)"
