"""What a worker sends the parent: pickled so that SymPy expressions come back as they were, not evaluated again.

A plain pickle rebuilds a SymPy expression by calling its class on its
arguments, which evaluates it once more: the parent of ``symmetric verify``
spent about 0.5 CPU s (of its 1.8) re-deriving, from the built claims the
workers send back, expressions the workers had already evaluated (``Pow``
and ``Abs`` asking their arguments' assumptions, mostly), while the workers
wanted both cores. :func:`dumps` pickles the nodes whose unevaluated
constructor keeps the arguments exactly as given (sums, products, powers,
the relations, and applied functions whose constructor is SymPy's
``Function`` one) as a call of that constructor with ``evaluate=False``:
the same class with the same arguments, hence the same expression, equal
and with the same printed form. Every other object (symbols, numbers,
``Integral``, ``Piecewise``, ...: their constructors rework the arguments
even unevaluated) pickles as usual.

>>> import sympy
>>> x = sympy.Symbol("x", positive=True)
>>> e = sympy.Abs(x - 1) ** 2 + sympy.exp(-x) / 3
>>> back = loads(dumps(e))
>>> back == e, sympy.srepr(back) == sympy.srepr(e)
(True, True)

The trap: a node built unevaluated in the first place stays so (a plain
pickle would evaluate it on the way).

>>> u = sympy.Mul(2, sympy.Integer(3), evaluate=False)
>>> loads(dumps(u)), pickle.loads(pickle.dumps(u))
(2*3, 6)
"""

from __future__ import annotations

import io
import pickle

import sympy
from sympy.core import function as _function

__all__ = ["dumps", "loads"]

#: The relations, whose ``evaluate=False`` constructor keeps ``(lhs, rhs)`` as given.
_RELATIONS = (sympy.Eq, sympy.Ne, sympy.Lt, sympy.Le, sympy.Gt, sympy.Ge)

#: SymPy's constructors of applied functions (``DefinedFunction``'s, where this SymPy has one, and
#: ``Function``'s): with evaluate=False they keep the arguments as given.
_FUNCTION_CONSTRUCTORS = tuple(
    vars(k)["__new__"] for k in (getattr(_function, "DefinedFunction", None), sympy.Function) if k is not None
)

_AS_BUILT: dict[type, bool] = {}


def _as_built(cls: type) -> bool:
    """Whether ``cls(*args, evaluate=False)`` rebuilds a node of class ``cls`` from its ``args`` exactly."""
    known = _AS_BUILT.get(cls)
    if known is None:
        if cls in (sympy.Add, sympy.Mul, sympy.Pow) or cls in _RELATIONS:
            known = True
        elif issubclass(cls, sympy.Function) and not issubclass(cls, _function.AppliedUndef):
            constructor = next(vars(k)["__new__"] for k in cls.__mro__ if "__new__" in vars(k))
            known = constructor in _FUNCTION_CONSTRUCTORS
        else:
            known = False
        _AS_BUILT[cls] = known
    return known


def _unevaluated(cls: type, args: tuple):
    return cls(*args, evaluate=False)


class _Pickler(pickle.Pickler):
    def reducer_override(self, obj):
        cls = type(obj)
        if isinstance(obj, sympy.Basic) and _as_built(cls):
            return _unevaluated, (cls, obj.args)
        return NotImplemented


def dumps(obj) -> bytes:
    """``obj`` pickled, its SymPy expressions to be rebuilt without evaluation where that keeps them exact."""
    buffer = io.BytesIO()
    _Pickler(buffer, protocol=pickle.HIGHEST_PROTOCOL).dump(obj)
    return buffer.getvalue()


def loads(blob: bytes):
    """The object :func:`dumps` pickled."""
    return pickle.loads(blob)
