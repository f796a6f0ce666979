"""Compile a SymPy expression into NumPy source and a function.

The generated code is plain Python over NumPy: common subexpressions are
computed once (``sympy.cse``), ``Max``/``Min`` become ``numpy.maximum`` and
``numpy.minimum``, floats are printed so that they read back exactly, and
every ``Piecewise`` is evaluated branch by branch on the elements its
condition selects, so a branch never sees (and never warns about) values it
does not apply to.

>>> import numpy, sympy
>>> x = sympy.Symbol("x", real=True)
>>> f = compile(sympy.Piecewise((sympy.log(x) / x, x > 0), (0, True)), (x,))
>>> f(numpy.array([-1.0, 0.0, numpy.e]))          # log never sees -1 or 0: no warning
array([0.        , 0.        , 0.36787944])
>>> f.self_check(n=50).worst_ulp <= 2
True
"""

from __future__ import annotations

import functools
import keyword
from dataclasses import dataclass, field

import numpy
import sympy

from .._validation import InvalidParameterError
from . import _runtime

__all__ = ["compile", "CompiledFunction", "SelfCheck", "function_source"]


@functools.lru_cache(maxsize=None)
def _printer_class():
    """The NumPy printer with elementwise Max/Min and exact floats (SymPy's printers load on first use)."""
    from sympy.printing.numpy import NumPyPrinter

    class _Printer(NumPyPrinter):
        def __init__(self):
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
            raise NotImplementedError("Piecewise is compiled by function_source")

    return _Printer


def _identifier(symbol, index):
    name = symbol.name
    if name.isidentifier() and not name.startswith("_"):
        return name + "_" if keyword.iskeyword(name) else name
    return f"a{index}"


def function_source(name: str, args, expr) -> str:
    """Python source defining ``name(*args)`` that evaluates ``expr`` with NumPy.

    Helper functions for Piecewise branches are defined before it, named
    ``name`` plus a suffix.
    """
    args = tuple(args)
    names = {s: sympy.Symbol(_identifier(s, i)) for i, s in enumerate(args)}
    if len({n.name for n in names.values()}) != len(args):
        names = {s: sympy.Symbol(f"a{i}") for i, s in enumerate(args)}
    expr = sympy.sympify(expr).xreplace(names)
    params = ", ".join(n.name for n in names.values())
    return _emit(name, params, [names[s] for s in args], expr, _printer_class()())


def _emit(name, params, symbols, expr, printer) -> str:
    helpers = []
    outer = [pw for pw in expr.atoms(sympy.Piecewise)
             if not any(pw != other and other.has(pw) for other in expr.atoms(sympy.Piecewise))]
    replacements = {}
    for k, pw in enumerate(sorted(outer, key=sympy.default_sort_key)):
        pieces = []
        for j, (value, condition) in enumerate(pw.args):
            vname, cname = f"{name}_p{k}v{j}", f"{name}_p{k}c{j}"
            helpers.append(_emit(vname, params, symbols, value, printer))
            helpers.append(_emit(cname, params, symbols, sympy.true if condition is sympy.true else condition, printer))
            pieces.append(f"({cname}, {vname})")
        placeholder = sympy.Symbol(f"_pw{k}")
        replacements[pw] = placeholder
        helpers.append(f"{name}_p{k} = ({', '.join(pieces)},)")
    body = expr.xreplace(replacements)
    lines = [f"def {name}({params}):"]
    for k, placeholder in enumerate(replacements.values()):
        lines.append(f"    {placeholder} = _piecewise({name}_p{k}, ({params},))")
    if body is sympy.true or body is sympy.false:
        lines.append(f"    return {body is sympy.true}")
    else:
        subs, (reduced,) = sympy.cse(body, symbols=sympy.numbered_symbols("_x"), list=True)
        for sym, value in subs:
            lines.append(f"    {sym} = {printer.doprint(value)}")
        lines.append(f"    return {printer.doprint(reduced)}")
    return "\n\n".join(helpers + ["\n".join(lines)]) + "\n"


def namespace() -> dict:
    """The globals generated code runs in: numpy and the runtime primitives."""
    ns = {"numpy": numpy, "InvalidParameterError": InvalidParameterError}
    for key in _runtime.__all__:
        ns[key] = getattr(_runtime, key)
    return ns


@dataclass(frozen=True)
class SelfCheck:
    """Worst error of a compiled function against mpmath at random points."""

    worst_ulp: float
    median_ulp: float
    worst_point: dict
    points: int
    nonfinite: int = 0

    def __str__(self):
        return (f"{self.points} points: worst {self.worst_ulp:.3g} ULP at {self.worst_point}, "
                f"median {self.median_ulp:.3g} ULP, {self.nonfinite} non-finite")


@dataclass
class CompiledFunction:
    """A NumPy function compiled from ``expr``; call it with arrays or numbers in the order of ``args``."""

    expr: sympy.Expr
    args: tuple
    source: str
    function: object = field(repr=False)
    report: SelfCheck | None = None

    def __call__(self, *values):
        with numpy.errstate(all="ignore"):
            out = self.function(*[numpy.asarray(v, dtype=float) for v in values])
        return numpy.asarray(out, dtype=float)[()] if numpy.ndim(out) == 0 else numpy.asarray(out, dtype=float)

    def self_check(self, *, n: int = 200, seed: int = 0, dps: int = 50) -> SelfCheck:
        """Compare with mpmath at ``n`` random points of the symbols' domains; the worst error in ULP.

        Positive symbols are drawn log-uniformly from [1e-3, 1] for P and R
        and [1e-2, 1e2] otherwise; real symbols uniformly from [-10, 10].
        """
        import mpmath

        rng = numpy.random.default_rng(seed)
        columns = []
        for s in self.args:
            if s.is_positive:
                lo = -3 if s.name in ("P", "R") else -2
                hi = 0 if s.name in ("P", "R") else 2
                columns.append(10.0 ** rng.uniform(lo, hi, n))
            else:
                columns.append(rng.uniform(-10, 10, n))
        got = numpy.broadcast_to(self(*columns), (n,))
        exact = sympy.lambdify(self.args, self.expr, modules="mpmath")
        errors, worst_point, nonfinite = [], {}, 0
        with mpmath.workdps(dps):
            for i in range(n):
                try:
                    value = exact(*[mpmath.mpf(float(c[i])) for c in columns])
                    true = float(mpmath.re(value)) if mpmath.im(value) == 0 else numpy.nan
                except (ZeroDivisionError, ValueError, OverflowError):
                    true = numpy.nan
                if not numpy.isfinite(true):
                    continue
                if not numpy.isfinite(got[i]):
                    nonfinite += 1
                    continue
                err = abs(got[i] - true) / numpy.spacing(abs(true)) if true != 0 else abs(got[i]) / numpy.spacing(0.0)
                if not errors or err > max(errors):
                    worst_point = {s.name: float(c[i]) for s, c in zip(self.args, columns)}
                errors.append(err)
        errs = numpy.array(errors) if errors else numpy.array([numpy.nan])
        self.report = SelfCheck(float(errs.max()), float(numpy.median(errs)), worst_point, len(errors), nonfinite)
        return self.report


def compile(expr, args, *, check: bool = False, name: str = "compiled") -> CompiledFunction:  # noqa: A001
    """Compile ``expr`` into a NumPy function of ``args``.

    Parameters
    ----------
    expr : sympy.Expr
        An expression in the symbols ``args`` (P, R and parameters).
    args : sequence of sympy.Symbol
        The arguments of the compiled function, in order.
    check : bool, default False
        Run :meth:`CompiledFunction.self_check` and keep its report in ``.report``.
    name : str
        Name of the generated function (a Python identifier).

    Returns
    -------
    CompiledFunction
        Callable with NumPy broadcasting; ``.source`` holds the generated code.

    Examples
    --------
    >>> from symmetric import P, R, f_beta
    >>> from symmetric.symbols import beta
    >>> f = compile(f_beta(), (P, R, beta))
    >>> float(f(0.5, 0.25, 1.0))
    0.3333333333333333
    """
    if not isinstance(expr, sympy.Basic) or isinstance(expr, (sympy.logic.boolalg.Boolean,)) and not isinstance(expr, sympy.Expr):
        raise InvalidParameterError.of("expr", "compile", "a SymPy expression", expr)
    args = tuple(args)
    if not all(isinstance(a, sympy.Symbol) for a in args):
        raise InvalidParameterError.of("args", "compile", "a sequence of SymPy symbols", args)
    missing = expr.free_symbols - set(args)
    if missing:
        raise InvalidParameterError.of("args", "compile", f"a sequence of symbols including {sorted(map(str, missing))}", args)
    if not name.isidentifier() or keyword.iskeyword(name):
        raise InvalidParameterError.of("name", "compile", "a Python identifier", name)
    source = function_source(name, args, expr)
    ns = namespace()
    exec(source, ns)  # noqa: S102 - source generated from a SymPy expression, never from user text
    out = CompiledFunction(expr, args, source, ns[name])
    if check:
        out.self_check()
    return out
