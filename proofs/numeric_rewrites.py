"""The rewrites behind symmetric.numeric: each is an exact equality to the definition.

The numeric functions evaluate every family as a weighted power mean
``(w P**phi + w_c R**phi)**(1/phi)`` read off its definition, with the
parameters in a stable form (from the odds ``w / w_c``) and one kernel per
regime: arithmetic, harmonic, geometric (weight as a double-double), scaled
by the dominant term, near-geometric (geometric mean times a correction
without cancellation), log domain, and the limits where P or R is 0. The
identities are built by :func:`symmetric.generate.rewrites.identities` from
the same expressions the numeric code is generated from; this script
registers each one as a claim.

Run ``python proofs/numeric_rewrites.py`` to print every derivation.
"""

from symmetric.generate.rewrites import identities
from symmetric.verify.claims import Proof

proof = Proof(
    "numeric_rewrites",
    "Numerically stable rewrites of the metric families",
    source="new",
    summary="Every rewriting used by the generated numeric functions equals the symbolic definition.",
)


#: The route of the identities proven in cases (a split on the conditions, then this strategy in each case): named
#: (``by=``), it comes first in each case, before the strategies that fail there.
BY = {
    "numeric.constant.c_r": "ratio",
    "numeric.constant.c_p": "ratio",
    "numeric.kernel.anchor_negative": "powsimp",
}


def _register(identity):
    @proof.claim(identity.id, identity.sentence, conditions=identity.conditions, by=BY.get(identity.id))
    def _(d):
        return d.step("Rewrite", identity.lhs), d.step("Definition", identity.rhs)


for _identity in identities():
    _register(_identity)


if __name__ == "__main__":
    raise SystemExit(proof.main())
