"""``analyze`` against results derived by hand, family by family.

Hand derivations used below (u = R/P, f homogeneous of degree 1, S = s(u)):

* the neutral curvature on the break-even line R = kP is -rho_eq (1/P + 1/R)
  with rho_eq = -k s'(k), and the curvature is that over 2 sqrt(2);
* G_{beta,rho}: S = -(u/beta)^rho, k = beta, rho_eq = rho (the seed's result);
* F_beta: S = -(beta/u)^2, k = beta, rho_eq = -2;
* the power mean: S = -u^(phi-1)/gamma, k = gamma^(1/(phi-1)), rho_eq = phi - 1;
  at phi = 1 it is the weighted arithmetic mean, S = -1/gamma everywhere;
* (1+beta)PR/(R+beta P): S = -beta/u^2, k = sqrt(beta), rho_eq = -2;
* the weighted Lehmer mean (beta P^2 + R^2)/(beta P + R):
  s(u) = -(u^2 + 2 beta u - beta)/(beta(beta + 2u - u^2)), s(k) = -1 at k = sqrt(beta),
  s'(sqrt(beta)) = -(1 + beta)/beta, so rho_eq = (1 + beta)/sqrt(beta);
* (P^a R^b)^(1/(a+b)): S = -(b/a)/u, k = b/a, rho_eq = -1.
"""

from __future__ import annotations

import time
import warnings

import pytest
import sympy

from symmetric import InvalidParameterError, P, R, beta, g_beta_rho, gamma, phi, power_mean, rho
from symmetric.explore import analyze, parse
from symmetric.explore.geometry import EVERY_RATIO
from symmetric.verify import check

pytestmark = pytest.mark.slow  # the full run only (tests/README.md)

a, b = sympy.symbols("a b", positive=True)


@pytest.fixture(scope="module")
def analyses(shared_analyses):
    """Each family analysed once per session, shared with the doctests (conftest.py's ``shared_analyses``).

    Module-scoped, so that under pytest-xdist the tests using it are one group (tests/conftest.py) and each
    family is analysed in one worker, not in both.
    """
    return shared_analyses.family


HAND = {  # name: (break-even ratio, equivalent rho)
    "g_beta_rho": (beta, rho),
    "f_beta": (beta, -2),
    "power_mean": (gamma ** (1 / (phi - 1)), phi - 1),
    "f_beta_alternative": (sympy.sqrt(beta), -2),
    "weighted_lehmer_mean": (sympy.sqrt(beta), (1 + beta) / sympy.sqrt(beta)),
    "weighted_geometric_mean": (b / a, -1),
}


def proven(lhs, rhs, **kwargs):
    verdict = check(lhs, rhs, timeout=20, **kwargs)
    return verdict.status == "proven"


@pytest.mark.parametrize("name", sorted(HAND))
def test_break_even_and_curvature_match_the_hand_derivation(analyses, name):
    result = analyses(name)
    ratio, rho_eq = HAND[name]
    assert proven(result.break_even, ratio)
    assert proven(result.equivalent_rho, rho_eq)
    on_line = {R: ratio * P}
    expected = -rho_eq * (1 / P + 1 / R)
    assert proven(result.neutral_curvature.subs(on_line), expected.subs(on_line))
    assert proven(result.curvature.subs(on_line), (expected / (2 * sympy.sqrt(2))).subs(on_line))
    assert result.verdicts["break_even"].status == "proven"
    assert result.verdicts["neutral_curvature"].status == "proven"


def test_g_matches_the_seed(analyses):
    g = analyses("g_beta_rho")
    assert g.break_even == beta
    assert proven(g.neutral_curvature, -rho * (1 / R + 1 / P))  # the seed's dS/dt on R/P = beta
    assert proven(g.curvature, -rho * (1 / P + 1 / R) / (2 * sympy.sqrt(2)))
    generic = sympy.Ne(rho, 0)
    assert proven(g.slope, -(R / (beta * P)) ** rho, conditions=[generic])
    assert g.slope.subs(rho, 0) == -1 / beta
    assert "rho = 0" in g.break_even_note and "beta = 1" in g.break_even_note
    assert [r.regime.label for r in g.regimes] == ["rho = 0", "rho = -1", "rho != 0, rho != -1"]


def test_power_mean_has_no_break_even_at_phi_1(analyses):
    m = analyses("power_mean")
    assert "phi = 1" in m.break_even_note and "gamma = 1" in m.break_even_note
    at_one = [g for g in m.regimes if g.regime.values == {phi: 1}]
    assert len(at_one) == 1 and at_one[0].break_even is None and at_one[0].everywhere_when == {gamma: 1}


def test_weighted_arithmetic_mean_has_no_break_even_except_beta_1(analyses):
    m = analyses("weighted_arithmetic_mean")
    assert m.break_even is None and m.neutral_curvature is None and m.curvature is None
    assert m.regimes[0].everywhere_when == {beta: 1}
    assert m.slope == -1 / beta
    text = str(m)
    assert "break-even ratio R/P   none" in text and "every ratio is break-even when beta = 1" in text


PROPERTIES = {  # name: statuses of idempotent, homogeneous, increasing in P and R, bounded, mean, symmetric, separable
    "g_beta_rho": "proven proven proven proven proven proven refuted proven",
    "f_beta": "proven proven proven proven proven proven refuted proven",
    "power_mean": "proven proven proven proven proven proven refuted proven",
    "f_beta_alternative": "proven proven proven proven proven proven refuted proven",
    "weighted_arithmetic_mean": "proven proven proven proven proven proven refuted proven",
    "weighted_lehmer_mean": "proven proven refuted refuted proven refuted refuted refuted",
    "weighted_geometric_mean": "proven proven proven proven proven proven refuted proven",
}
NAMES = ["idempotent", "homogeneous", "increasing_in_P", "increasing_in_R", "bounded", "mean", "symmetric",
         "separable"]


@pytest.mark.parametrize("name", sorted(PROPERTIES))
def test_properties(analyses, name):
    found = analyses(name).properties
    assert [found[n].status for n in NAMES] == PROPERTIES[name].split()
    for prop in found.values():
        if prop.status == "refuted":  # counterexamples lie where metrics live
            assert all(0 < prop.counterexample[s] <= 1 for s in (P, R) if s in prop.counterexample)


@pytest.mark.parametrize("name, where", [
    ("g_beta_rho", {beta: 1}), ("f_beta", {beta: 1}), ("power_mean", {gamma: 1}), ("weighted_lehmer_mean", {beta: 1}), ("weighted_geometric_mean", {a: b}),
])
def test_symmetric_exactly_at(analyses, name, where):
    assert analyses(name).properties["symmetric"].holds_when == where


@pytest.mark.parametrize("name, transform", [
    ("f_beta", "T(x) = -1/x"), ("weighted_arithmetic_mean", "T(x) = x"), ("weighted_geometric_mean", "T(x) = log(x)"),
    ("g_beta_rho", "T(x) = x**(rho + 1)/(rho + 1) (rho != 0, rho != -1)"), ("power_mean", "T(x) = x**phi/phi (phi != 0)"),
])
def test_separable_transforms(analyses, name, transform):
    assert transform in analyses(name).properties["separable"].detail


def test_g_is_not_continuous_at_rho_0_but_is_at_rho_minus_1(analyses):
    continuous = analyses("g_beta_rho").properties["continuous"]
    assert continuous.status == "refuted" and continuous.counterexample
    assert continuous.detail == "rho -> 0: refuted; rho -> -1: proven"
    assert analyses("power_mean").properties["continuous"].status == "proven"


def _limits(result):
    return {(r.approach, r.label): (r.value, r.verdict.status) for r in result.limits}


def test_limits_of_g(analyses):
    found = _limits(analyses("g_beta_rho"))
    assert found[("beta -> 0+", "rho > 0")] == (R, "proven")
    assert found[("beta -> 0+", "rho < 0, rho != -1")] == (P, "proven")
    assert found[("beta -> oo", "rho > 0")] == (P, "proven")
    assert found[("beta -> oo", "rho < 0, rho != -1")] == (R, "proven")
    value, status = found[("rho -> -1", "")]
    assert status == "proven" and proven(value, g_beta_rho(rho=-1))
    assert found[("rho -> 0", "")] == (P / 2 + R / 2, "proven")
    assert found[("P -> 0+", "rho = -1")] == (0, "proven")


def test_limits_of_the_power_mean(analyses):
    found = _limits(analyses("power_mean"))
    assert found[("phi -> oo", "")] == (sympy.Max(P, R), "proven")
    assert found[("phi -> -oo", "")] == (sympy.Min(P, R), "proven")
    value, status = found[("phi -> 0", "")]
    assert status == "proven" and proven(value, power_mean(phi=0))
    assert found[("gamma -> 0+", "")] == (R, "proven")


@pytest.mark.parametrize("name, expected", [
    ("f_beta", {"beta -> 0+": P, "beta -> oo": R, "P -> 0+": 0, "R -> 0+": 0}),
    ("f_beta_alternative", {"beta -> 0+": P, "beta -> oo": R}),
    ("weighted_arithmetic_mean", {"beta -> 0+": R, "beta -> oo": P, "P -> 0+": R / (1 + beta)}),
    ("weighted_lehmer_mean", {"beta -> 0+": R, "beta -> oo": P, "P -> 0+": R, "R -> 0+": P}),
    ("weighted_geometric_mean", {"a -> 0+": R, "a -> oo": P, "b -> 0+": P, "b -> oo": R, "P -> 0+": 0}),
])
def test_limits(analyses, name, expected):
    found = {approach: value for (approach, label), value in _limits(analyses(name)).items() if not label}
    for approach, value in expected.items():
        assert found[approach][1] == "proven"
        assert sympy.simplify(found[approach][0] - value) == 0


def test_reports(analyses):
    g = analyses("g_beta_rho")
    text = str(g)
    assert text.startswith("f(P, R) = ")
    assert "break-even ratio R/P   beta" in text and "-rho*(1/R + 1/P)" in text
    assert "holds when beta = 1" in text
    markdown = g._repr_markdown_()
    assert "$\\beta$" in markdown and "| property | statement | verdict | detail |" in markdown
    data = g.to_dict()
    assert data["break_even"] == "beta" and data["properties"]["symmetric"]["holds_when"] == {"beta": "1"}
    assert data["properties"]["symmetric"]["status"] == "refuted"
    assert {r["approach"] for r in data["limits"]} >= {"beta -> 0+", "rho -> 0", "P -> 0+"}


def test_a_small_budget_gives_unknown_not_wrong_answers():
    cpu = time.process_time()
    result = analyze(g_beta_rho(), budget=0.3)
    assert result.skipped > 0 and time.process_time() - cpu < 15  # CPU time: load does not inflate it
    statuses = [p.status for p in result.properties.values()] + [r.verdict.status for r in result.limits]
    assert "unknown" in statuses
    assert "refuted" not in [result.properties[n].status for n in ("idempotent", "bounded", "homogeneous")]


def test_an_inconsistent_engine_stops_the_analysis_instead_of_becoming_unknown(monkeypatch):
    # A proof that numerics contradict is a bug in the engine (docs/design.md): never an "unknown".
    from symmetric.explore import analysis_budget as explore_budget
    from symmetric.verify import InconsistentVerdictError

    def inconsistent(*args, **kwargs):
        raise InconsistentVerdictError("proven by a buggy strategy, but numerics disagree")

    with pytest.raises(InconsistentVerdictError, match="buggy strategy"):
        explore_budget.Budget(total=5, per_check=1, check=inconsistent).check(P, R)
    # and what the budget raises, analyze lets through
    monkeypatch.setattr(explore_budget.Budget, "check", lambda self, *args, **kwargs: inconsistent())
    with pytest.raises(InconsistentVerdictError):
        analyze(P * R / (P + R), limits=False)


def test_new_symbols_for_p_and_r():
    x, y = sympy.symbols("x y", positive=True)
    result = analyze(2 * x * y / (x + y), P=x, R=y, limits=False)
    assert result.break_even == 1 and result.equivalent_rho == -2
    assert "Level curves (y across, x up)" in str(result)


@pytest.mark.parametrize("kwargs, param", [
    ({"expr": "P + "}, "expr"),
    ({"expr": b"P + R"}, "expr"),
    ({"expr": P + R, "parameters": ["a"]}, "parameters"),
    ({"expr": 3}, "expr"),
    ({"expr": beta + 1}, "expr"),
    ({"expr": P + sympy.Symbol("c")}, "expr"),
    ({"expr": P + R, "P": sympy.Symbol("p")}, "P"),
    ({"expr": P + R, "R": P}, "R"),
    ({"expr": P + R, "timeout": 0}, "timeout"),
    ({"expr": P + R, "budget": -1}, "budget"),
])
def test_bad_input(kwargs, param):
    expr = kwargs.pop("expr")
    with pytest.raises(InvalidParameterError, match=f"The '{param}' parameter of analyze"):
        analyze(expr, **kwargs)


@pytest.mark.parametrize("text, check_result", [
    ("Min(P, R)", lambda r: r.break_even is None and r.properties["idempotent"].status == "proven"),
    ("P + R**2", lambda r: "depends on P" in r.break_even_note and r.properties["bounded"].status == "refuted"),
    ("exp(P)*R", lambda r: r.properties["homogeneous"].status == "refuted"),
    ("Abs(P - R) + P", lambda r: r.properties["symmetric"].status == "refuted"),
])
def test_unusual_expressions_are_analysed_without_errors(text, check_result):
    result = analyze(parse(text), budget=30, timeout=5)
    assert check_result(result)
    statuses = {p.status for p in result.properties.values()} | {r.verdict.status for r in result.limits}
    assert statuses <= {"proven", "refuted", "unknown"}
    assert str(result) and result.to_dict()


def test_limits_that_depend_on_a_parameter_sign_skip_sympys_limit(monkeypatch):
    # beta**rho as beta -> 0+ or oo depends on the sign of rho (and as rho -> +-oo on the sign of beta - 1): the
    # engine's exact routine says so at once, SymPy's limit gives up after seconds of series work. The values come
    # from the sign pieces of rho. The checks are not the subject here: stubbed to keep the test cheap.
    from symmetric.explore import analysis_budget
    from symmetric.explore.metric_limits import metric_limits
    from symmetric.explore.regimes import Regime
    from symmetric.verify import Verdict

    asked = []
    monkeypatch.setattr(sympy, "limit", lambda *args, **kwargs: asked.append(args[1:]))
    stub = analysis_budget.Budget(total=60, per_check=10, check=lambda *args, **kwargs: Verdict("unknown", "stub"))
    f = P + beta**rho * R
    found = {(r.approach, r.label): r.value for r in metric_limits(f, [Regime(f)], P, R, stub)}
    assert asked == []
    assert found[("beta -> 0+", "rho < 0")] == sympy.oo and found[("beta -> 0+", "rho > 0")] == P
    assert found[("beta -> oo", "rho < 0")] == P and found[("beta -> oo", "rho > 0")] == sympy.oo
    assert found[("rho -> oo", "")] is None and found[("rho -> 0", "")] == P + R


def test_a_check_asked_twice_in_one_analysis_runs_once():
    from symmetric.explore import analysis_budget

    calls = []

    def counted(*args, **kwargs):
        calls.append(args)
        return check(*args, **kwargs)

    budget = analysis_budget.Budget(total=60, per_check=10, check=counted)
    first = budget.check(P * R, R * P)
    assert budget.check(P * R, R * P) is first and len(calls) == 1
    assert budget.check(P * R, R * P, relation=">=").proven and len(calls) == 2  # another statement
    assert budget.check(P * R, R * P, conditions=(P < R,)).proven and len(calls) == 3
    assert analysis_budget.Budget(total=60, per_check=10, check=counted).check(P * R, R * P).proven and len(calls) == 4  # per analysis


def test_shared_analyses_are_computed_once_and_guarded(shared_analyses):
    expr = (P + R) / 2
    first = shared_analyses(expr, limits=False)
    assert shared_analyses(expr, limits=False) is first
    assert shared_analyses(expr, limits=False, timeout=9) is not first  # every option is part of the key
    first.properties["extra"] = first.properties["mean"]  # a test that changes a shared result ...
    try:
        with pytest.raises(AssertionError, match="changed the shared analysis"):  # ... fails the next one
            shared_analyses(expr, limits=False)
    finally:
        del first.properties["extra"]


def test_text_goes_through_the_whitelist_parser(shared_analyses):
    text = "(beta*P**2 + R**2)/(beta*P + R)"
    assert analyze(text, limits=False).expr == parse(text)
    assert analyze("P**a*R**(1 - a)", parameters=["a"], limits=False).parameters == (sympy.Symbol("a", positive=True),)
    with pytest.raises(ValueError, match=r"Unknown name 'a'; declare a parameter .* parameters=\[NAME\]"):
        analyze("P**a*R**(1 - a)")
    with pytest.raises(ValueError, match=r"such as '2\*P\*R/\(P \+ R\)', which symmetric.explore.parse reads"):
        analyze(b"P + R")


def test_the_homogeneity_counterexample_names_the_scale_factor_as_the_statement_does():
    found = analyze(P * R, limits=False).properties["homogeneous"]
    assert found.status == "refuted"
    assert sorted(str(s) for s in found.counterexample) == ["P", "R", "t"]
    assert "_t" not in str(found)
    t = sympy.Symbol("t", positive=True)      # a parameter named t: the scale factor is named otherwise
    assert "t1" in {str(s) for s in analyze(P**t * R, limits=False).properties["homogeneous"].counterexample}


# --- bad input, small metrics and their display ------------------------------------------------------

def test_analyze_accepts_same_named_symbols():
    p, r = sympy.symbols("P R")  # no assumptions: not symmetric.P and symmetric.R
    a = analyze(2 * p * r / (p + r), limits=False)
    assert a.expr == 2 * P * R / (P + R) and a.break_even == 1
    with pytest.raises(InvalidParameterError, match="symmetric.P and symmetric.R"):
        analyze(sympy.Symbol("x", positive=True) + 1, limits=False)


@pytest.fixture(scope="module")
def small_analyses(shared_analyses):
    return {text: shared_analyses(parse(text)) for text in ["(P + R)/2", "R", "Min(P, R)"]}


def test_every_ratio_is_break_even_for_the_arithmetic_mean(small_analyses):
    a = small_analyses["(P + R)/2"]
    assert a.break_even == EVERY_RATIO and a.verdicts["break_even"].proven
    assert a.slope == -1 and a.neutral_curvature == 0 and a.equivalent_rho == 0
    text = str(a)
    assert "break-even ratio R/P   every ratio" in text and "no ratio is special" not in text


def test_a_metric_of_recall_alone(small_analyses):
    a = small_analyses["R"]
    assert a.break_even is None and a.slope is None
    assert "does not depend on P" in a.break_even_note
    text = str(a)
    assert "zoo" not in text and "nan" not in text
    assert a.properties["separable"].status == "proven" and a.properties["separable"].detail == "T(x) = x"


def test_min_is_not_differentiable_and_its_limits_are_found(small_analyses):
    a = small_analyses["Min(P, R)"]
    assert a.slope is None and "not differentiable" in a.break_even_note
    assert "Heaviside" not in str(a.slope) and "slope" not in a.verdicts
    limits = {r.approach: (r.value, r.verdict.status) for r in a.limits}
    assert limits == {"P -> 0+": (0, "proven"), "R -> 0+": (0, "proven")}


def test_declared_range_makes_the_weighted_geometric_mean_a_mean():
    g = parse("P**a*R**(1 - a)", parameters=["a"])
    a = analyze(g, ranges={"a": (0, 1)}, limits=False)
    assert a.properties["bounded"].status == "proven" and a.properties["mean"].status == "proven"
    assert "0 < a < 1" in str(a)
    with pytest.raises(InvalidParameterError, match="'ranges' parameter of analyze"):
        analyze(g, ranges={"b": (0, 1)})
    with pytest.raises(InvalidParameterError, match="'ranges' parameter of analyze"):
        analyze(g, ranges={"a": (-1, 1)})  # a is positive


def _ipython_text(obj) -> str:
    from IPython.lib.pretty import pretty

    return pretty(obj)


def test_analysis_displays_as_its_report(small_analyses):
    pytest.importorskip("IPython")
    a = small_analyses["(P + R)/2"]
    assert _ipython_text(a) == str(a)
    assert repr(a) == "<Analysis of f(P, R) = P/2 + R/2: break-even ratio every ratio, equivalent rho 0>"
    assert "| break-even ratio R/P | every ratio | proven |" in a._repr_markdown_()
    prop = a.properties["mean"]
    assert _ipython_text(prop) == "mean: idempotent, bounded, increasing in P and R: proven"
    assert "**mean**" in prop._repr_markdown_()
    limit = a.limits[0]
    assert _ipython_text(limit) == "P -> 0+: R/2, proven" and "$\\frac{R}{2}$" in limit._repr_markdown_()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert "| property |" in a._repr_markdown_()
