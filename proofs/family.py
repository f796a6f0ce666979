"""The family: Pythagorean means, power means and their reparameterization G_{beta,rho} (seed 000).

The weighted power mean M_{gamma,phi} contains the arithmetic (phi = 1),
geometric (phi -> 0) and harmonic (phi = -1) means. Writing gamma = beta^rho
and phi = rho + 1 gives G_{beta,rho}, whose beta places the break-even line
and whose rho sets the curvature. Limits at the ends of the phi axis give
max(P, R) and min(P, R).
"""

import sympy

from symmetric import P, R, beta, f_beta, g_beta_rho, gamma, phi, power_mean, rho
from symmetric.families import general_formula
from symmetric.verify.claims import Proof

proof = Proof(
    "family",
    "Power means and the G family",
    source="seed 000",
    summary="How G_{beta,rho} relates to the weighted power mean, and what the ends of the family are.",
    order=2,
)


def general_power_mean(d, weight=gamma, exponent=phi):
    """The power-mean formula for exponent != 0, taken from the definition's general branch."""
    return d.step("Power mean away from phi = 0", general_formula(power_mean(gamma=weight, phi=exponent)))


@proof.claim("family.power_mean.arithmetic", r"$\phi = 1$: the weighted arithmetic mean $(\gamma P + R)/(1+\gamma)$.",
             conditions=[sympy.Eq(phi, 1)], target=(gamma * P + R) / (1 + gamma))
def _(d):
    return general_power_mean(d)


@proof.claim("family.power_mean.harmonic", r"$\phi = -1$: the weighted harmonic mean $(1+\gamma)/(\gamma/P + 1/R)$.",
             target=(1 + gamma) / (gamma / P + 1 / R))
def _(d):
    return d.step("The power mean at phi = -1", power_mean(phi=-1))


@proof.claim("family.power_mean.geometric_limit", r"$\lim_{\phi\to 0} M_{\gamma,\phi} = (P^\gamma R)^{1/(1+\gamma)}$, the value the definition stipulates at $\phi = 0$.")
def _(d):
    M = general_power_mean(d)
    return d.limit("phi -> 0", M, phi, 0, "+-"), power_mean(phi=0)


@proof.claim("family.power_mean.geometric_exp_form", r"The seed's intermediate form $\exp((\gamma \ln P + \ln R)/(1+\gamma))$ is the weighted geometric mean $(P^\gamma R)^{1/(1+\gamma)}$.",
             target=sympy.exp((gamma * sympy.log(P) + sympy.log(R)) / (1 + gamma)))
def _(d):
    return d.step("The power mean at phi = 0", power_mean(phi=0))


@proof.claim("family.pythagorean.arithmetic", r"With equal weights, $\phi = 1$ is the arithmetic mean $(P+R)/2$.",
             conditions=[sympy.Eq(phi, 1)], target=(P + R) / 2)
def _(d):
    return general_power_mean(d, weight=1)


@proof.claim("family.pythagorean.geometric", r"With equal weights, $\phi \to 0$ gives the geometric mean $\sqrt{PR}$.")
def _(d):
    return d.limit("phi -> 0", general_power_mean(d, weight=1), phi, 0, "+-"), sympy.sqrt(P * R)


@proof.claim("family.pythagorean.harmonic", r"With equal weights, $\phi = -1$ is the harmonic mean $2PR/(P+R)$.",
             conditions=[sympy.Eq(phi, -1)], target=2 * P * R / (P + R))
def _(d):
    return general_power_mean(d, weight=1)


@proof.claim("family.g.is_power_mean", r"For $\rho \ne 0$, $G_{\beta,\rho}$ is the power mean with $\gamma = \beta^\rho$ and $\phi = \rho + 1$ (at $\rho = -1$ both are the stipulated geometric mean).", conditions=[sympy.Ne(rho, 0)])
def _(d):
    return g_beta_rho(), d.step("Substitute gamma = beta^rho, phi = rho + 1", power_mean(gamma=beta**rho, phi=rho + 1))


@proof.claim("family.g.rho_minus_2_is_f_beta", r"$G_{\beta,-2} = F_\beta$.", conditions=[sympy.Eq(rho, -2)], target=f_beta())
def _(d):
    return d.step("G's formula away from the stipulated points", general_formula(g_beta_rho()))


@proof.claim("family.g.geometric_limit", r"$\lim_{\rho\to-1} G_{\beta,\rho} = (P R^\beta)^{1/(1+\beta)}$: the stipulation at $\rho = -1$ makes $G$ continuous there.")
def _(d):
    G = d.step("G away from the stipulated points", general_formula(g_beta_rho()))
    return d.limit("rho -> -1", G, rho, -1, "+-"), g_beta_rho(rho=-1)


@proof.claim("family.power_mean.max_limit", r"With $\gamma = 1$, $M_{1,\phi} \to \max(P, R)$ as $\phi \to +\infty$. SymPy's limit alone cannot decide the sign of $\log P$; splitting on the order of $P$ and $R$ and factoring out the larger one settles it.")
def _(d):
    return d.limit("phi -> oo", general_power_mean(d, weight=1), phi, sympy.oo), sympy.Max(P, R)


@proof.claim("family.power_mean.min_limit", r"With $\gamma = 1$, $M_{1,\phi} \to \min(P, R)$ as $\phi \to -\infty$.")
def _(d):
    return d.limit("phi -> -oo", general_power_mean(d, weight=1), phi, -sympy.oo), sympy.Min(P, R)


@proof.claim("family.power_mean.max_limit_any_weight", r"The weight does not matter at the ends: $M_{\gamma,\phi} \to \max(P, R)$ as $\phi \to +\infty$ for every $\gamma > 0$.")
def _(d):
    return d.limit("phi -> oo", general_power_mean(d), phi, sympy.oo), sympy.Max(P, R)


@proof.claim("family.power_mean.min_limit_any_weight", r"Likewise $M_{\gamma,\phi} \to \min(P, R)$ as $\phi \to -\infty$ for every $\gamma > 0$.",
             target=sympy.Min(P, R))
def _(d):
    return d.limit("phi -> -oo", general_power_mean(d), phi, -sympy.oo)


@proof.claim("family.g.limit_rho_infinity",
             r"As $\rho \to +\infty$, $G_{\beta,\rho} \to \max(\beta P, R)/\max(\beta, 1)$: $\max(P, R/\beta)$ for "
             r"$\beta \ge 1$, $\max(\beta P, R)$ for $\beta \le 1$. The weights do not vanish at the ends: $\beta$ still scales one side.",
             source="new", target=sympy.Max(beta * P, R) / sympy.Max(beta, 1), timeout=120)
def _(d):
    G = d.step("G away from the stipulated points", general_formula(g_beta_rho()))
    return d.limit("rho -> oo", G, rho, sympy.oo)


@proof.claim("family.g.limit_rho_minus_infinity",
             r"As $\rho \to -\infty$, $G_{\beta,\rho} \to \min(\beta P, R)/\min(\beta, 1)$: $\min(\beta P, R)$ for "
             r"$\beta \ge 1$, $\min(P, R/\beta)$ for $\beta \le 1$.",
             source="new", target=sympy.Min(beta * P, R) / sympy.Min(beta, 1), timeout=120)
def _(d):
    G = d.step("G away from the stipulated points", general_formula(g_beta_rho()))
    return d.limit("rho -> -oo", G, rho, -sympy.oo)


if __name__ == "__main__":
    raise SystemExit(proof.main())
