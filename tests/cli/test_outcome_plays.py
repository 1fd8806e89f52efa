"""Issue 24 §1/§5: an outcome's steps true of all of it, in the JSON ruling.

An outcome groups the cases of the unknown cards that decide alike; where unknown cards also
change what happens during the deal (a talon's king, F4; a card cut from the stock, S4), its
cases are reached by several plays, and its ``steps`` are one play's.  The record now says so:
``shared_steps`` (how many of ``steps`` hold in every case) and ``plays`` (each play's ``when``
and its own steps after the shared ones), present only there (specs/ruling-1.schema.json).

The position is worked out by hand from seed 003 (the German article 'Coucou (Kartenspiel)');
each expectation names its rule and section."""

from __future__ import annotations

import io
import json
import os

import jsonschema
import pytest

from cucu_ref.cli.adjudicate import main
from cucu_ref.formats.position import schema

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# Coucou, five players (F1, §Spielkarten: 'von fünf bis zwanzig Spielern'; under seven, the
# piquet pack of 32 cards, A 7 8 9 10 V D R, ace lowest, king highest).  Emil deals (F2,
# §Kartengeben) and keeps the dame of his three cards; Anna is dealt 9, Bruno 10, Carla the
# valet, Dora a card nobody saw.  Anna, Bruno and Carla keep ('Ich behalte', F3, §Spielverlauf).
# Dora, 'der letzte Spieler links vom Geber', exchanges 'nicht mit dem Geber, sondern die Karte
# auf dem Talon. Sollte diese Karte ein König sein, ist kein Kartentausch erlaubt' (F4): the
# talon's top card, which nobody saw either, decides whether she exchanges.  Emil keeps (F4,
# 'Der Geber muss die zu Beginn gewählte Karte behalten').  At the showdown the lowest loses a
# mark, ties each (F5, §Spielverlauf).
COUCOU = {"format": "cucu-position/1", "ruleset": "coucou",
          "players": ["Anna", "Bruno", "Carla", "Dora", "Emil"], "dealer": "Emil",
          "history": [{"deal": "Anna", "card": "9"}, {"deal": "Bruno", "card": "10"}, {"deal": "Carla", "card": "J"},
                      {"deal": "Emil", "card": "Q"}, {"keep": "Anna"}, {"keep": "Bruno"}, {"keep": "Carla"},
                      {"offer": "Dora"}, {"keep": "Emil"}]}

ALL = ["K", "Q", "J", "10", "9", "8", "7", "A"]  # the piquet pack's ranks, highest first (F1)
DEALT, TALON = "Dora's dealt card", "the top card of the stack"


def _record(tmp_path, doc: dict) -> dict:
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    out = io.StringIO()
    assert main(["--format", "json", str(path)], stdout=out, stderr=io.StringIO()) == 0
    return json.loads(out.getvalue())


def _losers(outcome: dict) -> list[str]:
    return sorted(x["player"] for x in outcome["result"]["marks_lost"])


def test_one_outcome_reached_by_two_plays_gives_each_play_s_steps(tmp_path):
    record = _record(tmp_path, COUCOU)
    jsonschema.validate(record, schema("ruling-1"), cls=jsonschema.Draft202012Validator)
    outcomes = {tuple(_losers(o)): o for o in record["outcomes"]}
    # Dora's card at the showdown is her dealt card if the talon's top card is a king (F4: no
    # exchange), the talon's card otherwise; lower than Anna's 9 she alone loses (F5), so Dora
    # alone loses in two plays: the talon holds 8, 7 or an ace (whatever she was dealt), or a
    # king and she was dealt 8, 7 or an ace.
    dora = outcomes[("Dora",)]
    assert [x["rule"] for x in dora["result"]["marks_lost"]] == ["F5"]
    shared = dora["shared_steps"]
    # every case shares the deal and the three keeps (F2, F3); the plays part at Dora's entry
    assert [s["at"] for s in dora["steps"][:shared]] == [None] * 7 + [f"$.history[{i}]" for i in (4, 5, 6)]
    assert all(s["at"] != "$.history[7]" for s in dora["steps"][:shared])
    plays = {json.dumps(p["when"], sort_keys=True): p for p in dora["plays"]}
    exchange = plays[json.dumps([{DEALT: ALL, TALON: ["8", "7", "A"]}], sort_keys=True)]
    king = plays[json.dumps([{DEALT: ["8", "7", "A"], TALON: ["K"]}], sort_keys=True)]
    assert len(plays) == 2
    for play in (exchange, king):
        # each play's own steps: Dora's request (F3), the talon (F4), Emil keeps (F4), the
        # showdown and Dora's mark (F5), Anna, the first hand, deals next (F2: 'die Vorhand, die
        # der nächste Geber wird')
        assert [(s["at"], s["rule"]) for s in play["steps"]] == [
            ("$.history[7]", "F3"), ("$.history[7]", "F4"), ("$.history[8]", "F4"), ("$.history[8]", "F5"),
            ("$.history[8]", "F5"), ("$.history[8]", "F2")]
    assert "roi" in king["steps"][1]["text"] and "exchanges" not in king["steps"][1]["text"]
    assert "exchanges" in exchange["steps"][1]["text"]
    # the two ways Dora ties Anna's 9 (F5: 'zwei od. mehrere Spieler verlieren'): she takes the
    # talon's 9, or she was dealt 9 and the talon's king leaves it with her
    tie = outcomes[("Anna", "Dora")]
    assert sorted(json.dumps(p["when"], sort_keys=True) for p in tie["plays"]) == sorted(
        json.dumps(w, sort_keys=True) for w in ([{DEALT: ALL, TALON: ["9"]}], [{DEALT: ["9"], TALON: ["K"]}]))


def test_an_outcome_that_plays_alike_in_every_case_has_no_plays(tmp_path):
    # The talon's top card given as a king (F4): Dora may not exchange in any case, so the
    # outcomes (decided by her dealt card alone, F5) each play alike: no shared_steps, no plays.
    record = _record(tmp_path, {**COUCOU, "stack": {"top": "K"}})
    assert len(record["outcomes"]) == 3
    assert not any("shared_steps" in o or "plays" in o for o in record["outcomes"])


def _split(outcome: dict, **fields) -> dict:
    """``outcome`` (a ruling's) said as split into two plays after its first step, with ``fields``
    over the new ones."""
    plays = [{"when": outcome["when"], "steps": outcome["steps"][1:]}] * 2
    return {**outcome, "shared_steps": 1, "plays": plays, **fields}


@pytest.mark.parametrize("fields, valid", [
    ({}, True),
    ({"shared_steps": None}, False),
    ({"shared_steps": -1}, False),
    ({"plays": [{"when": [], "steps": []}]}, False),  # a single play is no split
    ({"plays": [{"when": [], "steps": []}, {"steps": []}]}, False),
    ({"plays": [{"when": [], "steps": []}, {"when": [], "steps": [], "if": "x"}]}, False),
    ({"plays": [{"when": [], "steps": []}, {"when": [], "steps": [{"text": "x"}]}]}, False),
])
def test_the_schema_reads_shared_steps_and_plays(tmp_path, fields, valid):
    # the schema (both copies: tests/position/test_schemas.py) takes the new fields, and only as
    # they are promised
    record = _record(tmp_path, COUCOU)
    checker = jsonschema.Draft202012Validator(schema("ruling-1"))
    outcome = _split(record["outcomes"][0], **fields)
    if fields.get("shared_steps", 0) is None:
        outcome.pop("shared_steps")  # plays come only with shared_steps, and shared_steps with plays
    assert checker.is_valid({**record, "outcomes": [outcome]}) is valid
    alone = {k: v for k, v in _split(record["outcomes"][0]).items() if k != "plays"}
    assert not checker.is_valid({**record, "outcomes": [alone]})


def _steps_text(tmp_path, doc: dict) -> str:
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    out = io.StringIO()
    assert main(["--steps", str(path)], stdout=out, stderr=io.StringIO()) == 0
    return out.getvalue()


def test_steps_text_gives_each_play_and_never_one_play_as_every_case(tmp_path):
    """``--steps`` (which the short account points to: 'from here the play depends on the cards:
    --steps gives each case') tells what holds in every case, then each play of each case.  In the
    position above F4 decides Dora's turn: 'Sollte diese Karte ein König sein, ist kein
    Kartentausch erlaubt' (seed 003, §Spielverlauf): with a king on the talon she keeps her card,
    with any other card she exchanges with it; so neither is true 'in every case'."""
    text = _steps_text(tmp_path, COUCOU)
    account = text.partition("How it went (in every case):")[2]
    every, _, cases = account.partition("  Case 1, if ")
    assert "Anna keeps the card ('Ich behalte')" in every  # F3: the three keeps hold in every case
    assert "may not exchange" not in every and "exchanges the card with the talon" not in every
    cases = cases.partition("Result, case by case:")[0]
    # Case 3, Dora alone loses (F5): two plays, the talon's 8, 7 or ace taken (whatever she was
    # dealt), or a king there and her own 8, 7 or ace kept
    third = cases.partition("Case 3, if ")[2]
    plays = third.split("    Play ")[1:]
    assert len(plays) == 2
    exchange, king = plays
    assert exchange.startswith("1, where Dora's dealt card: any card and the card on the talon: 8, 7 or as:")
    assert "Dora exchanges the card with the talon -- F4" in exchange and "may not exchange" not in exchange
    assert king.startswith("2, where Dora's dealt card: 8, 7 or as and the card on the talon: roi:")
    assert "the card on the talon is a roi: Dora may not exchange with it -- F4" in king
    assert "Dora loses a mark -- F5" in exchange and "Dora loses a mark -- F5" in king
    # a case's part that begins inside a history entry is headed as the entry, not by its path
    assert "$.history[8]:" not in text
