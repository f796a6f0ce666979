"""Print the soundness figures in pytest's terminal summary (visible with and without ``-rA``), and keep
the statements checked once under pytest-xdist."""

import sys
from pathlib import Path

import pytest

#: The pytest-xdist group of every test that reads the checked statements (``--dist loadgroup``).
XDIST_GROUP = "symmetric-soundness"
_HERE = Path(__file__).parent


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist's own hook reads the groups
def pytest_collection_modifyitems(config, items):
    """One xdist worker checks the statements once (the module fixture ``summary``), not every worker."""
    if not config.pluginmanager.hasplugin("xdist"):
        return
    for item in items:
        if "summary" in getattr(item, "fixturenames", ()) and _HERE in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.xdist_group(XDIST_GROUP))


def pytest_terminal_summary(terminalreporter, config):
    suite_tests = sys.modules.get(__name__.rpartition(".")[0] + ".test_suite")
    lines = suite_tests.summary_lines(config) if suite_tests is not None else []
    if lines:
        terminalreporter.write_sep("=", "soundness suite (issue 8)")
        for line in lines:
            terminalreporter.write_line(line)
