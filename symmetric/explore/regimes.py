"""Regimes of an expression: where its parameters change its form or its behaviour.

Two kinds of splits are used by the analysis:

* :func:`piecewise_regimes`: the branches of a Piecewise whose conditions
  involve parameters only, such as G_{beta,rho} with its stipulated values at
  ``rho = 0`` and ``rho = -1``, each analysed on its own;
* :func:`sign_pieces`: the open intervals and points into which the special
  values of a real parameter cut the real line, written as substitutions
  with a positive variable (``rho = -1 - t``) so that SymPy knows the signs.

>>> import sympy
>>> from symmetric import P, R, rho, g_beta_rho
>>> [r.label for r in piecewise_regimes(g_beta_rho(), P, R)]
['rho = 0', 'rho = -1', 'rho != 0, rho != -1']
>>> special_values(g_beta_rho().args[-1][0], rho)
[-1, 0]
>>> [p.label for p in sign_pieces(rho, [-1, 0])]
['rho < -1', 'rho = -1', '-1 < rho < 0', 'rho = 0', 'rho > 0']
"""

from __future__ import annotations

from dataclasses import dataclass, field

import sympy

from ..verify.domain import linear_root

__all__ = ["Regime", "Piece", "piecewise_regimes", "special_values", "sign_pieces"]


@dataclass(frozen=True)
class Regime:
    """An expression valid where ``conditions`` hold, after substituting ``values``.

    ``condition`` is the same as one SymPy Boolean (for a Piecewise that
    recombines results), and ``label`` says it in words.
    """

    expr: sympy.Expr
    condition: sympy.Basic = sympy.true
    values: dict = field(default_factory=dict)
    conditions: tuple = ()
    label: str = ""

    @property
    def is_point(self) -> bool:
        return bool(self.values)


def _relation_label(c) -> str:
    if isinstance(c, sympy.Eq):
        return f"{sympy.sstr(c.lhs)} = {sympy.sstr(c.rhs)}"
    if isinstance(c, sympy.Ne):
        return f"{sympy.sstr(c.lhs)} != {sympy.sstr(c.rhs)}"
    return sympy.sstr(c)


def piecewise_regimes(expr: sympy.Expr, P: sympy.Symbol, R: sympy.Symbol) -> list[Regime]:
    """One regime per branch of a Piecewise in the parameters; a single regime otherwise."""
    if expr.has(sympy.Piecewise):
        expr = sympy.piecewise_fold(expr)
    if not isinstance(expr, sympy.Piecewise) or any(c.has(P, R) for _, c in expr.args):
        return [Regime(expr)]
    regimes, previous = [], []
    for branch, cond in expr.args:
        negated = tuple(sympy.Not(c) for c in previous)
        if isinstance(cond, sympy.Eq) and isinstance(cond.lhs, sympy.Symbol) and cond.rhs.is_number:
            values = {cond.lhs: cond.rhs}
            kept = tuple(c for c in (n.xreplace(values) for n in negated) if c is not sympy.true)
            regimes.append(Regime(branch.xreplace(values), cond, values, kept, _relation_label(cond)))
        else:
            conditions = negated + (() if cond is sympy.true else (cond,))
            label = ", ".join(_relation_label(c) for c in conditions) or "otherwise"
            regimes.append(Regime(branch, sympy.And(cond, *negated), {}, conditions, label))
        previous.append(cond)
    return regimes


def special_values(expr: sympy.Expr, symbol: sympy.Symbol) -> list:
    """Values of a real ``symbol`` that the expression singles out, sorted, always with 0.

    They are the constants in Piecewise conditions and the zeros of the
    denominators of exponents and of the bases of negative powers, where
    they are linear in ``symbol``.
    """
    found = {sympy.Integer(0)}
    for pw in expr.atoms(sympy.Piecewise):
        for _, cond in pw.args:
            if isinstance(cond, sympy.core.relational.Relational):
                root = linear_root(cond.lhs - cond.rhs, symbol)
                if root is not None:
                    found.add(root)
    for power in expr.atoms(sympy.Pow):
        base, exponent = power.args
        if exponent.has(symbol):
            _, denominator = sympy.fraction(sympy.together(exponent))
            root = linear_root(denominator, symbol)
            if root is not None:
                found.add(root)
        if exponent.is_number and exponent.is_negative:
            root = linear_root(base, symbol)
            if root is not None:
                found.add(root)
    return sorted((v for v in found if v.is_real), key=float)


@dataclass(frozen=True)
class Piece:
    """A point or an open interval of a real parameter, as a substitution.

    ``substitution`` maps the parameter to a point or to an expression in
    the positive variable ``t`` that ranges over the interval; ``inverse``
    gives ``t`` back in terms of the parameter.
    """

    symbol: sympy.Symbol
    substitution: dict
    conditions: tuple
    label: str
    t: sympy.Symbol | None = None
    inverse: sympy.Expr | None = None

    @property
    def is_point(self) -> bool:
        return self.t is None

    def restore(self, expr: sympy.Expr) -> sympy.Expr:
        """Write a result obtained under the substitution in terms of the parameter again."""
        return expr if self.t is None else expr.xreplace({self.t: self.inverse})


def sign_pieces(symbol: sympy.Symbol, values) -> list[Piece]:
    """The intervals and points into which sorted ``values`` cut the real line."""
    q = symbol
    t = sympy.Dummy("t", positive=True)
    name = sympy.sstr(q)
    pieces = []
    if not values:
        return [Piece(q, {q: q}, (), f"{name} real")]
    first, last = values[0], values[-1]
    pieces.append(Piece(q, {q: first - t}, (q < first,), f"{name} < {first}", t, first - q))
    for lo, hi in zip(values, values[1:]):
        pieces.append(Piece(q, {q: lo}, (), f"{name} = {lo}"))
        pieces.append(Piece(q, {q: lo + (hi - lo) * t / (1 + t)}, (q > lo, q < hi), f"{lo} < {name} < {hi}",
                            t, (q - lo) / (hi - q)))
    pieces.append(Piece(q, {q: last}, (), f"{name} = {last}"))
    pieces.append(Piece(q, {q: last + t}, (q > last,), f"{name} > {last}", t, q - last))
    return pieces
