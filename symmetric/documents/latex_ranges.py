"""Sums and products over a range, ``\\sum_{i=1}^{n} x_i`` and ``\\prod_{k=1}^{3} p_k``, for the LaTeX parser.

A sum over a small explicit range is written out (``x_1 + x_2 + x_3``, the
same names as the document's ``x_1``), so its steps are checked like any
other; a sum with a symbolic bound is read as a SymPy ``Sum`` over the named
sequence (``x[i]``), which the engine does not decide (the step is
"unknown", not "unparsed"). A sum over an index set (``\\sum_{l \\in L}``) or
with no range is outside the subset, named.
"""

from __future__ import annotations

import sympy

from .latex import LatexError

__all__ = ["MAX_TERMS", "RangeParsing"]

#: The most terms an explicit range is written out to.
MAX_TERMS = 50


class RangeParsing:
    """The parser's methods for ``\\sum`` and ``\\prod`` (a mixin of the LaTeX parser)."""

    def range_operator(self, tok):
        what = "sum" if tok.value == "\\sum" else "product"
        upper = None
        if self.at("op", "^"):  # \sum^{n}_{i=1}: the bounds in the other order
            self.take()
            upper = self.group()
        if not self.at("op", "_"):
            raise self.fail(
                f"{tok.value} without an index range ({tok.value}_{{i=1}}^{{n}}) is outside the subset", tok
            )
        self.take()
        lower = self.group()
        cut = [k for k, t in enumerate(lower) if t.kind == "rel" and t.value == "="]
        if len(cut) != 1 or cut[0] != 1 or lower[0].kind != "letter":
            raise self.fail(
                f"{tok.value} (a {what} over an index set) is outside the subset (a range i = a..b is read)", tok
            )
        if upper is None:
            if not self.at("op", "^"):
                raise self.fail(f"{tok.value} needs an upper bound ({tok.value}_{{i=1}}^{{n}})", tok)
            self.take()
            upper = self.group()
        index = sympy.Symbol(lower[0].value, integer=True)
        start = self.sub(lower[2:], tok)
        end = self.sub(upper, tok)
        outer = self.index
        self.index = {**outer, lower[0].value: index}
        try:
            body = self.power() if self.at("open") else self.product()
        finally:
            self.index = outer
        operator = sympy.Sum if what == "sum" else sympy.Product
        if start.is_Integer and end.is_Integer and 0 <= end - start < MAX_TERMS:
            terms = [self.named_terms(body.xreplace({index: sympy.Integer(k)})) for k in range(start, end + 1)]
            return sympy.Add(*terms) if what == "sum" else sympy.Mul(*terms)
        if body.has(sympy.Indexed) or not body.has(index):
            self.state.sums.append(f"{tok.value} from {index} = {start} to {end}")
            return operator(body, (index, start, end))
        raise LatexError(f"{tok.value} of something that does not depend on its index is outside the subset", tok.start)

    def named_terms(self, expr):
        """``x[2]`` (a sequence at a number) as the document's own name ``x_2``."""
        mapping = {}
        for item in expr.atoms(sympy.Indexed):
            if all(i.is_Integer for i in item.indices):
                shown = str(item.base.label) + "_{" + ",".join(str(i) for i in item.indices) + "}"
                mapping[item] = self.names.symbol(shown)
        return expr.xreplace(mapping)

    def indexed(self, tokens):
        """A subscripted name whose subscript holds the index of an enclosing sum: that sequence at the index."""
        if not self.index or len(tokens) < 4 or tokens[1].value != "_":
            return None
        sub = tokens[3:-1]
        if not any(t.kind == "letter" and t.value in self.index for t in sub):
            return None
        value = self.child(sub).parse()
        from .names import readable

        base = sympy.IndexedBase(
            readable(tokens[0].value if tokens[0].kind != "text" else tokens[0].value), positive=True
        )
        return base[value]
