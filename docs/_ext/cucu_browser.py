"""The page "Rule a deal in your browser" (docs/rule.rst, issue 31): the package itself runs in
the page through Pyodide, with no server.

At the start of an HTML build, :mod:`pyodide_vendor` writes what the page runs into the built
site's ``_static/rule/`` (Pyodide at its pinned version and hash, the cucu-ref wheel of this
checkout, its pure-Python dependency); ``rule.js`` (the page's controls), ``worker.js`` (the
Web Worker that runs Pyodide, off the page's main thread) and ``page.py`` come from
``docs/_static/rule/`` like any static file.  The directive ``.. cucu-rule-page::`` writes the
page's controls, the shipped notation examples for its "Load an example" list, and, where
something could not be vendored, what is missing and how to add it (the docs still build; the
page then says so instead of ruling).

``CUCU_DOCS_OFFLINE=1`` builds without trying to fetch Pyodide (only the cache is used).
"""

from __future__ import annotations

import html
import json
import os
from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.parsers.rst import Directive
from sphinx.application import Sphinx
from sphinx.util import logging

import pyodide_vendor

LOG = logging.getLogger(__name__)
EXAMPLES = pyodide_vendor.ROOT / "examples" / "notation"

_CONTROLS = """<div id="cucu-rule" class="cucu-rule" data-static="{static}" data-missing="{missing_attr}"
  data-wheels="{wheels}" data-files="{files}">
{missing}
<fieldset class="cucu-rule-table">
<legend>The table</legend>
<label>Ruleset <select name="ruleset"></select></label>
<label>Language of the table (and of the ruling, where it has one) <select name="language"></select></label>
<label>Players, in seat order <input name="players" autocomplete="off" autocapitalize="words"
  placeholder="Anna, Bruno, Carla, Dora"></label>
<label>Marks, in the same order <input name="marks" autocomplete="off" inputmode="numeric"
  placeholder="3, 3, 2, 3 (empty: the ruleset's)"></label>
<label>Dealer <select name="dealer"></select></label>
</fieldset>
<p class="cucu-rule-json-note" hidden>This deal is a position in JSON: the fields above show its table; edit
  it in the text below.</p>
<label class="cucu-rule-label" for="cucu-rule-deal">The deal: one line per thing said, or paste a whole
  deal</label>
<div class="cucu-rule-editor"><pre class="cucu-rule-gutter" aria-hidden="true">1</pre><textarea id="cucu-rule-deal"
  rows="12" spellcheck="false" autocapitalize="off" autocomplete="off" wrap="off"
  placeholder="Anna: V, passo"></textarea></div>
<div class="cucu-rule-suggest" role="group" aria-label="Complete the word"></div>
<div class="cucu-rule-actions">
<button type="button" class="cucu-rule-go" disabled>Rule</button>
<button type="button" class="cucu-rule-share">Share as a link</button>
<select class="cucu-rule-examples" aria-label="Load an example">
<option value="">Load an example&#8230;</option>{options}</select>
</div>
<p class="cucu-rule-status" role="status">{status}</p>
<input class="cucu-rule-link" readonly aria-label="The link to this deal" hidden>
<ol class="cucu-rule-errors" aria-label="Problems"></ol>
<pre class="cucu-rule-ruling" aria-live="polite"></pre>
<figure class="cucu-diagram-figure cucu-rule-diagram" hidden></figure>
</div>
<script type="application/json" id="cucu-rule-examples">{examples}</script>
<script src="{static}rule.js"></script>
"""


def _vendor(app: Sphinx) -> None:
    app.config.cucu_rule_missing = []  # type: ignore[attr-defined]
    app.config.cucu_rule_wheels = []  # type: ignore[attr-defined]
    app.config.cucu_rule_files = []  # type: ignore[attr-defined]
    if app.builder.format != "html":
        return
    fetch = os.environ.get("CUCU_DOCS_OFFLINE") != "1"
    result = pyodide_vendor.vendor(Path(app.outdir) / "_static" / "rule", fetch_if_missing=fetch)
    for line in result.missing:
        LOG.info("the page 'Rule a deal in your browser' will not rule: %s", line)
    app.config.cucu_rule_missing = result.missing  # type: ignore[attr-defined]
    wheels = [f for f in result.files if not f.startswith("pyodide/")]
    app.config.cucu_rule_wheels = wheels  # type: ignore[attr-defined]
    app.config.cucu_rule_files = result.files  # type: ignore[attr-defined]


class RulePageDirective(Directive):
    """The page's controls, its examples and what is missing (see the module's docstring)."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        env = self.state.document.settings.env
        missing: list[str] = list(getattr(env.config, "cucu_rule_missing", []) or [])
        paths = sorted(EXAMPLES.glob("*.txt"))
        examples = {p.name: p.read_text(encoding="utf-8") for p in paths}
        for p in paths:
            env.note_dependency(str(p))
        text = json.dumps(examples, ensure_ascii=False).replace("</", "<\\/")
        if missing:
            items = "".join(f"<li>{html.escape(m)}</li>" for m in missing)
            notice = (f'<div class="cucu-rule-missing admonition warning"><p class="admonition-title">This copy of '
                      f"the documentation cannot rule in the browser</p><p>It was built without:</p><ul>{items}</ul>"
                      "<p>Build it again after adding them; meanwhile, <code>cucu-adjudicate</code> rules on the "
                      "same text.</p></div>")
            status = "The adjudicator is not part of this build (see below)."
        else:
            notice = ""
            status = ("Loading the adjudicator: about 14 MB, once; after that the page works offline. "
                      "Nothing you type leaves this page.")
        depth = env.docname.count("/")
        static = "../" * depth + "_static/rule/"
        options = "".join(f'<option value="{html.escape(p.name)}">{html.escape(p.stem)}</option>' for p in paths)
        wheels = " ".join(getattr(env.config, "cucu_rule_wheels", []) or [])
        files = " ".join(getattr(env.config, "cucu_rule_files", []) or [])
        markup = _CONTROLS.format(static=static, wheels=html.escape(wheels), files=html.escape(files), missing=notice,
                                  status=status, missing_attr=html.escape(" | ".join(missing)), options=options,
                                  examples=text)
        return [nodes.raw("", markup, format="html")]


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_config_value("cucu_rule_missing", [], "")
    app.add_config_value("cucu_rule_wheels", [], "")
    app.add_config_value("cucu_rule_files", [], "")
    app.add_directive("cucu-rule-page", RulePageDirective)
    app.connect("builder-inited", _vendor)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
