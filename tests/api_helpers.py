"""The public functions of the package, for the tests that must cover every one of them."""

from __future__ import annotations

import importlib
import inspect


def public_functions(module_names):
    """``(module name, name in __all__, function)`` for every function with parameters that a module exports."""
    for module_name in module_names:
        module = importlib.import_module(module_name)
        for name in module.__all__:
            obj = getattr(module, name)
            if inspect.isfunction(obj) and inspect.signature(obj).parameters:
                yield module_name, name, obj
