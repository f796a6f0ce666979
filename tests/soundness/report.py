"""Figures of a run: per-class tables, totals, and the failures grouped by class.

>>> from .case import true, false
>>> from .run import Outcome
>>> from symmetric import P, R
>>> cases = [true("t", "9-means", P, P, why="same"), false("f", "9-means", P, R, witness={P: 1, R: 2}, why="no")]
>>> s = Summary.of(cases, {"t": Outcome("t", "proven"), "f": Outcome("f", "proven")})
>>> s.totals["false proof"], s.completeness
(1, 1.0)
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

import sympy

from .case import CLASSES, EDGE_CLASSES
from .run import JUDGEMENTS, judge

__all__ = ["Summary", "FAILURES", "SOUND", "failure", "format_report", "to_json", "known_failures_module", "details", "failure_kind", "TIMING"]

#: Judgements that are failures of soundness or robustness: each must be 0.
FAILURES = ("false proof", "exception", "wrong refutation", "outside the domain")

#: The judgements a sound engine may give, by truth of the statement.
SOUND = {True: ("proven", "unknown", "timeout"), False: ("refuted", "unknown", "timeout")}


def failure(case, judgement: str) -> str | None:
    """How the verdict judged ``judgement`` fails ``case`` (a judgement, or "missed"), or None if it does not.

    A true statement must not be refuted; a false one must not be proven and
    may be refuted only at a confirmed point of its domain; the misses of
    classes 7 and 8 must be refuted; nothing may raise.
    """
    if judgement not in SOUND[case.truth]:
        return judgement
    if not case.truth and case.must_refute and judgement != "refuted":
        return "missed"
    return None


@dataclass
class Summary:
    """Judgements of every case, and their counts per class and in total."""

    cases: list
    outcomes: dict
    judgements: dict = field(default_factory=dict)
    per_class: dict = field(default_factory=dict)
    totals: dict = field(default_factory=dict)

    @classmethod
    def of(cls, cases, outcomes) -> "Summary":
        s = cls(list(cases), dict(outcomes))
        for c in s.cases:
            s.judgements[c.id] = judge(c, s.outcomes[c.id])
        for key in CLASSES:
            s.per_class[key] = s._count([c for c in s.cases if c.klass == key])
        s.totals = s._count(s.cases)
        return s

    def _count(self, cases) -> dict:
        out = {j: 0 for j in JUDGEMENTS}
        out.update(cases=len(cases), true=0, false=0, must_refute=0, missed=0)
        for c in cases:
            j = self.judgements[c.id]
            out[j] += 1
            out["true" if c.truth else "false"] += 1
            if not c.truth and c.must_refute:
                out["must_refute"] += 1
                out["missed"] += j != "refuted"
        return out

    def proven_true(self, edge: bool) -> tuple[int, int]:
        true = [c for c in self.cases if c.truth and (c.klass in EDGE_CLASSES) == edge]
        return sum(self.judgements[c.id] == "proven" for c in true), len(true)

    @property
    def completeness(self) -> float:
        """Proven true cases over all true cases, outside the edge classes (:data:`.case.EDGE_CLASSES`)."""
        proven, true = self.proven_true(False)
        return proven / true if true else 1.0

    @property
    def edge_completeness(self) -> tuple[int, int]:
        """(proven, true) in the edge classes: reported, not held to the bar."""
        return self.proven_true(True)

    @property
    def refuted_fraction(self) -> float:
        return self.totals["refuted"] / self.totals["false"] if self.totals["false"] else 1.0

    def failing(self, judgement: str) -> list:
        return [c for c in self.cases if self.judgements[c.id] == judgement]

    def missed(self) -> list:
        """False cases that must be refuted and were not."""
        return [c for c in self.cases if not c.truth and c.must_refute and self.judgements[c.id] != "refuted"]

    def unproven(self) -> list:
        return [c for c in self.cases if c.truth and self.judgements[c.id] != "proven"]


def _pct(a, b) -> str:
    return f"{a}/{b} ({100 * a / b:.1f} %)" if b else "0/0"


def _table(summary: Summary) -> list[str]:
    head = (f"{'class':<20} {'cases':>5} {'false':>5} {'true':>5} {'false':>6} {'exc':>4} {'wrong':>6} "
            f"{'outside':>7} {'timeout':>7} {'proven':>13} {'refuted':>13} {'missed':>7}")
    sub = (f"{'':<20} {'':>5} {'':>5} {'':>5} {'proofs':>6} {'':>4} {'refut.':>6} {'domain':>7} {'':>7} "
           f"{'true':>13} {'false':>13} {'':>7}")
    lines = [head, sub, "-" * len(head)]
    rows = list(summary.per_class.items()) + [("TOTAL", summary.totals)]
    for key, n in rows:
        if key == "TOTAL":
            lines.append("-" * len(head))
        lines.append(
            f"{key:<20} {n['cases']:>5} {n['false']:>5} {n['true']:>5} {n['false proof']:>6} {n['exception']:>4} "
            f"{n['wrong refutation']:>6} {n['outside the domain']:>7} {n['timeout']:>7} "
            f"{n['proven']:>6}/{n['true']:<6} {n['refuted']:>6}/{n['false']:<6} "
            f"{n['missed']:>3}/{n['must_refute']:<3}")
    return lines


def _describe(summary: Summary, case) -> str:
    o = summary.outcomes[case.id]
    text = case.text()
    if len(text) > 160:
        text = text[:157] + "..."
    detail = o.method or o.error
    if o.status == "refuted":
        detail += " at " + ", ".join(f"{k} = {sympy.sstr(v)}" for k, v in
                                     sorted(o.counterexample.items(), key=lambda kv: str(kv[0])))
    if o.status in ("exception", "timeout"):
        detail = o.error
    return f"    {case.id}: {o.status} ({detail})\n        {text}"


def format_report(summary: Summary, *, header: str = "", verbose: bool = False) -> str:
    """The human-readable report: header, table, totals, failures by class."""
    t = summary.totals
    lines = [header] if header else []
    lines += _table(summary)
    lines += [
        "",
        f"false proofs:        {t['false proof']}   (must be 0)",
        f"exceptions:          {t['exception']}   (must be 0)",
        f"wrong refutations:   {t['wrong refutation']}   (must be 0)",
        f"outside the domain:  {t['outside the domain']}   (refutations with a counterexample off the domain; must be 0)",
        f"completeness:        {_pct(*summary.proven_true(False))} true statements proven outside the edge classes "
        "(must be >= 95 %)",
        f"edge classes:        {_pct(*summary.edge_completeness)} true statements proven (classes 19-23: reported only)",
        f"refuted false:       {_pct(t['refuted'], t['false'])} false statements refuted",
        f"missed:              {t['missed']}/{t['must_refute']} false statements that must be refuted (classes 7, 8)",
        f"timeouts:            {t['timeout']}",
    ]
    sections = [(j, summary.failing(j)) for j in FAILURES] + [("missed (must be refuted)", summary.missed())]
    if verbose:
        sections.append(("true statement not proven", summary.unproven()))
    for title, cases in sections:
        if not cases:
            continue
        lines += ["", f"== {title}: {len(cases)}"]
        for key in CLASSES:
            in_class = [c for c in cases if c.klass == key]
            if in_class:
                lines.append(f"  -- {key} ({len(in_class)})")
                lines += [_describe(summary, c) for c in in_class]
    return "\n".join(lines)


def to_json(summary: Summary, **extra) -> str:
    """Every case with its verdict and judgement, and the totals, as JSON."""
    rows = []
    for c in summary.cases:
        o = summary.outcomes[c.id]
        rows.append({
            "id": c.id, "class": c.klass, "truth": c.truth, "domain": c.domain,
            "needs_domain_keyword": c.needs_domain_keyword, "must_refute": c.must_refute,
            "statement": c.text(), "status": o.status, "method": o.method, "certificate": o.certificate or None, "seconds": round(o.seconds, 3), "cpu": round(o.cpu, 3), "budget": round(o.budget, 1),
            "counterexample": {str(k): sympy.sstr(v) for k, v in o.counterexample.items()},
            "error": o.error, "judgement": summary.judgements[c.id],
        })
    return json.dumps({**extra, "totals": summary.totals, "completeness": summary.completeness,
                       "per_class": summary.per_class, "cases": rows}, indent=1)


#: The prefix of a known failure that did not happen in every run (its xfail is not strict).
TIMING = "timing-dependent "
_ELSEWHERE = " in another run"


def failure_kind(entry: str) -> str:
    """The failure (a judgement or "missed") an entry of the known-failures list names.

    >>> failure_kind("timing-dependent false proof in another run"), failure_kind("exception: ValueError")
    ('false proof', 'exception')
    """
    return entry.removeprefix(TIMING).split(":")[0].removesuffix(_ELSEWHERE)


def details(summary: Summary) -> dict:
    """``{case id: (judgement, method or error)}`` of a run, the input of :func:`known_failures_module`."""
    out = {}
    for c in summary.cases:
        o = summary.outcomes[c.id]
        out[c.id] = (summary.judgements[c.id], o.error if o.status in ("exception", "timeout") else o.method)
    return out


#: Why the engine cannot yet refute the misses it leaves "unknown", by id prefix (for known_failures.py).
MISS_REASONS = (
    ("perturbation.", "a relative difference of 1e-50 or less between irrational sides: at the numeric "
                      "phase's 50 digits they compare equal, and nothing raises the precision"),
    ("irrational.beta_cube_root", "false only at beta = 2**(1/3): the sampler solves coefficients of degree <= 2"),
    ("region.phi_near_0", "false only for 0 < |phi| < 1e-6, where no sample point lands"),
    ("grid.", "false only off a fine grid of rationals: sin(21e6*pi*rho) vanishes at every sampled rho"),
)


def _miss_reason(case_id: str) -> str:
    return next((f"; {why}" for prefix, why in MISS_REASONS if case_id.startswith(prefix)), "")


def known_failures_module(cases, run: dict, *, other_runs=(), note: str = "") -> str:
    """The source of ``known_failures.py``: one xfail per case that fails in ``run``.

    ``run`` is ``{case id: (judgement, method or error)}`` (:func:`details`,
    or the ``--json`` output); ``other_runs`` are ``{case id: judgement}`` of
    other runs of the same suite: a case that did not fail the same way in
    all of them is marked timing-dependent (its xfail is not strict), and so
    is one that failed only in another run.
    """
    lines = [
        '"""The statements the engine gets wrong or cannot decide: xfails of ``test_suite.py``, one per statement.',
        "",
        "Each entry maps a case id to how the engine fails it (``false proof``, ``exception``,",
        "``wrong refutation``, ``outside the domain``: soundness failures, which must never be listed;",
        "``missed``: a false statement left unknown where it must be refuted) and the engine's method or error.",
        f"Entries that start with {TIMING.strip()!r} did not fail the same way in every run (the engine's",
        "budget is wall-clock time and the machine is shared): their xfail is not strict; all others are.",
        "The aggregate tests are expected to fail while a selected statement is listed with their kind",
        "of failure; ``aggregate.completeness`` marks the completeness figure.",
        "",
        "When the engine is fixed, empty this dict: every test must then pass. Regenerate it from full runs:",
        "``python -m tests.soundness --json run.json --known-failures tests/soundness/known_failures.py``",
        "``--runs other.json ...`` (or ``--from-json run.json`` instead of running the engine again).",
    ]
    if note:
        lines += ["", note]
    lines += ['"""', "", "ENGINE_FAILS_TODAY: dict[str, str] = {"]
    for key in CLASSES:
        rows = []
        for c in cases:
            if c.klass != key:
                continue
            judgement, detail = run[c.id]
            now = failure(c, judgement)
            before = [failure(c, other[c.id]) for other in other_runs if c.id in other]
            found = [f for f in [now, *before] if f is not None]
            if not found:
                continue
            detail = " ".join(detail.split())
            text = f"{found[0]}: {detail}" if now is not None else f"{found[0]}{_ELSEWHERE}"
            text = text[:110] + (_miss_reason(c.id) if found[0] == "missed" else "")
            if any(f != now for f in before):
                text = TIMING + text
            rows.append(f"    {c.id!r}: {text!r},")
        if rows:
            lines.append(f"    # {key}: {CLASSES[key]} ({len(rows)})")
            lines += rows
    true_cases = [c for c in cases if c.truth]
    proven = sum(run[c.id][0] == "proven" for c in true_cases)
    if true_cases and proven < 0.95 * len(true_cases):
        text = f"completeness {proven}/{len(true_cases)} ({100 * proven / len(true_cases):.1f} %)"
        lines.append(f"    'aggregate.completeness': {text!r},")
    lines.append("}")
    return "\n".join(lines) + "\n"
