"""The built-in reductions of the goal search, each one record registered in :mod:`.registry`.

In the order the goal search (:mod:`.goal_search`) tries them: on every goal
the sign rules, z3 and the case splits (``cost="cheap"``); on goals whose
sides are defined on the domain and of moderate size, then, homogeneity,
Sturm sequences, the monotone transforms (a power, the logarithm), the signs
of factors, a split on the sign of an exponent and the first-derivative test
(``cost="standard"``). Their functions are in
:mod:`symmetric.verify.inequalities.reductions` and
:mod:`symmetric.verify.inequalities.transforms`; what each trusts is its
record's ``trusts``.
"""

from __future__ import annotations

from ..inequalities import reductions, transforms
from .registry import INEQUALITIES, Strategy, register_strategy

__all__ = ["BUILTIN_REDUCTIONS"]


def _reduction(name, cost, run, trusts):
    return register_strategy(Strategy(name, trusts, cost, INEQUALITIES, run, kind="reduction"))


#: The built-in reductions, in the order the goal search tries them.
BUILTIN_REDUCTIONS = (
    _reduction("sign", "cheap", reductions.sign_rules, reductions.TRUSTS["sign"]),
    _reduction("z3 nlsat", "cheap", reductions.z3_nlsat, reductions.TRUSTS["z3 nlsat"]),
    _reduction("case split", "cheap", reductions.case_split, reductions.TRUSTS["case split"]),
    _reduction("homogeneity", "standard", transforms.homogeneity, transforms.TRUSTS["homogeneity"]),
    _reduction("Sturm", "standard", reductions.sturm, reductions.TRUSTS["Sturm"]),
    _reduction("monotone transform", "standard", transforms.monotone_power, transforms.TRUSTS["monotone transform"]),
    _reduction("logarithm", "standard", transforms.logarithm, transforms.TRUSTS["logarithm"]),
    _reduction("factor signs", "standard", transforms.factor_signs, transforms.TRUSTS["factor signs"]),
    _reduction("exponent cases", "standard", reductions.exponent_cases, reductions.TRUSTS["case split"]),
    _reduction(
        "first-derivative test", "standard", transforms.derivative_test, transforms.TRUSTS["first-derivative test"]
    ),
)
