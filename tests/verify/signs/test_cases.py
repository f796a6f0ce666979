"""One sign decider and one case splitter, shared by the engine, the inequality prover and explore.

The limit routine's signs (``limit_signs.Signs``) are decided by the same rules as the inequality
prover's (``signs.sign_of``) on the domain the conditions give; cutting a line at values is
``Interval.cut`` (signs.py) for the prover's domains and ``cases.cut`` for substitutions, which
``explore`` uses too; the branches of a Piecewise are ``cases.piecewise_branches``.
"""

import inspect

import pytest
import sympy

from symmetric import P, R, beta, g_beta_rho, rho
from symmetric.explore import metric_limits, regimes
from symmetric.verify.limits import limit_signs
from symmetric.verify.signs import cases
from symmetric.verify.signs import decide as signs
from symmetric.verify.signs.cases import cut, piecewise_branches
from symmetric.verify.limits.limit_signs import Signs
from symmetric.verify.core.relations import NEG
from symmetric.verify.signs.decide import Domain, Interval, definite_sign, sign_of

x = sympy.Symbol("x", real=True)
n = sympy.Symbol("n", negative=True)
t = sympy.Symbol("t", positive=True)


@pytest.mark.parametrize("facts, expr, sign", [
    ([rho > 0], 2 * rho + 1, 1),             # a bound from the condition: interval arithmetic
    ([rho < -1], rho * (rho + 1), 1),
    ([P < R, rho > 0], R**rho - P**rho, 1),  # a fact between symbols, through a monotone transform
    ([P < R], sympy.log(P) - sympy.log(R), -1),
    ([rho >= 0], rho, None),                 # zero is allowed: no single sign
    ([], P - R, None),
])
def test_limit_signs_ask_the_sign_rules_of_the_inequality_prover(facts, expr, sign):
    assert Signs(facts).sign(expr) == sign


def test_definite_sign_is_sign_of_when_that_is_one_sign():
    d = Domain.of_symbols([P, R, rho]).restrict(rho, Interval(-sympy.oo, -1)).with_fact(P - R, NEG)
    for expr in (rho + 1, (R / P) ** (rho + 1) - 1, P**rho - R**rho, rho * (P - R)):
        s = sign_of(expr, d)
        assert len(s) == 1
        assert definite_sign(expr, d) == next(iter(s))


def test_limit_signs_keeps_no_sign_rules_of_its_own():
    source = inspect.getsource(limit_signs)
    assert ".is_positive" not in source and "def _assumed_sign" not in source and "def sign_target" not in source
    assert limit_signs.sign_target is signs.sign_target
    assert set(limit_signs.__all__) == {"T", "LOG_T", "CannotDecide", "NeedSign", "Signs"}


@pytest.mark.parametrize("sym, values", [
    (rho, [-1, 0]), (x, [-2, sympy.sqrt(3), 5]), (beta, [1, sympy.sqrt(2)]), (n, [-3, -1]), (P, [7 * R]),
])
def test_cut_covers_the_domain_once_and_inverts(sym, values):
    pieces = cut(sym, values, t)
    assert [p.is_point for p in pieces] == [False, True] * len(values) + [False]
    assert [p.substitution[sym] for p in pieces if p.is_point] == values
    for piece in pieces:
        if piece.is_point:
            continue
        value = piece.substitution[sym]
        for at in (sympy.Rational(1, 1000), 1, 1000):  # t runs over (0, oo): the value stays inside
            assert all(c.subs(sym, value.subs(t, at)).subs(R, 1) for c in piece.conditions)
        assert sympy.simplify(piece.restore(t).subs(sym, value)) == t
    assert [p.label for p in cut(rho, [-1, 0], t)] == ["rho < -1", "rho = -1", "-1 < rho < 0", "rho = 0", "rho > 0"]
    assert [iv.describe("rho") for iv in Interval().cut([-1, 0])][2] == "-1 < rho < 0"


def test_cut_keeps_a_signed_symbol_visibly_signed():
    assert [p.substitution[beta] for p in cut(beta, [-1, 2], t)] == [2 / (1 + t), 2, 2 * (1 + t)]
    assert [p.substitution[n] for p in cut(n, [-3], t)] == [-3 * (1 + t), -3, -3 / (1 + t)]
    assert cut(beta, [-1], t) is None


def test_piecewise_branches_are_explores_regimes_and_the_engines_points():
    G = g_beta_rho()
    branches = piecewise_branches(G)
    assert [r.label for r in regimes.piecewise_regimes(G, P, R)] == [b.label for b in branches]
    assert [b.values for b in branches] == [{rho: 0}, {rho: -1}, {}]
    points = {b.condition for b in branches if b.values}
    assert {sympy.Eq(rho, v) for v in (0, -1)} == points


def test_explore_uses_the_engines_cutter():
    assert metric_limits.cut is cases.cut
    assert not hasattr(regimes, "sign_pieces") and not hasattr(regimes, "Piece")
    assert signs.Interval.cut is not None
