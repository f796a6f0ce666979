"""The sampling's exact shortcuts give the answers SymPy's general routes give (``symmetric.verify.evidence.sample_points``).

Each shortcut is checked against the route it replaces on values chosen to
make a wrong shortcut fail: comparisons that are equalities or within
10**-4 of one, ``a + b*sqrt(2)`` that is barely positive or negative, roots
that are accepted as well as refused. ``benchmarks/bench_points.py`` checks
the points of every built-in claim and soundness statement against main's.
"""

import pytest
import sympy

from symmetric import P, R, beta, rho
from symmetric.verify import check
from symmetric.verify.evidence import sample_points as domain
from symmetric.verify.core.statement import Statement
from symmetric.verify.core.substitution import substitute

x = sympy.Symbol("x")
k = sympy.Symbol("k", integer=True)
m = sympy.Symbol("m", nonpositive=True)
w = sympy.Symbol("w", nonnegative=True)
z = sympy.Symbol("z", nonzero=True)
n = sympy.Symbol("n", negative=True)
SQRT2 = sympy.sqrt(2)
Q = sympy.Rational

VALUES = [sympy.Integer(0), sympy.Integer(1), sympy.Integer(-1), Q(1, 2), Q(-7, 3), Q(99, 70), SQRT2, -SQRT2,
          SQRT2 / 2, Q(-3, 7) * SQRT2, Q(99, 70) - SQRT2, Q(140, 99) - SQRT2, 1 - SQRT2 / 2, Q(1, 1000) + SQRT2,
          -Q(1, 10**6) + 3 * SQRT2 / 4]

CONDITIONS = [P <= 1, P < 1, rho >= 0, rho > 0, sympy.Eq(rho, 0), sympy.Ne(rho, Q(1, 2)), P > R, P <= R,
              sympy.Eq(P, R), 2 * rho**2 - 1 > 0, 2 * rho**2 - 1 <= 0, rho**2 < 2, rho**2 >= 2,
              P + R - 2 * rho < Q(1, 3), 5 * P * R**2 - rho**3 >= 0, sympy.Ne(P * R, rho)]


def _sympy_holds(condition, point):
    """The route the shortcut replaces: substitute, let SymPy evaluate the relation."""
    return domain.holds_by_substitution(condition, point)


def _points():
    values = VALUES
    for i, a in enumerate(values):
        b, c = values[(3 * i + 1) % len(values)], values[(5 * i + 2) % len(values)]
        yield {P: a, R: b, rho: c}
        yield {P: a, R: a, rho: a}


def test_conditions_at_rational_and_sqrt2_values_are_decided_as_sympy_decides():
    expected = {(i, j): _sympy_holds(c, p) for j, c in enumerate(CONDITIONS) for i, p in enumerate(_points())}
    assert 0.2 < sum(expected.values()) / len(expected) < 0.8  # both answers occur often

    def refuse(*args):
        raise AssertionError("the exact route should have decided this condition")

    # every case here must be decided without SymPy's relations
    got = {(i, j): domain.satisfies([c], p, fallback=refuse) for j, c in enumerate(CONDITIONS) for i, p in enumerate(_points())}
    assert got == expected


def test_sign_of_a_plus_b_sqrt2_near_zero():
    # 99/70 and 140/99 are the convergents of sqrt(2) around it: the signs need a**2 against 2*b**2 exactly
    assert domain._sign_q_sqrt2(99, -70) == 1 and domain._sign_q_sqrt2(-99, 70) == -1
    assert domain._sign_q_sqrt2(140, -99) == -1 and domain._sign_q_sqrt2(-140, 99) == 1
    for a, b in [(99, -70), (140, -99), (3, 2), (-3, -2), (0, 5), (7, 0), (0, 0)]:
        assert domain._sign_q_sqrt2(a, b) == sympy.sign(a + b * SQRT2)


def test_other_conditions_and_values_still_go_to_sympy():
    point = {rho: sympy.sqrt(3), P: Q(1, 2), R: Q(1, 3)}
    assert domain._in_q_sqrt2(sympy.sqrt(3)) is None
    assert domain.satisfies([rho > 1], point) and not domain.satisfies([rho > 2], point)
    assert domain._condition_plan(sympy.exp(rho) > 1)[1] is None  # not a polynomial: SymPy decides
    assert domain.satisfies([sympy.exp(rho) > 1], {rho: Q(1, 2)})
    assert not domain.satisfies([sympy.exp(rho) > 1], {rho: Q(-1, 2)})


@pytest.mark.parametrize("sym", [P, rho, x, k, m, w, z, n], ids=str)
def test_assumptions_of_q_sqrt2_are_sympys(sym):
    for q in [Q(1), Q(-1), Q(3, 7), Q(-5, 2), Q(4), Q(-1, 2), Q(1, 10**6)]:
        for value in (q * SQRT2, q * SQRT2 / 2):
            assert domain._sqrt2_coefficient(value) is not None
            wanted = {name: sym.assumptions0[name] for name in domain._ASSUMPTION_TESTS if name in sym.assumptions0}
            expected = all((test(value) is True) if wanted[name] else (test(value) is not True)
                           for name, test in domain._ASSUMPTION_TESTS.items() if name in wanted)
            assert domain._admissible(sym, value) == expected, (sym, value)


def test_constant_root_test_never_misses_a_numeric_root():
    cases = [(P * beta + R, beta, False), (P * beta - P, beta, True), (P * beta**2 + R * beta, beta, True),
             ((beta**2 - 2) * P + (beta**2 - 2) * R, beta, True), (P * beta**2 + R, beta, False),
             (P * rho + R * rho + 2 * P + 2 * R, rho, True), (P * rho + R * rho + 2 * P + 3 * R, rho, False),
             (rho**2 - 2, rho, True), (sympy.exp(P) * rho + R, rho, True), (SQRT2 * P * rho + R, rho, True)]
    for num, sym, expected in cases:
        got = domain._may_have_constant_root(num, sym)
        assert got == expected, num
        numeric = [v for v in sympy.solve(num, sym) if v.is_number]
        assert got or not numeric, num  # False only when solve finds no numeric root


def test_linear_root_at_a_base():
    coefficients = domain._linear_coefficients(P * rho - 7 * R + 1, rho)
    assert coefficients == (P, 1 - 7 * R)
    assert domain._linear_root_at(coefficients, {P: Q(1, 2), R: Q(1, 3)}) == Q(8, 3)
    assert domain._linear_root_at(coefficients, {P: sympy.Integer(0), R: Q(1, 3)}) is None  # a = 0: no shortcut
    assert domain._linear_root_at(coefficients, {P: SQRT2, R: Q(1, 3)}) is None  # not rational: solve decides
    assert domain._linear_coefficients(P * rho**2 + R, rho) is None
    assert domain._linear_coefficients(sympy.exp(P) * rho + R, rho) is None


STATEMENTS = [
    Statement.of((P - 7 * R) / (P + R), 1, conditions=[P <= 1, R <= 1]),
    Statement.of((7 * P - R) / (beta**2 * P + R), rho, conditions=[P <= 1, R <= 1]),
    Statement.of((P * rho + R - 1) / (P * beta + R), 1, conditions=[P <= 1, R <= 1]),
    Statement.of(P * beta + R * (1 - beta), P * R, conditions=[P <= 1, R <= 1, beta < 3]),
    Statement.of((P * rho + R - 1) / (P * beta + R), 1, conditions=[P <= 1, R <= 1, rho > 0]),  # rho = (1-R)/P > 0
]


def _eager_points(statement, n=32):
    """The points as before the lazy route: every pair of ``coefficient_roots`` solved first, no shortcut."""
    return domain.sample_points(statement, n=n, lazy_roots=False)


@pytest.mark.parametrize("index", range(len(STATEMENTS)))
def test_lazy_roots_give_the_points_of_the_eager_roots(index):
    statement = STATEMENTS[index]
    lazy = domain.sample_points(statement)
    eager = _eager_points(statement)
    assert [list(p.items()) for p in lazy] == [list(p.items()) for p in eager]


def test_root_points_are_taken_and_refused_roots_are_not_solved():
    statement = STATEMENTS[4]  # P*rho + R - 1 (roots in P, R, rho) and P*beta + R (every root refused)
    roots = dict(domain.coefficient_roots(statement, limit=100))
    assert roots[rho] == (1 - R) / P
    points = domain.sample_points(statement)
    assert any(p[rho] == (1 - p[R]) / p[P] for p in points)  # a root point is taken
    solved = []
    real = domain.real_roots
    assert domain.sample_points(statement, solve=lambda num, sym: solved.append((num, sym)) or real(num, sym)) == points
    assert (P * beta + R, P) not in solved and (P * beta + R, R) not in solved  # -R/beta, -P*beta: negative
    assert (P * rho + R - 1, rho) in solved  # an accepted root comes from solve's own form


def test_a_statement_with_more_roots_than_the_limit_keeps_the_first_ones():
    statement = Statement.of(sum(1 / (P - j * R) for j in range(2, 11)), 1, conditions=[P <= 1, R <= 1])
    assert len(domain.coefficient_roots(statement)) == domain.ROOT_LIMIT
    assert len(domain.coefficient_roots(statement, limit=100)) == 18  # P = 10*R and R = P/10 are left out
    points = domain.sample_points(statement, n=64)  # room for root points: R = P/10 would be taken
    eager = _eager_points(statement, n=64)
    assert [list(p.items()) for p in points] == [list(p.items()) for p in eager]


def test_the_unit_domain_bound_is_decided_in_one_place():
    # Before, the sampler treated any positive symbol's "<= 1" as the metric domain's bound (and did not single out
    # its 1), while the proof search treated only P <= 1 and R <= 1 so. Now both ask core.unit_domain: only the
    # bounds check(domain="unit") adds are the domain's; a user's w <= 1 is an ordinary condition.
    from symmetric.verify.core.unit_domain import is_unit_bound, unit_bounds
    from symmetric.verify.core.statement import Statement
    from symmetric.verify.evidence.sample_points import sample_points, special_constants

    w = sympy.Symbol("w", positive=True)
    assert unit_bounds({P, R, w}) == (P <= 1, R <= 1)
    assert [is_unit_bound(c) for c in (P <= 1, R <= 1, w <= 1, P < 1, P <= 2)] == [True, True, False, False, False]
    st = Statement.of(4 * w**300 * (1 - w**300) * P, P / 2, relation="<", conditions=[w <= 1, P <= 1])
    assert special_constants(st) == {w: [1]}  # the user's bound singles out w = 1; the domain's P <= 1 does not
    near_one = {p[w] for p in sample_points(st) if w in p}
    assert {1, sympy.Rational(999, 1000), sympy.Rational(999999, 1000000)} <= near_one


def test_a_statement_false_just_below_a_user_bound_of_one_is_refuted():
    w = sympy.Symbol("w", positive=True)
    v = check(4 * w**300 * (1 - w**300), sympy.Rational(1, 2), relation="<", conditions=[w <= 1], timeout=10)
    assert v.status == "refuted" and 0 < v.counterexample[w] < 1


def test_integer_roots_of_floors_and_ceilings_for_each_symbol():
    # the floor and ceiling nodes are collected once for all the symbols: each symbol still gets its own roots
    y = sympy.Symbol("y", real=True)
    half, third = sympy.Rational(1, 2), sympy.Rational(1, 3)
    st = Statement.of((sympy.floor(x + half) - 2) * (sympy.ceiling(y - third) - 1), 0)
    assert domain.integer_roots(st) == {x: [sympy.Rational(3, 2)], y: [sympy.Rational(4, 3)]}
    st = Statement.of((sympy.floor(x + half) - 2) * (k - 3), sympy.ceiling(y - third) + 1)
    assert domain.integer_roots(st) == {k: [3], x: [sympy.Rational(3, 2)], y: [sympy.Rational(-2, 3)]}
