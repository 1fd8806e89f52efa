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
