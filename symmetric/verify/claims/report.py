"""Print derivations for the terminal and write them as Markdown with LaTeX.

The functions read claims, results and proofs by their attributes and import
none of them, so that :mod:`symmetric.verify.claims` can use this module.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

import sympy

__all__ = [
    "print_result",
    "markdown_report",
    "domain_text",
    "failure_text",
    "junit_xml",
    "plain",
    "printing_once",
    "step_data",
    "step_line",
]

# The memos of the printing blocks entered (innermost last): id(expr) -> (expr, its text).
_PRINTED: list[dict] = []


@contextlib.contextmanager
def printing_once() -> Iterator[None]:
    """Within the block, :func:`plain` prints each expression object once and remembers its text.

    A result prints the same objects several times (a step's expression, the
    check that ends in it, the statement's sides); SymPy's printer sorts the
    terms of every sum each time. The memo is keyed on the object itself (held
    while the block lasts), never on equality: two equal expressions may print
    differently (Floats of different precisions).
    """
    _PRINTED.append({})
    try:
        yield
    finally:
        _PRINTED.pop()


def plain(expr) -> str:
    """``expr`` in SymPy's string form (``sympy.sstr``); a list or tuple as ``[a, b]``.

    >>> from symmetric import P, R
    >>> plain([P + R, 2 * P])
    '[P + R, 2*P]'
    """
    if isinstance(expr, (list, tuple)):
        return "[" + ", ".join(plain(e) for e in expr) + "]"
    if not _PRINTED:
        return sympy.sstr(expr)
    memo = _PRINTED[-1]
    known = memo.get(id(expr))
    if known is None or known[0] is not expr:
        known = memo[id(expr)] = (expr, sympy.sstr(expr))
    return known[1]


_plain = plain


def _latex(expr) -> str:
    if isinstance(expr, (list, tuple)):
        return r"\left[" + ",\\ ".join(_latex(e) for e in expr) + r"\right]"
    if isinstance(expr, dict):
        return ",\\ ".join(f"{_latex(k)} = {_latex(v)}" for k, v in expr.items())
    return sympy.latex(expr)


def _verdict(result) -> str:
    """The verdict and the method that reached it ("refuted by numeric counterexample"); an error is just "error"."""
    if result.status == "error" or not result.method or result.method == result.status:
        return result.status
    return f"{result.status} by {result.method}"


def domain_text(result) -> str:
    """The variables with their assumptions, and the conditions, in words."""
    st = result.statement
    if st is None:
        return ""
    parts = [f"${sympy.latex(sympy.Symbol(name))}$ {kind}" for name, kind in result.variables.items()]
    text = ", ".join(parts) if parts else "no free variables"
    if st.conditions:
        text += "; " + ", ".join(f"${sympy.latex(c)}$" for c in st.conditions)
    return text


def _step_verdict(result, index: int):
    verdicts = getattr(result, "step_verdicts", ()) or ()
    return verdicts[index] if index < len(verdicts) else None


def _step_status(result, index: int) -> str:
    status = getattr(result, "step_status", None)
    return status(index) if status is not None else "given"


def step_data(result, index: int) -> dict:
    """Step ``index`` (from 0) of a claim's derivation as JSON-ready data, with its status and counterexample.

    ``status`` is the verdict of a checked step (``"proven"``, ``"refuted"``,
    ``"unknown"``), ``"trusted"`` for an operation or a citation (``trusts``
    says what it relies on), ``"given"`` for a definition and ``"note"`` for
    a sentence without an expression.
    """
    step = result.claim.steps[index]
    v = _step_verdict(result, index)
    data = {
        "position": index + 1,
        **step.to_dict(),
        "status": _step_status(result, index),
        "checked": [f"{_plain(a)} {r} {_plain(b)}" for a, r, b in step.checks],
        "counterexample": (
            {str(k): plain(x) for k, x in v.counterexample.items()} if v is not None and v.refuted else None
        ),
        "method": v.method if v is not None else None,
    }
    return data


def step_line(result, index: int) -> str:
    """``step 3 of 5 ("Simplify"): refuted; counterexample P = 1/2`` for a failure message."""
    step = result.claim.steps[index]
    v = _step_verdict(result, index)
    text = f"step {index + 1} of {len(result.claim.steps)} ({step.text!r}): {_step_status(result, index)}"
    if v is not None:
        text += f" by {v.method}"
        for a, r, b in step.checks[:1]:
            text += f"; checked {_plain(a)} {r} {_plain(b)}"
        if v.refuted:
            text += f"; counterexample {v.counterexample_text() or '(no free variables)'}"
    return text


def _source(claim, space: str = " ") -> str:
    """Where a claim comes from, as a tag after its id (``[seed 002]``); none for a claim stated here ("new")."""
    return "" if claim.source == "new" else f"{space}[{claim.source}]"


def print_result(result, file=None) -> None:
    """Print one claim's derivation (each checked step with its verdict), statement and verdict."""
    c = result.claim
    out = [f"## {c.id}{_source(c, '  ')}", f"{c.sentence}"]
    for i, step in enumerate(result.steps):
        mark = f"[{_step_status(result, i)}] " if step.checked else ""
        out.append(f"  - {mark}{step.text}")
        if step.expr is not None:
            out.append("        " + _plain(step.expr).replace("\n", "\n        "))
    if result.statement is not None:
        out.append(f"  claim: {result.statement}")
    verdict = result.verdict
    line = f"  verdict: {result.status} (expected {c.expected})" + (
        f" by {result.method}" if _verdict(result) != result.status else ""
    )
    if verdict is not None and verdict.refuted:
        line += f"; counterexample {verdict.counterexample_text() or '(no free variables)'}"
        if verdict.detail:
            line += f": {verdict.detail}"
    out.append(line)
    failed = getattr(result, "failed_step", None)
    if failed is not None:
        out.append("  wrong " + step_line(result, failed[0] - 1))
    if result.error:
        out.append("  error: " + result.error.strip().replace("\n", "\n    "))
    print("\n".join(out) + "\n", file=file)


def proof_step_data(step) -> dict:
    """One step of the engine's proof (``Verdict.steps``): its strategy, statement and what it trusts."""
    trusts = getattr(step, "trusts", ())
    statement = getattr(step, "statement", "")
    return {
        "strategy": str(getattr(step, "strategy", step)),
        "statement": statement if isinstance(statement, str) else plain(statement),
        "trusts": [str(t) for t in trusts] if isinstance(trusts, (list, tuple, set, frozenset)) else [str(trusts)],
    }


def _proof_steps_markdown(result) -> list[str]:
    steps = [proof_step_data(s) for s in getattr(result.verdict, "steps", ()) or ()]
    lines = [
        f"- {s['strategy']}: `{s['statement']}`" + (f" (trusts {', '.join(s['trusts'])})" if s["trusts"] else "")
        for s in steps
    ]
    return ["Proof steps:", "", *lines, ""] if lines else []


def failure_text(result) -> str:
    """Why a claim missed its expected verdict: its sentence, statement, verdict and counterexample."""
    c = result.claim
    lines = [f"claim {c.id}{_source(c)}: {c.sentence}"]
    statement = result.statement
    lines.append(f"  statement: {statement}" if statement is not None else "  statement: none (the derivation failed)")
    lines.append(f"  verdict: {_verdict(result)}, expected {c.expected}")
    failed = getattr(result, "failed_step", None)
    if failed is not None:
        lines.append("  wrong " + step_line(result, failed[0] - 1))
    for i, v in enumerate(getattr(result, "step_verdicts", ()) or ()):
        if v is not None and v.status == "unknown":
            lines.append("  undecided " + step_line(result, i))
    verdict = result.verdict
    if failed is not None and verdict is not None:
        lines.append(f"  the statement itself: {verdict.status} by {verdict.method}")
    elif verdict is not None and verdict.refuted:
        lines.append(f"  counterexample: {verdict.counterexample_text() or '(no free variables)'}")
    if failed is None and verdict is not None and verdict.detail:
        lines.append(f"  {verdict.detail}")
    if result.error:
        lines.append("  error: " + result.error.strip().replace("\n", "\n    "))
    return "\n".join(lines)


def _step_markdown(result, index: int) -> str:
    step = result.claim.steps[index]
    status = _step_status(result, index)
    if step.checked:
        relation = f" (`{step.relation}` the previous step)" if step.kind == "rewrite" else ""
        head = f"- {index + 1}. {step.text}{relation}: **{status}**"
        v = _step_verdict(result, index)
        if v is not None:
            head += f" by {v.method}"
            if v.refuted:
                head += f"; counterexample {v.counterexample_text() or '(no free variables)'}"
    elif step.kind == "note":
        head = f"- {index + 1}. {step.text}"
    else:
        head = f"- {index + 1}. {step.text}: {status}" + (f" (trusts {step.trusts})" if step.trusts else "")
    if step.expr is None:
        return head
    return f"{head}\n\n  $$ {_latex(step.expr)} $$"


def _script(proof) -> str:
    """Where a proof was defined: its file relative to the working directory when inside it."""
    origin = Path(proof.origin)
    if origin.suffix != ".py":
        return proof.origin
    try:
        return origin.resolve().relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return origin.as_posix()


def markdown_report(proofs, results: dict, *, command: str = "symmetric verify --report docs/derivations.md") -> str:
    """Every claim with statement, assumptions, verdict and derivation, as Markdown.

    ``results`` maps claim ids to results; ``command`` is the command that
    wrote the report, named in its header.
    """
    lines = [
        "# Derivations",
        "",
        f"Generated by `{command}`; do not edit by hand.",
        "Each claim is derived by the proof script named in its section and checked by the",
        "verification engine: *proven* means an exact symbolic argument (named below) succeeded",
        "and high-precision numerics agree; *refuted* comes with a counterexample confirmed",
        "at high precision.",
        "",
    ]
    total = sum(len(p.claims) for p in proofs)
    ok = sum(1 for p in proofs for c in p.claims if results[c.id].ok)
    lines += [f"{ok} of {total} claims have their expected verdict.", ""]
    for proof in proofs:
        lines += [f"## {proof.title}", "", f"Script: `{_script(proof)}`. Source: {proof.source}.", ""]
        if proof.summary:
            lines += [proof.summary, ""]
        for claim in proof.claims:
            r = results[claim.id]
            lines += [f"### `{claim.id}`", "", claim.sentence, ""]
            lines += [
                f"- Source: {claim.source}",
                f"- Variables: {domain_text(r)}",
                f"- Expected: {claim.expected}; verdict: **{r.status}**"
                + (f" by {r.method}" if _verdict(r) != r.status else ""),
            ]
            if r.verdict is not None and r.verdict.refuted:
                lines.append(
                    f"- Counterexample: {r.verdict.counterexample_text() or 'none needed (no free variables)'}"
                    + (f"; {r.verdict.detail}" if r.verdict.detail else "")
                )
            lines.append("")
            if r.steps:
                lines += ["Derivation:", ""] + [_step_markdown(r, i) for i in range(len(r.steps))] + [""]
            if r.statement is not None:
                lines += ["Checked statement:", "", f"$$ {r.statement.latex()} $$", ""]
            lines += _proof_steps_markdown(r)
    return "\n".join(lines).rstrip() + "\n"


def junit_xml(results, *, name: str = "symmetric verify", seconds: float | None = None) -> str:
    """The results as JUnit XML, which CI systems display: one test case per claim.

    A claim that missed its expected verdict is a ``<failure>``; one whose
    derivation or check raised is an ``<error>``. Each case's class name is
    the claim's proof and its file the proof's script.
    """
    from xml.etree import ElementTree as ET

    results = list(results)
    total = sum(r.seconds for r in results) if seconds is None else seconds
    errors = sum(1 for r in results if r.status == "error")
    failures = sum(1 for r in results if not r.ok and r.status != "error")
    counts = {
        "tests": str(len(results)),
        "failures": str(failures),
        "errors": str(errors),
        "skipped": "0",
        "time": f"{total:.3f}",
    }
    suites = ET.Element("testsuites", {"name": name, **counts})
    suite = ET.SubElement(suites, "testsuite", {"name": name, **counts})
    for r in results:
        c = r.claim
        case = ET.SubElement(
            suite,
            "testcase",
            {"classname": c.proof or "claims", "name": c.id, "time": f"{r.seconds:.3f}", "file": c.origin},
        )
        if not r.ok:
            tag = "error" if r.status == "error" else "failure"
            message = f"{c.id}: {_verdict(r)}, expected {c.expected}"
            failed = getattr(r, "failed_step", None)
            if failed is not None:
                message += "; wrong " + step_line(r, failed[0] - 1)
            elif r.counterexample_text:
                message += f"; counterexample {r.counterexample_text}"
            ET.SubElement(
                case, tag, {"message": message, "type": "unexpected verdict" if tag == "failure" else "error"}
            ).text = failure_text(r)
    ET.indent(suites)
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(suites, encoding="unicode") + "\n"
