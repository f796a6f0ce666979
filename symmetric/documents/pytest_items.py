"""The documents named by ``symmetric_documents`` as pytest items: one item per checked step.

A step's item fails when the step is refuted, showing the step, its
counterexample and its line; an unknown or unparsed step is skipped with its
reason. The plugin (:mod:`symmetric.pytest_plugin`) collects the files.
"""

from __future__ import annotations

import pytest

__all__ = ["DocumentFile", "StepFailed", "StepItem"]


class StepFailed(AssertionError):
    """A step of a document is refuted."""


class DocumentFile(pytest.File):
    """A Markdown, LaTeX or notebook document: one item per step of its display math."""

    def collect(self):
        from . import check_document

        report = check_document(self.path)
        seen: dict = {}
        for step in report.steps:
            name = f"line {step.line}"
            seen[name] = seen.get(name, 0) + 1
            if seen[name] > 1:
                name += f" ({seen[name]})"
            yield StepItem.from_parent(self, name=name, step=step)


class StepItem(pytest.Item):
    """One step; it fails when the step is refuted."""

    def __init__(self, *, step, **kwargs) -> None:
        super().__init__(**kwargs)
        self.step = step

    def runtest(self):
        if self.step.status == "refuted":
            raise StepFailed(self.step.text())
        if self.step.status in ("unknown", "unparsed"):
            pytest.skip(f"{self.step.status}: {self.step.reason}")

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, StepFailed):
            return str(excinfo.value)
        return super().repr_failure(excinfo, style=style)

    def reportinfo(self):
        return self.path, self.step.line - 1, f"{self.path.name}:{self.step.line}"
