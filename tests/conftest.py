"""Under pytest-xdist (``--dist loadgroup``), the tests that share a module-scoped fixture of their own module
run in one worker, so that the fixture is computed once, not once per worker.

``test_analysis.py``'s ``analyses`` (``analyze`` of G and the power mean, about 20 CPU seconds) was computed
in both workers whenever its tests were dealt to both. A test already in a group (the claims', the soundness
suite's) keeps that group.
"""

from __future__ import annotations

import pytest


def module_fixture_group(item) -> str | None:
    """The xdist group of a test that uses a module-scoped fixture defined in its own module, else None."""
    module = item.nodeid.split("::")[0]
    fixtures = getattr(getattr(item, "_fixtureinfo", None), "name2fixturedefs", {})
    for defs in fixtures.values():
        used = defs[-1] if defs else None  # the definition that applies to this test
        if used is not None and used.scope == "module" and used.baseid == module:
            return f"module-fixture:{module}"
    return None


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist's own hook reads the groups
def pytest_collection_modifyitems(config, items):
    if not config.pluginmanager.hasplugin("xdist"):
        return
    for item in items:
        if item.get_closest_marker("xdist_group") is None and "claim_results" not in getattr(item, "fixturenames", ()):
            group = module_fixture_group(item)
            if group is not None:
                item.add_marker(pytest.mark.xdist_group(group))
