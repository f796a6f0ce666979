"""Signs of expressions on a domain, decided by exact rules only.

A *sign set* is the set of signs (-1, 0, 1) an expression can take on a
domain. :func:`sign_of` computes a sign set that contains the true sign at
every point of the domain, or ``None`` when it cannot also vouch that the
expression is defined (real and finite) at every point: a power with a
non-integer exponent needs a positive base, a negative power a nonzero
base, ``log`` a positive argument. So a sign set is also a proof of
definedness.

A :class:`~.domain.Domain` (:mod:`.domain`, re-exported here) bounds each
real symbol by an :class:`~.domain.Interval` (by default the one its SymPy
assumptions give: ``(0, oo)`` for a positive symbol) and keeps *facts*:
expressions with a known sign set, such as ``P - R`` negative under the
condition ``P < R``.

What the rules trust (each is a theorem about real numbers, applied exactly):

* exact rational interval arithmetic for affine expressions in bounded
  symbols; the facts of the domain (the conditions of the statement);
* sign rules for sums, products, integer powers, ``exp``, ``Max``, ``Min``,
  ``Abs``; ``x**k > 0`` for ``x > 0`` and real ``k``;
* monotone transforms: for ``x, y > 0``, ``sign(x**k - y**k) =
  sign(k) * sign(x - y)`` (written through the ratio: ``sign(p - q) =
  sign(p/q - 1)`` for ``q > 0``), ``sign(log x) = sign(x - 1)``, and
  ``sign(sum c_i log x_i - sum d_j log y_j) = sign(prod x_i**c_i - prod y_j**d_j)``;
* SymPy's algebraic rewrites (``together``, ``cancel``, ``powsimp`` and
  ``expand_power_base`` with positive bases) as identities, and the sign of a
  numeric constant from ball arithmetic (:mod:`symmetric.verify.core.numbers`:
  a sign only when a ball excludes 0, zero only by exact algebra).

:func:`definite_sign` answers the narrower question "which one sign does
the expression have at every point" (what the limit routine asks of a
coefficient): SymPy's assumption system (:func:`assumed_in`, which the direct
``sign`` strategies of the proof search ask too, with every constant replaced by a
symbol carrying only its proven sign) on the expression and on cheap exact
normal forms (expanded, cancelled, factored, logarithms expanded without
``force``), the facts of the domain, a number's sign from ball arithmetic,
and :func:`sign_of` on the same domain. This module is the
one place that decides signs; :func:`sign_target` names the factor whose
sign settles an undecided one, for a caller that splits the domain on it.

>>> import sympy
>>> from symmetric import P, R, rho
>>> d = Domain.of_symbols([P, R, rho]).restrict(rho, Interval(0, sympy.oo, lo_closed=True))
>>> d = d.with_fact(P - R, NEG)                      # the condition P < R
>>> sorted(sign_of(1 - (P / R) ** rho, d))         # zero at rho = 0, positive otherwise
[0, 1]
>>> sign_of(sympy.log(rho), d) is None             # log(0) is undefined
True
>>> definite_sign(P - R, d), definite_sign(P - R, Domain.of_symbols([P, R]))
(-1, None)
"""

from __future__ import annotations

from functools import reduce

import sympy

from ..core.linear import affine_form
from ..core.memo import memoized
from ..core.numbers import NotReal, assumed, constant_sign
from ..core.relations import ANY, NEG, NONNEG, NONPOS, POS, RELATION_OF_SIGNS, ZERO
from ..core.sympy_errors import SYMPY_ERRORS
from ..core.trust import untrusted
from .domain import Domain, Interval, number_sign
from .rules import decide, register_sign_rule

__all__ = [
    "Interval",
    "Domain",
    "sign_of",
    "mul_signs",
    "add_signs",
    "settles",
    "number_sign",
    "SignOracle",
    "NotReal",
    "assumed_in",
    "definite_sign",
    "sign_target",
    "combine_fractions",
]

_MAX_NESTING = 60  # nested rule applications; deeper means a runaway rewrite, answered "unknown"


def mul_signs(a: frozenset, b: frozenset) -> frozenset:
    """The sign set of a product."""
    return frozenset(x * y for x in a for y in b)


def add_signs(a: frozenset, b: frozenset) -> frozenset:
    """The sign set of a sum."""
    out: set = set()
    for x in a:
        for y in b:
            out |= {y} if x == 0 else {x} if y == 0 or x == y else ANY
    return frozenset(out)


def settles(signs: frozenset | None, *, strict: bool) -> bool:
    """Whether ``signs`` shows ``> 0`` (``strict``) or ``>= 0``."""
    return signs is not None and bool(signs) and signs <= (POS if strict else NONNEG)


def _factors(term) -> dict:
    """``{base: exponent}`` of a product (exponents of a repeated base added), numbers left out."""
    out: dict = {}
    for f in sympy.Mul.make_args(term):
        if not f.is_number:
            base, k = f.as_base_exp()
            out[base] = out.get(base, 0) + k
    return out


def _logs(expr):
    """``[(coefficient, argument), ...]`` when ``expr`` is a sum of multiples of logarithms."""
    out = []
    for term in sympy.Add.make_args(expr):
        coeff: list = []
        logs: list = []
        for f in sympy.Mul.make_args(term):
            (logs if isinstance(f, sympy.log) else coeff).append(f)
        if len(logs) != 1:
            return None
        out.append((sympy.Mul(*coeff), logs[0].args[0]))
    return out


class SignOracle:
    """:func:`sign_of` on one domain, memoized; ``wanted`` collects exponents whose sign was needed."""

    def __init__(self, domain: Domain) -> None:
        self.domain = domain
        self.wanted: list = []
        self.memo: dict = {}
        self.depth = 0

    def __call__(self, e) -> frozenset | None:
        e = sympy.sympify(e)
        if e not in self.memo:
            if self.depth > _MAX_NESTING:
                return None
            self.memo[e] = None  # guards against cycles while computing
            self.depth += 1
            try:
                self.memo[e] = self._compute(e)
            except RecursionError:  # SymPy's own recursion on a deep expression: no sign known
                self.memo[e] = None
            finally:
                self.depth -= 1
        return self.memo[e]

    def _compute(self, e):
        if e.is_number:  # a constant: ball arithmetic (core.numbers), whatever its type
            s = number_sign(e)
            return None if s is None else frozenset({s})
        return decide(DOMAIN, e, self)  # the rule registered for its type (signs.rules)

    def _pow(self, base, k):
        sb = self(base)
        if sb is None:
            return None
        if k.is_Integer:
            if k < 0 and 0 in sb:
                return None
            return frozenset((x if k % 2 else abs(x)) if k != 0 else 1 for x in sb)
        sk = self(k)
        if sk is None:
            return None
        if sb == POS:
            return POS
        if sb <= NONNEG and sk == POS:
            return sb
        return None

    def _add(self, e):
        found = [self(t) for t in e.args]
        signs = [s for s in found if s is not None]
        if len(signs) < len(found):
            return self._refine(e, None)
        s = reduce(add_signs, signs)
        if {-1, 1} <= s:
            s = self._refine(e, s)
        return s

    def _refine(self, e, s):
        """Intersect ``s`` with what the other rules say about the sum ``e``."""
        for rule in (self._affine, self._facts, self._difference, self._rewritten):
            r = rule(e)
            if r is not None:
                s = r if s is None else s & r
                if len(s) <= 1 or s in (NONNEG, NONPOS):
                    break
        return s

    def _affine(self, e):
        form = affine_form(e)
        if form is None:
            return None
        const, coeffs = form
        iv = Interval(const, const, True, True)
        for sym, c in coeffs.items():
            siv = self.domain.interval(sym)
            if siv is None:
                return None
            lo, hi, lc, hc = (
                (siv.lo, siv.hi, siv.lo_closed, siv.hi_closed)
                if c > 0
                else (siv.hi, siv.lo, siv.hi_closed, siv.lo_closed)
            )
            iv = Interval(iv.lo + c * lo, iv.hi + c * hi, iv.lo_closed and lc, iv.hi_closed and hc)
        return iv.signs()

    def _facts(self, e):
        for f, signs in self.domain.facts:
            if f.free_symbols != e.free_symbols:
                continue
            ratio = sympy.cancel(e / f)
            if ratio.is_number and ratio != 0:
                c = number_sign(ratio)
                if c is not None:
                    return mul_signs(signs, frozenset({c}))
        return None

    def _difference(self, e):
        """sign(p - q) for positive p, q: monotone transforms of x**k and log."""
        pos: list = []
        neg: list = []
        for t in e.args:
            (neg if t.as_coeff_Mul()[0].is_negative else pos).append(t)
        if not pos or not neg:
            return None
        p, q = sympy.Add(*pos), -sympy.Add(*neg)
        logs_p, logs_q = _logs(p), _logs(q)
        if logs_p is not None and logs_q is not None:
            if all(self(x) == POS and self(c) is not None for c, x in logs_p + logs_q):
                # exp is increasing: compare prod x**c on both sides.
                return self(sympy.Mul(*[x**c for c, x in logs_p]) - sympy.Mul(*[x**c for c, x in logs_q]))
            return None
        if self(p) != POS or self(q) != POS:
            return None
        ratio = sympy.powsimp(sympy.expand_power_base(p / q))
        if ratio.is_number:
            return self(ratio - 1)
        if isinstance(ratio, sympy.Pow) and self(ratio.base) == POS:
            sk = self(ratio.exp)
            if sk is None or {-1, 1} <= sk:
                if ratio.exp not in self.wanted:
                    self.wanted.append(ratio.exp)
                return None
            return mul_signs(sk, self(sympy.together(ratio.base - 1)) or ANY)
        return None

    def _rewritten(self, e):
        """The sum as a product: a factor common to all terms pulled out, or over a common denominator."""
        terms = [_factors(t) for t in e.args]
        common = {}
        for base, k in terms[0].items():
            ks = [t.get(base) for t in terms]
            if all(k2 is not None and k2.is_Rational for k2 in ks):
                common[base] = min(k2 for k2 in ks if k2 is not None)
            elif all(k2 == k for k2 in ks):
                common[base] = k
        common = {b: k for b, k in common.items() if k != 0}
        forms = []
        if common:
            factor = sympy.Mul(*(b**k for b, k in common.items()))
            rest = sympy.Add(*(t / factor for t in e.args))
            if sympy.count_ops(rest) < sympy.count_ops(e):
                forms.append(sympy.Mul(factor, rest, evaluate=False))
        if any(t.as_numer_denom()[1] != 1 for t in e.args):
            forms.append(sympy.together(e))
        for form in forms:
            if isinstance(form, sympy.Mul) and form != e:
                r = self(form) if len(form.args) > 1 else None
                if r is not None:
                    return r
        return None


# -- the rules of the "domain" calculus, registered per expression type (signs.rules) ------------------

#: The calculus of sign sets on a domain.
DOMAIN = "domain"


@register_sign_rule(DOMAIN, sympy.Symbol)
def _symbol_rule(e, oracle: SignOracle):
    iv = oracle.domain.interval(e)
    return None if iv is None else iv.signs()


@register_sign_rule(DOMAIN, sympy.Add)
def _add_rule(e, oracle: SignOracle):
    return oracle._add(e)


@register_sign_rule(DOMAIN, sympy.Mul)
def _mul_rule(e, oracle: SignOracle):
    signs = [oracle(f) for f in e.args]
    known = [s for s in signs if s is not None]
    return None if len(known) < len(signs) else reduce(mul_signs, known)


@register_sign_rule(DOMAIN, sympy.Pow)
def _pow_rule(e, oracle: SignOracle):
    return oracle._pow(*e.args)


@register_sign_rule(DOMAIN, sympy.exp)
def _exp_rule(e, oracle: SignOracle):
    return POS if oracle(e.args[0]) is not None else None


@register_sign_rule(DOMAIN, sympy.log)
def _log_rule(e, oracle: SignOracle):
    if oracle(e.args[0]) != POS:
        return None
    return oracle(e.args[0] - 1)


@register_sign_rule(DOMAIN, sympy.Max, sympy.Min)
def _extremum_rule(e, oracle: SignOracle):
    found = [oracle(a) for a in e.args]
    signs = [s for s in found if s is not None]
    if len(signs) < len(found):
        return None
    pick = max if isinstance(e, sympy.Max) else min
    return reduce(lambda a, b: frozenset(pick(x, y) for x in a for y in b), signs)


@register_sign_rule(DOMAIN, sympy.Abs)
def _abs_rule(e, oracle: SignOracle):
    s: frozenset | None = oracle(e.args[0])
    return None if s is None else frozenset(abs(x) for x in s)


def sign_of(expr, domain: Domain, *, wanted: list | None = None) -> frozenset | None:
    """The sign set of ``expr`` on ``domain``, or None when it is not known to be defined there.

    Exponents whose sign was needed but unknown are appended to ``wanted``
    (a caller may split the domain on them).

    >>> import sympy
    >>> from symmetric import P, R
    >>> sorted(sign_of(P * R / (P + R) - P, Domain.of_symbols([P, R])))
    [-1]
    >>> sign_of(1 / (P - R), Domain.of_symbols([P, R])) is None
    True
    """
    oracle = SignOracle(domain)
    s = oracle(expr)
    if wanted is not None:
        wanted.extend(oracle.wanted)
    return s


# --------------------------------------------------------------------------- one sign at every point


@memoized  # pure, called ~15 times per distinct coefficient in a run
def combine_fractions(c) -> sympy.Basic:
    """``c`` with its fractions combined and common factors cancelled, when that is not longer."""
    c = sympy.sympify(c)
    if c.is_Number or not c.free_symbols:
        return c
    try:
        out = sympy.cancel(sympy.together(c))
    except (sympy.PolynomialError, NotImplementedError, TypeError, ValueError):
        return c
    return out if sympy.count_ops(out) <= sympy.count_ops(c) + 4 else c


def _log_combination(c):
    """``[(a_i, x_i)]`` when ``c = sum(a_i * log(x_i))`` with rational ``a_i`` and positive ``x_i``, else None."""
    c = sympy.expand_log(sympy.expand(c), force=False)
    out = []
    for term in sympy.Add.make_args(c):
        coeff, rest = term.as_coeff_Mul()
        if isinstance(rest, sympy.log) and coeff.is_Rational and assumed("is_positive", rest.args[0]):
            out.append((coeff, rest.args[0]))
        else:
            return None
    return out or None


@memoized  # pure; both sign_target and _factored_sign factor the same coefficients
def _factor_parts(c) -> tuple:
    """``(content, ((factor, multiplicity), ...))`` of the numerator, then of the denominator, of ``c`` factored."""
    num, den = sympy.fraction(sympy.factor(c))
    return tuple((content, tuple(factors)) for content, factors in (sympy.factor_list(part) for part in (num, den)))


@memoized  # pure; the limit routine asks it of the same ~100 coefficients ~1500 times in a run
def sign_target(c) -> sympy.Basic:
    """The simplest expression whose sign decides the sign of ``c`` (positive factors and logs removed).

    >>> from symmetric import P, R
    >>> sign_target(sympy.log(P) - sympy.log(R))
    P - R
    >>> sign_target(-3 * (P - 7*R)**2 / R)
    P - 7*R
    """
    c = combine_fractions(c)
    combo = _log_combination(c)
    if combo is not None:
        q = sympy.Mul(*[x**a for a, x in combo])
        num, den = sympy.fraction(sympy.together(q))
        if assumed("is_positive", num) and assumed("is_positive", den):  # then sign(log q) = sign(num - den)
            return sign_target(num - den)
        return c
    try:
        factors = [f for _, part in _factor_parts(c) for f, _ in part]
    except (sympy.PolynomialError, NotImplementedError, TypeError, ValueError):
        return c
    unknown = [f for f in factors if assumed("is_positive", f) is not True and assumed("is_negative", f) is not True]
    if not unknown:
        return c
    f = unknown[0]
    if _log_combination(f) is not None and f != c:
        return sign_target(f)
    return f


def assumed_in(expr, signs: frozenset) -> bool:
    """Whether SymPy's assumption system says that ``expr`` has a sign in ``signs`` (``POS``, ``NONNEG``, ...).

    Never for an expression whose SymPy assumptions are known to be wrong
    (:func:`~symmetric.verify.core.trust.untrusted`). The query is the
    relation table's (:meth:`~symmetric.verify.core.relations.Relation.assumed`):
    ``assumed_in(lhs - rhs, NONPOS)`` asks ``(lhs - rhs).is_nonpositive``.

    >>> from symmetric import P, R
    >>> assumed_in(P + R, POS), assumed_in(P - R, POS), assumed_in(-P * R, NONPOS)
    (True, False, True)
    """
    return _assumed(expr, signs) and not untrusted(expr)  # the trust check only where it matters


def _assumed(expr, signs: frozenset) -> bool:
    return RELATION_OF_SIGNS[signs].assumed(expr) is True


def _assumed_sign(c):
    if untrusted(c):  # SymPy's assumptions are known to be wrong on it (core.trust)
        return None
    for sign, signs in ((0, ZERO), (1, POS), (-1, NEG)):
        if _assumed(c, signs):
            return sign
    return None


def _evaluated_sign(c):
    """The sign of the number ``c`` from ball arithmetic or exact algebra
    (:func:`~symmetric.verify.core.numbers.constant_sign`); NotReal when it is not real."""
    return constant_sign(c)


def _from_facts(c, domain: Domain):
    """The sign of ``c`` when it is, up to sign, a fact of ``domain`` with one known sign."""
    for f, signs in domain.facts:
        if len(signs) != 1:
            continue
        (known,) = signs
        for sgn, candidate in ((1, f), (-1, -f)):
            try:
                same = combine_fractions(c - candidate) == 0
            except (TypeError, ValueError):
                same = False
            if same:
                return sgn * known
    return None


def _definite(c, domain: Domain, oracle: SignOracle, depth: int):
    if c == 0:
        return 0
    if c.has(sympy.nan, sympy.zoo, sympy.oo, -sympy.oo):
        raise NotReal("an infinite coefficient")
    if c.is_number:
        return _evaluated_sign(c)
    direct = _assumed_sign(c)
    if direct is not None:
        return direct
    fact = _from_facts(c, domain)
    if fact is not None:
        return fact
    for form in (sympy.expand, combine_fractions, lambda e: sympy.expand_log(e, force=False)):
        try:
            f = form(c)
        except (sympy.PolynomialError, NotImplementedError, TypeError, ValueError):
            continue
        if f == 0:
            return 0
        s = _assumed_sign(f)
        if s is not None:
            return s
    try:
        s = oracle(c)
    except SYMPY_ERRORS:
        s = None
    if s is not None and len(s) == 1:
        (out,) = s
        return out
    if depth > 2:
        return None
    return _factored_sign(c, domain, oracle, depth)


def _factored_sign(c, domain: Domain, oracle: SignOracle, depth: int):
    try:
        total = 1
        for content, factors in _factor_parts(combine_fractions(c)):
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
                    s = _definite(sign_target(f), domain, oracle, depth + 1)
                    if s is None:
                        return None
                total *= s**multiplicity
        return total
    except (sympy.PolynomialError, NotImplementedError, TypeError, ValueError):
        return None


def definite_sign(expr, domain: Domain | None = None, *, oracle: SignOracle | None = None) -> int | None:
    """The one sign (+1, -1 or 0) ``expr`` has at every point of ``domain``; None when undecided.

    ``domain`` defaults to what the symbols' assumptions allow; ``oracle``
    (a :class:`SignOracle` on the same domain) shares :func:`sign_of`'s
    memo between calls. Raises :class:`NotReal` for a complex or infinite
    value.

    >>> from symmetric import P, R, rho
    >>> definite_sign(P**2 + R), definite_sign(sympy.sqrt(2) - sympy.Rational(141, 100))
    (1, 1)
    >>> definite_sign(rho * (P - R), Domain().restrict(rho, Interval(0, sympy.oo)).with_fact(P - R, NEG))
    -1
    """
    domain = Domain() if domain is None else domain
    oracle = SignOracle(domain) if oracle is None else oracle
    return _definite(sympy.sympify(expr), domain, oracle, 0)
