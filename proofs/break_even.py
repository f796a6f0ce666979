"""Break-even: where a unit of recall and a unit of precision are worth the same (seed 000).

For rho != 0 the partial derivatives of G_{beta,rho} agree exactly on the
line R = beta P, whatever rho is; for rho = 0 they never agree unless
beta = 1, and then they agree everywhere. The plain power mean's break-even
ratio gamma^(1/(phi - 1)) moves with phi, which is what the reparameterization
repairs.
"""

import sympy

from symmetric import P, R, beta, g_beta_rho, gamma, phi, power_mean, rho
from symmetric.families import f_beta_alternative, general_formula
from symmetric.verify.claims import Proof

proof = Proof(
    "break_even",
    "Break-even: the line where precision and recall are worth the same",
    source="seed 000",
    summary="Solve df/dR = df/dP on the ray R = kP for the ratio k.",
    order=3,
)

k = sympy.Symbol("k", positive=True)


def break_even_ratios(d, f):
    """Solve (df/dR)/(df/dP) = 1 on R = kP for k > 0."""
    ratio = d.step("Ratio of the partial derivatives, df/dR / df/dP", sympy.simplify(sympy.diff(f, R) / sympy.diff(f, P)))
    on_ray = d.step("On the ray R = kP", sympy.simplify(ratio.subs(R, k * P)))
    return d.step("Solutions k > 0 of ratio = 1", sympy.solve(sympy.Eq(on_ray, 1), k))


@proof.claim("break_even.g.solved", r"For $\rho \ne 0$, solving $\partial G/\partial R = \partial G/\partial P$ on $R = kP$ gives the single ratio $k = \beta$.", conditions=[sympy.Ne(rho, 0)])
def _(d):
    r = d.assume(rho, nonzero=True)
    (solution,) = break_even_ratios(d, general_formula(g_beta_rho(rho=r)))
    return solution, beta


@proof.claim("break_even.g.on_the_line", r"For every $\rho \ne 0$, including the stipulated $\rho = -1$, $\partial G/\partial R = \partial G/\partial P$ at every point of $R = \beta P$.", conditions=[sympy.Ne(rho, 0)])
def _(d):
    G = g_beta_rho()
    difference = d.step("dG/dR - dG/dP", sympy.diff(G, R) - sympy.diff(G, P))
    return d.step("On R = beta P", difference.subs(R, beta * P)), 0


@proof.claim("break_even.g.rho_zero_difference", r"At $\rho = 0$, $\partial G/\partial R - \partial G/\partial P = (1-\beta)/(1+\beta)$ everywhere: never zero unless $\beta = 1$.")
def _(d):
    G = d.step("The stipulated G at rho = 0", g_beta_rho(rho=0))
    return sympy.diff(G, R) - sympy.diff(G, P), (1 - beta) / (1 + beta)


@proof.claim("break_even.g.rho_zero_beta_one", r"At $\rho = 0$ and $\beta = 1$ the partial derivatives agree everywhere.")
def _(d):
    G = d.step("G at rho = 0, beta = 1", g_beta_rho(beta=1, rho=0))
    return sympy.diff(G, R) - sympy.diff(G, P), 0


@proof.claim("break_even.g.rho_zero_solutions", r"At $\rho = 0$, the only $\beta$ for which the partial derivatives can agree is $\beta = 1$.")
def _(d):
    G = g_beta_rho(rho=0)
    (solution,) = d.step("Solve dG/dR = dG/dP for beta (one solution)",
                         sympy.solve(sympy.Eq(sympy.diff(G, R), sympy.diff(G, P)), beta))
    return solution, 1


@proof.claim("break_even.power_mean.solved", r"For the power mean ($\phi \ne 0, 1$), the break-even ratio is $\gamma^{1/(\phi-1)}$.", conditions=[sympy.Ne(phi, 0), sympy.Ne(phi, 1)])
def _(d):
    f = d.assume(phi, nonzero=True)
    (solution,) = break_even_ratios(d, general_formula(power_mean(phi=f)))
    return solution, gamma ** (1 / (phi - 1))


@proof.claim("break_even.power_mean.fixed_in_phi", r"The power mean's break-even ratio does not depend on $\phi$ (false: it moves with $\phi$, which motivates $G$).", expected="refuted", conditions=[sympy.Ne(phi, 1)])
def _(d):
    ratio = gamma ** (1 / (phi - 1))
    return d.step("d/dphi of the break-even ratio", sympy.diff(ratio, phi)), 0


@proof.claim("break_even.f_beta_alternative.solved", r"The alternative $(1+\beta)PR/(R+\beta P)$ of seed 002 breaks even at $R/P = \sqrt\beta$, not $\beta$.")
def _(d):
    (solution,) = break_even_ratios(d, f_beta_alternative())
    return solution, sympy.sqrt(beta)


if __name__ == "__main__":
    raise SystemExit(proof.main())
