"""Time ``symmetric verify --jobs 2`` and ``analyze(g_beta_rho())`` against a baseline tree, alternating.

Run by hand::

    git archive main | tar -x -C /tmp/baseline
    python benchmarks/verify_analyze.py --baseline /tmp/baseline --rounds 2

Each round runs the baseline, then this tree, in fresh interpreters (the
baseline's package is imported from its folder, this one's from the
installed checkout). For each run it prints the wall-clock seconds, the CPU
seconds of the run and its worker processes, and the load average before
it. The machine is shared: quote the ratios of runs close in time, and the
CPU seconds, which load inflates far less than the wall clock.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

# Imports ``symmetric`` from the folder given first on the command line, then runs the job named second.
RUNNER = r"""
import sys
sys.path.insert(0, sys.argv[1])
import symmetric
assert symmetric.__file__.startswith(sys.argv[1]), symmetric.__file__
if sys.argv[2] == "verify":
    from symmetric.cli import main
    sys.exit(main(["verify", "--jobs", "2"]))
from symmetric import g_beta_rho
from symmetric.explore import analyze
result = analyze(g_beta_rho())
print("skipped", result.skipped)
"""


def run(tree: Path, job: str) -> tuple[float, float, str]:
    """(wall seconds, CPU seconds of the process and its workers, last output line) of one job."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", RUNNER, str(tree), job], capture_output=True, text=True,
                          cwd="/")
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    lines = done.stdout.strip().splitlines() or [done.stderr.strip()[-200:]]
    return wall, cpu, lines[-1] if job == "analyze" else next((x for x in reversed(lines) if "claims:" in x), lines[-1])


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", type=Path, required=True, help="a folder holding the baseline tree")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--jobs", nargs="+", default=["verify", "analyze"], choices=["verify", "analyze"])
    args = parser.parse_args(argv)
    print("| job | round | tree | load before | wall (s) | CPU (s) | outcome |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for job in args.jobs:
        for k in range(1, args.rounds + 1):
            for name, tree in (("baseline", args.baseline.resolve()), ("this tree", HERE)):
                load = os.getloadavg()[0]
                wall, cpu, outcome = run(tree, job)
                print(f"| {job} | {k} | {name} | {load:.1f} | {wall:.1f} | {cpu:.1f} | {outcome} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
