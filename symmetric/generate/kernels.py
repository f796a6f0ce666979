"""Generate the numeric kernels' module: the package's ``symmetric/numeric/_generated.py``, and standalone modules.

:func:`module_source` assembles, from the rewrites of
:mod:`symmetric.generate.rewrites` and with the one emitter of
:mod:`symmetric.generate.emit`, one Python module holding the generated
parameter stage (double-double), the generated float64 kernels and one public
function per family. They run on the runtime, :data:`RUNTIME`
(:mod:`symmetric._validation`, :mod:`symmetric.numeric._dd`,
:mod:`symmetric.numeric._runtime`; NumPy only), which the generated code
calls explicitly: every generated stage function is declared with the names
of its arguments. A standalone module (``symmetric codegen``) embeds the
runtime's source files as they are and loads them as modules, so it imports
only numpy and the standard library; the package's own module,
``symmetric/numeric/_generated.py``, imports them instead. It is committed,
so that the first call of a numeric function does not wait for SymPy;
regenerate it after changing the rewrites or the families with
``python -m symmetric.generate`` (:mod:`symmetric.generate.files`). Both
kinds of module run the same code, so their results agree bit for bit.

>>> src = module_source("f_beta", fixed={"beta": 2.0})
>>> "def f_beta(P, R, *, validate=True, threads=None):" in src, "import sympy" in src
(True, False)
"""

from __future__ import annotations

import ast
import functools
import hashlib
import math
from pathlib import Path

import sympy

from .. import __version__, _validation
from .._constraints import Constraint, Interval, Options, Predicate, declare
from .._validation import InvalidParameterError
from ..numeric import _autodiff, _dd, _portable, _runtime, _torch_ops, backends, traced
from ..symbols import P, R, phi
from . import catalog, gradients
from .emit import function_source, names as _argument_names
from .rewrites import CONSTANTS, GEOMETRIC_TABLE, KERNELS, LOG_WEIGHTS, PARAMETERS, TABLE, TABLE_NEAR, plan
from .symbols import c_k, lam, m, w_k

__all__ = [
    "module_source",
    "package_source",
    "supported",
    "GENERATOR",
    "RUNTIME",
    "BACKENDS",
]

#: Name and version of the generator, written into every generated module.
GENERATOR = f"symmetric {__version__}"

#: The runtime: the modules generated code runs on, NumPy only, in the order they import each other.
#: Standalone modules embed their source files as they are; the package's module imports them.
RUNTIME = {
    "_validation": _validation,
    "_dd": _dd,
    "_runtime": _runtime,
    "backends": backends,
    "_portable": _portable,
    "traced": traced,
    "_torch_ops": _torch_ops,
    "_autodiff": _autodiff,
}
#: The backends of generated modules (``symmetric codegen --backend``), from the backend records.
BACKENDS = tuple(b.name for b in backends.BACKENDS if b.codegen)

# kernel arguments that are arrays of the chunk's length (the constants are scalars when the parameters are)
_CHUNK_ARRAYS = {P, R, m, c_k, w_k}


def supported() -> list[str]:
    """Registered families that read as weighted power means."""
    out = []
    for name in catalog.registered():
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


def _entry(name: str, args, extra=()) -> str:
    """A generated function with the names of its arguments, as the runtime calls it: ``(function, names)``."""
    return f"({name}, {tuple([n.name for n in _argument_names(args).values()] + list(extra))!r})"


@functools.cache
def _common_source() -> str:
    parts, kernels = [], []
    for key, expr in KERNELS.items():
        form = "numpy" if expr.has(sympy.Piecewise) else "inplace"
        checked = (P, R) if form == "inplace" else ()  # validated in the kernel, while each chunk is in cache
        parts.append(
            function_source(
                f"_kernel_{key}", _kernel_args(expr), expr, form=form, arrays=_CHUNK_ARRAYS, checked=checked
            )
        )
        kernels.append(
            f'"{key}": '
            + _entry(f"_kernel_{key}", _kernel_args(expr), ("out", "scratch", "check") if form == "inplace" else ())
        )
    parts.append("_KERNELS = {" + ", ".join(kernels) + "}\n")
    portable = []  # the same kernels over any Array API namespace (symmetric.numeric._portable runs them)
    for key, expr in KERNELS.items():
        parts.append(function_source(f"_portable_{key}", _kernel_args(expr), expr, form="array-api"))
        portable.append(f'"{key}": ' + _entry(f"_portable_{key}", _kernel_args(expr)))
    parts.append("_PORTABLE_KERNELS = {" + ", ".join(portable) + "}\n")
    # the partial derivatives of the power mean (symmetric.generate.gradients) and of the boundary value
    grad_args = (P, R, gradients.M, phi, lam, gradients.LOG_RATIO)
    parts.append(function_source("_portable_gradient", grad_args, gradients.GRADIENT, form="array-api"))
    # the partials in P and R alone, for calls differentiated in them only (a loss): the same forms, fewer of them
    in_pr = {key: gradients.GRADIENT[key] for key in ("P", "R")}
    pr_args = tuple(a for a in grad_args if a in set().union(*(e.free_symbols for e in in_pr.values())))
    parts.append(function_source("_portable_gradient_pr", pr_args, in_pr, form="array-api"))
    boundary = KERNELS["boundary"]
    edge = {"P": sympy.diff(boundary, P), "R": sympy.diff(boundary, R)}
    parts.append(function_source("_portable_boundary_gradient", _kernel_args(boundary), edge, form="array-api"))
    parts.append(
        f'_GRADIENTS = {{"gradient": {_entry("_portable_gradient", grad_args)}, '
        f'"gradient_pr": {_entry("_portable_gradient_pr", pr_args)}, '
        f'"boundary": {_entry("_portable_boundary_gradient", _kernel_args(boundary))}}}\n'
    )
    constants = {**LOG_WEIGHTS, **CONSTANTS}
    for key, expr in constants.items():
        parts.append(
            function_source(f"_constant_{key.name}", _stage_args({key: expr}), {key: expr}, form="double-double")
        )
    parts.append(
        "_CONSTANTS = {"
        + ", ".join(
            f'"{key.name}": ' + _entry(f"_constant_{key.name}", _stage_args({key: expr}))
            for key, expr in constants.items()
        )
        + "}\n"
    )
    tables = {f"table_{form}": outputs for form, outputs in TABLE.items()}
    tables["table_is_near"] = {sympy.Symbol("near"): TABLE_NEAR}
    tables["geometric_table"] = GEOMETRIC_TABLE
    for name, outputs in tables.items():
        parts.append(function_source(f"_{name}", _stage_args(outputs), outputs, form="double-double"))
    parts.append(
        '_COMMON = {"kernels": _KERNELS, "portable": _PORTABLE_KERNELS, "gradients": _GRADIENTS, '
        '"constants": _CONSTANTS, '
        + ", ".join(f'"{name}": ' + _entry(f"_{name}", _stage_args(outputs)) for name, outputs in tables.items())
        + "}\n"
    )
    return "\n\n".join(parts)


@functools.cache
def _family_source(name: str) -> str:
    p = plan(name)
    parts, branches = [], []
    for i, b in enumerate(p.branches):
        parts.append(function_source(f"_condition_{name}_{i}", p.parameters, b.condition))
        parts.append(function_source(f"_parameters_{name}_{i}", p.parameters, b.parameters(), form="double-double"))
        branches.append(f"(_condition_{name}_{i}, _parameters_{name}_{i})")
    factors = []  # per branch, per parameter: d phi / d theta and d lambda / d theta (symmetric.generate.gradients)
    for i, per_branch in enumerate(gradients.chain_factors(name)):
        row = []
        for theta, pair in zip(p.parameters, per_branch):
            pair_names = []
            for which, expr in zip(("phi", "lambda"), pair):
                fname = f"_factor_{name}_{i}_{theta.name}_{which}"
                parts.append(function_source(fname, p.parameters, expr))
                pair_names.append(fname)
            row.append(f"({', '.join(pair_names)})")
        factors.append(f"({', '.join(row)},)")
    domains = tuple(catalog.domain(s) for s in (P, R, *p.parameters))
    parts.append(
        f"_FAMILY_{name} = _Family({name!r}, {tuple(n.name for n in _argument_names(p.parameters).values())!r}, "
        f"({', '.join(branches)},), _COMMON, {domains!r}, ({', '.join(factors)},))\n"
    )
    assert [n.name for n in _argument_names(PARAMETERS).values()] == list(_runtime._PARAMETERS), (
        "the runtime's parameter stage"
    )
    assert set(PARAMETERS) == set(p.branches[0].parameters()), "the runtime expects phi, lambda and mu per branch"
    return "\n\n".join(parts)


def _docstring(name: str, fixed: dict) -> str:
    p = plan(name)
    free = [s.name for s in p.parameters if s.name not in fixed]
    lines = [
        f"{catalog.summary(name)} of precision P and recall R, generated by {GENERATOR}.",
        "",
        f"    Formula: {p.formula()}",
    ]
    if fixed:
        lines.append("    Fixed: " + ", ".join(f"{key} = {value!r}" for key, value in fixed.items()))
    lines += [
        "",
        f"    Arguments P, R{''.join(', ' + f for f in free)} broadcast like NumPy arrays; the result is float64.",
        "    Where P or R is 0 the value is the formula's limit. Bad input raises InvalidParameterError",
        "    (a ValueError); validate=False skips the checks for trusted input. threads: the number of",
        "    threads for large inputs (default: SYMMETRIC_NUM_THREADS, OMP_NUM_THREADS, else the cores).",
        "    ",
    ]
    return "\n".join(lines)


def _public_source(name: str, fixed: dict, backend: str = "numpy") -> str:
    p = plan(name)
    names = [s.name for s in p.parameters]
    free = [n for n in names if n not in fixed]
    values = ", ".join(repr(fixed[n]) if n in fixed else n for n in names)
    signature = ", ".join(["P", "R", *free, "*", "validate=True", "threads=None"])
    call = (
        f"_evaluate_any(_FAMILY_{name}, P, R, ({values},), validate, InvalidParameterError, threads)"
        if backend == "numpy"
        else f"_evaluate_backend(_FAMILY_{name}, P, R, ({values},), validate, InvalidParameterError, threads, {backend!r})"
    )
    return f'def {name}({signature}):\n    """{_docstring(name, fixed)}"""\n    return {call}\n'


class _FamilyNames(Constraint):
    """``names`` of :func:`module_source`: a family the generator supports, or a list of them (read when checking)."""

    @property
    def allowed(self) -> str:
        return f"one of {supported()} or a list of them"

    def is_satisfied_by(self, value) -> bool:
        names = [value] if isinstance(value, str) else value
        if not isinstance(names, (list, tuple)):
            return False
        known = supported()
        return all(isinstance(n, str) and n in known for n in names)

    def invalid_values(self) -> tuple:
        return ("f1", ["f_beta", "f1"], None, 3)


#: What a family's parameter may be fixed to: a finite number in the domain of its symbol (the catalog's words).
_FIXED = {
    "positive": Interval(float, 0, math.inf, closed="neither", allowed=catalog.DOMAINS["positive"]),
    "nonnegative": Interval(float, 0, math.inf, closed="left", allowed=catalog.DOMAINS["nonnegative"]),
    "real": Interval(float, -math.inf, math.inf, closed="neither", allowed=catalog.DOMAINS["real"]),
}


def _check_fixed(name: str, fixed: dict) -> dict:
    """``fixed`` as floats, each value checked by the constraint of its parameter in family ``name``."""
    params = {s.name: s for s in catalog.parameters(name)}
    out = {}
    for key, value in fixed.items():
        if key not in params:  # which keys a family takes depends on the family: checked here, not declared
            raise InvalidParameterError.of(key, "module_source", f"a parameter of {name}: one of {list(params)}", value)
        out[key] = float(_FIXED[catalog.domain(params[key])[0]].check(value, name=key, func="module_source"))
    return out


def _runtime_package() -> str:
    """The name standalone modules load their embedded runtime under: one per runtime version (its sources' hash)."""
    digest = hashlib.sha256("".join(_runtime_sources().values()).encode()).hexdigest()[:16]
    return f"_symmetric_numeric_runtime_{digest}"


@functools.lru_cache(maxsize=1)
def _runtime_sources() -> dict:
    return {name: Path(str(module.__file__)).read_text(encoding="utf-8") for name, module in RUNTIME.items()}


_LOADER = '''
def _load_runtime(package, sources):
    """Run the runtime's source files (embedded below as they are) as the modules of ``package``, once per process."""
    if package in sys.modules:
        return
    root = types.ModuleType(package)
    root.__path__ = []
    sys.modules[package] = root
    for name, source in sources.items():
        module = types.ModuleType(f"{package}.{name}")
        module.__package__ = package
        sys.modules[module.__name__] = module
        exec(compile(source, f"{package}/{name}.py", "exec"), module.__dict__)  # noqa: S102 - our own runtime
        setattr(root, name, module)
'''


def _imports(body: str, package: str) -> str:
    """The import statements for the runtime names ``body`` uses (and no other)."""
    used = {node.id for node in ast.walk(ast.parse(body)) if isinstance(node, ast.Name)}
    lines = []
    for name, module in RUNTIME.items():
        wanted = [n for n in getattr(module, "__all__", ()) if n in used]
        if wanted:
            lines.append(
                f"from {package}.{name} import {', '.join(wanted)}\n"
                if package != "."
                else f"from {'..' if module is _validation else '.'}{name} import {', '.join(wanted)}\n"
            )
    return "".join(lines)


@declare(
    names=_FamilyNames(),
    fixed=Predicate("a dict of parameter name -> number, or None", lambda v: v is None or isinstance(v, dict), (3,)),
    standalone=Predicate("a bool", lambda v: isinstance(v, bool), invalid=("yes", 1, None)),
    backend=Options(BACKENDS, allowed=f"one of {list(BACKENDS)}", invalid=("cupy", None)),
)
def module_source(names, *, fixed=None, standalone: bool = True, backend: str = "numpy") -> str:
    """Source of a module defining the numeric function(s) ``names``.

    Parameters
    ----------
    names : str or sequence of str
        Registered families (see :func:`supported`).
    fixed : dict, optional
        Parameter values to fix (dropped from the signature). Only with one name.
    standalone : bool, default True
        Embed the runtime's source files (:data:`RUNTIME`) as they are and load
        them as modules, so that the module imports only numpy (and the standard
        library); otherwise import them from the package (the form of
        ``symmetric/numeric/_generated.py``). Both run the same runtime code.
    backend : {"numpy", "array-api", "torch", "jax"}, default "numpy"
        The arrays the module's functions compute on. ``numpy``: NumPy arrays
        (and any Array API array, as the package's functions); ``torch`` and
        ``jax``: input converted to that library's arrays, a result of its
        type with exact gradients (needs that library and
        ``array-api-compat``); ``array-api``: the portable kernels for every
        input, NumPy included (needs ``array-api-compat``).
    """
    names = [names] if isinstance(names, str) else list(names)
    fixed = dict(fixed or {})
    if fixed and len(names) != 1:
        raise InvalidParameterError.of("fixed", "module_source", "given with a single family name", fixed)
    fixed = _check_fixed(names[0], fixed) if fixed else {}
    header = (
        f'"""Numeric {", ".join(names)}: generated by {GENERATOR} from the symbolic definitions. Do not edit.\n\n'
        + "".join(f"{n}: {plan(n).formula()}\n" for n in names)
        + (
            (
                "\nImports only numpy; results agree bit for bit with symmetric.numeric on the same machine.\n"
                if backend == "numpy"
                else f"\nBackend {backend}: imports numpy, and array_api_compat"
                + (f" and {backend}" if backend in ("torch", "jax") else "")
                + " when called.\n"
            )
            if standalone
            else "\nRegenerate with `python -m symmetric.generate` (tests/generate/test_files.py fails when stale).\n"
        )
        + '"""\n\n'
        + ("import sys\nimport types\n\n" if standalone else "")
        + "import numpy\n"
    )
    sections = [
        "# --- kernels and parameter stages generated from symmetric.generate.rewrites ---\n" + _common_source()
    ]
    for n in names:
        sections.append(f"# --- {n} ---\n" + _family_source(n))
        sections.append(_public_source(n, fixed, backend))
    sections.append(f"__all__ = {names!r}\n")
    body = "\n\n".join(sections)
    parts = [header]
    if standalone:
        package = _runtime_package()
        parts.append(_LOADER.lstrip("\n"))
        parts.append(
            "# --- the runtime: "
            + ", ".join(f"symmetric/{'' if m is _validation else 'numeric/'}{n}.py" for n, m in RUNTIME.items())
            + ", verbatim ---\n"
            + "_load_runtime("
            + repr(package)
            + ", {\n"
            + "".join(f"    {name!r}: {source!r},\n" for name, source in _runtime_sources().items())
            + "})\n"
            + _imports(body, package)
        )
    else:
        parts.append(_imports(body, "."))
    parts.append(body)
    return "\n\n".join(parts)


def package_source() -> str:
    """The source of ``symmetric/numeric/_generated.py``: the kernels of every family with numeric code
    (:func:`symmetric.generate.catalog.numeric_families`, read when called)."""
    return _package_source(catalog.numeric_families())


@functools.lru_cache(maxsize=4)
def _package_source(names: tuple) -> str:
    return module_source(list(names), standalone=False)
