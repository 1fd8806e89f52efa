"""Sphinx configuration for cucu-ref.

Build:   sphinx-build -n -W docs docs/_build/html
Doctest: sphinx-build -n -W -b doctest docs docs/_build/doctest
(``tests/test_docs.py`` runs both.)  The ruleset pages are generated from
``cucu_ref.game.rulesets`` by the local extension ``_ext/cucu_docs.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
# Document the package of this checkout, installed or not, and load the local extension.
sys.path.insert(0, str(DOCS.parent))
sys.path.insert(0, str(DOCS / "_ext"))

import cucu_ref  # noqa: E402

project = "cucu-ref"
author = "the cucu-ref contributors"
copyright = "2026, the cucu-ref contributors"
version = release = cucu_ref.__version__

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "sphinx.ext.viewcode",
    "cucu_docs",
    "cucu_terms",
    "cucu_browser",
]

root_doc = "index"
source_suffix = {".rst": "restructuredtext"}
# rules/ and worked/ hold each game's hand-written rules and worked examples, which the
# generated ruleset pages include; dev/ holds notes for contributors, not part of the manual.
exclude_patterns = ["_build", "worked", "rules", "dev/*.md", "Thumbs.db", ".DS_Store"]
nitpicky = True
# Standard-library and typing names in signatures: no intersphinx (the build runs offline).
nitpick_ignore_regex = [
    ("py:class", r"(typing\.|collections\.abc\.|random\.|_random\.|types\.|enum\.).*"),
    ("py:class", r"(Optional|Iterable|Iterator|Sequence|Mapping|Callable|Any|NamedTuple|Custody)"),
    ("py:class", r"(int|str|float|bool|tuple|list|dict|set|frozenset|object|None|ValueError|Exception)"),
    ("py:.*", r"cucu_ref\.game\.state\.Custody"),
    # z3's own types, and the formal checks' result record (cucu_ref.assurance.formal.props, not documented here)
    ("py:class", r"z3\..*"),
    ("py:class", r"cucu_ref\.assurance\.formal\.props\.Result"),
    # the step models' private halves (each class under 250 lines, issue 23): shown as bases only
    ("py:class", r"cucu_ref\.assurance\.formal\.(model\._EventCards|parametric\._MicroSteps)"),
]

# [source] links follow an object to the module that defines it only where it is documented
# there: the engine re-exports functions of game/rulebook, documented on both pages, and
# following them sent the rulebook's source back to anchors that do not exist
viewcode_follow_imported_members = False

autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_default_options = {"members": True, "show-inheritance": True}

# Doctests run against the real engine; ELLIPSIS for long reprs, and the same flags
# for every block so a page reads like a session.
doctest_default_flags = (
    __import__("doctest").ELLIPSIS
    | __import__("doctest").NORMALIZE_WHITESPACE
    | __import__("doctest").DONT_ACCEPT_TRUE_FOR_1
)
doctest_test_doctest_blocks = "default"
# The worked examples' two helpers (shown in engine.rst) are available on every page.
doctest_global_setup = (
    "from worked_helpers import act, stack_dealing, tell\n"
    "from cucu_ref import Action, legal_actions, new_match, preset, step\n"
)

html_theme = "furo"
html_title = f"cucu-ref {release}"
html_static_path = ["_static"]
# copied to the site's root: the service worker of the page that rules must sit above it (issue 31)
html_extra_path = ["_extra"]
html_css_files = ["cucu.css"]

cucu_require_worked_examples = True
