"""Generate the metrics' tables, ``symmetric/metrics/_generated.py`` and ``_generated_gradients.py``: every expression the metrics evaluate, as NumPy code, and the data they read.

The forms are derived from the definitions (:func:`symmetric.families.counts.f_beta_from_sums`,
proven equal by claim ``counts.f_beta_from_sums``; specificity, precision at a
prevalence and the reweighted cells of :mod:`symmetric.families.counts`;
Wilson's bounds and the delta method's scales of
:mod:`symmetric.families.uncertainty`; each record of
:data:`symmetric.families.CONFUSION_METRICS`) and printed by
:func:`symmetric.generate.emit.function_source`. The records' plain data
(``RECORDS``: binary, generated, in [0, 1], summary, the words of the
undefined cases, claim ids) is read from the records. The boundary facts
(``BOUNDARY_LIMITS``: what G tends to as beta -> 0 or beta -> oo, and where it
tends to 0 with R, on intervals of rho) are read here from the claims the
record of ``g_beta_rho`` names (:attr:`symmetric.families.Family.limits`),
each row with its claim id. The module is committed so that importing
:mod:`symmetric.metrics` and computing any score neither imports SymPy nor
opens a proof script (tests/metrics/test_without_sympy.py); regenerate it after changing a definition or a claim
with ``python -m symmetric.generate`` (``--check`` only reports whether the committed files are current; a test
fails while one is stale).
"""

from __future__ import annotations

import functools
import math
import re

import sympy

from .. import __version__
from ..families import counts, uncertainty
from ..families.confusion import KAPPA_WEIGHTS, minimum_precision, unachievable_area
from ..families.confusion_record import CONFUSION_METRICS
from ..families.counts import f_beta_from_sums
from ..metrics._count_metrics import NAMES, _definition, _symbols
from ..metrics._records import record_data
from ..numeric.compiled import namespace
from ..symbols import BETA_SQUARED, FN, FP, PRED_SUM, TN, TP, TRUE_SUM, prevalence
from .emit import function_source

__all__ = ["BOUNDARY_KEYS", "boundary_rows", "package_source", "gradients_source"]


def _record_functions() -> list[str]:
    """For each record of :data:`~symmetric.families.CONFUSION_METRICS` with ``numeric=True``: its value and the
    expressions whose zeros make it undefined (``<name>_undefined``, a tuple)."""
    out = []
    for record in CONFUSION_METRICS.values():
        if not record.numeric:
            continue
        out.append(function_source(record.name, record.arguments, record.definition()).rstrip())
        out.append(
            function_source(
                f"{record.name}_undefined", record.arguments, sympy.Tuple(*(e for e, _ in record.undefined))
            ).rstrip()
        )
    r = sympy.Symbol("recall", positive=True)
    out.append(function_source("minimum_precision", (r, prevalence), minimum_precision(r, prevalence)).rstrip())
    out.append(function_source("unachievable_area", (prevalence,), unachievable_area(prevalence)).rstrip())
    for kind, weight in KAPPA_WEIGHTS.items():
        out.append(
            function_source(
                f"kappa_weight_{kind or 'unweighted'}", sorted(weight.free_symbols, key=str), weight
            ).rstrip()
        )
    return out


def _count_functions() -> list[str]:
    """Specificity, precision at a prevalence and the cells reweighted to it (:mod:`symmetric.families.counts`)."""
    cells = (TP, FP, FN, TN)
    out = [
        function_source("specificity", (TN, FP), counts.specificity()),
        function_source("precision_at_prevalence", cells + (prevalence,), counts.precision_at_prevalence()),
    ]
    out += [function_source(f"reweighted_{k}", cells + (prevalence,), v) for k, v in counts.reweighted().items()]
    return [f.rstrip() for f in out]


def _uncertainty_functions() -> list[str]:
    """Wilson's bounds in (k, n, z), and each scale of the delta method: ``<scale>``, its derivative and inverse."""
    k, n, z = uncertainty.wilson_symbols()
    out = [function_source(f"wilson_{b}", (k, n, z), e) for b, e in zip(("low", "high"), uncertainty.wilson_bounds())]
    for scale in uncertainty.TRANSFORMS:
        forward, derivative, inverse = uncertainty.transform(scale)
        (x,), (y,) = forward.free_symbols, inverse.free_symbols
        out += [
            function_source(f"scale_{scale}", (x,), forward),
            function_source(f"scale_{scale}_derivative", (x,), derivative),
            function_source(f"scale_{scale}_inverse", (y,), inverse),
        ]
    return [f.rstrip() for f in out]


def _records_source() -> str:
    lines = [
        "#: The records of symmetric.families.CONFUSION_METRICS as plain data (symmetric.metrics._records.RecordData):",
        "#: (name, binary, generated code, values in [0, 1], summary, words of the undefined cases, claim ids).",
        "RECORDS = (",
    ]
    lines += [f"    {tuple(record_data(r))!r}," for r in CONFUSION_METRICS.values()]
    return "\n".join(lines + [")"])


#: The limits of a family's record that the metrics read (symmetric.metrics._limits).
BOUNDARY_KEYS = ("beta -> 0", "beta -> oo", "R -> 0")


def _number(x) -> float:
    return math.inf if x == sympy.oo else -math.inf if x == -sympy.oo else float(x)


def _parameter_set(claim, family, parameter):
    """The set of values of ``parameter`` on which the claim states the family's limit."""
    where = sympy.S.Reals
    for condition in claim.conditions:
        where = where.intersect(condition.as_set())
    expr = claim.lhs.args[0] if isinstance(claim.lhs, sympy.Limit) else None
    if expr is not None and parameter not in expr.free_symbols:  # the family at one stipulated value
        general = family()
        values = {
            c.rhs
            for pw in general.atoms(sympy.Piecewise)
            for _, c in pw.args
            if isinstance(c, sympy.Eq) and c.lhs == parameter
        }
        at = [v for v in values if general.subs(parameter, v) == expr]
        assert len(at) == 1, f"claim {claim.id}: the family at which value of {parameter}?"
        where = where.intersect(sympy.FiniteSet(at[0]))
    return where


def boundary_rows(family_name: str = "g_beta_rho", parameter: str = "rho") -> tuple:
    """``(key, lo, hi, lo_closed, hi_closed, value, claim id)`` per claim the record names for ``BOUNDARY_KEYS``.

    On the interval of ``parameter`` the family tends to the symbol named
    ``value`` (None: to something else, e.g. a positive multiple of P, as the
    claim states); only claims expected to be proven count.
    """
    from ..families import get_family
    from ..verify.claims.registry import definitions, load_proofs

    family = get_family(family_name)
    symbol = next(s for s in family.parameters if s.name == parameter)
    ids = {i: key for key in BOUNDARY_KEYS for i in family.limits.get(key, ())}
    claims = {d.id: d for d in definitions(load_proofs(builtin=True)) if d.id in ids}
    rows = []
    for claim_id, key in ids.items():
        definition = claims[claim_id]
        if definition.expected != "proven":
            continue
        claim = definition.build()
        where = _parameter_set(claim, family, symbol)
        if isinstance(where, sympy.FiniteSet):
            (v,) = where.args
            lo = hi = v
            lo_closed = hi_closed = True
        else:
            lo, hi, lo_closed, hi_closed = where.start, where.end, not where.left_open, not where.right_open
        value = claim.rhs.name if claim.rhs is not None and claim.rhs.is_Symbol else None
        rows.append((key, _number(lo), _number(hi), bool(lo_closed), bool(hi_closed), value, claim_id))
    return tuple(rows)


def _rows_source(rows) -> str:
    lines = [
        "#: G_{beta,rho}'s boundary facts, from the claims of its record (symmetric.generate.metric_tables.boundary_rows):",
        "#: (limit, lowest rho, highest rho, lowest included, highest included, the symbol G tends to, claim id).",
        "BOUNDARY_LIMITS = (",
    ]

    def number(x: float) -> str:
        return "math.inf" if x == math.inf else "-math.inf" if x == -math.inf else repr(x)

    for key, lo, hi, lo_closed, hi_closed, value, claim_id in rows:
        lines.append(
            f"    ({key!r}, {number(lo)}, {number(hi)}, {lo_closed!r}, {hi_closed!r}, {value!r}, {claim_id!r}),"
        )
    return "\n".join(lines + [")"])


def package_source() -> str:
    """The text of ``_generated.py``: F_beta from TP, the sums and beta2, its denominator, and the records' code."""
    form, _ = f_beta_from_sums()
    args = (TP, TRUE_SUM, PRED_SUM, BETA_SQUARED)
    header = (
        f'"""F_beta from counts for symmetric.metrics: generated by symmetric {__version__} from '
        f"symmetric.families.counts.f_beta_from_sums, G's boundary facts from the claims of its record, and "
        f"the records of symmetric.families.CONFUSION_METRICS (their data and code), the count forms of "
        f"symmetric.families.counts and the intervals' forms of symmetric.families.uncertainty. Do not edit.\n\n"
        f"f_beta_from_sums: {form}\n"
        f"f_beta_denominator: {sympy.fraction(form)[1]}\n\n"
        'Regenerate with `python -m symmetric.generate` (tests/generate/test_files.py fails when stale).\n"""\n'
    )
    return (
        "\n\n\n".join(
            [
                header + "\nimport math\n\nimport numpy  # noqa: F401 (the printed code may use it)",
                function_source("f_beta_from_sums", args, form).rstrip(),
                function_source("f_beta_denominator", args, sympy.fraction(form)[1]).rstrip(),
                _rows_source(boundary_rows()),
                *_count_functions(),
                *_uncertainty_functions(),
                _records_source(),
                *_record_functions(),
            ]
        )
        + "\n"
    )


def gradients_source() -> str:
    """The text of ``_generated_gradients.py``: the cell gradients the delta method evaluates.

    For each named metric (:data:`symmetric.metrics._count_metrics.NAMES`) and
    each generated binary record, alone and multiplied by its support
    ``TP + FN`` (the term of a support-weighted average), the four partial
    derivatives with respect to TP, FP, FN, TN that
    :meth:`~symmetric.metrics._count_metrics.CountMetric.gradient` would
    otherwise compile (the same expressions, printed by the same emitter), in
    ``GRADIENTS[name, support_weighted]``. At another prevalence they are
    compiled on first use. Cached per set of records: the derivation takes about two seconds.
    """
    records = tuple(r for r in CONFUSION_METRICS.values() if r.binary and r.numeric and r.name not in NAMES)
    return _gradients_source(records)


@functools.lru_cache(maxsize=4)
def _gradients_source(records: tuple) -> str:
    cells, args = _symbols()
    names = [*NAMES, *(r.name for r in records)]
    functions, table = [], []
    for name in names:
        for weighted in (False, True):
            expr = _definition(name, None, False, weighted)
            stem = f"d_{name}{'_weighted' if weighted else ''}"
            functions += [function_source(f"{stem}_{c.name}", args, sympy.diff(expr, c)).rstrip() for c in cells]
            table.append(f"    ({name!r}, {weighted!r}): ({', '.join(f'{stem}_{c.name}' for c in cells)}),")
    body = "\n\n\n".join(functions)
    used = [n for n in namespace() if n.startswith("_") and re.search(rf"\b{n}\(", body)]  # runtime primitives
    header = (
        f'"""The cell gradients of the count metrics for the delta method: generated by symmetric {__version__} '
        "from the definitions of symmetric.families.counts and symmetric.families.CONFUSION_METRICS "
        "(symmetric.generate.metric_tables.gradients_source). Do not edit.\n\n"
        'Regenerate with `python -m symmetric.generate` (tests/generate/test_files.py fails when stale).\n"""\n\n'
        "import numpy  # noqa: F401 (the printed code may use it)\n"
        + (f"\nfrom ..numeric._runtime import {', '.join(used)}\n" if used else "")
    )
    gradients = "\n".join(
        [
            "#: (metric, multiplied by its support TP + FN) -> the partial derivatives in TP, FP, FN, TN,",
            "#: each a function of (TP, FP, FN, TN, beta, rho, pi).",
            "GRADIENTS = {",
            *table,
            "}",
        ]
    )
    return header + "\n\n" + body + "\n\n\n" + gradients + "\n"
