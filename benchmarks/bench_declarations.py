"""The cost per call of the enforcing declarations (symmetric._constraints.declare), and of whole small calls.

Run by hand (not a test):

    python benchmarks/bench_declarations.py [--rounds 15] [--baseline DIR]

In one process, interleaved: each declared function called as users call it,
and its body alone (``symmetric._constraints.unchecked``, which skips the
checks); the difference is what the declaration adds to a call. Best of
``rounds`` rounds of 500 calls each. ``--baseline DIR`` (another source tree,
for example ``git archive <commit> symmetric | tar -x -C DIR``) also times
the whole calls in fresh interpreters on both trees, alternating, and prints
the ratios, so that a noisy shared machine affects both alike.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import timeit
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SETUP = """
import numpy as np
from symmetric.metrics import f1_score, fbeta_score, g_beta_rho_score
from symmetric.numeric import g_beta_rho
from symmetric.families import f_beta
from symmetric import P, R
from symmetric.symbols import FP, TP
from symmetric.families.counts import precision
from symmetric.verify.core.statement import Statement
from symmetric.verify.strategies import strategies_for
from symmetric.metrics._params import BETA, RHO, SCORE_OPTIONS, TARGETS, declare


@declare(**TARGETS, beta=BETA, rho=RHO, **SCORE_OPTIONS)
def empty(y_true, y_pred, *, beta=1.0, rho=-2.0, labels=None, pos_label=1, average="binary", sample_weight=None,
          zero_division="warn"):
    return None


y_true = np.array([0, 1, 1, 0, 1, 1, 0, 1]); y_pred = np.array([0, 1, 0, 0, 1, 1, 1, 1])
"""
CALLS = {
    "empty body, 5 of 9 declared arguments given": "empty(y_true, y_pred, beta=2.0, rho=-1.5, average='macro')",
    "f1_score, 8 labels": "f1_score(y_true, y_pred)",
    "fbeta_score(beta=2.0, average='macro')": "fbeta_score(y_true, y_pred, beta=2.0, average='macro')",
    "g_beta_rho_score(beta=2.0, rho=-1.5)": "g_beta_rho_score(y_true, y_pred, beta=2.0, rho=-1.5)",
    "numeric.g_beta_rho, scalars": "g_beta_rho(0.5, 0.25, 2.0, -1.5)",
    "families.f_beta(beta=2)": "f_beta(beta=2)",
    # declarations that bind the call (a constraint reading another argument, a condition on the result)
    "Statement.of(P, R, '<=', (P < 1,))": "Statement.of(P, R, relation='<=', conditions=(P < 1,))",
    "families.counts.precision(TP, FP)": "precision(TP, FP)",
    "strategies_for('==')": "strategies_for('==')",
}


def overhead(rounds: int) -> None:
    from symmetric._constraints import unchecked

    namespace: dict = {}
    exec(SETUP, namespace)
    print(f"{'call':42s} {'declared':>10s} {'body alone':>11s} {'added':>8s}")
    for name, code in CALLS.items():
        head = code.split("(")[0]
        owner, _, attribute = head.partition(".")
        if attribute:  # a declared classmethod: its body, bound to the class
            func = getattr(namespace[owner], attribute)
            body = {**namespace, owner: type(owner, (), {attribute: staticmethod(unchecked(func))})}
        else:
            func = namespace[head]
            body = {**namespace, head: unchecked(func)}
        checked_times, body_times = [], []
        for _ in range(rounds):
            checked_times.append(min(timeit.repeat(code, globals=namespace, number=500, repeat=3)) / 500)
            body_times.append(min(timeit.repeat(code, globals=body, number=500, repeat=3)) / 500)
        a, b = min(checked_times), min(body_times)
        print(f"{name:42s} {a * 1e6:8.2f} us {b * 1e6:8.2f} us {(a - b) * 1e6:5.2f} us")


def whole_calls(tree: Path) -> dict:
    code = SETUP.split("from symmetric.metrics._params")[0] + "y_true = np.array([0, 1, 1, 0, 1, 1, 0, 1]); "
    code += "y_pred = np.array([0, 1, 0, 0, 1, 1, 1, 1])\nimport timeit\n" + "".join(
        f"print(min(timeit.repeat({c!r}, globals=globals(), number=500, repeat=5)) / 500)\n"
        for name, c in CALLS.items()
        if not name.startswith("empty")
    )
    env = {**os.environ, "PYTHONPATH": str(tree)}
    # in the tree: ``python -c`` puts the working directory first on sys.path (from a checkout, its symmetric)
    out = subprocess.run([sys.executable, "-c", code], cwd=tree, env=env, capture_output=True, text=True,
                         check=True).stdout
    return dict(zip([n for n in CALLS if not n.startswith("empty")], map(float, out.split())))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--baseline", type=Path)
    args = parser.parse_args()
    overhead(args.rounds)
    if args.baseline:
        best: dict = {"baseline": {}, "this tree": {}}
        for _ in range(args.rounds // 3 or 1):
            for label, tree in (("baseline", args.baseline), ("this tree", ROOT)):
                for name, t in whole_calls(tree).items():
                    best[label][name] = min(t, best[label].get(name, t))
        print(f"\n{'whole call':42s} {'baseline':>10s} {'this tree':>10s} {'ratio':>6s}")
        for name in best["baseline"]:
            a, b = best["baseline"][name], best["this tree"][name]
            print(f"{name:42s} {a * 1e6:8.2f} us {b * 1e6:8.2f} us {b / a:6.2f}")


if __name__ == "__main__":
    main()
