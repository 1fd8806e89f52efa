"""Each ruleset's ruling says its own source's rule in its own counter (issue 24 §2): the
slips found after the first round of fixes, each worked out by hand from the seeds."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from cucu_ref.cli.adjudicate import adjudicate_document
from cucu_ref.formats.vocabulary import option_text
from cucu_ref.game.rulesets import OPTIONS, PRESETS

ROOT = Path(__file__).resolve().parent.parent


def _showdown_notes(doc: dict, name: str) -> str:
    code, record, _ = adjudicate_document(doc, name, True)
    assert code == 0, record["problems"]
    (outcome,) = record["outcomes"]
    return " | ".join(step["text"] for step in outcome["steps"])


def test_zeh_says_his_own_rule_for_two_fools_and_lu_stu_hers() -> None:
    # Zeh (seed 000 §Das Cucuspiel, Z6): «Wenn zwei Narren im Spiel sind, dann verlieren die
    # Narren nicht nur nichts, sondern erhalten jeder eine Marke aus der Tasse»; no rank above
    # XV (that is Lu Stù's «die höchsten Karten, über der XV», L4).  The shipped example: Anna
    # and Carla hold the two fools, Bruno V, Dora VIII.
    doc = json.loads((ROOT / "examples/zeh-1769-hint-forfeits-gain.json").read_text(encoding="utf-8"))
    said = _showdown_notes(doc, "zeh.json")
    assert "both fools are in play: they lose nothing and each holder gains a mark from the cup" in said, said
    assert "above XV" not in said, said
    # Lu Stù (seed 000 §Lu Stù, L4): the same cards, dealt one at a time from the top (L2)
    history = [event for name, card in (("Anna", "matto"), ("Bruno", "V"), ("Carla", "matto"), ("Dora", "VIII"))
               for event in ({"deal": name, "card": card}, {"keep": name})]
    lu_stu = {"format": "cucu-position/1", "ruleset": "lu-stu", "players": ["Anna", "Bruno", "Carla", "Dora"],
              "dealer": "Dora", "history": history}
    assert "both fools are in play: they rank above XV and each holder gains a mark" in \
        _showdown_notes(lu_stu, "lu-stu.json")


def test_zehs_two_fools_are_said_in_each_language() -> None:
    # the Z6 words of the test above, translated: the catalogs' «Tasse» (seed 000), no rank
    for lang, words in (("it", "tazza"), ("de", "Tasse"), ("fr", "tasse"), ("da", "koppen")):
        said = subprocess.run([sys.executable, "-m", "cucu_ref.cli.adjudicate", "--lang", lang,
                               str(ROOT / "examples/zeh-1769-hint-forfeits-gain.json")],
                              capture_output=True, text=True, check=True).stdout
        assert words in said and "both fools" not in said and "XV" not in said, (lang, said)


def test_a_game_of_lives_reads_its_open_points_in_lives() -> None:
    # Screw Your Neighbour counts lives, 3 each (S1: "lives, say 3"); the digital game «tre liv»
    # (D1).  An all_out reading (K18, D8) and Q12's question and readings, as a ruling of these
    # games says them (readings.py), name lives, not marks
    syn, digital, campli = PRESETS["screw-your-neighbour"], PRESETS["digital-4p"], PRESETS["campli"]
    all_out = {r.value: r.text for r in OPTIONS["all_out"].readings}
    assert option_text(all_out["restart-no-virgins"], syn) == \
        "everybody gets 3 lives again; nobody is a virgin (Farina 2010)"
    assert option_text(all_out["all-return"], digital) == "everybody returns with 3 lives (digital D8)"
    q12 = OPTIONS["inn_keeper_cannot_pay"]
    for text in (q12.question, *(r.text for r in q12.readings)):
        said = option_text(text, digital)
        assert "mark" not in said and "life" in said, said
        # Campli counts marks (K1): the text's counter is 'mark'
        assert option_text(text, campli) == text.replace("{counters}", "marks").replace("{counter}", "mark")
    # a ruling: Anna and Bruno, each on his last life, keep a 5 each and both lose (S5): all
    # out in one deal; the preset's S6 'joint-winners' is open (Q: all_out), its other
    # readings are shown
    doc = {"format": "cucu-position/1", "ruleset": "screw-your-neighbour", "dealer": "Bruno", "pot": 3,
           "players": [{"name": "Anna", "marks": 1, "virgin": False}, {"name": "Bruno", "marks": 1, "virgin": False},
                       {"name": "Carla", "marks": 0, "virgin": False}],
           "history": [{"deal": "Anna", "card": "5"}, {"deal": "Bruno", "card": "5"}, {"keep": "Anna"},
                       {"keep": "Bruno"}]}
    code, record, _ = adjudicate_document(doc, "syn.json", True)
    assert code == 0, record["problems"]
    texts = {r["reading"]: r["text"] for q in record["open_questions"] for r in q["readings"]}
    assert texts["restart-no-virgins"] == "everybody gets 3 lives again; nobody is a virgin (Farina 2010)"
    assert texts["all-return"] == "everybody returns with 3 lives (digital D8)"


def test_the_notation_written_in_french_names_the_french_cards_as_a_french_table_does() -> None:
    # docs/notation.rst promises the table's words when the notation is written, with 'talon
    # dame' and 'talon roi' (F4) and the French names roi, dame, valet, as; the shipped
    # examples/notation/coucou-king.txt, written by hand, says «Bruno: roi, Coucou !»
    from cucu_ref.formats.notation import format as to_notation, parse

    doc = json.loads((ROOT / "examples/notation/coucou-king.json").read_text(encoding="utf-8"))
    written = to_notation(doc)
    assert "Anna: as, je change" in written and "Dora: 8, je change, talon dame" in written, written
    assert "shown: Anna as, Bruno roi, Carla 9, Dora dame, Emil valet" in written, written
    assert parse(written)["history"] == parse(to_notation(doc, "en"))["history"]  # the same cards read back
    # As Qui Court (Méry 1847, F-pack): the talon's queen at the stack header and the claim
    aqc = json.loads((ROOT / "examples/as-qui-court-ace-to-dealer.json").read_text(encoding="utf-8"))
    written = to_notation(aqc)
    assert "Stack: top dame" in written and "Emil holds dame" in written, written
    # not promised elsewhere: in German the tokens stay, and Campli's Cuccù cards keep numerals
    assert "Bruno: K, Coucou!" in to_notation(doc, "de")
