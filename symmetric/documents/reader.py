"""Finding the displayed mathematics of a document: Markdown, Quarto, LaTeX and notebooks.

Display math only: ``$$ ... $$``, ``\\[ ... \\]`` and the environments
``equation``, ``equation*``, ``align``, ``align*``, ``gather``, ``gather*``
(and ``multline``, ``split``, ``aligned`` inside them). Inline ``$ ... $`` and
``\\( ... \\)`` are prose and never read; so are fenced code blocks of
Markdown and LaTeX comments. A notebook's Markdown cells are read, each cell
with the line it starts at in the ``.ipynb`` file.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from .._validation import InvalidParameterError

__all__ = ["ENVIRONMENTS", "Display", "Segment", "read_document"]

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
_INNER = ("aligned", "split", "gathered")
_ENV = "|".join(re.escape(e) for e in ENVIRONMENTS)
_DISPLAY = re.compile(
    r"\$\$(?P<dollar>.*?)\$\$|\\\[(?P<bracket>.*?)\\\]|\\begin\{(?P<env>" + _ENV + r")\}(?P<body>.*?)\\end\{(?P=env)\}",
    re.DOTALL,
)
_FENCE = re.compile(r"^(\s*)(```|~~~)")


@dataclass(frozen=True)
class Display:
    """One display: its content and where it lies in its segment's text.

    Attributes
    ----------
    content : str
        The mathematics, without the delimiters (and without an environment
        wrapping all of it, as in ``$$\\begin{align*} ... \\end{align*}$$``).
    offset : int
        Offset of ``content`` in the segment's text.
    end : int
        Offset just after the display's closing delimiter.
    environment : str
        ``"$$"``, ``"\\["`` or the environment's name.
    """

    content: str
    offset: int
    end: int
    environment: str


@dataclass
class Segment:
    """A run of text read as one piece: a whole text file, or one Markdown cell of a notebook.

    ``first_line`` is the file line of the segment's first line; ``line_of(offset)`` maps an offset of the
    segment's text to a 1-based line of the file.
    """

    text: str
    first_line: int = 1
    cell: int | None = None
    lines: tuple | None = None  # the file line of each line of the text, when not consecutive

    def line_of(self, offset: int) -> int:
        k = self.text.count("\n", 0, offset)
        if self.lines is not None and k < len(self.lines):
            return self.lines[k]
        return self.first_line + k

    def displays(self, *, latex: bool = False) -> list[Display]:
        """The displays of this segment, in order."""
        text = _blank_comments(self.text) if latex else _blank_code(self.text)
        out = []
        for m in _DISPLAY.finditer(text):
            if m.group("dollar") is not None:
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
            out.append(Display(self.text[start : start + len(content)], start, m.end(), kind))
        return out


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
    cells = data.get("cells", []) if isinstance(data, dict) else []
    segments, cursor = [], 0
    for index, cell in enumerate(cells):
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


def read_document(source) -> tuple[str, list[Segment], str]:
    """``(name, segments, format)`` of a path or of text; format is ``"markdown"``, ``"latex"`` or ``"notebook"``.

    ``source`` is a :class:`pathlib.Path`, a path given as a string that names an existing file, or the
    text itself (a string with a newline or one that names no file).
    """
    path = None
    if isinstance(source, Path):
        path = source
    elif isinstance(source, str) and "\n" not in source and len(source) < 4096:
        try:
            if Path(source).is_file():
                path = Path(source)
        except OSError:
            path = None
    if path is not None:
        raw = path.read_text(encoding="utf-8", errors="replace")
        name = str(path)
        suffix = path.suffix.lower()
    elif (
        isinstance(source, str)
        and "\n" not in source
        and "$" not in source
        and "\\" not in source
        and source.strip().lower().endswith((".md", ".qmd", ".tex", ".ipynb", ".txt", ".markdown", ".rmd"))
    ):
        raise InvalidParameterError.of("source", "check_document", "an existing file or the text of a document", source)
    else:
        raw, name, suffix = str(source), "<text>", ""
    if suffix == ".ipynb" or (path is None and raw.lstrip().startswith("{") and '"cells"' in raw):
        try:
            return name, _notebook_segments(raw), "notebook"
        except (ValueError, TypeError):
            pass
    fmt = (
        "latex" if suffix in (".tex", ".latex", ".ltx") or (path is None and "\\begin{document}" in raw) else "markdown"
    )
    return name, [Segment(raw)], fmt
