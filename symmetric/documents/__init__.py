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

from .._constraints import Interval, Predicate, declare
from ..verify.engine import OPTIONS as _ENGINE_OPTIONS
from . import names as _names, reader as _reader, steps as _steps
from .names import ASSUMPTIONS, parse_symbol_option
from .report import STATUSES, DocumentReport, Note, Step
from .steps import DEFAULT_TIMEOUT

__all__ = [
    "ASSUMPTIONS",
    "DEFAULT_TIMEOUT",
    "MAX_TIMEOUT",
    "OPTIONS",
    "STATUSES",
    "DocumentReport",
    "Note",
    "Step",
    "annotate",
    "check_document",
    "check_documents",
    "parse_symbol_option",
]

#: The longest time a step's check may be given (seconds).
MAX_TIMEOUT = 3600

#: What each option of :func:`check_document` may be (its declaration; ``symmetric check`` reads it too). The
#: domains are the engine's own (:data:`symmetric.verify.DOMAINS`), spelled once.
OPTIONS = {
    "symbols": Predicate(
        "a mapping from symbol name to assumption (one of " + ", ".join(ASSUMPTIONS) + "), e.g. {'t': 'real'}",
        _names.valid_symbols,
        invalid=("t:real", {"t": "complex"}, {"": "real"}),
    ),
    "domain": _ENGINE_OPTIONS["domain"],
    "timeout": Interval(
        float, 0, MAX_TIMEOUT, closed="right", allowed=f"a positive number of seconds, at most {MAX_TIMEOUT}"
    ),
}
_SOURCE = Predicate("an existing file or the text of a document", _reader.is_source, invalid=(1, None, "missing.md"))
_SOURCES = Predicate(
    "a list of existing files or texts of documents",
    lambda v: not isinstance(v, (str, bytes, Path)) and hasattr(v, "__iter__") and all(map(_reader.is_source, v)),
    invalid=("a.md", [1], None, ["missing.md"]),
)


def _check(sources, *, symbols, domain, timeout, marks=None) -> DocumentReport:
    symbols = dict(symbols or {})
    checker = _steps.Checker(symbols=symbols, domain=domain, timeout=float(timeout))
    report = DocumentReport(domain=domain)
    start = time.perf_counter()
    for source in sources:
        document = _reader.read_document(source)
        report.files.append(document.name)
        if document.problem is not None:
            report.problems[document.name] = document.problem
            continue
        steps, notes, found = checker.check_document(document)
        report.steps += steps
        report.notes += notes
        if not steps:
            defined = [n for n in notes if n.kind == "definition"]
            report.problems[document.name] = (
                "empty",
                "no step to check: its displays state no relation"
                + (f" (they define {len(defined)} name{'s' if len(defined) != 1 else ''})" if defined else ""),
            )
        if marks is not None:
            marks.append((document.name, document.segments, document.fmt, found))
    from .names import describe

    report.symbols = {n: describe(s, domain=domain) for n, s in sorted(checker.used.items())}
    unused = sorted(set(symbols) - set(checker.used))
    report.warnings += [f"--symbol {name}: the documents never use the name {name!r}" for name in unused]
    report.seconds = time.perf_counter() - start
    return report


@declare(sources=_SOURCES, **OPTIONS)
def check_documents(sources, *, symbols=None, domain: str = "unit", timeout: float = DEFAULT_TIMEOUT) -> DocumentReport:
    """Check several documents together; see :func:`check_document`.

    A file that offers no step to check is listed in the report's ``problems`` (see
    :class:`~symmetric.documents.report.DocumentReport`) rather than checked.
    """
    return _check(list(sources), symbols=symbols, domain=domain, timeout=timeout)


@declare(source=_SOURCE, **OPTIONS)
def check_document(source, *, symbols=None, domain: str = "unit", timeout: float = DEFAULT_TIMEOUT) -> DocumentReport:
    """Check every step of the displayed mathematics of a document.

    Parameters
    ----------
    source : str or pathlib.Path
        A path (Markdown, Quarto, LaTeX ``.tex``, notebook ``.ipynb``, any text file) or the text itself.
    symbols : mapping, optional
        Symbol name -> assumption (a key of :data:`ASSUMPTIONS`, e.g. ``{"t": "real"}``, ``{"tpr": "real"}``)
        for names other than the project's; every other name is a positive real.
    domain : {"unit", "positive"}
        ``"unit"``: precision P and recall R lie in (0, 1], as in :func:`symmetric.verify.check`.
    timeout : float
        Seconds for each step's check.

    Returns
    -------
    DocumentReport
        Its ``steps`` carry ``line``, ``status``, ``counterexample``, ``reason`` and ``reading``; ``symbols`` lists
        every symbol with the domain it got; ``definitions`` the names the document defines; ``problems`` says why
        a document offers no step to check.

    Examples
    --------
    A run of letters is one name when the document uses it as one, a product when its letters stand alone:

    >>> report = check_document("$$\\nAcc = \\\\frac{TP + TN}{TP + TN + FP + FN}\\n$$\\n$$\\n1 - Acc = \\\\frac{FP + FN}{TP + TN + FP + FN}\\n$$\\n")
    >>> [(s.status, s.reading["names"]) for s in report.steps]
    [('proven', ['Acc: a name of the field'])]

    A function applied without parentheses is read both ways; a step holding under one reading only is not
    decided:

    >>> step = check_document(r"$$ \\ln 2P = P \\ln 2 $$").steps[0]
    >>> step.status, step.reason.split(":")[0]
    ('unknown', 'depends on a reading the display does not fix')
    """
    return _check([source], symbols=symbols, domain=domain, timeout=timeout)


def _mark(steps, latex: bool) -> str:
    counts: dict[str, int] = {}
    for s in steps:
        counts[s.status] = counts.get(s.status, 0) + 1
    text = ", ".join(f"{n} {k}" for k, n in counts.items()) or "no step"
    details = [
        f"line {s.line}"
        + (f" (cell {s.cell}, line {s.cell_line})" if s.cell is not None else "")
        + f" {s.status}"
        + (" at " + ", ".join(f"{k} = {v}" for k, v in s.counterexample.items()) if s.counterexample else "")
        for s in steps
        if s.status != "proven"
    ]
    body = "symmetric check: " + text + ("; " + "; ".join(details) if details else "")
    body = body.replace("--", "- -")
    return f"% {body}" if latex else f"<!-- {body} -->"


@declare(**OPTIONS)
def annotate(sources, out, *, symbols=None, domain: str = "unit", timeout: float = DEFAULT_TIMEOUT) -> DocumentReport:
    """Check documents and write each back with a mark after every display (``--annotate OUT``).

    With one source, ``out`` is the file written; with several, a folder that receives each document under its
    own name. A notebook's marks go in the cells holding the displays (a step's cell and line in it are in the
    mark).
    """
    marks: list = []
    report = _check(list(sources), symbols=symbols, domain=domain, timeout=timeout, marks=marks)
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
