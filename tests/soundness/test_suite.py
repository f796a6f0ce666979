"""The soundness suite under pytest (issue 8).

By default a small deterministic stratified sample of the suite runs (issue
8's own examples and one statement in 24 of every class and truth value);
``SYMMETRIC_SOUNDNESS=full`` runs every case. The cases are checked once per
session in 2 worker processes; then

* each statement is one test item: a false statement must never be proven
  and, when refuted, only at a point of its domain where it fails (and the
  misses of classes 7 and 8 must be refuted); a true statement must never be
  refuted; no statement may make ``check`` raise;
* the aggregate tests assert 0 false proofs, 0 exceptions, 0 wrong
  refutations, 0 counterexamples outside the domain, and completeness (proven
  true / all true) of at least 95 %; the figures are printed in the terminal
  summary.

What today's engine gets wrong is marked strict xfail, per statement, from
the single list :data:`.known_failures.ENGINE_FAILS_TODAY`. Delete that list's
entries when the engine is fixed, and everything must pass.

The suite itself is checked without the engine: every witness is certified
by exact evaluation, and every true statement holds numerically at sample
points of its domain.
"""

from __future__ import annotations

import pytest

from . import exact, report, run, suite
from .case import CLASSES
from .known_failures import ENGINE_FAILS_TODAY

CASES = suite.selected()
BY_ID = {c.id: c for c in CASES}
_SUMMARY_KEY = pytest.StashKey[report.Summary]()


def _xfail(reason):
    """A strict xfail, or a lenient one for a failure that depends on the machine's load."""
    if not reason:
        return []
    return [pytest.mark.xfail(strict=not reason.startswith(report.TIMING), reason=f"today's engine: {reason}")]


def _param(case_id: str):
    return pytest.param(case_id, id=case_id, marks=_xfail(ENGINE_FAILS_TODAY.get(case_id)))


def _aggregate(name: str, *kinds: str):
    """An aggregate test is expected to fail while a selected statement is listed with one of ``kinds``."""
    listed = [i for i in BY_ID if report.failure_kind(ENGINE_FAILS_TODAY.get(i, "")) in kinds]
    steady = [i for i in listed if not ENGINE_FAILS_TODAY[i].startswith(report.TIMING)]
    reason = ENGINE_FAILS_TODAY.get(name) or (
        f"{'' if steady else report.TIMING}{len(listed)} listed statements ({', '.join(kinds)})" if listed else None)
    return pytest.param(name, id=name, marks=_xfail(reason))


@pytest.fixture(scope="module")
def summary(request) -> report.Summary:
    """Every selected case checked once, in 2 worker processes."""
    outcomes = run.run_cases(CASES, jobs=2)
    s = report.Summary.of(CASES, outcomes)
    request.config.stash[_SUMMARY_KEY] = s
    return s


# --- the suite itself (no engine) -------------------------------------------------------------------

def test_suite_size_and_coverage():
    everything = suite.build()
    assert sum(not c.truth for c in everything) >= 500
    assert sum(c.truth for c in everything) >= 100
    assert {c.klass for c in everything} == set(CLASSES)
    assert {(c.klass, c.truth) for c in CASES} == {(c.klass, c.truth) for c in everything}
    assert set(suite.ISSUE_EXAMPLES) <= set(BY_ID)
    for key in {(c.klass, c.truth) for c in everything}:
        in_group = [c for c in everything if (c.klass, c.truth) == key]
        assert len([c for c in CASES if (c.klass, c.truth) == key]) >= max(1, len(in_group) // suite.STRIDE), key
    assert all(c.why for c in everything)


#: Witnesses certified in the full run only (the reason: the CPU they take).
FULL_RUN_WITNESSES = {"rigor.gamma_two_plus": "mpmath at 1500 and 3000 digits on a gamma function: 4 s"}


@pytest.mark.parametrize(
    "case_id",
    [pytest.param(c.id, marks=pytest.mark.slow if c.id in FULL_RUN_WITNESSES else ()) for c in CASES if not c.truth],
)
def test_witness_is_certified(case_id):
    exact.verify_witness(BY_ID[case_id])


def test_certification_refuses_wrong_witnesses_and_closed_forms():
    from sympy import Limit, Piecewise, Rational, nan

    from symmetric import P, R

    from .case import false, x

    half = Rational(1, 2)
    left = Limit(Piecewise((P, x < 1), (R, True)), x, 1, "-")
    both = Limit(Piecewise((P, x < 1), (R, True)), x, 2, "+-")
    wrong = [
        false("w.holds", "1-piecewise-limits", left, P, witness={P: half, R: 1}, limits={left: P}, why="true"),
        false("w.closed_form", "1-piecewise-limits", left, P, witness={P: half, R: 1}, limits={left: 2}, why="no"),
        false("w.off_domain", "1-piecewise-limits", left, R, witness={P: half, R: 2}, limits={left: P}, why="no"),
        false("w.not_nonexistent", "1-piecewise-limits", both, P, witness={P: half, R: 1}, limits={both: nan},
              why="the limit exists at 2"),
        false("w.equal_by_1e_60", "7-misses", P * (1 + Rational(1, 10**60)), P * (1 + Rational(1, 10**60)),
              witness={P: half}, why="no"),
    ]
    for case in wrong:
        with pytest.raises(exact.WitnessError):
            exact.verify_witness(case)


def test_judge_checks_counterexamples_against_the_domain_and_the_truth():
    from sympy import Min, Rational

    from symmetric import P, R

    from .case import false, true

    half = Rational(1, 2)
    claim = true("j.true", "8-domain", P * R, Min(P, R), "<=", why="unit square")
    wrong = false("j.false", "7-misses", Min(P, R), P, "<", witness={P: half, R: 1}, why="equal")
    assert run.judge(claim, run.Outcome("j.true", "refuted", counterexample={P: half, R: 2})) == "wrong refutation"
    assert run.judge(wrong, run.Outcome("j.false", "refuted", counterexample={P: half, R: 1})) == "refuted"
    assert run.judge(wrong, run.Outcome("j.false", "refuted", counterexample={P: half, R: 2})) == "outside the domain"
    assert run.judge(wrong, run.Outcome("j.false", "refuted", counterexample={P: 1, R: half})) == "wrong refutation"
    assert run.judge(wrong, run.Outcome("j.false", "proven")) == "false proof"
    assert report.failure(wrong, "unknown") == "missed"
    assert run.accepts_domain(lambda lhs, rhs=None, *, domain="unit": None)


@pytest.mark.slow
def test_true_statements_hold_at_sample_points():
    wrong = []
    for c in CASES:
        if c.truth:
            points = exact.sample_points(c, 3, unit_only=c.klass == "8-domain" and c.domain == "unit")
            assert points, f"{c.id}: no sample point satisfies the conditions"
            wrong += [(c.id, p) for p in points if not exact.numeric_holds(c, p)]
    assert not wrong


# --- the engine, statement by statement ----------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("case_id", [_param(c.id) for c in CASES])
def test_verdict_is_sound(case_id, summary):
    case = BY_ID[case_id]
    judgement = summary.judgements[case_id]
    outcome = summary.outcomes[case_id]
    detail = f"{case.text()}\n{outcome}"
    assert judgement in report.SOUND[case.truth], f"{judgement}: {detail}"
    if not case.truth and case.must_refute:
        assert judgement == "refuted", f"a miss ({judgement}): {detail}"


# --- the figures ---------------------------------------------------------------------------------------

def _failures(summary, judgement):
    return [c.id for c in summary.failing(judgement)]


@pytest.mark.slow
@pytest.mark.parametrize("name", [_aggregate("aggregate.false_proofs", "false proof")])
def test_no_false_proofs(name, summary):
    assert not _failures(summary, "false proof")


@pytest.mark.slow
@pytest.mark.parametrize("name", [_aggregate("aggregate.exceptions", "exception")])
def test_no_exceptions(name, summary):
    assert not _failures(summary, "exception")


@pytest.mark.slow
@pytest.mark.parametrize("name", [_aggregate("aggregate.wrong_refutations", "wrong refutation", "outside the domain")])
def test_no_wrong_refutations(name, summary):
    assert not _failures(summary, "wrong refutation")
    assert not _failures(summary, "outside the domain")


@pytest.mark.slow
@pytest.mark.parametrize("name", [_aggregate("aggregate.completeness")])
def test_completeness(name, summary):
    proven, true = summary.proven_true(False)
    edge = summary.edge_completeness
    print(f"completeness: {proven}/{true} true statements proven outside the edge classes "
          f"({100 * summary.completeness:.1f} %); edge classes {edge[0]}/{edge[1]}")
    assert summary.completeness >= 0.95


def summary_lines(config) -> list[str]:
    """The figures for the terminal summary, if the suite ran in this session."""
    s = config.stash.get(_SUMMARY_KEY, None)
    if s is None:
        return []
    t = s.totals
    mode = "full" if len(CASES) == len(suite.build()) else "default subset"
    return [
        f"{len(CASES)} statements ({mode}; SYMMETRIC_SOUNDNESS=full for all {len(suite.build())})",
        f"false proofs {t['false proof']}, exceptions {t['exception']}, wrong refutations {t['wrong refutation']}, "
        f"outside the domain {t['outside the domain']}, timeouts {t['timeout']}",
        f"completeness {'/'.join(map(str, s.proven_true(False)))} ({100 * s.completeness:.1f} %; edge classes "
        f"{'/'.join(map(str, s.edge_completeness))}), "
        f"refuted false {t['refuted']}/{t['false']}, missed {t['missed']}/{t['must_refute']}",
    ]
