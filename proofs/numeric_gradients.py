"""The gradients behind symmetric.numeric's custom derivatives: each stable form equals SymPy's derivative.

The gradient kernels (PyTorch ``autograd.Function``, JAX ``custom_jvp``)
evaluate the partial derivatives of the weighted power mean in the stable
forms of :data:`symmetric.generate.gradients.GRADIENT`; the family's
derivative in its own parameters follows by the chain rule through ``phi``
and ``lambda``. The identities, built by
:func:`symmetric.generate.gradients.identities`, state each form against an
independent target: SymPy's derivative of the definition.

Run ``python proofs/numeric_gradients.py`` to print every derivation.
"""

from symmetric.generate.gradients import identities
from symmetric.verify.claims import Proof

proof = Proof(
    "numeric_gradients",
    "Exact gradients of the numeric functions",
    source="new",
    summary="Every stable form of a derivative used by the gradient kernels equals the symbolic derivative.",
)


#: The identities that only SymPy's ``simplify`` proves, a route the search tries after every other one failed:
#: named (``by=``), it runs first, and the check skips the routes that would fail.
BY = dict.fromkeys(
    (
        "numeric.gradient.share_complement",
        "numeric.gradient.lambda_positive",
        "numeric.gradient.lambda_negative",
        "numeric.gradient.h_softplus",
        "numeric.gradient.h_symmetric",
    ),
    "simplify",
)


def _register(identity):
    @proof.claim(identity.id, identity.sentence, conditions=identity.conditions, by=BY.get(identity.id))
    def _(d):
        return d.step("Stable form", identity.lhs), d.step("Derivative", identity.rhs)


for _identity in identities():
    _register(_identity)


if __name__ == "__main__":
    raise SystemExit(proof.main())
