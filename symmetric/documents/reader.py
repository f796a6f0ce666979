"""Finding the displayed mathematics of a document: Markdown, Quarto, LaTeX and notebooks.

Display math only: ``$$ ... $$``, ``\\[ ... \\]`` and the environments
``equation``, ``equation*``, ``align``, ``align*``, ``gather``, ``gather*``
(and ``multline``, ``split``, ``aligned`` inside them). Inline ``$ ... $`` and
``\\( ... \\)`` are prose, and so is a kramdown ``$$ ... $$`` inside a sentence
(text before it or after it on its line); fenced code blocks of Markdown and
LaTeX comments are never read, and the ``>`` of a Markdown blockquote is not
mathematics. A notebook's Markdown cells are read, each cell with the line it
starts at in the ``.ipynb`` file and its lines inside the cell.

A document that offers nothing to check says why (:attr:`Document.problem`):
it is empty, holds no display math, cannot be read, is binary, leaves a
display open, or is a notebook that is not valid JSON (an error, never read as
text).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["ENVIRONMENTS", "SUFFIXES", "Display", "Document", "Segment", "is_source", "read_document"]

#: The display environments read (their content is the display).
ENVIRONMENTS = (
    "equation",
    "equation*",
    "align",
    "align*",
    "gather",
    "gather*",
    "multline",
    "multline*",
    "eqnarray",
    "eqnarray*",
    "flalign",
    "flalign*",
    "alignat",
    "alignat*",
)
#: The suffixes of the documents a folder is searched for.
SUFFIXES = (".md", ".markdown", ".qmd", ".rmd", ".tex", ".latex", ".ltx", ".ipynb")
_INNER = ("aligned", "split", "gathered")
_ENV = "|".join(re.escape(e) for e in ENVIRONMENTS)
_DISPLAY = re.compile(
    r"(?:(?<![A-Za-z0-9_})\]])\$\$|\$\$(?![A-Za-z0-9_\\{(]))(?P<dollar>.*?)(?:(?<![A-Za-z0-9_})\]])\$\$|\$\$(?![A-Za-z0-9_\\{(]))|\\\[(?P<bracket>.*?)\\\]|\\begin\{(?P<env>"
    + _ENV
    + r")\}(?P<body>.*?)\\end\{(?P=env)\}",
    re.DOTALL,
)
_OPENERS = re.compile(
    r"(?:(?<![A-Za-z0-9_})\]])\$\$|\$\$(?![A-Za-z0-9_\\{(]))|\\\[|\\\]|\\begin\{("
    + _ENV
    + r")\}|\\end\{("
    + _ENV
    + r")\}"
)
_FENCE = re.compile(r"^(\s*)(```|~~~)")
_QUOTE = re.compile(r"^[ \t]*(?:>[ \t]?)+", re.MULTILINE)
_HEADING = re.compile(
    r"^#{1,6}\s|^\\(?:part|chapter|section|subsection|subsubsection)\*?\{|^\\begin\{(?:vkProblem|"
    r"esProblem|problem|exercise|example)\}",
    re.MULTILINE,
)
# After a display's closing $$ on its line: a Quarto label, punctuation, a closing tag (all still a display).
_AFTER = re.compile(r"[\s.,;:!?)]*(\{#[^}]*\})?[\s.,;:!?)]*(</?\w+[^>]*>)?\s*$")
# Before a display's opening $$ on its line: indentation, a list bullet or number, a blockquote (still a display).
_BEFORE = re.compile(r"^\s*(?:[-*+]|\d+[.)])?\s*$")


@dataclass(frozen=True)
class Display:
    """One display: its content and where it lies in its segment's text.

    Attributes
    ----------
    content : str
        The mathematics, without the delimiters (and without an environment
        wrapping all of it, as in ``$$\\begin{align*} ... \\end{align*}$$``);
        the ``>`` of a blockquote blanked.
    offset : int
        Offset of ``content`` in the segment's text.
    end : int
        Offset just after the display's closing delimiter.
    environment : str
        ``"$$"``, ``"\\["`` or the environment's name.
    start : int
        Offset of the display's opening delimiter.
    """

    content: str
    offset: int
    end: int
    environment: str
    start: int = 0


@dataclass
class Segment:
    """A run of text read as one piece: a whole text file, or one Markdown cell of a notebook.

    ``first_line`` is the file line of the segment's first line; ``line_of(offset)`` maps an offset of the
    segment's text to a 1-based line of the file, ``cell_line(offset)`` to its line inside the cell.
    """

    text: str
    first_line: int = 1
    cell: int | None = None
    lines: tuple | None = None  # the file line of each line of the text, when not consecutive
    latex: bool = False
    _prepared: str | None = field(default=None, repr=False)

    def line_of(self, offset: int) -> int:
        k = self.text.count("\n", 0, offset)
        if self.lines is not None and k < len(self.lines):
            return self.lines[k]
        return self.first_line + k

    def cell_line(self, offset: int) -> int:
        """The 1-based line of ``offset`` inside this segment (a notebook cell's own numbering)."""
        return self.text.count("\n", 0, offset) + 1

    @property
    def prepared(self) -> str:
        """The text with code, comments and blockquote markers blanked (offsets kept): what displays are read from."""
        if self._prepared is None:
            text = _blank_comments(self.text) if self.latex else _blank_code(self.text)
            if not self.latex:
                text = _QUOTE.sub(lambda m: " " * len(m.group()), text)
            self._prepared = text
        return self._prepared

    def displays(self) -> list[Display]:
        """The displays of this segment, in order (a kramdown ``$$`` inside a sentence is not one)."""
        text = self.prepared
        out = []
        for m in _DISPLAY.finditer(text):
            if m.group("dollar") is not None:
                if not self.latex and self.inline_dollars(m.start(), m.end()):
                    continue
                kind, start = "$$", m.start("dollar")
                content = m.group("dollar")
            elif m.group("bracket") is not None:
                kind, start = "\\[", m.start("bracket")
                content = m.group("bracket")
            else:
                kind, start = m.group("env"), m.start("body")
                content = m.group("body")
            inner = re.fullmatch(
                r"(\s*\\begin\{(" + _ENV + "|" + "|".join(_INNER) + r")\})(.*)\\end\{\2\}\s*", content, re.DOTALL
            )
            if inner:
                start += len(inner.group(1))
                content = inner.group(3)
            out.append(Display(text[start : start + len(content)], start, m.end(), kind, m.start()))
        return out

    def inline_dollars(self, start: int, end: int) -> bool:
        """Whether the ``$$ ... $$`` at ``[start, end)`` sits inside a sentence (kramdown's inline math)."""
        text = self.prepared
        line_start = text.rfind("\n", 0, start) + 1
        line_end = text.find("\n", end)
        before = text[line_start:start]
        after = text[end : len(text) if line_end < 0 else line_end]
        return not _BEFORE.match(before) or not _AFTER.match(after)

    def inline_math(self) -> list[tuple[int, int, str]]:
        """``(start, end, body)`` of every piece of inline math: ``$ ... $``, ``\\( ... \\)``, kramdown ``$$``."""
        text = self.prepared
        found = []
        for m in _DISPLAY.finditer(text):
            if m.group("dollar") is not None and not self.latex and self.inline_dollars(m.start(), m.end()):
                found.append((m.start(), m.end(), m.group("dollar")))
        blanked = _DISPLAY.sub(lambda m: " " * len(m.group()), text)
        for m in _INLINE.finditer(blanked):
            body = m.group(1) if m.group(1) is not None else m.group(2)
            found.append((m.start(), m.end(), body))
        return sorted(found)

    def section_of(self, offset: int) -> int:
        """The offset where the section (Markdown heading, LaTeX sectioning, problem) holding ``offset`` starts."""
        starts = [m.start() for m in _HEADING.finditer(self.text, 0, offset)]
        return starts[-1] if starts else 0

    def unclosed(self) -> int | None:
        """The offset of a display delimiter left open (``$$`` without its pair, ``\\begin`` without ``\\end``)."""
        text = self.prepared
        stack: list[tuple[str, int]] = []
        for m in _OPENERS.finditer(text):
            token = m.group()
            if token == "$$":
                if stack and stack[-1][0] == "$$":
                    stack.pop()
                elif not stack:
                    stack.append(("$$", m.start()))
            elif token == "\\[":
                if not stack:
                    stack.append(("\\[", m.start()))
            elif token == "\\]":
                if stack and stack[-1][0] == "\\[":
                    stack.pop()
            elif m.group(1):
                if not stack:
                    stack.append((m.group(1), m.start()))
            elif m.group(2) and stack and stack[-1][0] == m.group(2):
                stack.pop()
        return stack[0][1] if stack else None


_INLINE = re.compile(r"(?<![\$\\])\$(?!\$)([^$\n]{1,300}?)(?<!\\)\$|\\\((.{1,300}?)\\\)", re.DOTALL)


@dataclass
class Document:
    """A document as read: its name, its segments, its format and, when it offers nothing to check, why.

    ``problem`` is None or ``(kind, reason)``: kind ``"empty"`` (nothing to check: an empty file, no display
    math) or ``"error"`` (cannot be read, binary, an unclosed display, a notebook that is not valid JSON).
    """

    name: str
    segments: list
    fmt: str
    problem: tuple | None = None


def _blank_code(text: str) -> str:
    """Markdown fenced code blocks replaced by spaces (offsets kept)."""
    out, fence = [], None
    for line in text.splitlines(keepends=True):
        m = _FENCE.match(line)
        if fence is None and m:
            fence = m.group(2)
            out.append(re.sub(r"[^\n]", " ", line))
        elif fence is not None:
            if line.strip().startswith(fence):
                fence = None
            out.append(re.sub(r"[^\n]", " ", line))
        else:
            out.append(line)
    return "".join(out)


def _blank_comments(text: str) -> str:
    """LaTeX comments (``%`` to the end of the line, not ``\\%``) replaced by spaces (offsets kept)."""
    return re.sub(r"(?<!\\)%[^\n]*", lambda m: " " * len(m.group()), text)


def _notebook_segments(raw: str) -> list[Segment]:
    data = json.loads(raw)
    if not isinstance(data, dict) or not isinstance(data.get("cells", []), list):
        raise ValueError("the JSON is not a notebook (no list of cells)")
    segments, cursor = [], 0
    for index, cell in enumerate(data.get("cells", [])):
        if not isinstance(cell, dict) or cell.get("cell_type") != "markdown":
            continue
        source = cell.get("source", "")
        parts = source if isinstance(source, list) else str(source).splitlines(keepends=True)
        parts = [str(p) for p in parts]
        lines: list = []
        for part in parts:
            for encoded in (json.dumps(part), json.dumps(part, ensure_ascii=False)):
                found = raw.find(encoded, cursor)
                if found >= 0:
                    cursor = found + len(encoded)
                    break
            lines.append(raw.count("\n", 0, cursor) + 1 if found >= 0 else (lines[-1] if lines else 1))
            lines += [lines[-1]] * part.count("\n", 0, max(len(part) - 1, 0))
        segments.append(Segment("".join(parts), lines[0] if lines else 1, index, tuple(lines)))
    return segments


def _names_a_file(source) -> bool:
    try:
        return Path(source).is_file()
    except (OSError, ValueError):
        return False


def is_source(source) -> bool:
    """Whether ``source`` is a path, or a string naming an existing file, or text (not a file name that names no
    file: ``"missing.md"`` is refused, never read as a one-line document)."""
    if isinstance(source, Path):
        return True
    if not isinstance(source, str):
        return False
    if "\n" in source or len(source) >= 4096 or "$" in source or "\\" in source:
        return True
    return _names_a_file(source) or not source.strip().lower().endswith((*SUFFIXES, ".txt"))


def _source(source) -> tuple[Path | None, str | None]:
    """The path a source names, or the text it is."""
    if isinstance(source, Path):
        return source, None
    if isinstance(source, str) and "\n" not in source and len(source) < 4096 and _names_a_file(source):
        return Path(source), None
    return None, str(source)


def read_document(source) -> Document:
    """The :class:`Document` of a path or of text.

    ``source`` is a :class:`pathlib.Path`, a path given as a string that names an existing file, or the
    text itself (a string with a newline or one that names no file).
    """
    path, raw = _source(source)
    name, suffix = ("<text>", "") if path is None else (str(path), path.suffix.lower())
    if path is not None:
        try:
            data = path.read_bytes()
        except OSError as exc:
            return Document(name, [], "markdown", ("error", f"cannot be read ({exc.strerror or exc})"))
        if b"\x00" in data[:8192]:
            return Document(name, [], "markdown", ("error", "a binary file, not a document"))
        raw = data.decode("utf-8", errors="replace")
        if raw.count("\ufffd") > max(8, len(raw) // 100):
            return Document(name, [], "markdown", ("error", "not UTF-8 text (a binary file?)"))
    assert raw is not None
    if not raw.strip():
        return Document(name, [], "markdown", ("empty", "an empty document"))
    if suffix == ".ipynb" or (path is None and raw.lstrip().startswith("{") and '"cells"' in raw):
        try:
            segments = _notebook_segments(raw)
        except (ValueError, TypeError) as exc:
            if suffix == ".ipynb":
                return Document(name, [], "notebook", ("error", f"not a valid notebook ({exc})"))
        else:
            return _with_problem(Document(name, segments, "notebook"))
    latex = suffix in (".tex", ".latex", ".ltx") or (path is None and "\\begin{document}" in raw)
    return _with_problem(Document(name, [Segment(raw, latex=latex)], "latex" if latex else "markdown"))


def _with_problem(document: Document) -> Document:
    for segment in document.segments:
        open_at = segment.unclosed()
        if open_at is not None:
            where = f"line {segment.line_of(open_at)}" + (
                f" (cell {segment.cell}, line {segment.cell_line(open_at)})" if segment.cell is not None else ""
            )
            document.problem = ("error", f"a display opened at {where} is never closed")
            return document
    if not any(segment.displays() for segment in document.segments):
        document.problem = ("empty", "no display math (inline math is prose and is not checked)")
    return document
