"""Evaluate a case at a point without the engine: exact values and one-sided approaches.

Nothing here imports :mod:`symmetric.verify`. A false case is certified by
:func:`verify_witness`:

1. the witness lies in the case's domain (P, R in (0, 1] for ``"unit"``),
   satisfies every symbol's assumptions and every condition exactly;
2. each ``Limit`` is replaced by its recorded closed form, Derivatives,
   Integrals and Sums are computed by SymPy, the point is substituted, and
   the relation is decided exactly (:func:`decide`): a rational or algebraic
   zero by exact arithmetic and minimal polynomials, a sign by
   ``evalf(strict=True)``, which raises the working precision until the
   digits it returns are correct or gives up (then the witness is refused);
3. every closed form is cross-checked at the witness against the body
   evaluated with mpmath at points approaching the limit point from each side
   the direction asks for (:func:`approach`); a closed form ``nan`` (no limit)
   must show two sides that differ.

>>> from symmetric import P, R
>>> from .case import false, x
>>> lim = sympy.Limit(sympy.Piecewise((P, x < 1), (R, True)), x, 1, "-")
>>> c = false("demo.left", "1-piecewise-limits", lim, R, witness={P: sympy.Rational(1, 2), R: 1},
...           limits={lim: P}, why="the left limit is P")
>>> verify_witness(c)
>>> decide(sympy.Integer(1), sympy.sqrt(2) ** 2 / 2, "<")
False
"""

from __future__ import annotations

import itertools

import mpmath
from sympy.polys.polyerrors import NotAlgebraic
import sympy

__all__ = ["WitnessError", "in_domain", "evaluate", "decide", "holds_at", "approach", "verify_witness",
           "check_closed_forms", "sample_points", "numeric_holds"]


class WitnessError(AssertionError):
    """A false case whose falsity the suite cannot certify: a bug in the suite."""




def in_domain(case, point: dict) -> str | None:
    """Why ``point`` is not a point of ``case``'s domain, or None when it is one."""
    from symmetric import P, R

    free = case.free_symbols
    missing = free - set(point)
    if missing:
        return f"no value for {sorted(map(str, missing))}"
    for sym in free:
        value = sympy.sympify(point[sym])
        for name, wanted in sym.assumptions0.items():  # every assumption: prime, odd, irrational, ... (issue 23)
            if wanted is not None and getattr(value, f"is_{name}", None) is not wanted:
                return f"{sym} = {value} is not {'' if wanted else 'non-'}{name}"
        if case.domain == "unit" and sym in (P, R) and not (value <= 1) is sympy.true:
            return f"{sym} = {value} is outside (0, 1]"
    for cond in case.conditions:
        value = _substitute(cond, point)
        if value is not sympy.true:
            return f"condition {cond} is {value} at the point"
    return None


def _substitute(expr, point):
    """``expr`` at ``point``, leaving bound variables alone (only free symbols are replaced)."""
    mapping = {s: v for s, v in point.items() if s in expr.free_symbols}
    return expr.subs(mapping) if expr.has(sympy.Limit, sympy.Derivative, sympy.Integral, sympy.Sum) \
        else expr.xreplace(mapping)


def exact_binary(expr):
    """``expr`` with each Float replaced by the exact rational it stores (a Float means its binary value)."""
    return expr.xreplace({f: sympy.Rational(f) for f in expr.atoms(sympy.Float) if f.is_finite})


#: Classes whose statements hold what SymPy folds from two-digit evalf (``Abs``, ``Max``, Piecewise
#: conditions): the certificate substitutes with evaluation off, so that nothing is folded, and mpmath (at 1500
#: and 3000 digits, :func:`_deep_sign`) evaluates the tree as written, independently of the engine's kernel.
AS_WRITTEN = ("19-folds", "20-identity-zeros")


def evaluate(expr, point: dict, limits: dict, *, as_written: bool = False) -> sympy.Expr:
    """The exact value of ``expr`` at ``point``, each Limit (or derivative at a point, ``Subs``) replaced by
    its closed form in ``limits``; Floats are their exact binary values. ``as_written``: substituted with
    SymPy's evaluation off (nothing folded), for :func:`_deep_sign`."""
    if as_written:
        with sympy.evaluate(False):
            expr = exact_binary(sympy.sympify(expr))
            return expr.xreplace({s: sympy.sympify(v) for s, v in point.items()})
    expr = exact_binary(sympy.sympify(expr))
    if limits and expr.has(sympy.Subs):
        expr = expr.xreplace({k: v for k, v in limits.items() if isinstance(k, sympy.Subs)})
    if expr.has(sympy.Limit):
        expr = expr.xreplace(limits)
        if expr.has(sympy.Limit):
            raise WitnessError(f"no closed form for a limit in {expr}")
    if expr.has(sympy.Derivative, sympy.Integral, sympy.Sum):
        expr = expr.doit()
    value = expr.xreplace({s: sympy.sympify(v) for s, v in point.items()})
    if value.has(sympy.Derivative, sympy.Integral, sympy.Sum):
        value = value.doit()
    return value


def _undefined(value) -> bool:
    return value.has(sympy.nan, sympy.zoo) or value is sympy.nan


_X = sympy.Dummy("X")


def _split_logs(d):
    """``d`` with ``log(p/q)`` of a rational written ``log(p) - log(q)``: SymPy's evalf rounds a rational
    argument to its working precision first, so ``log(1 + 10**-60).evalf(strict=True)`` is 0."""
    d = d.replace(lambda e: isinstance(e, sympy.acos) and e.args[0].is_Rational and 0 < e.args[0] < 1,
                  lambda e: 2 * sympy.asin(sympy.sqrt((1 - e.args[0]) / 2)))  # acos(r) near 1 likewise
    return d.replace(lambda e: isinstance(e, sympy.log) and e.args[0].is_Rational and e.args[0].q != 1,
                     lambda e: sympy.log(sympy.Integer(e.args[0].p)) - sympy.log(sympy.Integer(e.args[0].q)))


def _deep_sign(d) -> int | None:
    """The sign of ``d`` from mpmath at 1500 and 3000 digits (lambdify, not SymPy's evalf, which rounds an
    argument near 1 to 1 first: ``log(1 + sqrt(2)/10**60)`` is 0 there) when both agree and stay far above
    the rounding level; None otherwise."""
    try:
        f = sympy.lambdify((), d, "mpmath")
        values = []
        for dps in (1500, 3000):
            with mpmath.workdps(dps):
                v = f()
                if not isinstance(v, mpmath.mpf) or abs(v) < mpmath.mpf(10) ** -1000:
                    return None
                values.append(1 if v > 0 else -1)
    except (ValueError, TypeError, ArithmeticError, NameError, ZeroDivisionError):
        return None
    return values[0] if values[0] == values[1] else None


def _sign(d) -> int | None:
    """The exact sign of the real number ``d`` (0, 1 or -1); None when it cannot be certified."""
    d = _split_logs(d)
    if d.is_Rational:
        return int(sympy.sign(d))
    if not d.is_number or d.free_symbols:
        return None
    deep = _deep_sign(d)
    if deep is not None:
        return deep
    try:
        value = d.evalf(40, strict=True, maxn=4000)
    except sympy.core.evalf.PrecisionExhausted:
        value = None
    except (ValueError, TypeError, ArithmeticError):
        return None
    if value is not None and value.is_Number:
        return 1 if value > 0 else -1 if value < 0 else 0 if value == 0 else None
    if value is not None:  # complex: not a real number
        return None
    try:  # evalf could not separate d from 0: is it an algebraic zero?
        if sympy.minimal_polynomial(d, _X) == _X:
            return 0
    except (NotImplementedError, ValueError, sympy.PolynomialError, sympy.GeneratorsNeeded, NotAlgebraic):
        pass
    return 0 if _identity_zero(d) else None


def _identity_zero(d) -> bool:
    """Whether the real number ``d``, within 10**-1000 of 0 by mpmath, is exactly 0 by an identity: its logs
    expanded over positive rationals, or ``exp(d) = 1`` (d real), or ``tan(d) = 0`` (|d| < pi/2), each read
    off exactly (expansion and :func:`sympy.minimal_polynomial`)."""
    try:
        f = sympy.lambdify((), d, "mpmath")
        with mpmath.workdps(1500):
            v = f()
        if not isinstance(v, mpmath.mpf) or abs(v) > mpmath.mpf(10) ** -1000:
            return False
    except (ValueError, TypeError, ArithmeticError, NameError, ZeroDivisionError):
        return False
    if not all(log_.args[0].is_positive for log_ in d.atoms(sympy.log)):
        return False
    candidates = (
        sympy.expand_log(d, force=True),  # force: every log here has a positive rational argument
        sympy.expand(sympy.exp(sympy.expand_log(d, force=True))) - 1,
        sympy.expand_trig(sympy.tan(d)),
    )
    for c in candidates:
        c = sympy.simplify(c) if c.has(sympy.tan, sympy.atan, sympy.cos, sympy.sin) else c
        if c == 0:
            return True
        try:
            if c.is_number and sympy.minimal_polynomial(c, _X) == _X:
                return True
        except (NotImplementedError, ValueError, sympy.PolynomialError, sympy.GeneratorsNeeded, NotAlgebraic):
            continue
    return False


def _nonzero_complex(d) -> bool | None:
    try:
        value = d.evalf(40, strict=True, maxn=4000)
    except (sympy.core.evalf.PrecisionExhausted, ValueError, TypeError, ArithmeticError):
        return None
    return bool(value != 0) if value.is_number else None


_RELATION = {"==": sympy.Eq, "<": sympy.Lt, "<=": sympy.Le, ">": sympy.Gt, ">=": sympy.Ge}


def decide(lhs, rhs, relation: str) -> bool | None:
    """Whether ``lhs <relation> rhs`` holds for two exact numbers; None when undecidable.

    An undefined side (``nan``, ``zoo``: a limit that does not exist, a pole)
    makes every relation fail.
    """
    lhs, rhs = sympy.sympify(lhs), sympy.sympify(rhs)
    if _undefined(lhs) or _undefined(rhs):
        return False
    if lhs.is_infinite or rhs.is_infinite:
        if lhs.is_extended_real is not True or rhs.is_extended_real is not True:
            return None
        holds = _RELATION[relation](lhs, rhs)
        return True if holds is sympy.true else False if holds is sympy.false else None
    d = lhs - rhs
    if relation == "==":
        s = _sign(d) if d.is_extended_real else None
        if s is not None:
            return s == 0
        nz = _nonzero_complex(d)
        return None if nz is None else not nz
    s = _sign(d)
    if s is None:
        return None
    return {"<": s < 0, "<=": s <= 0, ">": s > 0, ">=": s >= 0}[relation]


def _difference(lhs, rhs):
    return sympy.Add(lhs, sympy.Mul(-1, rhs, evaluate=False), evaluate=False)


def _mp_sign(e) -> int | None:
    """The sign of the number ``e`` evaluated as written by mpmath at 1500 and 3000 digits, when both agree and
    stay above 10**-1000 (a Piecewise of integers gives a Python int); None otherwise."""
    try:
        f = sympy.lambdify((), e, "mpmath")
        signs = set()
        for dps in (1500, 3000):
            with mpmath.workdps(dps):
                v = mpmath.mpmathify(f())
            if not isinstance(v, mpmath.mpf) or abs(v) < mpmath.mpf(10) ** -1000:
                return None
            signs.add(1 if v > 0 else -1)
    except (ValueError, TypeError, ArithmeticError, NameError, ZeroDivisionError):
        return None
    return signs.pop() if len(signs) == 1 else None


def _as_written_sign(lhs, rhs) -> int | None:
    """The sign of ``lhs - rhs`` as written, provided every comparison inside (a Piecewise condition) is between
    values mpmath separates by more than 10**-1000: a comparison of equal values is no certificate."""
    d = _difference(lhs, rhs)
    for rel in d.atoms(sympy.core.relational.Relational):
        if _mp_sign(_difference(rel.lhs, rel.rhs)) is None:
            return None
    return _mp_sign(d)


def holds_at(case, point: dict) -> bool | None:
    """Whether ``case`` holds at ``point`` by exact evaluation with its closed forms; None if undecidable."""
    limits, as_written = case.limit_map, case.klass in AS_WRITTEN
    lhs, rhs = (evaluate(side, point, limits, as_written=as_written) for side in (case.lhs, case.rhs))
    if as_written and not (_undefined(lhs) or _undefined(rhs)):
        # first the tree as written, unevaluated: a rebuild (even _split_logs's) would let SymPy fold it again
        deep = _as_written_sign(lhs, rhs)
        if deep is not None:
            return {"==": False, "<": deep < 0, "<=": deep < 0, ">": deep > 0, ">=": deep > 0}[case.relation]
    return decide(lhs, rhs, case.relation)


# --- one-sided approaches with mpmath -------------------------------------------------------------

def _heaviside(v, h0=mpmath.mpf(1) / 2):
    return mpmath.mpf(0) if v < 0 else mpmath.mpf(1) if v > 0 else mpmath.mpf(h0)


_MODULES = [{"Heaviside": _heaviside, "sign": mpmath.sign}, "mpmath"]


def _mp(value, dps):
    return mpmath.mpmathify(sympy.N(value, dps + 10))


def as_quotient(node):
    """A derivative at a point, ``Subs(Derivative(f, x), x, a)``, as the limit of its difference quotient."""
    if not isinstance(node, sympy.Subs):
        return node
    derivative = node.expr
    (var, _), = derivative.variable_count
    h = sympy.Dummy("h", real=True)
    a = node.point[0]
    body = (derivative.expr.subs(var, a + h) - derivative.expr.subs(var, a)) / h
    return sympy.Limit(body, h, 0, "+-")


def approach(limit: sympy.Limit, point: dict, side: int, k: int):
    """The body of ``limit`` at distance ``10**-k`` from its point on ``side`` (+1 or -1), with mpmath.

    Towards an infinite point the body is evaluated at ``+-10**k``. The free
    symbols take their values from ``point``; the bound variable is never
    substituted from it.
    """
    body, var, x0, _ = as_quotient(limit).args
    mapping = {s: sympy.sympify(v) for s, v in point.items() if s != var}
    body, x0 = body.xreplace(mapping), x0.xreplace(mapping)
    if body.has(sympy.Limit):
        raise WitnessError("nested limits are not supported")
    body = body.replace(lambda e: isinstance(e, sympy.Derivative), lambda e: e.doit())
    dps = 3 * k + 40
    f = sympy.lambdify(var, body, modules=_MODULES)
    with mpmath.workdps(dps):
        if x0 is sympy.oo or x0 is -sympy.oo:
            xv = (1 if x0 is sympy.oo else -1) * mpmath.mpf(10) ** k
        else:
            xv = _mp(x0, dps) + side * mpmath.mpf(10) ** (-k)
        value = f(xv)
        value = mpmath.mpmathify(value)
        return +value


def _sides(limit):
    limit = as_quotient(limit)
    x0, direction = limit.args[2], str(limit.args[3])
    if x0 in (sympy.oo, -sympy.oo):
        return [1]
    return {"+": [1], "-": [-1], "+-": [1, -1]}[direction]


def _close(value, target, tol) -> bool:
    return abs(value - target) <= tol * max(1, abs(target))


def check_closed_forms(case, point: dict, *, k=(20, 40)):
    """Raise WitnessError unless each closed form of ``case`` matches the one-sided approaches at ``point``."""
    for limit, closed in case.limits:
        value = evaluate(closed, point, {})
        sides = _sides(limit)
        try:
            runs = {side: [approach(limit, point, side, kk) for kk in k] for side in sides}
        except (ZeroDivisionError, ValueError, TypeError, OverflowError) as exc:
            raise WitnessError(f"{case.id}: cannot approach {limit} at {point}: {exc}") from None
        if _undefined(value):
            if len(sides) != 2 or _close(runs[1][-1], runs[-1][-1], mpmath.mpf(10) ** -6):
                raise WitnessError(f"{case.id}: {limit} is recorded as nonexistent at {point}, "
                                   f"but the sides approach {runs}")
            continue
        for side, values in runs.items():
            if value.is_infinite:
                sign = 1 if value is sympy.oo else -1
                ok = all(mpmath.isinf(v) and mpmath.sign(v) == sign for v in values) or (
                    values[-1] * sign > 10**6 and values[-1] * sign > 10 * abs(values[0]))
            else:
                target = _mp(value, 60)
                ok = _close(values[-1], target, mpmath.mpf(10) ** -9) and \
                    abs(values[-1] - target) <= abs(values[0] - target) + mpmath.mpf(10) ** -30
            if not ok:
                raise WitnessError(f"{case.id}: {limit} recorded as {closed} = {value} at {point}, "
                                   f"but from side {side} the body takes {[mpmath.nstr(v, 12) for v in values]}")


def verify_witness(case) -> None:
    """Certify that a false ``case`` fails at its witness; raise WitnessError otherwise."""
    assert not case.truth
    reason = in_domain(case, case.witness)
    if reason:
        raise WitnessError(f"{case.id}: the witness is not in the domain: {reason}")
    try:
        verdict = holds_at(case, case.witness)
    except WitnessError:
        raise
    except Exception as exc:  # a suite bug, reported with the case
        raise WitnessError(f"{case.id}: evaluation at the witness failed: {type(exc).__name__}: {exc}") from None
    if verdict is not False:
        raise WitnessError(f"{case.id}: {'holds' if verdict else 'cannot be decided'} at the witness {case.witness}")
    check_closed_forms(case, case.witness)


# --- sample points and numeric sanity checks of true cases --------------------------------------------

_VALUES = {
    "P": [sympy.Rational(1, 2), 1, sympy.Rational(1, 7), sympy.Rational(3, 4), sympy.Rational(1, 1000),
          3, sympy.Rational(7, 2)],
    "R": [sympy.Rational(1, 3), sympy.Rational(4, 5), 1, sympy.Rational(1, 900), sympy.Rational(2, 9),
          sympy.Rational(5, 2), 4],
}
_POSITIVE = [1, 2, sympy.Rational(1, 3), 5, sympy.Rational(3, 2), sympy.Rational(1, 7)]
_REAL = [-3, sympy.Rational(1, 3), -1, 0, 2, sympy.Rational(-1, 2), 1, sympy.Rational(-5, 2), 7]


def _pool(sym):
    if sym.name in _VALUES and sym.is_positive:
        return [sympy.sympify(v) for v in _VALUES[sym.name]]
    if sym.is_integer:
        return [sympy.Integer(v) for v in (2, 0, 1, 5, 3, 4, 9, -1, 6)]
    if sym.is_irrational:
        return [sympy.sqrt(2), -sympy.sqrt(3), sympy.pi, sympy.sqrt(2) / 3]
    if sym.is_extended_positive:  # positive, or extended positive: its finite values (issue 29)
        return [sympy.sympify(v) for v in _POSITIVE]
    if sym.is_extended_nonnegative:
        return [sympy.sympify(v) for v in [0] + _POSITIVE]
    return [sympy.sympify(v) for v in _REAL]


def sample_points(case, n: int = 6, *, unit_only: bool = False) -> list[dict]:
    """Up to ``n`` deterministic points of the case's domain that satisfy its conditions.

    Unless ``unit_only``, points with P or R above 1 are included (they test
    that a true case outside class 8 does not depend on the domain).
    """
    from symmetric import P, R

    symbols = sorted(case.free_symbols, key=lambda s: s.name)
    if not symbols:
        return [{}]
    pools = {s: _pool(s) for s in symbols}
    out = []
    for i in range(60 * n):
        point = {s: pools[s][(i * (2 * j + 1) + i // len(pools[s])) % len(pools[s])] for j, s in enumerate(symbols)}
        if unit_only and any(point.get(s, 0) > 1 for s in (P, R)):
            continue
        if in_domain(_as_positive(case), point) is None and point not in out:
            out.append(point)
        if len(out) >= n:
            break
    return out


def _as_positive(case):
    from dataclasses import replace

    return replace(case, domain="positive") if case.domain == "unit" else case


def _numeric_side(expr, point, k):
    """``expr`` at ``point`` as an mpmath number; limits estimated by :func:`approach` (sides must agree)."""
    replacements = {}
    for limit in expr.atoms(sympy.Limit):
        values = [approach(limit, point, side, k) for side in _sides(limit)]
        if len(values) == 2 and not _close(values[0], values[1], mpmath.mpf(10) ** -9):
            return mpmath.nan
        replacements[limit] = sympy.Float(values[0], 3 * k + 40) if mpmath.isfinite(values[0]) else (
            sympy.oo if values[0] > 0 else -sympy.oo)
    value = evaluate(expr.xreplace(replacements), point, {})
    if value.has(sympy.oo, -sympy.oo) and value.is_infinite:
        return mpmath.inf if value.is_extended_positive else -mpmath.inf
    return _mp(value, 60)


def numeric_holds(case, point: dict, *, k: int = 30) -> bool:
    """Whether ``case`` holds at ``point`` up to 1e-9 (limits from one-sided approaches at 10**-k)."""
    with mpmath.workdps(60):
        a, b = _numeric_side(case.lhs, point, k), _numeric_side(case.rhs, point, k)
        if mpmath.isnan(a) or mpmath.isnan(b):
            return False
        if isinstance(a, mpmath.mpc) or isinstance(b, mpmath.mpc):
            return case.relation == "==" and _close(a, b, mpmath.mpf(10) ** -9)
        if mpmath.isinf(a) or mpmath.isinf(b):
            return {"==": a == b, "<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b}[case.relation]
        tol = mpmath.mpf(10) ** -9 * max(1, abs(a), abs(b))
        return {"==": abs(a - b) <= tol, "<": a < b + tol, "<=": a <= b + tol,
                ">": a > b - tol, ">=": a >= b - tol}[case.relation]
