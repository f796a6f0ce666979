"""docs/coverage.md maps every statement of the seeds to claims that exist, and every seed claim appears there.

Only claim definitions are read (ids and sources): no derivation runs.
"""

import re
from pathlib import Path

import pytest

from symmetric.verify.claims.registry import definitions, load_proofs

ROOT = Path(__file__).resolve().parents[2]
SEEDS = ("000", "001", "002", "003", "004")
_ID = re.compile(r"`([a-z_]+(?:\.[a-z0-9_]+)+)`")
# Claims of another branch are named in plain text until it is merged; they count as cited.
_PLAIN_ID = re.compile(r"\b([a-z_]+(?:\.[a-z0-9_]+)+)\b")
# A row that cites no claim says why: no mathematical content to check, or a claim of another proof script.
_NO_CLAIM = re.compile(r"no claim needed|\(in proofs/[a-z_]+\.py\)")


@pytest.fixture(scope="module")
def coverage() -> str:
    return (ROOT / "docs" / "coverage.md").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def claim_sources() -> dict:
    return {d.id: d.source for d in definitions(load_proofs(ROOT / "proofs"))}


def seed_rows(text: str) -> dict:
    """Seed number -> the table rows (statements) of its section."""
    out = {}
    for section in re.split(r"^## ", text, flags=re.M)[1:]:
        heading = re.match(r"Seed (\d{3})", section)
        if heading:
            out[heading.group(1)] = [line for line in section.splitlines() if re.match(r"\| \d+\.\d+ \|", line)]
    return out


def test_every_cited_claim_exists(coverage, claim_sources):
    cited = set(_ID.findall(coverage))
    assert cited, "docs/coverage.md cites no claim"
    assert cited <= set(claim_sources), f"unknown claim ids in docs/coverage.md: {sorted(cited - set(claim_sources))}"


def test_every_seed_has_statements_and_every_statement_is_settled(coverage):
    rows = seed_rows(coverage)
    assert sorted(rows) == list(SEEDS)
    for seed, lines in rows.items():
        assert lines, f"seed {seed} lists no statement"
        unsettled = [line for line in lines if not _ID.search(line) and not _NO_CLAIM.search(line)]
        assert not unsettled, f"seed {seed}: rows citing no claim: {unsettled}"
        numbers = [line.split("|")[1].strip() for line in lines]
        assert numbers == [f"{int(seed[-1])}.{i}" for i in range(1, len(lines) + 1)], f"seed {seed}: rows misnumbered"


def test_every_claim_attributed_to_a_seed_is_in_the_coverage(coverage, claim_sources):
    cited = set(_PLAIN_ID.findall(coverage))
    missing = sorted(i for i, source in claim_sources.items() if source.startswith("seed") and i not in cited)
    assert not missing, f"claims attributed to a seed but absent from docs/coverage.md: {missing}"


def test_the_checks_catch_a_bad_table():
    text = "## Seed 000: x\n\n| # | a | b | c |\n| 0.1 | A statement. | true | nothing |\n"
    (line,) = seed_rows(text)["000"]
    assert not _ID.search(line) and not _NO_CLAIM.search(line)
