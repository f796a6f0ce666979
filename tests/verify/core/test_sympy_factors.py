"""SymPy's Factors from a dictionary, without the needless comparison: the same Factors as SymPy's own."""

import collections

import pytest
import sympy
from sympy.core.exprtools import Factors
from sympy.core.sympify import CantSympify

from symmetric import P, R, beta
from symmetric.verify.core import sympy_factors
from symmetric.verify.core.sympy_signs import rigorous_numbers

pytestmark = pytest.mark.skipif(not sympy_factors.applies(), reason="another SymPy: the hook is not installed")

I, S = sympy.I, sympy.S
DICTS = [
    {},
    {P: 1},
    {P: 2, R: -1, beta: sympy.Rational(1, 2)},
    {S.NegativeOne: 1, P: 1},
    {S.NegativeOne: 2, P: 3},
    {S.NegativeOne: sympy.Rational(1, 3), R: 1},
    {S.NegativeOne: P, R: 1},  # a symbolic exponent: left as it is
    {S.One: 5, P: 1},
    {I: 1, P: 1},
    {I: 2, S.NegativeOne: 1},
    {I: 3},
    {sympy.Integer(2): 1, sympy.Integer(3): -1, P: 1},
    {P + R: 2, sympy.exp(P): -1},
]


def _built(init, factors):
    out = Factors.__new__(Factors)
    init(out, factors.copy() if isinstance(factors, dict) else factors)
    return out


@pytest.mark.parametrize("kind", [dict, lambda d: collections.defaultdict(int, d)], ids=["dict", "defaultdict"])
@pytest.mark.parametrize("factors", DICTS, ids=range(len(DICTS)))
def test_a_dict_gives_sympys_factors(factors, kind):
    factors = kind(factors)
    mine, theirs = _built(sympy_factors.factors_init, factors), _built(sympy_factors._ORIGINAL, factors)
    assert type(mine.factors) is type(theirs.factors) is type(factors)
    assert mine.factors == theirs.factors
    assert [sympy.srepr(k) for k in mine.factors] == [sympy.srepr(k) for k in theirs.factors]
    assert mine.gens == theirs.gens


def test_the_argument_is_not_changed():
    given = {S.NegativeOne: 2, P: 3}
    _built(sympy_factors.factors_init, given)
    assert given == {S.NegativeOne: 2, P: 3}


@pytest.mark.parametrize("value", [None, 1, 0, 2.5, S.One, sympy.Rational(-3, 4), P, 2 * P**2 * R, Factors(P * R)])
def test_anything_else_goes_to_sympy(value):
    mine, theirs = _built(sympy_factors.factors_init, value), _built(sympy_factors._ORIGINAL, value)
    assert mine.factors == theirs.factors


def test_sympys_terms_take_the_dictionary_branch(monkeypatch):
    # Term (gcd_terms, factor_terms) builds its Factors from defaultdicts: they reach SymPy's original only wrapped,
    # as a mapping SymPy does not convert
    given, original_given = [], []
    hook, original = sympy_factors.factors_init, sympy_factors._ORIGINAL
    monkeypatch.setattr(Factors, "__init__", original)  # put back at teardown, after the spies below are gone

    def spy(self, factors=None):
        given.append(type(factors))
        hook(self, factors)

    def original_spy(self, factors=None):
        original_given.append(type(factors))
        original(self, factors)

    monkeypatch.setattr(sympy_factors, "factors_init", spy)
    monkeypatch.setattr(sympy_factors, "_ORIGINAL", original_spy)
    with rigorous_numbers():
        assert sympy.gcd_terms(2 * P * R + 4 * P * beta) == 2 * P * (R + 2 * beta)
    assert collections.defaultdict in given and dict in given
    assert dict not in original_given and collections.defaultdict not in original_given
    assert all(issubclass(t, CantSympify) for t in original_given if issubclass(t, dict))


def test_installed_only_inside_the_scope():
    assert Factors.__init__ is sympy_factors._ORIGINAL
    with rigorous_numbers():
        assert Factors.__init__ is sympy_factors.factors_init
        assert sympy.factor_terms(2 * P * R + 4 * P) == 2 * P * (R + 2)
    assert Factors.__init__ is sympy_factors._ORIGINAL
