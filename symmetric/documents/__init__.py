"""Check the derivations people write: every displayed equation of a Markdown, LaTeX or notebook document.

:func:`check_document` reads the display math of a document (``$$ ... $$``,
``\\[ ... \\]``, ``equation``, ``align``, ``gather``; inline ``$ ... $`` is
prose), turns chains, sequences of equations and definitions into steps
(:mod:`~symmetric.documents.steps`) and checks each step with
:func:`symmetric.verify.check`. ``symmetric check FILE...`` is the command
line; see docs/documents.md.

>>> report = check_document(r'''
... $$
... \\begin{align*}
... \\frac{P R}{P + R} &= \\frac{1}{\\frac{1}{P} + \\frac{1}{R}} \\\\
...                    &\\ge \\frac{P + R}{2}
... \\end{align*}
... $$
... ''')
>>> [(s.line, s.status) for s in report.steps]
[(4, 'proven'), (5, 'refuted')]
>>> report.steps[1].counterexample
{'P': '1/2', 'R': '1/3'}
"""

from __future__ import annotations

import json
import time
from pathlib import Path

from .._validation import InvalidParameterError
from . import reader as _reader
from . import steps as _steps
from .names import ASSUMPTIONS, parse_symbol_option
from .report import STATUSES, DocumentReport, Note, Step
from .steps import DEFAULT_TIMEOUT

__all__ = [
    "ASSUMPTIONS",
    "DEFAULT_TIMEOUT",
    "MAX_TIMEOUT",
    "STATUSES",
    "DocumentReport",
    "Note",
    "Step",
    "annotate",
    "check_document",
    "check_documents",
    "parse_symbol_option",
]

_DOMAINS = ("unit", "positive")
#: The longest time a step's check may be given (seconds).
MAX_TIMEOUT = 3600


def _symbols_option(symbols, func: str) -> dict:
    if symbols is None:
        return {}
    if isinstance(symbols, str) or not hasattr(symbols, "items"):
        raise InvalidParameterError.of(
            "symbols", func, "a mapping from symbol name to assumption (e.g. {'t': 'real'})", symbols
        )
    out: dict = {}
    for name, assumption in symbols.items():
        out.update([parse_symbol_option(f"{name}:{assumption}", func=func, param="symbols")])
    return out


def check_documents(
    sources, *, symbols=None, domain: str = "unit", timeout: float = DEFAULT_TIMEOUT, _marks: list | None = None
) -> DocumentReport:
    """Check several documents together; see :func:`check_document`."""
    func = "check_document"
    symbols = _symbols_option(symbols, func)
    if domain not in _DOMAINS:
        raise InvalidParameterError.of("domain", func, "'unit' or 'positive'", domain)
    if isinstance(timeout, bool) or not (isinstance(timeout, (int, float)) and 0 < timeout <= MAX_TIMEOUT):
        raise InvalidParameterError.of("timeout", func, f"a positive number of seconds, at most {MAX_TIMEOUT}", timeout)
    checker = _steps.Checker(symbols=symbols, domain=domain, timeout=float(timeout))
    report = DocumentReport(domain=domain)
    start = time.perf_counter()
    for source in sources:
        if not isinstance(source, (str, Path)):
            raise InvalidParameterError.of("source", func, "a path or the text of a document", source)
        name, segments, fmt = _reader.read_document(source)
        steps, notes, marks = checker.check_segments(name, segments, fmt)
        report.files.append(name)
        report.steps += steps
        report.notes += notes
        if _marks is not None:
            _marks.append((name, segments, fmt, marks))
    from .names import describe

    report.symbols = {n: describe(s, domain=domain) for n, s in sorted(checker.used.items())}
    report.seconds = time.perf_counter() - start
    return report


def check_document(source, *, symbols=None, domain: str = "unit", timeout: float = DEFAULT_TIMEOUT) -> DocumentReport:
    """Check every step of the displayed mathematics of a document.

    Parameters
    ----------
    source : str or pathlib.Path
        A path (Markdown, Quarto, LaTeX ``.tex``, notebook ``.ipynb``, any text file) or the text itself.
    symbols : mapping, optional
        Symbol name -> assumption (a key of :data:`ASSUMPTIONS`, e.g. ``{"t": "real"}``) for names other
        than the project's; every other name is a positive real.
    domain : {"unit", "positive"}
        ``"unit"``: precision P and recall R lie in (0, 1], as in :func:`symmetric.verify.check`.
    timeout : float
        Seconds for each step's check.

    Returns
    -------
    DocumentReport
        Its ``steps`` carry ``line``, ``status``, ``counterexample`` and ``reason``; ``symbols`` lists every
        symbol with the domain it got; ``definitions`` the names the document defines.
    """
    return check_documents([source], symbols=symbols, domain=domain, timeout=timeout)


def _mark(steps, latex: bool) -> str:
    counts: dict[str, int] = {}
    for s in steps:
        counts[s.status] = counts.get(s.status, 0) + 1
    text = ", ".join(f"{n} {k}" for k, n in counts.items()) or "no step"
    details = [
        f"line {s.line} {s.status}"
        + (" at " + ", ".join(f"{k} = {v}" for k, v in s.counterexample.items()) if s.counterexample else "")
        for s in steps
        if s.status != "proven"
    ]
    body = "symmetric check: " + text + ("; " + "; ".join(details) if details else "")
    body = body.replace("--", "- -")
    return f"% {body}" if latex else f"<!-- {body} -->"


def annotate(sources, out, *, symbols=None, domain: str = "unit", timeout: float = DEFAULT_TIMEOUT) -> DocumentReport:
    """Check documents and write each back with a mark after every display (``--annotate OUT``).

    With one source, ``out`` is the file written; with several, a folder that receives each document under its
    own name.
    """
    marks: list = []
    report = check_documents(sources, symbols=symbols, domain=domain, timeout=timeout, _marks=marks)
    out = Path(out)
    for name, segments, fmt, found in marks:
        texts = {}
        for segment in segments:
            pieces, last = [], 0
            for seg, display, steps in found:
                if seg is not segment:
                    continue
                pieces.append(segment.text[last : display.end])
                pieces.append("\n" + _mark(steps, fmt == "latex"))
                last = display.end
            pieces.append(segment.text[last:])
            texts[id(segment)] = "".join(pieces)
        if fmt == "notebook":
            data = json.loads(Path(name).read_text(encoding="utf-8"))
            for segment in segments:
                data["cells"][segment.cell]["source"] = texts[id(segment)].splitlines(keepends=True)
            written = json.dumps(data, indent=1, ensure_ascii=False) + "\n"
        else:
            written = texts[id(segments[0])] if segments else ""
        target = out / Path(name).name if len(marks) > 1 else out
        target.write_text(written, encoding="utf-8")
    return report
