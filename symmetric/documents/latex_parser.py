"""The whitelist parser of LaTeX formulas: tokens to SymPy objects, never ``eval``.

It extends the expression parser of :mod:`symmetric.explore.parser` (its
function table, its limits on literals, exponents and towers, and its power
check) to the LaTeX subset of derivations in this field: ``\\frac``
(``\\dfrac``, ``\\tfrac``), ``^``, ``_``, brackets and ``\\left``/``\\right``,
``\\cdot``, ``\\times``, ``\\sqrt``, ``\\sqrt[n]`` (an odd root of a negative
number is the real root), ``\\exp``, ``\\ln``, ``\\log``, ``\\min``,
``\\max``, ``\\lim_{x \\to a}``, derivatives (``\\frac{\\partial}{\\partial x}``
applied to the factor after it, exponent included;
``\\frac{\\partial f}{\\partial x}``; ``\\frac{d}{dx}``), the evaluation bar
``\\left. ... \\right|_{x = a}``, sums and products over ranges
(:mod:`~symmetric.documents.latex_ranges`), ``\\%``, Greek letters,
subscripted, hatted, primed and starred names, ``\\text{...}`` and names
written as runs of letters (:mod:`~symmetric.documents.lexicon`).

Where the text does not fix the reading, the parser meets a :class:`Choice`:
a run of letters that may be one name or a product (``xy``), a function
applied without parentheses (``\\ln 2P``: ``\\ln(2P)`` or ``\\ln(2) P``), a
letter applied to a name (``f(x)``: a function's value or a product). It reads
the option ``choose`` selects (the first by default) and records the choice,
so that the caller can read every option and decide only when they agree.
Anything else raises :class:`~symmetric.documents.latex.LatexError` naming the
construct and its offset.

>>> from symmetric.documents.latex import tokenize
>>> from symmetric.documents.names import Names
>>> parse_tokens(tokenize(r"\\frac{\\partial}{\\partial P}\\left(\\frac{R}{\\beta P}\\right)^{\\rho}"), Names()).expr
-rho*(R/(P*beta))**rho/P
>>> read = parse_tokens(tokenize(r"\\ln 2P"), Names())
>>> read.expr, [c.options for c in read.choices.values()]
(log(2*P), [('\\\\ln of the whole product', '\\\\ln of its first factor only')])
>>> parse_tokens(tokenize(r"\\ln 2P"), Names(), choose={("apply", 0): 1}).expr
P*log(2)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

import sympy

from ..explore.parser import LIMITS as EXPRESSION_LIMITS, check_power_size
from .latex import GREEK, LatexError, Token
from .latex_calculus import EXTREMA, FUNCTION_SPELLINGS, CalculusParsing
from .latex_names import NameParsing, canonical, is_name_start, name_key, power_key, split_tokens, token_text
from .latex_ranges import RangeParsing
from .latex_series import ELLIPSES, SeriesParsing
from .names import Names
from .pairs import PLUS_MINUS, interval

__all__ = ["UNSUPPORTED", "Choice", "Parsed", "definition_head", "name_key", "parse_tokens"]

#: Commands outside the subset that derivations use, with what they are (named in the "unparsed" reason).
UNSUPPORTED = {
    "\\int": "an integral",
    "\\oint": "an integral",
    "\\mathbb": "a set or an expectation",
    "\\mathcal": "a script letter",
    "\\cap": "set notation",
    "\\cup": "set notation",
    "\\setminus": "set notation",
    "\\mid": "a conditional bar",
    "\\Pr": "a probability",
    "\\begin": "an environment inside a display (a matrix, cases)",
    "\\end": "an environment inside a display (a matrix, cases)",
    "\\input": "a TeX file inclusion (never run)",
    "\\include": "a TeX file inclusion (never run)",
    "\\write": "a TeX write (never run)",
    "\\immediate": "a TeX primitive (never run)",
    "\\def": "a macro definition",
    "\\newcommand": "a macro definition",
    "\\renewcommand": "a macro definition",
    "\\csname": "a TeX primitive (never run)",
    "\\catcode": "a TeX primitive (never run)",
    "\\sin": "a trigonometric function",
    "\\cos": "a trigonometric function",
    "\\tan": "a trigonometric function",
    "\\arg": "an argmin or argmax",
    "\\forall": "a quantifier",
    "\\exists": "a quantifier",
    "\\partial": "a derivative outside \\frac{\\partial ...}{\\partial x}",
    "\\nabla": "a gradient",
    "\\substack": "a stacked subscript",
    "\\operatorname*": "an operator with limits",
    "\\argmin": "an argmin (an optimisation)",
    "\\argmax": "an argmax (an optimisation)",
}
_MULTIPLY = {"\\cdot", "\\times", "\\ast"}
#: ``\\sign`` and the inner product: functions the document applies, never evaluated (their arguments' signs may be
#: defaults of the reading).
SIGN = sympy.Function("sign")
INNER = sympy.Function("\u27e8,\u27e9")
#: Signs between terms: the sign of the term after them (``\\pm``: a pair of values, see :mod:`.pairs`).
_SIGNS = {"+": 1, "-": -1, "\\pm": PLUS_MINUS, "\\mp": -PLUS_MINUS}
_OPENERS = {"(": ")", "[": "]", "\\{": "\\}", "{": "}"}


@dataclass(frozen=True)
class Choice:
    """A reading the text does not fix: ``what`` (e.g. ``"'xy'"``), its ``options`` (the first one read by default)."""

    key: tuple
    what: str
    options: tuple


@dataclass
class Parsed:
    """A parsed formula: the expression and what reading it relied on.

    Attributes
    ----------
    expr : sympy.Expr
    implicit : list of str
        Derivatives of a quantity with respect to a variable it does not
        depend on explicitly (``\\frac{\\partial R}{\\partial t}``): the
        document reads it as a function of that variable, and the display
        does not say how.
    uses : list of str
        Definitions and derived quantities used.
    choices : dict
        The :class:`Choice` met, by key.
    names : dict
        Runs of letters read as one name -> why.
    products : list of str
        Runs of letters read as a product where a name was possible.
    opaque : list of str
        Quantities read as one named value: a function the document applies (``IoU(A,B)``), a set's size, a norm.
    sums : list of str
        Sums or products with symbolic bounds, and how their ranges were read.
    pairs : list of str
        Pairs of values read (``\\pm``, an interval ``(c, d)``; :mod:`~symmetric.documents.pairs`).
    """

    expr: sympy.Expr
    implicit: list = field(default_factory=list)
    uses: list = field(default_factory=list)
    logs: list = field(default_factory=list)  # the arguments of each \log written without a base
    log_base: object = None  # the base such a \log is read in (None: natural)
    choose: dict = field(default_factory=dict)  # choice key -> option read
    choices: dict = field(default_factory=dict)
    names: dict = field(default_factory=dict)
    products: list = field(default_factory=list)
    opaque: list = field(default_factory=list)
    sums: list = field(default_factory=list)
    pairs: list = field(default_factory=list)  # the pairs of values read (\\pm, an interval (c, d))
    decimals: dict | None = None  # placeholder -> (value, digits) of each decimal, when asked for
    decimal_side: str = ""  # what tells this side's placeholders from the other side's

    def option(self, key: tuple, what: str, options: tuple) -> int:
        """The option read at a choice point (recorded)."""
        self.choices.setdefault(key, Choice(key, what, options))
        return self.choose.get(key, 0)


class _Parser(NameParsing, CalculusParsing, RangeParsing, SeriesParsing):
    def __init__(self, tokens: list[Token], names: Names, state: Parsed, level: int = 0) -> None:
        self.t = list(tokens)
        self.i = 0
        self.names = names
        self.state = state
        self.level = level
        self.towers = 0
        self.abs_depth = 0
        self.single_until = -1  # letters before this offset are read one at a time (a run read as a product)
        self.index: dict = {}  # bound index variables of an enclosing sum: letter -> symbol
        if level > EXPRESSION_LIMITS["depth"]:
            raise LatexError(
                f"the formula is nested more than {EXPRESSION_LIMITS['depth']} deep", tokens[0].start if tokens else 0
            )

    def child(self, tokens: list[Token]) -> _Parser:
        parser = _Parser(tokens, self.names, self.state, self.level + 1)
        parser.index = self.index
        parser.single_until = self.single_until
        return parser

    # -- tokens ---------------------------------------------------------------------------------------
    def peek(self, k: int = 0):
        return self.t[self.i + k] if self.i + k < len(self.t) else None

    def at(self, kind, value=None, k=0) -> bool:
        tok = self.peek(k)
        return tok is not None and tok.kind == kind and (value is None or tok.value == value)

    def take(self) -> Token:
        tok = self.peek()
        if tok is None:
            raise LatexError("the formula ends too early", self.t[-1].end if self.t else 0)
        self.i += 1
        return tok

    def fail(self, reason: str, tok: Token | None = None) -> LatexError:
        tok = tok or self.peek() or (self.t[-1] if self.t else None)
        return LatexError(reason, tok.start if tok else 0)

    def sub(self, tokens: list[Token], where: Token) -> sympy.Expr:
        if not tokens:
            raise self.fail("an empty group", where)
        return self.child(tokens).parse()

    def group(self) -> list[Token]:
        """The tokens of the next argument: a braced group's content, or one token."""
        tok = self.take()
        if tok.kind == "open" and tok.value == "{" and not tok.sized:
            depth, start = 1, self.i
            while self.i < len(self.t):
                t = self.t[self.i]
                if t.kind == "open":
                    depth += 1
                elif t.kind == "close":
                    depth -= 1
                    if depth == 0:
                        self.i += 1
                        return self.t[start : self.i - 1]
                self.i += 1
            raise self.fail("unbalanced '{': a '}' is missing", tok)
        if tok.kind == "num" and len(tok.value) > 1:  # x^12 is x^1 2 in TeX, rarely what was meant
            raise self.fail(
                f"an unbraced {tok.value} after ^ or _ reads as its first digit in TeX; write {{{tok.value}}}", tok
            )
        if is_name_start(tok) or tok.kind == "num":
            return [tok]
        if tok.kind == "cmd" and tok.value == "\\infty":
            return [tok]
        if tok.kind == "op" and tok.value in ("*", "'", "+", "-"):
            return [tok]  # P^*, x_+ (a name's mark)
        raise self.fail(f"a braced group is expected, found {tok.value!r}", tok)

    # -- grammar --------------------------------------------------------------------------------------
    def parse(self) -> sympy.Expr:
        if not self.t:
            raise LatexError("an empty side", 0)
        expr = self.sum()
        tok = self.peek()
        if tok is not None:
            raise self.fail(_unexpected(tok), tok)
        return expr

    def sum(self) -> sympy.Expr:
        terms, spans, signs = [], [], []
        sign = self.sign() if self.at_sign() else 1
        while True:
            start = self.i
            terms.append(sign * self.product())
            spans.append((start, self.i))
            signs.append(sign)
            while self.at_ellipsis() or (self.at_sign() and self.at_ellipsis(1)):  # a_1 + ... + a_n
                self.ellipsis("sum", terms, spans, signs, self.product)
            if not self.at_sign():
                return sympy.Add(*terms)
            sign = self.sign()

    def sign(self):
        tok = self.take()
        if tok.kind == "cmd":
            self.state.pairs.append(f"{tok.value}: the lower and the upper value, the same sign throughout the step")
        return _SIGNS[tok.value]

    def at_sign(self) -> bool:
        """Whether a sign between terms comes next: ``+``, ``-``, ``\\pm``, ``\\mp``."""
        tok = self.peek()
        return tok is not None and tok.kind in ("op", "cmd") and tok.value in _SIGNS

    def starts_factor(self, tok: Token) -> bool:
        if tok.kind in ("num", "letter", "text", "name", "open"):
            return True
        if tok.kind == "cmd":
            return (
                tok.value not in _MULTIPLY
                and tok.value not in _SIGNS
                and tok.value not in ELLIPSES
                and tok.value != "\\div"
            )
        if tok.kind == "op" and tok.value == "|":
            return self.abs_depth == 0 and not self.at("op", "_", 1)
        if tok.kind == "op" and tok.value == "\u2016":
            return True
        return False

    def product(self) -> sympy.Expr:
        factors: list = []
        spans: list = []
        start = self.i
        factors.append(self.factor())
        spans.append((start, self.i))
        while (tok := self.peek()) is not None:
            times = (tok.kind == "cmd" and tok.value in _MULTIPLY) or (tok.kind == "op" and tok.value == "*")
            if self.at_ellipsis() or (times and self.at_ellipsis(1)):  # a_1 a_2 \cdots a_n, a_1 \cdot \ldots
                if times:
                    self.take()
                if spans[-1] is None:
                    raise self.fail("an ellipsis after a division is outside the subset", tok)
                self.ellipsis("product", factors, spans, [1] * len(factors), self.factor)
                continue
            if times:
                self.take()
                start = self.i
                factors.append(self.factor())
                spans.append((start, self.i))
            elif (tok.kind == "op" and tok.value == "/") or (tok.kind == "cmd" and tok.value == "\\div"):
                self.take()
                divisor = self.factor()
                if divisor == 0:
                    raise self.fail("division by zero", tok)
                factors.append(1 / divisor)
                spans.append(None)
            elif tok.kind == "op" and tok.value == "|" and self.at("op", "_", 1):
                raise self.fail("an evaluation bar without \\left. ... \\right| is outside the subset", tok)
            elif self.starts_factor(tok):
                start = self.i
                factors.append(self.factor())
                spans.append((start, self.i))
            else:
                break
        return sympy.Mul(*factors)

    def factor(self) -> sympy.Expr:
        signs = 1
        count = 0
        while self.at("op", "-") or self.at("op", "+"):
            count += 1
            if count > EXPRESSION_LIMITS["depth"]:
                raise self.fail(f"more than {EXPRESSION_LIMITS['depth']} signs in a row")
            signs *= -1 if self.take().value == "-" else 1
        return signs * self.power()

    def power(self) -> sympy.Expr:
        base = self.atom()
        if self.at("op", "^"):
            tok = self.take()
            if self.starred():
                return self.percent(self.decorated(base, "*", tok))
            self.towers += 1
            if self.towers > EXPRESSION_LIMITS["tower"]:
                raise self.fail(f"towers of exponents are limited to {EXPRESSION_LIMITS['tower']} levels", tok)
            exponent = self.script(tok)
            self.towers -= 1
            if self.at("op", "^"):
                raise self.fail("a double exponent a^b^c needs braces", self.peek())
            check_power_size(base, exponent, lambda reason: self.fail(reason, tok))
            base = _real_power(base, exponent)
        while self.at("op", "!"):  # n!, (\\ell - 2)!: the factorial (of a nonnegative integer, as people mean it)
            self.take()
            base = sympy.factorial(base)
        if self.at("op", "'"):
            raise self.fail("a prime on something that is not a name is outside the subset", self.peek())
        return self.percent(base)

    def percent(self, value: sympy.Expr) -> sympy.Expr:
        while self.at("op", "%"):
            self.take()
            value = value / 100
        return value

    def starred(self) -> bool:
        """``P^*`` or ``P^{*}`` (the exponent ``^`` taken): a starred name, consumed."""
        if self.at("op", "*"):
            self.take()
            return True
        if self.at("open", "{") and self.at("op", "*", 1) and self.at("close", "}", 2):
            self.i += 3
            return True
        return False

    def decorated(self, base, mark: str, tok: Token) -> sympy.Expr:
        if not isinstance(base, sympy.Symbol) or base.name.startswith("_"):
            raise self.fail(f"a {mark} on something that is not a name is outside the subset", tok)
        return self.names.symbol_named(base.name + mark)

    def script(self, where: Token) -> sympy.Expr:
        tokens = self.group()
        if len(tokens) == 1 and tokens[0].kind == "cmd" and tokens[0].value == "\\infty":
            raise self.fail("\\infty outside a limit is outside the subset", tokens[0])
        if not tokens:
            raise self.fail("an empty exponent", where)
        parser = self.child(tokens)
        parser.towers = self.towers
        return parser.parse()

    def atom(self) -> sympy.Expr:
        tok = self.take()
        kind, value = tok.kind, tok.value
        if kind == "num":
            digits = value.replace(".", "").lstrip("0")
            if len(digits) > EXPRESSION_LIMITS["digits"]:
                raise self.fail(f"numbers may have at most {EXPRESSION_LIMITS['digits']} digits", tok)
            level = self.confidence_level(tok)
            if level is not None:
                return level
            f = Fraction(value)
            exact = sympy.Rational(f.numerator, f.denominator)
            if self.state.decimals is not None and "." in value:  # a placeholder, to read the rounding of it
                placeholder = sympy.Symbol(f"_decimal{self.state.decimal_side}{len(self.state.decimals)}")
                self.state.decimals[placeholder] = (exact, len(value.partition(".")[2]))
                return placeholder
            return exact
        if is_name_start(tok):
            return self.name(tok)
        if kind == "cmd":
            if value in ("\\frac", "\\dfrac", "\\tfrac", "\\cfrac"):
                return self.fraction(tok)
            if value == "\\sqrt":
                return self.sqrt(tok)
            if value in FUNCTION_SPELLINGS:
                return self.function(tok, FUNCTION_SPELLINGS[value])
            if value in EXTREMA:
                return self.min_max(tok)
            if value == "\\lim":
                return self.limit(tok)
            if value in ("\\sum", "\\prod"):
                return self.range_operator(tok)
            if value == "\\mathbb":
                return self.blackboard(tok)
            if value in ("\\binom", "\\dbinom", "\\tbinom"):  # the binomial coefficient
                return sympy.binomial(self.sub(self.group(), tok), self.sub(self.group(), tok))
            if value == "\\sign":
                return self.function(tok, SIGN)
            if value == "\\infty":
                raise self.fail("\\infty outside a limit is outside the subset", tok)
            if value == "\\prime":
                raise self.fail("a prime on something that is not a name is outside the subset", tok)
            raise self.fail(_unsupported(value), tok)
        if kind == "open":
            return self.bracket(tok)
        if kind == "op" and value == "|":
            return self.bars(tok)
        if kind == "op" and value == "\u2016":
            return self.norm(tok)
        raise self.fail(_unexpected(tok), tok)

    def blackboard(self, tok: Token) -> sympy.Expr:
        """``\\mathbb{E}`` and ``\\mathbb{P}`` applied (an expectation, a probability): one named value, a function of
        the indices of an enclosing sum it mentions; any other ``\\mathbb`` letter is a set, outside the subset."""
        letter = "".join(t.value for t in self.group())
        if letter in ("I", "1") and self.at("open") and self.peek().value in ("(", "[") and self.iverson(1):
            return self.iverson_bracket(self.take())  # \mathbb{I}(f(x) < y): an indicator, 1 when it holds
        if letter not in ("E", "P") or self.peek() is None:
            raise self.fail(_unsupported("\\mathbb"), tok)
        mark = "\U0001d53c" if letter == "E" else "\u2119"
        if self.at("op", "_"):  # \mathbb{E}_{D}[...]: the expectation over D
            self.take()
            mark += "_" + "".join(token_text(self.group()))
        if letter == "E" and not (self.at("open") and self.iverson(1)):  # an expectation of a value: linear
            if self.at("open", "(") or self.at("open", "["):
                opener = self.take()
                value = self.sum()
                self.close(opener)
            else:
                value = self.power()  # \mathbb{E} AUC: of the factor after it
            self.state.opaque.append(
                f"{mark}[...]: an expectation, linear; what does not mention {mark.partition('_')[2] or 'a letter'} "
                "is a constant under it"
            )
            return sympy.Function(mark)(value)
        start = self.i
        if self.at("open", "(") or self.at("open", "["):
            depth = 0
            while self.i < len(self.t):
                t = self.take()
                depth += 1 if t.kind == "open" else -1 if t.kind == "close" else 0
                if depth == 0:
                    break
        else:
            self.power()  # \mathbb{E} AUC: of the factor after it
        inner = self.t[start : self.i]
        if any(t.kind in ("bad", "note") for t in inner):
            raise self.fail("what an expectation or probability is of could not be read", tok)
        shown = mark + "".join(token_text(inner))
        self.state.opaque.append(f"{shown} (a probability, read as one named value)")
        return self.named_value(shown, inner, nonnegative=True)

    def inner_product(self, opener: Token) -> sympy.Expr:
        """``\\langle w, x \\rangle``: a real value, a function of its two vectors."""
        args = [self.sum()]
        while self.at("op", ","):
            self.take()
            args.append(self.sum())
        closing = self.take() if self.peek() is not None else None
        if closing is None or closing.value != "\\rangle" or len(args) != 2:
            raise self.fail("\\langle a, b \\rangle (an inner product) needs two vectors and \\rangle", opener)
        self.state.opaque.append("an inner product \\langle a, b \\rangle, read as a real function of a and b")
        return INNER(*args)

    def confidence_level(self, number: Token):
        """``95\\% CI`` (the number taken): the name of an interval at that level, not 0.95 times CI; else None."""
        if not (self.at("op", "%") and self.at("letter", "C", 1) and self.at("letter", "I", 2)):
            return None
        after = self.peek(3)
        if after is not None and after.kind == "letter" and after.start == self.peek(2).end:
            return None  # a longer run than CI
        self.i += 3
        name = f"{number.value}% CI"
        self.state.names[name] = "a confidence interval at the level written before it"
        return self.names.symbol_named(name)

    def close(self, opener: Token) -> Token:
        tok = self.peek()
        if tok is None or tok.kind != "close":
            raise self.fail(f"{opener.value!r} is not closed" if tok is None else _unexpected(tok), tok or opener)
        if opener.sized != tok.sized or (not opener.sized and _OPENERS.get(opener.value) != tok.value):
            raise self.fail(f"{opener.value!r} is closed by {tok.value!r}", tok)
        return self.take()

    # -- constructs -----------------------------------------------------------------------------------
    def bracket(self, opener: Token) -> sympy.Expr:
        if opener.value == "|" and opener.sized:
            inner = self.sum()
            self.close(opener)
            return sympy.Abs(inner)
        if opener.value == "\\|" and opener.sized:
            return self.norm(opener, sized=True)
        if opener.value == "." and opener.sized:
            inner = self.sum()
            closing = self.close(opener)
            if closing.value == "|" and self.at("op", "_"):
                return self.evaluate_at(inner, closing)
            if closing.value == ".":
                return inner
            raise self.fail("\\left. must close with \\right| and a subscript x = a (an evaluation bar)", closing)
        if opener.value == "\\langle":
            return self.inner_product(opener)
        if opener.value not in _OPENERS and not opener.sized:
            raise self.fail(_unexpected(opener), opener)
        if opener.value == "[" and self.iverson():
            return self.iverson_bracket(opener)
        if opener.value == "(" and self.iverson():  # (a < b) is no value: a relation needs brackets [a < b]
            raise self.fail("a relation in parentheses (a condition, not a value) is outside the subset", opener)
        inner = self.sum()
        if self.at("op", ",") and opener.value in ("(", "[") and self.whole(opener):  # (c, d): an interval
            comma = self.take()
            upper = self.sum()
            if self.at("op", ","):
                raise self.fail("a list of more than two values in brackets is outside the subset", self.peek())
            if inner.has(PLUS_MINUS) or upper.has(PLUS_MINUS):
                raise self.fail("an interval of pairs of values is outside the subset", comma)
            self.close(opener)
            self.state.pairs.append("an interval: its lower and upper value")
            return interval(inner, upper)
        if self.at("op", ","):
            raise self.fail("a list in brackets is outside the subset", self.peek())
        closing = self.close(opener)
        if opener.sized and closing.value == "|" and self.at("op", "_"):
            return self.evaluate_at(inner, closing)
        return inner

    def whole(self, opener: Token) -> bool:
        """Whether the bracket ``opener`` (taken) spans the whole side being read: an interval ``(c, d)`` is a side of
        its own, never a factor (``TPR(a, X)`` is a function applied)."""
        if self.level != 0 or not self.t or self.t[0] is not opener:
            return False
        depth = 0
        for k, t in enumerate(self.t):
            depth += 1 if t.kind == "open" else -1 if t.kind == "close" else 0
            if depth == 0:
                return k == len(self.t) - 1
        return False

    def iverson(self, skip: int = 0) -> bool:
        """Whether the square bracket just opened (or the bracket ``skip`` tokens on, not yet opened) holds a
        relation at its top level: ``[y_i = 1]``."""
        depth = 0
        for t in self.t[self.i + skip :]:
            if t.kind == "open":
                depth += 1
            elif t.kind == "close":
                if depth == 0:
                    return False
                depth -= 1
            elif depth == 0 and t.kind == "rel":
                return True
        return False


def _parameter(part: list[Token]) -> bool:
    """Whether the tokens of an argument are a parameter's name: one letter, word or Greek letter, optionally
    ``= value`` or ``\\to value`` after it (``\\phi = 1``)."""
    return len(part) == 1 or part[1].kind == "rel" or (part[1].kind == "cmd" and part[1].value == "\\to")


def _real_power(base, exponent):
    """``base ** exponent``, a negative number's power with an odd denominator being the real one: ``(-8)^{1/3} = -2``."""
    if base.is_number and base.is_negative and exponent.is_Rational and not exponent.is_Integer and exponent.q % 2 == 1:
        return sympy.real_root(base, exponent.q) ** exponent.p
    return sympy.Pow(base, exponent)


def _unsupported(cmd: str) -> str:
    what = UNSUPPORTED.get(cmd)
    if what:
        return f"{cmd} ({what}) is outside the subset"
    return f"the command {cmd} is outside the subset"


def _unexpected(tok: Token) -> str:
    if tok.kind == "bad":
        return f"the character {tok.value!r} is outside the subset"
    if tok.kind == "note":
        return f"words in the formula ({tok.value!r}) are outside the subset"
    if tok.kind == "rel":
        return f"the relation {tok.value} is not allowed here"
    if tok.kind == "close":
        return f"unbalanced {tok.value!r}"
    if tok.kind == "op" and tok.value in ("'", "!"):
        return "factorials and primes on something that is not a name are outside the subset"
    if tok.kind == "op" and tok.value in (":", ";", ":="):
        return f"{tok.value!r} is outside the subset"
    if tok.kind == "op" and tok.value == "_":
        return "a subscript on something that is not a name is outside the subset"
    if tok.kind == "op" and tok.value == ",":
        return "a list (a comma outside a function's arguments) is outside the subset"
    if tok.kind == "op" and tok.value == ".":
        return "a '.' inside a formula is outside the subset"
    if tok.kind == "op" and tok.value == "%":
        return "a '%' after something that is not a number or a name is outside the subset"
    return f"unexpected {tok.value!r}"


def parse_tokens(
    tokens: list[Token],
    names: Names,
    *,
    log_base=None,
    choose: dict | None = None,
    decimals: bool | str = False,
) -> Parsed:
    """Parse one side of a relation (a run of tokens) into a :class:`Parsed`; raises ``LatexError``.

    ``log_base``: the base of ``\\log`` written without one (default: natural). ``choose``: choice key -> the
    option to read there (default: the first of each). ``decimals``: each number written with decimals is a
    placeholder symbol, its value and digits in ``Parsed.decimals`` (a string names the side, so that the
    placeholders of two sides differ).
    """
    state = Parsed(
        sympy.S.Zero,
        log_base=None if log_base is None else sympy.Integer(log_base),
        choose=dict(choose or {}),
        decimals={} if decimals else None,
        decimal_side=decimals if isinstance(decimals, str) else "",
    )
    expr = _Parser(tokens, names, state).parse()
    if expr.has(sympy.zoo, sympy.nan) or (expr.has(sympy.oo, -sympy.oo) and not expr.has(sympy.Limit)):
        raise LatexError(
            "the formula is undefined (a division by zero or a logarithm of 0)", tokens[0].start if tokens else 0
        )
    state.expr = expr
    return state


def definition_head(tokens: list[Token], names: Names | None = None):
    """``(key, parameter keys)`` when ``tokens`` are a name, optionally with a parameter list; else None.

    ``G_{\\beta,\\rho}`` -> ``("G_{\\beta,\\rho}", None)``; ``\\text{Weighted Power Mean}(\\gamma, \\phi)``
    -> ``("\\text{Weighted Power Mean}", ["\\gamma", "\\phi"])`` (a parameter written ``\\phi = 1`` or
    ``\\phi \\to 0`` keeps its name); ``Acc`` -> ``("Acc", None)`` when the document uses ``Acc`` as a name.
    """
    if not tokens:
        return None
    first = tokens[0]
    if not is_name_start(first):
        return None
    parser = _Parser(tokens, Names(lexicon=names.lexicon) if names is not None else Names(), Parsed(sympy.S.Zero))
    parser.take()
    try:
        key_tokens = parser.name_tokens(first)
    except LatexError:
        return None
    if parser.state.choices:
        return None  # a run that may be a product is not a name being defined
    key = canonical(key_tokens)
    rest = parser.t[parser.i :]
    power = power_key(rest)
    if power is not None:  # \chi^2 = ...: the name of a squared quantity
        return key + power, None
    if not rest:
        return key, None
    if rest[0].kind == "open" and rest[0].value in ("(", "[") and rest[-1].kind == "close" and len(rest) > 2:
        params = []
        listed = [Token("op", ",", t.start, t.end) if t.kind == "op" and t.value == ";" else t for t in rest[1:-1]]
        for part in split_tokens(listed, "op", ","):
            if not part or not is_name_start(part[0]) or not _parameter(part):
                return None  # F(x_1) = 0.2, TP(a^*(x), X) = ...: a value at a point, not a function's definition
            p = part[0]
            params.append("\\" + GREEK[p.value] if p.kind == "cmd" else p.value)
        return key, params
    return None
