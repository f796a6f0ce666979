"""The records of the confusion matrix's metrics as the scores read them: plain data and NumPy code, no SymPy.

A record (:class:`symmetric.families.ConfusionMetric`) is the definition;
``python -m symmetric.metrics._codegen`` writes what the scores need of each
registered record into the committed ``_generated.py``: its data
(:class:`RecordData`, the rows of ``RECORDS``) and its value and undefined
cases as NumPy functions. So computing a score imports neither SymPy nor
:mod:`symmetric.families`.

A record registered at run time needs :mod:`symmetric.families` (and SymPy)
loaded; while the registry is loaded, it is what is read (a record added or
removed counts), through :func:`record_data`, and a record without
generated code is compiled from its definition on first use. The generated
rows equal :func:`record_data` of the built-in records (a test checks).

>>> records()["npv"].undefined          # the words of its undefined case
('predicted negative',)
>>> value, undefined = functions("npv")
>>> float(value(1.0, 0.0, 1.0, 3.0)), undefined(1.0, 0.0, 0.0, 0.0)
(0.75, (0.0,))
"""

from __future__ import annotations

import functools
import sys
from typing import NamedTuple

from . import _generated

__all__ = ["RecordData", "record_data", "records", "generated", "functions"]

#: The module of the registry: read while it is loaded, never imported here.
_REGISTRY = "symmetric.families.confusion_record"


class RecordData(NamedTuple):
    """What the scores read of a :class:`~symmetric.families.ConfusionMetric`."""

    name: str
    binary: bool  #: a metric of the four cells TP, FP, FN, TN
    numeric: bool  #: ``_generated`` has its code
    unit_interval: bool  #: its values lie in [0, 1]
    summary: str
    undefined: tuple  #: the words of its undefined cases, in the order of the record's ``undefined``
    claims: tuple


@functools.lru_cache(maxsize=1)
def _generated_records() -> dict[str, RecordData]:
    return {row[0]: RecordData(*row) for row in _generated.RECORDS}


@functools.lru_cache(maxsize=256)
def record_data(record) -> RecordData:
    """The :class:`RecordData` of a :class:`~symmetric.families.ConfusionMetric` (reads the record; SymPy)."""
    import sympy

    return RecordData(
        record.name,
        bool(record.binary),
        bool(record.numeric),
        bool(record.values.is_subset(sympy.Interval(0, 1))),
        record.summary,
        tuple(word for _, word in record.undefined),
        tuple(record.claims),
    )


def _registry():
    module = sys.modules.get(_REGISTRY)
    return None if module is None else module.CONFUSION_METRICS


def records() -> dict[str, RecordData]:
    """Every registered record by name: the registry's while it is loaded, else the generated rows."""
    live = _registry()
    if live is None:
        return _generated_records()
    return {name: record_data(record) for name, record in live.items()}


def generated(name: str) -> bool:
    """Whether the generated code of record ``name`` is its code (a registered record with ``numeric=True``)."""
    live = _registry()
    if live is None:
        return name in _generated_records() and _generated_records()[name].numeric
    return name in live and live[name].numeric and hasattr(_generated, name)


def functions(name: str):
    """``(value, undefined)`` of record ``name``: the generated functions, else compiled from its definition.

    ``undefined(*cells)`` gives a tuple, one array per undefined case, zero where that case holds.
    """
    if generated(name):
        return getattr(_generated, name), getattr(_generated, f"{name}_undefined")
    return _compiled(_registry()[name])


@functools.lru_cache(maxsize=64)
def _compiled(record):
    import numpy as np

    from .. import numeric

    args = record.arguments
    value = numeric.compile(record.definition(), args, name=record.name, zero_division=np.nan)
    parts = [numeric.compile(e, args, name=f"{record.name}_undefined") for e, _ in record.undefined]
    return value, lambda *cells: tuple(f(*cells) for f in parts)
