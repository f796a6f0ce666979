"""Sphinx extension of this site: the API reference, generated from ``__all__`` of every public module.

On ``config-inited`` (before Sphinx discovers the pages and autosummary reads its directives) it writes
one page per public module into ``docs/api/`` (not committed): the module's docstring and an autosummary table of its ``__all__``, from which
autosummary generates one page per name into ``docs/api/generated/``. The public modules are those that
tests/test_public_api.py holds to their ``__all__`` (``PUBLIC_MODULES``), together with every module directly
under ``symmetric`` whose name has no leading underscore: a module or a name another change adds gets its page
with no edit here. After reading, every name must have been documented on its page, or the build warns (an
error with ``-W``).
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import re
from pathlib import Path

from sphinx.util import logging

ROOT = Path(__file__).resolve().parent.parent
logger = logging.getLogger(__name__)


def public_modules() -> list[str]:
    """The public modules, in a reading order: the package first, then by name."""
    import symmetric

    names = {"symmetric"}
    names |= {f"symmetric.{m.name}" for m in pkgutil.iter_modules(symmetric.__path__) if not m.name.startswith("_")}
    listed = ROOT / "tests" / "test_public_api.py"
    if listed.exists():
        for node in ast.parse(listed.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "PUBLIC_MODULES" for t in node.targets):
                names |= set(ast.literal_eval(node.value))
    return sorted(names, key=lambda name: (name != "symmetric", name))


def public_names(module: str) -> list[str]:
    return list(importlib.import_module(module).__all__)


def module_page(module: str) -> str:
    names = public_names(module)
    lines = [module, "=" * len(module), "", f".. automodule:: {module}", "   :no-members:", "",
             f".. currentmodule:: {module}", ""]
    if names:
        lines += [".. autosummary::", "   :toctree: generated", "   :nosignatures:", ""]
        lines += [f"   {name}" for name in names]
    return "\n".join(lines) + "\n"


def write_pages(app, config) -> None:
    modules = public_modules() if config.symmetric_api_modules is None else config.symmetric_api_modules
    config._symmetric_api = {m: public_names(m) for m in modules}
    if not modules:
        return
    API = Path(app.srcdir) / "api"
    API.mkdir(exist_ok=True)
    wanted = {f"{m}.rst": module_page(m) for m in modules}
    for stale in API.glob("*.rst"):
        if stale.name not in wanted:
            stale.unlink()
    # autosummary's page of a name no longer public (renamed, made private) would be built and warn: removed
    named = {f"{m}.{n}.rst" for m, names in config._symmetric_api.items() for n in names}
    for stale in (API / "generated").glob("*.rst"):
        if stale.name not in named:
            stale.unlink()
    for name, text in wanted.items():
        path = API / name
        if not path.exists() or path.read_text(encoding="utf-8") != text:  # unchanged pages stay fresh
            path.write_text(text, encoding="utf-8")


def check_pages(app, env) -> None:
    """Warn for every public name that no page documents (a failure under ``-W``)."""
    documented = set(env.get_domain("py").objects)
    for module, names in app.config._symmetric_api.items():
        for name in names:
            if f"{module}.{name}" not in documented:
                logger.warning("public name %s.%s has no API page", module, name)


def _resolves(name: str) -> bool:
    """Whether ``name`` (dotted, from ``symmetric``) is an object of this package, public or not."""
    parts = name.split(".")
    if parts[0] != "symmetric":
        return False
    for cut in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        try:
            for attr in parts[cut:]:
                obj = getattr(obj, attr)
        except AttributeError:
            return False
        return True
    return False


def internal_reference(app, env, node, contnode):
    """A reference to an object of the package that has no page (a private helper) reads as plain code.

    A reference to nothing at all (a typo, a renamed or removed name) stays unresolved: a warning, an error
    with ``-W``.
    """
    if node.get("refdomain") != "py":
        return None
    target = node["reftarget"].lstrip("~.")
    module, cls = node.get("py:module") or "", node.get("py:class") or ""
    candidates = [target]
    if module:
        candidates += [f"{module}.{cls}.{target}", f"{module}.{target}"] if cls else [f"{module}.{target}"]
    # The docstring's own object (its source reads "docstring of symmetric.x.y.name"), and what encloses it: a
    # re-exported function refers to the names of the module that defines it.
    source = (node.source or "").rpartition("docstring of ")[2].split(":")[0]
    while "." in source:
        source = source.rpartition(".")[0]
        candidates.append(f"{source}.{target}")
    return contnode if any(_resolves(c) for c in candidates) else None


def own_docstring_only(app, what, name, obj, options, lines) -> None:
    """A constant shows its ``#:`` comment or its own docstring, not the docstring of its class."""
    if what in ("data", "attribute") and not isinstance(obj, type) and lines:
        inherited = inspect.getdoc(type(obj)) or ""
        if "\n".join(lines).strip() == inspect.cleandoc(inherited).strip():
            lines.clear()


_HEADING = re.compile(r"(<h1>)(.*?)(<a class=\"headerlink\")", flags=re.S)


def breakable_headings(app, pagename, templatename, context, doctree) -> None:
    """An API page's title, a long dotted name, may break after each dot (``<wbr>``) rather than being cut."""
    if pagename.startswith("api/") and "body" in context:
        context["body"] = _HEADING.sub(
            lambda m: m.group(1) + re.sub(r"\.(?=[^<>]*(<|$))", ".<wbr>", m.group(2)) + m.group(3), context["body"], count=1
        )


def setup(app):
    app.connect("missing-reference", internal_reference)
    app.connect("html-page-context", breakable_headings)
    app.connect("autodoc-process-docstring", own_docstring_only, priority=400)  # before numpydoc (500)
    app.add_config_value("_symmetric_api", {}, "env")
    app.add_config_value("symmetric_api_modules", None, "env")  # None: public_modules()
    app.connect("config-inited", write_pages)  # before the pages are discovered and autosummary generates
    app.connect("env-updated", check_pages)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
