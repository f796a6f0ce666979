"""What runs at each call of a compiled function (symmetric.numeric.compiled): the zero_division policy, the
arguments' checks, masked arrays. The functions come from symmetric.numeric.compile (its SymPy half:
tests/generate/test_compile.py)."""

import numpy
import pytest

from symmetric import InvalidParameterError, P, R
from symmetric import numeric
from symmetric.numeric import UndefinedValueWarning, compile

HARMONIC = 2 * P * R / (P + R)


def test_compile_zero_division_policy():
    with pytest.warns(UndefinedValueWarning, match="zero_division"):
        assert compile(HARMONIC, (P, R))(0.0, 0.0) == 0.0  # default "warn", like scikit-learn
    assert compile(HARMONIC, (P, R), zero_division=1.0)(0.0, 0.0) == 1.0
    assert numpy.isnan(compile(HARMONIC, (P, R), zero_division=numpy.nan)(0.0, 0.0))
    with pytest.raises(InvalidParameterError, match="defined .*P = 0.0, R = 0.0"):
        compile(HARMONIC, (P, R), zero_division="raise")([0.5, 0.0], 0.0)
    with pytest.raises(InvalidParameterError, match="'zero_division' parameter of compile"):
        compile(HARMONIC, (P, R), zero_division=2)


def test_compiled_functions_check_their_arguments():
    f = compile(HARMONIC, (P, R), check=True)
    with pytest.raises(InvalidParameterError, match=r"'P' parameter of compiled function compiled must be a number "
                                                    r"in \[0, 1\]. Got -1.0 instead"):
        f(-1.0, 0.5)
    with pytest.raises(ValueError, match=r"'P' parameter .* Got 'x' instead"):
        f("x", 0.5)
    with pytest.raises(InvalidParameterError, match=r"'R' parameter .* Got nan at index \(1,\)"):
        f(0.5, [0.5, numpy.nan])
    assert f(-1.0, 0.5, validate=False) == 2.0  # trusted input: no check, 2 (-1)(0.5) / (-0.5)


def test_masked_arrays_keep_their_mask():
    masked = numpy.ma.masked_array([0.5, 0.2, -3.0], mask=[False, True, True])  # the masked -3 is not checked
    for out in (compile(HARMONIC, (P, R))(masked, 0.5), numeric.f_beta(masked, 0.5, 1.0),
                numeric.g_beta_rho(0.5, masked, 2.0, -2.0), numeric.power_mean(masked, masked, 1.0, 1.0)):
        assert isinstance(out, numpy.ma.MaskedArray)
        assert out.mask.tolist() == [False, True, True] and out[0] == pytest.approx(0.5)
    assert numeric.g_beta_rho(numpy.ma.masked, 0.5, 2.0, -2.0) is numpy.ma.masked
