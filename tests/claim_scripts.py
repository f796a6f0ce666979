"""Proof scripts that the tests of ``symmetric verify`` and of the pytest plugin write into a user's folder."""

import re

#: One correct claim; format with ``name`` (the Proof's variable), ``proof`` (its name) and ``prefix`` (of the id).
GOOD = '''
from symmetric import P, R, f_beta
from symmetric.verify import Proof

{name} = Proof("{proof}", "Correct claims")

@{name}.claim("{prefix}.f1_harmonic", "F1 is the harmonic mean.", target=2 / (1 / P + 1 / R))
def _(d):
    return d.step("F1", f_beta(beta=1))
'''

#: One wrong claim, ``wrong.swap``: P equals R, refuted wherever P != R.
WRONG = '''
from symmetric import P, R
from symmetric.verify import Proof

mine = Proof("wrong", "A wrong derivation")

@mine.claim("wrong.swap", "P equals R.", target=R)
def _(d):
    return d.step("Precision", P)
'''


def good(name: str = "proof", proof: str = "good", prefix: str = "good") -> str:
    return GOOD.format(name=name, proof=proof, prefix=prefix)


#: The counterexample of ``wrong.swap`` as printed; its values are the engine's choice (they depend on the domain).
SWAP_COUNTEREXAMPLE = re.compile(r"P = (?P<P>[\d/.]+), R = (?P<R>[\d/.]+)")


#: A derivation whose middle step is wrong (a typo, P**2) while its last line matches the target: ``team.f1`` fails
#: at step 2.
WRONG_STEP = '''
from symmetric import P, R, f_beta
from symmetric.verify import Proof

team = Proof("team", "A derivation with a wrong middle step")

@team.claim("team.f1", "F1 is the harmonic mean.", target=2 / (1 / P + 1 / R))
def _(d):
    F = d.step("F1", f_beta(beta=1))
    d.rewrite("Divide by P R", 2 / (1 / R + 1 / P**2))
    return d.rewrite("The harmonic mean", 2 / (1 / P + 1 / R))
'''
