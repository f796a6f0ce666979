"""The whitelist parser: what it accepts, what it refuses, and that it never evaluates text."""

from __future__ import annotations

import builtins
import re
import time

import pytest
import sympy
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from symmetric import P, R, beta, f_beta, g_beta_rho, rho
from symmetric import InvalidParameterError
from symmetric.explore import ExpressionError, parameter_symbols, parse, parse_parameter
from symmetric.explore.parser import LIMITS
from symmetric.families import general_formula

INJECTIONS = [
    "__import__('os').system('touch /tmp/pwned')",
    "().__class__",
    "().__class__.__bases__[0].__subclasses__()",
    "lambda: 1",
    "'a'",
    '"a"',
    "P.__class__",
    "open('x')",
    "eval('1')",
    "exec('1')",
    "sympify('P')",
    "Symbol('x')",
    "globals()",
    "P if R else 1",
    "[P for P in R]",
    "P; import os",
    "P\nimport os",
    "2**2**2**2**2**2**2",
    "9**9**9",
    "10**10**10",
    "(" * 10_000 + "P" + ")" * 10_000,
    "-" * 1_000 + "P",
    "exp(" * 40 + "P" + ")" * 40,
    "P" + "+P" * 1_500,
    "1" * 100,
    "1e100000",
    "P**100000",
    "(2**1000)**1000",
    "P @ R",
    "P[0]",
    "{P}",
    "P, R",
    "P = 1",
    "P == R",
    "",
]


@pytest.mark.parametrize("text", INJECTIONS, ids=lambda t: repr(t[:30]))
def test_refuses_everything_outside_the_whitelist(text):
    cpu = time.process_time()  # CPU time: a loaded machine does not inflate it
    with pytest.raises(ExpressionError) as info:
        parse(text)
    assert time.process_time() - cpu < 1.0
    message = str(info.value)
    assert "must be an expression in P, R" in message
    assert "the functions exp, log, sqrt, Abs, Min, Max" in message
    assert info.value.reason and info.value.reason in message
    assert isinstance(info.value, InvalidParameterError) and isinstance(info.value, ValueError)


def test_never_calls_eval_exec_or_sympy_parsing(monkeypatch):
    def forbidden(*args, **kwargs):
        raise AssertionError("text was evaluated")

    import sympy.parsing.sympy_parser as sympy_parser

    monkeypatch.setattr(builtins, "eval", forbidden)
    monkeypatch.setattr(builtins, "exec", forbidden)
    monkeypatch.setattr(sympy_parser, "parse_expr", forbidden)
    assert parse("(1 + beta**2)*P*R/(beta**2*P + R)") == f_beta()
    with pytest.raises(ExpressionError):
        parse("__import__('os')")


@pytest.mark.parametrize("text, reason", [
    ("__import__('os')", "names starting with '_' are never allowed"),
    ("P.real", "attribute access"),
    ("'P'", "strings are not allowed"),
    ("lambda: 1", "lambdas are not allowed"),
    ("open(P)", "unknown name 'open'"),
    ("beta(P)", "calls of 'beta' are not allowed"),
    ("2^3", "write '**'"),
    ("2P", "missing operator before 'P'"),
    ("P +", "ends too early"),
    ("(P", "a ')' is missing"),
    ("P)", "unbalanced ')'"),
    ("exp(P, R)", "exp takes 1 argument(s), got 2"),
    ("Min(P)", "Min takes 2 to 16 argument(s), got 1"),
    ("exp", "must be called with parentheses"),
    ("1/(P - P)", "division by zero"),
    ("log(0)", "undefined"),
    ("sqrt(-1)", "not real"),
    ("x", "declare a parameter with --param NAME"),
    ("P**P**P**P**P", f"limited to {LIMITS['tower']} levels"),
    ("(" * 40 + "P" + ")" * 40, f"nested more than {LIMITS['depth']} deep"),
    ("P**2000", f"limited to {LIMITS['exponent']}"),
])
def test_says_what_is_wrong(text, reason):
    with pytest.raises(ExpressionError, match=re.compile(r"instead\. .*" + re.escape(reason), re.IGNORECASE)):
        parse(text)


def test_position_points_at_the_problem():
    with pytest.raises(ExpressionError) as info:
        parse("P + R + open")
    assert info.value.position == 9
    assert "(position 9)" in str(info.value)


def test_builds_the_library_formulas():
    assert parse("(1 + beta**2)*P*R/(beta**2*P + R)") == f_beta()
    assert parse("(beta*P + R)/(1 + beta)") == g_beta_rho(rho=0)
    text = "((beta**rho*P**(rho + 1) + R**(rho + 1))/(1 + beta**rho))**(1/(rho + 1))"
    assert parse(text) == general_formula(g_beta_rho())


@pytest.mark.parametrize("text, expected", [
    ("-P**2", -P**2),
    ("2**-2", sympy.Rational(1, 4)),
    ("P**-1", 1 / P),
    ("--P", P),
    ("P\u2212R", P - R),
    ("0.5*P + .5*R", (P + R) / 2),
    ("1.5e-3", sympy.Rational(3, 2000)),
    ("2e3", sympy.Integer(2000)),
    ("Max(P, R, 1/2)", sympy.Max(P, R, sympy.Rational(1, 2))),
    ("Abs(P - R) + exp(log(P)) + sqrt(R)", sympy.Abs(P - R) + P + sympy.sqrt(R)),
    ("P/R/2", P / R / 2),
    ("P - R - 1", P - R - 1),
    ("2**3**2", sympy.Integer(512)),
])
def test_operators_follow_python_precedence(text, expected):
    assert parse(text) == expected


def test_long_flat_sums_do_not_recurse():
    assert parse("+".join(["P"] * 900)) == 900 * P


def test_parameters_get_symbols_or_values():
    a = parse("a*P + R", parameters=["a"]).coeff(P)
    assert a.name == "a" and a.is_positive
    assert parse("beta*P", parameters={"beta": 2}) == 2 * P
    assert parse("rho", parameters=["rho"]) is rho  # the library's own symbol, real
    assert parse("beta*P") == beta * P  # library parameters are always known
    custom = sympy.Symbol("w", real=True)
    assert parse("w", parameters={"w": custom}) is custom


@pytest.mark.parametrize("names", [["P"], ["R"], ["exp"], ["Min"], ["_x"], ["1a"], ["a b"], ["lambda"], ["x" * 40]])
def test_parameter_names_are_validated(names):
    with pytest.raises(InvalidParameterError):
        parameter_symbols(names)


def test_parameter_values_respect_the_library_assumptions():
    with pytest.raises(InvalidParameterError, match="'beta' parameter of parameter_symbols must be a positive"):
        parameter_symbols({"beta": -1})
    assert parameter_symbols({"rho": -3})["rho"] == -3
    with pytest.raises(InvalidParameterError):
        parameter_symbols({"a": 0})  # new parameters are positive


@pytest.mark.parametrize("spec, expected", [
    ("beta=2", ("beta", sympy.Integer(2))),
    ("rho=-3", ("rho", sympy.Integer(-3))),
    ("gamma=sqrt(2)", ("gamma", sympy.sqrt(2))),
    ("a=1/3", ("a", sympy.Rational(1, 3))),
    ("a", ("a", None)),
])
def test_parse_parameter(spec, expected):
    assert parse_parameter(spec) == expected


@pytest.mark.parametrize("spec", ["P=1", "beta=P", "beta=rho", "x=__import__('os')", "=2", "a=", "a=1=2"])
def test_parse_parameter_refuses(spec):
    with pytest.raises(InvalidParameterError):
        parse_parameter(spec)


leaves = st.sampled_from([P, R, beta, sympy.Integer(2), sympy.Integer(3), sympy.Rational(1, 2)])


def _combine(children):
    binary = st.tuples(children, children)
    return st.one_of(
        binary.map(lambda ab: ab[0] + ab[1]),
        binary.map(lambda ab: ab[0] - ab[1]),
        binary.map(lambda ab: ab[0] * ab[1]),
        binary.map(lambda ab: ab[0] / ab[1] if ab[1] != 0 else ab[0]),
        st.tuples(children, st.integers(-3, 3)).map(lambda ae: ae[0] ** ae[1] if ae[0] != 0 else ae[0]),
        children.map(sympy.exp),
        children.map(lambda e: sympy.log(e) if e.is_positive else e),
        st.tuples(children, children).map(lambda ab: sympy.Max(*ab)),
    )


expressions = st.recursive(leaves, _combine, max_leaves=8)


@settings(max_examples=150, deadline=None)
@given(expressions)
def test_printed_expressions_parse_back(expr):
    # E (printed for exp(1)) and pi are outside the whitelist; so are undefined and complex values.
    assume(not expr.has(sympy.zoo, sympy.nan, sympy.oo, sympy.I, sympy.E, sympy.pi) and expr.is_real is not False)
    parsed = parse(sympy.sstr(expr))
    # The same expression; SymPy may group constant factors differently (1/(2*(P + R)) and 1/(2*P + 2*R)).
    assert parsed == expr or sympy.simplify(parsed - expr) == 0


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="PR()+-*/^.,'\"_ab1e2 xyz[]{}:=;\\\n", max_size=60))
def test_any_text_parses_or_is_refused_cleanly(text):
    try:
        result = parse(text)
    except ExpressionError as exc:
        assert "must be an expression in P, R" in str(exc)
    else:
        assert isinstance(result, sympy.Expr)
