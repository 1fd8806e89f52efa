"""The positions the docs' worked examples write (``.. cucu-example::``, docs/_ext/cucu_docs.py)
say what the table saw, so that their rulings give what the pages say they give."""
from __future__ import annotations

import re
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent.parent / "docs"


def _example(page: str, slug: str):
    sys.path.insert(0, str(DOCS / "_ext"))
    try:
        from cucu_docs import Example
    finally:
        sys.path.remove(str(DOCS / "_ext"))
    text = (DOCS / page).read_text(encoding="utf-8")
    block = re.search(rf"^\.\. cucu-example:: {re.escape(slug)}\n((?:   :.*\n)+)", text, re.M)
    assert block, f"{page} has no example {slug}"
    options = dict(re.findall(r"^   :([\w-]+): (.*)$", block.group(1), re.M))
    return Example(slug, options, options.get("description", ""))


def test_the_king_on_the_talon_example_gives_both_readings_of_q18() -> None:
    # docs/worked/as-qui-court.rst: the ace runs round to the dealer Estelle, the talon's top
    # card is a king.  Seed 003 §As Qui Court: the dealer «kann diese Karte nur mit dem Talon
    # tauschen ... wenn er ... ein Ass erhalten hat» (A4); Coucou's «Sollte diese Karte ein König
    # sein, ist kein Kartentausch erlaubt» (F4) is neither repeated nor lifted (Q18).  Worked by
    # hand: the cards end Anne 8, Bernard 10, Claire 9, Denis Q, Estelle A (keeps-own: the king
    # stays, Estelle's ace is lowest, F5) or Estelle K (exchanges: Anne's 8 is lowest, F5).  The
    # page says "the ruling gives both"; the position once wrote {"dealer-exchange": "Estelle",
    # "card": "A"}, as if she had taken an ace from the talon, which ruled the other reading out.
    example = _example("worked/as-qui-court.rst", "as-qui-court-king-on-the-talon")
    assert example.position["stack"] == {"top": "K"}
    assert example.position["history"][-1] == {"dealer-exchange": "Estelle"}
    code, record, _ = example.ruling()
    assert code == 0 and example.check("5 5 5 5 4") == []
    (question,) = record["open_questions"]
    assert question["option"] == "dealer_draws_king" and question["settles"] == "Q18"
    losers = {r["reading"]: [m["player"] for o in r["outcomes"] for m in o["result"]["marks_lost"]]
              for r in question["readings"]}
    assert losers == {"keeps-own": ["Estelle"], "exchanges": ["Anne"]}


def test_a_ruleset_page_gives_each_reading_once_without_its_yes_or_no_again() -> None:
    # Issue 24 §1: no "no: no:" / "yes: yes:" labels.  A reading's text begins with its answer
    # ("no: the dealer's event card ..."), which the page already gives as the reading's value
    # (``no``), so the page read "``no`` (taken): no: the dealer's event card ...".
    sys.path.insert(0, str(DOCS / "_ext"))
    try:
        from cucu_docs import fixed_lines, open_point_lines
        from cucu_ref.game.rulesets import PRESETS
    finally:
        sys.path.remove(str(DOCS / "_ext"))
    doubled = re.compile(r"^\* ``(yes|no)``(?: \(\*taken\*\))?: (yes|no): ")
    lines = [line for name in PRESETS for line in open_point_lines(name) + fixed_lines(name)]
    readings = [line for line in lines if line.startswith("* ``")]
    assert readings and [line for line in readings if doubled.match(line)] == []
