"""The pytest plugin: a user's claims become test items (run through ``pytester``, in-process)."""

import textwrap

import pytest
from tests.claim_scripts import WRONG, good


@pytest.fixture
def repo(pytester):
    """A user's repository with a folder of claims, one right and one wrong."""
    pytester.mkdir("claims")
    (pytester.path / "claims" / "good.py").write_text(good())
    (pytester.path / "claims" / "wrong.py").write_text(WRONG)
    return pytester


def test_claims_named_in_the_ini_file_are_items_and_a_failure_shows_the_counterexample(repo):
    repo.makepyprojecttoml('[tool.pytest.ini_options]\nsymmetric_claims = ["claims"]\nsymmetric_jobs = "1"\n')
    result = repo.runpytest_inprocess("-v")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines([
        "claims/good.py::good.f1_harmonic PASSED*",
        "claims/wrong.py::wrong.swap FAILED*",
        "*claim wrong.swap: P equals R.",
        "*statement: P == R",
        "*verdict: refuted by numeric counterexample, expected proven",
        "*counterexample: P = *, R = *",
    ])
    assert "Traceback" not in result.stdout.str()


def test_the_command_line_option_names_files_and_k_selects_claims(repo, monkeypatch):
    import symmetric.verify.claims.runner as runner

    batches = []
    run_claims = runner.run_claims

    def spy(items, **kwargs):
        items = list(items)
        batches.append([d.id for d in items])
        return run_claims(items, **kwargs)

    monkeypatch.setattr(runner, "run_claims", spy)
    result = repo.runpytest_inprocess("--symmetric-claims", "claims/good.py", "--symmetric-claims", "claims/wrong.py",
                                      "-k", "f1")
    result.assert_outcomes(passed=1, deselected=1)
    assert batches == [["good.f1_harmonic"]]


def test_claims_run_once_per_session_and_the_fixture_shares_the_results(repo, monkeypatch):
    import symmetric.verify.claims.runner as runner

    batches = []
    run_claims = runner.run_claims
    monkeypatch.setattr(runner, "run_claims",
                        lambda items, **kw: batches.append([d.id for d in items]) or run_claims(items, **kw))
    repo.makepyprojecttoml('[tool.pytest.ini_options]\nsymmetric_claims = ["claims"]\n')
    repo.makepyfile(test_results='''
        def test_results(claim_results):
            assert sorted(claim_results) == ["good.f1_harmonic", "wrong.swap"]
            assert claim_results["wrong.swap"].status == "refuted"
    ''')
    result = repo.runpytest_inprocess("claims", "test_results.py")
    result.assert_outcomes(passed=2, failed=1)
    assert batches == [["good.f1_harmonic", "wrong.swap"]]


def test_a_script_without_a_proof_is_a_collection_error_naming_it(pytester):
    pytester.mkdir("claims")
    (pytester.path / "claims" / "notes.py").write_text("x = 1\n")
    result = pytester.runpytest_inprocess("--symmetric-claims", "claims")
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(["*ERROR collecting claims/notes.py*",
                                 "*proof scripts that each create a symmetric.verify.Proof (this one creates none)*"])


@pytest.mark.parametrize("argv, message", [
    (["--symmetric-claims", "nowhere"], "*no such file or folder: *nowhere"),
    (["--symmetric-claims", ".", "--symmetric-jobs", "-3"], "*'symmetric_jobs' parameter of run_claims must be a positive*"),
])
def test_bad_configuration_is_a_usage_error(pytester, argv, message):
    result = pytester.runpytest_inprocess(*argv)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines([message])


def test_without_configuration_the_plugin_collects_nothing(repo):
    repo.makepyfile(test_plain="def test_plain():\n    pass\n")
    result = repo.runpytest_inprocess("claims", "test_plain.py")
    result.assert_outcomes(passed=1)


def test_the_plugin_is_installed_with_the_package():
    from importlib.metadata import entry_points

    (ep,) = [ep for ep in entry_points(group="pytest11") if ep.value == "symmetric.pytest_plugin"]
    assert ep.name == "symmetric"


def test_the_repository_collects_its_proofs_through_the_plugin(request):
    assert request.config.getini("symmetric_claims") == [request.config.rootpath / "proofs"]
    assert textwrap.dedent(request.config.pluginmanager.get_plugin("symmetric").__doc__).startswith("pytest plugin")


def test_with_xdist_the_claims_and_the_tests_reading_them_are_one_group(repo):
    pytest.importorskip("xdist")
    repo.makepyprojecttoml('[tool.pytest.ini_options]\nsymmetric_claims = ["claims"]\n')
    repo.makepyfile(test_results='''
        def test_results(claim_results):
            pass

        def test_other():
            pass
    ''')
    repo.makeconftest('''
        def pytest_collection_finish(session):
            for item in session.items:
                group = item.get_closest_marker("xdist_group")
                print("GROUP", item.name, group.args[0] if group else None)
    ''')
    result = repo.runpytest_inprocess("--collect-only", "-p", "xdist", "claims", "test_results.py")
    result.stdout.fnmatch_lines_random(["GROUP good.f1_harmonic symmetric-claims", "GROUP wrong.swap symmetric-claims",
                                        "GROUP test_results symmetric-claims", "GROUP test_other None"])


@pytest.mark.slow
def test_under_xdist_loadgroup_one_worker_checks_the_claims_once(repo):
    pytest.importorskip("xdist")
    log = repo.path / "derivations.log"
    (repo.path / "claims" / "logged.py").write_text(f'''
from symmetric import P
from symmetric.verify import Proof

proof = Proof("logged", "Claims that log their derivations")

for k in range(4):
    @proof.claim(f"logged.c{{k}}", "P equals P.", target=P)
    def _(d):
        with open({str(log)!r}, "a") as f:
            f.write("derived\\n")
        return d.step("P", P)
''')
    repo.makepyprojecttoml('[tool.pytest.ini_options]\nsymmetric_claims = ["claims"]\n')
    repo.makepyfile(test_results="def test_results(claim_results):\n    assert len(claim_results) == 6\n"
                                 + "".join(f"def test_other_{k}():\n    pass\n" for k in range(8)))
    result = repo.runpytest_inprocess("-n", "2", "--dist", "loadgroup", "-p", "xdist")
    result.assert_outcomes(passed=14, failed=1)
    assert log.read_text().count("derived") == 4  # each derivation ran once, in one worker


class _Config:
    """The two settings ``_jobs`` reads, as pytest's config gives them, in a pytest-xdist worker."""

    workerinput = {"workerid": "gw0"}

    def __init__(self, option=None, ini=""):
        self.option, self.ini = option, ini

    def getoption(self, name):
        return self.option

    def getini(self, name):
        return self.ini


def test_an_xdist_worker_checks_the_claims_in_its_own_process_unless_told():
    from symmetric.pytest_plugin import _jobs

    assert _jobs(_Config()) == 1
    assert _jobs(_Config(option="3")) == 3
    assert _jobs(_Config(ini="2")) == 2
