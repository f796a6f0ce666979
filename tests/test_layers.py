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
    later = ("symmetric.verify", "symmetric.numeric", "symmetric.metrics", "symmetric.generate", "symmetric.cli",
             "symmetric.explore", "symmetric.plot", "symmetric.accuracy")
    for module, targets in graph.items():
        if module.startswith("symmetric.families"):
            assert not [t for t in targets if t.startswith(later)], module


# The stages of docs/design.md: a module imports only from its own stage or an earlier one. Every module of the
# package has a stage (the longest matching prefix), so a new top-level module or package must be placed here.
STAGES = {
    "symmetric": 0, "symmetric.symbols": 0, "symmetric._validation": 0, "symmetric._constraints": 0,
    "symmetric.families": 1,
    "symmetric.verify": 2,
    "symmetric.numeric": 3, "symmetric.losses": 3,
    "symmetric.metrics": 4,
    "symmetric.generate": 5, "symmetric.accuracy": 5, "symmetric.numeric.codegen": 5,  # a door (below)
    "symmetric.explore": 6, "symmetric.plot": 6,
    "symmetric.cli": 6, "symmetric.pytest_plugin": 6, "symmetric.__main__": 6, "symmetric.documents": 6,
}

# The generation stage (symmetric.generate, SymPy) writes the committed modules of the run time; it imports the run
# time (the code it writes runs there), never the other way: no module of a run-time package imports it.
GENERATION = "symmetric.generate"
RUN_TIME = ("symmetric.numeric", "symmetric.metrics", "symmetric.losses")
# The module that keeps the standalone export at its former address (symmetric.numeric.codegen.module_source): it
# imports the generation stage, and no run-time module imports it.
DOORS = {"symmetric.numeric.codegen"}

# The layers of symmetric.verify (docs/design.md, "Layout"), lowest first: a module imports only from its own
# subpackage or a lower layer; subpackages sharing a layer do not import each other. The package's __init__
# (the public names) sits on top.
VERIFY_LAYERS = [("core",), ("signs",), ("limits",), ("evidence", "inequalities"), ("strategies",), ("engine",),
                 ("claims",)]


def _longest_prefix(module: str, table) -> str | None:
    matches = [p for p in table if module == p or module.startswith(p + ".")]
    return max(matches, key=len) if matches else None


def stage_violations(graph) -> list:
    out = []
    for module, targets in graph.items():
        here = _longest_prefix(module, STAGES)
        for target in targets:
            there = _longest_prefix(target, STAGES)
            if here is not None and there is not None and STAGES[there] > STAGES[here]:
                out.append((module, target))
    return sorted(out)


def _verify_part(module: str):
    """``(layer index, subpackage)`` of a module of symmetric.verify; the package itself is above every layer."""
    parts = module.split(".")
    if parts[:2] != ["symmetric", "verify"]:
        return None
    if len(parts) == 2:
        return len(VERIFY_LAYERS), ""
    for index, names in enumerate(VERIFY_LAYERS):
        if parts[2] in names:
            return index, parts[2]
    raise AssertionError(f"{module} is in no layer of VERIFY_LAYERS")


def verify_layer_violations(graph) -> list:
    out = []
    for module, targets in graph.items():
        here = _verify_part(module)
        if here is None:
            continue
        for target in targets:
            there = _verify_part(target)
            if there is None:
                continue
            if there[0] > here[0] or (there[0] == here[0] and there[1] != here[1]):
                out.append((module, target))
    return sorted(out)


def generation_imports(graph) -> list:
    """``(module, target)`` for each import of the generation stage, or of a door to it, by a module of a run-time
    package (other than a door)."""
    return sorted((m, t) for m, targets in graph.items() if _longest_prefix(m, RUN_TIME) is not None
                  and m not in DOORS for t in targets if t == GENERATION or t.startswith(GENERATION + ".")
                  or t in DOORS)


def test_the_run_time_imports_nothing_from_the_generation_stage(graph):
    assert generation_imports(graph) == []
    assert generation_imports({"symmetric.metrics._x": {"symmetric.generate.emit"}, "symmetric.cli.x": {
        "symmetric.generate"}, "symmetric.losses": {"symmetric.numeric.codegen"}}) == [
        ("symmetric.losses", "symmetric.numeric.codegen"), ("symmetric.metrics._x", "symmetric.generate.emit")]
    assert all(graph[door] <= {GENERATION + ".kernels"} for door in DOORS)  # a door only re-exports


def test_the_one_way_into_the_generation_stage_is_numeric_compile():
    """symmetric.numeric serves ``compile`` (a user's expression, compiled at run time) from the generation stage,
    by name in its table of lazily loaded names, on first use: no other name, and no import statement."""
    import symmetric.numeric as numeric

    assert numeric._GENERATION_NAMES == {"compile": "symmetric.generate.compile"}
    assert all(m.startswith(".") and GENERATION not in m for m in numeric._LAZY_NAMES.values()), numeric._LAZY_NAMES


def test_every_module_has_a_stage(graph):
    assert [m for m in graph if _longest_prefix(m, STAGES) is None] == []


def test_no_import_runs_up_the_stages(graph):
    assert stage_violations(graph) == []


def test_every_module_of_verify_is_in_a_layer(graph):
    for module in graph:
        _verify_part(module)  # raises for a module outside the layers


def test_verify_imports_run_down_its_layers(graph):
    assert verify_layer_violations(graph) == []


def test_the_layer_checks_find_violations():
    graph = {"symmetric.families.x": {"symmetric.metrics._scores"}, "symmetric.metrics._scores": {"symmetric.numeric"},
             "symmetric.verify.core.statement": {"symmetric.verify.signs.decide"},
             "symmetric.verify.evidence.confirm": {"symmetric.verify.inequalities.goals", "symmetric.verify.limits.routine"},
             "symmetric.verify.claims.proof": {"symmetric.verify"}}
    assert stage_violations(graph) == [("symmetric.families.x", "symmetric.metrics._scores")]
    assert verify_layer_violations(graph) == [
        ("symmetric.verify.claims.proof", "symmetric.verify"),
        ("symmetric.verify.core.statement", "symmetric.verify.signs.decide"),
        ("symmetric.verify.evidence.confirm", "symmetric.verify.inequalities.goals")]


# Private modules of a package (symmetric.numeric._portable) imported from another package: each is a helper
# to make public or move. The stage-0 modules symmetric._validation and symmetric._constraints are shared by all,
# and the generation stage reads the run time's private modules it writes code for (their primitives, tables).
KNOWN_PRIVATE_IMPORTS = {
    ("symmetric.cli.counts", "symmetric.metrics._confusion_scores"),
    # the metrics known by name, of the four cells (symmetric counts): the metrics have no public function of counts
    ("symmetric.cli.counts", "symmetric.metrics._count_metrics"),
    # generated code runs on the numeric runtime's primitives (_pow, _piecewise), as numeric/_generated.py does
    ("symmetric.metrics._generated_gradients", "symmetric.numeric._runtime"),
}


def private_imports(graph) -> list:
    out = []
    for module, targets in graph.items():
        for target in targets:
            parts = target.split(".")
            if (any(p.startswith("_") for p in parts[2:]) and module.split(".")[:2] != parts[:2]
                    and not module.startswith(GENERATION + ".")):
                out.append((module, target))
    return sorted(out)


def test_no_package_imports_another_packages_private_modules(graph):
    assert sorted(set(private_imports(graph)) - KNOWN_PRIVATE_IMPORTS) == []
    assert private_imports({"symmetric.plot.grid": {"symmetric.families._parameters", "symmetric._validation"}}) == [
        ("symmetric.plot.grid", "symmetric.families._parameters")]
