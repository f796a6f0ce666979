"""Faults a CI job meets, injected into ``symmetric verify`` and the pytest plugin.

A claim that exits, one killed by a signal, one over the memory bound, one stuck in C code, one that
loops, one that raises; Ctrl-C and SIGTERM sent to a running ``symmetric verify`` and to pytest. Each test
asserts the report, the exit status and that no worker process is left behind. The claim scripts are
written into ``tmp_path``; each claim writes its worker's pid there first.
"""

import contextlib
import multiprocessing
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import psutil
import pytest

from symmetric.cli import main
from symmetric.verify.claims import workers

ROOT = Path(__file__).resolve().parents[3]
#: Wall-clock seconds to wait for a command (to start its claims, to end once signalled): a guard against a hang,
#: not a timing, so generous that a loaded machine (a Python start with SymPy taking 20 s) does not reach it.
HANG = 300

#: The body of each claim's derivation, by name (after it wrote its pid).
FAULTS = {
    "good": "return P",
    "good2": "return P",
    "exits": "os._exit(3)",
    "killed": "os.kill(os.getpid(), signal.SIGKILL)",
    "segfault": "faulthandler.disable(); os.kill(os.getpid(), signal.SIGSEGV)  # no dump in the test output",
    "memory": "blocks = []\n    while True:\n        blocks.append(bytearray(8 * 2**20))",
    "loops": "while True:\n        pass",
    "raises": "raise ValueError('the derivation raised')",
    "stuck": "return sum(range(10**13))  # C code: the budget's signal waits for it",
    "sleeps": "(PIDS / 'started').write_text('yes')\n    time.sleep(60)",
}

#: What the report says of each fault: status and a line of its error.
EXPECTED = {
    "good": ("proven", ""),
    "exits": ("error", "the worker process ended with exit code 3 while it checked this claim"),
    "killed": ("error", "the worker process ended by signal 9 (SIGKILL) while it checked this claim"),
    "segfault": ("error", "the worker process ended by signal 11 (SIGSEGV) while it checked this claim"),
    "memory": ("error", "over the memory bound of 64 MiB per worker"),
    "loops": ("unknown", "the derivation did not finish within 0.3 s"),
    "raises": ("error", "ValueError: the derivation raised"),
    "stuck": ("error", "the claim was still running"),
}


@pytest.fixture
def forking():
    """Skip where ``run_claims`` would check in this process: with other threads running (a Dask test's, left in
    this pytest-xdist worker) it does not fork, and a fatal fault would end the test process itself."""
    if threading.active_count() > 1:
        pytest.skip("other threads run in this process: run_claims checks in it, unprotected")


def write_claims(folder: Path, names) -> Path:
    """A proof script ``faults.py`` in ``folder`` with one claim ``faults.NAME`` per fault, in that order.

    The claims that loop have a budget of 0.3 s, the one that sleeps 60 s, the others 20 s.
    """
    (folder / "pids").mkdir(parents=True, exist_ok=True)
    lines = ["import faulthandler, os, signal, time", "import psutil", "from pathlib import Path", "from symmetric import P",
             "from symmetric.verify import Proof", f"PIDS = Path({str(folder / 'pids')!r})",
             "faults = Proof('faults', 'Injected faults')"]
    for name in names:
        budget = {"loops": 0.3, "stuck": 0.3, "sleeps": 60}.get(name, 20)
        lines += ["", f"@faults.claim('faults.{name}', 'The {name} claim.', target=P, timeout={budget})", "def _(d):",
                  f"    (PIDS / '{name}').write_text(f'{{os.getpid()}} {{psutil.Process().create_time()}}')", f"    {FAULTS[name]}"]
    path = folder / "claims" / "faults.py"
    path.parent.mkdir(exist_ok=True)
    path.write_text("\n".join(lines))
    return path


def worker_pids(folder: Path) -> set[tuple[int, float]]:
    """The workers that ran the claims: (pid, start time), so that a pid used again is not taken for one."""
    out = set()
    for p in (folder / "pids").iterdir():
        if p.name != "started":
            pid, started = p.read_text().split()
            out.add((int(pid), float(started)))
    return out


def left_behind(pids) -> list[int]:
    """The processes of ``pids`` ((pid, start time) pairs) still running (a zombie has ended)."""
    out = []
    for pid, started in pids:
        try:
            process = psutil.Process(pid)
            if process.create_time() == started and process.status() != psutil.STATUS_ZOMBIE:
                out.append(pid)
        except psutil.NoSuchProcess:
            pass
    return out


def report_lines(out: str) -> dict:
    """Claim id -> (status, the text after it) from ``symmetric verify``'s output."""
    found, current = {}, None
    for line in out.splitlines():
        if line.startswith(("ok ", "BAD")):
            current = line.split()[1]
            found[current] = [line.split()[2]]
        elif current is not None and line.startswith("    "):
            found[current].append(line.strip())
    return found


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_each_fault_is_reported_on_its_claim_and_the_other_claims_finish(jobs, tmp_path, capsys, forking):
    names = ["good", "exits", "killed", "segfault", "memory", "loops", "raises"]
    claims = write_claims(tmp_path, names)
    code = main(["verify", "--no-builtin", str(claims), "--jobs", jobs, "--memory-limit", "64M"])
    out = capsys.readouterr().out
    report = report_lines(out)
    assert code == 1 and list(report) == [f"faults.{n}" for n in names]
    for name in names:
        status, error = EXPECTED[name]
        assert report[f"faults.{name}"][0] == status, (name, out)
        assert error in "\n".join(report[f"faults.{name}"]), (name, out)
    assert "7 claims: 1 proven, 0 refuted, 1 unknown, 5 error; 1 as expected, 6 not" in out
    pids = worker_pids(tmp_path)
    assert len(pids) >= (5 if jobs == "1" else 4)  # each death and the memory bound take a new worker
    assert left_behind(pids) == [] and os.getpid() not in {pid for pid, _ in pids}


def test_a_claim_stuck_in_c_code_far_past_its_budget_is_killed(tmp_path, capsys, monkeypatch, forking):
    from symmetric.verify.claims import workers

    monkeypatch.setattr(workers, "HARD_LIMIT", (1.0, 0.2))  # killed 0.2 s after the 0.3 + 0.3 s budgets
    claims = write_claims(tmp_path, ["stuck", "good"])
    code = main(["verify", "--no-builtin", str(claims), "--jobs", "1"])
    out, _ = capsys.readouterr()
    report = report_lines(out)
    assert code == 1 and report["faults.good"] == ["proven"]
    assert report["faults.stuck"][0] == "error"
    assert "past its time budget of 0.6 s (stuck where the budget cannot interrupt it, such as C code): its worker " \
           "process was killed" in " ".join(report["faults.stuck"])
    assert left_behind(worker_pids(tmp_path)) == []


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_the_plugin_fails_the_claim_naming_the_cause_and_runs_the_others(jobs, pytester, forking):
    names = ["good", "exits", "killed", "memory", "raises"]
    write_claims(pytester.path, names)
    pytester.makepyprojecttoml(f'[tool.pytest.ini_options]\nsymmetric_claims = ["claims"]\nsymmetric_jobs = "{jobs}"\n'
                               'symmetric_memory_limit = "64M"\n')
    result = pytester.runpytest_inprocess("-p", "no:xdist", "-p", "no:cacheprovider", "claims")
    result.assert_outcomes(passed=1, failed=4)
    result.stdout.fnmatch_lines_random([f"*{EXPECTED[name][1]}*" for name in names if name != "good"])
    assert left_behind(worker_pids(pytester.path)) == []


def test_bad_memory_limits_are_refused_before_any_work(tmp_path, capsys, pytester):
    code = None
    try:
        main(["verify", "--memory-limit", "12"])
    except SystemExit as exc:
        code = exc.code
    assert code == 2 and "argument --memory-limit: must be a size such as 512M or 4G" in capsys.readouterr().err
    write_claims(pytester.path, ["good"])
    result = pytester.runpytest_inprocess("-p", "no:xdist", "--symmetric-claims", "claims",
                                          "--symmetric-memory-limit", "lots")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*symmetric_memory_limit*must be a size such as '512M' or '4G'*Got 'lots'*"])


def test_a_stop_signal_while_a_worker_is_forked_stops_that_worker_too(monkeypatch, forking):
    """SIGTERM arriving while the parent forks a worker waits until the worker is among those stopped: a worker
    left out (it ignores SIGTERM) was joined by the parent's exit for ever, once in CI."""
    if threading.current_thread() is not threading.main_thread():
        pytest.skip("StopSignals handles signals in the main thread only")
    real = workers.rigorous_numbers

    @contextlib.contextmanager
    def signalled():
        os.kill(os.getpid(), signal.SIGTERM)  # pending: the parent holds stop signals back around the fork
        with real():
            yield

    monkeypatch.setattr(workers, "rigorous_numbers", signalled)
    before = {p.pid for p in multiprocessing.active_children()}
    caught = None
    try:
        with workers.StopSignals() as caught, pytest.raises(KeyboardInterrupt):
            for _ in workers.run_in_workers([0, 1], [[0], [1]], jobs=2, run=lambda item: (item, "proven", 0.0, None, None),
                                            timeout=None, memory_limit=0):
                pass
        left = [p for p in multiprocessing.active_children() if p.pid not in before]
    finally:
        for p in multiprocessing.active_children():
            if p.pid not in before:
                p.kill()
                p.join()
    assert caught.signum == signal.SIGTERM and left == []


def _interrupt(argv, folder: Path, signum: int, *, group: bool):
    """Start ``argv``, send ``signum`` (to its process group: a Ctrl-C in a terminal) once a claim sleeps, and
    return the exit status, the output and the workers."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    proc = subprocess.Popen(argv, cwd=folder, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    try:
        deadline = time.monotonic() + HANG
        while not (folder / "pids" / "started").exists() and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        # Signalled before the claim sleeps, the command would be cut elsewhere (while it starts): fail here, saying so.
        assert (folder / "pids" / "started").exists(), f"the sleeping claim did not start within {HANG} s"
        workers = {(c.pid, c.create_time()) for c in psutil.Process(proc.pid).children(recursive=True)}
        if group:
            os.killpg(proc.pid, signum)
        else:
            proc.send_signal(signum)
        out, err = proc.communicate(timeout=HANG)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    return proc.returncode, out, err, workers | worker_pids(folder)


@pytest.mark.slow
@pytest.mark.parametrize("signum, jobs, group", [(signal.SIGINT, "1", True), (signal.SIGTERM, "2", False)])
def test_ctrl_c_and_sigterm_stop_the_workers_and_name_the_claims_that_were_cut(signum, jobs, group, tmp_path):
    claims = write_claims(tmp_path, ["good", "sleeps", "good2"])
    code, out, err, workers = _interrupt([sys.executable, "-m", "symmetric", "verify", "--no-builtin", str(claims),
                                          "--jobs", jobs], tmp_path, signum, group=group)
    name = signal.Signals(signum).name
    assert code == 128 + signum, (out, err)
    assert "Traceback" not in out + err and "BrokenPipeError" not in err and "KeyboardInterrupt" not in err
    assert f"\ninterrupted by {name} after " in out
    finished = report_lines(out)
    cut = out.partition("\ncut: ")[2].strip().split(", ")
    assert f" {len(finished)} of 3 claims finished " in out and f"), {len(cut)} cut\n" in out
    assert "faults.sleeps" in cut and sorted([*finished, *cut]) == sorted(f"faults.{n}" for n in
                                                                         ("good", "sleeps", "good2"))
    assert workers and left_behind(workers) == []


@pytest.mark.slow
def test_sigterm_to_pytest_stops_the_claim_workers_and_names_the_claims_that_were_cut(tmp_path):
    write_claims(tmp_path, ["good", "sleeps", "good2"])
    (tmp_path / "pyproject.toml").write_text('[tool.pytest.ini_options]\nsymmetric_claims = ["claims"]\n'
                                             'symmetric_jobs = "2"\n')
    code, out, err, workers = _interrupt([sys.executable, "-m", "pytest", "-p", "no:xdist", "-p", "no:cacheprovider",
                                          "-q", "claims"], tmp_path, signal.SIGTERM, group=True)
    assert code == 128 + signal.SIGTERM, (out, err)
    assert "symmetric: interrupted by SIGTERM while checking claims: " in out
    assert "faults.sleeps" in out.partition("; cut: ")[2] and "BrokenPipeError" not in err
    assert workers and left_behind(workers) == []
