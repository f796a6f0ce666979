"""The inequality prover: exact proofs of ``<``, ``<=``, ``>``, ``>=`` on a whole domain.

:mod:`.prover` (``prove_inequality``) searches over goals (:mod:`.goals`), case
splits as narrowed domains (:mod:`.splits`), reductions (:mod:`.transforms`),
Sturm sequences (:mod:`.polynomials`) and optional z3 (:mod:`.solvers`).
See docs/inequalities.md.
"""
