"""SymPy's decisions about numbers under the ball kernel, only inside ``rigorous_numbers()``
(symmetric/verify/core/sympy_signs.py, issue 29): folds closed inside, SymPy unchanged outside."""

import threading

import pytest
import sympy
from sympy import Abs, Float, Max, Min, Piecewise, Rational, floor, log, loggamma, sign, sqrt

from symmetric import P, R
from symmetric.verify import check, rigorous_numbers, run_with_budget
from symmetric.verify.core import sympy_signs
from symmetric.verify.core.sympy_signs import installed

Y = sqrt(2) / 10**60
A = log(1 + Y) - Y / 2  # positive, about Y/2; SymPy's evalf at two digits calls it negative
G = loggamma(1 + Rational(1, 10**60))  # negative; SymPy calls it zero

_SYMPY_OWN = (
    sympy.core.expr.Expr._eval_is_extended_positive_negative,
    sympy.core.relational._n2,
    sympy.functions.elementary.integers.get_integer_part,
)


def _sympy_own_in_place() -> bool:
    current = (
        sympy.core.expr.Expr._eval_is_extended_positive_negative,
        sympy.core.relational._n2,
        sympy.functions.elementary.integers.get_integer_part,
    )
    return all(a is b for a, b in zip(current, _SYMPY_OWN))


def _folds():
    """What SymPy builds from these statements (fresh objects: SymPy keeps an answer on the object)."""
    a = log(1 + Y) - Y / 2
    return {
        "abs": Abs(a) == a,
        "max": Max(log(1 + Y), Y / 2) == log(1 + Y),
        "min": Min(P * log(1 + Y), P * Y / 2) == P * Y / 2,
        "piecewise": Piecewise((P, log(1 + Y) < Y / 2), (R, True)) == R,
        "floor": floor(1 - a) == 0,
        "sign": sign(loggamma(1 + Rational(1, 10**60))) == -1,
        "float": bool(Float(0.1) > Rational(1, 10)),
    }


def test_outside_every_scope_sympy_decides_as_it_always_does():
    assert not installed() and _sympy_own_in_place()
    folds = _folds()
    # SymPy's own two-digit folds (if a SymPy release fixes one, this test says so): the statement changed
    assert not folds["abs"] and not folds["max"] and not folds["piecewise"] and not folds["floor"]
    assert sign(loggamma(1 + Rational(1, 10**60))) == 0


def test_inside_the_scope_a_statement_is_decided_as_written():
    with rigorous_numbers():
        assert installed()
        assert _folds() == dict.fromkeys(_folds_keys(), True)
    assert not installed() and _sympy_own_in_place()


def _folds_keys():
    return ("abs", "max", "min", "piecewise", "floor", "sign", "float")


def test_nothing_built_inside_comes_back_outside_from_sympys_cache():
    with rigorous_numbers():
        assert Max(log(1 + Y), Y / 2) == log(1 + Y)
    assert Max(log(1 + Y), Y / 2) == Y / 2  # SymPy's own fold again, not the cached result
    assert Max(log(1 + Y), Y / 2) == Y / 2
    with rigorous_numbers():  # and nothing folded outside comes back inside
        assert Max(log(1 + Y), Y / 2) == log(1 + Y)


def test_scopes_nest_and_an_exception_closes_them():
    with rigorous_numbers():
        with rigorous_numbers():
            assert installed()
        assert installed() and Abs(A) == A
    assert not installed()
    with pytest.raises(ZeroDivisionError):
        with rigorous_numbers():
            1 / 0
    assert not installed() and _sympy_own_in_place()


def test_scopes_from_several_threads_keep_the_count():
    barrier = threading.Barrier(4)
    seen = []

    def work():
        with rigorous_numbers():
            barrier.wait(timeout=30)
            seen.append(Max(log(1 + Y), Y / 2) == log(1 + Y))
            barrier.wait(timeout=30)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert seen == [True] * 4
    assert not installed() and sympy_signs._Open.scopes == 0


def test_a_budget_that_runs_out_inside_the_scope_closes_it():
    def spin():
        with rigorous_numbers():
            while True:
                Abs(A + 1)

    assert run_with_budget(spin, 0.2) == (False, None)
    assert not installed() and sympy_signs._Open.scopes == 0


def test_the_engine_opens_the_scope_itself():
    # built unevaluated outside; the engine's substitution rebuilds it inside the scope
    folded = Max(P * log(1 + Y), P * Y / 2, evaluate=False)
    assert check(folded, P * log(1 + Y)).status == "proven"
    assert check(folded, P * Y / 2).status == "refuted"
    assert check(Abs(log(1 + Y) - Y / 2, evaluate=False), -A).status == "refuted"
    assert not installed() and _sympy_own_in_place()


def test_a_number_sympy_misjudged_outside_is_still_decided_by_the_kernel():
    stale = loggamma(1 + Rational(1, 10**60))
    assert stale.is_zero is True  # SymPy's answer, outside the scope, now stored on the object
    assert check(stale, 0).status == "refuted"
    assert check(sign(stale, evaluate=False), 0).status == "refuted"


def test_a_decorated_function_runs_in_the_scope():
    @rigorous_numbers()
    def inside():
        return installed()

    assert inside() and not installed()
