"""Structure of G_{beta,rho}: a proper mean, homogeneous, monotone, and separable (seed 000, epilogue).

van Rijsbergen's decomposition says a reasonable preference over (P, R) is
represented by f(P) + g(R), unique up to adding and multiplying by constants.
G is such a representation after a strictly increasing transform:
T(x) = x^(rho+1)/(rho+1) for rho != -1, T = log at rho = -1. The mixed
partial derivative of T(G) vanishing is the test; other power transforms of
the additive form fail it, which checks the uniqueness for that family.
"""

import sympy

from symmetric import P, R, beta, g_beta_rho, rho
from symmetric.families import general_formula
from symmetric.verify.claims import Proof

proof = Proof(
    "structure",
    "Structure: mean, homogeneity, monotonicity, separability",
    source="new",
    summary="Properties that make G a sensible metric, each for every rho (stipulated points included) unless stated.",
    order=6,
)

t = sympy.Symbol("t", positive=True)
x = sympy.Symbol("x", positive=True)
a = sympy.Symbol("a", positive=True)
# G^(rho+1) as a weighted average of the powers (claim structure.g.power_is_weighted_average), typed as data.
additive = (beta**rho * P ** (rho + 1) + R ** (rho + 1)) / (1 + beta**rho)


@proof.claim("structure.g.idempotent", r"$G_{\beta,\rho}(x, x) = x$: equal precision and recall give that value.")
def _(d):
    return d.substitute("G at R = P", d.step("G", g_beta_rho()), {R: P}), P


@proof.claim("structure.g.homogeneous", r"$G_{\beta,\rho}(tP, tR) = t\,G_{\beta,\rho}(P, R)$ for $t > 0$: homogeneous of degree 1.")
def _(d):
    G = d.step("G", g_beta_rho())
    return d.substitute("Scale P and R by t", G, {P: t * P, R: t * R}), t * G


@proof.claim("structure.g.increasing_in_precision", r"$\partial G/\partial P > 0$.")
def _(d):
    return d.differentiate("dG/dP", d.step("G", g_beta_rho()), P), ">", 0


@proof.claim("structure.g.increasing_in_recall", r"$\partial G/\partial R > 0$.")
def _(d):
    return d.differentiate("dG/dR", d.step("G", g_beta_rho()), R), ">", 0


def swapped(d):
    return d.substitute("G with P and R swapped", d.step("G", g_beta_rho()), {P: R, R: P})


@proof.claim("structure.g.swap_is_reciprocal_beta", r"Swapping $P$ and $R$ is replacing $\beta$ by $1/\beta$: $G_{\beta,\rho}(R, P) = G_{1/\beta,\rho}(P, R)$ for every $\rho$ (stipulated points included).",
             source="new", target=g_beta_rho(beta=1 / beta))
def _(d):
    return swapped(d)


@proof.claim("structure.g.symmetric_at_beta_one", r"At $\beta = 1$, $G$ is symmetric in $P$ and $R$.", conditions=[sympy.Eq(beta, 1)],
             target=g_beta_rho())
def _(d):
    return swapped(d)


@proof.claim("structure.g.symmetric", r"Reading to reject: $G$ is symmetric in $P$ and $R$ whatever $\beta$.", expected="refuted",
             target=g_beta_rho())
def _(d):
    return swapped(d)


@proof.claim("structure.g.power_is_weighted_average", r"For $\rho \ne 0, -1$, $G^{\rho+1} = w P^{\rho+1} + (1-w) R^{\rho+1}$ with $w = \beta^\rho/(1+\beta^\rho)$: a weighted average of the powers.", conditions=[sympy.Ne(rho, 0), sympy.Ne(rho, -1)], source="seed 000", by="cancel")
def _(d):
    w = d.step("The weight", beta**rho / (1 + beta**rho))
    G = d.step("G away from the stipulated points", general_formula(g_beta_rho()))
    return d.apply("G^(rho+1)", lambda g: g ** (rho + 1), G), w * P ** (rho + 1) + (1 - w) * R ** (rho + 1)


@proof.claim("structure.g.weight_positive", r"That weight is positive: $w > 0$.")
def _(d):
    return d.step("The weight w", beta**rho / (1 + beta**rho)), ">", 0


@proof.claim("structure.g.weight_below_one", r"And that weight is below 1: $1 - w > 0$.")
def _(d):
    return d.step("1 - w", 1 - beta**rho / (1 + beta**rho)), ">", 0


@proof.claim("structure.g.at_most_max", r"$G \le \max(P, R)$ for every $\beta > 0$ and real $\rho$, stipulated values included (decided by cases on $\rho$ and on the order of $P$ and $R$, homogeneity and the monotone transform $x \mapsto x^{\rho+1}$; the lower bound is inequalities.g.at_least_min).")
def _(d):
    return d.step("G", g_beta_rho()), "<=", sympy.Max(P, R)


@proof.claim("structure.g.itself_separable", r"Reading of the epilogue: $G$ itself is a sum $f(P) + g(R)$, $\partial^2 G/\partial P\,\partial R = 0$. "
             r"False but at $\rho = 0$: the decomposition needs an increasing transform of $G$ (claims below).",
             expected="refuted", target=0, source="seed 000")
def _(d):
    return d.differentiate("Mixed partial derivative of G", d.step("G", g_beta_rho()), P, R)


@proof.claim("structure.g.separable", r"For $\rho \ne -1$, $T(G) = G^{\rho+1}/(\rho+1)$ is additively separable: $\partial^2 T(G)/\partial P\,\partial R = 0$.", conditions=[sympy.Ne(rho, -1)], source="seed 000")
def _(d):
    TG = d.step("T(G)", g_beta_rho() ** (rho + 1) / (rho + 1))
    return d.differentiate("Mixed partial derivative", TG, P, R), 0


@proof.claim("structure.g.separable_parts", r"For $\rho \ne 0, -1$: $T(G) = f(P) + g(R)$ with $f(P) = \beta^\rho P^{\rho+1}/((1+\beta^\rho)(\rho+1))$ and $g(R) = R^{\rho+1}/((1+\beta^\rho)(\rho+1))$.", conditions=[sympy.Ne(rho, 0), sympy.Ne(rho, -1)], source="seed 000", by="cancel")
def _(d):
    c = (1 + beta**rho) * (rho + 1)
    TG = d.step("T(G), G away from the stipulated points", general_formula(g_beta_rho()) ** (rho + 1) / (rho + 1))
    return TG, beta**rho * P ** (rho + 1) / c + R ** (rho + 1) / c


@proof.claim("structure.g.transform_increasing", r"$T(x) = x^{\rho+1}/(\rho+1)$ is strictly increasing for $x > 0$: $T'(x) = x^\rho > 0$.", conditions=[sympy.Ne(rho, -1)], source="seed 000")
def _(d):
    T = d.step("T(x)", x ** (rho + 1) / (rho + 1))
    derivative = d.differentiate("T'(x)", T, x)
    return d.rewrite("Simplify", sympy.simplify(derivative)), ">", 0


@proof.claim("structure.g.separable_at_rho_minus_1", r"At $\rho = -1$, $\log G = (\log P + \beta \log R)/(1+\beta)$: separable after the increasing transform $\log$.",
             target=(sympy.log(P) + beta * sympy.log(R)) / (1 + beta), source="seed 000")
def _(d):
    return d.apply("log G", sympy.log, d.step("G at rho = -1", g_beta_rho(rho=-1)))


@proof.claim("structure.g.additive_form_unique", r"For $\rho \ne -1$ and $a > 0$, the mixed partial derivative of $(G^{\rho+1})^a$ (G's formula) is "
             r"$a(a-1)(G^{\rho+1})^{a-2}\,\partial_P G^{\rho+1}\,\partial_R G^{\rho+1}$, zero only at $a = 1$: among the power transforms of the "
             r"additive form $G^{\rho+1} = f(P) + g(R)$, only the identity (up to scale) stays additive.",
             conditions=[sympy.Ne(rho, -1)], timeout=60,
             target=a * (a - 1) * additive ** (a - 2) * sympy.diff(additive, P) * sympy.diff(additive, R), source="seed 000", by="powsimp")
def _(d):
    U = d.step("The additive form U = G^(rho+1) (claim structure.g.power_is_weighted_average)", general_formula(g_beta_rho()) ** (rho + 1))
    return d.differentiate("Mixed partial derivative of U^a", d.apply("U^a", lambda u: u**a, U), P, R)


if __name__ == "__main__":
    raise SystemExit(proof.main())
