"""The notation as a table writes it (issue 24, sections 3 and 4): claim and shown keywords in
the five languages the notation reads, Coucou's talon king on the player's own line (F4), the
forgotten '!' of a call, and a file without its 'Ruleset:' line."""

from __future__ import annotations

import io
import json

import pytest

from cucu_ref.cli.adjudicate import adjudicate_document, main
from cucu_ref.formats.notation import NotationError, format, normalise, parse

# The cat undoes Bruno's exchange (K13): Bruno offered to Carla's cat, so he loses a mark at
# once and keeps his II; Carla keeps the cat.  Anna V, Bruno II, Carla XII, Dora X at the
# showdown: Bruno's II is lowest (K15), his second mark.
CAMPLI = """\
Ruleset: campli
Players: Anna, Bruno, Carla, Dora
Dealer: Dora
Anna: V, passo
Bruno: II, passo
Carla: gnaf!
Dora: X, sto bene
"""


@pytest.mark.parametrize("line, by", [
    ("claim by Anna: Bruno loses 2", "Anna"),
    ("Dora behauptet: Bruno verliert 2", "Dora"),
    ("Behauptung von Dora: Bruno verliert 2", "Dora"),
    ("påstand: Bruno taber 2", None),
    ("påstand fra Dora: Bruno taber 2", "Dora"),
    ("Dora påstår: Bruno taber 2", "Dora"),
    ("Anna sostiene: Bruno perde 2", "Anna"),
    ("dichiarazione di Anna: Bruno perde 2", "Anna"),
    ("Anna prétend: Bruno perd 2", "Anna"),
    ("réclamation de Anna: Bruno perd 2", "Anna"),
    ('"Dora" behauptet: Bruno verliert 2', "Dora"),
])
def test_a_claim_in_each_language(line, by):
    claim = parse(CAMPLI + line + "\n")["claim"]
    assert claim == ({"by": by} if by else {}) | {"loses": ["Bruno", "Bruno"]}


@pytest.mark.parametrize("word", ["shown", "mostrate", "scoperte", "gezeigt", "montrées", "vist"])
def test_the_cards_shown_in_each_language(word):
    history = parse(CAMPLI + f"{word}: Anna V, Bruno II, Carla XII, Dora X\n")["history"]
    assert history[-4:] == [{"shows": "Anna", "card": "V"}, {"shows": "Bruno", "card": "II"},
                            {"shows": "Carla", "card": "XII"}, {"shows": "Dora", "card": "X"}]


def test_a_german_claim_is_ruled_upheld(tmp_path):
    path = tmp_path / "deal.txt"
    path.write_text(CAMPLI + "gezeigt: Anna V, Bruno II, Carla XII, Dora X\nDora behauptet: Bruno verliert 2\n",
                    encoding="utf-8")
    out = io.StringIO()
    assert main(["--format", "json", str(path)], stdout=out, stderr=io.StringIO()) == 0
    record = json.loads(out.getvalue())
    assert record["claim"]["by"] == "Dora" and record["claim"]["verdict"] == "upheld"


# Coucou (Académie 1725): five players, so the piquet pack, ace lowest and king highest (F1).
# Anna deals; Bruno, Carla and Dora keep; François, the last player, asks to exchange, and the
# talon's top card is a king: no exchange (F4).  The dealer keeps his card (F4).  At the
# showdown François's 7 is the lowest (F5): he loses a mark.
COUCOU = """\
Ruleset: coucou
Players: Anna, Bruno, Carla, Dora, François
Dealer: Anna

Bruno: 9, je garde
Carla: 10, je garde
Dora: dame, je garde
François: 7, je change, talon roi
Anna: valet, je garde
"""


def test_coucous_talon_king_on_the_players_line_is_the_talons_top():
    doc = parse(COUCOU)
    assert doc["stack"] == {"top": "K"}
    assert {"offer": "François"} in doc["history"]
    assert not any("stack-exchange" in e for e in doc["history"])


def test_coucous_talon_king_is_ruled_by_f4_and_the_claim_upheld(tmp_path):
    path = tmp_path / "deal.txt"
    path.write_text(COUCOU + "claim by François: François perd\n", encoding="utf-8")
    out = io.StringIO()
    assert main(["--format", "json", str(path)], stdout=out, stderr=io.StringIO()) == 0
    record = json.loads(out.getvalue())
    # F5: François's 7 is lowest; F2: the first hand, Bruno, deals next
    # (the verdict says why: issue 24 §1)
    assert [o["verdict"] for o in record["outcomes"]] == [
        "François loses a mark: the lowest card, 7 (F5). Next dealer: Bruno."]
    assert record["claim"]["verdict"] == "upheld"
    assert "K12" not in out.getvalue()


def test_a_talon_king_against_the_stack_line_is_refused_at_its_line(tmp_path):
    # the 'Stack:' line says the talon's top is a queen, the player's line a king: the line stays
    # an exchange with the talon for the position's layers to judge (so that every position
    # document reads back as itself), and they refuse it at that line
    path = tmp_path / "deal.txt"
    path.write_text(COUCOU.replace("Dealer: Anna\n", "Dealer: Anna\nStack: top dame\n"), encoding="utf-8")
    out = io.StringIO()
    assert main([str(path)], stdout=out, stderr=io.StringIO()) == 1
    assert "deal.txt:9:" in out.getvalue()
    assert parse(COUCOU.replace("Dealer: Anna\n", "Dealer: Anna\nStack: top dame\n"))["history"][-3] == {
        "stack-exchange": "François", "card": "K"}
    # the refusal is Coucou's own rule, F4 (the talon's card), never Campli's K9 (issue 24 §4)
    assert "[F4 (" in out.getvalue() and "[K" not in out.getvalue()


def coucou_taking_the_talons_king(stack=None) -> dict:
    """COUCOU in JSON, but François's request written as an exchange that takes the talon's king."""
    doc = parse(COUCOU)
    del doc["stack"]
    if stack is not None:
        doc["stack"] = stack
    at = doc["history"].index({"offer": "François"}) + 1
    doc["history"].insert(at, {"stack-exchange": "François", "card": "K"})
    return doc


def test_an_exchange_that_takes_the_talons_king_is_refused_under_f4():
    # F4 (seed 003 §Spielverlauf): "Sollte diese Karte ein König sein, ist kein Kartentausch
    # erlaubt": François cannot have taken the king; the refusal cites F4, not Campli's horse (K12)
    code, record, _ = adjudicate_document(coucou_taking_the_talons_king(), "x", False)
    assert code == 1
    assert [(p["path"], p["rule"]) for p in record["problems"]] == [("$.history[8]", "F4")]


def test_normalise_keeps_the_refusal_of_an_exchange_that_takes_the_talons_king():
    # normalise changes no ruling: the illegal exchange stays illegal (before: it became the
    # talon's top card and a legal deal, ruled where the JSON was refused)
    doc = coucou_taking_the_talons_king()
    assert normalise(doc)["history"] == doc["history"]
    assert adjudicate_document(normalise(doc), "x", False)[:2] == adjudicate_document(doc, "x", False)[:2]


def test_format_refuses_an_exchange_that_takes_the_talons_king_with_its_path():
    # 'François: 7, je change, talon K' would read back as the legal deal (the king met on the
    # talon, F4), not as this document: refused, with the path and F4
    with pytest.raises(ValueError) as err:
        format(coucou_taking_the_talons_king())
    assert str(err.value).startswith("$.history[8].card: François cannot have taken K from the talon")
    assert "(F4)" in str(err.value)


def test_a_talon_top_that_contradicts_the_exchange_round_trips_and_is_refused_under_f4():
    # the hypothesis example of issue 24 §4: the talon's top is an ace, the exchange says it
    # gave a king.  The notation writes and reads it as it is; the adjudicator refuses it (the
    # card taken from the talon is its top, F4), at the exchange's line
    doc = {"format": "cucu-position/1", "ruleset": "coucou", "players": ["Anna", "Anna Maria"], "dealer": "Anna",
           "stack": {"top": "A"}, "dealt": {}, "shown": {},
           "history": [{"deal": "Anna"}, {"stack-exchange": "Anna Maria", "card": "K"}]}
    assert parse(format(doc)) == normalise(doc)
    five = coucou_taking_the_talons_king({"top": "A"})
    assert parse(format(five)) == normalise(five)
    code, record, _ = adjudicate_document(format(five), "x", False)
    assert code == 1 and [p["rule"] for p in record["problems"]] == ["F4"]


def test_a_forgotten_bang_suggests_the_call():
    with pytest.raises(NotationError) as err:
        parse(CAMPLI.replace("Carla: gnaf!\n", "Carla: XII, gnaf\n"))
    e = err.value
    assert (e.line, e.column, e.rule) == (6, 13, "C2")
    assert e.message == ("'gnaf' reads as a second card dealt to Carla, after XII on this line; "
                         "a call is written with '!': 'gnaf!'")


def test_a_missing_ruleset_line_is_reported_alone():
    with pytest.raises(NotationError) as err:
        parse(CAMPLI.replace("Ruleset: campli\n", ""))
    assert [(e.line, e.column, e.message) for e in err.value.errors] == [
        (1, 1, "no 'Ruleset:' line: a deal names its ruleset, its players in seat order and its dealer")]
