"""Run scikit-learn's own test functions with its metrics swapped for symmetric's.

scikit-learn ships its tests in the wheel (``sklearn/metrics/tests/``).
:func:`swapped_tests` copies the selected test functions of such a module
with a new globals dict in which each swapped name is symmetric's function,
and rewrites their ``parametrize`` marks the same way (a parametrized metric
such as ``partial(fbeta_score, beta=1)`` was bound to scikit-learn's function
when the module was imported). The module itself is left untouched, and
everything else the tests use (``UndefinedMetricWarning``, data sets,
assertion helpers, the metrics we do not provide) stays scikit-learn's: the
warnings symmetric emits must satisfy filters on scikit-learn's class.

A test module that assigns the copies to module-level names gets them
collected by pytest, each parametrization its own item.
"""

from __future__ import annotations

import functools
import inspect
import re
import types

import pytest
from _pytest.mark.structures import ParameterSet

__all__ = ["swapped_tests", "in_scope"]


def in_scope(module, pattern: str, excluded: dict) -> list[str]:
    """Names of the test functions of ``module`` matching ``pattern``, minus ``excluded``.

    Raises if an exclusion names a test the module does not have (a stale list).
    """
    names = [n for n, f in vars(module).items() if n.startswith("test_") and inspect.isfunction(f)]
    stale = set(excluded) - set(names)
    if stale:
        raise LookupError(f"excluded tests not in {module.__name__}: {sorted(stale)}")
    return [n for n in names if re.search(pattern, n) and n not in excluded]


def _foreign(value, module_prefix: str, swapped: dict) -> bool:
    """Whether ``value`` is (a partial of) a scikit-learn metric that is not swapped: out of scope."""
    func = value.func if isinstance(value, functools.partial) else value
    return (inspect.isfunction(func) and func.__module__.startswith(module_prefix)
            and not func.__name__.startswith("_") and id(func) not in swapped)


def _substitute(value, swapped: dict):
    if id(value) in swapped:
        return swapped[id(value)]
    if isinstance(value, functools.partial) and id(value.func) in swapped:
        return functools.partial(swapped[id(value.func)], *value.args, **value.keywords)
    if isinstance(value, tuple):
        return tuple(_substitute(v, swapped) for v in value)
    return value


def _param_id(value):
    func = value.func if isinstance(value, functools.partial) else value
    if inspect.isfunction(func):
        extra = "".join(f"-{k}={v}" for k, v in value.keywords.items()) if isinstance(value, functools.partial) else ""
        return func.__name__ + extra
    return None


def _rewrite_mark(mark, swapped: dict, module_prefix: str, dropped: list):
    if mark.name != "parametrize":
        return mark
    argnames, argvalues = mark.args[0], mark.args[1]
    values = []
    for v in argvalues:
        inner = v.values if isinstance(v, ParameterSet) else (v if isinstance(v, tuple) else (v,))
        if any(_foreign(x, module_prefix, swapped) for x in inner):
            dropped.append(inner)
            continue
        if isinstance(v, ParameterSet):
            values.append(v._replace(values=_substitute(v.values, swapped)))
        else:
            values.append(_substitute(v, swapped))
    kwargs = dict(mark.kwargs)
    if "ids" not in kwargs and any(_param_id(x) for v in argvalues for x in (v if isinstance(v, tuple) else (v,))):
        kwargs["ids"] = _param_id
    return pytest.mark.parametrize(argnames, values, *mark.args[2:], **kwargs).mark


def swapped_tests(module, names, replacements: dict, *, module_prefix: str = "sklearn.metrics"):
    """Copies of ``module``'s tests ``names`` that see ``replacements`` (name -> object) as globals.

    Returns ``(tests, dropped)``: the copied functions by name, and the
    parametrizations left out because they use a scikit-learn metric that is
    not replaced (``(test name, values)`` pairs).
    """
    namespace = dict(vars(module))
    swapped = {id(namespace[name]): obj for name, obj in replacements.items() if name in namespace}
    namespace.update(replacements)
    tests, dropped = {}, []
    for name in names:
        original = getattr(module, name)
        copy = types.FunctionType(original.__code__, namespace, original.__name__, original.__defaults__,
                                  original.__closure__)
        copy.__kwdefaults__ = original.__kwdefaults__
        copy.__doc__ = original.__doc__
        copy.__dict__.update(original.__dict__)
        lost = []
        copy.pytestmark = [_rewrite_mark(m, swapped, module_prefix, lost)
                           for m in getattr(original, "pytestmark", [])]
        dropped += [(name, values) for values in lost]
        tests[name] = copy
    return tests, dropped
