"""The prover of inequalities in nonnegative counts under conditions (squaring under established signs).

It must prove what the issue found "unknown" (MCC <= 1, MCC >= -1, |kappa| <= |MCC|) and never prove a false
or undefined statement: each false one here has a counterexample on its domain.
"""

import time

import pytest
import sympy

from symmetric.families import confusion, counts
from symmetric.symbols import FN, FP, TN, TP
from symmetric.verify.core.statement import Statement
from symmetric.verify.inequalities.count_signs import prove_counts_inequality

MARGINS = (TP + FP > 0, TP + FN > 0, TN + FP > 0, TN + FN > 0)
MCC, KAPPA, F1 = confusion.mcc(), confusion.cohen_kappa(), counts.f_beta_counts(1)


def proves(lhs, relation, rhs, conditions=MARGINS):
    return prove_counts_inequality(Statement.of(lhs, rhs, relation=relation, conditions=conditions),
                                   time.perf_counter() + 30) is not None


@pytest.mark.parametrize(("lhs", "relation", "rhs"), [
    (MCC, "<=", 1), (MCC, ">=", -1), (MCC**2, "<=", 1),   # |kappa| <= |MCC|: claim confusion.kappa.at_most_mcc
    (confusion.informedness(), "<=", 1), (confusion.jaccard(), "<=", F1)])
def test_proves_the_bounds(lhs, relation, rhs):
    assert proves(lhs, relation, rhs)


@pytest.mark.parametrize(("lhs", "relation", "rhs", "conditions"), [
    (MCC, "<=", sympy.Rational(1, 2), MARGINS),           # TP = TN = 1, FP = FN = 0: MCC = 1
    (MCC, "<", 1, MARGINS),                               # equality at a perfect classifier
    (KAPPA, ">=", MCC, MARGINS),                          # kappa < MCC at TP = 2, FP = 1, FN = 0, TN = 1
    (MCC, ">=", 0, MARGINS),                              # negative correlation
    (confusion.jaccard(), ">=", F1, (TP + FP + FN > 0,)),  # Jaccard < F1 wherever 0 < F1 < 1
    (TP / FP, ">=", 0, ()),                               # undefined at FP = 0: no condition makes it defined
    (MCC, "<=", 1, MARGINS[:3]),                          # TN + FN may be 0: MCC undefined there
])
def test_never_proves_a_false_or_undefined_statement(lhs, relation, rhs, conditions):
    assert not proves(lhs, relation, rhs, conditions)
