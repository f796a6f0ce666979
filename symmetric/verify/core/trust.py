"""Guards on what the engine trusts SymPy for (docs/soundness.md, "The trust base").

Every "proven" rests on a few SymPy facilities. Where one of them is not
exact on the engine's domain, the statement is rewritten before any strategy
sees it, or kept away from the strategies that would trust it:

* **Floats** mean their exact binary value (:data:`FLOAT_SEMANTICS`):
  :func:`exact_floats` replaces each ``Float`` by the rational it stores
  (``Float('0.1', 100)`` is not ``1/10``), so that no rounding to a Float's
  precision can make two different numbers equal; the verdict says so.
* **Numbers SymPy evaluates wrongly**: ``evalf(strict=True)`` rounds a
  rational argument to the working precision first, so ``log(1 + 10**-60)``
  evaluates to 0 and signs taken from it are wrong; :func:`stable_numbers`
  rewrites ``log``, ``acos``, ``acosh``, ``asec`` of a rational near 1
  exactly (``log(p/q) = log(p) - log(q)``, ...), and :func:`untrusted`
  flags any such node that remains or reappears.
* **Values that are not real** (the imaginary unit, a power with a
  non-real exponent, a constant such as ``asin(2)``): :func:`non_real`
  names the reason; the engine then proves only with complex-safe steps
  (SymPy's automatic evaluation and polynomial arithmetic) and leaves
  inequalities "unknown".
* **Inverse trigonometric functions**: SymPy 1.14 says that
  ``atan(r)``, ``asin(r)`` and ``acos(r)`` are irrational for every rational
  ``r``, hence never zero, although ``atan(0) = asin(0) = acos(1) = 0``
  (and ``atan2(n, 1)`` nonzero for an integer ``n``).
  :func:`guard_functions` replaces them by subclasses that answer correctly
  (zero exactly where the argument is ``0``, resp. ``1``; irrational only
  where the argument is a rational other than that), and :func:`untrusted`
  tells the assumption-based strategies to refuse an expression that still
  holds one of SymPy's own nodes (a rewrite may create them).
* **Derivatives at a point**: ``Subs(Derivative(f, x), x, a)`` through
  ``doit`` is SymPy's formal derivative (``sign(0) = 0``,
  ``Heaviside(0) = 1/2``), which is a value even where no derivative exists.
  When ``f`` has a step function or a kink in ``x``,
  :func:`derivatives_as_limits` writes it as the limit it is, the two-sided
  limit of the difference quotient, which the engine's own limit routine
  proves (both one-sided limits exist and agree) or the confirmation
  refutes (both one-sided limits confirmed to differ).

>>> import sympy
>>> from symmetric import P, R
>>> exact_floats(sympy.Float("0.5") * P)
P/2
>>> n = sympy.Symbol("n", integer=True)
>>> (sympy.atan(n - 5)**2).is_positive, (guard_functions(sympy.atan(n - 5))**2).is_positive is None
(True, True)
>>> str(derivatives_as_limits(sympy.Subs(sympy.Derivative(sympy.Min(P, R), P), P, R)).args[3])
'+-'
>>> non_real(sympy.sqrt(P**(sympy.I / 10)))
'the statement holds the imaginary unit I'
"""

from __future__ import annotations

import sympy

from .substitution import substitute

__all__ = [
    "FLOAT_SEMANTICS",
    "exact_floats",
    "has_floats",
    "stable_numbers",
    "NEAR_ONE",
    "non_real",
    "guard_functions",
    "untrusted",
    "derivatives_as_limits",
    "kinked_derivative_at_point",
    "KINKS",
    "GUARDED",
    "admits_infinity",
    "finite_symbol",
]

#: What a Float in a statement means, stated in every verdict of a statement that holds one.
FLOAT_SEMANTICS = (
    "Floats read as their exact binary values (Float('0.1') is 3602879701896397/2**55, "
    "not 1/10; write sympy.Rational for decimal constants)"
)


def has_floats(*exprs) -> bool:
    return any(isinstance(e, sympy.Basic) and e.has(sympy.Float) for e in exprs)


def exact_floats(expr) -> sympy.Basic:
    """``expr`` with every finite ``Float`` replaced by the exact rational it stores (infinities kept)."""
    if not isinstance(expr, sympy.Basic) or not expr.has(sympy.Float):
        return expr
    mapping = {}
    for f in expr.atoms(sympy.Float):
        if f.is_finite:
            mapping[f] = sympy.Rational(f)  # exact: the mantissa over a power of two
    return expr.xreplace(mapping)


# -- numbers SymPy's evalf gets wrong -------------------------------------------------------------------

#: How close to 1 a rational argument of log/acos/acosh/asec must be for SymPy's evalf to lose it:
#: ``log(1 + 10**-60).evalf(40, strict=True)`` is 0 (the argument is rounded to the working precision
#: first), and ``(log(1 + 10**-60) - 10**-60/2).is_negative`` is True although the difference is positive.
NEAR_ONE = sympy.Rational(1, 2**16)


def _near_one(arg) -> bool:
    return isinstance(arg, sympy.Rational) and arg != 1 and abs(arg - 1) < NEAR_ONE


def _stable(node):
    arg = node.args[0]
    if isinstance(node, sympy.log):
        return sympy.log(sympy.Integer(arg.p)) - sympy.log(sympy.Integer(arg.q))  # each log far from 0
    if isinstance(node, sympy.acos) and arg < 1:
        return 2 * sympy.asin(sympy.sqrt((1 - arg) / 2))
    if isinstance(node, sympy.acosh) and arg > 1:
        return 2 * sympy.asinh(sympy.sqrt((arg - 1) / 2))
    if isinstance(node, sympy.asec):
        inverse = 1 / arg
        return 2 * sympy.asin(sympy.sqrt((1 - inverse) / 2)) if inverse < 1 else node
    return node


_FRAGILE = (sympy.log, sympy.acos, sympy.acosh, sympy.asec)


def stable_numbers(expr) -> sympy.Basic:
    """``expr`` with each ``log``, ``acos``, ``acosh``, ``asec`` of a rational near 1 rewritten exactly into
    a form SymPy evaluates correctly: ``log(p/q) = log(p) - log(q)``, ``acos(r) = 2*asin(sqrt((1 - r)/2))``,
    ``acosh(r) = 2*asinh(sqrt((r - 1)/2))``, ``asec(r) = acos(1/r)``."""
    if not isinstance(expr, sympy.Basic) or not expr.has(*_FRAGILE):
        return expr
    return expr.replace(lambda e: isinstance(e, _FRAGILE) and len(e.args) == 1 and _near_one(e.args[0]), _stable)


def _fragile_number(expr) -> bool:
    return any(
        isinstance(e, _FRAGILE) and len(e.args) == 1 and _near_one(e.args[0]) for e in expr.atoms(sympy.Function)
    )


# -- values that are not real -------------------------------------------------------------------------

_NODE_LIMIT = 4000


def non_real(*exprs) -> str | None:
    """Why the values of ``exprs`` are not real on the domain, or None when nothing says so.

    The imaginary unit anywhere, a power whose exponent is not real, a
    constant subexpression that is not real (``(-1)**(1/3)``, ``asin(2)``).
    """
    for expr in exprs:
        if not isinstance(expr, sympy.Basic):
            continue
        if expr.has(sympy.I):
            return "the statement holds the imaginary unit I"
        for k, node in enumerate(sympy.preorder_traversal(expr)):
            if k > _NODE_LIMIT:
                break
            if not isinstance(node, sympy.Expr):
                continue
            if isinstance(node, sympy.Pow) and node.exp.is_extended_real is False:
                return f"the power {sympy.sstr(node)} has a non-real exponent"
            if not node.free_symbols and not node.is_Atom and node.is_number and node.is_extended_real is False:
                return f"the constant {sympy.sstr(node)} is not real"
    return None


# -- symbols that may be infinite ----------------------------------------------------------------------


def admits_infinity(symbol) -> bool:
    """Whether ``symbol``'s assumptions admit +oo or -oo (``extended_positive``, ``extended_real``, ...):
    SymPy's own answers about it (``exp(-w).is_positive``) hold for its finite values only."""
    return isinstance(symbol, sympy.Symbol) and symbol.is_extended_real is True and symbol.is_finite is not True


def finite_symbol(symbol) -> sympy.Symbol:
    """The symbol of the same name and assumptions, made finite (``extended_positive`` becomes ``positive``)."""
    assumptions = dict(getattr(symbol, "_assumptions_orig", {}) or {})
    assumptions["finite"] = True
    return sympy.Symbol(symbol.name, **assumptions)


# -- inverse trigonometric functions ------------------------------------------------------------------


def _rational_answer(self):
    """Rational exactly where the function is 0 (its argument at the zero); irrational at other rationals."""
    arg = self.args[0]
    at_zero = (arg - self._ZERO_AT).is_zero
    if at_zero:
        return True
    if at_zero is False and arg.is_rational:
        return False  # Lindemann: tan, sin, cos of a nonzero rational are irrational
    return None


def _zero_answer(self):
    return (self.args[0] - self._ZERO_AT).is_zero


class atan(sympy.atan):  # noqa: N801 (printed as SymPy's own)
    _ZERO_AT = sympy.Integer(0)
    _eval_is_rational = _rational_answer
    _eval_is_zero = _zero_answer


class asin(sympy.asin):  # noqa: N801
    _ZERO_AT = sympy.Integer(0)
    _eval_is_rational = _rational_answer
    _eval_is_zero = _zero_answer


class acos(sympy.acos):  # noqa: N801
    _ZERO_AT = sympy.Integer(1)
    _eval_is_rational = _rational_answer
    _eval_is_zero = _zero_answer


class atan2(sympy.atan2):  # noqa: N801
    """SymPy says ``atan2(n, 1)`` is nonzero for an integer ``n``; it is 0 at ``n = 0``."""

    def _eval_is_zero(self):
        y, x = self.args
        if y.is_zero is False:
            return False
        if y.is_zero and x.is_positive:
            return True
        return None

    def _eval_is_rational(self):
        return True if self._eval_is_zero() else None


#: SymPy's functions whose assumption answers are wrong, and their guarded replacements.
GUARDED = {sympy.atan: atan, sympy.asin: asin, sympy.acos: acos, sympy.atan2: atan2}


def guard_functions(expr) -> sympy.Basic:
    """``expr`` with SymPy's ``atan``, ``asin`` and ``acos`` replaced by the guarded classes."""
    if not isinstance(expr, sympy.Basic) or not any(expr.has(f) for f in GUARDED):
        return expr
    return expr.replace(lambda e: type(e) in GUARDED, lambda e: GUARDED[type(e)](*e.args))


def untrusted(expr) -> bool:
    """Whether ``expr`` holds a node whose SymPy assumptions are known to be wrong: an unguarded inverse
    trigonometric function, or a logarithm (``acos``, ``acosh``, ``asec``) of a rational near 1, whose sign
    SymPy takes from an evaluation that rounds the argument to 1 first (:func:`stable_numbers`)."""
    if not isinstance(expr, sympy.Basic):
        return False
    functions = expr.atoms(sympy.Function)
    return any(type(e) in GUARDED for e in functions) or (expr.has(*_FRAGILE) and _fragile_number(expr))


# -- derivatives at a point ---------------------------------------------------------------------------

#: Functions at whose breakpoints a derivative need not exist (SymPy's formal derivative still has a value).
KINKS = (
    sympy.Abs,
    sympy.sign,
    sympy.Heaviside,
    sympy.Max,
    sympy.Min,
    sympy.floor,
    sympy.ceiling,
    sympy.frac,
    sympy.Piecewise,
    sympy.DiracDelta,
    sympy.re,
    sympy.im,
    sympy.arg,
    sympy.Mod,
)


def _kinks_in(body, var) -> bool:
    return any(isinstance(node, KINKS) and var in node.free_symbols for node in sympy.preorder_traversal(body))


def _as_limit(node):
    if not isinstance(node, sympy.Subs) or not isinstance(node.expr, sympy.Derivative):
        return None
    derivative = node.expr
    if len(derivative.variable_count) != 1 or derivative.variable_count[0][1] != 1:
        return None
    var = derivative.variable_count[0][0]
    if tuple(node.variables) != (var,) or not _kinks_in(derivative.expr, var):
        return None
    point = node.point[0]
    h = sympy.Dummy("h", real=True)
    quotient = (substitute(derivative.expr, {var: point + h}) - substitute(derivative.expr, {var: point})) / h
    return sympy.Limit(quotient, h, 0, "+-")


def derivatives_as_limits(expr) -> sympy.Basic:
    """``expr`` with each first derivative at a point of a function with a kink written as its limit.

    ``Subs(Derivative(f, x), x, a)`` becomes ``Limit((f(a + h) - f(a))/h, h, 0, '+-')``:
    a value only where both one-sided difference quotients converge to the same number.
    """
    if not isinstance(expr, sympy.Basic) or not expr.has(sympy.Subs):
        return expr
    return expr.replace(lambda e: _as_limit(e) is not None, _as_limit)


def kinked_derivative_at_point(expr) -> bool:
    """Whether ``expr`` still holds a derivative at a point of a function with a kink that
    :func:`derivatives_as_limits` cannot write as a limit (higher order, several variables)."""
    if not isinstance(expr, sympy.Basic) or not expr.has(sympy.Subs):
        return False
    for node in expr.atoms(sympy.Subs):
        if isinstance(node.expr, sympy.Derivative) and any(
            _kinks_in(node.expr.expr, v) for v, _ in node.expr.variable_count
        ):
            return True
    return False
