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

from ..explore.parser import FUNCTIONS
from ..explore.parser import LIMITS as EXPRESSION_LIMITS
from ..explore.parser import check_power_size
from .latex import GREEK, LatexError, Token
from .latex_ranges import RangeParsing
from .names import COUNT_NAMES, Names, readable

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
    "\\binom": "a binomial coefficient",
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
    "\\pm": "a plus-minus sign",
    "\\mp": "a minus-plus sign",
    "\\cdots": "an ellipsis",
    "\\ldots": "an ellipsis",
    "\\dots": "an ellipsis",
    "\\forall": "a quantifier",
    "\\exists": "a quantifier",
    "\\partial": "a derivative outside \\frac{\\partial ...}{\\partial x}",
    "\\nabla": "a gradient",
    "\\substack": "a stacked subscript",
    "\\operatorname*": "an operator with limits",
    "\\langle": "an inner product",
}
_MULTIPLY = {"\\cdot", "\\times", "\\ast"}
#: LaTeX spelling -> SymPy function, from the one function table of :mod:`symmetric.explore.parser`.
_FUNCTIONS = {spelling: f.sympy for f in FUNCTIONS.values() for spelling in f.latex if f.least == 1}
_EXTREMA = {spelling: f.sympy for f in FUNCTIONS.values() for spelling in f.latex if f.least > 1}
#: Functions written as plain words (``log(x)``, ``ln x``): the same table, by name.
_WORD_FUNCTIONS = {"log": sympy.log, "ln": sympy.log, "exp": sympy.exp, "sqrt": sympy.sqrt}
_OPENERS = {"(": ")", "[": "]", "\\{": "\\}", "{": "}"}
#: Names made of letters and digits (``F1``), in lower case.
_DIGIT_NAMES = {"f1", "f2", "r2", "l1", "l2"}


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
        Sums or products with symbolic bounds (read; the engine does not decide them).
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
    decimals: dict | None = None  # placeholder -> (value, digits) of each decimal, when asked for

    def option(self, key: tuple, what: str, options: tuple) -> int:
        """The option read at a choice point (recorded)."""
        self.choices.setdefault(key, Choice(key, what, options))
        return self.choose.get(key, 0)


def name_key(tokens: list[Token]) -> str:
    """The canonical spelling of a run of tokens (no spaces): ``G_{\\beta,\\rho}``."""
    out = []
    for t in tokens:
        out.append("\\text{" + t.value + "}" if t.kind == "text" else t.value)
    return "".join(out)


def _canonical(tokens: list[Token]) -> str:
    return name_key(
        [
            t if not (t.kind == "cmd" and t.value in GREEK) else Token("cmd", "\\" + GREEK[t.value], t.start, t.end)
            for t in tokens
        ]
    )


def _is_name_start(tok: Token) -> bool:
    return tok.kind in ("letter", "text", "name") or (tok.kind == "cmd" and tok.value in GREEK)


class _Parser(RangeParsing):
    def __init__(self, tokens: list[Token], names: Names, state: Parsed, level: int = 0):
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

    def child(self, tokens: list[Token]) -> "_Parser":
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
        if _is_name_start(tok) or tok.kind == "num":
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
        terms = []
        sign = 1
        if self.at("op", "-") or self.at("op", "+"):
            sign = -1 if self.take().value == "-" else 1
        terms.append(sign * self.product())
        while self.at("op", "+") or self.at("op", "-"):
            sign = -1 if self.take().value == "-" else 1
            terms.append(sign * self.product())
        return sympy.Add(*terms)

    def starts_factor(self, tok: Token) -> bool:
        if tok.kind in ("num", "letter", "text", "name", "open"):
            return True
        if tok.kind == "cmd":
            return tok.value not in _MULTIPLY and tok.value != "\\div"
        if tok.kind == "op" and tok.value == "|":
            return self.abs_depth == 0 and not self.at("op", "_", 1)
        if tok.kind == "op" and tok.value == "\u2016":
            return True
        return False

    def product(self) -> sympy.Expr:
        factors = [self.factor()]
        while (tok := self.peek()) is not None:
            if (tok.kind == "cmd" and tok.value in _MULTIPLY) or (tok.kind == "op" and tok.value == "*"):
                self.take()
                factors.append(self.factor())
            elif (tok.kind == "op" and tok.value == "/") or (tok.kind == "cmd" and tok.value == "\\div"):
                self.take()
                divisor = self.factor()
                if divisor == 0:
                    raise self.fail("division by zero", tok)
                factors.append(1 / divisor)
            elif tok.kind == "op" and tok.value == "|" and self.at("op", "_", 1):
                raise self.fail("an evaluation bar without \\left. ... \\right| is outside the subset", tok)
            elif self.starts_factor(tok):
                factors.append(self.factor())
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
        if self.at("op", "!"):
            raise self.fail("factorials are outside the subset", self.peek())
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
            f = Fraction(value)
            exact = sympy.Rational(f.numerator, f.denominator)
            if self.state.decimals is not None and "." in value:  # a placeholder, to read the rounding of it
                placeholder = sympy.Symbol(f"_decimal{len(self.state.decimals)}")
                self.state.decimals[placeholder] = (exact, len(value.partition(".")[2]))
                return placeholder
            return exact
        if _is_name_start(tok):
            return self.name(tok)
        if kind == "cmd":
            if value in ("\\frac", "\\dfrac", "\\tfrac", "\\cfrac"):
                return self.fraction(tok)
            if value == "\\sqrt":
                return self.sqrt(tok)
            if value in _FUNCTIONS:
                return self.function(tok, _FUNCTIONS[value])
            if value in _EXTREMA:
                return self.min_max(tok)
            if value == "\\lim":
                return self.limit(tok)
            if value in ("\\sum", "\\prod"):
                return self.range_operator(tok)
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

    # -- names ----------------------------------------------------------------------------------------
    def run(self, tok: Token) -> list[Token]:
        """The tokens of a name starting at the letter ``tok`` (taken): one letter, or a run read as one name."""
        run, k = tok.value, 0
        while (nxt := self.peek(k)) is not None and nxt.kind == "letter" and nxt.start == tok.end + k:
            run += nxt.value
            k += 1
        digits = self.peek(k)
        if (
            digits is not None
            and digits.kind == "num"
            and digits.start == tok.end + k
            and (run + digits.value).lower() in _DIGIT_NAMES
        ):
            for _ in range(k + 1):
                self.take()
            self.state.names[run + digits.value] = "a name of the field"
            return [Token("letter", run + digits.value, tok.start, digits.end)]
        if len(run) < 2 or tok.start < self.single_until:
            return [tok]
        for word in sorted(_WORD_FUNCTIONS, key=len, reverse=True):  # log(x), ln x: the function's name
            if run.startswith(word) and (len(run) == len(word) or word == "ln"):
                return self.take_run(tok, word, "a function")
        lexicon = self.names.lexicon
        for length in range(len(run), 1, -1):
            head = run[:length]
            if head in COUNT_NAMES or lexicon.kind(head) == "name":
                return self.take_run(tok, head, lexicon.why(head) or "a name of the field")
        if lexicon.kind(run) == "open":
            option = self.state.option(
                ("run", run), f"'{run}'", (f"one name {run}", "the product " + "\u00b7".join(run))
            )
            if option == 0:
                return self.take_run(tok, run, "read as one name (or a product: both readings are checked)")
        if run not in self.state.products:
            self.state.products.append(run)
        self.single_until = tok.start + len(run)
        return [tok]

    def take_run(self, tok: Token, run: str, why: str) -> list[Token]:
        for _ in range(len(run) - 1):
            self.take()
        if run not in COUNT_NAMES:
            self.state.names[run] = why
        return [Token("letter", run, tok.start, tok.start + len(run))]

    def name_tokens(self, tok: Token) -> list[Token]:
        """The tokens of a name starting at ``tok`` (taken): base (a run of letters read as one name), marks
        (primes), and a subscript if any."""
        tokens = self.run(tok) if tok.kind == "letter" else [tok]
        if tok.kind == "letter" and len(tokens[0].value) == 1 and not self.at("op", "_"):
            spaced = self.spaced(tok)
            if spaced is not None:
                tokens = spaced
        while self.at("op", "'") or (self.at("op", "^") and self.at("cmd", "\\prime", 1)):
            if self.take().value == "^":
                self.take()
            tokens.append(Token("op", "'", 0, 0))
        if self.at("op", "_"):
            self.take()
            sub = self.group()
            tokens += [Token("op", "_", 0, 0), Token("open", "{", 0, 0), *sub, Token("close", "}", 0, 0)]
        return tokens

    def spaced(self, tok: Token) -> list[Token] | None:
        """``M S E`` (single capitals written apart) spelling a name the document uses: that name."""
        letters, k = tok.value, 0
        while (nxt := self.peek(k)) is not None and nxt.kind == "letter" and nxt.value.isupper():
            letters += nxt.value
            k += 1
        for length in range(len(letters), 2, -1):
            if self.names.lexicon.spaced(letters[:length]):
                for _ in range(length - 1):
                    self.take()
                self.state.names[letters[:length]] = "letters written apart that spell a name the document uses"
                return [Token("letter", letters[:length], tok.start, tok.start + length)]
        return None

    def name(self, tok: Token) -> sympy.Expr:
        tokens = self.name_tokens(tok)
        key = _canonical(tokens)
        if key in self.index:
            return self.index[key]
        if tok.kind == "letter" and tokens[0].value in _WORD_FUNCTIONS and len(tokens) == 1:
            return self.function(tokens[0], _WORD_FUNCTIONS[tokens[0].value])
        indexed = self.indexed(tokens)
        if indexed is not None:
            return indexed
        if self.at("op", "^"):  # a squared quantity the document defines: \chi^2
            power = _power_key(self.t[self.i : self.i + 2]) or _power_key(self.t[self.i : self.i + 4])
            if power is not None and key + power in self.names.definitions:
                self.i += 2 if self.at("num", None, 1) else 4
                key += power
        definition = self.names.definitions.get(key)
        if definition is not None:
            self.state.uses.append(f"{key} (line {definition.line})")
            self.state.implicit.extend(definition.readings)
            if definition.params and (self.at("open", "(") or self.at("open", "[")):
                return self.apply(definition, tok)
            return definition.value
        if self.at("open", "(") and not self.peek().sized and key not in COUNT_NAMES:
            applied = self.application(key, tokens, tok)
            if applied is not None:
                return applied
        return self.names.symbol(key)

    def application(self, key: str, tokens: list[Token], tok: Token):
        """``IoU(A, B)``, ``\\text{acc}(y)``, ``P(P)``: a function the document names, applied (one named value);
        None when the brackets multiply (``p(1 - p)``)."""
        start = self.i
        depth, k = 0, self.i
        while k < len(self.t):
            depth += 1 if self.t[k].kind == "open" else -1 if self.t[k].kind == "close" else 0
            k += 1
            if depth == 0:
                break
        inner = self.t[self.i + 1 : k - 1]
        commas = any(t.kind == "op" and t.value in (",", ";") for t in _top_level(inner))
        named = tok.kind in ("text", "name") or len(tokens[0].value) > 1
        simple = bool(inner) and all(
            _is_name_start(t) or t.kind == "num" or (t.kind == "op" and t.value in "_'") for t in _top_level(inner)
        )
        if not (commas or (named and inner) or simple):
            return None
        inner = [Token("op", ",", t.start, t.end) if t.kind == "op" and t.value == ";" else t for t in inner]
        self.t[self.i + 1 : k - 1] = inner  # x; t as x, t: the arguments of a function
        shown = readable(key) + "(" + ", ".join("".join(_text(p)) for p in _split(inner, "op", ",")) + ")"
        if not (commas or named):
            option = self.state.option(
                ("apply", shown),
                f"'{shown}'",
                (f"the value of a function {readable(key)} at its argument", "a product"),
            )
            if option == 1:
                return None
        opener = self.take()
        self.arguments(opener)  # read (and so checked) like any formula, then named as one value
        self.state.opaque.append(f"{shown} (a function the document applies, read as one named value)")
        if self.i != k:
            self.i = start
            return None
        return self.names.symbol_named(shown)

    def apply(self, definition, where: Token) -> sympy.Expr:
        opener = self.take()
        args = self.arguments(opener)
        if len(args) != len(definition.params):
            raise self.fail(f"{definition.key} takes {len(definition.params)} argument(s), got {len(args)}", where)
        mapping = dict(zip(definition.params, args))
        return definition.value.xreplace(mapping)

    def arguments(self, opener: Token) -> list:
        args = [self.sum()]
        while self.at("op", ","):
            self.take()
            args.append(self.sum())
        self.close(opener)
        return args

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
        if opener.value not in _OPENERS and not opener.sized:
            raise self.fail(_unexpected(opener), opener)
        if opener.value == "[" and not opener.sized and self.iverson():
            raise self.fail("an Iverson bracket [a = b] (1 when it holds, else 0) is outside the subset", opener)
        inner = self.sum()
        if self.at("op", ","):
            raise self.fail("a list or an interval in brackets is outside the subset", self.peek())
        closing = self.close(opener)
        if opener.sized and closing.value == "|" and self.at("op", "_"):
            return self.evaluate_at(inner, closing)
        return inner

    def iverson(self) -> bool:
        """Whether the square bracket just opened holds a relation at its top level: ``[y_i = 1]``."""
        depth = 0
        for t in self.t[self.i :]:
            if t.kind == "open":
                depth += 1
            elif t.kind == "close":
                if depth == 0:
                    return False
                depth -= 1
            elif depth == 0 and t.kind == "rel":
                return True
        return False

    def bars(self, tok: Token) -> sympy.Expr:
        """``|x|`` (an absolute value) or ``|A \\cap B|`` (the size of a set, one named value)."""
        k, depth = self.i, 0
        while k < len(self.t) and not (self.t[k].kind == "op" and self.t[k].value == "|" and depth == 0):
            depth += 1 if self.t[k].kind == "open" else -1 if self.t[k].kind == "close" else 0
            k += 1
        inner = self.t[self.i : k]
        if k < len(self.t) and any(t.kind == "cmd" and t.value in ("\\cap", "\\cup", "\\setminus") for t in inner):
            self.i = k + 1
            shown = "|" + " ".join(_text(inner)) + "|"
            self.state.opaque.append(f"{shown} (the size of a set, read as one named value)")
            return self.names.symbol_named(shown, nonnegative=True)
        self.abs_depth += 1
        value = self.sum()
        if not self.at("op", "|"):
            raise self.fail("an absolute value '|' is not closed", tok)
        self.take()
        self.abs_depth -= 1
        return sympy.Abs(value)

    def norm(self, tok: Token, *, sized: bool = False) -> sympy.Expr:
        """``\\|x\\|`` (with a subscript ``_2`` if any): a norm, one nonnegative named value."""
        k = self.i
        while k < len(self.t) and not (
            (self.t[k].kind == "op" and self.t[k].value == "\u2016") or (self.t[k].kind == "close" and self.t[k].sized)
        ):
            k += 1
        if k >= len(self.t):
            raise self.fail("a norm '\\|' is not closed", tok)
        inner = self.t[self.i : k]
        self.i = k + 1
        shown = "\u2016" + " ".join(_text(inner)) + "\u2016"
        if self.at("op", "_"):
            self.take()
            shown += "_" + "".join(_text(self.group()))
        self.state.opaque.append(f"{shown} (a norm, read as one named value)")
        return self.names.symbol_named(shown, nonnegative=True)

    def evaluate_at(self, inner: sympy.Expr, bar: Token) -> sympy.Expr:
        self.take()  # "_"
        tokens = self.group()
        mapping = {}
        for part in _split(tokens, "op", ","):
            cut = [k for k, t in enumerate(part) if t.kind == "rel" and t.value == "="]
            if len(cut) != 1:
                raise self.fail("the evaluation bar's subscript must read x = a", part[0] if part else bar)
            var = self.variable(part[: cut[0]], bar)
            mapping[var] = self.sub(part[cut[0] + 1 :], part[cut[0]])
        return inner.subs(mapping, simultaneous=True)

    def variable(self, tokens: list[Token], where: Token) -> sympy.Symbol:
        if not tokens:
            raise self.fail("a variable is missing", where)
        parser = self.child(tokens)
        first = parser.take()
        if not _is_name_start(first):
            raise self.fail(f"{first.value!r} is not a variable", first)
        key_tokens = parser.name_tokens(first)
        if parser.peek() is not None:
            raise self.fail("a single variable is expected", parser.peek())
        key = _canonical(key_tokens)
        if key in self.names.definitions:
            raise self.fail(f"{key} is defined in the document and cannot be a variable here", first)
        var = self.names.symbol(key)
        if not isinstance(var, sympy.Symbol):
            raise self.fail(f"{key} is not a variable", first)
        return var

    def fraction(self, tok: Token) -> sympy.Expr:
        num = self.group()
        den = self.group()
        derivative = _derivative_form(num, den)
        if derivative is not None:
            _, order, operand_tokens, var_tokens = derivative
            if var_tokens and isinstance(var_tokens[0], list):  # mixed partial: innermost variable last
                operand = (
                    self.sub(operand_tokens, tok)
                    if operand_tokens
                    else self.factor()
                    if self.at("open")
                    else self.product()
                )
                for v in reversed(var_tokens):
                    operand = self.derivative(operand, self.variable(v, tok), 1, name_key(operand_tokens) or None, tok)
                return operand
            var = self.variable(var_tokens, tok)
            if operand_tokens:
                key = name_key(num) + "/" + name_key(den)
                if key in self.names.derived:
                    value, line = self.names.derived[key]
                    self.state.uses.append(f"{name_key(num)}/{name_key(den)} as derived at line {line}")
                    return value
                operand = self.sub(operand_tokens, tok)
                shown = name_key(operand_tokens)
            else:
                # applied to the bracketed factor after it (exponent included), else to the rest of the product
                operand = self.factor() if self.at("open") else self.product()
                shown = None
            return self.derivative(operand, var, order, shown, tok)
        numerator = self.sub(num, tok)
        denominator = self.sub(den, tok)
        if denominator == 0:
            raise self.fail("division by zero", tok)
        return numerator / denominator

    def derivative(self, operand, var, order, shown, tok) -> sympy.Expr:
        if var not in operand.free_symbols:
            what = shown if shown is not None else "the expression after it"
            self.state.implicit.append(
                f"d{what}/d{var} treats {what} as a function of {var}, which it does not depend on explicitly"
            )
            return sympy.Derivative(sympy.Function(f"_{what}")(var), (var, order))
        if operand.has(sympy.Limit):
            raise self.fail("a derivative of a limit is outside the subset", tok)
        if operand.has(sympy.Sum, sympy.Product):
            raise self.fail("a derivative of a sum with symbolic bounds is outside the subset", tok)
        return sympy.diff(operand, var, order)

    def sqrt(self, tok: Token) -> sympy.Expr:
        index = None
        if self.at("open", "[") and not self.peek().sized:
            opener = self.take()
            index = self.sum()
            self.close(opener)
        radicand = self.sub(self.group(), tok)
        if index is None:
            return sympy.sqrt(radicand)
        if not (index.is_Integer and 2 <= index <= EXPRESSION_LIMITS["exponent"]):
            raise self.fail("\\sqrt[n] needs a whole number n from 2 to 1000", tok)
        if index % 2 == 1:  # an odd root is the real root (of a negative number too), as in real analysis
            return sympy.real_root(radicand, index)
        return sympy.root(radicand, index)

    def function(self, tok: Token, func) -> sympy.Expr:
        base = None
        if tok.value == "\\log" and self.at("op", "_"):
            self.take()
            base = self.sub(self.group(), tok)
        if self.at("op", "^"):
            raise self.fail(f"a power of {tok.value} written {tok.value}^n is outside the subset", self.peek())
        nxt = self.peek()
        if nxt is None:
            raise self.fail(f"{tok.value} needs an argument", tok)
        if nxt.kind == "open":
            arg = self.bracket(self.take())
        else:
            arg = self.power()
            if (after := self.peek()) is not None and self.juxtaposed(after):
                spelled = tok.value if tok.kind == "cmd" else "\\" + tok.value
                option = self.state.option(
                    ("apply", tok.start),
                    f"{spelled} applied without parentheses",
                    (f"{spelled} of the whole product", f"{spelled} of its first factor only"),
                )
                if option == 0:
                    while (after := self.peek()) is not None and self.juxtaposed(after):
                        arg = arg * self.power()
        value = func(arg)
        if tok.value in ("\\log", "log") and base is None:
            self.state.logs.append(arg)  # \log without a base: natural here, base 10 or 2 in some fields
            base = self.state.log_base
        if base is not None:
            if base.is_number and (base <= 0 or base == 1):
                raise self.fail("a logarithm's base must be positive and not 1", tok)
            value = value / sympy.log(base)
        return value

    def juxtaposed(self, tok: Token) -> bool:
        """Whether ``tok`` continues a product written without a sign (``2P`` after ``\\ln``), not a new function."""
        if tok.kind in ("num", "letter", "text", "name"):
            return True
        return tok.kind == "cmd" and tok.value in GREEK

    def min_max(self, tok: Token) -> sympy.Expr:
        if self.at("op", "_"):
            raise self.fail(f"{tok.value} over a set (an optimisation) is outside the subset", self.peek())
        if not self.at("open"):
            raise self.fail(f"{tok.value} needs its arguments in brackets", tok)
        args = self.arguments(self.take())
        if len(args) < 2:
            raise self.fail(f"{tok.value} needs at least two arguments", tok)
        return _EXTREMA[tok.value](*args)

    def limit(self, tok: Token) -> sympy.Expr:
        if not self.at("op", "_"):
            raise self.fail("\\lim needs a subscript x \\to a", tok)
        self.take()
        tokens = self.group()
        cut = [
            k
            for k, t in enumerate(tokens)
            if (t.kind == "rel" and t.value in ("\\to", "\\rightarrow")) or (t.kind == "cmd" and t.value == "\\to")
        ]
        if len(cut) != 1:
            raise self.fail("\\lim needs a subscript x \\to a", tok)
        var = self.variable(tokens[: cut[0]], tok)
        target_tokens = tokens[cut[0] + 1 :]
        direction: str | None = "+-"
        if len(target_tokens) >= 2 and target_tokens[-2].kind == "op" and target_tokens[-2].value == "^":
            side = target_tokens[-1].value
            target_tokens = target_tokens[:-2]
            direction = {"+": "+", "-": "-"}.get(side)
        elif (
            len(target_tokens) >= 5
            and [t.value for t in target_tokens[-4:]][1:] in (["{", "+", "}"], ["{", "-", "}"])
            and target_tokens[-4].value == "^"
        ):
            direction = target_tokens[-2].value
            target_tokens = target_tokens[:-4]
        if direction is None:
            raise self.fail("a one-sided limit is written a^+ or a^-", tok)
        values = [t.value for t in target_tokens]
        if values in (["\\infty"], ["+", "\\infty"]):
            target, direction = sympy.oo, "-"
        elif values == ["-", "\\infty"]:
            target, direction = -sympy.oo, "+"
        else:
            target = self.sub(target_tokens, tok)
        operand = self.product()
        if var not in operand.free_symbols:
            return operand
        return sympy.Limit(operand, var, target, direction)


def _real_power(base, exponent):
    """``base ** exponent``, a negative number's power with an odd denominator being the real one: ``(-8)^{1/3} = -2``."""
    if base.is_number and base.is_negative and exponent.is_Rational and not exponent.is_Integer and exponent.q % 2 == 1:
        return sympy.real_root(base, exponent.q) ** exponent.p
    return sympy.Pow(base, exponent)


def _text(tokens: list[Token]) -> list[str]:
    return [("\\text{" + t.value + "}" if t.kind == "text" else t.value) for t in tokens]


def _top_level(tokens: list[Token]) -> list[Token]:
    out, depth = [], 0
    for t in tokens:
        if t.kind == "open":
            depth += 1
        elif t.kind == "close":
            depth -= 1
        elif depth == 0:
            out.append(t)
    return out


def _split(tokens: list[Token], kind: str, value: str) -> list[list[Token]]:
    """``tokens`` cut at the top-level tokens of that kind and value."""
    parts: list[list[Token]] = []
    current: list[Token] = []
    depth = 0
    for t in tokens:
        if t.kind == "open":
            depth += 1
        elif t.kind == "close":
            depth -= 1
        if depth == 0 and t.kind == kind and t.value == value:
            parts.append(current)
            current = []
        else:
            current.append(t)
    parts.append(current)
    return parts


def _is_d(tok: Token) -> bool:
    return (tok.kind == "letter" and tok.value == "d") or (tok.kind == "text" and tok.value == "d")


def _derivative_form(num: list[Token], den: list[Token]):
    """``(mark, order, operand tokens, variable tokens)`` when ``\\frac{num}{den}`` is a derivative, else None."""
    if not num or not den:
        return None
    partial = num[0].kind == "cmd" and num[0].value == "\\partial"
    if not (partial or _is_d(num[0])):
        return None
    if not (den[0].kind == num[0].kind and den[0].value == num[0].value) or len(den) < 2:
        return None
    order, rest, var = 1, num[1:], den[1:]
    if rest and rest[0].kind == "op" and rest[0].value == "^":
        if len(rest) < 2 or rest[1].kind != "num":
            return None
        order, rest = int(rest[1].value), rest[2:]
        if partial and any(t.kind == "cmd" and t.value == "\\partial" for t in var):
            # a mixed partial \frac{\partial^2 f}{\partial x \partial y}: one variable after each \partial
            variables = _split(var, "cmd", "\\partial")
            if len(variables) != order or not all(variables):
                return None
            return "partial", 1, rest, variables
        if len(var) < 3 or var[-2].value != "^" or var[-1].value != str(order):
            return None
        var = var[:-2]
    if not partial and rest and len(rest) == 1 and rest[0].kind == "letter" and not var:
        return None
    if not 1 <= order <= 4:
        return None
    return ("partial" if partial else "d"), order, rest, var


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
    tokens: list[Token], names: Names, *, log_base=None, choose: dict | None = None, decimals: bool = False
) -> Parsed:
    """Parse one side of a relation (a run of tokens) into a :class:`Parsed`; raises ``LatexError``.

    ``log_base``: the base of ``\\log`` written without one (default: natural). ``choose``: choice key -> the
    option to read there (default: the first of each). ``decimals``: each number written with decimals is a
    placeholder symbol, its value and digits in ``Parsed.decimals``.
    """
    state = Parsed(
        sympy.S.Zero,
        log_base=None if log_base is None else sympy.Integer(log_base),
        choose=dict(choose or {}),
        decimals={} if decimals else None,
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
    if not _is_name_start(first):
        return None
    parser = _Parser(tokens, Names(lexicon=names.lexicon) if names is not None else Names(), Parsed(sympy.S.Zero))
    parser.take()
    try:
        key_tokens = parser.name_tokens(first)
    except LatexError:
        return None
    if parser.state.choices:
        return None  # a run that may be a product is not a name being defined
    key = _canonical(key_tokens)
    rest = parser.t[parser.i :]
    power = _power_key(rest)
    if power is not None:  # \chi^2 = ...: the name of a squared quantity
        return key + power, None
    if not rest:
        return key, None
    if rest[0].kind == "open" and rest[0].value in ("(", "[") and rest[-1].kind == "close" and len(rest) > 2:
        params = []
        for part in _split(rest[1:-1], "op", ","):
            if not part or not _is_name_start(part[0]):
                return None
            p = part[0]
            params.append("\\" + GREEK[p.value] if p.kind == "cmd" else p.value)
        return key, params
    return None


def _power_key(rest: list[Token]) -> str | None:
    """``^2`` or ``^{2}`` (all of ``rest``) as a key suffix ``^{2}``, else None."""
    if len(rest) == 2 and rest[0].value == "^" and rest[1].kind == "num" and len(rest[1].value) == 1:
        return "^{" + rest[1].value + "}"
    if (
        len(rest) == 4
        and rest[0].value == "^"
        and rest[1].value == "{"
        and rest[2].kind == "num"
        and len(rest[2].value) == 1
        and rest[3].value == "}"
    ):
        return "^{" + rest[2].value + "}"
    return None
