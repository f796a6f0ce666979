"""``python -m symmetric`` runs the command-line interface."""

from .cli import script

raise SystemExit(script())
