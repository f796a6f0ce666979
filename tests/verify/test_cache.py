"""The verdict cache (``symmetric/verify/claims/cache.py``): an unchanged claim is read back, and a change of any
key component (the claim's source, the engine's version, the dependencies' versions, the options) checks it again.

Every claim here is cheap; each run forks one worker. "Checked again" is seen twice: the result says it was not
read from the cache (``Result.cached``), and, in a new process (``symmetric verify --cache``, where nothing is
loaded yet), the claim's derivation, which appends a line to a log file, ran. The runs in new processes and the
plugin's sessions are in the full tier.
"""

import dataclasses
import json
import os
import pickle
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
import sympy

from symmetric import InvalidParameterError
from symmetric.cli import main
from symmetric.verify.claims.cache import (
    CACHED_STATUSES,
    VerdictCache,
    claim_source,
    dependency_versions,
    engine_version,
)
from symmetric.verify.claims.registry import definitions, load_proofs
from symmetric.verify.claims.runner import run_claims

#: Seconds to wait for a command: a guard against a hang, not a timing.
HANG = 300

#: A proof script: a proven claim, a refuted one, one expected unknown (a hard inequality, small budget) and one
#: whose derivation raises. Each derivation appends its claim's id to LOG first. HELPER is a local module.
SCRIPT = '''
from pathlib import Path

import sympy
from symmetric import P, R
from symmetric.verify import Proof
from helper_{tag} import harmonic

LOG = Path({log!r})
demo = Proof("cache_demo_{tag}", "Claims for the cache")


def log(name):
    with LOG.open("a") as f:
        f.write(name + "\\n")


@demo.claim("cache.{tag}.proven", "The harmonic mean over a common denominator.", target=2 * P * R / (P + R))
def _(d):
    log("proven")
    return d.step("The harmonic mean", harmonic())


@demo.claim("cache.{tag}.refuted", "P is at most R.", relation="<=", target=R, expected="refuted")
def _(d):
    log("refuted")
    return d.step("Precision", P)


@demo.claim("cache.{tag}.lazy", "The mean, from a helper imported when the derivation runs.", target=(P + R) / 2)
def _(d):
    log("lazy")
    from lazy_{tag} import mean
    return d.step("The mean", mean())


@demo.claim("cache.{tag}.error", "A derivation that raises.", target=P)
def _(d):
    log("error")
    raise ValueError("no derivation")
'''

HELPER = '''
from symmetric import P, R


def harmonic():
    return 2 / (1 / P + 1 / R)
'''

LAZY = '''
from symmetric import P, R


def mean():
    return (P + R) / 2
'''


def _write_folder(base: Path) -> tuple:
    """A folder of claims under ``base``, its helper modules beside it; returns (folder, tag, log)."""
    tag = base.name.replace("-", "_").lower()
    claims = base / "claims"
    claims.mkdir()
    log = base / "derived.log"
    (claims / "script.py").write_text(SCRIPT.format(tag=tag, log=str(log)))
    (base / f"helper_{tag}.py").write_text(HELPER)
    (base / f"lazy_{tag}.py").write_text(LAZY)
    return claims, tag, log


@pytest.fixture
def folder(tmp_path, monkeypatch):
    """A folder of claims with its helper modules importable; returns (folder, tag, log)."""
    monkeypatch.syspath_prepend(str(tmp_path))
    return _write_folder(tmp_path)


def _run(claims: Path, cache: VerdictCache, **options) -> dict:
    """Load the folder and run its claims with ``cache`` in this process: claim id (last part) -> result."""
    items = definitions(load_proofs(claims, builtin=False, cache=cache))
    return {r.claim.id.rsplit(".", 1)[1]: r for r in run_claims(items, cache=cache, **options)}


def _verify(claims: Path, cache: Path) -> dict:
    """``symmetric verify --cache`` in a new process (nothing loaded yet): claim id (last part) -> JSON result."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(claims.parent), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run([sys.executable, "-m", "symmetric", "verify", "--no-builtin", str(claims), "--json",
                           "--cache", str(cache)], capture_output=True, text=True, env=env, timeout=HANG)
    assert done.returncode == 1, done.stderr  # the error claim
    return {r["id"].rsplit(".", 1)[1]: r for r in json.loads(done.stdout)}


def _derived(log: Path) -> list:
    """The derivations that ran since the last call (each appends its name to the log)."""
    lines = log.read_text().split() if log.exists() else []
    log.unlink(missing_ok=True)
    return sorted(lines)


ALL = ["error", "lazy", "proven", "refuted"]


@pytest.mark.slow
def test_in_a_new_process_an_unchanged_script_does_not_run_unless_a_verdict_is_missing(folder, tmp_path):
    claims, tag, log = folder
    first = _verify(claims, tmp_path / "cache")
    assert {k: (r["status"], r["cached"]) for k, r in first.items()} == {
        "proven": ("proven", False), "refuted": ("refuted", False), "lazy": ("proven", False), "error": ("error", False)}
    assert _derived(log) == ALL
    again = _verify(claims, tmp_path / "cache")
    assert {k: (r["status"], r["cached"]) for k, r in again.items()} == {
        "proven": ("proven", True), "refuted": ("refuted", True), "lazy": ("proven", True), "error": ("error", False)}
    assert _derived(log) == ["error"]  # the script ran for the error only: its record stood in for the rest
    for name in ("proven", "refuted", "lazy"):
        old, new = dict(first[name]), dict(again[name])
        assert (old.pop("cached"), new.pop("cached")) == (False, True)
        assert old == new  # the same verdict, steps, counterexample and timing
    next((tmp_path / "cache").glob("*.pickle")).unlink()  # one verdict gone: the script runs, that claim derives
    again = _verify(claims, tmp_path / "cache")
    rechecked = sorted(k for k, r in again.items() if not r["cached"])
    assert len(rechecked) == 2 and "error" in rechecked and _derived(log) == rechecked
    for record in (tmp_path / "cache" / "scripts").glob("*.pickle"):
        record.write_bytes(b"not a pickle")  # the script's record broken: the script runs, the verdicts are read
    again = _verify(claims, tmp_path / "cache")
    assert [r["cached"] for r in again.values()] == [True, True, True, False] and _derived(log) == ["error"]


def test_the_verdicts_read_back_are_the_verdicts_checked(folder, tmp_path):
    claims, tag, log = folder
    first = _run(claims, VerdictCache(tmp_path / "cache"))
    again = _run(claims, VerdictCache(tmp_path / "cache"))
    assert {k: (r.status, r.cached) for k, r in again.items()} == {
        "proven": ("proven", True), "refuted": ("refuted", True), "lazy": ("proven", True), "error": ("error", False)}
    for name in ("proven", "refuted", "lazy"):
        old, new = first[name].to_json(), again[name].to_json()
        assert (old.pop("cached"), new.pop("cached")) == (False, True)
        assert old == new
    assert again["refuted"].counterexample_text == first["refuted"].counterexample_text
    assert again["refuted"].verdict.counterexample == first["refuted"].verdict.counterexample
    assert again["proven"].claim.steps == first["proven"].claim.steps
    # read back as built, not evaluated again (claims/transport.py): the same printed form, node for node
    assert [sympy.srepr(s.expr) for s in again["proven"].claim.steps] == [
        sympy.srepr(s.expr) for s in first["proven"].claim.steps
    ]


def test_an_unknown_verdict_is_never_kept(folder, tmp_path):
    claims, tag, log = folder
    (claims / "hard.py").write_text(textwrap.dedent(f'''
        import sympy
        from symmetric import P, R
        from symmetric.verify import Proof

        hard = Proof("cache_hard_{tag}", "Out of budget")


        @hard.claim("cache.{tag}.unknown", "A true inequality the engine cannot settle in a millisecond.",
                    relation=">=", target=sympy.Integer(0), expected="unknown", timeout=0.001)
        def _(d):
            return d.step("A sum of squares", (P - R) ** 2 * (P**3 + R) + (P - 2 * R) ** 4)
    '''))
    cache = VerdictCache(tmp_path / "cache")
    assert "unknown" not in CACHED_STATUSES
    for _ in range(2):
        result = _run(claims, cache)["unknown"]
        assert (result.status, result.cached) == ("unknown", False)


@pytest.mark.parametrize("change", ["script", "helper", "lazy helper"])  # lazy: imported in a derivation's body
def test_a_changed_source_checks_the_claims_again(folder, tmp_path, change):
    claims, tag, log = folder
    _run(claims, VerdictCache(tmp_path / "cache"))
    assert all(r.cached for k, r in _run(claims, VerdictCache(tmp_path / "cache")).items() if k != "error")
    edited = {"script": claims / "script.py", "helper": tmp_path / f"helper_{tag}.py",
              "lazy helper": tmp_path / f"lazy_{tag}.py"}[change]
    edited.write_text(edited.read_text() + "\n# edited\n")
    again = _run(claims, VerdictCache(tmp_path / "cache"))
    assert not any(r.cached for r in again.values())  # each file is part of the source of every claim of the script
    assert {k: r.status for k, r in again.items()} == {
        "proven": "proven", "refuted": "refuted", "lazy": "proven", "error": "error"}


def test_the_source_digest_reads_the_decorator_and_the_files(folder):
    claims, tag, log = folder
    items = {d.id.rsplit(".", 1)[1]: d for d in definitions(load_proofs(claims, builtin=False))}
    digests = {k: claim_source(d) for k, d in items.items()}
    assert len(set(digests.values())) == 4  # each claim its own (its id, sentence, target differ)
    assert claim_source(items["proven"]) == digests["proven"]  # the same files, the same digest
    assert claim_source(dataclasses.replace(items["proven"], by="cancel")) != digests["proven"]  # the named route


@pytest.mark.parametrize("component", ["engine", "dependencies", "timeout"])
def test_a_changed_engine_dependency_or_option_checks_the_claims_again(folder, tmp_path, component):
    claims, tag, log = folder
    _run(claims, VerdictCache(tmp_path / "cache"))
    _derived(log)
    if component == "engine":
        cache = VerdictCache(tmp_path / "cache", engine=engine_version() + "-edited")
        again = _run(claims, cache)
    elif component == "dependencies":
        cache = VerdictCache(tmp_path / "cache", dependencies={**dependency_versions(), "sympy": "0.0"})
        again = _run(claims, cache)
    else:
        again = _run(claims, VerdictCache(tmp_path / "cache"), timeout=29.0)
    assert not any(r.cached for r in again.values())
    assert {k: r.status for k, r in again.items()} == {
        "proven": "proven", "refuted": "refuted", "lazy": "proven", "error": "error"}


def test_the_engine_version_changes_with_any_file_of_the_package(tmp_path):
    package = tmp_path / "package"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "sub" / "module.py").write_text("X = 1\n")
    before = engine_version(package)
    assert engine_version(package) == before
    (package / "sub" / "module.py").write_text("X = 2\n")
    assert engine_version(package) != before
    import symmetric

    assert engine_version().startswith(symmetric.__version__ + "+")


def test_the_dependencies_name_the_engine_s_libraries():
    versions = dependency_versions()
    assert {"python", "sympy", "mpmath", "numpy", "sympy ground types"} <= set(versions)
    import sympy

    assert versions["sympy"] == sympy.__version__
    assert {"z3-solver", "python-flint", "gmpy2"} <= set(versions)  # installed or not (None)


def test_an_entry_that_does_not_read_back_is_checked_again(folder, tmp_path):
    claims, tag, log = folder
    _run(claims, VerdictCache(tmp_path / "cache"))
    entries = list((tmp_path / "cache").glob("*.pickle"))
    assert len(entries) == 3  # proven, refuted, lazy; never the error
    entries[0].write_bytes(entries[0].read_bytes()[:50])  # truncated
    entry = pickle.loads(entries[1].read_bytes())
    entries[1].write_bytes(pickle.dumps({**entry, "key": "another"}))  # another key
    entries[2].write_bytes(b"not a pickle")
    again = _run(claims, VerdictCache(tmp_path / "cache"))
    assert not any(r.cached for r in again.values())
    assert {k: r.status for k, r in again.items()} == {
        "proven": "proven", "refuted": "refuted", "lazy": "proven", "error": "error"}
    assert all(r.cached for k, r in _run(claims, VerdictCache(tmp_path / "cache")).items() if k != "error")


def test_bad_cache_folders_are_refused(tmp_path):
    (tmp_path / "file").write_text("")
    for bad in (tmp_path / "file", "", 3, None):
        with pytest.raises(InvalidParameterError, match="'directory' parameter of VerdictCache"):
            VerdictCache(bad)
    with pytest.raises(InvalidParameterError, match="'cache' parameter of run_claims"):
        run_claims([], cache=str(tmp_path))


def test_the_command_reads_the_cache_and_says_so(folder, tmp_path, capsys):
    claims, tag, log = folder
    cache = tmp_path / "cache"
    assert main(["verify", "--no-builtin", str(claims), "--cache", str(cache), "--json"]) == 1  # the error claim
    first = {r["id"]: r for r in json.loads(capsys.readouterr().out)}
    assert main(["verify", "--no-builtin", str(claims), "--cache", str(cache), "--json"]) == 1
    again = {r["id"]: r for r in json.loads(capsys.readouterr().out)}
    assert [r["cached"] for r in again.values()] == [True, True, True, False]
    for r in (*first.values(), *again.values()):
        r.pop("cached"), r.pop("seconds")
    assert {k: v for k, v in first.items() if "error" not in k} == {k: v for k, v in again.items() if "error" not in k}
    assert main(["verify", "--no-builtin", str(claims), "--cache", str(cache)]) == 1
    out = capsys.readouterr().out
    assert f"ok  cache.{tag}.proven" in out and " cached  " in out
    assert "; 3 read from the cache, 1 checked" in out
    (tmp_path / "a_file").write_text("")
    with pytest.raises(SystemExit) as info:
        main(["verify", "--no-builtin", str(claims), "--cache", str(tmp_path / "a_file")])
    assert info.value.code == 2 and "is a file; give a folder" in capsys.readouterr().err


@pytest.mark.slow
def test_the_plugin_reads_the_cache(pytester, monkeypatch):
    claims, tag, log = _write_folder(pytester.path)
    monkeypatch.syspath_prepend(str(pytester.path))
    pytester.makeini("[pytest]\nsymmetric_claims = claims\nsymmetric_cache = cache\n")
    first = pytester.runpytest("-p", "no:cacheprovider", "-p", "no:xdist", str(claims))
    first.assert_outcomes(passed=3, failed=1)
    first.stdout.fnmatch_lines(["symmetric: 0 claim verdicts read from the cache *, 4 checked"])
    again = pytester.runpytest("-p", "no:cacheprovider", "-p", "no:xdist", str(claims))
    again.assert_outcomes(passed=3, failed=1)
    again.stdout.fnmatch_lines(["symmetric: 3 claim verdicts read from the cache *, 1 checked"])
