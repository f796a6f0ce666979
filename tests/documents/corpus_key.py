"""The hand-checked key of the corpus (tests/documents/corpus/): each refuted step, whether the line is really wrong.

Every entry was judged by hand against the document, not by running the checker: ``(file, line)`` -> why the line
is wrong. A refuted step missing here is a wrong refutation (the corpus test fails); an entry the checker no longer
refutes is a real error lost. A step that cannot be judged by hand is left out (and must not be refuted).
"""

#: (corpus file, line of the relation) -> why the line is wrong, in words.
REAL_ERRORS = {
    ("f1_harmonic_mean_zh.md", 12): (
        "1/(1/Precision + 1/Recall) is Precision*Recall/(Precision + Recall), half the harmonic mean: the factor 2 "
        "of the harmonic mean is missing, so it differs from the right side (which is F1) for every value"
    ),
    ("inequality_intro.md", 31): (
        "(x + Dx)(x - Dx) = x^2 - Dx^2 is smaller than x^2 whenever Dx is not 0, not larger; the prose after it "
        "draws the right conclusion (the product shrinks), the display states the opposite"
    ),
    ("inequality_intro.md", 77): (
        "for a > b (an improper fraction) adding the same m > 0 to both parts makes the fraction smaller: "
        "(a + m)/(b + m) < a/b; the document swaps this case with a < b (line 91 states the other half swapped)"
    ),
    ("inequality_intro.md", 83): (
        "m(b - a)/(b(b + m)) is negative for a > b, the case the display before states as its hypothesis; the sign "
        "holds only for a < b (the proper fraction of the prose), which the displays swapped"
    ),
}
