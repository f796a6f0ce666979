"""A family is one record: a family defined only here gets validation, CLI, plots, analysis and numeric code.

Also: the metrics' boundary cases are read from the claims the records name, and each value they give
is pinned here (an off-by-one in a condition changes one of them).
"""

import math
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest
import sympy

from symmetric import InvalidParameterError, P, R
from symmetric.families import FAMILIES, Family, Parameter, get_family, register_family

W = Parameter(sympy.Symbol("w", positive=True), label="w")


def weighted_geometric(w=W.symbol):
    """The weighted geometric mean ``P**(w/(1+w)) * R**(1/(1+w))``: the test's new family."""
    value = W.value(w, func="weighted_geometric")
    return P ** (value / (1 + value)) * R ** (1 / (1 + value))


@pytest.fixture
def family():
    new = register_family(Family("weighted_geometric", weighted_geometric, (W,), "weighted geometric mean",
                                 label=r"$M_w^0$"))
    yield new
    del FAMILIES[new.name]


@pytest.fixture
def no_open_figures():
    """Start without figures left open by earlier tests (matplotlib warns from 20 on, and warnings are errors)."""
    plt = pytest.importorskip("matplotlib.pyplot")
    plt.close("all")


def test_the_record_gives_validation_with_the_declared_domain(family):
    assert get_family("weighted_geometric") is family
    assert family.parameters == (W.symbol,) and W.domain == sympy.Interval.open(0, sympy.oo)
    assert family(w=1) == sympy.sqrt(P) * sympy.sqrt(R)
    for bad in (0, -1, float("nan"), "1", True):
        with pytest.raises(InvalidParameterError, match=r"The 'w' parameter of weighted_geometric must be a "
                                                        r"positive real number"):
            family(w=bad)
    with pytest.raises(InvalidParameterError, match="not registered yet"):
        register_family(family)
    with pytest.raises(InvalidParameterError, match=r"of get_family must be one of \[.*'weighted_geometric'"):
        get_family("weighted")   # the registry is read when checking, not when declaring
    from symmetric._constraints import constraints_of

    assert constraints_of(family) == {"w": W}   # the record declares the builder's parameters


def test_a_parameter_declared_for_another_argument_name_and_error_names_them():
    # found by mypy: Parameter.check ignored the argument's name, the declaration's error class and the note
    from symmetric._constraints import declare

    class Refused(InvalidParameterError):
        pass

    @declare(Refused, b=W)
    def builder(b=W.symbol):
        return b

    assert builder(b=2) == 2 and builder(b=2.0).is_Integer
    with pytest.raises(Refused) as info:
        builder(b=0)
    assert (info.value.param, info.value.got) == ("b", 0)
    assert str(info.value) == ("The 'b' parameter of builder must be a positive real number or a SymPy "
                               "expression. Got 0 instead.")
    with pytest.raises(InvalidParameterError, match=r"expression; here\. Got -1 instead"):
        W.check(-1, name="b", func="builder", note="; here")


def test_families_pickle_and_copy(family):
    import copy
    import pickle

    for registered in FAMILIES.values():   # by name: the registered record itself
        assert pickle.loads(pickle.dumps(registered)) is registered
        assert copy.copy(registered) is registered and copy.deepcopy(registered) is registered
    from symmetric.families import BETA, f_beta

    unregistered = Family("f_beta_copy", f_beta, (BETA,), "F_beta again", limits={"beta -> 0": ("f.id",)})
    again = pickle.loads(pickle.dumps(unregistered))   # by its fields
    assert again == unregistered and again is not unregistered
    assert again(beta=1) == unregistered(beta=1) and again.limits == {"beta -> 0": ("f.id",)}
    assert copy.deepcopy(unregistered) == unregistered
    shipped = pickle.dumps(family)
    del FAMILIES[family.name]   # unpickled where the name is not registered: the registry's own error
    with pytest.raises(InvalidParameterError, match="The 'name' parameter of get_family must be one of"):
        pickle.loads(shipped)
    FAMILIES[family.name] = family


def test_a_parameter_name_means_one_symbol(family):
    clash = Family("other", weighted_geometric, (Parameter(sympy.Symbol("w", real=True)),), "w real")
    with pytest.raises(InvalidParameterError, match="assumptions of the registered parameter 'w'"):
        register_family(clash)
    with pytest.raises(InvalidParameterError, match="'params' parameter of Family"):
        Family("bad", weighted_geometric, (W.symbol,), "symbols are not Parameters")


def test_the_records_declare_their_fields():
    """Issue 32: each record's fields are declared (constraints_of reads them; a family's property no longer
    shadows the declaration), and the error names the field, the record and the value."""
    from symmetric._constraints import constraints_of
    from symmetric.families import ConfusionMetric, confusion
    from symmetric.families.record import FAMILY_FIELDS
    from symmetric.symbols import TP

    assert constraints_of(Family) == FAMILY_FIELDS and list(constraints_of(Parameter)) == ["symbol", "label", "bound"]
    assert list(get_family("f_beta").parameter_constraints) == ["beta"]   # an instance: its builder's
    for fields, param in [(("f beta", weighted_geometric, (W,), "s"), "name"),
                          (("g", weighted_geometric, (W,), 3), "summary"),
                          (("g", weighted_geometric, (W,), "s", "label", "yes"), "numeric")]:
        with pytest.raises(InvalidParameterError) as info:
            Family(*fields)
        assert (info.value.param, info.value.func) == (param, "Family")
    with pytest.raises(InvalidParameterError, match="'bound' parameter of Parameter must be a positive int"):
        Parameter(sympy.Symbol("w", real=True), bound=0)
    # an undefined case in a symbol the record does not take: read against the record's own arguments
    x = sympy.Symbol("x")
    with pytest.raises(InvalidParameterError, match="'undefined' parameter of ConfusionMetric"):
        ConfusionMetric("j", confusion.jaccard, "s", undefined=((x, "x"),))
    assert ConfusionMetric("j", lambda x: 1 / x, "s", arguments=(x,), undefined=((x, "x"),)).undefined == ((x, "x"),)
    with pytest.raises(InvalidParameterError) as info:
        register_family(get_family("f_beta"))
    assert info.value.got == "f_beta" and "registered: [" in str(info.value)   # a record shown by its name
    assert TP in ConfusionMetric("j", confusion.jaccard, "s").arguments


def test_the_parser_knows_the_new_parameter(family):
    from symmetric.explore import parse, parameter_symbols

    assert parameter_symbols()["w"] is W.symbol
    assert parse("P**w").free_symbols == {P, W.symbol}
    with pytest.raises(InvalidParameterError, match="'w' parameter"):
        parameter_symbols({"w": -1})


def test_cli_plot_and_explore(family, tmp_path, capsys, no_open_figures):
    from symmetric.cli import main

    out = tmp_path / "wgm.svg"
    assert main(["plot", "weighted_geometric", "--w", "2", "--resolution", "20", "-o", str(out)]) == 0
    assert out.read_text().count("<svg") == 1
    assert main(["plot", "weighted_geometric", "--w", "-2", "--resolution", "20", "-o", str(out)]) == 2
    assert "--w" in capsys.readouterr().err
    assert main(["explore", "weighted_geometric", "--param", "w=1", "--no-limits", "--timeout", "5"]) == 0
    shown = capsys.readouterr().out
    assert "sqrt(P)*sqrt(R)" in shown or "sqrt(P*R)" in shown


def test_plot_title_and_numeric_values(family, no_open_figures):
    import matplotlib

    matplotlib.use("Agg")
    from symmetric import numeric, plot

    ax = plot.level_curves("weighted_geometric", w=3, resolution=20)
    try:
        assert ax.get_title().startswith(r"$M_w^0$, $w = 3$")
    finally:
        plot.close(ax.figure)
    f = numeric.compile(family(w=3), (P, R))
    p, r = np.array([0.25, 1.0]), np.array([0.5, 0.04])
    assert np.allclose(f(p, r), p**0.75 * r**0.25, rtol=1e-15)


def test_every_record_names_claims_that_exist_and_are_expected_proven():
    from symmetric.verify.claims.registry import definitions, load_proofs

    expected = {d.id: d.expected for d in definitions(load_proofs(builtin=True))}
    for family in FAMILIES.values():
        assert {expected.get(i) for i in family.claim_ids()} <= {"proven"}, family.name


def test_the_generated_boundary_facts_are_the_claims_of_the_record():
    from symmetric.generate import metric_tables
    from symmetric.metrics import _generated

    rows = _generated.BOUNDARY_LIMITS
    assert rows == metric_tables.boundary_rows()  # rebuilt from the claims: rho intervals, sides, ids
    limits = FAMILIES["g_beta_rho"].limits
    assert {row[6] for row in rows} == {i for key in metric_tables.BOUNDARY_KEYS for i in limits[key]}
    for limit in ("beta -> 0", "beta -> oo"):  # the rows cover every rho once
        for rho in (-math.inf, -2.0, -1e-300, -0.0, 0.0, 1e-300, 5.0, math.inf):
            assert len([r for r in rows if r[0] == limit and r[1] <= rho <= r[2]
                        and (r[1] < rho or r[3]) and (rho < r[2] or r[4])]) == (rho not in (-math.inf, math.inf))


def test_scores_open_no_proof_script_and_load_no_engine():
    # Every score at the boundary values (beta = 0, inf; rho = -2, -1, 0, 1) in a fresh process: the boundary
    # facts come from the generated table, so no proof script is opened and symmetric.verify is never imported.
    code = textwrap.dedent("""
        import builtins, math, sys
        opened = []
        real_open = builtins.open
        def spy(file, *args, **kwargs):
            opened.append(str(file))
            return real_open(file, *args, **kwargs)
        builtins.open = spy
        import symmetric.metrics as m
        y_true, y_pred = [1, 0, 1, 1, 0, 1, 0, 0], [1, 0, 0, 1, 1, 1, 0, 1]
        for beta in (0.0, 0.5, 1.0, math.inf):
            m.fbeta_score(y_true, y_pred, beta=beta)
            for rho in (-2.0, -1.0, 0.0, 1.0):
                m.g_beta_rho_score(y_true, y_pred, beta=beta, rho=rho)
        m.precision_recall_fscore_support(y_true, y_pred, beta=0.0)
        m.classification_report(y_true, y_pred)
        m.g_beta_rho_curve(y_true, [0.9, 0.1, 0.4, 0.8, 0.6, 0.7, 0.2, 0.55], beta=0.0, rho=1.0)
        proofs = [f for f in opened if "proofs" in f]
        assert not proofs, proofs
        assert "symmetric.verify" not in sys.modules
    """)
    subprocess.run([sys.executable, "-c", code], check=True, cwd=Path(__file__).resolve().parents[2])


@pytest.mark.parametrize(("rho", "zero"), [(-2.0, True), (-1.0, True), (-1.0 + 1e-12, False), (0.0, False),
                                            (-math.inf, True), (5.0, False)])
def test_zero_limit_is_read_from_the_claim(rho, zero):
    from symmetric.metrics._combine import zero_limit_is_zero

    assert zero_limit_is_zero(rho) is zero


@pytest.mark.parametrize(("beta", "rho", "side"), [
    (0.0, -2.0, "P"), (0.0, -1e-300, "P"), (0.0, 0.0, "R"), (0.0, -0.0, "R"), (0.0, 1e-300, "R"), (0.0, 3.0, "R"),
    (math.inf, -2.0, "R"), (math.inf, -1e-300, "R"), (math.inf, 0.0, "P"), (math.inf, 2.0, "P"),
    (1.0, 0.0, None), (1e300, -2.0, None)])
def test_limit_parameter_is_read_from_the_claims(beta, rho, side):
    from symmetric.metrics._combine import limit_parameter

    assert limit_parameter(beta, rho) == side


def test_specificity_is_compiled_from_its_counts_definition():
    from symmetric.metrics import specificity_score
    from symmetric.metrics._combine import specificity_values

    assert np.array_equal(specificity_values(np.array([3.0, 0.0]), np.array([1.0, 0.0])), [0.75, np.nan],
                          equal_nan=True)
    assert specificity_score([0, 1, 1, 0, 0], [1, 1, 0, 0, 0]) == 2 / 3
