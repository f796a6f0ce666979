"""A whitelist parser for expressions in P and R: user text never reaches ``eval``.

SymPy's ``sympify`` and ``parse_expr`` evaluate Python code, so the text of a
user's expression goes through this module instead. It accepts exactly:

* the symbols ``P`` and ``R``, and declared parameter names;
* numbers: ``2``, ``0.5``, ``1e-3`` (taken exactly, as rationals);
* the operators ``+ - * / **`` and parentheses (``−``, U+2212, is a minus);
* the functions ``exp``, ``log``, ``sqrt`` (one argument each), ``Abs`` and
  ``Min``, ``Max`` (two or more arguments).

Everything else (other names, calls, attribute access, strings, brackets,
lambdas) is rejected with a message that says what is allowed. Three stages
keep every limit ahead of the work it protects:

1. the tokenizer checks the length and the nesting of parentheses;
2. a recursive-descent parser builds a small tree of Python tuples, bounding
   the nesting depth, and the tree's exponent towers and literals are checked;
3. only then are SymPy objects built, directly (``Add``, ``Mul``, ``Pow``),
   refusing powers of numbers too large to compute.

>>> from symmetric.explore import parse
>>> parse("(1 + beta**2)*P*R/(beta**2*P + R)")
P*R*(beta**2 + 1)/(P*beta**2 + R)
>>> parse("(beta*P**2 + R**2)/(beta*P + R)", parameters={"beta": 2})
(2*P**2 + R**2)/(2*P + R)
>>> parse("__import__('os').system('true')")
Traceback (most recent call last):
    ...
symmetric.explore.parser.ExpressionError: The 'expr' parameter of parse must be ... Got "__import__('os').system('true')" instead. Unknown name '__import__'; names starting with '_' are never allowed (position 1).
"""

from __future__ import annotations

import keyword
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple

import sympy

from .. import families as _families, symbols as _symbols
from .._constraints import Predicate, Rule, declare, unchecked
from .._validation import InvalidParameterError
from .arguments import NAME, NAMES, SYMBOL, TEXT

__all__ = [
    "ExpressionError",
    "FUNCTIONS",
    "Function",
    "LIMITS",
    "check_power_size",
    "parse",
    "parameter_symbols",
    "parse_parameter",
    "parse_value",
]


class Function(NamedTuple):
    """A function both parsers accept: the SymPy function, its least and most argument counts, and its LaTeX
    spellings (read by :mod:`symmetric.documents.latex_parser`)."""

    sympy: Callable
    least: int
    most: int
    latex: tuple = ()


#: Functions the parsers accept, the expression parser by name and the LaTeX parser by spelling: one table.
FUNCTIONS = {
    "exp": Function(sympy.exp, 1, 1, ("\\exp",)),
    "log": Function(sympy.log, 1, 1, ("\\ln", "\\log")),
    "sqrt": Function(sympy.sqrt, 1, 1, ("\\sqrt",)),
    "Abs": Function(sympy.Abs, 1, 1),
    "Min": Function(sympy.Min, 2, 16, ("\\min",)),
    "Max": Function(sympy.Max, 2, 16, ("\\max",)),
}

#: The limits checked before any SymPy object is built.
LIMITS = {
    "length": 2000,  # characters of text
    "depth": 32,  # nesting of parentheses, calls, signs and exponents
    "tower": 3,  # height of a tower of exponents a**b**c
    "digits": 40,  # digits of one numeric literal
    "decimal_exponent": 40,  # |n| in a literal such as 1e-n
    "exponent": 1000,  # |e| of a numeric exponent
    "bits": 20000,  # size of an exactly computed power of a number
}

#: The parameters known to the library, with their assumptions: those of the registered families, read live
#: from their records (:data:`symmetric.families.PARAMETERS`).
LIBRARY_PARAMETERS = _families.PARAMETERS

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_NUMBER = re.compile(r"(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?")
_OPERATORS = ("**", "+", "-", "*", "/", "(", ")", ",")
_MINUS_SIGNS = {"\u2212": "-", "\u2013": "-"}


class ExpressionError(InvalidParameterError):
    """The text is not an expression the whitelist accepts.

    Attributes
    ----------
    reason : str
        What is wrong, e.g. ``"Unknown name 'open'"``.
    position : int or None
        1-based character position of the problem, when there is one.
    """

    def __init__(self, message: str, *, reason: str = "", position: int | None = None, **parts) -> None:
        super().__init__(message, **parts)
        self.reason = reason
        self.position = position


#: What a parameter value may be (``NAME=VALUE`` on the command line).
VALUE_ALLOWED = (
    "a number: digits with an optional decimal point and exponent (1e-3, at most e40), or numbers "
    "combined with + - * / ** and the functions " + ", ".join(FUNCTIONS) + " (1/3, sqrt(2))"
)


@dataclass(frozen=True)
class _Grammar:
    """What the caller allows: used to build the error messages."""

    names: dict  # name -> SymPy expression (a symbol or a value)
    func: str
    param: str = "expr"  # the argument (or command-line option) named in messages
    value: bool = False  # a parameter value: numbers only

    def allowed(self) -> str:
        if self.value:
            return VALUE_ALLOWED
        params = sorted(n for n in self.names if n not in ("P", "R"))
        return (
            "an expression in P, R"
            + (", the parameters " + ", ".join(params) if params else "")
            + ", numbers, + - * / ** and parentheses, and the functions "
            + ", ".join(FUNCTIONS)
        )

    def error(self, text: str, reason: str, position: int | None = None) -> ExpressionError:
        where = f" (position {position})" if position is not None else ""
        shown = text if len(text) <= 80 else text[:77] + "..."
        reason = reason[:1].upper() + reason[1:]
        allowed = self.allowed()
        message = f"{InvalidParameterError.message(self.param, self.func, allowed, shown)} {reason}{where}."
        return ExpressionError(
            message, reason=reason, position=position, param=self.param, func=self.func, allowed=allowed, got=text
        )


# --- 1. tokens -------------------------------------------------------------------------------------


def _tokenize(text: str, grammar: _Grammar) -> list[tuple[str, str, int]]:
    """``(kind, value, position)`` triples; kind is "number", "name" or "op"."""
    if len(text) > LIMITS["length"]:
        raise grammar.error(text, f"the text is longer than {LIMITS['length']} characters")
    tokens = []
    depth = 0
    i = 0
    while i < len(text):
        c = _MINUS_SIGNS.get(text[i], text[i])
        pos = i + 1
        if c.isspace():
            i += 1
            continue
        if c.isascii() and (c.isdigit() or (c == "." and text[i + 1 : i + 2].isdigit())):
            m = _NUMBER.match(text, i)
            assert m is not None  # a digit, or a point before one, starts a number
            tokens.append(("number", m.group(), pos))
            i = m.end()
            continue
        if c.isascii() and (c.isalpha() or c == "_"):
            m = _NAME.match(text, i)
            assert m is not None  # a letter or an underscore starts a name
            if m.group() not in grammar.names and m.group() not in FUNCTIONS:
                raise grammar.error(text, _unknown_name(m.group(), grammar.value), pos)
            tokens.append(("name", m.group(), pos))
            i = m.end()
            continue
        op = next((o for o in _OPERATORS if text.startswith(o, i) or (o == "-" and c == "-")), None)
        if op is None:
            raise grammar.error(text, _describe_character(text, i), pos)
        if op == "(":
            depth += 1
            if depth > LIMITS["depth"]:
                raise grammar.error(text, f"parentheses are nested more than {LIMITS['depth']} deep", pos)
        elif op == ")":
            depth -= 1
            if depth < 0:
                raise grammar.error(text, "unbalanced ')'", pos)
        tokens.append(("op", op, pos))
        i += len(op)
    if depth:
        raise grammar.error(text, "unbalanced '(': a ')' is missing")
    return tokens


def _describe_character(text: str, i: int) -> str:
    c = text[i]
    if c in "'\"":
        return "strings are not allowed"
    if c == ".":
        return "attribute access is not allowed"
    if c == "^":
        return "'^' is not a power here; write '**'"
    if c in "[]{}":
        return "brackets other than parentheses are not allowed"
    if c == "=" or c in "<>!":
        return "comparisons and assignments are not allowed"
    if c == ":":
        return "lambdas, slices and annotations are not allowed"
    return f"the character {c!r} is not allowed"


# --- 2. a tree of tuples -----------------------------------------------------------------------


class _Parser:
    """Recursive descent over the tokens, producing nested tuples (no SymPy yet)."""

    def __init__(self, text, tokens, grammar) -> None:
        self.text, self.tokens, self.grammar = text, tokens, grammar
        self.i = 0
        self.depth = 0

    def fail(self, reason, token=None):
        token = token or self.peek()
        return self.grammar.error(self.text, reason, token[2] if token else None)

    def peek(self):
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def take(self, value=None):
        token = self.peek()
        if token is None:
            raise self.grammar.error(self.text, "the expression ends too early")
        if value is not None and token[1] != value:
            raise self.fail(f"expected {value!r}, found {token[1]!r}")
        self.i += 1
        return token

    def nested(self, method):
        self.depth += 1
        if self.depth > LIMITS["depth"]:
            raise self.fail(f"the expression is nested more than {LIMITS['depth']} deep")
        try:
            return method()
        finally:
            self.depth -= 1

    def parse(self):
        if not self.tokens:
            raise self.grammar.error(self.text, "the expression is empty")
        tree = self.sum()
        token = self.peek()
        if token is not None:
            if token[0] == "op" and token[1] == ")":
                raise self.fail("unbalanced ')'")
            if token[0] == "op" and token[1] == "(":
                raise self.fail("only the functions " + ", ".join(FUNCTIONS) + " can be called")
            raise self.fail(f"missing operator before {token[1]!r}")
        return tree

    def sum(self):
        terms = [("+", self.product())]
        while (t := self.peek()) and t[0] == "op" and t[1] in ("+", "-"):
            self.take()
            terms.append((t[1], self.product()))
        return ("sum", tuple(terms)) if len(terms) > 1 else terms[0][1]

    def product(self):
        factors = [("*", self.signed(), None)]
        while (t := self.peek()) and t[0] == "op" and t[1] in ("*", "/"):
            self.take()
            factors.append((t[1], self.signed(), t[2]))
        return ("product", tuple(factors)) if len(factors) > 1 else factors[0][1]

    def signed(self):
        t = self.peek()
        if t and t[0] == "op" and t[1] in ("+", "-"):
            self.take()
            operand = self.nested(self.signed)
            return ("neg", operand) if t[1] == "-" else operand
        return self.power()

    def power(self):
        base = self.atom()
        t = self.peek()
        if t and t[0] == "op" and t[1] == "**":
            self.take()
            return ("pow", base, self.nested(self.signed), t[2])
        return base

    def atom(self):
        t = self.take()
        kind, value, pos = t
        if kind == "number":
            return ("number", _literal(value, self, t), pos)
        if kind == "name":
            nxt = self.peek()
            if nxt and nxt[1] == "(":
                return self.call(t)
            if value in FUNCTIONS:
                raise self.fail(f"the function {value!r} must be called with parentheses", t)
            return ("name", value, pos)
        if value == "(":
            tree = self.nested(self.sum)
            self.take(")")
            return tree
        raise self.fail(f"unexpected {value!r}", t)

    def call(self, name_token):
        name = name_token[1]
        if name not in FUNCTIONS:
            raise self.fail(f"calls of {name!r} are not allowed (only {', '.join(FUNCTIONS)})", name_token)
        self.take("(")
        args = []
        if self.peek() and self.peek()[1] != ")":
            args.append(self.nested(self.sum))
            while self.peek() and self.peek()[1] == ",":
                self.take(",")
                args.append(self.nested(self.sum))
        self.take(")")
        least, most = FUNCTIONS[name].least, FUNCTIONS[name].most
        if not least <= len(args) <= most:
            count = str(least) if least == most else f"{least} to {most}"
            raise self.fail(f"{name} takes {count} argument(s), got {len(args)}", name_token)
        return ("call", name, tuple(args), name_token[2])


def _unknown_name(name: str, value: bool = False) -> str:
    if name.startswith("_"):
        return f"unknown name {name!r}; names starting with '_' are never allowed"
    if name == "lambda":
        return "lambdas are not allowed"
    if keyword.iskeyword(name):
        return f"the keyword {name!r} is not allowed"
    if value:
        return f"unknown name {name!r}; a value is a finite number" + (
            " (nan and inf are not numbers)" if name.lower() in ("nan", "inf") else ""
        )
    return f"unknown name {name!r}; declare a parameter with --param NAME or parameters=[NAME]"


def _literal(text: str, parser: _Parser, token) -> Fraction:
    mantissa, _, exponent = text.lower().partition("e")
    if len(mantissa.replace(".", "").lstrip("0")) > LIMITS["digits"]:
        raise parser.fail(f"numbers may have at most {LIMITS['digits']} digits", token)
    if exponent and abs(int(exponent)) > LIMITS["decimal_exponent"]:
        raise parser.fail(f"decimal exponents are limited to {LIMITS['decimal_exponent']}", token)
    return Fraction(mantissa) * Fraction(10) ** int(exponent or 0)


def _tower(tree) -> int:
    """Height of the tallest tower of exponents in ``tree``."""
    kind = tree[0]
    if kind == "pow":
        return max(_tower(tree[1]), 1 + _tower(tree[2]))
    if kind == "neg":
        return _tower(tree[1])
    if kind == "call":
        return max(_tower(a) for a in tree[2])
    if kind in ("sum", "product"):
        return max(_tower(part[1]) for part in tree[1])
    return 0


# --- 3. SymPy objects ----------------------------------------------------------------------------


def _build(tree, names: dict, fail):
    kind = tree[0]
    if kind == "number":
        value = tree[1]
        return sympy.Rational(value.numerator, value.denominator)
    if kind == "name":
        return names[tree[1]]
    if kind == "call":
        func = FUNCTIONS[tree[1]].sympy
        return func(*(_build(a, names, fail) for a in tree[2]))
    if kind == "neg":
        return -_build(tree[1], names, fail)
    if kind == "pow":
        base, exponent = _build(tree[1], names, fail), _build(tree[2], names, fail)
        check_power_size(base, exponent, lambda reason: fail(reason, tree[3]))
        return sympy.Pow(base, exponent)
    if kind == "sum":
        return sympy.Add(*(_build(t, names, fail) * (1 if sign == "+" else -1) for sign, t in tree[1]))
    factors = []
    for op, t, position in tree[1]:
        factor = _build(t, names, fail)
        if op == "/":
            if factor == 0:
                raise fail("division by zero", position)
            factor = 1 / factor
        factors.append(factor)
    return sympy.Mul(*factors)


def check_power_size(base: sympy.Expr, exponent: sympy.Expr, fail) -> None:
    """Refuse a power that building would make too large, for this parser and the LaTeX reader alike.

    A numeric exponent is at most ``LIMITS["exponent"]`` in absolute value, an
    exact power of rationals has at most ``LIMITS["bits"]`` bits, and 0 is not
    raised to a negative power; ``fail(reason)`` returns the exception raised.
    """
    if not exponent.is_number:
        return
    size = abs(exponent.evalf(15))
    if size.is_finite is not True or size > LIMITS["exponent"]:
        raise fail(f"numeric exponents are limited to {LIMITS['exponent']} in absolute value")
    if base.is_Rational and exponent.is_Rational:
        bits = max(abs(base.p).bit_length(), base.q.bit_length()) * int(sympy.ceiling(abs(exponent)))
        if bits > LIMITS["bits"]:
            raise fail(f"the power of a number would have more than {LIMITS['bits']} bits")
        if base == 0 and exponent.is_negative:
            raise fail("division by zero")


# --- the public functions -------------------------------------------------------------------------


#: What a parameter's name may be, in the order they are checked.
_NAME_RULES = (
    Predicate(
        "identifiers not starting with '_'",
        lambda n: (
            isinstance(n, str) and bool(_NAME.fullmatch(n)) and not n.startswith("_") and not keyword.iskeyword(n)
        ),
        invalid=("_x", "2a", "lambda"),
    ),
    Predicate(
        "names other than P, R and the functions " + ", ".join(FUNCTIONS),
        lambda n: n not in ("P", "R") and n not in FUNCTIONS,
        invalid=("P", "exp"),
    ),
    Predicate("names of at most 32 characters", lambda n: len(str(n)) <= 32, invalid=("a" * 33,)),
)


#: A parameter's value given in ``parameters``: a number (a SymPy expression must be a number), else its own
#: parameter's domain decides.
_NUMBER_VALUE = Predicate(
    "a number",
    lambda v: not isinstance(v, sympy.Basic) or v.is_number,
    invalid=(sympy.Symbol("x"),),
)
#: A range ``LO..HI`` of ``parse_parameter``, whose ends are ordered (checked once they are read).
_RANGE = Rule("a range LO..HI with LO < HI")


def _check_name(name, func, param="parameters") -> None:
    for rule in _NAME_RULES:
        rule.check(name, name=param, func=func)


@declare(parameters=NAMES, func=NAME)
def parameter_symbols(
    parameters: Iterable[str] | Mapping[str, object] | None = None, *, func: str = "parameter_symbols"
) -> dict:
    """Map parameter names to SymPy objects.

    The library's parameters (beta, gamma, rho, phi) are always known, with
    their assumptions. A name given without a value becomes that library
    symbol, or else a new *positive* symbol; a name given with a value
    (a number or a SymPy number) stands for that value, which must satisfy
    the assumptions of the library symbol of the same name.

    >>> parameter_symbols(["a"])["a"].is_positive
    True
    >>> parameter_symbols({"rho": -3})["rho"]
    -3
    >>> parameter_symbols({"beta": -1})
    Traceback (most recent call last):
        ...
    symmetric.InvalidParameterError: The 'beta' parameter of parameter_symbols must be a positive real number or a SymPy expression. Got -1 instead.
    """
    names = dict(LIBRARY_PARAMETERS)
    if parameters is None:
        return names
    items = parameters.items() if isinstance(parameters, Mapping) else ((n, None) for n in parameters)
    for name, value in items:
        _check_name(name, func)
        if value is None:
            names[name] = LIBRARY_PARAMETERS.get(name) or sympy.Symbol(name, positive=True)
        elif isinstance(value, sympy.Symbol):
            names[name] = value
        else:
            # the library's parameter, or a new one: positive
            _NUMBER_VALUE.check(value, name=name, func=func)
            names[name] = _families.Parameter(LIBRARY_PARAMETERS.get(name) or sympy.Symbol(name, positive=True)).value(
                value, func=func
            )
    return names


@declare(text=TEXT, parameters=NAMES, P=SYMBOL, R=SYMBOL, func=NAME, param=NAME)
def parse(
    text: str,
    *,
    parameters: Iterable[str] | Mapping[str, object] | None = None,
    P: sympy.Symbol = _symbols.P,
    R: sympy.Symbol = _symbols.R,
    func: str = "parse",
    param: str = "expr",
) -> sympy.Expr:
    """Parse ``text`` into a SymPy expression, accepting only the whitelist.

    Parameters
    ----------
    text : str
        The expression, e.g. ``"(beta*P**2 + R**2)/(beta*P + R)"``.
    parameters : iterable of names, or mapping from name to value, optional
        Names the expression may use besides P, R and the library's
        parameters; see :func:`parameter_symbols`.
    P, R : sympy.Symbol
        The symbols that ``P`` and ``R`` in the text stand for.
    func : str
        The function named in error messages.
    param : str
        The argument (or command-line option) named in error messages.

    Returns
    -------
    sympy.Expr

    Raises
    ------
    ExpressionError
        When the text is anything but an allowed expression; nothing of it
        has been evaluated.
    """
    names = {"P": P, "R": R, **unchecked(parameter_symbols)(parameters, func=func)}
    return _parse(text, _Grammar(names, func, param))


def _parse(text: str, grammar: _Grammar) -> sympy.Expr:
    tokens = _tokenize(text, grammar)
    tree = _Parser(text, tokens, grammar).parse()
    if _tower(tree) > LIMITS["tower"]:
        raise grammar.error(text, f"towers of exponents are limited to {LIMITS['tower']} levels")

    def fail(reason, position):
        return grammar.error(text, reason, position)

    expr = _build(tree, grammar.names, fail)
    if expr.has(sympy.zoo, sympy.nan, sympy.oo, -sympy.oo):
        raise grammar.error(text, "the expression is undefined (it divides by zero or takes log(0))")
    if expr.has(sympy.I):
        raise grammar.error(text, "the expression is not real")
    return expr


@declare(text=TEXT, func=NAME, param=NAME)
def parse_value(text: str, *, func: str = "parse_value", param: str = "value") -> sympy.Expr:
    """Parse a number given as text: ``"2"``, ``"-1/3"``, ``"1e-3"``, ``"sqrt(2)"``; errors name ``param``.

    The same whitelist as :func:`parse`, with no names at all: ``nan`` and
    ``inf`` are not numbers.

    >>> parse_value("1/3")
    1/3
    >>> parse_value("nan", func="symmetric plot", param="--beta")
    Traceback (most recent call last):
        ...
    symmetric.explore.parser.ExpressionError: The '--beta' parameter of symmetric plot must be a number: ... Got 'nan' instead. Unknown name 'nan'; a value is a finite number (nan and inf are not numbers) (position 1).
    """
    return _parse(text, _Grammar({}, func, param, value=True))


@declare(
    spec=Predicate("'NAME', 'NAME=VALUE' or 'NAME=LO..HI'", lambda v: isinstance(v, str), invalid=(2, None)),
    func=NAME,
    param=NAME,
)
def parse_parameter(spec: str, *, func: str = "parse_parameter", param: str = "parameters") -> tuple[str, object]:
    """Split a command-line parameter ``NAME``, ``NAME=VALUE`` or ``NAME=LO..HI`` into name and value.

    The value is parsed by :func:`parse_value` (numbers and the functions,
    no names): ``"beta=1/2"``, ``"gamma=sqrt(2)"``; it is validated later, by
    :func:`parameter_symbols`. ``LO..HI`` declares the range ``LO < NAME < HI``
    (either end may be empty: unbounded) and gives a :class:`sympy.Interval`.
    Errors name ``param`` (the command-line option).

    >>> parse_parameter("rho=-3")
    ('rho', -3)
    >>> parse_parameter("a")
    ('a', None)
    >>> parse_parameter("a=0..1")
    ('a', Interval.open(0, 1))
    >>> parse_parameter("P=1")
    Traceback (most recent call last):
        ...
    symmetric.InvalidParameterError: The 'parameters' parameter of parse_parameter must be names other than P, R and the functions exp, log, sqrt, Abs, Min, Max. Got 'P' instead.
    """
    name, sep, value = spec.partition("=")
    name = name.strip()
    _check_name(name, func, param)
    if not sep:
        return name, None
    if ".." in value:
        lo, _, hi = value.partition("..")
        ends = [parse_value(t, func=func, param=param) if t.strip() else None for t in (lo, hi)]
        lo, hi = (-sympy.oo if ends[0] is None else ends[0]), (sympy.oo if ends[1] is None else ends[1])
        if not lo < hi:
            _RANGE.refuse(spec, name=param, func=func)
        return name, sympy.Interval.open(lo, hi)
    return name, parse_value(value, func=func, param=param)
