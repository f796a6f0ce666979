"""The habits of the code base: ruff's lint (on ``symmetric/`` and ``proofs/``) and mypy (on ``symmetric/``).

Both read their configuration from pyproject.toml.

Both tools are in the ``test`` extra; ``ruff format --check`` keeps the formatting (the generated modules,
compared with their generator's output, are excluded in pyproject.toml).
"""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _run(*args) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True)


def test_ruff_lint_passes():
    pytest.importorskip("ruff")
    done = _run("ruff", "check", "--no-cache", "symmetric", "proofs")
    assert done.returncode == 0, done.stdout + done.stderr


PROBES = "tests/typing_probes.py"


@pytest.mark.slow
def test_mypy_passes():
    """The package type-checks (settings: [tool.mypy] in pyproject.toml), and mypy refuses exactly the lines of
    tests/typing_probes.py marked so (a strategy whose run is not its kind's): one run for both."""
    pytest.importorskip("mypy")
    done = _run("mypy", "symmetric", PROBES)
    errors = [line for line in done.stdout.splitlines() if ": error: " in line]
    assert all(line.startswith(PROBES + ":") for line in errors), done.stdout + done.stderr
    refused = {int(line.split(":")[1]) for line in errors}
    lines = (ROOT / PROBES).read_text(encoding="utf-8").splitlines()
    marked = {number for number, line in enumerate(lines, 1) if line.endswith("# mypy refuses")}
    assert marked and refused == marked, done.stdout + done.stderr


def test_ruff_format_is_applied():
    pytest.importorskip("ruff")
    done = _run("ruff", "format", "--check", "symmetric")
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_package_ships_its_type_marker():
    assert (ROOT / "symmetric" / "py.typed").is_file()


def _generated(path: Path) -> bool:
    """A module the generation stage writes (its first line says so): compared with the generator's output."""
    return "Do not edit." in path.read_text(encoding="utf-8").split("\n", 1)[0]


def _unannotated_public_functions(root: Path) -> list[str]:
    """``file:line name`` of each top-level function named in its module's ``__all__`` with no annotation at all."""
    out = []
    for path in sorted(root.rglob("*.py")):
        if _generated(path):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        public: set = set()
        for node in tree.body:
            if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
                # the names spelled here; a starred list (another module's __all__) is checked in its module
                elements = node.value.elts if isinstance(node.value, (ast.List, ast.Tuple)) else []
                public = {e.value for e in elements if isinstance(e, ast.Constant)}
        for node in tree.body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name in public:
                a = node.args
                arguments = [*a.posonlyargs, *a.args, *a.kwonlyargs, *filter(None, (a.vararg, a.kwarg))]
                if node.returns is None and all(x.annotation is None for x in arguments):
                    out.append(f"{path.relative_to(root.parent)}:{node.lineno} {node.name}")
    return out


def test_every_public_function_has_annotations():
    """mypy checks a public function's callers against its annotations (and its body, as every body:
    ``check_untyped_defs``); the generated modules are their generator's business."""
    assert _unannotated_public_functions(ROOT / "symmetric") == []


def test_the_annotation_check_sees_an_unannotated_public_function(tmp_path):
    package = tmp_path / "package"
    package.mkdir()
    (package / "module.py").write_text(
        '__all__ = ["bare", "typed", "returns"]\n\n'
        "def bare(x):\n    return x\n\n"
        "def typed(x: int):\n    return x\n\n"
        "def returns(x) -> int:\n    return x\n\n"
        "def _private(x):\n    return x\n",
        encoding="utf-8",
    )
    (package / "generated.py").write_text('"""Made by a generator. Do not edit."""\n__all__ = ["f"]\n\ndef f(x):\n    return x\n')
    assert _unannotated_public_functions(package) == ["package/module.py:3 bare"]
