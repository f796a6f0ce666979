"""Slope and curvature of the level curves of G_{beta,rho} (seed 000, appendix).

Coordinates: recall R on the horizontal axis, precision P on the vertical
one, so a level curve G(P, R) = c is a graph P(R) with slope
S = dP/dR = -(dG/dR)/(dG/dP).

Direction convention. The seed differentiates S "with respect to t = R - P"
while moving along the tangent of the level curve. On the break-even line the
tangent points along (dR, dP) = (1, -1); we move as R = R0 + s, P = P0 - s and
report dS/ds. Along that path t = R - P grows by 2 per unit of s, so dS/dt is
half of dS/ds, and per unit of arc length the rate is dS/ds divided by sqrt(2):
the constant depends on the parameterization, the sign and the proportionality
to rho(1/R + 1/P) do not. The geometric curvature of the level curve is
P''/(1 + P'^2)^(3/2), a fixed multiple -1/(2 sqrt 2) of rho(1/P + 1/R).
"""

import sympy

from symmetric import P, R, beta, g_beta_rho, rho
from symmetric.families import general_formula
from symmetric.verify.claims import Proof

proof = Proof(
    "slope_curvature",
    "Slope and curvature of the level curves",
    source="seed 000",
    summary="Direction convention: (dR, dP) = (1, -1) at unit parameter speed, unless a claim says otherwise.",
    order=4,
)

s = sympy.Symbol("s", real=True)
neutral_rate = -rho * (1 / R + 1 / P)


def slope(d, G):
    return d.step("Slope of the level curve, S = dP/dR = -(dG/dR)/(dG/dP)", sympy.simplify(-sympy.diff(G, R) / sympy.diff(G, P)))


def directional_rate(d, S):
    """dS/ds along R = R0 + s, P = P0 - s, at s = 0."""
    moved = S.subs({R: R + s, P: P - s}, simultaneous=True)
    return d.step("dS/ds along (dR, dP) = (1, -1)", sympy.diff(moved, s).subs(s, 0))


def level_curve_curvature(d, G):
    """Signed curvature of the graph P(R) of a level curve, by implicit differentiation."""
    GR, GP = sympy.diff(G, R), sympy.diff(G, P)
    first = d.step("P' = -G_R/G_P", -GR / GP)
    second = d.step(
        "P'' = -(G_RR G_P^2 - 2 G_RP G_R G_P + G_PP G_R^2) / G_P^3",
        -(sympy.diff(G, R, 2) * GP**2 - 2 * sympy.diff(G, R, P) * GR * GP + sympy.diff(G, P, 2) * GR**2) / GP**3,
    )
    return first, second, second / (1 + first**2) ** sympy.Rational(3, 2)


@proof.claim("slope.g.formula", r"For $\rho \ne 0$, the slope of a level curve of $G$ is $S = -(R/(\beta P))^\rho$ (at $\rho = 0$ it is the constant $-1/\beta$).", conditions=[sympy.Ne(rho, 0)])
def _(d):
    return slope(d, g_beta_rho()), -((R / (beta * P)) ** rho)


@proof.claim("slope.g.directional_rate", r"Along $(\Delta R, \Delta P) = (1, -1)$ at unit parameter speed, $S$ changes at the rate $-\rho (R/(\beta P))^\rho (1/R + 1/P)$.")
def _(d):
    S = d.step("S from claim slope.g.formula", -((R / (beta * P)) ** rho))
    return directional_rate(d, S), neutral_rate * (R / (beta * P)) ** rho


@proof.claim("slope.g.neutral_rate", r"On the break-even line $R = \beta P$ that rate is $-\rho(1/R + 1/P)$: proportional to $\rho$.")
def _(d):
    rate = directional_rate(d, -((R / (beta * P)) ** rho))
    return d.step("On R = beta P", rate.subs(R, beta * P)), neutral_rate.subs(R, beta * P)


@proof.claim("slope.g.rate_per_unit_t", r"Per unit of $t = R - P$ along the tangent, the rate is half as large: $-\rho(1/R + 1/P)/2$ on the break-even line.")
def _(d):
    rate = directional_rate(d, -((R / (beta * P)) ** rho))
    dt_ds = d.step("dt/ds for t = R - P along (1, -1)", sympy.diff((R + s) - (P - s), s))
    return (rate / dt_ds).subs(R, beta * P), (neutral_rate / 2).subs(R, beta * P)


@proof.claim("slope.g.rate_per_unit_length", r"Per unit of arc length along the tangent, the rate is $-\rho(1/R + 1/P)/\sqrt{2}$ on the break-even line.")
def _(d):
    rate = directional_rate(d, -((R / (beta * P)) ** rho))
    speed = d.step("Speed of (R0 + s, P0 - s)", sympy.sqrt(1**2 + (-1) ** 2))
    return (rate / speed).subs(R, beta * P), (neutral_rate / sympy.sqrt(2)).subs(R, beta * P)


@proof.claim("curvature.g.break_even", r"The signed curvature of the level curve of $G$ through a point of $R = \beta P$ is $-\rho(1/P + 1/R)/(2\sqrt2)$, for every $\rho$: the stipulated $\rho = -1$ included, and zero for the straight level lines at $\rho = 0$.", timeout=60)
def _(d):
    _, _, kappa = level_curve_curvature(d, g_beta_rho())
    return d.step("On R = beta P", kappa.subs(R, beta * P)), (neutral_rate / (2 * sympy.sqrt(2))).subs(R, beta * P)


@proof.claim("curvature.g.constant_multiple", r"On the break-even line, curvature $/\ \rho(1/P + 1/R) = -1/(2\sqrt 2)$ for every $P$, $\beta$ and $\rho \ne 0$.", conditions=[sympy.Ne(rho, 0)], timeout=60)
def _(d):
    _, _, kappa = level_curve_curvature(d, general_formula(g_beta_rho()))
    ratio = kappa.subs(R, beta * P) / (rho * (1 / P + 1 / (beta * P)))
    return d.step("Ratio, simplified", sympy.simplify(ratio)), -1 / (2 * sympy.sqrt(2))


@proof.claim("curvature.g.second_derivative_is_rate", r"On the break-even line, the second derivative $P''$ of the level curve equals the directional rate of $S$ along $(1, -1)$: the seed's quantity is the level curve's $P''$.", timeout=60)
def _(d):
    _, second, _ = level_curve_curvature(d, general_formula(g_beta_rho()))
    rate = directional_rate(d, -((R / (beta * P)) ** rho))
    return sympy.simplify(second.subs(R, beta * P)), rate.subs(R, beta * P)


if __name__ == "__main__":
    raise SystemExit(proof.main())
