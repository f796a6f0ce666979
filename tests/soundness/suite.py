"""The whole suite: every case of every module, and the default subset.

>>> cases = build()
>>> len({c.id for c in cases}) == len(cases)
True
>>> sum(not c.truth for c in cases) >= 500, sum(c.truth for c in cases) >= 100
(True, True)
>>> sub = default_subset(cases)
>>> 4 * len(sub) >= len(cases), {c.klass for c in sub} == set(CLASSES)
(True, True)
"""

from __future__ import annotations

import functools
import os

from . import bound, domain_cases, means, misses, mutations, parameters, piecewise_limits
from .case import CLASSES

__all__ = ["build", "default_subset", "selected", "CLASSES", "MODULES", "ENVIRONMENT"]

#: The modules that build cases, in report order.
MODULES = (piecewise_limits, parameters, bound, misses, domain_cases, means, mutations)

#: The environment variable that selects the full suite under pytest.
ENVIRONMENT = "SYMMETRIC_SOUNDNESS"


@functools.lru_cache(maxsize=None)
def _build() -> tuple:
    cases = tuple(c for module in MODULES for c in module.build())
    seen: dict = {}
    for c in cases:
        if c.id in seen:
            raise AssertionError(f"duplicate case id {c.id}")
        seen[c.id] = c
    return tuple(sorted(cases, key=lambda c: (list(CLASSES).index(c.klass), c.id)))


def build() -> list:
    """Every case, sorted by class and id (built once per process)."""
    return list(_build())


def default_subset(cases) -> list:
    """A deterministic stratified quarter: within each class and truth, every fourth case in id order."""
    out = []
    groups: dict = {}
    for c in cases:
        groups.setdefault((c.klass, c.truth), []).append(c)
    for key in sorted(groups, key=lambda k: (list(CLASSES).index(k[0]), k[1])):
        out.extend(groups[key][::4])
    return out


def selected() -> list:
    """The cases pytest runs: the default subset, or all of them when ``SYMMETRIC_SOUNDNESS=full``."""
    cases = build()
    return cases if os.environ.get(ENVIRONMENT, "").strip().lower() == "full" else default_subset(cases)
