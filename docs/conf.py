"""Sphinx configuration of the documentation site (the ``docs`` extra; see docs/site.md).

    python -m sphinx -W -b html docs docs/_build/html

builds it offline (no intersphinx: CI reaches only the package index). The API reference is generated on every
build from ``__all__`` of each public module (:mod:`docs._api`), so a public name without a page, or one that
autodoc cannot document, fails the build; the Markdown pages go through MyST, the gallery scripts in
``docs/gallery`` through sphinx-gallery.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent), str(HERE)]  # this checkout's symmetric, and docs/_api.py
os.environ.setdefault("MPLBACKEND", "Agg")

import symmetric  # noqa: E402

project = "symmetric"
author = "The symmetric developers"
copyright = "2026, The symmetric developers"
release = version = symmetric.__version__

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "numpydoc",
    "myst_parser",
    "sphinx_gallery.gen_gallery",
    "_api",
    "_mathml",
]
# Math as MathML written at build time (docs/_mathml.py): a page loads no script for it and reads offline.
html_math_renderer = "mathml"

source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "conftest.py", "examples", "gallery/README.rst", "**.ipynb", "auto_examples/*.py",
                    "auto_examples/*.md5", "auto_examples/*.zip", "auto_examples/*.json"]
templates_path = ["_templates"]

# A reference that does not resolve is a warning, so an error with -W; what lies outside this project (no
# intersphinx offline) and the plain-words types of numpydoc parameter lists are not references.
nitpicky = True
nitpick_ignore_regex = [
    (r"py:.*", r"(sympy|numpy|np|matplotlib|pandas|dask|mpmath|pytest|_pytest|argparse|collections|typing|types|"
               r"concurrent|pathlib|os|enum|dataclasses|fractions|decimal|abc|io|z3|sklearn|ast)(\..*)?"),
    (r"py:.*", r"(int|float|str|bool|bytes|dict|list|tuple|set|frozenset|object|type|callable|None|Ellipsis|"
               r"Exception|ValueError|TypeError|KeyError|ImportError|RuntimeError|UserWarning|Warning|"
               r"NotImplemented|complex|range|slice|iterable|Callable|Iterable|Iterator|Sequence|Mapping|Any|"
               r"optional|array-like|array_like|ndarray|Expr|Symbol|Path|PathLike|Rational|Basic|Relational)"),
]

# autodoc and autosummary: the API pages are stubs generated from __all__ (docs/_api.py writes the module
# pages, autosummary the one page per name).
autosummary_generate = True
autosummary_imported_members = True
autodoc_typehints = "none"  # numpydoc's Parameters sections carry the types
autodoc_default_options = {"members": False}
numpydoc_show_class_members = False
numpydoc_class_members_toctree = False
numpydoc_xref_param_type = False

myst_enable_extensions = ["dollarmath", "colon_fence"]
myst_heading_anchors = 3
suppress_warnings = ["myst.header"]

sphinx_gallery_conf = {
    "examples_dirs": "gallery",
    "gallery_dirs": "auto_examples",
    "filename_pattern": r"/plot_",
    "download_all_examples": False,
    "remove_config_comments": True,
    "show_memory": False,
    "plot_gallery": "True",
    "image_scrapers": ("matplotlib",),
    "reset_modules": ("matplotlib",),
    "capture_repr": (),
    "min_reported_time": 1000,
    "write_computation_times": False,
}

html_theme = "pydata_sphinx_theme"
html_title = f"symmetric {release}"
# Headings and code that fit the page (long API names wrap; code scrolls within its block, never clipped).
html_static_path = ["_static"]
html_css_files = ["fit.css"]
html_show_sourcelink = False
html_theme_options = {
    "navigation_with_keys": False,
    "show_toc_level": 2,
    "header_links_before_dropdown": 6,
}
# The home page has no sidebar; every page of a section (User guide, The checked mathematics, Gallery, API,
# Development) lists the section's pages in its sidebar.
html_sidebars = {"index": []}
