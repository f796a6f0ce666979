"""Level-curve plots: the curves are where the metric says, the break-even line where the analysis says."""

from __future__ import annotations

import sys

import numpy as np
import pytest
import sympy

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")

from symmetric import P, R, g_beta_rho  # noqa: E402
from symmetric._validation import InvalidParameterError  # noqa: E402
from symmetric.explore import analyze  # noqa: E402
from symmetric.explore.examples import example  # noqa: E402
from symmetric import plot  # noqa: E402


@pytest.fixture
def closing():
    figures = []
    yield figures.append
    for figure in figures:
        plot.close(figure)


def _break_even_line(ax):
    (line,) = [line for line in ax.lines if line.get_gid() == "break_even"]
    return np.asarray(line.get_xdata(), float), np.asarray(line.get_ydata(), float)


@pytest.mark.parametrize("metric, values", [
    ("g_beta_rho", {"beta": 2, "rho": -3}),
    ("g_beta_rho", {"beta": 0.5, "rho": 3}),
    ("f_beta", {"beta": 3}),
    ("f_beta_alternative", {"beta": 2}),
    ("power_mean", {"gamma": 3, "phi": -1}),
    (example("weighted_lehmer_mean"), {"beta": 2}),
])
def test_break_even_line_is_where_the_analysis_says(metric, values, closing):
    ax = plot.level_curves(metric, resolution=60, **values)
    closing(ax.figure)
    expr = plot._resolve(metric, values, "test")[0]
    ratio = float(analyze(expr, limits=False).break_even)
    recall, precision = _break_even_line(ax)
    assert recall[0] == precision[0] == 0
    assert np.allclose(recall[1:], ratio * precision[1:])  # R = k P, with recall across
    assert max(recall[-1], precision[-1]) == pytest.approx(1.0)  # drawn to the edge of the square


def test_contours_follow_the_metric_with_recall_across(closing):
    """Points on the drawn 0.5 curve of an asymmetric metric have the value 0.5 (an axis swap would not)."""
    expr = g_beta_rho(beta=3, rho=-2)
    ax = plot.level_curves(expr, levels=[0.5], resolution=200)
    closing(ax.figure)
    vertices = np.concatenate([path.vertices for path in ax.collections[-1].get_paths()])
    f = sympy.lambdify((P, R), expr)
    values = f(vertices[:, 1], vertices[:, 0])
    assert len(vertices) > 20 and np.allclose(values, 0.5, atol=0.01)


def test_no_line_without_a_break_even_ratio(closing):
    ax = plot.level_curves("g_beta_rho", beta=2, rho=0, resolution=40)
    closing(ax.figure)
    assert not [line for line in ax.lines if line.get_gid() == "break_even"]
    assert any(text.get_text() == "no break-even ratio" for text in ax.texts)


def test_labels_title_and_colour_bar(closing):
    ax = plot.level_curves("g_beta_rho", beta=2, rho=-3, resolution=40)
    closing(ax.figure)
    assert ax.get_xlabel() == "recall $R$" and ax.get_ylabel() == "precision $P$"
    assert ax.get_title() == r"$G_{\beta,\rho}$, $\beta = 2$, $\rho = -3$"
    assert ax.get_xlim() == (0, 1) and ax.get_ylim() == (0, 1)
    assert len(ax.figure.axes) == 2  # the plot and its colour bar
    assert ax.get_legend().get_texts()[0].get_text() == "break-even $R = 2P$"


def test_family_grid_moves_only_the_curves_or_only_the_line(closing):
    fig = plot.family_grid("g_beta_rho", vary="beta", values=[0.5, 1, 2], rho=-3, resolution=40)
    closing(fig)
    panels = [ax for ax in fig.axes if ax.get_label() != "<colorbar>"]
    assert [ax.get_title() for ax in panels] == [r"$\beta = \frac{1}{2}$", r"$\beta = 1$", r"$\beta = 2$"]
    for ax, k in zip(panels, [0.5, 1, 2]):
        recall, precision = _break_even_line(ax)
        assert np.allclose(recall[1:], k * precision[1:])
    assert "varying" in fig._suptitle.get_text()


def test_family_grid_of_an_expression(closing):
    fig = plot.family_grid(example("weighted_geometric_mean"), vary="a", values=[1, 2], b=1, resolution=30)
    closing(fig)
    assert len([ax for ax in fig.axes if ax.get_label() != "<colorbar>"]) == 2


@pytest.mark.parametrize("call, param", [
    (lambda: plot.level_curves("nope"), "name"),
    (lambda: plot.level_curves("g_beta_rho", beta=2), "parameters"),
    (lambda: plot.level_curves("g_beta_rho", beta=2, rho=1, gamma=3), "parameters"),
    (lambda: plot.level_curves("g_beta_rho", beta=-2, rho=1), "beta"),
    (lambda: plot.level_curves(P + R + sympy.Symbol("c", positive=True)), "parameters"),
    (lambda: plot.level_curves("f_beta", beta=2, resolution=3), "resolution"),
    (lambda: plot.level_curves(42), "metric"),
    (lambda: plot.family_grid("f_beta", vary="rho", values=[1]), "vary"),
    (lambda: plot.family_grid("f_beta", vary="beta", values=[]), "values"),
])
def test_bad_input(call, param):
    with pytest.raises(InvalidParameterError, match=f"The '{param}' parameter"):
        call()


def test_missing_matplotlib_says_how_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib.pyplot", None)
    with pytest.raises(ImportError, match=r'pip install "symmetric\[plot\]"'):
        plot.level_curves("f_beta", beta=2)
