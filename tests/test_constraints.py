"""Bad input for every public callable, generated from the constraints each one declares.

The test walks every public module of the package (every module whose dotted path has no part starting with
"_") and every name of its ``__all__``: a callable that takes arguments declares them
(``parameter_constraints``, :mod:`symmetric._constraints`; a class through its ``__init__``, a record through its
fields), or it is exempt for a reason written below (:data:`EXEMPT`, :data:`EXEMPT_MODULES`), or it is pending in
another branch (:data:`PENDING`). For every declared callable, every value a constraint refuses must give an
InvalidParameterError (a ValueError) naming the argument, the function, the allowed values and the value given,
with the argument's name as its ``param``. No hand list of cases: a new callable or parameter is covered by its
declaration, and a new public callable without one fails here.
"""

import dataclasses
import importlib
import importlib.util
import inspect
import pkgutil

import pytest
import sympy

import symmetric
from symmetric import InvalidParameterError
from symmetric._constraints import Constraint, constraints_of

# --- the walk ------------------------------------------------------------------------------------------------


def public_modules() -> list[str]:
    """Every module of the package whose dotted path has no part starting with "_" (plot's: with matplotlib)."""
    names = ["symmetric"] + [m.name for m in pkgutil.walk_packages(symmetric.__path__, "symmetric.")
                             if not any(part.startswith("_") for part in m.name.split("."))]
    if importlib.util.find_spec("matplotlib") is None:
        names = [n for n in names if not n.startswith("symmetric.plot")]
    return names


def _takes_arguments(obj) -> bool:
    try:
        return bool(inspect.signature(obj).parameters)
    except (TypeError, ValueError):  # a builtin without a signature
        return False


def _where(obj) -> str:
    return f"{obj.__module__}.{obj.__qualname__}"


def public_callables() -> dict:
    """``"module.qualname"`` (where it is defined) -> every callable with arguments named in an ``__all__``."""
    out = {}
    for module_name in public_modules():
        module = importlib.import_module(module_name)
        for name in getattr(module, "__all__", ()):
            obj = getattr(module, name)
            if inspect.ismodule(obj) or not callable(obj) or not _takes_arguments(obj):
                continue
            out.setdefault(_where(obj), obj)
    return out


# --- what is not declared, and why ---------------------------------------------------------------------------

# Whole modules: below a declared entry point, their functions take what that entry point checked and converted
# (one check per stage boundary); a bad value there is the caller's bug, not a user's input.
_ENGINE = ("the engine's layers below check, Statement.of and the strategies' registry (declared): they take the "
           "Statement, Domain and SymPy expressions the engine built from checked input, in the proof search's "
           "inner loops")
_ANALYSIS = ("explore's analysis steps below analyze, fix_parameters' callers and the plots (declared): they take "
             "the expression and values those checked")
EXEMPT_MODULES = {
    "symmetric.verify.core": _ENGINE,
    "symmetric.verify.signs": _ENGINE,
    "symmetric.verify.limits": _ENGINE,
    "symmetric.verify.evidence": _ENGINE,
    "symmetric.verify.inequalities": _ENGINE,
    "symmetric.verify.strategies.clock": _ENGINE,
    "symmetric.verify.strategies.tree": _ENGINE,
    "symmetric.verify.strategies.search": _ENGINE,
    "symmetric.verify.strategies.goal_search": _ENGINE,
    "symmetric.verify.strategies.rational_zero": _ENGINE,
    "symmetric.explore.algebra": _ANALYSIS,
    "symmetric.explore.analysis_budget": _ANALYSIS,
    "symmetric.explore.geometry": _ANALYSIS,
    "symmetric.explore.metric_limits": _ANALYSIS,
    "symmetric.explore.properties": _ANALYSIS,
    "symmetric.explore.regimes": _ANALYSIS,
    "symmetric.explore.rendering": "renders an Analysis (a result the library built) as text, Markdown or data",
    "symmetric.plot.levels": "the plots' drawing helpers, below the declared plotting functions",
    "symmetric.cli": ("the command line: main(argv) and each command's add_arguments(parser) and run(args) take "
                      "argparse's objects; the options are checked by the constraints the commands read "
                      "(tests/cli)"),
    "symmetric.pytest_plugin": "pytest's hooks and items: pytest calls them with its own objects",
}

# Single names, each with its reason.
_RESULT = "a result record: built by the library from checked values, never from a user's arguments"
_HELPER = "a helper building declarations, called by the library with its own data"
EXEMPT = {
    "symmetric.explore.analysis.Analysis": _RESULT,
    "symmetric.explore.analysis.regime_geometries": _ANALYSIS,
    "symmetric.explore.preferences.PreferenceFit": _RESULT,
    "symmetric.explore.break_even.BreakEvenLine": _RESULT,
    "symmetric.explore.break_even.family_break_even_ratio": ("break_even_ratio's and the plots' step for a "
                                                             "registered family at values they checked"),
    "symmetric.explore.fixed_metric.FixedMetric": _RESULT,
    "symmetric.explore.fixed_metric.fix_parameters": ("the shared body of the plots' declared functions: narrows "
                                                      "their declarations to the metric, errors naming the plot"),
    "symmetric.explore.fixed_metric.metric_of": "a step of fix_parameters (errors name the plotting function)",
    "symmetric.explore.fixed_metric.parameter_names": "a step of fix_parameters (errors name the plotting function)",
    "symmetric.explore.fixed_metric.varied_parameter": _HELPER,
    "symmetric.explore.fixed_metric.other_parameters": _HELPER,
    "symmetric.explore.arguments.range_interval": "the test of the declared RANGES (None for what it refuses)",
    "symmetric.explore.parser.Function": "a row of the parser's function table (data of the module)",
    "symmetric.explore.parser.check_power_size": "a step of the parser on the tree it built from checked text",
    "symmetric.families.arguments.defined": _HELPER,
    "symmetric.plot.contours.draw_level_curves": "level_curves' drawing, on the values level_curves checked",
    "symmetric.plot.contours.metric_title": "level_curves' title, from the FixedMetric it built",
    "symmetric.plot.contours.values_title": "level_curves' title, from the FixedMetric it built",
    "symmetric.verify.core.verdict.Verdict": _RESULT,
    "symmetric.verify.core.statement.Statement": ("built by the engine from parts Statement.of (declared) "
                                                   "converted, and on every case split: Statement.of is the entry"),
    "symmetric.verify.core.steps.ProofStep": _RESULT,
    "symmetric.verify.engine.decide": "check's body on the Statement check built (declared: check)",
    "symmetric.verify.engine.with_domain": "check's step on the Statement and domain check checked",
    "symmetric.verify.strategies.goal_search.prove_inequality": "a registered prover's run: the search calls it",
    "symmetric.verify.claims.record.Result": _RESULT,
    "symmetric.verify.claims.proof.Proof": ("a group of claims: its name only (Proof.claim, which takes the "
                                            "user's claims, is declared)"),
    "symmetric.documents.report.DocumentReport": _RESULT,
    "symmetric.documents.report.Note": _RESULT,
    "symmetric.documents.report.Step": _RESULT,
    "symmetric.metrics._uncertainty.ConfidenceInterval": _RESULT,
    "symmetric.metrics._delong.RocAucTest": _RESULT,
    "symmetric.losses.SoftCounts": _RESULT,
    "symmetric.accuracy.Row": _RESULT,
    "symmetric.accuracy.main": "a script's entry point: argparse's argv",
}

# Declared in other branches (numeric, losses, metrics, documents, claims: not to be edited here); each is to be
# declared there, then removed from this list (a test fails while a pending name is declared).
PENDING = {
    "symmetric.metrics._stream.ConfusionCounts": "metrics: labels (array-like or None), and its methods' y_true, "
                                                 "y_pred, sample_weight as the scores declare them",
    # symmetric.accuracy measures the numeric kernels: with numeric
    "symmetric.accuracy.accuracy_table": "accuracy: the family names and sizes",
    "symmetric.accuracy.reference": "accuracy: the family name and parameters",
    "symmetric.accuracy.sample": "accuracy: the family name, the size and the seed",
    "symmetric.accuracy.true_value": "accuracy: the family name and the point",
    "symmetric.accuracy.ulp_errors": "accuracy: the arrays",
}


def _pending_prefixes():
    # whole modules of other branches (their own layers below declared entry points, or not yet declared)
    return {
        "symmetric.numeric": "numeric: the run time's modules below the declared numeric functions",
        "symmetric.generate": "generate: the generator's modules (catalog, rewrites, emit, gradients, compile) below "
        "module_source (declared)",
        "symmetric.documents": "documents: the reader's modules below check_document (declared)",
        "symmetric.verify.claims": "claims: the registry, report, runner and workers below run_claims (declared)",
    }


PENDING_MODULES = _pending_prefixes()


def _exempt(where: str, obj) -> str | None:
    """Why ``obj`` (defined at ``where``) declares nothing, or None if it must."""
    if inspect.isclass(obj) and issubclass(obj, BaseException):
        return "an error type: built by the library with its message"
    if inspect.isclass(obj) and getattr(obj, "_is_protocol", False):
        return "a typing.Protocol: a type for mypy, never called"
    if inspect.isclass(obj) and issubclass(obj, Constraint):
        return "a constraint type: built once, by the library's declarations"
    for table in (EXEMPT, PENDING):
        if where in table:
            return table[where]
    for table in (EXEMPT_MODULES, PENDING_MODULES):
        for prefix, why in table.items():
            if where == prefix or where.startswith(prefix + "."):
                return why
    return None


PUBLIC = public_callables()


def test_every_public_callable_declares_its_arguments_or_says_why_not():
    missing = sorted(w for w, obj in PUBLIC.items() if not constraints_of(obj) and _exempt(w, obj) is None)
    assert not missing, ("public callables that take arguments but declare none (declare them with "
                         f"symmetric._constraints.declare, or exempt them here with a reason): {missing}")


def test_every_exemption_names_an_undeclared_public_callable():
    for table in (EXEMPT, PENDING):
        for where in table:
            assert where in PUBLIC, f"{where} is no longer a public callable: remove it from the list"
            assert not constraints_of(PUBLIC[where]), f"{where} declares its arguments now: remove it from the list"
    for table in (EXEMPT_MODULES, PENDING_MODULES):
        for prefix in table:
            assert any(w.startswith(prefix + ".") for w in PUBLIC), f"{prefix} holds no public callable"


# --- the generated cases -------------------------------------------------------------------------------------


def _methods() -> dict:
    """Declared methods (not in an ``__all__`` by themselves)."""
    from symmetric.verify.claims.proof import Proof
    from symmetric.verify.core.statement import Statement

    from symmetric.verify.claims.derivation import Derivation

    d = Derivation()
    return {"symmetric.verify.claims.proof.Proof.claim": Proof("demo").claim,
            "symmetric.verify.core.statement.Statement.of": Statement.of,
            **{f"symmetric.verify.claims.derivation.Derivation.{m}": getattr(d, m)
               for m in ("cite", "rewrite", "substitute", "apply")}}


DECLARED = {**{w: obj for w, obj in PUBLIC.items() if constraints_of(obj)}, **_methods()}


def _candidates() -> dict:
    """Valid values of required arguments, by name: the first that the function's declaration accepts is used."""
    from symmetric import P
    from symmetric.explore import TradeOff
    from symmetric.families import BETA, ConfusionMetric, Family, confusion, f_beta
    from symmetric.symbols import FP, TP
    from symmetric.verify.strategies import Strategy
    from symmetric.verify.strategies.registry import EQUALITY

    def run(lhs, rhs, relation):
        return False

    return {
        "y_true": [[0, 1, 1, 0, 1]], "y_pred": [[0, 1, 0, 0, 1]], "y_score": [[0.1, 0.9, 0.4, 0.2, 0.8]],
        "y_prob": [[0.1, 0.9, 0.4, 0.2, 0.8]], "y1": [[0, 1, 1, 0, 1]], "y2": [[0, 1, 0, 0, 1]],
        "beta": [1.0], "name": ["f_beta", "jaccard", "identity", "cancel"], "expr": [P], "prevalence": [0.5],
        "recall": [[0.5]], "recall_value": [0.5], "P": [0.5], "R": [0.25], "P2": [0.25], "R2": [0.5], "k": [1.0],
        "rho": [-2.0], "gamma": [1.0], "phi": [1.0], "lhs": [1], "id": ["demo.claim"], "sentence": ["a claim"],
        "rhs": [1], "claims": [[]], "func": [int], "seconds": [1.0], "names": ["f_beta"],
        "family": [Family("f_beta_copy", f_beta, (BETA,), "a copy")], "statements": [[TradeOff(0.5, 0.5, 1.0)]],
        "text": ["P*R"], "spec": ["a=1"], "figure": [None], "args": [(P,)], "limits": [2],
        "metric": [ConfusionMetric("jaccard_copy", confusion.jaccard, "a copy"), "jaccard", "f_beta"],
        "function": [f_beta], "params": [(BETA,)], "summary": ["a summary"], "symbol": [sympy.Symbol("w", real=True)],
        "trusts": ["an exact argument"], "cost": ["cheap"], "applies_to": [EQUALITY], "run": [run],
        "strategy": [Strategy("demo", "an exact argument", "cheap", EQUALITY, run)], "relation": ["=="],
        "cells": [(TP, FP)], "matrix": [sympy.Matrix([[2, 1], [1, 2]])], "p_hat": [0.5], "p": [0.5], "n": [10],
        "z": [2], "source": ["x = 1\n"], "sources": [["x = 1\n"]], "out": ["out.md"],
        "x": [[0.0, 0.5, 1.0]], "y": [[0.0, 0.75, 1.0]], "score_a": [[0.1, 0.9, 0.4, 0.2, 0.8]],
        "score_b": [[0.3, 0.7, 0.1, 0.4, 0.6]],
        "mapping": [{}], "formula": [lambda: P], "claim": ["demo.claim"],
    }


CANDIDATES = _candidates()


def _required(func) -> dict:
    declared = constraints_of(func)
    out = {}
    for n, p in inspect.signature(func).parameters.items():
        if p.default is not inspect.Parameter.empty or p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
            continue
        options = CANDIDATES[n]
        c = declared.get(n)
        out[n] = next((v for v in options if c is None or c.reads or c.is_satisfied_by(v)), options[0])
    return out


def _values(func, call: dict) -> dict:
    """The arguments of ``call`` with the defaults of the others (what a constraint reading them sees)."""
    defaults = {n: p.default for n, p in inspect.signature(func).parameters.items()
                if p.default is not inspect.Parameter.empty}
    return {**defaults, **call}


CASES = [(where, key, bad) for where, func in sorted(DECLARED.items())
         for key, constraint in constraints_of(func).items() for bad in constraint.invalid_values()]


def _shown(func) -> str:
    name = func.__qualname__ if not inspect.ismethod(func) else func.__func__.__qualname__
    return func.__name__ if "<locals>" in name else name


@pytest.mark.parametrize(("where", "key", "bad"), CASES, ids=lambda v: repr(v)[:40])
def test_each_refused_value_is_named_in_the_error(where, key, bad):
    func = DECLARED[where]
    constraint = constraints_of(func)[key]
    name = _shown(func)
    if constraint.on_result:  # several arguments together: the bad values are theirs, the error shows them
        names = [n.strip() for n in key.split(",")]
        call = {**_required(func), **dict(zip(names, bad))}
        expected = InvalidParameterError.of(key, name, constraint.describe(name), bad[0] if len(bad) == 1 else bad)
    else:
        call = {**_required(func), key: bad}
        if constraint.reads:
            values = _values(func, call)
            constraint = constraint.narrowed(**{r: values[r] for r in constraint.reads})
        assert not constraint.is_satisfied_by(bad)
        with pytest.raises(InvalidParameterError) as declared:
            constraint.check(bad, name=key, func=name)
        expected = declared.value
    with pytest.raises(InvalidParameterError) as info:
        func(**call)
    assert isinstance(info.value, ValueError)
    assert str(info.value) == str(expected)
    assert (info.value.param, info.value.func) == (key, name)   # callers read the parameter, not the text


@pytest.mark.parametrize("where", sorted(DECLARED))
def test_every_default_satisfies_its_declaration(where):
    # the declaration does not check defaults (a call costs less): they must be valid
    func = DECLARED[where]
    declared = constraints_of(func)
    for name, p in inspect.signature(func).parameters.items():
        c = declared.get(name)
        if c is not None and not c.reads and p.default not in (inspect.Parameter.empty, dataclasses.MISSING) \
                and repr(p.default) != "<factory>":   # a record's default_factory
            assert c.is_satisfied_by(p.default), (where, name, p.default)


def test_the_walk_covers_the_documented_entry_points():
    for where in ("symmetric.families.record.Family", "symmetric.families.record.Parameter",
                  "symmetric.families.confusion_record.ConfusionMetric", "symmetric.verify.strategies.registry.Strategy",
                  "symmetric.explore.preferences.TradeOff", "symmetric.explore.preferences.Indifference",
                  "symmetric.verify.strategies.registry.register_strategy", "symmetric.families.confusion.jaccard",
                  "symmetric.families.counts.precision", "symmetric.families.uncertainty.delta_variance",
                  "symmetric.explore.examples.example", "symmetric.metrics._scores.fbeta_score"):
        assert where in DECLARED, where


# --- the mechanism -------------------------------------------------------------------------------------------


def test_the_declaration_checks_positional_and_keyword_arguments_and_keeps_the_signature():
    from symmetric._constraints import Interval, declare, unchecked

    @declare(a=Interval(int, 0, 10), b=Interval(float, 0, 1))
    def f(a, b=0.5, *, c=None):
        """Doc."""
        return a, b

    assert str(inspect.signature(f)) == "(a, b=0.5, *, c=None)" and f.__doc__ == "Doc." and f.__name__ == "f"
    assert f(3, 0.25) == (3, 0.25) and f(a=3) == (3, 0.5)
    for args, kwargs, param in [((11,), {}, "a"), ((3, 2.0), {}, "b"), ((), {"a": 3, "b": -1.0}, "b"),
                                ((-1, 2.0), {}, "a")]:   # in the order of the signature
        with pytest.raises(InvalidParameterError) as info:
            f(*args, **kwargs)
        assert info.value.param == param and info.value.func == "f"
    assert unchecked(f)(11) == (11, 0.5)   # the body alone, for arguments checked already
    with pytest.raises(TypeError):
        f(3, 0.5, 1)   # Python's own errors are untouched

    def g(a):
        return a

    with pytest.raises(InvalidParameterError, match="'d' parameter of declare must be a parameter of g"):
        declare(d=Interval(int, 0, 1))(g)


def test_a_family_parameter_is_resolved_once_by_the_declaration():
    from symmetric._constraints import declare
    from symmetric.families import BETA

    seen = []

    @declare(beta=BETA)
    def builder(beta=BETA.symbol):
        seen.append(beta)
        return beta

    assert builder(beta=2.0) == 2 and isinstance(seen[-1], sympy.Integer)   # the body gets the exact value
    assert builder(0.5) == sympy.Float(0.5) and builder() is BETA.symbol
    with pytest.raises(InvalidParameterError) as info:
        builder(beta=0)
    assert info.value.param == "beta" and info.value.func == "builder"


def test_a_constraint_reading_another_argument_is_narrowed_to_it_and_checks_its_default():
    from symmetric._constraints import Interval, declare

    class AtMost(Constraint):
        reads = ("high",)

        def __init__(self, high=1):
            self.high = high
            self._allowed = f"at most high ({high})"

        def narrowed(self, *, high):
            return AtMost(high)

        def is_satisfied_by(self, value):
            return value is not None and value <= self.high

    @declare(low=AtMost(), high=Interval(int, 0, 100))
    def span(low=None, *, high=10):
        return high - low

    assert span(3) == 7 and span(3, high=3) == 0
    with pytest.raises(InvalidParameterError, match=r"'low' parameter of span must be at most high \(2\)"):
        span(3, high=2)
    with pytest.raises(InvalidParameterError) as info:   # the other argument's own error first
        span(3, high=-1)
    assert info.value.param == "high"
    with pytest.raises(InvalidParameterError, match="Got None instead"):   # a default that the others refuse
        span(high=5)


def test_a_condition_on_the_result_names_the_arguments_together():
    from symmetric._constraints import Interval, declare

    class Finite(Constraint):
        on_result = True
        _allowed = "numbers whose ratio is finite"

        def is_satisfied_by(self, value):
            return value != float("inf")

    @declare(a=Interval(float, 0, 10), b=Interval(float, 0, 10), **{"a, b": Finite()})
    def ratio(a, b=0.0):
        return a / b if b else float("inf")

    assert ratio(1.0, 2.0) == 0.5
    with pytest.raises(InvalidParameterError) as info:
        ratio(1.0)   # a default takes part: shown with the values given
    assert (info.value.param, info.value.func, info.value.got) == ("a, b", "ratio", (1.0, 0.0))
    assert str(info.value) == "The 'a, b' parameter of ratio must be numbers whose ratio is finite. Got (1.0, 0.0) instead."
    with pytest.raises(InvalidParameterError, match="'a' parameter"):   # each argument's own constraint first
        ratio(-1.0, 2.0)


def test_a_declared_class_keeps_a_property_of_its_own_name():
    from dataclasses import dataclass

    from symmetric._constraints import Interval, declare

    @declare(size=Interval(int, 1, 10))
    @dataclass(frozen=True)
    class Box:
        size: int

        @property
        def parameter_constraints(self):   # an instance's own (a family's: its builder's)
            return {"inside": None}

    assert list(constraints_of(Box)) == ["size"] and list(constraints_of(Box(2))) == ["inside"]
    with pytest.raises(InvalidParameterError, match="'size' parameter of Box"):
        Box(0)


def test_unchecked_gives_a_bound_declared_method_its_body():
    from symmetric import P
    from symmetric._constraints import unchecked
    from symmetric.verify.core.statement import Statement

    assert unchecked(Statement.of)(P, sympy.Integer(1), relation="==", conditions=()).rhs == 1
    with pytest.raises(InvalidParameterError, match="'lhs' parameter of Statement.of"):
        Statement.of("P", 1)
