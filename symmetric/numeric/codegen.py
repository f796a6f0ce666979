"""Generate the source of the numeric functions: for the package, and as standalone modules.

:func:`module_source` assembles, from the rewrites of
:mod:`symmetric.numeric.rewrites`, one Python module holding the generated
parameter stage (double-double, :mod:`symmetric.numeric._dd`), the generated
float64 kernels and one public function per family, all run by
:mod:`symmetric.numeric._runtime`. A standalone module (``symmetric codegen``)
holds a copy of ``_dd`` and ``_runtime`` and imports only numpy; the package's
own module, ``symmetric/numeric/_generated.py``, imports them instead. It is
committed, so that the first call of a numeric function does not wait for
SymPy; regenerate it after changing the rewrites or the families with::

    python -m symmetric.numeric.codegen

(``--check`` only reports whether the committed file is current). Both kinds
of module run the same code, so their results agree bit for bit.

>>> src = module_source("f_beta", fixed={"beta": 2.0})
>>> "def f_beta(P, R, *, validate=True):" in src, "import sympy" in src
(True, False)
"""

from __future__ import annotations

import argparse
import functools
import inspect
import math
from pathlib import Path

import sympy
from sympy.printing.str import StrPrinter

from .. import __version__
from .._validation import InvalidParameterError
from ..families import FAMILIES
from ..symbols import P, R
from .symbols import c_k, m, w_k
from . import _dd, _runtime
from .compile import _identifier, function_source
from .inplace import SCRATCH, inplace_function_source
from .rewrites import CONSTANTS, GEOMETRIC_TABLE, KERNELS, LOG_WEIGHTS, PARAMETERS, TABLE, TABLE_NEAR, plan

__all__ = ["module_source", "package_source", "supported", "main", "write_or_check", "GENERATOR", "PACKAGE_MODULE"]

#: Name and version of the generator, written into every generated module.
GENERATOR = f"symmetric {__version__}"
#: The package's generated module, committed to the repository.
PACKAGE_MODULE = Path(__file__).with_name("_generated.py")
#: The families the package's module defines.
PACKAGE_FAMILIES = ("g_beta_rho", "power_mean", "f_beta")

# kernel arguments that are arrays of the chunk's length (the constants are scalars when the parameters are)
_CHUNK_ARRAYS = {P, R, m, c_k, w_k}
assert SCRATCH == _runtime.SCRATCH, "the runtime allocates the scratch rows the kernels use"

_ERROR_CLASS = '''
class InvalidParameterError(ValueError, TypeError):
    """Bad input: the message names the parameter, the function, the allowed values and the value."""

    @classmethod
    def of(cls, param, func, allowed, got):
        return cls(f"The {param!r} parameter of {func} must be {allowed}. Got {got!r} instead.")
'''


class _DDPrinter(StrPrinter):
    """Python source evaluating an expression in double-double arithmetic (:mod:`symmetric.numeric._dd`).

    Symbols are converted with ``_dd`` (float64 arrays get a zero low part);
    ``+ - * /`` and integer powers use the operators of ``_DD``; exp, log and
    their relatives call the double-double primitives; a condition compares
    the float64 values; a Piecewise becomes ``_dd_select`` (a branch is
    evaluated only if some element takes it).
    """

    _FUNCTIONS = {"exp": "_dd_exp", "log": "_dd_log", "log1p": "_dd_log1p", "expm1": "_dd_expm1",
                  "softplus": "_dd_softplus", "logaddexp": "_dd_logaddexp"}

    def __init__(self):
        super().__init__()
        self.booleans = set()  # names of common subexpressions that hold conditions

    def _print_Symbol(self, expr):
        return expr.name if expr.name in self.booleans else f"_dd({expr.name})"

    def _print_Integer(self, expr):
        return f"_dd({int(expr)}.0)"

    def _print_Rational(self, expr):
        return f"(_dd({expr.p}.0) / {expr.q}.0)"

    def _print_Float(self, expr):
        return f"_dd({float(expr)!r})"

    def _print_NaN(self, expr):
        return "_dd(numpy.nan)"

    def _print_Pow(self, expr, rational=False):
        if not expr.exp.is_Integer:
            raise NotImplementedError(f"double-double powers need an integer exponent: {expr}")
        return f"({self._print(expr.base)})**{int(expr.exp)}"

    def _print_Function(self, expr):
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

    def _print_Relational(self, expr):
        if not expr.rhs.is_number:
            raise NotImplementedError(f"a double-double condition compares with a number: {expr}")
        return f"({self._print(expr.lhs)}).hi {expr.rel_op} {float(expr.rhs)!r}"


def _names(args):
    names = {s: sympy.Symbol(_identifier(s, i)) for i, s in enumerate(args)}
    assert len({n.name for n in names.values()}) == len(args), args
    return names


def dd_function_source(name: str, args, outputs: dict) -> str:
    """Source of ``name(*args)`` returning ``{name: double-double value}`` for ``outputs`` (the value if only one)."""
    names = _names(args)
    exprs = [sympy.sympify(e).xreplace(names) for e in outputs.values()]
    subs, reduced = sympy.cse(exprs, symbols=sympy.numbered_symbols("_x"))
    printer = _DDPrinter()
    lines = [f"def {name}({', '.join(n.name for n in names.values())}):"]
    for sym, value in subs:
        if isinstance(value, sympy.logic.boolalg.Boolean):
            printer.booleans.add(sym.name)
        lines.append(f"    {sym} = {printer.doprint(value)}")
    keys = [_identifier(s, 0) for s in outputs]
    if len(keys) == 1:
        lines.append(f"    return {printer.doprint(reduced[0])}")
    else:
        values = ", ".join(f'"{key}": {printer.doprint(v)}' for key, v in zip(keys, reduced))
        lines.append(f"    return {{{values}}}")
    return "\n".join(lines) + "\n"


def supported() -> list[str]:
    """Registered families that read as weighted power means."""
    out = []
    for name in FAMILIES:
        try:
            plan(name)
        except ValueError:
            continue
        out.append(name)
    return out


def _kernel_args(expr):
    constants = sorted(expr.free_symbols - {P, R}, key=lambda s: s.name)
    return (P, R, *constants)


def _stage_args(outputs: dict):
    free = set().union(*(sympy.sympify(e).free_symbols for e in outputs.values()))
    return tuple(sorted(free, key=lambda s: s.name))


@functools.lru_cache(maxsize=None)
def _common_source() -> str:
    parts = [function_source(f"_kernel_{key}", _kernel_args(expr), expr) if expr.has(sympy.Piecewise) else
             inplace_function_source(f"_kernel_{key}", _kernel_args(expr), expr, arrays=_CHUNK_ARRAYS)
             for key, expr in KERNELS.items()]
    parts.append("_KERNELS = {" + ", ".join(f'"{key}": _kernel_{key}' for key in KERNELS) + "}\n")
    constants = {**LOG_WEIGHTS, **CONSTANTS}
    for key, expr in constants.items():
        parts.append(dd_function_source(f"_constant_{key.name}", _stage_args({key: expr}), {key: expr}))
    parts.append("_CONSTANTS = {" + ", ".join(f'"{key.name}": _constant_{key.name}' for key in constants) + "}\n")
    tables = {f"table_{form}": outputs for form, outputs in TABLE.items()}
    tables["table_is_near"] = {sympy.Symbol("near"): TABLE_NEAR}
    tables["geometric_table"] = GEOMETRIC_TABLE
    for name, outputs in tables.items():
        parts.append(dd_function_source(f"_{name}", _stage_args(outputs), outputs))
    parts.append('_COMMON = {"kernels": _KERNELS, "constants": _CONSTANTS, '
                 + ", ".join(f'"{name}": _{name}' for name in tables) + "}\n")
    return "\n\n".join(parts)


@functools.lru_cache(maxsize=None)
def _family_source(name: str) -> str:
    p = plan(name)
    names = _names(p.parameters)
    parts, branches = [], []
    for i, b in enumerate(p.branches):
        parts.append(function_source(f"_condition_{name}_{i}", p.parameters, b.condition))
        parts.append(dd_function_source(f"_parameters_{name}_{i}", p.parameters, b.parameters()))
        branches.append(f"(_condition_{name}_{i}, _parameters_{name}_{i})")
    parts.append(f"_FAMILY_{name} = _Family({name!r}, {tuple(n.name for n in names.values())!r}, "
                 f"({', '.join(branches)},), _COMMON)\n")
    assert [_identifier(s, 0) for s in PARAMETERS] == list(_runtime._PARAMETERS), "the runtime's parameter stage"
    assert set(PARAMETERS) == set(p.branches[0].parameters()), "the runtime expects phi, lambda and mu per branch"
    return "\n\n".join(parts)


def _docstring(name: str, fixed: dict) -> str:
    p = plan(name)
    free = [s.name for s in p.parameters if s.name not in fixed]
    lines = [
        f"{FAMILIES[name].summary} of precision P and recall R, generated by {GENERATOR}.",
        "",
        f"    Formula: {p.formula()}",
    ]
    if fixed:
        lines.append("    Fixed: " + ", ".join(f"{key} = {value!r}" for key, value in fixed.items()))
    lines += [
        "",
        f"    Arguments P, R{''.join(', ' + f for f in free)} broadcast like NumPy arrays; the result is float64.",
        "    Where P or R is 0 the value is the formula's limit. Bad input raises InvalidParameterError",
        "    (a ValueError); validate=False skips the checks for trusted input.",
        "    ",
    ]
    return "\n".join(lines)


def _public_source(name: str, fixed: dict) -> str:
    p = plan(name)
    names = [s.name for s in p.parameters]
    free = [n for n in names if n not in fixed]
    values = ", ".join(repr(fixed[n]) if n in fixed else n for n in names)
    signature = ", ".join(["P", "R", *free, "*", "validate=True"])
    return (f"def {name}({signature}):\n"
            f'    """{_docstring(name, fixed)}"""\n'
            f"    return _evaluate(_FAMILY_{name}, P, R, ({values},), validate, InvalidParameterError)\n")


def _check_fixed(name: str, fixed: dict) -> dict:
    names = [s.name for s in plan(name).parameters]
    out = {}
    for key, value in fixed.items():
        if key not in names:
            raise InvalidParameterError.of(key, f"codegen {name}", f"one of its parameters {names}", value)
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            raise InvalidParameterError.of(key, f"codegen {name}", "a finite real number", value)
        if key in ("beta", "gamma") and not value > 0:
            raise InvalidParameterError.of(key, f"codegen {name}", "a finite number > 0", value)
        out[key] = float(value)
    return out


def _body(module) -> str:
    """The source of ``module`` after its docstring, without its imports (numpy and the package's modules)."""
    lines = inspect.getsource(module).split('"""', 2)[2].splitlines()
    return "\n".join(line for line in lines if not line.startswith(("import numpy", "from ._"))).strip("\n") + "\n"


def module_source(names, *, fixed=None, standalone: bool = True) -> str:
    """Source of a module defining the numeric function(s) ``names``.

    Parameters
    ----------
    names : str or sequence of str
        Registered families (see :func:`supported`).
    fixed : dict, optional
        Parameter values to fix (dropped from the signature). Only with one name.
    standalone : bool, default True
        Copy the runtime (:mod:`symmetric.numeric._dd`, :mod:`symmetric.numeric._runtime`)
        and the error class into the module, which then imports only numpy; otherwise
        import them from the package (the form of ``symmetric/numeric/_generated.py``).
    """
    names = [names] if isinstance(names, str) else list(names)
    for n in names:
        if n not in supported():
            raise InvalidParameterError.of("name", "codegen", f"one of {supported()}", n)
    fixed = dict(fixed or {})
    if fixed and len(names) != 1:
        raise InvalidParameterError.of("fixed", "codegen", "given with a single family name", fixed)
    fixed = _check_fixed(names[0], fixed) if fixed else {}
    header = (f'"""Numeric {", ".join(names)}: generated by {GENERATOR} from the symbolic definitions. Do not edit.\n\n'
              + "".join(f"{n}: {plan(n).formula()}\n" for n in names)
              + ("\nImports only numpy; results agree bit for bit with symmetric.numeric on the same machine.\n"
                 if standalone else
                 "\nRegenerate with `python -m symmetric.numeric.codegen` (tests/test_codegen.py fails when stale).\n")
              + '"""\n\nimport numpy\n')
    parts = [header]
    if standalone:
        parts.append(_ERROR_CLASS)
        parts.append("# --- double-double arithmetic (symmetric/numeric/_dd.py) ---\n" + _body(_dd))
        parts.append("# --- runtime (symmetric/numeric/_runtime.py) ---\n" + _body(_runtime))
    else:
        parts.append("from .._validation import InvalidParameterError\n"
                     f"from ._dd import {', '.join(_dd.__all__)}\n"
                     "from ._runtime import _Family, _evaluate, _pow, _piecewise\n")
    parts.append("# --- kernels and parameter stages generated from symmetric.numeric.rewrites ---\n" + _common_source())
    for n in names:
        parts.append(f"# --- {n} ---\n" + _family_source(n))
        parts.append(_public_source(n, fixed))
    parts.append(f"__all__ = {names!r}\n")
    return "\n\n".join(parts)


@functools.lru_cache(maxsize=1)
def package_source() -> str:
    """The source of ``symmetric/numeric/_generated.py``, the package's numeric functions."""
    return module_source(PACKAGE_FAMILIES, standalone=False)


def main(argv=None) -> int:
    """``python -m symmetric.numeric.codegen [--check]``: write (or check) the package's generated module."""
    parser = argparse.ArgumentParser(prog="python -m symmetric.numeric.codegen", description=main.__doc__)
    parser.add_argument("--check", action="store_true", help="exit with status 1 if the committed file is stale")
    args = parser.parse_args(argv)
    return write_or_check(PACKAGE_MODULE, package_source(), check=args.check)


def write_or_check(path: Path, source: str, *, check: bool) -> int:
    """Write ``source`` to ``path`` unless it holds it already; with ``check``, only say whether it does.

    Returns the exit status: 1 when ``check`` finds the file stale, else 0.
    """
    current = path.read_text(encoding="utf-8") if path.exists() else None
    if check:
        print(f"{path}: {'current' if current == source else 'stale'}")
        return 0 if current == source else 1
    if current != source:
        path.write_text(source, encoding="utf-8")
    print(f"wrote {path}" if current != source else f"{path} is current")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
