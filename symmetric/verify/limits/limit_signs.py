"""What the limit routine adds to the sign decider: the variable ``t``, ``log t``, and asking for a split.

Every sign the limit routine needs (of a leading coefficient, of an exponent,
of ``log P - log R``) goes through :class:`Signs`, which asks the one sign
decider :func:`~symmetric.verify.signs.decide.definite_sign` on the domain the
statement's conditions give (its *facts*). What is specific to limits lives
here: the variable :data:`T` tending to ``0+`` and :data:`LOG_T`, the sign of
a coefficient that is a polynomial in ``log t`` (eventually, as ``t -> 0+``),
and :class:`NeedSign`: when no sign is decided, the caller raises it with
:func:`~symmetric.verify.signs.decide.sign_target` of the expression, the factor
whose sign settles it, and the prover splits the domain on it.

>>> from symmetric import P, R
>>> Signs().sign(P**2 + R), Signs().sign(P - R), Signs(facts=[P - R > 0]).sign(P - R)
(1, None, 1)
"""

from __future__ import annotations

import sympy

from ..signs.decide import Domain, NotReal, SignOracle, definite_sign, sign_target

__all__ = ["T", "LOG_T", "CannotDecide", "NeedSign", "Signs"]

#: The variable tending to 0 from above.
T = sympy.Dummy("t", positive=True)
#: log(T), treated as a coefficient that tends to -oo more slowly than any power.
LOG_T = sympy.Dummy("L", negative=True)


class CannotDecide(Exception):
    """The expression is outside the class handled, or a needed fact cannot be established."""


class NeedSign(Exception):
    """The answer depends on the sign of ``expr``, a parameter expression SymPy cannot sign."""

    def __init__(self, expr) -> None:
        super().__init__(sympy.sstr(expr))
        self.expr = expr


class Signs:
    """Signs of parameter expressions, decided on the domain where the relations ``facts`` hold.

    ``facts`` are relations known to hold (the statement's conditions).
    """

    def __init__(self, facts=()) -> None:
        self.facts = tuple(f for f in facts if isinstance(f, sympy.core.relational.Relational))
        self._cache: dict = {}
        self._domain: Domain | None = None
        self._oracle: SignOracle | None = None

    def sign(self, c) -> int | None:
        """+1, -1 or 0 when decided (eventually, as t -> 0+, for coefficients in log t), else None."""
        c = sympy.sympify(c)
        if c in self._cache:
            return self._cache[c]
        if c.has(T):
            raise CannotDecide("a coefficient depends on t")  # pragma: no cover - internal misuse
        out = self._log_poly_sign(c) if c.has(LOG_T) else self._param_sign(c)
        self._cache[c] = out
        return out

    def require(self, c) -> int:
        """The sign of ``c``; NeedSign when it cannot be decided."""
        s = self.sign(c)
        if s is None:
            raise NeedSign(self._target(c))
        return s

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
            s = self._param_sign(coeff)
            if s is None:
                return None
            if s != 0:
                return s * (-1) ** (degree - k)
        return 0

    def _param_sign(self, c):
        if self._oracle is None:
            self._domain = Domain.from_conditions(self.facts)
            self._oracle = SignOracle(self._domain)
        try:
            return definite_sign(c, self._domain, oracle=self._oracle)
        except NotReal as exc:
            raise CannotDecide(str(exc)) from None
