"""The pieces under the engine's soundness: bound-variable-safe substitution, sound limits, case splits."""

import pytest
import sympy

from symmetric import P, R, beta, g_beta_rho, rho
from symmetric.families import general_formula
from symmetric.verify.limits.asymptotic import Asymptotics
from symmetric.verify.limits.limit_signs import CannotDecide, NeedSign, T
from symmetric.verify.signs.decide import sign_target
from symmetric.verify.signs.cases import condition_cases, piecewise_cases, sign_cases
from symmetric.verify.limits.routine import NoLimit, limit_value
from symmetric.verify.core.statement import Statement
from symmetric.verify import check
from symmetric.verify.core.substitution import free_nodes, substitute

x = sympy.Symbol("x", positive=True)
y = sympy.Symbol("y", real=True)
t = sympy.Symbol("t", positive=True)
Lim, oo, Pw, Eq = sympy.Limit, sympy.oo, sympy.Piecewise, sympy.Eq


# --- substitution ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("expr, mapping, expected", [
    (Lim(rho**2, rho, 3) + rho, {rho: -t}, Lim(rho**2, rho, 3) - t),  # the limit's own variable stays
    (sympy.Integral(y * P, (y, 0, P)), {P: 2}, sympy.Integral(2 * y, (y, 0, 2))),  # bounds are outside the scope
    (sympy.Sum(y * P, (y, 0, 3)), {y: 5}, sympy.Sum(y * P, (y, 0, 3))),
    (sympy.Lambda(y, y + P), {y: 1}, sympy.Lambda(y, y + P)),
    (sympy.Subs(y + P, y, P), {P: 2}, sympy.Subs(y + 2, y, 2)),
])
def test_substitution_replaces_only_free_occurrences(expr, mapping, expected):
    assert substitute(expr, mapping) == expected


def test_substitution_renames_a_bound_variable_instead_of_capturing():
    out = substitute(Lim(P * rho, rho, 0), {P: rho + 1})
    var = out.args[1]
    assert var != rho and out.args[0] == var * (rho + 1) and out.doit() == 0
    out = substitute(sympy.Integral(y * P, (y, 0, 1)), {P: y})
    assert out.doit() == y / 2


def test_substituting_a_variable_of_differentiation_evaluates_the_derivative_there():
    d = sympy.Derivative(rho**3 * P, rho)
    assert substitute(d, {rho: 2}).doit() == 12 * P
    assert substitute(d, {P: rho}).doit() == 3 * rho**3  # d/drho (rho**3 P) = 3 rho**2 P, then P = rho


def test_keys_that_are_conditions_are_not_replaced_where_their_symbol_is_bound():
    pw = Pw((1, Eq(rho, 0)), (rho, True))
    out = substitute(pw + Lim(pw, rho, 0), {Eq(rho, 0): sympy.false})
    assert out == rho + Lim(pw, rho, 0)
    assert free_nodes(pw + Lim(pw, rho, 0), sympy.Piecewise) == [pw]


# --- asymptotics and limits --------------------------------------------------------------------------------


def test_a_coefficient_that_may_vanish_is_never_assumed_nonzero():
    a = Asymptotics()
    with pytest.raises(NeedSign) as need:
        a.limit(((P - 7 * R) / T + 1) / ((P - 7 * R) / T + 2))
    assert need.value.expr == P - 7 * R
    assert a.limit(((P + R) / T + 1) / ((P + R) / T + 2)) == ("finite", 1)  # provably nonzero: decided
    with pytest.raises(NeedSign) as need:
        a.limit((P**(1 / T) + R**(1 / T)) ** T)  # a tie between P**x and R**x as x -> oo
    assert need.value.expr == P - R


@pytest.mark.parametrize("func, at_infinity", [(sympy.atan, sympy.pi / 2), (sympy.tanh, 1)])
def test_an_unbounded_argument_of_unknown_sign_asks_for_the_split(func, at_infinity):
    # atan((P - 7*R)*x) as x -> oo is pi/2, 0 or -pi/2 with the sign of P - 7*R: the routine
    # must ask for that sign (so the prover splits), not give up (the statement stayed unknown)
    with pytest.raises(NeedSign) as need:
        Asymptotics().limit(func((P - 7 * R) / T))
    assert need.value.expr == P - 7 * R
    assert Asymptotics(facts=[P - 7 * R < 0]).limit(func((P - 7 * R) / T)) == ("finite", -at_infinity)
    c = beta**2 - 2
    lim = Lim(func(x * c), x, oo)
    assert check(lim, at_infinity * sympy.sign(c)).status == "proven"
    assert check(lim, at_infinity).status == "refuted"  # false at beta < sqrt(2), and at beta = sqrt(2)


def test_facts_decide_signs_the_assumptions_cannot():
    assert Asymptotics(facts=[P - 7 * R > 0]).limit(((P - 7 * R) / T + 1) / ((P - 7 * R) / T + 2)) == ("finite", 1)


@pytest.mark.parametrize("expr, expected", [
    (sympy.sin(T) / T, 1), (T * sympy.log(T), 0), (T**T, 1), ((1 + T) ** (1 / T), sympy.E),
    (sympy.exp(-1 / T) / T**50, 0), ((sympy.exp(T) - 1 - T) / T**2, sympy.Rational(1, 2)),
    (sympy.floor(1 - T), 0), (sympy.ceiling(2 + T**2), 3), (sympy.frac(-T), 1), (sympy.Abs(-T) / T, 1),
    (sympy.Max(T, T**2) / T, 1), (sympy.Heaviside(-T**3), 0), (sympy.sign(T - T**2), 1),
])
def test_one_sided_limits_as_t_tends_to_zero_from_above(expr, expected):
    assert Asymptotics().limit(expr) == ("finite", expected)


def test_limits_that_are_outside_the_class_are_cannot_decide_not_guessed():
    with pytest.raises(CannotDecide):
        Asymptotics().limit(T * sympy.sin(1 / T))
    with pytest.raises(CannotDecide):
        Asymptotics().limit(sympy.gamma(T))


def test_two_sided_limits_need_both_sides_proven_equal():
    assert limit_value(Lim(sympy.Abs(y), y, 0, "+-")) == 0
    with pytest.raises(NoLimit):
        limit_value(Lim(sympy.sign(y), y, 0, "+-"))
    with pytest.raises(NeedSign):
        limit_value(Lim(Pw((P, y > 0), (R, True)), y, 0, "+-"))


def test_limits_of_the_families():
    G = general_formula(g_beta_rho())
    assert limit_value(Lim(G, rho, 0, "+-")) == P / 2 + R / 2
    with pytest.raises(NeedSign) as need:
        limit_value(Lim(G, beta, oo))
    assert need.value.expr == rho
    assert limit_value(Lim(G, beta, oo), facts=[rho < 0]) == R


def test_a_limit_from_outside_the_variable_domain_is_cannot_decide():
    with pytest.raises(CannotDecide):
        limit_value(Lim(x, x, 0, "-"))


def test_sign_target_strips_positive_factors_and_logarithms():
    assert sign_target(sympy.log(P) - sympy.log(R)) == P - R
    assert sign_target(-3 * (beta**2 - 2) / R) == beta**2 - 2


# --- case splits -------------------------------------------------------------------------------------------


def test_sign_cases_cover_the_domain_and_keep_signs_visible():
    st = Statement.of(P, R)
    cases = sign_cases(st, P - 7 * R)
    assert [label for _, label, _ in cases] == ["P < 7*R", "P = 7*R", "P > 7*R"]
    for case, _, _ in cases:
        assert (case.lhs - 7 * R).is_zero or sympy.factor(case.lhs - 7 * R).is_negative \
            or sympy.factor(case.lhs - 7 * R).is_positive
    cases = sign_cases(Statement.of(beta, 1), beta**2 - 2)
    assert [(label, how) for _, label, how in cases] == [
        ("beta < sqrt(2)", "beta = sqrt(2)/(t + 1)"), ("beta = sqrt(2)", "beta = sqrt(2)"),
        ("beta > sqrt(2)", "beta = sqrt(2)*(t + 1)")]  # a positive symbol stays visibly positive
    for case, label, _ in cases:
        s = sympy.expand(case.lhs**2 - 2)
        assert s.is_zero if "=" in label else (s.is_negative if "<" in label else s.is_positive)


def test_condition_cases_drop_the_part_of_the_domain_the_condition_excludes():
    st = Statement.of(P**rho, 1, conditions=[rho < 0])
    assert [(label, how) for _, label, how in condition_cases(st, rho < 0)] == [("rho < 0", "rho = -t")]
    st = Statement.of(P**rho, 1, conditions=[sympy.Ne(rho, 1)])
    assert [label for _, label, _ in condition_cases(st, sympy.Ne(rho, 1))] == ["rho < 1", "rho > 1"]


def test_piecewise_cases_split_only_on_conditions_in_free_symbols():
    G = g_beta_rho()
    labels = [label for _, label, _ in piecewise_cases(Statement.of(G, 1))]
    assert labels == ["rho = -1", "rho = 0", "generic: rho != -1, rho != 0"]
    assert piecewise_cases(Statement.of(Lim(G, rho, 1), 1, conditions=[rho < 0])) is None
