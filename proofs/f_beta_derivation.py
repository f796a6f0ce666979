"""F_beta derived from the weighted harmonic mean (seed 002), and its alternative.

Two readings of "recall is beta times as important as precision" give two
weights for the weighted harmonic mean of P and R:

* the partial derivatives are equal where R/P = beta: alpha = 1/(1+beta^2), F_beta;
* on the line R = P, a unit of recall is worth beta units of precision:
  alpha = 1/(1+beta), the alternative (1+beta)PR/(R+beta P).

Run ``python proofs/f_beta_derivation.py`` to print every derivation.
"""

import sympy

from symmetric import P, R, beta, f_beta
from symmetric.families import f_beta_alternative
from symmetric.verify.claims import Proof

proof = Proof(
    "f_beta_derivation",
    "F_beta from the weighted harmonic mean",
    source="seed 002",
    summary="The weight alpha of precision in 1/(alpha/P + (1-alpha)/R) follows from a definition of relative importance.",
    order=1,
)

alpha = sympy.Symbol("alpha", positive=True)


def weighted_harmonic(d, weight=alpha):
    return d.step("Weighted harmonic mean, weight alpha on precision", 1 / (weight / P + (1 - weight) / R))


def solve_weight(d, condition):
    (solution,) = d.step("Solve for alpha (the only solution)", sympy.solve(condition, alpha))
    return solution


@proof.claim("f_beta.weight", r"Requiring $\partial H/\partial R = \partial H/\partial P$ where $R/P = \beta$ gives $\alpha = 1/(1+\beta^2)$.")
def _(d):
    H = weighted_harmonic(d)
    dP = d.step("dH/dP", sympy.simplify(sympy.diff(H, P)))
    dR = d.step("dH/dR", sympy.simplify(sympy.diff(H, R)))
    condition = d.step("Equal partial derivatives on R = beta P", sympy.Eq(dR, dP).subs(R, beta * P))
    return solve_weight(d, condition), 1 / (1 + beta**2)


@proof.claim("f_beta.from_weighted_harmonic", r"With $\alpha = 1/(1+\beta^2)$ the weighted harmonic mean is $F_\beta = (1+\beta^2)PR/(\beta^2 P + R)$.")
def _(d):
    H = weighted_harmonic(d, 1 / (1 + beta**2))
    return d.step("Combine the fractions", sympy.cancel(H)), f_beta()


@proof.claim("f_beta.limit_beta_infinity", r"$F_\beta \to R$ as $\beta \to \infty$: only recall counts.")
def _(d):
    return sympy.Limit(f_beta(), beta, sympy.oo), R


@proof.claim("f_beta.limit_beta_zero", r"$F_\beta \to P$ as $\beta \to 0$: only precision counts.")
def _(d):
    return sympy.Limit(f_beta(), beta, 0), P


@proof.claim("f_beta.f1_is_harmonic_mean", r"$F_1$ is the plain harmonic mean $2PR/(P+R)$.")
def _(d):
    return f_beta(beta=1), 2 / (1 / P + 1 / R)


@proof.claim("f_beta.importance_at_equal_scores", r"At $R = P$, a unit of recall is worth $\beta^2$ (not $\beta$) units of precision in $F_\beta$: $\partial F_\beta/\partial R = \beta^2\,\partial F_\beta/\partial P$.")
def _(d):
    F = f_beta()
    ratio = d.step("Ratio of partial derivatives", sympy.simplify(sympy.diff(F, R) / sympy.diff(F, P)))
    return d.step("On the line R = P", ratio.subs(R, P)), beta**2


@proof.claim("f_beta.alternative_weight", r"Requiring $\partial H/\partial R = \beta\,\partial H/\partial P$ where $R = P$ gives $\alpha = 1/(1+\beta)$.")
def _(d):
    H = weighted_harmonic(d)
    condition = d.step("dH/dR = beta dH/dP on R = P", sympy.Eq(sympy.diff(H, R), beta * sympy.diff(H, P)).subs(R, P))
    return solve_weight(d, condition), 1 / (1 + beta)


@proof.claim("f_beta.alternative_form", r"With $\alpha = 1/(1+\beta)$ the weighted harmonic mean is $(1+\beta)PR/(R+\beta P)$.")
def _(d):
    H = weighted_harmonic(d, 1 / (1 + beta))
    return d.step("Combine the fractions", sympy.cancel(H)), f_beta_alternative()


@proof.claim("f_beta.alternative_is_f_sqrt_beta", r"The alternative is $F_{\sqrt\beta}$: the same family, reparameterized.")
def _(d):
    return f_beta_alternative(), f_beta(beta=sympy.sqrt(beta))


@proof.claim("f_beta.alternative_limits", r"The alternative also tends to $R$ as $\beta\to\infty$.")
def _(d):
    return sympy.Limit(f_beta_alternative(), beta, sympy.oo), R


if __name__ == "__main__":
    raise SystemExit(proof.main())
