"""Substitution that respects bound variables: the one helper every part of the engine uses.

``expr.xreplace(mapping)`` rewrites every occurrence of a symbol, including
the variable a ``Limit`` binds, so a case split ``rho = -t`` would turn
``Limit(rho**2, rho, 3)`` into ``Limit(t**2, -t, 3)``. :func:`substitute`
replaces only the *free* occurrences: inside ``Limit``, ``Integral``,
``Sum``, ``Product``, ``Lambda`` and ``Subs`` the bound variables are left
alone, and a bound variable is renamed when the substituted value contains a
symbol of the same name (no capture). A variable of differentiation is free
in the value of a ``Derivative``; substituting it gives the derivative
evaluated at that value (``Subs``).

>>> import sympy
>>> from symmetric import P, rho
>>> t = sympy.Symbol("t", positive=True)
>>> substitute(sympy.Limit(rho**2, rho, 3) + rho, {rho: -t})
-t + Limit(rho**2, rho, 3, dir='+')
>>> substitute(sympy.Limit(P * rho, rho, 0), {P: rho + 1})
Limit(rho_1*(rho + 1), rho_1, 0, dir='+')
>>> substitute(sympy.Derivative(rho**3, rho), {rho: 2}).doit()
12

Keys may be any subexpression (a Piecewise condition such as
``Eq(rho, 0)``); a key is never replaced where one of its symbols is bound.
"""

from __future__ import annotations

import itertools

import sympy
from sympy.concrete.expr_with_limits import ExprWithLimits

__all__ = ["substitute", "bound_symbols", "fresh_symbol", "free_nodes", "scoped_nodes"]


def bound_symbols(expr) -> set:
    """Every symbol that some binder inside ``expr`` binds."""
    out = set()
    for node in sympy.preorder_traversal(expr):
        if isinstance(node, sympy.Limit):
            out.add(node.args[1])
        elif isinstance(node, ExprWithLimits):
            out.update(lim[0] for lim in node.limits if len(lim) > 1)
        elif isinstance(node, sympy.Lambda):
            out.update(node.variables)
        elif isinstance(node, sympy.Subs):
            out.update(node.variables)
    return out


def _binder_variables(node) -> set:
    if isinstance(node, sympy.Limit):
        return {node.args[1]}
    if isinstance(node, ExprWithLimits):
        return {lim[0] for lim in node.limits if len(lim) > 1}
    if isinstance(node, (sympy.Lambda, sympy.Subs)):
        return set(node.variables)
    return set()


def scoped_nodes(expr, types) -> list:
    """``(node, bound)`` for the subexpressions of the given types, with the symbols bound around each."""
    out = []

    def walk(e, bound) -> None:
        if isinstance(e, types):
            out.append((e, bound))
        inner = bound | _binder_variables(e)
        for a in e.args:
            if isinstance(a, sympy.Basic):
                walk(a, inner)

    walk(expr, frozenset())
    return out


def free_nodes(expr, types) -> list:
    """Subexpressions of ``expr`` of the given types in which no symbol is bound by an enclosing binder.

    >>> import sympy
    >>> from symmetric import P, rho
    >>> pw = sympy.Piecewise((P, sympy.Eq(rho, 0)), (1, True))
    >>> free_nodes(pw + sympy.Limit(pw, rho, 1), sympy.Piecewise)
    [Piecewise((P, Eq(rho, 0)), (1, True))]
    """
    out = []

    def walk(e, bound) -> None:
        if isinstance(e, types) and not (e.free_symbols & bound):
            out.append(e)
        inner = bound | _binder_variables(e)
        for a in e.args:
            if isinstance(a, sympy.Basic):
                walk(a, inner)

    walk(expr, frozenset())
    return list(dict.fromkeys(out))


def _all_names(*exprs) -> set[str]:
    names: set[str] = set()
    for e in exprs:
        if isinstance(e, sympy.Basic):
            names.update(s.name for s in e.atoms(sympy.Symbol))
    return names


def fresh_symbol(like: sympy.Symbol, *avoid, name: str | None = None) -> sympy.Symbol:
    """A Symbol with the assumptions of ``like`` whose name occurs in none of ``avoid``."""
    taken = _all_names(*avoid)
    base = name or like.name
    if base not in taken:
        return sympy.Symbol(base, **like.assumptions0)
    for k in itertools.count(1):
        candidate = f"{base}_{k}"
        if candidate not in taken:
            return sympy.Symbol(candidate, **like.assumptions0)
    raise AssertionError("unreachable")  # pragma: no cover


def substitute(expr, mapping: dict):
    """Replace the free occurrences of the keys of ``mapping`` in ``expr`` by their values.

    Parameters
    ----------
    expr : sympy.Basic
    mapping : dict
        Keys are symbols or other subexpressions; values are expressions.

    Returns
    -------
    sympy.Basic
        ``expr`` with the replacements made, bound variables untouched and
        renamed where a value would otherwise be captured.
    """
    if not isinstance(expr, sympy.Basic):
        return expr
    mapping = {sympy.sympify(k): sympy.sympify(v) for k, v in mapping.items()}
    mapping = {k: v for k, v in mapping.items() if k != v}
    if not mapping:
        return expr
    if not expr.has(*_BINDERS):
        return expr.xreplace(mapping)  # nothing is bound: plain replacement is the same, and fast
    return _sub(expr, mapping)


_BINDERS = (sympy.Limit, sympy.Derivative, ExprWithLimits, sympy.Lambda, sympy.Subs)


def _relevant(expr, mapping):
    free = expr.free_symbols
    return {k: v for k, v in mapping.items() if k.free_symbols and k.free_symbols <= free}


def _values_mention(mapping, symbols) -> bool:
    return any(v.free_symbols & symbols for v in mapping.values())


def _scope(mapping, var):
    """The mapping inside the scope of a binder of ``var``."""
    return {k: v for k, v in mapping.items() if var not in k.free_symbols}


def _rename(var, body, mapping, *others):
    """Rename ``var`` in ``body`` when a value of ``mapping`` would be captured by it."""
    if not _values_mention(mapping, {var}):
        return var, body
    new = fresh_symbol(var, body, *mapping.values(), *mapping.keys(), *others)
    return new, body.xreplace({var: new})


def _sub(expr, mapping):
    if not mapping or not isinstance(expr, sympy.Basic):
        return expr
    if expr in mapping:
        return mapping[expr]
    mapping = _relevant(expr, mapping)
    if not mapping or not expr.args:
        return expr
    if isinstance(expr, sympy.Limit):
        return _sub_limit(expr, mapping)
    if isinstance(expr, sympy.Derivative):
        return _sub_derivative(expr, mapping)
    if isinstance(expr, ExprWithLimits):
        return _sub_with_limits(expr, mapping)
    if isinstance(expr, sympy.Lambda):
        return _sub_lambda(expr, mapping)
    if isinstance(expr, sympy.Subs):
        return _sub_subs(expr, mapping)
    args = [_sub(a, mapping) for a in expr.args]
    if all(a is b for a, b in zip(args, expr.args)):
        return expr
    return expr.func(*args)


def _sub_limit(expr, mapping):
    body, var, point, direction = expr.args
    point = _sub(point, mapping)
    inner = _scope(mapping, var)
    var, body = _rename(var, body, inner, point)
    return sympy.Limit(_sub(body, inner), var, point, str(direction))


def _sub_derivative(expr, mapping):
    variables = list(dict.fromkeys(expr.variables))
    touched = any(v in mapping for v in variables) or _values_mention(mapping, set(variables))
    inner = mapping
    for v in variables:
        inner = _scope(inner, v)
    if not touched:
        return sympy.Derivative(_sub(expr.expr, inner), *expr.variable_count)
    # d/dx f evaluated at x = value: rename x, differentiate, then substitute the point.
    body = expr.expr
    renamed: dict = {}
    for v in variables:
        new = fresh_symbol(v, body, *mapping.values(), *mapping.keys(), *renamed.values())
        renamed[v] = new
    body = body.xreplace(renamed)
    counts = [(renamed[v], n) for v, n in expr.variable_count]
    derivative = sympy.Derivative(_sub(body, inner), *counts)
    points = [mapping.get(v, v) for v in variables]
    return sympy.Subs(derivative, [renamed[v] for v in variables], points)


def _sub_with_limits(expr, mapping):
    limits = list(expr.limits)
    *inner_limits, last = limits
    if len(last) == 1:  # an indefinite integral: its variable is free in the value
        return _sub_derivative_like(expr, mapping)
    var, bounds = last[0], last[1:]
    bounds = [_sub(b, mapping) for b in bounds]
    inner_expr = expr.func(expr.function, *inner_limits) if inner_limits else expr.function
    inner = _scope(mapping, var)
    var, inner_expr = _rename(var, inner_expr, inner, *bounds)
    inner_expr = _sub(inner_expr, inner)
    if inner_limits:
        return expr.func(inner_expr.function, *inner_expr.limits, (var, *bounds))
    return expr.func(inner_expr, (var, *bounds))


def _sub_derivative_like(expr, mapping):
    variables = [lim[0] for lim in expr.limits]
    if not any(v in mapping for v in variables) and not _values_mention(mapping, set(variables)):
        inner = mapping
        for v in variables:
            inner = _scope(inner, v)
        return expr.func(_sub(expr.function, inner), *expr.limits)
    dummies = {v: fresh_symbol(v, expr, *mapping.values(), *mapping.keys()) for v in variables}
    renamed = expr.xreplace(dummies)
    inner = mapping
    for v in variables:
        inner = _scope(inner, v)
    renamed = renamed.func(_sub(renamed.function, inner), *renamed.limits)
    return sympy.Subs(renamed, list(dummies.values()), [mapping.get(v, v) for v in variables])


def _sub_lambda(expr, mapping):
    body = expr.expr
    variables = list(expr.variables)
    inner = mapping
    for v in variables:
        inner = _scope(inner, v)
    new_vars: list = []
    for v in variables:
        nv, body = _rename(v, body, inner, *new_vars)
        new_vars.append(nv)
    return sympy.Lambda(tuple(new_vars), _sub(body, inner))


def _sub_subs(expr, mapping):
    body, variables, points = expr.args
    points = [_sub(p, mapping) for p in points]
    inner = mapping
    for v in variables:
        inner = _scope(inner, v)
    new_vars: list = []
    for v in variables:
        nv, body = _rename(v, body, inner, *points, *new_vars)
        new_vars.append(nv)
    return sympy.Subs(_sub(body, inner), new_vars, points)
