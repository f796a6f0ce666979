"""``python -m symmetric.generate``: write (or ``--check``) every module the generation stage commits."""

from .files import main

raise SystemExit(main())
