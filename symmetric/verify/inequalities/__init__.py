"""The pieces of the inequality prover: exact proofs of ``<``, ``<=``, ``>``, ``>=`` on a whole domain.

Goals (:mod:`.goals`), the reductions that settle a goal or reduce it to
subgoals (:mod:`.reductions`: sign rules, z3, case splits, Sturm, exponent
cases; :mod:`.transforms`: homogeneity, monotone transforms, factor signs,
the first-derivative test), case splits as narrowed domains (:mod:`.splits`),
Sturm sequences (:mod:`.polynomials`), optional z3 (:mod:`.solvers`) and the
signs of ratios of counts (:mod:`.count_signs`). The proof search
(:mod:`symmetric.verify.strategies`: its registry, and the goal search
``prove_inequality``) runs them. See docs/inequalities.md.
"""
