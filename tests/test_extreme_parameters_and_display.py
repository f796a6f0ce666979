"""Extreme parameters and display, example by example: no hang, no silent nan, errors that name the argument, honest explore output,
display in IPython and Jupyter. The command-line examples are in tests/cli/test_explore_plot_repl.py, the plots in
tests/plot/test_level_curves.py, and the sweep over every public function in tests/test_extreme_values.py."""

from __future__ import annotations

import time
import warnings

import mpmath
import numpy
import pytest
import sympy

import symmetric
from symmetric import InvalidParameterError, P, R
from symmetric.explore import analyze, parse
from symmetric.explore.geometry import EVERY_RATIO
from symmetric.numeric import UndefinedValueWarning, compile, f_beta, g_beta_rho, power_mean
from symmetric.verify import check

LARGEST = numpy.finfo(float).max


# --- no hang -------------------------------------------------------------------------------------

@pytest.mark.parametrize("rho", [10**5, 10**7, 1e100, 10**100, -(10**7)])
def test_huge_rho_is_refused_at_once_naming_the_range(rho):
    cpu = time.process_time()  # CPU time: a loaded machine does not inflate it
    with pytest.raises(InvalidParameterError, match=r"'rho' parameter of g_beta_rho must be a finite real number "
                                                    r"with \|rho\| <= 1000"):
        symmetric.g_beta_rho(beta=2, rho=rho)
    assert time.process_time() - cpu < 1


def test_the_largest_allowed_rho_builds_and_prints():
    expr = symmetric.g_beta_rho(beta=2, rho=1000)
    assert len(str(expr)) > 300 and "P**1001" in str(expr)
    with pytest.raises(InvalidParameterError, match=r"\|rho\| <= 30 when the base is 1e\+100"):
        symmetric.g_beta_rho(beta=10**100, rho=1000)  # 10**100000 would not print (4300-digit limit)


# --- numeric functions follow the limits of the family ---------------------------------------------

def _limits(P_, R_, beta):
    """G's limits as rho -> +oo and -oo, computed here from the formula with mpmath (not from the code)."""
    def G(rho):
        P1, R1, b, r = (mpmath.mpf(x) for x in (P_, R_, beta, rho))
        return float(((b**r * P1 ** (r + 1) + R1 ** (r + 1)) / (1 + b**r)) ** (1 / (r + 1)))

    with mpmath.workdps(60):
        return G(10**40), G(-(10**40))


@pytest.mark.parametrize("beta", [2.0, 0.5, 1.0, 10.0, 1e300, 1e-300])
@pytest.mark.parametrize("P_, R_", [(0.5, 0.25), (0.3, 0.9), (0.9, 0.1)])
def test_huge_rho_gives_the_limits_never_nan(beta, P_, R_):
    """Issue 12: nan for rho above about 1.34e300; now the limits, up to the largest double."""
    up, down = _limits(P_, R_, beta)
    rhos = numpy.array([1e20, 1.34e300, 1e305, 1e308, LARGEST])
    got_up = g_beta_rho(P_, R_, beta, rhos)
    got_down = g_beta_rho(P_, R_, beta, -rhos)
    assert numpy.allclose(got_up, up, rtol=1e-15) and numpy.allclose(got_down, down, rtol=1e-15)
    # and they are the limits the issue names: Max(P, R/beta), Min(beta P, R) for beta >= 1; the mirror below 1
    if beta >= 1:
        assert up == pytest.approx(max(P_, R_ / beta), rel=1e-12) and down == pytest.approx(min(beta * P_, R_), rel=1e-12)
    else:
        assert up == pytest.approx(max(beta * P_, R_), rel=1e-12) and down == pytest.approx(min(P_, R_ / beta), rel=1e-12)


def test_the_issue_example_rho_sweep():
    rho = numpy.append(numpy.geomspace(1e299, 1e308, 50), LARGEST)
    out = g_beta_rho(0.5, 0.25, 2.0, rho)
    assert numpy.all(out == 0.5)  # Max(0.5, 0.25/2)
    assert numpy.all(g_beta_rho(0.5, 0.25, 2.0, -rho) == 0.25)  # Min(2 * 0.5, 0.25)


def test_huge_phi_gives_max_and_min():
    assert float(power_mean(0.5, 0.25, 2.0, LARGEST)) == 0.5
    assert float(power_mean(0.5, 0.25, 2.0, -LARGEST)) == 0.25
    assert float(power_mean(0.5, 0.25, 1e300, 1e308)) == 0.5


def test_g_beta_rho_score_at_huge_rho():
    from symmetric.metrics import g_beta_rho_score

    y_true, y_pred = [1, 1, 1, 0, 0, 1], [1, 0, 0, 1, 0, 1]  # P = 2/3, R = 1/2
    assert g_beta_rho_score(y_true, y_pred, beta=2, rho=1e308) == pytest.approx(max(2 / 3, 1 / 4))
    assert g_beta_rho_score(y_true, y_pred, beta=2, rho=-1e308) == pytest.approx(min(4 / 3, 1 / 2))


def test_double_double_products_beyond_veltkamps_range_are_exact():
    from symmetric.numeric._dd import _two_prod

    rng = numpy.random.default_rng(5)
    with mpmath.workdps(80), numpy.errstate(all="ignore"):
        for _ in range(200):
            a = rng.uniform(1, 2) * 2.0 ** int(rng.integers(990, 1023))
            b = rng.uniform(-1, 1) * 2.0 ** int(rng.integers(-60, 0))
            p, e = _two_prod(numpy.float64(a), numpy.float64(b))
            if numpy.isfinite(p):
                assert mpmath.mpf(a) * mpmath.mpf(b) == mpmath.mpf(float(p)) + mpmath.mpf(float(e))
        assert _two_prod(numpy.float64(LARGEST), numpy.float64(2.0)) == (numpy.inf, 0.0)


# --- compile: an explicit policy, checked arguments, masks kept ---------------------------------------

HARMONIC = 2 * P * R / (P + R)


def test_compile_zero_division_policy():
    with pytest.warns(UndefinedValueWarning, match="zero_division"):
        assert compile(HARMONIC, (P, R))(0.0, 0.0) == 0.0  # default "warn", like scikit-learn
    assert compile(HARMONIC, (P, R), zero_division=1.0)(0.0, 0.0) == 1.0
    assert numpy.isnan(compile(HARMONIC, (P, R), zero_division=numpy.nan)(0.0, 0.0))
    with pytest.raises(InvalidParameterError, match="defined .*P = 0.0, R = 0.0"):
        compile(HARMONIC, (P, R), zero_division="raise")([0.5, 0.0], 0.0)
    with pytest.raises(InvalidParameterError, match="'zero_division' parameter of compile"):
        compile(HARMONIC, (P, R), zero_division=2)


def test_compiled_functions_check_their_arguments():
    f = compile(HARMONIC, (P, R), check=True)
    with pytest.raises(InvalidParameterError, match=r"'P' parameter of compiled function compiled must be a number "
                                                    r"in \[0, 1\]. Got -1.0 instead"):
        f(-1.0, 0.5)
    with pytest.raises(ValueError, match=r"'P' parameter .* Got 'x' instead"):
        f("x", 0.5)
    with pytest.raises(InvalidParameterError, match=r"'R' parameter .* Got nan at index \(1,\)"):
        f(0.5, [0.5, numpy.nan])
    assert f(-1.0, 0.5, validate=False) == 2.0  # trusted input: no check, 2 (-1)(0.5) / (-0.5)


def test_masked_arrays_keep_their_mask():
    masked = numpy.ma.masked_array([0.5, 0.2, -3.0], mask=[False, True, True])  # the masked -3 is not checked
    for out in (compile(HARMONIC, (P, R))(masked, 0.5), f_beta(masked, 0.5, 1.0),
                g_beta_rho(0.5, masked, 2.0, -2.0), power_mean(masked, masked, 1.0, 1.0)):
        assert isinstance(out, numpy.ma.MaskedArray)
        assert out.mask.tolist() == [False, True, True] and out[0] == pytest.approx(0.5)
    assert g_beta_rho(numpy.ma.masked, 0.5, 2.0, -2.0) is numpy.ma.masked


# --- errors that name what was wrong ------------------------------------------------------------

def test_best_threshold_names_itself():
    from symmetric.metrics import best_threshold

    with pytest.raises(InvalidParameterError, match="'beta' parameter of best_threshold"):
        best_threshold([0, 1], [0.1, 0.2], beta=-1)


def test_analyze_accepts_same_named_symbols():
    p, r = sympy.symbols("P R")  # no assumptions: not symmetric.P and symmetric.R
    a = analyze(2 * p * r / (p + r), limits=False)
    assert a.expr == 2 * P * R / (P + R) and a.break_even == 1
    with pytest.raises(InvalidParameterError, match="symmetric.P and symmetric.R"):
        analyze(sympy.Symbol("x", positive=True) + 1, limits=False)


# --- honest explore output -----------------------------------------------------------------------

@pytest.fixture(scope="module")
def small_analyses():
    return {text: analyze(parse(text)) for text in ["(P + R)/2", "R", "Min(P, R)"]}


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


def test_limit_that_depends_on_the_order_of_P_and_R_includes_P_equal_R():
    from symmetric.explore.analysis_budget import Budget
    from symmetric.explore.metric_limits import metric_limits
    from symmetric.explore.regimes import Regime

    a = sympy.Symbol("a", positive=True)
    expr = P**a * R ** (1 - a)
    (found,) = [r for r in metric_limits(expr, [Regime(expr)], P, R, Budget(total=60, per_check=10))
                if r.approach == "a -> oo"]
    assert found.value.xreplace({P: sympy.Rational(1, 2), R: sympy.Rational(1, 2)}) == sympy.Rational(1, 2)
    assert found.value.xreplace({P: sympy.Rational(1, 2), R: sympy.Rational(1, 3)}) == sympy.oo
    assert found.value.xreplace({P: sympy.Rational(1, 3), R: sympy.Rational(1, 2)}) == 0


# --- display -------------------------------------------------------------------------------------

def _ipython_text(obj) -> str:
    from IPython.lib.pretty import pretty

    return pretty(obj)


def test_verdict_displays_as_one_line():
    pytest.importorskip("IPython")
    v = check(P * R, R * P)
    assert _ipython_text(v) == str(v) and "\n" not in str(v) and "Verdict(" not in _ipython_text(v)
    refuted = check(P, R)
    assert refuted._repr_markdown_().startswith("**refuted**") and "fails at $P = " in refuted._repr_markdown_()


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
