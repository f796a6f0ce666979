"""Placeholder: regenerated from a full run."""

ENGINE_FAILS_TODAY: dict[str, str] = {}
