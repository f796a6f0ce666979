"""The hand-checked key of the corpus (tests/documents/corpus/): each refuted step, whether the line is really wrong.

Every entry was judged by hand against the document, not by running the checker: ``(file, line)`` -> why the line
is wrong. A refuted step missing here is a wrong refutation (the corpus test fails); an entry the checker no longer
refutes is a real error lost. A step that cannot be judged by hand is left out (and must not be refuted).

How the documents were found: with the search tools over public GitHub repositories (``search`` on the code
corpus for metric derivations in English, Chinese and Russian, ``find_repos``/``find_files`` to pin a repository,
``fetch`` of a repository's newest snapshot, then ``git show`` of the file at that commit), and by scanning the
Markdown, LaTeX and notebook files of the fetched repositories for displayed relations beside the names of the
field (precision, recall, F-scores, TP/FP/FN/TN, Dice, Jaccard, kappa, AUC, accuracy, means). A document is kept
when its subject is classification metrics, their algebra or means and it writes at least one display; the
choice does not depend on what the checker says about it. Exercise sheets without derivations and documents in
another field (LLM text metrics, bias-variance seminars built on undefined macros) were left out; a later copy
of a document already here (the 2023 version of the HSE seminar, the French translation of the pumpkin-book
chapter) too. The first 21 documents are the earlier session's; the last seven were added in the second:
``dml_f1_score.md``, ``dml_dice_score.md`` (Open-Deep-ML problem notes), ``quartz_f1_score.md``,
``quartz_harmonic_mean_zh.md`` (a quartz notes site), ``mean_inequality_zh.md`` (a gitbook of inequalities),
``luweiagi_model_evaluation_zh.md`` (notes on model evaluation) and ``pumpkin_ch2_zh.md`` (the pumpkin book's
derivations for chapter 2 of "Machine Learning" by Zhou Zhihua: F1, F-beta, AUC, costs, tests, bias and variance).
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
