"""Run the registered claims and report each verdict against its expected one."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from .._validation import InvalidParameterError


def add_arguments(p) -> None:
    p.add_argument("ids", nargs="*", metavar="ID", help="claim ids (or prefixes such as 'family.') to run; default all")
    p.add_argument("--json", action="store_true", help="print only a JSON list of results")
    p.add_argument("--report", metavar="FILE", help="also write every claim with its derivation as Markdown")
    p.add_argument("--jobs", type=int, default=None, help="worker processes (default: CPUs, at most 4)")
    p.add_argument("--timeout", type=float, default=None, help="seconds per claim (default: each claim's own)")
    p.add_argument("--proofs", metavar="DIR", default=None, help="directory of proof scripts")
    p.add_argument("--list", action="store_true", help="list the claim ids and exit")


def run(args) -> int:
    from ..verify.claims import Claim
    from ..verify.registry import load_proofs, select_claims
    from ..verify.report import markdown_report
    from ..verify.runner import default_jobs, run_claims

    try:
        claims = select_claims(args.ids, args.proofs)
    except InvalidParameterError as exc:
        print(f"symmetric verify: {exc}", file=sys.stderr)
        return 2
    if args.list:
        for c in claims:
            print(f"{c.id}\t{c.expected}\t{c.source}")
        return 0
    if args.report and args.ids:
        print("symmetric verify: --report covers every claim; do not name ids with it", file=sys.stderr)
        return 2
    if args.timeout is not None:
        claims = [Claim(c.id, c.statement, c.derive, c.expected, c.source, c.conditions, args.timeout, c.theme)
                  for c in claims]
    jobs = args.jobs or default_jobs()
    start = time.perf_counter()
    results = {}
    width = max((len(c.id) for c in claims), default=10)
    for r in run_claims(claims, jobs=jobs):
        results[r.claim.id] = r
        if not args.json:
            mark = "ok " if r.ok else "BAD"
            print(f"{mark} {r.claim.id:<{width}}  {r.status:<8} expected {r.claim.expected:<8} "
                  f"{r.seconds:6.2f}s  {r.method}", flush=True)
            if r.error:
                print("    " + r.error.strip().replace("\n", "\n    "), flush=True)
    elapsed = time.perf_counter() - start
    ordered = [results[c.id] for c in claims]
    if args.json:
        print(json.dumps([r.to_json() for r in ordered], indent=1))
    else:
        counts = {s: sum(1 for r in ordered if r.status == s) for s in ("proven", "refuted", "unknown", "error")}
        bad = [r.claim.id for r in ordered if not r.ok]
        print(f"\n{len(ordered)} claims: " + ", ".join(f"{n} {s}" for s, n in counts.items())
              + f"; {len(ordered) - len(bad)} as expected, {len(bad)} not; {elapsed:.1f} s with {jobs} job(s)")
        if bad:
            print("not as expected: " + ", ".join(bad))
    if args.report:
        proofs = load_proofs(args.proofs)
        Path(args.report).write_text(markdown_report(proofs, results), encoding="utf-8")
    return 0 if all(r.ok for r in ordered) else 1
