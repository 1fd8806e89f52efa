"""Issue 24 §1 (stop 42): a player's marks kept, said in a few ways, where four cards are unknown.

Lu Stù's lowest card loses (K15) and of the tied lowest only the first in play order (L3), so a
player keeps his marks where his card is above the known card, or above one of the unknown ones
that is no fool, or ties an earlier player's: a few ways, each a cut of the cards ('Bruno was dealt
VII or higher; or ...').  Five players with three cards unknown said it so already
(tests/cli/test_conditions_not_lowest.py); with a sixth player and four cards unknown the space
of the cards' kinds passed 20,000 points, where the search for such a split was not tried, and the
same player's condition was every case's chain (940 to 1,265 words for each player here).  The
ways are now found greedily within cuts counted on the space's bit sets (conditions._by_cuts), at
any size.

The expectations are worked out by hand from the source (seed 000, §Lu Stù, Montorio al Vomano:
"Haben mehrere Spieler die gleichniedrigste Karte, dann verliert nur der der Reihe nach erste
rechts vom Geber", L3; the lowest card loses a mark, K15; §Karten, the fools: a lone Matto ranks
with the lowest other card and loses as well, L4/C3, two Matti rank above XV, C3; two copies of
each card, C1); tests/cli/test_many_outcomes.py's reader reads each condition back over its
cases (check_by_player)."""

from __future__ import annotations

import json

from test_many_outcomes import check_by_player
from test_ruling_conditions import ruled  # (a deal in the notation, ruled by cucu-adjudicate)

# Everybody keeps (K5, K8); Anna (first right of the dealer Fabio) shows VII, Fabio X; Bruno's,
# Carla's, Dora's and Emil's cards are never shown.  Play order: Anna, Bruno, Carla, Dora, Emil, Fabio.
LU_STU_SIX = """\
Ruleset: lu-stu
Players: Anna, Bruno, Carla, Dora, Emil, Fabio
Dealer: Fabio

Anna: sto bene
Bruno: sto bene
Carla: sto bene
Dora: sto bene
Emil: sto bene
Fabio: sto bene
shown: Anna VII, Fabio X
"""


def _effects(record: dict, player: str) -> list[dict]:
    return [e for p in record["by_player"]["players"] if p["player"] == player for e in p["effects"]]


def _kept(record: dict, player: str) -> str:
    """The condition under which nothing happens to ``player`` (no mark lost or gained)."""
    (effect,) = [e for p in record["by_player"]["players"] if p["player"] == player for e in p["effects"]
                 if not e["marks_lost"] and not e["marks_gained"]]
    return str(effect["if"])


def test_lu_stu_marks_kept_with_four_cards_unknown(tmp_path):
    record = json.loads(ruled(tmp_path, LU_STU_SIX, "--format", "json", "--no-readings"))
    # Bruno, second in play order: a tie with Anna's VII is hers (L3), so he keeps his marks where
    # his card is VII or higher, or higher than a card of Carla's, Dora's or Emil's that is no fool
    # (that one is lower, K15; a lone Matto is no lower card, L4); a tie with them is his (he is first)
    assert _kept(record, "Bruno") == (
        "Bruno was dealt VII or higher; or Bruno's dealt card is higher than at least one of Carla's dealt card, "
        "Dora's dealt card and Emil's dealt card that is not a fool")
    # Emil, the last of them: every tie is an earlier player's loss (L3), so he keeps his marks where
    # his card is not lower than one of theirs that is no fool
    assert _kept(record, "Emil") == (
        "Emil was dealt VII or higher; or Emil's dealt card is not lower than at least one of Bruno's dealt card, "
        "Carla's dealt card and Dora's dealt card that is not a fool")
    assert check_by_player(record, "lu-stu") > 0


def test_lu_stu_a_tie_with_an_earlier_player_in_a_way_of_its_own(tmp_path):
    record = json.loads(ruled(tmp_path, LU_STU_SIX, "--format", "json", "--no-readings"))
    # Carla, third: she keeps her marks where her card is VII or higher, or higher than one of
    # Bruno's, Dora's and Emil's that is no fool (K15), or ties Bruno's (he is before her: the tie
    # is his loss, L3) -- where neither is a Matto: a pair of Matti is no tie of the lowest, C3
    ways = _kept(record, "Carla").split("; or ")
    assert sorted(ways) == sorted([
        "Carla was dealt VII or higher",
        "Bruno was not dealt a Matto and Bruno's dealt card ranks the same as Carla's dealt card",
        "Carla's dealt card is higher than at least one of Bruno's dealt card, Dora's dealt card and Emil's dealt "
        "card that is not a fool"]), ways
    # Dora, fourth: a tie with Bruno's or Carla's is theirs (L3), a tie with Emil's is hers
    ways = _kept(record, "Dora").split("; or ")
    assert sorted(ways) == sorted([
        "Dora was dealt VII or higher",
        "Dora's dealt card is not lower than at least one of Bruno's dealt card and Carla's dealt card that is "
        "not a fool",
        "Dora's dealt card is higher than at least one of Bruno's dealt card, Carla's dealt card and Emil's dealt "
        "card that is not a fool"]), ways


# Coucou, five players (the 32-card piquet pack, F1: fewer than seven players; as lowest, roi
# highest): everybody keeps but Dora, the last player, who exchanges with the card on the talon
# (F4, seed 003: "Der letzte Spieler links vom Geber tauscht keine Karte mit dem Geber, sondern die
# Karte auf dem Talon. Sollte diese Karte ein König sein, ist kein Kartentausch erlaubt"); Anna
# shows 7, the dealer Emil valet.  Bruno's, Carla's and Dora's dealt cards and the talon's are unknown.
COUCOU_TALON = """\
Ruleset: coucou
Players: Anna, Bruno, Carla, Dora, Emil
Dealer: Emil

Anna: je garde
Bruno: je garde
Carla: je garde
Dora: je change
Emil: je garde
shown: Anna 7, Emil valet
"""


def test_coucou_the_last_players_marks_on_each_side_of_the_talons_king(tmp_path):
    record = json.loads(ruled(tmp_path, COUCOU_TALON, "--format", "json", "--no-readings"))
    # Dora ends with the talon's card, or with her own where the talon holds a roi (F4), and loses a
    # mark where that card is the lowest (F5: all tied lowest lose): not above Anna's 7 (so 7 or
    # lower) and not above Bruno's card nor Carla's.  Below a roi that is the talon's card; with a
    # roi, her own (it was every case's chain: 325 words), each side said in its own way
    (lost,) = [e for e in _effects(record, "Dora") if e["marks_lost"]]
    assert sorted(lost["if"].split("; or ")) == sorted([
        "the card on the talon is 7 or lower and the card on the talon is not higher than the cards dealt to "
        "Bruno and Carla",
        "Dora was dealt 7 or lower and the card on the talon is a roi and Dora's dealt card is not higher than "
        "the cards dealt to Bruno and Carla"]), lost["if"]
    # her marks kept: the other side, four ways of 79 words (over summary.WALL_WORDS, stop 43's conds4),
    # is the part the text leaves unsaid, and the JSON says it by its cases ('otherwise'); its
    # cases are exactly those where she loses nothing
    (kept,) = [e for e in _effects(record, "Dora") if not e["marks_lost"]]
    assert kept["otherwise"] is True and not set(kept["outcomes"]) & set(lost["outcomes"])
    assert kept["if"] == f"in the other {len(kept['outcomes'])} cases (--steps lists them)"
    assert len(kept["outcomes"]) + len(lost["outcomes"]) == len(record["outcomes"])
    assert check_by_player(record, "coucou") > 0
