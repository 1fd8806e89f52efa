"""Campli Cucù (Farina 2010, as reported in seed 000 "Cucù und Lu Stù"): one test or a few per
rule K1–K20 and C1–C3, each a small deal built by hand.

Every expected outcome is worked out from the seed's German text (quoted or paraphrased in the
comment with the rule ID and the seed section), not from what the engine printed.

Conventions (tests/helpers.py): ``table(players=n)`` seats n players with the dealer on the
last seat, so the deal order (K4: starting right of the dealer, the dealer last) is seat 0, 1,
…, n-1.  ``play(state, "V XIIII 0", moves)`` shuffles so that those cards are dealt in the deal
order and then plays the moves, each by whoever is to act.
"""

from __future__ import annotations

from collections import Counter

import pytest

from cucu_ref.game.cards import PACKS
from cucu_ref.game.engine import IllegalActionError, legal_actions, new_match, seat_by_draw, shuffled_stack, step
from cucu_ref.game.scoring import evaluate
from cucu_ref.game.state import Action, ActionKind, Phase, Via

from helpers import (
    CAMPLI,
    DIGITAL,
    card,
    cards,
    kinds,
    losers,
    offers,
    marks_lost,
    of_kind,
    play,
    run,
    shuffle,
    stack_for,
    table,
)

A = ActionKind


def keep_all(n: int) -> list[str]:
    return ["keep"] * n


# =========================================================================== K1


@pytest.mark.parametrize("n", [2, 3, 20])
def test_k1_two_to_twenty_players_each_with_three_marks_and_a_stake_in_the_pot(n):
    # K1 (§Spieler, Einsatz, Spielrunde): "Es können von 2 bis 20 Spieler teilnehmen. Jeder
    # Spieler zahlt einen vereinbarten Einsatz in den Pott und erhält hierfür drei Marken."
    state = new_match(CAMPLI, [f"p{i}" for i in range(n)])
    assert state.marks == (3,) * n
    assert state.pot == n * CAMPLI.stake
    # K17 (§Wiedereintritt): a player who still has the three marks he got is a virgin
    assert state.virgins == (True,) * n
    assert state.phase == Phase.SHUFFLE


@pytest.mark.parametrize("n", [0, 1, 21])
def test_k1_fewer_than_two_or_more_than_twenty_players_cannot_play(n):
    with pytest.raises(ValueError):
        new_match(CAMPLI, [f"p{i}" for i in range(n)])


def test_k1_stake_is_counted_in_the_pot():
    rules = CAMPLI.with_options({"stake": 5})
    assert new_match(rules, ["a", "b", "c"]).pot == 15


# =========================================================================== K2


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("n", [2, 5, 20])
def test_k2_highest_draw_deals_others_descending_to_his_right(seed, n):
    # K2 (§Spieler, Einsatz, Spielrunde): 20 cards, one of each rank; "Wer die höchste Karte
    # zieht, gibt zuerst, die anderen Spieler setzen sich in absteigender Reihe rechtsherum in
    # einem Kreis nach dem Geber. Der Spieler mit der niedrigsten Karte sitzt also links vom Geber."
    # Seats are in play order (seat i+1 right of seat i), so the seat right of the dealer is
    # (dealer+1) % n and the seat left of him is dealer-1.
    names = [f"p{i}" for i in range(n)]
    players, dealer, drawn = seat_by_draw(CAMPLI, names, seed)
    assert sorted(players) == sorted(names)
    assert len(set(drawn)) == n  # one card per rank: no ties
    values = [c.value for c in drawn]  # the fool is lowest under the Campli default (Q15)
    assert values[dealer] == max(values)
    going_right = [values[(dealer + k) % n] for k in range(1, n)]
    assert going_right == sorted(going_right, reverse=True)
    assert values[(dealer - 1) % n] == min(values)


def test_k2_the_player_right_of_the_dealer_deals_next():
    # K2: "Nach jedem Spiel gibt der Spieler rechts vom Geber zum nächsten Spiel."
    state = table(players=4, dealer=1)
    # deal order 2, 3, 0, 1; seat 2 holds the lowest card
    state, _ = play(state, "0 V VI VII", keep_all(4))
    assert state.phase == Phase.SHUFFLE
    assert state.dealer == 2


def test_k2_a_player_who_is_out_is_passed_over_as_dealer():
    # K2 with K16: a player who is out no longer plays, so he cannot deal; the next one to the
    # right does.  Nobody is a virgin, so no buy-back (K17) intervenes.
    state = table(players=3, dealer=2, marks=(1, 2, 2), virgins=(False,) * 3)
    state, _ = play(state, "0 V VI", keep_all(3))
    assert state.marks == (0, 2, 2)
    assert state.phase == Phase.SHUFFLE
    assert state.dealer == 1  # seat 0, right of the dealer, is out


# =========================================================================== K3


def test_k3_the_last_player_with_marks_wins_the_pot():
    # K3 (§Spieler, Einsatz, Spielrunde): "Die Spieler scheiden der Reihe nach aus, wer am Ende
    # übrig bleibt, gewinnt den Pott."  Nobody is a virgin, so the loser cannot buy back (K17).
    state = table(players=2, marks=(1, 1), virgins=(False, False))
    state, events = play(state, "0 X", ["keep", "keep"])
    assert state.phase == Phase.MATCH_OVER
    assert state.winner == 1
    (won,) = of_kind(events, "winner")
    assert (won.seat, won.amount, won.rule) == (1, 2 * CAMPLI.stake, "K3")
    with pytest.raises(IllegalActionError) as err:
        step(state, Action(A.SHUFFLE, stack=shuffled_stack(CAMPLI, 0)))
    assert err.value.rule == "K3"


def test_k3_the_winner_may_deal_first_in_the_next_match():
    # K3: "Der erste Geber einer neuen Spielrunde ist der Gewinner der vorigen."
    state = new_match(CAMPLI, ["Andrea", "Beatrice", "Chiara"], dealer=1)
    state, _ = shuffle(state, "V VI VII")
    assert state.order == (2, 0, 1)


# =========================================================================== K4


@pytest.mark.parametrize("seed", range(5))
def test_k4_cards_are_dealt_from_the_bottom_one_at_a_time_to_the_right(seed):
    # K4 (§Geben und Kartentausch): "Der Geber verteilt nun der Reihe nach rechtsherum an jeden
    # eine Karte und zwar immer jeweils die unterste Karte des Stapels. Nach jeder Karte gibt es
    # eine Pause und der Spieler, der sie erhalten hat, entscheidet".  stack[0] is the top, so
    # the bottom card is stack[-1].
    stack = shuffled_stack(CAMPLI, seed)
    state = table(players=4, dealer=2)  # deal order 3, 0, 1, 2
    state, _ = step(state, Action(A.SHUFFLE, stack=stack))
    assert state.order == (3, 0, 1, 2)
    assert state.hands == (None, None, None, stack[-1])  # only the first recipient has a card yet
    assert state.actor == 3
    assert state.stack == stack[:-1]
    state, _ = step(state, Action(A.KEEP, 3))
    assert state.hands[0] == stack[-2] and state.hands[1] is None
    state, _ = step(state, Action(A.KEEP, 0))
    assert state.hands[1] == stack[-3]


def test_k4_helper_builds_the_stack_the_engine_deals_from():
    # the helper itself must follow K4: the listed cards come off the bottom in order
    stack = stack_for(CAMPLI, "V XIIII 0", then="XV", top="matto")
    assert sorted(stack) == sorted(PACKS["cuccu-40"].cards)
    assert stack[-1] == card("V") and stack[-2] == card("XIIII") and stack[-3] == card("0")
    assert stack[-4] == card("XV") and stack[0] == card("matto")


# =========================================================================== K5, K6


def test_k5_a_player_keeps_or_offers_the_dealer_keeps_or_goes_to_the_stack():
    # K5: "Ein Spieler kann seine Karte behalten, indem er «sto bene» (es ist gut) sagt, oder die
    # Karte dem nächsten Spieler zum Tausch anbieten, mit «passo»"; K8: the dealer keeps or
    # exchanges with the bottom card of the stack.
    state, _ = shuffle(table(players=2), "V VI")
    assert set(legal_actions(state)) == {Action(A.KEEP, 0), Action(A.OFFER, 0)}
    state, _ = run(state, ["keep"])
    assert state.actor == 1 and state.dealer == 1
    assert set(legal_actions(state)) == {Action(A.KEEP, 1), Action(A.EXCHANGE_WITH_STACK, 1)}


def test_k6_after_a_keep_the_next_player_is_dealt_and_decides():
    # K6: "Wenn der Spieler seine Karte behält, gibt der Geber dem nächsten in der Reihe seine
    # Karte, der die gleiche Entscheidung treffen muss."
    state, _ = shuffle(table(players=3), "V VI VII")
    state, events = run(state, ["keep"])
    assert (state.phase, state.actor) == (Phase.DECIDE, 1)
    assert state.hands == (card("V"), card("VI"), None)
    assert kinds(events) == ["keep", "deal"]


# =========================================================================== K7


@pytest.mark.parametrize("target", ["X", "I", "0", "secchia", "mascherone", "leone", "matto"])
def test_k7_a_target_without_an_event_card_must_exchange(target):
    # K7 (§Geben und Kartentausch): "Handelt es sich nicht um eine Ereigniskarte, d.h. ist es
    # eine X oder niedriger, dann muss der angefragte Spieler sie mit dem Anbieter tauschen."
    # The fool and the cards below 0 are "lower than X" too.
    state, _ = shuffle(table(players=3), ["V", target, "VII"])
    state, events = run(state, ["offer"])
    assert state.hands[:2] == (card(target), card("V"))
    assert [e.kind for e in events if e.kind in ("exchange", "arresto")] == ["exchange"]
    # "... und der Spieler, der seine Karte per Zwangstausch erhalten hat muss entschieden, ob er
    # weitertauschen will": the target decides next, about the card he received
    assert (state.phase, state.actor) == (Phase.DECIDE, 1)
    assert state.hands[2] is None  # the next player is dealt only after that decision


def test_k7_exchanges_chain_on_to_the_dealer_who_then_decides():
    # K7 + K8: the offer chain can run "reihum bis zum Geber"; the dealer who had to exchange
    # then decides about the card he received (keep or the stack).
    state = table(players=3)
    state, _ = play(state, "0 I II", ["offer", "offer"])
    # seat 0's 0 went to seat 1, then on to the dealer
    assert state.hands == (card("I"), card("II"), card("0"))
    assert (state.phase, state.actor) == (Phase.DECIDE, 2)
    state, events = run(state, ["keep"])
    assert marks_lost(events) == [(2, "K15")]


# =========================================================================== K8


def test_k8_dealer_exchanges_with_the_bottom_card_of_the_stack():
    # K8: "... bis zum Geber, der sich nach Ansicht seiner Karte entscheidet, ob er die Karte
    # behält oder mit der untersten Karte des Stapels tauscht".  The bottom card after all
    # deals is the next one that would be dealt; the top card must not be taken.
    state, _ = shuffle(table(players=3), "V VI 0", then="X", top="I")
    state, events = run(state, ["keep", "keep", "stack"])
    assert state.hands == (card("V"), card("VI"), card("X"))
    # V is lowest now; the dealer's 0 went under the stack
    assert marks_lost(events) == [(0, "K15")]
    assert state.stack[-1] == card("0") and state.stack[0] == card("I")


@pytest.mark.parametrize("bottom", ["XV", "XIIII", "XIII", "XII", "XI"])
def test_k8_event_cards_play_no_role_in_the_dealers_exchange(bottom):
    # K8: "Ereigniskarten spielen in diesem Fall keine Rolle": the dealer simply takes the
    # event card; nobody loses a mark for it, nothing is skipped or undone.
    state, _ = shuffle(table(players=3), "V VI 0", then=bottom)
    state, events = run(state, ["keep", "keep", "stack"])
    assert state.hands[2] == card(bottom)
    assert not of_kind(events, "arresto")
    assert marks_lost(events) == [(0, "K15")]  # only the showdown: V is lowest


def test_k8_the_dealer_keeps():
    state, events = play(table(players=3), "V VI 0", keep_all(3))
    assert marks_lost(events) == [(2, "K15")]


# =========================================================================== K9


def test_k9_exchanges_are_face_down_only_a_targeted_event_card_is_shown():
    # K9 (§Geben und Kartentausch): "Karten werden grundsätzlich nie den anderen Spielern gezeigt
    # und immer verdeckt getauscht."; §Reden über das Spiel: showing is allowed only for "eine
    # Ereigniskarte, die zum Tausch angefragt wurde".
    state = table(players=5)
    _, events = play(state, "I II XV V XII", ["offer", "offer", "offer"])
    assert all(e.card is None for e in of_kind(events, "exchange"))
    assert [e.card for e in of_kind(events, "arresto")] == [card("XV"), card("XII")]


# =========================================================================== K10 cuckoo


def test_k10_cuckoo_refuses_at_no_cost_and_play_goes_on_right_of_it():
    # K10 (§Ereigniskarten): "XV Cucù ... der Tausch findet nicht statt. Für den Anbieter hat das
    # sonst keine negativen Folgen. Die Tauschrunde wird mit dem Spieler rechts vom Kuckuck
    # fortgesetzt."
    state, _ = shuffle(table(players=3), "V XV 0")
    state, events = run(state, ["offer"])
    assert state.hands[:2] == (card("V"), card("XV"))
    assert not of_kind(events, "exchange") and not marks_lost(events)
    assert [(e.kind, e.rule, e.seat, e.other) for e in of_kind(events, "arresto")] == [("arresto", "K10", 1, 0)]
    assert (state.phase, state.actor) == (Phase.DECIDE, 2)  # the cuckoo's holder does not decide
    state, events = run(state, ["keep"])
    assert marks_lost(events) == [(2, "K15")] and state.marks == (3, 3, 2)


# =========================================================================== K11 Bragon


def test_k11_bragon_shoots_the_offerer_who_keeps_his_card_and_loses_a_mark_at_once():
    # K11: "Der Anbieter behält seine Karte wie im Falle der XV, verliert jedoch eine Marke. Die
    # Tauschrunde wird mit dem Spieler rechts vom Bragon fortgesetzt."
    state, _ = shuffle(table(players=3), "V XIIII 0")
    state, events = run(state, ["offer"])
    assert marks_lost(events) == [(0, "K11")]  # at once, before the showdown
    assert state.marks == (2, 3, 3)
    assert state.hands[:2] == (card("V"), card("XIIII"))
    assert state.actor == 2
    state, events = run(state, ["keep"])
    assert marks_lost(events) == [(2, "K15")] and state.marks == (2, 3, 2)


def test_k11_shot_with_the_last_mark_goes_out_and_his_card_is_dead():
    # K11 + K15 (§Das Ergebnis): "Sollten Spieler durch Ereigniskarten (XIIII und XII) ihre letzte
    # Marke verloren haben, dann scheiden sie aus und ihre Karten sind tot".  Seat 0's lion is
    # not compared: the dealer's 0 is the lowest live card.
    state = table(players=3, marks=(1, 3, 3), virgins=(False, True, True))
    state, events = play(state, "leone XIIII 0", ["offer", "keep"])
    assert marks_lost(events) == [(0, "K11"), (2, "K15")]
    assert state.marks == (0, 3, 2)


# =========================================================================== K12 horse


def test_k12_the_request_jumps_over_the_horse():
    # K12: "Damit springt die Anfrage über ihn hinweg zum nächsten Spieler, und der Pferdehalter
    # behält den Gaul."
    state, _ = shuffle(table(players=4), "V XIII II X")
    state, events = run(state, ["offer"])
    assert state.hands[:3] == (card("II"), card("XIII"), card("V"))
    assert [e.kind for e in events if e.kind in ("arresto", "skip", "exchange")] == ["arresto", "skip", "exchange"]
    assert of_kind(events, "exchange")[0][2:4] == (0, 2)
    assert (state.phase, state.actor) == (Phase.DECIDE, 2)  # the one who received decides (K7)
    state, events = run(state, ["keep", "keep"])
    assert marks_lost(events) == [(0, "K15")]  # seat 0 now holds the II


def test_k12_two_horses_in_a_row_are_both_jumped():
    state, _ = shuffle(table(players=4), "V XIII XIII 0")
    state, _ = run(state, ["offer"])
    # seat 3 is the dealer with a plain card: he must exchange and then decides
    assert state.hands == (card("0"), card("XIII"), card("XIII"), card("V"))
    assert (state.actor, state.dealer) == (3, 3)


def test_k12_horse_at_the_dealer_offerer_exchanges_with_the_top_card():
    # K12: "Falls der Angefragte der Geber ist, tauscht der Anbieter mit der obersten Karte vom
    # Stapel."  The top is stack[0]; the bottom (the dealing end) holds an X that must not be
    # taken.  Play goes on right of the horse, i.e. the deal is over.
    state, _ = shuffle(table(players=3), "V VI XIII", then="X", top="0")
    state, events = run(state, ["keep", "offer"])
    assert state.hands == (card("V"), card("0"), card("XIII"))
    assert state.stack[0] == card("VI")  # the offerer's card took the top card's place
    assert state.stack[-1] == card("X")
    assert marks_lost(events) == [(1, "K15")]
    exchange = of_kind(events, "exchange-with-stack")
    assert [(e.rule, e.seat) for e in exchange] == [("K12", 1)]


def test_k12_horse_holder_keeps_the_horse_even_at_the_showdown():
    state, events = play(table(players=4), "0 XIII I X", ["offer", "keep", "keep"])
    # seat 0's 0 jumped to seat 2, who kept it
    assert state.hands == (card("I"), card("XIII"), card("0"), card("X"))
    assert marks_lost(events) == [(2, "K15")]


# =========================================================================== K13 cat


def test_k13_cat_refuses_and_the_offerer_loses_a_mark_at_once():
    # K13: "XII Gnaf ... behält seine Karte. Der Anbieter verliert sofort eine Marke."
    state, _ = shuffle(table(players=3), "V XII 0")
    state, events = run(state, ["offer"])
    assert marks_lost(events) == [(0, "K13")]
    assert state.hands[:2] == (card("V"), card("XII"))
    assert state.actor == 2  # "Nach der Rücktauschaktion geht es mit dem Spieler rechts von der Katze weiter."


def test_k13_cat_undoes_the_whole_chain_back_to_the_dealt_owners():
    # K13: "wenn der Anbieter seine Karte durch Tausch erhalten hat, sein Tausch mit dem vorherigen
    # Spieler rückabgewickelt. Hat auch dieser seine Karte im Tausch erhalten, dann wird der
    # ebenfalls rückabgewickelt. Die Rücktauschserie geht solange weiter, bis die Karte an ihren
    # ursprünglichen Eigentümer zurückgefallen ist".
    # Seat 0's I goes 0 -> 1 -> 2; seat 2 offers it to the cat: everyone is back to his dealt card.
    state, _ = shuffle(table(players=5), "I II III XII X")
    state, _ = run(state, ["offer", "offer"])
    assert state.hands[:3] == (card("II"), card("III"), card("I"))
    state, events = run(state, ["offer"])
    assert marks_lost(events) == [(2, "K13")]
    assert state.hands[:4] == cards("I II III XII")
    assert all(state.custody[s] == ((s, Via.DEALT),) for s in range(4))
    assert [(e.seat, e.other) for e in of_kind(events, "undo")] == [(1, 2), (0, 1)]
    assert state.actor == 4
    state, events = run(state, ["keep"])
    assert marks_lost(events) == [(0, "K15")]  # seat 0 has his I back: the lowest
    assert state.marks == (2, 3, 2, 3, 3)


def test_k13_cat_undo_skips_the_horses_that_were_skipped():
    # K13: "Eventuell übersprungene Pferdehalter werden wieder übersprungen."  Seat 0's I jumps
    # the horse on seat 1 to seat 2, then (seat 2 offering) the horse on seat 3 to seat 4; seat 4
    # offers it to the cat on seat 5.  Undo: 4 <-> 2, then 2 <-> 0; the horses are untouched.
    state, _ = shuffle(table(players=7), "I XIII II XIII III XII X")
    state, _ = run(state, ["offer", "offer"])
    assert state.hands[:5] == cards("II XIII III XIII I")
    state, events = run(state, ["offer"])
    assert marks_lost(events) == [(4, "K13")]
    assert state.hands[:6] == cards("I XIII II XIII III XII")
    assert [(e.seat, e.other) for e in of_kind(events, "undo")] == [(2, 4), (0, 2)]
    assert state.actor == 6


def test_k13_undo_stops_where_the_card_was_dealt():
    # K13: the undo runs only "bis die Karte an ihren ursprünglichen Eigentümer zurückgefallen
    # ist".  Seats 0 and 1 exchanged and seat 1 kept: that exchange stands.  Seat 2's III goes to
    # seat 3, who offers it to the cat: only 3 <-> 2 is undone.
    state, _ = shuffle(table(players=6), "I II III IIII XII X")
    state, events = run(state, ["offer", "keep", "offer", "offer"])
    assert marks_lost(events) == [(3, "K13")]
    assert state.hands[:5] == cards("II I III IIII XII")
    assert [(e.seat, e.other) for e in of_kind(events, "undo")] == [(2, 3)]


def test_k13_cat_with_the_last_mark_puts_the_offerer_out_with_a_dead_card():
    # K13 + K15: the offerer is put out by the cat; his card is dead, not compared.  He still
    # gets his dealt card back (the undo is part of the cat's effect).
    state = table(players=4, marks=(3, 1, 3, 3), virgins=(True, False, True, True))
    state, events = play(state, "0 I XII X", ["offer", "offer", "keep"])
    # 0 went to seat 1, who offered it to the cat: seat 1 out; undo gives seat 0 his 0 back
    assert marks_lost(events) == [(1, "K13"), (0, "K15")]
    assert state.marks == (2, 0, 3, 3)
    assert state.dead == (False, True, False, False)  # kept until the next shuffle
    assert state.hands[1] == card("I")  # his own dealt card, dead, not compared


# =========================================================================== K14 inn


def _to_fermatevi(deal="0 XI V"):
    state, _ = shuffle(table(players=3), deal)
    state, events = run(state, ["offer"])
    return state, events


def test_k14_the_innkeeper_says_fermatevi_and_the_offerer_chooses():
    # K14: "Der Angefragte zeigt seine Karte nicht, sondern sagt «fermatevi aliquanto»
    # (verweile ein wenig). Der Anbieter hat nun die Möglichkeit, entweder seine Karte doch zu
    # behalten, oder er kann ein zweites Angebot machen".
    state, events = _to_fermatevi()
    assert [e.kind for e in events][-1] == "fermatevi"
    assert (state.phase, state.actor, state.target) == (Phase.INN_OFFERER, 0, 1)
    assert set(legal_actions(state)) == {Action(A.INN_KEEP, 0), Action(A.INN_ASK, 0)}
    assert not of_kind(events, "exchange")


def test_k14_offerer_keeps_after_fermatevi():
    # K14: he keeps "seine Karte doch"; no bargain, so losing with the 0 costs him the mark.
    state, _ = _to_fermatevi()
    state, events = run(state, ["inn-keep"])
    assert state.actor == 2  # "Das Kartentauschen geht mit dem Spieler rechts vom Wirtshaus weiter."
    assert state.hands[:2] == cards("0 XI")
    state, events = run(state, ["keep"])
    assert marks_lost(events) == [(0, "K15")]


def test_k14_second_offer_accepted_innkeeper_pays_for_the_nulla():
    # K14: "Oder er nimmt das Angebot an: wenn dann der Anbieter tatsächlich eine Null hält und
    # verliert, dann muss an seiner statt der Gastwirt eine Marke zahlen."
    state, _ = _to_fermatevi()
    state, events = run(state, ["ask"])
    assert (state.phase, state.actor) == (Phase.INN_KEEPER, 1)
    assert set(legal_actions(state)) == {Action(A.INN_ACCEPT, 1), Action(A.INN_REFUSE, 1)}
    state, events = run(state, ["accept"])
    assert state.hands[:2] == cards("0 XI")  # no exchange
    assert state.actor == 2
    state, events = run(state, ["keep"])
    assert marks_lost(events) == [(1, "K14")]
    assert state.marks == (3, 2, 3)


def test_k14_second_offer_refused_innkeeper_must_exchange():
    # K14: "Das zweite Angebot kann der Gastwirt entweder ablehnen, dann muss er seine Karte mit
    # dem Anbieter tauschen."  Play goes on right of the inn (K14, Q2 'never'): the former
    # innkeeper does not decide again.
    state, _ = _to_fermatevi()
    state, events = run(state, ["ask", "refuse"])
    assert state.hands[:2] == cards("XI 0")
    assert (state.phase, state.actor) == (Phase.DECIDE, 2)
    state, events = run(state, ["keep"])
    assert marks_lost(events) == [(1, "K15")]  # the 0 is his own problem now: no bargain


def test_k14_the_offerer_may_bluff_but_then_pays_himself():
    # K14: "Der Anbieter ist nicht verpflichtet die Null zu halten um das zweite Angebot zu
    # machen, er kann blöffen."  The guarantee covers only a nulla (Q12 'nulla'), so an offerer
    # who asked with the bucket and loses pays his own mark.
    state, events = play(table(players=3), "secchia XI V", ["offer", "ask", "accept", "keep"])
    assert marks_lost(events) == [(0, "K15")]


def test_k14_the_guarantee_costs_nothing_if_the_offerer_does_not_lose():
    # K14: the innkeeper pays only "wenn dann der Anbieter tatsächlich eine Null hält und verliert".
    state, events = play(table(players=3), "0 XI secchia", ["offer", "ask", "accept", "keep"])
    assert marks_lost(events) == [(2, "K15")]


def test_k14_inn_after_a_horse():
    # K12 + K14: the request jumps the horse and meets the inn; the bargain binds the offerer
    # and the innkeeper, the horse is untouched.
    state, events = play(table(players=4), "0 XIII XI V", ["offer", "ask", "accept", "keep"])
    assert state.hands[:3] == cards("0 XIII XI")
    assert marks_lost(events) == [(2, "K14")]


# =========================================================================== K15 showdown


def test_k15_the_lowest_live_card_loses_one_mark():
    # K15 (§Das Ergebnis): "Alle Spieler ohne tote Karten zeigen ihre Karten vor. Wer die
    # niedrigste Karte hat, verliert eine Marke."
    state, events = play(table(players=4), "V mascherone X XV", keep_all(4))
    assert marks_lost(events) == [(1, "K15")]


def test_k15_all_tied_lowest_lose():
    # K15: "Haben zwei Spieler eine gleichniedrigste Karte, dann verlieren beide eine Marke."
    state, events = play(table(players=4), "0 V 0 X", keep_all(4))
    assert sorted(losers(events)) == [0, 2]


def test_k15_dead_cards_are_not_compared():
    # K15: "... ihre Karten sind tot, d.h. die Spieler zeigen ihre Karten nicht und deren Karten
    # spielen beim Vergleich, wer letzter ist, keine Rolle."  Seat 0 (one mark) is shot holding
    # the lion; among the live cards XIIII, 0, V the 0 is lowest.
    state = table(players=4, marks=(1, 3, 3, 3), virgins=(False, True, True, True))
    state, events = play(state, "leone XIIII 0 V", ["offer", "keep", "keep"])
    assert marks_lost(events) == [(0, "K11"), (2, "K15")]


def test_c3_k15_one_fool_loses_with_the_lowest_other_card():
    # C3/K15: "wenn nur einer der beiden Narren im Spiel ist, dann hat dieser den gleichen Rang
    # wie die ansonsten rangniedrigste Karte, d.h. der oder die beiden Halter dieser Karte und des
    # Narren verlieren eine Marke."
    state, events = play(table(players=4), "matto V I X", keep_all(4))
    assert sorted(losers(events)) == [0, 2]
    assert dict(marks_lost(events))[0] == "C3"


def test_c3_one_fool_with_two_tied_lowest_all_three_lose():
    # "der oder die beiden Halter dieser Karte und des Narren": both holders of the tied lowest
    # card and the fool
    state, events = play(table(players=5), "matto I V I X", keep_all(5))
    assert sorted(losers(events)) == [0, 1, 3]


def test_c3_two_fools_rank_fourteen_and_a_half():
    # C3/K15: "Wenn beide Narren im Spiel sind, dann rangieren sie unmittelbar unter der XV und
    # über der XIIII (haben sozusagen den Wert 14½)": XIIII is below them and loses.
    state, events = play(table(players=4), "matto matto XIIII XV", keep_all(4))
    assert losers(events) == [2]


def test_c3_two_fools_lose_only_among_fools_and_cuckoos():
    # C3/K15: "verlieren also nur, wenn ausser Narren und XVern keine weiteren Karten im Spiel sind."
    state, events = play(table(players=3), "matto XV matto", keep_all(3))
    assert sorted(losers(events)) == [0, 2]
    state, events = play(table(players=2), "matto matto", keep_all(2))
    assert sorted(losers(events)) == [0, 1]


def test_c3_two_fools_with_a_plain_card_the_plain_card_loses():
    state, events = play(table(players=3), "matto X matto", keep_all(3))
    assert losers(events) == [1]


# =========================================================================== K16


def test_k16_a_player_out_gets_no_card_in_the_next_deal():
    # K16 (§Das Ergebnis): "Wer die letzte seiner drei Marken verliert, scheidet aus".  No virgin
    # remains, so no buy-back (K17): the next deal skips him.
    state = table(players=3, marks=(2, 1, 2), virgins=(False,) * 3)
    state, events = play(state, "V 0 X", keep_all(3))
    assert state.marks == (2, 0, 2)
    assert [e.seat for e in of_kind(events, "out")] == [1]
    assert state.phase == Phase.SHUFFLE and state.dealer == 0
    state, _ = shuffle(state, "V X")
    assert state.order == (2, 0)


# =========================================================================== K17 buy-back


def test_k17_worked_example_price_doubles_by_order_of_going_out():
    # K17 (§Wiedereintritt ins Spiel): "Der erste ausscheidende Spieler zahlt dazu einen einfachen
    # Einsatz in den Pott, der zweite den doppelten, der dritte den vierfachen usw. ... Wenn
    # Andrea, Beatrice und Chiara in dieser Reihenfolge ausscheiden, sich Andrea zurückkauft,
    # Beatrice aber nicht, dann müsste Chiara als Drittausgeschiedene den vierfachen Einsatz
    # zahlen".  Dario is the virgin who keeps the buy-back open.
    state = table(players=["Andrea", "Beatrice", "Chiara", "Dario"], dealer=3,
                  marks=(1, 1, 1, 3), virgins=(False, False, False, True))
    pot = state.pot
    # deal 1 (dealer Dario, order A B C D): Andrea lowest, goes out
    state, events = play(state, "0 V VI X", keep_all(4))
    assert state.marks[0] == 0 and (state.phase, state.actor) == (Phase.BUY_BACK, 0)
    assert offers(events) == [(0, 1)]
    state, events = run(state, ["buy"])
    assert state.marks[0] == 3 and state.virgins[0] is False  # "gelten aber nicht als Jungfrau"
    assert state.pot == pot + 1
    # deal 2 (dealer Andrea, order B C D A): Beatrice lowest, declines at twice the stake
    assert state.dealer == 0
    state, events = play(state, "0 V X VI", keep_all(4))
    assert offers(events) == [(1, 2)]
    state, events = run(state, ["decline"])
    assert state.pot == pot + 1 and state.marks[1] == 0
    # deal 3 (dealer Beatrice is out: Chiara deals; order D A C): Chiara lowest
    assert state.dealer == 2
    state, events = play(state, "X VI 0", keep_all(3))
    assert offers(events) == [(2, 4)]
    state, events = run(state, ["buy"])
    assert state.pot == pot + 1 + 4


def test_k17_buy_back_price_is_counted_in_stakes():
    rules = CAMPLI.with_options({"stake": 5})
    state = table(rules, players=3, marks=(1, 3, 3), virgins=(False, True, True))
    state, _ = play(state, "0 V X", keep_all(3) + ["buy"])
    assert state.pot == 15 + 5


def test_k17_no_buy_back_without_a_virgin():
    # K17: "Solange es eine oder mehrere Jungfrauen gibt, können sich Spieler ... zurückkaufen."
    state = table(players=3, marks=(1, 2, 2), virgins=(False, False, False))
    state, events = play(state, "0 V X", keep_all(3))
    assert not of_kind(events, "buy-back-offer")
    assert state.phase == Phase.SHUFFLE


def test_k17_the_last_virgin_losing_a_mark_in_the_same_deal_closes_the_buy_back():
    # K17: the buy-back happens "nach Ende des Spiels" while a virgin remains; seat 1, the only
    # virgin, ties lowest in the same showdown and so is no virgin any more when it ends.
    state = table(players=3, marks=(1, 3, 2), virgins=(False, True, False))
    state, events = play(state, "0 0 X", keep_all(3))
    assert sorted(losers(events)) == [0, 1]
    assert not of_kind(events, "buy-back-offer") and state.phase == Phase.SHUFFLE


def test_k17_winner_when_the_out_player_declines():
    # K3 + K17: two players; the virgin survivor wins once the loser declines to buy back.
    state = table(players=2, marks=(1, 3), virgins=(False, True))
    state, events = play(state, "0 X", ["keep", "keep", "decline"])
    assert state.winner == 1 and state.phase == Phase.MATCH_OVER


def test_k17_out_during_the_deal_counts_before_out_at_the_showdown():
    # K17: the price follows "die Reihenfolge des Ausscheidens": seat 2, shot by the dealer's
    # Bragon during the deal, goes out before seat 0 loses at the showdown.
    state = table(players=4, marks=(1, 1, 1, 3), virgins=(False, False, False, True))
    state, events = play(state, "0 V VI XIIII", ["keep", "keep", "offer"])
    assert marks_lost(events) == [(2, "K11"), (0, "K15")]
    state, more = run(state, ["decline", "decline"])
    assert offers(events + more) == [(2, 1), (0, 2)]


def test_k17_the_buy_back_waits_for_the_end_of_the_deal():
    # K17: "können sich Spieler wenn sie ausgeschieden sind nach Ende des Spiels wieder
    # zurückkaufen": a player shot out during the deal is asked only after the showdown.
    state = table(players=4, marks=(3, 1, 3, 3), virgins=(True, False, True, True))
    state, events = play(state, "V VI XIIII X", ["keep", "offer"])
    assert marks_lost(events) == [(1, "K11")] and state.marks[1] == 0
    assert (state.phase, state.actor) == (Phase.DECIDE, 3)  # the deal goes on, no buy-back yet
    assert not offers(events)
    state, events = run(state, ["keep"])
    assert marks_lost(events) == [(0, "K15")]
    assert (state.phase, state.actor) == (Phase.BUY_BACK, 1) and offers(events) == [(1, 1)]


# =========================================================================== K18


def test_k18_all_remaining_out_in_one_deal_everybody_restarts_without_virgins():
    # K18 (§Wiedereintritt ins Spiel): "Wenn in einem Spiel alle verbliebenen Spieler ihre Marken
    # verlieren ... dann erhalten alle Spieler, auch die früher ausgeschiedenen, erneut drei Marken
    # ... Es gilt allerdings niemand als Jungfrau".  Seat 0 went out earlier.
    state = table(players=3, marks=(0, 1, 1), virgins=(False,) * 3)
    state, events = play(state, "0 0", keep_all(2))
    assert sorted(losers(events)) == [1, 2]
    assert [e.rule for e in of_kind(events, "restart")] == ["K18"]
    assert state.marks == (3, 3, 3) and state.virgins == (False,) * 3
    assert state.phase == Phase.SHUFFLE and state.winner is None
    assert not of_kind(events, "buy-back-offer")


def test_k18_after_the_restart_nobody_can_buy_back():
    # K18: "d.h. niemand kann sich bei erneutem Ausscheiden zurückkaufen."
    state = table(players=2, marks=(1, 1), virgins=(False, False))
    state, _ = play(state, "0 0", keep_all(2))
    assert state.marks == (3, 3)
    state = state.replace(marks=(1, 3))  # seat 0 is down to one mark later on
    state, events = play(state, "X 0", keep_all(2))  # dealer 0: order 1, 0
    assert not of_kind(events, "buy-back-offer")
    assert state.winner == 1


# =========================================================================== K19


@pytest.mark.parametrize("reading", ["never-loses", "compared"])
def test_k19_two_players_both_holding_a_cuckoo_neither_loses(reading):
    # K19 (§Endspiel zu zweit): "Wenn beide einen Kuckuck halten, verliert keiner eine Marke."
    rules = CAMPLI.with_options({"cuckoo_at_showdown": reading})
    state, events = play(table(rules, players=2), "XV XV", keep_all(2))
    assert marks_lost(events) == []
    assert state.marks == (3, 3)


def test_k19_worked_example_both_go_out_then_k18_restart():
    # K19 (§Endspiel zu zweit): "Andrea hat als Nichtgeber eine V, Beatrice als Geber hat eine XIV
    # (Bragon); wenn Andrea mit Beatrice zu tauschen versucht, zeigt diese ihren Bragon. Andrea
    # verliert die Marke und seine Karte ist tot. Da Beatrice nunmehr der einzige Spieler ohne
    # tote Karte ist, ist ihre Karte die niedrigste und Beatrice verliert ihre Marke ebenso."
    # Both are then out in the same deal: K18 gives everybody three marks again, no virgins.
    state = table(players=["Andrea", "Beatrice"], dealer=1, marks=(1, 1), virgins=(False, False))
    state, events = play(state, "V XIIII", ["offer"])
    assert marks_lost(events) == [(0, "K11"), (1, "K15")]
    out = [e.seat for e in of_kind(events, "out")]
    assert out == [0, 1]
    assert [e.rule for e in of_kind(events, "restart")] == ["K18"]
    assert state.marks == (3, 3) and state.virgins == (False, False)
    assert state.phase == Phase.SHUFFLE and state.winner is None


# =========================================================================== K20


def test_k20_no_action_shows_a_card_and_bluffing_at_the_inn_is_allowed():
    # K20 (§Reden über das Spiel): "Nicht erlaubt ist dagegen, seine Karte zu zeigen"; nobody is
    # obliged "die Wahrheit zu sagen": the second offer at the inn may be made with any card (K14).
    kinds_known = {v for k, v in vars(ActionKind).items() if not k.startswith("_")}
    assert not any("show" in k for k in kinds_known)
    for bluff in ["X", "V", "secchia", "matto"]:
        state, _ = _to_fermatevi(f"{bluff} XI V" if bluff != "V" else "V XI X")
        assert Action(A.INN_ASK, 0) in legal_actions(state)


# =========================================================================== C1, C2


def test_c1_the_pack_has_forty_cards_twenty_ranks_two_each_in_order():
    # C1 (§Karten): "Es gibt insgesamt 40 Karten. Jede Karte kommt zweimal vor."; order XV high
    # down to I, then 0, Eimer, Mascherone, Leone, Narr.
    pack = PACKS["cuccu-40"]
    assert pack.size == 40 and len(pack.cards) == 40
    assert set(Counter(pack.cards).values()) == {2}
    ranked = [str(c) for c in pack.cards[::2]]
    assert ranked == ["XV", "XIIII", "XIII", "XII", "XI", "X", "VIIII", "VIII", "VII", "VI", "V", "IIII",
                      "III", "II", "I", "0", "secchia", "mascherone", "leone", "matto"]


def test_c2_an_event_card_dealt_and_kept_is_just_a_high_card():
    # C2 (§Ereigniskarten): "Wurde einem Spieler eine Ereigniskarte vom Geber zugeteilt, dann wird
    # er sie in der Regel wegen ihres hohen Wertes behalten, eine besondere Rolle spielt sie dann
    # allerdings nicht."
    state, events = play(table(players=6), "XII XIIII XIII XI XV 0", keep_all(6))
    assert not of_kind(events, "arresto")
    assert marks_lost(events) == [(5, "K15")]


def test_c2_offering_an_event_card_is_an_ordinary_exchange():
    # C2: an event card acts only for a player who is asked ("der angefragte Spieler hält eine
    # Ereigniskarte"); the offerer of a cat is not a cat.
    state, events = play(table(players=3), "XII V X", ["offer", "keep", "keep"])
    assert state.hands == cards("V XII X")
    assert not of_kind(events, "arresto")
    assert marks_lost(events) == [(0, "K15")]


# =========================================================================== Q options


@pytest.mark.parametrize("reading, prices", [
    # Q1 (§Wiedereintritt ins Spiel): "Vorschlagsweise gilt der erste rechts vom Geber dann als
    # erster, der nächste rechts als zweiter usw. (J. McLeod) Eine Alternative wäre, dass alle den
    # gleichen Wiedereintrittstarif haben (U. Martin)."  One player went out earlier, so the group
    # is the 2nd, 3rd and 4th out: McLeod 2, 4, 8; Martin all 2.
    ("first-right-of-dealer", [(2, 2), (3, 4), (0, 8)]),
    ("same-price", [(2, 2), (3, 2), (0, 2)]),
])
def test_q1_several_out_in_the_same_showdown(reading, prices):
    rules = CAMPLI.with_options({"simultaneous_buy_back": reading})
    # dealer seat 1 (the virgin): deal order 2, 3, 0, 1 — "der erste rechts vom Geber" is seat 2
    state = table(rules, players=4, dealer=1, marks=(1, 3, 1, 1), virgins=(False, True, False, False),
                  eliminations=1)
    # one fool and two tied buckets: all three lose (C3) and go out together
    state, events = play(state, "matto secchia secchia X", keep_all(4))
    assert sorted(losers(events)) == [0, 2, 3]
    assert state.actor == 2  # McLeod's first is asked first in either reading
    state, more = run(state, ["decline", "decline", "decline"])
    assert offers(events + more) == prices


def test_q1_mcleod_the_next_one_out_pays_the_next_doubling():
    # K17 doubling continues after the group: 1 earlier + 3 = 4 out, so the fifth pays 16.
    state = table(players=4, dealer=1, marks=(1, 3, 1, 1), virgins=(False, True, False, False), eliminations=1)
    state, _ = play(state, "matto secchia secchia X", keep_all(4) + ["decline", "decline", "buy"])
    assert state.marks == (3, 3, 0, 0) and state.eliminations == 4
    state = state.replace(marks=(1, 3, 0, 0))
    state, events = play(state, "X 0", keep_all(2))  # dealer 0, order 1, 0
    assert offers(events) == [(0, 16)]


def test_q3_one_fool_against_a_cuckoo_both_readings():
    # Q3.  'compared' (Farina as written, §Das Ergebnis): the fool ranks with "der ansonsten
    # rangniedrigste Karte", here the XV, "d.h. der oder die beiden Halter dieser Karte und des
    # Narren verlieren eine Marke": both lose.  'never-loses' (the principle the seed applies to
    # Zeh, "dass die Cucus nie verlieren"): only the fool loses.
    compared = CAMPLI.with_options({"cuckoo_at_showdown": "compared"})
    never = CAMPLI.with_options({"cuckoo_at_showdown": "never-loses"})
    _, events = play(table(compared, players=2), "matto XV", keep_all(2))
    assert sorted(losers(events)) == [0, 1]
    _, events = play(table(never, players=2), "matto XV", keep_all(2))
    assert losers(events) == [0]


def test_q3_the_only_live_card_a_cuckoo_both_readings():
    # Q3 with K19's reasoning ("Da Beatrice nunmehr der einzige Spieler ohne tote Karte ist, ist
    # ihre Karte die niedrigste"): as the only live card the XV is the lowest under 'compared',
    # and is spared under 'never-loses'.
    compared = CAMPLI.with_options({"cuckoo_at_showdown": "compared"})
    never = CAMPLI.with_options({"cuckoo_at_showdown": "never-loses"})
    live, dead = [(1, card("XV"))], [(0, card("V"))]
    assert [s for s, _ in evaluate(compared, live, dead).losers] == [1]
    assert evaluate(never, live, dead).losers == ()


@pytest.mark.parametrize("reading", ["never-loses", "compared"])
def test_q3_a_cuckoo_above_a_lower_card_never_loses_in_either_reading(reading):
    rules = CAMPLI.with_options({"cuckoo_at_showdown": reading})
    _, events = play(table(rules, players=3), "XV V XV", keep_all(3))
    assert losers(events) == [1]


@pytest.mark.parametrize("reading, expected", [
    # Q4.  'live' (K15: dead cards "spielen beim Vergleich ... keine Rolle"): only seat 2's fool is
    # in play, a single fool: it loses with the lowest other live card, seat 3's V.
    ("live", [2, 3]),
    # 'any-hand': seat 0's dead fool counts, "beide Narren im Spiel": seat 2's fool ranks 14½ and
    # only the V loses.
    ("any-hand", [3]),
])
def test_q4_a_dead_fool(reading, expected):
    rules = CAMPLI.with_options({"fools_in_play": reading})
    state = table(rules, players=4, marks=(1, 3, 3, 3), virgins=(False, True, True, True))
    state, events = play(state, "matto XIIII matto V", ["offer", "keep", "keep"])
    assert marks_lost(events)[0] == (0, "K11")
    assert sorted(losers(events)[1:]) == expected


@pytest.mark.parametrize("reading, offerer_card, payer", [
    # Q12.  'nulla' (K14: "Pagherai se null?", "wenn ... der Anbieter tatsächlich eine Null hält"):
    ("nulla", "0", 1),
    ("nulla", "secchia", 0),
    ("nulla", "leone", 0),
    # 'zero-or-below': any card worth nothing or less is covered
    ("zero-or-below", "0", 1),
    ("zero-or-below", "secchia", 1),
    ("zero-or-below", "leone", 1),
])
def test_q12_which_cards_the_innkeepers_guarantee_covers(reading, offerer_card, payer):
    rules = CAMPLI.with_options({"inn_guarantee_covers": reading})
    _, events = play(table(rules, players=3), f"{offerer_card} XI V", ["offer", "ask", "accept", "keep"])
    assert losers(events) == [payer]


def test_q12_a_fool_is_never_covered():
    # a single fool loses by C3, not as "eine Null"; the guarantee does not cover it in either reading
    for reading in ["nulla", "zero-or-below"]:
        rules = CAMPLI.with_options({"inn_guarantee_covers": reading})
        _, events = play(table(rules, players=3), "matto XI V", ["offer", "ask", "accept", "keep"])
        assert sorted(losers(events)) == [0, 2]


@pytest.mark.parametrize("reading", ["lowest", "fourteen-and-a-half"])
def test_q15_the_fool_in_the_seating_draw(reading):
    # Q15.  With 20 players every rank is drawn once (K2: "20 Karten aus den 40, so dass jede
    # Karte nur einmal vorkommt"): XV deals.  'lowest' (C1 order): the fool sits left of the
    # dealer.  'fourteen-and-a-half': the fool ranks between XV and XIIII, so it sits right of
    # the dealer, followed by XIIII.
    rules = CAMPLI.with_options({"seating_fool": reading})
    names = [f"p{i}" for i in range(20)]
    for seed in range(3):
        _, dealer, drawn = seat_by_draw(rules, names, seed)
        assert drawn[dealer] == card("XV")
        fool_seat = drawn.index(card("matto"))
        if reading == "lowest":
            assert fool_seat == (dealer - 1) % 20
        else:
            assert fool_seat == (dealer + 1) % 20
            assert drawn[(dealer + 2) % 20] == card("XIIII")


def test_q2_digital_after_a_refused_inn_the_former_innkeeper_acts():
    # Q2 / D6 (digital-4p): after a refused inn its former holder acts normally; Campli: play goes
    # on right of the inn (see test_k14_second_offer_refused_innkeeper_must_exchange).
    state, _ = play(table(DIGITAL, players=4), "0 XI V X", ["offer", "ask", "refuse"])
    assert state.hands[:2] == cards("XI 0")
    assert (state.phase, state.actor) == (Phase.DECIDE, 1)


# =========================================================================== illegal actions


def test_illegal_acting_out_of_turn():
    # K4/K5: the player who received the card decides; nobody else.
    state, _ = shuffle(table(players=3), "V VI VII")
    for seat, kind in [(1, A.KEEP), (2, A.OFFER), (None, A.KEEP)]:
        with pytest.raises(IllegalActionError) as err:
            step(state, Action(kind, seat))
        assert err.value.rule == "K5"


def test_illegal_out_of_turn_at_the_inn():
    # K14: after 'fermatevi' the offerer chooses first; the innkeeper answers only a second offer
    state, _ = _to_fermatevi()
    for action in [Action(A.INN_ACCEPT, 1), Action(A.INN_ASK, 1), Action(A.KEEP, 2)]:
        with pytest.raises(IllegalActionError) as err:
            step(state, action)
        assert err.value.rule == "K14"
    state, _ = run(state, ["ask"])
    with pytest.raises(IllegalActionError) as err:
        step(state, Action(A.INN_ACCEPT, 0))  # the offerer cannot accept his own offer
    assert err.value.rule == "K14"


def test_illegal_offering_in_a_buy_back_phase():
    state = table(players=3, marks=(1, 3, 3), virgins=(False, True, True))
    state, _ = play(state, "0 V X", keep_all(3))
    assert state.phase == Phase.BUY_BACK
    with pytest.raises(IllegalActionError) as err:
        step(state, Action(A.OFFER, 0))
    assert err.value.rule == "K17"
    with pytest.raises(IllegalActionError) as err:
        step(state, Action(A.BUY_BACK, 1))  # seat 1 is not out
    assert err.value.rule == "K17"


@pytest.mark.parametrize("bad", ["missing", "third-xv", "lion-for-a-fool", "french", "empty", "double"])
def test_illegal_a_shuffle_that_is_not_the_full_pack(bad):
    # C1: the stack is the whole 40-card pack.
    full = list(stack_for(CAMPLI, ""))
    xv = card("XV")
    stacks = {
        "missing": full[:-1],
        "third-xv": full + [xv],
        "lion-for-a-fool": [card("leone") if c == card("matto") else c for c in full],
        "french": list(PACKS["french-52"].cards[:40]),
        "empty": [],
        "double": full + full,
    }
    with pytest.raises(IllegalActionError) as err:
        step(table(players=3), Action(A.SHUFFLE, stack=tuple(stacks[bad])))
    assert err.value.rule == "C1"


def test_illegal_no_stack_at_all():
    with pytest.raises(IllegalActionError) as err:
        step(table(players=3), Action(A.SHUFFLE))
    assert err.value.rule == "C1"


def test_illegal_shuffle_during_a_deal_and_decisions_before_the_shuffle():
    state = table(players=3)
    with pytest.raises(IllegalActionError) as err:
        step(state, Action(A.KEEP, 0))
    assert err.value.rule == "K4"
    state, _ = shuffle(state, "V VI VII")
    with pytest.raises(IllegalActionError) as err:
        step(state, Action(A.SHUFFLE, stack=shuffled_stack(CAMPLI, 1)))
    assert err.value.rule == "K4"


def test_illegal_inn_moves_outside_the_inn():
    state, _ = shuffle(table(players=3), "V VI VII")
    for kind in (A.INN_ASK, A.INN_ACCEPT, A.BUY_BACK):
        with pytest.raises(IllegalActionError):
            step(state, Action(kind, 0))


def test_illegal_the_dealer_cannot_offer_and_others_cannot_go_to_the_stack_k8():
    # K8: the dealer "entscheidet, ob er die Karte behält oder mit der untersten Karte des Stapels
    # tauscht": he has nobody to offer to, and only he may go to the stack.
    state, _ = shuffle(table(players=2), "V VI")
    with pytest.raises(IllegalActionError) as err:
        step(state, Action(A.EXCHANGE_WITH_STACK, 0))
    assert err.value.rule == "K8"
    state, _ = run(state, ["keep"])
    with pytest.raises(IllegalActionError) as err:
        step(state, Action(A.OFFER, 1))
    assert err.value.rule == "K8"


def test_illegal_step_leaves_the_state_untouched():
    state, _ = shuffle(table(players=3), "V VI VII")
    copy = tuple(state)
    with pytest.raises(IllegalActionError):
        step(state, Action(A.KEEP, 2))
    assert tuple(state) == copy


@pytest.mark.parametrize("reading, hands, loser", [
    # Q14 under the digital game's D6 (the former innkeeper acts after a refused inn, so the
    # refused inn's exchange can be part of a chain).  'undo' (K13: "bis die Karte an ihren
    # ursprünglichen Eigentümer zurückgefallen ist"): back to the dealt cards, seat 0's 0 loses.
    ("undo", "0 XI V XII", 0),
    # 'stop': the bargain stands; the undo ends at the inn exchange and seat 1 keeps the 0.
    ("stop", "XI 0 V XII", 1),
])
def test_q14_cat_undo_through_a_refused_inn(reading, hands, loser):
    rules = DIGITAL.with_options({"cat_undo_through_inn": reading})
    state, events = play(table(rules, players=4), "0 XI V XII", ["offer", "ask", "refuse", "offer", "offer"])
    # seat 2 offered the 0 on to the dealer's cat: one life lost at once (D5, the digital K13)
    assert marks_lost(events)[0] == (2, "D5")
    assert state.hands == cards(hands)
    assert losers(events)[1:] == [loser]


def test_campli_literal_reading_a_lone_fool_against_a_cuckoo_both_lose():
    # Seed 000 §Das Ergebnis: "wenn nur einer der beiden Narren im Spiel ist, dann hat dieser den
    # gleichen Rang wie die ansonsten rangniedrigste Karte, d.h. der oder die beiden Halter dieser
    # Karte und des Narren verlieren eine Marke."  §Das Cucuspiel introduces Zeh's rules as "mit
    # folgenden Abweichungen" from Cucù and lists among them: "Wenn zwei spielen und einer einen
    # Narren hat, verlieren beide eine Marke, es sei denn, die andere Karte ist der Cucu, dann
    # verliert nur der Narr" — the cuckoo exception is Zeh's, not Campli's.  §Endspiel zu zweit
    # names only "Wenn beide einen Kuckuck halten" as a case where a cuckoo does not lose.
    # That is the 'compared' reading of Q3; the preset's default ('never-loses') spares the XV,
    # and its reason in PRESET_REASONS records this argument against it.
    literal = CAMPLI.with_options({"cuckoo_at_showdown": "compared"})
    _, events = play(table(literal, players=2), "matto XV", keep_all(2))
    assert sorted(losers(events)) == [0, 1]
    _, events = play(table(CAMPLI, players=2), "matto XV", keep_all(2))
    assert losers(events) == [0]
