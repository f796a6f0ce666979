"""Which runs of letters a document uses as one name (``recall``, ``TPR``, ``Acc``) and which as a product (``2ab``).

A run of adjacent letters in a formula is one name when the document's own
evidence says so: it is a name of the field (precision, recall, TPR, F1, IoU,
MCC, kappa, ..., in any case), a word of the document's prose, written inside
``\\text{...}`` somewhere in the document, or the left side of a definition.
It is a product when each of its letters is used alone in the document's
formulas and nothing suggests a name (``2ab`` beside ``a`` and ``b``). Any
other run is *open*: a step holding it is checked under both readings and
refuted only when both fail.

>>> lex = Lexicon.of_text(r"The recall $R$ and $a$, $b$: $$2ab \\le a^2 + b^2$$ and $$Acc = 1 - Err$$")
>>> lex.kind("recall"), lex.kind("ab"), lex.kind("Acc"), lex.kind("xy")
('name', 'product', 'name', 'open')
>>> lex.why("Acc")
'a name of the field'
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

__all__ = ["FIELD_NAMES", "Lexicon"]

#: Names of this field (compared in lower case): metrics, counts, rates and the statistics written beside them.
FIELD_NAMES = frozenset(
    """
    tp fp fn tn tpr fpr tnr fnr ppv npv fdr for fom mcc auc roc iou dice jaccard kappa
    precision recall accuracy acc specificity spec sensitivity sens prevalence prev support informedness
    markedness youden plr nlr dor bacc gmean fscore fbeta fmeasure
    error err errors loss cost score total baseline positive positives negative negatives pos neg
    se sd ci cv mse mae rmse mape var cov std corr bce nll
    agreement agreements observed expected chance
    """.split()
)
#: Letters that are symbols of the field wherever they stand (precision and recall): ``2PR`` multiplies them.
_PROJECT_LETTERS = frozenset("PR")
_WORD = re.compile(r"(?<![\\\w])([A-Za-z][A-Za-z]+)(?![\w])")
_MATH = re.compile(r"\$\$.*?\$\$|\$[^$]*\$|\\\[.*?\\\]|\\\(.*?\\\)|\\begin\{(\w+\*?)\}.*?\\end\{\1\}", re.DOTALL)
_TEXTED = re.compile(r"\\(?:text|mathrm|operatorname|textrm|textit|mathit|mathsf|textsf|mbox)\s*\{\s*([A-Za-z]+)\s*\}")
_CODE = re.compile(r"`([A-Za-z][A-Za-z_]*)`")
_COMMAND = re.compile(r"\\[A-Za-z]+")
_HEAD = re.compile(r"(?:^|\\\\|&|\$|\n)\s*([A-Za-z]{2,})\s*(?:\([^()=]*\))?\s*(?:=|:=)", re.MULTILINE)


@dataclass
class Lexicon:
    """The names and products of one document (see the module's docstring).

    Attributes
    ----------
    words : set of str
        Words of the prose (outside the mathematics, or in code spans) and of ``\\text{...}``.
    defined : set of str
        Runs on the left of a definition (``Acc = ...``).
    letters : set of str
        Letters used alone in the formulas.
    runs : set of str
        Runs of two or more letters written in the formulas.
    """

    words: set = field(default_factory=set)
    defined: set = field(default_factory=set)
    letters: set = field(default_factory=set)
    runs: set = field(default_factory=set)

    @classmethod
    def of_text(cls, text: str) -> Lexicon:
        """The lexicon of a document's whole text."""
        prose = _MATH.sub(" ", text)
        words = {w for w in _WORD.findall(prose)} | set(_CODE.findall(text)) | set(_TEXTED.findall(text))
        math = " ".join(m.group() for m in _MATH.finditer(text))
        defined = set(_HEAD.findall(math))
        bare = _COMMAND.sub(" ", _TEXTED.sub(" ", math))
        letters = set(re.findall(r"(?<![A-Za-z])([A-Za-z])(?![A-Za-z])", bare))
        runs = set(re.findall(r"(?<![A-Za-z])([A-Za-z]{2,})(?![A-Za-z])", bare))
        return cls(words, defined, letters, runs)

    def kind(self, run: str) -> str:
        """``"name"``, ``"product"`` or ``"open"`` for a run of two or more letters."""
        if run.lower() in FIELD_NAMES or run in self.defined:
            return "name"
        if all(c in self.letters or c in _PROJECT_LETTERS for c in run):
            return "product"
        if self.why(run) is not None:
            return "name"
        return "open"

    def why(self, run: str) -> str | None:
        """The evidence that ``run`` is one name, in words, or None."""
        if run.lower() in FIELD_NAMES:
            return "a name of the field"
        if run in self.defined:
            return "defined by the document"
        if len(run) >= 3 and run in self.words:
            return "a word of the document"
        if len(run) == 2 and run in self.words and not run.islower():
            return "a word of the document"
        return None

    def uses(self, run: str) -> bool:
        """Whether the document writes ``run`` as a run of letters in its formulas or its prose."""
        return run in self.runs or run in self.words

    def spaced(self, letters: str) -> bool:
        """Whether single letters written apart (``M S E``) spell a name the document uses (``MSE``)."""
        return len(letters) >= 3 and letters.isupper() and self.why(letters) is not None
