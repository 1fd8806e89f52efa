"""The end of a match in each of the nine presets, as a table reads it (issue 24 §2/§3): the step
that names the winner cites that game's rule, never another game's, and says the winner's pot
as that game's source says it.

Each position, worked by hand: the last two players hold one mark (life) each, everybody else
is out (0).  The non-dealer Anna ends with the lower card, Bruno (the dealer) with the higher;
both keep.  The lowest card loses its mark, Anna has none left and is out, and Bruno is the last
one left: he wins.  What he takes, by each game's source:
  * Campli (K1, K3; seed 000 §Spieler, Einsatz, Spielrunde): 'Jeder Spieler zahlt einen
    vereinbarten Einsatz in den Pott', 'wer am Ende übrig bleibt, gewinnt den Pott': 3 players,
    3 stakes.  Lu Stù and Zeh are Campli's game with their differences (seed 000: Zeh's 'Die
    Zahl der Marken, die jeder Spieler für seinen Einsatz erhält'), so K3 as well.
  * Coucou, As Qui Court, Hère (F6; seed 003 §Gewinn): 'Der so gebildete Pool bildet den
    Einsatz, den der Gewinner erhält': 5 players (F1's least), 5 stakes; Hère as Coucou «nach
    den traditionellen Regeln» (H2).
  * Screw Your Neighbour (S1, S5): a stake each in the pot for the winner, the last one left
    wins: 3 stakes.
  * Ranter-Go-Round (R1, R4): no stake; the last player left 'is declared the winner'.
  * The digital game (D1): lives without money value, no stake: no pot to take.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from tests.helpers import ruling_text, ruling_text_any


def _player(name: str, marks: int) -> dict:
    return {"name": name, "marks": marks, "virgin": False}


def _position(ruleset: str, low: str, high: str, interleaved: bool, seats: int) -> dict:
    players = [_player("Anna", 1), _player("Bruno", 1)] + [_player(n, 0) for n in ("Carla", "Dora", "Emil")[:seats - 2]]
    if interleaved:  # K4, D2: each decides before the next card is dealt
        history = [{"deal": "Anna", "card": low}, {"keep": "Anna"}, {"deal": "Bruno", "card": high}, {"keep": "Bruno"}]
    else:  # Z3, F2, H1, R2, S2: every card is dealt before play begins
        history = [{"deal": "Anna", "card": low}, {"deal": "Bruno", "card": high}, {"keep": "Anna"}, {"keep": "Bruno"}]
    return {"format": "cucu-position/1", "ruleset": ruleset, "players": players, "dealer": "Bruno",
            "history": history, "claim": {"by": "Bruno", "winner": "Bruno"}}


# preset -> (position, the winner's step as it ends, the rule families the ruling may cite)
GAMES = {
    "campli": (_position("campli", "V", "VII", True, 3), "Bruno wins the match and the pot (3 stakes) (K15, K16, K3)",
               "K"),
    "lu-stu": (_position("lu-stu", "V", "VII", True, 3), "Bruno wins the match and the pot (3 stakes) (K15, K16, K3)",
               "LK"),
    "zeh-1769": (_position("zeh-1769", "V", "VII", False, 3),
                 "Bruno wins the match and the pot (3 stakes) (Z6, Z10, K3)", "ZK"),
    "coucou": (_position("coucou", "8", "10", False, 5), "Bruno wins the match and the pot (5 stakes) (F5, F6)", "F"),
    "as-qui-court": (_position("as-qui-court", "8", "10", False, 5),
                     "Bruno wins the match and the pot (5 stakes) (F5, F6)", "FA"),
    "here": (_position("here", "5", "7", False, 3), "Bruno wins the match and the pot (3 stakes) (H1, F5, F6)", "HF"),
    "ranter-go-round": (_position("ranter-go-round", "5", "7", False, 3), "Bruno wins the match (R4)", "RP"),
    "screw-your-neighbour": (_position("screw-your-neighbour", "5", "7", False, 3),
                             "Bruno wins the match and the pot (3 stakes) (S5)", "SP"),
    "digital-4p": (_position("digital-4p", "V", "VII", True, 4), "Bruno wins the match (D7, D8, D1)", "D"),
}


@pytest.mark.parametrize("name", list(GAMES))
def test_the_winner_is_said_by_his_games_rule_with_his_games_pot(tmp_path: Path, name: str) -> None:
    position, winner_step, families = GAMES[name]
    text = ruling_text(tmp_path, position)
    showdown = next(line for line in text.splitlines() if line.strip().startswith("Showdown:"))
    assert showdown.endswith(winner_step), showdown
    assert "0 stakes" not in text and "pot 0" not in text
    # every rule the ruling cites is its own game's (or the project's reading where it is silent)
    cited = set(re.findall(r"\b([KLZFAHRSDPQ]\d+)\b", text))
    assert cited and all(rule[0] in families for rule in cited), sorted(cited)


@pytest.mark.parametrize("name", ["ranter-go-round", "digital-4p"])
def test_a_game_without_a_stake_names_no_pot_in_german_either(tmp_path: Path, name: str) -> None:
    # R1/R4 and D1: no stake, so no 'Pott (0 Einsätze)'
    text = ruling_text(tmp_path, GAMES[name][0], "--language", "de")
    assert "Bruno gewinnt die Partie (" in text
    assert "Pott" not in text and "Einsätze" not in text


# --------------------------------------------------------------------------- refusals, each by its game's rule

def _three(ruleset: str, dealer: str, history: list) -> dict:
    return {"format": "cucu-position/1", "ruleset": ruleset, "players": ["Anna", "Bruno", "Carla"],
            "dealer": dealer, "history": history}


def _problem(tmp_path: Path, position: dict) -> dict:
    record = json.loads(ruling_text_any(tmp_path, position, "--format", "json"))
    (problem,) = record["problems"]
    return problem


@pytest.mark.parametrize("ruleset, rule", [("ranter-go-round", "R2"), ("screw-your-neighbour", "S2")])
def test_a_deal_written_out_of_order_is_refused_by_the_games_own_dealing_rule(tmp_path: Path, ruleset: str,
                                                                                rule: str) -> None:
    # R2 (Cassell: the player on the dealer's left begins), S2 ('beginning with the player to dealer's
    # left'): play goes left, seats are in play order, so with Bruno dealing the deal goes Carla, Anna,
    # Bruno.  The table wrote Carla's card third, after the dealer's: she was dealt before.  The
    # refusal cites the game's rule and says 'left', never Campli's K4 'round to the right'
    history = [{"deal": "Anna", "card": "2"}, {"deal": "Bruno", "card": "9"}, {"deal": "Carla", "card": "9"}]
    problem = _problem(tmp_path, _three(ruleset, "Bruno", history))
    assert problem["path"] == "$.history[2]" and problem["rule"] == rule
    assert "deals round to the left, one card each, starting with the player left of the dealer" in problem["message"]


@pytest.mark.parametrize("ruleset, rule", [("ranter-go-round", "R2"), ("screw-your-neighbour", "S2")])
def test_the_dealers_offer_is_refused_because_he_decides_last(tmp_path: Path, ruleset: str, rule: str) -> None:
    # R2: the dealer 'has no one with whom he can exchange' and may take the top card of the pack
    # instead; S2: the dealer's turn ends the round.  Carla deals and has exchanged nothing: the reason
    # is not R2's 'no player may exchange more than once'
    history = [{"deal": "Anna", "card": "2"}, {"deal": "Bruno", "card": "9"}, {"deal": "Carla", "card": "5"},
               {"keep": "Anna"}, {"keep": "Bruno"}, {"offer": "Carla"}]
    problem = _problem(tmp_path, _three(ruleset, "Carla", history))
    assert problem["path"] == "$.history[5]" and problem["rule"] == rule
    assert f"the dealer decides last: nobody comes after the dealer to offer the card to ({rule})" in problem["message"]
    assert "more than once" not in problem["message"]
