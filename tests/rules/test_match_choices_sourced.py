"""Three match-level choices the engine was said to make silently (last session's assurance
work); the sources decide them (no option), and these tests pin the sources' answers: who deals
after everybody went out in one deal, who deals past a player who is out, and whether a declined
buy-back (K17) is final (the last test).

After a restart (K18, D8, Z11): Farina's 'Nach jedem Spiel gibt der Spieler rechts vom Geber zum
nächsten Spiel' (K2, seed 000 §Spieler, Einsatz, Spielrunde) names every deal, the one in which
all went out too; K18's 'das Spiel geht sozusagen von vorn los' gives everybody his marks again
('sozusagen': so to speak), it names no new draw for the first dealer, which would seat the table
anew as well (K2).  The German account's 'Spiel' is the deal ('nach Ende des Spiels', 'in einem
Spiel alle ... ausscheiden'), so Zeh's draw, 'es wird ein neues Spiel mit allen Spielern
gespielt' (Z11), is a new deal, dealt as every deal.  The digital game moves the dealer 'til den
næste overlevende plads hver runde' (D2, seed 004), every round.

Past a player who is out: 'Wer seine letzte Marke verloren hat, scheidet aus' (K1, K16): he has
left the game, and K2's 'Spieler rechts vom Geber' is the next one still playing (Campli's case
is tests/rules/test_campli_rules.py::test_k2_a_player_who_is_out_is_passed_over_as_dealer); the
digital game says so, 'den næste overlevende plads' (D2)."""

from __future__ import annotations

import pytest

from cucu_ref.game.rulesets import PRESETS
from cucu_ref.game.state import Phase
from tests.helpers import kinds, play, table


@pytest.mark.parametrize("name, event", [("campli", "restart"), ("zeh-1769", "draw"), ("lu-stu", "restart")])
def test_after_everybody_went_out_the_player_right_of_the_dealer_deals(name: str, event: str) -> None:
    # K19's worked example (seed 000 §Endspiel zu zweit) at a table of three: non-dealer Andrea V,
    # dealer Beatrice XIIII, both on one mark, Chiara out before; Andrea offers, is shot (K11),
    # Beatrice's card is then the only live one and she goes out too: everybody is out (K18, Z11)
    rules = PRESETS[name]
    state = table(rules, ["Andrea", "Beatrice", "Chiara"], dealer=1, marks=[1, 1, 0], virgins=[False] * 3)
    deal = "V XIIII"
    if name == "lu-stu":
        # L12: in Lu Stù only a fool takes the last two out together; Andrea keeps V, Beatrice
        # holds the fool: 'lu matt paga e fa pagare' (L4), both lowest
        deal = "V matto"
    state, events = play(state, deal, ["keep", "keep"] if name == "lu-stu" else ["offer"])
    assert event in kinds(events) and state.phase == Phase.SHUFFLE
    assert state.marks == (rules.initial_marks,) * 3
    assert state.dealer == 2  # K2: Chiara, right of Beatrice, who dealt the deal all went out in


def test_digital_d8_return_then_d2_the_next_seat_deals() -> None:
    # D8: 'vender alle fire spillere tilbage med tre liv'; D2: the dealer moves 'til den næste
    # overlevende plads hver runde'.  Seats 0 and 1 are out; 2 and 3 on one life each, 3 deals:
    # seat 2 keeps V, the dealer keeps the fool, which ties with the lowest card (D7): both lose
    # their last life
    state = table(PRESETS["digital-4p"], 4, dealer=3, marks=[0, 0, 1, 1], virgins=[False] * 4)
    state, events = play(state, "V matto", ["keep", "keep"])
    assert "restart" in kinds(events) and state.marks == (3, 3, 3, 3)
    assert state.dealer == 0  # the seat after the dealer, everybody back


def test_digital_d2_passes_over_a_seat_without_lives() -> None:
    # D2: 'Dealeren flytter til den næste overlevende plads': seat 0, after the dealer, is out
    state = table(PRESETS["digital-4p"], 4, dealer=3, marks=[0, 2, 2, 2], virgins=[False] * 4)
    state, _ = play(state, "0 V VI", ["keep", "keep", "keep"])
    assert state.marks[1] == 1 and state.phase == Phase.SHUFFLE
    assert state.dealer == 1  # seat 0 has no lives: the next surviving seat deals


def test_k17_a_declined_buy_back_is_not_offered_again() -> None:
    # K17's worked example (seed 000 §Wiedereintritt ins Spiel): 'Wenn Andrea, Beatrice und
    # Chiara in dieser Reihenfolge ausscheiden, sich Andrea zurückkauft, Beatrice aber nicht, dann
    # müsste Chiara als Drittausgeschiedene den vierfachen Einsatz zahlen'.  Dora never loses a
    # mark: a virgin remains throughout.  Beatrice's decline is final, as the source has it: the
    # decision is the one 'ob ein ausscheidender Spieler sich entscheidet sich wieder
    # zurückzukaufen' (K17), taken after the deal he went out in (L11: Lu Stù's players 'müssen
    # sich sofort und nicht erst nach Spielende entscheiden'), so at Chiara's deal only she is asked.
    from cucu_ref.game.rulesets import preset

    state = table(preset("campli"), ["Andrea", "Beatrice", "Chiara", "Dora"], dealer=3, marks=[1, 1, 1, 3],
                  virgins=[False, False, False, True])
    state, first = play(state, "0 V VI VII", ["keep"] * 4 + ["buy"])  # Andrea lowest, out, buys back
    assert [(e.seat, e.amount) for e in first if e.kind == "buy-back-offer"] == [(0, 1)]
    assert state.dealer == 0 and state.marks == (3, 1, 1, 3)
    state, second = play(state, "0 V VI VII", ["keep"] * 4 + ["decline"])  # Beatrice lowest, declines
    assert [(e.seat, e.amount) for e in second if e.kind == "buy-back-offer"] == [(1, 2)]
    assert state.dealer == 2  # K2: Beatrice, right of Andrea, is out (K16)
    state, third = play(state, "V VI 0", ["keep"] * 3)  # Dora, Andrea, then Chiara deals herself 0
    assert [(e.seat, e.amount) for e in third if e.kind == "buy-back-offer"] == [(2, 4)]
    assert state.virgins[3] and state.marks[3] == 3  # a virgin remains, and Beatrice is not asked
    assert state.phase == Phase.BUY_BACK and state.actor == 2
