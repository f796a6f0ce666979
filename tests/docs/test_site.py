"""The documentation site builds with warnings as errors (docs/site.md), and a broken reference fails it.

Skipped unless the ``docs`` extra is installed. The build is the documented command, run with a fresh
environment (``-E``) and the gallery's scripts run anew, into a temporary folder; a second, tiny build checks that
``-W`` does fail on a reference to a name that does not exist.
"""

import importlib.util
import re
import shutil
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
NEEDED = ("sphinx", "pydata_sphinx_theme", "numpydoc", "myst_parser", "sphinx_gallery", "matplotlib")
# One test (the two builds write docs/api and docs/auto_examples: never at once in two pytest-xdist workers).
pytestmark = [pytest.mark.slow,  # the full run only (tests/README.md)
              pytest.mark.skipif(any(importlib.util.find_spec(m) is None for m in NEEDED),
                                 reason="needs the docs extra: pip install -e '.[docs]'")]


def sphinx(*args, cwd=ROOT):
    return subprocess.run([sys.executable, "-m", "sphinx", *map(str, args)], cwd=cwd, capture_output=True, text=True,
                          timeout=600)


def test_a_name_page_left_by_an_earlier_build_is_removed(tmp_path):
    # A build, then a name moved to another module: its generated page would make autosummary import it again.
    sys.path.insert(0, str(DOCS))
    try:
        import _api
    finally:
        sys.path.remove(str(DOCS))
    generated = tmp_path / "api" / "generated"
    generated.mkdir(parents=True)
    (generated / "symmetric.symbols.gone.rst").write_text("stale\n")
    (generated / "symmetric.symbols.TP.rst").write_text("kept\n")
    app, config = SimpleNamespace(srcdir=tmp_path), SimpleNamespace(symmetric_api_modules=["symmetric.symbols"])
    _api.write_pages(app, config)
    assert sorted(p.name for p in generated.iterdir()) == ["symmetric.symbols.TP.rst"]
    assert (tmp_path / "api" / "symmetric.symbols.rst").exists()


def test_the_site_builds_with_warnings_as_errors_every_name_has_a_page_and_a_broken_reference_fails(tmp_path):
    shutil.rmtree(DOCS / "auto_examples", ignore_errors=True)  # the gallery's scripts run, not a cached result
    out = tmp_path / "html"
    done = sphinx("-W", "-E", "-q", "-b", "html", "-d", tmp_path / "doctrees", "docs", out)
    assert done.returncode == 0, done.stdout + done.stderr
    sys.path.insert(0, str(DOCS))
    try:
        import _api
    finally:
        sys.path.remove(str(DOCS))
    modules = _api.public_modules()
    assert {"symmetric", "symmetric.symbols", "symmetric.metrics", "symmetric.verify"} <= set(modules)
    for module in modules:
        assert (out / "api" / f"{module}.html").exists()
        for name in _api.public_names(module):
            assert (out / "api" / "generated" / f"{module}.{name}.html").exists(), f"{module}.{name}"
    for name in ("TP", "FP", "FN", "TN", "prevalence"):
        assert "count" in (page := (out / "api" / "generated" / f"symmetric.symbols.{name}.html").read_text()) \
            or "prevalence" in page
    gallery = {p.name for p in (out / "auto_examples").glob("plot_*.html")}
    assert gallery == {"plot_level_curves.html", "plot_prevalence.html", "plot_threshold.html",
                       "plot_preferences.html"}
    assert len(list((out / "_images").glob("sphx_glr_plot_*_001.png"))) == 4
    index = (out / "index.html").read_text(encoding="utf-8")
    text = " ".join(re.sub(r"<[^>]+>", "", index).split())
    assert "pip install /path/to/symmetric" in text and "PyData Sphinx Theme" in text

    # A reference to a name that does not exist fails the build; one to a private helper does not.
    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text(f"import sys\nsys.path[:0] = [{str(ROOT)!r}, {str(DOCS)!r}]\n"
                                 "extensions = ['sphinx.ext.autodoc', 'numpydoc', '_api']\nnitpicky = True\n"
                                 "symmetric_api_modules = []\n")
    (src / "index.rst").write_text("Title\n=====\n\nSee :func:`symmetric.verify.chek`, "
                                   ":func:`symmetric.verify.check` and :mod:`symmetric._validation`.\n")
    done = sphinx("-W", "-q", "-b", "html", src, tmp_path / "out")
    assert done.returncode != 0
    assert "symmetric.verify.chek" in done.stderr, done.stderr
    assert "symmetric.verify.check " not in done.stderr and "_validation" not in done.stderr
