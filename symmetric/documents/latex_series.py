"""Ellipses whose pattern is unambiguous, for the LaTeX parser: ``a_1 + a_2 + \\dots + a_n`` is a sum.

``a_1 + ... + a_n``, ``\\frac{1}{a_1} + \\cdots + \\frac{1}{a_n}``, ``\\ln a_1 + \\dots + \\ln a_n`` and the products
``a_1 a_2 \\cdots a_n``, ``a_1...a_{n-1}`` are read as the sum (or product) of the one term the first and the last
terms are, when they differ only in subscripts and every differing subscript runs between the same two values
(``a_1`` and ``a_n``: from 1 to n; ``a_{n+1}`` and ``a_{2n}``: from n + 1 to 2n). The terms written before the
ellipsis must be that term at the values before, with the same sign. Anything else (a pattern that is not one
subscript's run, ``a1 + ... a_n``) is outside the subset, named. The series is then a range like ``\\sum`` over it
(:mod:`~symmetric.documents.latex_ranges`).
"""

from __future__ import annotations

from typing import Any

import sympy

from .latex import Token

__all__ = ["ELLIPSES", "SeriesParsing"]

#: The commands of an ellipsis (three dots ``...`` are read too).
ELLIPSES = {"\\dots", "\\cdots", "\\ldots", "\\dotsb", "\\dotsc", "\\dotsm", "\\dotsi"}
_INDEX_LETTERS = "ijkmlpqrstuvw"


def _subscripts(tokens: list[Token]) -> list[tuple[int, int, int]]:
    """``(start, end, after)`` of each subscript in ``tokens``: its content ``[start, end)`` (the group after
    ``_``) and the index after the group (past its closing brace)."""
    out = []
    k = 0
    while k < len(tokens):
        if tokens[k].kind == "op" and tokens[k].value == "_" and k + 1 < len(tokens):
            if tokens[k + 1].kind == "open" and tokens[k + 1].value == "{":
                depth, j = 0, k + 1
                while j < len(tokens):
                    depth += 1 if tokens[j].kind == "open" else -1 if tokens[j].kind == "close" else 0
                    if depth == 0:
                        break
                    j += 1
                out.append((k + 2, j, j + 1))
                k = j
            else:
                out.append((k + 1, k + 2, k + 2))
                k += 1
        k += 1
    return out


def _same(a: list[Token], b: list[Token]) -> bool:
    return [(t.kind, t.value) for t in a] == [(t.kind, t.value) for t in b]


def template(first: list[Token], last: list[Token]):
    """``(pieces, start, end)``: ``first`` cut at the subscripts that differ from ``last`` (lists of tokens, None
    where the index goes) and the two runs of tokens the index goes from and to; None when the two do not differ
    that way."""
    subs1, subs2 = _subscripts(first), _subscripts(last)
    if len(subs1) != len(subs2):
        return None
    pieces: list = []
    start: Any = None
    end: Any = None
    p1 = p2 = 0
    for (a1, b1, c1), (a2, b2, c2) in zip(subs1, subs2):
        u1 = a1 - 2 if first[a1 - 1].value == "{" else a1 - 1  # where the "_" is
        u2 = a2 - 2 if last[a2 - 1].value == "{" else a2 - 1
        if not _same(first[p1:u1], last[p2:u2]):
            return None
        s1, s2 = first[a1:b1], last[a2:b2]
        if _same(s1, s2):
            pieces.append(first[p1:c1])
        else:
            nested = template(s1, s2)  # y_{D_1} ... y_{D_n}: the index runs in the inner subscript
            inner, low, high = nested if nested is not None else ([None], s1, s2)
            if start is not None and not (_same(start, low) and _same(end, high)):
                return None
            start, end = low, high
            pieces += [first[p1:u1], [Token("op", "_", 0, 0), Token("open", "{", 0, 0)], *inner]
            pieces.append([Token("close", "}", 0, 0)])
        p1, p2 = c1, c2
    if not _same(first[p1:], last[p2:]) or start is None:
        return None
    pieces.append(first[p1:])
    return pieces, start, end


class SeriesParsing:
    """The parser's methods for ellipses (a mixin of the LaTeX parser)."""

    def at_ellipsis(self: Any, k: int = 0) -> bool:
        tok = self.peek(k)
        if tok is None:
            return False
        if tok.kind == "cmd" and tok.value in ELLIPSES:
            return True
        return all(self.at("op", ".", k + j) for j in range(3))

    def take_ellipsis(self: Any) -> Token:
        tok = self.take()
        if tok.kind == "op":
            self.i += 2
        return tok

    def ellipsis(self: Any, kind: str, items: list, spans: list, signs: list, parse_item) -> None:
        """After ``items`` (with their token spans and signs), at an ellipsis: the ellipsis, an optional sign, the
        last item; the run of items fitting the pattern becomes one sum or product (in place)."""
        where = self.peek()
        if kind == "sum" and self.at_sign():
            before = self.sign()
        else:
            before = signs[-1]
        self.take_ellipsis()
        sign = self.sign() if kind == "sum" and self.at_sign() else before
        if kind == "product" and (
            self.at("op", "*") or (self.at("cmd") and self.peek().value in ("\\cdot", "\\times"))
        ):
            self.take()  # a_1 \cdot \ldots \cdot a_n
        start = self.i
        parse_item()  # read (so checked) here; the series reads it again as its last term
        end = self.i
        if sign != signs[-1] or before != signs[-1]:
            raise self.fail("an ellipsis between terms of different signs is outside the subset", where)
        found = template(self.t[spans[-1][0] : spans[-1][1]], self.t[start:end])
        if found is None:
            raise self.fail(
                "an ellipsis whose pattern is not one subscript running from the term before it to the term after it "
                "is outside the subset",
                where,
            )
        pieces, low, high = found
        used = {t.value for t in self.t if t.kind == "letter"}
        letter = next((c for c in _INDEX_LETTERS if c not in used and c not in self.index), None)
        if letter is None:
            raise self.fail("an ellipsis with no free letter for its index is outside the subset", where)
        index = sympy.Symbol(letter, integer=True)
        lowest, highest = self.sub(low, where), self.sub(high, where)
        body_tokens = [t for piece in pieces for t in (piece if piece is not None else [Token("letter", letter, 0, 0)])]
        outer = self.index
        self.index = {**outer, letter: index}
        try:
            body = self.child(body_tokens).parse()
        finally:
            self.index = outer
        # the items written before the ellipsis that are the term at the values before: part of the series
        count = 1
        while count < len(items) and signs[-count - 1] == sign:
            at = sign * self.named_terms(body.xreplace({index: lowest - count}))
            if sympy.simplify(at - items[-count - 1]) != 0:
                break
            count += 1
        lowest = lowest - (count - 1)
        self.state.sums.append(
            f"an ellipsis read as the {kind} over {letter} = {sympy.sstr(lowest)} to {sympy.sstr(highest)}"
        )
        series = self.finite(kind, body, index, lowest, highest)
        del items[-count:], spans[-count:], signs[-count:]
        items.append(sign * series)
        spans.append((start, end))
        signs.append(sign)

    def finite(self: Any, kind: str, body, index, lowest, highest):
        from .latex_ranges import MAX_TERMS

        operator = sympy.Sum if kind == "sum" else sympy.Product
        if lowest.is_Integer and highest.is_Integer and 0 <= highest - lowest < MAX_TERMS:
            terms = [self.named_terms(body.xreplace({index: sympy.Integer(k)})) for k in range(lowest, highest + 1)]
            return sympy.Add(*terms) if kind == "sum" else sympy.Mul(*terms)
        return operator(body, (index, lowest, highest))
