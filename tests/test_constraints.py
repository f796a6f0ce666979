"""Bad input for every public function, generated from the constraints each one declares.

Each public function of ``symmetric.metrics`` and ``symmetric.families`` declares its parameters'
constraints (``parameter_constraints``, :mod:`symmetric._constraints`); every value a constraint refuses
must give an InvalidParameterError (a ValueError) naming the argument, the function, the allowed values and
the value given. No hand list of cases: a new parameter or function is covered by its declaration.
"""

import importlib
import inspect

import pytest

from symmetric import InvalidParameterError
from symmetric._constraints import constraints_of

MODULES = ["symmetric.metrics", "symmetric.families"]
# Valid values of the required arguments, by name.
VALID = {"y_true": [0, 1, 1, 0, 1], "y_pred": [0, 1, 0, 0, 1], "y_score": [0.1, 0.9, 0.4, 0.2, 0.8], "beta": 1.0,
         "name": "f_beta", "expr": None, "family": None, "prevalence": 0.5, "recall": [0.5]}


def _functions():
    for module_name in MODULES:
        module = importlib.import_module(module_name)
        for name in module.__all__:
            obj = getattr(module, name)
            if inspect.isfunction(obj) and inspect.signature(obj).parameters:
                yield f"{module_name}.{name}", obj


FUNCTIONS = dict(_functions())


def _required(func):
    from symmetric import P
    from symmetric.families import Family, f_beta, BETA

    from symmetric.families import ConfusionMetric, confusion

    valid = {**VALID, "expr": P, "family": Family("f_beta_copy", f_beta, (BETA,), "a copy"),
             "y1": VALID["y_true"], "y2": VALID["y_pred"],
             "metric": ConfusionMetric("jaccard_copy", confusion.jaccard, "a copy")}
    # a name where the function takes a registered metric by name (confusion_metric_score)
    alternatives = {"metric": "jaccard"}
    declared = constraints_of(func)

    def value(n):
        if n in alternatives and n in declared and not declared[n].is_satisfied_by(valid[n]):
            return alternatives[n]
        return valid[n]

    return {n: value(n) for n, p in inspect.signature(func).parameters.items() if p.default is inspect.Parameter.empty}


@pytest.mark.parametrize("qualname", sorted(FUNCTIONS))
def test_every_parameter_is_declared(qualname):
    func = FUNCTIONS[qualname]
    assert set(constraints_of(func)) == set(inspect.signature(func).parameters), qualname


CASES = [(qualname, param, bad) for qualname, func in sorted(FUNCTIONS.items())
         for param, constraint in constraints_of(func).items() for bad in constraint.invalid_values()]


@pytest.mark.parametrize(("qualname", "param", "bad"), CASES, ids=lambda v: repr(v)[:40])
def test_each_refused_value_is_named_in_the_error(qualname, param, bad):
    func = FUNCTIONS[qualname]
    constraint = constraints_of(func)[param]
    assert not constraint.is_satisfied_by(bad)
    name = func.__name__
    with pytest.raises(InvalidParameterError) as info:
        func(**{**_required(func), param: bad})
    assert isinstance(info.value, ValueError)
    assert str(info.value) == (f"The {param!r} parameter of {name} must be {constraint.describe(name)}. "
                               f"Got {bad!r} instead.")
