"""Screw Your Neighbour / Chase the Ace (S1-S6, pagat.com's Cuckoo page) and Q2's reading
``targeted_holder_acts = always`` for the king games of seed 003.

Expected outcomes worked out by hand from the sources; the quotes are theirs:

* pagat (J. McLeod), Cuckoo: "Each player has one turn, beginning with the player to dealer's
  left, continuing clockwise round the table and ending with the dealer" (S2); "Your neighbour
  must accept the exchange unless she has a king, in which case she exposes the king and you
  keep your card" (S3); "The dealer, whose turn comes last, can try to exchange with a card cut
  from the undealt stock, but if the card obtained is a king, the dealer must keep her original
  card" (S4); "If several players tie for lowest they all lose a life" (S5); the last players
  tying on their last life: "1. These players are declared joint winners and split the pot
  equally between them. 2. These players keep their last [life] ..." (S6).
* seed 003, Coucou: "Der Nachbar kann den Tausch nicht ablehnen, es sei denn, er hat einen König.
  In diesem Fall sagt er (ohne die Karte aufzudecken) „Kuckuck!“ zur Vorhand, und es findet kein
  Tausch statt." (F3) and "Jeder Spieler tauscht nacheinander nach rechts." Nothing on whether
  the king holder then acts: Q2, open.
"""

from __future__ import annotations

import pytest

from cucu_ref.game.engine import legal_actions
from cucu_ref.game.rulesets import OPEN_POINTS, preset
from cucu_ref.game.state import Action, ActionKind, Phase
from tests.helpers import card, kinds, losers, of_kind, play, run, table

SYN = preset("screw-your-neighbour")
RANTER = preset("ranter-go-round")
COUCOU = preset("coucou")


def fr(token: str):
    return card(token, "french")


def test_S3_a_king_is_exposed_the_offerer_keeps_and_S2_the_king_holder_then_has_her_turn():
    # Anne 2, Bob K, Cleo 5, Dan deals (9).  Anne tries to exchange: Bob exposes his king (S3),
    # Anne keeps her 2.  Each player has one turn (S2): Bob's comes next, not Cleo's.
    state, events = play(table(SYN, ["Anne", "Bob", "Cleo", "Dan"]), "2 K 5 9", ["offer"])
    assert [(e.kind, e.seat, e.rule) for e in of_kind(events, "arresto")] == [("arresto", 1, "S3")]
    assert state.hands[:2] == (fr("2"), fr("K"))
    assert (state.phase, state.actor) == (Phase.DECIDE, 1)
    assert {a.kind for a in legal_actions(state)} == {ActionKind.KEEP, ActionKind.OFFER}


def test_S4_a_king_cut_from_the_stock_goes_back_and_S5_the_lowest_loses_a_life():
    # ... Bob keeps, Cleo keeps; Dan tries the stock and finds a king: he keeps his 9 (S4).
    # Shown: 2, K, 5, 9: Anne's 2 is lowest and she loses a life (S5).
    state, events = play(table(SYN, ["Anne", "Bob", "Cleo", "Dan"]), "2 K 5 9",
                         ["offer", "keep", "keep", "stack"], then="K")
    assert state.hands[3] == fr("9")
    assert [(e.kind, e.rule, str(e.card)) for e in of_kind(events, "stack-king")] == [("stack-king", "S4", "K")]
    assert losers(events) == [0] and state.marks == (2, 3, 3, 3)


def test_S4_any_other_card_is_taken():
    state, events = play(table(SYN, 3), "8 9 3", ["keep", "keep", "stack"], then="4")
    assert state.hands[2] == fr("4") and losers(events) == [2]


def test_S2_a_player_who_received_by_exchange_still_has_his_turn_unlike_R2():
    # Anne 2 gives it to Bob (must accept: no king).  Bob, holding the 2, has his own turn (S2)
    # and passes it on to Cleo.  Ranter-Go-Round: "No player may exchange more than once" (R2).
    state, _ = play(table(SYN, 4), "2 Q 5 9", ["offer"])
    assert state.actor == 1 and {a.kind for a in legal_actions(state)} == {ActionKind.KEEP, ActionKind.OFFER}
    state, _ = run(state, ["offer"])
    assert state.hands[:3] == (fr("Q"), fr("5"), fr("2"))
    ranter, _ = play(table(RANTER, 4), "2 Q 5 9", ["offer"])
    assert legal_actions(ranter) == (Action(ActionKind.KEEP, 1),)


def test_S5_all_tied_lowest_lose_where_R4_takes_only_the_last():
    syn, syn_events = play(table(SYN, 3), "3 3 3", ["keep", "keep", "keep"])
    assert losers(syn_events) == [0, 1, 2]
    _, ranter_events = play(table(RANTER, 3), "3 3 3", ["keep", "keep", "keep"])
    assert losers(ranter_events) == [2]  # R4: the one turned up last


def test_S2_a_king_of_the_dealer_stops_the_last_request_and_the_dealer_still_decides():
    # targeted_dealer_decides = yes: the dealer's turn "comes last" (S2)
    state, events = play(table(SYN, 3), "5 6 K", ["keep", "offer"])
    assert of_kind(events, "arresto")[0].seat == 2
    assert (state.phase, state.actor) == (Phase.DECIDE, 2)


def test_S6_joint_winners_share_the_pot():
    # Two left on their last life, both hold a 5: both lowest, both lose (S5); the first rule
    # of S6 declares them joint winners.  Claire was out before.
    state = table(SYN, ["Anne", "Bob", "Claire"], marks=[1, 1, 0], pot=3)
    state, events = play(state, "5 5", ["keep", "keep"])
    assert state.phase == Phase.MATCH_OVER and state.winner is None
    assert state.winners == (0, 1)
    assert [(e.kind, e.seat, e.rule, e.amount) for e in of_kind(events, "joint-winner")] == [
        ("joint-winner", 0, "S6", 3), ("joint-winner", 1, "S6", 3)]


def test_S6_second_rule_they_keep_their_last_life():
    rules = SYN.with_options({"all_out": "keep-last-life"})
    state = table(rules, ["Anne", "Bob", "Claire"], marks=[1, 1, 0])
    state, events = play(state, "5 5", ["keep", "keep"])
    assert state.phase == Phase.SHUFFLE and state.marks == (1, 1, 0)
    assert [e.seat for e in of_kind(events, "keep-last-life")] == [0, 1]
    assert kinds(events)[-1] == "next-dealer"


def test_a_single_winner_is_the_winners_tuple():
    state = table(SYN, ["Anne", "Bob"], marks=[1, 2])
    state, _ = play(state, "5 6", ["keep", "keep"])
    assert state.phase == Phase.MATCH_OVER and state.winner == 1 and state.winners == (1,)


@pytest.mark.parametrize("name", ["coucou", "as-qui-court", "here"])
def test_Q2_is_an_open_point_of_the_king_games(name):
    assert "targeted_holder_acts" in OPEN_POINTS[name]
    assert preset(name).targeted_holder_acts == "never"


def test_Q2_always_the_coucou_king_holder_acts_after_saying_coucou():
    # Five players, all dealt first (F2/F3).  Andrea offers; Beatrice holds a king: "Kuckuck!",
    # no exchange (F3).  'never' (the default): Chiara is next.  'always': Beatrice has her turn
    # and may exchange to the right like every player ("Jeder Spieler tauscht nacheinander").
    deal = "7 K 8 9 10 J Q"
    never, _ = play(table(COUCOU, 5), deal, ["offer"])
    assert never.actor == 2
    always_rules = COUCOU.with_options({"targeted_holder_acts": "always"})
    always, _ = play(table(always_rules, 5), deal, ["offer"])
    assert always.actor == 1
    always, events = run(always, ["offer"])  # she offers her king on: Chiara must take it
    assert always.hands[1:3] == (fr("8"), fr("K")) and always.actor == 2


def test_Q2_always_in_campli_the_cuckoo_and_the_innkeeper_act_but_the_skipped_horse_does_not():
    rules = preset("campli", {"targeted_holder_acts": "always"})
    # Andrea offers to Beatrice's XV: 'Cucù!' (K10); under 'always' Beatrice then decides
    state, _ = play(table(rules, 4), "V XV III II", ["offer"])
    assert state.actor == 1
    # Andrea offers to Beatrice's horse: the request jumps to Chiara, who must exchange (K12)
    # and then decides about the card received; Beatrice never acts
    state, _ = play(table(rules, 4), "V XIII III II", ["offer"])
    assert state.actor == 2 and state.hands[2] == card("V")
    state, _ = run(state, ["keep"])
    assert state.actor == 3
    # an accepted inn (K14): no exchange; the innkeeper then has his turn
    state, _ = play(table(rules, 4), "0 XI III II", ["offer", "ask", "accept"])
    assert state.actor == 1 and state.hands[1] == card("XI")
