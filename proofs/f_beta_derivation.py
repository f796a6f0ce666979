"""F_beta derived from the weighted harmonic mean (seed 002), its alternative, and its shape.

Two readings of "recall is beta times as important as precision" give two
weights for the weighted harmonic mean of P and R:

* the partial derivatives are equal where R/P = beta: alpha = 1/(1+beta^2), F_beta;
* on the line R = P, a unit of recall is worth beta units of precision:
  alpha = 1/(1+beta), the alternative (1+beta)PR/(R+beta P).

Each claim derives one side step by step and compares it with a result typed
as data: the seed's formula, or a closed form whose meaning can be read off
(a difference that vanishes only at the stated weight, a derivative whose sign
is visible). The last claims describe F_beta as a function: how it moves with
beta, what precision alone bounds, its level curves, and seed 004's bounds on F1.

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
c = sympy.Symbol("c", positive=True)
WEIGHT = (alpha < 1,)


def weighted_harmonic(d, weight=alpha):
    return d.step("Weighted harmonic mean, weight alpha on precision", 1 / (weight / P + (1 - weight) / R))


def solve_weight(d, condition):
    return d.solve("Solve for alpha (the only solution)", condition, alpha)


def harmonic_mean():
    """The plain harmonic mean of P and R, as seed 002's equation (1) states F1."""
    return 2 / (1 / P + 1 / R)


@proof.claim("f_beta.weight", r"For the weighted harmonic mean $H$ with weight $\alpha$ on precision, "
             r"$\partial H/\partial R - \partial H/\partial P$ on the line $R = \beta P$ is "
             r"$(1 - \alpha(1+\beta^2))/(1 - \alpha + \alpha\beta)^2$: it vanishes only at $\alpha = 1/(1+\beta^2)$.",
             conditions=WEIGHT, target=(1 - alpha * (1 + beta**2)) / (1 - alpha + alpha * beta) ** 2)
def _(d):
    H = weighted_harmonic(d)
    dP = d.differentiate("dH/dP", H, P)
    dR = d.differentiate("dH/dR", H, R)
    difference = d.apply("dH/dR - dH/dP", lambda a, b: a - b, dR, dP)
    on_line = d.substitute("On R = beta P", difference, {R: beta * P})
    solve_weight(d, on_line)
    return on_line


@proof.claim("f_beta.from_weighted_harmonic", r"With $\alpha = 1/(1+\beta^2)$ the weighted harmonic mean is $F_\beta = (1+\beta^2)PR/(\beta^2 P + R)$.",
             target=f_beta())
def _(d):
    H = weighted_harmonic(d, 1 / (1 + beta**2))
    return d.rewrite("Combine the fractions", sympy.cancel(H))


@proof.claim("f_beta.limit_beta_infinity", r"$F_\beta \to R$ as $\beta \to \infty$: only recall counts.", target=R)
def _(d):
    return d.limit("beta -> oo", d.step("F_beta", f_beta()), beta, sympy.oo)


@proof.claim("f_beta.limit_beta_zero", r"$F_\beta \to P$ as $\beta \to 0$: only precision counts.", target=P)
def _(d):
    return d.limit("beta -> 0", d.step("F_beta", f_beta()), beta, 0)


@proof.claim("f_beta.f1_is_harmonic_mean", r"$F_1$ is the plain harmonic mean $2/(1/P + 1/R)$.", target=harmonic_mean())
def _(d):
    return d.step("F_beta at beta = 1", f_beta(beta=1))


@proof.claim("f_beta.importance_at_equal_scores", r"At $R = P$, a unit of recall is worth $\beta^2$ (not $\beta$) units of precision in $F_\beta$: $\partial F_\beta/\partial R = \beta^2\,\partial F_\beta/\partial P$.",
             target=beta**2)
def _(d):
    F = d.step("F_beta", f_beta())
    ratio = d.apply("Ratio of partial derivatives dF/dR / dF/dP", lambda a, b: a / b,
                    d.differentiate("dF/dR", F, R), d.differentiate("dF/dP", F, P))
    return d.substitute("On the line R = P", ratio, {R: P})


@proof.claim("f_beta.monotone_in_beta", r"$\partial F_\beta/\partial\beta = 2\beta PR(R - P)/(\beta^2 P + R)^2$: as $\beta$ grows, "
             r"$F_\beta$ moves monotonically from $P$ towards $R$, so the values of $\beta$ between 0 and $\infty$ are intermediate cases.",
             source="seed 002", target=2 * beta * P * R * (R - P) / (beta**2 * P + R) ** 2)
def _(d):
    return d.differentiate("dF_beta/dbeta", d.step("F_beta", f_beta()), beta)


@proof.claim("f_beta.alternative_weight", r"For the weighted harmonic mean $H$, $\partial H/\partial R - \beta\,\partial H/\partial P$ "
             r"on the line $R = P$ is $1 - \alpha(1+\beta)$: requiring a unit of recall to be worth $\beta$ units of precision there gives "
             r"$\alpha = 1/(1+\beta)$ and no other weight.",
             conditions=WEIGHT, target=1 - alpha * (1 + beta))
def _(d):
    H = weighted_harmonic(d)
    difference = d.apply("dH/dR - beta dH/dP", lambda a, b: a - beta * b,
                         d.differentiate("dH/dR", H, R), d.differentiate("dH/dP", H, P))
    on_line = d.substitute("On R = P", difference, {R: P})
    solve_weight(d, on_line)
    return on_line


@proof.claim("f_beta.alternative_form", r"With $\alpha = 1/(1+\beta)$ the weighted harmonic mean is $(1+\beta)PR/(R+\beta P)$.",
             target=f_beta_alternative())
def _(d):
    H = weighted_harmonic(d, 1 / (1 + beta))
    return d.rewrite("Combine the fractions", sympy.cancel(H))


@proof.claim("f_beta.alternative_is_f_sqrt_beta", r"The alternative reading's weighted harmonic mean, weight $1/(1+\beta)$, is $F_{\sqrt\beta}$: the same family, reparameterized.",
             target=f_beta(beta=sympy.sqrt(beta)))
def _(d):
    return weighted_harmonic(d, 1 / (1 + beta))


@proof.claim("f_beta.alternative_at_one", r"At $\beta = 1$ the alternative is $F_1$, the plain harmonic mean.", target=harmonic_mean())
def _(d):
    return d.step("The alternative at beta = 1", f_beta_alternative(beta=1))


@proof.claim("f_beta.alternative_linear_in_beta", r"Reading of seed 002: the alternative is a metric linear in $\beta$, "
             r"$\partial^2/\partial\beta^2$ of $(1+\beta)PR/(R+\beta P)$ is 0. False: it is linear in $\beta$ only where $P = R$.",
             expected="refuted", target=0)
def _(d):
    return d.differentiate("Second derivative in beta", d.step("The alternative", f_beta_alternative()), beta, 2)


@proof.claim("f_beta.alternative_limits", r"The alternative also tends to $R$ as $\beta\to\infty$.", target=R)
def _(d):
    return d.limit("beta -> oo", d.step("The alternative", f_beta_alternative()), beta, sympy.oo)


# What precision alone bounds (seed 002's "a high score if recall is high enough, whatever the precision")


@proof.claim("f_beta.vanishes_with_precision", r"$F_\beta \to 0$ as $P \to 0$, whatever $R$ and $\beta$: no recall makes up for a vanishing precision.",
             target=0)
def _(d):
    return d.limit("P -> 0", d.step("F_beta", f_beta()), P, 0)


@proof.claim("f_beta.recall_guarantees_its_share", r"Reading of seed 002: a high enough recall gives a high $F_\beta$ whatever the precision, "
             r"as a weighted arithmetic mean would: $F_\beta \ge \beta^2 R/(1+\beta^2)$. False: with a small enough $P$ the score is as small as we like.",
             expected="refuted", relation=">=", target=beta**2 * R / (1 + beta**2))
def _(d):
    return d.step("F_beta", f_beta())


# Level curves (new)


def iso_precision():
    """The precision that keeps F_beta at the level c, as a function of recall (typed, not solved)."""
    return c * R / ((1 + beta**2) * R - beta**2 * c)


@proof.claim("f_beta.iso_curve", r"The level curve $F_\beta = c$ is $P = cR/((1+\beta^2)R - \beta^2 c)$, for $R > \beta^2 c/(1+\beta^2)$.",
             source="new", conditions=(c <= 1,), target=c)
def _(d):
    F = d.step("F_beta", f_beta())
    d.solve("Solve F_beta = c for P", sympy.Eq(F, c), P)
    return d.substitute("F_beta at P = cR/((1+beta^2)R - beta^2 c)", F, {P: iso_precision()})


@proof.claim("f_beta.iso_curve_hyperbola", r"Each level curve $F_\beta = c$ is a rectangular hyperbola with asymptotes $P = c/(1+\beta^2)$ "
             r"and $R = \beta^2 c/(1+\beta^2)$: $(P - c/(1+\beta^2))(R - \beta^2 c/(1+\beta^2)) = \beta^2 c^2/(1+\beta^2)^2$ along it.",
             source="new", conditions=(c <= 1,), target=beta**2 * c**2 / (1 + beta**2) ** 2)
def _(d):
    P_c = d.step("The level curve (claim f_beta.iso_curve)", iso_precision())
    return d.step("Product of the distances to the asymptotes", (P_c - c / (1 + beta**2)) * (R - beta**2 * c / (1 + beta**2)))


# Seed 004's statements on F1


@proof.claim("f_beta.f1_positive", r"$F_1 > 0$ for positive $P$ and $R$.",
             source="seed 004", relation=">", target=0)
def _(d):
    return d.step("F_1", f_beta(beta=1))


@proof.claim("f_beta.f1_at_most_one", r"$F_1 \le 1$ when $P, R \le 1$.",
             source="seed 004", conditions=(P <= 1, R <= 1), relation="<=", target=1)
def _(d):
    return d.step("F_1", f_beta(beta=1))


@proof.claim("f_beta.f1_below_arithmetic_mean", r"$(P + R)/2 - F_1 = (P - R)^2/(2(P + R))$: $F_1$ is below the arithmetic mean, and the more so "
             r"the further apart $P$ and $R$ are: it penalizes extreme values more.",
             source="seed 004", target=(P - R) ** 2 / (2 * (P + R)))
def _(d):
    return d.step("Arithmetic mean minus F1", (P + R) / 2 - f_beta(beta=1))


if __name__ == "__main__":
    raise SystemExit(proof.main())
