"""The goal search: exact proofs of ``lhs < rhs``, ``<=``, ``>``, ``>=`` on a whole domain.

:func:`prove_inequality` is the inequality prover the statement search
(:mod:`.search`) runs (a strategy of kind ``"prover"``). It turns the
statement into goals ``big > small`` (or ``>=``) on the domains its
conditions define (:mod:`symmetric.verify.inequalities.goals`) and searches,
within the deadline (the search's one :class:`~.clock.Clock`), for a tree of
strategies that settles every goal (:class:`GoalSearch`, an instance of the
engine's one AND-OR search :class:`~.tree.TreeSearch`, as the search over
statements is: depth 14, failed goals remembered): the registered strategies of kind
``"reduction"`` (:mod:`.registry`; the built-in ones in :mod:`.reductions`:
sign rules, z3, case splits, then homogeneity, Sturm, monotone transforms,
factor signs, exponent cases, the first-derivative test), in their order.
Each strategy either settles a goal or reduces it to subgoals that imply it;
the proof is the list of :class:`~symmetric.verify.core.steps.ProofStep` of
that tree, each naming what it trusts.

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

import contextlib
import random
from collections.abc import Iterator

import mpmath
import sympy

from ..core.relations import NONPOS, RELATION_OF_TEXT
from ..core.statement import Statement
from ..core.steps import ProofStep
from ..inequalities.goals import Goal, domains_of, step
from ..inequalities.reductions import TRUSTS
from ..inequalities.solvers import load_z3
from ..signs.decide import Domain, SignOracle
from . import reductions  # noqa: F401  (registers the built-in reductions)
from .clock import Clock, OutOfTime
from .registry import INEQUALITIES, strategies_for
from .tree import TreeSearch

__all__ = ["GoalSearch", "exact_search", "prove_inequality"]

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

_EXACT_ONLY = [False]  # set by exact_search(): read by every search, in any thread


@contextlib.contextmanager
def exact_search() -> Iterator[None]:
    """Within the block, inequality searches run on their exact strategies alone (for debugging and tests).

    A strategy's error propagates instead of counting as a failed
    strategy, and no sample point prunes the search: a false goal must
    then be refused by the reductions themselves. Nothing becomes proven
    that was not: the pruning only ever gives goals up. Applies to every
    search started in the block, also those :func:`symmetric.verify.check`
    starts; not thread-safe against searches outside the block.

    >>> import time
    >>> from symmetric import P, R
    >>> with exact_search():
    ...     prove_inequality(Statement.of(P * R, sympy.Min(P, R), relation="<="), time.perf_counter() + 60) is None
    True
    """
    previous = _EXACT_ONLY[0]
    _EXACT_ONLY[0] = True
    try:
        yield
    finally:
        _EXACT_ONLY[0] = previous


class GoalSearch(TreeSearch):
    """The goal search: the one :class:`~.tree.TreeSearch`, its nodes goals, failed goals remembered.

    At a goal it tries the registered reductions (:mod:`.reductions`) in
    order: the cheap ones on every goal, the others on goals defined on their
    domain and of moderate size; a reduction settles the goal or proves the
    subgoals it reduces it to with :meth:`reduce` (every subgoal proven with
    :meth:`~.tree.TreeSearch.prove_all`, its steps after the reduction's own). A failed goal is remembered with
    the number of first-derivative tests on its path; the statement's own
    goal and the goals of a first-derivative test are first tried at sample
    points (:func:`_violated`), which only gives false ones up.
    """

    max_depth = 14

    def __init__(self, deadline: float, candidates: list | None, original: set) -> None:
        super().__init__(Clock(deadline), memo=True)
        self.candidates = candidates
        self.original = original
        self.wanted: dict = {}
        self.oracles: dict = {}
        self.calculus = 0  # first-derivative tests on the current path
        self.mapping: dict = {}  # values the statement's conditions fix (Eq(beta, 2))
        self.use_z3 = load_z3() is not None

    def sign(self, expr, domain: Domain):
        """The sign set of ``expr`` on ``domain`` (memoized per domain for the whole search)."""
        if domain not in self.oracles:
            self.oracles[domain] = SignOracle(domain)
        return self.oracles[domain](expr)

    def want(self, goal: Goal, k) -> None:
        wanted = self.wanted.setdefault(goal, [])
        if k not in wanted:
            wanted.append(k)

    def exponents(self, goal: Goal) -> list:
        """Exponents whose unknown sign blocked a transform of ``goal`` or a sign rule on its domain."""
        oracle = self.oracles.get(goal.domain)
        return list(dict.fromkeys(self.wanted.get(goal, []) + (oracle.wanted if oracle else [])))

    def defined(self, goal: Goal) -> bool:
        return self.sign(goal.big, goal.domain) is not None and self.sign(goal.small, goal.domain) is not None

    def reduce(self, subgoals, depth: int, head):
        """A goal at ``depth`` proven through ``subgoals`` (all of them, one level deeper: :meth:`prove_all`).

        The proof is ``head()`` (the reduction's own steps, built only on
        success) followed by the steps of every subgoal; None when one fails.
        """
        proofs = self.prove_all(subgoals, depth)
        return None if proofs is None else head() + tuple(s for p in proofs for s in p)

    def memo_key(self, goal: Goal):
        return goal, self.calculus

    def pruned(self, goal: Goal, depth: int) -> bool:
        # False goals come from the statement itself or from a first-derivative test: sample points catch most.
        return bool((depth == 0 or self.calculus) and not _EXACT_ONLY[0] and _violated(goal))

    def attempts(self, goal: Goal, depth: int):
        """The registered reductions, each run on ``goal``: its steps, or None when it fails."""
        registered = strategies_for(">" if goal.strict else ">=", kind="reduction")
        strategies = [s for s in registered if s.cost == "cheap"]
        # The others are expensive: only for defined goals of moderate size.
        if self.defined(goal) and sympy.count_ops(goal.difference) <= _MAX_OPS:
            strategies += [s for s in registered if s.cost != "cheap"]
        for strategy in strategies:
            try:
                steps = strategy.reduction(self, goal, depth)
            except (OutOfTime, RecursionError):
                raise
            except Exception:
                if _EXACT_ONLY[0]:
                    raise
                steps = None
            yield steps


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


def _supported(statement: Statement) -> bool:
    for side in (statement.lhs, statement.rhs):
        for node in sympy.preorder_traversal(side):
            if not (node.is_number or isinstance(node, _ALLOWED)):
                return False
    return True


def _method(steps) -> str:
    return " + ".join(dict.fromkeys(s.strategy for s in steps))


def _prove_statement(statement: Statement, deadline: float, candidates):
    signs = RELATION_OF_TEXT[statement.relation].signs
    flip, strict = signs <= NONPOS, 0 not in signs
    big, small = (statement.rhs, statement.lhs) if flip else (statement.lhs, statement.rhs)
    cases = domains_of(statement)
    if not cases or not _supported(statement):
        return None
    search = GoalSearch(deadline, candidates, set(statement.free_symbols))
    steps: tuple = ()
    if len(cases) > 1:
        steps = step(
            "case split",
            "the conditions split the domain into " + "; ".join(d.describe() for d, _ in cases),
            TRUSTS["case split"],
        )
    for domain, mapping in cases:
        search.mapping = mapping
        found = search.run(Goal(big.xreplace(mapping), small.xreplace(mapping), strict, domain))
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
    if not isinstance(statement, Statement) or statement.relation not in INEQUALITIES:
        return None
    return Clock(deadline, strict=_EXACT_ONLY[0]).run(lambda: _prove_statement(statement, deadline, candidates))
