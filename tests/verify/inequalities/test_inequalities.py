"""Decided inequalities: the sign rules, each strategy, the named inequalities with and without z3,
and false variants that no strategy may prove.

Soundness is tested with the numeric pruning of the search switched off (``exact_only``): a false
statement must then be refused by the exact strategies themselves, not by the sample points that
normally cut such searches short.
"""

import signal
import sys
import time

import pytest
import sympy
from sympy import Max, Min, Ne, Rational as Q

from symmetric import P, R, beta, f_beta, g_beta_rho, gamma, phi, power_mean, rho
from symmetric.families import general_formula
from symmetric.verify import check, run_with_budget
from symmetric.verify.strategies import goal_search as inequalities
from symmetric.verify.inequalities.goals import domains_of
from symmetric.verify.inequalities.polynomials import univariate_signs
from symmetric.verify.core.relations import ANY, NEG, NONNEG, NONPOS, POS
from symmetric.verify.signs.decide import Domain, Interval, sign_of
from symmetric.verify.inequalities.solvers import _uninterrupted, load_z3, z3_decide
from symmetric.verify.inequalities.splits import resolve, split_cases
from symmetric.verify.core.statement import Statement
from symmetric.verify.core.steps import ProofStep

t = sympy.Symbol("t", positive=True)
x = sympy.Symbol("x", positive=True)
G = g_beta_rho()
HM, GM, AM, QM = (power_mean(phi=k) for k in (-1, 0, 1, 2))
G_PP = sympy.diff(G, P, 2)
dM_dphi = sympy.diff(general_formula(power_mean()), phi)


def prove(lhs, relation, rhs, conditions=(), seconds=30.0, **kwargs):
    statement = Statement.of(lhs, rhs, relation=relation, conditions=conditions)
    return inequalities.prove_inequality(statement, time.perf_counter() + seconds, **kwargs)


@pytest.fixture
def exact_only():
    """Strategy errors propagate, and no sample point prunes the search."""
    with inequalities.exact_search():
        yield


@pytest.fixture
def without_z3(monkeypatch):
    monkeypatch.setitem(sys.modules, "z3", None)
    assert load_z3() is None


# --- the sign rules ------------------------------------------------------------------------------

def test_sign_rules_on_intervals_and_facts():
    d = Domain.of_symbols([P, R, rho, t])
    assert sign_of(P * R, d) == POS and sign_of(-P / R, d) == NEG
    assert sign_of(rho**2, d) == NONNEG and sign_of(rho**2 + 1, d) == POS
    assert sign_of(t - 1, d) == ANY
    assert sign_of(t - 1, d.restrict(t, Interval(1, sympy.oo, lo_closed=True))) == NONNEG  # zero at t = 1
    assert sign_of(t - 1, d.restrict(t, Interval(1, sympy.oo))) == POS
    assert sign_of(P - R, d.with_fact(P - R, NEG)) == NEG
    assert sign_of(3 * R - 3 * P, d.with_fact(P - R, NONPOS)) == NONNEG
    assert sign_of(Max(P, -rho**2), d) == POS and sign_of(Min(P, -rho**2), d) == NONPOS


def test_monotone_power_and_log_rules_need_the_sign_of_the_exponent():
    d = Domain.of_symbols([t, rho, beta]).restrict(t, Interval(0, 1, hi_closed=True))
    wanted = []
    assert sign_of(1 - t**(rho + 1), d, wanted=wanted) == ANY
    assert wanted == [-rho - 1]  # 1 - t**(rho + 1) = 1 - (1/t)**(-rho - 1): its sign is needed
    above = d.restrict(rho, Interval(-1, sympy.oo))
    below = d.restrict(rho, Interval(-sympy.oo, -1))
    assert sign_of(1 - t**(rho + 1), above) == NONNEG   # 0 at t = 1
    assert sign_of(1 - t**(rho + 1), below) == NONPOS
    assert sign_of(sympy.log(t), d) == NONPOS
    assert sign_of(sympy.log(beta) - sympy.log(beta * t), d) == NONNEG


def test_deep_expressions_end_in_unknown_not_recursion_error():
    # Regression: a runaway rewrite (common factors of sums with repeated bases) nested the rules without end;
    # the oracle now gives up past a nesting depth instead of exhausting Python's stack.
    deep = t
    for _ in range(150):
        deep = sympy.log(1 + deep)
    assert sign_of(deep - t, Domain.of_symbols([t])) is None


def test_undefined_expressions_have_no_sign():
    d = Domain.of_symbols([P, R, rho])
    for expr in (1 / (P - R), sympy.log(rho), sympy.sqrt(rho), (-P) ** Q(1, 3), rho**rho, 1 / rho**2):
        assert sign_of(expr, d) is None, expr
    assert sign_of(1 / rho**2, d.restrict(rho, Interval(0, sympy.oo))) == POS


# --- conditions, case splits, polynomials, z3 -----------------------------------------------------

def test_conditions_become_bounds_facts_substitutions_and_splits():
    st = Statement.of(rho, 0, relation=">=", conditions=[P < R, rho >= -1, Ne(rho, 0), sympy.Eq(beta, 2), P**2 > R])
    cases = domains_of(st)
    assert [m for _, m in cases] == [{beta: 2}, {beta: 2}]
    assert [d.describe() for d, _ in cases] == ["-1 <= rho < 0, P - R < 0, P**2 - R > 0",
                                               "0 < rho, P - R < 0, P**2 - R > 0"]
    # A condition that cannot hold leaves no domain, and nothing is proven from it.
    assert domains_of(Statement.of(rho, 0, relation=">=", conditions=[rho > 1, rho < 0])) == []
    assert prove(rho, ">=", 0, conditions=[rho > 1, rho < 0]) is None


def test_piecewise_and_max_splits_cover_the_domain():
    d = Domain.of_symbols(G.free_symbols)
    resolved, split = resolve(G, d)
    assert resolved == G and split == ("cut", rho, 0)
    cases = split_cases(split, d)
    assert [text for text, _, _ in cases] == ["rho < 0", "rho = 0", "rho > 0"]
    assert G.xreplace(cases[1][1]) == (beta * P + R) / (beta + 1)  # the stipulated value at rho = 0
    below = cases[0][2]
    assert resolve(G, below)[1] == ("cut", rho, -1)
    m, split = resolve(Max(P, R), d)
    assert m == Max(P, R) and split == ("order", P - R)
    assert resolve(Max(P, R), d.with_fact(P - R, NONPOS))[0] == R


def test_sturm_signs_are_exact_on_intervals():
    d = Domain.of_symbols([x])
    assert univariate_signs((x - 1)**2 * (x - 3), d.restrict(x, Interval(0, 2))) == frozenset({-1, 0})
    assert univariate_signs((x - 1)**2 * (x - 3), d.restrict(x, Interval(3, 4))) == POS
    assert univariate_signs(x**3 - 2 * x, d) == ANY
    assert univariate_signs(x**Q(1, 3) - (x + 2) / 3, d) == NONPOS
    assert univariate_signs(x**Q(1, 3) - (2 * x + 1) / 3, d) == ANY  # weights swapped: not AM-GM
    assert univariate_signs(x**beta - 1, d) is None  # not a rational function of x


@pytest.mark.skipif(load_z3() is None, reason="the solvers extra (z3) is not installed")
def test_z3_decides_algebraic_statements_and_checks_definedness():
    d = Domain.of_symbols([P, R, gamma])
    assert z3_decide(QM, AM, domain=d, strict=False, timeout=10)[0] == "proven"
    assert z3_decide(QM, AM, domain=d, strict=True, timeout=10)[0] == "candidate"  # equal at P = R
    answer, point = z3_decide(P * R, Min(P, R), domain=d, strict=False, timeout=10)
    assert answer == "candidate" and (P * R - Min(P, R)).xreplace(point) < 0
    unit = d.restrict(P, Interval(0, 1, hi_closed=True)).restrict(R, Interval(0, 1, hi_closed=True))
    assert z3_decide(Min(P, R), P * R, domain=unit, strict=False, timeout=10)[0] == "proven"
    assert z3_decide(1 / (P - R) ** 2, 0, domain=d, strict=False, timeout=10)[0] == "unknown"  # undefined at P = R
    assert z3_decide(P**gamma, 0, domain=d, strict=False, timeout=10)[0] == "unknown"  # not algebraic


@pytest.mark.skipif(not hasattr(signal, "pthread_sigmask"), reason="POSIX signal masks")
def test_the_budget_signal_waits_for_z3():
    # Regression: a budget signal inside z3's Python API left half-built z3 objects whose finalizers failed.
    reached = []

    def work():
        with _uninterrupted():
            time.sleep(0.2)  # the budget (0.05 s) runs out while z3 works: its signal is held back
            reached.append("z3 finished")
        reached.append("after")  # not reached: the held-back signal stops the work on exit

    ok, _ = run_with_budget(work, 0.05)
    assert not ok and reached == ["z3 finished"]


def test_without_z3_the_solver_route_is_silent(without_z3):
    d = Domain.of_symbols([P, R, gamma])
    assert z3_decide(QM, AM, domain=d, strict=False, timeout=10) == ("unknown", None)


# --- the named inequalities ----------------------------------------------------------------------

NAMED = {  # the inequalities issue 8 names; proofs/inequalities.py holds them as claims
    "hm_le_gm": (HM, "<=", GM, ()),
    "am_gm": (GM, "<=", AM, ()),
    "am_le_qm": (AM, "<=", QM, ()),
    "g_at_most_max": (G, "<=", Max(P, R), ()),
    "g_at_least_min": (Min(P, R), "<=", G, ()),
    "power_mean_increasing_in_phi": (dM_dphi, ">=", 0, (Ne(phi, 0),)),
    "g_increasing_in_rho_at_beta_one": (sympy.diff(general_formula(g_beta_rho(beta=1)), rho), ">=", 0, (Ne(rho, -1),)),
    "g_concave": (G_PP, "<=", 0, (rho <= 0,)),
    "g_convex": (G_PP, ">=", 0, (rho >= 0,)),
    "f_beta_bound": (f_beta(), "<=", (1 + beta**2) * P, ()),
    "ratio_power": ((P / R) ** rho, "<=", 1, (P < R, rho >= 0)),
}


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(NAMED))
def test_named_inequality_is_proven_by_check_without_z3(without_z3, exact_only, name):
    # With P, R <= 1, as check() adds them for the metric domain (issue 8); the claims run on P, R > 0, with z3.
    lhs, relation, rhs, conditions = NAMED[name]
    verdict = check(lhs, rhs, relation=relation, conditions=tuple(conditions) + (P <= 1, R <= 1), timeout=60)
    assert verdict.status == "proven" and "z3" not in verdict.method, verdict


@pytest.mark.slow
def test_proof_steps_say_what_they_trust():
    method, steps = prove(*NAMED["g_at_least_min"][:3])
    assert method == " + ".join(dict.fromkeys(s.strategy for s in steps))
    assert all(isinstance(s, ProofStep) and s.statement and s.trusts for s in steps)
    assert {s.strategy for s in steps} >= {"case split", "homogeneity", "monotone transform", "sign"}


@pytest.mark.skipif(load_z3() is None, reason="the solvers extra (z3) is not installed")
def test_z3_route_proves_and_says_so():
    method, steps = prove(AM, "<=", QM)
    assert method == "z3 nlsat"
    assert steps[0].trusts.startswith(f"z3 nlsat decision procedure, version {load_z3().get_version_string()}")


@pytest.mark.slow
def test_check_proves_through_the_hook():
    verdict = check(G, Max(P, R), relation="<=")
    assert verdict.status == "proven" and "homogeneity" in verdict.method
    assert check(G, Max(P, R), relation="<", timeout=4).status != "proven"  # equal where P = R


def test_the_prover_uses_the_conditions():
    # P*R <= min(P, R) holds on the unit square only.
    assert prove(P * R, "<=", Min(P, R), [P <= 1, R <= 1]) is not None
    assert prove(P * R, "<=", Min(P, R), [P <= 1]) is None


# --- false variants: no strategy may prove them ------------------------------------------------

FALSE = {
    "gm_le_hm (wrong direction)": (GM, "<=", HM, ()),
    "hm_lt_gm (strict, equal at P = R)": (HM, "<", GM, ()),
    "qm_le_am (wrong direction)": (QM, "<=", AM, ()),
    "am_lt_qm (strict)": (AM, "<", QM, ()),
    "am_gm with other weights": (power_mean(gamma=2, phi=0), "<=", power_mean(gamma=1, phi=1), ()),
    "am_gm, weights swapped": (x**Q(1, 3), "<=", (2 * x + 1) / 3, ()),
    "g_lt_max (strict)": (G, "<", Max(P, R), ()),
    "g_ge_max (wrong direction)": (G, ">=", Max(P, R), ()),
    "min_lt_g (strict)": (Min(P, R), "<", G, ()),
    "g_le_p": (G, "<=", P, ()),
    "ratio with rho <= 0": ((P / R) ** rho, "<=", 1, (P < R, rho <= 0)),
    "ratio strict (equal at rho = 0)": ((P / R) ** rho, "<", 1, (P < R, rho >= 0)),
    "ratio without P < R": ((P / R) ** rho, "<=", 1, (rho >= 0,)),
    "concave for rho >= 0 (wrong range)": (G_PP, "<=", 0, (rho >= 0,)),
    "concave strictly (G_PP = 0 at rho = 0)": (G_PP, "<", 0, (rho <= 0,)),
    "convex for rho > -1/2 (wrong range)": (G_PP, ">=", 0, (rho > -Q(1, 2),)),
    "power mean strictly increasing (equal at P = R)": (dM_dphi, ">", 0, (Ne(phi, 0),)),
    "power mean decreasing": (dM_dphi, "<=", 0, (Ne(phi, 0),)),
    "G increasing in rho for every beta": (sympy.diff(general_formula(G), rho), ">=", 0, (Ne(rho, -1),)),
    "f_beta <= beta**2 P": (f_beta(), "<=", beta**2 * P, ()),
    "P*R <= min(P, R) off the unit square": (P * R, "<=", Min(P, R), ()),
    "undefined at P = R": (1 / (P - R) ** 2, ">", 0, ()),
}


@pytest.mark.parametrize("name", sorted(FALSE))
def test_false_variant_is_refused_by_the_exact_strategies(exact_only, name):
    lhs, relation, rhs, conditions = FALSE[name]
    assert prove(lhs, relation, rhs, conditions, seconds=0.4) is None


def test_false_variants_are_refused_with_pruning():
    for name, (lhs, relation, rhs, conditions) in FALSE.items():
        assert prove(lhs, relation, rhs, conditions, seconds=20) is None, name


@pytest.mark.skipif(load_z3() is None, reason="the solvers extra (z3) is not installed")
def test_z3_candidates_are_handed_back_not_reported(exact_only):
    candidates = []
    assert prove(P * R, "<=", Min(P, R), seconds=5, candidates=candidates) is None
    assert candidates and all((P * R - Min(P, R)).xreplace(c) > 0 for c in candidates)


def test_invalid_input_gives_none_not_an_exception():
    assert prove(sympy.Limit(P**rho, rho, 0), "<=", 1) is None
    assert inequalities.prove_inequality(Statement.of(P, R), time.perf_counter() + 5) is None  # an equality
    assert prove(sympy.Symbol("z") ** 2, ">=", 0) is None  # not known to be real
    assert prove(P, ">", 0, seconds=-1) is None
    assert prove(sympy.gamma(P), ">", 0) is None  # an unsupported function


@pytest.mark.slow
def test_random_polynomials_agree_with_their_real_roots(exact_only):
    rng = __import__("random").Random(8)
    for _ in range(25):
        coeffs = [rng.randint(-3, 3) for _ in range(rng.randint(2, 4))]
        p = sum(c * x**k for k, c in enumerate(coeffs))
        iv = Interval(Q(rng.randint(0, 2)), Q(rng.randint(3, 5)), lo_closed=True, hi_closed=True)
        roots = [r for r in sympy.Poly(p, x).real_roots() if iv.lo <= r <= iv.hi] if p.has(x) else []
        points = sorted(set([iv.lo, iv.hi] + roots + [(a + b) / 2 for a, b in zip([iv.lo] + roots, roots + [iv.hi])]))
        truth = all(p.subs(x, v) >= 0 for v in points)
        found = prove(p, ">=", 0, [x >= iv.lo, x <= iv.hi], seconds=1)
        assert found is None or truth, (p, iv)


def test_the_budget_waits_for_z3_when_another_thread_takes_the_signal():
    # Regression: under pytest-xdist (or Dask) another thread runs; the kernel may deliver the timer's
    # signal to it, and Python then runs the handler in the main thread despite the main thread's mask.
    import threading

    stop = threading.Event()
    other = threading.Thread(target=stop.wait, daemon=True)
    other.start()
    reached = []

    def work():
        with _uninterrupted():
            deadline = time.monotonic() + 0.2
            while time.monotonic() < deadline:  # Python code inside the held block: the handler runs here
                pass
            reached.append("z3 finished")
        reached.append("after")

    try:
        ok, _ = run_with_budget(work, 0.05)
    finally:
        stop.set()
    assert not ok and reached == ["z3 finished"]
