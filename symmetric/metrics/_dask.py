"""Dask input: counted chunk by chunk, never gathered."""

from __future__ import annotations

__all__ = ["is_dask", "dask_targets"]


def is_dask(obj) -> bool:
    """Whether ``obj`` is a Dask collection (checked without importing Dask)."""
    return type(obj).__module__.split(".")[0] in ("dask", "dask_expr") and hasattr(obj, "__dask_graph__")


def dask_targets(y_true, y_pred, sample_weight, *, func, check_labels):
    raise NotImplementedError
