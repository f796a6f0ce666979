"""The seeds checked as documents: docs/seed-check.md is what ``symmetric check`` says about them today."""

import os
import re
from pathlib import Path

import pytest

from symmetric.documents import check_document

ROOT = Path(__file__).resolve().parents[2]
SEED_CHECK = ROOT / "docs" / "seed-check.md"


def _seeds_folder():
    for candidate in (os.environ.get("SYMMETRIC_SEEDS"), ROOT.parent / "shared" / "seeds", "/work/shared/seeds"):
        if candidate and Path(candidate).is_dir() and list(Path(candidate).glob("000_*.txt")):
            return Path(candidate)
    return None


SEEDS = _seeds_folder()


def _documented() -> dict:
    rows = {}
    for line in SEED_CHECK.read_text(encoding="utf-8").splitlines():
        m = re.match(r"\| (\d{3}) \| (\d+) \| (\w+) \|", line)
        if m:
            rows.setdefault(m.group(1), []).append((int(m.group(2)), m.group(3)))
    return rows


@pytest.mark.slow
@pytest.mark.skipif(SEEDS is None, reason="the seeds (../shared/seeds) are not beside the repository")
@pytest.mark.parametrize("seed", ["000", "001", "003"])
def test_seed_check_md_is_the_output_of_symmetric_check(seed):
    (path,) = SEEDS.glob(f"{seed}_*.txt")
    report = check_document(path)
    assert [(s.line, s.status) for s in report.steps] == _documented().get(seed, [])
    counts = report.counts()
    summary = (f"{len(report.steps)} steps: {counts['proven']} proven, {counts['refuted']} refuted, "
               f"{counts['unknown']} unknown, {counts['unparsed']} unparsed; {len(report.definitions)} definitions.")
    assert summary in SEED_CHECK.read_text(encoding="utf-8")
    for step in report.steps:  # every refuted step is matched to an errata entry in the table
        if step.status == "refuted":
            row = next(r for r in SEED_CHECK.read_text(encoding="utf-8").splitlines()
                       if r.startswith(f"| {seed} | {step.line} | refuted"))
            assert re.search(rf"errata {seed} #\d+", row)
