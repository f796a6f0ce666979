"""Calculus in LaTeX formulas, for the parser: fractions and derivatives, the evaluation bar, roots, functions
(from the one function table of :mod:`symmetric.explore.parser`), ``\\min``/``\\max`` and limits.

A derivative operator applies to the factor after it, exponent included, or to the rest of the product; a
derivative of a quantity with respect to a variable it does not depend on explicitly is read as the chain rule
and recorded as a reading the display does not fix. An odd root of a negative number is the real root. A
function applied without parentheses (``\\ln 2P``) is a :class:`~symmetric.documents.latex_parser.Choice`: of the
whole product, or of its first factor.
"""

from __future__ import annotations

from typing import Any

import sympy

from ..explore.parser import FUNCTIONS, LIMITS as EXPRESSION_LIMITS
from .latex import GREEK, Token
from .latex_names import canonical, is_name_start, name_key, split_tokens

__all__ = ["EXTREMA", "FUNCTION_SPELLINGS", "CalculusParsing"]

#: LaTeX spelling -> SymPy function, from the one function table of :mod:`symmetric.explore.parser`.
FUNCTION_SPELLINGS = {spelling: f.sympy for f in FUNCTIONS.values() for spelling in f.latex if f.least == 1}
#: ``\\min`` and ``\\max``, from the same table.
EXTREMA = {spelling: f.sympy for f in FUNCTIONS.values() for spelling in f.latex if f.least > 1}


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
            variables = split_tokens(var, "cmd", "\\partial")
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


class CalculusParsing:
    """The parser's methods for calculus and functions (a mixin of the LaTeX parser)."""

    def evaluate_at(self: Any, inner: sympy.Expr, bar: Token) -> sympy.Expr:
        self.take()  # "_"
        tokens = self.group()
        mapping = {}
        for part in split_tokens(tokens, "op", ","):
            cut = [k for k, t in enumerate(part) if t.kind == "rel" and t.value == "="]
            if len(cut) != 1:
                raise self.fail("the evaluation bar's subscript must read x = a", part[0] if part else bar)
            var = self.variable(part[: cut[0]], bar)
            mapping[var] = self.sub(part[cut[0] + 1 :], part[cut[0]])
        return inner.subs(mapping, simultaneous=True)

    def variable(self: Any, tokens: list[Token], where: Token) -> sympy.Symbol:
        if not tokens:
            raise self.fail("a variable is missing", where)
        parser = self.child(tokens)
        first = parser.take()
        if not is_name_start(first):
            raise self.fail(f"{first.value!r} is not a variable", first)
        key_tokens = parser.name_tokens(first)
        if parser.peek() is not None:
            raise self.fail("a single variable is expected", parser.peek())
        key = canonical(key_tokens)
        if key in self.names.definitions:
            raise self.fail(f"{key} is defined in the document and cannot be a variable here", first)
        var = self.names.symbol(key)
        if not isinstance(var, sympy.Symbol):
            raise self.fail(f"{key} is not a variable", first)
        return var

    def fraction(self: Any, tok: Token) -> sympy.Expr:
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

    def derivative(self: Any, operand, var, order, shown, tok) -> sympy.Expr:
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

    def sqrt(self: Any, tok: Token) -> sympy.Expr:
        index = None
        if self.at("open", "[") and not self.peek().sized:
            opener = self.take()
            index = self.sum()
            self.close(opener)
        radicand = self.sub(self.group(), tok)
        if index is None:
            return sympy.sqrt(radicand)
        if index.free_symbols and not index.has(sympy.Sum, sympy.Product):  # \sqrt[n]{x}: x^{1/n}
            return sympy.Pow(radicand, 1 / index)
        if not (index.is_Integer and 2 <= index <= EXPRESSION_LIMITS["exponent"]):
            raise self.fail("\\sqrt[n] needs a whole number n from 2 to 1000, or a letter", tok)
        if index % 2 == 1:  # an odd root is the real root (of a negative number too), as in real analysis
            return sympy.real_root(radicand, index)
        return sympy.root(radicand, index)

    def function(self: Any, tok: Token, func) -> sympy.Expr:
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

    def juxtaposed(self: Any, tok: Token) -> bool:
        """Whether ``tok`` continues a product written without a sign (``2P`` after ``\\ln``), not a new function."""
        if tok.kind in ("num", "letter", "text", "name"):
            return True
        return tok.kind == "cmd" and tok.value in GREEK

    def min_max(self: Any, tok: Token) -> sympy.Expr:
        if self.at("op", "_"):
            raise self.fail(f"{tok.value} over a set (an optimisation) is outside the subset", self.peek())
        if not self.at("open"):
            raise self.fail(f"{tok.value} needs its arguments in brackets", tok)
        args = self.arguments(self.take())
        if len(args) < 2:
            raise self.fail(f"{tok.value} needs at least two arguments", tok)
        return EXTREMA[tok.value](*args)

    def limit(self: Any, tok: Token) -> sympy.Expr:
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
        if self.at_sign() and not self.at("cmd"):  # \lim_{n \to \infty} 1 - (1 - 1/n)^n: of the whole sum?
            option = self.state.option(
                ("limit", tok.start),
                "\\lim followed by a sum without brackets",
                ("\\lim of the whole sum after it", "\\lim of its first term only"),
            )
            if option == 0:
                while self.at_sign() and not self.at("cmd"):
                    operand = operand + self.sign() * self.product()
        if var not in operand.free_symbols:
            return operand
        return sympy.Limit(operand, var, target, direction)
