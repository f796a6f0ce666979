"""Proof records: what each step of a proof did, and what it trusts.

A proof is only as good as the code it relies on. Every exact strategy of the
engine returns, with its short method name, the steps it took; each step
names the strategy, the statement it settled and the machinery it trusted
(SymPy's polynomial arithmetic, its assumption system, the engine's own
series arithmetic, a case split that covers the domain, an external solver).
A step's statement never shows SymPy's internal dummy names (``_t``): see
:func:`readable`.

>>> step = ProofStep("cancel", "P*R/(P + R) - P*R/(R + P) == 0", TRUSTS["cancel"])
>>> step.trusts
'SymPy cancel: polynomial arithmetic over Q(symbols), Piecewise branch by branch'
>>> print(step)
cancel: P*R/(P + R) - P*R/(R + P) == 0 [trusts SymPy cancel: polynomial arithmetic over Q(symbols), Piecewise branch by branch]
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["ProofStep", "TRUSTS", "readable"]

# SymPy prints a Dummy named "t" as "_t"; no other name in a statement starts with "_".
_DUMMY = re.compile(r"(?<![\w.])_([A-Za-z]\w*)")


def readable(text: str) -> str:
    """``text`` with SymPy's dummy names (``_t``, ``_t_w``) shown without their underscore.

    Strategies substitute internal dummy symbols (the ratio ``t = P/R`` of
    the homogeneity argument, a limit variable) and name them in their prose
    (``with t = P/R``); a proof shown to a reader writes them the same way.
    Only the display changes: the verdict never depends on it.

    >>> readable("with t = P/R it suffices that _t >= _t**(1/(beta + 1)) for 1 <= _t")
    'with t = P/R it suffices that t >= t**(1/(beta + 1)) for 1 <= t'
    >>> readable("_t_w > 0")
    't_w > 0'
    >>> readable("f_beta(P, R) == P")  # names with an inner underscore are not dummies
    'f_beta(P, R) == P'
    """
    return _DUMMY.sub(r"\1", text)


@dataclass(frozen=True)
class ProofStep:
    """One step of a proof.

    Attributes
    ----------
    strategy : str
        The strategy that took the step (``"cancel"``, ``"limit"``, ``"cases"``).
    statement : str
        What the step established, in SymPy's plain notation.
    trusts : str
        The code or argument the step relies on.
    """

    strategy: str
    statement: str
    trusts: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "statement", readable(self.statement))

    def __str__(self) -> str:
        return f"{self.strategy}: {self.statement} [trusts {self.trusts}]"


#: What each named strategy trusts (a strategy may add details, such as split-off parameter values).
TRUSTS = {
    "evaluation": "SymPy automatic evaluation: the difference of the sides evaluates to 0",
    "cancel": "SymPy cancel: polynomial arithmetic over Q(symbols), Piecewise branch by branch",
    "powsimp": "SymPy power rewriting (expand_power_base, powdenest) under the symbols' sign assumptions, then cancel",
    "ratio": "SymPy simplify of the ratio of the sides; the right side proven nonzero by SymPy assumptions",
    "logarithm": "SymPy expand_log (without force) of the logarithms of two sides proven positive, then simplify",
    "simplify": "SymPy simplify: heuristic rewriting, each rewrite an identity",
    "sign": "SymPy assumptions: sign inference, each constant a symbol with its sign from ball arithmetic",
    "sign of factored form": (
        "SymPy factor and cancel, then SymPy assumptions: sign inference, each constant a symbol with its sign "
        "from ball arithmetic"
    ),
    "sign of simplified form": (
        "SymPy simplify (functions of numbers as symbols), then SymPy assumptions: sign inference, each constant "
        "a symbol with its sign from ball arithmetic"
    ),
    "ball arithmetic": (
        "python-flint's arb: the difference of the sides of a statement without symbols enclosed in a ball that "
        "excludes 0, or 0 by exact algebra"
    ),
    "limit": (
        "the engine's own limit routine: branches of step functions decided on a one-sided "
        "neighbourhood; exact series arithmetic with symbolic coefficients (SymPy); every sign it "
        "needs decided by the sign rules of signs.py (SymPy assumptions, exact normal forms, "
        "interval arithmetic and monotone transforms on the conditions), never assumed"
    ),
    "cases": "case split covering the domain",
}
