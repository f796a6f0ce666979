"""The corpus table: ``python -m tests.documents.corpus_table`` (one process per document, as a user runs it).

Per document: steps, proven / refuted / unknown / unparsed, refutations of right lines (refuted steps the key does
not list), real errors found (refuted steps the key lists) and the wall time of ``symmetric check --json``.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

from tests.documents.corpus_key import REAL_ERRORS

CORPUS = Path(__file__).parent / "corpus"


def rows():
    for path in sorted(CORPUS.iterdir()):
        start = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "symmetric", "check", "--json", str(path)],
                              capture_output=True, text=True)
        seconds = time.perf_counter() - start
        report = json.loads(done.stdout)
        counts = report["summary"]
        refuted = [s["line"] for s in report["steps"] if s["status"] == "refuted"]
        real = sum((path.name, line) in REAL_ERRORS for line in refuted)
        yield path.name, len(report["steps"]), counts, len(refuted) - real, real, seconds


def main() -> None:
    total: dict = {"steps": 0, "proven": 0, "refuted": 0, "unknown": 0, "unparsed": 0, "wrong": 0, "real": 0}
    print("| document | steps | proven | refuted | unknown | unparsed | wrong refutations | real errors | time |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for name, steps, c, wrong, real, seconds in rows():
        print(f"| {name} | {steps} | {c['proven']} | {c['refuted']} | {c['unknown']} | {c['unparsed']} | {wrong} | "
              f"{real} | {seconds:.1f} s |")
        for key, value in (("steps", steps), ("wrong", wrong), ("real", real), *c.items()):
            total[key] += value
    decided = total["proven"] + total["real"]
    print(f"| all | {total['steps']} | {total['proven']} | {total['refuted']} | {total['unknown']} | "
          f"{total['unparsed']} | {total['wrong']} | {total['real']} | |")
    print(f"\ndecided (proven, or refuted as a real error): {decided} of {total['steps']} "
          f"({100 * decided / max(total['steps'], 1):.0f} %)")


if __name__ == "__main__":
    main()
