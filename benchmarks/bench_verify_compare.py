"""Whether two runs of ``symmetric verify --json`` gave the same verdicts, claim by claim.

Run by hand::

    symmetric verify --jobs 2 --json > /tmp/before.json     # on the baseline tree
    symmetric verify --jobs 2 --json > /tmp/after.json      # on this tree
    python benchmarks/bench_verify_compare.py /tmp/before.json /tmp/after.json

A speed change must leave every verdict as it was: for each claim (by id) the
fields below are compared exactly, and so is each derivation step's status,
method and counterexample; the timings and the proof file's path are not. Prints
each difference and exits with 1 when there is one (or when the claims differ).
"""

from __future__ import annotations

import argparse
import json
import sys

#: The fields of a claim's JSON that a change of speed must leave as they were.
FIELDS = ("status", "counterexample", "method", "certified", "certificate", "detail", "error", "failed_step",
          "proof_steps", "numeric")
#: The fields of each derivation step compared.
STEP_FIELDS = ("status", "method", "counterexample", "checked", "problem")


def differences(before: list, after: list) -> list[str]:
    """One line per difference between two ``--json`` outputs (lists of claims)."""
    old, new = ({c["id"]: c for c in run} for run in (before, after))
    out = [f"{i}: only in the first run" for i in old.keys() - new.keys()]
    out += [f"{i}: only in the second run" for i in new.keys() - old.keys()]
    for i in sorted(old.keys() & new.keys()):
        a, b = old[i], new[i]
        out += [f"{i}: {f} {a.get(f)!r} -> {b.get(f)!r}" for f in FIELDS if a.get(f) != b.get(f)]
        steps_a, steps_b = a.get("steps") or [], b.get("steps") or []
        if len(steps_a) != len(steps_b):
            out.append(f"{i}: {len(steps_a)} steps -> {len(steps_b)}")
            continue
        for sa, sb in zip(steps_a, steps_b):
            out += [f"{i}: step {sa.get('position')} {f} {sa.get(f)!r} -> {sb.get(f)!r}"
                    for f in STEP_FIELDS if sa.get(f) != sb.get(f)]
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", help="the JSON of the baseline's run")
    parser.add_argument("after", help="the JSON of this tree's run")
    args = parser.parse_args(argv)
    with open(args.before, encoding="utf-8") as f, open(args.after, encoding="utf-8") as g:
        before, after = json.load(f), json.load(g)
    found = differences(before, after)
    for line in found:
        print(line[:400])
    statuses = {}
    for c in after:
        statuses[c["status"]] = statuses.get(c["status"], 0) + 1
    print(f"{len(after)} claims ({', '.join(f'{n} {s}' for s, n in sorted(statuses.items()))}); "
          f"{len(found)} differences")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
