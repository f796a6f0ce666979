"""Reductions of the inequality prover: each turns a goal into subgoals that imply it.

* **Homogeneity.** If both sides are homogeneous of the same degree ``k`` in
  two positive symbols ``x, y`` (by the scaling rules of :func:`_scaling`,
  which also follow the ``log(l)`` terms that logarithms of homogeneous
  expressions bring and that must cancel), then ``f(x, y) = y**k f(x/y, 1)`` and ``f >= g`` on the cone ``x, y > 0``
  is ``f(t, 1) >= g(t, 1)`` for ``t > 0``. Bounds such as ``P <= 1`` are
  dropped first (a larger domain); facts homogeneous in ``x, y`` carry over.
* **Monotone power.** For ``X > 0`` and ``small > 0``, ``X**k >= small`` is
  ``X >= small**(1/k)`` when ``k > 0`` and ``X <= small**(1/k)`` when
  ``k < 0``; a positive factor ``c`` in ``c*X**k`` is divided out first.
* **Logarithm.** For positive sides, ``big >= small`` is ``log(big) >=
  log(small)``, expanded over products and powers.
* **Factor signs.** ``big - small`` written as a product (SymPy ``factor``,
  ``together``): factors of known strict sign are divided out (for ``>=``,
  nonnegative ones too) and one factor is left to prove.
* **First-derivative test.** Let ``f = big - small`` be differentiable in
  one variable ``x`` on its interval ``I`` (every fractional power has a
  positive base there, every negative power a nonzero base, every ``log`` a
  positive argument; facts that mention ``x`` are dropped, so that ``x``
  ranges over all of ``I``). A point ``x0`` of the closure of ``I`` where
  ``f`` is defined, with ``f(x0) >= 0``, ``f' >= 0`` on ``I`` right of ``x0``
  and ``f' <= 0`` left of it, gives ``f >= 0`` on ``I`` (mean value theorem).
  A strict goal needs ``f(x0) > 0``, or ``x0`` outside ``I`` and strict
  signs of ``f'``. ``x0`` is tried at 1, at the finite ends of ``I`` and at
  the other positive symbols (``P = R``); at most two tests are nested.

What they trust: SymPy's ``diff``, ``factor``, ``together``, ``cancel``,
``expand_log``, ``powdenest`` and ``expand_power_base`` as identities for
positive bases, the monotonicity of ``x**k`` and ``log`` on ``x > 0``, and
the mean value theorem.
"""

from __future__ import annotations

import itertools
from dataclasses import replace

import sympy

from ..core.relations import NEG, NONNEG, NONPOS, POS
from ..signs.decide import Interval, settles
from .goals import Goal, step

__all__ = ["TRUSTS", "homogeneity", "monotone_power", "logarithm", "factor_signs", "derivative_test"]

_ALGEBRA = "SymPy rewrites (expand_power_base, powsimp, expand_log, together, cancel) as identities for positive bases"
#: What each reduction trusts (the text of its step).
TRUSTS = {
    "homogeneity": (
        "scaling rules f(l*x, l*y) = l**k*(f + L*log(l)) for sums, products, powers of positive "
        "bases and logs, with L = 0 shown by SymPy cancel; y**k > 0"
    ),
    "monotone transform": "x -> x**k is increasing on x > 0 for k > 0 and decreasing for k < 0",
    "logarithm": "log is increasing; " + _ALGEBRA,
    "factor signs": "SymPy factor/together as identities; the sign of a product",
    "first-derivative test": "mean value theorem; SymPy diff",
}


def _power_normal(e):
    e = sympy.expand_power_base(e)
    e = sympy.factor_terms(e)
    e = sympy.expand_power_base(e)
    return sympy.powdenest(sympy.powsimp(e))


# --- homogeneity -------------------------------------------------------------------------------

_ZERO = sympy.Integer(0)


def _scaling(e, x, y, positive):
    """``(k, L)`` with ``e(l*x, l*y) = l**k * (e + L*log(l))`` for every ``l > 0``, by structural rules; or None.

    ``e`` is homogeneous of degree ``k`` when ``L`` is 0. Sums need one
    ``k`` and add the ``L``; products add the ``k`` (at most one factor may
    have ``L != 0``); ``b**c`` with ``c`` free of ``x, y`` multiplies ``k``
    by ``c`` (for a non-integer ``c`` the base must be positive);
    ``log(b)`` of a positive ``b`` of degree ``d`` gives ``(0, d)``;
    ``exp(b)`` turns ``(0, L)`` into ``(L, 0)``; Max, Min and Abs keep a
    common degree.
    """
    if e == x or e == y:
        return sympy.Integer(1), _ZERO
    if not (e.has(x) or e.has(y)):
        return _ZERO, _ZERO
    scaled = [_scaling(a, x, y, positive) for a in e.args] if not isinstance(e, sympy.Pow) else []
    if any(a is None for a in scaled):
        return None
    args: list = scaled
    if isinstance(e, sympy.Add):
        if any(sympy.expand(k - args[0][0]) != 0 for k, _ in args):
            return None
        return args[0][0], sympy.Add(*(L for _, L in args))
    if isinstance(e, sympy.Mul):
        logged = [i for i, (_, L) in enumerate(args) if L != 0]
        if len(logged) > 1:
            return None
        L = args[logged[0]][1] * sympy.Mul(*(a for i, a in enumerate(e.args) if i != logged[0])) if logged else _ZERO
        return sympy.Add(*(k for k, _ in args)), L
    if isinstance(e, (sympy.Max, sympy.Min, sympy.Abs)):
        if any(L != 0 or sympy.expand(k - args[0][0]) != 0 for k, L in args):
            return None
        return args[0]
    if isinstance(e, sympy.log) and args[0][1] == 0 and positive(e.args[0]):
        return _ZERO, args[0][0]
    if isinstance(e, sympy.exp) and args[0][0] == 0 and not (args[0][1].has(x) or args[0][1].has(y)):
        return args[0][1], _ZERO
    if isinstance(e, sympy.Pow):
        base, c = e.args
        sb = _scaling(base, x, y, positive)
        if sb is None or sb[1] != 0:
            return None
        if c.has(x) or c.has(y):
            sc = _scaling(c, x, y, positive)
            return (_ZERO, _ZERO) if sb[0] == 0 and sc == (_ZERO, _ZERO) else None
        if sb[0] != 0 and not c.is_Integer and not positive(base):
            return None
        return sb[0] * c, _ZERO
    return None


def _degree(e, x, y, positive):
    """The degree of ``e`` in ``(x, y)`` when :func:`_scaling` shows it homogeneous; else None."""
    scaling = _scaling(e, x, y, positive)
    if scaling is None or sympy.cancel(sympy.together(scaling[1])) != 0:
        return None
    return scaling[0]


def homogeneity(search, goal: Goal, depth: int):
    positive = sorted(
        (s for s in goal.difference.free_symbols if s.is_positive and not isinstance(s, sympy.Dummy)),
        key=sympy.default_sort_key,
    )
    for x, y in itertools.combinations(positive, 2):
        if not all((goal.big.has(v) or goal.small.has(v)) for v in (x, y)):
            continue
        cone = goal.domain.forget({x, y})

        def is_positive(b):
            return search.sign(b, cone) == POS

        degrees = [_degree(side, x, y, is_positive) for side in (goal.big, goal.small)]
        if None in degrees or (goal.big != 0 and goal.small != 0 and sympy.expand(degrees[0] - degrees[1]) != 0):
            continue
        t = sympy.Dummy("t", positive=True)
        domain = cone
        for f, signs in goal.domain.facts:
            if (f.has(x) or f.has(y)) and _degree(f, x, y, is_positive) is not None:
                narrowed = domain.assume(f.xreplace({x: t, y: 1}), signs)
                if narrowed is None:
                    return None
                domain = narrowed
        sub = Goal(goal.big.xreplace({x: t, y: 1}), goal.small.xreplace({x: t, y: 1}), goal.strict, domain)
        degree = degrees[0] if goal.big != 0 else degrees[1]
        found = search.reduce(
            [sub],
            depth,
            lambda: step(
                "homogeneity",
                f"both sides are homogeneous of degree {sympy.sstr(degree)} in ({x}, {y}), "
                f"so f({x}, {y}) = {y}**k*f({x}/{y}, 1); with t = {x}/{y} it suffices that {sub}",
                TRUSTS["homogeneity"],
            ),
        )
        if found is not None:
            return found
        search.tick()
    return None


# --- monotone transforms --------------------------------------------------------------------


def _as_power(side, search, domain):
    """``(c, X, k)`` with ``side = c*X**k``, ``c > 0``, ``X > 0`` and ``k`` not an integer; or None."""
    factors = sympy.Mul.make_args(side)
    for i, f in enumerate(factors):
        if isinstance(f, sympy.Pow) and not f.exp.is_Integer:
            c = sympy.Mul(*(factors[:i] + factors[i + 1 :]))
            if search.sign(c, domain) == POS and search.sign(f.base, domain) == POS:
                return c, f.base, f.exp
    return None


def monotone_power(search, goal: Goal, depth: int):
    d = goal.domain
    if search.sign(goal.big, d) != POS or search.sign(goal.small, d) != POS:
        return None
    for which in ("big", "small"):
        side, other = (goal.big, goal.small) if which == "big" else (goal.small, goal.big)
        form = _as_power(side, search, d)
        if form is None:
            continue
        c, X, k = form
        sk = search.sign(k, d)
        if sk not in (POS, NEG):
            search.want(goal, k)
            continue
        root = sympy.powdenest(sympy.expand_power_base((other / c) ** (1 / k)))
        increasing = sk == POS
        # side >= other  <=>  X >= root (k > 0) or X <= root (k < 0); likewise with the roles swapped
        big, small = (X, root) if (which == "big") == increasing else (root, X)
        sub = goal.with_sides(big, small)
        kind = "increasing" if increasing else "decreasing"
        found = search.reduce(
            [sub],
            depth,
            lambda: step(
                "monotone transform",
                f"x -> x**({sympy.sstr(k)}) is {kind} on x > 0, so it suffices that {sub}",
                TRUSTS["monotone transform"],
            ),
        )
        if found is not None:
            return found
    return None


def logarithm(search, goal: Goal, depth: int):
    d = goal.domain
    sides = (goal.big, goal.small)
    if any(s.has(sympy.log) for s in sides):
        return None
    if not any(not p.exp.is_Rational for s in sides for p in s.atoms(sympy.Pow)):
        return None
    if search.sign(goal.big, d) != POS or search.sign(goal.small, d) != POS:
        return None
    big, small = (sympy.expand_log(sympy.log(s), force=False) for s in sides)
    if big.has(sympy.log(goal.big)) and small.has(sympy.log(goal.small)):
        return None  # nothing expanded
    sub = goal.with_sides(big, small)
    return search.reduce(
        [sub],
        depth,
        lambda: step("logarithm", f"log is increasing on (0, oo), so it suffices that {sub}", TRUSTS["logarithm"]),
    )


# --- factor signs -----------------------------------------------------------------------------


def factor_signs(search, goal: Goal, depth: int):
    d = goal.domain
    diff = goal.difference
    forms = [diff] if isinstance(diff, sympy.Mul) else []
    together = sympy.together(diff)
    forms += [sympy.factor_terms(together), sympy.factor(together)]
    tried = set()
    for form in forms:
        if not isinstance(form, sympy.Mul) or form in tried:
            continue
        tried.add(form)
        sign, unknown = 1, []
        for f in form.args:
            s = search.sign(f, d)
            if s == POS or (not goal.strict and s == NONNEG):
                continue
            if s == NEG or (not goal.strict and s == NONPOS):
                sign = -sign
                continue
            unknown.append(f)
        if len(unknown) != 1:
            continue
        (u,) = unknown
        sub = goal.with_sides(u, 0) if sign > 0 else goal.with_sides(0, u)
        found = search.reduce(
            [sub],
            depth,
            lambda: step(
                "factor signs",
                f"{sympy.sstr(diff)} = {sympy.sstr(form)}; the other factors have known "
                f"signs, so it suffices that {sub}",
                TRUSTS["factor signs"],
            ),
        )
        if found is not None:
            return found
    return None


# --- first-derivative test -----------------------------------------------------------------------

_SMOOTH = (sympy.Add, sympy.Mul, sympy.Pow, sympy.log, sympy.exp, sympy.Symbol)


def _smooth(f, search, domain) -> bool:
    """Whether ``f`` is differentiable on the domain: positive bases of fractional powers, positive logs."""
    for node in sympy.preorder_traversal(f):
        if node.is_number:
            continue
        if not isinstance(node, _SMOOTH):
            return False
        if isinstance(node, sympy.Pow):
            base_signs = search.sign(node.base, domain)
            if node.exp.is_Integer:
                if base_signs is None or (node.exp < 0 and 0 in base_signs):
                    return False
            elif base_signs != POS or search.sign(node.exp, domain) is None:
                return False
        if isinstance(node, sympy.log) and search.sign(node.args[0], domain) != POS:
            return False
    return True


def _value_signs(value, search, domain):
    for form in (value, sympy.cancel(sympy.together(value)), _power_normal(sympy.expand_log(value))):
        s = search.sign(form, domain)
        if s is not None and len(s) == 1:
            return s
    return search.sign(value, domain)


def _centres(x, iv: Interval, f, search, domain):
    """``(x0, in_interval, interval extended to x0)`` for x0 = 1, the finite ends, the other positive symbols."""
    out = [sympy.Integer(1)] + [e for e in (iv.lo, iv.hi) if e.is_finite]
    out += sorted((s for s in f.free_symbols if s != x and s.is_positive and x.is_positive), key=sympy.default_sort_key)
    closure = Interval(iv.lo, iv.hi, True, True)
    for c in dict.fromkeys(out):
        if c.is_number:
            if iv.contains(c, closure=True):
                inside = iv.contains(c) is True
                yield (
                    c,
                    inside,
                    iv if inside else Interval(iv.lo, iv.hi, iv.lo_closed or c == iv.lo, iv.hi_closed or c == iv.hi),
                )
            continue
        gaps = [
            search.sign(c - iv.lo, domain) if iv.lo.is_finite else POS,
            search.sign(iv.hi - c, domain) if iv.hi.is_finite else POS,
        ]
        if all(settles(g, strict=True) for g in gaps):
            yield c, True, iv
        elif all(settles(g, strict=False) for g in gaps):
            yield c, True, closure


_MAX_NESTING = 2  # first-derivative tests on one path (a test of f, then of a factor of f')


def derivative_test(search, goal: Goal, depth: int):
    if search.calculus >= _MAX_NESTING:
        return None
    f = sympy.sympify(goal.difference)
    for x in sorted(f.free_symbols, key=lambda s: (not s.is_positive, sympy.default_sort_key(s))):
        # Facts on x would make its section non-convex (x != y) or hide poles from the smoothness
        # check: drop them (a larger domain), so that x ranges over its whole interval.
        d = goal.domain.without_facts_on({x})
        iv = d.interval(x)
        if iv is None or iv.is_point:
            continue
        derivative = None
        for x0, inside, around in _centres(x, iv, f, search, d):
            search.tick()
            if not _smooth(f, search, _replace_interval(d, x, around)):
                continue
            v = _value_signs(f.xreplace({x: x0}), search, d)
            if not settles(v, strict=False):
                continue
            strict_sides = goal.strict and not settles(v, strict=True)
            if strict_sides and inside:
                continue
            derivative = sympy.diff(f, x) if derivative is None else derivative
            # f' >= 0 where x > x0 and f' <= 0 where x < x0 (the parts of the domain that are not empty)
            right, left = d.assume(x - x0, POS), d.assume(x - x0, NEG)
            subgoals = ([Goal(derivative, 0, strict_sides, right)] if right is not None else []) + (
                [Goal(0, derivative, strict_sides, left)] if left is not None else []
            )
            search.calculus += 1
            try:
                found = search.reduce(
                    subgoals,
                    depth,
                    lambda: step(
                        "first-derivative test",
                        f"f = {sympy.sstr(f)} is differentiable in {x}; f({x} = {x0}) >= 0 and f' = "
                        f"{sympy.sstr(derivative)} has the sign of {x} - {x0}, "
                        f"so f {'>' if goal.strict else '>='} 0",
                        TRUSTS["first-derivative test"],
                    ),
                )
            finally:
                search.calculus -= 1
            if found is not None:
                return found
    return None


def _replace_interval(domain, x, iv: Interval):
    bounds = tuple((s, iv if s == x else b) for s, b in domain.bounds)
    if all(s != x for s, _ in domain.bounds):
        bounds += ((x, iv),)
    return replace(domain, bounds=bounds)
