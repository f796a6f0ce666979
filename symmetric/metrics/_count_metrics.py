"""Count metrics by name or expression: values from counts, and gradients compiled from their definitions.

A :class:`CountMetric` is one of :data:`NAMES` with its parameters (or a
SymPy expression in ``TP``, ``FP``, ``FN``, ``TN``), optionally evaluated
at another prevalence. Its values on arrays of counts follow the scores of
:mod:`symmetric.metrics` (the same ``zero_division`` policy; F and G from
the generated numeric code, the records' values and the reweighted cells from
``_generated.py``), without SymPy. Its gradient with respect to the four
cells (the delta method of ``confidence_interval``) is derived by SymPy from
:mod:`symmetric.families.counts` and the records: generated into
``_generated_gradients.py`` for the named metrics and records, compiled with
:func:`symmetric.numeric.compile` on first use at another prevalence or for an
expression.

>>> m = resolve_metric("f_beta", beta=1.0, rho=-2.0, func="demo")
>>> m.values(8.0, 2.0, 2.0, 88.0)
array(0.8)
>>> m.gradient(8.0, 2.0, 2.0, 88.0).round(4)       # (2(1 - F)/d, -F/d, -F/d, 0) with d = 2TP + FP + FN
array([ 0.02, -0.04, -0.04,  0.  ])
"""

from __future__ import annotations

import difflib
import functools
import math
import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from .._constraints import Predicate
from .._validation import InvalidParameterError
from . import _generated, _records
from ._combine import limit_parameter, precision_at_prevalence_values
from ._counts import Counts
from ._params import zero_division_value
from ._scores import prf_from_counts
from ._warnings import warn_undefined

if TYPE_CHECKING:
    import sympy

__all__ = [
    "NAMES",
    "ALIASES",
    "PROPORTIONS",
    "METRIC",
    "CountMetric",
    "resolve_metric",
    "reweighted_values",
    "record_names",
    "is_record",
]

#: The metrics known by name.
NAMES = ("precision", "recall", "specificity", "accuracy", "balanced_precision", "f_beta", "g_beta_rho")
#: Names of a metric with its parameter fixed, as scikit-learn names its scores: name -> (metric, beta).
ALIASES = {"f1": ("f_beta", 1.0), "f2": ("f_beta", 2.0)}
#: Metrics that are proportions: the cells (indices into TP, FP, FN, TN) of the successes and of the trials.
PROPORTIONS = {
    "precision": ((0,), (0, 1)),
    "recall": ((0,), (0, 2)),
    "specificity": ((3,), (3, 1)),
    "accuracy": ((0, 3), (0, 1, 2, 3)),
}
#: The step of :meth:`CountMetric._difference_gradient`, relative to the table's total.
_DIFFERENCE_STEP = 2.0**-20


def _symbols():
    """``(cells, arguments)``: TP, FP, FN, TN, and the arguments of the gradients (SymPy: loaded when asked)."""
    from ..symbols import FN, FP, TN, TP, beta, prevalence, rho

    cells = (TP, FP, FN, TN)
    return cells, cells + (beta, rho, prevalence)


def record_names() -> tuple[str, ...]:
    """The generated binary records of :data:`symmetric.families.CONFUSION_METRICS` (one registered at run time
    is found by name: :func:`is_record`)."""
    return tuple(n for n, r in _records.records().items() if r.binary and n not in NAMES)


def is_record(name: str) -> bool:
    """Whether ``name`` is a binary record outside :data:`NAMES`: generated, or registered at run time (looked up
    in the registry, :func:`symmetric.metrics._records.registered`)."""
    if name in NAMES:
        return False
    record = _records.records().get(name)
    return record is not None and record.binary


def _definition(name, expression, prevalence: bool, support_weighted: bool):
    from ..families import CONFUSION_METRICS, counts
    from ..symbols import FN, TP, beta, prevalence as pi, rho

    definitions = {
        "precision": counts.precision,
        "recall": counts.recall,
        "specificity": counts.specificity,
        "accuracy": counts.accuracy,
        "balanced_precision": counts.balanced_precision,
        "f_beta": lambda: counts.f_beta_counts(beta),
        "g_beta_rho": lambda: counts.g_beta_rho_counts(beta, rho),
    }
    if name == "expression":
        expr = expression
    elif name in definitions:
        expr = definitions[name]()
    else:
        expr = CONFUSION_METRICS[name].definition()
    if prevalence:
        expr = counts.at_prevalence(expr, pi)
    if support_weighted:
        expr = (TP + FN) * expr
    return expr


def _as_compiled(function):
    """A generated function called as :func:`symmetric.numeric.compile` calls its code (float64, broadcast)."""

    def evaluate(*values):
        arrays = [np.asarray(v, dtype=np.float64) for v in values]
        with np.errstate(all="ignore"):
            out = np.asarray(function(*arrays), dtype=np.float64)
        out = np.array(np.broadcast_to(out, np.broadcast_shapes(*(a.shape for a in arrays))))
        return out[()] if out.ndim == 0 else out

    return evaluate


@functools.lru_cache(maxsize=64)
def _gradient(name, expression, prevalence: bool, support_weighted: bool):
    """The four partial derivatives: generated (``_generated_gradients.py``) for a named metric or a generated
    record at the data's own prevalence, else compiled from the definition on first use (SymPy)."""
    if name != "expression" and not prevalence and (name in NAMES or _records.generated(name)):
        from ._generated_gradients import GRADIENTS

        found = GRADIENTS.get((name, support_weighted))
        if found is not None:
            return tuple(_as_compiled(f) for f in found)
    return _compiled_gradient(name, expression, prevalence, support_weighted)


def _compiled_gradient(name, expression, prevalence: bool, support_weighted: bool):
    import sympy

    from .. import numeric

    cells, args = _symbols()
    expr = _definition(name, expression, prevalence, support_weighted)
    return tuple(numeric.compile(sympy.diff(expr, c), args, name=f"d_{c.name}", zero_division=np.nan) for c in cells)


@functools.lru_cache(maxsize=64)
def _compiled_value(expression):
    from .. import numeric

    return numeric.compile(expression, _symbols()[0], name="metric", zero_division=np.nan)


def reweighted_values(tp, fp, fn, tn, prevalence: float):
    """The cells reweighted to ``prevalence`` (generated from :func:`symmetric.families.counts.reweighted`)."""
    args = [np.asarray(a, dtype=np.float64) for a in (tp, fp, fn, tn, prevalence)]
    with np.errstate(all="ignore"):
        return tuple(
            np.asarray(getattr(_generated, f"reweighted_{k}")(*args), dtype=np.float64)
            for k in ("tp", "fp", "fn", "tn")
        )


def _is_metric(value) -> bool:
    if isinstance(value, str):
        return value in NAMES or value in ALIASES or is_record(value)
    sympy = sys.modules.get("sympy")  # an expression exists only where SymPy is loaded
    if sympy is None or not isinstance(value, sympy.Expr):
        return False
    return bool(value.free_symbols) and value.free_symbols <= set(_symbols()[0])


#: ``metric`` of the statistics functions: a name, or an expression in the cells.
class _MetricConstraint(Predicate):
    """A metric's name or expression; an unknown name is refused with the closest known names."""

    def check(self, value, *, name: str, func: str, error=InvalidParameterError, note: str = ""):
        if isinstance(value, str) and not self.is_satisfied_by(value):
            close = difflib.get_close_matches(value.lower(), (*NAMES, *ALIASES, *record_names()), n=3, cutoff=0.5)
            if close:
                note += f"; the closest {'name is' if len(close) == 1 else 'names are'} {', '.join(map(repr, close))}"
        return super().check(value, name=name, func=func, error=error, note=note)

    def invalid_values(self) -> tuple:
        """The refused values, expressions among them (built when asked: SymPy)."""
        import sympy

        from ..symbols import TP, R

        return (*super().invalid_values(), TP + R, sympy.Integer(2))


METRIC = _MetricConstraint(
    "a str among {"
    + ", ".join(repr(n) for n in sorted((*NAMES, *ALIASES, *record_names())))
    + "} (or another registered binary ConfusionMetric) or a SymPy expression in TP, FP, FN "
    "and TN (symmetric.symbols)",
    _is_metric,
    invalid=("auc", 3, None),
)


@dataclass(frozen=True)
class CountMetric:
    """A metric of the four cells of a binary (or one-vs-rest) confusion matrix, with its parameters."""

    name: str
    beta: float = 1.0
    rho: float = -2.0
    prevalence: float | None = None
    expression: sympy.Expr | None = None
    zero_division: object = "warn"

    @property
    def label(self) -> str:
        return str(self.expression) if self.name == "expression" else self.name

    def definition(self, *, support_weighted: bool = False) -> sympy.Expr:
        """The metric as a SymPy expression of the cells (and of beta, rho and the prevalence symbol pi)."""
        return _definition(self.name, self.expression, self.prevalence is not None, support_weighted)

    def values(self, tp, fp, fn, tn, *, warn: bool = False) -> np.ndarray:
        """The metric of arrays of counts; undefined values follow ``zero_division`` (warning if ``warn``)."""
        tp, fp, fn, tn = (np.asarray(a, dtype=np.float64) for a in (tp, fp, fn, tn))
        if self.prevalence is not None:
            tp, fp, fn, tn = reweighted_values(tp, fp, fn, tn, self.prevalence)
            tp, fp, fn, tn = (np.nan_to_num(a, nan=0.0) for a in (tp, fp, fn, tn))
        if self.name == "expression":
            return self._expression_values(tp, fp, fn, tn, warn)
        if is_record(self.name):
            return self._record_values(tp, fp, fn, tn, warn)
        if self.name == "balanced_precision":
            return self._balanced_precision(tp, fp, fn, tn, warn)
        if self.name == "specificity":  # the recall of the negative class
            c = Counts(tn, tn + fn, tn + fp, tp + fp + fn + tn, None)
            return self._prf(c, 1, "recall", warn)
        if self.name == "accuracy":  # the precision of "every sample predicted right"
            c = Counts(tp + tn, tp + fp + fn + tn, tp + fp + fn + tn, tp + fp + fn + tn, None)
            return self._prf(c, 0, "precision", warn)
        c = Counts(tp, tp + fp, tp + fn, tp + fp + fn + tn, None)
        index = {"precision": 0, "recall": 1, "f_beta": 2, "g_beta_rho": 2}[self.name]
        return self._prf(c, index, self.name, warn)

    def _prf(self, c: Counts, index: int, name: str, warn: bool) -> np.ndarray:
        rho = self.rho if self.name == "g_beta_rho" else None
        kind = {"f_beta": "f-score", "g_beta_rho": "g-score"}.get(name, name)
        shape = np.shape(c.tp)
        tp, pred_sum, true_sum, total = (
            np.reshape(a, -1) for a in (c.tp, c.pred_sum, c.true_sum, np.broadcast_to(c.total, shape))
        )
        flat = Counts(tp, pred_sum, true_sum, total, None)
        values = prf_from_counts(
            flat,
            beta=self.beta,
            rho=rho,
            average=None,
            warn_for=(kind,) if warn else (),
            zero_division=self.zero_division,
            name=kind,
        )[index]
        return np.reshape(np.asarray(values, dtype=np.float64), shape)

    def undefined(self, values, mask, modifier, warn):
        """``values`` with the ``zero_division`` value where ``mask`` (warning, if ``warn``, that no ``modifier``)."""
        if np.any(mask):
            values = np.where(mask, zero_division_value(self.zero_division), values)
            if warn and self.zero_division == "warn":
                warn_undefined(
                    "binary" if values.size == 1 else None,
                    modifier,
                    f"{self.label.replace('_', ' ').capitalize()} is",
                    values.size,
                )
        return values

    def _balanced_precision(self, tp, fp, fn, tn, warn):
        values = precision_at_prevalence_values(tp, fp, fn, tn, 0.5)
        for mask, modifier in ((tp + fn == 0, "positive"), (fp + tn == 0, "negative"), (tp + fp == 0, "predicted")):
            values = self.undefined(values, mask, modifier, warn)
        return values

    @property
    def unit_interval(self) -> bool:
        """Whether its values lie in [0, 1] (a named metric, or a record saying so): a logit scale applies."""
        if self.name in NAMES:
            return True
        record = _records.records().get(self.name)
        return record is not None and record.unit_interval

    def _record_values(self, tp, fp, fn, tn, warn):
        value, undefined = _records.functions(self.name)
        shape = np.broadcast_shapes(tp.shape, fp.shape, fn.shape, tn.shape)
        with np.errstate(all="ignore"):
            values = np.broadcast_to(np.asarray(value(tp, fp, fn, tn), dtype=np.float64), shape)
            zeros = [np.broadcast_to(np.asarray(d) == 0, shape) for d in undefined(tp, fp, fn, tn)]
        for mask, modifier in zip(zeros, _records.records()[self.name].undefined):
            values = self.undefined(values, mask, modifier, warn)
        return values

    def _expression_values(self, tp, fp, fn, tn, warn):
        values = np.asarray(_compiled_value(self.expression)(tp, fp, fn, tn), dtype=np.float64)
        values = np.broadcast_to(values, np.broadcast_shapes(tp.shape, fp.shape, fn.shape, tn.shape))
        return self.undefined(values, ~np.isfinite(values), "finite", warn)

    def gradient(self, tp, fp, fn, tn, *, support_weighted: bool = False) -> np.ndarray:
        """The partial derivatives with respect to (TP, FP, FN, TN), stacked on a last axis of length 4.

        With ``support_weighted`` the metric is first multiplied by its support ``TP + FN``
        (the per-class term of the support-weighted average).
        """
        functions = _gradient(self.name, self.expression, self.prevalence is not None, support_weighted)
        args = (tp, fp, fn, tn, self.beta, self.rho, 0.5 if self.prevalence is None else self.prevalence)
        parts = [np.asarray(f(*args), dtype=np.float64) for f in functions]
        g = np.stack(np.broadcast_arrays(*parts), axis=-1)
        overflowed = ~np.isfinite(g).all(axis=-1)
        if np.any(overflowed):
            g = np.where(overflowed[..., None], self._difference_gradient(tp, fp, fn, tn, support_weighted), g)
        return g

    def _difference_gradient(self, tp, fp, fn, tn, support_weighted: bool) -> np.ndarray:
        """The gradient as central differences of :meth:`values` (one-sided at an empty cell).

        The fallback of :meth:`gradient` where the compiled derivatives
        overflow although the metric is finite: at extreme parameters
        (``beta**4`` above the largest double, ``P**rho`` with huge ``|rho|``,
        cells reweighted to a prevalence near 0 or 1) the values follow the
        family's limits (:mod:`symmetric.metrics._combine`), and so do their
        differences. The step is ``2**-20`` of the table's total (the named
        metrics do not change when every cell is scaled), so the relative
        error is about 1e-10, far below any sampling error.
        """
        cells = np.stack(np.broadcast_arrays(*(np.asarray(a, dtype=np.float64) for a in (tp, fp, fn, tn))), axis=-1)

        def metric(c):
            with np.errstate(all="ignore"):
                v = self.values(*np.moveaxis(c, -1, 0))
                return v * (c[..., 0] + c[..., 2]) if support_weighted else v

        step = _DIFFERENCE_STEP * cells.sum(axis=-1)
        step = np.where(step > 0, step, _DIFFERENCE_STEP)
        columns = []
        for i in range(4):
            unit = np.zeros(4)
            unit[i] = 1.0
            central = cells[..., i] >= step
            above = cells + step[..., None] * unit
            below = cells - np.where(central, step, 0.0)[..., None] * unit
            with np.errstate(all="ignore"):
                columns.append((metric(above) - metric(below)) / np.where(central, 2 * step, step))
        return np.stack(columns, axis=-1)


def resolve_metric(metric, *, beta, rho, func, prevalence=None, zero_division="warn") -> CountMetric:
    """The :class:`CountMetric` for ``metric`` (a name or an expression) and validated parameters.

    F and G at ``beta = 0`` or ``inf`` are their limits, precision or recall;
    G at ``rho = -2`` is F_beta (claim ``family.g.rho_minus_2_is_f_beta``),
    whose count form ``counts.f_beta_counts`` stays defined where only one of
    P and R is. ``"f1"`` and ``"f2"`` are F_beta at beta = 1 and 2 (:data:`ALIASES`); with them, ``beta`` is
    that value or the callers' default 1.0. ``metric`` is checked by the callers' declarations (:data:`METRIC`).
    """
    if isinstance(metric, str) and metric in ALIASES:
        metric, fixed = ALIASES[metric]
        if beta not in (1.0, fixed):
            raise InvalidParameterError.of(
                "beta", func, f"{fixed} (or left at its default) with this metric, F_beta at beta = {fixed:g}", beta
            )
        beta = fixed
    if isinstance(metric, str):
        name, expression = metric, None
        if name in ("f_beta", "g_beta_rho"):
            side = limit_parameter(beta, -2.0 if name == "f_beta" else rho)
            if side is not None:
                name = "precision" if side == "P" else "recall"
            elif name == "g_beta_rho" and rho == -2.0:
                name = "f_beta"
    else:
        name, expression = "expression", metric
    if name not in ("f_beta", "g_beta_rho") or math.isinf(beta):
        beta = 1.0
    return CountMetric(name, float(beta), float(rho), prevalence, expression, zero_division)
