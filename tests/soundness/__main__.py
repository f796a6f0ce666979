"""``python -m tests.soundness``: run the soundness suite against the engine and print the figures.

Run from the top of a source checkout. By default every case runs, in 2
worker processes, with a budget of 4 s of CPU per case (turned into
wall-clock seconds by the CPU share the workers get, see ``run.Stretch``);
``--subset`` runs the sample that pytest runs by default. The exit status is
1 when there is a false proof, an exception, a wrong refutation or a
counterexample outside the domain.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from . import exact, report, run, suite


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m tests.soundness", description=__doc__.splitlines()[0])
    p.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    p.add_argument("--timeout", type=float, default=None,
                   help=f"engine budget per case in wall-clock seconds (default {run.DEFAULT_TIMEOUT:g} s of "
                        f"CPU, stretched by the workers' CPU share)")
    p.add_argument("--subset", action="store_true", help="only the default subset pytest runs")
    p.add_argument("--class", dest="classes", action="append", choices=list(suite.CLASSES), metavar="CLASS",
                   help="only this class (repeatable): " + ", ".join(suite.CLASSES))
    p.add_argument("--id", dest="ids", action="append", metavar="TEXT", help="only cases whose id contains TEXT")
    p.add_argument("--json", metavar="PATH", help="also write every verdict and judgement as JSON")
    p.add_argument("--verbose", action="store_true", help="also list the true statements not proven")
    p.add_argument("--list", action="store_true", help="list the cases and exit")
    p.add_argument("--witnesses", action="store_true", help="only certify the witnesses (no engine) and exit")
    p.add_argument("--progress", action="store_true", help="print one line per case as it finishes")
    p.add_argument("--known-failures", metavar="PATH",
                   help="write the xfail list of test_suite.py for this run (use on the full suite)")
    p.add_argument("--from-json", metavar="JSON",
                   help="do not run the engine: write --known-failures from this --json output")
    p.add_argument("--runs", nargs="+", default=(), metavar="JSON",
                   help="--json outputs of earlier runs: failures that differ between runs are timing-dependent")
    return p


def main(argv=None) -> int:
    args = _parser().parse_args(argv)
    cases = suite.default_subset(suite.build()) if args.subset else suite.build()
    if args.classes:
        cases = [c for c in cases if c.klass in args.classes]
    if args.ids:
        cases = [c for c in cases if any(text in c.id for text in args.ids)]
    if args.list:
        for c in cases:
            print(f"{c.klass:<20} {'true ' if c.truth else 'false'} {c.id}: {c.text()}")
        return 0
    if args.witnesses:
        start = time.perf_counter()
        for c in cases:
            if not c.truth:
                exact.verify_witness(c)
        print(f"{sum(not c.truth for c in cases)} witnesses certified in {time.perf_counter() - start:.1f} s")
        return 0

    def progress(outcome):
        if args.progress:
            print(f"{outcome.seconds:7.2f} s {outcome.status:<9} {outcome.id}", flush=True)

    if args.from_json:
        with open(args.from_json) as fh:
            rows = {row["id"]: row for row in json.load(fh)["cases"]}
        missing = [c.id for c in cases if c.id not in rows]
        if missing:
            raise SystemExit(f"{args.from_json} has no verdict for {len(missing)} cases, e.g. {missing[0]}")
        current = {c.id: (rows[c.id]["judgement"], rows[c.id]["error"] or rows[c.id]["method"]) for c in cases}
        _write_known_failures(args, cases, current)
        return 0
    start = time.perf_counter()
    outcomes = run.run_cases(cases, jobs=args.jobs, timeout=args.timeout, progress=progress)
    seconds = time.perf_counter() - start
    summary = report.Summary.of(cases, outcomes)
    budgets = [o.budget for o in outcomes.values() if o.budget]
    budget_text = (f"engine budget {args.timeout:g} s" if args.timeout is not None else
                   f"engine budget {run.DEFAULT_TIMEOUT:g} s of CPU stretched by the workers' CPU share "
                   f"({min(budgets, default=0):.1f} to {max(budgets, default=0):.1f} s wall)")
    keyword = run.accepts_domain()
    needing = sum(c.needs_domain_keyword for c in cases)
    header = (f"soundness suite: {len(cases)} statements ({summary.totals['false']} false, "
              f"{summary.totals['true']} true), {args.jobs} jobs, {budget_text}, "
              f"{seconds:.0f} s wall, {sum(o.seconds for o in outcomes.values()):.0f} s in check "
              f"({sum(o.cpu for o in outcomes.values()):.0f} s CPU)\n"
              + (f"check takes domain=: yes ({needing} statements depend on it)\n" if keyword else
                 f"check takes domain=: NO -- {needing} statements need it; they were checked on "
                 f"check's own domain (all positive P, R)\n"))
    print(report.format_report(summary, header=header, verbose=args.verbose))
    if args.json:
        with open(args.json, "w") as fh:
            fh.write(report.to_json(summary, seconds=seconds, jobs=args.jobs, timeout=args.timeout,
                                    domain_keyword=keyword))
    if args.known_failures:
        _write_known_failures(args, cases, report.details(summary))
    return 1 if any(summary.totals[j] for j in report.FAILURES) else 0


def _write_known_failures(args, cases, current):
    if not args.known_failures:
        raise SystemExit("--from-json needs --known-failures PATH")
    runs = []
    for path in args.runs:
        with open(path) as fh:
            runs.append({row["id"]: row["judgement"] for row in json.load(fh)["cases"]})
    with open(args.known_failures, "w") as fh:
        fh.write(report.known_failures_module(cases, current, other_runs=runs))


if __name__ == "__main__":
    sys.exit(main())
