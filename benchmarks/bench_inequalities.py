"""Time of the decided inequalities, and what they add to ``symmetric verify``.

Run by hand from the repository root:

    python benchmarks/bench_inequalities.py [--repeat 2]

1. Each named inequality of issue 8 (the claims of ``proofs/inequalities.py`` and
   ``structure.g.at_most_max``): ``check()`` with z3, and with z3 hidden (the SymPy route).
2. What ``symmetric verify`` gains: every claim of ``proofs/inequalities.py``, and every other
   registered claim whose statement is an inequality (the only ones the hook in
   ``symmetric.verify.strategies.search`` touches; an equality skips it at once) with the hook and with it
   switched off (the engine before the prover).

Times are CPU seconds of this process (``time.process_time``), best of ``--repeat``: the machine
is shared and wall-clock time there mostly measures the other users.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NAMED_PREFIXES = ("inequalities.",)
NAMED_EXTRA = ("structure.g.at_most_max",)


def cpu_time(func, repeat):
    """``(best CPU seconds of repeat runs, last result)``."""
    best, result = None, None
    for _ in range(repeat):
        start = time.process_time()
        result = func()
        elapsed = time.process_time() - start
        best = elapsed if best is None else min(best, elapsed)
    return best, result


def run_check(statement):
    from symmetric.verify import check

    return check(statement.lhs, statement.rhs, relation=statement.relation, conditions=statement.conditions,
                 timeout=30)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=2)
    args = parser.parse_args(argv)

    import sympy
    import z3

    from symmetric.verify.strategies import search as symbolic
    from symmetric.verify.claims.registry import load_claims

    claims = load_claims(ROOT / "proofs")
    built = {c.id: c.build()[0] for c in claims}
    print(f"python {sys.version.split()[0]}, sympy {sympy.__version__}, z3 {z3.get_version_string()}; "
          f"CPU seconds, best of {args.repeat}")

    named = [c for c in claims if c.id.startswith(NAMED_PREFIXES) or c.id in NAMED_EXTRA]
    print(f"\n{'claim':55} {'z3':>6} {'no z3':>6}  verdict, method")
    totals = [0.0, 0.0]
    for c in named:
        with_z3, verdict = cpu_time(lambda: run_check(built[c.id]), args.repeat)
        saved = sys.modules.get("z3")
        sys.modules["z3"] = None  # hides the optional extra: the SymPy route
        try:
            without, verdict2 = cpu_time(lambda: run_check(built[c.id]), args.repeat)
        finally:
            sys.modules["z3"] = saved
        totals[0] += with_z3
        totals[1] += without
        print(f"{c.id:55} {with_z3:6.2f} {without:6.2f}  {verdict.status}, {verdict.method}"
              + ("" if verdict2.method == verdict.method else f" (without z3: {verdict2.status}, {verdict2.method})"))
    print(f"{'total':55} {totals[0]:6.2f} {totals[1]:6.2f}")

    new_claims = [c for c in claims if c.id.startswith(NAMED_PREFIXES)]
    old_inequalities = [c for c in claims if built[c.id].relation != "==" and c not in new_claims]
    hook = symbolic._decided_inequality
    on = off = new = 0.0
    print(f"\n{'claim':55} {'prover':>6} {'off':>6}  verdict with the prover / without")
    for c in old_inequalities + new_claims:
        with_hook, v1 = cpu_time(lambda: run_check(built[c.id]), 1)
        if c in new_claims:
            new += with_hook
            print(f"{c.id:55} {with_hook:6.2f} {'':>6}  {v1.status} (new claim)")
            continue
        symbolic._decided_inequality = lambda st, clock: None
        try:
            without_hook, v2 = cpu_time(lambda: run_check(built[c.id]), 1)
        finally:
            symbolic._decided_inequality = hook
        on, off = on + with_hook, off + without_hook
        print(f"{c.id:55} {with_hook:6.2f} {without_hook:6.2f}  {v1.status} / {v2.status}")
    print(f"inequality claims that existed before: {on:.2f} s with the prover, {off:.2f} s without; "
          f"claims of proofs/inequalities.py: {new:.2f} s; added to symmetric verify: {on - off + new:.2f} CPU seconds")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
