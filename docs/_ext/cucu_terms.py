"""Every page links the glossary (issue 31): a line under each page's title, "Terms on this
page", linking with ``:term:`` each glossary term the page uses, in the order the page first
uses it.  The terms are read from ``docs/glossary.rst``'s ``.. glossary::`` block, so a term
is written once, there; a page that uses none links the two every reader meets first.

Generated pages (the rulesets, the API) and pages other engineers add get the line too; the
docs test checks that every page has at least one glossary link.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx

GLOSSARY_DOC = "glossary"
SKIPPED = {GLOSSARY_DOC, "genindex", "search", "py-modindex"}
FALLBACK = ("ruleset", "ruling")
MOST = 10  # a line, not a second index


def glossary_terms(path: Path) -> list[str]:
    """The terms of the ``.. glossary::`` block: its lines indented three spaces (a definition
    is indented six)."""
    terms: list[str] = []
    inside = False
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith(".. glossary::"):
            inside = True
        elif inside and line and not line.startswith(" "):
            break
        elif inside and re.match(r"^ {3}[^\s:]", line):
            terms.append(line.strip())
    return terms


def terms_used(text: str, terms: list[str]) -> list[str]:
    """The terms ``text`` uses, in the order it first uses them (a word, or its plural)."""
    found = []
    for term in terms:
        m = re.search(r"(?<![\w-])" + re.escape(term) + r"(s|es)?(?![\w-])", text, re.I)
        if m:
            found.append((m.start(), term))
    return [t for _, t in sorted(found)][:MOST] or list(FALLBACK)


def _link(term: str, docname: str) -> nodes.Node:
    ref = addnodes.pending_xref("", nodes.inline(term, term, classes=["xref", "std", "std-term"]),
                                refdomain="std", reftype="term", reftarget=term.lower(),
                                refexplicit=False, refwarn=True, refdoc=docname)
    return ref


def add_terms_line(app: Sphinx, doctree: nodes.document) -> None:
    docname = app.env.docname
    if docname in SKIPPED:
        return
    section = next(iter(doctree.findall(nodes.section)), None)
    if section is None or not section.children:
        return
    terms = glossary_terms(Path(app.srcdir) / f"{GLOSSARY_DOC}.rst")
    used = terms_used(doctree.astext(), terms)
    line = nodes.paragraph(classes=["cucu-terms"])
    line += nodes.emphasis("", "Terms on this page: ")
    for k, term in enumerate(used):
        if k:
            line += nodes.Text(", ")
        line += _link(term, docname)
    section.insert(1, line)


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("doctree-read", add_terms_line)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
