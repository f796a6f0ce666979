r"""Fit beta and rho of :math:`G_{\beta,\rho}` to a person's stated preferences.

Three kinds of statement, about operating points (P, R):

* :class:`TradeOff` ``(P, R, k)``: at (P, R), one unit of precision is worth
  ``k`` units of recall: the metric's partial derivatives satisfy
  :math:`\partial G/\partial P = k\,\partial G/\partial R`, i.e. its level
  curve through (P, R) has slope ``dP/dR = -1/k``;
* :class:`Indifference` ``(P, R, P2, R2)``: both points are equally good;
* :class:`Preference` ``(P, R, P2, R2)``: the first point is better.

Coordinates lie in ``[1e-20, 1]`` (:data:`SMALLEST`: below it G overflows
somewhere in the search box), ``k`` is any positive finite number.

The model's trade-off ratio and values come from the symbolic family:
:math:`k = -1/S` with the level-curve slope ``S`` of
:func:`symmetric.explore.geometry.slope` applied to ``g_beta_rho()``
(simplified by SymPy to :math:`(\beta P/R)^\rho`, claim ``slope.g.formula``),
and G's general formula, both compiled with :func:`symmetric.numeric.compile`.
The stipulated member :math:`G_{\beta,0}` (a weighted arithmetic mean, whose
trade-off is the constant beta) is fitted as a separate candidate.

The fit minimizes the squared residuals: ``log k`` stated minus modelled,
``log G`` of the two points of an indifference, and, for a preference, how
far ``log G`` of the preferred point falls below the other's (0 when the
preference holds). Statements that no single G satisfies are reported as
conflicts. Because G's trade-off depends on the ratio R/P alone (it is
homogeneous, claim ``structure.g.homogeneous``) and ``log k`` is linear in
``log(P/R)``, some statements cannot be expressed by any G; then the
fallback is van Rijsbergen's additive form ``f(P) + g(R)``, which every
G is (up to a monotone transform, claim ``structure.g.separable``) but which
allows trade-offs ``f'(P)/g'(R)`` that are not powers of P/R.

>>> fit = fit_preferences([TradeOff(0.5, 0.5, 1 / 4), TradeOff(0.25, 1.0, 4), TradeOff(0.8, 0.4, 1 / 16)])
>>> round(fit.beta, 3), round(fit.rho, 3), fit.expressible        # F_2
(2.0, -2.0, True)
"""

from __future__ import annotations

import functools
import math
import numbers
import sys
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import sympy

from .._constraints import Constraint, Interval, Predicate, declare
from ..symbols import P, R, beta as _beta, rho as _rho
from .arguments import TOLERANCE

__all__ = [
    "COORDINATE",
    "DEFAULT_TOLERANCE",
    "RATIO",
    "TradeOff",
    "Indifference",
    "Preference",
    "PreferenceFit",
    "fit_preferences",
    "fittable_families",
]


def fittable_families() -> dict[str, bool]:
    """The registered families the fit can fit: name -> whether rho is fixed (at -2, beta fitted alone).

    The fit has two models: G_{beta,rho} with both parameters free, and G at
    rho = -2 (F_beta, claim ``family.g.rho_minus_2_is_f_beta``). A family of
    the registry (:data:`symmetric.families.FAMILIES`, read at each call, so
    a registered family is seen) qualifies when the expression its record
    builds is one of these two, by SymPy's structural equality: exact, and
    conservative (an expression equal to G only after simplification is not
    taken).

    >>> fittable_families()
    {'g_beta_rho': False, 'f_beta': True}
    """
    from ..families import FAMILIES as records, g_beta_rho

    models = {g_beta_rho(): False, g_beta_rho(rho=-2): True}
    return {
        name: models[expr]
        for name, record in records.items()
        if set(record.parameter_names) <= {"beta", "rho"} and (expr := record()) in models
    }


#: Search box of the fit: beta in [1/BETA_RANGE, BETA_RANGE], rho in [-RHO_RANGE, RHO_RANGE].
BETA_RANGE, RHO_RANGE = 100.0, 12.0
#: The smallest precision or recall of a statement. Over the search box G's terms P**rho and beta**2 R**rho
#: (|rho| <= 12, beta**2 <= 10**4) and its trade-off (beta P/R)**rho stay finite positive doubles from here on;
#: below, they overflow or underflow and the residuals are undefined.
SMALLEST = 1e-20
#: The largest residual of a statement the fit expresses, unless the caller says otherwise.
DEFAULT_TOLERANCE = 0.05
#: The margin of a preference in the fit: its residual is max(0, STRICT - (log G of the better - of the other)).
STRICT = 1e-6


#: A coordinate of a statement: precision or recall.
COORDINATE = Interval(
    float, SMALLEST, 1, closed="both", allowed=f"a number in [{SMALLEST:g}, 1] (G and its trade-off overflow below)"
)


def _positive_finite(value: Any) -> bool:
    # Real's own comparisons, so that an int too large for a float is refused, not raised
    if not isinstance(value, numbers.Real) or isinstance(value, bool):
        return False
    number: Any = value
    return 0 < number <= sys.float_info.max


#: A trade-off ratio.
RATIO = Predicate(
    "a positive finite number",
    _positive_finite,
    invalid=(0, -1.0, math.inf, math.nan, 10**400, "1", True, None),
)
_PAIR = {"P": COORDINATE, "R": COORDINATE, "P2": COORDINATE, "R2": COORDINATE}


@declare(P=COORDINATE, R=COORDINATE, k=RATIO)
@dataclass(frozen=True)
class TradeOff:
    """At (P, R), one unit of precision is worth ``k`` units of recall (``k > 0``)."""

    P: float
    R: float
    k: float

    def __post_init__(self) -> None:  # checked by the declaration; kept as floats
        for name in ("P", "R", "k"):
            object.__setattr__(self, name, float(getattr(self, name)))

    def __str__(self) -> str:
        return f"at (P={self.P:g}, R={self.R:g}) one unit of precision is worth {self.k:g} units of recall"


@dataclass(frozen=True)
class _Pair:
    P: float
    R: float
    P2: float
    R2: float

    def __post_init__(self) -> None:  # checked by the declaration of each kind; kept as floats
        for name in ("P", "R", "P2", "R2"):
            object.__setattr__(self, name, float(getattr(self, name)))


@declare(**_PAIR)
class Indifference(_Pair):
    """(P, R) and (P2, R2) are equally good."""

    def __str__(self) -> str:
        return f"(P={self.P:g}, R={self.R:g}) is as good as (P={self.P2:g}, R={self.R2:g})"


@declare(**_PAIR)
class Preference(_Pair):
    """(P, R) is better than (P2, R2)."""

    def __str__(self) -> str:
        return f"(P={self.P:g}, R={self.R:g}) is better than (P={self.P2:g}, R={self.R2:g})"


@functools.lru_cache(maxsize=1)
def _model():
    """G and its trade-off ratio k(P, R, beta, rho), for the general formula and the rho = 0 member, compiled."""
    from .. import numeric
    from ..families import g_beta_rho, general_formula
    from .geometry import slope

    general = general_formula(g_beta_rho())
    arithmetic = g_beta_rho(rho=0)
    k_general = sympy.powsimp(sympy.simplify(-1 / slope(general, P, R)), force=True)
    k_arithmetic = sympy.simplify(-1 / slope(arithmetic, P, R))
    args = (P, R, _beta, _rho)
    return {
        (name, arith): numeric.compile(expr, args, name=name)
        for name, arith, expr in (
            ("g", False, general),
            ("g", True, arithmetic),
            ("k", False, k_general),
            ("k", True, k_arithmetic),
        )
    }


def _log_g(Ps, Rs, beta, rho, arithmetic: bool):
    """log G; the general formula is singular at rho = -1 exactly (nan there), which the fit never needs."""
    with np.errstate(all="ignore"):
        return np.log(_model()[("g", arithmetic)](Ps, Rs, beta, rho))


def _log_k(Ps, Rs, beta, rho, arithmetic: bool):
    with np.errstate(all="ignore"):
        return np.log(_model()[("k", arithmetic)](Ps, Rs, beta, rho))


class _Problem:
    """The statements as arrays, and their residuals at many (beta, rho) at once."""

    def __init__(self, statements) -> None:
        self.statements = statements
        t = [(i, s) for i, s in enumerate(statements) if isinstance(s, TradeOff)]
        pairs = [(i, s) for i, s in enumerate(statements) if isinstance(s, _Pair)]
        self.tradeoff = np.array([[s.P, s.R, math.log(s.k)] for _, s in t]).reshape(-1, 3)
        self.pairs = np.array([[s.P, s.R, s.P2, s.R2] for _, s in pairs]).reshape(-1, 4)
        self.preference = np.array([isinstance(s, Preference) for _, s in pairs], dtype=bool)
        self.order = [i for i, _ in t] + [i for i, _ in pairs]

    def residuals(self, beta, rho, arithmetic=False) -> np.ndarray:
        """Residuals in statement order, on a trailing axis; ``beta`` and ``rho`` broadcast."""
        beta, rho = np.asarray(beta, dtype=np.float64)[..., None], np.asarray(rho, dtype=np.float64)[..., None]
        parts = []
        if len(self.tradeoff):
            Ps, Rs, log_k = self.tradeoff.T
            parts.append(log_k - _log_k(Ps, Rs, beta, rho, arithmetic))
        if len(self.pairs):
            P1, R1, P2, R2 = self.pairs.T
            gap = _log_g(P1, R1, beta, rho, arithmetic) - _log_g(P2, R2, beta, rho, arithmetic)
            parts.append(np.where(self.preference, np.maximum(STRICT - gap, 0.0), gap))
        lead = np.broadcast_shapes(beta.shape[:-1], rho.shape[:-1])
        out = np.concatenate([np.broadcast_to(x, lead + x.shape[-1:]) for x in parts], axis=-1)
        ordered = np.empty_like(out)
        ordered[..., self.order] = out
        return ordered


def _loss(r):
    with np.errstate(invalid="ignore"):
        return np.where(np.isfinite(r), r**2, np.inf).sum(axis=-1)


def _refine(problem, theta, fixed_rho, steps=60):
    """Levenberg-Marquardt on (log beta, rho) from ``theta``, with central-difference Jacobians."""
    theta = np.array(theta, dtype=np.float64)
    free = [0] if fixed_rho else [0, 1]
    lam = 1e-3

    def res(t):
        return problem.residuals(math.exp(t[0]), t[1])

    r = res(theta)
    for _ in range(steps):
        jac = np.empty((r.size, len(free)))
        for j, i in enumerate(free):
            h = 1e-6 * max(1.0, abs(theta[i]))
            up, down = theta.copy(), theta.copy()
            up[i] += h
            down[i] -= h
            jac[:, j] = (res(up) - res(down)) / (2 * h)
        if not np.all(np.isfinite(jac)):
            break
        a, g = jac.T @ jac, jac.T @ r
        step = np.linalg.solve(a + lam * np.diag(np.diag(a) + 1e-12), -g)
        trial = theta.copy()
        trial[free] += step
        trial[0] = np.clip(trial[0], -math.log(BETA_RANGE), math.log(BETA_RANGE))
        trial[1] = np.clip(trial[1], -RHO_RANGE, RHO_RANGE)
        r_trial = res(trial)
        if _loss(r_trial) < _loss(r):
            theta, r, lam = trial, r_trial, lam / 3
            if np.max(np.abs(step)) < 1e-12:
                break
        else:
            lam *= 10
            if lam > 1e12:
                break
    return theta, r, jac if np.all(np.isfinite(jac)) else None


@dataclass
class PreferenceFit:
    """The fitted beta and rho, their uncertainty, the fit, and the statements that conflict.

    Attributes
    ----------
    beta, rho : float
    beta_interval, rho_interval : tuple of float
        Approximate 95 % ranges from the residual scatter (Gauss-Newton
        covariance); ``(nan, nan)`` when the statements leave no degrees of
        freedom, and zero width when they fit exactly.
    rms : float
        Root mean square residual, in log units (0.05 is about 5 %).
    residuals : ndarray
        One per statement, in order.
    conflicts : list of tuple
        ``(i, j)`` pairs of statements that no G satisfies together.
    expressible : bool
        Whether every residual is within ``tolerance``.
    """

    family: str
    statements: list
    beta: float
    rho: float
    beta_interval: tuple
    rho_interval: tuple
    rms: float
    residuals: np.ndarray
    tolerance: float
    conflicts: list = field(default_factory=list)
    stipulated: bool = False

    @property
    def held(self) -> np.ndarray:
        """Whether each statement holds: a preference strictly, the others within ``tolerance``."""
        return _held(self.statements, self.residuals, self.tolerance)

    @property
    def expressible(self) -> bool:
        return bool(np.all(self.held))

    def __str__(self) -> str:
        name = "F_beta" if fittable_families().get(self.family, False) else "G_{beta,rho}"
        lines = [
            f"Fitted {name} to {len(self.statements)} statements:",
            f"  beta = {self.beta:.4g}  (95 % range {_range(self.beta_interval)})",
        ]
        if name == "F_beta":
            lines.append("  rho  = -2 (fixed: F_beta)")
        elif self.stipulated:
            lines.append("  rho  = 0 (the stipulated weighted arithmetic mean (beta P + R)/(1 + beta))")
        else:
            lines.append(f"  rho  = {self.rho:.4g}  (95 % range {_range(self.rho_interval)})")
        lines.append(f"  fit: rms residual {self.rms:.3g} (log units), tolerance {self.tolerance:g}")
        for i, (s, r, ok) in enumerate(zip(self.statements, self.residuals, self.held)):
            mark = "ok " if ok else "OFF"
            lines.append(f"  [{i}] {mark} residual {r:+.3g}: {s}")
        if self.expressible:
            lines.append("Every statement is expressed by this member of the family.")
            return "\n".join(lines)
        for i, j in self.conflicts:
            lines.append(
                f"Statements [{i}] and [{j}] conflict: no G_{{beta,rho}} satisfies both"
                + (_why(self.statements[i], self.statements[j]) or ".")
            )
        paired = {i for pair in self.conflicts for i in pair}
        for i, ok in enumerate(self.held):
            if not ok and i not in paired:
                lines.append(
                    f"Statement [{i}] is off the best fit but conflicts with no single other statement: "
                    "with several together."
                )
        lines.append(f"These statements cannot all be expressed by any {name}")
        lines.append(
            "  (G's trade-off depends on R/P alone and its logarithm is linear in log(P/R)). The fallback is "
            "van Rijsbergen's additive form f(P) + g(R), which can rank operating points by any "
            "trade-off f'(P)/g'(R): choose f and g to match the statements."
        )
        return "\n".join(lines)


def _held(statements, residuals, tolerance) -> np.ndarray:
    # A preference's residual is max(0, STRICT - gap): it holds when the gap in log G is positive.
    return np.array(
        [r < STRICT if isinstance(s, Preference) else abs(r) <= tolerance for s, r in zip(statements, residuals)],
        dtype=bool,
    )


def _range(interval):
    low, high = interval
    return "undetermined" if math.isnan(low) else f"{low:.4g} to {high:.4g}"


def _why(a, b) -> str:
    if (
        isinstance(a, TradeOff)
        and isinstance(b, TradeOff)
        and math.isclose(a.P / a.R, b.P / b.R, rel_tol=1e-9)
        and a.k != b.k
    ):
        return ": they give different trade-offs at the same ratio R/P, where every G has the same one."
    if isinstance(a, _Pair) and isinstance(b, _Pair) and {(a.P, a.R), (a.P2, a.R2)} == {(b.P, b.R), (b.P2, b.R2)}:
        return ": they rank the same two points differently."
    return ""


def _statements(value) -> bool:
    """Whether ``value`` is a nonempty sequence of statements, at least one a trade-off or an indifference."""
    if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__") or not hasattr(value, "__len__"):
        return False
    return (
        len(value) > 0
        and all(isinstance(s, (TradeOff, Indifference, Preference)) for s in value)
        and any(isinstance(s, (TradeOff, Indifference)) for s in value)
    )


#: The statements a fit takes.
STATEMENTS = Predicate(
    "a nonempty sequence of TradeOff, Indifference or Preference, at least one a TradeOff or an Indifference "
    "(preferences alone only bound beta and rho)",
    _statements,
    invalid=("P", [1.0], [], 3),
)


class _Fittable(Constraint):
    """The name of a registered family the fit can fit (:func:`fittable_families`, read when checking)."""

    @property
    def allowed(self) -> str:
        return (
            f"one of {sorted(fittable_families())} (a registered family whose expression is G_{{beta,rho}}'s, "
            "or G's at rho = -2)"
        )

    def is_satisfied_by(self, value) -> bool:
        return isinstance(value, str) and value in fittable_families()

    def invalid_values(self) -> tuple:
        return ("power_mean", "g", None)


FAMILY = _Fittable()


def _grid_search(problem, fixed_rho):
    log_beta = np.linspace(-math.log(BETA_RANGE), math.log(BETA_RANGE), 161)
    rho = np.array([-2.0]) if fixed_rho else np.linspace(-RHO_RANGE, RHO_RANGE, 240)  # avoids -1 and 0
    lb, rr = np.meshgrid(log_beta, rho, indexing="ij")
    loss = _loss(problem.residuals(np.exp(lb), rr))
    i = np.unravel_index(int(np.argmin(loss)), loss.shape)
    return np.array([lb[i], rr[i]])


def _fit_arithmetic(problem):
    """The best stipulated member G_{beta,0}: one parameter, by a grid and a golden-section search."""
    log_beta = np.linspace(-math.log(BETA_RANGE), math.log(BETA_RANGE), 401)
    loss = _loss(problem.residuals(np.exp(log_beta), 0.0, arithmetic=True))
    i = int(np.argmin(loss))
    lo, hi = log_beta[max(i - 1, 0)], log_beta[min(i + 1, len(log_beta) - 1)]
    f = lambda x: float(_loss(problem.residuals(math.exp(x), 0.0, arithmetic=True)))  # noqa: E731
    g = (math.sqrt(5) - 1) / 2
    for _ in range(80):
        a, b = hi - g * (hi - lo), lo + g * (hi - lo)
        if f(a) < f(b):
            hi = b
        else:
            lo = a
    x = (lo + hi) / 2
    return x, problem.residuals(math.exp(x), 0.0, arithmetic=True)


def _intervals(theta, r, jac, fixed_rho):
    """Approximate 95 % ranges of beta and rho from the Gauss-Newton covariance."""
    nan = (math.nan, math.nan)
    k = 1 if fixed_rho else 2
    dof = r.size - k
    if jac is None or dof <= 0:
        return nan, nan
    s2 = float(r @ r) / dof
    try:
        cov = s2 * np.linalg.inv(jac.T @ jac)
    except np.linalg.LinAlgError:
        return nan, nan
    se = np.sqrt(np.maximum(np.diag(cov), 0.0))
    with np.errstate(over="ignore", under="ignore"):  # a huge spread of log beta: the range is (0, inf)
        beta = tuple(float(np.exp(theta[0] + s * 1.96 * se[0])) for s in (-1.0, 1.0))
    rho = (-2.0, -2.0) if fixed_rho else (theta[1] - 1.96 * se[1], theta[1] + 1.96 * se[1])
    return beta, rho


def _pair_conflicts(statements, residuals, tolerance, fixed_rho):
    """Pairs (i, j) with statement i off the fit that no member of the family satisfies together."""
    off = [i for i, ok in enumerate(_held(statements, residuals, tolerance)) if not ok]
    out = []
    for i in off:
        for j in range(len(statements)):
            if j == i or (j, i) in out:
                continue
            pair = [statements[i], statements[j]]
            problem = _Problem(pair)
            theta, r, _ = _refine(problem, _grid_search(problem, fixed_rho), fixed_rho, steps=30)
            held = _held(pair, r, tolerance).all()
            if not fixed_rho and not held:
                _, r0 = _fit_arithmetic(problem)
                held = _held(pair, r0, tolerance).all()
            if not held:
                out.append((i, j))
    return out


@declare(statements=STATEMENTS, family=FAMILY, tolerance=TOLERANCE)
def fit_preferences(statements, *, family="g_beta_rho", tolerance=DEFAULT_TOLERANCE) -> PreferenceFit:
    r"""Fit the beta and rho that express ``statements`` best (see the module docstring).

    Parameters
    ----------
    statements : sequence of TradeOff, Indifference and Preference
        At least one trade-off or indifference.
    family : str, default "g_beta_rho"
        ``"f_beta"`` fixes rho at -2 and fits beta alone; any registered
        family with G's expression or F_beta's is taken too
        (:func:`fittable_families`).
    tolerance : float, default 0.05
        Largest residual (log units, about 5 %) of a statement the fit
        expresses; larger ones are reported, with the statements they
        conflict with.

    Returns
    -------
    PreferenceFit
        ``str()`` of it explains the fit and the conflicts.

    Examples
    --------
    Someone indifferent between (0.6, 0.9) and (0.9, 0.6) (so a G with
    beta = 1) who trades one unit of precision for half a unit of recall at
    (0.5, 0.5) (where such a G trades one for one):

    >>> from symmetric.explore import Indifference, TradeOff, fit_preferences
    >>> fit = fit_preferences([Indifference(0.6, 0.9, 0.9, 0.6), TradeOff(0.5, 0.5, 0.5),
    ...                        TradeOff(0.8, 0.2, 2.0)])
    >>> fit.expressible, fit.conflicts
    (False, [(0, 1)])
    >>> print(fit)                                              # doctest: +ELLIPSIS
    Fitted G_{beta,rho} to 3 statements:
    ...
      [0] OFF residual +0.125: (P=0.6, R=0.9) is as good as (P=0.9, R=0.6)
    ...
    Statements [0] and [1] conflict: no G_{beta,rho} satisfies both.
    These statements cannot all be expressed by any G_{beta,rho}
    ...
    """
    statements = list(statements)
    fixed_rho = fittable_families()[family]
    problem = _Problem(statements)
    theta, r, jac = _refine(problem, _grid_search(problem, fixed_rho), fixed_rho)
    stipulated = False
    if not fixed_rho:
        x, r0 = _fit_arithmetic(problem)
        if _loss(r0) < _loss(r) - 1e-12:
            theta, r, stipulated = np.array([x, 0.0]), r0, True
            jac = None
    beta_interval, rho_interval = _intervals(theta, r, jac, fixed_rho or stipulated)
    if stipulated:
        beta_interval = (math.nan, math.nan)
    fit = PreferenceFit(
        family,
        statements,
        float(math.exp(theta[0])),
        float(theta[1]),
        beta_interval,
        rho_interval,
        float(np.sqrt(np.mean(r**2))),
        r,
        float(tolerance),
        stipulated=stipulated,
    )
    if not fit.expressible:
        fit.conflicts = _pair_conflicts(statements, r, tolerance, fixed_rho)
    return fit
