"""symmetric: classification metrics built on precision and recall, under machine check.

Every public name loads on first use (the symbols and families import
SymPy; the later stages ``verify``, ``numeric``, ``metrics``, ``plot`` and
``analyze`` more), so ``import symmetric``, which pytest does for the claims
plugin in every project where the package is installed, costs nothing.

>>> import symmetric
>>> symmetric.g_beta_rho(beta=1, rho=0)
P/2 + R/2
"""

from __future__ import annotations

import importlib as _importlib

from ._validation import InvalidParameterError

# Tracebacks and reprs name the class where users import it from (as NumPy's set_module does), not its private
# module; pickles refer to it there too.
InvalidParameterError.__module__ = __name__

__version__ = "0.1.0"

__all__ = [
    "InvalidParameterError",
    "P",
    "R",
    "analyze",
    "beta",
    "check_document",
    "f_beta",
    "g_beta_rho",
    "gamma",
    "phi",
    "power_mean",
    "rho",
]

# Submodules loaded lazily on attribute access, and public names they provide: importing the package (as
# pytest does for the plugin) costs nothing until a name that needs SymPy is used.
_LAZY_MODULES = {"verify", "numeric", "metrics", "plot", "families", "explore", "documents"}
_LAZY_NAMES = {
    "analyze": "symmetric.explore",
    "check_document": "symmetric.documents",
    "f_beta": "symmetric.families",
    "g_beta_rho": "symmetric.families",
    "power_mean": "symmetric.families",
    **{name: "symmetric.symbols" for name in ("P", "R", "beta", "gamma", "phi", "rho")},
}


def __getattr__(name: str):
    if name in _LAZY_MODULES:
        return _importlib.import_module(f"{__name__}.{name}")
    if name in _LAZY_NAMES:
        value = getattr(_importlib.import_module(_LAZY_NAMES[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | _LAZY_MODULES | set(_LAZY_NAMES))
