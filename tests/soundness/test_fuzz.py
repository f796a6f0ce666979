"""A small seeded sample of the fuzzer (issue 23); ``python -m tests.soundness.fuzz`` runs it as long as asked."""

import random

import pytest

from . import fuzz

pytestmark = pytest.mark.slow  # the full run only (tests/README.md)

#: The seed and size of the sample pytest runs (a few CPU seconds).
SEED, COUNT = 1, 8


def test_a_seeded_sample_of_the_fuzzer_finds_no_false_proof_or_wrong_refutation():
    report = fuzz.fuzz(seed=SEED, count=COUNT, timeout=3.0)
    assert report.tried == COUNT and report.true_cases and report.false_cases, report.text()
    bad = {k: report.count(k) for k in ("false proof", "wrong refutation", "outside the domain", "exception")}
    assert bad == dict.fromkeys(bad, 0), report.text()


def test_every_template_draws_certified_statements():
    rng = random.Random(0)
    drawn = [fuzz.generate(rng, i, want_false=bool(i % 2)) for i in range(2 * len(fuzz._GENERATORS))]
    assert sum(c is not None for c in drawn) >= len(drawn) // 2
