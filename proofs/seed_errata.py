"""What the seeds get subtly wrong or leave open, each settled by a claim.

Claims expected to be "refuted" state the seed's reading; the engine must
find the counterexample. docs/errata.md cites these ids.
"""

import sympy

from symmetric import P, R, beta, f_beta, g_beta_rho, gamma, phi, power_mean, rho
from symmetric.families import general_formula
from symmetric.verify.claims import Proof

proof = Proof(
    "seed_errata",
    "Errata: where the seeds are wrong or ambiguous",
    source="seed 000",
    summary="Continuity at the stipulated points, the beta limits, the parameter relations, and constants that depend on conventions.",
    order=5,
)


def formula(d):
    return d.step("G away from its stipulated points", general_formula(g_beta_rho()))


@proof.claim("errata.g.rho0_formula", r"At $\rho = 0$ the formula itself is the unweighted mean $(P+R)/2$: $\beta$ drops out.",
             conditions=[sympy.Eq(rho, 0)], target=(P + R) / 2)
def _(d):
    return formula(d)


@proof.claim("errata.g.rho0_limit", r"$\lim_{\rho\to 0} G_{\beta,\rho} = (P+R)/2$ for every $\beta$.")
def _(d):
    return d.limit("rho -> 0", formula(d), rho, 0, "+-"), (P + R) / 2


@proof.claim("errata.g.rho0_continuity", r"Reading: the stipulation $G_{\beta,0} = (\beta P + R)/(1+\beta)$ continues $G$ at $\rho = 0$. False: $G$ jumps at $\rho = 0$ (claim errata.g.rho0_jump).", expected="refuted")
def _(d):
    stipulated = d.step("The stipulated value", g_beta_rho(rho=0))
    return d.limit("rho -> 0", formula(d), rho, 0, "+-"), stipulated


@proof.claim("errata.g.rho0_jump", r"The jump at $\rho = 0$, stipulated value minus limit, is $(\beta - 1)(P - R)/(2(1+\beta))$: zero only when $\beta = 1$ or $P = R$.",
             target=(beta - 1) * (P - R) / (2 * (1 + beta)))
def _(d):
    stipulated = d.step("The stipulated value", g_beta_rho(rho=0))
    limit = d.limit("The limit as rho -> 0", formula(d), rho, 0, "+-")
    return d.apply("Stipulated value minus the limit", lambda a, b: a - b, stipulated, limit)


@proof.claim("errata.g.beta_infinity.rho_negative", r"For $\rho < 0$, $G_{\beta,\rho} \to R$ as $\beta \to \infty$.", conditions=[rho < 0])
def _(d):
    G = d.step("G", g_beta_rho())
    return d.limit("beta -> oo", G, beta, sympy.oo), R


@proof.claim("errata.g.beta_zero.rho_negative", r"For $\rho < 0$, $G_{\beta,\rho} \to P$ as $\beta \to 0$.", conditions=[rho < 0])
def _(d):
    G = d.step("G", g_beta_rho())
    return d.limit("beta -> 0", G, beta, 0), P


@proof.claim("errata.g.beta_infinity.rho_zero", r"At $\rho = 0$ the roles flip: $G_{\beta,0} \to P$ as $\beta \to \infty$.")
def _(d):
    G = d.step("G at rho = 0", g_beta_rho(rho=0))
    return d.limit("beta -> oo", G, beta, sympy.oo), P


@proof.claim("errata.g.beta_zero.rho_zero", r"At $\rho = 0$, $G_{\beta,0} \to R$ as $\beta \to 0$.")
def _(d):
    G = d.step("G at rho = 0", g_beta_rho(rho=0))
    return d.limit("beta -> 0", G, beta, 0), R


@proof.claim("errata.g.beta_infinity.rho_positive", r"For $\rho > 0$, $G_{\beta,\rho} \to P$ as $\beta \to \infty$.", conditions=[rho > 0])
def _(d):
    G = d.step("G", g_beta_rho())
    return d.limit("beta -> oo", G, beta, sympy.oo), P


@proof.claim("errata.g.beta_zero.rho_positive", r"For $\rho > 0$, $G_{\beta,\rho} \to R$ as $\beta \to 0$.", conditions=[rho > 0])
def _(d):
    G = d.step("G", g_beta_rho())
    return d.limit("beta -> 0", G, beta, 0), R


@proof.claim("errata.g.beta_infinity_is_recall", r"Reading: as for $F_\beta$, a large $\beta$ means only recall counts, $G_{\beta,\rho} \to R$ as $\beta\to\infty$, whatever $\rho$. False for $\rho \ge 0$.", expected="refuted")
def _(d):
    G = d.step("G", g_beta_rho())
    return d.limit("beta -> oo", G, beta, sympy.oo), R


@proof.claim("errata.g.beta_zero_is_precision", r"Reading: a small $\beta$ means only precision counts, $G_{\beta,\rho} \to P$ as $\beta\to 0$, whatever $\rho$. False for $\rho \ge 0$.", expected="refuted")
def _(d):
    G = d.step("G", g_beta_rho())
    return d.limit("beta -> 0", G, beta, 0), P


@proof.claim("errata.g.break_even_every_rho", r"Reading: changing $\rho$ never moves the break-even line, so $\partial G/\partial R = \partial G/\partial P$ on $R = \beta P$ for every $\rho$. False at $\rho = 0$, where there is no break-even line unless $\beta = 1$.", expected="refuted")
def _(d):
    G = d.step("G", g_beta_rho())
    difference = d.apply("dG/dR - dG/dP", lambda a, b: a - b, d.differentiate("dG/dR", G, R), d.differentiate("dG/dP", G, P))
    return d.substitute("On R = beta P", difference, {R: beta * P}), 0


@proof.claim("errata.g.rho_is_phi_plus_one", r"Reading of the seed's text: $\rho = \phi + 1$, i.e. $G_{\beta,\rho}$ is the power mean with $\gamma = \beta^\rho$ and $\phi = \rho - 1$. False: its formula has $\phi = \rho + 1$ (claim family.g.is_power_mean).", expected="refuted", conditions=[sympy.Ne(rho, 0)])
def _(d):
    return d.step("G", g_beta_rho()), power_mean(gamma=beta**rho, phi=rho - 1)


@proof.claim("errata.power_mean.beta_from_gamma_seed", r"Reading of the seed's text: with $\beta = \gamma^{1/(\phi+1)}$, $M_{\gamma,\phi} = G_{\beta,\phi-1}$. False.", expected="refuted", conditions=[sympy.Ne(phi, 1)])
def _(d):
    return d.step("The power mean", power_mean()), g_beta_rho(beta=gamma ** (1 / (phi + 1)), rho=phi - 1)


@proof.claim("errata.power_mean.beta_from_gamma", r"The correct relation: for $\phi \ne 1$, $M_{\gamma,\phi} = G_{\beta,\rho}$ with $\rho = \phi - 1$ and $\beta = \gamma^{1/(\phi-1)} = \gamma^{1/\rho}$.", conditions=[sympy.Ne(phi, 1)])
def _(d):
    return d.step("The power mean", power_mean()), g_beta_rho(beta=gamma ** (1 / (phi - 1)), rho=phi - 1)


@proof.claim("errata.slope.per_unit_t", r"Reading of the seed's appendix: on the break-even line, $dS/dt = -\rho(1/R + 1/P)$ where $t = R - P$ changes along the tangent. False: along the tangent $t$ changes twice as fast as the parameter, so $dS/dt$ is half of that (claim slope.g.rate_per_unit_t).", expected="refuted",
             conditions=[sympy.Ne(rho, 0)])
def _(d):
    S = d.cite("The slope S", -((R / (beta * P)) ** rho), claim="slope.g.formula")
    s = sympy.Symbol("s", real=True)
    moved = d.substitute("Move along R = R0 + s, P = P0 - s", S, {R: R + s, P: P - s})
    rate = d.substitute("dS/ds at s = 0", d.differentiate("dS/ds", moved, s), {s: 0})
    dS_dt = d.apply("dS/dt = (dS/ds)/(dt/ds) with dt/ds = 2", lambda x: x / 2, rate)
    return d.substitute("On R = beta P", dS_dt, {R: beta * P}), (-rho * (1 / R + 1 / P)).xreplace({R: beta * P})


@proof.claim("errata.curvature.independent_of_beta", r"Reading: 'the curvature of the level curves stays the same as you vary $\beta$'. At a point of the break-even line with a given precision $P$, the curvature $-\rho(1 + 1/\beta)/(2\sqrt2 P)$ does depend on $\beta$; what $\beta$ leaves alone is its proportionality to $\rho(1/P + 1/R)$.", expected="refuted")
def _(d):
    kappa = d.cite("Curvature on R = beta P", -rho * (1 / P + 1 / (beta * P)) / (2 * sympy.sqrt(2)),
                   claim="curvature.g.break_even")
    return d.differentiate("d/dbeta", kappa, beta), 0


@proof.claim("errata.f_beta.recall_beta_times_as_important", r"Reading of seed 002: in $F_\beta$ recall is $\beta$ times as important as precision, i.e. $\partial F/\partial R = \beta\,\partial F/\partial P$ where $R = P$. False: the factor there is $\beta^2$ (claim f_beta.importance_at_equal_scores); $\beta$ is the break-even ratio $R/P$.", expected="refuted", source="seed 002")
def _(d):
    F = d.step("F_beta", f_beta())
    dR = d.substitute("dF/dR at R = P", d.differentiate("dF/dR", F, R), {R: P})
    dP = d.substitute("dF/dP at R = P", d.differentiate("dF/dP", F, P), {R: P})
    return dR, d.apply("beta dF/dP at R = P", lambda x: beta * x, dP)


if __name__ == "__main__":
    raise SystemExit(proof.main())
