"""Numbers decided rigorously: the one place the engine decides the sign or zero-ness of a constant.

SymPy decides a number's sign from ``evalf``, which rounds some arguments to
the working precision before it evaluates: ``log(1 + sqrt(2)/10**60)``
evaluates to 0, ``loggamma(1 + 10**-60).is_zero`` is True, and every sign
built on them is wrong. Here a constant is enclosed in a *ball* (python-flint's
``arb``: a midpoint and a radius that provably contains the value) at rising
precision, up to a budget (:data:`PRECISIONS`):

* a sign (+1 or -1) only when the ball excludes 0;
* "exactly zero" only from exact algebra: the number is 0 as built, or its
  minimal polynomial over Q is ``x`` (an algebraic number), or SymPy's
  ``simplify`` rewrites it to 0 (each rewrite an identity);
* :class:`NotReal` when the value is certainly not a real number (``log`` of
  a negative number, ``asin(2)``, an odd root of a negative number read as
  the principal complex root), None when nothing is certain.

SymPy's assumption system is still asked about expressions *with* symbols
(the direct ``sign`` strategies, the zero test of the equality strategies,
the decision of conditions after a substitution), but never about a number
inside them: :func:`assumed` replaces each constant that is not a rational
number by a symbol that carries only the sign the balls prove, and asks
SymPy about that.

>>> import sympy
>>> y = sympy.sqrt(2) / 10**60
>>> sympy.log(1 + y).evalf(40, strict=True) == 0, constant_sign(sympy.log(1 + y))
(True, 1)
>>> constant_sign(sympy.log(1 + y) - y / 2)                  # log(1 + y) > y/2 for tiny y
1
>>> constant_sign(sympy.loggamma(1 + sympy.Rational(1, 10**60)))  # negative, not 0
-1
>>> constant_sign(sympy.sqrt(2) + sympy.sqrt(3) - sympy.sqrt(5 + 2 * sympy.sqrt(6)))  # exact algebra: 0
0
>>> constant_sign(sympy.asin(2) - 1)
Traceback (most recent call last):
    ...
symmetric.verify.core.numbers.NotReal: asin(2) is not real
"""

from __future__ import annotations

from collections.abc import Callable

import sympy
from flint import acb, arb, ctx, fmpq

from .memo import memoized

__all__ = [
    "NotReal",
    "PRECISIONS",
    "enclosure",
    "constant_sign",
    "exactly_zero",
    "constant_nonzero",
    "abstracted",
    "functions_opaque",
    "assumed",
    "kernel_encloses",
    "integer_part",
]

#: Working precisions in bits, tried in turn until a ball excludes 0 (the budget: 2**14 bits, about 4900 digits).
PRECISIONS = (64, 256, 1024, 4096, 16384)

#: Exact integers larger than this (bits) are not enclosed (their arithmetic alone would outlast a budget).
_MAX_BITS = 200_000


class NotReal(Exception):
    """A sign was asked of a value that is not a real number (complex, infinite or undefined)."""


def _ball_or_none(b):
    return b if b.is_finite() else None


def _positive(b) -> bool:
    return bool(b > 0)


def _real_pow(base, exp, e_expr, b_expr):
    """``base**exp`` as SymPy means it (the principal value), where it is certainly real; else None."""
    if exp.is_exact() and e_expr.is_Integer:
        k = int(e_expr)
        if k < 0 and base.contains(0):
            return None
        return base**k
    if _positive(base):
        return (exp * base.log()).exp()
    if e_expr.is_Rational and not e_expr.is_Integer and bool(base < 0):
        raise NotReal(
            f"{sympy.sstr(b_expr)}**{sympy.sstr(e_expr)} is not real (the principal root of a negative number)"
        )
    if base.is_exact() and base.is_zero() and _positive(exp):
        return arb(0)
    return None


def _in(b, lo, hi) -> bool | None:
    """True when the ball lies in [lo, hi], False when certainly outside, None when it straddles an end."""
    if bool(b >= lo) and bool(b <= hi):
        return True
    if bool(b < lo) or bool(b > hi):
        return False
    return None


def _domain_checked(name: str, test: Callable, f: Callable) -> Callable:
    def apply(args, expr):
        inside = test(*args)
        if inside is False:
            raise NotReal(f"{sympy.sstr(expr)} is not real")
        return f(*args) if inside else None

    return apply


def _positive_arg(x) -> bool | None:
    return True if _positive(x) else (False if bool(x <= 0) else None)


def _gamma_arg(x) -> bool | None:
    return True if _positive(x) or not x.contains_integer() or bool(x > 0) else None


def _loggamma_arg(x) -> bool | None:
    return True if _positive(x) else None  # SymPy's loggamma of a negative number is complex


def _nonzero(x) -> bool | None:
    return True if not x.contains(0) else None


def _reciprocal_in(x, lo, hi, open_ends: bool = False) -> bool | None:
    """Whether ``1/x`` lies in [lo, hi] (in (lo, hi) with ``open_ends``) where the ball ``x`` excludes 0."""
    if x.contains(0):
        return None
    inside = _in(1 / x, lo, hi)
    if open_ends and inside and ((1 / x).contains(lo) or (1 / x).contains(hi)):
        return None
    return inside


def _exact_or_none(b):
    """``b`` when it is exact (a floor or ceiling the ball decides), else None."""
    return b if b.is_exact() else None


def _sign_ball(x):
    if bool(x > 0):
        return arb(1)
    if bool(x < 0):
        return arb(-1)
    return arb(0) if x.is_exact() and x.is_zero() else None


#: The functions enclosed, each with the test of its real domain and its ball function.
_FUNCTIONS: dict = {
    sympy.exp: _domain_checked("exp", lambda x: True, lambda x: x.exp()),
    sympy.log: _domain_checked("log", _positive_arg, lambda x: x.log()),
    sympy.sin: _domain_checked("sin", lambda x: True, lambda x: x.sin()),
    sympy.cos: _domain_checked("cos", lambda x: True, lambda x: x.cos()),
    sympy.tan: _domain_checked("tan", lambda x: _nonzero(x.cos()), lambda x: x.tan()),
    sympy.cot: _domain_checked("cot", lambda x: _nonzero(x.sin()), lambda x: x.cot()),
    sympy.sec: _domain_checked("sec", lambda x: _nonzero(x.cos()), lambda x: x.sec()),
    sympy.csc: _domain_checked("csc", lambda x: _nonzero(x.sin()), lambda x: x.csc()),
    sympy.asin: _domain_checked("asin", lambda x: _in(x, -1, 1), lambda x: x.asin()),
    sympy.acos: _domain_checked("acos", lambda x: _in(x, -1, 1), lambda x: x.acos()),
    sympy.atan: _domain_checked("atan", lambda x: True, lambda x: x.atan()),
    sympy.sinh: _domain_checked("sinh", lambda x: True, lambda x: x.sinh()),
    sympy.cosh: _domain_checked("cosh", lambda x: True, lambda x: x.cosh()),
    sympy.tanh: _domain_checked("tanh", lambda x: True, lambda x: x.tanh()),
    sympy.asinh: _domain_checked("asinh", lambda x: True, lambda x: x.asinh()),
    sympy.acosh: _domain_checked("acosh", lambda x: _in(x, 1, arb.pos_inf()), lambda x: x.acosh()),
    sympy.atanh: _domain_checked(
        "atanh", lambda x: None if x.contains(1) or x.contains(-1) else _in(x, -1, 1), lambda x: x.atanh()
    ),
    sympy.gamma: _domain_checked("gamma", _gamma_arg, lambda x: x.gamma()),
    sympy.loggamma: _domain_checked("loggamma", _loggamma_arg, lambda x: x.lgamma()),
    sympy.digamma: _domain_checked("digamma", _gamma_arg, lambda x: x.digamma()),
    sympy.erf: _domain_checked("erf", lambda x: True, lambda x: x.erf()),
    sympy.erfc: _domain_checked("erfc", lambda x: True, lambda x: x.erfc()),
    sympy.Abs: _domain_checked("Abs", lambda x: True, abs),
    sympy.acot: _domain_checked("acot", _nonzero, lambda x: (1 / x).atan()),
    sympy.asec: _domain_checked("asec", lambda x: _reciprocal_in(x, -1, 1), lambda x: (1 / x).acos()),
    sympy.acsc: _domain_checked("acsc", lambda x: _reciprocal_in(x, -1, 1), lambda x: (1 / x).asin()),
    sympy.sech: _domain_checked("sech", lambda x: True, lambda x: 1 / x.cosh()),
    sympy.csch: _domain_checked("csch", _nonzero, lambda x: 1 / x.sinh()),
    sympy.coth: _domain_checked("coth", _nonzero, lambda x: 1 / x.tanh()),
    sympy.acoth: _domain_checked(
        "acoth", lambda x: _reciprocal_in(x, -1, 1, open_ends=True), lambda x: (1 / x).atanh()
    ),
    sympy.asech: _domain_checked("asech", lambda x: _reciprocal_in(x, 1, arb.pos_inf()), lambda x: (1 / x).acosh()),
    sympy.acsch: _domain_checked("acsch", _nonzero, lambda x: (1 / x).asinh()),
    sympy.floor: _domain_checked("floor", lambda x: True, lambda x: _exact_or_none(x.floor())),
    sympy.ceiling: _domain_checked("ceiling", lambda x: True, lambda x: _exact_or_none(x.ceil())),
    sympy.sign: _domain_checked("sign", lambda x: True, lambda x: _sign_ball(x)),
    sympy.atan2: _domain_checked(
        "atan2", lambda y, x: True if _positive(x) or not y.contains(0) else None, lambda y, x: arb.atan2(y, x)
    ),
}

_CONSTANTS: dict = {
    sympy.pi: arb.pi,
    sympy.E: arb.const_e,
    sympy.EulerGamma: arb.const_euler,
    sympy.Catalan: arb.const_catalan,
    sympy.GoldenRatio: lambda: (1 + arb(5).sqrt()) / 2,
    sympy.TribonacciConstant: None,
}


def _enclose(e, memo: dict):
    if e in memo:
        return memo[e]
    out = _enclose_node(e, memo)
    memo[e] = out
    return out


def _enclose_node(e, memo):
    if e.is_Float and e.is_finite:
        e = sympy.Rational(e)  # a Float is its exact binary value
    if e.is_Rational:
        if max(abs(e.p).bit_length(), e.q.bit_length()) > _MAX_BITS:
            return None
        return arb(fmpq(int(e.p), int(e.q)))
    if e in _CONSTANTS:
        make = _CONSTANTS[e]
        return None if make is None else make()
    if e.free_symbols or not isinstance(e, sympy.Expr):
        return None
    if e.is_Add or e.is_Mul:
        parts = [_enclose(a, memo) for a in e.args]
        if any(p is None for p in parts):
            return None
        out = parts[0]
        for p in parts[1:]:
            out = out + p if e.is_Add else out * p
        return _ball_or_none(out)
    if e.is_Pow:
        base, exp = (_enclose(a, memo) for a in e.args)
        if base is None or exp is None:
            return None
        out = _real_pow(base, exp, e.args[1], e.args[0])
        return None if out is None else _ball_or_none(out)
    if isinstance(e, (sympy.Max, sympy.Min)):
        parts = [_enclose(a, memo) for a in e.args]
        if any(p is None for p in parts):
            return None
        out = parts[0]
        for p in parts[1:]:
            out = out.max(p) if isinstance(e, sympy.Max) else out.min(p)
        return _ball_or_none(out)
    f = _FUNCTIONS.get(type(e)) or next((g for t, g in _FUNCTIONS.items() if isinstance(e, t)), None)
    if f is None:
        return None
    args = [_enclose(a, memo) for a in e.args]
    if any(a is None for a in args):
        return None
    out = f(args, e)
    return None if out is None else _ball_or_none(out)


# -- complex balls, for "is this number nonzero" (principal branches, as SymPy reads them) ---------------

#: Functions enclosed in complex balls: python-flint's acb methods, principal branches.
_COMPLEX = {
    sympy.exp: "exp",
    sympy.log: "log",
    sympy.sin: "sin",
    sympy.cos: "cos",
    sympy.tan: "tan",
    sympy.cot: "cot",
    sympy.sinh: "sinh",
    sympy.cosh: "cosh",
    sympy.tanh: "tanh",
    sympy.asin: "asin",
    sympy.acos: "acos",
    sympy.atan: "atan",
    sympy.asinh: "asinh",
    sympy.acosh: "acosh",
    sympy.atanh: "atanh",
    sympy.gamma: "gamma",
    sympy.loggamma: "lgamma",
    sympy.erf: "erf",
    sympy.erfc: "erfc",
}


def _complex_ball(e, memo: dict):
    if e in memo:
        return memo[e]
    out = None
    if e is sympy.I:
        out = acb(0, 1)
    elif e.is_Rational or e in _CONSTANTS:
        real = _enclose_node(e, {})
        out = None if real is None else acb(real)
    elif isinstance(e, sympy.Expr) and not e.free_symbols and (e.is_Add or e.is_Mul or e.is_Pow):
        parts = [_complex_ball(a, memo) for a in e.args]
        if all(p is not None for p in parts):
            if e.is_Pow:
                base, exp = parts
                out = None if base.contains(0) else (exp * base.log()).exp()
            else:
                out = parts[0]
                for q in parts[1:]:
                    out = out + q if e.is_Add else out * q
    elif isinstance(e, sympy.Abs):
        inner = _complex_ball(e.args[0], memo)
        out = None if inner is None else acb(abs(inner))
    else:
        name = next((n for t, n in _COMPLEX.items() if isinstance(e, t)), None)
        if name is not None and len(e.args) == 1 and not e.free_symbols:
            inner = _complex_ball(e.args[0], memo)
            out = None if inner is None else getattr(inner, name)()
    if out is not None and not out.is_finite():
        out = None
    memo[e] = out
    return out


@memoized  # pure
def constant_nonzero(expr) -> bool:
    """Whether the constant ``expr`` (real or complex, principal branches) is certainly not 0: a complex ball
    at some precision of :data:`PRECISIONS` excludes 0.

    >>> import sympy
    >>> constant_nonzero(sympy.sqrt(sympy.Integer(-1) / 10**30) - sympy.I / 10**15), constant_nonzero(sympy.I / 10**80)
    (False, True)
    """
    expr = sympy.sympify(expr)
    if expr.free_symbols or expr.has(sympy.oo, -sympy.oo, sympy.zoo, sympy.nan):
        return False
    if expr.is_Rational:
        return expr != 0
    for prec in PRECISIONS:
        with ctx.workprec(prec):
            ball = _complex_ball(expr, {})
        if ball is None:
            return False
        if not ball.contains(0):
            return True
    return False


def enclosure(expr, prec: int):
    """A ball (``flint.arb``) at ``prec`` bits that contains the real value of the constant ``expr``.

    None when ``expr`` holds something not enclosed (a free symbol, an
    unsupported function) or when its realness is not certain at this
    precision; :class:`NotReal` when the value is certainly not real.
    """
    with ctx.workprec(prec):
        return _enclose(sympy.sympify(expr), {})


@memoized  # pure; exact algebra can be slow
def exactly_zero(expr) -> bool:
    """Whether exact algebra shows that the constant ``expr`` is 0: zero as built, an algebraic number whose
    minimal polynomial is ``x``, or zero as a rational function of its transcendental parts (``cancel``, each
    function of a number an independent indeterminate). Never SymPy's ``simplify``, which evaluates numbers
    with rounding (``simplify(loggamma(1 + 10**-60))`` is 0)."""
    expr = sympy.sympify(expr)
    if expr == 0:
        return True
    if expr.is_Rational or expr.free_symbols or expr.has(sympy.Float) or sympy.count_ops(expr) > 300:
        return False
    from .sympy_errors import SYMPY_ERRORS

    try:
        if _algebraic_form(expr):
            x = sympy.Dummy("x")
            return sympy.minimal_polynomial(expr, x) == x
        functions = {f: sympy.Dummy() for f in expr.atoms(sympy.Function, sympy.NumberSymbol)}
        return sympy.cancel(sympy.together(expr.xreplace(functions))) == 0
    except SYMPY_ERRORS:
        return False


def _algebraic_form(e) -> bool:
    """Whether ``e`` is built from rationals by +, * and rational powers only (an algebraic number)."""
    if e.is_Rational:
        return True
    if e.is_Add or e.is_Mul:
        return all(_algebraic_form(a) for a in e.args)
    if e.is_Pow:
        return e.exp.is_Rational and _algebraic_form(e.base)
    return False


@memoized  # pure; the same constants come back many times in a run
def constant_sign(expr) -> int | None:
    """The sign (+1, -1 or 0) of the real constant ``expr``, decided rigorously; None when undecided.

    +1 or -1 only when a ball at some precision of :data:`PRECISIONS`
    excludes 0; 0 only by :func:`exactly_zero`. ``oo`` and ``-oo`` have
    their signs. Raises :class:`NotReal` for a value that is certainly not
    real (and for ``nan``, ``zoo``).
    """
    expr = sympy.sympify(expr)
    if expr is sympy.oo:
        return 1
    if expr is -sympy.oo:
        return -1
    if expr.has(sympy.nan, sympy.zoo):
        raise NotReal(f"{sympy.sstr(expr)} is undefined")
    if expr.is_Rational:
        return (expr.p > 0) - (expr.p < 0)
    if expr.free_symbols or expr.has(sympy.oo, -sympy.oo, sympy.I):
        if expr.has(sympy.I) and not expr.free_symbols:
            raise NotReal(f"{sympy.sstr(expr)} holds the imaginary unit")
        return None
    for prec in PRECISIONS:
        ball = enclosure(expr, prec)
        if ball is None:
            if prec >= 1024:
                break
            continue
        if _positive(ball):
            return 1
        if bool(ball < 0):
            return -1
    return 0 if exactly_zero(expr) else None


_NODES = (sympy.Add, sympy.Mul, sympy.Pow, sympy.Max, sympy.Min)


@memoized  # pure; SymPy asks about the same numbers again and again
def kernel_encloses(expr) -> bool:
    """Whether the real constant ``expr`` is built only from what :func:`enclosure` encloses: rationals,
    Floats (their exact binary values), the constants ``pi``, ``E``, ``EulerGamma``, ``Catalan``,
    ``GoldenRatio``, ``+``, ``*``, powers, ``Max``, ``Min`` and the functions of its list; no symbol, no
    imaginary unit, no infinity.

    >>> import sympy
    >>> kernel_encloses(sympy.log(1 + sympy.sqrt(2) / 10**60)), kernel_encloses(sympy.zeta(3))
    (True, False)
    """
    if not isinstance(expr, sympy.Expr) or expr.free_symbols:
        return False
    for node in sympy.preorder_traversal(expr):
        if node.is_Rational or (node.is_Float and node.is_finite) or (node in _CONSTANTS and _CONSTANTS[node]):
            continue
        if isinstance(node, _NODES) or any(isinstance(node, t) for t in _FUNCTIONS):
            continue
        return False
    return True


def integer_part(expr, direction: int) -> int | None:
    """``floor(expr)`` (``direction`` -1) or ``ceiling(expr)`` (+1) of the real constant ``expr``, decided by
    balls (the ball's floor is one integer) or, where a ball holds an integer ``n``, by :func:`exactly_zero`
    of ``expr - n``; None when undecided. Raises :class:`NotReal` for a value that is certainly not real.

    >>> import sympy
    >>> y = sympy.sqrt(2) / 10**60
    >>> integer_part(1 - (sympy.log(1 + y) - y / 2), -1), integer_part(sympy.sqrt(2) * sympy.sqrt(8), 1)
    (0, 4)
    """
    ball = None
    for prec in PRECISIONS:
        ball = enclosure(expr, prec)
        if ball is None:
            continue
        with ctx.workprec(prec):  # at the ball's own precision: at 53 bits its floor would round
            part = ball.floor() if direction < 0 else ball.ceil()
        if part.is_exact():
            return int(part.unique_fmpz())
    if ball is None:
        return None
    n = ball.mid().floor()
    for k in (n, n + 1):
        if ball.contains(k) and exactly_zero(sympy.sympify(expr) - int(k.unique_fmpz())):
            return int(k.unique_fmpz())
    return None


# -- numbers inside expressions with symbols ---------------------------------------------------------


def _signed_symbol(c, memo: dict):
    """A stand-in for the constant ``c``: 0 when exactly zero, else a Dummy with only the proven sign."""
    if c in memo:
        return memo[c]
    sign = constant_sign(c)  # NotReal propagates: no sign assumption about a value that is not real
    if sign == 0:
        out = sympy.Integer(0)
    else:
        out = sympy.Dummy(
            "c", **({"positive": True} if sign == 1 else {"negative": True} if sign == -1 else {"real": True})
        )
        if sign is None and enclosure(c, PRECISIONS[1]) is None:
            out = sympy.Dummy("c")  # not even known to be real
    memo[c] = out
    return out


_KEEP = (sympy.Rational, sympy.core.numbers.Infinity, sympy.core.numbers.NegativeInfinity)


_INFINITE = (sympy.oo, -sympy.oo, sympy.zoo, sympy.nan)


def _opaque(c, functions_only: bool) -> bool:
    """Whether the constant ``c`` is abstracted: not a rational (nor an infinity), and with ``functions_only``
    holding a function of a number (what SymPy's rewriting evaluates with rounding)."""
    if isinstance(c, _KEEP) or c.has(*_INFINITE):
        return False
    return not functions_only or bool(c.atoms(sympy.Function))


def _abstract(e, memo: dict, functions_only: bool):
    """``e`` with its constants abstracted."""
    if not isinstance(e, sympy.Basic) or not e.args and not isinstance(e, sympy.NumberSymbol):
        return e
    if isinstance(e, sympy.Expr) and not e.free_symbols and e.is_number:
        return _signed_symbol(e, memo) if _opaque(e, functions_only) else e
    if e.is_Add or e.is_Mul:
        constants = [a for a in e.args if not a.free_symbols and not a.has(*_INFINITE)]
        rest = [_abstract(a, memo, functions_only) for a in e.args if a not in constants]
        whole = e.func(*constants)
        args = ([_signed_symbol(whole, memo)] if _opaque(whole, functions_only) else constants) + rest
        return e.func(*args)
    args = [_abstract(a, memo, functions_only) for a in e.args]
    if all(a is b for a, b in zip(args, e.args)):
        return e
    return e.func(*args)


@memoized  # pure; asked of the same differences many times in a search
def abstracted(*exprs) -> tuple:
    """``exprs`` with each constant that is not a rational number replaced by a symbol carrying only the sign
    that :func:`constant_sign` proves (0 itself when exact algebra shows it), the same symbol for the same
    constant in all of them; the constant terms of a sum and the constant factors of a product are taken
    together. Raises :class:`NotReal` for a non-real constant.

    >>> import sympy
    >>> from symmetric import P
    >>> (e,) = abstracted(P + sympy.log(2) - 1)
    >>> e.is_positive is None, abstracted(P * sympy.pi)[0].is_positive
    (True, True)
    """
    memo: dict = {}
    return tuple(_abstract(sympy.sympify(e), memo, False) for e in exprs)


@memoized  # pure; the rewriting strategies ask it of the same sides again and again
def functions_opaque(*exprs) -> tuple:
    """``exprs`` as :func:`abstracted` makes them, but only the constants that hold a function of a number
    (``log(2)``, ``loggamma(1 + 10**-60)``; not ``sqrt(2)`` or ``pi``): what SymPy's rewriting evaluates with
    rounding. Raises :class:`NotReal` for a non-real constant."""
    memo: dict = {}
    return tuple(_abstract(sympy.sympify(e), memo, True) for e in exprs)


def assumed(query: str, expr) -> bool | None:
    """SymPy's assumption ``query`` (``"is_positive"``, ``"is_zero"``, ...) of ``expr``, asked with its
    constants :func:`abstracted`: its answer never rests on SymPy's evaluation of a number. None when the
    answer is unknown or an abstracted constant is not real."""
    try:
        (form,) = abstracted(expr)
    except NotReal:
        return None
    try:
        return getattr(form, query)
    except (TypeError, ValueError, AttributeError, RecursionError):
        return None
