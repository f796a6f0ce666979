"""The engine's sample points: the same lists as a reference revision, and their CPU cost.

Run by hand from the top of a source checkout::

    python benchmarks/bench_points.py                       # compare with main's domain.py
    python benchmarks/bench_points.py --ref HEAD~3          # ... or with another revision
    python benchmarks/bench_points.py --time --repeat 3     # CPU seconds, reference vs this tree

The statements are those ``symmetric verify`` checks (every built-in claim,
with the ``"unit"`` domain's conditions, as :func:`symmetric.verify.check`
adds them) and those ``python -m tests.soundness`` checks (every case of the
soundness suite, on its own domain). For each one, ``sample_points`` of the
reference revision's ``symmetric/verify/evidence/sample_points.py`` (read with ``git show``
and loaded next to this tree's modules) and of this tree must give the same
list: the same points in the same order, each the same symbols in the same
order with structurally equal values of the same type; an exception must be
the same type with the same message. The script prints every difference
and exits with status 1 when there is one.

``--time`` measures the CPU seconds (``time.process_time``) of
``sample_points`` over all the statements, each implementation in its own
fresh process (no shared memo, no shared SymPy cache beyond what building
the statements leaves), alternating reference and this tree ``--repeat``
times: quote the ratio of the medians, the machine is shared.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

import sympy  # noqa: E402

from symmetric.verify.evidence import sample_points as domain  # noqa: E402
from symmetric.verify.engine import with_domain  # noqa: E402
from symmetric.verify.core.statement import Statement  # noqa: E402


def reference_module(rev: str):
    """``symmetric/verify/evidence/sample_points.py`` at ``rev``, loaded as a sibling module of this tree's ``domain``."""
    source = subprocess.run(["git", "show", f"{rev}:symmetric/verify/evidence/sample_points.py"], cwd=ROOT, check=True,
                            capture_output=True, text=True).stdout
    name = "symmetric.verify._domain_reference"
    spec = importlib.util.spec_from_loader(name, loader=None)
    module = importlib.util.module_from_spec(spec)
    module.__package__ = "symmetric.verify"
    module.__file__ = f"<{rev}:symmetric/verify/evidence/sample_points.py>"
    sys.modules[name] = module
    exec(compile(source, module.__file__, "exec"), module.__dict__)  # noqa: S102 - our own repository's code
    return module


def claim_statements() -> list:
    """``(id, statement)`` for every built-in claim, as ``check`` sees it (the unit domain's conditions added)."""
    from symmetric.verify.claims.registry import definitions, load_proofs

    out = []
    for d in definitions(load_proofs(builtin=True)):
        claim = d.build()
        if claim.lhs is None:
            continue
        st = Statement.of(claim.lhs, claim.rhs, relation=claim.relation, conditions=claim.conditions)
        out.append((f"claim {d.id}", with_domain(st, "unit")))
    return out


def soundness_statements() -> list:
    """``(id, statement)`` for every case of the soundness suite, on the case's own domain."""
    from tests.soundness import suite

    out = []
    for case in suite.build():
        kwargs = case.call()
        st = Statement.of(kwargs["lhs"], kwargs["rhs"], relation=kwargs["relation"], conditions=kwargs["conditions"])
        out.append((f"soundness {case.id}", with_domain(st, kwargs["domain"])))
    return out


def statements(which: str) -> list:
    out = []
    if which in ("all", "claims"):
        out += claim_statements()
    if which in ("all", "soundness"):
        out += soundness_statements()
    return out


def points_of(module, statement, n, seed):
    """The points as ``("ok", list)`` or the failure as ``("error", type name, message)``."""
    try:
        return ("ok", module.sample_points(statement, n=n, seed=seed))
    except Exception as exc:  # noqa: BLE001 - compared, not hidden
        return ("error", type(exc).__name__, str(exc))


def difference(a, b) -> str:
    """Empty when the two outcomes are identical, else what differs first."""
    if a[0] != b[0] or (a[0] == "error" and a != b):
        return f"reference {a[0]} {a[1:] if a[0] == 'error' else ''}, this tree {b[0]} {b[1:] if b[0] == 'error' else ''}"
    if a[0] == "error":
        return ""
    ra, rb = a[1], b[1]
    if len(ra) != len(rb):
        return f"{len(ra)} points in the reference, {len(rb)} here"
    for i, (p, q) in enumerate(zip(ra, rb)):
        if list(p) != list(q):
            return f"point {i}: symbols {list(p)} vs {list(q)}"
        for s in p:
            u, v = p[s], q[s]
            if type(u) is not type(v) or u != v or sympy.srepr(u) != sympy.srepr(v):
                return f"point {i}, {s}: {sympy.srepr(u)} vs {sympy.srepr(v)}"
    return ""


def compare(args) -> int:
    ref = reference_module(args.ref)
    items = statements(args.which)
    differences = 0
    counted = 0
    for ident, st in items:
        for n, seed in args.variants:
            counted += 1
            why = difference(points_of(ref, st, n, seed), points_of(domain, st, n, seed))
            if why:
                differences += 1
                print(f"DIFFERENT {ident} (n={n}, seed={seed}): {why}")
    print(f"{len(items)} statements, {counted} point lists compared with {args.ref}: {differences} differences")
    return 1 if differences else 0


def time_one(args) -> int:
    """In this process: build the statements, then time ``sample_points`` of one implementation over all of them."""
    module = reference_module(args.ref) if args.impl == "reference" else domain
    items = statements(args.which)
    start = time.process_time()
    for _, st in items:
        for n, seed in args.variants:
            points_of(module, st, n, seed)
    print(json.dumps({"impl": args.impl, "cpu": time.process_time() - start, "statements": len(items)}))
    return 0


def time_both(args) -> int:
    figures = {"reference": [], "this tree": []}
    base = [sys.executable, os.path.abspath(__file__), "--ref", args.ref, "--which", args.which]
    for _ in range(args.repeat):
        for impl, label in (("reference", "reference"), ("this", "this tree")):
            out = subprocess.run(base + ["--impl", impl], check=True, capture_output=True, text=True).stdout
            figures[label].append(json.loads(out.strip().splitlines()[-1])["cpu"])
    ref, new = statistics.median(figures["reference"]), statistics.median(figures["this tree"])
    for label, values in figures.items():
        print(f"{label}: " + ", ".join(f"{v:.2f}" for v in values) + " CPU s")
    print(f"median {args.ref} {ref:.2f} s, this tree {new:.2f} s: {ref / new:.2f}x less CPU "
          f"(sample_points over the {args.which} statements)")
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ref", default="main", help="the reference revision (default main)")
    parser.add_argument("--which", choices=("all", "claims", "soundness"), default="all",
                        help="the statements (default: the claims and the soundness suite)")
    parser.add_argument("--extra", action="store_true",
                        help="also compare n=12 with seed 3 and n=64 with seed 1 (the engine uses n=32, seed 0)")
    parser.add_argument("--time", action="store_true", help="measure CPU seconds instead of comparing")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each implementation with --time")
    parser.add_argument("--impl", choices=("reference", "this"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    args.variants = [(32, 0)] + ([(12, 3), (64, 1)] if args.extra else [])
    if args.impl:
        return time_one(args)
    return time_both(args) if args.time else compare(args)


if __name__ == "__main__":
    sys.exit(main())
