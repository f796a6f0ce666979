"""Level-curve plots: the curves are where the metric says, the break-even line where the analysis says,
and the figure is readable: labels on every level in a contrasting colour, nothing over the data."""

from __future__ import annotations

import sys
import warnings

import numpy as np
import pytest
import sympy

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")

from matplotlib.colors import to_rgb  # noqa: E402

import symmetric  # noqa: E402
from symmetric import families  # noqa: E402
from symmetric import InvalidParameterError, P, R, g_beta_rho  # noqa: E402
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


def _luminance(colour) -> float:
    r, g, b = to_rgb(colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


@pytest.mark.slow
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
    exact = {name: sympy.nsimplify(value) for name, value in values.items()}
    expr = getattr(families, metric)(**exact) if isinstance(metric, str) else \
        metric.subs({getattr(symmetric, name): value for name, value in exact.items()})
    ratio = float(plot.break_even_ratio(expr)[0])  # the analysis's proven ratio (local_geometry)
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


def test_without_a_break_even_ratio_the_caption_says_so_below_the_plot(closing):
    ax = plot.level_curves("g_beta_rho", beta=2, rho=0, resolution=40)
    closing(ax.figure)
    assert not [line for line in ax.lines if line.get_gid() == "break_even"]
    (caption,) = [t for t in ax.texts if t.get_gid() == "caption"]
    assert caption.get_text() == "no break-even ratio"
    assert caption.get_position()[1] < 0  # below the axes, off the data


def test_every_ratio_is_break_even_for_equal_weights(closing):
    """Issue 12: G at beta = 1, rho = 0 is (P + R)/2, for which every ratio is break-even."""
    ax = plot.level_curves("g_beta_rho", beta=1, rho=0, resolution=40)
    closing(ax.figure)
    (caption,) = [t for t in ax.texts if t.get_gid() == "caption"]
    assert caption.get_text() == "every ratio R/P is break-even"
    fig = plot.family_grid("g_beta_rho", vary="rho", values=[0], beta=1, resolution=30)
    closing(fig)
    assert "every ratio R/P is break-even" in fig.axes[0].get_title()


def test_labels_title_legend_and_colour_bar(closing):
    ax = plot.level_curves("g_beta_rho", beta=2, rho=-3, resolution=40)
    closing(ax.figure)
    assert ax.get_xlabel() == "recall $R$" and ax.get_ylabel() == "precision $P$"
    assert ax.get_title() == r"$G_{\beta,\rho}$, $\beta = 2$, $\rho = -3$"
    assert ax.get_xlim() == (0, 1) and ax.get_ylim() == (0, 1)
    assert len(ax.figure.axes) == 2  # the plot and its colour bar
    legend = ax.get_legend()
    assert legend.get_texts()[0].get_text() == "break-even $R = 2P$"
    ax.figure.canvas.draw()
    box, frame = legend.get_window_extent(), ax.get_window_extent()
    assert box.y1 < frame.y0  # the legend is below the plot, off the data
    bar = ax.figure.axes[1]
    assert [t.get_text() for t in bar.get_yticklabels()][0] == "0" and bar.get_yticklabels()[-1].get_text() == "1"


def test_every_level_has_a_label_in_a_contrasting_colour(closing):
    ax = plot.level_curves("g_beta_rho", beta=2, rho=-3, resolution=80)
    closing(ax.figure)
    labels = [t for t in ax.texts if t.get_gid() != "caption"]
    assert sorted(float(t.get_text()) for t in labels) == pytest.approx([0.1 * i for i in range(1, 10)])
    cmap, norm = ax.collections[0].get_cmap(), ax.collections[0].norm
    for text in labels:
        band = _luminance(cmap(norm(float(text.get_text()) + 0.05)))  # the band just above the level
        ink = _luminance(text.get_color())
        assert abs(band - ink) > 0.35, text.get_text()  # light on dark bands, dark on light ones
        assert text.get_path_effects(), "a halo keeps the label legible where the band changes"


def test_round_levels_and_a_readable_colour_bar(closing):
    ax = plot.level_curves("f_beta", beta=1, levels=4, resolution=40)
    closing(ax.figure)
    assert ax.collections[-1].levels.tolist() == pytest.approx([0.2, 0.4, 0.6, 0.8])
    ax = plot.level_curves("f_beta", beta=1, levels=30, resolution=40)
    closing(ax.figure)
    ticks = ax.figure.axes[1].get_yticks()
    assert len(ticks) <= 12 and ticks[0] == 0 and ticks[-1] == 1


def test_unbounded_expression_warns_and_uses_quantile_levels(closing):
    with pytest.warns(plot.UnboundedMetricWarning, match="unbounded"):
        ax = plot.level_curves(P / R, resolution=60)
    closing(ax.figure)
    filled = ax.collections[0]
    values = P / R
    grid = np.linspace(1 / 60, 1, 60)
    shares = np.histogram(sympy.lambdify((P, R), values)(*np.meshgrid(grid, grid)), bins=filled.levels)[0]
    assert shares.min() > 0.3 * shares.max()  # no single colour fills the square
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        closing(plot.level_curves(2 * P * R / (P + R), resolution=30).figure)  # bounded: no warning


@pytest.mark.slow
def test_large_grid_labels_every_column(closing):
    fig = plot.family_grid("g_beta_rho", vary="rho", values=[-3, -2, 0, 3, 10], beta=2, resolution=30)
    closing(fig)
    panels = [ax for ax in fig.axes if ax.get_label() != "<colorbar>" and ax.get_visible()]
    assert len(panels) == 5
    fig.canvas.draw()
    bottom = [ax for ax in panels if ax.get_xlabel()]
    assert len(bottom) == 4  # one per column: the fifth panel, and the other three of the first row
    for ax in bottom:
        assert any(t.get_text() for t in ax.get_xticklabels())


def test_family_grid_moves_only_the_curves_or_only_the_line(closing):
    fig = plot.family_grid("g_beta_rho", vary="beta", values=[0.5, 1, 2], rho=-3, resolution=40)
    closing(fig)
    panels = [ax for ax in fig.axes if ax.get_label() != "<colorbar>"]
    assert [ax.get_title().split("\n")[0] for ax in panels] == [r"$\beta = \frac{1}{2}$", r"$\beta = 1$",
                                                                r"$\beta = 2$"]
    for ax, k in zip(panels, [0.5, 1, 2]):
        recall, precision = _break_even_line(ax)
        assert np.allclose(recall[1:], k * precision[1:])
        assert ax.get_legend() is None and "break-even" in ax.get_title()  # said in the title, not over the data
    assert "varying" in fig.get_suptitle()


def test_family_grid_of_an_expression(closing):
    fig = plot.family_grid(example("weighted_geometric_mean"), vary="a", values=[1, 2], b=1, resolution=30)
    closing(fig)
    assert len([ax for ax in fig.axes if ax.get_label() != "<colorbar>"]) == 2


def test_huge_parameters_follow_the_limit(closing):
    """Issue 12: rho = 1e7 and 1e40 draw (near) the limit Max(P, R/beta), with the proven break-even line."""
    for rho in (10**7, 10**40):
        ax = plot.level_curves("g_beta_rho", beta=2, rho=rho, levels=[0.5], resolution=40)
        closing(ax.figure)
        recall, precision = _break_even_line(ax)
        assert np.allclose(recall[1:], 2 * precision[1:])
        vertices = np.concatenate([p.vertices for p in ax.collections[-1].get_paths()])
        assert np.allclose(np.maximum(vertices[:, 1], vertices[:, 0] / 2), 0.5, atol=0.02)  # the 0.5 level


def test_long_expressions_get_a_readable_title(closing):
    long = sum(P**k * R**(5 - k) for k in range(6)) / 6
    ax = plot.level_curves(long, resolution=20, break_even=False)
    closing(ax.figure)
    title = ax.get_title()
    assert title.startswith("f(P, R) = ") and "$" not in title and max(map(len, title.split("\n"))) <= 60


@pytest.mark.parametrize("call, param", [
    (lambda: plot.level_curves("nope"), "metric"),
    (lambda: plot.level_curves("2*P*R/(P + R"), "metric"),
    (lambda: plot.level_curves("P*R*c"), "metric"),
    (lambda: plot.level_curves("g_beta_rho", beta=2), "parameters"),
    (lambda: plot.level_curves("g_beta_rho", beta=2, rho=1, gamma=3), "parameters"),
    (lambda: plot.level_curves("g_beta_rho", beta=-2, rho=1), "beta"),
    (lambda: plot.level_curves("g_beta_rho", beta=2, rho=float("nan")), "rho"),
    (lambda: plot.level_curves(P + R + sympy.Symbol("c", positive=True)), "parameters"),
    (lambda: plot.level_curves("P*R + a", a=-1), "a"),
    (lambda: plot.level_curves("f_beta", beta=2, resolution=3), "resolution"),
    (lambda: plot.level_curves("f_beta", beta=2, levels=[float("nan")]), "levels"),
    (lambda: plot.level_curves(42), "metric"),
    (lambda: plot.family_grid("f_beta", vary="rho", values=[1]), "vary"),
    (lambda: plot.family_grid("f_beta", vary="beta", values=[]), "values"),
    (lambda: plot.family_grid("f_beta", vary="beta", values=[1, -1]), "beta"),
    (lambda: plot.family_grid("(1 + a)*P*R/(a*P + R)", vary="b", values=[1, 2], a=1), "vary"),
    (lambda: plot.family_grid("(1 + a)*P*R/(a*P + R)", vary="b", values=[1, 2]), "metric"),   # a: no value
])
def test_bad_input(call, param):
    # the error names the public function called (never an internal one, such as get_family)
    with pytest.raises(InvalidParameterError, match=f"The '{param}' parameter of (level_curves|family_grid) must"):
        call()


def test_expression_text_is_taken_wherever_a_family_is(closing):
    text = "(1 + a)*P*R/(a*P + R)"   # F_beta with a = beta**2: break-even at R = sqrt(a) P
    ax = plot.level_curves(text, a=4, resolution=40)
    closing(ax.figure)
    assert [line.get_label() for line in ax.lines] == ["break-even $R = 2P$"]
    assert ax.get_title().startswith("$f(P, R) = ")
    figure = plot.family_grid(text, vary="a", values=[1, 4], resolution=20)
    closing(figure)
    assert [ax.get_title() for ax in figure.axes[:2]] == ["$a = 1$\nbreak-even $R = P$ (dashed)",
                                                          "$a = 4$\nbreak-even $R = 2P$ (dashed)"]
    ratio, _ = plot.break_even_ratio("2*P*R/(P + 4*R)")
    assert ratio == sympy.Rational(1, 2)
    with pytest.raises(InvalidParameterError, match="The 'expr' parameter of break_even_ratio"):
        plot.break_even_ratio("2*P*R/(P + beta*R)")


def test_missing_matplotlib_says_how_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib.pyplot", None)
    with pytest.raises(ImportError, match=r'pip install matplotlib.*pip install "\.\[plot\]"'):
        plot.level_curves("f_beta", beta=2)


def test_the_cli_names_the_option_from_the_errors_parameter_not_its_text():
    from symmetric import InvalidParameterError
    from symmetric.cli._metric import as_option_error

    specs = [("--rho", "rho=3"), ("--param", "a=-1")]
    worded = InvalidParameterError("worded any way", param="rho", allowed="a real number", got=3)
    named = as_option_error(worded, specs, func="symmetric plot")
    assert (named.param, named.func, named.got) == ("--rho", "symmetric plot", "rho=3")
    assert str(named) == "The '--rho' parameter of symmetric plot must be a real number. Got 'rho=3' instead."
    text_only = InvalidParameterError("The 'rho' parameter, by text alone")   # no param: the text is never read
    assert as_option_error(text_only, specs, func="symmetric plot") is text_only
    assert as_option_error(InvalidParameterError.of("a", "parse", "positive", -1), specs, func="f").param == "--param"


def test_the_plot_package_only_draws():
    """Importing symmetric.plot loads neither SymPy nor an analysis module: the analysis comes, when a plot needs
    it, through the public functions of explore, numeric and metrics."""
    import subprocess

    code = ("import sys, symmetric.plot; "
            "print(sorted(m for m in sys.modules if m == 'sympy' or (m.startswith('symmetric.') "
            "and not m.startswith('symmetric.plot') and m not in ('symmetric._validation', "
            "'symmetric._constraints'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
    assert plot.break_even_ratio is sys.modules["symmetric.explore.break_even"].break_even_ratio


def test_a_parameter_value_is_checked_once_on_its_way_to_the_numeric_function(closing):
    from dataclasses import dataclass

    from symmetric.families import FAMILIES, Family, Parameter, register_family

    seen = []

    @dataclass(frozen=True)
    class Counted(Parameter):
        def check(self, value, **kwargs):
            seen.append(value)
            return super().check(value, **kwargs)

    W = Counted(sympy.Symbol("w", positive=True), label="w")

    def weighted_mean(w=W.symbol):
        return (w * P + R) / (1 + w)

    register_family(Family("counted_mean", weighted_mean, (W,), "a weighted arithmetic mean"))
    try:
        ax = plot.level_curves("counted_mean", w=2, resolution=20)
        closing(ax.figure)
    finally:
        del FAMILIES["counted_mean"]
    assert len(seen) == 1   # by level_curves (fix_parameters); the builder and the numeric code get it checked


def test_the_command_line_reads_the_plotting_functions_declarations(tmp_path, capsys):
    from symmetric._constraints import constraints_of
    from symmetric.cli import main

    for option, value in (("--levels", "0"), ("--resolution", "3")):
        code = main(["plot", "f_beta", "--beta", "2", option, value, "-o", str(tmp_path / "f.png")])
        err = capsys.readouterr().err
        allowed = constraints_of(plot.level_curves)[option[2:]].allowed
        assert code == 2 and err.strip() == (f"symmetric plot: The {option!r} parameter of symmetric plot must be "
                                             f"{allowed}. Got {int(value)} instead.")
    assert not list(tmp_path.iterdir())
