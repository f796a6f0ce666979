"""Numeric metric functions generated from the symbolic definitions."""
