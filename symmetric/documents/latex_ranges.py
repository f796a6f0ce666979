"""Sums and products over ranges and index sets, and Iverson brackets, for the LaTeX parser.

A sum over a small explicit range is written out (``x_1 + x_2 + x_3``, the same names as the document's ``x_1``),
so its steps are checked like any other. Any other range is read as a SymPy ``Sum`` over the named sequence
(``x[i]``), which :mod:`~symmetric.documents.sums` takes apart by linearity:

* ``\\sum_{i=1}^{n}``, ``\\sum^{n}_{i=1}`` (a symbolic bound);
* ``\\sum_{i}^{n}``, ``\\sum^n_i``: the index from 1;
* ``\\sum_{i<j}^{\\ell}``: the pairs ``1 \\le i < j \\le \\ell``;
* ``\\sum_{l \\in L}``: over the set ``L``, of ``|L|`` elements;
* ``\\sum x_i``, ``\\sum_{i<j}`` (no upper bound): a range the document leaves implicit
  (:data:`~symmetric.documents.sums.IMPLICIT`), the index read from the subscripts after it.

The body runs over the product after the operator (``\\sum_{i<j} [a][b]`` sums the product of both brackets). An
Iverson bracket ``[y_i = 1]`` (a relation in square brackets) is 1 when it holds, else 0
(:func:`~symmetric.documents.sums.iverson`). Other index sets (``\\sum_{i \\ne j}``, ``\\sum_{i, j}``) are outside the
subset, named.
"""

from __future__ import annotations

from typing import Any

import sympy

from .latex import LatexError, Token
from .latex_names import canonical, is_name_start, token_text
from .sums import IMPLICIT, iverson

__all__ = ["MAX_TERMS", "RangeParsing"]

#: The most terms an explicit range is written out to.
MAX_TERMS = 50
_INDEX_LETTERS = "ijklmnpqrst"


def _letter(tokens: list[Token]) -> str | None:
    if len(tokens) == 1 and tokens[0].kind == "letter":
        return tokens[0].value
    return None


class RangeParsing:
    """The parser's methods for ``\\sum``, ``\\prod`` and Iverson brackets (a mixin of the LaTeX parser)."""

    def range_operator(self: Any, tok):
        what = "sum" if tok.value == "\\sum" else "product"
        upper = lower = None
        for _ in range(2):  # \sum_{i=1}^{n} or \sum^{n}_{i=1}
            if self.at("op", "^") and upper is None:
                self.take()
                upper = self.group()
            elif self.at("op", "_") and lower is None:
                self.take()
                lower = self.group()
        end = IMPLICIT if upper is None else self.sub(upper, tok)
        if lower is None:
            letter = self.implicit_index(tok)
            limits, shown = [(letter, sympy.Integer(1), end)], f"{tok.value} over {letter} (its range implicit)"
        else:
            limits, shown = self.index_range(tok, lower, end, what)
        outer = self.index
        self.index = {**outer, **{key: symbol for key, symbol in limits_names(limits)}}
        try:
            body = self.product()
        finally:
            self.index = outer
        symbols = [(sym, start, stop) for (_, start, stop), (_, sym) in zip(limits, limits_names(limits))]
        operator = sympy.Sum if what == "sum" else sympy.Product
        if len(symbols) == 1:
            index, start, stop = symbols[0]
            if start.is_Integer and stop.is_Integer and 0 <= stop - start < MAX_TERMS:
                terms = [self.named_terms(body.xreplace({index: sympy.Integer(k)})) for k in range(start, stop + 1)]
                return sympy.Add(*terms) if what == "sum" else sympy.Mul(*terms)
        self.state.sums.append(shown)
        return operator(body, *reversed(symbols))

    def index_range(self: Any, tok, lower: list[Token], end, what: str):
        """``(limits, words)`` of a subscript: ``i = a``, ``i``, ``i < j``, ``l \\in L``; limits outermost first,
        each ``(letter, start, stop)``."""
        rels = [k for k, t in enumerate(lower) if t.kind == "rel"]
        letter = _letter(lower)
        if letter is not None:  # \sum_i^n: from 1
            return [(letter, sympy.Integer(1), end)], f"{tok.value} from {letter} = 1 to {sympy.sstr(end)}"
        if len(rels) == 1:
            k = rels[0]
            first, rel, rest = lower[:k], lower[k], lower[k + 1 :]
            letter = _letter(first)
            if letter is not None and rel.value == "=" and rest:
                start = self.sub(rest, tok)
                return [(letter, start, end)], f"{tok.value} from {letter} = {sympy.sstr(start)} to {sympy.sstr(end)}"
            second = _letter(rest)
            if letter is not None and second is not None and rel.value == "<" and letter != second:
                symbol = sympy.Symbol(letter, integer=True)
                return (
                    [(letter, sympy.Integer(1), end), (second, symbol + 1, end)],
                    f"{tok.value} over the pairs 1 \\le {letter} < {second} \\le {sympy.sstr(end)}",
                )
            element = letter or self.element(first)
            if element is not None and rel.value == "\\in" and rest:
                size = self.names.symbol_named("|" + "".join(token_text(rest)) + "|", positive=True, integer=True)
                return [(element, sympy.Integer(1), size)], f"{tok.value} over the {size} elements of a set"
        raise self.fail(
            f"{tok.value} (a {what} over an index set) is outside the subset (read: i = a..b, i < j, i \\in S)", tok
        )

    def element(self: Any, tokens: list[Token]) -> str | None:
        """The key of a name running over a set (``\\boldsymbol{x}^+`` of ``\\sum_{\\boldsymbol{x}^+ \\in D^+}``), else
        None."""
        if not tokens or not is_name_start(tokens[0]):
            return None
        parser = self.child(tokens)
        try:
            key = canonical(parser.name_tokens(parser.take()))
        except LatexError:
            return None
        return key if parser.peek() is None else None

    def implicit_index(self: Any, tok) -> str:
        """The index of a sum written without a range (``\\sum x_i``): the one letter in the subscripts after it."""
        found: list[str] = []
        depth = 0
        for k in range(self.i, len(self.t)):
            t = self.t[k]
            if t.kind == "open":
                depth += 1
            elif t.kind == "close":
                depth -= 1
                if depth < 0:
                    break
            elif depth == 0 and (t.kind == "rel" or (t.kind == "op" and t.value in "+-")) and k > self.i:
                break
            if t.kind == "op" and t.value == "_" and k + 1 < len(self.t):
                nxt = self.t[k + 1 : k + 4]
                letter = nxt[0] if nxt[0].kind == "letter" else nxt[1] if len(nxt) > 2 and nxt[0].value == "{" else None
                if letter is not None and letter.kind == "letter" and letter.value in _INDEX_LETTERS:
                    found.append(letter.value)
        letters = set(found)
        if len(letters) != 1:
            raise self.fail(f"{tok.value} without a range and no one index in what follows is outside the subset", tok)
        return letters.pop()

    def iverson_bracket(self: Any, opener):
        """``[a = b]`` (the bracket opened): 1 when the relation holds, else 0."""
        depth, k = 0, self.i
        while k < len(self.t):
            t = self.t[k]
            depth += 1 if t.kind == "open" else -1 if t.kind == "close" else 0
            if depth == 0 and t.kind == "rel":
                break
            k += 1
        left = self.sub(self.t[self.i : k], opener)
        rel = self.t[k]
        self.i = k + 1
        right = self.sum()
        if self.at("rel"):
            raise self.fail("a bracket holding two relations is outside the subset", self.peek())
        self.close(opener)
        value = rel.value if rel.value in ("\\ne", "\\neq", "=", "<", ">") else rel.relation
        if value not in ("\\ne", "\\neq", "=", "<", ">", "<=", ">="):
            raise self.fail(f"an Iverson bracket with the relation {rel.value} is outside the subset", rel)
        self.state.sums.append("an Iverson bracket [a relation b]: 1 when the relation holds, else 0")
        return iverson(left, value, right)

    def named_terms(self: Any, expr):
        """``x[2]`` (a sequence at a number) as the document's own name ``x_2``."""
        mapping = {}
        for item in expr.atoms(sympy.Indexed):
            if all(i.is_Integer for i in item.indices):
                shown = str(item.base.label) + "_{" + ",".join(str(i) for i in item.indices) + "}"
                mapping[item] = self.names.symbol(shown)
        return expr.xreplace(mapping)

    def indexed(self: Any, tokens):
        """A subscripted name whose subscript holds the index of an enclosing sum: that sequence at the index."""
        if not self.index or len(tokens) < 4 or tokens[1].value != "_":
            return None
        sub = tokens[3:-1]
        if not any(t.kind == "letter" and t.value in self.index for t in sub):
            return None
        value = self.child(sub).parse()
        from .names import readable

        base = sympy.IndexedBase(readable(tokens[0].value), positive=True)
        return base[value]

    def bound(self, args) -> bool:
        """Whether values hold an index of an enclosing sum (a function applied to them depends on it)."""
        indices = set(self.index.values())
        return any(sympy.sympify(a).free_symbols & indices for a in args)


def limits_names(limits):
    """``(key, symbol)`` of each limit: the index symbols (integers; an element of a set, a plain symbol)."""
    out = []
    for key, _, _ in limits:
        if len(key) == 1:
            out.append((key, sympy.Symbol(key, integer=True)))
        else:
            from .names import readable

            out.append((key, sympy.Symbol(readable(key) + "\u2208")))  # x⁺∈: an element the sum runs over
    return out
