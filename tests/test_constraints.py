"""Bad input for every public function, generated from the constraints each one declares.

Each public function of ``symmetric.metrics`` and ``symmetric.families`` declares its parameters'
constraints (``parameter_constraints``, :mod:`symmetric._constraints`), and so do the engine's options
(``check``), a claim's (``Claim``, ``Proof.claim``), the runner's (``run_claims``) and the numeric functions';
every value a constraint refuses must give an InvalidParameterError (a ValueError) naming the argument, the
function, the allowed values and the value given, with the argument's name as its ``param``. No hand list of
cases: a new parameter or function is covered by its declaration.
"""

import importlib
import importlib.util
import inspect

import pytest

from symmetric import InvalidParameterError
from symmetric._constraints import constraints_of

MODULES = ["symmetric.metrics", "symmetric.families"]
# Valid values of the required arguments, by name.
VALID = {"y_true": [0, 1, 1, 0, 1], "y_pred": [0, 1, 0, 0, 1], "y_score": [0.1, 0.9, 0.4, 0.2, 0.8], "beta": 1.0,
         "name": "f_beta", "expr": None, "family": None, "prevalence": 0.5, "recall": [0.5],
         "P": 0.5, "R": 0.25, "rho": -2.0, "gamma": 1.0, "phi": 1.0, "lhs": 1, "id": "demo.claim",
         "sentence": "a claim", "rhs": 1, "claims": [], "func": int, "seconds": 1.0,
         "y_prob": [0.1, 0.9, 0.4, 0.2, 0.8], "names": "f_beta"}


def _functions():
    for module_name in MODULES:
        module = importlib.import_module(module_name)
        for name in module.__all__:
            obj = getattr(module, name)
            if inspect.isfunction(obj) and inspect.signature(obj).parameters:
                yield f"{module_name}.{name}", obj


FUNCTIONS = dict(_functions())


def _declared_elsewhere():
    """Functions outside MODULES whose declarations cover only their options (their other arguments are data)."""
    from symmetric.families import counts
    from symmetric.losses import f_beta_loss, g_beta_rho_loss
    from symmetric.numeric import compile, f_beta, g_beta_rho, power_mean, thread_limits
    from symmetric.generate.kernels import module_source
    from symmetric.verify import check, run_with_budget
    from symmetric.verify.claims.proof import Proof
    from symmetric.verify.claims.record import Claim
    from symmetric.verify.claims.runner import run_claims

    for where, func in [("symmetric.verify.check", check), ("symmetric.verify.run_with_budget", run_with_budget),
                        ("symmetric.verify.claims.record.Claim", Claim),
                        ("symmetric.verify.claims.proof.Proof.claim", Proof("demo").claim),
                        ("symmetric.verify.claims.runner.run_claims", run_claims),
                        ("symmetric.numeric.g_beta_rho", g_beta_rho), ("symmetric.numeric.power_mean", power_mean),
                        ("symmetric.numeric.f_beta", f_beta), ("symmetric.numeric.compile", compile),
                        ("symmetric.numeric.thread_limits", thread_limits),
                        ("symmetric.generate.kernels.module_source", module_source),
                        ("symmetric.losses.f_beta_loss", f_beta_loss),
                        ("symmetric.losses.g_beta_rho_loss", g_beta_rho_loss),
                        *((f"symmetric.families.counts.{f.__name__}", f)
                          for f in (counts.reweighted, counts.at_prevalence, counts.precision_at_prevalence))]:
        yield where, func
    # every public function of symmetric.explore and symmetric.plot (their **parameters are a family's, checked by
    # its declaration); symmetric.plot's only with matplotlib installed
    import symmetric.explore

    modules = [symmetric.explore]
    if importlib.util.find_spec("matplotlib") is not None:
        import symmetric.plot

        modules.append(symmetric.plot)
    for module in modules:
        for name in module.__all__:
            obj = getattr(module, name)
            if inspect.isfunction(obj):
                yield f"{module.__name__}.{name}", obj


DECLARED = {**FUNCTIONS, **dict(_declared_elsewhere())}


def _required(func):
    from symmetric import P
    from symmetric.families import Family, f_beta, BETA

    from symmetric.families import ConfusionMetric, confusion

    from symmetric.explore import TradeOff

    valid = {**VALID, "expr": P, "family": Family("f_beta_copy", f_beta, (BETA,), "a copy"),
             "statements": [TradeOff(0.5, 0.5, 1.0)], "text": "P*R", "spec": "a=1", "figure": None,
             "y1": VALID["y_true"], "y2": VALID["y_pred"],
             "metric": ConfusionMetric("jaccard_copy", confusion.jaccard, "a copy"), "args": (P,), "limits": 2}
    # a name where the function takes a registered metric by name (confusion_metric_score)
    alternatives = {"metric": "jaccard"}
    declared = constraints_of(func)

    def value(n):
        if n in alternatives and n in declared and not declared[n].is_satisfied_by(valid[n]):
            return alternatives[n]
        return valid[n]

    return {n: value(n) for n, p in inspect.signature(func).parameters.items()
            if p.default is inspect.Parameter.empty and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)}


@pytest.mark.parametrize("qualname", sorted(FUNCTIONS))
def test_every_parameter_is_declared(qualname):
    func = FUNCTIONS[qualname]
    assert set(constraints_of(func)) == set(inspect.signature(func).parameters), qualname


CASES = [(qualname, param, bad) for qualname, func in sorted(DECLARED.items())
         for param, constraint in constraints_of(func).items() for bad in constraint.invalid_values()]


@pytest.mark.parametrize(("qualname", "param", "bad"), CASES, ids=lambda v: repr(v)[:40])
def test_each_refused_value_is_named_in_the_error(qualname, param, bad):
    func = DECLARED[qualname]
    constraint = constraints_of(func)[param]
    assert not constraint.is_satisfied_by(bad)
    name = func.__qualname__
    with pytest.raises(InvalidParameterError) as info:
        func(**{**_required(func), param: bad})
    assert isinstance(info.value, ValueError)
    assert str(info.value) == (f"The {param!r} parameter of {name} must be {constraint.describe(name)}. "
                               f"Got {bad!r} instead.")
    assert (info.value.param, info.value.func) == (param, name)   # callers read the parameter, not the text


@pytest.mark.parametrize("qualname", sorted(DECLARED))
def test_every_default_satisfies_its_declaration(qualname):
    # the declaration does not check defaults (a call costs less): they must be valid
    func = DECLARED[qualname]
    for name, p in inspect.signature(func).parameters.items():
        if name in constraints_of(func) and p.default is not inspect.Parameter.empty:
            assert constraints_of(func)[name].is_satisfied_by(p.default), (qualname, name, p.default)


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
    import sympy

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
