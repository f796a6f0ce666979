"""Signs and case splits: the one sign decider and the one case splitter.

:mod:`.rules` registers every sign rule per expression type and calculus;
:mod:`.decide` decides the sign of an expression on a domain (sign sets,
``Interval``, ``Domain``, ``sign_of``, ``definite_sign``); :mod:`.conditions`
narrows a domain by a condition; :mod:`.cases` cuts and branches for every
strategy and for explore. Imports only :mod:`symmetric.verify.core`.
"""
