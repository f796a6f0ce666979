"""The certificate kernel (core/kernel.py) and its producer (core/certificates.py), issue 29."""

import pytest
import sympy

from symmetric import P, R, beta
from symmetric.verify import check
from symmetric.verify.core.certificates import certified, certify
from symmetric.verify.core.kernel import Certificate, recheck
from symmetric.verify.core.statement import Statement

UNIT = (P <= 1, R <= 1)


@pytest.mark.parametrize("lhs, rhs, relation, kind", [
    (P / (P + R), 1 - R / (P + R), "==", "rational identity"),
    (2 * P * R / (P + R), (P + R) / 2, "<=", "polynomial sign"),
    (P * R, P, "<=", "polynomial sign"),
    ((P + R) ** 2, 4 * P * R, ">=", "polynomial sign"),
    (sympy.pi, 3, ">", "constant sign"),
])
def test_the_kernel_rechecks_what_the_producer_proposes(lhs, rhs, relation, kind):
    s = Statement.of(lhs, rhs, relation=relation, conditions=UNIT if lhs.free_symbols else ())
    c = certified(s)
    assert c is not None and c.kind == kind
    assert check(lhs, rhs, relation=relation).certificate.kind == kind


def test_a_wrong_certificate_is_rejected():
    s = Statement.of(P * R, P, relation="<=", conditions=UNIT)
    good = certify(s)
    assert recheck(s, good)
    assert good.kind == "polynomial sign"
    assert recheck(s, Certificate(good.kind, P * R - P, good.denominators, good.relation))  # the same, as expression
    assert not recheck(s, Certificate(good.kind, P - P * R, good.denominators, good.relation))  # the wrong sign
    assert not recheck(s, Certificate("rational identity", sympy.Integer(0), (), "<="))
    assert not recheck(Statement.of(P * R, P, relation=">=", conditions=UNIT), good)
    # R > 1 is allowed without the bound R <= 1: P*R <= P is false there, and its sign is not certified
    assert certified(Statement.of(P * R, P, relation="<=")) is None


def test_outside_the_algebraic_fragment_there_is_no_certificate():
    assert certified(Statement.of(P**beta, P**beta, conditions=UNIT)) is None
    assert certified(Statement.of(sympy.log(P), P - 1, relation="<=", conditions=UNIT)) is None
    v = check(sympy.log(P), P - 1, relation="<=")
    assert v.status == "proven" and v.certificate is None


def test_the_kernel_reads_shifted_boxes_and_stated_conditions():
    f_beta = P * R * (1 + beta**2) / (beta**2 * P + R)
    above_one = Statement.of(f_beta, 1, relation=">=", conditions=(P >= 1, R >= 1))
    assert certified(above_one).kind == "polynomial sign"  # P = 1 + t, R = 1 + s: coefficients all >= 0
    stated = Statement.of(P * R, sympy.Rational(1, 4), relation="<", conditions=(P * R < sympy.Rational(1, 4),) + UNIT)
    assert certified(stated).kind == "polynomial sign"  # the condition itself
    assert certified(Statement.of(P * R, sympy.Rational(1, 4), relation="<", conditions=UNIT)) is None  # false


def test_the_bernstein_coefficients_bound_a_polynomial_on_a_bounded_box():
    s = Statement.of((P + R) / 2, P * R, relation=">=", conditions=UNIT)  # 0 at P = R = 0, outside the box
    assert certified(s).kind == "polynomial sign"
    assert certified(Statement.of((P + R) / 2, P * R, relation="<=", conditions=UNIT)) is None
