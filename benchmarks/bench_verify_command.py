"""``symmetric verify`` as a whole command: wall clock and CPU (the process and its workers), against a baseline tree.

Run by hand::

    python benchmarks/bench_verify_command.py --baseline /tmp/main --repeat 3
    python benchmarks/bench_verify_command.py --baseline /tmp/main --args="--jobs 2 --json"
    python benchmarks/bench_verify_command.py --cache --repeat 5           # an unchanged re-run with --cache

Each round runs the baseline's command and then this tree's, in fresh interpreters (``python -m symmetric
verify ARGS`` with ``PYTHONPATH`` pointing at each tree), so that both see the same load; CPU is user + sys of the
command and of every process it waited for (``resource.getrusage(RUSAGE_CHILDREN)``). On a shared machine quote the
CPU seconds and the ratios, not the wall clock alone. ``--cache`` first fills a fresh cache folder (that run is not
counted) and then times the re-runs that read it, for this tree only (a baseline without ``--cache`` has nothing to
compare). A run whose exit status is not 0 is reported.
"""

from __future__ import annotations

import argparse
import os
import resource
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent


def run(tree: Path, args: list[str]) -> tuple[float, float, int]:
    """(wall seconds, CPU seconds, exit status) of ``python -m symmetric verify ARGS`` in ``tree``."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "symmetric", "verify", *args], cwd=tree, env=env,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if done.returncode:
        print(f"  exit status {done.returncode} in {tree}: {done.stderr.strip()[-300:]}", file=sys.stderr)
    return wall, cpu, done.returncode


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", type=Path, help="a tree to compare with (a `git archive` of main)")
    parser.add_argument("--args", default="--jobs 2", help="the arguments of symmetric verify (default: --jobs 2)")
    parser.add_argument("--repeat", type=int, default=3, help="rounds (default 3)")
    parser.add_argument("--cache", action="store_true", help="time unchanged re-runs with --cache (this tree only)")
    options = parser.parse_args(argv)
    args = shlex.split(options.args)
    trees = [("this tree", HERE)]
    if options.cache:
        folder = tempfile.mkdtemp(prefix="verdict-cache-")
        args += ["--cache", folder]
        run(HERE, args)  # fills the cache: not counted
    elif options.baseline is not None:
        trees.insert(0, ("baseline", options.baseline.resolve()))
    rows: dict[str, list] = {name: [] for name, _ in trees}
    print(f"symmetric verify {shlex.join(args)}; load average before: {os.getloadavg()[0]:.1f}")
    print("\n| round | tree | wall (s) | CPU (s) | load after |\n| --- | --- | --- | --- | --- |")
    for i in range(1, options.repeat + 1):
        for name, tree in trees:
            wall, cpu, _ = run(tree, args)
            rows[name].append((wall, cpu))
            print(f"| {i} | {name} | {wall:.2f} | {cpu:.2f} | {os.getloadavg()[0]:.1f} |", flush=True)
    print()
    for name, values in rows.items():
        print(f"{name}: median wall {statistics.median(w for w, _ in values):.2f} s, "
              f"median CPU {statistics.median(c for _, c in values):.2f} s")
    if "baseline" in rows:
        pairs = list(zip(rows["baseline"], rows["this tree"]))
        print(f"ratio this tree / baseline, median of the rounds: wall "
              f"{statistics.median(b[0] / a[0] for a, b in pairs):.2f}, CPU "
              f"{statistics.median(b[1] / a[1] for a, b in pairs):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
