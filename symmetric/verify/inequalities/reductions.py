"""The goal search's own strategies: the sign rules, z3, case splits, Sturm sequences, exponent cases.

Each is ``run(search, goal, depth) -> steps | None`` (a strategy of kind
``"reduction"``, registered in :mod:`symmetric.verify.strategies.reductions`
with the monotone transforms of :mod:`.transforms`): it settles the goal
(one step) or reduces it to subgoals: ``search.reduce(subgoals, depth,
head)`` proves all of them one level deeper (the AND of the one AND-OR
search, :mod:`symmetric.verify.strategies.tree`) and gives ``head()``, the
reduction's own step, followed by theirs. What they use of ``search``
(:class:`~symmetric.verify.strategies.goal_search.GoalSearch`): ``reduce``,
``sign(expr, domain)`` (memoized sign sets), ``defined(goal)``, ``tick()``,
``remaining()``, ``want(goal, k)`` and ``exponents(goal)`` (exponents whose
sign blocked a step), and for z3's candidates ``use_z3``, ``candidates``,
``mapping`` and ``original``.

* **sign** -- the sign rules of :mod:`symmetric.verify.signs.decide` applied to
  ``big - small`` and to its ``together``/``factor`` forms;
* **z3 nlsat** -- when both sides are algebraic and the optional ``z3`` is
  installed, its complete procedure for nonlinear real arithmetic
  (:mod:`.solvers`); a model that violates the statement itself is handed
  to the caller as a candidate, never reported as a refutation;
* **case split** -- Piecewise branches and ``Max``/``Min`` (:mod:`.splits`);
* **Sturm** -- one variable (:mod:`.polynomials`);
* **exponent cases** -- a split on the sign of an exponent whose sign a
  monotone transform needed (``rho + 1 > 0``, ``= 0``, ``< 0``).
"""

from __future__ import annotations

import sympy

from ..signs.decide import settles
from .goals import Goal, step
from .polynomials import univariate_signs
from .solvers import z3_decide, z3_version
from .splits import exponent_cut, resolve, split_cases

__all__ = ["TRUSTS", "sign_rules", "z3_nlsat", "case_split", "sturm", "exponent_cases"]

#: What each of these strategies trusts (the text of its steps).
TRUSTS = {
    "sign": (
        "exact sign rules: interval arithmetic, signs of sums and products, x**k and log monotone on x > 0, "
        "the domain's facts; SymPy's exact signs of constants, and together/factor as identities"
    ),
    "z3 nlsat": "z3 nlsat decision procedure; the translation in symmetric.verify.inequalities.solvers",
    "case split": "the cases cover the domain (an interval cut at a point, or the signs of an expression)",
    "Sturm": "Sturm sequences over the rationals (SymPy Poly.sqf_list, Poly.count_roots)",
}


def sign_rules(search, goal: Goal, depth: int):
    """The sign rules settle ``big - small`` (as it stands, together, factor_terms, factor)."""
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
                "sign",
                f"{sympy.sstr(form)} {'>' if goal.strict else '>='} 0 for {goal.domain.describe()}",
                TRUSTS["sign"],
            )
        search.tick()
    return None


def z3_nlsat(search, goal: Goal, depth: int):
    """z3's nlsat decides the goal (both sides algebraic); a model of the statement itself is a candidate."""
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


def _cases(search, goal: Goal, depth: int, split, strategy: str):
    """The goal proven on every case of ``split`` (each a subgoal, all proven: ``search.reduce``), or None."""
    cases = split_cases(split, goal.domain)
    if not cases:
        return None
    subgoals = [
        Goal(goal.big.xreplace(mapping), goal.small.xreplace(mapping), goal.strict, domain)
        if mapping
        else goal.with_domain(domain)
        for _, mapping, domain in cases
    ]
    labels = "; ".join(text for text, _, _ in cases)
    return search.reduce(
        subgoals,
        depth,
        lambda: step(strategy, f"cases {labels} cover {goal.domain.describe()}", TRUSTS["case split"]),
    )


def case_split(search, goal: Goal, depth: int):
    """The Piecewise branches and Max/Min the domain decides, taken; else a split that decides the next one."""
    big, split_big = resolve(goal.big, goal.domain)
    small, split_small = resolve(goal.small, goal.domain)
    if (big, small) != (goal.big, goal.small):
        sub = goal.with_sides(big, small)
        return search.reduce(
            [sub],
            depth,
            lambda: step(
                "case split", f"on {goal.domain.describe()} the branches taken give {sub}", TRUSTS["case split"]
            ),
        )
    split = split_big or split_small
    return None if split is None else _cases(search, goal, depth, split, "case split")


def sturm(search, goal: Goal, depth: int):
    """A polynomial in one variable: its sign on the interval from Sturm sequences."""
    if settles(univariate_signs(goal.difference, goal.domain), strict=goal.strict):
        return step("Sturm", str(goal), TRUSTS["Sturm"])
    return None


def exponent_cases(search, goal: Goal, depth: int):
    """A split on the sign of an exponent whose unknown sign blocked a step on this goal."""
    for k in search.exponents(goal):
        split = exponent_cut(k, goal.domain)
        if split is not None:
            steps = _cases(search, goal, depth, split, "exponent cases")
            if steps is not None:
                return steps
    return None
