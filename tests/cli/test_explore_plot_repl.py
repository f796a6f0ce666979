"""``symmetric explore``, ``symmetric plot``, ``symmetric codegen`` and ``symmetric repl``, run as a user runs them.

Commands run in-process (``symmetric.cli.main``) with captured output; one
subprocess smoke test each for the console script and the two REPLs.
"""

from __future__ import annotations

import json
import os
import struct
import subprocess
import sys
import time
from pathlib import Path

import pytest

from symmetric.cli import main


def cli(capsys, *args, cwd=None, monkeypatch=None):
    """Run ``symmetric ARGS`` in-process: (exit status, stdout, stderr)."""
    if cwd is not None:
        monkeypatch.chdir(cwd)
    status = main(list(args))
    out = capsys.readouterr()
    return status, out.out, out.err


def subprocess_cli(*args, stdin=None, env=None, cwd=None, timeout=180):
    return subprocess.run([sys.executable, "-m", "symmetric", *args], capture_output=True, text=True, input=stdin,
                          timeout=timeout, env={**os.environ, **(env or {})}, cwd=cwd)


@pytest.mark.slow
def test_explore_prints_the_analysis(capsys):
    status, out, err = cli(capsys, "explore", "(beta*P**2 + R**2)/(beta*P + R)", "--no-limits")
    assert status == 0, err
    assert "break-even ratio R/P   sqrt(beta)" in out
    assert "increasing_in_P" in out and "refuted at" in out


@pytest.mark.slow
def test_explore_json_with_parameters_and_limits(capsys):
    status, out, err = cli(capsys, "explore", "(P**a*R**b)**(1/(a + b))", "--param", "a", "--param", "b=2", "--json")
    assert status == 0, err
    data = json.loads(out)
    assert data["break_even"] == "2/a" and data["equivalent_rho"] == "-1"
    assert data["properties"]["separable"]["status"] == "proven"
    assert {r["approach"]: r["value"] for r in data["limits"]}["a -> oo"] == "P"


@pytest.mark.slow
def test_explore_a_family_by_name(capsys):
    status, out, err = cli(capsys, "explore", "g_beta_rho", "--param", "rho=-3", "--no-limits", "--json")
    assert status == 0, err
    data = json.loads(out)
    assert data["break_even"] == "beta" and data["equivalent_rho"] == "-3"


@pytest.mark.slow
def test_explore_declared_range(capsys):
    """Issue 12: a weighted geometric mean with 0 < a < 1 is bounded (not refuted at a = 3)."""
    status, out, err = cli(capsys, "explore", "P**a*R**(1 - a)", "--param", "a=0..1", "--no-limits", "--json")
    assert status == 0, err
    data = json.loads(out)
    assert data["parameters"] == {"a": "0 < a < 1"}
    assert data["properties"]["bounded"]["status"] == "proven"
    assert data["properties"]["mean"]["status"] == "proven"


def test_explore_huge_rho_answers_at_once(capsys):
    """Issue 12: took 16.6 s and said "break-even ratio none"; now an error naming rho and its range."""
    cpu = time.process_time()  # CPU time: a loaded machine does not inflate it
    status, out, err = cli(capsys, "explore", "g_beta_rho", "--param", "rho=10000000")
    assert time.process_time() - cpu < 5
    assert status == 2 and out == ""
    assert "'--param' parameter of symmetric explore must be a finite real number with |rho| <= 1000" in err
    assert "Got 'rho=10000000' instead" in err   # the option and the text given, read from the error's param


ATTACKS = [
    "__import__('os').system('touch {dir}/pwned')",
    "__import__('pathlib').Path('{dir}/pwned').touch()",
    "open('{dir}/pwned', 'w')",
    "().__class__",
    "().__class__.__base__.__subclasses__()",
    "lambda: 1",
    "'a'",
    "P.__class__",
    "exec('open(\"{dir}/pwned\", \"w\")')",
    "2**2**2**2**2**2**2",
    "(" * 10_000 + "P" + ")" * 10_000,
]


@pytest.mark.parametrize("attack", ATTACKS, ids=lambda a: repr(a[:25]))
def test_explore_refuses_injection_without_side_effects(attack, tmp_path, capsys, monkeypatch):
    status, out, err = cli(capsys, "explore", attack.format(dir=tmp_path), cwd=tmp_path, monkeypatch=monkeypatch)
    assert status == 2
    assert out == ""
    assert "symmetric explore: The 'expr' parameter of symmetric explore must be an expression in P, R" in err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.slow
def test_console_script_refuses_injection_in_a_subprocess(tmp_path):
    done = subprocess_cli("explore", ATTACKS[0].format(dir=tmp_path), cwd=tmp_path, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("symmetric explore: The 'expr' parameter")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("param", ["P=1", "exp", "beta=-1", "a;b", "_x", "a=__import__('os')", "a=P", "a=1..0"])
def test_explore_refuses_bad_parameters(param, capsys):
    status, _, err = cli(capsys, "explore", "P + R", "--param", param)
    assert status == 2 and err.startswith("symmetric explore: ")
    assert "'--param' parameter" in err  # the option given, not the expression


@pytest.mark.parametrize("args, option, reason", [
    (["explore", "P**a*R**(1 - a)", "--param", "a=nan"], "--param", "Got 'nan' instead"),
    (["plot", "g_beta_rho", "--beta", "nan", "--rho", "-2", "-o", "x.png"], "--beta", "Got 'nan' instead"),
    (["plot", "g_beta_rho", "--beta", "2", "--rho", "1e308", "-o", "x.png"], "--rho", "Decimal exponents"),
    (["plot", "g_beta_rho", "--beta", "-2", "--rho", "1", "-o", "x.png"], "--beta", "Got 'beta=-2' instead"),
    (["plot", "g_beta_rho", "--beta", "2", "--vary", "rho", "--values", "a,b", "-o", "x.png"], "--values",
     "Got 'a' instead"),
    (["plot", "g_beta_rho", "--beta", "2", "--rho", "1", "-o", "x.gif"], "--output", "ending in one of"),
    (["plot", "f_beta", "--beta", "2", "-o", "no/such/folder/x.png"], "--output", "existing folder"),
    (["codegen", "g_beta_rho", "-o", "no/such/folder/x.py"], "--output", "existing folder"),
    # the library's declarations, read for the option's message (analyze's timeout and budget)
    (["explore", "P*R", "--timeout", "0"], "--timeout", "must be a positive number of seconds. Got 0.0 instead"),
    (["explore", "P*R", "--budget", "nan"], "--budget", "must be a positive number of seconds. Got nan instead"),
    (["plot", "f_beta", "--beta", "2", "--levels", "101", "-o", "x.png"], "--levels", "an integer from 1 to 100"),
])
def test_errors_name_the_option_given(args, option, reason, tmp_path, capsys, monkeypatch):
    """Issue 12: these blamed "the 'expr' parameter", or gave a traceback after the work was done."""
    status, out, err = cli(capsys, *args, cwd=tmp_path, monkeypatch=monkeypatch)
    assert status == 2 and out == ""
    assert err.startswith(f"symmetric {args[0]}: The '{option}' parameter of symmetric {args[0]}")
    assert reason in err and "Traceback" not in err
    assert list(tmp_path.iterdir()) == []


def _png_size(path: Path) -> tuple[int, int]:
    header = path.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", header[16:24])


@pytest.mark.slow
def test_plot_one_family(tmp_path, capsys):
    out = tmp_path / "g.png"
    status, stdout, err = cli(capsys, "plot", "g_beta_rho", "--beta", "2", "--rho", "-3", "-o", str(out), "--dpi", "100")
    assert status == 0, err
    assert _png_size(out) == (560, 460)  # symmetric.plot.SINGLE_SIZE at 100 dpi
    assert "wrote" in stdout and "560 x 460 px" in stdout


@pytest.mark.slow
@pytest.mark.parametrize("rho", ["1e7", "1e40"])
def test_plot_huge_rho_finishes(rho, tmp_path, capsys):
    """Issue 12: did not finish in 60 s; the numeric function follows the limit Max(P, R/beta)."""
    out = tmp_path / "g.png"
    cpu = time.process_time()  # CPU time: a loaded machine does not inflate it
    status, stdout, err = cli(capsys, "plot", "g_beta_rho", "--beta", "2", "--rho", rho, "-o", str(out), "--dpi", "40")
    assert status == 0, err
    assert time.process_time() - cpu < 30 and _png_size(out) == (224, 184)


@pytest.mark.slow
def test_plot_a_grid_with_negative_values(tmp_path, capsys):
    out = tmp_path / "grid.png"
    status, _, err = cli(capsys, "plot", "g_beta_rho", "--beta", "2", "--vary", "rho", "--values", "-3,-2,0,3", "-o",
                         str(out), "--dpi", "50")
    assert status == 0, err
    assert _png_size(out) == (round((3.2 * 4 + 1.0) * 50), round((3.4 + 0.4) * 50))


def test_plot_warns_about_an_unbounded_expression(tmp_path, capsys):
    status, _, err = cli(capsys, "plot", "P/R", "-o", str(tmp_path / "ratio.png"), "--dpi", "40")
    assert status == 0
    assert err.startswith("symmetric plot: warning: P/R is unbounded on (0, 1]^2")


@pytest.mark.slow
@pytest.mark.parametrize("suffix, magic", [(".svg", b"<?xml"), (".pdf", b"%PDF")])
def test_plot_vector_formats(tmp_path, suffix, magic, capsys):
    out = tmp_path / f"lehmer{suffix}"
    status, _, err = cli(capsys, "plot", "(beta*P**2 + R**2)/(beta*P + R)", "--beta", "2", "-o", str(out))
    assert status == 0, err
    assert out.read_bytes().startswith(magic) and out.stat().st_size > 10_000


@pytest.mark.parametrize("args", [
    ["g_beta_rho", "--beta", "2", "-o", "x.png"],  # rho missing
    ["open('x')", "-o", "x.png"],
    ["f_beta", "--vary", "beta", "-o", "x.png"],
])
def test_plot_refuses_bad_input(args, tmp_path, capsys, monkeypatch):
    status, _, err = cli(capsys, "plot", *args, cwd=tmp_path, monkeypatch=monkeypatch)
    assert status == 2 and err.startswith("symmetric plot: ")
    assert list(tmp_path.iterdir()) == []


def test_plot_without_matplotlib_says_how_to_install(tmp_path, capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setitem(sys.modules, "matplotlib.pyplot", None)
    status, _, err = cli(capsys, "plot", "f_beta", "--beta", "2", "-o", "x.png", cwd=tmp_path, monkeypatch=monkeypatch)
    assert status == 1
    assert "pip install matplotlib" in err and 'pip install ".[plot]"' in err


SESSION = "f_beta(beta=2)\nanalyze(parse('(P + R)/2'), limits=False)\nparse('P +')\ncheck(P, P)\n"
# the analysis shows as its report, each line left-aligned (SymPy's printer centred them)
REPORT_LINE = "\n  break-even ratio R/P   every ratio"


@pytest.mark.slow
def test_repl_plain(tmp_path):
    done = subprocess_cli("repl", "--plain", stdin=SESSION, cwd=tmp_path, timeout=120)
    assert done.returncode == 0, done.stderr
    output = done.stdout + done.stderr
    assert "symmetric 0.1.0" in output and "savefig" in output  # the banner says how to save a figure
    assert "4⋅P + R" in output  # pretty printing is on
    assert REPORT_LINE in output
    assert "ExpressionError: The 'expr' parameter of parse" in output and "Traceback" not in output
    assert "proven (evaluation" in output  # a verdict shows as its one line


@pytest.mark.slow
def test_repl_ipython(tmp_path):
    pytest.importorskip("IPython")
    done = subprocess_cli("repl", stdin=SESSION, cwd=tmp_path, env={"IPYTHONDIR": str(tmp_path / "ipython")},
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert "IPython" in done.stdout and "symmetric 0.1.0" in done.stdout
    assert "4⋅P + R" in done.stdout and REPORT_LINE in done.stdout
    assert "ExpressionError: The 'expr' parameter of parse" in done.stderr and "Traceback" not in done.stderr
    assert "proven (evaluation" in done.stdout and "Verdict(" not in done.stdout


def test_the_commands_read_their_defaults_and_ranges_from_the_library(tmp_path, capsys, monkeypatch):
    """Issue 32: each default, time budget and range is defined once, by the library, and the command reads it."""
    import inspect

    from symmetric import plot
    from symmetric._constraints import constraints_of
    from symmetric.cli import build_parser
    from symmetric.explore import analyze, fit_preferences

    parser = build_parser()
    explore = parser.parse_args(["explore", "P*R"])
    defaults = inspect.signature(analyze).parameters
    assert (explore.timeout, explore.budget) == (defaults["timeout"].default, defaults["budget"].default)
    fit = parser.parse_args(["fit", "x.csv"])
    assert fit.tolerance == inspect.signature(fit_preferences).parameters["tolerance"].default
    assert parser.parse_args(["plot", "f_beta", "-o", "x.png"]).dpi == fit.dpi
    # how many values a grid takes: family_grid's declaration, named as the option that gave them
    values = ",".join(["2"] * 17)
    status, out, err = cli(capsys, "plot", "g_beta_rho", "--beta", "2", "--vary", "rho", "--values", values,
                           "-o", "x.png", cwd=tmp_path, monkeypatch=monkeypatch)
    allowed = constraints_of(plot.family_grid)["values"].allowed
    assert status == 2 and out == ""
    assert err.strip() == (f"symmetric plot: The '--values' parameter of symmetric plot must be {allowed}. "
                           f"Got {values!r} instead.")
