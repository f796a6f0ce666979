"""symmetric.verify.Verdict: how a verdict displays (text, IPython, Markdown)."""

import pytest

from symmetric import P, R
from symmetric.verify import check


def _ipython_text(obj) -> str:
    from IPython.lib.pretty import pretty

    return pretty(obj)


def test_verdict_displays_as_one_line():
    pytest.importorskip("IPython")
    v = check(P * R, R * P)
    assert _ipython_text(v) == str(v) and "\n" not in str(v) and "Verdict(" not in _ipython_text(v)
    refuted = check(P, R)
    assert refuted._repr_markdown_().startswith("**refuted**") and "fails at $P = " in refuted._repr_markdown_()
