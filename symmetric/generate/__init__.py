"""The generation stage: SymPy definitions in, the committed NumPy modules of the run time out.

Everything here runs when the code is made, not when it runs: it reads the
family and confusion-matrix records (:mod:`symmetric.families`), the claims
the metrics' boundary cases cite, and the proven rewrites, and writes the
modules the run-time packages import (:data:`symmetric.generate.files.TARGETS`):

* ``symmetric/numeric/_generated.py``: the kernels, parameter stages and
  gradients of every family with numeric code (:mod:`.kernels`, from the
  rewrites of :mod:`.rewrites` and :mod:`.gradients`, printed by the one
  emitter, :mod:`.emit`; the families' facts from :mod:`.catalog`);
* ``symmetric/numeric/functions.py`` and ``_names.py``: the public numeric
  functions, declared and documented from the records (:mod:`.wrappers`);
* ``symmetric/metrics/_generated.py`` and ``_generated_gradients.py``: every
  expression the metrics evaluate and the records' data (:mod:`.metric_tables`).

``python -m symmetric.generate`` writes them (``--check``: only says whether
each is current; a test fails while one is stale). The run-time packages
(:mod:`symmetric.numeric`, :mod:`symmetric.metrics`, :mod:`symmetric.losses`)
import nothing from here (tests/test_layers.py); the one way in is the name
``symmetric.numeric.compile``, a user's expression compiled at run time,
which that package loads from :mod:`.compile` on first use. The same kernels
as standalone modules: :func:`module_source` (``symmetric codegen``).
"""

import importlib as _importlib

__all__ = ["module_source", "supported", "main"]

# Loaded on first use: the proof scripts read the rewrites (data) without loading the generator or the runtime.
_LAZY_NAMES = {"module_source": ".kernels", "supported": ".kernels", "main": ".files"}


def __getattr__(name: str):
    if name in _LAZY_NAMES:
        value = getattr(_importlib.import_module(_LAZY_NAMES[name], __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(_LAZY_NAMES))
