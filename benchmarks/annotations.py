"""How many functions of ``symmetric/`` mypy would skip: the functions with no annotation at all, per package.

    python benchmarks/annotations.py [--list PACKAGE] [--root DIR]

mypy checks the body of a function only when it has at least one annotation (an argument's or the return's),
unless ``check_untyped_defs`` is set for its module (pyproject.toml, ``[tool.mypy]``). This counts, per package
of ``symmetric`` (its top-level modules together as ``(top)``), every ``def`` (methods and nested functions
included; lambdas are not functions here) and how many of them are

* *untyped*: no annotation at all, so mypy skips the body without ``check_untyped_defs``;
* *incomplete*: some arguments or the return annotated, not all (``self`` and ``cls`` need none);

and, of the public functions (those named in an ``__all__`` of their module), how many have no annotation
and how many are not fully annotated. The generated modules (their first line ends "Do not edit.": compared with
their generator's output) are counted apart, as ``(generated)``.

``--list PACKAGE`` prints the untyped and incomplete functions of one package with their lines. ``--root DIR``
counts another copy of the package, e.g. an earlier revision's::

    mkdir /tmp/before && git archive 11b736b symmetric | tar -x -C /tmp/before
    python benchmarks/annotations.py --root /tmp/before/symmetric

A measurement, not a test.
"""

from __future__ import annotations

import argparse
import ast
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "symmetric"


def _arguments(node: ast.FunctionDef | ast.AsyncFunctionDef, *, method: bool) -> list[ast.arg]:
    args = node.args
    every = [*args.posonlyargs, *args.args, *args.kwonlyargs]
    if args.vararg is not None:
        every.append(args.vararg)
    if args.kwarg is not None:
        every.append(args.kwarg)
    if method and every and every[0].arg in ("self", "cls", "mcs", "metacls"):
        every = every[1:]
    return every


def _public_names(tree: ast.Module) -> set[str]:
    for node in tree.body:
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id == "__all__" for t in targets) and node.value is not None:
                # the names spelled here (a starred list, another module's __all__, is counted in its module)
                elements = node.value.elts if isinstance(node.value, (ast.List, ast.Tuple)) else []
                return {e.value for e in elements if isinstance(e, ast.Constant)}
    return set()


def functions(path: Path):
    """``(name, line, state, public)`` for every function of one module; state is typed/incomplete/untyped."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    public = _public_names(tree)

    def walk(node: ast.AST, *, in_class: bool, top: bool):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                arguments = _arguments(child, method=in_class)
                annotated = [a.annotation is not None for a in arguments] + [child.returns is not None]
                # mypy reads __init__ (and other functions taking arguments) without a return annotation as
                # typed once an argument is annotated; a function with no argument needs its return annotated.
                if child.name == "__init__" and arguments:
                    annotated = annotated[:-1]
                state = "typed" if all(annotated) else "untyped" if not any(annotated) else "incomplete"
                yield child.name, child.lineno, state, top and child.name in public
                yield from walk(child, in_class=False, top=False)
            elif isinstance(child, ast.ClassDef):
                yield from walk(child, in_class=True, top=False)
            else:
                yield from walk(child, in_class=in_class, top=top)

    yield from walk(tree, in_class=False, top=True)


def package_of(path: Path, root: Path = ROOT) -> str:
    parts = path.relative_to(root).parts
    if "Do not edit." in path.read_text(encoding="utf-8").split("\n", 1)[0]:  # written by symmetric.generate
        return "(generated)"
    return "(top)" if len(parts) == 1 else parts[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--list", metavar="PACKAGE", help="list the untyped and incomplete functions of PACKAGE")
    parser.add_argument("--root", type=Path, default=ROOT, help="the package's folder (default: this checkout's)")
    options = parser.parse_args()
    root = options.root.resolve()
    counts: dict[str, Counter[str]] = {}
    for path in sorted(root.rglob("*.py")):
        package = package_of(path, root)
        counter = counts.setdefault(package, Counter())
        for name, line, state, public in functions(path):
            counter["functions"] += 1
            counter[state] += 1
            if public:
                counter["public"] += 1
                counter["public not typed"] += state != "typed"
                counter["public untyped"] += state == "untyped"
            if options.list == package and state != "typed":
                print(f"{path.relative_to(root.parent)}:{line}: {name} ({state})")
    if options.list:
        return
    columns = ("functions", "untyped", "incomplete", "public", "public untyped", "public not typed")
    print(f"{'package':<12}" + "".join(f"{c:>17}" for c in columns))
    total: Counter[str] = Counter()
    for package, counter in sorted(counts.items()):
        total.update(counter)
        print(f"{package:<12}" + "".join(f"{counter[c]:>17}" for c in columns))
    print(f"{'all':<12}" + "".join(f"{total[c]:>17}" for c in columns))


if __name__ == "__main__":
    main()
