"""Whether an equation follows from the one before it, on the domain: the rows of a sequence of equations.

Proven when each side is the other equation's side rewritten, or when the equation is the one before
multiplied by a factor proven nonzero; refuted only at a point where the equation before holds and this
one fails: a special value at which the equation before holds identically, or a solution of it for one
symbol (checked by substituting it back) in that symbol's domain. Otherwise unknown.
"""

from __future__ import annotations

import sympy
from sympy.core.function import AppliedUndef

from ..verify import run_with_budget

__all__ = ["follows", "solve_or_none"]


def solve_or_none(expr, symbol, **options) -> list | None:
    """``sympy.solve`` (an equation linear in ``symbol`` solved directly), or None where SymPy has no algorithm for
    the equation, or it holds a sum, a product or a function applied (no general solving over those)."""
    slope = sympy.diff(expr, symbol)
    if slope != 0 and not slope.has(symbol):
        return [sympy.cancel(-(expr - slope * symbol) / slope)]
    if expr.has(sympy.Sum, sympy.Product) or expr.atoms(AppliedUndef):
        return None
    try:
        return sympy.solve(expr, symbol, **options)
    except (NotImplementedError, ValueError, TypeError):
        return None


def follows(before, after, verdict, timeout, domain) -> tuple:
    """Whether ``after`` (an equation) holds wherever ``before`` does: (status, counterexample, reason)."""
    (L0, R0), (L1, R1) = before, after
    for (a, b), (c, d) in (((L0, L1), (R0, R1)), ((L0, R1), (R0, L1))):
        if verdict(a, b, "==", timeout).status == "proven" and verdict(c, d, "==", timeout).status == "proven":
            return "proven", None, "follows from the equation before: each side rewritten"
    D0, D1 = L0 - R0, L1 - R1
    ok, ratio = run_with_budget(lambda: sympy.simplify(D1 / D0), min(timeout, 5.0))
    if ok and ratio is not None and ratio.is_finite is not False and not ratio.has(sympy.zoo, sympy.nan):
        p, q = sympy.fraction(sympy.together(ratio))
        if not (p.has(sympy.Derivative, sympy.Limit) or q.has(sympy.Derivative, sympy.Limit)) and p != 0:
            sign = next((r for r in (">", "<") if verdict(q, 0, r, timeout).status == "proven"), None)
            if sign and verdict(q * D1, p * D0, "==", timeout).status == "proven":
                return (
                    "proven",
                    None,
                    (
                        f"follows from the equation before: it is that equation multiplied by "
                        f"{sympy.sstr(sympy.factor(ratio))}, never zero or undefined"
                    ),
                )
    solution = _solution(D0, (L1, R1), verdict, timeout, domain)
    if solution is not None:
        return solution
    return _refute_implication(D0, D1, (L1, R1), verdict, timeout, domain)


def _solution(D0, after, verdict, timeout, domain):
    """``x = c`` after a polynomial equation in x: proven when c is its only root in x's domain (every root found,
    the leading coefficient proven nonzero, each root checked by substituting it back), else None (the
    refutation is looked for as for any row)."""
    L1, R1 = after
    s, value = (L1, R1) if isinstance(L1, sympy.Symbol) else (R1, L1)
    if not isinstance(s, sympy.Symbol) or value.has(s) or not D0.has(s):
        return None
    numerator, denominator = sympy.fraction(sympy.together(D0))
    try:
        poly = sympy.Poly(numerator, s)
    except sympy.PolynomialError:
        return None
    if poly.degree() < 1 or any(c.has(s) for c in poly.all_coeffs()):
        return None
    lead = poly.LC()
    if not lead.is_number and not any(verdict(lead, 0, r, timeout).status == "proven" for r in (">", "<")):
        return None  # the equation may be no equation at all where its leading coefficient vanishes
    ok, found = run_with_budget(lambda: sympy.roots(poly), min(timeout, 5.0))
    if not ok or sum(found.values()) != poly.degree():
        return None
    inside = []
    for root in found:
        if root.has(sympy.I) and not root.is_real:
            continue
        if root.is_number and not _in_domain(s, root, domain):
            continue
        if not root.is_number:
            return None  # a root whose place in the domain depends on the other symbols
        if verdict(denominator.subs(s, root), 0, "==", timeout).status == "proven":
            continue
        inside.append(root)
    if inside and all(verdict(root, value, "==", timeout).status == "proven" for root in inside):
        return "proven", None, f"the solution of the equation before: {s} = {sympy.sstr(value)} is its only one"
    return None


def _refute_implication(D0, D1, after, verdict, timeout, domain):
    """A point where the equation before holds and this one fails, confirmed; else unknown."""
    L1, R1 = after
    symbols = sorted(D0.free_symbols | D1.free_symbols, key=str)
    for s in symbols:
        for value in _special_values(s, domain):
            D0v = D0.subs(s, value)
            if D0v.has(sympy.zoo, sympy.nan, sympy.oo):
                continue
            if D0v != 0 and verdict(D0v, 0, "==", timeout).status != "proven":
                continue
            v = verdict(L1.subs(s, value), R1.subs(s, value), "==", timeout)
            if v.status == "refuted":
                cx = {str(s): str(value), **{str(k): str(x) for k, x in v.counterexample.items()}}
                return (
                    "refuted",
                    cx,
                    (
                        f"does not follow from the equation before: at {s} = {value} the "
                        f"equation before holds for every value of the others, this one fails"
                    ),
                )
    for s in symbols:
        found = _refute_by_solving(D0, s, (L1, R1), verdict, timeout, domain)
        if found is not None:
            return found
    return "unknown", None, "not an identity, and whether it follows from the equation before is undecided"


def _refute_by_solving(D0, s, after, verdict, timeout, domain):
    """The equation before solved for ``s`` (each solution checked by substituting it back)."""
    L1, R1 = after
    if D0.has(sympy.Derivative, sympy.Limit, sympy.Min, sympy.Max, sympy.Abs):
        return None
    ok, solutions = run_with_budget(lambda: solve_or_none(D0, s, dict=False), min(timeout, 5.0))
    if not ok or not isinstance(solutions, list):
        return None
    for sol in solutions[:4]:
        if not isinstance(sol, sympy.Expr) or sol.has(s) or sol.has(sympy.I):
            continue
        if verdict(D0.subs(s, sol), 0, "==", timeout).status != "proven":
            continue  # not a solution everywhere: no refutation from it
        v = verdict(L1.subs(s, sol), R1.subs(s, sol), "==", timeout)
        if v.status != "refuted":
            continue
        by_name = {x.name: x for x in (L1.free_symbols | R1.free_symbols | sol.free_symbols)}
        point = {
            by_name[k]: sympy.Rational(x) if _rational(x) else sympy.nsimplify(x)
            for k, x in v.counterexample.items()
            if k in by_name
        }
        for other in sorted(sol.free_symbols - set(point), key=str):  # not in the refuted statement: any value
            point[other] = (_special_values(other, domain) or [sympy.S.One])[-1]
        value = sympy.simplify(sol.subs(point))
        if not _in_domain(s, value, domain):
            continue
        cx = {str(k): str(x) for k, x in point.items()}
        cx[str(s)] = str(value)
        return (
            "refuted",
            cx,
            (
                f"does not follow from the equation before: that equation holds at {s} = "
                f"{sympy.sstr(sol)}, and there this one fails"
            ),
        )
    return None


def _rational(text: str) -> bool:
    try:
        sympy.Rational(text)
    except (TypeError, ValueError):
        return False
    return True


def _in_domain(s: sympy.Symbol, value, domain: str) -> bool:
    from .. import symbols as project

    if not (value.is_number and value.is_real):
        return False
    if s.is_positive and not value > 0 or s.is_nonnegative and not value >= 0 or s.is_negative and not value < 0:
        return False
    if s.is_integer and not value.is_integer:
        return False
    return not (domain == "unit" and s in (project.P, project.R) and value > 1)


def _special_values(s: sympy.Symbol, domain: str) -> list:
    from .. import symbols as project

    if s in (project.P, project.R) and domain == "unit":
        return [sympy.S.One, sympy.Rational(1, 2)]
    if s.is_positive:
        return [sympy.S.One, sympy.Integer(2), sympy.Rational(1, 2)]
    if s.is_nonnegative:
        return [sympy.S.Zero, sympy.S.One]
    if s.is_real:
        return [sympy.S.Zero, sympy.S.One, -sympy.S.One, sympy.Integer(2)]
    return []
