"""fit_preferences recovers beta and rho, reports conflicts; `symmetric fit` reads a CSV and draws the fit."""

import contextlib
import io
import json
import math

import numpy as np
import pytest

from symmetric import InvalidParameterError
from symmetric.cli import main
from symmetric.cli.fit import read_statements
from symmetric.explore import Indifference, Preference, TradeOff, fit_preferences
from symmetric.numeric import g_beta_rho as G


def tradeoff(P, R, beta, rho):
    """The trade-off ratio dG/dP / dG/dR, by central differences of the generated numeric G."""
    h = 1e-6
    dP = (G(P + h, R, beta, rho) - G(P - h, R, beta, rho)) / (2 * h)
    dR = (G(P, R + h, beta, rho) - G(P, R - h, beta, rho)) / (2 * h)
    return float(dP / dR)


def indifferent_precision(P, R, R2, beta, rho):
    """The precision P2 with G(P2, R2) = G(P, R), by bisection (None if there is none in (0, 1])."""
    target, lo, hi = G(P, R, beta, rho), 1e-9, 1.0
    if not G(lo, R2, beta, rho) < target <= G(hi, R2, beta, rho):
        return None
    for _ in range(200):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if G(mid, R2, beta, rho) < target else (lo, mid)
    return (lo + hi) / 2


def synthetic(beta, rho):
    R2, P2 = next((R2, P2) for R2 in (0.8, 0.5, 0.95, 0.3)
                  if (P2 := indifferent_precision(0.7, 0.6, R2, beta, rho)) is not None)
    return [TradeOff(0.5, 0.8, tradeoff(0.5, 0.8, beta, rho)), TradeOff(0.9, 0.4, tradeoff(0.9, 0.4, beta, rho)),
            Indifference(0.7, 0.6, P2, R2), Preference(0.9, 0.9, 0.5, 0.6)]


@pytest.mark.parametrize("beta", [0.5, 1.0, 2.0, 4.0])
@pytest.mark.parametrize("rho", [-3.0, -2.0, -0.5, 0.5, 2.0])
def test_recovers_beta_and_rho_of_the_member_that_made_the_statements(beta, rho):
    fit = fit_preferences(synthetic(beta, rho))
    assert fit.expressible and not fit.conflicts
    assert fit.beta == pytest.approx(beta, rel=1e-4) and fit.rho == pytest.approx(rho, abs=1e-4)
    assert fit.rms < 1e-5
    assert fit.beta_interval[0] <= beta <= fit.beta_interval[1] or fit.beta_interval[1] - fit.beta_interval[0] < 1e-3


def test_the_stipulated_arithmetic_mean_is_a_candidate():
    # G_{3,0} = (3P + R)/4 trades one unit of precision for 3 of recall everywhere.
    fit = fit_preferences([TradeOff(0.5, 0.8, 3), TradeOff(0.9, 0.2, 3), TradeOff(0.3, 0.3, 3)])
    assert fit.stipulated and fit.rho == 0.0 and fit.beta == pytest.approx(3, rel=1e-6) and fit.expressible
    assert "rho  = 0 (the stipulated" in str(fit)


def test_noisy_statements_give_an_uncertainty_that_covers_the_truth():
    rng = np.random.default_rng(0)
    points = rng.uniform(0.2, 1.0, size=(12, 2))
    statements = [TradeOff(P, R, tradeoff(P, R, 2.0, -1.5) * math.exp(rng.normal(0, 0.02))) for P, R in points]
    fit = fit_preferences(statements)
    assert fit.beta_interval[0] < 2.0 < fit.beta_interval[1] and fit.rho_interval[0] < -1.5 < fit.rho_interval[1]
    assert 0 < fit.rms < 0.05 and fit.expressible


def test_statements_no_g_expresses_are_named_with_the_fallback():
    fit = fit_preferences([TradeOff(0.4, 0.8, 1.0), TradeOff(0.2, 0.4, 3.0), TradeOff(0.9, 0.9, 0.5)])
    assert not fit.expressible
    assert (0, 1) in fit.conflicts or (1, 0) in fit.conflicts
    text = str(fit)
    assert "different trade-offs at the same ratio R/P" in text
    assert "cannot all be expressed by any G_{beta,rho}" in text and "van Rijsbergen" in text and "f(P) + g(R)" in text
    # Indifference holds within the tolerance, so a preference between the same points does not contradict it;
    # two opposite preferences do.
    fit = fit_preferences([Indifference(0.6, 0.9, 0.9, 0.6), Preference(0.6, 0.9, 0.9, 0.6)])
    assert fit.expressible
    fit = fit_preferences([TradeOff(0.5, 0.5, 1.0), Preference(0.6, 0.9, 0.9, 0.6), Preference(0.9, 0.6, 0.6, 0.9)])
    assert not fit.expressible and fit.conflicts == [(1, 2)]
    assert "they rank the same two points differently" in str(fit)


def test_f_beta_family_fixes_rho():
    fit = fit_preferences(synthetic(2.0, -2.0), family="f_beta")
    assert fit.rho == -2.0 and fit.beta == pytest.approx(2.0, rel=1e-4)
    assert "rho  = -2 (fixed: F_beta)" in str(fit)


def test_a_registered_family_with_a_fitted_expression_is_seen(monkeypatch):
    # The fitted families used to be a tuple of names kept apart from the family records.
    from symmetric import families
    from symmetric.explore.preferences import fittable_families

    for name, builder in (("f_copy", "f_beta"), ("g_copy", "g_beta_rho")):
        record = families.FAMILIES[builder]
        monkeypatch.setitem(families.FAMILIES, name, families.Family(name, record.function, record.params, "copy"))
    assert fittable_families() == {"g_beta_rho": False, "f_beta": True, "f_copy": True, "g_copy": False}
    statements = synthetic(2.0, -2.0)
    fit, original = fit_preferences(statements, family="f_copy"), fit_preferences(statements, family="f_beta")
    assert (fit.beta, fit.rho) == (original.beta, -2.0) and fit.beta == pytest.approx(2.0, rel=1e-4)
    assert "rho  = -2 (fixed: F_beta)" in str(fit)


def test_a_registered_family_the_fit_has_no_model_for_is_refused(monkeypatch):
    from symmetric import families

    alternative = families.FAMILIES["f_beta_alternative"]  # beta alone, but not G at rho = -2
    monkeypatch.setitem(families.FAMILIES, "copy", families.Family("copy", families.f_beta, (families.BETA,), "F"))
    with pytest.raises(InvalidParameterError, match=r"'family' parameter of fit_preferences must be one of "
                                                    r"\['copy', 'f_beta', 'g_beta_rho'\]"):
        fit_preferences([TradeOff(0.5, 0.5, 1.0)], family=alternative.name)


@pytest.mark.parametrize("kwargs, param", [
    ({"statements": []}, "statements"),
    ({"statements": "P,R"}, "statements"),
    ({"statements": [(0.5, 0.5, 1.0)]}, "statements"),
    ({"statements": [Preference(0.9, 0.9, 0.5, 0.5)]}, "statements"),
    ({"statements": [TradeOff(0.5, 0.5, 1.0)], "family": "power_mean"}, "family"),
    ({"statements": [TradeOff(0.5, 0.5, 1.0)], "tolerance": 0}, "tolerance"),
])
def test_bad_input_names_the_argument(kwargs, param):
    with pytest.raises(InvalidParameterError, match=f"'{param}' parameter of fit_preferences"):
        fit_preferences(**kwargs)


@pytest.mark.parametrize("make, param", [
    (lambda: TradeOff(0.0, 0.5, 1.0), "P"), (lambda: TradeOff(0.5, 1.5, 1.0), "R"), (lambda: TradeOff(0.5, 0.5, 0), "k"),
    (lambda: Indifference(0.5, 0.5, 0.5, -1), "R2"), (lambda: Preference(0.5, 0.5, True, 0.5), "P2"),
])
def test_statements_check_their_numbers(make, param):
    with pytest.raises(InvalidParameterError, match=f"'{param}' parameter of"):
        make()


CSV = """kind,P,R,k,P2,R2
# made by F_2
tradeoff,0.5,0.5,1/4,,
tradeoff,0.25,1,4,,

indifferent,0.8,0.4,,{p2},0.5
prefer,0.8,0.7,,0.6,0.5
"""


def run_cli(argv):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


def test_fit_command_reads_a_csv_prints_the_fit_and_draws_it(tmp_path):
    pytest.importorskip("matplotlib")
    path = tmp_path / "prefs.csv"
    path.write_text(CSV.format(p2=indifferent_precision(0.8, 0.4, 0.5, 2.0, -2.0)), encoding="utf-8")
    code, out, err = run_cli(["fit", str(path), "-o", str(tmp_path / "fit.png")])
    assert code == 0, err
    assert "beta = 2  " in out and "rho  = -2  " in out and "Every statement is expressed" in out
    assert (tmp_path / "fit.png").stat().st_size > 10_000
    code, out, _ = run_cli(["fit", str(path), "--json"])
    data = json.loads(out)
    assert data["expressible"] and data["beta"] == pytest.approx(2.0) and len(data["statements"]) == 4


@pytest.mark.parametrize("text, message", [
    ("kind,P,R\ntradeoff,0.5,0.5\n", "the header must be kind,P,R,k,P2,R2"),
    ("kind,P,R,k,P2,R2\nlike,0.5,0.5,1,,\n", "line 2: kind must be tradeoff, indifferent or prefer"),
    ("kind,P,R,k,P2,R2\ntradeoff,0.5,__import__('os'),1,,\n", "line 2: column R must be a number"),
    ("kind,P,R,k,P2,R2\ntradeoff,0.5,0.5,1,0.5,\n", "line 2: a tradeoff statement leaves P2 empty"),
    ("kind,P,R,k,P2,R2\nprefer,0.5,0.5,,2,0.5\n", "line 2: The 'P2' parameter of Preference"),
    ("kind,P,R,k,P2,R2\ntradeoff,0.5,0.5,1/0,,\n", "line 2: column k must be a number"),
    ("", "no statements"),
])
def test_fit_command_reports_bad_files(tmp_path, text, message):
    path = tmp_path / "bad.csv"
    path.write_text(text, encoding="utf-8")
    code, out, err = run_cli(["fit", str(path)])
    assert code == 2 and message in err and out == ""


def test_fit_command_refuses_a_bad_output_name(tmp_path):
    path = tmp_path / "prefs.csv"
    path.write_text("kind,P,R,k,P2,R2\ntradeoff,0.5,0.5,1,,\n", encoding="utf-8")
    code, _, err = run_cli(["fit", str(path), "-o", str(tmp_path / "fit.jpg")])
    assert code == 2 and "'--output' parameter of symmetric fit" in err
    code, _, err = run_cli(["fit", str(tmp_path / "missing.csv")])
    assert code == 2 and "missing.csv" in err


def test_read_statements_takes_fractions_and_skips_comments():
    statements = read_statements(["kind,P,R,k,P2,R2", "# a comment", "", "tradeoff,3/4,1/2,2,,"])
    assert statements == [TradeOff(0.75, 0.5, 2.0)]


@pytest.mark.parametrize("make, param", [
    (lambda: TradeOff(0.5, 5e-324, 2.0), "R"), (lambda: TradeOff(1e-21, 0.5, 2.0), "P"),
    (lambda: Indifference(5e-324, 0.5, 0.5, 0.5), "P"), (lambda: Preference(0.5, 0.5, 0.5, 1e-300), "R2"),
])
def test_coordinates_below_1e_20_name_the_argument_and_the_range(make, param):
    # Below it G's terms overflow over the search box: the residuals were nan, with a leaked RuntimeWarning.
    with pytest.raises(InvalidParameterError, match=rf"'{param}' parameter of .* must be a number in \[1e-20, 1\]"):
        make()


@pytest.mark.parametrize("statements", [
    [TradeOff(1e-20, 0.5, 2.0), TradeOff(0.3, 0.9, 1.0)],
    [TradeOff(0.5, 1e-20, 1e-300), Indifference(1e-20, 1.0, 1.0, 1e-20)],
    [Indifference(1e-20, 0.5, 0.5, 1e-20), Preference(1e-20, 1.0, 1.0, 1e-20)],
])
@pytest.mark.parametrize("family", ["g_beta_rho", "f_beta"])
def test_statements_at_the_smallest_coordinates_get_a_finite_fit(statements, family):
    fit = fit_preferences(statements, family=family)
    assert all(math.isfinite(x) for x in (fit.beta, fit.rho, fit.rms, *fit.residuals))
    assert "nan" not in str(fit)


def test_an_unbounded_range_of_beta_is_inf_not_an_overflow(tmp_path):
    # log beta's standard error was so large that math.exp overflowed (OverflowError).
    statements = [TradeOff(1.0, 1.0, 5e-324), TradeOff(1.0, 1.0, 5e-324)]
    fit = fit_preferences(statements, family="f_beta")
    assert fit.beta_interval[0] >= 0 and fit.beta_interval[1] == math.inf
    assert "different trade-offs" not in str(fit)  # the two statements are the same
    path = tmp_path / "same.csv"
    path.write_text("kind,P,R,k,P2,R2\ntradeoff,1,1,5e-324,,\ntradeoff,1,1,5e-324,,\n", encoding="utf-8")
    code, out, err = run_cli(["fit", str(path), "--family", "f_beta", "--json"])
    assert code == 0, err
    assert json.loads(out)["beta_interval"][1] is None  # JSON has no inf


@pytest.mark.parametrize("argv, option", [
    (["--tolerance", "nan"], "--tolerance"), (["--tolerance", "-1"], "--tolerance"),
    (["-o", "{tmp}/missing/fit.png"], "--output"), (["--dpi", "5"], "--dpi"),
])
def test_fit_command_names_the_option_before_any_work(tmp_path, argv, option):
    path = tmp_path / "prefs.csv"
    path.write_text("kind,P,R,k,P2,R2\ntradeoff,0.5,0.5,1,,\n", encoding="utf-8")
    code, out, err = run_cli(["fit", str(path)] + [a.replace("{tmp}", str(tmp_path)) for a in argv])
    assert code == 2 and f"'{option}' parameter of symmetric fit" in err and out == ""
