"""Start-up cost of symmetric.metrics: import, first calls, and that scikit-learn is never imported.

Run by hand (not a test):

    python benchmarks/bench_metrics_startup.py [--repeat 10] [--baseline DIR]

Each measurement runs in a fresh interpreter (best of ``repeat``; the
process's CPU time, which other load on a shared machine disturbs less than
wall time): ``import
symmetric.metrics``; the import plus a first ``fbeta_score`` call (which
compiles F_beta's count form); the import plus a first ill-defined score
(an ``UndefinedMetricWarning``); the import plus a first ``g_beta_rho_score``.
Each run also reports whether ``sklearn`` ended up in ``sys.modules`` (it must
not: importing it costs about a second), and whether ``sympy`` did (it must
not either, since issue 19). ``--baseline DIR`` runs the same measurements, interleaved,
on another source tree (for example ``git archive <commit> | tar -x -C DIR``)
and prints the ratios, so that a noisy shared machine affects both alike.
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SNIPPETS = {
    "import symmetric.metrics": "import symmetric.metrics",
    "+ first fbeta_score": "import symmetric.metrics as m; m.fbeta_score([0, 1, 1], [0, 1, 0], beta=2)",
    "+ first UndefinedMetricWarning": "import warnings, symmetric.metrics as m; warnings.simplefilter('ignore'); "
                                      "m.precision_score([1, 1], [0, 0])",
    "+ first g_beta_rho_score": "import symmetric.metrics as m; m.g_beta_rho_score([0, 1, 1], [0, 1, 0], beta=2, rho=-3)",
}
_PROBE = ("import sys, time; t = time.process_time(); {code}; "
          "print(time.process_time() - t, 'sklearn' in sys.modules, 'sympy' in sys.modules)")


def run(code: str, tree: Path) -> tuple[float, bool, bool]:
    env = dict(os.environ, PYTHONPATH=str(tree))
    out = subprocess.run([sys.executable, "-c", _PROBE.format(code=code)], capture_output=True, text=True,
                         env=env, cwd=tree, check=True).stdout.split()
    return float(out[0]), out[1] == "True", out[2] == "True"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=10)
    parser.add_argument("--baseline", type=Path, help="another source tree to time in the same run")
    args = parser.parse_args(argv)
    trees = {"this tree": ROOT} | ({"baseline": args.baseline.resolve()} if args.baseline else {})
    print(f"CPU seconds, best of {args.repeat} fresh interpreters; python {platform.python_version()}, {platform.machine()}")
    print("| measurement | " + " | ".join(f"{name} (s)" for name in trees) +
          (" | ratio |" if args.baseline else " |") + " sklearn imported | sympy imported |")
    print("| --- | " + " | ".join("---:" for _ in trees) + (" | ---: |" if args.baseline else " |") + " --- | --- |")
    for label, code in SNIPPETS.items():
        best = {name: float("inf") for name in trees}
        imported = {"sklearn": False, "sympy": False}
        for _ in range(args.repeat):
            for name, tree in trees.items():
                seconds, sklearn, sympy = run(code, tree)
                best[name] = min(best[name], seconds)
                imported["sklearn"] |= sklearn and name == "this tree"
                imported["sympy"] |= sympy and name == "this tree"
        cells = " | ".join(f"{best[name]:.3f}" for name in trees)
        ratio = f" | {best['this tree'] / best['baseline']:.2f} |" if args.baseline else " |"
        flags = " | ".join("yes" if imported[m] else "no" for m in ("sklearn", "sympy"))
        print(f"| {label} | {cells}{ratio} {flags} |")


if __name__ == "__main__":
    main()
