"""Exact gradients of the numeric functions, from the symbolic derivatives, in stable forms (data).

Every family is a weighted power mean ``M = (w P**phi + w_c R**phi)**(1/phi)``
with ``w = sigmoid(lambda)`` (:mod:`symmetric.generate.rewrites`). Its partial
derivatives, in the share ``t = w P**phi / (w P**phi + w_c R**phi) =
sigmoid(lambda + x)`` of P, with ``L = log(P/R)`` and ``x = phi L``:

* ``dM/dP = t M / P`` and ``dM/dR = (1 - t) M / R``;
* ``dM/dlambda = M L q`` with ``q = (t - w) / x``, written without
  cancellation as ``t w_c (-expm1(-x)) / x`` for ``x >= 0`` and
  ``w (1 - t) expm1(x) / x`` for ``x < 0`` (``w w_c`` at ``x = 0``);
* ``dM/dphi = M L**2 K`` with ``K = H(x) / x**2`` and
  ``H(x) = x t - log(w_c + w e**x)`` (the Kullback-Leibler divergence of the
  shares, >= 0). Since ``H(0) = 0`` and ``H'(x) = x t (1 - t)``,
  ``K = int_0^1 s sigmoid'(lambda + s x) ds``: evaluated by an
  ``NODES``-point Gauss-Legendre rule for ``|x| <= X_QUADRATURE`` (no
  cancellation; an approximation, its error measured, not proven), and as
  ``(x t + softplus(lambda) - softplus(lambda + x)) / x**2`` beyond, oriented
  so that ``lambda <= 0`` (``H`` is unchanged by ``(x, lambda) -> (-x, -lambda)``).

A family's derivative in its own parameter ``theta`` is then
``dM/dphi dphi/dtheta + dM/dlambda dlambda/dtheta`` (the chain rule), with
``phi`` and ``lambda`` the branch's (:meth:`symmetric.generate.rewrites.Branch.parameters`).
At a stipulated value (a branch whose condition fixes a parameter, as ``rho = 0``
and ``rho = -1`` for ``g_beta_rho``), the derivative in the other parameters
is the branch's own; in the fixed parameter it is the general branch's where
the function is continuous there (the general branch tends to the same
``phi`` and ``lambda``: ``rho = -1``), and 0 where it jumps (``rho = 0``,
where no derivative exists: 0 is the derivative of the stipulated branch,
constant in ``rho``). Where P = 0 or R = 0 (outside the open domain) the
gradient is that of the boundary value (``c_P P + c_R R`` for ``phi > 0``,
else 0) in P and R, and 0 in the parameters.

:func:`identities` states each equality used; ``proofs/numeric_gradients.py``
registers them as claims, each target SymPy's own derivative of the
definition.
"""

from __future__ import annotations

import functools

import numpy
import sympy
from sympy.codegen.cfunctions import expm1, log1p

from ..symbols import P, R, phi
from . import catalog
from .rewrites import Identity, plan, softplus
from .symbols import lam

__all__ = ["sigmoid", "M", "NODES", "X_QUADRATURE", "GRADIENT", "chain_factors", "identities", "continuous_at"]

#: The value of the mean (the gradient kernel reads it rather than recomputing it).
M = sympy.Symbol("M", positive=True)
#: Gauss-Legendre nodes of the quadrature of K.
NODES = 8
#: |x| up to which K is computed by quadrature.
X_QUADRATURE = 1


class sigmoid(sympy.Function):
    """``1 / (1 + exp(-x))``, computed without overflow."""

    nargs = 1

    def _eval_rewrite_as_exp(self, x, **kwargs):
        return 1 / (1 + sympy.exp(-x))

    def fdiff(self, argindex=1):
        return sigmoid(self.args[0]) * sigmoid(-self.args[0])


_L = sympy.Symbol("L", real=True)  # log(P / R), computed by the runtime's _log_ratio
_x = phi * _L
_t, _tc = sigmoid(lam + _x), sigmoid(-lam - _x)
_w, _wc = sigmoid(lam), sigmoid(-lam)


def _quadrature():
    nodes, weights = numpy.polynomial.legendre.leggauss(NODES)
    s, a = (nodes + 1) / 2, weights / 2
    return sympy.Add(
        *[
            sympy.Float(float(ai * si), 17)
            * sigmoid(lam + sympy.Float(float(si), 17) * _x)
            * sigmoid(-lam - sympy.Float(float(si), 17) * _x)
            for si, ai in zip(s, a)
        ]
    )


def _direct_K():
    # oriented so that the log-odds is <= 0: H(x, lambda) = H(-x, -lambda)
    sign = sympy.Piecewise((-1, lam > 0), (1, True))
    xo, lo = sign * _x, sign * lam
    return (xo * sigmoid(lo + xo) + softplus(lo) - softplus(lo + xo)) / _x**2


#: The stable forms of the partial derivatives of M, in P, R, M, phi, lambda and L = log(P/R).
GRADIENT = {
    "P": _t * M / P,
    "R": _tc * M / R,
    "lambda": M
    * _L
    * sympy.Piecewise(
        (_w * _wc, sympy.Eq(_x, 0)), (_t * _wc * (-expm1(-_x)) / _x, _x > 0), (_w * _tc * expm1(_x) / _x, True)
    ),
    "phi": M * _L**2 * sympy.Piecewise((_quadrature(), abs(_x) <= X_QUADRATURE), (_direct_K(), True)),
}
#: The symbol standing for log(P/R) in GRADIENT.
LOG_RATIO = _L


def continuous_at(name: str, index: int) -> bool:
    """Whether family ``name`` is continuous across the stipulated branch ``index`` (exactly: the general
    branch's ``phi`` and ``lambda`` tend to this branch's at the fixed parameter value)."""
    p = plan(name)
    branch, general = p.branches[index], p.branches[-1]
    if branch.condition is sympy.true or not isinstance(branch.condition, sympy.Eq):
        return True
    symbol, value = branch.condition.lhs, branch.condition.rhs
    mine, theirs = branch.parameters(), general.parameters()
    from .symbols import lam as lam_

    return all(sympy.simplify(sympy.limit(theirs[key], symbol, value) - mine[key]) == 0 for key in (phi, lam_))


@functools.cache
def chain_factors(name: str) -> tuple:
    """Per branch of family ``name``, per parameter: ``(dphi/dtheta, dlambda/dtheta)`` as SymPy expressions.

    See the module docstring for the stipulated branches.
    """
    p = plan(name)
    general = p.branches[-1].parameters()
    out = []
    for i, b in enumerate(p.branches):
        mine = b.parameters()
        fixed = b.condition.lhs if isinstance(b.condition, sympy.Eq) else None
        factors = []
        for theta in p.parameters:
            if theta == fixed:
                if continuous_at(name, i):
                    pair = tuple(sympy.diff(general[key], theta).subs(theta, b.condition.rhs) for key in (phi, lam))
                else:
                    pair = (sympy.Integer(0), sympy.Integer(0))
            else:
                pair = tuple(sympy.diff(mine[key], theta) for key in (phi, lam))
            factors.append(pair)
        out.append(tuple(factors))
    return tuple(out)


def identities() -> list[Identity]:
    """Every equality the gradient kernels rely on; each target is SymPy's derivative of the definition."""
    weight = 1 / (1 + sympy.exp(-lam))
    S = weight * P**phi + (1 - weight) * R**phi
    mean = S ** (1 / phi)
    t = weight * P**phi / S
    odds_share = 1 / (1 + sympy.exp(-lam) * (R / P) ** phi)  # t again, in the odds of the weights
    L = sympy.log(P / R)
    x = phi * L
    nonzero = (sympy.Ne(phi, 0),)
    exact = {M: mean, _L: L}

    def expand(e):
        e = e.replace(lambda f: isinstance(f, sigmoid), lambda f: f.rewrite(sympy.exp))
        e = e.replace(lambda f: isinstance(f, softplus), lambda f: f.rewrite(sympy.log))
        return e.replace(lambda f: isinstance(f, expm1), lambda f: sympy.exp(f.args[0]) - 1).subs(exact)

    out = [
        Identity(
            "numeric.gradient.share_complement", "$1 - t = \\sigma(-\\lambda - \\phi \\log(P/R))$.", expand(_tc), 1 - t
        ),
        Identity(
            "numeric.gradient.share",
            "The share of P, $t = w P^\\phi / (w P^\\phi + w_c R^\\phi)$, is "
            "$\\sigma(\\lambda + \\phi \\log(P/R)) = 1 / (1 + e^{-\\lambda} (R/P)^\\phi)$.",
            expand(_t),
            odds_share,
        ),
        Identity(
            "numeric.gradient.p",
            "$\\partial M / \\partial P = t M / P$, with $t$ the sigmoid of $\\lambda + \\phi \\log(P/R)$.",
            odds_share * mean / P,
            sympy.diff(mean, P),
            nonzero,
        ),
        Identity(
            "numeric.gradient.r",
            "$\\partial M / \\partial R = (1 - t) M / R$.",
            (1 - t) * mean / R,
            sympy.diff(mean, R),
            nonzero,
        ),
        Identity(
            "numeric.gradient.lambda",
            "$\\partial M / \\partial \\lambda = M (t - w) / \\phi$.",
            mean * (t - weight) / phi,
            sympy.diff(mean, lam),
            nonzero,
        ),
        Identity(
            "numeric.gradient.lambda_positive",
            "$t - w = t w_c (1 - e^{-x})$, no cancellation for $x > 0$.",
            expand(_t * _wc * (-expm1(-_x))),
            t - weight,
        ),
        Identity(
            "numeric.gradient.lambda_negative",
            "$t - w = w (1 - t) (e^x - 1)$, no cancellation for $x < 0$.",
            expand(_w * _tc * expm1(_x)),
            t - weight,
        ),
        Identity(
            "numeric.gradient.phi",
            "$\\partial M / \\partial \\phi = M H / \\phi^2$ with $H = x t - \\log(w_c + w e^x)$.",
            mean * (x * t - sympy.log(S / R**phi)) / phi**2,
            sympy.diff(mean, phi),
            nonzero,
        ),
        Identity(
            "numeric.gradient.h_softplus",
            "$H = x t + \\mathrm{softplus}(\\lambda) - \\mathrm{softplus}(\\lambda + x)$.",
            expand(_x * _t + softplus(lam) - softplus(lam + _x)),
            x * t - sympy.log(S / R**phi),
        ),
        Identity(
            "numeric.gradient.h_symmetric",
            "$H$ is unchanged by $(x, \\lambda) \\to (-x, -\\lambda)$.",
            expand(-_x * sigmoid(-lam - _x) + softplus(-lam) - softplus(-lam - _x)),
            expand(_x * _t + softplus(lam) - softplus(lam + _x)),
        ),
    ]
    s = sympy.Symbol("s", real=True)
    H = lambda v: v * sigmoid(lam + v) + softplus(lam) - softplus(lam + v)  # noqa: E731
    out.append(
        Identity(
            "numeric.gradient.h_derivative",
            "$H'(x) = x \\sigma(\\lambda + x) \\sigma(-\\lambda - x)$; "
            "with $H(0) = 0$ (at once from its form), $H(x) / x^2 = \\int_0^1 s \\sigma'(\\lambda + s x) ds$.",
            sympy.diff(expand(H(s)), s),
            s * sympy.exp(lam + s) / (1 + sympy.exp(lam + s)) ** 2,
        )
    )
    out.append(
        Identity(
            "numeric.gradient.log_ratio",
            "$\\log(P/R) = \\mathrm{log1p}((P - R)/R)$.",
            log1p((P - R) / R).rewrite(sympy.log),
            L,
        )
    )
    for name in catalog.numeric_families():
        p = plan(name)
        b = p.branches[-1]  # the general branch; the stipulated ones follow the convention above
        if b.phi == 0:
            continue
        weight_b = sympy.simplify(b.odds / (1 + b.odds))
        S_b = weight_b * P**b.phi + (1 - weight_b) * R**b.phi
        mean_b, t_b = S_b ** (1 / b.phi), weight_b * P**b.phi / S_b
        by_lambda = mean_b * (t_b - weight_b) / b.phi  # numeric.gradient.lambda at this branch's phi and weight
        for theta, (dphi, dlam) in zip(p.parameters, chain_factors(name)[-1]):
            if dphi != 0:
                continue  # through dM/dphi too: the chain rule on two proven derivatives, checked by the tests
            out.append(
                Identity(
                    f"numeric.gradient.{name}.{theta.name}",
                    f"The derivative of {name} in "
                    f"${sympy.latex(theta)}$: $\\partial M / \\partial \\lambda$ times "
                    f"$d\\lambda / d{sympy.latex(theta)} = {sympy.latex(dlam)}$.",
                    by_lambda * dlam,
                    sympy.diff(b.definition, theta),
                    (sympy.Ne(b.phi, 0),),
                )
            )
    return out
