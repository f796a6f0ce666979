"""Shared test configuration.

* The tiers (tests/README.md, tests/tiers.py): plain ``pytest`` runs the fast tier, ``pytest --full`` the full run
  (the README's test command, CI). A test marked ``slow``, or whose path defaults to the full run, is deselected
  from the fast tier, unless its file is named on the command line or ``-m`` chooses the marks.
* The claims of the proof scripts under ``proofs/`` are test items through
  the package's pytest plugin (``symmetric.pytest_plugin``, configured by
  ``symmetric_claims`` in pyproject.toml); it runs them once per session, in
  parallel, and shares the results through the ``claim_results`` fixture.
* mpmath's global precision is reset around every test.
* ``pytester`` is available to test the plugin.
* Figures that pyplot keeps open are closed after every test (with
  ``filterwarnings = error``, the 21st open figure made a later plot test
  fail with matplotlib's "More than 20 figures" RuntimeWarning).
* ``shared_analyses``: ``symmetric.explore.analyze`` with one result per
  distinct call (the whole expression and every option) for the session of
  one process, so the analyses of the families (seconds each) run once for
  tests/explore/test_analysis.py and the doctests of docs/*.md, README.md and
  symmetric/explore/ together, with patient time limits (``SharedAnalyses.PATIENT``: the results do not
  depend on the machine's load). Doctests get it as ``analyze`` (through
  ``doctest_namespace`` and ``symmetric.explore.analyze`` while they run);
  tests that monkeypatch the engine call ``analyze`` itself. A shared result
  that a test changed fails the next test that asks for it.
* ``SYMPY_CACHE_SIZE`` is 20000 unless set: see below.
"""

from __future__ import annotations

import linecache
import os
import sys
from pathlib import Path

import mpmath
import pytest

from tests import tiers

_checkcache = linecache.checkcache


def _tolerant_checkcache(filename=None):
    """linecache.checkcache, minus a KeyError when a GC finalizer removes an entry mid-loop.

    SymPy's lambdify registers each generated function in linecache and removes it when the function is
    collected (weakref.finalize); CPython's checkcache is not safe against that (python/cpython#126775,
    fixed after 3.11). Every doctest calls it (pdb's reset), so the suite failed at random.
    """
    try:
        _checkcache(filename)
    except KeyError:
        pass


linecache.checkcache = _tolerant_checkcache

# SymPy's cache keeps 1000 results per cached function by default; the engine's checks reuse many more, and
# 20000 saves about a tenth of the suite's CPU (docs/performance.md). SymPy reads the size once, when it is
# imported: this process has imported it already (the plugin imports symmetric), but the pytest-xdist workers
# that the README's command starts after this file is read inherit it. A size set by the user is kept.
os.environ.setdefault("SYMPY_CACHE_SIZE", "20000")

pytest_plugins = ["pytester"]

# The documentation site's build files are not test modules (the Markdown pages of docs/ are doctested): Sphinx's
# configuration, the gallery's scripts (they draw when the site is built: tests/docs/test_site.py) and what a
# build writes.
collect_ignore = ["docs/conf.py", "docs/_api.py", "docs/gallery", "docs/api", "docs/auto_examples", "docs/_build"]


def pytest_addoption(parser):
    parser.addoption(
        "--full",
        action="store_true",
        default=False,
        help="the full run (the README's test command, CI): also the tests marked slow and the paths of "
        "tests/tiers.py; without it, the fast tier",
    )


def _named_files(config) -> set:
    """The files named on the command line (a file or a test in it), resolved; none when pytest read testpaths."""
    if config.args_source != pytest.Config.ArgsSource.ARGS:
        return set()
    named = set()
    for arg in config.args:
        path = Path(arg.split("::")[0])
        path = path if path.is_absolute() else config.invocation_params.dir / path
        if path.is_file():
            named.add(path.resolve())
    return named


def _full(config) -> bool:
    """Whether this session is the full run: ``--full``, or ``-m`` choosing the marks itself."""
    return bool(config.getoption("full") or config.getoption("markexpr"))


def pytest_report_header(config):
    if _full(config):
        return "tier: full run"
    return "tier: fast (tests marked slow and the paths of tests/tiers.py deselected; --full runs everything)"


#: The doctests that analyse what tests/explore/test_analysis.py analyses (through ``shared_analyses``), and the
#: pytest-xdist group of that file's tests (tests/conftest.py): with them in one worker, an analysis computed for one
#: is shared by the others (about 5 of their 20 CPU s in the full run), instead of computed in both workers.
SHARED_ANALYSES = ("README.md", "docs/explore.md", "symmetric/explore/__init__.py", "symmetric/explore/analysis.py")
ANALYSES_GROUP = "module-fixture:tests/explore/test_analysis.py"


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist's own hook reads the groups
def pytest_collection_modifyitems(config, items):
    kept, deselected = tiers.select(items, full=_full(config), named=_named_files(config))
    if deselected:
        config.hook.pytest_deselected(items=deselected)
        items[:] = kept
    if config.pluginmanager.hasplugin("xdist"):
        for item in items:
            if isinstance(item, pytest.DoctestItem) and tiers.relative(item.path) in SHARED_ANALYSES:
                item.add_marker(pytest.mark.xdist_group(ANALYSES_GROUP))


@pytest.fixture(autouse=True)
def _reset_mpmath_precision():
    mpmath.mp.dps = 15
    yield
    mpmath.mp.dps = 15


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    pyplot = sys.modules.get("matplotlib.pyplot")
    if pyplot is not None:
        pyplot.close("all")


class SharedAnalyses:
    """``analyze(expr, **options)``, computed once per distinct call in this process; each result guarded.

    The key is the whole call: the expression (SymPy's structural equality and
    hash) and every option. Results are frozen dataclasses holding dicts: each
    hit checks that the result still renders as it did when computed, so a
    test that mutates a shared analysis is caught instead of misleading the
    next one.
    """

    def __init__(self):
        from symmetric.explore.analysis import analyze

        self._analyze = analyze
        self._results = {}

    @staticmethod
    def _fingerprint(result) -> str:
        data = result.to_dict()
        data.pop("seconds")
        return repr(data)

    #: The options a shared analysis gets when the caller leaves them out. ``analyze``'s ``timeout`` (10 s a step)
    #: and ``budget`` (120 s) are wall-clock seconds: on a loaded machine a step of 2 s (the power mean's neutral
    #: curvature) ran past 10 s and came back "unknown". The tests and doctests are about the results, so these do
    #: not depend on the load; a step the engine cannot decide still comes back "unknown", a wrong one "refuted".
    PATIENT = {"timeout": 60.0, "budget": 600.0}

    def __call__(self, expr, **options):
        options = {**self.PATIENT, **options}
        ranges = options.get("ranges")
        key = (expr, tuple(sorted((k, v) for k, v in options.items() if k != "ranges")),
               None if ranges is None else tuple((repr(k), repr(v)) for k, v in ranges.items()))
        try:
            hash(key)
        except TypeError:  # an unhashable option (a bad-input doctest): no sharing
            return self._analyze(expr, **options)
        if key not in self._results:
            result = self._analyze(expr, **options)
            self._results[key] = (result, self._fingerprint(result))
        result, fingerprint = self._results[key]
        assert self._fingerprint(result) == fingerprint, f"a test changed the shared analysis of {expr}"
        return result

    def family(self, name: str):
        """The full analysis of the example family ``name`` (:data:`symmetric.explore.examples.EXAMPLES`)."""
        from symmetric.explore.examples import example

        return self(example(name))


@pytest.fixture(scope="session")
def shared_analyses():
    return SharedAnalyses()


@pytest.fixture(autouse=True)
def _doctests_share_analyses(request):
    """Doctests call ``analyze`` through :class:`SharedAnalyses` (the same results, computed once per session)."""
    if not isinstance(request.node, pytest.DoctestItem):
        yield
        return
    import symmetric.explore
    import symmetric.explore.analysis

    shared = request.getfixturevalue("shared_analyses")
    request.getfixturevalue("doctest_namespace")["analyze"] = shared
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(symmetric.explore, "analyze", shared)
        patch.setattr(symmetric.explore.analysis, "analyze", shared)
        yield
