"""The records of the confusion matrix's metrics as the scores read them: plain data and NumPy code, no SymPy.

A record (:class:`symmetric.families.ConfusionMetric`) is the definition; the
generation stage (``python -m symmetric.generate``) writes what the scores
need of each registered record into the committed ``_generated.py``: its data
(:class:`RecordData`, the rows of ``RECORDS``) and its value and undefined
cases as NumPy functions. So computing a score imports neither SymPy nor
:mod:`symmetric.families`, and what :func:`records` gives never depends on
what else was imported.

A record registered at run time (:func:`symmetric.families.register_confusion_metric`)
is found by name: a name the generated rows lack is looked up in
:data:`symmetric.families.CONFUSION_METRICS`, which :func:`records` imports
for that (and SymPy with it), whether or not it was loaded before; its code is
compiled from its definition on first use. Iterating :func:`records` gives
the generated rows only. A generated record replaced or removed at run time
counts from the next regeneration, as a changed definition does. The
generated rows equal :func:`record_data` of the built-in records (a test
checks).

>>> records()["npv"].undefined          # the words of its undefined case
('predicted negative',)
>>> value, undefined = functions("npv")
>>> float(value(1.0, 0.0, 1.0, 3.0)), undefined(1.0, 0.0, 0.0, 0.0)
(0.75, (0.0,))
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Mapping
from typing import NamedTuple

from . import _generated

__all__ = ["RecordData", "Records", "record_data", "records", "generated", "functions", "registered"]


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


def registered(name: str):
    """The record registered under ``name`` in :data:`symmetric.families.CONFUSION_METRICS`, else None: the
    explicit way to a record the generated code lacks (it imports the registry, and SymPy)."""
    from ..families.confusion_record import CONFUSION_METRICS

    return CONFUSION_METRICS.get(name)


class Records(Mapping):
    """The records by name: the generated rows, and on lookup a record registered at run time."""

    def __getitem__(self, name: str) -> RecordData:
        row = _generated_records().get(name)
        if row is not None:
            return row
        record = registered(name) if isinstance(name, str) and name.isidentifier() else None
        if record is None:
            raise KeyError(name)
        return record_data(record)

    def __iter__(self) -> Iterator[str]:
        return iter(_generated_records())

    def __len__(self) -> int:
        return len(_generated_records())


_RECORDS = Records()


def records() -> Records:
    """Every generated record by name (the same whatever was imported); a name they lack is looked up in the
    registry of :mod:`symmetric.families` (a record registered at run time)."""
    return _RECORDS


def generated(name: str) -> bool:
    """Whether record ``name`` has generated code (a generated row with ``numeric=True``)."""
    row = _generated_records().get(name)
    return row is not None and row.numeric


def functions(name: str):
    """``(value, undefined)`` of record ``name``: the generated functions, else compiled from its definition.

    ``undefined(*cells)`` gives a tuple, one array per undefined case, zero where that case holds.
    """
    if generated(name):
        return getattr(_generated, name), getattr(_generated, f"{name}_undefined")
    record = registered(name)
    if record is None:
        raise KeyError(name)
    return _compiled(record)


@functools.lru_cache(maxsize=64)
def _compiled(record):
    import numpy as np

    from .. import numeric

    args = record.arguments
    value = numeric.compile(record.definition(), args, name=record.name, zero_division=np.nan)
    parts = [numeric.compile(e, args, name=f"{record.name}_undefined") for e, _ in record.undefined]
    return value, lambda *cells: tuple(f(*cells) for f in parts)
