"""Where ``symmetric verify`` spends its CPU: per claim, per strategy, in one process.

Run by hand::

    python benchmarks/bench_verify_profile.py                 # every built-in claim
    python benchmarks/bench_verify_profile.py family.g. --top 10
    python benchmarks/bench_verify_profile.py --json /tmp/profile.json --cprofile /tmp/profile.prof

Every claim is built (its derivation) and checked serially in this process,
as one worker of ``symmetric verify`` would, and timed in CPU seconds
(``time.process_time``: the shared machine's load inflates it far less than
the wall clock). The engine's steps are wrapped to count, per claim, the CPU
seconds, calls and successes of the numeric stage (sample points, mpmath
evidence), the limit routine, the case splitters and each direct strategy
(``cancel``, ``simplify``, the sign forms, the inequality prover), so the
table shows which strategies run and fail before the one that succeeds. The
wrapping is undone at exit; nothing of it is part of the engine.
"""

from __future__ import annotations

import argparse
import collections
import dataclasses
import cProfile
import json
import sys
import time

T0 = time.process_time()
import symmetric  # noqa: E402,F401  (import time is part of the profile)
from symmetric.verify import engine  # noqa: E402
from symmetric.verify.strategies import registry  # noqa: E402
from symmetric.verify.strategies import search as symbolic  # noqa: E402
from symmetric.verify.claims.registry import definitions, load_proofs, select_claims  # noqa: E402

IMPORT_SECONDS = time.process_time() - T0


class Meter:
    """CPU seconds, calls and successes per step name, in total and for the current claim."""

    def __init__(self):
        self.total = collections.defaultdict(lambda: [0.0, 0, 0])
        self.claim: dict = {}

    def wrap(self, name, func):
        def timed(*args, **kwargs):
            start = time.process_time()
            ok = False
            try:
                value = func(*args, **kwargs)
                ok = bool(value)
                return value
            finally:
                spent = time.process_time() - start
                for table in (self.total, self.claim):
                    row = table.setdefault(name, [0.0, 0, 0])
                    row[0] += spent
                    row[1] += 1
                    row[2] += ok
        return timed


def instrument(meter: Meter) -> list:
    """Wrap the engine's steps; return what to restore."""
    saved = [(registry, "STRATEGIES", list(registry.STRATEGIES))]
    labels = {"direct": lambda s: ("eq " if "==" in s.applies_to else "") + s.name, "prover": lambda s: s.name,
              "reduction": lambda s: "goal " + s.name, "split": lambda s: "split " + s.name}
    registry.STRATEGIES[:] = [dataclasses.replace(s, run=meter.wrap(labels[s.kind](s), s.run))
                              for s in registry.STRATEGIES]
    for module, name, label in [(engine, "sample_points", "sample points"), (engine, "numeric_evidence", "mpmath evidence"),
                                (engine, "exact_counterexample", "exact limit counterexample"),
                                (symbolic, "_evaluate_sides", "limits")]:
        saved.append((module, name, getattr(module, name)))
        setattr(module, name, meter.wrap(label, getattr(module, name)))
    return saved


def restore(saved) -> None:
    for module, name, value in saved:
        if isinstance(value, list):
            getattr(module, name)[:] = value
        else:
            setattr(module, name, value)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ids", nargs="*", help="claim ids or prefixes (default: all built-in claims)")
    parser.add_argument("--top", type=int, default=25, help="claims to list, most expensive first")
    parser.add_argument("--json", metavar="FILE", help="also write every claim's row as JSON")
    parser.add_argument("--cprofile", metavar="FILE", help="also write cProfile statistics (about 2.5x slower)")
    args = parser.parse_args(argv)

    start = time.process_time()
    items = select_claims(definitions(load_proofs(builtin=True)), args.ids)
    load_seconds = time.process_time() - start
    meter = Meter()
    saved = instrument(meter)
    profile = cProfile.Profile() if args.cprofile else None
    rows = []
    try:
        for d in items:
            meter.claim = {}
            start = time.process_time()
            if profile:
                profile.enable()
            claim = d.build()
            built = time.process_time() - start
            result = claim.run()
            if profile:
                profile.disable()
            rows.append({"id": d.id, "timeout": d.timeout, "status": result.status, "method": result.method,
                         "build": built, "cpu": time.process_time() - start, "steps": meter.claim})
    finally:
        restore(saved)
    if profile:
        profile.dump_stats(args.cprofile)

    total = sum(r["cpu"] for r in rows)
    print(f"import {IMPORT_SECONDS:.2f} s, loading the proof scripts {load_seconds:.2f} s, {len(rows)} claims "
          f"{total:.2f} s (derivations {sum(r['build'] for r in rows):.2f} s), CPU")
    print("\n| step | CPU (s) | calls | successes |\n| --- | --- | --- | --- |")
    for name, (cpu, calls, ok) in sorted(meter.total.items(), key=lambda kv: -kv[1][0]):
        print(f"| {name} | {cpu:.2f} | {calls} | {ok} |")
    print("\n| claim | CPU (s) | derivation (s) | timeout (s) | verdict | steps (CPU s / calls, + when one succeeded) |")
    print("| --- | --- | --- | --- | --- | --- |")
    for r in sorted(rows, key=lambda r: -r["cpu"])[:args.top]:
        steps = ", ".join(f"{name} {cpu:.1f}/{calls}{'+' if ok else ''}"
                          for name, (cpu, calls, ok) in sorted(r["steps"].items(), key=lambda kv: -kv[1][0]) if cpu >= 0.05)
        print(f"| {r['id']} | {r['cpu']:.2f} | {r['build']:.2f} | {r['timeout']:g} | {r['status']} | {steps} |")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"import": IMPORT_SECONDS, "load": load_seconds, "rows": rows}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
