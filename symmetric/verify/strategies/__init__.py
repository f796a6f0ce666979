"""The exact strategies: the only way a statement becomes "proven".

:mod:`.search` tries the strategies and case splits within the time budget;
:mod:`.rational_zero` is the fast exact route to ``cancel``'s zero. They use
the limit routine and the inequality prover below them.
"""
