"""The engine's first layer: what every later layer uses.

Statements (:mod:`.statement`) and verdicts (:mod:`.verdict`), proof steps and
what they trust (:mod:`.steps`), the one time budget (:mod:`.budget`),
per-process memos (:mod:`.memo`), the exceptions meaning "SymPy cannot handle
this" (:mod:`.sympy_errors`), the power normaliser (:mod:`.powers`) and
substitution that respects bound variables (:mod:`.substitution`), the rigorous
number kernel (:mod:`.numbers`: every sign or zero of a constant from ball
arithmetic or exact algebra), the certificate kernel (:mod:`.kernel`) and its
producer (:mod:`.certificates`). Imports no other layer of :mod:`symmetric.verify`.
"""

from . import sympy_signs  # noqa: E402,F401  registers rigorous_numbers in budget.SCOPES (SymPy's number decisions, in a scope)
