"""Break-even: where a unit of recall and a unit of precision are worth the same (seed 000).

For rho != 0 the partial derivatives of G_{beta,rho} agree exactly on the
line R = beta P, whatever rho is; for rho = 0 they never agree unless
beta = 1, and then they agree everywhere. The plain power mean's break-even
ratio gamma^(1/(phi - 1)) moves with phi, which is what the reparameterization
repairs.
"""

import sympy

from symmetric import P, R, beta, f_beta, g_beta_rho, gamma, phi, power_mean, rho
from symmetric.families import f_beta_alternative
from symmetric.verify.claims import Proof

proof = Proof(
    "break_even",
    "Break-even: the line where precision and recall are worth the same",
    source="seed 000",
    summary="Solve df/dR = df/dP on the ray R = kP for the ratio k.",
    order=3,
)

k = sympy.Symbol("k", positive=True)


def ratio_on_ray(d, name, f):
    """(df/dR)/(df/dP) on the ray R = kP, simplified (a checked step); each solution k of ratio = 1 is checked."""
    f = d.step(name, f)
    ratio = d.apply("Ratio of the partial derivatives, df/dR / df/dP", lambda a, b: a / b,
                    d.differentiate("df/dR", f, R), d.differentiate("df/dP", f, P))
    on_ray = d.substitute("On the ray R = kP", ratio, {R: k * P})
    simple = d.rewrite("Simplify", sympy.simplify(on_ray))
    d.solve("Solutions k > 0 of ratio = 1", sympy.Eq(simple, 1), k)
    return simple


@proof.claim("break_even.g.solved", r"For $\rho \ne 0$ (the stipulated $\rho = -1$ included), on the ray $R = kP$ the ratio "
             r"$(\partial G/\partial R)/(\partial G/\partial P)$ is $(k/\beta)^\rho$, which is 1 only at $k = \beta$: "
             r"the single break-even ratio is $\beta$.",
             conditions=[sympy.Ne(rho, 0)], target=(k / beta) ** rho, by="evaluation")
def _(d):
    return ratio_on_ray(d, "G", g_beta_rho())


@proof.claim("break_even.g.on_the_line", r"For every $\rho \ne 0$, including the stipulated $\rho = -1$, $\partial G/\partial R = \partial G/\partial P$ at every point of $R = \beta P$.",
             conditions=[sympy.Ne(rho, 0)], target=0)
def _(d):
    G = d.step("G", g_beta_rho())
    difference = d.apply("dG/dR - dG/dP", lambda a, b: a - b, d.differentiate("dG/dR", G, R), d.differentiate("dG/dP", G, P))
    return d.substitute("On R = beta P", difference, {R: beta * P})


@proof.claim("break_even.g.rho_zero_difference", r"At $\rho = 0$, $\partial G/\partial R - \partial G/\partial P = (1-\beta)/(1+\beta)$ at every point, whatever $P$ and $R$.",
             target=(1 - beta) / (1 + beta))
def _(d):
    G = d.step("The stipulated G at rho = 0", g_beta_rho(rho=0))
    return d.apply("dG/dR - dG/dP", lambda a, b: a - b, d.differentiate("dG/dR", G, R), d.differentiate("dG/dP", G, P))


@proof.claim("break_even.g.rho_zero_beta_one", r"At $\rho = 0$ and $\beta = 1$ the partial derivatives agree at every point.",
             conditions=[sympy.Eq(beta, 1)], target=0)
def _(d):
    G = d.step("The stipulated G at rho = 0", g_beta_rho(rho=0))
    return d.apply("dG/dR - dG/dP, for beta = 1", lambda a, b: a - b,
                   d.differentiate("dG/dR", G, R), d.differentiate("dG/dP", G, P))


@proof.claim("break_even.g.rho_zero_solutions", r"At $\rho = 0$ and $\beta \ne 1$ the partial derivatives differ at every point: no break-even line.",
             conditions=[sympy.Ne(beta, 1)], relation=">", target=0)
def _(d):
    G = d.step("The stipulated G at rho = 0", g_beta_rho(rho=0))
    dR, dP = d.differentiate("dG/dR", G, R), d.differentiate("dG/dP", G, P)
    d.solve("Solve dG/dR = dG/dP for beta", sympy.Eq(dR, dP), beta)
    return d.apply("|dG/dR - dG/dP|", lambda a, b: sympy.Abs(a - b), dR, dP)


@proof.claim("break_even.power_mean.solved", r"For every $\phi$ (the geometric mean at $\phi = 0$ included), on the ray $R = kP$ the ratio "
             r"$(\partial M/\partial R)/(\partial M/\partial P)$ of the power mean is $k^{\phi-1}/\gamma$: for $\phi \ne 1$ it is 1 only "
             r"at the break-even ratio $k = \gamma^{1/(\phi-1)}$.",
             target=k ** (phi - 1) / gamma)
def _(d):
    return ratio_on_ray(d, "The power mean", power_mean())


@proof.claim("break_even.power_mean.fixed_in_phi", r"Reading: the power mean's break-even ratio $\gamma^{1/(\phi-1)}$ does not depend on $\phi$. False: it moves with $\phi$, which motivates $G$.",
             expected="refuted", conditions=[sympy.Ne(phi, 1)], target=0)
def _(d):
    ratio = d.step("The break-even ratio: the solution of claim break_even.power_mean.solved", gamma ** (1 / (phi - 1)))
    return d.differentiate("d/dphi of the break-even ratio", ratio, phi)


@proof.claim("break_even.f_beta.solved", r"On the ray $R = kP$ the ratio $(\partial F_\beta/\partial R)/(\partial F_\beta/\partial P)$ is "
             r"$(\beta/k)^2$: the partial derivatives agree only where $R/P = \beta$.",
             source="seed 002", target=(beta / k) ** 2)
def _(d):
    return ratio_on_ray(d, "F_beta", f_beta())


@proof.claim("break_even.f_beta_alternative.solved", r"On the ray $R = kP$ the ratio of the partial derivatives of seed 002's alternative "
             r"$(1+\beta)PR/(R+\beta P)$ is $\beta/k^2$: it breaks even at $R/P = \sqrt\beta$, not $\beta$.",
             source="seed 002", target=beta / k**2)
def _(d):
    return ratio_on_ray(d, "The alternative", f_beta_alternative())


if __name__ == "__main__":
    raise SystemExit(proof.main())
