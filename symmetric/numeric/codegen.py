"""The standalone export under its former address: :func:`module_source` of :mod:`symmetric.generate.kernels`.

``symmetric codegen`` and :func:`symmetric.generate.module_source` write a
standalone module of a family's numeric function; this module keeps
``symmetric.numeric.codegen.module_source`` working for code written before
the generator moved to the generation stage. It is not run time: it imports
SymPy (through the generator), and no module of :mod:`symmetric.numeric`,
:mod:`symmetric.metrics` or :mod:`symmetric.losses` imports it
(tests/test_layers.py).

>>> from symmetric.numeric.codegen import module_source
>>> "def f_beta(P, R, *, validate=True, threads=None):" in module_source("f_beta", fixed={"beta": 2.0})
True
"""

from ..generate.kernels import module_source, supported

__all__ = ["module_source", "supported"]
