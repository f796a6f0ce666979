"""Sphinx extension of this site: math rendered at build time, as MathML, so that a page reads offline.

Sphinx's own HTML math renderers load a JavaScript library (MathJax from a CDN by default), so a page
opened without a network shows raw ``\\(\\pi\\,TPR/...\\)``. This renderer converts each formula's LaTeX to
MathML when the site is built (``latex2mathml``, pure Python, in the ``docs`` extra); browsers display MathML
themselves, and the pages load no script for it. A formula that cannot be converted is a warning (an error
under ``-W``), never raw LaTeX on a page.
"""

from __future__ import annotations

import html

from docutils import nodes
from sphinx.util import logging

logger = logging.getLogger(__name__)


def to_mathml(latex: str, *, display: bool, node=None) -> str:
    """``latex`` as a MathML element (``display="block"`` for a displayed formula)."""
    from latex2mathml.converter import convert

    try:
        return convert(latex.strip(), display="block" if display else "inline")
    except Exception as exc:  # noqa: BLE001 - any failure of the converter: a build warning, never raw LaTeX
        logger.warning("math not converted to MathML (%s): %s", exc, latex, location=node)
        return f'<code class="math-error">{html.escape(latex)}</code>'


def visit_math(self, node) -> None:
    mathml = to_mathml(node.astext(), display=False, node=node)
    self.body.append(f'<span class="math notranslate nohighlight">{mathml}</span>')
    raise nodes.SkipNode


def visit_displaymath(self, node) -> None:
    self.body.append(self.starttag(node, "div", CLASS="math notranslate nohighlight"))
    if node.get("number"):
        self.body.append(f'<span class="eqno">({node["number"]})')
        self.add_permalink_ref(node, "Link to this equation")
        self.body.append("</span>")
    parts = [node.astext()] if node.get("nowrap") else [p for p in node.astext().split("\n\n") if p.strip()]
    for part in parts:
        self.body.append(to_mathml(part, display=True, node=node))
    self.body.append("</div>\n")
    raise nodes.SkipNode


def setup(app):
    app.add_html_math_renderer("mathml", (visit_math, None), (visit_displaymath, None))
    return {"parallel_read_safe": True, "parallel_write_safe": True}
