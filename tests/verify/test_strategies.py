"""Strategies are records in a public registry: adding one is one record and one registration."""

import pytest
import sympy

from symmetric import InvalidParameterError
from symmetric.verify import check
from symmetric.verify.strategies import STRATEGIES, Strategy, register_strategy, strategies_for, unregister_strategy
from symmetric.verify.strategies.registry import COSTS, EQUALITY, INEQUALITIES


def test_a_strategy_registered_in_the_test_suite_is_tried_by_the_search():
    x = sympy.Symbol("x_registered", positive=True)
    lhs, rhs = sympy.sqrt(x**2 + 2 * x + 1), x + 1

    def knows_one_identity(l, r, relation):  # a toy exact argument: a table of one identity
        return {l, r} == {lhs, rhs}

    register_strategy(Strategy("table of one identity", "the test suite's table of one identity", "cheap",
                               EQUALITY, knows_one_identity, before_refutation=True), before="evaluation")
    try:
        assert [s.name for s in strategies_for("==")][:2] == ["table of one identity", "evaluation"]
        verdict = check(lhs, rhs)
    finally:
        unregister_strategy("table of one identity")
    assert verdict.status == "proven" and verdict.method == "table of one identity"
    assert verdict.steps[-1].trusts == "the test suite's table of one identity"
    assert "table of one identity" not in [s.name for s in STRATEGIES]


def test_the_built_in_strategies_in_search_order():
    assert [(s.name, s.cost) for s in strategies_for("==")] == [
        ("evaluation", "cheap"), ("cancel", "cheap"), ("powsimp", "standard"), ("ratio", "standard"),
        ("logarithm", "general"), ("simplify", "general")]
    assert [s.name for s in strategies_for("<")] == ["sign", "sign of factored form", "sign of simplified form"]
    assert all(s.trusts and s.cost in COSTS and s.applies_to in (EQUALITY, INEQUALITIES) for s in STRATEGIES)


@pytest.mark.parametrize(("field", "value"), [("name", ""), ("trusts", None), ("cost", "free"),
                                              ("applies_to", frozenset({"~"})), ("run", "not callable")])
def test_a_bad_record_is_refused(field, value):
    fields = dict(name="n", trusts="t", cost="cheap", applies_to=EQUALITY, run=lambda l, r, relation: False)
    fields[field] = value
    with pytest.raises(InvalidParameterError, match=f"'{field}' parameter of Strategy"):
        Strategy(**fields)


def test_registration_refuses_a_taken_name_and_an_unknown_place():
    taken = Strategy("cancel", "t", "cheap", EQUALITY, lambda l, r, relation: False)
    with pytest.raises(InvalidParameterError, match="new name"):
        register_strategy(taken)
    with pytest.raises(InvalidParameterError, match="'before' parameter"):
        register_strategy(Strategy("new", "t", "cheap", EQUALITY, lambda l, r, relation: False), before="nothing")
    with pytest.raises(InvalidParameterError):
        unregister_strategy("nothing")
