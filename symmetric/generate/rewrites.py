"""Numerically stable rewrites of the metric families, built from their definitions.

Every family is read off its SymPy definition as a weighted power mean

.. math:: M = (w P^\\phi + w_c R^\\phi)^{1/\\phi}, \\qquad w + w_c = 1,

one per branch of the definition (the stipulated values of ``g_beta_rho`` are
power means too: arithmetic at ``rho = 0``, geometric at ``rho = -1``). The
exponent and the log-odds ``lambda = log(w / w_c)`` are *extracted* from the
definition, never retyped; every weight constant follows from ``lambda``.
The numeric code has three stages, each generated from the expressions here:

* ``PARAMETERS``: per branch, ``phi`` and ``lambda`` in the family's
  parameters (evaluated in double-double arithmetic);
* ``CONSTANTS`` and ``TABLE``: the weights, the scale factors and, for
  ``|phi| < 1/4``, the power mean of ``2**k`` and 1 for each binary exponent
  ``k`` of ``P/R`` (double-double, rounded once to float64);
* ``KERNELS``: float64 expressions in P, R and those constants, one per regime.

Every equality used here is an :class:`Identity`, registered as a claim by
``proofs/numeric_rewrites.py`` and proven by ``symmetric verify``.

>>> from symmetric.generate.rewrites import plan
>>> [(str(b.condition), b.phi, b.odds) for b in plan("g_beta_rho").branches]
[('Eq(rho, 0)', 1, beta), ('Eq(rho, -1)', 0, 1/beta), ('True', rho + 1, beta**rho)]
>>> plan("f_beta").branches[0].parameters()
{phi: -1, lambda: -2*log(beta), mu: 2*log(beta)}
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

import sympy
from sympy.codegen.cfunctions import expm1, log1p
from sympy.codegen.numpy_nodes import logaddexp

from .. import __version__
from ..symbols import P, R, phi
from . import catalog
from .symbols import c_k, c_P, c_R, k, kappa, lam, log_w, log_w_c, m, mu, w, w_c, w_k

__all__ = [
    "softplus",
    "Branch",
    "Plan",
    "Identity",
    "plan",
    "derive_plan",
    "plans_source",
    "power_mean_form",
    "weighted_power_mean",
    "PARAMETERS",
    "LOG_WEIGHTS",
    "CONSTANTS",
    "TABLE",
    "TABLE_NEAR",
    "GEOMETRIC_TABLE",
    "KERNELS",
    "identities",
]


class softplus(sympy.Function):
    """``log(1 + exp(x))``, computed without overflow.

    >>> x = sympy.Symbol("x")
    >>> softplus(x).rewrite(sympy.log)
    log(exp(x) + 1)
    """

    nargs = 1

    def _eval_rewrite_as_log(self, x, **kwargs):
        return sympy.log(1 + sympy.exp(x))

    def fdiff(self, argindex=1):
        return 1 / (1 + sympy.exp(-self.args[0]))


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
    found: dict = {}
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

    @functools.cached_property
    def odds(self) -> sympy.Expr:
        """``w / w_c``, from which the stable parameter forms follow (computed once per branch)."""
        return sympy.simplify(self.weight / self.complement)

    def parameters(self) -> dict:
        """The parameter-stage outputs of this branch, in the family's parameters.

        ``phi``, the log-odds ``lambda`` and ``mu = lambda / phi`` (NaN where
        ``phi = 0``, where no constant needs it), as partial fractions in the
        parameters of ``phi``: ``rho log(beta) / (rho + 1)`` is computed as
        ``log(beta) - log(beta) / (rho + 1)``, which does not overflow where
        ``rho log(beta)`` does.
        """
        return dict(self._parameters)

    @functools.cached_property
    def _parameters(self) -> dict:
        log_odds = sympy.expand_log(sympy.log(self.odds), force=True)
        return {phi: self.phi, lam: log_odds, mu: _per_exponent(log_odds, self.phi)}


def _per_exponent(log_odds, exponent):
    """``log_odds / exponent`` in partial fractions over the symbols of ``exponent``; NaN at exponent 0."""
    if exponent == 0:
        return sympy.nan
    ratio = sympy.cancel(log_odds / exponent)
    for s in sorted(exponent.free_symbols, key=lambda s: s.name):
        ratio = sympy.apart(ratio, s)
    return ratio


@dataclass(frozen=True)
class Plan:
    """How a family is evaluated numerically: its parameters and its branches as power means."""

    name: str
    parameters: tuple
    definition: sympy.Expr
    branches: tuple

    def formula(self) -> str:
        return sympy.sstr(self.definition)


@functools.cache
def plan(name: str) -> Plan:
    """The :class:`Plan` of the registered family ``name`` (computed once).

    As ``symmetric/generate/_plans.py`` records it while the family's
    definition is the one recorded there, else derived now
    (:func:`derive_plan`). The record only saves time (deriving takes SymPy's
    ``simplify``, about 0.1 s a family): it is written by
    ``python -m symmetric.generate`` from :func:`derive_plan`, a test fails
    while it is stale, and the claims of ``proofs/numeric_rewrites.py`` prove
    each branch it gives equal to the definition.
    """
    return _recorded_plan(name) or derive_plan(name)


def derive_plan(name: str) -> Plan:
    """The :class:`Plan` of the registered family ``name``, derived from its definition."""
    definition = catalog.definition(name)
    pieces = definition.args if isinstance(definition, sympy.Piecewise) else ((definition, sympy.true),)
    branches = []
    for expr, condition in pieces:
        exponent, weight, complement = power_mean_form(expr)
        branches.append(Branch(condition, expr, exponent, sympy.simplify(weight), sympy.simplify(complement)))
    return Plan(name, catalog.parameters(name), definition, tuple(branches))


def _recorded_plan(name: str) -> Plan | None:
    """The plan of ``name`` in ``_plans.py`` when it records the family's present definition; else None."""
    try:
        from . import _plans
    except ImportError:  # pragma: no cover - the record is being regenerated
        return None
    entry = _plans.PLANS.get(name)
    definition = catalog.definition(name)
    if entry is None or entry[0] != sympy.srepr(definition):
        return None
    return Plan(name, catalog.parameters(name), definition, tuple(Branch(*fields) for fields in entry[1]))


def plans_source() -> str:
    """The text of ``symmetric/generate/_plans.py``: the plan of each family with numeric code, derived now."""
    entries, code = [], ""
    for name in catalog.numeric_families():
        p = derive_plan(name)
        branches = "".join(
            "            ("
            + ", ".join(sympy.srepr(x) for x in (b.condition, b.definition, b.phi, b.weight, b.complement))
            + "),\n"
            for b in p.branches
        )
        code += branches
        entries.append(
            f"    {name!r}: (\n        {sympy.srepr(p.definition)!r},\n        (\n{branches}        ),\n    ),\n"
        )
    body = "".join(entries)
    bare = re.sub(r"'[^']*'", "", code)  # the symbols' names left out
    names = sorted(set(re.findall(r"\b([A-Za-z_]\w*)\(", bare)) | set(re.findall(r"\b(true|false)\b", bare)))
    missing = [n for n in names if not hasattr(sympy, n)]
    if missing:  # pragma: no cover - a new kind of node in a definition
        raise ValueError(f"the plans use SymPy names that sympy does not export: {missing}")
    return (
        '"""The plans of the families with numeric code (symmetric.generate.rewrites.plan): generated by symmetric '
        f"{__version__} from their definitions (symmetric.generate.rewrites.derive_plan). Do not edit.\n\n"
        "Regenerate with `python -m symmetric.generate` (tests/generate/test_files.py fails when stale).\n\n"
        "Per family: the ``srepr`` of the definition the plan was derived from (a plan whose definition changed is\n"
        "derived again), and each branch's condition, expression, exponent and weights.\n"
        '"""\n\n'
        f"from sympy import {', '.join(names)}\n\n"
        f"PLANS = {{\n{body}}}\n"
    )


#: The parameter-stage outputs, per branch (see :meth:`Branch.parameters`).
PARAMETERS = (phi, lam, mu)

#: ``log w`` and ``log w_c`` from the log-odds, without overflow for any ``lambda``.
LOG_WEIGHTS = {log_w: -softplus(-lam), log_w_c: -softplus(lam)}

#: Weight constants from ``phi`` and the log-weights (double-double, then rounded once). The scale
#: factors ``c_P = exp(log_w / phi)``, ``c_R = exp(log_w_c / phi)`` and ``kappa = exp(lambda / phi)``
#: are written with ``mu = lambda / phi`` and ``log_w - log_w_c = lambda``, so that each uses only the
#: log-weight that is a softplus of a nonpositive number: it is 0, not NaN, when ``lambda`` overflows to
#: an infinity (huge ``|rho|``, where G tends to its Min/Max limits), and ``mu`` stays finite.
CONSTANTS = {
    w: sympy.exp(log_w),
    w_c: sympy.exp(log_w_c),
    c_P: sympy.exp(sympy.Piecewise((mu + log_w_c / phi, lam < 0), (log_w / phi, True))),
    c_R: sympy.exp(sympy.Piecewise((log_w / phi - mu, lam > 0), (log_w_c / phi, True))),
    kappa: sympy.exp(mu),
}

_z = phi * k * sympy.log(2)
_s = w * expm1(_z)  # w 2**(k phi) + w_c = 1 + s
_h = logaddexp(log_w_c, log_w + _z)

#: For ``0 < |phi| < 1/4``, per binary exponent k: the mean ``c_k`` of ``2**k`` and 1, and the weight ``w_k``
#: of the mean rescaled around ``2**k``; from ``s = w expm1(k phi log 2)`` where ``TABLE_NEAR`` holds (there
#: ``log1p(s)`` keeps its relative accuracy), in the log domain where ``1 + s`` would cancel.
TABLE = {
    "near": {c_k: sympy.exp(log1p(_s) / phi), w_k: sympy.exp(log_w + _z - log1p(_s))},
    "far": {c_k: sympy.exp(_h / phi), w_k: sympy.exp(log_w + _z - _h)},
}
TABLE_NEAR = _s > -sympy.Rational(1, 2)
#: The same at ``phi = 0`` (and for ``|phi|`` so small that the geometric mean is exact in float64).
GEOMETRIC_TABLE = {c_k: sympy.exp(w * k * sympy.log(2)), w_k: w}

_x = P * kappa / R
# (P c_P) / (R c_R) without forming the smaller product, folded into (0, 1].
_ratio = sympy.Min(_x, 1) / sympy.Max(_x, 1)

#: Kernel expressions, one per regime; their arguments are P, R and the constants they use.
KERNELS = {
    # phi = 1: the weighted arithmetic mean.
    "arithmetic": w * P + w_c * R,
    # phi = -1: the weighted harmonic mean (F_beta).
    "harmonic": 1 / (w / P + w_c / R),
    # |phi| >= 1/4: scale by the dominant term of (P c_P)**phi + (R c_R)**phi.
    "anchor_positive": sympy.Max(P * c_P, R * c_R) * sympy.exp(log1p(_ratio**phi) / phi),
    "anchor_negative": sympy.Min(P * c_P, R * c_R) * sympy.exp(log1p(_ratio ** (-phi)) / phi),
    # |phi| < 1/4, with P/R = m 2**k: R times the mean of 2**k and 1 times the rescaled mean of m and 1.
    "binade": R * c_k * sympy.exp(log1p(w_k * expm1(phi * sympy.log(m))) / phi),
    "binade_geometric": R * c_k * sympy.exp(w_k * sympy.log(m)),
    # P = 0 or R = 0: the limit of the formula.
    "boundary": sympy.Piecewise((c_P * P + c_R * R, phi > 0), (0, True)),
}


@dataclass(frozen=True)
class Identity:
    """An equality a rewrite relies on: ``lhs == rhs`` under ``conditions``."""

    id: str
    sentence: str
    lhs: sympy.Expr
    rhs: sympy.Expr
    conditions: tuple = ()


def _expand_functions(expr):
    """``expr`` with the numeric primitives written as exp and log (what the engine reasons about)."""
    expr = expr.replace(lambda e: isinstance(e, softplus), lambda e: e.rewrite(sympy.log))
    return expr.rewrite(sympy.log).replace(lambda e: isinstance(e, expm1), lambda e: sympy.exp(e.args[0]) - 1)


def identities() -> list[Identity]:
    """Every equality the numeric functions rely on, ready to be registered as claims."""
    out = []
    unit = (w < 1,)
    nonzero = (sympy.Ne(phi, 0),)
    mean = weighted_power_mean(w, 1 - w, phi)
    for name in catalog.numeric_families():
        p = plan(name)
        for i, b in enumerate(p.branches):
            tag = f"numeric.{name}.branch{i}"
            where = () if b.condition is sympy.true else (b.condition,)
            out.append(
                Identity(
                    f"{tag}.power_mean",
                    f"Branch {i} of {name} is a weighted power mean with exponent ${sympy.latex(b.phi)}$.",
                    b.definition,
                    weighted_power_mean(b.weight, b.complement, b.phi),
                    where,
                )
            )
            out.append(
                Identity(
                    f"{tag}.weights_sum",
                    f"The weights of branch {i} of {name} sum to 1.",
                    b.weight + b.complement,
                    sympy.Integer(1),
                    where,
                )
            )
            out.append(
                Identity(
                    f"{tag}.log_odds",
                    f"The log-odds $\\lambda = \\log w - \\log w_c$ of the weights of branch {i} of {name}.",
                    b.parameters()[lam],
                    sympy.log(b.weight) - sympy.log(b.complement),
                    where,
                )
            )
            per_exponent = sympy.log(b.weight / b.complement) / b.phi if b.phi != 0 else None
            if per_exponent is not None and b.parameters()[mu] != per_exponent:  # a rewrite, not the definition itself
                out.append(
                    Identity(
                        f"{tag}.log_odds_per_exponent",
                        f"$\\mu = \\lambda / \\phi$ for branch {i} of {name}, in a form without overflow.",
                        b.parameters()[mu],
                        per_exponent,
                        tuple(c for c in (*where, sympy.Ne(b.phi, 0)) if c is not sympy.true),
                    )
                )
    # the parameter stage, in terms of the weight w of P (so w_c = 1 - w and lambda = log(w / (1 - w)))
    exact = {
        w: w,
        w_c: 1 - w,
        log_w: sympy.log(w),
        log_w_c: sympy.log(1 - w),
        lam: sympy.log(w / (1 - w)),
        c_P: w ** (1 / phi),
        c_R: (1 - w) ** (1 / phi),
        kappa: (w / (1 - w)) ** (1 / phi),
    }
    for key, value in LOG_WEIGHTS.items():
        out.append(
            Identity(
                f"numeric.parameter.{key.name}",
                f"${sympy.latex(key)}$ from the log-odds, without overflow.",
                _expand_functions(value).subs(lam, exact[lam]),
                exact[key],
                unit,
            )
        )
    logs = {mu: exact[lam] / phi, log_w: exact[log_w], log_w_c: exact[log_w_c], lam: exact[lam]}
    # the weights as the code computes them: from lambda through the log-weights
    chain = {key: _expand_functions(value).subs(lam, exact[lam]) for key, value in LOG_WEIGHTS.items()}
    for key, value in CONSTANTS.items():
        conditions = unit if key in (w, w_c) else (*unit, *nonzero)
        sentence = (
            f"The constant ${sympy.latex(key)}$, from the log-odds $\\lambda$ through the log-weights."
            if key in (w, w_c)
            else f"The constant ${sympy.latex(key)}$."
        )
        form = value.subs(chain) if key in (w, w_c) else _expand_functions(value.subs(mu, lam / phi)).subs(logs)
        out.append(Identity(f"numeric.constant.{key.name.lower()}", sentence, form, exact[key], conditions))
    # the table: c_k is the mean of 2**k and 1, w_k the weight of the mean rescaled around 2**k
    scaled = w * 2 ** (k * phi) + 1 - w
    table = {c_k: scaled ** (1 / phi), w_k: w * 2 ** (k * phi) / scaled}
    for form, entries in TABLE.items():
        where = (_expand_functions(TABLE_NEAR),) if form == "near" else ()
        for key, value in entries.items():
            out.append(
                Identity(
                    f"numeric.table.{key.name}_{form}",
                    f"Table entry ${sympy.latex(key)}$, {form} form (both "
                    "forms are exact; the condition only chooses the accurate one).",
                    _expand_functions(value).subs(logs),
                    table[key],
                    (*unit, *nonzero, *where),
                )
            )
    out.append(
        Identity(
            "numeric.table.c_k_geometric",
            "Table entry $c_k$ at $\\phi = 0$: the geometric mean of $2^k$ and 1.",
            GEOMETRIC_TABLE[c_k],
            weighted_power_mean(w, 1 - w, 0).subs({P: 2**k, R: 1}),
        )
    )
    out.append(
        Identity(
            "numeric.kernel.arithmetic",
            "At $\\phi = 1$ the power mean is $wP + w_cR$.",
            KERNELS["arithmetic"].subs(w_c, 1 - w),
            mean,
            (sympy.Eq(phi, 1), *unit),
        )
    )
    out.append(
        Identity(
            "numeric.kernel.harmonic",
            "At $\\phi = -1$ the power mean is $1/(w/P + w_c/R)$.",
            KERNELS["harmonic"].subs(w_c, 1 - w),
            mean,
            (sympy.Eq(phi, -1), *unit),
        )
    )
    a, b = sympy.symbols("a b", positive=True)
    scaled_ab = {P: a / c_P, R: b / c_R, kappa: c_P / c_R}
    for key, sign in (("anchor_positive", phi > 0), ("anchor_negative", phi < 0)):
        out.append(
            Identity(
                f"numeric.kernel.{key}",
                "Scaled by the dominant term, for $\\phi$ of one sign (with $a = P c_P$, $b = R c_R$).",
                _expand_functions(KERNELS[key]).subs(scaled_ab),
                (a**phi + b**phi) ** (1 / phi),
                (sign,),
            )
        )
    for s_ in (P, R):
        out.append(
            Identity(
                f"numeric.kernel.scaling_{s_.name.lower()}",
                f"The weight moves inside the power: $({s_} c_{s_})^\\phi = w {s_}^\\phi$.",
                (s_ * exact[c_P if s_ is P else c_R]) ** phi,
                (w if s_ is P else 1 - w) * s_**phi,
                nonzero if s_ is P else (*unit, *nonzero),
            )
        )
    # binade: with Q = 2**k, S = w Q**phi + 1 - w and m = P/(R Q), M = R S**(1/phi) (w_k m**phi + 1 - w_k)**(1/phi)
    Q = sympy.Symbol("Q", positive=True)
    S, X = sympy.Symbol("S", positive=True), sympy.Symbol("X", positive=True)
    S_Q = w * Q**phi + 1 - w
    w_Q = w * Q**phi / S_Q
    out.append(
        Identity(
            "numeric.kernel.binade_sum",
            "Rescaled around any $Q > 0$: $w P^\\phi + (1 - w) R^\\phi = "
            "R^\\phi S (w_Q m^\\phi + 1 - w_Q)$ with $S = w Q^\\phi + 1 - w$, $w_Q = w Q^\\phi / S$, "
            "$m = P / (R Q)$.",
            w * P**phi + (1 - w) * R**phi,
            R**phi * S_Q * (w_Q * (P / (R * Q)) ** phi + 1 - w_Q),
            unit,
        )
    )
    out.append(
        Identity(
            "numeric.kernel.binade_root",
            "The root of that product splits: $(R^\\phi S X)^{1/\\phi} = R S^{1/\\phi} X^{1/\\phi}$.",
            (R**phi * S * X) ** (1 / phi),
            R * S ** (1 / phi) * X ** (1 / phi),
            nonzero,
        )
    )
    out.append(
        Identity(
            "numeric.kernel.binade",
            "The kernel: $R c_k$ times the mean of $m$ and 1 with weight $w_k$, "
            "with $Q = 2^k$ (so $c_k = S^{1/\\phi}$).",
            _expand_functions(KERNELS["binade"]),
            R * c_k * weighted_power_mean(w_k, 1 - w_k, phi).subs({P: m, R: 1}),
            (w_k < 1, *nonzero),
        )
    )
    out.append(
        Identity(
            "numeric.kernel.binade_geometric",
            "At $\\phi = 0$, with $m = P / (R 2^k)$ and $c_k = 2^{kw}$: the geometric mean.",
            KERNELS["binade_geometric"].subs({c_k: GEOMETRIC_TABLE[c_k], w_k: w, m: P / (R * 2**k)}),
            weighted_power_mean(w, 1 - w, 0),
            unit,
        )
    )
    for s_, other, c in ((P, R, 1 - w), (R, P, w)):
        out.append(
            Identity(
                f"numeric.kernel.boundary_{s_.name.lower()}_positive",
                f"As {s_} tends to 0 with $\\phi > 0$ the mean tends to $c_{other} {other}$.",
                sympy.Limit(mean, s_, 0),
                c ** (1 / phi) * other,
                (*unit, phi > 0),
            )
        )
        out.append(
            Identity(
                f"numeric.kernel.boundary_{s_.name.lower()}_negative",
                f"As {s_} tends to 0 with $\\phi < 0$ the mean tends to 0.",
                sympy.Limit(mean, s_, 0),
                sympy.Integer(0),
                (*unit, phi < 0),
            )
        )
        out.append(
            Identity(
                f"numeric.kernel.boundary_{s_.name.lower()}_geometric",
                f"As {s_} tends to 0 the geometric mean tends to 0.",
                sympy.Limit(weighted_power_mean(w, 1 - w, 0), s_, 0),
                sympy.Integer(0),
                unit,
            )
        )
    return out
