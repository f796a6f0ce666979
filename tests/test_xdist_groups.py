"""tests/conftest.py: under pytest-xdist, the tests sharing a module-scoped fixture of their module are one group."""

from pathlib import Path

import pytest

CONFTEST = Path(__file__).with_name("conftest.py")


def test_tests_sharing_a_module_fixture_are_one_group_and_other_groups_stay(pytester):
    pytest.importorskip("xdist")
    pytester.makeconftest(CONFTEST.read_text(encoding="utf-8") + '''

def pytest_collection_finish(session):
    for item in session.items:
        group = item.get_closest_marker("xdist_group")
        print("GROUP", item.name, group.args[0] if group else None)
''')
    pytester.makepyfile(test_shared='''
        import pytest

        @pytest.fixture(scope="module")
        def expensive():
            return 1

        @pytest.fixture
        def cheap():
            return 2

        def test_a(expensive):
            pass

        def test_b(expensive, cheap):
            pass

        def test_c(cheap):
            pass

        @pytest.mark.xdist_group("elsewhere")
        def test_d(expensive):
            pass
    ''')
    result = pytester.runpytest_inprocess("--collect-only", "-p", "xdist", "-p", "no:symmetric")
    result.stdout.fnmatch_lines_random(["GROUP test_a module-fixture:test_shared.py",
                                        "GROUP test_b module-fixture:test_shared.py",
                                        "GROUP test_c None", "GROUP test_d elsewhere"])
