"""The tiers of the suite (``tests/tiers.py``, applied by the root ``conftest.py``): what the fast tier keeps, and
that it still runs a test of every package of ``symmetric``."""

from pathlib import Path
from types import SimpleNamespace

import pytest

from tests import tiers


class Item:
    """What the tiers read of a collected item: its path and its marks (and, for a claim, its proof)."""

    def __init__(self, path, *marks, proof=None, definition=None):
        self.path = tiers.ROOT / path
        self.marks = set(marks)
        if proof is not None:
            self.proof, self.definition = proof, definition

    def get_closest_marker(self, name):
        return SimpleNamespace(name=name) if name in self.marks else None


def _claims(*ids):
    definitions = [SimpleNamespace(id=i) for i in ids]
    proof = SimpleNamespace(definitions=definitions)
    return [Item("proofs/family.py", proof=proof, definition=d) for d in definitions]


def test_marks_and_paths_decide_the_tier():
    assert tiers.tier_of(Item("tests/test_public_api.py")) == "fast"
    assert tiers.tier_of(Item("tests/test_public_api.py", "slow")) == "full"
    assert tiers.tier_of(Item("README.md")) == "full"  # by path
    assert tiers.tier_of(Item("README.md", "fast")) == "fast"  # the mark wins over the path
    assert tiers.tier_of(Item("README.md", "fast", "slow")) == "full"  # slow wins over everything
    assert tiers.tier_of(Item("symmetric/explore/analysis.py")) == "full"
    assert tiers.tier_of(Item("symmetric/explore/parser.py")) == "fast"
    first, second, third = _claims("family.a", "family.b", "family.c")
    assert [tiers.tier_of(c) for c in (first, second, third)] == ["fast", "full", "full"]  # the claims' sample


def test_the_fast_tier_deselects_the_full_run_only_tests_unless_their_file_is_named():
    items = [Item("tests/test_public_api.py"), Item("tests/test_wheel.py", "slow"), Item("README.md"),
             *_claims("family.a", "family.b")]
    kept, deselected = tiers.select(items, full=False, named=set())
    assert kept == [items[0], items[3]] and deselected == [items[1], items[2], items[4]]
    assert tiers.select(items, full=True, named=set()) == (items, [])
    kept, _ = tiers.select(items, full=False, named={(tiers.ROOT / "tests/test_wheel.py").resolve()})
    assert kept == [items[0], items[1], items[3]]


def test_every_default_path_exists():
    for path in tiers.FULL_BY_PATH:
        assert (tiers.ROOT / path).exists(), f"tests/tiers.py names {path}, which does not exist"


def test_the_package_of_a_test_is_read_from_its_path():
    assert tiers.package_of(Item("tests/metrics/test_scores.py")) == "metrics"
    assert tiers.package_of(Item("tests/soundness/test_suite.py")) == "verify"
    assert tiers.package_of(Item("symmetric/plot/contours.py")) == "plot"
    assert tiers.package_of(Item("symmetric/verify/limits/routine.py")) == "verify"
    for none in ("tests/docs/test_site.py", "tests/proofs/test_scripts.py", "tests/test_losses.py", "README.md",
                 "docs/explore.md", "proofs/family.py", "symmetric/losses.py"):
        assert tiers.package_of(Item(none)) is None, none
    assert {"cli", "documents", "explore", "families", "metrics", "numeric", "plot", "verify"} <= set(tiers.packages())


def test_the_fast_tier_runs_a_test_of_every_package(request):
    """Over the items this session collected: when it collected the whole suite (plain ``pytest`` or ``--full``,
    without ``-k`` or ``-m``), the fast tier's items cover every package of ``symmetric``."""
    config = request.config
    if config.args_source != pytest.Config.ArgsSource.TESTPATHS or config.getoption("keyword") or config.getoption(
            "markexpr"):
        pytest.skip("needs the whole suite collected: run plain pytest or pytest --full")
    fast = [item for item in request.session.items if tiers.tier_of(item) == "fast"]
    covered = {tiers.package_of(item) for item in fast}
    missing = sorted(set(tiers.packages()) - covered)
    assert not missing, f"no test of these packages is in the fast tier: {missing} (tests/README.md)"
    assert len(fast) < len(request.session.items) or not config.getoption("full")


def test_the_readme_runs_the_full_run():
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    marker = "<!-- .ci/run executes the next command verbatim -->"
    command = readme.split(marker, 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    assert "pytest" in command and "--full" in command
