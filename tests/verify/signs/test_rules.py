"""The one sign decider's registry (signs/rules.py, issue 32): every sign rule a handler per type and calculus."""

import sympy

from symmetric import P, R
from symmetric.verify.core import trust
from symmetric.verify.signs.rules import SIGN_RULES, decide, register_sign_rule, rule_for


def test_both_calculi_are_registered_in_the_one_registry():
    import symmetric.verify.inequalities.count_signs  # noqa: F401 - registers the counts rules
    import symmetric.verify.signs.decide  # noqa: F401

    assert {"domain", "counts"} <= set(SIGN_RULES)
    assert rule_for("domain", sympy.Abs(P)) is not None and rule_for("counts", sympy.Abs(P)) is not None


def test_a_subclass_gets_its_base_rule_and_an_unknown_type_none():
    register_sign_rule("test", sympy.atan)(lambda e, c: "atan rule")
    try:
        assert decide("test", trust.atan(P), None) == "atan rule"  # the guarded subclass
        assert decide("test", sympy.exp(R), None) is None
    finally:
        del SIGN_RULES["test"]
