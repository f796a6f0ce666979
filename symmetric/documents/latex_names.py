"""Names in LaTeX formulas, for the parser: runs of letters, marks, subscripts, functions the document applies,
set sizes and norms.

A run of adjacent letters is one name when the document uses it as one, a product when its letters stand alone,
and otherwise a :class:`~symmetric.documents.latex_parser.Choice` read both ways
(:mod:`~symmetric.documents.lexicon`). A name the document applies (``IoU(A, B)``, ``\\text{acc}(y)``) is one
named value; a letter applied to a name (``f(x)``) is read both as that and as a product. ``|A \\cap B|`` is the
size of a set and ``\\|x\\|`` a norm, each one named value.
"""

from __future__ import annotations

from typing import Any

import sympy

from .latex import GREEK, Token
from .names import COUNT_NAMES, key_of, readable

__all__ = [
    "WORD_FUNCTIONS",
    "NameParsing",
    "canonical",
    "is_name_start",
    "name_key",
    "power_key",
    "split_tokens",
    "token_text",
    "top_level",
]

#: Names made of letters and digits (``F1``), in lower case.
_DIGIT_NAMES = {"f1", "f2", "r2", "l1", "l2"}
#: Functions written as plain words (``log(x)``, ``ln x``).
WORD_FUNCTIONS = {"log": sympy.log, "ln": sympy.log, "exp": sympy.exp, "sqrt": sympy.sqrt}


def name_key(tokens: list[Token]) -> str:
    """The canonical spelling of a run of tokens (no spaces): ``G_{\\beta,\\rho}``."""
    out = []
    for t in tokens:
        out.append("\\text{" + t.value + "}" if t.kind == "text" else t.value)
    return "".join(out)


def canonical(tokens: list[Token]) -> str:
    return name_key(
        [
            t if not (t.kind == "cmd" and t.value in GREEK) else Token("cmd", "\\" + GREEK[t.value], t.start, t.end)
            for t in tokens
        ]
    )


def is_name_start(tok: Token) -> bool:
    return tok.kind in ("letter", "text", "name") or (tok.kind == "cmd" and tok.value in GREEK)


def token_text(tokens: list[Token]) -> list[str]:
    return [("\\text{" + t.value + "}" if t.kind == "text" else t.value) for t in tokens]


def top_level(tokens: list[Token]) -> list[Token]:
    out, depth = [], 0
    for t in tokens:
        if t.kind == "open":
            depth += 1
        elif t.kind == "close":
            depth -= 1
        elif depth == 0:
            out.append(t)
    return out


def split_tokens(tokens: list[Token], kind: str, value: str) -> list[list[Token]]:
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


def power_key(rest: list[Token]) -> str | None:
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


class NameParsing:
    """The parser's methods for names (a mixin of the LaTeX parser)."""

    # -- names ----------------------------------------------------------------------------------------
    def run(self: Any, tok: Token) -> list[Token]:
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
        for word in sorted(WORD_FUNCTIONS, key=len, reverse=True):  # log(x), ln x: the function's name
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

    def take_run(self: Any, tok: Token, run: str, why: str) -> list[Token]:
        for _ in range(len(run) - 1):
            self.take()
        if run not in COUNT_NAMES:
            self.state.names[run] = why
        return [Token("letter", run, tok.start, tok.start + len(run))]

    def name_tokens(self: Any, tok: Token) -> list[Token]:
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
        self.star(tokens)
        if self.at("op", "_"):
            self.take()
            sub = self.group()
            tokens += [Token("op", "_", 0, 0), Token("open", "{", 0, 0), *sub, Token("close", "}", 0, 0)]
            self.star(tokens)
        return tokens

    def star(self: Any, tokens: list[Token]) -> None:
        """``^*`` or ``^{*}`` after a name (``a^*``, ``P^*``), or ``^+``, ``^-`` (``m^+``, ``D^-``: TeX sets the one
        sign as the superscript): a mark of the name, consumed."""
        for mark in ("*", "+", "-"):
            if self.at("op", "^") and self.at("op", mark, 1) and (mark == "*" or not self.at("num", None, 2)):
                self.i += 2
            elif self.at("op", "^") and self.at("open", "{", 1) and self.at("op", mark, 2) and self.at("close", "}", 3):
                self.i += 4
            else:
                continue
            tokens.append(Token("op", mark, 0, 0))
            return

    def spaced(self: Any, tok: Token) -> list[Token] | None:
        """``M S E`` (single capitals written apart) spelling a name the document uses: that name; so ``t p`` for the
        count ``tp`` in a document that writes ``tp``."""
        nxt = self.peek(0)
        pair = tok.value + nxt.value if nxt is not None and nxt.kind == "letter" else ""
        if pair.islower() and pair.upper() in COUNT_NAMES[:4] and self.names.lexicon.uses(pair):
            self.take()
            self.state.names[pair] = "letters written apart that spell a count the document writes"
            return [Token("letter", pair, tok.start, tok.start + 2)]
        letters, k = tok.value, 0
        while (nxt := self.peek(k)) is not None and nxt.kind == "letter" and nxt.value.isupper():
            letters += nxt.value
            k += 1
        for length in range(len(letters), 1, -1):
            if length == 2 and not (letters[:2] in COUNT_NAMES[:4] and self.names.lexicon.uses(letters[:2])):
                continue  # T P: the count TP, when the document writes TP (TeX sets both alike)
            if length == 2 or self.names.lexicon.spaced(letters[:length]):
                for _ in range(length - 1):
                    self.take()
                self.state.names[letters[:length]] = "letters written apart that spell a name the document uses"
                return [Token("letter", letters[:length], tok.start, tok.start + length)]
        return None

    def name(self: Any, tok: Token) -> sympy.Expr:
        if tok.kind == "name" and "," in tok.value:
            raise self.fail(
                f"{tok.value.partition('{')[0]} over a list (a range of indices) is outside the subset", tok
            )
        tokens = self.name_tokens(tok)
        key = canonical(tokens)
        if key in self.index:
            return self.index[key]
        if tok.kind == "letter" and tokens[0].value in WORD_FUNCTIONS and len(tokens) == 1:
            return self.function(tokens[0], WORD_FUNCTIONS[tokens[0].value])
        indexed = self.indexed(tokens)
        if indexed is not None:
            return indexed
        if self.at("op", "^"):  # a squared quantity the document defines: \chi^2
            power = power_key(self.t[self.i : self.i + 2]) or power_key(self.t[self.i : self.i + 4])
            if power is not None and key + power in self.names.definitions:
                self.i += 2 if self.at("num", None, 1) else 4
                key += power
        definition = self.names.definitions.get(key)
        if definition is not None:
            value, line = definition.value, definition.line
            if definition.earlier:  # defined more than once: each definition is a reading of the name
                lines = [at for _, at in definition.earlier] + [definition.line]
                option = self.state.option(
                    ("definition", key), f"{key}", tuple(f"the definition at line {at}" for at in reversed(lines))
                )
                value, line = ([*definition.earlier, (definition.value, definition.line)])[::-1][option]
            if not definition.params and self.at("open", "(") and self.listed():
                applied = self.application(key, tokens, tok)  # TPR(a, X): the rate of another classifier
                if applied is not None:
                    return applied
            self.state.uses.append(f"{key} (line {line})")
            self.state.implicit.extend(definition.readings)
            if definition.params and (self.at("open", "(") or self.at("open", "[")):
                return self.apply(definition, tok, value)
            return value
        if key in ("I", "\\text{I}", "\\text{1}") and self.at("open") and self.peek().value == "(" and self.iverson(1):
            return self.iverson_bracket(self.take())  # I(f(x_i) \ne y_i): the indicator of the relation
        if self.at("open", "(") and self.signed_label():
            shown = readable(key) + "(" + self.take_label() + ")"  # P(+): a quantity of the positive class
            self.state.opaque.append(f"{shown} (a quantity labelled by a sign, read as one named value)")
            return self.names.symbol_named(shown)
        if (
            self.at("open", "(")
            and (not self.peek().sized or self.listed())
            and (key not in COUNT_NAMES or self.listed())
        ):
            applied = self.application(key, tokens, tok)
            if applied is not None:
                return applied
        return self.names.symbol(key)

    def signed_label(self: Any) -> bool:
        """Whether a bracket holding only a sign comes next: ``P(+)``, ``P(-)``."""
        return self.at("op", "+", 1) or self.at("op", "-", 1) if self.at("close", None, 2) else False

    def take_label(self: Any) -> str:
        self.take()
        sign = self.take().value
        self.take()
        return sign

    def listed(self: Any) -> bool:
        """Whether the bracket that comes next holds a list (``TP(a, X)``: arguments, not a factor)."""
        depth, k = 0, self.i
        while k < len(self.t):
            t = self.t[k]
            depth += 1 if t.kind == "open" else -1 if t.kind == "close" else 0
            if depth == 0:
                return False
            if depth == 1 and t.kind == "op" and t.value in (",", ";"):
                return True
            k += 1
        return False

    def application(self: Any, key: str, tokens: list[Token], tok: Token):
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
        commas = any(t.kind == "op" and t.value in (",", ";") for t in top_level(inner))
        named = tok.kind in ("text", "name") or (tokens[0].kind == "letter" and len(tokens[0].value) > 1)
        simple = bool(inner) and (
            all(is_name_start(t) or t.kind == "num" or (t.kind == "op" and t.value in "_'") for t in top_level(inner))
            or self.element(inner) is not None  # f(\boldsymbol{x}^+): a function of one (marked) name
        )
        if not (commas or (named and inner) or simple):
            return None
        inner = [Token("op", ",", t.start, t.end) if t.kind == "op" and t.value == ";" else t for t in inner]
        self.t[self.i + 1 : k - 1] = inner  # x; t as x, t: the arguments of a function
        shown = readable(key) + "(" + ", ".join("".join(token_text(p)) for p in split_tokens(inner, "op", ",")) + ")"
        if not (commas or named or self.passed_as_argument(key)):
            option = self.state.option(
                ("apply", shown),
                f"'{shown}'",
                (f"the value of a function {readable(key)} at its argument", "a product"),
            )
            if option == 1:
                return None
        opener = self.take()
        args = self.arguments(opener)  # read (and so checked) like any formula, then named as one value
        if self.i != k:
            self.i = start
            return None
        if self.bound(args):  # a function of an index of an enclosing sum: its value depends on it
            self.state.opaque.append(f"{shown} (a function the document applies, of the index of a sum)")
            return sympy.Function(readable(key))(*args)
        self.state.opaque.append(f"{shown} (a function the document applies, read as one named value)")
        symbol = self.names.symbol_named(shown)
        definition = self.names.definitions.get(key_of(symbol))
        if definition is not None and not definition.params:  # given a value by a step before (introduced there)
            self.state.uses.append(f"{shown} (line {definition.line})")
            return definition.value
        return symbol

    def passed_as_argument(self: Any, key: str) -> bool:
        """Whether the document defines a function with ``key`` among its parameters (``E(f; D) = ...``): then ``key``
        is a function there, and ``f(x_i)`` its value, not a product (the document's own evidence)."""
        return any(key in (str(p) for p in d.params) for d in self.names.definitions.values())

    def apply(self: Any, definition, where: Token, value=None) -> sympy.Expr:
        """A function the document defines, applied: ``value`` (the definition read, of several; else its latest) at
        the arguments."""
        value = definition.value if value is None else value
        opener = self.take()
        args = self.arguments(opener)
        if len(args) != len(definition.params):
            raise self.fail(f"{definition.key} takes {len(definition.params)} argument(s), got {len(args)}", where)
        mapping = dict(zip(definition.params, args))
        return value.xreplace(mapping)

    def arguments(self: Any, opener: Token) -> list:
        """The values of an argument list, ``,`` or ``;`` between them (``a(x; t)``), the bracket closed."""
        args = [self.sum()]
        while self.at("op", ",") or self.at("op", ";"):
            self.take()
            args.append(self.sum())
        self.close(opener)
        return args

    def bars(self: Any, tok: Token) -> sympy.Expr:
        """``|x|`` (an absolute value) or ``|A \\cap B|`` (the size of a set, one named value)."""
        k, depth = self.i, 0
        while k < len(self.t) and not (self.t[k].kind == "op" and self.t[k].value == "|" and depth == 0):
            depth += 1 if self.t[k].kind == "open" else -1 if self.t[k].kind == "close" else 0
            k += 1
        inner = self.t[self.i : k]
        if k < len(self.t) and any(t.kind == "cmd" and t.value in ("\\cap", "\\cup", "\\setminus") for t in inner):
            self.i = k + 1
            shown = "|" + " ".join(token_text(inner)) + "|"
            self.state.opaque.append(f"{shown} (the size of a set, read as one named value)")
            return self.named_value(shown, inner, nonnegative=True)
        self.abs_depth += 1
        value = self.sum()
        if not self.at("op", "|"):
            raise self.fail("an absolute value '|' is not closed", tok)
        self.take()
        self.abs_depth -= 1
        return sympy.Abs(value)

    def norm(self: Any, tok: Token, *, sized: bool = False) -> sympy.Expr:
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
        shown = "\u2016" + " ".join(token_text(inner)) + "\u2016"
        if self.at("op", "_"):
            self.take()
            shown += "_" + "".join(token_text(self.group()))
        self.state.opaque.append(f"{shown} (a norm, read as one named value)")
        return self.named_value(shown, inner, nonnegative=True)

    def named_value(self: Any, shown: str, inner: list[Token], **assumptions) -> sympy.Expr:
        """A value named by its text (a set's size, a norm, an expectation): one symbol, or, when its text mentions
        the index of an enclosing sum, a function of that index (its value changes with it)."""
        indices = sorted({self.index[t.value] for t in inner if t.kind == "letter" and t.value in self.index}, key=str)
        if indices:
            return sympy.Function(shown)(*indices)
        symbol = self.names.symbol_named(shown, **assumptions)
        definition = self.names.definitions.get(key_of(symbol))
        if definition is not None and not definition.params:  # given a value by a step before (introduced there)
            self.state.uses.append(f"{shown} (line {definition.line})")
            return definition.value
        return symbol
