"""The report of ``symmetric check``: steps with their verdicts, definitions, symbols; text, JSON, JUnit XML.

This module holds data and its rendering only; reading and checking are in
:mod:`symmetric.documents.steps`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from xml.etree import ElementTree as ET

__all__ = ["STATUSES", "DocumentReport", "Note", "Step"]

#: The verdicts of a step.
STATUSES = ("proven", "refuted", "unknown", "unparsed")
_SHOWN = 70


def _short(text: str, width: int = _SHOWN) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 3] + "..."


@dataclass
class Step:
    """One checked step of a document.

    Attributes
    ----------
    file : str
        The file (``"<text>"`` for text given directly).
    line : int
        1-based line of the step's relation sign in the file.
    lhs, rhs : str
        The two sides as written (LaTeX).
    relation : str
        ``"=="``, ``"<="``, ``">="``, ``"<"``, ``">"``, or the sign as written when it is outside the subset.
    status : {"proven", "refuted", "unknown", "unparsed"}
    counterexample : dict or None
        Symbol name -> exact value (as text) where the step fails; None unless refuted.
    reason : str
        Why: the method that proved it, the failure, the reading that leaves it open, or what could not be read
        and where.
    kind : str
        ``"chain"`` (a continued relation), ``"sequence"`` (an equation that must follow from the one before),
        ``"premise"`` (the first equation of a sequence), ``"display"`` (a display that could not be read).
    read : tuple of str
        The two sides as SymPy read them (empty when unparsed).
    seconds : float
    cell, cell_line : int or None
        In a notebook: the index of the Markdown cell and the 1-based line inside it.
    reading : dict
        What the step was read with: ``names`` (runs of letters read as one name, and why), ``products`` (runs
        read as a product where a name was possible), ``named values`` (functions applied, set sizes, norms),
        ``values`` and ``conditions`` (from the document, with where they are stated), ``readings`` (the
        readings left open and how each fared).
    """

    file: str
    line: int
    lhs: str
    rhs: str
    relation: str
    status: str
    counterexample: dict | None = None
    reason: str = ""
    kind: str = "chain"
    read: tuple = ()
    seconds: float = 0.0
    cell: int | None = None
    cell_line: int | None = None
    reading: dict = field(default_factory=dict)

    @property
    def location(self) -> str:
        """``file:line``, with the cell and the line inside it for a notebook."""
        where = f"{self.file}:{self.line}"
        if self.cell is not None:
            where += f" (cell {self.cell}" + (f", line {self.cell_line}" if self.cell_line is not None else "") + ")"
        return where

    def as_dict(self, *, with_file: bool = False) -> dict:
        out = {
            "line": self.line,
            "status": self.status,
            "counterexample": self.counterexample,
            "reason": self.reason,
            "reading": dict(self.reading),
            "lhs": self.lhs,
            "rhs": self.rhs,
            "relation": self.relation,
            "kind": self.kind,
            "read": list(self.read),
            "seconds": round(self.seconds, 3),
        }
        if self.cell is not None:
            out["cell"] = self.cell
            out["cell_line"] = self.cell_line
        if with_file:
            out = {"file": self.file, **out}
        return out

    def text(self) -> str:
        """One line: ``file:line: lhs = rhs: verdict (counterexample)``."""
        sign = {"==": "=", "<=": "<=", ">=": ">="}.get(self.relation, self.relation)
        what = f"{_short(self.lhs)} {sign} {_short(self.rhs)}" if self.lhs or self.rhs else "display"
        out = f"{self.location}: {what}: {self.status}"
        if self.counterexample:
            out += " at " + ", ".join(f"{k} = {v}" for k, v in self.counterexample.items())
        if self.reason and self.status != "proven":
            out += f" ({self.reason})"
        return out


@dataclass
class Note:
    """A display row that is not a step: a definition or a condition stated as an equation."""

    file: str
    line: int
    kind: str  # "definition", "condition"
    name: str
    value: str
    implicit: bool = False

    def as_dict(self) -> dict:
        return {
            "file": self.file,
            "line": self.line,
            "kind": self.kind,
            "name": self.name,
            "value": self.value,
            "implicit": self.implicit,
        }


@dataclass
class DocumentReport:
    """What ``symmetric check`` found in one or more documents.

    Attributes
    ----------
    files : list of str
    steps : list of Step
    notes : list of Note
        The definitions (and conditions stated as equations) the documents make.
    symbols : dict
        Every symbol used, by name, with the domain it got.
    domain : str
    seconds : float
    problems : dict
        File -> ``(kind, reason)`` for a file that offers no step to check: kind ``"empty"`` (an empty file, no
        display math, displays that define but state no relation) or ``"error"`` (cannot be read, binary, an
        unclosed display, a notebook that is not valid JSON).
    warnings : list of str
        What the reader should know: a ``--symbol`` name the documents never use.
    """

    files: list = field(default_factory=list)
    steps: list = field(default_factory=list)
    notes: list = field(default_factory=list)
    symbols: dict = field(default_factory=dict)
    domain: str = "unit"
    seconds: float = 0.0
    problems: dict = field(default_factory=dict)
    warnings: list = field(default_factory=list)

    @property
    def definitions(self) -> list:
        return [n for n in self.notes if n.kind == "definition"]

    def counts(self) -> dict:
        out = {s: 0 for s in STATUSES}
        for s in self.steps:
            out[s.status] += 1
        return out

    @property
    def ok(self) -> bool:
        """No step refuted."""
        return not any(s.status == "refuted" for s in self.steps)

    def exit_status(self, *, strict: bool = False, allow_empty: bool = False) -> int:
        """0 when nothing fails, 1 when a step is refuted (with ``strict`` also unknown or unparsed), 2 when a file
        offers no step to check (an empty one is allowed with ``allow_empty``) or cannot be read."""
        if any(kind == "error" or not allow_empty for kind, _ in self.problems.values()):
            return 2
        bad = ("refuted", "unknown", "unparsed") if strict else ("refuted",)
        return 1 if any(s.status in bad for s in self.steps) else 0

    def summary(self) -> str:
        c = self.counts()
        return (
            f"{len(self.steps)} steps: {c['proven']} proven, {c['refuted']} refuted, {c['unknown']} unknown, "
            f"{c['unparsed']} unparsed; {len(self.definitions)} definitions "
            f"({self.seconds:.1f} s)"
        )

    def text(self) -> str:
        """The report for a terminal: one line per step, the definitions, the symbols and the summary."""
        lines = [s.text() for s in self.steps]
        for n in self.notes:
            lines.append(
                f"{n.file}:{n.line}: {n.kind} {n.name}"
                + (" (implicit)" if n.implicit else "")
                + f" = {_short(n.value, 240)}"
            )
        if self.symbols:
            lines.append("symbols: " + "; ".join(f"{k} {v}" for k, v in self.symbols.items()))
        lines.append(self.summary())
        return "\n".join(lines)

    def as_dict(self) -> dict:
        several = len(self.files) > 1
        return {
            "files": list(self.files),
            "domain": self.domain,
            "summary": self.counts(),
            "steps": [s.as_dict(with_file=several) for s in self.steps],
            "definitions": [n.as_dict() for n in self.notes if n.kind == "definition"],
            "conditions": [n.as_dict() for n in self.notes if n.kind == "condition"],
            "values": [n.as_dict() for n in self.notes if n.kind == "value"],
            "problems": {name: {"kind": kind, "reason": reason} for name, (kind, reason) in self.problems.items()},
            "warnings": list(self.warnings),
            "symbols": dict(self.symbols),
            "seconds": round(self.seconds, 3),
        }

    def junit(self) -> str:
        """The steps as JUnit XML: one test case per step, a failure for a refuted step."""
        suites = ET.Element("testsuites", name="symmetric check")
        for name in self.files:
            steps = [s for s in self.steps if s.file == name]
            suite = ET.SubElement(
                suites,
                "testsuite",
                name=name,
                tests=str(len(steps)),
                failures=str(sum(s.status == "refuted" for s in steps)),
                skipped=str(sum(s.status in ("unknown", "unparsed") for s in steps)),
            )
            for s in steps:
                where = f"line {s.line}" + (f" (cell {s.cell}, line {s.cell_line})" if s.cell is not None else "")
                case = ET.SubElement(
                    suite,
                    "testcase",
                    classname=name,
                    name=f"{where}: {_short(s.lhs, 40)}",
                    time=f"{s.seconds:.3f}",
                )
                case.set("file", name)
                case.set("line", str(s.line))
                if s.status == "refuted":
                    ET.SubElement(case, "failure", message=s.text()).text = s.text()
                elif s.status in ("unknown", "unparsed"):
                    ET.SubElement(case, "skipped", message=f"{s.status}: {s.reason}")
            if name in self.problems:
                kind, reason = self.problems[name]
                case = ET.SubElement(suite, "testcase", classname=name, name="no step to check", time="0.000")
                ET.SubElement(case, "error" if kind == "error" else "failure", message=reason).text = reason
        return ET.tostring(suites, encoding="unicode")
