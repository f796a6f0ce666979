"""Claims as data, the proofs that derive them, and the tools that run them.

:mod:`.record` (``Claim``, ``Result``), :mod:`.proof` (``Proof``),
:mod:`.derivation` (``Derivation``, ``Step``: a derivation as a checked chain), :mod:`.registry` (loading proof scripts), :mod:`.runner`
(parallel runs) and :mod:`.report` (text, Markdown, JUnit XML). The top layer
of :mod:`symmetric.verify`: it runs :func:`symmetric.verify.check`.

``from symmetric.verify.claims import Proof`` is the import every proof script
uses.
"""

from .proof import Claim, Derivation, Proof, Result, Step

__all__ = ["Claim", "Derivation", "Proof", "Result", "Step"]
