"""``check``: turn a statement into a verdict.

1. Add the metric domain: with ``domain="unit"`` (the default) precision
   ``P`` and recall ``R`` lie in (0, 1], written as the conditions
   ``P <= 1`` and ``R <= 1`` that every strategy sees.
2. Sample the domain adversarially (:mod:`symmetric.verify.evidence.sample_points`) and
   evaluate both sides with mpmath, raising the precision where a small gap
   needs it (:mod:`symmetric.verify.evidence.high_precision`). A disagreement refutes the
   statement only when an independent evaluation of the original statement
   at that point confirms it: SymPy's exact evaluation, or for limits the
   exact one-sided limits at the point together with approach sequences that
   converge to them. That point is the counterexample.
3. Otherwise try the exact strategies of :mod:`symmetric.verify.strategies.search`
   within the time budget. Success is "proven", with the proof's steps and
   what each trusts, but only if the numeric check agreed at one point at
   least; a proof that numerics contradict raises
   :class:`InconsistentVerdictError`, because one of the two is a bug.
4. For limit statements still open, look for a point where the exact limits
   refute the statement and approach sequences reaching ``10**-1280``
   confirm it (a limit can converge too slowly for the sampled approach).
5. Anything else is "unknown", with the reason in ``detail``. No exception
   escapes on valid input: a failure inside a strategy is "unknown" too.
"""

from __future__ import annotations

import math
import time
from dataclasses import replace
from functools import partial

import sympy

from .._constraints import Interval, Options, declare, unchecked
from .._validation import InvalidParameterError
from .core.budget import BudgetExceeded, run_with_budget
from .core.certificates import certified
from .core.numbers import NotReal, constant_sign
from .core.relations import RELATION_OF_TEXT
from .core.statement import STATEMENT_PARTS, Statement
from .core.steps import TRUSTS, ProofStep, readable
from .core.sympy_signs import rigorous_numbers
from .core.trust import (
    FLOAT_SEMANTICS,
    admits_infinity,
    derivatives_as_limits,
    exact_floats,
    finite_symbol,
    has_floats,
    non_real,
    stable_numbers,
)
from .core.unit_domain import unit_bounds
from .core.verdict import InconsistentVerdictError, NumericEvidence, Verdict
from .evidence.admissible import admissible_point
from .evidence.numeric import exact_counterexample, numeric_evidence
from .evidence.sample_points import sample_points
from .strategies.registry import BY, strategies_for
from .strategies.search import limit_obstacle, prove, prove_complex_safe

__all__ = ["check", "decide", "DOMAINS", "OPTIONS", "with_domain"]

#: Default time budget per check, in seconds.
DEFAULT_TIMEOUT = 20.0

#: The domains ``check`` knows: P and R in (0, 1] ("unit"), or any positive values ("positive").
DOMAINS = ("unit", "positive")

#: What each option of :func:`check` may be (its declaration; also the options of the claims and of the runner).
OPTIONS = {
    "domain": Options(DOMAINS, allowed=f"one of {list(DOMAINS)}", invalid=("all", 1)),
    "timeout": Interval(float, 0, math.inf, closed="neither", allowed="a positive finite number of seconds"),
    "samples": Interval(int, 1, math.inf, closed="left", allowed="a positive integer"),
    "seed": Interval(int, -math.inf, math.inf, closed="neither", allowed="an integer"),
    "dps": Interval(int, 40, math.inf, closed="left", allowed="an integer >= 40"),
    "by": BY,
}


def with_domain(statement: Statement, domain: str) -> Statement:
    """``statement`` with the conditions of ``domain`` added.

    With ``"unit"``, ``P <= 1`` and ``R <= 1`` are added for
    :data:`symmetric.P` and :data:`symmetric.R` when they are free symbols
    of the statement (a limit's own variable is not free).

    >>> from symmetric import P, R, beta
    >>> with_domain(Statement.of(P * R, beta), "unit").conditions
    (P <= 1, R <= 1)
    >>> with_domain(Statement.of(P * R, beta), "positive").conditions
    ()
    """
    if domain == "positive":
        return statement
    free = statement.free_symbols
    extra = unit_bounds(free)
    conditions = tuple(dict.fromkeys(statement.conditions + extra))
    return Statement(statement.lhs, statement.rhs, statement.relation, conditions)


@declare(**STATEMENT_PARTS, **OPTIONS)
@rigorous_numbers()
def check(
    lhs,
    rhs=None,
    *,
    relation: str | None = None,
    conditions=(),
    domain: str = "unit",
    timeout: float = DEFAULT_TIMEOUT,
    samples: int = 32,
    seed: int = 0,
    dps: int = 50,
    by: str | None = None,
) -> Verdict:
    """Decide whether ``lhs <relation> rhs`` holds on the whole domain.

    Parameters
    ----------
    lhs, rhs : SymPy expressions or numbers
        The two sides. ``rhs`` may be omitted when ``lhs`` is a relation such
        as ``sympy.Eq(a, b)`` or ``sympy.Le(a, b)``. Unevaluated ``Limit``
        objects are allowed on either side. Text is refused.
    relation : {"==", "<", "<=", ">", ">="}, default "=="
    conditions : iterable of SymPy relations
        Extra conditions narrowing the domain, which is otherwise given by
        the assumptions of the free symbols and by ``domain``.
    domain : {"unit", "positive"}, default "unit"
        ``"unit"``: precision ``symmetric.P`` and recall ``symmetric.R`` lie
        in (0, 1], as metrics do (the conditions ``P <= 1`` and ``R <= 1``
        are added). ``"positive"``: any positive values, for arguments that
        need them (homogeneity). Counterexamples lie in the domain used.
    timeout : float
        Seconds for the whole check; what is undecided by then is "unknown".
    samples : int
        Number of numeric sample points.
    seed : int
        Seed of the random sample points.
    dps : int
        Decimal digits of the numeric evaluation (at least 40); raised
        automatically (up to 400) where a small gap needs it.
    by : str, optional
        The name of a registered direct strategy or prover (``"cancel"``,
        ``"simplify"``, ``"inequality prover"``, ...) to try first at each
        statement of the proof search (the whole statement, then each case
        of a split), as a claim names the route its author knows: it saves
        the strategies the search would try, and fail, before reaching it.
        It changes the order of the attempts, not what an attempt proves;
        where it fails, the search goes on as without it. It never changes
        a refutation, and a proof by it is as exact as any other.

    Returns
    -------
    Verdict

    Examples
    --------
    >>> import sympy
    >>> from symmetric import P, R, beta, f_beta, g_beta_rho
    >>> from symmetric.verify import check
    >>> check(g_beta_rho(rho=-2), f_beta()).status
    'proven'
    >>> v = check(g_beta_rho(rho=-2), f_beta(beta=beta**2))
    >>> v.status, v.counterexample
    ('refuted', {P: 1/2, R: 1/3, beta: 3})

    P and R are precision and recall: on (0, 1] a product is at most the
    smaller factor, which fails for larger values.

    >>> check(P * R, sympy.Min(P, R), relation="<=").status != "refuted"
    True
    >>> check(P * R, sympy.Min(P, R), relation="<=", domain="positive").status
    'refuted'

    A limit is taken from the side its direction says, and a limit whose
    value changes with a parameter is proven only after the exceptional
    values of that parameter are split off:

    >>> x = sympy.Symbol("x", positive=True)
    >>> check(sympy.Limit(((P - 7*R)*x + 1) / ((P - 7*R)*x + 2), x, sympy.oo), 1).status
    'refuted'
    >>> check(sympy.Limit(f_beta(), beta, sympy.oo), R).method
    'limit'
    """
    start = time.perf_counter()
    # the statement's parts are declared here, as Statement.of declares them: checked once, named as check's
    given = with_domain(unchecked(Statement.of)(lhs, rhs, relation=relation, conditions=conditions), domain)
    prover = prove
    if by is not None:
        names = [s.name for kind in ("direct", "prover") for s in strategies_for(given.relation, kind=kind)]
        if by not in names:
            raise InvalidParameterError.of(
                "by", "check", f"the name of a strategy for the relation {given.relation!r} {names}", by
            )
        prover = partial(prove, first=by)
    return _decide(given, start, float(timeout), samples, seed, dps, prover, numeric_evidence)


def decide(
    statement: Statement,
    *,
    timeout: float = DEFAULT_TIMEOUT,
    samples: int = 32,
    seed: int = 0,
    dps: int = 50,
    prover=prove,
    evidence=numeric_evidence,
) -> Verdict:
    """The verdict of :func:`check` on a built statement, with its two witnesses replaceable.

    :func:`check` is ``decide(with_domain(Statement.of(...), domain), ...)``
    with the default witnesses; the options are :func:`check`'s (not
    validated here). Replacing a witness shows how the verdict combines
    them: a buggy proof contradicted by the numbers raises
    :class:`InconsistentVerdictError`, a proof that no sample point confirms
    is "unknown", an exception in either is "unknown" and never escapes.

    Parameters
    ----------
    statement : Statement
        The statement, its domain's conditions included.
    timeout, samples, seed, dps
        As for :func:`check`.
    prover : callable
        ``prover(statement, deadline) -> (method, steps)`` or None: the
        symbolic proof search for real-valued statements (by default the
        registered strategies, :func:`symmetric.verify.strategies.search.prove`).
    evidence : callable
        ``evidence(statement, points, dps=dps) -> NumericEvidence``: the
        high-precision sampling (by default
        :func:`symmetric.verify.evidence.numeric.numeric_evidence`).

    Examples
    --------
    >>> from symmetric import P, R
    >>> decide(Statement.of(P + R, R + P), evidence=lambda st, points, dps: NumericEvidence(dps)).status
    'unknown'
    """
    return _decide(statement, time.perf_counter(), float(timeout), samples, seed, dps, prover, evidence)


def _decide(
    given: Statement, start: float, timeout: float, samples: int, seed: int, dps: int, prover, evidence
) -> Verdict:
    infinite = [s for s in sorted(given.free_symbols, key=str) if admits_infinity(s)]
    if infinite:
        return _with_infinite_values(given, infinite, start, timeout, samples, seed, dps, prover, evidence)
    statement = _in_scope(given)
    floats = has_floats(given.lhs, given.rhs, *given.conditions)
    try:
        verdict = _check(statement, start, timeout, samples, seed, dps, prover, evidence)
    except (InconsistentVerdictError, BudgetExceeded, KeyboardInterrupt):
        raise
    except Exception as exc:  # a bug or a SymPy failure: never a verdict other than "unknown"
        verdict = Verdict(
            "unknown",
            "error",
            {},
            time.perf_counter() - start,
            None,
            f"the check failed with {type(exc).__name__}: {exc}",
        )
    if verdict.proven and verdict.certificate is None:
        verdict = replace(verdict, certificate=certified(statement))
    return replace(verdict, detail=f"{verdict.detail}; {FLOAT_SEMANTICS}") if floats else verdict


def _with_infinite_values(
    given: Statement, infinite: list, start: float, timeout: float, samples: int, seed: int, dps: int, prover, evidence
) -> Verdict:
    """The verdict on a statement whose symbols admit +-oo (``extended_positive``, ``extended_real``, ...).

    SymPy's assumptions answer for finite values only (``exp(-w) > 0`` "is" true for an extended positive
    ``w``, false at ``w = oo``). The statement is decided with each such symbol finite; a proof then counts
    only when the statement also holds at each infinite end the symbol admits, read as the limit there
    (``Limit(lhs, w, oo) <relation> Limit(rhs, w, oo)``, decided by the engine). Otherwise the verdict is
    "unknown" and says that the statement holds for finite values. A counterexample at finite values
    refutes.
    """
    finite = {s: finite_symbol(s) for s in infinite}
    back = {v: k for k, v in finite.items()}
    at_finite = given.substitute(finite)
    if at_finite is None:
        at_finite = Statement(
            given.lhs.xreplace(finite),
            given.rhs.xreplace(finite),
            given.relation,
            tuple(c.xreplace(finite) for c in given.conditions),
        )
    verdict = _decide(at_finite, start, timeout, samples, seed, dps, prover, evidence)
    if verdict.status == "refuted":
        return replace(verdict, counterexample={back.get(k, k): v for k, v in verdict.counterexample.items()})
    names = ", ".join(map(str, infinite))
    if verdict.status != "proven":
        return replace(verdict, detail=f"{verdict.detail} (with {names} finite)")
    ends = []
    for s in infinite:
        if any(s in c.free_symbols for c in given.conditions):
            return _finite_only(verdict, names, f"a condition bounds {s}, which the check at +-oo does not read")
        ends += [
            (s, end)
            for end, admitted in ((sympy.oo, not s.is_extended_nonpositive), (-sympy.oo, not s.is_extended_nonnegative))
            if admitted
        ]
    steps = list(verdict.steps)
    for s, end in ends:
        rest = {x: finite[x] for x in infinite if x != s}
        corner = Statement(
            sympy.Limit(given.lhs.xreplace(rest), s, end),
            sympy.Limit(given.rhs.xreplace(rest), s, end),
            given.relation,
            tuple(c.xreplace(rest) for c in given.conditions),
        )
        corner = with_domain(corner, "positive")
        left = start + timeout - time.perf_counter()
        at_end = _decide(corner, time.perf_counter(), max(left, 0.05), samples, seed, dps, prover, evidence)
        if at_end.status != "proven":
            return _finite_only(verdict, names, f"at {s} = {end}, read as the limit, it is {at_end.status}")
        steps.append(ProofStep(at_end.method, f"at {s} = {end}: {corner}", f"{s} = {end} read as the limit there"))
    # the certificate covers the finite values only; the infinite ends rest on the limit routine
    return replace(
        verdict,
        steps=tuple(steps),
        certificate=None,
        detail=f"{verdict.detail}; checked at the infinite values of {names}",
    )


def _finite_only(verdict: Verdict, names: str, why: str) -> Verdict:
    return Verdict(
        "unknown",
        "holds for finite values",
        {},
        verdict.seconds,
        verdict.evidence,
        f"holds for finite values of {names} (proven by {verdict.method} with {names} finite); {why}",
    )


def _in_scope(statement: Statement) -> Statement:
    """The statement the engine decides (:mod:`symmetric.verify.core.trust`): Floats as their exact binary
    values, each derivative at a point of a function with a kink as the limit of its difference quotient,
    logarithms of rationals near 1 in a form SymPy evaluates correctly."""
    lhs, rhs = (stable_numbers(derivatives_as_limits(exact_floats(side))) for side in (statement.lhs, statement.rhs))
    conditions = tuple(stable_numbers(exact_floats(c)) for c in statement.conditions)
    return Statement(lhs, rhs, statement.relation, conditions)


_BOUND = (sympy.Limit, sympy.Integral, sympy.Sum, sympy.Product, sympy.Derivative, sympy.Subs, sympy.Piecewise)


def _constant_verdict(statement: Statement, dps: int) -> Verdict | None:
    """The verdict on a statement without symbols from the sign of the difference of its sides
    (:func:`~symmetric.verify.core.numbers.constant_sign`: ball arithmetic, or 0 by exact algebra); None
    when that sign is undecided or the difference is a rational number (exact as built: the usual strategies
    decide it, as before)."""
    if statement.has(*_BOUND) or non_real(statement.lhs, statement.rhs) is not None:
        return None
    if (statement.lhs - statement.rhs).is_Rational:
        return None
    try:
        sign = constant_sign(statement.lhs - statement.rhs)
    except NotReal:
        return None
    if sign is None:
        return None
    relation = RELATION_OF_TEXT[statement.relation]
    how = "ball arithmetic" if sign else "exact algebra"
    evidence = NumericEvidence(
        dps, agree=int(sign in relation.signs), disagree=int(sign not in relation.signs), notes=(how,)
    )
    if sign in relation.signs:
        step = ProofStep(
            "ball arithmetic", f"sign({statement.lhs} - ({statement.rhs})) = {sign}", TRUSTS["ball arithmetic"]
        )
        return Verdict(
            "proven",
            "ball arithmetic",
            {},
            0.0,
            evidence,
            f"the difference of the sides has sign {sign} ({how})",
            (step,),
        )
    return Verdict(
        "refuted", "ball arithmetic", {}, 0.0, evidence, f"the difference of the sides has sign {sign} ({how})"
    )


def _refuted(statement: Statement, verdict: Verdict) -> Verdict:
    """``verdict`` when its counterexample is a point of the domain (each free symbol, nothing else, every
    assumption, every condition), else "unknown" with the reason: a counterexample is never off the domain."""
    why = admissible_point(statement, verdict.counterexample)
    if why is None:
        return verdict
    return Verdict(
        "unknown",
        "undecided",
        {},
        verdict.seconds,
        verdict.evidence,
        f"a candidate counterexample was not a point of the domain ({why})",
    )


def _check(
    statement: Statement, start: float, timeout: float, samples: int, seed: int, dps: int, prover, evidence
) -> Verdict:
    deadline = start + timeout

    def elapsed():
        return time.perf_counter() - start

    def numeric():
        points = sample_points(statement, n=samples, seed=seed)
        return points, evidence(statement, points, dps=dps)

    try:
        ok, found = run_with_budget(numeric, 0.5 * timeout)
    except (InconsistentVerdictError, BudgetExceeded, KeyboardInterrupt):
        raise
    except Exception as exc:  # the numeric check cannot evaluate this statement: it supports nothing
        ok, found = True, ([], NumericEvidence(dps, notes=(f"numeric check failed: {type(exc).__name__}: {exc}",)))
    points, sampled = found if ok else ([], NumericEvidence(dps, notes=("numeric check ran out of time",)))
    if sampled.counterexample is not None:
        lhs_value, rhs_value = sampled.values
        how = sampled.notes[0] if sampled.notes else "an independent evaluation"
        return _refuted(
            statement,
            Verdict(
                "refuted",
                "numeric counterexample",
                sampled.counterexample,
                elapsed(),
                sampled,
                f"at this point the left side is {lhs_value} and the right side {rhs_value} (confirmed by {how})",
            ),
        )
    complex_values = non_real(statement.lhs, statement.rhs, *statement.conditions)
    if complex_values is not None:  # outside the real domain: only complex-safe steps prove anything
        proof = prove_complex_safe(statement, deadline=deadline)
        if proof is None:
            return Verdict(
                "unknown",
                "undecided",
                {},
                elapsed(),
                sampled,
                f"outside the engine's scope: {complex_values}, so its values are not real on the "
                "domain; only complex-safe steps (SymPy's automatic evaluation, polynomial "
                "arithmetic) may prove it, and they did not",
            )
    else:
        proof = prover(statement, deadline=deadline)
    constant = _constant_verdict(statement, dps) if not statement.free_symbols and not statement.conditions else None
    if proof is None and constant is not None:  # a number the strategies could not decide: its ball decides it
        return replace(constant, seconds=elapsed())
    if proof is not None:
        method, steps = proof
        method = readable(method)  # never SymPy's dummy names (_t): steps do the same
        if sampled.disagree:
            raise InconsistentVerdictError(f"{statement}: proven by {method}, but numerics disagree")
        if constant is not None and constant.proven:  # mpmath's rounded values could not confirm it; balls do
            sampled = replace(sampled, agree=max(sampled.agree, 1), notes=sampled.notes + ("ball arithmetic",))
        if constant is not None and constant.refuted:
            raise InconsistentVerdictError(f"{statement}: proven by {method}, but ball arithmetic refutes it")
        if sampled.agree == 0:
            return Verdict(
                "unknown",
                "no numeric confirmation",
                {},
                elapsed(),
                sampled,
                f"a symbolic argument ({method}) succeeded, but no sample point could confirm it",
            )
        return Verdict(
            "proven", method, {}, elapsed(), sampled, "exact symbolic argument, numerically confirmed", tuple(steps)
        )
    if statement.has(sympy.Limit) and points:
        remaining = deadline - time.perf_counter()
        ok, found = (
            run_with_budget(lambda: exact_counterexample(statement, points, dps=dps), remaining)
            if remaining > 0.05
            else (False, None)
        )
        if ok and found is not None:
            point, confirmation = found
            lhs_value, rhs_value = confirmation.values
            return _refuted(
                statement,
                Verdict(
                    "refuted",
                    "exact limit counterexample",
                    point,
                    elapsed(),
                    sampled,
                    f"at this point the exact limits make the left side {lhs_value} and the right side "
                    f"{rhs_value} (confirmed by {confirmation.how})",
                ),
            )
    if time.perf_counter() >= deadline:
        reason = "time budget exhausted"
    else:
        obstacle = limit_obstacle(statement, deadline=deadline)
        reason = f"no strategy succeeded; {obstacle}" if obstacle else "no strategy succeeded"
    return Verdict("unknown", "undecided", {}, elapsed(), sampled, reason)
