"""The two tiers of the test suite: the fast tier (plain ``pytest``) and the full run (``pytest --full``).

A test is in the **fast tier** unless

* it is marked ``slow`` (``@pytest.mark.slow`` on the test, ``pytestmark = pytest.mark.slow`` for a whole file), or
* its path is one of :data:`FULL_BY_PATH` (items that cannot carry a mark in a file: the claims of ``proofs/``,
  the doctests of pages and modules) and it is not marked ``fast`` nor one of the claims the fast tier samples
  (:func:`in_claim_sample`: the first claim of each proof script).

The full run is everything; it is the README's test command, which CI runs. The root ``conftest.py`` applies the
tiers (:func:`select`), and ``tests/test_tiers.py`` checks that the fast tier still runs a test of every package
(:func:`package_of`). tests/README.md says where a new test goes and when it is ``slow``.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: Paths (from the repository's root; a folder ends in "/") whose items default to the full run, with the reason.
FULL_BY_PATH = {
    "proofs/": "the built-in claims (50 CPU s in one process): the fast tier checks the first claim of each script",
    "README.md": "its doctests analyse whole families",
    "docs/explore.md": "its doctests analyse whole families",
    "symmetric/explore/__init__.py": "its doctest analyses a family",
    "symmetric/explore/analysis.py": "its doctests analyse families",
}

#: The folders of ``tests/`` whose tests stand for a package other than their name, and those that stand for none.
TEST_FOLDERS = {"soundness": "verify", "proofs": None, "docs": None}


def relative(path) -> str:
    """``path`` from the repository's root, with "/" (a path outside it as given)."""
    path = Path(path).resolve()
    try:
        return path.relative_to(ROOT).as_posix()
    except ValueError:
        return path.as_posix()


def full_by_path(path) -> str | None:
    """Why the items of ``path`` default to the full run (:data:`FULL_BY_PATH`), or None."""
    where = relative(path)
    for prefix, why in FULL_BY_PATH.items():
        if where == prefix or (prefix.endswith("/") and where.startswith(prefix)):
            return why
    return None


def in_claim_sample(item) -> bool:
    """Whether ``item`` is a claim the fast tier checks: the first claim of its proof."""
    proof = getattr(item, "proof", None)
    definition = getattr(item, "definition", None)
    if proof is None or definition is None:
        return False
    first = next(iter(proof.definitions), None)
    return first is not None and first.id == definition.id


def tier_of(item) -> str:
    """``"fast"`` or ``"full"``: the tier of a collected item (see the module docstring)."""
    if item.get_closest_marker("slow") is not None:
        return "full"
    if item.get_closest_marker("fast") is not None or in_claim_sample(item):
        return "fast"
    return "full" if full_by_path(item.path) is not None else "fast"


def packages() -> list[str]:
    """The packages of ``symmetric``: every folder holding an ``__init__.py``, directly under it."""
    return sorted(p.name for p in (ROOT / "symmetric").iterdir() if (p / "__init__.py").is_file())


def package_of(item) -> str | None:
    """The package of ``symmetric`` whose code ``item`` tests, from its path; None for a test of several packages
    (a page of ``docs/``, a claim, the release) or of a top-level module.

    ``tests/metrics/...`` tests ``metrics``, ``tests/soundness/...`` the engine (``verify``), a doctest in
    ``symmetric/plot/...`` tests ``plot``.
    """
    parts = relative(item.path).split("/")
    if len(parts) >= 3 and parts[0] in ("symmetric", "tests"):
        name = TEST_FOLDERS.get(parts[1], parts[1]) if parts[0] == "tests" else parts[1]
        return name if name in packages() else None
    return None


def select(items, *, full: bool, named: set) -> tuple[list, list]:
    """``(kept, deselected)``: all items for the full run; else the fast tier's, and every item of a file in
    ``named`` (resolved paths of files given on the command line: a file named is run whole)."""
    if full:
        return list(items), []
    kept, deselected = [], []
    for item in items:
        fast = tier_of(item) == "fast" or Path(item.path).resolve() in named
        (kept if fast else deselected).append(item)
    return kept, deselected
