"""Warnings and errors that scikit-learn's filters and ``except`` clauses catch, without importing scikit-learn.

symmetric's :class:`~symmetric.metrics.UndefinedMetricWarning` and
:class:`~symmetric.InvalidParameterError` are its own classes, with the
bases of scikit-learn's classes of the same names (``UserWarning``;
``ValueError`` and ``TypeError``). Code written for scikit-learn filters or
catches *scikit-learn's* classes (``pytest.warns(UndefinedMetricWarning)``,
``warnings.filterwarnings(category=...)``, a ``-W`` option, a pytest
``filterwarnings`` mark), so the warning and the error must be instances of
those too.

Importing scikit-learn costs about a second (it loads SciPy), so
``import symmetric.metrics`` never does. It does not need to: a filter or an
``except`` clause naming scikit-learn's class can only exist once that class
has been imported. So when a warning is issued or an error raised,
:func:`compatible` looks in ``sys.modules``: if scikit-learn's class is
loaded, the warning or error is issued with a class derived from both
symmetric's and scikit-learn's (made once, cached; same name), so filters on
either catch it; if not, with symmetric's own class. The derived class has
the module and name of symmetric's class (tracebacks look the same), and
its instances pickle as "symmetric's class, made compatible again in the
process that unpickles them".

>>> from symmetric.metrics._warnings import UndefinedMetricWarning
>>> import sklearn.exceptions
>>> category = compatible(UndefinedMetricWarning)
>>> issubclass(category, UndefinedMetricWarning), issubclass(category, sklearn.exceptions.UndefinedMetricWarning)
(True, True)
>>> category.__name__, compatible(UndefinedMetricWarning) is category
('UndefinedMetricWarning', True)
"""

from __future__ import annotations

import functools
import importlib
import sys
from typing import Any

__all__ = ["compatible"]

#: symmetric's class name -> the module defining scikit-learn's class of the same name.
_COUNTERPARTS = {
    "UndefinedMetricWarning": "sklearn.exceptions",
    "InvalidParameterError": "sklearn.utils._param_validation",
}


def compatible(own: Any) -> Any:
    """``own``, or a class derived from ``own`` and scikit-learn's class of the same name if that is loaded.

    Typed ``Any``: the class returned has ``own``'s methods (``InvalidParameterError.of``).
    """
    theirs = getattr(sys.modules.get(_COUNTERPARTS[own.__name__]), own.__name__, None)
    if not isinstance(theirs, type) or issubclass(own, theirs):
        return own
    return _derived(own, theirs)


@functools.cache
def _derived(own: type, theirs: type) -> type:
    def __reduce__(self):
        return _rebuild, (own.__module__, own.__name__, self.args), self.__dict__ or None

    namespace = {
        "__module__": own.__module__,
        "__qualname__": own.__qualname__,
        "__doc__": own.__doc__,
        "__reduce__": __reduce__,
    }
    return type(own.__name__, (own, theirs), namespace)


def _rebuild(module: str, name: str, args: tuple):
    """An unpickled warning or error: an instance of ``compatible`` of symmetric's class, in this process."""
    return compatible(getattr(importlib.import_module(module), name))(*args)
