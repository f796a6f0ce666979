"""Print the soundness figures in pytest's terminal summary (visible with and without ``-rA``)."""

import sys


def pytest_terminal_summary(terminalreporter, config):
    suite_tests = sys.modules.get(__name__.rpartition(".")[0] + ".test_suite")
    lines = suite_tests.summary_lines(config) if suite_tests is not None else []
    if lines:
        terminalreporter.write_sep("=", "soundness suite (issue 8)")
        for line in lines:
            terminalreporter.write_line(line)
