"""Standalone modules from `symmetric codegen`: numpy only, same results bit for bit."""

import ast
import subprocess
import sys

import numpy
import pytest

from symmetric import numeric
from symmetric.numeric.codegen import module_source

RUNNER = """
import sys
for blocked in ("sympy", "mpmath", "symmetric"):
    sys.modules[blocked] = None
import numpy
sys.path.insert(0, sys.argv[1])
module = __import__(sys.argv[2])
data = numpy.load(sys.argv[3])
args = [data[k] for k in sorted(data.files)]
numpy.save(sys.argv[4], getattr(module, sys.argv[2])(*args))
"""

CASES = [
    ("g_beta_rho", {}, ("beta", "rho")),
    ("g_beta_rho", {"beta": 2.0}, ("rho",)),
    ("g_beta_rho", {"beta": 0.5, "rho": -1.0}, ()),
    ("power_mean", {"phi": 0.0}, ("gamma",)),
    ("f_beta", {"beta": 3.0}, ()),
]


def _inputs(free, n=3000):
    rng = numpy.random.default_rng(7)
    cols = {"0P": rng.uniform(0, 1, n), "1R": rng.uniform(0, 1, n)}
    cols["0P"][:5] = 0.0
    for i, name in enumerate(free):
        if name in ("beta", "gamma"):
            cols[f"{i + 2}{name}"] = 10 ** rng.uniform(-2, 2, n)
        else:
            cols[f"{i + 2}{name}"] = rng.choice([-1000.0, -3.0, -2.0, -1.0, -1 + 1e-12, -0.5, 0.0, 1e-13, 0.5, 2.0], n)
    return cols


@pytest.mark.parametrize("name, fixed, free", CASES)
def test_standalone_module_matches_the_package_bit_for_bit(tmp_path, name, fixed, free):
    path = tmp_path / f"{name}.py"
    args = [sys.executable, "-m", "symmetric", "codegen", name, "-o", str(path)]
    for k, v in fixed.items():
        args += [f"--{k}", repr(v)]
    done = subprocess.run(args, capture_output=True, text=True, check=True)
    assert str(path) in done.stdout
    cols = _inputs(free)
    numpy.savez(tmp_path / "in.npz", **cols)
    subprocess.run([sys.executable, "-c", RUNNER, str(tmp_path), name, str(tmp_path / "in.npz"), str(tmp_path / "out.npy")],
                   check=True, capture_output=True, text=True)
    got = numpy.load(tmp_path / "out.npy")
    names = [s for s in ("beta", "rho", "gamma", "phi") if s in fixed or s in free]
    order = {"g_beta_rho": ("beta", "rho"), "power_mean": ("gamma", "phi"), "f_beta": ("beta",)}[name]
    values = {k: fixed[k] for k in fixed}
    values.update({k: cols[f"{i + 2}{k}"] for i, k in enumerate(free)})
    expected = getattr(numeric, name)(cols["0P"], cols["1R"], *[values[k] for k in order])
    assert set(names) == set(order)
    assert numpy.array_equal(got.view(numpy.int64), expected.view(numpy.int64))


def test_generated_source_imports_only_numpy_and_documents_itself():
    source = module_source("g_beta_rho", fixed={"rho": -2.0})
    tree = ast.parse(source)
    imported = {a.name for node in ast.walk(tree) if isinstance(node, ast.Import) for a in node.names}
    imported |= {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert imported == {"numpy"}
    func = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "g_beta_rho")
    assert [a.arg for a in func.args.args] == ["P", "R", "beta"]
    doc = ast.get_docstring(func)
    assert "symmetric 0.1.0" in doc and "beta**rho" in doc and "rho = -2.0" in doc


def test_codegen_cli_rejects_bad_requests(tmp_path):
    for args in (["nope"], ["f_beta", "--rho", "1"], ["f_beta", "--beta", "-1"]):
        done = subprocess.run([sys.executable, "-m", "symmetric", "codegen", *args, "-o", str(tmp_path / "x.py")],
                              capture_output=True, text=True)
        assert done.returncode == 2 and "symmetric codegen:" in done.stderr
        assert not (tmp_path / "x.py").exists()
