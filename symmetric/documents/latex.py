"""A tokenizer for the LaTeX of displayed equations: text to tokens, nothing executed.

The tokens keep their character offsets in the display, so that a step and
an unread construct can be located in the file. Styling that does not change
the mathematics (spacing, sizes, colours, ``\\displaystyle``, ``\\tag``,
``\\label``, ``\\nonumber``) is dropped here; every other command is kept as a
``"cmd"`` token for the parser, which accepts only its whitelist.

>>> [t.value for t in tokenize(r"\\frac{1}{2}\\,\\color{red}{x}^{2} \\le \\left( y \\right)")]
['\\\\frac', '{', '1', '}', '{', '2', '}', '{', 'x', '}', '^', '{', '2', '}', '\\\\le', '(', 'y', ')']
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["GREEK", "LIMITS", "RELATIONS", "LatexError", "Token", "tokenize"]

#: Bounds checked while tokenizing, before any parsing.
LIMITS = {"length": 20000, "depth": 32, "tokens": 5000}

#: Relation commands and characters, with the engine's relation (None: outside the subset).
RELATIONS = {
    "=": "==",
    "\\le": "<=",
    "\\leq": "<=",
    "\\leqslant": "<=",
    "\\ge": ">=",
    "\\geq": ">=",
    "\\geqslant": ">=",
    "<": "<",
    ">": ">",
    "\\lt": "<",
    "\\gt": ">",
    "\\neq": None,
    "\\ne": None,
    "\\approx": None,
    "\\sim": None,
    "\\propto": None,
    "\\equiv": None,
    "\\simeq": None,
    "\\cong": None,
    "\\ll": None,
    "\\gg": None,
    "\\in": None,
    "\\subset": None,
    "\\subseteq": None,
    "\\implies": None,
    "\\iff": None,
    "\\Rightarrow": None,
    "\\Leftrightarrow": None,
    "\\to": None,
    "\\longrightarrow": None,
    "\\rightarrow": None,
    "\\mapsto": None,
}

#: The lowercase Greek letters LaTeX names, in alphabetical order (no omicron: it is an o).
GREEK_LOWER = (
    "alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota", "kappa", "lambda", "mu",
    "nu", "xi", "pi", "rho", "sigma", "tau", "upsilon", "phi", "chi", "psi", "omega",
)  # fmt: skip
#: Greek letters (command -> name); variants map to the same name.
GREEK = {
    f"\\{n}": n
    for n in (*GREEK_LOWER, "Gamma", "Delta", "Theta", "Lambda", "Xi", "Pi", "Sigma", "Upsilon", "Phi", "Psi", "Omega")
}
GREEK.update(
    {
        "\\varepsilon": "epsilon",
        "\\varphi": "phi",
        "\\vartheta": "theta",
        "\\varrho": "rho",
        "\\varsigma": "sigma",
        "\\varpi": "pi",
        "\\ell": "ell",  # not Greek, but a letter written as a command, read the same way
    }
)

# Commands dropped with nothing else: spacing, sizes, styles that do not change the mathematics.
_DROPPED = {
    "\\,",
    "\\;",
    "\\:",
    "\\!",
    "\\ ",
    "\\quad",
    "\\qquad",
    "\\displaystyle",
    "\\textstyle",
    "\\scriptstyle",
    "\\nonumber",
    "\\notag",
    "\\limits",
    "\\nolimits",
    "\\big",
    "\\Big",
    "\\bigg",
    "\\Bigg",
    "\\bigl",
    "\\bigr",
    "\\Bigl",
    "\\Bigr",
    "\\biggl",
    "\\biggr",
    "\\Biggl",
    "\\Biggr",
    "\\bigm",
    "\\Bigm",
    "\\biggm",
    "\\Biggm",
    "\\thinspace",
    "\\medspace",
    "\\thickspace",
    "\\enspace",
    "\\negthinspace",
    "\\middle",
    "\\blacksquare",
    "\\square",
    "\\qed",
    "\\Box",
}
# Commands dropped with their one braced argument.
_DROPPED_WITH_ARGUMENT = {
    "\\textcircled",
    "\\tag",
    "\\tag*",
    "\\label",
    "\\color",
    "\\textcolor",
    "\\hspace",
    "\\vspace",
    "\\hspace*",
    "\\phantom",
    "\\hphantom",
    "\\vphantom",
}
# Commands whose braced argument is a name written in words.
_TEXT = {
    "\\text",
    "\\textrm",
    "\\textit",
    "\\textbf",
    "\\mathrm",
    "\\operatorname",
    "\\mathit",
    "\\textsf",
    "\\mbox",
    "\\mathsf",
    "\\mathbf",
    "\\boldsymbol",
    "\\bm",
}
_DELIMITERS = {
    "(": "(",
    ")": ")",
    "[": "[",
    "]": "]",
    "\\{": "\\{",
    "\\}": "\\}",
    "\\lbrace": "\\{",
    "\\rbrace": "\\}",
    "\\lbrack": "[",
    "\\rbrack": "]",
    ".": ".",
    "|": "|",
    "\\vert": "|",
    "\\lvert": "|",
    "\\rvert": "|",
    "\\langle": "\\langle",
    "\\rangle": "\\rangle",
    "\\|": "\\|",
    "\\Vert": "\\|",
    "\\lVert": "\\|",
    "\\rVert": "\\|",
}
# Accents that make a new name of the letter under them: \hat{y} is the name y-hat.
ACCENTS = {
    "\\hat": "hat",
    "\\widehat": "hat",
    "\\bar": "bar",
    "\\overline": "bar",
    "\\tilde": "tilde",
    "\\widetilde": "tilde",
    "\\check": "check",
    "\\dot": "dot",
    "\\vec": "vec",
}
# Braces labelling a part of a formula: the part is read, the label is not.
_LABELLED = {"\\underbrace": "_", "\\overbrace": "^", "\\underset": None, "\\overset": None}
_COMMAND = re.compile(r"\\(?:[A-Za-z]+\*?|.)", re.DOTALL)
_NUMBER = re.compile(r"\d+(?:\.\d+)?|\.\d+")
_WORDS = re.compile(r"[^\W_][\w \-]*")
_UNICODE_ORDER = (*GREEK_LOWER[: GREEK_LOWER.index("xi") + 1], "omicron", "pi", "rho", "sigmaf",
                  *GREEK_LOWER[GREEK_LOWER.index("sigma"):])  # fmt: skip
_UNICODE = {
    **{
        # U+03B1 onwards is the alphabet with omicron after xi and the final sigma before sigma
        chr(0x3B1 + k): "\\" + n
        for k, n in enumerate(_UNICODE_ORDER)
        if n not in ("omicron", "sigmaf")
    },
    "\u03d5": "\\phi",
    "\u2264": "\\le",
    "\u2265": "\\ge",
    "\u2260": "\\neq",
    "\u2248": "\\approx",
    "\u00b7": "\\cdot",
    "\u22c5": "\\cdot",
    "\u00d7": "\\times",
    "\u221e": "\\infty",
    "\u2202": "\\partial",
    "\u2192": "\\to",
    "\u21d2": "\\implies",
    "\u2211": "\\sum",
    "\u220f": "\\prod",
    "\u2026": "\\dots",
    "\u22ef": "\\cdots",
    "\u2229": "\\cap",
    "\u222a": "\\cup",
}
_REMARKS = {
    "since",
    "for",
    "if",
    "where",
    "when",
    "because",
    "by",
    "and",
    "with",
    "as",
    "so",
    "thus",
    "hence",
    "therefore",
    "using",
    "from",
    "at",
    "on",
    "whenever",
    "iff",
    "unless",
    "provided",
    "i.e.",
    "e.g.",
    "all",
    "each",
    "every",
    "or",
    "then",
    "which",
    "note",
    "see",
    "we",
    "is",
    "are",
    "assuming",
}
_WORD_COMMANDS = {"\\exp", "\\ln", "\\log", "\\min", "\\max", "\\lim"}


class LatexError(ValueError):
    """A construct outside the subset, with its offset in the display text.

    Attributes
    ----------
    reason : str
        What is outside the subset, e.g. ``"\\\\sum (a sum over an index set) is outside the subset"``.
    offset : int
        0-based offset in the text given to the tokenizer or parser.
    """

    def __init__(self, reason: str, offset: int = 0) -> None:
        super().__init__(reason)
        self.reason = reason
        self.offset = offset


@dataclass(frozen=True)
class Token:
    """One token: its kind, its value and its span ``[start, end)`` in the display.

    Kinds: ``"num"``, ``"letter"``, ``"cmd"``, ``"text"`` (the words of
    ``\\text{...}`` and similar), ``"open"``, ``"close"`` (``sized`` for
    ``\\left``/``\\right``), ``"op"`` (``+ - * / ^ _ , ! ' :``), ``"rel"``
    (``value`` the command, ``relation`` the engine's relation or None),
    ``"amp"`` (``&``), ``"row"`` (``\\\\``) and ``"note"`` (``\\text{...}`` holding words that are
    not a name, such as a remark; never read as mathematics).
    """

    kind: str
    value: str
    start: int
    end: int
    sized: bool = False

    @property
    def relation(self):
        return RELATIONS.get(self.value)


def _braced(text: str, i: int) -> tuple[str, int]:
    """The content of the braced group starting at or after ``i`` (spaces skipped), and the index after it."""
    while i < len(text) and text[i].isspace():
        i += 1
    if i >= len(text) or text[i] != "{":
        raise LatexError("a braced argument '{...}' is expected here", i)
    depth, j = 0, i
    while j < len(text):
        c = text[j]
        if c == "\\":
            j += 2
            continue
        if c == "{":
            depth += 1
            if depth > LIMITS["depth"]:
                raise LatexError(f"braces are nested more than {LIMITS['depth']} deep", j)
        elif c == "}":
            depth -= 1
            if depth == 0:
                return text[i + 1 : j], j + 1
        j += 1
    raise LatexError("unbalanced '{': a '}' is missing", i)


def _transparent(text: str, i: int) -> str:
    """The coloured group at ``i`` without its braces when it holds half a pair of delimiters (``{\\Bigg[}``)."""
    start = text.index("{", i)
    content, end = _braced(text, start)
    balance = sum(content.count(c) for c in ("(", "[", "\\{", "\\left")) - sum(
        content.count(c) for c in (")", "]", "\\}", "\\right")
    )
    if balance == 0:
        return text
    return text[:start] + " " + content + " " + text[end:]


def _accented(text: str, i: int) -> tuple[str, int]:
    """The letter or group under an accent (``\\hat{y}``, ``\\hat y``) and the index after it."""
    k = i
    while k < len(text) and text[k].isspace():
        k += 1
    if text[k : k + 1] == "{":
        content, j = _braced(text, k)
        return " ".join(content.split()), j
    m = _COMMAND.match(text, k) if text[k : k + 1] == "\\" else None
    if m:
        return m.group(), m.end()
    if k < len(text):
        return text[k], k + 1
    raise LatexError("an accent needs a letter or a braced group after it", i)


def _unlabelled(text: str, i: int, j: int, cmd: str) -> str:
    """``\\underbrace{X}_{label}`` (and the others) replaced by ``{X}``, the label blanked (offsets kept)."""
    if cmd in ("\\underset", "\\overset"):  # \underset{label}{X}
        _, after_label = _braced(text, j)
        content, end = _braced(text, after_label)
        return text[:i] + " " * (after_label - i) + text[after_label:end] + text[end:]
    _, end = _braced(text, j)
    k = end
    while k < len(text) and text[k].isspace():
        k += 1
    if text[k : k + 1] == _LABELLED[cmd]:
        k += 1
        while k < len(text) and text[k].isspace():
            k += 1
        if text[k : k + 1] == "{":
            _, label_end = _braced(text, k)
        else:
            label_end = k + 1
        return text[:i] + " " * (j - i) + text[j:end] + " " * (label_end - end) + text[label_end:]
    return text[:i] + " " * (j - i) + text[j:]


def tokenize(text: str) -> list[Token]:
    """The tokens of ``text`` (a display's content); raises :class:`LatexError` on what cannot be tokenized."""
    if len(text) > LIMITS["length"]:
        raise LatexError(f"the display is longer than {LIMITS['length']} characters")
    tokens: list[Token] = []
    depth = 0
    i = 0
    n = len(text)
    while i < n:
        c = text[i]
        if c.isspace() or c == "~":
            i += 1
            continue
        if c == "%":  # a comment runs to the end of the line
            j = text.find("\n", i)
            i = n if j < 0 else j + 1
            continue
        if (c.isascii() and c.isdigit()) or (
            c == "." and text[i + 1 : i + 2].isascii() and text[i + 1 : i + 2].isdigit()
        ):
            m = _NUMBER.match(text, i)
            assert m is not None  # a digit, or a point before one, starts a number
            tokens.append(Token("num", m.group(), i, m.end()))
            i = m.end()
            continue
        if c.isascii() and c.isalpha():
            tokens.append(Token("letter", c, i, i + 1))
            i += 1
            continue
        if c.isalpha() and c not in _UNICODE:  # a word in another script (CJK, Cyrillic): one name
            j = i
            while j < n and text[j].isalpha() and text[j] not in _UNICODE:
                j += 1
            tokens.append(Token("text", text[i:j], i, j))
            i = j
            continue
        if c == "\\":
            m = _COMMAND.match(text, i)
            if m is None:  # nothing follows the backslash
                raise LatexError("a backslash ends the display (a command needs a name)", i)
            cmd = m.group()
            j = m.end()
            if cmd == "\\\\":
                tokens.append(Token("row", cmd, i, j))
                if text[j : j + 1] == "[":  # \\[2pt]: a row's extra space
                    k = text.find("]", j)
                    j = k + 1 if k > 0 else j
            elif cmd in _DROPPED:
                pass
            elif cmd in _DROPPED_WITH_ARGUMENT:
                if cmd in ("\\color", "\\textcolor") and text[j:].lstrip().startswith("["):
                    k = text.find("]", j)
                    j = k + 1 if k > 0 else j
                _, j = _braced(text, j)
                if cmd in ("\\color", "\\textcolor") and text[j:].lstrip().startswith("{"):
                    text = _transparent(text, j)
            elif cmd in _TEXT:
                content, j = _braced(text, j)
                words = " ".join(content.split())
                if "\\" + words in _WORD_COMMANDS:  # \operatorname{exp}, \mathrm{ln}
                    tokens.append(Token("cmd", "\\" + words, i, j))
                elif not _WORDS.fullmatch(words) or words.split()[0].lower() in _REMARKS:
                    # words, not a name: a remark ("since ...", "for all ..."), unread where a step needs it
                    tokens.append(Token("note", words[:60], i, j))
                else:
                    tokens.append(Token("text", words, i, j))
            elif cmd in ("\\left", "\\right"):
                k = j
                while k < n and text[k].isspace():
                    k += 1
                d = _COMMAND.match(text, k) if text[k : k + 1] == "\\" else None
                delim = d.group() if d else text[k : k + 1]
                if delim not in _DELIMITERS:
                    raise LatexError(f"{cmd} must be followed by a delimiter, found {delim!r}", i)
                j = k + len(delim)
                kind = "open" if cmd == "\\left" else "close"
                depth += 1 if kind == "open" else -1
                tokens.append(Token(kind, _DELIMITERS[delim], i, j, sized=True))
            elif cmd in ("\\{", "\\lbrace", "\\lbrack", "\\langle"):
                depth += 1
                tokens.append(Token("open", _DELIMITERS[cmd], i, j))
            elif cmd in ("\\}", "\\rbrace", "\\rbrack", "\\rangle"):
                depth -= 1
                tokens.append(Token("close", _DELIMITERS[cmd], i, j))
            elif cmd in ("\\vert", "\\lvert", "\\rvert"):
                tokens.append(Token("op", "|", i, j))
            elif cmd in ("\\|", "\\Vert", "\\lVert", "\\rVert"):
                tokens.append(Token("op", "\u2016", i, j))  # a norm's bar
            elif cmd == "\\%":
                tokens.append(Token("op", "%", i, j))
            elif cmd in ACCENTS:
                content, j = _accented(text, j)
                tokens.append(Token("name", f"{cmd}{{{content}}}", i, j))
            elif cmd in ("\\boxed", "\\fbox", "\\mathop"):  # the boxed formula (an operator's name), read as is
                k = text.find("{", j)
                if k < 0:
                    raise LatexError(f"{cmd} needs a braced argument", i)
                _, end = _braced(text, k)
                text = text[:i] + " " * (k + 1 - i) + text[k + 1 : end - 1] + " " + text[end:]
                j = i
            elif cmd in _LABELLED:
                text = _unlabelled(text, i, j, cmd)
                j = i
            elif cmd in ("\\longrightarrow", "\\rightarrow", "\\to"):
                tokens.append(Token("rel", "\\to", i, j))
            elif cmd in RELATIONS:
                tokens.append(Token("rel", cmd, i, j))
            else:
                tokens.append(Token("cmd", cmd, i, j))
            i = j
        elif c in "([{":
            depth += 1
            tokens.append(Token("open", c, i, i + 1))
            i += 1
        elif c in ")]}":
            depth -= 1
            tokens.append(Token("close", c, i, i + 1))
            i += 1
        elif c in "=<>":
            if c in "<>" and text[i + 1 : i + 2] == "=":
                tokens.append(Token("rel", "\\le" if c == "<" else "\\ge", i, i + 2))
                i += 2
            else:
                tokens.append(Token("rel", c, i, i + 1))
                i += 1
        elif c == ":" and text[i + 1 : i + 2] == "=":
            tokens.append(Token("op", ":=", i, i + 2))
            i += 2
        elif c == ".":  # punctuation ending a sentence: "= 0." (a decimal point is read with its number)
            tokens.append(Token("op", ".", i, i + 1))
            i += 1
        elif c in "+-*/^_,!':|;":
            tokens.append(Token("op", c, i, i + 1))
            i += 1
        elif c == "\u2212":
            tokens.append(Token("op", "-", i, i + 1))
            i += 1
        elif c == "&":
            tokens.append(Token("amp", c, i, i + 1))
            i += 1
        elif c in _UNICODE:  # β, ≤, ·, ∂ typed directly (KaTeX and MathJax accept them)
            cmd = _UNICODE[c]
            kind = "rel" if cmd in RELATIONS else "cmd"
            tokens.append(Token(kind, cmd, i, i + 1))
            i += 1
        else:  # outside the subset: only the side holding it is unread
            tokens.append(Token("bad", c, i, i + 1))
            i += 1
        if depth > LIMITS["depth"]:
            raise LatexError(f"groups are nested more than {LIMITS['depth']} deep", i)
        if len(tokens) > LIMITS["tokens"]:
            raise LatexError(f"the display has more than {LIMITS['tokens']} tokens", i)
    return tokens
