"""Ranter-Go-Round's stake and winner (issue 24 §2): what the ruling of a match's end says.

Seed 003 (§Geschichte, §Literatur) only names the game and cites Cassell's Book of In-door
Amusements (1881), pp. 125-126; the digest reads that text as R1-R5 (§7b).  Cassell gives each
player 'three counters, or lives' (R1); a counter goes to the pool with each life lost, and the
one left when all the others are out 'is declared the winner' (R4).  No stake is paid in, and
the text does not say that the winner takes the pool.  So the ruleset plays for no stake, and
the ruling of the match's end names the winner by R4 and no pot.  (Before: the stake of Coucou,
the base the ruleset is written against, was inherited silently, and the ruling read 'Bruno wins
the match and the pot (3 stakes) (R4)', a pot R4 never names.)

The position, worked by hand: Anna and Bruno are the last two, one life each; Carla is out.
Bruno deals; play goes left (R2), Anna first.  Anna is dealt 5 and keeps it, Bruno 9 and keeps
it.  R4: the lowest card, Anna's 5, loses a life; Anna has none left and is out; Bruno is the
last player left and is declared the winner.  Pot: nobody paid a stake (R1, R4): 0.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cucu_ref.game.rulesets import PRESET_REASONS, PRESETS
from tests.helpers import ruling_text

LAST_TWO = {
    "format": "cucu-position/1",
    "ruleset": "ranter-go-round",
    "players": [{"name": "Anna", "marks": 1, "virgin": False}, {"name": "Bruno", "marks": 1, "virgin": False},
                {"name": "Carla", "marks": 0, "virgin": False}],
    "dealer": "Bruno",
    "history": [{"deal": "Anna", "card": "5"}, {"deal": "Bruno", "card": "9"}, {"keep": "Anna"}, {"keep": "Bruno"}],
    "claim": {"by": "Bruno", "winner": "Bruno"},
}


def test_the_preset_plays_for_no_stake_and_says_why() -> None:
    # R1, R4: counters are lives, the pool holds lost lives; no stake is named
    assert PRESETS["ranter-go-round"].stake == 0
    assert PRESETS["coucou"].stake == 1  # (F6: «Wird das Spiel um Einsätze gespielt»: the base keeps its own)
    reason = PRESET_REASONS["ranter-go-round"]["stake"]
    assert "R1" in reason and "R4" in reason and "declared the winner" in reason


@pytest.mark.parametrize("language, wins, pot_words", [
    ("en", "Bruno wins the match (R4)", ("pot", "stake")),
    ("de", "Bruno gewinnt die Partie (R4)", ("Pott", "Einsatz", "Einsätze")),
])
def test_the_last_player_left_is_declared_the_winner_and_takes_no_pot(tmp_path: Path, language: str, wins: str,
                                                                       pot_words: tuple[str, ...]) -> None:
    text = ruling_text(tmp_path, LAST_TWO, "--language", language)
    assert wins in text, text  # R4: 'declared the winner', the step that says it cites R4
    for word in pot_words:  # no pot of stakes R4 never names, nor 'pot 0'
        assert word not in text, (word, text)
    assert "BESTÄTIGT" in text or "UPHELD" in text  # Bruno's claim that he wins


def test_the_json_ruling_has_the_winner_and_an_empty_pot(tmp_path: Path) -> None:
    record = json.loads(ruling_text(tmp_path, LAST_TWO, "--format", "json"))
    (outcome,) = record["outcomes"]
    result = outcome["result"]
    assert result["winner"] == "Bruno" and result["out"] == ["Anna"]
    assert result["marks"] == {"Anna": 0, "Bruno": 1, "Carla": 0}
    assert result["pot"] == 0  # R1, R4: nobody paid a stake


def test_a_table_that_agrees_a_stake_has_its_winner_take_the_pot(tmp_path: Path) -> None:
    # the table's agreement (as K1, S1), not Cassell's: one stake each of three players, 3
    position = dict(LAST_TWO, ruleset={"preset": "ranter-go-round", "options": {"stake": 1}})
    assert "Bruno wins the match and the pot (3 stakes) (R4)" in ruling_text(tmp_path, position)
