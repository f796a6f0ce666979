"""The field's own definitions of the rates it names, read from the confusion-matrix records (defined once there).

A document that writes ``\\sqrt{\\mathrm{Precision} \\cdot \\mathrm{Recall}}``
beside ``TP``, ``FP`` and ``FN`` means the field's precision and recall; when it
does not define them itself, a step holding both the names and the counts is
read with the field's definitions (the reading is named in the report).

>>> sorted(FIELD_DEFINITIONS)[:4]
['acc', 'accuracy', 'fdr', 'fnr']
>>> FIELD_DEFINITIONS["tpr"]()
TP/(FN + TP)
"""

from __future__ import annotations

import sympy

from .. import symbols as _symbols
from ..families import confusion, counts

__all__ = ["FIELD_DEFINITIONS", "COUNTS", "field_reading"]

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


def field_reading(lhs, rhs):
    """``(lhs, rhs, names)``: the step with the field's definitions of the rates it names, when it also holds counts
    (else ``names`` is empty and the step is unchanged)."""
    free = lhs.free_symbols | rhs.free_symbols
    if not free & COUNTS:
        return lhs, rhs, []
    mapping, named = {}, []
    for s in free:
        builder = FIELD_DEFINITIONS.get(s.name.replace(" ", "").lower())
        if builder is not None and s not in COUNTS:
            mapping[s] = builder()
            named.append(f"{s.name} read as {sympy.sstr(mapping[s])} (the field's definition)")
    if not mapping:
        return lhs, rhs, []
    return lhs.xreplace(mapping), rhs.xreplace(mapping), sorted(named)
