"""Decided inequalities: exact proofs of ``lhs < rhs``, ``<=``, ``>``, ``>=`` on a whole domain.

:func:`prove_inequality` is the entry point the engine calls for a
:class:`~symmetric.verify.core.statement.Statement` with an inequality relation.
It turns the statement into goals ``big > small`` (or ``>=``) on the domains
its conditions define (:mod:`symmetric.verify.inequalities.goals`) and searches, within
the deadline, for a tree of strategies that settles every goal. Each
strategy either settles a goal or reduces it to subgoals that imply it; the
proof is the list of :class:`~symmetric.verify.core.steps.ProofStep` of that tree,
each naming what it trusts. The strategies, tried in this order:

1. **sign** -- the sign rules of :mod:`symmetric.verify.signs.decide` applied to
   ``big - small`` and to its ``together``/``factor`` forms;
2. **z3 nlsat** -- when both sides are algebraic and the optional ``z3``
   is installed, its complete procedure for nonlinear real arithmetic
   (:mod:`symmetric.verify.inequalities.solvers`);
3. **case split** -- Piecewise branches and ``Max``/``Min``
   (:mod:`symmetric.verify.inequalities.splits`);
4. **homogeneity**, 5. **Sturm** (one variable, :mod:`symmetric.verify.inequalities.polynomials`),
6. **monotone transform** (``x**k``), 7. **logarithm**, 8. **factor signs**
   (:mod:`symmetric.verify.inequalities.transforms`);
9. **exponent cases** -- a split on the sign of an exponent whose sign a
   monotone transform needed (``rho + 1 > 0``, ``= 0``, ``< 0``);
10. **first-derivative test** (:mod:`symmetric.verify.inequalities.transforms`).

Soundness does not depend on the order or the search: every step is a valid
implication, and a goal is proven only when all its subgoals are. Sides
must be defined (real and finite) at every point of the domain; a statement
with an undefined point is not proven. A z3 model that violates the
statement is never reported as a refutation: it is handed to the caller as
a candidate in ``candidates``, for an independent confirmation.

>>> import sympy, time
>>> from symmetric import P, R, g_beta_rho
>>> from symmetric.verify.core.statement import Statement
>>> st = Statement.of(g_beta_rho(), sympy.Max(P, R), relation="<=")
>>> method, steps = prove_inequality(st, time.perf_counter() + 60)
>>> method
'case split + homogeneity + monotone transform + sign'
>>> prove_inequality(Statement.of(g_beta_rho(), sympy.Max(P, R), relation="<"), time.perf_counter() + 60) is None
True
"""

from __future__ import annotations

import random
import time

import mpmath
import sympy

from ..core.budget import run_with_budget
from .goals import Goal, domains_of, step
from .polynomials import univariate_signs
from ..signs.decide import Domain, SignOracle, settles
from .solvers import load_z3, z3_decide, z3_version
from .splits import exponent_cut, resolve, split_cases
from ..core.statement import Statement
from ..core.steps import ProofStep
from .transforms import derivative_test, factor_signs, homogeneity, logarithm, monotone_power

__all__ = ["prove_inequality", "SIGN_TRUST"]

#: What the sign rules trust (see :mod:`symmetric.verify.signs.decide`).
SIGN_TRUST = (
    "exact sign rules: interval arithmetic, signs of sums and products, x**k and log monotone on x > 0, "
    "the domain's facts; SymPy's exact signs of constants, and together/factor as identities"
)
_SPLIT_TRUST = "the cases cover the domain (an interval cut at a point, or the signs of an expression)"
_STURM_TRUST = "Sturm sequences over the rationals (SymPy Poly.sqf_list, Poly.count_roots)"
_MAX_DEPTH = 14
_MAX_OPS = 300  # larger goals only get the sign rules, z3 and case splits
_ALLOWED = (
    sympy.Add,
    sympy.Mul,
    sympy.Pow,
    sympy.Symbol,
    sympy.log,
    sympy.exp,
    sympy.Piecewise,
    sympy.Max,
    sympy.Min,
    sympy.Abs,
    sympy.functions.elementary.piecewise.ExprCondPair,
    sympy.core.relational.Relational,
    sympy.And,
    sympy.Or,
    sympy.Not,
    sympy.logic.boolalg.BooleanAtom,
)
_RELATIONS = {">": (False, True), ">=": (False, False), "<": (True, True), "<=": (True, False)}

#: Let strategy errors propagate instead of counting as failures (for debugging and tests).
RAISE_ERRORS = False


class _OutOfTime(Exception):
    pass


class _Search:
    """Depth-first search for a proof, memoizing failed goals, under a deadline."""

    def __init__(self, deadline: float, candidates: list | None, original: set):
        self.deadline = deadline
        self.candidates = candidates
        self.original = original
        self.failed: set = set()
        self.active: set = set()
        self.wanted: dict = {}
        self.oracles: dict = {}
        self.calculus = 0  # first-derivative tests on the current path
        self.mapping: dict = {}  # values the statement's conditions fix (Eq(beta, 2))
        self.use_z3 = load_z3() is not None

    def tick(self):
        if time.perf_counter() > self.deadline:
            raise _OutOfTime()

    def remaining(self) -> float:
        return self.deadline - time.perf_counter()

    def sign(self, expr, domain: Domain):
        """The sign set of ``expr`` on ``domain`` (memoized per domain for the whole search)."""
        if domain not in self.oracles:
            self.oracles[domain] = SignOracle(domain)
        return self.oracles[domain](expr)

    def want(self, goal: Goal, k):
        wanted = self.wanted.setdefault(goal, [])
        if k not in wanted:
            wanted.append(k)

    def exponents(self, goal: Goal) -> list:
        """Exponents whose unknown sign blocked a transform of ``goal`` or a sign rule on its domain."""
        oracle = self.oracles.get(goal.domain)
        return list(dict.fromkeys(self.wanted.get(goal, []) + (oracle.wanted if oracle else [])))

    def defined(self, goal: Goal) -> bool:
        return self.sign(goal.big, goal.domain) is not None and self.sign(goal.small, goal.domain) is not None

    def prove(self, goal: Goal, depth: int) -> tuple[ProofStep, ...] | None:
        self.tick()
        key = (goal, self.calculus)
        if depth > _MAX_DEPTH or key in self.failed or goal in self.active:
            return None
        # False goals come from the statement itself or from a first-derivative test: sample points catch most.
        if (depth == 0 or self.calculus) and _violated(goal):
            self.failed.add(key)
            return None
        self.active.add(goal)
        try:
            strategies = list(_FIRST)
            # The reductions are expensive: only for defined goals of moderate size.
            if self.defined(goal) and sympy.count_ops(goal.difference) <= _MAX_OPS:
                strategies += _THEN
            for strategy in strategies:
                try:
                    steps = strategy(self, goal, depth)
                except (_OutOfTime, RecursionError):
                    raise
                except Exception:
                    if RAISE_ERRORS:
                        raise
                    steps = None
                if steps is not None:
                    return steps
        finally:
            self.active.discard(goal)
        self.failed.add(key)
        return None


_PROBES = (
    sympy.Rational(1, 2),
    sympy.Integer(1),
    sympy.Integer(2),
    sympy.Rational(1, 10),
    sympy.Integer(10),
    sympy.Rational(1, 3),
    sympy.Integer(3),
)


def _probe_values(iv) -> list:
    """Points of an interval for the numeric probe: closed ends first, then interior points."""
    lo, hi = iv.lo, iv.hi
    ends = ([lo] if iv.lo_closed else []) + ([hi] if iv.hi_closed else [])
    if lo.is_finite and hi.is_finite:
        return ends + [
            lo + (hi - lo) * u
            for u in (sympy.Rational(1, 2), sympy.Rational(1, 10), sympy.Rational(9, 10), sympy.Rational(1, 3))
        ]
    if lo.is_finite:
        return ends + [lo + v for v in _PROBES]
    if hi.is_finite:
        return ends + [hi - v for v in _PROBES]
    return [sympy.Integer(0)] + [v for p in _PROBES for v in (p, -p)]


def _violated(goal: Goal, tries: int = 16) -> bool:
    """Whether sample points of the domain show the goal false at a glance.

    Only prunes the search (a goal that fails here is given up), so it can
    cost completeness but never soundness: it proves nothing. A strict goal
    whose sides agree to 25 digits at a point is given up too.
    """
    facts = goal.domain.facts
    symbols = sorted(
        goal.difference.free_symbols.union(*(f.free_symbols for f, _ in facts)), key=sympy.default_sort_key
    )
    intervals = [goal.domain.interval(s) for s in symbols]
    if any(iv is None for iv in intervals):
        return False
    rng = random.Random(0)
    candidates = [_probe_values(iv) for iv in intervals]
    try:
        func = sympy.lambdify(symbols, [goal.big, goal.small] + [f for f, _ in facts], modules="mpmath")
    except Exception:
        return False
    with mpmath.workdps(30):
        for i in range(tries):
            point = [c[i % len(c)] if i < 4 else rng.choice(c) for c in candidates]
            try:
                values = func(*[mpmath.mpf(int(v.p)) / int(v.q) for v in point])
            except (ArithmeticError, ValueError, TypeError, NameError):
                continue
            if not all(isinstance(v, (mpmath.mpf, int, float)) for v in values):
                continue
            big, small, *fact_values = (mpmath.mpf(v) for v in values)
            if any(
                abs(v) < mpmath.mpf(10) ** -20 or (1 if v > 0 else -1) not in signs
                for v, (_, signs) in zip(fact_values, facts)
            ):
                continue
            scale = max(1, abs(big), abs(small))
            if small - big > mpmath.mpf(10) ** -12 * scale:
                return True
            if goal.strict and abs(big - small) < mpmath.mpf(10) ** -25 * scale:
                return True  # equal to 25 digits: a strict goal most likely fails there (P = R, say)
    return False


def _sign(search: _Search, goal: Goal, depth: int):
    if not search.defined(goal):
        return None
    diff = goal.difference
    rewrites = (lambda e: e, sympy.together, sympy.factor_terms, sympy.factor)  # each applied to the previous form
    form, seen = diff, set()
    for rewrite in rewrites:
        form = rewrite(form)
        if form in seen:
            continue
        seen.add(form)
        if settles(search.sign(form, goal.domain), strict=goal.strict):
            return step(
                "sign", f"{sympy.sstr(form)} {'>' if goal.strict else '>='} 0 for {goal.domain.describe()}", SIGN_TRUST
            )
        search.tick()
    return None


def _z3(search: _Search, goal: Goal, depth: int):
    if not search.use_z3:
        return None
    budget = min(max(search.remaining() * 0.25, 0.05), 5.0)
    answer, point = z3_decide(goal.big, goal.small, domain=goal.domain, strict=goal.strict, timeout=budget)
    if answer == "proven":
        return step(
            "z3 nlsat",
            str(goal),
            f"z3 nlsat decision procedure, version {z3_version()}; "
            "the translation in symmetric.verify.inequalities.solvers",
        )
    if answer == "candidate" and search.candidates is not None and depth == 0:
        # A model of the statement itself (not of a subgoal, whose domain may be larger).
        point = {**search.mapping, **point}
        if set(point) == search.original:
            search.candidates.append(point)
    return None


def _cases(search: _Search, goal: Goal, depth: int, split, strategy: str):
    cases = split_cases(split, goal.domain)
    if not cases:
        return None
    proofs = []
    for text, mapping, domain in cases:
        case = goal.with_domain(domain)
        if mapping:
            case = Goal(goal.big.xreplace(mapping), goal.small.xreplace(mapping), goal.strict, domain)
        steps = search.prove(case, depth + 1)
        if steps is None:
            return None
        proofs.append(steps)
    labels = "; ".join(text for text, _, _ in cases)
    return step(strategy, f"cases {labels} cover {goal.domain.describe()}", _SPLIT_TRUST) + tuple(
        s for p in proofs for s in p
    )


def _structure(search: _Search, goal: Goal, depth: int):
    big, split_big = resolve(goal.big, goal.domain)
    small, split_small = resolve(goal.small, goal.domain)
    if (big, small) != (goal.big, goal.small):
        sub = goal.with_sides(big, small)
        steps = search.prove(sub, depth + 1)
        return (
            None
            if steps is None
            else step("case split", f"on {goal.domain.describe()} the branches taken give {sub}", _SPLIT_TRUST) + steps
        )
    split = split_big or split_small
    return None if split is None else _cases(search, goal, depth, split, "case split")


def _sturm(search: _Search, goal: Goal, depth: int):
    if settles(univariate_signs(goal.difference, goal.domain), strict=goal.strict):
        return step("Sturm", str(goal), _STURM_TRUST)
    return None


def _exponent_cases(search: _Search, goal: Goal, depth: int):
    for k in search.exponents(goal):
        split = exponent_cut(k, goal.domain)
        if split is not None:
            steps = _cases(search, goal, depth, split, "exponent cases")
            if steps is not None:
                return steps
    return None


_FIRST = (_sign, _z3, _structure)
_THEN = (homogeneity, _sturm, monotone_power, logarithm, factor_signs, _exponent_cases, derivative_test)


def _supported(statement: Statement) -> bool:
    for side in (statement.lhs, statement.rhs):
        for node in sympy.preorder_traversal(side):
            if not (node.is_number or isinstance(node, _ALLOWED)):
                return False
    return True


def _method(steps) -> str:
    return " + ".join(dict.fromkeys(s.strategy for s in steps))


def _prove_statement(statement: Statement, deadline: float, candidates):
    flip, strict = _RELATIONS[statement.relation]
    big, small = (statement.rhs, statement.lhs) if flip else (statement.lhs, statement.rhs)
    cases = domains_of(statement)
    if not cases or not _supported(statement):
        return None
    search = _Search(deadline, candidates, set(statement.free_symbols))
    steps: tuple = ()
    if len(cases) > 1:
        steps = step(
            "case split",
            "the conditions split the domain into " + "; ".join(d.describe() for d, _ in cases),
            _SPLIT_TRUST,
        )
    for domain, mapping in cases:
        search.mapping = mapping
        found = search.prove(Goal(big.xreplace(mapping), small.xreplace(mapping), strict, domain), 0)
        if found is None:
            return None
        steps += found
    return _method(steps), steps


def prove_inequality(
    statement: Statement, deadline: float, *, candidates: list | None = None
) -> tuple[str, tuple[ProofStep, ...]] | None:
    """Prove an inequality statement exactly, or return None.

    Parameters
    ----------
    statement : Statement
        With relation ``"<"``, ``"<="``, ``">"`` or ``">="``; its conditions
        narrow the domain.
    deadline : float
        A ``time.perf_counter()`` value; the search stops there.
    candidates : list, optional
        Points (symbol to rational) where an external solver found the
        statement false, appended for the caller to confirm independently.

    Returns
    -------
    (method, steps) or None
        A short name of the strategies used and the proof steps, each with
        what it trusts. Never raises on a valid statement.
    """
    if not isinstance(statement, Statement) or statement.relation not in _RELATIONS:
        return None
    remaining = deadline - time.perf_counter()
    if remaining <= 0.01:
        return None
    try:
        ok, found = run_with_budget(lambda: _prove_statement(statement, deadline, candidates), remaining)
    except (_OutOfTime, RecursionError):
        return None
    except Exception:
        if RAISE_ERRORS:
            raise
        return None
    return found if ok else None
