"""Regimes of an expression: where its parameters change its form or its behaviour.

* :func:`piecewise_regimes`: the branches of a Piecewise whose conditions
  involve parameters only, such as G_{beta,rho} with its stipulated values at
  ``rho = 0`` and ``rho = -1``, each analysed on its own (the engine's
  :func:`~symmetric.verify.signs.cases.piecewise_branches`);
* :func:`special_values`: the values of a real parameter that the
  expression singles out (from the engine's ``linear_root``), where the
  analysis cuts the parameter's line into pieces with the engine's
  :func:`~symmetric.verify.signs.cases.cut`.

>>> import sympy
>>> from symmetric import P, R, rho, g_beta_rho
>>> [r.label for r in piecewise_regimes(g_beta_rho(), P, R)]
['rho = 0', 'rho = -1', 'rho != 0, rho != -1']
>>> special_values(g_beta_rho().args[-1][0], rho)
[-1, 0]
"""

from __future__ import annotations

from dataclasses import dataclass, field

import sympy

from ..verify.core.linear import linear_root
from ..verify.signs.cases import piecewise_branches

__all__ = ["Regime", "piecewise_regimes", "special_values"]


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


def piecewise_regimes(expr: sympy.Expr, P: sympy.Symbol, R: sympy.Symbol) -> list[Regime]:
    """One regime per branch of a Piecewise in the parameters; a single regime otherwise."""
    if expr.has(sympy.Piecewise):
        expr = sympy.piecewise_fold(expr)
    if not isinstance(expr, sympy.Piecewise) or any(c.has(P, R) for _, c in expr.args):
        return [Regime(expr)]
    return [Regime(*branch) for branch in piecewise_branches(expr)]


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
