"""Numeric metric functions generated from the symbolic definitions.

``g_beta_rho``, ``power_mean`` and ``f_beta`` evaluate the families on NumPy
arrays, fast and accurate to a few ULP (see ``python -m symmetric.accuracy``);
``compile`` turns any SymPy expression into a NumPy function. The functions
also take PyTorch, JAX and other Array API arrays (portable kernels, exact
gradients; docs/losses.md), and evaluate large NumPy inputs on several
threads (``threads=``, :func:`thread_limits`, ``SYMMETRIC_NUM_THREADS``). The code is
generated from :mod:`symmetric.families` through the proven rewrites of
:mod:`symmetric.numeric.rewrites` and committed as ``_generated.py``
(``python -m symmetric.numeric.codegen`` regenerates it), so that importing
and calling the functions does not run SymPy.

>>> from symmetric.numeric import f_beta, g_beta_rho
>>> float(g_beta_rho(0.5, 0.25, 2.0, -2.0)) == float(f_beta(0.5, 0.25, 2.0))
True
"""

import importlib as _importlib
import sys as _sys
import types as _types

__all__ = ["UndefinedValueWarning", "compile", "f_beta", "g_beta_rho", "power_mean", "thread_count", "thread_limits"]

# Public names load on first use: the generated functions and their runtime need only NumPy, ``compile``
# needs SymPy, and the rewrites (data the proofs of stage 2 check, see docs/design.md) load neither.
_LAZY_NAMES = {
    "UndefinedValueWarning": ".compile",
    "compile": ".compile",
    "thread_count": ".threads",
    "thread_limits": ".threads",
    **{name: ".functions" for name in ("f_beta", "g_beta_rho", "power_mean")},
}


def __getattr__(name: str):
    if name in _LAZY_NAMES:
        value = getattr(_importlib.import_module(_LAZY_NAMES[name], __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(_LAZY_NAMES))


class _Package(_types.ModuleType):
    """This package, where ``compile`` stays the function when its submodule ``compile`` loads.

    The import system sets a submodule as an attribute of its package; with the
    names loaded lazily, ``symmetric.numeric.compile`` would then be the module
    whenever something imported ``symmetric.numeric.compile`` first.
    """

    def __setattr__(self, name, value):
        if name in _LAZY_NAMES and isinstance(value, _types.ModuleType):
            return  # the submodule stays reachable as sys.modules["symmetric.numeric.compile"]
        super().__setattr__(name, value)


_sys.modules[__name__].__class__ = _Package
