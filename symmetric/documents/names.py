"""What the names of one document mean: the project's symbols, the user's ``--symbol`` options, definitions.

P, R, β, ρ, γ, φ and π are the project's symbols (:mod:`symmetric.symbols`,
π the target prevalence), TP, FP, FN and TN its counts; ``e`` is Euler's
number; every other name (a letter, a Greek letter, a subscripted name such
as ``k_1``, the words of ``\\text{...}``) is a positive real unless the user
says otherwise (``NAME:ASSUMPTION``, e.g. ``t:real``). A definition
(``F_\\beta = ...``) gives a name a value that later displays use.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import sympy

from .. import symbols as _symbols
from .._constraints import Predicate
from .latex import GREEK
from .lexicon import Lexicon

__all__ = ["ASSUMPTIONS", "SYMBOL_OPTION", "Definition", "Names", "key_of", "parse_symbol_option", "valid_symbols"]

#: The assumptions a ``--symbol NAME:ASSUMPTION`` may give, as SymPy assumption keywords.
ASSUMPTIONS = {
    "real": {"real": True},
    "positive": {"positive": True},
    "negative": {"negative": True},
    "nonnegative": {"nonnegative": True},
    "nonpositive": {"nonpositive": True},
    "nonzero": {"real": True, "nonzero": True},
    "integer": {"integer": True},
    "positive_integer": {"integer": True, "positive": True},
}

_GREEK_NAMES = set(GREEK.values())
#: The rates whose meaning the field fixes (their definitions are in :mod:`symmetric.documents.field`).
FIELD_RATES = frozenset(
    "precision ppv recall sensitivity tpr specificity tnr selectivity fpr fnr accuracy acc npv fdr informedness "
    "markedness".split()
)
_PROJECT = {
    "P": _symbols.P,
    "R": _symbols.R,
    "\\beta": _symbols.beta,
    "\\rho": _symbols.rho,
    "\\gamma": _symbols.gamma,
    "\\phi": _symbols.phi,
    "\\pi": _symbols.prevalence,
    "TP": _symbols.TP,
    "FP": _symbols.FP,
    "FN": _symbols.FN,
    "TN": _symbols.TN,
}
#: Names made of several adjacent letters that stand for one quantity (``TP`` is not ``T`` times ``P``): the
#: counts (the project's symbols) and the rates and values named after them (positive reals).
COUNT_NAMES = ("TP", "FP", "FN", "TN", "TPR", "FPR", "TNR", "FNR", "PPV", "NPV", "FDR", "FOR", "MCC", "AUC")


_NAME = re.compile(r"[^\W\d]\w*(?:'|\*)?")


def _symbol_spec(spec) -> bool:
    name, sep, assumption = str(spec).partition(":")
    return bool(sep) and _NAME.fullmatch(name.strip()) is not None and assumption.strip() in ASSUMPTIONS


#: The ``--symbol NAME:ASSUMPTION`` option (a name may have several letters: ``tpr:real``).
SYMBOL_OPTION = Predicate(
    "NAME:ASSUMPTION with ASSUMPTION one of " + ", ".join(ASSUMPTIONS),
    _symbol_spec,
    invalid=("t:complex", "t", ":real"),
)


def parse_symbol_option(spec: str, *, func: str = "symmetric check", param: str = "--symbol") -> tuple[str, str]:
    """Split ``NAME:ASSUMPTION`` (e.g. ``"t:real"``), checking the assumption against :data:`ASSUMPTIONS`.

    >>> parse_symbol_option("t:real")
    ('t', 'real')
    >>> parse_symbol_option("t:complex")
    Traceback (most recent call last):
        ...
    symmetric.InvalidParameterError: The '--symbol' parameter of symmetric check must be NAME:ASSUMPTION with ASSUMPTION one of real, positive, negative, nonnegative, nonpositive, nonzero, integer, positive_integer. Got 't:complex' instead.
    """
    SYMBOL_OPTION.check(spec, name=param, func=func)
    name, _, assumption = str(spec).partition(":")
    return name.strip(), assumption.strip()


def valid_symbols(value) -> bool:
    """Whether ``value`` is a mapping from symbol name to a key of :data:`ASSUMPTIONS` (the ``symbols`` option)."""
    if value is None:
        return True
    if isinstance(value, str) or not hasattr(value, "items"):
        return False
    return all(isinstance(k, str) and _NAME.fullmatch(k.strip()) and a in ASSUMPTIONS for k, a in value.items())


@dataclass
class Definition:
    """A name given a value by the document.

    Attributes
    ----------
    key : str
        The name as the parser keys it: ``"G_{\\beta,\\rho}"``, ``"\\text{Weighted Power Mean}"``, ``"S"``.
    value : sympy.Expr
    params : tuple of sympy.Symbol
        The parameters of a named function (``\\text{Weighted Power Mean}(\\gamma, \\phi)``), else empty.
    line : int
        Line of the definition in its file.
    implicit : bool
        Defined by an equation the name occurs in (``k_1 \\frac{0.5}{TP + FN} = ...``), solved for it.
    """

    key: str
    value: sympy.Expr
    params: tuple = ()
    line: int = 0
    implicit: bool = False
    file: str | None = None
    readings: tuple = ()  # readings the value's display did not fix (a derivative read as the chain rule)
    earlier: list = field(default_factory=list)  # (value, line) of the definitions this one replaced

    def as_dict(self) -> dict:
        out = {
            "name": self.key,
            "line": self.line,
            "value": sympy.sstr(self.value),
            "parameters": [str(p) for p in self.params],
            "implicit": self.implicit,
        }
        if self.file is not None:
            out["file"] = self.file
        return out


_ACCENT_MARKS = {
    "\\hat": "\u0302",
    "\\widehat": "\u0302",
    "\\bar": "\u0304",
    "\\overline": "\u0304",
    "\\tilde": "\u0303",
    "\\widetilde": "\u0303",
    "\\check": "\u030c",
    "\\dot": "\u0307",
    "\\vec": "\u20d7",
}


def readable(key: str) -> str:
    """The SymPy name of a document name: ``\\beta`` -> ``beta``, ``k_{1}`` -> ``k_1``, ``\\text{A B}`` -> ``A B``."""
    if key.startswith("\\text{"):
        base, _, sub = key[6:].partition("}")
        sub = sub.removeprefix("_")
    elif key.startswith(tuple(_ACCENT_MARKS)) and "{" in key:
        accent, _, rest = key.partition("{")
        inner, _, sub = rest.partition("}")
        base = readable(inner) + _ACCENT_MARKS[accent]
        sub = sub.removeprefix("_")
    else:
        base, _, sub = key.partition("_")
        base = base.lstrip("\\")
    sub = sub.replace("\\", "")
    if sub.startswith("{") and sub.endswith("}"):
        sub = sub[1:-1]
    return base + ("_" + (sub if len(sub) == 1 or sub.isdigit() else "{" + sub + "}") if sub else "")


def key_of(symbol: sympy.Symbol) -> str:
    """The parser's key of a symbol's name: ``k_1`` -> ``k_{1}``, ``Actual Positive`` -> ``\\text{Actual Positive}``,
    ``ell_-`` -> ``\\ell_{-}`` (a Greek letter, or ``\\ell``, keeps its command).

    >>> import sympy
    >>> [key_of(sympy.Symbol(n)) for n in ("k_1", "ell_-", "beta", "Actual Positive")]
    ['k_{1}', '\\\\ell_{-}', '\\\\beta', '\\\\text{Actual Positive}']
    """
    name = symbol.name
    if " " in name:
        return "\\text{" + name + "}"
    base, _, sub = name.partition("_")
    if base in GREEK.values():
        base = "\\" + base
    if sub:
        return base + "_{" + sub.strip("{}") + "}"
    return base


@dataclass
class Names:
    """The names of one document (or of several checked together, each file with its own definitions).

    Parameters
    ----------
    symbols : mapping of name to assumption, optional
        The ``--symbol`` options: readable name (``t``, ``k_1``, ``beta``) -> a key of :data:`ASSUMPTIONS`.
    """

    symbols: dict = field(default_factory=dict)
    definitions: dict = field(default_factory=dict)
    derived: dict = field(default_factory=dict)
    used: dict = field(default_factory=dict)
    lexicon: Lexicon = field(default_factory=Lexicon)
    unread: set = field(default_factory=set)  # names whose definition could not be read

    def is_project(self, key: str) -> bool:
        """Whether ``key`` names one of the project's symbols (``TP`` or ``\\text{TP}``), not redeclared by the user."""
        if key.startswith("\\text{") and key.endswith("}") and key[6:-1] in _PROJECT:
            key = key[6:-1]
        return key in _PROJECT and readable(key) not in self.symbols

    def symbol(self, key: str) -> sympy.Expr:
        """The SymPy object for a name without a definition (recorded as used)."""
        if key.startswith("\\text{") and key[6:-1] in _PROJECT and "\\" not in key[6:]:
            key = key[6:-1]  # \text{TP}, \mathrm{P}: the same quantity as TP, P
        name = readable(key)
        if name in self.symbols:
            value = sympy.Symbol(name, **ASSUMPTIONS[self.symbols[name]])
        elif key in _PROJECT:
            value = _PROJECT[key]
        elif key in ("e", "\\text{e}"):
            value = sympy.E
        else:
            value = sympy.Symbol(name, positive=True)
        if isinstance(value, sympy.Symbol):
            self.used[name] = value
        return value

    def symbol_named(self, name: str, **assumptions) -> sympy.Symbol:
        """A named value (``IoU(A, B)``, a set's size, a starred name): a positive real unless the user says
        otherwise (recorded as used)."""
        if name in self.symbols:
            value = sympy.Symbol(name, **ASSUMPTIONS[self.symbols[name]])
        else:
            value = sympy.Symbol(name, **(assumptions or {"positive": True}))
        self.used[name] = value
        return value

    def undefined_names(self) -> set:
        """The names used that the document never defines (or whose definition could not be read): words, runs of
        letters, applied functions; not the letters and Greek letters of a derivation's variables."""
        out = set(self.unread)
        defined = {readable(k) for k in self.definitions}
        for name, sym in self.used.items():
            base = name.split("_")[0]
            if name in defined or sym in _PROJECT.values() or base in _GREEK_NAMES or name in self.symbols:
                continue  # defined, the project's, a Greek letter, or declared by --symbol
            if base.lower() in FIELD_RATES:
                continue  # a rate of the field: its meaning is known
            if len(base) > 1 or any(c in name for c in " (|\u2016"):
                out.add(name)
        return out

    def domains(self, *, domain: str = "unit") -> dict:
        """Each used symbol with the domain it got, as text."""
        return {name: describe(sym, domain=domain) for name, sym in sorted(self.used.items())}


def describe(sym: sympy.Symbol, *, domain: str = "unit") -> str:
    """The domain of a symbol in words: ``"(0, 1] (precision)"``, ``"positive real"``, ``"real"``."""
    if domain == "unit" and sym in (_symbols.P, _symbols.R):
        return "(0, 1] (" + ("precision" if sym == _symbols.P else "recall") + ")"
    note = {
        _symbols.prevalence: " (target prevalence)",
        _symbols.TP: " (true positives)",
        _symbols.FP: " (false positives)",
        _symbols.FN: " (false negatives)",
        _symbols.TN: " (true negatives)",
    }.get(sym, "")
    for words, test in (
        ("positive integer", sym.is_integer and sym.is_positive),
        ("integer", sym.is_integer),
        ("positive real", sym.is_positive),
        ("negative real", sym.is_negative),
        ("nonnegative real", sym.is_nonnegative),
        ("nonpositive real", sym.is_nonpositive),
        ("nonzero real", sym.is_nonzero),
        ("real", sym.is_real),
    ):
        if test:
            return words + note
    return "complex" + note
