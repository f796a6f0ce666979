"""The whole suite: every case of every module, and the default subset.

>>> cases = build()
>>> len({c.id for c in cases}) == len(cases)
True
>>> sum(not c.truth for c in cases) >= 500, sum(c.truth for c in cases) >= 100
(True, True)
>>> sub = default_subset(cases)
>>> len(sub) < len(cases) // 8, {(c.klass, c.truth) for c in sub} == {(c.klass, c.truth) for c in cases}
(True, True)
>>> set(ISSUE_EXAMPLES) <= {c.id for c in sub}
True
"""

from __future__ import annotations

import functools
import os

from . import bound, domain_cases, evaluation, means, misses, mutations, parameters, piecewise_limits, rigor, trust
from .case import CLASSES

__all__ = ["build", "default_subset", "selected", "CLASSES", "MODULES", "ENVIRONMENT", "ISSUE_EXAMPLES", "STRIDE"]

#: The modules that build cases, in report order.
MODULES = (piecewise_limits, parameters, bound, misses, domain_cases, means, mutations, trust, rigor, evaluation)

#: The environment variable that selects the full suite under pytest.
ENVIRONMENT = "SYMMETRIC_SOUNDNESS"

#: The default subset takes one case in STRIDE within each class and truth value.
STRIDE = 24

#: The statements issue 8 itself names (or their nearest case), always in the default subset.
ISSUE_EXAMPLES = (
    # 1, 6: one-sided and two-sided limits across a jump, and the correct versions
    "issue.left_limit_is_right_branch", "issue.two_sided_across_jump", "issue.left_limit_nonnegative",
    "issue.left_limit", "issue.left_limit_nonpositive",
    # 2, 6: an Eq condition that holds on an interval
    "issue.floor_condition_punctured", "issue.floor_condition",
    # 3: a coefficient made of parameters that vanishes
    "degenerate.ratio_at_oo.p_minus_7r", "degenerate.ratio_at_oo.beta2_minus_2", "degenerate.ratio_split.p_minus_7r",
    # 4: a Limit's variable also in a condition
    "captured.rho_squared.is_body", "captured.rho_squared.is_value",
    "captured.f_beta_at_oo.is_body", "captured.f_beta_at_oo.is_value",
    # 5: inputs that raised
    "g_limit.at_minus_1.rho_negative", "variable_point.max_at_r", "variable_point.max_at_r.wrong",
    "variable_point.difference_quotient_square", "variable_point.difference_quotient_square.wrong",
    # 7: a perturbation of 1e-30 and a strict inequality that fails by equality on an interval
    "perturbation.additive_1e30", "strict.min_below_p",
    # 8: P*R <= Min(P, R) in the unit square
    "unit.min_above_product",
    # 9: the inequalities the issue names
    "chain.harmonic_below_geometric", "chain.geometric_below_arithmetic", "chain.arithmetic_below_quadratic",
    "bounds.g_above_min", "bounds.g_below_max",
    # issue 23: the five root causes
    "complex.denest_sqrt", "trig.atan_cubic_root", "trig.binomial_below_k", "float.tenth_100_equation",
    "float.tenth_150_below", "derivative.abs_kink", "derivative.min_diagonal", "assume.prime_at_least_3",
    "assume.huge_power", "evalf.log_near_one_below_half",
)


@functools.lru_cache(maxsize=None)
def _build() -> tuple:
    cases = tuple(c for module in MODULES for c in module.build())
    seen: dict = {}
    for c in cases:
        if c.id in seen:
            raise AssertionError(f"duplicate case id {c.id}")
        seen[c.id] = c
    return tuple(sorted(cases, key=lambda c: (list(CLASSES).index(c.klass), c.id)))


def build() -> list:
    """Every case, sorted by class and id (built once per process)."""
    return list(_build())


def default_subset(cases) -> list:
    """A small deterministic stratified sample: :data:`ISSUE_EXAMPLES`, and one case in
    :data:`STRIDE` in id order within each class and truth value (so every class, with both truth
    values where it has them, is represented), in the order of ``cases``."""
    groups: dict = {}
    for c in cases:
        groups.setdefault((c.klass, c.truth), []).append(c)
    chosen = {c.id for group in groups.values() for c in group[STRIDE // 2::STRIDE] or group[:1]}
    chosen.update(ISSUE_EXAMPLES)
    return [c for c in cases if c.id in chosen]


def selected() -> list:
    """The cases pytest runs: the default subset, or all of them when ``SYMMETRIC_SOUNDNESS=full``."""
    cases = build()
    return cases if os.environ.get(ENVIRONMENT, "").strip().lower() == "full" else default_subset(cases)
