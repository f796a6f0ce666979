"""Shared test configuration.

* The claims of the proof scripts under ``proofs/`` are test items through
  the package's pytest plugin (``symmetric.pytest_plugin``, configured by
  ``symmetric_claims`` in pyproject.toml); it runs them once per session, in
  parallel, and shares the results through the ``claim_results`` fixture.
* mpmath's global precision is reset around every test.
* ``pytester`` is available to test the plugin.
"""

from __future__ import annotations

import linecache

import mpmath
import pytest

_checkcache = linecache.checkcache


def _tolerant_checkcache(filename=None):
    """linecache.checkcache, minus a KeyError when a GC finalizer removes an entry mid-loop.

    SymPy's lambdify registers each generated function in linecache and removes it when the function is
    collected (weakref.finalize); CPython's checkcache is not safe against that (python/cpython#126775,
    fixed after 3.11). Every doctest calls it (pdb's reset), so the suite failed at random.
    """
    try:
        _checkcache(filename)
    except KeyError:
        pass


linecache.checkcache = _tolerant_checkcache

pytest_plugins = ["pytester"]


@pytest.fixture(autouse=True)
def _reset_mpmath_precision():
    mpmath.mp.dps = 15
    yield
    mpmath.mp.dps = 15
