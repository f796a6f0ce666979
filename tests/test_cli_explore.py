"""``symmetric explore``, ``symmetric plot`` and ``symmetric repl``, run as a user runs them."""

from __future__ import annotations

import json
import os
import struct
import subprocess
import sys
from pathlib import Path

import pytest


def cli(*args, stdin=None, env=None, cwd=None, timeout=180):
    return subprocess.run([sys.executable, "-m", "symmetric", *args], capture_output=True, text=True, input=stdin,
                          timeout=timeout, env={**os.environ, **(env or {})}, cwd=cwd)


def test_explore_prints_the_analysis():
    done = cli("explore", "(beta*P**2 + R**2)/(beta*P + R)", "--no-limits")
    assert done.returncode == 0, done.stderr
    assert "break-even ratio R/P   sqrt(beta)" in done.stdout
    assert "increasing_in_P" in done.stdout and "refuted at" in done.stdout


def test_explore_json_with_parameters_and_limits():
    done = cli("explore", "(P**a*R**b)**(1/(a + b))", "--param", "a", "--param", "b=2", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["break_even"] == "2/a" and data["equivalent_rho"] == "-1"
    assert data["properties"]["separable"]["status"] == "proven"
    assert {r["approach"]: r["value"] for r in data["limits"]}["a -> oo"] == "P"


def test_explore_a_family_by_name():
    done = cli("explore", "g_beta_rho", "--param", "rho=-3", "--no-limits", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["break_even"] == "beta" and data["equivalent_rho"] == "-3"


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
def test_explore_refuses_injection_without_side_effects(attack, tmp_path):
    done = cli("explore", attack.format(dir=tmp_path), cwd=tmp_path, timeout=60)
    assert done.returncode == 2
    assert done.stdout == ""
    assert "symmetric explore: The 'expr' parameter of symmetric explore must be an expression in P, R" in done.stderr
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("param", ["P=1", "exp", "beta=-1", "a;b", "_x", "a=__import__('os')", "a=P"])
def test_explore_refuses_bad_parameters(param):
    done = cli("explore", "P + R", "--param", param)
    assert done.returncode == 2 and done.stderr.startswith("symmetric explore: ")


def _png_size(path: Path) -> tuple[int, int]:
    header = path.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", header[16:24])


def test_plot_one_family(tmp_path):
    out = tmp_path / "g.png"
    done = cli("plot", "g_beta_rho", "--beta", "2", "--rho", "-3", "-o", str(out), "--dpi", "100")
    assert done.returncode == 0, done.stderr
    assert _png_size(out) == (560, 460)  # symmetric.plot.SINGLE_SIZE at 100 dpi
    assert "wrote" in done.stdout and "560 x 460 px" in done.stdout


def test_plot_a_grid_with_negative_values(tmp_path):
    out = tmp_path / "grid.png"
    done = cli("plot", "g_beta_rho", "--beta", "2", "--vary", "rho", "--values", "-3,-2,0,3", "-o", str(out),
               "--dpi", "50")
    assert done.returncode == 0, done.stderr
    assert _png_size(out) == (round((3.2 * 4 + 1.0) * 50), round((3.4 + 0.4) * 50))


@pytest.mark.parametrize("suffix, magic", [(".svg", b"<?xml"), (".pdf", b"%PDF")])
def test_plot_vector_formats(tmp_path, suffix, magic):
    out = tmp_path / f"lehmer{suffix}"
    done = cli("plot", "(beta*P**2 + R**2)/(beta*P + R)", "--beta", "2", "-o", str(out))
    assert done.returncode == 0, done.stderr
    assert out.read_bytes().startswith(magic) and out.stat().st_size > 10_000


@pytest.mark.parametrize("args", [
    ["g_beta_rho", "--beta", "2", "-o", "x.png"],  # rho missing
    ["g_beta_rho", "--beta", "2", "--rho", "1", "-o", "x.gif"],
    ["open('x')", "-o", "x.png"],
    ["f_beta", "--vary", "beta", "-o", "x.png"],
])
def test_plot_refuses_bad_input(args, tmp_path):
    done = cli("plot", *args, cwd=tmp_path)
    assert done.returncode == 2 and done.stderr.startswith("symmetric plot: ")
    assert list(tmp_path.iterdir()) == []


def test_plot_without_matplotlib_says_how_to_install(tmp_path):
    code = ("import sys; sys.modules['matplotlib'] = None; sys.modules['matplotlib.pyplot'] = None\n"
            "from symmetric.cli import main\n"
            "raise SystemExit(main(['plot', 'f_beta', '--beta', '2', '-o', 'x.png']))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, timeout=60)
    assert done.returncode == 1
    assert 'pip install "symmetric[plot]"' in done.stderr


SESSION = "f_beta(beta=2)\nprint(analyze(g_beta_rho(), limits=False).break_even)\n"


def test_repl_plain(tmp_path):
    done = cli("repl", "--plain", stdin=SESSION, cwd=tmp_path, timeout=120)
    assert done.returncode == 0, done.stderr
    output = done.stdout + done.stderr
    assert "symmetric 0.1.0" in output
    assert "4⋅P + R" in output  # pretty printing is on
    assert "\nbeta\n" in output or ">>> beta" in output


def test_repl_ipython(tmp_path):
    pytest.importorskip("IPython")
    done = cli("repl", stdin=SESSION, cwd=tmp_path, env={"IPYTHONDIR": str(tmp_path / "ipython")}, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "IPython" in done.stdout and "symmetric 0.1.0" in done.stdout
    assert "4⋅P + R" in done.stdout and "beta" in done.stdout
