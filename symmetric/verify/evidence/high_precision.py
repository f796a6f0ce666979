"""High-precision numeric evaluation of statements with mpmath, and the confirmation of counterexamples.

Numeric evidence can refute a statement or support it, never prove it. Each
side is compiled once to an mpmath function; an unevaluated ``Limit`` is
estimated from the body at points approaching the limit point (distance
``1e-10``, ``1e-20``, ``1e-40``, or ``1e10``, ``1e20``, ``1e40`` towards
infinity, from each side the direction asks for) with the working precision
raised to match, and carries the last step's change as its uncertainty.

The precision adapts: a gap between the sides that is above the rounding
level but below a clear disagreement is re-evaluated at 2, 4 and 8 times the
precision (at most 400 digits) until it either shrinks (rounding) or stays
put (a real difference, such as a relative perturbation of ``1e-40``). Where
both sides are rational functions, rational points are evaluated exactly.

A disagreement becomes a counterexample only after a second, independent
evaluation of the *original* statement at that point confirms it
(:mod:`symmetric.verify.evidence.confirm`); :mod:`symmetric.verify.evidence.numeric` runs the
sampled points through both.

>>> import sympy
>>> from symmetric import P, rho
>>> form = NumericForm(sympy.Limit(((1 + P**rho) / 2) ** (1 / rho), rho, 0))
>>> value, uncertainty = form({P: sympy.Integer(4)}, dps=30)
>>> print(mpmath.nstr(value, 15), uncertainty < 1e-15)
2.0 True
"""

from __future__ import annotations

import mpmath
import sympy

from ..core.memo import memoized
from ..core.statement import HOLDS
from ..core.substitution import substitute
from .mpmath_printer import lambdify_printer

__all__ = ["NumericForm", "numeric_form", "Undefined", "OneSidedLimitsDiffer", "assess", "compare"]

# Approach distances 10**-k (or 10**k towards infinity) for numeric limits.
_APPROACH = (10, 20, 40)
_EVALUATION_ERRORS = (
    ZeroDivisionError,
    ValueError,
    OverflowError,
    TypeError,
    ArithmeticError,
    NameError,
    mpmath.libmp.NoConvergence,
)


def _dirac_delta(x, *order):
    """DiracDelta (and its derivatives) is 0 away from 0 and has no value at 0."""
    if x == 0:
        raise Undefined("DiracDelta at 0")
    return mpmath.mpf(0)


def _heaviside(x, at_zero=mpmath.mpf(1) / 2):
    """SymPy's Heaviside: 0 below 0, 1 above, ``at_zero`` (default 1/2) at 0."""
    return mpmath.mpf(0) if x < 0 else mpmath.mpf(1) if x > 0 else at_zero


# Functions SymPy's derivatives produce (of Max, Min, Abs) that mpmath lacks.
def _binomial(n, k):
    """SymPy's binomial for a small integer ``k >= 0``: the falling product over ``k!``, which is 0 for an
    integer ``0 <= n < k`` (lambdify writes ``gamma(n + 1)/gamma(n - k + 1)``, which has a pole there, and the
    point would count as undefined); mpmath's ``binomial`` otherwise."""
    if k == int(k) and 0 <= k <= 10**4:
        product = mpmath.mpf(1)
        for i in range(int(k)):
            product *= n - i
        return product / mpmath.factorial(int(k))
    return mpmath.binomial(n, k)


_MPMATH_EXTRAS = {"DiracDelta": _dirac_delta, "Heaviside": _heaviside, "exact_binomial": _binomial}
_EXACT_BINOMIAL = sympy.Function("exact_binomial")


class Undefined(Exception):
    """The expression has no finite real or complex value at this point."""


class OneSidedLimitsDiffer(Undefined):
    """Numeric estimates of the two one-sided limits disagree."""


def _to_mp(value):
    """``value`` (a coordinate of a point) as an mpmath number at the working precision."""
    return _to_mp_at(value, mpmath.mp.prec)


@memoized
def _to_mp_at(value, prec):
    # The same coordinates are converted at every evaluation of every side; the result depends
    # only on the value and the working precision (``prec``, the context's own), and mpmath
    # numbers are immutable, so the memo gives the very number a new conversion would.
    value = sympy.nsimplify(value) if isinstance(value, sympy.Float) else value
    if isinstance(value, sympy.Rational):
        return mpmath.mpf(int(value.p)) / int(value.q)
    return mpmath.mpmathify(sympy.N(value, mpmath.mp.dps + 10))


class _LimitForm:
    def __init__(self, limit: sympy.Limit) -> None:
        body, self.var, self.x0, direction = limit.args
        self.body = numeric_form(body)
        self.direction = str(direction)

    def sides(self):
        if self.x0 in (sympy.oo, -sympy.oo):
            return [1 if self.x0 is sympy.oo else -1]
        return {"+": [1], "-": [-1], "+-": [1, -1]}[self.direction]

    def estimate(self, point, side, dps, depth=1):
        """``(value, uncertainty)`` approaching from ``side`` at distances ``10**-(k*depth)``."""
        values = []
        for k in (depth * k for k in _APPROACH):
            if self.x0 in (sympy.oo, -sympy.oo):
                x = side * sympy.Integer(10) ** k
            else:
                x = substitute(self.x0, point) + side * sympy.Rational(1, 10**k)
            v, _ = self.body({**point, self.var: x}, dps + k)
            values.append(v)
        return values[-1], abs(values[-1] - values[-2])

    def __call__(self, point, dps, depth=1):
        estimates = [self.estimate(point, side, dps, depth) for side in self.sides()]
        (v, u), *rest = estimates
        for v2, u2 in rest:
            if abs(v - v2) > 10 * (u + u2) + mpmath.mpf(10) ** (-dps // 2) * abs(v):
                raise OneSidedLimitsDiffer("one-sided limits differ")
        return v, u


class NumericForm:
    """An expression compiled for mpmath, with unevaluated limits estimated numerically."""

    def __init__(self, expr: sympy.Basic) -> None:
        expr = expr.replace(lambda e: isinstance(e, (sympy.Derivative, sympy.Subs)), lambda e: e.doit())
        if expr.has(sympy.binomial):
            expr = expr.replace(lambda e: isinstance(e, sympy.binomial), lambda e: _EXACT_BINOMIAL(*e.args))
        self.limits: dict[sympy.Dummy, _LimitForm] = {}

        def extract(e):
            if isinstance(e, sympy.Limit):
                d = sympy.Dummy("lim")
                self.limits[d] = _LimitForm(e)
                return d
            if not e.args or isinstance(e, (sympy.Symbol, sympy.Number)):
                return e
            return e.func(*[extract(a) for a in e.args]) if e.has(sympy.Limit) else e

        body = extract(expr)
        self.symbols = sorted(expr.free_symbols, key=lambda s: s.name)
        self._dummies = list(self.limits)
        # docstring_limit=0: no docstring printing the whole expression (a third of lambdify's time);
        # the printer is lambdify's own, remembering the code of the subexpressions it printed before
        self._func = sympy.lambdify(
            self.symbols + self._dummies,
            body,
            modules=[_MPMATH_EXTRAS, "mpmath"],
            docstring_limit=0,
            printer=lambdify_printer(body, _MPMATH_EXTRAS),
        )

    def __call__(self, point: dict, dps: int, depth: int = 1):
        """Return ``(value, uncertainty)`` at ``point`` with ``dps`` digits."""
        limit_values = []
        uncertainty = mpmath.mpf(0)
        for d in self._dummies:
            v, u = self.limits[d](point, dps, depth)
            limit_values.append((v, u))
        try:
            with mpmath.workdps(dps):
                args = [_to_mp(point[s]) for s in self.symbols]
                value = self._func(*args, *[v for v, _ in limit_values])
                for i, (v, u) in enumerate(limit_values):
                    if u:
                        shifted = [w for w, _ in limit_values]
                        shifted[i] = v + u
                        uncertainty += abs(self._func(*args, *shifted) - value)
                value = mpmath.mpmathify(value)
        except _EVALUATION_ERRORS as exc:
            raise Undefined(str(exc)) from None
        if mpmath.isnan(value):
            raise Undefined("nan")
        if isinstance(value, mpmath.mpc) and value.imag == 0:
            value = value.real
        return value, uncertainty


@memoized(maxsize=2048)
def numeric_form(expr: sympy.Basic) -> NumericForm:
    """``NumericForm(expr)``, compiled once per process for each expression.

    Compiling (lambdify prints the expression as code and runs it) costs more
    than a few evaluations, and the same side is compiled again by the
    confirmation of a candidate and in the next claims that share it. The
    memo (:func:`~symmetric.verify.core.memo.memoized`) keys on the whole
    expression, compared structurally, and lives only as long as the process;
    a form is never changed after it is built, so sharing it changes no value.

    >>> from symmetric import P
    >>> numeric_form(P / 3) is numeric_form(P / 3), numeric_form(P / 3) is numeric_form(P / 4)
    (True, False)
    """
    return NumericForm(expr)


# ---------------------------------------------------------------------------- comparing values


def _tolerances(dps, scale, uncertainty):
    noise = mpmath.mpf(10) ** (-(dps - 3)) * scale + 10 * uncertainty
    clear = mpmath.mpf(10) ** (-(dps * 3) // 10) * scale + 1000 * uncertainty
    return noise, clear


def assess(a, b, relation: str, dps: int, uncertainty=0) -> str:
    """How ``a <relation> b`` looks at ``dps`` digits.

    ``"holds"``; ``"equal"`` (the sides agree to the rounding level, or
    within the uncertainty of a limit estimate: the relation holds unless it
    is strict; such agreement supports, it never proves); ``"fails"`` (clearly); ``"tiny"``
    (a gap above the rounding level but small: more precision decides);
    ``"inconclusive"``.
    """
    if mpmath.isinf(a) or mpmath.isinf(b):
        out = _compare_infinite(a, b, relation, uncertainty)
        return {"agree": "holds", "disagree": "fails"}.get(out, "inconclusive")
    scale = max(abs(a), abs(b))
    noise, clear = _tolerances(dps, scale, uncertainty)
    if relation == "==":
        gap = abs(a - b)
        return "equal" if gap <= noise else "fails" if gap > clear else "tiny"
    if isinstance(a, mpmath.mpc) or isinstance(b, mpmath.mpc):
        return "inconclusive"
    margin = b - a if relation in ("<", "<=") else a - b  # positive when the relation holds
    if abs(margin) <= noise:
        return "equal"
    if margin > 0:
        return "holds"
    return "fails" if -margin > clear else "tiny"


def compare(a, b, relation: str, dps: int, uncertainty=0) -> str:
    """``"agree"``, ``"disagree"`` or ``"inconclusive"`` for ``a <relation> b`` at ``dps`` digits."""
    out = assess(a, b, relation, dps, uncertainty)
    if out == "holds" or (out == "equal" and relation not in ("<", ">")):
        return "agree"
    return "disagree" if out == "fails" else "inconclusive"


def _compare_infinite(a, b, relation, uncertainty):
    if mpmath.isinf(a) and mpmath.isinf(b):
        same = a == b
        if relation == "==":
            return "agree" if same else "disagree"
        return "agree" if HOLDS[relation](a, b) else "disagree"
    finite, infinite = (b, a) if mpmath.isinf(a) else (a, b)
    if uncertainty and abs(finite) > 10**10 and mpmath.sign(finite) == mpmath.sign(infinite):
        return "agree" if relation == "==" else "inconclusive"  # a limit growing without bound
    if abs(finite) + 1000 * uncertainty < 10**6:
        if relation == "==":
            return "disagree"
        return "agree" if HOLDS[relation](a, b) else "disagree"
    return "inconclusive"
