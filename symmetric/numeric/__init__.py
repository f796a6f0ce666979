"""Numeric metric functions generated from the symbolic definitions.

``g_beta_rho``, ``power_mean`` and ``f_beta`` (one function per family whose
record says ``numeric=True``) evaluate the families on NumPy arrays, fast and
accurate to a few ULP (see ``python -m symmetric.accuracy``); ``compile``
turns any SymPy expression into a NumPy function. The functions also take
PyTorch, JAX and other Array API arrays (portable kernels, exact gradients;
docs/losses.md), and evaluate large NumPy inputs on several threads
(``threads=``, :func:`thread_limits`, ``SYMMETRIC_NUM_THREADS``).

This package is run time only: it needs NumPy, not SymPy. Its code is
generated from :mod:`symmetric.families` by the generation stage,
:mod:`symmetric.generate` (through the proven rewrites of
:mod:`symmetric.generate.rewrites`), and committed (``_generated.py``, the
kernels; ``functions.py``, the public functions; ``_names.py``, their names;
``python -m symmetric.generate`` regenerates them), so that importing and
calling the functions does not run SymPy.

>>> from symmetric.numeric import f_beta, g_beta_rho
>>> float(g_beta_rho(0.5, 0.25, 2.0, -2.0)) == float(f_beta(0.5, 0.25, 2.0))
True
"""

import importlib as _importlib

from . import _names  # generated: the name of each family's function (its record says numeric=True); no import

_FUNCTIONS = _names.FUNCTIONS
__all__ = ["UndefinedValueWarning", "compile", *_FUNCTIONS, "thread_count", "thread_limits"]

# Public names load on first use: the generated functions and their runtime need only NumPy, ``compile`` SymPy.
_LAZY_NAMES = {
    "UndefinedValueWarning": ".compiled",
    "thread_count": ".threads",
    "thread_limits": ".threads",
    **dict.fromkeys(_FUNCTIONS, ".functions"),
}
#: The names of this package whose code is the generation stage's: a user's SymPy expression compiled at run time
#: (its SymPy half; the evaluation is :mod:`symmetric.numeric.compiled`). This table is the way from a run-time
#: module into :mod:`symmetric.generate`, which none imports (tests/test_layers.py; the submodule ``codegen``, the
#: standalone export's former address, imports it and is imported by none).
_GENERATION_NAMES = {"compile": "symmetric.generate.compile"}


def __getattr__(name: str):
    if name in _LAZY_NAMES:
        module = _importlib.import_module(_LAZY_NAMES[name], __name__)
    elif name in _GENERATION_NAMES:
        module = _importlib.import_module(_GENERATION_NAMES[name])
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(module, name)
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(globals()) | set(_LAZY_NAMES) | set(_GENERATION_NAMES))
