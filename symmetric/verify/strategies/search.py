"""Exact symbolic strategies: the only way a statement becomes "proven".

Each strategy is an exact argument under the symbols' assumptions, and
returns the steps it took with what each one trusts
(:class:`~symmetric.verify.core.steps.ProofStep`):

* equality: the difference of the sides simplified to zero, cheapest route
  first (automatic evaluation, ``cancel``, power normalisation under the
  sign assumptions, the ratio, the logarithms, ``simplify``);
* inequality: the sign of the difference decided by SymPy's assumption
  system (as it stands, factored, simplified), then the registered provers
  (the counts prover, the goal search of :mod:`.goal_search`);
* limits: replaced by their values from :mod:`symmetric.verify.limits.routine`,
  which decides the branch of every step function on a one-sided
  neighbourhood and proves every sign it needs; when a value depends on the
  sign of a parameter expression, the domain is split on it;
* case splits that cover the domain (:mod:`symmetric.verify.signs.cases`): the
  branches of a Piecewise; each condition written as a substitution
  (``rho < 0`` as ``rho = -t`` with ``t > 0``); the order of the arguments of
  ``Max`` and ``Min``; the sign of an expression a limit depends on
  (``P - 7*R``: the cases ``P = 7*R/(1 + t)``, ``P = 7*R``,
  ``P = 7*R*(1 + t)``).

The strategies are the records of :mod:`.registry`, tried in their order;
every strategy runs under the caller's deadline, on one :class:`~.clock.Clock`.
The search is :class:`StatementSearch`, an instance of the one AND-OR search
of the engine (:class:`~.tree.TreeSearch`, which the goal search of
:mod:`.goal_search` is an instance of too): its nodes are statements, its
splits the case splits (every case proven, depth 4).

>>> import sympy, time
>>> from symmetric import P, R, phi
>>> from symmetric.verify.core.statement import Statement
>>> mean = ((P**phi + R**phi) / 2) ** (1 / phi)
>>> st = Statement.of(sympy.Limit(mean, phi, sympy.oo), sympy.Max(P, R))
>>> method, steps = prove(st, deadline=time.perf_counter() + 60)
>>> method
'cases P < R, P = R, P > R: limit'
>>> steps[0].strategy, steps[0].trusts.startswith("case split covering the domain")
('cases', True)
"""

from __future__ import annotations

import re
from functools import partial

import sympy

from ..core.statement import Statement
from ..core.steps import TRUSTS, ProofStep
from ..core.substitution import substitute
from ..core.sympy_signs import installed
from ..core.trust import derivatives_as_limits, guard_functions, kinked_derivative_at_point
from ..limits.limit_signs import CannotDecide, NeedSign
from ..limits.routine import LIMIT_TRUST, NoLimit, limit_value
from . import case_splits, direct  # noqa: F401  (register the built-in strategies and case splits)
from .clock import Clock
from .rational_zero import differs_somewhere
from .registry import strategies_for
from .tree import Split, TreeSearch

__all__ = ["StatementSearch", "prove", "prove_complex_safe"]


class _Sides:
    """Both sides with their limits replaced by values, or why that failed."""

    def __init__(self, lhs=None, rhs=None, steps=(), need=None, reason="") -> None:
        self.lhs, self.rhs, self.steps, self.need, self.reason = lhs, rhs, tuple(steps), need, reason

    @property
    def ok(self) -> bool:
        return self.lhs is not None


def _top_limits(expr) -> list:
    """The Limit nodes of ``expr`` that no other Limit contains."""
    out = []

    def walk(e) -> None:
        if isinstance(e, sympy.Limit):
            out.append(e)
            return
        for a in e.args:
            if isinstance(a, sympy.Basic):
                walk(a)

    walk(expr)
    return list(dict.fromkeys(out))


def _evaluate_sides(st: Statement) -> _Sides:
    values: dict = {}
    try:
        for lim in _top_limits(st.lhs) + _top_limits(st.rhs):
            if lim not in values:
                values[lim] = limit_value(lim, facts=st.conditions)
    except NeedSign as need:
        return _Sides(need=need.expr, reason=f"the limit depends on the sign of {sympy.sstr(need.expr)}")
    except NoLimit as missing:
        return _Sides(reason=str(missing))
    except CannotDecide as exc:
        return _Sides(reason=f"limit: {exc}")
    lhs, rhs = substitute(st.lhs, values), substitute(st.rhs, values)
    if any(v.has(sympy.nan, sympy.zoo) for v in (lhs, rhs)):
        return _Sides(reason="a limit has no value")
    steps = tuple(ProofStep("limit", f"{sympy.sstr(lim)} = {sympy.sstr(v)}", LIMIT_TRUST) for lim, v in values.items())
    return _Sides(lhs, rhs, steps)


def _sides(st: Statement, search: StatementSearch) -> _Sides:
    """Both sides with their limits evaluated (memoized per statement).

    A derivative at a point of a function with a kink (a case split may have
    substituted the point) is first written as the limit of its difference
    quotient (:func:`~symmetric.verify.core.trust.derivatives_as_limits`); one that
    cannot be written so proves nothing.
    """
    if st not in search.sides:
        given = st
        st = Statement(derivatives_as_limits(st.lhs), derivatives_as_limits(st.rhs), st.relation, st.conditions)
        if kinked_derivative_at_point(st.lhs) or kinked_derivative_at_point(st.rhs):
            search.sides[given] = _Sides(reason="a derivative at a point where it may not exist")
        elif not st.has(sympy.Limit):
            search.sides[given] = _Sides(st.lhs, st.rhs)
        else:
            out = search.clock.run(lambda: _evaluate_sides(st), share=0.5)
            search.sides[given] = out if out is not None else _Sides(reason="limit: out of time or failed")
        st = given
    return search.sides[st]


#: The direct strategies that ran to the end and answered False, by ``(strategy, lhs, rhs, relation, scope)``:
#: the search asks the same strategy about the same sides again (the second pass with ``simplify``, a case that
#: recurs, a claim's step and its statement). A strategy is a pure function of the sides (SymPy expressions,
#: compared structurally, their symbols' assumptions included) and of whether SymPy's number decisions are the
#: ball kernel's (:func:`~symmetric.verify.core.sympy_signs.installed`), so a definite False is False again;
#: a run stopped by the clock or by an error (None) is not remembered, nor is a success (it is the proof).
_FAILED: dict = {}
#: Entries kept in :data:`_FAILED` (it is emptied when full).
FAILED_MAXSIZE = 8192


def _failure_key(strategy, lhs, rhs, relation: str):
    """The key of :data:`_FAILED` for a direct strategy on these sides, or None when a side is unhashable."""
    key = (strategy, lhs, rhs, relation, installed())
    try:
        hash(key)
    except TypeError:
        return None
    return key


def _statement_text(lhs, relation, rhs) -> str:
    return f"{sympy.sstr(lhs)} {relation} {sympy.sstr(rhs)}"


class StatementSearch(TreeSearch):
    """The search over statements: the one :class:`~.tree.TreeSearch`, its nodes statements.

    At a statement, in order: the cheap direct strategies; the cheap case
    splits (the Piecewise branches); the other direct strategies and the
    provers; the other case splits (:mod:`.case_splits`: every case a
    :class:`~symmetric.verify.core.statement.Statement` of its own, a
    substitution of the statement). ``general`` says whether the direct
    strategies of cost ``"general"`` run (``skipped`` records that one did
    not); ``sides`` holds the sides of each statement with its limits
    evaluated (:meth:`sides_of`), which the case splits read too. ``first``
    names a direct strategy or prover tried before all of them at every
    statement, whatever its cost (``by=`` of :func:`~symmetric.verify.check`).
    """

    max_depth = 4

    def __init__(self, deadline: float, *, general: bool = True, first: str | None = None) -> None:
        super().__init__(Clock(deadline))
        self.sides: dict = {}
        self.general = general  # whether the strategies of cost "general" run
        self.skipped = False  # whether one was skipped
        self.first = first

    def sides_of(self, st: Statement) -> _Sides:
        """Both sides of ``st`` with their limits evaluated (memoized), for the case splits."""
        return _sides(st, self)

    def attempts(self, st: Statement, depth: int):
        """The strategy named ``first``, cheap strategies, then cheap splits (Piecewise branches), then the other
        strategies, then the other splits."""
        if self.first is not None:
            yield from self._direct(st, cheap=False, only=self.first)
        yield from self._direct(st, cheap=True)
        yield from self._splits(st, "cheap")
        yield from self._direct(st, cheap=False)
        yield from self._splits(st, "standard")

    def _direct(self, st: Statement, *, cheap: bool, only: str | None = None):
        """The direct strategies, then the provers, on ``st`` without splitting it: each ``(method, steps)`` or None.

        ``cheap=True`` runs only the fast strategies, ``cheap=False`` only the others; ``only`` names the one
        direct strategy or prover to run, whatever its cost.
        """
        clock = self.clock
        sides = _sides(st, self)
        if not sides.ok:
            return
        lhs, rhs = sides.lhs, sides.rhs
        prefix = "limit" if sides.steps else ""
        for strategy in strategies_for(st.relation):  # the registry (.registry), in order
            if only is not None:
                if strategy.name != only:
                    continue
            elif strategy.name == self.first or (strategy.cost == "cheap") != cheap:  # the first ran already
                continue
            elif strategy.cost == "general" and not self.general:
                self.skipped = True
                continue
            if not strategy.before_refutation and clock.run(
                lambda: differs_somewhere(lhs, rhs, st.relation), share=0.3
            ):
                break  # false at an admissible point: no identity or sign argument can prove it
            key = _failure_key(strategy, lhs, rhs, st.relation)
            if key is not None and key in _FAILED:  # it ran to the end on these very sides and said False
                yield None
                continue
            outcome = clock.run(lambda: strategy.direct(lhs, rhs, st.relation), share=0.6)
            if outcome is False and key is not None:
                if len(_FAILED) >= FAILED_MAXSIZE:
                    _FAILED.clear()
                _FAILED[key] = None
            if outcome:
                name = strategy.name
                method = (
                    prefix if prefix and name in ("evaluation", "cancel") else "+".join(filter(None, [prefix, name]))
                )
                step = ProofStep(name, _statement_text(lhs, st.relation, rhs), strategy.trusts)
                yield method, sides.steps + (step,)
            else:
                yield None
        provers = [
            p
            for p in strategies_for(st.relation, kind="prover")
            if (
                p.name == only
                if only is not None
                else p.name != self.first and (not cheap or (p.cheap_for and p.cheap_for(st)))
            )
        ]
        if provers:
            limitless = Statement(lhs, rhs, st.relation, st.conditions)
            for prover in provers:
                found = clock.run(lambda: prover.prover(limitless, clock.deadline), share=0.8)
                if found:
                    method, steps = found
                    yield "+".join(filter(None, [prefix, method])), sides.steps + tuple(steps)
                else:
                    yield None

    def _splits(self, st: Statement, cost: str):
        """The registered case splits of ``cost`` (:mod:`.case_splits`), in order, each a :class:`~.tree.Split`.

        Building the cases substitutes into the statement: it runs on the clock too, with a share of the time.
        """
        for split in strategies_for(st.relation, kind="split"):
            if split.cost != cost:
                continue
            for make in split.split(st, self):
                yield Split(partial(self.clock.run, make, share=0.3), _assemble_cases, _case_statement)


def _case_statement(case) -> Statement:
    return case[0]


def _mentions(text: str, how: str) -> bool:
    """Whether ``text`` names the variable a substitution ``how`` (``rho = -t``) introduces."""
    new = set(re.findall(r"[A-Za-z_]\w*", how.split("=", 1)[-1])) - set(
        re.findall(r"[A-Za-z_]\w*", how.split("=", 1)[0])
    )
    return any(re.search(rf"\b{re.escape(name)}\b", text) for name in new)


def _assemble_cases(cases, proofs) -> tuple:
    """``(method, steps)`` of a statement proven by ``cases`` (``(case, label, substitution)``) and their proofs."""
    inner = "; ".join(dict.fromkeys(method for method, _ in proofs))
    labels = ", ".join(
        f"{label} ({how})" if how != label and _mentions(inner, how) else label for _, label, how in cases
    )
    how = ", ".join(dict.fromkeys(h for _, _, h in cases))
    head = ProofStep("cases", labels, f"{TRUSTS['cases']}: {how}, each new symbol positive")
    body = tuple(
        ProofStep(s.strategy, f"[{label}] {s.statement}", s.trusts)
        for (_, label, _), (_, steps) in zip(cases, proofs)
        for s in steps
    )
    return f"cases {labels}: " + inner, (head,) + body


def prove(statement: Statement, *, deadline: float, first: str | None = None):
    """``(method, steps)`` of an exact argument that proves ``statement``, or None.

    The search runs first without SymPy's general-purpose ``simplify`` (and
    the logarithm strategy built on it), which is slow and rarely the route
    when specific strategies and case splits exist; only when that whole
    search fails does it run again with them, at every depth.

    ``first`` names a direct strategy or a prover to try before the others
    at every statement of the search, whatever its cost: the route a claim's
    author knows (``by=`` of :func:`~symmetric.verify.check`), on the whole
    statement or on each case of a split. It changes the order of the
    attempts, never what an attempt proves: where the search would have
    reached that strategy and proven the statement with it, the proof is
    the same.
    """
    statement = _guarded(statement)
    search = StatementSearch(deadline, general=False, first=first)
    found = search.run(statement)
    if found is None and search.skipped and search.remaining() > 0:
        search.general = True
        found = search.run(statement)
    return found


def _guarded(statement: Statement) -> Statement:
    """``statement`` with SymPy's inverse trigonometric functions replaced by the guarded ones
    (:func:`~symmetric.verify.core.trust.guard_functions`: zero exactly where the argument is)."""
    return Statement(
        guard_functions(statement.lhs),
        guard_functions(statement.rhs),
        statement.relation,
        tuple(guard_functions(c) for c in statement.conditions),
    )


#: The equality strategies that hold for complex values: SymPy's automatic evaluation, polynomial
#: arithmetic (every other subexpression an indeterminate), power rewriting that denests only with a
#: positive base and real exponents (core.powers), and SymPy's simplify without ``force`` (each rewrite an
#: identity under the symbols' assumptions). Not the ratio or logarithm strategies, whose preconditions
#: are signs, nor any sign strategy, case split or limit.
COMPLEX_SAFE = ("evaluation", "cancel", "powsimp", "simplify")


def prove_complex_safe(statement: Statement, *, deadline: float):
    """``(method, steps)`` for an equation proven by steps valid for complex values (:data:`COMPLEX_SAFE`),
    or None; an inequality or a limit is never proven this way."""
    if statement.relation != "==" or statement.has(sympy.Limit):
        return None
    statement = _guarded(statement)
    lhs, rhs = statement.lhs, statement.rhs
    clock = Clock(deadline)
    for strategy in strategies_for("=="):
        if strategy.name in COMPLEX_SAFE and clock.run(lambda: strategy.direct(lhs, rhs, "=="), share=0.6):
            return strategy.name, (
                ProofStep(
                    strategy.name,
                    _statement_text(lhs, "==", rhs),
                    f"{strategy.trusts} (complex-safe: no step assumes a real value)",
                ),
            )
    return None


def limit_obstacle(statement: Statement, *, deadline: float) -> str:
    """Why the limits of ``statement`` could not be evaluated (for the verdict's detail), or ""."""
    if not statement.has(sympy.Limit):
        return ""
    sides = StatementSearch(deadline).sides_of(statement)
    return "" if sides.ok else sides.reason
