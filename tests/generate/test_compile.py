"""symmetric.numeric.compile, the SymPy half (symmetric.generate.compile): CSE, masked Piecewise, exact constants,
self-check, derivatives. What runs at each call is tested in tests/numeric/test_compiled.py."""

import numpy
import pytest
import sympy

from symmetric import InvalidParameterError, P, R, beta, f_beta, g_beta_rho, rho
from symmetric import numeric
from symmetric.numeric import compile


def test_piecewise_branches_only_see_their_elements():
    expr = sympy.Piecewise((sympy.log(P - R), P > R), (1 / (R - P), P < R), (0, True))
    f = compile(expr, (P, R))
    out = f(numpy.array([0.5, 0.2, 0.3]), numpy.array([0.25, 0.4, 0.3]))  # warnings are errors in this suite
    numpy.testing.assert_allclose(out, [numpy.log(0.25), 5.0, 0.0])
    assert f(0.3, 0.3) == 0.0


def test_the_generic_family_compiles_with_its_stipulations():
    f = compile(g_beta_rho(), (P, R, beta, rho))
    assert "_x0" in f.source  # common subexpressions are named once
    numpy.testing.assert_allclose(f(0.5, 0.25, 2.0, [0.0, -1.0, -2.0]),
                                  [1.25 / 3, (0.5 * 0.25**2) ** (1 / 3), float(f_beta(beta=2).subs({P: 0.5, R: 0.25}))])


def test_floats_are_printed_exactly_and_max_min_are_elementwise():
    f = compile(sympy.Max(P, R) * sympy.Float(0.1) + sympy.Min(P, R), (P, R))
    assert f(0.2, 0.3) == 0.3 * 0.1 + 0.2
    assert f([0.1, 0.4], [0.2, 0.3]).tolist() == [0.2 * 0.1 + 0.1, 0.4 * 0.1 + 0.3]


def test_self_check_reports_the_worst_error():
    good = compile(f_beta(), (P, R, beta), check=True)
    assert good.report.worst_ulp <= 4 and good.report.points > 100
    bad = compile(sympy.log(1 + P * 1e-17) / 1e-17, (P,))  # catastrophic cancellation
    assert bad.self_check(n=50).worst_ulp > 1e6


@pytest.mark.parametrize("expr, args, name", [("P + R", (P, R), "x"), (P + R, ("P", R), "x"), (P + R, (P,), "x"),
                                               (P + R, (P, R), "not an identifier")])
def test_bad_arguments(expr, args, name):
    with pytest.raises(InvalidParameterError):
        compile(expr, args, name=name)


def test_numeric_compile_is_the_generation_stages_and_loads_on_first_use():
    import symmetric.generate.compile as generated

    assert numeric.compile is generated.compile
    assert "compile" in dir(numeric) and "compile" in numeric.__all__


def test_derivatives_are_compiled_on_first_use():
    f = compile(HARMONIC, (P, R))
    dp, dr = f.derivatives()
    assert f.derivatives()[0] is dp  # compiled once
    assert dp(0.5, 0.25) == pytest.approx(2 * 0.25**2 / 0.75**2) and dr(0.5, 0.25) == pytest.approx(2 * 0.5**2 / 0.75**2)
    assert [float(v) for v in f.host_partials([numpy.array(0.5), numpy.array(0.25)])] == [dp(0.5, 0.25), dr(0.5, 0.25)]


HARMONIC = 2 * P * R / (P + R)
