"""pytest plugin: the claims of your proof scripts become test items.

Installed with the package (entry point group ``pytest11``, name
``symmetric``; ``-p no:symmetric`` turns it off). It does nothing until you
name the files or folders that hold proof scripts, in the ini file::

    [tool.pytest.ini_options]          # pyproject.toml
    symmetric_claims = ["claims"]       # relative to the ini file

or on the command line: ``pytest --symmetric-claims claims/``. Documents
named by ``symmetric_documents`` (Markdown, LaTeX, notebooks) are collected
too: each step of their display math is an item that fails when the step is
refuted (``symmetric check``). Every proof
script there (as for ``symmetric verify PATH``) is collected when pytest
reaches it (keep the folder under ``testpaths``, or name it as an argument):
each claim is an item named by its id, which passes when the claim gets its
expected verdict; a failure shows the statement, the verdict and the
counterexample. The claims of a session run once, together, in parallel
worker processes (``--symmetric-jobs N``, ini ``symmetric_jobs``; default:
CPUs, at most 4, and 1 inside a pytest-xdist worker, whose siblings already
keep the other CPUs busy), and the session-scoped fixture ``claim_results`` maps the
id of every configured claim to its :class:`symmetric.verify.Result`. Each
worker's memory is bounded as for ``symmetric verify --memory-limit``
(``--symmetric-memory-limit SIZE``, ini ``symmetric_memory_limit``); a claim
whose worker dies fails naming the exit code or signal. Ctrl-C or SIGTERM
while the claims run stops the workers and ends the session naming the
claims that were cut, with the exit status 128 + the signal's number.

``--symmetric-cache DIR`` (ini ``symmetric_cache``, relative to the ini
file) is ``symmetric verify --cache DIR``: a claim whose source, engine and
dependencies are unchanged takes its verdict from ``DIR`` instead of being
checked again (:mod:`symmetric.verify.claims.cache`: only proven and refuted
verdicts are kept, and any change checks the claim again). The terminal
summary says how many were read and checked (in a run without pytest-xdist,
whose workers keep their counts).

With pytest-xdist, run ``pytest -n auto --dist loadgroup``: every claim item
and every test that uses ``claim_results`` is in the xdist group
:data:`XDIST_GROUP`, so one worker checks the claims once while the others
run the rest of the suite. (Other ``--dist`` modes ignore groups: each
worker then checks every claim it is given, and ``claim_results`` checks all
of them again in the worker that asks.)
"""

from __future__ import annotations

from pathlib import Path

import pytest

__all__ = [
    "ClaimFailed",
    "ClaimFile",
    "ClaimItem",
    "XDIST_GROUP",
    "claim_results",
    "pytest_addoption",
    "pytest_collect_file",
    "pytest_collection_modifyitems",
    "pytest_configure",
    "pytest_terminal_summary",
]

#: The pytest-xdist group of every claim item and every test that uses ``claim_results``.
XDIST_GROUP = "symmetric-claims"

_STATE = pytest.StashKey["_Claims"]()


def pytest_addoption(parser) -> None:
    group = parser.getgroup("symmetric", "claims checked by symmetric")
    group.addoption(
        "--symmetric-claims",
        action="append",
        default=[],
        metavar="PATH",
        help="a proof script or a folder of them whose claims are test items (repeatable)",
    )
    group.addoption(
        "--symmetric-jobs", default=None, metavar="N", help="worker processes for the claims (default: CPUs, at most 4)"
    )
    parser.addini(
        "symmetric_claims",
        type="paths",
        default=[],
        help="proof scripts or folders of them whose claims are test items",
    )
    parser.addini("symmetric_jobs", default="", help="worker processes for the claims")
    group.addoption(
        "--symmetric-memory-limit",
        default=None,
        metavar="SIZE",
        help="memory each claim worker may add, such as 512M or 4G ('none': no bound; default: 4G, "
        "or the machine's memory shared among the workers when less)",
    )
    parser.addini("symmetric_memory_limit", default="", help="memory each claim worker may add, such as 4G")
    group.addoption(
        "--symmetric-cache",
        default=None,
        metavar="DIR",
        help="read unchanged claims' verdicts from DIR instead of checking them; keep proven and refuted ones there",
    )
    parser.addini("symmetric_cache", default="", help="the verdict cache's folder (relative to the ini file)")
    parser.addini(
        "symmetric_documents",
        type="paths",
        default=[],
        help="Markdown, LaTeX or notebook documents whose steps are test items (symmetric check)",
    )


def _jobs(config) -> int:
    from symmetric import InvalidParameterError
    from symmetric.verify.claims.runner import default_jobs, jobs_option

    text = config.getoption("symmetric_jobs") or config.getini("symmetric_jobs")
    if not text and hasattr(config, "workerinput"):
        # In a pytest-xdist worker the other workers use the other CPUs: forked claim workers would only
        # compete with them for the cores and each warm their own caches (about 15 % of the suite's CPU).
        return 1
    try:
        return jobs_option(text, option="symmetric_jobs") if text else default_jobs()
    except InvalidParameterError as exc:
        raise pytest.UsageError(f"--symmetric-jobs / symmetric_jobs: {exc}") from None


def _memory_limit(config):
    from symmetric import InvalidParameterError
    from symmetric.verify.claims.runner import memory_limit_option

    text = config.getoption("symmetric_memory_limit") or config.getini("symmetric_memory_limit")
    try:
        return memory_limit_option(text, option="symmetric_memory_limit")
    except InvalidParameterError as exc:
        raise pytest.UsageError(f"--symmetric-memory-limit / symmetric_memory_limit: {exc}") from None


def _cache(config):
    """The verdict cache of ``--symmetric-cache`` or the ini setting ``symmetric_cache``, or None."""
    given = config.getoption("symmetric_cache")
    if given:
        folder = config.invocation_params.dir / given
    else:
        text = config.getini("symmetric_cache")
        if not text:
            return None
        base = config.inipath.parent if config.inipath is not None else config.rootpath
        folder = base / text
    from symmetric import InvalidParameterError
    from symmetric.verify.claims.cache import VerdictCache

    try:
        return VerdictCache(folder)
    except (InvalidParameterError, OSError) as exc:
        raise pytest.UsageError(f"--symmetric-cache / symmetric_cache: {exc}") from None


def pytest_configure(config) -> None:
    paths = [Path(p) for p in config.getini("symmetric_claims")]
    paths += [config.invocation_params.dir / p for p in config.getoption("symmetric_claims")]
    for p in paths:
        if not p.exists():
            raise pytest.UsageError(f"symmetric_claims / --symmetric-claims: no such file or folder: {p}")
    config.stash[_STATE] = _Claims(
        [p.resolve() for p in paths],
        _jobs(config) if paths else 1,
        _memory_limit(config) if paths else None,
        _cache(config) if paths else None,
    )


def pytest_terminal_summary(terminalreporter, config) -> None:
    """Say how many claims the verdict cache gave and how many were checked."""
    state = config.stash.get(_STATE, None)
    if state is not None and state.cache is not None and (state.cache.hits or state.cache.misses):
        terminalreporter.write_line(
            f"symmetric: {state.cache.hits} claim verdicts read from the cache {state.cache.directory}, "
            f"{state.cache.misses} checked"
        )


class _Claims:
    """The configured claim paths of a session and the results computed so far."""

    def __init__(self, paths: list[Path], jobs: int, memory_limit: int | None = None, cache=None) -> None:
        self.paths = paths
        self.jobs = jobs
        self.memory_limit = memory_limit
        self.cache = cache
        self.results: dict = {}

    def holds(self, path: Path) -> bool:
        from symmetric.verify.claims.registry import is_proof_script

        path = path.resolve()
        return path in self.paths or (path.parent in self.paths and is_proof_script(path))

    def run(self, items) -> None:
        """Run the definitions not run yet, all in one parallel batch."""
        import signal

        from symmetric.verify.claims.runner import run_claims
        from symmetric.verify.claims.workers import StopSignals

        missing = [d for d in items if d.id not in self.results]
        if not missing:
            return
        runs = run_claims(
            missing, jobs=self.jobs, memory_limit=self.memory_limit, finished=self.results, cache=self.cache
        )
        with StopSignals() as caught:
            try:
                for r in runs:
                    self.results[r.claim.id] = r
            except KeyboardInterrupt:
                runs.close()  # stops the workers
                signum = caught.signum or signal.SIGINT
                finished = [d.id for d in missing if d.id in self.results]
                bad = [i for i in finished if not self.results[i].ok]
                cut = [d.id for d in missing if d.id not in self.results]
                pytest.exit(
                    f"symmetric: interrupted by {signal.Signals(signum).name} while checking claims: "
                    f"{len(finished)} of {len(missing)} finished ({len(bad)} not as expected"
                    + (": " + ", ".join(bad) if bad else "")
                    + "); cut: "
                    + ", ".join(cut),
                    returncode=128 + signum,
                )
            finally:
                runs.close()

    def result(self, item: ClaimItem):
        if item.definition.id not in self.results:
            from symmetric.verify.claims.registry import definitions

            proofs: list = []
            for i in item.session.items:
                if isinstance(i, ClaimItem) and all(i.proof is not p for p in proofs):
                    proofs.append(i.proof)
            selected = {id(i.definition) for i in item.session.items if isinstance(i, ClaimItem)}
            self.run([d for d in definitions(proofs) if id(d) in selected])
        return self.results[item.definition.id]

    def all_results(self) -> dict:
        from symmetric.verify.claims.registry import definitions, load_proofs

        if not self.paths:
            raise pytest.UsageError(
                "the claim_results fixture needs the ini setting symmetric_claims or the option --symmetric-claims"
            )
        items = definitions(load_proofs(*self.paths, builtin=False, cache=self.cache))
        self.run(items)
        return {d.id: self.results[d.id] for d in items}


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist's own hook reads the groups
def pytest_collection_modifyitems(config, items) -> None:
    """Put the claims and the tests reading their results in one pytest-xdist group (see the module doc)."""
    state = config.stash.get(_STATE, None)
    if state is None or not state.paths or not config.pluginmanager.hasplugin("xdist"):
        return
    for item in items:
        if isinstance(item, ClaimItem) or "claim_results" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.xdist_group(XDIST_GROUP))


def _collector(file_path: Path, parent):
    state = parent.config.stash.get(_STATE, None)
    if state is not None and state.paths and file_path.suffix == ".py" and state.holds(file_path):
        return ClaimFile.from_parent(parent, path=file_path)
    if file_path.resolve() in {Path(p).resolve() for p in parent.config.getini("symmetric_documents")}:
        from symmetric.documents.pytest_items import DocumentFile

        return DocumentFile.from_parent(parent, path=file_path)
    return None


@pytest.hookimpl(hookwrapper=True)
def pytest_collect_file(file_path: Path, parent):
    """A proof script's claims, a document's steps; a proof script without doctests is not also a doctest module.

    With ``--doctest-modules``, pytest's doctest collector imports every ``.py``
    file to look for examples: for a proof script that ran it a second time
    (about a second per process for the package's 19 scripts) to find none.
    """
    outcome = yield
    ours = _collector(file_path, parent)
    if ours is None:
        return
    found = list(outcome.get_result() or [])
    if isinstance(ours, ClaimFile) and ">>>" not in file_path.read_text(encoding="utf-8", errors="replace"):
        found = [c for c in found if type(c).__name__ != "DoctestModule"]
    outcome.force_result([*found, ours])


class ClaimFile(pytest.File):
    """A proof script: one item per claim of every proof it creates."""

    def collect(self):
        from symmetric import InvalidParameterError
        from symmetric.verify.claims.registry import load_file

        try:
            proofs = load_file(self.path, cache=self.config.stash[_STATE].cache)
        except InvalidParameterError as exc:
            raise self.CollectError(str(exc)) from exc
        for proof in proofs:
            for d in proof.definitions:
                yield ClaimItem.from_parent(self, name=d.id, proof=proof, definition=d)


class ClaimFailed(AssertionError):
    """A claim missed its expected verdict."""


class ClaimItem(pytest.Item):
    """One claim; it passes when the claim gets its expected verdict."""

    def __init__(self, *, proof, definition, **kwargs) -> None:
        super().__init__(**kwargs)
        self.proof = proof
        self.definition = definition

    def runtest(self):
        from symmetric.verify.claims.report import failure_text

        result = self.config.stash[_STATE].result(self)
        if not result.ok:
            raise ClaimFailed(failure_text(result))

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, ClaimFailed):
            return str(excinfo.value)
        return super().repr_failure(excinfo, style=style)

    def reportinfo(self):
        return self.path, None, f"claim {self.name}"


@pytest.fixture(scope="session")
def claim_results(request) -> dict:
    """Claim id -> :class:`symmetric.verify.Result` for every configured claim (run once per session)."""
    return request.config.stash[_STATE].all_results()
