"""The mpmath code printer of ``lambdify``, remembering the code of every subexpression it printed.

:class:`~symmetric.verify.evidence.high_precision.NumericForm` compiles each side of a
statement with ``sympy.lambdify(..., modules=[extras, "mpmath"])``, and most of
that time is SymPy's printer turning the expression into Python text
(ordering the terms of every sum and the factors of every product). The sides
of many statements share large subexpressions (a family's definition, its
limits, the same sum in numerator and denominator), so :class:`MemoPrinter`
is SymPy's own ``MpmathPrinter`` with a memo: the text printed for a
subexpression, and what printing it records on the printer (the mpmath names
to import, the expressions it could not print, the number constants; each
subexpression is printed with empty records, so that a name the enclosing
expression had already recorded is kept with it too), are kept and replayed
the next time the same subexpression is printed.
``lambdify`` then writes the very code it would have written, so the compiled
function computes the same mpmath numbers, bit for bit.

The memo keys on the whole subexpression and its type (SymPy expressions are
immutable, hashable and compared structurally, assumptions included), is
kept only in this process, and is emptied when it grows past
:data:`MAX_ENTRIES`. Printing a subexpression depends on nothing else: the
printer's settings are those ``lambdify`` itself uses (:func:`lambdify_printer`),
and the one printing method of SymPy's string printer that looks at the
nesting depth (``_print_Float``) is replaced in the mpmath printer.

>>> import sympy
>>> from sympy.printing.pycode import MpmathPrinter
>>> from symmetric import P, R
>>> settings = {"fully_qualified_modules": False, "inline": True, "allow_unknown_functions": True,
...             "user_functions": {}}
>>> e = sympy.exp(P) / (P + R) + sympy.Rational(1, 3)
>>> MemoPrinter(settings).doprint(e) == MemoPrinter(settings).doprint(e) == MpmathPrinter(settings).doprint(e)
True
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import sympy
from sympy.core.function import AppliedUndef
from sympy.printing.pycode import MpmathPrinter
from sympy.printing.str import StrPrinter

__all__ = ["MemoPrinter", "lambdify_printer", "MAX_ENTRIES"]

#: Subexpressions remembered before the memo is emptied.
MAX_ENTRIES = 50_000

_MEMO: dict = {}

# The memo relies on this: the string printer's _print_Float depends on the nesting depth.
assert MpmathPrinter._print_Float is not StrPrinter._print_Float


class MemoPrinter(MpmathPrinter):
    """``MpmathPrinter`` that prints each subexpression once per process (see the module docstring)."""

    # the records SymPy's printer keeps (declared there without types)
    _not_supported: set
    _number_symbols: set
    module_imports: defaultdict

    def _print(self, expr, **kwargs):
        if kwargs or not isinstance(expr, sympy.Basic):
            return super()._print(expr, **kwargs)
        key = (type(expr), expr)
        try:
            hit = _MEMO.get(key)
        except TypeError:  # an unhashable argument somewhere inside: print it as SymPy does
            return super()._print(expr)
        if hit is None:
            hit = self._print_recording(expr)
            if len(_MEMO) >= MAX_ENTRIES:
                _MEMO.clear()
            _MEMO[key] = hit
        text, not_supported, number_symbols, imports = hit
        self._not_supported.update(not_supported)
        self._number_symbols.update(number_symbols)
        for module, names in imports:
            self.module_imports[module].update(names)
        return text

    def _print_recording(self, expr):
        """``(text, not supported, number symbols, imports)``: everything printing ``expr`` records, printed
        with empty records (whatever the enclosing expression recorded before is not part of it)."""
        outer: tuple[Any, Any, Any] = (self._not_supported, self._number_symbols, self.module_imports)
        fresh: tuple[set, set, defaultdict] = (set(), set(), defaultdict(set))
        self._not_supported, self._number_symbols, self.module_imports = fresh
        try:
            text = super()._print(expr)
            return (
                text,
                frozenset(self._not_supported),
                frozenset(self._number_symbols),
                tuple((module, frozenset(names)) for module, names in self.module_imports.items() if names),
            )
        finally:
            self._not_supported, self._number_symbols, self.module_imports = outer


def lambdify_printer(expr: sympy.Basic, functions: dict):
    """The printer ``lambdify(args, expr, modules=[functions, "mpmath"])`` would make, as a :class:`MemoPrinter`.

    None when ``expr`` applies an undefined function (such as one made by
    ``implemented_function``, whose name ``lambdify`` adds to the printer's
    settings): ``lambdify`` is then left to make its own printer.
    """
    if expr.has(AppliedUndef):
        return None
    return MemoPrinter(
        {
            "fully_qualified_modules": False,
            "inline": True,
            "allow_unknown_functions": True,
            "user_functions": {name: name for name in functions},
        }
    )
