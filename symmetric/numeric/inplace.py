"""Compile a SymPy expression into NumPy ufunc calls that write into preallocated buffers.

The kernels of :mod:`symmetric.numeric` run on chunks of a few thousand
elements; written as plain expressions, every operation would allocate a
chunk-sized temporary, and whether the C allocator then serves those from a
warm heap or from fresh pages (``mmap``, heap trimming) changes their speed
threefold from one process to the next. The code generated here computes
the same operations in the same order (so the same roundings as the
expression), each into ``out`` or a row of ``scratch``, reusing a row as soon
as its value is dead.

>>> from symmetric import P, R
>>> print(inplace_function_source("f", (P, R), sympy.exp(P / R) * R + 1, arrays={P, R}))
def f(P, R, out, scratch):
    numpy.true_divide(P, R, out=scratch[0])
    numpy.exp(scratch[0], out=scratch[0])
    numpy.multiply(R, scratch[0], out=out)
    numpy.add(out, (1), out=out)
    return out
<BLANKLINE>
"""

from __future__ import annotations

import sympy
from sympy.codegen.cfunctions import expm1, log1p

from .compile import _identifier, _printer_class

__all__ = ["inplace_function_source", "SCRATCH"]

#: Rows of ``scratch`` a generated function may use.
SCRATCH = 6

_UFUNCS = {sympy.exp: "numpy.exp", sympy.log: "numpy.log", log1p: "numpy.log1p", expm1: "numpy.expm1"}


class _Emitter:
    def __init__(self, arrays, printer):
        self.arrays, self.printer = arrays, printer
        self.lines, self.free, self.owned, self.cse = [], list(range(SCRATCH)), set(), {}

    def is_array(self, expr):
        return bool(expr.free_symbols & self.arrays)

    def slot(self):
        if not self.free:
            raise NotImplementedError(f"an expression needs more than {SCRATCH} scratch rows")
        name = f"scratch[{self.free.pop(0)}]"
        self.owned.add(name)
        return name

    def release(self, operand):
        if self.temporary(operand):
            self.owned.discard(operand)
            self.free.insert(0, int(operand[8:-1]))

    def temporary(self, operand):
        return operand in self.owned and operand not in self.cse.values()

    def call(self, ufunc, operands, out):
        """One ufunc call, written to ``out``, else over a temporary operand (elementwise, so safe), else a new row."""
        dst = out if out is not None else next((o for o in operands if self.temporary(o)), None) or self.slot()
        self.lines.append(f"{ufunc}({', '.join(operands)}, out={dst})")
        for operand in operands:
            if operand != dst:
                self.release(operand)
        return dst

    def emit(self, expr, out=None):
        """Operand text for ``expr`` (a name, a scalar expression or a row); arrays are written to ``out`` if given."""
        if expr in self.cse:
            return self.copy(self.cse[expr], out)
        if not self.is_array(expr):
            return self.copy(f"({self.printer.doprint(expr)})" if not expr.is_Symbol else expr.name, out)
        if expr.is_Symbol:
            return self.copy(expr.name, out)
        if isinstance(expr, sympy.Add):
            return self.fold("numpy.add", expr.as_ordered_terms(), out)
        if isinstance(expr, sympy.Mul):
            return self.product(expr, out)
        if isinstance(expr, sympy.Pow):
            return self.power(expr, out)
        if isinstance(expr, (sympy.Max, sympy.Min)):
            return self.fold("numpy.maximum" if isinstance(expr, sympy.Max) else "numpy.minimum",
                             sorted(expr.args, key=sympy.default_sort_key), out)
        if type(expr) in _UFUNCS:
            return self.call(_UFUNCS[type(expr)], [self.first(expr.args[0], out)], out)
        raise NotImplementedError(f"no in-place form for {type(expr).__name__}")

    def copy(self, operand, out):
        if out is None:
            return operand
        self.lines.append(f"numpy.copyto({out}, {operand})")
        return out

    def first(self, expr, out):
        """The first operand of a chain: computed straight into ``out`` when it is itself a computation."""
        return self.emit(expr, out if self.is_array(expr) and not expr.is_Symbol and expr not in self.cse else None)

    def fold(self, ufunc, args, out):
        """``ufunc`` applied left to right, as Python evaluates ``a + b + c``."""
        acc = self.first(args[0], out)
        for arg in args[1:]:
            acc = self.call(ufunc, [acc, self.emit(arg)], out)
        return acc

    def product(self, expr, out):
        """A product as the printer writes it: the factors with positive powers, divided by the others."""
        coefficient, factors = expr.as_coeff_mul()
        factors = sympy.Mul(*factors).as_ordered_factors()
        numerator = [f for f in factors if not (f.is_Pow and f.exp.is_negative)]
        denominator = [1 / f for f in factors if f.is_Pow and f.exp.is_negative]
        if coefficient == -1 and not denominator:
            return self.call("numpy.negative", [self.first(sympy.Mul(*numerator), out)], out)
        if coefficient != 1:
            numerator.insert(0, coefficient)
        if not denominator:
            return self.fold("numpy.multiply", numerator, out)
        top = self.first(sympy.Mul(*numerator), out) if numerator else "1.0"
        return self.call("numpy.true_divide", [top, self.emit(sympy.Mul(*denominator))], out)

    def power(self, expr, out):
        base, e = expr.args
        if e == -1:
            return self.call("numpy.true_divide", ["1.0", self.emit(base)], out)
        if e == 2:
            operand = self.emit(base)
            return self.call("numpy.multiply", [operand, operand], out)
        dst = out if out is not None else self.slot()
        operand = self.emit(base)
        self.lines.append(f"_pow({operand}, {self.emit(e)}, out={dst})")
        self.release(operand)
        return dst


def inplace_function_source(name: str, args, expr, *, arrays) -> str:
    """Source of ``name(*args, out, scratch)``: ``expr`` computed with ufuncs into ``out``, which it returns.

    ``arrays`` are the arguments that are arrays of the chunk's shape (the
    others may be scalars); ``scratch`` must have at least :data:`SCRATCH`
    rows of that shape. Subexpressions of scalars only are evaluated as
    ordinary expressions.
    """
    args = tuple(args)
    names = {s: sympy.Symbol(_identifier(s, i)) for i, s in enumerate(args)}
    expr = sympy.sympify(expr).xreplace(names)
    emitter = _Emitter({names[a] for a in arrays if a in names}, _printer_class()())
    subs, (reduced,) = sympy.cse(expr, symbols=sympy.numbered_symbols("_x"), list=True)
    for sym, value in subs:
        if emitter.is_array(value):
            emitter.cse[sym] = emitter.emit(value, emitter.slot())
            emitter.arrays.add(sym)
        else:
            emitter.lines.append(f"{sym} = {emitter.printer.doprint(value)}")
    emitter.emit(reduced, "out")
    params = ", ".join([*(n.name for n in names.values()), "out", "scratch"])
    return "\n".join([f"def {name}({params}):", *(f"    {line}" for line in emitter.lines), "    return out"]) + "\n"
