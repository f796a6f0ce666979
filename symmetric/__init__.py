"""symmetric: classification metrics built on precision and recall, under machine check.

The symbolic core is imported eagerly; the later stages (``verify``,
``numeric``, ``metrics``, ``plot``, ``analyze``) load on first use so that
``import symmetric`` stays light.

>>> import symmetric
>>> symmetric.g_beta_rho(beta=1, rho=0)
P/2 + R/2
"""

from __future__ import annotations

import importlib

from ._validation import InvalidParameterError
from .families import f_beta, g_beta_rho, power_mean
from .symbols import P, R, beta, gamma, phi, rho

__version__ = "0.1.0"

__all__ = [
    "InvalidParameterError",
    "P",
    "R",
    "analyze",
    "beta",
    "f_beta",
    "g_beta_rho",
    "gamma",
    "phi",
    "power_mean",
    "rho",
]

# Submodules loaded lazily on attribute access, and public names they provide.
_LAZY_MODULES = {"verify", "numeric", "metrics", "plot", "families", "explore"}
_LAZY_NAMES = {"analyze": "symmetric.explore"}


def __getattr__(name: str):
    if name in _LAZY_MODULES:
        return importlib.import_module(f"{__name__}.{name}")
    if name in _LAZY_NAMES:
        return getattr(importlib.import_module(_LAZY_NAMES[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | _LAZY_MODULES | set(_LAZY_NAMES))
