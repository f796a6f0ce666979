"""``plot.prevalence_curve``: the metrics at each prevalence, each curve drawn once, its arguments checked once."""

import numpy as np
import pytest

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")

from symmetric import InvalidParameterError, plot  # noqa: E402

Y_TRUE = [1] * 100 + [0] * 100
Y_PRED = [1] * 90 + [0] * 10 + [1] * 5 + [0] * 95


def curves(ax) -> dict:
    return {line.get_label(): np.asarray(line.get_ydata(), float) for line in ax.lines if len(line.get_ydata()) > 2}


def test_the_defaults_draw_no_curve_twice():
    ax = plot.prevalence_curve(Y_TRUE, Y_PRED)
    try:
        drawn = list(curves(ax).values())
        assert len(drawn) == 2   # precision and F_1; G at rho = -2 is F_1
        assert not any(np.array_equal(a, b) for i, a in enumerate(drawn) for b in drawn[i + 1:])
    finally:
        plot.close(ax.figure)


def test_g_is_drawn_when_rho_is_given():
    ax = plot.prevalence_curve(Y_TRUE, Y_PRED, beta=2, rho=-3)
    try:
        drawn = curves(ax)
        assert [label.split(" ")[0] for label in drawn] == ["precision", "$F_\\beta$", "$G_{\\beta,\\rho}$"]
        f, g = drawn["$F_\\beta$ ($\\beta = 2$)"], drawn["$G_{\\beta,\\rho}$ ($\\beta = 2$, $\\rho = -3$)"]
        assert not np.array_equal(f, g)
    finally:
        plot.close(ax.figure)


@pytest.mark.parametrize("kwargs, param", [
    ({"metrics": ["precision", "auc"]}, "metrics"),
    ({"metrics": "precision"}, "metrics"),
    ({"beta": -1.0}, "beta"),
    ({"prevalences": [0.5, 1.0]}, "prevalences"),
    ({"log_scale": "yes"}, "log_scale"),
])
def test_bad_input_names_prevalence_curve_before_a_figure_exists(kwargs, param):
    before = len(matplotlib.pyplot.get_fignums())
    with pytest.raises(InvalidParameterError, match=f"The '{param}' parameter of prevalence_curve must be"):
        plot.prevalence_curve(Y_TRUE, Y_PRED, **kwargs)
    assert len(matplotlib.pyplot.get_fignums()) == before
