"""What a worker sends back: expressions rebuilt as they were, without being evaluated again."""

import pickle

import pytest
import sympy

from symmetric import P, R, beta, rho
from symmetric.verify.claims import transport
from symmetric.verify.claims.registry import definitions, load_proofs


def _structure(obj) -> bytes:
    """``obj`` pickled without the memo: equal bytes for equal structure, whatever object is shared."""
    import io

    buffer = io.BytesIO()
    pickler = pickle.Pickler(buffer, protocol=pickle.HIGHEST_PROTOCOL)
    pickler.fast = True
    pickler.dump(obj)
    return buffer.getvalue()


EXPRESSIONS = [
    (1 + beta**2) * P * R / (beta**2 * P + R),
    sympy.Abs(P - R) ** rho + sympy.exp(-rho) * sympy.log(P / R),
    sympy.Piecewise((P, sympy.Eq(rho, 0)), (R**rho, True)),
    sympy.Integral(P / (P + R), (P, 0, 1)),
    sympy.Max(P, R) - sympy.Min(P, 2 * R),
    sympy.Lt(P, 1) & sympy.Ge(R, sympy.Rational(1, 3)) | sympy.Ne(beta, 2),
    sympy.Limit(P**rho, rho, sympy.oo),
    sympy.Function("f")(P) + sympy.Derivative(sympy.Function("g")(R), R),
    sympy.sqrt(2) * sympy.Float("0.25") + sympy.I * sympy.pi,
]


@pytest.mark.parametrize("expr", EXPRESSIONS, ids=range(len(EXPRESSIONS)))
def test_round_trip_is_the_same_expression(expr):
    back = transport.loads(transport.dumps(expr))
    assert back == expr
    assert sympy.srepr(back) == sympy.srepr(expr)
    assert _structure(back) == _structure(expr)


def test_unevaluated_nodes_stay_unevaluated():
    # a plain pickle evaluates them on the way; the transport keeps what the worker had
    expr = sympy.Add(sympy.Mul(2, 3, evaluate=False), sympy.Pow(P, 1, evaluate=False), evaluate=False)
    back = transport.loads(transport.dumps(expr))
    assert sympy.srepr(back) == sympy.srepr(expr)
    assert sympy.srepr(pickle.loads(pickle.dumps(expr))) != sympy.srepr(expr)


def test_only_exact_constructors_are_rebuilt_unevaluated():
    assert transport._as_built(sympy.Add) and transport._as_built(sympy.exp) and transport._as_built(sympy.Lt)
    for cls in (sympy.Piecewise, sympy.Integral, sympy.Max, sympy.Symbol, sympy.Rational, type(sympy.Function("f")(P))):
        assert not transport._as_built(cls), cls


def test_built_claims_cross_unchanged():
    # every built-in claim of one proof script, as a worker sends it back after building it
    proofs = [p for p in load_proofs(builtin=True) if p.name == "numeric_gradients"]
    claims = [d.build() for d in definitions(proofs)]
    assert claims
    for claim in claims:
        back = transport.loads(transport.dumps(claim))
        assert _structure(back) == _structure(claim), claim.id
