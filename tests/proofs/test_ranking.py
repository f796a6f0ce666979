"""The ranking metrics of symmetric.metrics against the statements proven in proofs/ranking.py.

Each claim's expression (its target, or the side it derives) is compiled and
evaluated at the counts the metrics see, and compared with the metrics'
values: the trapezoids are the Mann-Whitney pairs, AP is the sum of the step
areas and lies between the worst ranking's AP and 1, the ROC and PR points
map through the prevalence.
"""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest
import sympy

import symmetric.metrics as sm
from symmetric.verify.claims.registry import load_proofs

PROOFS = Path(__file__).resolve().parents[2] / "proofs"


@pytest.fixture(scope="module")
def claims():
    (proof,) = load_proofs(PROOFS / "ranking.py", builtin=False)
    return {c.id: c for c in proof.claims}


def compiled(expr):
    """``expr`` as a NumPy function of its free symbols, called by name."""
    names = sorted(expr.free_symbols, key=lambda s: s.name)
    f = sympy.lambdify(names, expr, "numpy")
    return lambda **values: f(*(values[s.name] for s in names))


def _blocks(y, score):
    """Per distinct score, from the top: positives and negatives in the block, and above it."""
    keys = np.unique(score)[::-1]
    a = np.array([np.sum((score == t) & (y == 1)) for t in keys], dtype=float)
    b = np.array([np.sum((score == t) & (y == 0)) for t in keys], dtype=float)
    return a, b, np.concatenate([[0], np.cumsum(a)[:-1]]), np.concatenate([[0], np.cumsum(b)[:-1]])


def _data(seed, n=300):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, n)
    y[:2], y[2:4] = 1, 0
    return y, np.round(rng.random(n) + 0.4 * y, 1 + seed % 3)


@pytest.mark.parametrize("seed", range(6))
def test_the_area_is_the_sum_of_the_mann_whitney_blocks(claims, seed):
    y, score = _data(seed)
    a, b, tp, fp = _blocks(y, score)
    block = compiled(claims["ranking.auc.mann_whitney"].rhs)
    area = block(a=a, b=b, tp=tp, m=a.sum(), n=b.sum()).sum()
    assert math.isclose(sm.roc_auc_score(y, score), area, rel_tol=1e-13)
    fpr, tpr, _ = sm.roc_curve(y, score, drop_intermediate=False)
    trapezoids = compiled(claims["ranking.auc.mann_whitney"].lhs)  # the derived side: the trapezoid itself
    np.testing.assert_allclose(trapezoids(a=a, b=b, tp=tp, fp=fp, m=a.sum(), n=b.sum()),
                               np.diff(fpr) * (tpr[1:] + tpr[:-1]) / 2, rtol=1e-13, atol=1e-16)


def test_three_blocks(claims):
    y = np.array([1, 0, 1, 1, 0, 0, 0, 1, 0])
    score = np.array([3, 3, 2, 2, 2, 1, 1, 1, 1])
    a, b, _, _ = _blocks(y, score)
    value = compiled(claims["ranking.auc.mann_whitney_three_blocks"].rhs)(
        **{f"a{i + 1}": a[i] for i in range(3)}, **{f"b{i + 1}": b[i] for i in range(3)})
    assert math.isclose(sm.roc_auc_score(y, score), value, rel_tol=1e-15)


@pytest.mark.parametrize("transform", [np.exp, lambda s: s**3, lambda s: 1e-6 * s - 10, np.arctan])
def test_a_strictly_increasing_transform_keeps_the_auc_and_the_curve(claims, transform):
    y, score = _data(1)
    kernel = compiled(claims["ranking.auc.order_only"].rhs)
    np.testing.assert_array_equal(kernel(d=np.array([-2.0, 0.0, 3.0])), [0.0, 0.5, 1.0])
    assert sm.roc_auc_score(y, transform(score)) == sm.roc_auc_score(y, score)   # the same counts: the same bits
    for ours, theirs in zip(sm.roc_curve(y, transform(score))[:2], sm.roc_curve(y, score)[:2]):
        np.testing.assert_array_equal(ours, theirs)


@pytest.mark.parametrize("seed", range(6))
def test_average_precision_is_the_sum_of_the_step_areas_between_its_bounds(claims, seed):
    y, score = _data(seed)
    a, b, tp, fp = _blocks(y, score)
    m, n = a.sum(), b.sum()
    steps = compiled(claims["ranking.ap.step_area"].rhs)(a=a, b=b, tp=tp, fp=fp, m=m)
    ap = sm.average_precision_score(y, score)
    assert math.isclose(ap, steps.sum(), rel_tol=1e-13)
    recall_steps = compiled(claims["ranking.ap.at_most_recall_step"].rhs)(a=a, m=m)
    assert np.all(steps <= recall_steps + 1e-15) and math.isclose(recall_steps.sum(), 1.0) and ap <= 1
    floor = compiled(claims["ranking.ap.block_floor"].rhs)(a=a, b=b, tp=tp, fp=fp, s=n - fp - b)
    assert np.all(steps >= a / m * floor - 1e-15)
    worst = compiled(claims["ranking.ap.worst_increasing"].rhs)(k=np.arange(1, m + 1), n=n).sum() / m
    assert ap >= worst
    ranked_last = np.where(y == 1, -np.arange(len(y)), len(y))   # every negative above every positive
    assert math.isclose(sm.average_precision_score(y, ranked_last), worst, rel_tol=1e-12)   # the floor is reached


def test_the_worst_ranking_reaches_the_floor_and_goes_below_the_positive_rate(claims):
    y, score = np.array([0, 0, 1, 1]), np.array([4.0, 3.0, 2.0, 1.0])
    worst = compiled(claims["ranking.ap.worst_increasing"].rhs)(k=np.arange(1, 3), n=2).sum() / 2
    assert math.isclose(sm.average_precision_score(y, score), worst) and math.isclose(worst, 5 / 12) and worst < 1 / 2
    assert claims["ranking.ap.below_positive_rate"].expected == "refuted"
    one_block = compiled(claims["ranking.ap.step_area"].rhs)(a=1, b=3, tp=0, fp=0, m=1)   # a constant score
    assert sm.average_precision_score([1, 0, 0, 0], [0.5] * 4) == one_block == 1 / 4


@pytest.mark.parametrize("seed", range(4))
def test_roc_and_pr_points_map_through_the_prevalence(claims, seed):
    y, score = _data(seed)
    fpr, tpr, _ = sm.roc_curve(y, score, drop_intermediate=False)
    precision, recall, _ = sm.precision_recall_curve(y, score)
    pi = y.mean()
    derived = claims["ranking.roc_pr.precision"].lhs   # pi TPR / (pi TPR + (1 - pi) FPR) in the counts
    tp, fp = tpr[1:] * y.sum(), fpr[1:] * (len(y) - y.sum())
    from_roc = compiled(derived)(TP=tp, FP=fp, FN=y.sum() - tp, TN=len(y) - y.sum() - fp)
    np.testing.assert_allclose(from_roc[::-1], precision[:-1], rtol=1e-13)
    np.testing.assert_allclose(pi * tpr[1:] / (pi * tpr[1:] + (1 - pi) * fpr[1:]), precision[:-1][::-1], rtol=1e-13)
    np.testing.assert_array_equal(tpr[1:], recall[:-1][::-1])
    positive = precision[:-1] > 0
    fpr_back = pi / (1 - pi) * recall[:-1] * (1 - precision[:-1]) / precision[:-1]
    np.testing.assert_allclose(fpr_back[positive], fpr[1:][::-1][positive], rtol=1e-12, atol=1e-15)
