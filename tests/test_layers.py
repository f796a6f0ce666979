"""Data flows one way: no import cycle among the package's modules, and families import no later stage.

Every import counts, at the top of a module or inside a function: the graph is read from the source (AST).
"""

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "symmetric"
KNOWN_CYCLES = []


def _modules() -> dict:
    out = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


def _graph() -> dict:
    modules = _modules()
    graph = {m: set() for m in modules}
    for module, path in modules.items():
        package = module if path.name == "__init__.py" else module.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                base = node.module or "" if node.level == 0 else ".".join(
                    package.split(".")[: len(package.split(".")) - node.level + 1] + ([node.module] if node.module else []))
                targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base for a in node.names]
            elif isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                continue
            for target in targets:
                while target and target not in modules:
                    target = target.rpartition(".")[0]
                if target and target != module:
                    graph[module].add(target)
    return graph


@pytest.fixture(scope="module")
def graph():
    return _graph()


def _cycles(graph) -> list:
    """The strongly connected components with more than one module (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(out)


def test_no_import_cycle(graph):
    assert [c for c in _cycles(graph) if c not in KNOWN_CYCLES] == []


def test_the_cycle_finder_finds_a_cycle():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_families_import_no_later_stage(graph):
    later = ("symmetric.verify", "symmetric.numeric", "symmetric.metrics", "symmetric.cli", "symmetric.explore",
             "symmetric.plot", "symmetric.accuracy")
    for module, targets in graph.items():
        if module.startswith("symmetric.families"):
            assert not [t for t in targets if t.startswith(later)], module


def test_documents_is_stage_5_and_nothing_earlier_imports_it(graph):
    """symmetric.documents (symmetric check) reads verify and explore; only the CLI and the plugin read it."""
    for module, targets in graph.items():
        if any(t.startswith("symmetric.documents") for t in targets):
            assert module.startswith(("symmetric.documents", "symmetric.cli", "symmetric.pytest_plugin")) \
                or module == "symmetric", module
        if module.startswith("symmetric.documents"):
            assert not [t for t in targets if t.startswith(("symmetric.cli", "symmetric.metrics",
                                                            "symmetric.numeric", "symmetric.plot"))], module
