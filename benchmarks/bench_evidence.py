"""The engine's numeric evidence stage against a baseline tree: the same records, and the CPU it takes.

Run by hand from the top of a checkout::

    git archive main | tar -x -C /tmp/baseline
    python benchmarks/bench_evidence.py --baseline /tmp/baseline --rounds 2
    python benchmarks/bench_evidence.py --check-code

The statements are every built-in claim (as ``symmetric verify`` checks it,
on the unit domain) and every case of the soundness suite (``tests/soundness``,
as ``python -m tests.soundness`` hands it to ``check``: its sides, relation,
conditions and domain). Each tree runs in a fresh interpreter that imports
``symmetric`` (and ``tests.soundness``) from that tree, builds the
statements and their sample points (``sample_points`` with the engine's
defaults) and calls ``numeric_evidence`` on each, timing only that call in
CPU seconds (``time.process_time``). The records (``NumericEvidence``: dps,
the four counts, counterexample, values, notes; or the exception raised) are
then compared field by field. Rounds alternate baseline and this tree; quote
the ratio of CPU seconds within a round (the machine is shared).

``--check-code`` (this tree only) compiles every side of those statements,
and every limit body in them, with ``lambdify``'s own printer and with the
memo printer (:mod:`symmetric.verify.evidence.mpmath_printer`) and compares the code
generated (the numbers of SymPy's dummy symbols aside) and the names in its namespace.

The exit status is 1 when any record (or, with ``--check-code``, any code) differs.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent


def _statements(which: str):
    """``(label, Statement)`` for the built-in claims and/or the soundness cases, in a fixed order."""
    from symmetric.verify.engine import with_domain
    from symmetric.verify.core.statement import Statement

    out = []
    if which in ("all", "claims"):
        from symmetric.verify.claims.registry import definitions, load_proofs
        for d in definitions(load_proofs(builtin=True)):
            c = d.build()
            if c.lhs is None:  # a derivation that failed: nothing to check
                continue
            st = Statement.of(c.lhs, c.rhs, relation=c.relation, conditions=c.conditions)
            out.append(("claim " + d.id, with_domain(st, "unit")))
    if which in ("all", "soundness"):
        from tests.soundness import suite
        for case in suite.build():
            kw = case.call()
            domain = kw.pop("domain")
            out.append(("soundness " + case.id, with_domain(Statement.of(**kw), domain)))
    return out


def _record(evidence) -> dict:
    import sympy
    point = None if evidence.counterexample is None else \
        {sympy.srepr(k): sympy.srepr(v) for k, v in evidence.counterexample.items()}
    return {"dps": evidence.dps, "agree": evidence.agree, "disagree": evidence.disagree,
            "inconclusive": evidence.inconclusive, "undefined": evidence.undefined, "counterexample": point,
            "values": [repr(v) for v in evidence.values], "notes": list(evidence.notes)}


def dump(path: str, which: str) -> None:
    """Run the stage on every statement in this interpreter; write records and CPU seconds to ``path``."""
    from symmetric.verify.evidence.sample_points import sample_points
    from symmetric.verify.evidence.numeric import numeric_evidence

    rows = []
    for label, st in _statements(which):
        try:
            points = sample_points(st)
        except Exception as exc:  # the engine counts this as "numeric check failed"; same in both trees
            rows.append({"id": label, "cpu": 0.0, "record": {"points": f"{type(exc).__name__}: {exc}"}})
            continue
        start = time.process_time()
        try:
            record = _record(numeric_evidence(st, points))
        except Exception as exc:
            record = {"exception": f"{type(exc).__name__}: {exc}"}
        rows.append({"id": label, "cpu": time.process_time() - start, "record": record})
    with open(path, "w", encoding="utf-8") as f:
        json.dump(rows, f)


def check_code(which: str) -> int:
    """Compile every side (and every limit body in it) with lambdify's own printer and with the memo
    printer of this tree; print the sides whose generated code differs (dummy numbers aside)."""
    import inspect
    import re

    import sympy
    from symmetric.verify.evidence import high_precision as mpmath_evidence
    from symmetric.verify.evidence.mpmath_printer import lambdify_printer

    def code(func):  # the source, and the names the function sees (lambdify adds the printer's imports)
        return re.sub(r"Dummy_[0-9]+", "Dummy", inspect.getsource(func)), sorted(func.__globals__)

    def bodies(expr):
        expr = expr.replace(lambda e: isinstance(e, (sympy.Derivative, sympy.Subs)), lambda e: e.doit())
        limits = {}
        body = expr.replace(lambda e: isinstance(e, sympy.Limit), lambda e: limits.setdefault(e, sympy.Dummy("lim")))
        yield expr, body, sorted(expr.free_symbols, key=lambda s: s.name) + list(limits.values())
        for limit in limits:
            yield from bodies(limit.args[0])

    differ = compared = 0
    modules = [mpmath_evidence._MPMATH_EXTRAS, "mpmath"]
    for label, st in _statements(which):
        for side in (st.lhs, st.rhs):
            for expr, body, args in bodies(side):
                try:
                    plain = code(sympy.lambdify(args, body, modules=modules, docstring_limit=0))
                except Exception as exc:
                    plain = f"{type(exc).__name__}: {exc}"
                try:
                    memo = code(sympy.lambdify(args, body, modules=modules, docstring_limit=0,
                                               printer=lambdify_printer(body, mpmath_evidence._MPMATH_EXTRAS)))
                except Exception as exc:
                    memo = f"{type(exc).__name__}: {exc}"
                compared += 1
                if plain != memo:
                    differ += 1
                    print(f"{label}: {str(plain)[:300]} != {str(memo)[:300]}")
    print(f"{compared} compiled expressions, {differ} with different code")
    return int(differ > 0)


def _run(tree: Path, which: str, out: Path) -> list:
    """The rows :func:`dump` writes for ``tree``, from a fresh interpreter."""
    subprocess.run([sys.executable, __file__, "--dump", str(out), "--tree", str(tree), "--only", which],
                   check=True, cwd=str(tree))
    return json.loads(out.read_text())


def compare(base: list, mine: list) -> list:
    """The differences between two dumps, one line each."""
    diffs = []
    if [r["id"] for r in base] != [r["id"] for r in mine]:
        diffs.append("the statements differ (ids or order)")
    for a, b in zip(base, mine):
        for key in sorted(set(a["record"]) | set(b["record"])):
            if a["record"].get(key) != b["record"].get(key):
                diffs.append(f"{a['id']}: {key}: {a['record'].get(key)!r} != {b['record'].get(key)!r}")
    return diffs


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", type=Path, help="a folder holding the baseline tree (a git archive of main)")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--only", choices=("all", "claims", "soundness"), default="all")
    parser.add_argument("--check-code", action="store_true",
                        help="only compare the code lambdify generates with and without the memo printer (this tree)")
    parser.add_argument("--dump", metavar="JSON", help=argparse.SUPPRESS)
    parser.add_argument("--tree", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.dump:
        sys.path.insert(0, str(args.tree))
        import symmetric
        assert symmetric.__file__.startswith(str(args.tree)), symmetric.__file__
        dump(args.dump, args.only)
        return 0
    if args.check_code:
        sys.path.insert(0, str(HERE))  # this tree's symmetric and tests.soundness
        return check_code(args.only)
    if args.baseline is None:
        parser.error("--baseline is required")
    status = 0
    with tempfile.TemporaryDirectory() as tmp:
        for r in range(1, args.rounds + 1):
            base = _run(args.baseline.resolve(), args.only, Path(tmp) / "base.json")
            mine = _run(HERE, args.only, Path(tmp) / "mine.json")
            diffs = compare(base, mine)
            for line in diffs[:50]:
                print(line)
            status |= bool(diffs)
            print(f"round {r}: {len(base)} statements, {len(diffs)} differences")
            for group in ("claim", "soundness"):
                b = sum(x["cpu"] for x in base if x["id"].startswith(group + " "))
                m = sum(x["cpu"] for x in mine if x["id"].startswith(group + " "))
                if b:
                    print(f"  {group}: numeric_evidence CPU baseline {b:.2f} s, this tree {m:.2f} s, "
                          f"ratio {m / b:.2f}")
    return status


if __name__ == "__main__":
    sys.exit(main())
