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

Off the break-even line: the elasticity d ln|S| / d ln(R/P) is rho at every
point, and P'' has the sign of -rho everywhere. The same claims for the
weighted power mean (seed 000's first part) use phi - 1 in place of rho.
Claims that need S or P'' take the slope of the definition as differentiation
gives it and let the engine simplify; the sign claims read the closed form
that an earlier claim proves.
"""

import sympy

from symmetric import P, R, beta, g_beta_rho, gamma, phi, power_mean, rho
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
u = sympy.Symbol("u", real=True)
neutral_rate = -rho * (1 / R + 1 / P)
ON_LINE = {R: beta * P}


def raw_slope(d, G, name="G"):
    """S = -(dG/dR)/(dG/dP) as differentiation gives it, for the engine to simplify."""
    G = d.step(name, G)
    return d.apply("Slope of the level curve, S = dP/dR = -(dG/dR)/(dG/dP)", lambda a, b: -a / b,
                   d.differentiate("dG/dR", G, R), d.differentiate("dG/dP", G, P))


def slope(d, G):
    """The slope, simplified by SymPy: a rewrite the engine checks."""
    return d.rewrite("Simplify", sympy.simplify(raw_slope(d, G)))


def directional_rate(d, S):
    """dS/ds along R = R0 + s, P = P0 - s, at s = 0."""
    moved = d.substitute("Move along R = R0 + s, P = P0 - s", S, {R: R + s, P: P - s})
    return d.substitute("At s = 0", d.differentiate("dS/ds along (dR, dP) = (1, -1)", moved, s), {s: 0})


def elasticity(d, S):
    """d ln|S| / d ln(R/P) at fixed P: write R = P e^u and differentiate in u."""
    moved = d.substitute("With R = P exp(u)", S, {R: P * sympy.exp(u)})
    return d.differentiate("d/du", d.apply("ln|S| = ln(-S)", lambda x: sympy.log(-x), moved), u)


IMPLICIT = sympy.symbols("G_R G_P G_RR G_RP G_PP")


def level_curve_curvature(d, G, *, curvature=True):
    """P' and P'' of the graph P(R) of a level curve, by implicit differentiation, and its signed curvature."""
    G = d.step("G", G)
    GR, GP = d.differentiate("G_R", G, R), d.differentiate("G_P", G, P)
    GRR, GRP, GPP = d.differentiate("G_RR", GR, R), d.differentiate("G_RP", GR, P), d.differentiate("G_PP", GP, P)
    first = d.apply("P' = -G_R/G_P", lambda a, b: -a / b, GR, GP)
    second = d.apply(
        "P'' = -(G_RR G_P^2 - 2 G_RP G_R G_P + G_PP G_R^2) / G_P^3",
        lambda gr, gp, grr, grp, gpp: -(grr * gp**2 - 2 * grp * gr * gp + gpp * gr**2) / gp**3, GR, GP, GRR, GRP, GPP)
    if not curvature:
        return first, second, None
    return first, second, d.apply("Curvature P''/(1 + P'^2)^(3/2)", lambda a, b: b / (1 + a**2) ** sympy.Rational(3, 2),
                                  first, second)


def second_derivative_form(x):
    """P'' of a level curve whose slope is S = -x: -dx/dR + (dx/dP) x, written for x = c (R/P)^e."""
    return x * (1 / R + x / P)


#: P'' of the level curves, typed as data: targets of the second-derivative claims, read by the sign claims.
SECOND_DERIVATIVE = {
    "g": -rho * second_derivative_form((R / (beta * P)) ** rho),
    "power_mean": -(phi - 1) * second_derivative_form((R / P) ** (phi - 1) / gamma),
}


def proven_second_derivative(d, family):
    return d.cite("P''", SECOND_DERIVATIVE[family], claim=f"curvature.{family}.second_derivative")


# The slope of G (seed 000, appendix)


@proof.claim("slope.g.formula", r"For $\rho \ne 0$, the slope of a level curve of $G$ is $S = -(R/(\beta P))^\rho$.",
             conditions=[sympy.Ne(rho, 0)], target=-((R / (beta * P)) ** rho))
def _(d):
    return slope(d, g_beta_rho())


@proof.claim("slope.g.rho_zero", r"At $\rho = 0$ the slope is the constant $S = -1/\beta$: one unit of precision is worth $\beta$ units of recall "
             r"whatever $P$ and $R$ (the weighted arithmetic mean's fixed trade-off).",
             conditions=[sympy.Eq(rho, 0)], target=-1 / beta, by="evaluation")
def _(d):
    return raw_slope(d, g_beta_rho())


@proof.claim("slope.g.directional_rate", r"Along $(\Delta R, \Delta P) = (1, -1)$ at unit parameter speed, $S$ changes at the rate $-\rho (R/(\beta P))^\rho (1/R + 1/P)$.",
             target=neutral_rate * (R / (beta * P)) ** rho)
def _(d):
    return directional_rate(d, raw_slope(d, g_beta_rho()))


@proof.claim("slope.g.neutral_rate", r"On the break-even line $R = \beta P$ that rate is the seed's $-\rho(1/R + 1/P)$, for every $\rho$: proportional to $\rho$.",
             target=neutral_rate.xreplace(ON_LINE))
def _(d):
    rate = directional_rate(d, raw_slope(d, g_beta_rho()))
    return d.substitute("On R = beta P", rate, ON_LINE)


@proof.claim("slope.g.rate_per_unit_t", r"Per unit of $t = R - P$ along the tangent, the rate is half as large: $-\rho(1/R + 1/P)/2$ on the break-even line.",
             target=(neutral_rate / 2).xreplace(ON_LINE))
def _(d):
    t_path = d.step("t = R - P along R = R0 + s, P = P0 - s", (R + s) - (P - s))
    rate = directional_rate(d, raw_slope(d, g_beta_rho()))
    dt_ds = d.differentiate("dt/ds", t_path, s)
    rate_t = d.apply("dS/dt = (dS/ds)/(dt/ds)", lambda a, b: a / b, rate, dt_ds)
    return d.substitute("On R = beta P", rate_t, ON_LINE)


@proof.claim("slope.g.rate_per_unit_length", r"Per unit of arc length along the tangent, the rate is $-\rho(1/R + 1/P)/\sqrt{2}$ on the break-even line.",
             target=(neutral_rate / sympy.sqrt(2)).xreplace(ON_LINE))
def _(d):
    speed = d.step("Speed of (R0 + s, P0 - s)", sympy.sqrt(1**2 + (-1) ** 2))
    rate = directional_rate(d, raw_slope(d, g_beta_rho()))
    per_length = d.apply("Rate per unit length", lambda a, b: a / b, rate, speed)
    return d.substitute("On R = beta P", per_length, ON_LINE)


@proof.claim("slope.g.elasticity", r"The elasticity of the trade-off is $\rho$ everywhere: $d\ln|S|/d\ln(R/P) = \rho$ at every point, for every $\rho$ "
             r"(the stipulated $\rho = 0, -1$ included).",
             source="new", target=rho)
def _(d):
    return elasticity(d, raw_slope(d, g_beta_rho()))


@proof.claim("slope.g.concern_shift", r"For $\rho \ne 0$, $\partial \ln|S|/\partial\rho = \ln(R/(\beta P))$: lowering $\rho$ raises $|S|$, the precision "
             r"given up for a unit of recall, where recall lags ($R < \beta P$) and lowers it where precision lags: the smaller $\rho$, "
             r"the more concern shifts to whichever score would bring $R/P$ back towards $\beta$.",
             conditions=[sympy.Ne(rho, 0), sympy.Ne(rho, -1)], target=sympy.log(R / (beta * P)))
def _(d):
    S = raw_slope(d, general_formula(g_beta_rho()))
    return d.differentiate("d ln|S| / d rho", d.apply("ln|S| = ln(-S)", lambda x: sympy.log(-x), S), rho)


# The slope of the power mean (seed 000, weighted power means)


@proof.claim("slope.power_mean.formula", r"For every $\phi$, the slope of a level curve of the power mean is $S = -(R/P)^{\phi-1}/\gamma$: "
             r"for the harmonic ($\phi = -1$) and geometric ($\phi = 0$) means the trade-off depends on the current $P$ and $R$.",
             target=-((R / P) ** (phi - 1)) / gamma)
def _(d):
    return raw_slope(d, power_mean())


@proof.claim("slope.power_mean.arithmetic", r"At $\phi = 1$ the slope is the constant $-1/\gamma$: the weighted arithmetic mean trades one unit of "
             r"precision for $\gamma$ units of recall whatever $P$ and $R$.",
             conditions=[sympy.Eq(phi, 1)], target=-1 / gamma)
def _(d):
    return raw_slope(d, power_mean())


@proof.claim("slope.power_mean.elasticity", r"The power mean's elasticity $d\ln|S|/d\ln(R/P)$ is $\phi - 1$ everywhere: $-2$ for the harmonic "
             r"mean and $-1$ for the geometric mean, whose trade-off moves with $(P, R)$ to a smaller degree.",
             target=phi - 1)
def _(d):
    return elasticity(d, raw_slope(d, power_mean()))


@proof.claim("slope.power_mean.recall_concern_falls", r"For $\phi < 1$, $\partial |S|/\partial R < 0$: at a fixed precision, the precision one "
             r"would give up for a unit of recall is larger when recall is low (0.1) than when it is high (0.9).",
             conditions=[phi < 1], relation="<", target=0)
def _(d):
    S = d.cite("S", -((R / P) ** (phi - 1)) / gamma, claim="slope.power_mean.formula")
    return d.differentiate("d|S|/dR", d.apply("|S| = -S", lambda x: -x, S), R)


# Curvature of the level curves


@proof.claim("curvature.g.break_even", r"The signed curvature of the level curve of $G$ through a point of $R = \beta P$ is $-\rho(1/P + 1/R)/(2\sqrt2)$, for every $\rho$: the stipulated $\rho = -1$ included, and zero for the straight level lines at $\rho = 0$.",
             timeout=60, target=(neutral_rate / (2 * sympy.sqrt(2))).xreplace(ON_LINE))
def _(d):
    _, _, kappa = level_curve_curvature(d, g_beta_rho())
    return d.substitute("On R = beta P", kappa, ON_LINE)


@proof.claim("curvature.g.constant_multiple", r"On the break-even line, curvature $/\ \rho(1/P + 1/R) = -1/(2\sqrt 2)$ for every $P$, $\beta$ and $\rho \ne 0$.",
             conditions=[sympy.Ne(rho, 0)], timeout=60, target=-1 / (2 * sympy.sqrt(2)))
def _(d):
    _, _, kappa = level_curve_curvature(d, general_formula(g_beta_rho()))
    on_line = d.substitute("On R = beta P", kappa, ON_LINE)
    return d.apply("Divided by rho(1/P + 1/R)", lambda x: x / (rho * (1 / P + 1 / (beta * P))), on_line)


@proof.claim("curvature.g.second_derivative_is_rate", r"On the break-even line, the second derivative $P''$ of the level curve equals the directional rate of $S$ along $(1, -1)$: the seed's quantity is the level curve's $P''$.",
             timeout=60, target=neutral_rate.xreplace(ON_LINE))
def _(d):
    _, second, _ = level_curve_curvature(d, general_formula(g_beta_rho()), curvature=False)
    return d.substitute("P'' on R = beta P", second, ON_LINE)


@proof.claim("curvature.g.second_derivative", r"Everywhere, for every $\rho$, a level curve of $G$ has $P'' = -\rho x(1/R + x/P)$ with $x = (R/(\beta P))^\rho$.",
             source="new", timeout=60, target=SECOND_DERIVATIVE["g"])
def _(d):
    _, second, _ = level_curve_curvature(d, g_beta_rho(), curvature=False)
    return second


@proof.claim("curvature.g.bends_up", r"For $\rho < 0$ every level curve of $G$ bends upward ($P'' > 0$) at every point, not only on the break-even line.",
             source="new", conditions=[rho < 0], relation=">", target=0)
def _(d):
    return proven_second_derivative(d, "g")


@proof.claim("curvature.g.bends_down", r"For $\rho > 0$ every level curve of $G$ bends downward ($P'' < 0$) at every point: the sign of $P''$ is "
             r"the sign of $-\rho$ everywhere.",
             source="new", conditions=[rho > 0], relation="<", target=0)
def _(d):
    return proven_second_derivative(d, "g")


@proof.claim("curvature.power_mean.second_derivative", r"Everywhere, for every $\phi$, a level curve of the power mean has "
             r"$P'' = -(\phi - 1) y (1/R + y/P)$ with $y = (R/P)^{\phi-1}/\gamma$.",
             timeout=60, target=SECOND_DERIVATIVE["power_mean"], by="cancel")
def _(d):
    _, second, _ = level_curve_curvature(d, power_mean(), curvature=False)
    return second


@proof.claim("curvature.power_mean.bends_up", r"For $\phi < 1$ (the geometric and harmonic means among them) the level curves of the power mean "
             r"bend upward ($P'' > 0$) at every point.",
             conditions=[phi < 1], relation=">", target=0)
def _(d):
    return proven_second_derivative(d, "power_mean")


@proof.claim("curvature.power_mean.bends_down", r"For $\phi > 1$ the level curves of the power mean bend downward ($P'' < 0$) at every point.",
             conditions=[phi > 1], relation="<", target=0)
def _(d):
    return proven_second_derivative(d, "power_mean")


if __name__ == "__main__":
    raise SystemExit(proof.main())
