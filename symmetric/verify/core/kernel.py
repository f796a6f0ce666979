"""The certificate kernel: a small, separate re-check of the proofs of the algebraic fragment.

A proof of the engine rests on SymPy's rewriting and assumptions. For the
*algebraic fragment* (both sides rational functions of the symbols with
rational coefficients, and statements without symbols) the engine also
records a :class:`Certificate`, which this module re-checks with exact
arithmetic of its own: python-flint's ``fmpq_mpoly`` (polynomials over Q),
``fmpq`` and ``arb`` balls. It imports nothing from SymPy's simplification,
assumptions or ``evalf``; SymPy is used only to walk an expression tree
(``args``, ``is_Add``, ...) into the kernel's own polynomials. Its checks:

* ``"rational identity"``: ``lhs - rhs``, walked into a fraction ``n/d`` of
  polynomials, satisfies ``n * prod(f_i**k_i) == N * d`` with the
  certificate's numerator ``N == 0``: the sides agree wherever they are defined.
* ``"polynomial sign"``: the same identity with ``N`` nonzero, and the sign of
  ``N`` and of each denominator factor ``f_i`` on the box the symbols'
  declared assumptions and the statement's bounds ``x <= q`` give (each checked
  by :func:`sign_on_box`) makes the relation hold at every point of the box.
* ``"constant sign"``: a statement without symbols whose difference of
  sides, enclosed in a ball (:func:`symmetric.verify.core.numbers.enclosure`)
  at the certificate's precision, excludes 0 on the right side.

>>> import sympy
>>> from symmetric import P, R
>>> from symmetric.verify.core.statement import Statement
>>> s = Statement.of(2 * P * R / (P + R), (P + R) / 2, relation="<=", conditions=(P <= 1, R <= 1))
>>> box = box_of(s)
>>> sorted(box)
['P', 'R']
>>> c = Certificate("polynomial sign", -(P - R) ** 2 / 2, ((1, P + R, 1),), "<=")
>>> recheck(s, c)
True
>>> recheck(s, Certificate("polynomial sign", (P - R) ** 2 / 2, ((1, P + R, 1),), "<="))  # a wrong claim
False
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from fractions import Fraction

from flint import arb, fmpq, fmpq_mpoly_ctx

from .numbers import NotReal, enclosure

__all__ = ["Certificate", "KINDS", "box_of", "sign_on_box", "recheck"]

#: The checks the kernel knows.
KINDS = ("rational identity", "polynomial sign", "constant sign")

_SIGNS_OF = {"==": {0}, "<": {-1}, "<=": {-1, 0}, ">": {1}, ">=": {0, 1}}
_LEAVES = 64  # boxes a bisection may cut a bounded box into
_MAX_TERMS = 4000  # polynomials larger than this are not walked (flint's C code cannot be interrupted)


@dataclass(frozen=True)
class Certificate:
    """What a proof of the algebraic fragment claims, for :func:`recheck`.

    ``numerator`` is ``N`` (an expression of the statement's symbols),
    ``denominators`` the factors of the denominator as ``(k, f, sign)``:
    ``f**k`` with ``f``'s sign on the box (+1 or -1), so that
    ``lhs - rhs = N / prod(f**k)``; ``relation`` the statement's; for a
    ``"constant sign"``, ``numerator`` is the sign and ``precision`` the bits.
    """

    kind: str
    numerator: object
    denominators: tuple = ()
    relation: str = "=="
    precision: int = 0

    def as_dict(self) -> dict:
        return {
            "kind": self.kind,
            "numerator": _text(self.numerator),
            "denominators": [{"factor": _text(f), "power": k, "sign": s} for k, f, s in self.denominators],
            "precision_bits": self.precision or None,
        }


def _text(p) -> str:
    """A polynomial given as expression or as :meth:`_Ring.terms` data, as text."""
    if not isinstance(p, tuple):
        return str(p)
    names, terms = p
    monomials = ["*".join([c] + [f"{n}**{k}" if k > 1 else n for n, k in zip(names, m) if k]) for m, c in terms]
    return " + ".join(monomials) or "0"


# -- expressions into polynomials over Q ---------------------------------------------------------------


class _Ring:
    def __init__(self, names) -> None:
        self.names = tuple(names)
        self.ctx = fmpq_mpoly_ctx.get(self.names or ("_",), "lex")
        self.gens = dict(zip(self.names, self.ctx.gens()))

    def const(self, q: Fraction):
        return self.ctx.from_dict({(0,) * max(len(self.names), 1): fmpq(q.numerator, q.denominator)})

    def fraction(self, e):
        """``(n, d)`` with ``e = n/d``, or None outside the fragment (+, *, integer powers, rationals, symbols)."""
        if e.is_Rational:
            return self.const(Fraction(int(e.p), int(e.q))), self.const(Fraction(1))
        if e.is_Symbol:
            g = self.gens.get(e.name)
            return None if g is None else (g, self.const(Fraction(1)))
        if e.is_Add or e.is_Mul:
            parts = [self.fraction(a) for a in e.args]
            if any(p is None for p in parts):
                return None
            n, d = parts[0]
            for n2, d2 in parts[1:]:
                if e.is_Add:
                    g = d.gcd(d2)  # exact: over the least common denominator
                    n, d = n * (d2 / g) + n2 * (d / g), d * (d2 / g)
                else:
                    n, d = n * n2, d * d2
                if len(n) + len(d) > _MAX_TERMS:
                    return None
            return n, d
        if e.is_Pow and e.exp.is_Integer:
            base = self.fraction(e.base)
            if base is None:
                return None
            n, d = base
            k = int(e.exp)
            if k < 0:
                n, d, k = d, n, -k
            if n.is_zero() or (len(n) + len(d)) ** k > _MAX_TERMS**2:
                return None
            return n**k, d**k
        return None

    def terms(self, p) -> tuple:
        """A polynomial as plain data (it pickles): ``(names, ((exponents, "p/q"), ...))``."""
        return self.names, tuple((tuple(m), str(c)) for m, c in p.terms())

    def poly(self, e):
        if isinstance(e, tuple):  # the plain data of terms()
            names, terms = e
            if tuple(names) != self.names:
                return None
            zero = (0,) * max(len(self.names), 1)
            return (
                self.ctx.from_dict({tuple(m) or zero: fmpq(*map(int, c.split("/"))) for m, c in terms})
                if terms
                else self.const(Fraction(0))
            )
        f = self.fraction(e)
        if f is None or not f[1].is_constant():
            return None
        c = f[1].leading_coefficient()
        return f[0] * self.const(1 / Fraction(int(c.p), int(c.q)))

    def at(self, p, balls):
        """The polynomial ``p`` evaluated in ball arithmetic at ``balls`` (one per name)."""
        total = arb(0)
        for monomial, c in p.terms():
            term = arb(fmpq(int(c.p), int(c.q)))
            for ball, k in zip(balls, monomial):
                term *= ball**k
            total += term
        return total


# -- the box ------------------------------------------------------------------------------------------


def box_of(statement) -> dict | None:
    """``{name: [lo, hi, lo_open, hi_open]}`` (``Fraction`` or None for an infinite end) from each symbol's
    declared sign and the statement's conditions ``x <op> q`` with rational ``q``; None when a symbol may be
    infinite or complex."""
    box = {}
    for s in statement.free_symbols:
        facts = s.assumptions0
        if not (facts.get("real") or facts.get("finite") and facts.get("extended_real")):
            return None
        lo, hi, lo_open, hi_open = None, None, True, True
        if facts.get("positive"):
            lo = Fraction(0)
        elif facts.get("nonnegative"):
            lo, lo_open = Fraction(0), False
        if facts.get("negative"):
            hi = Fraction(0)
        elif facts.get("nonpositive"):
            hi, hi_open = Fraction(0), False
        box[s.name] = [lo, hi, lo_open, hi_open]
    for c in statement.conditions:
        op = {"<=": "<=", "<": "<", ">=": ">=", ">": ">"}.get(str(getattr(c, "rel_op", "")))
        if op is None:
            continue
        a, b = c.args
        if b.is_Symbol and a.is_Rational:
            a, b, op = b, a, {"<=": ">=", "<": ">", ">=": "<=", ">": "<"}[op]
        if not (a.is_Symbol and b.is_Rational and a.name in box):
            continue
        q, iv = Fraction(int(b.p), int(b.q)), box[a.name]
        if op in ("<=", "<") and (iv[1] is None or q < iv[1] or q == iv[1] and op == "<"):
            iv[1], iv[3] = q, op == "<"
        if op in (">=", ">") and (iv[0] is None or q > iv[0] or q == iv[0] and op == ">"):
            iv[0], iv[2] = q, op == ">"
    return box


# -- signs of polynomials on a box --------------------------------------------------------------------


def _coefficient_rule(p, ring, box) -> set | None:
    """Every symbol >= 0 on the box and every coefficient of one sign: that sign (0 too unless a monomial is
    positive at every point)."""
    if any(box[n][0] is None or box[n][0] < 0 for n in ring.names):
        return None
    coeffs = [c for _, c in p.terms()]
    signs = {1 if c > 0 else -1 for c in coeffs}
    if len(signs) != 1:
        return None
    (s,) = signs
    positive = {n for n in ring.names if box[n][0] > 0 or box[n][2]}
    strict = any(all(k == 0 or n in positive for n, k in zip(ring.names, m)) for m, _ in p.terms())
    return {s} if strict else {s, 0}


def _shifted_rule(p, ring, box) -> set | None:
    """The coefficient rule after each symbol is written from an end of its interval (``x = lo + t`` or
    ``x = hi - t`` with ``t >= 0``): ``F_beta >= 1`` where ``P, R >= 1``."""
    images, shifted = [], {}
    for n, g in zip(ring.names, ring.ctx.gens()):
        lo, hi, lo_open, hi_open = box[n]
        if lo is not None:
            images.append(g + ring.const(lo))
            shifted[n] = [Fraction(0), None if hi is None else hi - lo, lo_open, hi_open]
        elif hi is not None:
            images.append(ring.const(hi) - g)
            shifted[n] = [Fraction(0), None, hi_open, True]
        else:
            return None
    if all(box[n][0] == 0 for n in ring.names):
        return None  # nothing moves: the plain coefficient rule has decided
    return _coefficient_rule(p.compose(*images), ring, shifted)


def _bernstein_rule(p, ring, box) -> set | None:
    """A bounded box: ``p`` in the Bernstein basis of the box (each symbol ``x = lo + (hi - lo)*u``, ``u`` in
    [0, 1]); its value lies between the least and the largest Bernstein coefficient."""
    if any(box[n][0] is None or box[n][1] is None for n in ring.names):
        return None
    images = [
        g * ring.const(box[n][1] - box[n][0]) + ring.const(box[n][0]) for n, g in zip(ring.names, ring.ctx.gens())
    ]
    q = p.compose(*images)
    degrees = list(q.degrees())
    size = 1
    for k in degrees:
        size *= k + 1
    if size > 2000:
        return None
    coefficients = {tuple(m): Fraction(int(c.p), int(c.q)) for m, c in q.terms()}
    bernstein = []
    for index in itertools.product(*(range(k + 1) for k in degrees)):
        b = Fraction(0)
        for m, a in coefficients.items():
            if all(j <= i for j, i in zip(m, index)):
                w = Fraction(1)
                for j, i, k in zip(m, index, degrees):
                    w *= Fraction(math.comb(i, j), math.comb(k, j))
                b += w * a
        bernstein.append(b)
    lo, hi = min(bernstein), max(bernstein)
    if lo > 0:
        return {1}
    if hi < 0:
        return {-1}
    if lo >= 0:
        return {0, 1}
    if hi <= 0:
        return {-1, 0}
    return None


def _fact_rule(p, facts) -> set | None:
    """``p`` a positive or negative rational multiple of a polynomial whose sign a condition states."""
    for f, signs in facts:
        if f.is_zero() or p.total_degree() != f.total_degree():
            continue
        a, b = p.leading_coefficient(), f.leading_coefficient()
        if p * b == f * a:
            c = 1 if a * b > 0 else -1
            return {c * s for s in signs}
    return None


def _affine_rule(p, ring, box) -> set | None:
    """A polynomial of degree 1: its exact range on the box, from the ends (closed or open) of each symbol."""
    if p.total_degree() != 1:
        return None
    lo = hi = Fraction(0)
    lo_attained = hi_attained = True
    for monomial, c in p.terms():
        c = Fraction(int(c.p), int(c.q))
        if not any(monomial):
            lo, hi = lo + c, hi + c
            continue
        (name,) = [n for n, k in zip(ring.names, monomial) if k]
        a, b, a_open, b_open = box[name]
        (low, low_open), (high, high_open) = ((a, a_open), (b, b_open)) if c > 0 else ((b, b_open), (a, a_open))
        if low is None or high is None:
            return None
        lo, hi = lo + c * low, hi + c * high
        lo_attained, hi_attained = lo_attained and not low_open, hi_attained and not high_open
    signs = {-1} if lo < 0 else set()
    if hi > 0:
        signs.add(1)
    if lo < 0 < hi or (lo == 0 and lo_attained) or (hi == 0 and hi_attained):
        signs.add(0)
    return signs or None


def _ball_of(iv):
    lo, hi = (arb(fmpq(x.numerator, x.denominator)) for x in iv[:2])
    return arb(lo.union(hi))  # the convex hull of the two ends


def _bisection_rule(p, ring, box) -> set | None:
    """A bounded box cut into at most :data:`_LEAVES` boxes on each of which a ball of ``p`` excludes 0."""
    if any(box[n][0] is None or box[n][1] is None for n in ring.names):
        return None
    todo, signs = [[list(box[n][:2]) for n in ring.names]], set()
    while todo:
        cell = todo.pop()
        value = ring.at(p, [_ball_of(iv) for iv in cell])
        if value > 0 or value < 0:
            signs.add(1 if value > 0 else -1)
            continue
        if len(todo) + len(signs) >= _LEAVES:
            return None
        k = max(range(len(cell)), key=lambda i: cell[i][1] - cell[i][0])
        lo, hi = cell[k]
        mid = (lo + hi) / 2
        todo += [cell[:k] + [[lo, mid]] + cell[k + 1 :], cell[:k] + [[mid, hi]] + cell[k + 1 :]]
    return signs


def _direct(p, ring, box, facts) -> set | None:
    if p.is_zero():
        return {0}
    if p.is_constant():
        c = p.leading_coefficient()
        return {1 if c > 0 else -1}
    return (
        _fact_rule(p, facts)
        or _coefficient_rule(p, ring, box)
        or _shifted_rule(p, ring, box)
        or _affine_rule(p, ring, box)
        or _bernstein_rule(p, ring, box)
        or _bisection_rule(p, ring, box)
    )


def sign_on_box(p, ring, box, facts=()) -> set | None:
    """A set of signs that contains the sign of the polynomial ``p`` at every point of ``box`` where the
    ``facts`` (``(polynomial, signs)`` the conditions state) hold, or None: by the rules of :func:`_direct`
    on ``p``, else on its irreducible factors over Q (an even power of a factor of unknown sign is >= 0)."""
    signs = _direct(p, ring, box, facts)
    if signs is not None:
        return signs
    content, factors = p.factor()
    signs = {1 if content > 0 else -1}
    for g, k in factors:
        s = _direct(g, ring, box, facts)
        if s is None:
            if k % 2:
                return None
            s = {0, 1}
        signs = {a * b**k for a in signs for b in s}
    return signs


def facts_of(statement, ring) -> list:
    """``(polynomial, signs)`` for each condition ``a <op> b`` whose sides are polynomials: the sign set of
    ``a - b`` the condition states."""
    out = []
    for c in statement.conditions:
        signs = _SIGNS_OF.get(str(getattr(c, "rel_op", "")))
        if signs is None or getattr(c, "rel_op", None) == "==":
            continue
        f = ring.poly(c.lhs - c.rhs)
        if f is not None and not f.is_constant():
            out.append((f, signs))
    return out


# -- the re-check ---------------------------------------------------------------------------------------


def recheck(statement, certificate: Certificate) -> bool:
    """Whether ``certificate`` proves ``statement``, checked with the kernel's exact arithmetic alone."""
    if certificate.kind not in KINDS or certificate.relation != statement.relation:
        return False
    wanted = _SIGNS_OF.get(statement.relation)
    if wanted is None:
        return False
    diff = statement.lhs - statement.rhs
    if certificate.kind == "constant sign":
        if statement.free_symbols or certificate.numerator not in wanted or certificate.numerator == 0:
            return False
        try:
            ball = enclosure(diff, certificate.precision)
        except NotReal:
            return False
        return ball is not None and bool(ball > 0 if certificate.numerator == 1 else ball < 0)
    box = box_of(statement)
    if box is None:
        return False
    ring = _Ring(sorted(box))
    facts = facts_of(statement, ring)
    whole = ring.fraction(diff)
    numerator = ring.poly(certificate.numerator)
    if whole is None or numerator is None:
        return False
    n, d = whole
    cleared = ring.const(Fraction(1))
    sign = {1}
    for k, f, claimed in certificate.denominators:
        g = ring.poly(f)
        if g is None or not isinstance(k, int) or k < 1 or claimed not in (1, -1):
            return False
        cleared *= g**k
        if certificate.kind == "polynomial sign":
            if sign_on_box(g, ring, box, facts) != {claimed}:
                return False
            sign = {s * claimed**k for s in sign}
    if d.is_zero() or n * cleared != numerator * d:
        return False
    if certificate.kind == "rational identity":
        return numerator.is_zero() and statement.relation in ("==", "<=", ">=")
    signs = sign_on_box(numerator, ring, box, facts)
    return signs is not None and {a * b for a in signs for b in sign} <= wanted
