"""The guards on what "proven" trusts (issue 23, docs/soundness.md "The trust base"), one test per guard."""

import sympy
from sympy import I, Abs, Derivative, Float, Min, Piecewise, Rational, Subs, atan, sqrt

from symmetric import P, R, rho
from symmetric.verify import check
from symmetric.verify.evidence.admissible import admissible_point, integer_roots, satisfies_assumptions
from symmetric.verify.evidence.sample_points import sample_points
from symmetric.verify.core.powers import normalize_powers
from symmetric.verify.core.statement import Statement
from symmetric.verify.core.trust import FLOAT_SEMANTICS, derivatives_as_limits, exact_floats, guard_functions, non_real

n = sympy.Symbol("n", integer=True)
x = sympy.Symbol("x", real=True)
p = sympy.Symbol("p", prime=True)


# 1. powers: a power denests only with a positive base and real exponents

def test_a_complex_inner_exponent_never_denests():
    assert normalize_powers(sqrt(P**(I / 10))) == sqrt(P**(I / 10))
    assert normalize_powers(sqrt(P**(rho / 10))) == P**(rho / 20)


def test_a_statement_with_non_real_values_is_unknown_with_the_reason():
    v = check(sqrt(P**(I / 10)), P**(I / 20))
    assert v.status != "proven"
    assert non_real(sqrt(P**(I / 10))) and non_real(sympy.asin(2) * P) and non_real(P**2) is None
    v = check(P**I, 2, relation="<")  # an order between values that are not real: outside the scope
    assert v.status == "unknown" and "not real" in v.detail
    assert check(Abs(P**I), 1, relation="<").status == "refuted"  # |P**I| = 1 is real


def test_complex_safe_steps_still_prove():
    assert check((P**(I / 10))**2, P**(I / 5)).status == "proven"
    assert check((P + I * R)**2, P**2 - R**2 + 2 * I * P * R).status == "proven"


# 2. inverse trigonometric functions: zero exactly where the argument is

def test_guarded_inverse_trig_functions_answer_zero_and_rationality_correctly():
    for func, zero_at in ((sympy.atan, 0), (sympy.asin, 0), (sympy.acos, 1)):
        assert func(n - 5).is_zero is False  # SymPy's own answer, wrong at n = 5 + zero_at
        guarded = guard_functions(func(n - 5))
        assert guarded.is_zero is None and (guarded**2).is_positive is None
        assert guard_functions(func(x - x + zero_at)) == 0
    assert guard_functions(atan(n**2 + 7)).is_zero is False


def test_an_inverse_trig_square_is_refuted_at_the_integer_root_of_its_argument():
    v = check(atan(n**3 - 12167)**2, 0, relation=">")
    assert v.status == "refuted" and v.counterexample == {n: 23}
    assert integer_roots(Statement.of(atan(sympy.floor(x)**3 - 8), 0)) == {x: [2, 0]}


def test_a_piecewise_branch_on_an_inverse_trig_condition_is_kept():
    expr = Piecewise((atan(n**3 - 27)**2, n > 0), (1, True))
    assert check(expr, 0, relation=">").status == "refuted"


# 3. Floats: their exact binary values, stated in the verdict

def test_floats_mean_their_exact_binary_values():
    assert exact_floats(Float("0.1", 100)) != Rational(1, 10)
    v = check(Float("0.1", 100) * P * R, P * R / 10)
    assert v.status == "refuted" and FLOAT_SEMANTICS in v.detail
    assert check(Float("0.1", 150) * P, P / 10, relation=">=").status == "refuted"
    v = check(Float(0.5) * P, P / 2)
    assert v.status == "proven" and FLOAT_SEMANTICS in v.detail
    assert FLOAT_SEMANTICS not in check(P / 2, P / 2).detail


# 4. derivatives at a point: only where the one-sided quotients agree

def test_a_derivative_at_a_kink_is_the_limit_of_its_quotient():
    lim = derivatives_as_limits(Subs(Derivative(Abs(rho - 1), rho), rho, 1))
    assert isinstance(lim, sympy.Limit) and str(lim.args[3]) == "+-"
    assert check(Subs(Derivative(Abs(rho - 1), rho), rho, 1), 0).status == "refuted"
    v = check(Subs(Derivative(Min(P, R), P), P, R), Rational(1, 2))
    assert v.status == "refuted" and set(v.counterexample) == {R}
    assert check(Subs(Derivative(x * Abs(x), x), x, 0), 0).status == "proven"
    assert check(Subs(Derivative(Min(P, R), P), P, R / 2), 1).status == "proven"


# 5. counterexamples respect every assumption

def test_every_assumption_is_checked():
    assert not satisfies_assumptions(p, sympy.Integer(1)) and satisfies_assumptions(p, sympy.Integer(2))
    assert not satisfies_assumptions(sympy.Symbol("q", irrational=True), Rational(1, 2))
    assert not satisfies_assumptions(sympy.Symbol("o", odd=True), sympy.Integer(4))
    st = Statement.of(p, 2, relation=">=")
    assert admissible_point(st, {p: sympy.Integer(1)}) is not None
    assert admissible_point(st, {p: sympy.Integer(2), n: sympy.Integer(1)}) is not None  # no extra symbols
    assert admissible_point(st, {p: sympy.Integer(2)}) is None


def test_no_refutation_off_the_assumptions():
    assert check(p, 2, relation=">=").status == "proven"
    v = check(p, 3, relation=">=")
    assert v.status == "refuted" and v.counterexample == {p: 2}
    for symbol, bound in ((sympy.Symbol("c", composite=True), 4), (sympy.Symbol("o", odd=True), 1)):
        assert check(symbol**2, bound, relation=">=").status != "refuted"


# also: sampling without a base point, budgets

def test_sampling_without_a_base_point_gives_no_points_instead_of_raising():
    st = Statement.of(Piecewise((P, rho < 2), (R, True)), 1, conditions=[sympy.Eq(P**3, 2)])
    assert sample_points(st, n=8) == []


def test_huge_exact_powers_are_not_evaluated_in_integer_arithmetic():
    v = check(P**(10**6), P**(10**6 - 1), relation="<=", timeout=6)
    assert v.status == "proven"


def test_binomial_below_its_lower_index_is_zero_not_undefined():
    m = sympy.Symbol("m", integer=True, nonnegative=True)
    v = check(sympy.binomial(m, 3), 0, relation=">")
    assert v.status == "refuted" and v.counterexample[m] in (0, 1, 2)
    assert check(sympy.binomial(m, 3), 0, relation=">=").evidence.undefined == 0
