"""``restart_stake`` (K18) is an open point of Campli and Lu Stù: a ruling in which everybody
goes out in one deal gives both readings, and says what differs when the marks are the same
(issue 24 §1).

The position is K19's worked example (seed 000 §Endspiel zu zweit) at a table of three, as in
tests/rules/test_k18_restart_stake.py: non-dealer Andrea holds V, dealer Beatrice XIIII, both on
one mark; Chiara went out in an earlier deal; pot 3 (three stakes of one, K1).  Andrea offers
and is shot (K11): out, his card dead; Beatrice's is the only live card, the lowest (K15): out
too.  Worked by hand from seed 000 §Wiedereintritt (K18): 'alle Spieler, auch die früher
ausgeschiedenen, erneut drei Marken', so 3, 3, 3 under either reading; 'none' keeps the pot at 3,
'new-stake' has each of the three pay one stake again: 3 + 3 = 6."""

from __future__ import annotations

import io
import json
import os

import pytest

from cucu_ref.cli.adjudicate import main

EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "examples")

K19_AT_THREE = {
    "format": "cucu-position/1",
    "ruleset": "campli",
    "players": [{"name": "Andrea", "marks": 1}, {"name": "Beatrice", "marks": 1}, {"name": "Chiara", "marks": 0}],
    "dealer": "Beatrice",
    "eliminations": 1,
    "pot": 3,
    "history": [
        {"deal": "Andrea", "card": "V"},
        {"offer": "Andrea"},
        {"deal": "Beatrice", "card": "XIIII"},
        {"announce": "bum", "by": "Beatrice"},
        {"pays": "Andrea"},
    ],
}


def said(tmp_path, preset: str, *args: str) -> str:
    path = tmp_path / "k19.json"
    path.write_text(json.dumps(dict(K19_AT_THREE, ruleset=preset)), encoding="utf-8")
    out = io.StringIO()
    assert main([*args, str(path)], stdout=out, stderr=io.StringIO()) == 0, out.getvalue()
    return out.getvalue()


@pytest.mark.parametrize("preset", ["campli", "lu-stu"])
def test_the_ruling_gives_the_new_stake_reading_and_says_the_pot_differs(tmp_path, preset: str) -> None:
    text = said(tmp_path, preset)
    assert "everybody gets 3 marks again (K18)" in text
    # an open point no source asks (no Q): labelled in words, its rule cited once, Campli's own
    (question,) = [line for line in text.splitlines() if line.startswith("Open point: When everybody")]
    assert "(K18), does everybody" in question and "D8" not in question
    assert "pay the stake into the pot again" in question
    # the marks are 3, 3, 3 under both readings; only the pot differs: 6 against the ruling's 3
    # (the pot with its unit, as everywhere a ruling names it: K1, each pays the stake into it)
    assert "the same marks, but the pot: 6 stakes (this ruling: 3 stakes)" in text


def test_json_gives_both_readings_pots(tmp_path) -> None:
    ruling = json.loads(said(tmp_path, "campli", "--format", "json"))
    (q,) = [q for q in ruling["open_questions"] if q["option"] == "restart_stake"]
    assert q["settles"] == "K18" and q["chosen"] == "none" and "K18 is silent" in q["why_chosen"]
    pots = {r["reading"]: [o["result"]["pot"] for o in r["outcomes"]] for r in q["readings"]}
    marks = {r["reading"]: [o["result"]["marks"] for o in r["outcomes"]] for r in q["readings"]}
    assert pots == {"none": [3], "new-stake": [6]}
    assert marks["none"] == marks["new-stake"] == [{"Andrea": 3, "Beatrice": 3, "Chiara": 3}]
    # the ruling's own outcome: the pot stays (the default reading)
    assert [o["result"]["pot"] for o in ruling["outcomes"]] == [3]


@pytest.mark.parametrize("language, words", [
    ("it", "gli stessi segni, ma il piatto: 6 poste (questa decisione: 3 poste)"),
    ("de", "dieselben Marken, aber der Pott: 6 Einsätze (diese Entscheidung: 3 Einsätze)"),
    ("fr", "les mêmes marques, mais le pot : 6 mises (cette décision : 3 mises)"),
    ("da", "de samme mærker, men puljen: 6 indsatser (denne afgørelse: 3 indsatser)"),
])
def test_the_difference_is_said_in_each_language(tmp_path, language: str, words: str) -> None:
    assert words in said(tmp_path, "campli", "--language", language)


def test_a_deal_nobody_restarts_in_does_not_ask() -> None:
    # the shipped two-fools example: marks lost, nobody out (K15), no restart (K18 needs all the
    # remaining players out), so the stake question does not arise
    out = io.StringIO()
    assert main([os.path.join(EXAMPLES, "campli-two-fools.json")], stdout=out, stderr=io.StringIO()) == 0
    assert "Verdict: Carla loses a mark: the lowest card, II (K15)" in out.getvalue()
    assert "Open point:" not in out.getvalue()


def coucou_all_out() -> dict:
    """Coucou under Q11's other reading (all_equal = all-lose): Anna and Bruno, the last two in
    on one mark, both hold a 9 and both lose (F5), so everybody is out; three went out before
    (eliminations 3) and the pot holds the five players' stakes (5)."""
    order = ["9", "9", "7", "8"]
    order += [r for r in ("7", "8", "9", "10", "J", "Q", "K", "A") for _ in range(4 - order.count(r))]
    return {"format": "cucu-position/1", "ruleset": {"preset": "coucou", "options": {"all_equal": "all-lose"}},
            "players": [{"name": n, "marks": m} for n, m in
                        (("Anna", 1), ("Bruno", 1), ("Carla", 0), ("Dora", 0), ("Emil", 0))],
            "dealer": "Bruno", "eliminations": 3, "pot": 5, "stack": {"order": order},
            "history": [{"keep": "Anna"}, {"keep": "Bruno"}]}


def test_coucou_s_silent_restart_gives_both_pots_too(tmp_path) -> None:
    # Coucou's source says nothing of everybody going out (seed 003, F5); under all_equal =
    # all-lose (Q11's other reading) two players left on one mark with the same card, a 9 each,
    # both lose (F5) and everybody returns with the starting marks (all_out = all-return, D8).
    # Pot 5: five players paid one stake each (seed 003 'zahlt jeder zu Beginn einen vereinbarten
    # Geldbetrag'); 'new-stake': the five pay again, 5 + 5 = 10.
    path = tmp_path / "coucou.json"
    path.write_text(json.dumps(coucou_all_out()), encoding="utf-8")
    out = io.StringIO()
    assert main([str(path)], stdout=out, stderr=io.StringIO()) == 0, out.getvalue()
    assert "pay the stake into the pot again" in out.getvalue()
    assert "the same marks, but the pot: 10 stakes (this ruling: 5 stakes)" in out.getvalue()
