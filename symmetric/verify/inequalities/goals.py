"""The goals of the inequality prover: ``big > small`` (or ``>=``) at every point of a domain.

A :class:`Goal` is what each reduction of the goal search (:mod:`symmetric.verify.strategies.goal_search`)
receives; a strategy either settles it, reduces it to subgoals whose proofs
together imply it, or gives up. :func:`domains_of` turns a statement's
conditions into the domains to prove on: a linear condition on one symbol
bounds its interval (``rho >= 0``), ``Eq(rho, c)`` substitutes the value,
``Ne(rho, c)`` splits the domain in two, a relation between several
symbols becomes a fact (``P < R``: ``P - R`` negative), and any other
condition is dropped, which is sound: proving the statement on a larger
domain proves it on the smaller one.

>>> import sympy
>>> from symmetric import P, R, rho
>>> from symmetric.verify.core.statement import Statement
>>> st = Statement.of((P / R) ** rho, 1, relation="<=", conditions=[P < R, rho >= 0, sympy.Ne(rho, 1)])
>>> [d.describe() for d, _ in domains_of(st)]
['0 <= rho < 1, P - R < 0', '1 < rho, P - R < 0']
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import sympy

from ..core.statement import Statement
from ..core.steps import ProofStep
from ..signs.decide import Domain

__all__ = ["Goal", "domains_of", "step"]


@dataclass(frozen=True)
class Goal:
    """``big > small`` (``strict``) or ``big >= small`` at every point of ``domain``."""

    big: sympy.Expr
    small: sympy.Expr
    strict: bool
    domain: Domain

    def __post_init__(self) -> None:
        object.__setattr__(self, "big", sympy.sympify(self.big))
        object.__setattr__(self, "small", sympy.sympify(self.small))

    def with_sides(self, big, small) -> Goal:
        return replace(self, big=big, small=small)

    def with_domain(self, domain: Domain) -> Goal:
        return replace(self, domain=domain)

    @property
    def difference(self) -> sympy.Expr:
        return self.big - self.small

    def __str__(self) -> str:
        where = self.domain.describe()
        return f"{sympy.sstr(self.big)} {'>' if self.strict else '>='} {sympy.sstr(self.small)} for {where}"


def step(strategy: str, statement: str, trusts: str) -> tuple[ProofStep, ...]:
    return (ProofStep(strategy, statement, trusts),)


def domains_of(statement: Statement) -> list[tuple[Domain, dict]] | None:
    """The domains (with the values substituted for symbols) that together make up the statement's domain.

    None when a free symbol is not known to be real (see :meth:`~symmetric.verify.signs.domain.Domain.from_conditions`).
    """
    return Domain.from_conditions(statement.conditions, statement.free_symbols, cases=True)
