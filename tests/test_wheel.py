"""The release: an sdist and a wheel built from this checkout, the wheel installed in a fresh environment.

The archives are built once per suite (a module fixture: pytest-xdist gives both tests to one worker), without
network (``python -m build --no-isolation``, with the build backend of the test extra). The first test checks their
metadata as the package index would (``twine check``), installs the wheel with ``--no-deps`` into a new virtual
environment that borrows, from this environment, only the required dependencies and pytest (links to their installed
files in a folder a ``.pth`` file names: nothing is downloaded, and no extra, z3 among them, is importable), and
from a folder outside the checkout runs what a user runs first: the README's main command (``symmetric verify``,
every built-in claim, shipped inside the wheel, at its expected verdict), ``symmetric check`` on a document,
``symmetric codegen``, a metric and the pytest plugin on a claims folder. The second gives pip every install form
the README shows.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import tarfile
import textwrap
import venv
import zipfile
from pathlib import Path

import pytest

import symmetric

pytestmark = pytest.mark.slow  # the full run only (tests/README.md)

ROOT = Path(__file__).resolve().parent.parent
pytest.importorskip("build", reason="the test extra installs build")
pytest.importorskip("hatchling", reason="the test extra installs hatchling")

CLAIM = '''\
from symmetric import P, R, f_beta
from symmetric.verify import Proof

proof = Proof("mine", "F_1 as the harmonic mean")


@proof.claim("mine.f1_harmonic", "F_1 is the harmonic mean of P and R.", target=2 / (1 / P + 1 / R))
def _(d):
    return d.step("F_beta at beta = 1", f_beta(beta=1))
'''


def run(*argv, cwd: Path, env: dict) -> str:
    done = subprocess.run([str(a) for a in argv], cwd=cwd, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, f"{argv} exited {done.returncode}\n{done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.fixture(scope="module")
def dist(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    run(sys.executable, "-m", "build", "--no-isolation", "--outdir", out, ROOT, cwd=out, env=env)
    return out


def test_the_wheel_installs_in_a_fresh_environment_and_everything_runs_from_it(dist, tmp_path):
    version = symmetric.__version__
    wheel = dist / f"symmetric_metrics-{version}-py3-none-any.whl"
    sdist = dist / f"symmetric_metrics-{version}.tar.gz"
    assert wheel.exists() and sdist.exists(), sorted(p.name for p in dist.iterdir())

    # What the index shows: metadata, the long description renders (twine check), the typing marker ships.
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        metadata = archive.read(f"symmetric_metrics-{version}.dist-info/METADATA").decode()
    assert {"symmetric/py.typed", "symmetric/_proofs/f_beta_derivation.py"} <= names
    assert not any(name.startswith(("tests/", "proofs/", "docs/")) for name in names)
    for field in ("License-Expression: BSD-3-Clause", "Requires-Python: >=3.10", "Classifier: Typing :: Typed",
                  "Classifier: Programming Language :: Python :: 3.12", "Description-Content-Type: text/markdown"):
        assert field in metadata
    with tarfile.open(sdist) as archive:
        members = {name.partition("/")[2] for name in archive.getnames()}
    assert {"README.md", "LICENSE", "pyproject.toml", "proofs/f_beta_derivation.py"} <= members
    assert not any(m.startswith(("docs/_build", "docs/auto_examples", ".venv")) for m in members)
    if _importable("twine"):
        checked = run(sys.executable, "-m", "twine", "check", "--strict", wheel, sdist, cwd=dist, env=os.environ.copy())
        assert checked.count("PASSED") == 2, checked

    # A fresh environment holding the wheel, borrowing the installed dependencies of this one.
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=False, symlinks=os.name != "nt").create(env_dir)
    bin_dir = env_dir / ("Scripts" if os.name == "nt" else "bin")
    python = bin_dir / ("python.exe" if os.name == "nt" else "python")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    purelib = Path(run(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])",
                       cwd=tmp_path, env=env).strip())
    # A plain install: the required dependencies (and pytest, for the plugin), no extra. Only a path, not the
    # .pth files of this environment: this checkout's editable install stays out of sys.path.
    borrowed = borrow(tmp_path / "borrowed", required_distributions("symmetric-metrics", "pytest"))
    (purelib / "_borrowed_dependencies.pth").write_text(f"{borrowed}\n")
    run(sys.executable, "-m", "pip", "--python", python, "install", "--no-deps", "--no-index",
        "--disable-pip-version-check", "--quiet", wheel, cwd=tmp_path, env=env)
    user = tmp_path / "user"
    user.mkdir()

    found = run(python, "-c", "import symmetric; print(symmetric.__file__)", cwd=user, env=env)
    assert Path(found.strip()).is_relative_to(purelib), found

    for extra in ("z3", "matplotlib", "scipy", "sklearn"):   # nothing beyond the required dependencies
        assert run(python, "-c", f"import importlib.util; print(importlib.util.find_spec({extra!r}))",
                   cwd=user, env=env).strip() == "None", extra

    # The README's main command: every built-in claim (shipped inside the wheel; the proofs are not on this path)
    # reaches its expected verdict with the required dependencies alone (exit 0).
    out = run(bin_dir / "symmetric", "verify", cwd=user, env=env)
    summary = out.strip().splitlines()[-1]
    assert re.match(r"\d+ claims: .* 0 unknown, 0 error; (\d+) as expected, 0 not;", summary), out

    # A document's displayed steps checked (symmetric check), where the command exists.
    if (ROOT / "symmetric" / "cli" / "check.py").exists():
        (user / "note.md").write_text("F_1 is the harmonic mean:\n\n$$\nF_1 = \\frac{2 P R}{P + R} = "
                                      "\\frac{2}{1/P + 1/R}\n$$\n")
        out = run(bin_dir / "symmetric", "check", "note.md", cwd=user, env=env)
        assert "1 steps: 1 proven" in out, out

    # A standalone module, and a metric from labels.
    run(bin_dir / "symmetric", "codegen", "f_beta", "--beta", "2", "-o", "f2.py", cwd=user, env=env)
    out = run(python, "-c", "import f2; from symmetric.metrics import f1_score; "
              "print(float(f2.f_beta(0.5, 0.25)), f1_score([0, 1, 1, 1], [0, 1, 0, 1]))", cwd=user, env=env)
    assert out.split() == [repr(5 * 0.5 * 0.25 / (4 * 0.5 + 0.25)), repr(0.8)], out

    # The pytest plugin, found through the wheel's entry point, on a folder of claims.
    (user / "claims").mkdir()
    (user / "claims" / "mine.py").write_text(CLAIM)
    (user / "pyproject.toml").write_text(textwrap.dedent("""\
        [tool.pytest.ini_options]
        symmetric_claims = ["claims"]
        symmetric_jobs = "1"
        """))
    out = run(python, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:xdist", "-q", cwd=user, env=env)
    assert "1 passed" in out, out


def install_forms() -> list[str]:
    """The arguments of the README's ``pip install`` lines under its "install forms" mark."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"<!-- install forms: .*? -->\n```sh\n(.*?)```", readme, flags=re.S).group(1)
    return [shlex.split(line)[2] for line in block.splitlines() if line.startswith("pip install ")]


def test_pip_accepts_every_install_form_the_readme_shows(dist, tmp_path):
    forms = install_forms()
    assert len(forms) == 4
    assert not any(form.partition(" ")[0] == "symmetric-metrics" for form in forms if "@" not in form)
    wheel = f"dist/symmetric_metrics-{symmetric.__version__}-py3-none-any.whl"
    shutil.copytree(dist, tmp_path / "dist")
    git = shutil.which("git") and subprocess.run(["git", "-C", ROOT, "rev-parse", "HEAD"],
                                                 capture_output=True).returncode == 0
    for form in forms:
        if "git+" in form and not git:
            continue  # not a clone (an unpacked sdist): no Git URL to install from
        target = form.replace("/path/to/symmetric/dist/", f"{tmp_path}/dist/").replace("/path/to/symmetric", str(ROOT))
        out = tmp_path / "wheels"
        run(sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index",
            "--disable-pip-version-check", "--quiet", "--wheel-dir", out, target, cwd=tmp_path, env=os.environ.copy())
        assert [p.name for p in out.iterdir()] == [Path(wheel).name], form
        shutil.rmtree(out)


def required_distributions(name: str, *others: str) -> set[str]:
    """``others`` and the distributions they and ``name`` require without any extra, recursively, as installed here."""
    from importlib.metadata import requires

    from packaging.requirements import Requirement

    found: set[str] = set(others)
    todo = [name, *others]
    while todo:
        for line in requires(todo.pop()) or ():
            req = Requirement(line)
            dep = req.name.lower()
            if dep not in found and (req.marker is None or req.marker.evaluate({"extra": ""})):
                found.add(dep)
                todo.append(dep)
    return found


def borrow(folder: Path, names: set[str]) -> Path:
    """``folder`` holding links to the installed files of the distributions ``names`` (their top-level entries)."""
    from importlib.metadata import distribution

    folder.mkdir()
    for name in sorted(names):
        dist = distribution(name)
        tops = {Path(f).parts[0] for f in dist.files or ()} - {"..", "__pycache__"}
        for top in sorted(tops):
            source = Path(dist.locate_file(top))
            if source.exists() and not (folder / top).exists() and not top.endswith(".pth"):
                try:
                    (folder / top).symlink_to(source, target_is_directory=source.is_dir())
                except OSError:  # no symbolic links (Windows without the privilege): a copy
                    (shutil.copytree if source.is_dir() else shutil.copy2)(source, folder / top)
    return folder


def _importable(name: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(name) is not None
