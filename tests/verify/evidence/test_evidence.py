"""The numeric evidence stage: exact rational evaluation and the compiled mpmath forms.

The compiled evaluators must give what the SymPy path they replace gives:
substituting a rational point with ``xreplace`` (SymPy's ``zoo`` and ``nan``
where a denominator vanishes) and lambdify's mpmath function.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
import sympy

from symmetric import P, R, beta
from symmetric.verify.evidence.numeric import numeric_evidence
from symmetric.verify.evidence.rational_evaluator import NAN, ZOO, compile_rational
from symmetric.verify.core.statement import Statement

X = sympy.Symbol("x")
SYMBOLS = (P, R, X)
HALF = sympy.Rational(1, 2)


def _sympy_value(expr, point):
    """What the evaluator must reproduce: the point substituted with SymPy's own evaluation."""
    value = expr.xreplace(point)
    if value is sympy.zoo:
        return ZOO
    if value is sympy.nan:
        return NAN
    assert isinstance(value, sympy.Rational), value
    return Fraction(int(value.p), int(value.q))


def _random_rational_function(rng, depth):
    """A random sum/product/integer power of P, R, x and small rationals (SymPy evaluating as it builds)."""
    if depth == 0 or rng.random() < 0.25:
        return rng.choice(SYMBOLS + (sympy.Integer(rng.randint(-2, 2)), sympy.Rational(rng.randint(-3, 3), 2)))
    kind = rng.choice(("add", "mul", "pow", "diff"))
    a, b = _random_rational_function(rng, depth - 1), _random_rational_function(rng, depth - 1)
    if kind == "add":
        return a + b
    if kind == "mul":
        return a * b
    if kind == "diff":  # a factor that vanishes where P = R: denominators that vanish on purpose
        return (P - R) * a + 1 / (P - R + b * (P - R))
    return a ** rng.choice((-3, -2, -1, 2, 3))


# Points where P = R (so P - R vanishes), zeros, negative values and plain rationals.
POINTS = [{P: HALF, R: HALF, X: sympy.Integer(0)}, {P: HALF, R: sympy.Rational(1, 3), X: sympy.Integer(2)},
          {P: sympy.Integer(1), R: sympy.Integer(1), X: sympy.Rational(-3, 2)},
          {P: sympy.Rational(2, 7), R: sympy.Integer(1), X: sympy.Integer(-1)},
          {P: sympy.Rational(1, 3), R: sympy.Rational(1, 3), X: HALF}]


def test_compiled_rational_functions_give_what_sympy_substitution_gives():
    rng = random.Random(13)
    seen = set()
    compared = 0
    for _ in range(150):
        expr = _random_rational_function(rng, 4)
        f = compile_rational(expr)
        if f is None:  # a constant SymPy folded to zoo or nan while building: nothing to compile
            assert expr.has(sympy.zoo, sympy.nan) or not isinstance(expr, (sympy.Expr,))
            continue
        for point in POINTS:
            expected = _sympy_value(expr, point)
            assert f(point) == expected if isinstance(expected, Fraction) else f(point) is expected, (expr, point)
            seen.add(type(expected) if isinstance(expected, Fraction) else expected)
            compared += 1
    assert compared > 500 and seen == {Fraction, ZOO, NAN}  # every kind of value was met


@pytest.mark.parametrize("expr, value", [
    ((P - R) * (1 + 1 / (P - R)), NAN),           # 0 * zoo
    (1 / (P - R) + 1 / (R - P + (P - R)**2), NAN),  # zoo + zoo
    (1 / (P - R)**2 + 1, ZOO),
    (3 * (P + 1 / (P - R)), ZOO),                   # zoo times a nonzero number
    (1 / (1 + 1 / (P - R)), Fraction(0)),          # 1/zoo is 0 in SymPy's arithmetic, so here too
    ((1 + 1 / (P - R))**-2 + P, Fraction(1, 2)),
])
def test_zero_denominators_follow_sympy(expr, value):
    got = compile_rational(expr)({P: HALF, R: HALF})
    assert got == value if isinstance(value, Fraction) else got is value
    assert _sympy_value(expr, {P: HALF, R: HALF}) == got


def test_only_rational_functions_compile():
    assert compile_rational(sympy.sqrt(P)) is None
    assert compile_rational(P**beta) is None
    assert compile_rational(P + sympy.Float(0.5)) is None
    assert compile_rational(P * sympy.Add(1, 2, evaluate=False)) is None  # unevaluated constants: left to SymPy
    assert compile_rational(sympy.Integer(3))({}) == 3
    assert compile_rational(P**-2 * R)({P: Fraction(-1, 2), R: Fraction(3)}) == 12


def test_a_zero_denominator_at_a_rational_point_is_undefined_not_a_value():
    # equal where both are defined; at P = R the left side is 0 * zoo: undefined, never "agree"
    points = [{P: HALF, R: HALF}, {P: HALF, R: sympy.Rational(1, 4)}]
    ev = numeric_evidence(Statement.of((P - R) * (1 + 1 / (P - R)), P - R + 1), points)
    assert (ev.agree, ev.undefined, ev.disagree) == (1, 1, 0)


def test_an_exact_disagreement_reports_sympys_text_of_the_values():
    points = [{P: sympy.Integer(1), R: sympy.Rational(1, 8)}]
    ev = numeric_evidence(Statement.of(P / 3 + 1, R * 6, relation="<="), points)
    assert ev.counterexample == points[0]
    assert ev.values == ("4/3", "3/4") and ev.notes == ("exact rational arithmetic",)


def test_an_exact_disagreement_off_the_assumptions_refutes_nothing():
    # R is positive: R = -1/4 is no point of the domain, however exact the disagreement there (issue 23)
    points = [{P: sympy.Integer(1), R: sympy.Rational(-1, 4)}]
    ev = numeric_evidence(Statement.of(P / 3 - 1, R * 6, relation="<="), points)
    assert ev.counterexample is None and ev.inconclusive == 1
    ev = numeric_evidence(Statement.of(P * 4, R - 1), [{P: sympy.Integer(1), R: sympy.Integer(1)}])
    assert ev.values == ("4", "0")


# ---------------------------------------------------------------------------- the memo printer

def _printed(printer, exprs):
    """The code and the mpmath imports each printer instance records, one fresh printer per expression."""
    out = []
    for e in exprs:
        p = printer(e)
        out.append((p.doprint(e), {m: set(names) for m, names in p.module_imports.items()}))
    return out


def test_the_memo_printer_writes_the_code_and_imports_lambdifys_printer_writes():
    from sympy.printing.pycode import MpmathPrinter

    from symmetric import f_beta, g_beta_rho, rho
    from symmetric.verify.evidence.high_precision import _MPMATH_EXTRAS
    from symmetric.verify.evidence.mpmath_printer import lambdify_printer

    settings = {"fully_qualified_modules": False, "inline": True, "allow_unknown_functions": True,
                "user_functions": {k: k for k in _MPMATH_EXTRAS}}
    a, b = sympy.symbols("a_memo b_memo", positive=True)  # subexpressions no other test printed before
    shared = sympy.exp(P * R) / (P + R)  # printed inside the first expression, remembered for the others
    # log(b) is first printed after log(a) recorded the import of log: alone, it must record it too
    exprs = [sympy.log(a) + sympy.log(b), 2 * sympy.log(b), shared + sympy.Rational(1, 3), shared * P - 2 * shared**2, sympy.sqrt(P) + shared,
             g_beta_rho(), f_beta(), g_beta_rho(rho=-2) - f_beta(), sympy.Heaviside(P - R) * shared,
             sympy.Piecewise((shared, P > R), (sympy.log(R), True)), -P / (3 * R) + sympy.pi * sympy.Float(0.1)]
    expected = _printed(lambda e: MpmathPrinter(dict(settings)), exprs)
    got = _printed(lambda e: lambdify_printer(e, _MPMATH_EXTRAS), exprs)
    assert got == expected
    assert got[1][1] == {"mpmath": {"log"}}  # a remembered subexpression still records its import


def test_lambdify_makes_its_own_printer_for_implemented_functions():
    from sympy.utilities.lambdify import implemented_function

    from symmetric.verify.evidence.mpmath_printer import lambdify_printer

    f = implemented_function("f", lambda x: 2 * x)
    assert lambdify_printer(f(P) + 1, {}) is None
    assert lambdify_printer(P + 1, {}) is not None
