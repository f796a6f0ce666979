"""A fuzzer for the engine (issue 23): random statements, true by construction or false by perturbation.

Each statement comes from a small grammar over what ``check`` accepts: the
families, arithmetic, powers with symbolic exponents, ``exp``/``log``,
inverse trigonometric functions, ``Abs``/``Max``/``Min``/``sign``/``floor``/
``ceiling``, ``Piecewise``, ``Derivative``/``Subs``/``Limit``/``Integral``/
``Sum``, Floats, and symbols with every kind of assumption (integer,
nonnegative, prime, composite, even, odd, rational, irrational, real,
positive). A TRUE statement is an identity or inequality that holds by
construction (a valid rewrite, a square, a sign-preserving function, a
Float's exact binary value compared exactly), and must also hold at sample
points (:func:`.exact.numeric_holds`, 60 digits). A FALSE statement is a true
one perturbed (a tiny additive or relative change, a shifted coefficient, a
strict relation where equality is reached, a formal derivative where none
exists, a bound one past the least prime); it enters the run only when
:func:`.exact.verify_witness` certifies a point where it fails, without the
engine (exact arithmetic, minimal polynomials, ``evalf(strict=True)``, and
for a derivative at a point the one-sided difference quotients at 10**-20
and 10**-40). The engine's verdict is judged as the suite judges
(:func:`.run.judge`): a false proof, a wrong refutation (a true statement
refuted, or a counterexample off the domain or where the statement holds),
an exception, completeness (true statements proven).

Run it as long as asked::

    python -m tests.soundness.fuzz --seconds 300 --seed 1
    SYMMETRIC_FUZZ_SECONDS=300 python -m tests.soundness.fuzz
    SYMMETRIC_FUZZ=2000 python -m tests.soundness.fuzz   # a number of statements

A small seeded sample runs under pytest (``test_fuzz.py``).

>>> import random
>>> case = generate(random.Random(0), 0)
>>> case.klass in CLASSES and case.id.startswith("fuzz.")
True
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import sys
import time
from dataclasses import dataclass, field

import sympy
from sympy import (Abs, Derivative, Float, Heaviside, Integral, Limit, Max, Min, Piecewise, Rational, Subs, Sum,
                   acos, asin, atan, ceiling, exp, floor, log, nan, oo, sign, sqrt)

from symmetric import P, R, beta, f_beta, g_beta_rho, power_mean, rho

from . import exact, run
from .case import CLASSES, false, true, x

__all__ = ["generate", "fuzz", "FuzzReport", "main"]

n = sympy.Symbol("n", integer=True)
m = sympy.Symbol("m", integer=True, nonnegative=True)
k_pos = sympy.Symbol("k", integer=True, positive=True)
p = sympy.Symbol("p", prime=True)
c = sympy.Symbol("c", composite=True)
e = sympy.Symbol("e", even=True)
o = sympy.Symbol("o", odd=True)
q = sympy.Symbol("q", irrational=True)
r = sympy.Symbol("r", rational=True)
y = sympy.Symbol("y", real=True)
h = sympy.Symbol("h", real=True)  # a bound variable
T = sympy.Symbol("t", positive=True)

_FAMILIES = [f_beta(), g_beta_rho(), power_mean(), 2 * P * R / (P + R), sqrt(P * R)]
_SMALL = [Rational(1, 2), Rational(1, 3), Rational(2), Rational(3), Rational(3, 4), Rational(5, 2), Rational(1)]


def _q(rng) -> sympy.Rational:
    return rng.choice(_SMALL) * rng.choice([1, 1, -1])


# --- random real expressions on the metric domain -------------------------------------------------

def _leaf(rng, real_symbols):
    roll = rng.random()
    if roll < 0.6:
        return rng.choice(real_symbols)
    return _q(rng)


def _expr(rng, depth: int, real_symbols) -> sympy.Expr:
    """A random real expression in ``real_symbols`` (defined wherever they are, for P, R in (0, 1])."""
    if depth <= 0:
        return _leaf(rng, real_symbols)
    a, b = _expr(rng, depth - 1, real_symbols), _expr(rng, depth - 1, real_symbols)
    op = rng.randrange(16)
    if op == 0:
        return a + b
    if op == 1:
        return a * b
    if op == 2:
        return a - b
    if op == 3:
        return a**rng.choice([2, 3])
    if op == 4:
        return P**rho * a if rho in real_symbols else P**2 * a
    if op == 5:
        return exp(a / 4) if not a.has(exp) else a + 1
    if op == 6:
        return log(1 + a**2)
    if op == 7:
        return atan(a)
    if op == 8:
        return Abs(a)
    if op == 9:
        return rng.choice([Max, Min])(a, b)
    if op == 10:
        return sign(a) * b
    if op == 12:
        return floor(a) + b
    if op == 13:
        return ceiling(a) * b
    if op == 14:  # a dyadic Float: exact in binary, so products and sums of it stay exact
        return rng.choice([Float(0.5), Float(0.25), Float(1.5), Float(0.75)]) * a
    if op == 15:
        return asin(a / (2 + a**2)) if rng.random() < 0.5 else acos(a / (2 + a**2))
    return Piecewise((a, b > 0), (a * b, True))


# --- templates: (true statement, perturbations that make it false) ---------------------------------

@dataclass
class _Template:
    lhs: sympy.Expr
    rhs: sympy.Expr
    relation: str = "=="
    conditions: tuple = ()
    false_versions: list = field(default_factory=list)  # (lhs, rhs, relation, limits)
    why: str = "by construction"


def _identity(rng):
    syms = [P, R] + ([rho] if rng.random() < 0.5 else [])
    a = _expr(rng, rng.randint(1, 2), syms)
    b = _expr(rng, 1, syms)
    rule = rng.randrange(8)
    if rule == 0:
        lhs, rhs = (a + b)**2, a**2 + 2 * a * b + b**2
    elif rule == 1:
        lhs, rhs = Max(a, b) + Min(a, b), a + b
    elif rule == 2:
        lhs, rhs = Abs(a)**2, a**2
    elif rule == 3:
        lhs, rhs = (P * R)**(rho + a**2), P**(rho + a**2) * R**(rho + a**2)
    elif rule == 4:
        lhs, rhs = exp(log(P) * (a**2 + 1)), P**(a**2 + 1)
    elif rule == 5:
        lhs, rhs = log(P * R * (1 + a**2)), log(P) + log(R) + log(1 + a**2)
    elif rule == 6:
        lhs, rhs = atan(-a), -atan(a)
    else:
        fam = rng.choice(_FAMILIES)
        lhs, rhs = fam * (1 + a**2) / (1 + a**2), fam
    eps = Rational(1, 10**rng.choice([3, 12, 30, 60]))
    falses = [(lhs, rhs + eps, "==", ()), (lhs, rhs * (1 + eps), "==", ()), (lhs, rhs + eps * P, "==", ())]
    return _Template(lhs, rhs, "==", (), falses, "an identity")


def _inequality(rng):
    syms = [P, R] + ([rho] if rng.random() < 0.5 else [])
    a = _expr(rng, rng.randint(1, 2), syms)
    b = _expr(rng, 1, syms)
    rule = rng.randrange(6)
    if rule == 0:
        lhs, rhs, rel = a**2, 0, ">="
    elif rule == 1:
        lhs, rhs, rel = Abs(a), a, ">="
    elif rule == 2:
        lhs, rhs, rel = Max(a, b), Min(a, b), ">="
    elif rule == 3:
        lhs, rhs, rel = a * atan(a), 0, ">="
    elif rule == 4:
        lhs, rhs, rel = atan(a)**2 + 1, 1, ">="
    else:
        lhs, rhs, rel = P * R, Min(P, R), "<="
    strict = {">=": ">", "<=": "<"}[rel]
    eps = Rational(1, 10**rng.choice([2, 6, 20]))
    falses = [(lhs, rhs, strict, ()), (lhs, rhs + eps if rel == ">=" else rhs - eps, rel, ()),
              (lhs, rhs, {">=": "<", "<=": ">"}[rel], ())]
    return _Template(lhs, rhs, rel, (), falses, "an inequality")


def _inverse_trig_roots(rng):
    root = rng.randint(-30, 30)
    degree = rng.choice([1, 2, 3])
    poly = n**degree - root**degree
    func = rng.choice([atan, asin, lambda u: acos(u + 1)])
    lhs = func(poly)**2 if func is not asin else asin(n - root)**2
    truth = _Template(lhs, 0, ">=", (), [(lhs, 0, ">", ()), (lhs * (n**2 + 1), 0, ">", ())], "a real square")
    if rng.random() < 0.5:  # the floor of a real symbol with an integer root
        a = rng.randint(-5, 5)
        lhs = atan(floor(y) - a)**2
        truth = _Template(lhs, 0, ">=", (), [(lhs, 0, ">", ())], "a real square")
    return truth


def _floats(rng):
    digits = rng.choice([15, 30, 100, 150])
    text = rng.choice(["0.1", "0.2", "0.3", "0.7", "1.1", "2.675"])
    value = Float(text, digits)
    exact_value = Rational(value)
    decimal = Rational(text)
    body = rng.choice([P, P * R, P + R, f_beta(beta=1)])
    if exact_value > decimal:
        true_rel, false_rel = ">", "<="
    else:
        true_rel, false_rel = "<", ">="
    binary = rng.choice([Float(0.5), Float(0.25), Float(0.75), Float(1.5)])
    falses = [(value * body, decimal * body, "==", ()), (value * body, decimal * body, false_rel, ())]
    if rng.random() < 0.5:
        return _Template(binary * body, Rational(binary) * body, "==", (), falses, "a dyadic Float is exact")
    return _Template(value * body, decimal * body, true_rel, (), falses, "the binary value compared exactly")


_KINKED = [
    # (function of y, kink point, formal derivative's value there, closed form of the derivative at the kink)
    (lambda u: Abs(u - 1), 1, 0, nan),
    (lambda u: Max(u, Rational(1, 2)), Rational(1, 2), Rational(1, 2), nan),
    (lambda u: Min(u, 2), 2, Rational(1, 2), nan),
    (lambda u: Piecewise((u, u < 0), (3 * u, True)), 0, 3, nan),
    (lambda u: Abs(u) * 2 + u, 0, 1, nan),
    (lambda u: Heaviside(u), 0, 0, oo),
]


def _derivatives(rng):
    f, kink, formal, closed = rng.choice(_KINKED)
    at_kink = Subs(Derivative(f(y), y), y, kink)
    off = kink + rng.choice([-2, -1, 1, 2]) * Rational(1, 3)
    at_off = Subs(Derivative(f(y), y), y, off)
    value = sympy.diff(f(y), y).subs(y, off)  # smooth there: the classical derivative
    if rng.random() < 0.3:  # the metric field's own kink: Min(P, R) on the diagonal
        d = Subs(Derivative(Min(P, R), P), P, R)
        smooth = Subs(Derivative(Min(P, R), P), P, R / 2)
        return _Template(smooth, 1, "==", (), [(d, Rational(1, 2), "==", ((d, nan),)), (d, 1, "==", ((d, nan),))],
                         "Min(P, R) = P below the diagonal")
    falses = [(at_kink, formal, "==", ((at_kink, closed),)), (at_kink, formal + 1, "==", ((at_kink, closed),))]
    return _Template(at_off, value, "==", (), falses, "differentiable away from the kink")


def _calculus(rng):
    k = rng.randint(1, 4)
    rule = rng.randrange(4)
    eps = Rational(1, 10**rng.choice([3, 20]))
    if rule == 0:
        lhs, rhs = Integral(x**k, (x, 0, P)), P**(k + 1) / (k + 1)
    elif rule == 1:
        lhs, rhs = Sum(x**1, (x, 1, k_pos)), k_pos * (k_pos + 1) / 2
    elif rule == 2:
        lhs, rhs = Limit((P**x - 1) / x, x, 0), log(P)
        return _Template(lhs, rhs, "==", (), [(lhs, rhs + eps, "==", ((lhs, log(P)),))], "a classic limit")
    else:
        lhs, rhs = Derivative(P**k * R, P), k * P**(k - 1) * R
    return _Template(lhs, rhs, "==", (), [(lhs, rhs + eps, "==", ()), (lhs, rhs * 2, "==", ())], "calculus")


def _assumptions(rng):
    rows = [
        (p, 2, ">=", [(p, 3, ">="), (p, 2, ">")]),
        (c, 4, ">=", [(c, 5, ">="), (c, 6, ">=")]),
        (o**2, 1, ">=", [(o**2, 9, ">="), (o**2, 1, ">")]),
        (e**2 + e, 0, ">=", [(e**2, 4, ">=")]),
        ((-1)**e, 1, "==", [((-1)**e, -1, "==")]),
        ((-1)**o, -1, "==", [((-1)**o, 1, "==")]),
        (q**2, 0, ">", [(q**2, 2, ">"), (q**2, 2, "!")]),
        (r**2, 0, ">=", [(r**2, r, ">="), (r**2, 0, ">")]),
        (m**2, m, ">=", [(m**2, m, ">"), (m**3, 2 * m, ">=")]),
        (n**2 + n, 0, ">=", [(n**2 + n, 0, ">")]),
        (p**2, 4, ">=", [(p**2, 9, ">=")]),
    ]
    lhs, rhs, rel, falses = rng.choice(rows)
    return _Template(lhs, rhs, rel, (), [(a, b, s, ()) for a, b, s in falses if s != "!"], "number theory")


def _complex(rng):
    a = rng.choice([Rational(1, 10), Rational(1, 7), Rational(3, 5)])
    lhs = sqrt(P**(sympy.I * a))
    return _Template((P**(sympy.I * a))**2, P**(2 * sympy.I * a), "==", (),
                     [(lhs, P**(sympy.I * a / 2), "==", ()), (Abs(P**sympy.I), 1, "<", ())],
                     "an integer power of a power")


def _near_one_irrational(rng):
    """log/acos/acosh at 1 plus an irrational constant far below the working precision (issue 29)."""
    tiny = rng.choice([sqrt(2), log(2), sqrt(3) / 7, sympy.pi, exp(-1)]) / 10**rng.choice([40, 60, 150])
    v = tiny * rng.choice([1, P, P * R])
    f, near, first = rng.choice([(log, 1 + v, v), (lambda a: acos(a) ** 2, 1 - v, 2 * v),
                                 (lambda a: sympy.acosh(a) ** 2, 1 + v, 2 * v)])
    k = rng.choice([2, 3, 4])
    return _Template(f(near), first / k, ">", (),
                     [(f(near), first / k, "<", ()), (f(near), 0, "==", ()), (f(near), 0, "<=", ())],
                     "a function vanishing at 1, near 1: its first-order term dominates")


def _gamma_family(rng):
    """loggamma and gamma just off 1 and 2, where they vanish or equal 1 (issue 29)."""
    t = Rational(1, 10**rng.choice([20, 60, 100])) * rng.choice([1, sqrt(2), P])
    rows = [
        (sympy.loggamma(1 + t), 0, "<", [(sympy.loggamma(1 + t), 0, "=="), (sympy.loggamma(1 + t), 0, ">=")]),
        (sympy.loggamma(2 + t), 0, ">", [(sympy.loggamma(2 + t), 0, "<="), (sympy.loggamma(2 - t), 0, ">=")]),
        (sympy.gamma(1 + t), 1, "<", [(sympy.gamma(1 + t), 1, ">="), (log(sympy.gamma(1 + t)), 0, ">=")]),
        (sympy.gamma(2 + t), 1, ">", [(sympy.gamma(2 + t), 1, "<=")]),
    ]
    lhs, rhs, rel, falses = rng.choice(rows)
    return _Template(lhs, rhs, rel, (), [(a, b, s, ()) for a, b, s in falses], "the gamma function's slope at 1 and 2")


_w = sympy.Symbol("w", extended_positive=True)
_u = sympy.Symbol("u", extended_real=True)


def _extended_real(rng):
    """Symbols whose assumptions admit +-oo: what SymPy proves for finite values only fails there (issue 29)."""
    rows = [
        (sympy.exp(-_w), 0, ">=", [(sympy.exp(-_w), 0, ">", {_w: oo})]),
        (_w / (1 + _w), 1, "<=", [(_w / (1 + _w), 1, "<", {_w: oo})]),
        (1 - sympy.exp(-_w), 1, "<=", [(1 - sympy.exp(-_w), 1, "<", {_w: oo})]),
        (atan(_u), sympy.pi / 2, "<=", [(atan(_u), sympy.pi / 2, "<", {_u: oo})]),
        (_w**2 + 1, 2 * _w, ">=", [(_w, _w + 1, "<", {_w: oo})]),
    ]
    lhs, rhs, rel, falses = rng.choice(rows)
    return _Template(lhs, rhs, rel, (), [(a, b, s, ()) for a, b, s, _ in falses], "holds at the infinite values too")


def _folds(rng):
    """Abs, Max, sign, floor and a Piecewise condition of a positive constant SymPy's two-digit evalf calls
    negative, left unevaluated so that the engine's own rebuilding decides them (issue 29, class 19)."""
    tiny = rng.choice([sqrt(2), sqrt(3) / 7, log(2), exp(-1)]) / 10 ** rng.choice([40, 60, 150])
    c = log(1 + tiny) - tiny / 2  # positive, about tiny/2
    s = rng.choice([1, P])
    big, small = s * log(1 + tiny), s * tiny / 2
    condition = sympy.Lt(log(1 + tiny), tiny / 2, evaluate=False)
    rows = [
        (Abs(s * c, evaluate=False), s * c, [-s * c, 0]),
        (Max(big, small, evaluate=False), big, [small]),
        (Min(big, small, evaluate=False), small, [big]),
        (sign(c, evaluate=False), 1, [-1, 0]),
        (floor(-c, evaluate=False), -1, [0]),
        (Piecewise((P, condition), (R, True), evaluate=False), R, [P]),
    ]
    lhs, rhs, wrong = rng.choice(rows)
    return _Template(lhs, rhs, "==", (), [(lhs, w, "==", ()) for w in wrong], "the constant is positive")


_GENERATORS = [_identity, _inequality, _inverse_trig_roots, _floats, _derivatives, _calculus, _assumptions, _complex,
               _near_one_irrational, _gamma_family, _extended_real, _folds]
_KLASS = {_identity: "mutations", _inequality: "9-means", _inverse_trig_roots: "11-inverse-trig",
          _floats: "12-floats", _derivatives: "13-derivatives", _calculus: "4-bound-variables",
          _assumptions: "14-assumptions", _complex: "10-complex", _near_one_irrational: "16-near-one-irrational",
          _gamma_family: "17-gamma-family", _extended_real: "18-infinite-values", _folds: "19-folds"}


def _candidates(free, rng) -> list[dict]:
    """Points to look for a witness among: the exact pools of :mod:`.exact`, tiny values, integer roots."""
    pools = {}
    for s in free:
        pool = list(exact._pool(s))
        if s in (P, R):
            pool += [Rational(1, 10**30), Rational(1, 10**8), Rational(999, 1000)]
        if s.is_integer:
            pool += [sympy.Integer(v) for v in range(-31, 32)]
        if s.is_finite is not True and s.is_extended_real:  # admits +-oo (issue 29)
            pool = [oo] + ([] if s.is_extended_nonnegative else [-oo]) + pool
        if s is y:
            pool += [Rational(v, 2) for v in range(-12, 13)]
        pools[s] = list(dict.fromkeys(pool))
    symbols = sorted(free, key=str)
    out = []
    for i in range(400):
        out.append({s: pools[s][(i * (3 * j + 1) + (i // len(pools[s])) * j) % len(pools[s])]
                    for j, s in enumerate(symbols)})
    rng.shuffle(out)
    return out


def _certified_false(cid, klass, lhs, rhs, relation, limits, rng):
    free = set().union(*(s.free_symbols for s in (sympy.sympify(lhs), sympy.sympify(rhs))))
    tried = 0
    for point in ([{}] if not free else _candidates(free, rng)):
        tried += 1
        if tried > 120:
            return None
        try:
            case = false(cid, klass, lhs, rhs, relation, witness=point, why="perturbed", limits=limits)
            exact.verify_witness(case)
            return case
        except Exception:  # noqa: BLE001 - not a certified witness: try another point
            continue
    return None


def _certified_true(cid, klass, template):
    case = true(cid, klass, template.lhs, template.rhs, template.relation, template.conditions, why=template.why)
    points = exact.sample_points(case, 3, unit_only=True)
    if not points:
        return None
    try:
        if template.lhs.has(Float) or template.rhs.has(Float):
            # SymPy rounds a Float times a non-dyadic rational as it builds the expression: what holds
            # "by construction" may not hold for the binary values; decide exactly (exact.holds_at)
            if all(exact.holds_at(case, pt) is True for pt in points):
                return case
        elif all(exact.numeric_holds(case, pt) for pt in points):
            return case
    except Exception:  # noqa: BLE001 - the suite cannot evaluate it: not in the run
        return None
    return None


class _OutOfTime(Exception):
    pass


def _within(seconds: float, func):
    """``func()``, or None when it takes longer than ``seconds`` (an interval timer; the main thread only)."""
    def alarm(signum, frame):
        raise _OutOfTime

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        return func()
    except _OutOfTime:
        return None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


#: Seconds to certify one drawn statement (an uncertified draw is skipped, never judged).
CERTIFY_SECONDS = 10.0


def generate(rng: random.Random, index: int, *, want_false: bool | None = None):
    """One certified case (true or false), or None when the draw could not be certified in time."""
    return _within(CERTIFY_SECONDS, lambda: _generate(rng, index, want_false))


def _generate(rng: random.Random, index: int, want_false):
    gen = _GENERATORS[index % len(_GENERATORS)]
    template = gen(rng)
    klass = _KLASS[gen]
    falsify = rng.random() < 0.5 if want_false is None else want_false
    cid = f"fuzz.{gen.__name__.strip('_')}.{index}"
    with sympy.evaluate(True):
        if falsify and template.false_versions:
            lhs, rhs, rel, limits = rng.choice(template.false_versions)
            return _certified_false(cid, klass, lhs, rhs, rel, limits, rng)
        return _certified_true(cid, klass, template)


@dataclass
class FuzzReport:
    tried: int = 0
    uncertified: int = 0
    true_cases: int = 0
    false_cases: int = 0
    judgements: dict = field(default_factory=dict)
    findings: list = field(default_factory=list)
    seconds: float = 0.0

    def add(self, case, judgement, outcome):
        self.judgements[judgement] = self.judgements.get(judgement, 0) + 1
        if judgement in ("false proof", "wrong refutation", "exception", "outside the domain"):
            self.findings.append((judgement, case.text(), outcome.method or outcome.error, outcome.counterexample))

    @property
    def proven_true(self) -> int:
        return self.judgements.get("proven", 0)

    def count(self, name) -> int:
        return self.judgements.get(name, 0)

    def text(self) -> str:
        lines = [
            f"fuzz: {self.tried} statements drawn, {self.true_cases + self.false_cases} certified "
            f"({self.true_cases} true, {self.false_cases} false; {self.uncertified} not certified, skipped) "
            f"in {self.seconds:.1f} s",
            f"false proofs:       {self.count('false proof')}",
            f"wrong refutations:  {self.count('wrong refutation') + self.count('outside the domain')}",
            f"exceptions:         {self.count('exception')}",
            f"completeness:       {self.proven_true}/{self.true_cases} true statements proven",
            f"refuted false:      {self.count('refuted')}/{self.false_cases}",
            f"unknown/timeouts:   {self.count('unknown')}/{self.count('timeout')}",
        ]
        for judgement, text, how, point in self.findings:
            lines.append(f"  {judgement}: {text}  [{how}] {point or ''}")
        return "\n".join(lines)


def fuzz(*, seed: int = 0, count: int | None = None, seconds: float | None = None, timeout: float = 4.0,
         progress=None) -> FuzzReport:
    """Draw, certify and check statements until ``count`` are drawn or ``seconds`` have passed."""
    report = FuzzReport()
    start = time.perf_counter()
    index = 0
    while True:
        if count is not None and index >= count:
            break
        if seconds is not None and time.perf_counter() - start >= seconds:
            break
        if count is None and seconds is None:
            break
        case = generate(random.Random(seed * 1_000_003 + index), index)  # each draw alone: reproducible
        index += 1
        report.tried += 1
        if case is None:
            report.uncertified += 1
            continue
        if case.truth:
            report.true_cases += 1
        else:
            report.false_cases += 1
        outcome = run._check_one(case, timeout)
        judgement = run.judge(case, outcome)
        report.add(case, judgement, outcome)
        if progress is not None:
            progress(f"{judgement:18s} {outcome.seconds:5.1f}s {case.text()[:150]}")
    report.seconds = time.perf_counter() - start
    return report


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.soundness.fuzz", description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=int(os.environ.get("SYMMETRIC_FUZZ_SEED", "0")))
    parser.add_argument("--count", type=int, default=None, help="statements to draw (or SYMMETRIC_FUZZ=N)")
    parser.add_argument("--seconds", type=float, default=None, help="run this long (or SYMMETRIC_FUZZ_SECONDS)")
    parser.add_argument("--timeout", type=float, default=4.0, help="engine budget per statement")
    parser.add_argument("--progress", action="store_true")
    args = parser.parse_args(argv)
    count = args.count if args.count is not None else (int(os.environ["SYMMETRIC_FUZZ"])
                                                       if os.environ.get("SYMMETRIC_FUZZ") else None)
    seconds = args.seconds if args.seconds is not None else (float(os.environ["SYMMETRIC_FUZZ_SECONDS"])
                                                             if os.environ.get("SYMMETRIC_FUZZ_SECONDS") else None)
    if count is None and seconds is None:
        count = 40
    report = fuzz(seed=args.seed, count=count, seconds=seconds, timeout=args.timeout,
                  progress=(lambda line: print(line, flush=True)) if args.progress else None)
    print(report.text())
    bad = report.count("false proof") + report.count("wrong refutation") + report.count("exception") \
        + report.count("outside the domain")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
