"""Signs of parameter expressions, decided or asked for, never assumed.

Every sign the limit routine needs (of a leading coefficient, of an exponent,
of ``log P - log R``) goes through :class:`Signs`: SymPy's assumption system
on the expression and on cheap exact normal forms (expanded, cancelled,
factored, logarithms expanded without ``force``), and the caller's facts (the
statement's conditions). When none decides, the caller raises
:class:`NeedSign` with :func:`sign_target` of the expression, the factor
whose sign settles it, and the prover splits the domain on it.

>>> from symmetric import P, R
>>> Signs().sign(P**2 + R), Signs().sign(P - R), Signs(facts=[P - R > 0]).sign(P - R)
(1, None, 1)
"""

from __future__ import annotations

import sympy

from .memo import memoized

__all__ = ["T", "LOG_T", "CannotDecide", "NeedSign", "Signs", "sign_target", "tidy"]

#: The variable tending to 0 from above.
T = sympy.Dummy("t", positive=True)
#: log(T), treated as a coefficient that tends to -oo more slowly than any power.
LOG_T = sympy.Dummy("L", negative=True)


class CannotDecide(Exception):
    """The expression is outside the class handled, or a needed fact cannot be established."""


class NeedSign(Exception):
    """The answer depends on the sign of ``expr``, a parameter expression SymPy cannot sign."""

    def __init__(self, expr):
        super().__init__(sympy.sstr(expr))
        self.expr = expr


@memoized  # pure, called ~15 times per distinct coefficient in a run
def tidy(c):
    """``c`` with its fractions combined and common factors cancelled, when that is not longer."""
    c = sympy.sympify(c)
    if c.is_Number or not c.free_symbols:
        return c
    try:
        out = sympy.cancel(sympy.together(c))
    except (sympy.PolynomialError, NotImplementedError, TypeError, ValueError):
        return c
    return out if sympy.count_ops(out) <= sympy.count_ops(c) + 4 else c


# --------------------------------------------------------------------------- signs


def _log_combination(c):
    """``[(a_i, x_i)]`` when ``c = sum(a_i * log(x_i))`` with rational ``a_i`` and positive ``x_i``, else None."""
    c = sympy.expand_log(sympy.expand(c), force=False)
    out = []
    for term in sympy.Add.make_args(c):
        coeff, rest = term.as_coeff_Mul()
        if isinstance(rest, sympy.log) and coeff.is_Rational and rest.args[0].is_positive:
            out.append((coeff, rest.args[0]))
        else:
            return None
    return out or None


def sign_target(c):
    """The simplest expression whose sign decides the sign of ``c`` (positive factors and logs removed).

    >>> from symmetric import P, R
    >>> sign_target(sympy.log(P) - sympy.log(R))
    P - R
    >>> sign_target(-3 * (P - 7*R)**2 / R)
    P - 7*R
    """
    c = tidy(c)
    combo = _log_combination(c)
    if combo is not None:
        q = sympy.Mul(*[x**a for a, x in combo])
        num, den = sympy.fraction(sympy.together(q))
        if num.is_positive and den.is_positive:  # then sign(log q) = sign(num - den)
            return sign_target(num - den)
        return c
    try:
        num, den = sympy.fraction(sympy.factor(c))
        factors = [f for part in (num, den) for f, _ in sympy.factor_list(part)[1]]
    except (sympy.PolynomialError, NotImplementedError, TypeError, ValueError):
        return c
    unknown = [f for f in factors if f.is_positive is not True and f.is_negative is not True]
    if not unknown:
        return c
    f = unknown[0]
    if _log_combination(f) is not None and f != c:
        return sign_target(f)
    return f


class Signs:
    """Signs of parameter expressions: SymPy's assumptions, cheap normal forms, and known facts.

    ``facts`` are relations known to hold (the statement's conditions).
    """

    def __init__(self, facts=()):
        self.facts = tuple(f for f in facts if isinstance(f, sympy.core.relational.Relational))
        self._cache: dict = {}

    def sign(self, c) -> int | None:
        """+1, -1 or 0 when decided (eventually, as t -> 0+, for coefficients in log t), else None."""
        c = sympy.sympify(c)
        if c in self._cache:
            return self._cache[c]
        if c.has(T):
            raise CannotDecide("a coefficient depends on t")  # pragma: no cover - internal misuse
        out = self._log_poly_sign(c) if c.has(LOG_T) else self._param_sign(c, 0)
        self._cache[c] = out
        return out

    def require(self, c) -> int:
        """The sign of ``c``; NeedSign when it cannot be decided."""
        s = self.sign(c)
        if s is None:
            raise NeedSign(self._target(c))
        return s

    def require_nonzero(self, c) -> int:
        """The nonzero sign of ``c``; NeedSign when undecided; 0 when ``c`` is zero."""
        return self.require(c)

    def _target(self, c):
        if c.has(LOG_T):
            poly = self._log_poly(c)
            if poly is not None:
                for coeff in poly:
                    if self.sign(coeff) is None:
                        return sign_target(coeff)
            raise CannotDecide(f"sign of {sympy.sstr(c)} in log t")
        return sign_target(c)

    def _log_poly(self, c):
        """Coefficients (highest degree first) of numerator and denominator in log t, flattened, or None."""
        num, den = sympy.fraction(sympy.together(c))
        out = []
        for part in (num, den):
            poly = sympy.Poly(sympy.expand(part), LOG_T) if part.has(LOG_T) else None
            if poly is None:
                out.append(part)
                continue
            if any(coeff.has(LOG_T) for coeff in poly.all_coeffs()):
                return None
            out.extend(poly.all_coeffs())
        return out

    def _log_poly_sign(self, c):
        try:
            num, den = sympy.fraction(sympy.together(c))
            total = 1
            for part in (num, den):
                s = self._poly_sign(sympy.Poly(sympy.expand(part), LOG_T))
                if s is None:
                    return None
                total *= s
            return total
        except (sympy.PolynomialError, sympy.GeneratorsNeeded):
            raise CannotDecide(f"{sympy.sstr(c)} is not rational in log t") from None

    def _poly_sign(self, poly):
        coeffs = poly.all_coeffs()
        degree = len(coeffs) - 1
        for k, coeff in enumerate(coeffs):
            if coeff.has(LOG_T):
                raise CannotDecide("nested logarithms of t")
            s = self._param_sign(coeff, 0)
            if s is None:
                return None
            if s != 0:
                return s * (-1) ** (degree - k)
        return 0

    def _number_sign(self, c):
        if c.is_extended_real is False:
            raise CannotDecide(f"complex value {sympy.sstr(c)}")
        try:
            value = c.evalf(40, strict=True)
        except (sympy.core.evalf.PrecisionExhausted, TypeError, ValueError, ArithmeticError):
            value = None
        if value is not None and value.is_Float and value != 0:
            return 1 if value > 0 else -1
        if value is not None and value.is_real is False:
            raise CannotDecide(f"complex value {sympy.sstr(c)}")
        try:
            if sympy.simplify(c) == 0:
                return 0
        except (TypeError, ValueError, NotImplementedError, ArithmeticError):
            pass
        return None

    def _from_facts(self, c):
        for fact in self.facts:
            d = fact.lhs - fact.rhs
            for sgn, candidate in ((1, d), (-1, -d)):
                try:
                    same = tidy(c - candidate) == 0
                except (TypeError, ValueError):
                    same = False
                if not same:
                    continue
                if isinstance(fact, sympy.Eq):
                    return 0
                if isinstance(fact, (sympy.StrictGreaterThan,)):
                    return sgn
                if isinstance(fact, sympy.StrictLessThan):
                    return -sgn
        return None

    def _param_sign(self, c, depth):
        if c == 0:
            return 0
        if c.has(sympy.nan, sympy.zoo, sympy.oo, -sympy.oo):
            raise CannotDecide("an infinite coefficient")
        if c.is_number:
            return self._number_sign(c)
        direct = _assumed_sign(c)
        if direct is not None:
            return direct
        fact = self._from_facts(c)
        if fact is not None:
            return fact
        for form in (sympy.expand, tidy, lambda e: sympy.expand_log(e, force=False)):
            try:
                f = form(c)
            except (sympy.PolynomialError, NotImplementedError, TypeError, ValueError):
                continue
            if f == 0:
                return 0
            s = _assumed_sign(f)
            if s is not None:
                return s
        if depth > 2:
            return None
        return self._factored_sign(c, depth)

    def _factored_sign(self, c, depth):
        try:
            num, den = sympy.fraction(sympy.factor(tidy(c)))
            parts = [(num, 1), (den, 1)]
            total = 1
            for part, _ in parts:
                content, factors = sympy.factor_list(part)
                s = _assumed_sign(content) if content != 1 else 1
                if s is None:
                    return None
                total *= s
                for f, multiplicity in factors:
                    s = _assumed_sign(f)
                    if s is None:
                        combo = _log_combination(f)
                        if combo is None or len(factors) == 1 and multiplicity == 1 and f == c:
                            return None
                        s = self._param_sign(sign_target(f), depth + 1)
                        if s is None:
                            return None
                    total *= s**multiplicity
            return total
        except (sympy.PolynomialError, NotImplementedError, TypeError, ValueError):
            return None


def _assumed_sign(c):
    if c.is_zero:
        return 0
    if c.is_positive:
        return 1
    if c.is_negative:
        return -1
    return None
