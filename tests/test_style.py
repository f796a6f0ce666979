"""The habits of the code base: ruff's lint (on ``symmetric/`` and ``proofs/``) and mypy (on ``symmetric/``).

Both read their configuration from pyproject.toml.

Both tools are in the ``test`` extra; ``ruff format --check`` keeps the formatting (the generated modules,
compared with their generator's output, are excluded in pyproject.toml).
"""

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


@pytest.mark.slow
def test_mypy_passes():
    pytest.importorskip("mypy")
    done = _run("mypy")  # files, settings and the modules still exempt: [tool.mypy] in pyproject.toml
    assert done.returncode == 0, done.stdout + done.stderr


def test_ruff_format_is_applied():
    pytest.importorskip("ruff")
    done = _run("ruff", "format", "--check", "symmetric")
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_package_ships_its_type_marker():
    assert (ROOT / "symmetric" / "py.typed").is_file()
