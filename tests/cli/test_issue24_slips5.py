"""Issue 24 §2: the wording slips left by session 42's reading (helper slips5).

Each expected text is worked by hand from the seeds, with the rule ID and the seed section; each
test fails on main before slips5's change (e7e9b24) and on e96ec2a.
"""

from __future__ import annotations

import json

from tests.cli.test_issue24_full_slips import EXAMPLES, ruled

GERMAN_INN = EXAMPLES / "notation" / "campli-inn-in-german.txt"


# K14 (seed 000, 'Ereigniskarten'): "Der Angefragte ... sagt «fermatevi aliquanto» (verweile ein
# wenig)".  campli-inn-in-german.txt line 12 writes the German gloss, 'Bruno: Wirtshaus, verweile
# ein wenig!': the step that tells Bruno's call quotes that, as each decision's step quotes its
# own line's words (K5 'ich gebe weiter', line 11).  The call is told among the steps of the
# offer it stops (line 11), so the account still says 'Zeile 11'.
def test_the_call_is_quoted_as_the_table_wrote_it():
    for steps in ((), ("--steps",)):
        text = ruled(*steps, str(GERMAN_INN))
        assert "Bruno sagt 'verweile ein wenig' zu Anna" in text, (steps, text)
        assert "fermatevi" not in text, (steps, text)
    assert "Bruno sagt 'verweile ein wenig' zu Anna (K5, K4, K14; Zeile 11)" in ruled(str(GERMAN_INN))
    record = json.loads(ruled("--format", "json", str(GERMAN_INN)))
    said = [s for s in record["outcomes"][0]["steps"] if s["rule"] == "K14" and "zu Anna" in s["text"]]
    assert said and said[0]["text"] == "Bruno sagt 'verweile ein wenig' zu Anna", said
    # (add, never remove: the step keeps its place and fields)
    assert said[0]["at"] == "$.history[1]" and set(said[0]) == {"at", "rule", "source", "text"}, said


# K14 as above, the table writing the Italian words of the source on line 12 in a German deal:
# the step quotes 'fermatevi' as written (not the source's longer 'fermatevi aliquanto'), and an
# English table's 'inn' is the position's own word, no quotation: the source's words stay.
def test_a_call_in_the_source_s_words_or_in_english(tmp_path):
    text = GERMAN_INN.read_text(encoding="utf-8")
    italian = tmp_path / "italian.txt"
    italian.write_text(text.replace("Wirtshaus, verweile ein wenig!", "Wirtshaus, fermatevi!"), encoding="utf-8")
    assert "Bruno sagt 'fermatevi' zu Anna" in ruled(str(italian))
    english = tmp_path / "english.txt"
    english.write_text(text.replace("Wirtshaus, verweile ein wenig!", "Wirtshaus, inn!"), encoding="utf-8")
    assert "Bruno sagt 'fermatevi aliquanto' zu Anna" in ruled(str(english))


# D, seed 004 §Opsætning: «løve −3, maske −2, spand −1, nul 0, I–X, kro XI, kat XII, hest XIII,
# jæger XIIII og kukku XV»: the digital game's settings line (--rulesets, its ruleset page) names
# its event cards so, in every language, as its rulings do ('XI kro', D6), with what each does in
# the reader's words; Campli's are Farina's (K10-K14, seed 000 'Ereigniskarten': 'XI Taverna').
def test_the_digital_settings_line_names_its_own_event_cards():
    from cucu_ref.formats.i18n import speaking
    from cucu_ref.game.rulesets import PRESETS
    from cucu_ref.services.render import _setting_words

    said = _setting_words(PRESETS["digital-4p"])
    assert "event cards XV kukku (cuckoo), XIIII jæger (hunter), XIII hest (horse), XII kat (cat), " \
           "XI kro (inn)." in said, said
    with speaking("de"):
        said = _setting_words(PRESETS["digital-4p"])
    assert "XI kro (Wirtshaus)" in said and "Taverna" not in said, said
    with speaking("it"):
        said = _setting_words(PRESETS["digital-4p"])
    assert "XV kukku" in said and "XI kro" in said and "XI Taverna" not in said, said
    text = ruled("--rulesets", "--long", "--language", "da")
    assert "specialkort XV kukku (gøg), XIIII jæger, XIII hest, XII kat, XI kro." in " ".join(text.split()), text
    assert "XI Taverna (inn)" in _setting_words(PRESETS["campli"])


# (Q12 on the digital game's page: tests/cli/test_issue24_slips6.py, which found that Q2's other
# reading, which that page offers, meets it)


# R4 (Cassell 1881, Ranter-Go-Round): of equal lowest cards only the one turned up last loses;
# Anna and Carla turn up a 3, Carla's last: the tie's note names Carla's loss, and the showdown
# says it once ("only Carla loses (last in play order)"), not again as "Carla loses a life".
# Each player's deal and decision in turn, as a table writes them.
def test_the_tied_lowest_who_loses_is_said_once(tmp_path):
    history = [{"deal": "Anna", "card": "3"}, {"keep": "Anna"}, {"deal": "Bruno", "card": "7"}, {"keep": "Bruno"},
               {"deal": "Carla", "card": "3"}, {"keep": "Carla"}, {"deal": "Dora", "card": "9"}, {"keep": "Dora"}]
    path = tmp_path / "ties.json"
    path.write_text(json.dumps({"format": "cucu-position/1", "ruleset": "ranter-go-round",
                                "players": ["Anna", "Bruno", "Carla", "Dora"], "dealer": "Dora",
                                "history": history}), encoding="utf-8")
    text = ruled(str(path))
    assert "2 cards tie lowest; only Carla loses (last in play order); Anna deals next (R4, P1)" in text, text
    steps = ruled("--steps", str(path)).split("How it went:")[1]
    assert "Carla loses a life" not in steps, steps
    assert "Lives now: Anna 3, Bruno 3, Carla 2, Dora 3" in text, text
