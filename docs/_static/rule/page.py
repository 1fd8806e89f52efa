"""The Python side of the page "Rule a deal in your browser" (docs/rule.rst, issue 31).

rule.js loads this file into Pyodide beside the cucu-ref wheel and calls three functions, each
answering in JSON.  The ruling is the command line's own: :func:`rule` runs
``cucu-adjudicate deal.txt`` (``cucu_ref.cli.adjudicate.main``) on the deal written to a file
named ``deal.txt``, so the page shows, byte for byte, what ``cucu-adjudicate deal.txt`` prints
for the same text.  tests/test_docs.py imports this file in CPython too.
"""

from __future__ import annotations

import io
import json
import os
import re
import tempfile

from cucu_ref.cli.adjudicate import main
from cucu_ref.formats import vocabulary
from cucu_ref.game import cards
from cucu_ref.game.rulesets import PRESET_INFO, PRESETS

FILE = "deal.txt"
# the command line's place of a problem in the notation: FILE:LINE:COL: message
_PLACE = re.compile(rf"^{re.escape(FILE)}:(\d+):(\d+): (.*)$", re.M)


def setup() -> str:
    """The rulesets (name, title, the language of its source), the languages of the notation,
    and what ``cucu-adjudicate --version`` says (the version and the rules data it rules by)."""
    rulesets = [{"name": name, "title": PRESET_INFO[name].title, "language": vocabulary.language_of(rules)}
                for name, rules in PRESETS.items()]
    version = io.StringIO()
    main(["--version"], stdout=version)
    return json.dumps({"rulesets": rulesets, "languages": list(vocabulary.LANGUAGES),
                       "version": version.getvalue().strip()}, ensure_ascii=False)


def words(ruleset: str, language: str) -> str:
    """What the editor completes for a ruleset in a language: the cards' names (the canonical
    token first, then its names in that language) and the table's words (decisions and calls)."""
    rules = PRESETS[ruleset]
    pack = cards.PACKS[rules.pack]
    names: list[str] = []
    for value in sorted(set(pack.values), reverse=True):
        card = cards.Card(pack.family, value)
        for name in [cards.format(card)] + [a.name for a in cards.aliases(card) if a.language == language]:
            if name not in names:
                names.append(name)
    said = [w.text for w in vocabulary.words_for(rules, language)]
    return json.dumps({"cards": names, "words": list(dict.fromkeys(said))}, ensure_ascii=False)


def _run(args: list[str], text: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    here = os.getcwd()
    with tempfile.TemporaryDirectory() as folder:
        with open(os.path.join(folder, FILE), "w", encoding="utf-8", newline="") as f:
            f.write(text)
        os.chdir(folder)
        try:
            code = main([*args, FILE], stdout=out, stderr=err)
        finally:
            os.chdir(here)
    return code, out.getvalue(), err.getvalue()


def rule(text: str) -> str:
    """The ruling of a deal (notation or JSON) as ``cucu-adjudicate deal.txt`` gives it: exit
    code, the text, the problems with their line and column, and the ruling's pictures (SVG)."""
    code, out, err = _run([], text)
    svg = _run(["--format", "svg"], text)[1] if code == 0 else ""
    places = [{"line": int(m[1]), "column": int(m[2]), "message": m[3]} for m in _PLACE.finditer(out + err)]
    return json.dumps({"code": code, "text": out, "errors": err, "places": places, "svg": svg},
                      ensure_ascii=False)
