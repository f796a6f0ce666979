"""SymPy's ``Factors`` built from a dictionary without the dictionary being converted to a SymPy object first.

``Factors(d)`` first asks whether ``d`` is ``None`` or ``S.One``. For a dictionary (what ``Factors``' own ``mul``,
``div``, ``gcd``, ``normal`` and ``gcd_terms`` pass, and the ``defaultdict`` of ``Term``: hundreds of thousands of
times in a run of ``symmetric verify``) ``S.One == d`` converts the whole dictionary to a SymPy ``Dict``, every key
and value sympified, only to answer False: 5 to 20 microseconds a call, a large share of what ``cancel``,
``factor_terms`` and ``simplify`` cost.

:func:`factors_init` runs SymPy's own ``Factors.__init__`` unchanged, on a copy of the dictionary whose class SymPy
refuses to convert (it mixes in SymPy's public ``CantSympify``): the comparison then answers False at once, and
SymPy takes the branch it takes for any dictionary. The copy SymPy keeps comes back in the caller's type. Nothing
is decided here: the ``Factors`` are the ones SymPy builds (:func:`applies` checks it on this SymPy before the hook
is ever installed). It is installed with the engine's other SymPy hooks
(:func:`symmetric.verify.core.sympy_signs.rigorous_numbers`).

>>> import sympy
>>> from sympy.core.exprtools import Factors
>>> x = sympy.Symbol("x")
>>> fast, plain = Factors.__new__(Factors), Factors({x: 2, sympy.S.NegativeOne: 3})  # SymPy's own here
>>> factors_init(fast, {x: 2, sympy.S.NegativeOne: 3})
>>> fast.factors == plain.factors, type(fast.factors), fast.gens == plain.gens
(True, <class 'dict'>, True)
"""

from __future__ import annotations

import collections

import sympy
from sympy.core import exprtools
from sympy.core.sympify import CantSympify

__all__ = ["applies", "factors_init", "install"]

# SymPy's own Factors.__init__.
_ORIGINAL = exprtools.Factors.__init__


class _Plain(CantSympify, dict):
    """A ``dict`` SymPy does not convert."""


class _Defaults(CantSympify, collections.defaultdict):
    """A ``defaultdict`` SymPy does not convert."""


def factors_init(self, factors=None) -> None:
    """``Factors.__init__``: a ``dict`` or ``defaultdict`` given to SymPy's own as a copy it does not convert, the
    mapping it keeps brought back to the caller's type; anything else to SymPy's own as given."""
    kind = type(factors)
    if kind is dict:
        _ORIGINAL(self, _Plain(factors))
    elif kind is collections.defaultdict:
        _ORIGINAL(self, _Defaults(factors.default_factory, factors))
    else:
        _ORIGINAL(self, factors)
        return
    kept = self.factors
    if type(kept) is not kind:
        self.factors = dict(kept) if kind is dict else collections.defaultdict(kept.default_factory, kept)


def _same(factors) -> bool:
    mine, theirs = exprtools.Factors.__new__(exprtools.Factors), exprtools.Factors.__new__(exprtools.Factors)
    factors_init(mine, factors.copy())
    _ORIGINAL(theirs, factors.copy())
    return (
        type(mine.factors) is type(theirs.factors)
        and list(mine.factors.items()) == list(theirs.factors.items())
        and mine.gens == theirs.gens
    )


def applies() -> bool:
    """Whether, on this SymPy, :func:`factors_init` builds SymPy's own ``Factors`` (tried on the dictionaries whose
    powers of -1 and I SymPy tidies): the hook is installed only then."""
    x = sympy.Symbol("x")
    tries = [{x: 2, sympy.S.NegativeOne: 3}, {sympy.I: 3, x: 1}, {sympy.S.NegativeOne: sympy.Rational(1, 3)}]
    try:
        return all(_same(d) and _same(collections.defaultdict(int, d)) for d in tries)
    except Exception:  # noqa: BLE001 - any failure on another SymPy keeps SymPy's own
        return False


def install(on: bool) -> None:
    """Put :func:`factors_init` in place of SymPy's ``Factors.__init__`` (``on``), or SymPy's back."""
    exprtools.Factors.__init__ = factors_init if on else _ORIGINAL
