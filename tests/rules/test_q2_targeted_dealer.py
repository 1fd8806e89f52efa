"""Q2 at the dealer: does a dealer whose event card was targeted still make his K8 decision?

Seed 000 §Ereigniskarten: after an arresto "Die Tauschrunde wird mit dem Spieler rechts vom
Kuckuck fortgesetzt"; right of the dealer nobody is left, so the round is over ('no').  §Geben
und Kartentausch: "So geht das reihum bis zum Geber, der sich nach Ansicht seiner Karte
entscheidet" ('yes': the dealer always decides last, K8).
"""

from __future__ import annotations

import pytest

from cucu_ref.game.rulesets import preset
from cucu_ref.game.state import Phase
from tests.helpers import card, kinds, play, table

CAMPLI = preset("campli")
YES = CAMPLI.with_options({"targeted_dealer_decides": "yes"})


@pytest.mark.parametrize("dealer_card", ["XV", "XIIII", "XII", "XIII"])
def test_default_the_round_ends_at_a_targeted_dealer(dealer_card):
    state, events = play(table(CAMPLI, 3), f"V VI {dealer_card}", ["keep", "offer"], top="IX")
    assert "showdown" in kinds(events) and state.phase == Phase.SHUFFLE


@pytest.mark.parametrize("dealer_card", ["XV", "XIIII", "XII", "XIII"])
def test_yes_the_dealer_still_decides(dealer_card):
    state, events = play(table(YES, 3), f"V VI {dealer_card}", ["keep", "offer"], top="IX")
    assert "showdown" not in kinds(events)
    assert state.phase == Phase.DECIDE and state.actor == 2 and state.hands[2] == card(dealer_card)


def test_yes_with_the_horse_the_offerer_still_takes_the_top_card_first():
    # K12: "Falls der Angefragte der Geber ist, tauscht der Anbieter mit der obersten Karte vom Stapel."
    state, _ = play(table(YES, 3), "V VI XIII", ["keep", "offer"], top="IX")
    assert state.hands[1] == card("IX") and state.actor == 2
