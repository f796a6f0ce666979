"""``check``: turn a statement into a verdict.

1. Sample the domain and evaluate both sides with mpmath at ``dps`` digits.
   A disagreement confirmed at twice the precision refutes the statement,
   with that point as the counterexample.
2. Otherwise try the exact strategies of :mod:`symmetric.verify.symbolic`
   within the time budget. Success is "proven", but only if the numeric
   check agreed at one point at least; a proof that numerics contradict
   raises :class:`InconsistentVerdictError`, because one of the two is a bug.
3. Anything else is "unknown".
"""

from __future__ import annotations

import time

import sympy

from .budget import run_with_budget
from .domain import sample_points
from .numeric import NumericEvidence, exact_limit_counterexample, numeric_evidence
from .statement import Statement
from .symbolic import prove
from .verdict import InconsistentVerdictError, Verdict

__all__ = ["check"]

#: Default time budget per check, in seconds.
DEFAULT_TIMEOUT = 20.0


def check(lhs, rhs=None, *, relation: str | None = None, conditions=(), timeout: float = DEFAULT_TIMEOUT,
          samples: int = 32, seed: int = 0, dps: int = 50) -> Verdict:
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
        the assumptions of the free symbols.
    timeout : float
        Seconds for the whole check; what is undecided by then is "unknown".
    samples : int
        Number of numeric sample points.
    seed : int
        Seed of the random sample points.
    dps : int
        Decimal digits of the numeric evaluation (at least 40).

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
    ('refuted', {P: 1/2, R: 2, beta: 3})
    >>> check(sympy.Limit(f_beta(), beta, sympy.oo), R).method
    'limit'
    """
    if timeout is None or not timeout > 0:
        raise _invalid("timeout", "a positive number of seconds", timeout)
    if not isinstance(samples, int) or samples < 1:
        raise _invalid("samples", "a positive integer", samples)
    if not isinstance(dps, int) or dps < 40:
        raise _invalid("dps", "an integer >= 40", dps)
    start = time.perf_counter()
    deadline = start + timeout
    statement = Statement.of(lhs, rhs, relation=relation, conditions=conditions)

    def elapsed():
        return time.perf_counter() - start

    points = sample_points(statement, n=samples, seed=seed)

    def numeric():
        return numeric_evidence(statement, points, dps=dps)

    ok, evidence = run_with_budget(numeric, 0.5 * timeout)
    if not ok:
        evidence = NumericEvidence(dps, notes=("numeric check ran out of time",))
    if evidence.counterexample is not None:
        lhs_value, rhs_value = evidence.values
        return Verdict(
            "refuted", "numeric counterexample", evidence.counterexample, elapsed(), evidence,
            f"at this point the left side is {lhs_value} and the right side {rhs_value}",
        )
    method = prove(statement, deadline=deadline)
    if method is not None:
        if evidence.disagree:
            raise InconsistentVerdictError(f"{statement}: proven by {method}, but numerics disagree")
        if evidence.agree == 0:
            return Verdict("unknown", "no numeric confirmation", {}, elapsed(), evidence,
                           f"a symbolic argument ({method}) succeeded, but no sample point could confirm it")
        return Verdict("proven", method, {}, elapsed(), evidence, "exact symbolic argument, numerically confirmed")
    if statement.has(sympy.Limit):
        remaining = deadline - time.perf_counter()
        ok, found = run_with_budget(lambda: exact_limit_counterexample(statement, points, dps=dps), remaining) \
            if remaining > 0.05 else (False, None)
        if ok and found is not None:
            point, (lhs_value, rhs_value) = found
            return Verdict("refuted", "exact limit counterexample", point, elapsed(), evidence,
                           f"at this point SymPy's exact limits give {lhs_value} on the left and {rhs_value} on the right")
    reason = "time budget exhausted" if time.perf_counter() >= deadline else "no strategy succeeded"
    return Verdict("unknown", "undecided", {}, elapsed(), evidence, reason)


def _invalid(param, allowed, got):
    from .._validation import InvalidParameterError

    return InvalidParameterError.of(param, "check", allowed, got)
