"""Exact limits with SymPy, shared by the symbolic strategies and the numeric confirmation."""

from __future__ import annotations

import sympy

__all__ = ["exact_limit", "punctured"]


def punctured(body: sympy.Expr, var: sympy.Symbol) -> sympy.Expr:
    """``body`` without Piecewise branches for single values of ``var``.

    A limit as ``var -> a`` does not depend on the values at finitely many
    points, so conditions ``Eq(var, c)`` can be taken as false.

    >>> from symmetric import g_beta_rho, rho
    >>> punctured(g_beta_rho(), rho).has(sympy.Piecewise)
    False
    """
    single_points = {
        cond: sympy.false
        for pw in body.atoms(sympy.Piecewise)
        for _, cond in pw.args
        if isinstance(cond, sympy.Eq) and cond.free_symbols == {var}
    }
    return body.xreplace(single_points) if single_points else body


def exact_limit(limit: sympy.Limit, form=lambda e: e) -> sympy.Expr:
    """SymPy's value of ``limit``, its body first passed through ``form``."""
    body, var, point, direction = limit.args
    return sympy.limit(form(punctured(body, var)), var, point, dir=str(direction))
