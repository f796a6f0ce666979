"""The kernels' modules (symmetric.generate.kernels): standalone ones import numpy only and agree with the package bit
for bit; the package's own imports its runtime. That the committed modules are current: tests/generate/test_files.py."""

import ast
import importlib.util
import subprocess
import sys
from pathlib import Path

import numpy
import pytest

from symmetric import numeric
from symmetric.cli import main
from symmetric.generate import files, kernels
from symmetric.generate.kernels import module_source, package_source

PACKAGE_MODULE = files.PACKAGE / "numeric" / "_generated.py"

RUNNER = """
import sys
for blocked in ("sympy", "mpmath", "symmetric"):
    sys.modules[blocked] = None  # importing any of them now fails
import numpy
sys.path.insert(0, sys.argv[1])
module = __import__(sys.argv[2])
data = numpy.load(sys.argv[3])
numpy.save(sys.argv[4], getattr(module, sys.argv[2])(*[data[k] for k in sorted(data.files)]))
loaded = {m.split(".")[0] for m, v in sys.modules.items() if v is not None}
assert not loaded & {"sympy", "mpmath", "symmetric"}, loaded
assert "numpy" in loaded and any(m.startswith("_symmetric_numeric_runtime_") for m in loaded), loaded
"""


def _load(path):
    """Import a generated standalone module in this process (its embedded runtime is a separate copy)."""
    spec = importlib.util.spec_from_file_location(path.stem + "_standalone", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


CASES = [
    ("g_beta_rho", {}, ("beta", "rho")),
    ("g_beta_rho", {"beta": 2.0}, ("rho",)),
    ("g_beta_rho", {"beta": 0.5, "rho": -1.0}, ()),
    ("power_mean", {"phi": 0.0}, ("gamma",)),
    ("power_mean", {}, ("gamma", "phi")),
    ("f_beta", {"beta": 3.0}, ()),
]


def _inputs(free, n=3000):
    rng = numpy.random.default_rng(7)
    cols = {"0P": 10 ** rng.uniform(-8, 0, n), "1R": rng.uniform(0, 1, n)}
    cols["0P"][:5] = 0.0
    for i, name in enumerate(free):
        if name in ("beta", "gamma"):
            cols[f"{i + 2}{name}"] = 10 ** rng.uniform(-2, 2, n)
        else:
            cols[f"{i + 2}{name}"] = rng.choice([-1000.0, -3.0, -2.0, -1.1, -1.0, -1 + 1e-12, -0.9, -0.5, 0.0, 1e-13,
                                                 0.5, 2.0], n)
    return cols


def _expected(name, fixed, free, cols):
    order = {"g_beta_rho": ("beta", "rho"), "power_mean": ("gamma", "phi"), "f_beta": ("beta",)}[name]
    values = dict(fixed)
    values.update({k: cols[f"{i + 2}{k}"] for i, k in enumerate(free)})
    assert set(values) == set(order)
    return getattr(numeric, name)(cols["0P"], cols["1R"], *[values[k] for k in order])


@pytest.mark.parametrize("name, fixed, free", CASES)
def test_standalone_module_matches_the_package_bit_for_bit(tmp_path, name, fixed, free, capsys):
    path = tmp_path / f"{name}.py"
    args = ["codegen", name, "-o", str(path)]
    for k, v in fixed.items():
        args += [f"--{k}", repr(v)]
    assert main(args) == 0  # in-process, and the module is imported in-process: cheap
    assert str(path) in capsys.readouterr().out
    cols = _inputs(free)
    got = getattr(_load(path), name)(*cols.values())
    assert numpy.array_equal(got.view(numpy.int64), _expected(name, fixed, free, cols).view(numpy.int64))


def test_standalone_module_runs_with_numpy_alone(tmp_path):
    """The one subprocess smoke test: the module and its runtime run with sympy, mpmath and symmetric blocked."""
    name, fixed, free = CASES[0]
    path = tmp_path / f"{name}.py"
    path.write_text(module_source(name), encoding="utf-8")
    cols = _inputs(free)
    numpy.savez(tmp_path / "in.npz", **cols)
    done = subprocess.run([sys.executable, "-c", RUNNER, str(tmp_path), name, str(tmp_path / "in.npz"),
                           str(tmp_path / "out.npy")], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    got = numpy.load(tmp_path / "out.npy")
    assert numpy.array_equal(got.view(numpy.int64), _expected(name, fixed, free, cols).view(numpy.int64))


def test_the_runtime_imports_only_numpy_and_itself():
    for name, module in kernels.RUNTIME.items():
        tree = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))
        absolute = {a.name for node in ast.walk(tree) if isinstance(node, ast.Import) for a in node.names}
        relative = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.level}
        future = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and not node.level}
        top = {a.name for node in tree.body if isinstance(node, ast.Import) for a in node.names}
        # array_api_compat, torch and jax only inside the portable runtime's functions, when their arrays come in
        stdlib = {"math", "os", "sys", "threading", "contextvars", "functools", "dataclasses", "typing", "collections.abc"}
        # checkify, inside the functions of the policy for traced values; PyTorch's guard of a traced scalar, inside
        # the function that plans a fixed-parameter kernel under torch.compile
        libraries = {"jax.experimental", "torch.fx.experimental.symbolic_shapes"}
        assert top <= {"numpy", *stdlib} and future <= {"__future__", "concurrent.futures", *stdlib, *libraries}, name
        assert {a.split(".")[0] for a in absolute} <= {"numpy", *stdlib, "array_api_compat", "torch", "jax"}, name
        assert relative <= set(kernels.RUNTIME), name  # each other, loaded in order (RUNTIME is that order)


def test_standalone_modules_embed_the_runtime_files_as_they_are():
    source = module_source("f_beta")
    for module in kernels.RUNTIME.values():
        assert repr(Path(module.__file__).read_text(encoding="utf-8")) in source
    assert "getsource" not in Path(kernels.__file__).read_text(encoding="utf-8")


def test_generated_code_wires_arguments_explicitly():
    """Generated functions are called through declared argument names, never by introspecting their code."""
    for path in (Path(kernels.__file__), Path(numeric._runtime.__file__), PACKAGE_MODULE):
        text = path.read_text(encoding="utf-8")
        assert "co_varnames" not in text and "__code__" not in text, path


def _imports(source):
    tree = ast.parse(source)
    imported = {a.name for node in ast.walk(tree) if isinstance(node, ast.Import) for a in node.names}
    return imported | {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}


def test_generated_source_imports_only_numpy_and_documents_itself():
    source = module_source("g_beta_rho", fixed={"rho": -2.0})
    tree = ast.parse(source)
    package = kernels._runtime_package()
    named = [n for n in kernels.RUNTIME if n not in ("backends", "traced", "_torch_ops")]  # loaded by the others, not named
    assert _imports(source) == {"numpy", "sys", "types", *(f"{package}.{n}" for n in named)}
    attributes = {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
    assert not attributes & {"longdouble", "float128"}  # float64 and double-double only (the runtime: tests/numeric/test_dd.py)
    func = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "g_beta_rho")
    assert [a.arg for a in func.args.args] == ["P", "R", "beta"]
    doc = ast.get_docstring(func)
    assert "symmetric 0.1.0" in doc and "beta**rho" in doc and "rho = -2.0" in doc


def test_codegen_cli_rejects_bad_requests(tmp_path, capsys):
    for args in (["nope"], ["f_beta", "--rho", "1"], ["f_beta", "--beta", "-1"], ["f_beta", "--beta", "nan"]):
        assert main(["codegen", *args, "-o", str(tmp_path / "x.py")]) == 2
        assert "symmetric codegen:" in capsys.readouterr().err
        assert not (tmp_path / "x.py").exists()


def test_the_package_module_imports_its_runtime():
    assert _imports(package_source()) == {"numpy", "_validation", "_dd", "_runtime", "_portable", "_autodiff"}  # relative: the package's own


@pytest.mark.parametrize("source", [package_source(), module_source("power_mean", fixed={"phi": 0.5})])
def test_generated_code_has_no_unused_imports(source):
    tree = ast.parse(source)
    imported = {(a.asname or a.name).split(".")[0] for node in ast.walk(tree)
                if isinstance(node, (ast.Import, ast.ImportFrom)) for a in node.names}
    used = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    assert imported <= used, imported - used


def test_the_committed_package_module_says_how_it_is_made():
    header = PACKAGE_MODULE.read_text(encoding="utf-8").split('"""')[1]
    assert "generated by symmetric" in header and "Do not edit" in header
    assert "python -m symmetric.generate" in header
