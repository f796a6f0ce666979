"""The one code emitter of :mod:`symmetric.numeric`: SymPy expressions to Python source over NumPy.

:func:`function_source` writes ``def name(*args)`` for an expression, in one
of three forms that share the naming of arguments, the common subexpressions
(``sympy.cse``, each computed once) and the layout of the function:

* ``"numpy"``: plain NumPy expressions; ``Max``/``Min`` become
  ``numpy.maximum``/``numpy.minimum``, floats read back exactly, and each
  ``Piecewise`` is evaluated branch by branch (``_piecewise``) on the elements
  its condition selects, so a branch never sees values it does not apply to;
* ``"inplace"``: the same operations in the same order (so the same
  roundings), each a ufunc call writing into ``out`` or a row of ``scratch``
  (at most :data:`symmetric.numeric._runtime.SCRATCH` rows, each reused as
  soon as its value is dead): kernels on chunks allocate nothing;
* ``"double-double"``: the expression, or a dict of named outputs, in
  double-double arithmetic (:mod:`symmetric.numeric._dd`);
* ``"array-api"``: the same expression over the functions of the Python
  Array API standard, for the portable kernels: a first argument ``xp``
  (the array namespace), operators for ``+ - * / **`` (which take Python
  scalars), ``xp.exp``/``xp.log``/``xp.log1p``/``xp.expm1``, ``_maximum``/
  ``_minimum`` (scalars lifted to arrays) and ``Piecewise`` as ``_where``
  (a Python conditional where the condition is a scalar).

The emitted code names the runtime's primitives (``_pow``, ``_piecewise``,
``_dd``, ...) and ``numpy``; the module that holds it imports them.

>>> from symmetric import P, R
>>> print(function_source("f", (P, R), sympy.exp(P / R) * R + 1, form="inplace", arrays={P, R}))
def f(P, R, out, scratch):
    numpy.true_divide(P, R, out=scratch[0])
    numpy.exp(scratch[0], out=scratch[0])
    numpy.multiply(R, scratch[0], out=out)
    numpy.add(out, (1), out=out)
    return out
<BLANKLINE>
>>> print(function_source("g", (P, R), sympy.Max(P, R) / 2))
def g(P, R):
    return (1/2)*numpy.maximum(P, R)
<BLANKLINE>
"""

from __future__ import annotations

import functools
import keyword
import re

import sympy
from sympy.codegen.cfunctions import expm1, log1p
from sympy.printing.str import StrPrinter

from ..numeric._runtime import SCRATCH

__all__ = ["function_source", "names", "FORMS"]

#: The forms :func:`function_source` writes.
FORMS = ("numpy", "inplace", "double-double", "array-api")


def _identifier(symbol, index):
    name = symbol.name
    if name.isidentifier() and not name.startswith("_"):
        return name + "_" if keyword.iskeyword(name) else name
    return f"a{index}"


def names(args) -> dict:
    """The Python name of each argument: its own name if that is an identifier, else ``a<index>``."""
    args = tuple(args)
    out = {s: sympy.Symbol(_identifier(s, i)) for i, s in enumerate(args)}
    if len({n.name for n in out.values()}) != len(args):
        out = {s: sympy.Symbol(f"a{i}") for i, s in enumerate(args)}
    return out


def function_source(name: str, args, expr, *, form: str = "numpy", arrays=(), checked=()) -> str:
    """Python source defining ``name(*args)`` that evaluates ``expr``.

    Parameters
    ----------
    name : str
        The function's name; helpers (Piecewise branches) get it as a prefix.
    args : sequence of sympy.Symbol
        The arguments, in order (see :func:`names`).
    expr : sympy.Expr, or dict
        The expression; for ``form="double-double"`` also a dict
        ``{symbol: expression}``, and the function returns ``{name: value}``
        (the value alone for a single output).
    form : {"numpy", "inplace", "double-double"}
        See the module docstring. ``"inplace"`` adds the arguments ``out``
        and ``scratch`` and returns ``out``.
    arrays : set of sympy.Symbol
        For ``"inplace"``: the arguments that are arrays of the chunk's shape
        (the others may be scalars, and expressions in them only are
        evaluated as ordinary expressions).
    checked : sequence of sympy.Symbol
        For ``"inplace"``: arguments handed to a last argument ``check``
        right after the statement that reads each of them last (at the start
        for one the expression does not read), while its chunk is still in
        cache: the runtime validates the input there.
    """
    if form not in FORMS:
        raise ValueError(f"form must be one of {FORMS}, not {form!r}")
    named = names(args)
    params = [n.name for n in named.values()]
    if form == "double-double":
        outputs = dict(expr) if isinstance(expr, dict) else None
        exprs = [sympy.sympify(e).xreplace(named) for e in (outputs.values() if outputs else [expr])]
        keys = [_identifier(s, 0) for s in outputs] if outputs and len(outputs) > 1 else None
        return _double_double(name, params, exprs, keys)
    if form == "array-api":
        if isinstance(expr, dict):
            return _array_api(name, params, {key: sympy.sympify(e).xreplace(named) for key, e in expr.items()})
        return _array_api(name, params, sympy.sympify(expr).xreplace(named))
    expr = sympy.sympify(expr).xreplace(named)
    if form == "inplace":
        if expr.has(sympy.Piecewise):
            raise NotImplementedError("a Piecewise has no in-place form: emit it with form='numpy'")
        return _inplace(name, params, expr, {named[a] for a in arrays if a in named}, [named[a].name for a in checked])
    return _numpy(name, ", ".join(params), expr)


def _cse(exprs):
    return sympy.cse(exprs, symbols=sympy.numbered_symbols("_x"), list=True)


def _layout(name, params, lines):
    return "\n".join([f"def {name}({', '.join(params)}):", *(f"    {line}" for line in lines)]) + "\n"


@functools.cache
def printer_class():
    """The NumPy printer with elementwise Max/Min and exact floats (SymPy's printers load on first use)."""
    from sympy.printing.numpy import NumPyPrinter

    class _Printer(NumPyPrinter):
        def __init__(self) -> None:
            super().__init__({"fully_qualified_modules": True, "inline": True, "allow_unknown_functions": False})

        def _print_Max(self, expr):
            return self._nest("numpy.maximum", expr.args)

        def _print_Min(self, expr):
            return self._nest("numpy.minimum", expr.args)

        def _nest(self, func, args):
            text = self._print(args[0])
            for a in args[1:]:
                text = f"{func}({text}, {self._print(a)})"
            return text

        def _print_Float(self, expr):
            return repr(float(expr))

        def _print_Pow(self, expr, rational=False):
            e = expr.exp
            if e.is_Integer or e in (sympy.S.Half, -sympy.S.Half):
                return super()._print_Pow(expr, rational=rational)
            return f"_pow({self._print(expr.base)}, {self._print(e)})"

        def _print_Piecewise(self, expr):  # pragma: no cover - extracted before printing
            raise NotImplementedError("Piecewise is emitted as helpers by function_source")

    return _Printer


# --- form "numpy" ---


def _numpy(name, params, expr) -> str:
    printer = printer_class()()
    helpers = []
    outer = [
        pw
        for pw in expr.atoms(sympy.Piecewise)
        if not any(pw != other and other.has(pw) for other in expr.atoms(sympy.Piecewise))
    ]
    replacements = {}
    for k, pw in enumerate(sorted(outer, key=sympy.default_sort_key)):
        pieces = []
        for j, (value, condition) in enumerate(pw.args):
            vname, cname = f"{name}_p{k}v{j}", f"{name}_p{k}c{j}"
            helpers.append(_numpy(vname, params, value))
            helpers.append(_numpy(cname, params, sympy.true if condition is sympy.true else condition))
            pieces.append(f"({cname}, {vname})")
        replacements[pw] = sympy.Symbol(f"_pw{k}")
        helpers.append(f"{name}_p{k} = ({', '.join(pieces)},)")
    body = expr.xreplace(replacements)
    lines = [
        f"{placeholder} = _piecewise({name}_p{k}, ({params},))" for k, placeholder in enumerate(replacements.values())
    ]
    if body is sympy.true or body is sympy.false:
        lines.append(f"return {body is sympy.true}")
    else:
        subs, (reduced,) = _cse([body])
        lines += [f"{sym} = {printer.doprint(value)}" for sym, value in subs]
        lines.append(f"return {printer.doprint(reduced)}")
    return "\n\n".join(helpers + [_layout(name, [params], lines).rstrip("\n")]) + "\n"


# --- form "inplace" ---

_UFUNCS = {sympy.exp: "numpy.exp", sympy.log: "numpy.log", log1p: "numpy.log1p", expm1: "numpy.expm1"}


def _inplace(name, params, expr, arrays, checked=()) -> str:
    emitter = _InPlace(arrays, printer_class()())
    subs, (reduced,) = _cse([expr])
    for sym, value in subs:
        if emitter.is_array(value):
            emitter.cse[sym] = emitter.emit(value, emitter.slot())
            emitter.arrays.add(sym)
        else:
            emitter.lines.append(f"{sym} = {emitter.printer.doprint(value)}")
    emitter.emit(reduced, "out")
    lines = emitter.lines
    for arg in checked:  # after the last statement that reads arg (they never write it), else first
        reads = [i for i, line in enumerate(lines) if re.search(rf"\b{arg}\b", line)]
        lines.insert(reads[-1] + 1 if reads else 0, f"check({arg})")
    return _layout(name, [*params, "out", "scratch", *(["check"] if checked else [])], [*lines, "return out"])


class _InPlace:
    """Statements writing each array operation into ``out`` or a free row of ``scratch``."""

    def __init__(self, arrays, printer) -> None:
        self.arrays, self.printer = set(arrays), printer
        self.lines: list[str] = []
        self.free = list(range(SCRATCH))
        self.owned: set = set()
        self.cse: dict = {}

    def is_array(self, expr):
        return bool(expr.free_symbols & self.arrays)

    def slot(self):
        if not self.free:
            raise NotImplementedError(f"an expression needs more than {SCRATCH} scratch rows")
        name = f"scratch[{self.free.pop(0)}]"
        self.owned.add(name)
        return name

    def release(self, operand) -> None:
        if self.temporary(operand):
            self.owned.discard(operand)
            self.free.insert(0, int(operand[8:-1]))

    def temporary(self, operand) -> bool:
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
            return self.fold(
                "numpy.maximum" if isinstance(expr, sympy.Max) else "numpy.minimum",
                sorted(expr.args, key=sympy.default_sort_key),
                out,
            )
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
        if e == -1:  # the base straight into out when out is given (elementwise, so 1/out in place is safe)
            return self.call("numpy.true_divide", ["1.0", self.first(base, out)], out)
        if e == 2:
            operand = self.emit(base)
            return self.call("numpy.multiply", [operand, operand], out)
        dst = out if out is not None else self.slot()
        operand = self.emit(base)
        self.lines.append(f"_pow({operand}, {self.emit(e)}, out={dst})")
        self.release(operand)
        return dst


# --- form "array-api" ---


def _array_api(name, params, expr) -> str:
    printer = _ArrayAPIPrinter()
    outputs = dict(expr) if isinstance(expr, dict) else None
    subs, reduced = _cse(list(outputs.values()) if outputs else [expr])
    lines = [f"{sym} = {printer.doprint(value)}" for sym, value in subs]
    if outputs is None:
        lines.append(f"return {printer.doprint(reduced[0])}")
    else:
        values = ", ".join(f'"{key}": {printer.doprint(v)}' for key, v in zip(outputs, reduced))
        lines.append(f"return {{{values}}}")
    return _layout(name, ["xp", *params], lines)


class _ArrayAPIPrinter(StrPrinter):
    """Python source over an Array API namespace ``xp`` (see the module docstring)."""

    _FUNCTIONS = {
        "exp": "xp.exp",
        "log": "xp.log",
        "log1p": "xp.log1p",
        "expm1": "xp.expm1",
        "Abs": "xp.abs",
        "sigmoid": "_sigmoid(xp, {})",
        "softplus": "_softplus(xp, {})",
    }

    def _print_Float(self, expr):
        return repr(float(expr))

    def _print_Relational(self, expr) -> str:
        return f"({self._print(expr.lhs)} {expr.rel_op} {self._print(expr.rhs)})"

    def _print_Rational(self, expr) -> str:
        return f"({expr.p}/{expr.q})"

    def _print_Function(self, expr):
        name = type(expr).__name__
        if name not in self._FUNCTIONS:
            raise NotImplementedError(f"no Array API form for {name}")
        func = self._FUNCTIONS[name]
        return func.format(self._print(expr.args[0])) if "{}" in func else f"{func}({self._print(expr.args[0])})"

    _print_exp = _print_log = _print_Abs = _print_Function

    def _print_Max(self, expr):
        return self._nest("_maximum", expr.args)

    def _print_Min(self, expr):
        return self._nest("_minimum", expr.args)

    def _nest(self, func, args):
        text = self._print(args[0])
        for a in args[1:]:
            text = f"{func}(xp, {text}, {self._print(a)})"
        return text

    def _print_Piecewise(self, expr):
        *pieces, (otherwise, condition) = expr.args
        if condition is not sympy.true:
            raise NotImplementedError("an Array API Piecewise needs a final True branch")
        text = self._print(otherwise)
        for value, cond in reversed(pieces):
            text = f"_where(xp, {self._print(cond)}, {self._print(value)}, {text})"
        return text


# --- form "double-double" ---


def _double_double(name, params, exprs, keys) -> str:
    subs, reduced = _cse(exprs)
    printer = _DDPrinter()
    lines = []
    for sym, value in subs:
        if isinstance(value, sympy.logic.boolalg.Boolean):
            printer.booleans.add(sym.name)
        lines.append(f"{sym} = {printer.doprint(value)}")
    if keys is None:
        lines.append(f"return {printer.doprint(reduced[0])}")
    else:
        values = ", ".join(f'"{key}": {printer.doprint(v)}' for key, v in zip(keys, reduced))
        lines.append(f"return {{{values}}}")
    return _layout(name, params, lines)


class _DDPrinter(StrPrinter):
    """Python source evaluating an expression in double-double arithmetic (:mod:`symmetric.numeric._dd`).

    Symbols are converted with ``_dd`` (float64 arrays get a zero low part);
    ``+ - * /`` and integer powers use the operators of ``_DD``; exp, log and
    their relatives call the double-double primitives; a condition compares
    the float64 values; a Piecewise becomes ``_dd_select`` (a branch is
    evaluated only if some element takes it).
    """

    _FUNCTIONS = {
        "exp": "_dd_exp",
        "log": "_dd_log",
        "log1p": "_dd_log1p",
        "expm1": "_dd_expm1",
        "softplus": "_dd_softplus",
        "logaddexp": "_dd_logaddexp",
    }

    def __init__(self) -> None:
        super().__init__()
        self.booleans: set[str] = set()  # names of common subexpressions that hold conditions

    def _print_Symbol(self, expr):
        return expr.name if expr.name in self.booleans else f"_dd({expr.name})"

    def _print_Integer(self, expr) -> str:
        return f"_dd({int(expr)}.0)"

    def _print_Rational(self, expr) -> str:
        return f"(_dd({expr.p}.0) / {expr.q}.0)"

    def _print_Float(self, expr) -> str:
        return f"_dd({float(expr)!r})"

    def _print_NaN(self, expr) -> str:
        return "_dd(numpy.nan)"

    def _print_Pow(self, expr, rational=False) -> str:
        if not expr.exp.is_Integer:
            raise NotImplementedError(f"double-double powers need an integer exponent: {expr}")
        return f"({self._print(expr.base)})**{int(expr.exp)}"

    def _print_Function(self, expr) -> str:
        name = type(expr).__name__
        if name == "log" and expr.args[0] == 2:
            return "_LN2"
        if name not in self._FUNCTIONS:
            raise NotImplementedError(f"no double-double primitive for {name}")
        return f"{self._FUNCTIONS[name]}({', '.join(self._print(a) for a in expr.args)})"

    _print_exp = _print_log = _print_Function

    def _print_Piecewise(self, expr):
        *pieces, (otherwise, condition) = expr.args
        if condition is not sympy.true:
            raise NotImplementedError("a double-double Piecewise needs a final True branch")
        text = self._print(otherwise)
        for value, cond in reversed(pieces):
            text = f"_dd_select({self._print(cond)}, lambda: {self._print(value)}, lambda: {text})"
        return text

    def _print_And(self, expr):
        return " & ".join(f"({self._print(c)})" for c in expr.args)

    def _print_Relational(self, expr) -> str:
        if not expr.rhs.is_number:
            raise NotImplementedError(f"a double-double condition compares with a number: {expr}")
        return f"({self._print(expr.lhs)}).hi {expr.rel_op} {float(expr.rhs)!r}"
