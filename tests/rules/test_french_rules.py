"""Coucou (F1-F6), As Qui Court (A1-A4), Hère (H1) and Ranter-Go-Round (R1-R4).

Expected outcomes worked out from seed 003 ("Coucou (Kartenspiel)") and, for Ranter-Go-Round,
from the digest's R1-R5 (Cassell 1881); quotes are from seed 003.
"""

from __future__ import annotations

import pytest

from cucu_ref.game.engine import legal_actions, new_match
from cucu_ref.game.rulesets import preset
from cucu_ref.game.state import ActionKind, Phase
from tests.helpers import card, kinds, losers, marks_lost, of_kind, play, run, table

COUCOU, AQC, HERE, RANTER = (preset(n) for n in ("coucou", "as-qui-court", "here", "ranter-go-round"))


def fr(token: str):
    return card(token, "french")


def test_F1_pack_size_depends_on_the_table_and_ace_is_low():
    # "ein Piquet-Blatt mit 32 Karten (ohne 2er bis 6er), wenn weniger als sieben Spieler spielen ...
    # die niedrigste Karte immer das Ass und die höchste der König"
    assert table(COUCOU, 5).rules.pack == "french-32"
    assert table(COUCOU, 7).rules.pack == "french-52"
    assert fr("A").value < fr("2").value < fr("K").value
    with pytest.raises(ValueError):
        new_match(COUCOU, ["a", "b", "c", "d"])  # "von fünf bis zwanzig Spielern"


def test_F1_suits_are_ignored():
    assert fr("K♠") == fr("Kh") == fr("roi") == fr("king")


def test_F2_dealer_takes_three_and_keeps_the_highest():
    # "bekommt als Geber drei Karten selbst ... behält der Geber die höchste und legt die beiden anderen
    # verdeckt unter den Talon"
    state, events = play(table(COUCOU, 5), "7 8 9 10 A Q J")
    assert state.hands[4] == fr("Q")
    assert sorted(state.stack[-2:]) == sorted([fr("A"), fr("J")])
    assert [e.rule for e in of_kind(events, "dealer-keeps-highest")] == ["F2"]


def test_F3_a_king_refuses_with_coucou_without_showing():
    # "Der Nachbar kann den Tausch nicht ablehnen, es sei denn, er hat einen König."
    state, events = play(table(COUCOU, 5), "7 K 8 9 10 J Q", ["offer"])
    assert state.hands[:2] == (fr("7"), fr("K"))
    assert [(e.kind, e.rule) for e in events if e.kind == "arresto"] == [("arresto", "F3")]
    # any other card must be exchanged
    state, _ = play(table(COUCOU, 5), "7 Q 8 9 10 J K", ["offer"])
    assert state.hands[:2] == (fr("Q"), fr("7"))


def test_F4_the_last_player_exchanges_with_the_talon_and_the_dealer_keeps():
    # "Der letzte Spieler links vom Geber tauscht keine Karte mit dem Geber, sondern die Karte auf dem
    # Talon ... Der Geber muss die zu Beginn gewählte Karte behalten"
    state, events = play(table(COUCOU, 5), "7 8 9 A K Q J", ["keep", "keep", "keep", "offer"], then="10")
    assert state.hands[3] == fr("10") and state.stack[0] == fr("A")
    assert state.actor == 4 and {a.kind for a in legal_actions(state)} == {ActionKind.KEEP}
    state, events = run(state, ["keep"])
    assert losers(events) == [0]


def test_F4_a_king_on_the_talon_forbids_the_exchange():
    # "Sollte diese Karte ein König sein, ist kein Kartentausch erlaubt."
    state, events = play(table(COUCOU, 5), "7 8 9 A Q J 10", ["keep", "keep", "keep", "offer"], then="K")
    assert state.hands[3] == fr("A") and "talon-king" in kinds(events)


def test_Q16_meyers_reading_takes_the_bottom_card():
    rules = COUCOU.with_options({"talon_card": "bottom-skipping-kings"})
    state, _ = play(table(rules, 5), "7 8 9 A K Q J", ["keep", "keep", "keep", "offer"])
    # the bottom card is the dealer's lower discard (J): F2 put Q and J under the talon
    assert state.hands[3] == fr("J")


def test_F5_all_tied_lowest_lose_and_all_equal_nobody():
    # "Es kann auch sein, dass zwei od. mehrere Spieler verlieren, wenn sie die gleichen Kartenwerte
    # haben ... außer wenn alle Spieler den gleichen Kartenwert haben."
    _, events = play(table(COUCOU, 5), "7 7 9 10 K Q J", ["keep"] * 5)
    assert losers(events) == [0, 1]
    # all equal needs at most four live cards, so two players are out of the match here
    state = table(COUCOU, 5, marks=(0, 0, 5, 5, 5))
    _, events = play(state, "9 9 9 7 8", ["keep"] * 3)
    assert losers(events) == [] and "showdown" in kinds(events)
    # Q11 'all-lose': all three lose as tied lowest
    state = table(COUCOU.with_options({"all_equal": "all-lose"}), 5, marks=(0, 0, 5, 5, 5))
    _, events = play(state, "9 9 9 7 8", ["keep"] * 3)
    assert losers(events) == [2, 3, 4]


def test_F6_the_last_one_left_wins_the_pool():
    state = table(COUCOU, 5, marks=(1, 0, 0, 0, 1))
    pot = state.pot
    state, events = play(state, "7 K Q J", ["keep", "keep"])
    assert state.phase == Phase.MATCH_OVER and state.winner == 4
    assert [(e.seat, e.amount) for e in of_kind(events, "winner")] == [(4, pot)]


def test_A1_the_king_is_shown():
    state, events = play(table(AQC, 5), "7 K", ["offer"])
    assert [e.rule for e in of_kind(events, "arresto")] == ["A1"]


def test_A2_A3_dealer_takes_one_card_and_the_last_player_exchanges_with_him():
    state, events = play(table(AQC, 5), "7 8 9 A Q", ["keep", "keep", "keep", "offer"])
    assert len(of_kind(events, "deal")) == 5
    assert state.hands[3:] == (fr("Q"), fr("A"))


def test_A4_the_dealer_goes_to_the_talon_only_after_receiving_an_ace():
    # "Der Geber kann diese Karte nur mit dem Talon tauschen und nur, wenn er vom vorherigen Spieler
    # ein Ass erhalten hat"
    state, _ = play(table(AQC, 5), "7 8 9 A Q", ["keep", "keep", "keep", "offer"], then="J")
    assert {a.kind for a in legal_actions(state)} == {ActionKind.KEEP, ActionKind.EXCHANGE_WITH_STACK}
    state, events = run(state, ["stack"])
    assert state.hands[4] == fr("J") and losers(events) == [0]
    no_ace, _ = play(table(AQC, 5), "7 8 9 10 Q", ["keep", "keep", "keep", "offer"])
    assert {a.kind for a in legal_actions(no_ace)} == {ActionKind.KEEP}
    kept, _ = play(table(AQC, 5), "7 8 9 A Q", ["keep", "keep", "keep", "keep"])
    assert {a.kind for a in legal_actions(kept)} == {ActionKind.KEEP}  # an ace dealt, not received


@pytest.mark.parametrize("reading, dealer_loses", [("keeps-own", True), ("exchanges", False)])
def test_Q18_the_dealer_holding_the_ace_finds_a_king_on_the_talon(reading, dealer_loses):
    # Seed 003 §As Qui Court: the fourth player passes the ace to the dealer (A3), who may go to the
    # talon because he received an ace (A4), and finds a king there.  'keeps-own' (the default):
    # Coucou's talon rule stands, "Sollte diese Karte ein König sein, ist kein Kartentausch erlaubt"
    # (§Spielverlauf, F4): he keeps the ace and loses with it.  'exchanges' (A4 read alone): he takes
    # the king, and the first hand's 7 is the lowest card (F5).
    rules = AQC.with_options({"dealer_draws_king": reading})
    state, _ = play(table(rules, 5), "7 8 9 A Q", ["keep", "keep", "keep", "offer"], then="K")
    assert state.hands[4] == fr("A")
    assert {a.kind for a in legal_actions(state)} == {ActionKind.KEEP, ActionKind.EXCHANGE_WITH_STACK}
    state, events = run(state, ["stack"])
    if dealer_loses:
        assert state.hands[4] == fr("A") and losers(events) == [4]
        assert [e.rule for e in of_kind(events, "stack-king")] == ["F4"]
    else:
        assert state.hands[4] == fr("K") and losers(events) == [0]
        assert of_kind(events, "stack-king") == []


def test_H1_here_one_card_each_exchange_with_the_neighbour_lowest_loses():
    # Furetière: "jeder Spieler nur eine Karte erhält und diese mit seinem Nachbarn tauschen kann. Der
    # Spieler mit der niedrigsten Karte verliert."  Lebrun (1828), not Furetière, has the king holder
    # say "Her!": the king's refusal cites his own rule, H2 (§Hère).
    state, events = play(table(HERE, 3), "A 5 K", ["offer", "offer"])
    assert state.hands == (fr("5"), fr("A"), fr("K"))
    assert [e.rule for e in of_kind(events, "arresto")] == ["H2"]
    # the king was the dealer's: play goes on right of him, so the deal is over (K10 via Q2 'never')
    assert losers(events) == [1] and state.phase == Phase.SHUFFLE


def test_R1_R3_no_card_is_privileged():
    assert table(RANTER, 3).rules.pack == "french-52" and table(RANTER, 3).marks == (3, 3, 3)
    state, _ = play(table(RANTER, 3), "2 K", ["offer"])
    assert state.hands[:2] == (fr("K"), fr("2"))


def test_R2_no_player_exchanges_more_than_once_and_the_dealer_takes_the_top():
    # "No player may exchange more than once"; the dealer "may take the top card of the pack instead"
    state, _ = play(table(RANTER, 3), "2 K", ["offer"])
    assert state.actor == 1 and {a.kind for a in legal_actions(state)} == {ActionKind.KEEP}
    state, _ = play(table(RANTER, 3), "9 8 3", ["keep", "keep"], then="Q")
    assert {a.kind for a in legal_actions(state)} == {ActionKind.KEEP, ActionKind.EXCHANGE_WITH_STACK}
    state, events = run(state, ["stack"])
    assert state.hands[2] == fr("Q") and losers(events) == [1]


def test_R4_of_equal_lowest_only_the_last_turned_up_loses():
    _, events = play(table(RANTER, 4), "5 5 9 5", ["keep"] * 4)
    assert marks_lost(events) == [(3, "R4")]
