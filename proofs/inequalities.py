"""Inequalities: the classic means in order, G between min and max, monotonicity and curvature.

Every claim here is an inequality decided exactly by the engine
(``symmetric.verify.strategies.goal_search``): sign rules, case splits on Piecewise
branches, Max/Min and exponent signs, homogeneity, monotone transforms and
the first-derivative test, with z3 as an optional extra. Weighted means put
weight w = gamma/(1+gamma) on precision and 1 - w on recall, so a symbolic
gamma > 0 covers every weight w in (0, 1).
"""

import sympy

from symmetric import P, R, beta, f_beta, g_beta_rho, phi, power_mean, rho
from symmetric.families import general_formula
from symmetric.verify.claims import Proof

proof = Proof(
    "inequalities",
    "Inequalities: means, bounds, monotonicity and curvature",
    summary="Weighted means have weight w = gamma/(1+gamma) in (0, 1) on precision; beta, gamma, rho and phi are symbolic.",
    order=7,
)


def mean(d, name, exponent):
    return d.step(f"Weighted {name} mean: the power mean with phi = {exponent}", power_mean(phi=exponent))


@proof.claim("inequalities.means.hm_le_gm", r"Weighted harmonic mean $\le$ weighted geometric mean, for every weight $w \in (0, 1)$.",
             by="inequality prover")
def _(d):
    return mean(d, "harmonic", -1), "<=", mean(d, "geometric", 0)


@proof.claim("inequalities.means.am_gm", r"Weighted geometric mean $\le$ weighted arithmetic mean (weighted AM-GM), for every weight $w \in (0, 1)$.",
             by="inequality prover")
def _(d):
    return mean(d, "geometric", 0), "<=", mean(d, "arithmetic", 1)


@proof.claim("inequalities.means.am_le_qm", r"Weighted arithmetic mean $\le$ weighted quadratic mean, for every weight $w \in (0, 1)$.",
             by="counts sign")
def _(d):
    return mean(d, "arithmetic", 1), "<=", mean(d, "quadratic", 2)


@proof.claim("inequalities.power_mean.increasing_in_phi", r"The weighted power mean is increasing in its exponent: $\partial M_{\gamma,\phi}/\partial\phi \ge 0$ for $\phi \ne 0$ (with equality where $P = R$); with its continuity at $\phi = 0$ (claim family.power_mean.geometric_limit) it is increasing on the whole real line.", conditions=[sympy.Ne(phi, 0)],
             by="inequality prover")
def _(d):
    M = d.step("The power mean away from phi = 0", general_formula(power_mean()))
    return d.differentiate("dM/dphi", M, phi), ">=", 0


@proof.claim("inequalities.g.at_least_min", r"$\min(P, R) \le G_{\beta,\rho}$ for every $\beta > 0$ and real $\rho$, stipulated values included (the upper bound is structure.g.at_most_max).")
def _(d):
    return sympy.Min(P, R), "<=", d.step("G", g_beta_rho())


@proof.claim("inequalities.g.increasing_in_rho_at_beta_one", r"At $\beta = 1$, $G$ is increasing in $\rho$: $\partial G_{1,\rho}/\partial\rho \ge 0$ for $\rho \ne -1$. At $\beta = 1$ the formula also gives the stipulated value at $\rho = 0$, and $G$ is continuous at $\rho = -1$ (claim family.g.geometric_limit).", conditions=[sympy.Ne(rho, -1)],
             by="inequality prover")
def _(d):
    G1 = d.step("G at beta = 1", general_formula(g_beta_rho(beta=1)))
    return d.differentiate("dG/drho", G1, rho), ">=", 0


@proof.claim("inequalities.g.not_increasing_in_rho", r"For $\beta \ne 1$, the formula of $G$ is not increasing in $\rho$: $\partial G/\partial\rho \ge 0$ fails (for instance at $\beta = 3$, $P = 1/5$, $R = 4/5$, where $G$ falls from $(P+R)/2$ at $\rho = 0$ towards $\max(P, R/\beta)$); for every $\beta \ne 1$: claims inequalities.g.not_increasing_in_rho_every_beta_*.", expected="refuted", conditions=[sympy.Ne(beta, 1), sympy.Ne(rho, -1)])
def _(d):
    G = d.step("G away from the stipulated points", general_formula(g_beta_rho()))
    return d.differentiate("dG/drho", G, rho), ">=", 0


@proof.claim("inequalities.g.not_decreasing_in_rho", r"Nor decreasing: $\partial G/\partial\rho \le 0$ fails for $\beta \ne 1$ too (at $\beta = 3$, $P = 4/5$, $R = 1/5$, $G$ rises with $\rho$), so $G$ is not monotone in $\rho$; for every $\beta \ne 1$: claims inequalities.g.not_decreasing_in_rho_every_beta_*.", expected="refuted", conditions=[sympy.Ne(beta, 1), sympy.Ne(rho, -1)])
def _(d):
    G = d.step("G away from the stipulated points", general_formula(g_beta_rho()))
    return d.differentiate("dG/drho", G, rho), "<=", 0


def _rho_to_infinity(d, p, r):
    g = d.step("G", g_beta_rho())
    at = d.substitute(f"At P = {p}, R = {r}", g, {P: p, R: r})
    return d.limit("Its limit as rho -> oo", at, rho, sympy.oo)


@proof.claim("inequalities.g.not_increasing_in_rho_every_beta_above_one",
             r"For every $\beta > 1$, G is not increasing in $\rho$ on $\rho > 0$: at $P = 1/\beta$, $R = 1$ its limit "
             r"as $\rho \to \infty$ is below $(P + R)/2$, its limit as $\rho \to 0$ (claim errata.g.rho0_limit).",
             conditions=[beta > 1], target=(1 / beta + 1) / 2, relation="<")
def _(d):
    return _rho_to_infinity(d, 1 / beta, 1)


@proof.claim("inequalities.g.not_increasing_in_rho_every_beta_below_one",
             r"For every $\beta < 1$ too: at $P = 1$, $R = \beta$ the limit as $\rho \to \infty$ is below $(P + R)/2$.",
             conditions=[beta < 1], target=(1 + beta) / 2, relation="<")
def _(d):
    return _rho_to_infinity(d, 1, beta)


@proof.claim("inequalities.g.not_decreasing_in_rho_every_beta_above_one",
             r"Nor decreasing, for every $\beta > 1$: at $P = 1$, $R = 1/\beta$ the limit as $\rho \to \infty$ is above "
             r"$(P + R)/2$.", conditions=[beta > 1], target=(1 + 1 / beta) / 2, relation=">")
def _(d):
    return _rho_to_infinity(d, 1, 1 / beta)


@proof.claim("inequalities.g.not_decreasing_in_rho_every_beta_below_one",
             r"And for every $\beta < 1$: at $P = \beta$, $R = 1$ the limit as $\rho \to \infty$ is above $(P + R)/2$.",
             conditions=[beta < 1], target=(beta + 1) / 2, relation=">")
def _(d):
    return _rho_to_infinity(d, beta, 1)


@proof.claim("inequalities.g.hessian_singular", r"The Hessian of $G$ is singular: $G_{PP} G_{RR} = G_{PR}^2$, as for any function homogeneous of degree 1 (structure.g.homogeneous).")
def _(d):
    G = d.step("G", g_beta_rho())
    G_PP, G_RR, G_PR = (d.differentiate(f"G_{name}", G, *wrt) for name, wrt in (("PP", (P, P)), ("RR", (R, R)), ("PR", (P, R))))
    return d.apply("G_PP G_RR", lambda a, b: a * b, G_PP, G_RR), d.apply("G_PR^2", lambda c: c**2, G_PR)


@proof.claim("inequalities.g.hessian_diagonal", r"$P^2 G_{PP} = R^2 G_{RR}$: the diagonal of the Hessian has one sign, so with a singular Hessian $G$ is concave exactly where $G_{PP} \le 0$ and convex where $G_{PP} \ge 0$.")
def _(d):
    G = d.step("G", g_beta_rho())
    G_PP, G_RR = d.differentiate("G_PP", G, P, 2), d.differentiate("G_RR", G, R, 2)
    return d.apply("P^2 G_PP", lambda a: P**2 * a, G_PP), d.apply("R^2 G_RR", lambda b: R**2 * b, G_RR)


@proof.claim("inequalities.g.concave_for_rho_nonpositive", r"$G$ is concave in $(P, R)$ for $\rho \le 0$: $G_{PP} \le 0$, hence (claims above) a negative semidefinite Hessian.", conditions=[rho <= 0])
def _(d):
    return d.differentiate("G_PP", d.step("G", g_beta_rho()), P, 2), "<=", 0


@proof.claim("inequalities.g.convex_for_rho_nonnegative", r"$G$ is convex in $(P, R)$ for $\rho \ge 0$: $G_{PP} \ge 0$, hence a positive semidefinite Hessian.", conditions=[rho >= 0], by="sign")
def _(d):
    return d.differentiate("G_PP", d.step("G", g_beta_rho()), P, 2), ">=", 0


@proof.claim("inequalities.f_beta.at_most_scaled_precision", r"$F_\beta \le (1+\beta^2) P$: a low precision caps $F_\beta$ whatever the recall, against the reading of seed 002 that a high enough recall gives a high score.", source="seed 002")
def _(d):
    return d.step("F_beta", f_beta()), "<=", (1 + beta**2) * P


@proof.claim("inequalities.ratio.power_at_most_one", r"$(P/R)^\rho \le 1$ for $P < R$ and $\rho \ge 0$.", conditions=[P < R, rho >= 0])
def _(d):
    return d.step("(P/R)^rho", (P / R) ** rho), "<=", 1


if __name__ == "__main__":
    raise SystemExit(proof.main())
