"""The field's own definitions of the rates it names, read from the confusion-matrix records (defined once there).

A document that writes ``\\sqrt{\\mathrm{Precision} \\cdot \\mathrm{Recall}}``
beside ``TP``, ``FP`` and ``FN`` means the field's precision and recall; when it
does not define them itself, a step holding both the names and the counts is
read with the field's definitions (the reading is named in the report). So are
the project's ``P`` and ``R`` (precision and recall) in a step that holds counts:
``\\frac{2PR}{P+R} = \\frac{2 TP}{2 TP + FP + FN}`` substitutes the definitions.

>>> sorted(FIELD_DEFINITIONS)[:4]
['acc', 'accuracy', 'fdr', 'fnr']
>>> FIELD_DEFINITIONS["tpr"]()
TP/(FN + TP)
"""

from __future__ import annotations

import sympy

from .. import symbols as _symbols
from ..families import confusion, counts

__all__ = ["FIELD_DEFINITIONS", "COUNTS", "field_reading", "field_readings"]

#: Lower-case name -> the builder of the field's definition in the counts (records of :mod:`symmetric.families`);
#: its keys are :data:`symmetric.documents.names.FIELD_RATES` (a test keeps the two the same).
FIELD_DEFINITIONS = {
    **dict.fromkeys(("precision", "ppv"), counts.precision),
    **dict.fromkeys(("recall", "sensitivity", "tpr"), counts.recall),
    **dict.fromkeys(("specificity", "tnr", "selectivity"), counts.specificity),
    "fpr": counts.fpr,
    "fnr": counts.fnr,
    **dict.fromkeys(("accuracy", "acc"), counts.accuracy),
    "npv": confusion.negative_predictive_value,
    "fdr": confusion.false_discovery_rate,
    "informedness": confusion.informedness,
    "markedness": confusion.markedness,
}
#: The count symbols.
COUNTS = frozenset((_symbols.TP, _symbols.FP, _symbols.FN, _symbols.TN))
#: The counts written in lower case (``tp``, ``fp``): the same counts.
_LOWER_COUNTS = {s.name.lower(): s for s in COUNTS}
#: The project's precision and recall (P and R), beside counts: the same definitions.
_PROJECT_RATES = {_symbols.P: counts.precision, _symbols.R: counts.recall}


def field_readings(lhs, rhs) -> list:
    """``[(label, lhs, rhs, names)]``: the readings of a step with the field's definitions (:func:`field_reading`).
    Beside counts, ``R`` is recall and ``P`` precision when ``R`` is there too; ``P`` alone is read both as
    precision, TP/(TP + FP), and as the number of positives, TP + FN (another common use of the letter)."""
    lhs, rhs, named = field_reading(lhs, rhs)
    free = lhs.free_symbols | rhs.free_symbols
    rates = [s for s in _PROJECT_RATES if s in free]
    if not free & COUNTS or not rates:
        return [("", lhs, rhs, named)]
    P, R = _symbols.P, _symbols.R
    options = [{s: _PROJECT_RATES[s]() for s in rates}]
    if P in free and R not in free:
        options.append({P: _symbols.TP + _symbols.FN})
    out = []
    for mapping in options:
        words = [f"{s} read as {sympy.sstr(v)}" for s, v in sorted(mapping.items(), key=lambda kv: str(kv[0]))]
        label = "; ".join(words) if len(options) > 1 else ""
        out.append(
            (label, lhs.xreplace(mapping), rhs.xreplace(mapping), named + [w + " (beside counts)" for w in words])
        )
    return out


def field_reading(lhs, rhs) -> tuple[sympy.Basic, sympy.Basic, list[str]]:
    """``(lhs, rhs, names)``: the step with the field's definitions of the rates it names, when it also holds counts
    (else ``names`` is empty and the step is unchanged). Counts written in lower case (``tp``) are the counts."""
    free = lhs.free_symbols | rhs.free_symbols
    lower = {s: _LOWER_COUNTS[s.name] for s in free if s.name in _LOWER_COUNTS}
    if lower:
        lhs, rhs = lhs.xreplace(lower), rhs.xreplace(lower)
        free = lhs.free_symbols | rhs.free_symbols
    if not free & COUNTS:
        return lhs, rhs, []
    mapping, named = {}, [f"{s.name} read as the count {v.name}" for s, v in sorted(lower.items(), key=str)]
    for s in free:
        builder = FIELD_DEFINITIONS.get(s.name.replace(" ", "").lower())
        if builder is not None and s not in COUNTS and s not in _PROJECT_RATES:
            mapping[s] = builder()
            named.append(f"{s.name} read as {sympy.sstr(mapping[s])} (the field's definition)")
    if not mapping and not lower:
        return lhs, rhs, []
    return lhs.xreplace(mapping), rhs.xreplace(mapping), sorted(named)
