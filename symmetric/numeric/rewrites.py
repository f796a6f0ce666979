"""Numerically stable rewrites of the metric families, built from their definitions.

Every family is read off its SymPy definition as a weighted power mean

.. math:: M = (w P^\\phi + w_c R^\\phi)^{1/\\phi}, \\qquad w + w_c = 1,

one per branch of the definition (the stipulated values of ``g_beta_rho`` are
power means too: arithmetic at ``rho = 0``, geometric at ``rho = -1``). The
weights and the exponent are *extracted* from the definition, never retyped;
the stable forms of the parameters follow from the odds ``w / w_c``. The
kernels are rewritings of ``M`` for one regime each. Every equality used here
is an :class:`Identity`, registered as a claim by ``proofs/numeric_rewrites.py``
and proven by ``symmetric verify``.

>>> from symmetric.numeric.rewrites import plan
>>> [(str(b.condition), b.phi, b.odds) for b in plan("g_beta_rho").branches]
[('Eq(rho, 0)', 1, beta), ('Eq(rho, -1)', 0, 1/beta), ('True', rho + 1, beta**rho)]
>>> plan("f_beta").branches[0].phi
-1
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy
from sympy.codegen.cfunctions import expm1, log1p
from sympy.codegen.numpy_nodes import logaddexp

from ..families import get_family
from ..symbols import P, R, c_P, c_R, kappa, log_w, log_w_c, phi, w, w_c, w_lo

__all__ = [
    "expm1mx",
    "Branch",
    "Plan",
    "Identity",
    "plan",
    "power_mean_form",
    "weighted_power_mean",
    "KERNELS",
    "PARAMETERS",
    "CONSTANTS",
    "identities",
]


class expm1mx(sympy.Function):
    """``exp(x) - 1 - x``, computed without cancellation (:func:`symmetric.numeric._primitives.expm1mx`).

    >>> x = sympy.Symbol("x")
    >>> expm1mx(x).rewrite(sympy.exp)
    -x + exp(x) - 1
    """

    nargs = 1

    def _eval_rewrite_as_exp(self, x, **kwargs):
        return sympy.exp(x) - 1 - x

    def fdiff(self, argindex=1):
        return expm1(self.args[0])


def weighted_power_mean(weight=w, complement=w_c, exponent=phi) -> sympy.Expr:
    """``(weight P**exponent + complement R**exponent)**(1/exponent)``; the geometric mean at exponent 0."""
    if exponent == 0:
        return P**weight * R**complement
    return (weight * P**exponent + complement * R**exponent) ** (1 / exponent)


def power_mean_form(expr: sympy.Expr, exponent=None) -> tuple[sympy.Expr, sympy.Expr, sympy.Expr]:
    """Read ``expr`` as a weighted power mean of P and R: ``(phi, weight of P, weight of R)``.

    Recognises a power ``base**(1/phi)`` of a weighted sum of ``P**phi`` and
    ``R**phi``, a weighted sum of P and R (``phi = 1``), a product of powers
    of P and R (``phi = 0``) and a weighted harmonic mean (``phi = -1``).

    >>> from symmetric import f_beta
    >>> power_mean_form(f_beta())
    (-1, 1/(beta**2 + 1), beta**2/(beta**2 + 1))
    """
    candidates = [exponent] if exponent is not None else []
    if isinstance(expr, sympy.Pow) and not expr.exp.has(P, R):
        candidates.append(sympy.simplify(1 / expr.exp))
    candidates += [sympy.Integer(1), sympy.Integer(0), sympy.Integer(-1)]
    for e in candidates:
        weights = _weights(expr, e)
        if weights is not None:
            return (e, *weights)
    raise ValueError(f"{expr} is not a weighted power mean of P and R")


def _weights(expr, e):
    if e == 0:
        powers = sympy.expand_power_base(sympy.powdenest(expr)).as_powers_dict()
        if set(powers) != {P, R}:
            return None
        return powers[P], powers[R]
    if isinstance(expr, sympy.Pow) and sympy.simplify(expr.exp * e - 1) == 0:
        base = expr.base
    else:
        base = sympy.powdenest(expr**e)
    num, den = sympy.fraction(sympy.cancel(sympy.together(base)))
    found = {}
    for term in sympy.Add.make_args(sympy.expand(num)):
        term = sympy.cancel(term / den)
        for s in (P, R):
            c = sympy.simplify(term / s**e)
            if not c.has(P, R):
                found[s] = found.get(s, 0) + c
                break
        else:
            return None
    if set(found) != {P, R}:
        return None
    return found[P], found[R]


@dataclass(frozen=True)
class Branch:
    """One branch of a definition, as a power mean: where it applies, its exponent, its weights."""

    condition: sympy.Basic
    definition: sympy.Expr
    phi: sympy.Expr
    weight: sympy.Expr
    complement: sympy.Expr

    @property
    def odds(self) -> sympy.Expr:
        """``w / w_c``, from which the stable parameter forms follow."""
        return sympy.simplify(self.weight / self.complement)

    def parameters(self) -> dict:
        """Stable forms of ``phi, w, w_c, log_w, log_w_c`` in the family's parameters."""
        odds = self.odds
        inverse = sympy.simplify(1 / odds)
        return {
            phi: self.phi,
            w: 1 / (1 + inverse),
            w_c: 1 / (1 + odds),
            log_w: -log1p(inverse),
            log_w_c: -log1p(odds),
        }


@dataclass(frozen=True)
class Plan:
    """How a family is evaluated numerically: its parameters and its branches as power means."""

    name: str
    parameters: tuple
    definition: sympy.Expr
    branches: tuple

    def formula(self) -> str:
        return sympy.sstr(self.definition)


def plan(name: str) -> Plan:
    """The :class:`Plan` of the registered family ``name``, derived from its definition."""
    family = get_family(name)
    definition = family()
    pieces = definition.args if isinstance(definition, sympy.Piecewise) else ((definition, sympy.true),)
    branches = []
    for expr, condition in pieces:
        exponent, weight, complement = power_mean_form(expr)
        branches.append(Branch(condition, expr, exponent, sympy.simplify(weight), sympy.simplify(complement)))
    return Plan(name, family.parameters, definition, tuple(branches))


#: Kernel constants as functions of the parameter-stage outputs (evaluated in long double).
CONSTANTS = {
    c_P: sympy.exp(log_w / phi),
    c_R: sympy.exp(log_w_c / phi),
    kappa: sympy.exp((log_w - log_w_c) / phi),
}

_q = P / R
_z = phi * sympy.log(_q)
# (P c_P) / (R c_R) without forming the smaller product, folded into (0, 1].
_x = _q * kappa
_ratio = sympy.Min(_x, 1) / sympy.Max(_x, 1)


def _log_domain(anchor, weight, log_near, log_far, z):
    """``log(near + weight*exp(z))`` for ``z <= 0``, without cancellation near 0 or underflow far from it."""
    s = weight * expm1(z)
    return anchor * sympy.exp(sympy.Piecewise((log1p(s), s > -sympy.Rational(1, 2)),
                                              (logaddexp(log_near, log_far + z), True)) / phi)


#: Kernel expressions, one per regime; their arguments are P, R and the constants they use.
KERNELS = {
    # phi = 1: the weighted arithmetic mean.
    "arithmetic": w * P + w_c * R,
    # phi = -1: the weighted harmonic mean (F_beta).
    "harmonic": 1 / (w / P + w_c / R),
    # phi = 0: the weighted geometric mean, the exponent w + w_lo carried as a double-double.
    "geometric": R * _q**w * sympy.exp(w_lo * sympy.log(_q)),
    # |phi| not small: scale by the dominant term of (P c_P)**phi + (R c_R)**phi.
    "anchor_positive": sympy.Max(P * c_P, R * c_R) * sympy.exp(log1p(_ratio**phi) / phi),
    "anchor_negative": sympy.Min(P * c_P, R * c_R) * sympy.exp(log1p(_ratio ** (-phi)) / phi),
    # phi near 0 and phi*log(P/R) small: the geometric mean times a small correction.
    "near_geometric": R * _q**w * sympy.exp(
        w_lo * sympy.log(_q) + log1p(w_c * expm1mx(-(w + w_lo) * _z) + (w + w_lo) * expm1mx(w_c * _z)) / phi
    ),
    # everything else near phi = 0, in long double: the log domain anchored at P or R.
    "log_domain": sympy.Piecewise(
        (_log_domain(R, w, log_w_c, log_w, _z), _z <= 0),
        (_log_domain(P, w_c, log_w, log_w_c, -_z), True),
    ),
    # P = 0 or R = 0: the limit of the formula.
    "boundary": sympy.Piecewise((c_P * P + c_R * R, phi > 0), (0, True)),
}

#: The parameter-stage outputs, in the order the runtime unpacks them.
PARAMETERS = (phi, w, w_c, log_w, log_w_c)


@dataclass(frozen=True)
class Identity:
    """An equality a rewrite relies on: ``lhs == rhs`` under ``conditions``."""

    id: str
    sentence: str
    lhs: sympy.Expr
    rhs: sympy.Expr
    conditions: tuple = ()


def _expand_functions(expr):
    return expr.replace(lambda e: isinstance(e, expm1mx), lambda e: e.rewrite(sympy.exp)).rewrite(
        sympy.log).replace(lambda e: isinstance(e, expm1), lambda e: sympy.exp(e.args[0]) - 1)


def identities() -> list[Identity]:
    """Every equality the numeric functions rely on, ready to be registered as claims."""
    out = []
    mean = weighted_power_mean(w, 1 - w, phi)
    unit = (w < 1,)
    definitions = {c_P: w ** (1 / phi), c_R: (1 - w) ** (1 / phi), kappa: (w / (1 - w)) ** (1 / phi), w_c: 1 - w}
    for name in ("g_beta_rho", "power_mean", "f_beta"):
        p = plan(name)
        for i, b in enumerate(p.branches):
            tag = f"numeric.{name}.branch{i}"
            where = () if b.condition is sympy.true else (b.condition,)
            out.append(Identity(f"{tag}.power_mean", f"Branch {i} of {name} is a weighted power mean with exponent ${sympy.latex(b.phi)}$.",
                                b.definition, weighted_power_mean(b.weight, b.complement, b.phi), where))
            out.append(Identity(f"{tag}.weights_sum", f"The weights of branch {i} of {name} sum to 1.",
                                b.weight + b.complement, sympy.Integer(1), where))
            stable = b.parameters()
            for sym, exact in ((w, b.weight), (w_c, b.complement), (log_w, sympy.log(b.weight)), (log_w_c, sympy.log(b.complement))):
                out.append(Identity(f"{tag}.{sym.name}", f"The stable form of ${sympy.latex(sym)}$ for branch {i} of {name}.",
                                    _expand_functions(stable[sym]), exact, where))
    out.append(Identity("numeric.kernel.arithmetic", "At $\\phi = 1$ the power mean is $wP + w_cR$.",
                        KERNELS["arithmetic"].subs(w_c, 1 - w), mean.subs(phi, 1), unit))
    out.append(Identity("numeric.kernel.harmonic", "At $\\phi = -1$ the power mean is $1/(w/P + w_c/R)$.",
                        KERNELS["harmonic"].subs(w_c, 1 - w), mean.subs(phi, -1), unit))
    out.append(Identity("numeric.kernel.geometric", "The geometric mean with the weight split as $w + w_{lo}$.",
                        _expand_functions(KERNELS["geometric"]), P ** (w + w_lo) * R ** (1 - w - w_lo)))
    a, b = sympy.symbols("a b", positive=True)
    scaled = {P: a / c_P, R: b / c_R, kappa: c_P / c_R}
    for key, sign in (("anchor_positive", phi > 0), ("anchor_negative", phi < 0)):
        out.append(Identity(f"numeric.kernel.{key}", "Scaled by the dominant term, for $\\phi$ of one sign "
                            "(with $a = P c_P$, $b = R c_R$).",
                            _expand_functions(KERNELS[key]).subs(scaled), (a**phi + b**phi) ** (1 / phi), (sign,)))
    for s_ in (P, R):
        out.append(Identity(f"numeric.kernel.scaling_{s_.name.lower()}", "The weight moves inside the power: "
                            f"$({s_} c_{s_})^\\phi = w {s_}^\\phi$.",
                            (s_ * definitions[c_P if s_ is P else c_R]) ** phi,
                            (w if s_ is P else 1 - w) * s_**phi, (sympy.Ne(phi, 0),) if s_ is P else (*unit, sympy.Ne(phi, 0))))
    # near_geometric, in steps the engine can take (W = w + w_lo is the weight as a double-double):
    W, z, y = sympy.Symbol("W", positive=True), sympy.Symbol("z", real=True), sympy.Symbol("y", real=True)
    S = sympy.Symbol("S", positive=True)
    (log1p_term,) = KERNELS["near_geometric"].atoms(log1p)
    g = log1p_term.args[0].subs({w + w_lo: W}).subs(w_c, 1 - W).subs(_z, z)
    steps = [
        ("sum", "The correction's argument: $1 + g = e^{-Wz}(1 - W + We^z)$, $g \\ge 0$ a sum of nonnegative terms.",
         1 + _expand_functions(g), sympy.exp(-W * z) * (1 - W + W * sympy.exp(z)), (W < 1,)),
        ("log", "Its logarithm splits.", sympy.log(sympy.exp(-W * z) * (1 - W + W * sympy.exp(z))),
         -W * z + sympy.log(1 - W + W * sympy.exp(z)), (W < 1,)),
        ("exp", "The exponential of the scaled sum.", sympy.exp((y + sympy.log(S)) / phi),
         sympy.exp(y / phi) * S ** (1 / phi), (sympy.Ne(phi, 0),)),
        ("mean", "With $z = \\phi \\log(P/R)$ the factors give the power mean.",
         R * _q**W * sympy.exp(-W * _z / phi) * (1 - W + W * _q**phi) ** (1 / phi),
         weighted_power_mean(W, 1 - W, phi), (W < 1, sympy.Ne(phi, 0))),
    ]
    for key, sentence, lhs, rhs, conditions in steps:
        out.append(Identity(f"numeric.kernel.near_geometric_{key}", sentence, lhs, rhs, conditions))
    logs = {log_w: sympy.log(w), log_w_c: sympy.log(1 - w), w_c: 1 - w}
    for i, leaf in enumerate(_leaves(KERNELS["log_domain"])):
        out.append(Identity(f"numeric.kernel.log_domain{i}", "A branch of the log-domain form (each branch is exact; "
                            "the conditions only choose the accurate one).",
                            _expand_functions(leaf).subs(logs), mean, (*unit, sympy.Ne(phi, 0))))
    for s_, other, c in ((P, R, 1 - w), (R, P, w)):
        out.append(Identity(f"numeric.kernel.boundary_{s_.name.lower()}_positive", f"As {s_} tends to 0 with $\\phi > 0$ the mean tends to "
                            f"$c_{other} {other}$.", sympy.Limit(mean, s_, 0), c ** (1 / phi) * other, (*unit, phi > 0)))
        out.append(Identity(f"numeric.kernel.boundary_{s_.name.lower()}_negative", f"As {s_} tends to 0 with $\\phi < 0$ the mean tends to 0.",
                            sympy.Limit(mean, s_, 0), sympy.Integer(0), (*unit, phi < 0)))
        out.append(Identity(f"numeric.kernel.boundary_{s_.name.lower()}_geometric", f"As {s_} tends to 0 the geometric mean tends to 0.",
                            sympy.Limit(weighted_power_mean(w, 1 - w, 0), s_, 0), sympy.Integer(0), unit))
    for key, value in CONSTANTS.items():
        out.append(Identity(f"numeric.constant.{key.name.lower()}", f"The constant ${sympy.latex(key)}$.",
                            value.subs(logs), definitions[key], (*unit, sympy.Ne(phi, 0))))
    return out


def _leaves(expr):
    """The expressions a nest of Piecewise can evaluate to, each with every Piecewise resolved."""
    pieces = list(expr.atoms(sympy.Piecewise))
    if not pieces:
        return [expr]
    outer = max(pieces, key=sympy.count_ops)
    return [leaf for value, _ in outer.args for leaf in _leaves(expr.xreplace({outer: value}))]
