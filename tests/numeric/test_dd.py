"""Double-double arithmetic (symmetric.numeric._dd) against mpmath, and the numeric code's independence of long double."""

import ast
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import mpmath
import numpy
from hypothesis import given, settings
from hypothesis import strategies as st

from symmetric.numeric import _dd, _generated, _runtime, f_beta, g_beta_rho, power_mean
from symmetric.numeric._dd import (_DD, _LN2, _dd_exp, _dd_expm1, _dd_log, _dd_log1p, _dd_logaddexp, _dd_select,
                                   _dd_softplus)

LARGEST = numpy.finfo(float).max
TOLERANCE = 2.0**-64  # relative; the constants are rounded to float64 (2**-53), so this leaves them correctly rounded


def value(x):
    return mpmath.mpf(float(x.hi)) + mpmath.mpf(float(x.lo))


def relative_error(got, true):
    """|got - true| / |true|, where the low part may be subnormal (results below 1e-290) counting as exact."""
    return max(abs(value(got) - true) - 2.0**-1070, 0) / abs(true)


def dd(hi, lo_fraction=0.0):
    """A normalized double-double near ``hi``."""
    return _DD(numpy.float64(hi), numpy.float64(hi * lo_fraction * 2.0**-53))


lo_part = st.floats(-0.5, 0.5)


@settings(max_examples=60, deadline=None)
@given(st.floats(-700, 700), lo_part)
def test_exp(x, lo):
    x = dd(x, lo)
    with mpmath.workdps(60):
        assert relative_error(_dd_exp(x), mpmath.exp(value(x))) < TOLERANCE


@settings(max_examples=60, deadline=None)
@given(st.one_of(st.floats(-1, 1), st.floats(-40, 40)).filter(lambda x: x != 0), lo_part)
def test_expm1_is_relative_accurate_near_zero(x, lo):
    x = dd(x, lo)
    with mpmath.workdps(60):
        assert relative_error(_dd_expm1(x), mpmath.expm1(value(x))) < TOLERANCE


@settings(max_examples=60, deadline=None)
@given(st.floats(-300, 300), lo_part)
def test_log(e, lo):
    x = dd(10.0**e, lo)
    with mpmath.workdps(60):
        true = mpmath.log(float(x.hi)) + mpmath.log1p(mpmath.mpf(float(x.lo)) / float(x.hi))  # exact near 1 too
        if true != 0:
            assert relative_error(_dd_log(x), true) < TOLERANCE


@settings(max_examples=60, deadline=None)
@given(st.one_of(st.floats(-0.999, 1e6), st.floats(-1e-20, 1e-20), st.floats(1e6, 1e300)).filter(lambda x: x != 0), lo_part)
def test_log1p(x, lo):
    x = dd(x, lo)
    with mpmath.workdps(60):
        assert relative_error(_dd_log1p(x), mpmath.log1p(value(x))) < TOLERANCE


@settings(max_examples=60, deadline=None)
@given(st.floats(-700, 7000), st.floats(-7000, 700))
def test_softplus_and_logaddexp_do_not_overflow(a, b):
    with mpmath.workdps(60):
        true = max(a, b) + mpmath.log1p(mpmath.exp(-abs(mpmath.mpf(a) - b)))
        assert relative_error(_dd_logaddexp(dd(a), dd(b)), true) < TOLERANCE
        if a > -700:
            assert relative_error(_dd_softplus(dd(a)), mpmath.log1p(mpmath.exp(a))) < TOLERANCE


@settings(max_examples=60, deadline=None)
@given(st.floats(1e-3, 1e3), st.floats(1e-3, 1e3), lo_part, lo_part)
def test_arithmetic_is_exact_to_about_106_bits(a, b, la, lb):
    x, y = dd(a, la), dd(b, lb)
    exact = {id(v): Fraction(float(v.hi)) + Fraction(float(v.lo)) for v in (x, y)}
    fx, fy = exact[id(x)], exact[id(y)]
    for got, true in ((x + y, fx + fy), (x - y, fx - fy), (x * y, fx * fy), (x / y, fx / fy)):
        if true != 0:
            assert abs(Fraction(float(got.hi)) + Fraction(float(got.lo)) - true) / abs(true) < Fraction(1, 2**100)


def test_constants_and_arrays():
    with mpmath.workdps(60):
        assert relative_error(_LN2, mpmath.log(2)) < 2.0**-104
        table = _DD(_dd._EXP2_HI, _dd._EXP2_LO)
        for j in (0, 1, 31, 63):
            assert relative_error(_DD(table.hi[j], table.lo[j]), mpmath.mpf(2) ** (mpmath.mpf(j) / 64)) < 2.0**-103
    with numpy.errstate(all="ignore"):  # as in the numeric functions
        x = _dd_exp(_DD(numpy.array([-1000.0, 0.0, 1000.0, numpy.nan]), numpy.zeros(4)))
    assert x.hi[0] == 0 and x.hi[1] == 1 and x.hi[2] == numpy.inf and numpy.isnan(x.hi[3])


def test_select_calls_only_the_branches_it_needs():
    def fail():
        raise AssertionError("evaluated a branch no element takes")

    assert _dd_select(numpy.array([True, True]), lambda: 1, fail) == 1
    assert _dd_select(numpy.array([False]), fail, lambda: 2) == 2
    mixed = _dd_select(numpy.array([True, False]), lambda: _DD(numpy.ones(2)), lambda: _DD(numpy.zeros(2)))
    assert mixed.hi.tolist() == [1.0, 0.0]


def test_the_numeric_code_never_uses_long_double():
    extended = {"longdouble", "float128", "float96", "clongdouble", "longfloat"}
    for module in (_dd, _runtime, _generated):
        tree = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))
        names = {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
        names |= {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
        names |= {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)}
        assert not names & extended, module.__name__


RUNNER = """
import numpy, sys
numpy.longdouble = numpy.float64  # what Windows and macOS/ARM have
from symmetric.numeric import f_beta, g_beta_rho, power_mean
out = []
for name in sys.argv[1:-1]:
    data = numpy.load(name)
    out += [g_beta_rho(data["P"], data["R"], data["beta"], data["rho"]),
            power_mean(data["P"], data["R"], data["beta"], data["rho"] + 1), f_beta(data["P"], data["R"], data["beta"])]
numpy.save(sys.argv[-1], numpy.concatenate(out))
"""


def test_results_are_the_same_where_long_double_is_plain_double(tmp_path):
    rng = numpy.random.default_rng(5)
    n = 2000
    here, paths = [], []
    for scale in (0, -300):  # one interpreter for both scales: a subprocess costs more than the work
        data = {"P": 10 ** rng.uniform(scale or -6, 0, n), "R": 10 ** rng.uniform(scale or -6, 0, n),
                "beta": 10 ** rng.uniform(-2, 2, n),
                "rho": rng.choice([-1000.0, -2.0, -1.1, -1.0, -0.9, -1 + 1e-9, -0.5, 0.0, 1e-12, 3.0], n)}
        paths.append(str(tmp_path / f"in{len(paths)}.npz"))
        numpy.savez(paths[-1], **data)
        here += [g_beta_rho(data["P"], data["R"], data["beta"], data["rho"]),
                 power_mean(data["P"], data["R"], data["beta"], data["rho"] + 1),
                 f_beta(data["P"], data["R"], data["beta"])]
    subprocess.run([sys.executable, "-c", RUNNER, *paths, str(tmp_path / "out.npy")], check=True)
    assert numpy.array_equal(numpy.load(tmp_path / "out.npy").view(numpy.int64), numpy.concatenate(here).view(numpy.int64))


def test_double_double_products_beyond_veltkamps_range_are_exact():
    from symmetric.numeric._dd import _two_prod

    rng = numpy.random.default_rng(5)
    with mpmath.workdps(80), numpy.errstate(all="ignore"):
        for _ in range(200):
            a = rng.uniform(1, 2) * 2.0 ** int(rng.integers(990, 1023))
            b = rng.uniform(-1, 1) * 2.0 ** int(rng.integers(-60, 0))
            p, e = _two_prod(numpy.float64(a), numpy.float64(b))
            if numpy.isfinite(p):
                assert mpmath.mpf(a) * mpmath.mpf(b) == mpmath.mpf(float(p)) + mpmath.mpf(float(e))
        assert _two_prod(numpy.float64(LARGEST), numpy.float64(2.0)) == (numpy.inf, 0.0)
