"""Issue 24 §1 (stop 41): a player's marks kept, and a lowest card alone or tied, said as a person
says them.  Lu Stù's lowest card loses (K15, kept by Lu Stù) and of the tied lowest only the first
in play order (L3), so a player keeps his marks where his card is above a known card, or not the
lowest of the unknown ones: two facts, "Bruno was dealt VII or higher; or Bruno's dealt card is
higher than at least one of ...", where the JSON gave the cases' own conditions (up to 5,578 words
and 187 alternatives over stop 39's positions).  And the lowest card alone (K15) and tied (L3)
are one thing that happens to the player, with one condition ('the lowest card, K15/L3'), where
they were two, each with its own (bench_conditions: Lu Stù 67,865 words at 52b7506, 240,163 after
0d127e9 split the citations).

The expectations are worked out by hand from the source (seed 000, §Lu Stù, Montorio al Vomano:
"Haben mehrere Spieler die gleichniedrigste Karte, dann verliert nur der der Reihe nach erste
rechts vom Geber", L3; §Karten, the fools, C3/L4); tests/cli/test_many_outcomes.py's reader
reads each condition back over its cases (check_by_player)."""

from __future__ import annotations

import json

from test_conditions_ties_first import LU_STU_TIES  # (Anna VII first in play order, Emil X the dealer)
from test_many_outcomes import check_by_player
from test_ruling_conditions import ruled  # (a deal in the notation, ruled by cucu-adjudicate)


def _effects(record: dict, player: str) -> list[dict]:
    (effects,) = [p["effects"] for p in record["by_player"]["players"] if p["player"] == player]
    return effects


def test_lu_stu_marks_kept_above_a_known_card_or_not_the_lowest(tmp_path):
    record = json.loads(ruled(tmp_path, LU_STU_TIES, "--format", "json", "--no-readings"))
    # Bruno (second in play order, after Anna's VII) keeps his marks where his card is no fool and
    # VII or higher (a tie with Anna's VII is hers: she is first, L3), or higher than a card of
    # Carla's or Dora's that is no fool (that one is lower, K15; a lone Matto ranks with the lowest
    # other card, L4, so it is no lower card; two Matti rank above XV, C3)
    (stays,) = [e for e in _effects(record, "Bruno") if not e["marks_lost"] and not e["marks_gained"]]
    assert stays["if"] == ("Bruno was dealt VII or higher; or Bruno's dealt card is higher than at least one of "
                           "Carla's dealt card and Dora's dealt card that is not a fool")
    # Dora, the last of them in play order, keeps hers where her card is VII or higher, or ties or
    # is above a card of Bruno's or Carla's that is no fool (a tie is the earlier player's loss, L3)
    (stays,) = [e for e in _effects(record, "Dora") if not e["marks_lost"] and not e["marks_gained"]]
    assert stays["if"] == ("Dora was dealt VII or higher; or Dora's dealt card is not lower than at least one "
                           "of Bruno's dealt card and Carla's dealt card that is not a fool")
    assert check_by_player(record, "lu-stu") == 14


def test_lu_stu_the_lowest_alone_or_tied_is_one_effect(tmp_path):
    record = json.loads(ruled(tmp_path, LU_STU_TIES, "--format", "json", "--no-readings"))
    # Bruno loses where his card is below Anna's VII and no fool, and no card of Carla's or Dora's
    # that is no fool is lower: alone (K15) or tied, as the first of the tied (L3) -- one mark
    (lowest,) = [e for e in _effects(record, "Bruno") if e["marks_lost"] and e["marks_lost"] != ["L4"]]
    assert lowest["marks_lost"] == ["K15"] and lowest["tie_rule"] == "L3", lowest
    assert lowest["if"] == ("Bruno was dealt a card from Leone to VI and Bruno's dealt card is not higher than "
                            "any of Carla's dealt card and Dora's dealt card that is not a fool")
    # Dora is never first of a tie (Bruno and Carla are before her): her loss is K15's alone
    (dora,) = [e for e in _effects(record, "Dora") if e["marks_lost"] and e["marks_lost"] != ["L4"]]
    assert dora["marks_lost"] == ["K15"] and "tie_rule" not in dora, dora
