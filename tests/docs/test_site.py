"""The documentation site builds with warnings as errors (docs/site.md), a broken reference fails it, and it reads
offline.

Skipped unless the ``docs`` extra is installed. The build is the documented command, run with a fresh
environment (``-E``) and the gallery's scripts run anew, into a temporary folder; a second, tiny build checks that
``-W`` does fail on a reference to a name that does not exist. The built pages are then read as files (no browser):
no page loads a script or a style sheet from another host, every formula is MathML written at build time, no page
of the user guide, the gallery or the API reference names a private module, every page but the home page has a
sidebar listing its section, and an API page's long title may break after its dots (:func:`offline_problems`,
itself tested on small pages that break each rule).
"""

import html
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


#: A script or style sheet from another host (``src``/``href`` with a scheme or starting with ``//``).
_REMOTE = re.compile(r"""<(script|link)\b[^>]*?\b(src|href)=["'](https?:)?//""", flags=re.I)
#: A private module of the package, dotted (``symmetric.metrics._intervals``).
_PRIVATE = re.compile(r"\bsymmetric(\.[a-z]\w*)*\._[a-z]\w*")
#: What Python prints as the last line of an example's traceback or warning: the class where it is defined.
_RAISED = re.compile(r"\bsymmetric(\.\w+)*\.\w*(Error|Warning)\s*: ")
#: Pages written for contributors: they name the private modules by design (the Development section).
_DEVELOPMENT = {"design.html", "soundness.html", "performance.html", "site.html", "development.html"}


def _text(page: str) -> str:
    """The words of a page: tags as spaces (a break opportunity as nothing), entities as characters."""
    return html.unescape(re.sub(r"<[^>]+>", " ", page.replace("<wbr>", "")))


def offline_problems(site: Path) -> list[str]:
    """Why the built ``site`` does not read offline or shows what it should not (empty when it is right)."""
    problems = []
    for path in sorted(site.rglob("*.html")):
        name = path.relative_to(site).as_posix()
        if name.startswith(("_static/", "_sources/", "_modules/")):
            continue
        page = path.read_text(encoding="utf-8")
        for found in _REMOTE.finditer(page):
            problems.append(f"{name}: loads from another host: {page[found.start():found.end() + 60]!r}")
        if re.search(r'class="math[^"]*"[^>]*>\s*(\\\(|\\\[|\$)', page):
            problems.append(f"{name}: a formula left as LaTeX for a script to render")
        if "math-error" in page:
            problems.append(f"{name}: a formula MathML could not be written for")
        if name not in _DEVELOPMENT:
            for line in _text(page).splitlines():
                for found in _PRIVATE.finditer(_RAISED.sub("", line)):
                    problems.append(f"{name}: names the private module {found.group(0)}: {line.strip()[:120]!r}")
        if name not in ("index.html", "search.html", "genindex.html", "py-modindex.html") and not re.search(
            r'<ul class="[^"]*bd-sidenav[^"]*">\s*<li', page
        ):
            problems.append(f"{name}: no sidebar listing its section")
        if name.startswith("api/") and "." in (title := re.search(r"<h1>(.*?)<a", page, flags=re.S).group(1)):
            if "<wbr>" not in title:
                problems.append(f"{name}: its title cannot break after a dot: {title!r}")
    return problems


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
    # It reads offline: no script from another host, math as MathML, no private module, a sidebar everywhere.
    assert offline_problems(out) == []
    assert "<math" in (out / "api" / "generated" / "symmetric.families.g_beta_rho.html").read_text(encoding="utf-8")

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


PAGE = """<html><head>{head}</head><body><h1>{title}<a class="headerlink" href="#">#</a></h1>
<nav><ul class="nav bd-sidenav"><li><a href="x.html">X</a></li></ul></nav>{body}</body></html>"""


@pytest.mark.parametrize("head, body, problem", [
    ('<script src="https://cdn.jsdelivr.net/npm/mathjax@4/tex-mml-chtml.js"></script>', "", "another host"),
    ('<link rel="stylesheet" href="//fonts.example/a.css">', "", "another host"),
    ("", '<span class="math notranslate nohighlight">\\(\\pi\\,TPR\\)</span>', "left as LaTeX"),
    ("", "<p>The bootstrap of <code>symmetric.metrics._intervals</code>.</p>", "symmetric.metrics._intervals"),
    ("", "<p>symmetric._constraints.declare</p>", "symmetric._constraints"),
])
def test_the_offline_check_fails_on_a_page_that_breaks_a_rule(tmp_path, head, body, problem):
    (tmp_path / "page.html").write_text(PAGE.format(head=head, title="Page", body=body))
    assert offline_problems(tmp_path) == [] if not problem else any(problem in p for p in offline_problems(tmp_path))


def test_the_offline_check_passes_a_right_page_and_an_examples_traceback(tmp_path):
    body = ('<script src="_static/local.js"></script><span class="math"><math><mi>P</mi></math></span>'
            "<pre>symmetric._validation.InvalidParameterError: The 'beta' parameter of f_beta must be ...</pre>")
    (tmp_path / "page.html").write_text(PAGE.format(head="", title="Page", body=body))
    (tmp_path / "api").mkdir()
    (tmp_path / "api" / "symmetric.plot.html").write_text(PAGE.format(head="", title="symmetric.<wbr>plot", body=""))
    assert offline_problems(tmp_path) == []
    (tmp_path / "api" / "symmetric.plot.html").write_text(PAGE.format(head="", title="symmetric.plot", body=""))
    (tmp_path / "lost.html").write_text("<html><body><h1>Lost</h1></body></html>")
    assert [p.split(":")[0] for p in offline_problems(tmp_path)] == ["api/symmetric.plot.html", "lost.html"]
