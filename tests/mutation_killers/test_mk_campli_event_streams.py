"""Whole event streams of small Campli deals, every field worked out by hand.

The events are the engine's record of a deal ("Every event names the rule that caused it"):
rulings, the position format and the docs read them.  The rule tests check the outcome of each
rule; here the complete stream of a few deals is checked field by field (kind, rule, seat,
other, card, amount), so that a wrong seat or a wrong rule in any event is caught.

Written to kill mutants that survived the first mutation run (docs/dev/mutation-report.md).
Rules: seed 000, §Cucù (Farina 2010), K1-K19; the digital game, seed 004, D1-D8.
``table(rules, n)`` puts the dealer on the last seat: the deal order is 0, 1, …, n-1.
"""

from __future__ import annotations

from cucu_ref.game.rulesets import preset
from cucu_ref.game.state import Event, Phase, Via

from helpers import card, play, run, table

CAMPLI = preset("campli")
DIGITAL = preset("digital-4p")


def ev(kind, rule, seat=None, other=None, card_token=None, amount=0):
    return Event(kind, rule, seat, other, card(card_token) if card_token else None, amount)


def test_k4_k5_k7_k8_k15_k2_a_plain_deal():
    # K4: the dealer (seat 2) deals the bottom card to the player on his right (seat 0), who
    # decides before the next card is dealt; K5 'passo': seat 0 offers his II; K7: seat 1 is
    # dealt a V, not an event card, so must exchange, then decides; K8: the dealer decides last;
    # K15: the lowest card (seat 1's II) loses a mark; K2: the player right of the dealer deals next.
    state = table(CAMPLI, 3)
    state, events = play(state, "II V VII")
    assert list(events) == [ev("shuffle", "K4", 2), ev("deal", "K4", 0, None, "II")]
    state, events = run(state, ["offer"])
    assert events == [ev("offer", "K5", 0), ev("deal", "K4", 1, None, "V"), ev("exchange", "K7", 0, 1)]
    assert state.custody[0] == ((1, Via.DEALT), (0, Via.EXCHANGE))
    assert state.custody[1] == ((0, Via.DEALT), (1, Via.EXCHANGE))
    state, events = run(state, ["keep"])
    assert events == [ev("keep", "K5", 1), ev("deal", "K4", 2, None, "VII")]
    state, events = run(state, ["keep"])
    assert events == [ev("keep", "K8", 2), ev("showdown", "K15"), ev("mark-lost", "K15", 1, amount=1),
                      ev("next-dealer", "K2", 0)]
    assert state.marks == (3, 2, 3) and state.virgins == (True, False, True)
    assert state.dealer == 0 and state.phase == Phase.SHUFFLE and state.deal_number == 1


def test_k8_the_dealer_takes_the_bottom_card_of_the_stack():
    # K8: keep, or exchange with the bottom card of the stack (the next card to be dealt)
    state, _ = play(table(CAMPLI, 2), "V II", ["keep"], then="IIII")
    state, events = run(state, ["stack"])
    assert events[0] == ev("exchange-with-stack", "K8", 1, amount=1)
    assert state.hands[1] == card("IIII") and state.stack[-1] == card("II")
    assert state.custody[1] == ((1, Via.STACK),)
    assert events[1:3] == [ev("showdown", "K15"), ev("mark-lost", "K15", 1, amount=1)]


def test_k10_the_cuckoo_refuses_at_no_cost():
    state, events = play(table(CAMPLI, 3), "II XV V", ["offer"])
    assert events[-4:] == [ev("offer", "K5", 0), ev("deal", "K4", 1, None, "XV"),
                           ev("arresto", "K10", 1, 0, "XV"), ev("deal", "K4", 2, None, "V")]
    # play goes on right of the cuckoo: the dealer is dealt and decides
    assert state.actor == 2 and state.hands[:2] == (card("II"), card("XV"))


def test_k11_the_hunter_makes_the_offerer_pay_at_once():
    state, events = play(table(CAMPLI, 3), "II XIIII V", ["offer"])
    assert events[-4:-1] == [ev("deal", "K4", 1, None, "XIIII"), ev("arresto", "K11", 1, 0, "XIIII"),
                             ev("mark-lost", "K11", 0, amount=1)]
    assert events[-1] == ev("deal", "K4", 2, None, "V")
    assert state.marks == (2, 3, 3) and state.actor == 2


def test_k12_the_horse_is_jumped_and_at_the_dealer_the_top_card_is_taken():
    # K12: the request jumps the horse (seat 1) to seat 2, who must exchange (K7)
    state, events = play(table(CAMPLI, 4), "II XIII V", ["offer"])
    assert events[-5:] == [ev("deal", "K4", 1, None, "XIII"), ev("arresto", "K12", 1, 0, "XIII"),
                           ev("skip", "K12", 1, 0), ev("deal", "K4", 2, None, "V"), ev("exchange", "K7", 0, 2)]
    assert state.hands[:3] == (card("V"), card("XIII"), card("II")) and state.actor == 2
    # K12: the horse held by the dealer: the offerer exchanges with the TOP card of the stack
    state, events = play(table(CAMPLI, 2), "II XIII", ["offer"], top="VIIII")
    at = events.index(ev("arresto", "K12", 1, 0, "XIII"))
    # the dealer's horse was the last card: the round is over (K10-K14 'right of' the event
    # card); VIIII against the dealer's XIII: the VIIII is lowest and loses (K15)
    assert events[at + 1:at + 4] == [ev("exchange-with-stack", "K12", 0, amount=0), ev("showdown", "K15"),
                                     ev("mark-lost", "K15", 0, amount=1)]
    assert state.stack[0] == card("II")


def test_k13_the_cat_undoes_the_exchange_and_names_the_partners():
    # seat 0 offers II to seat 1 (V, must exchange, K7); seat 1 offers the II on to seat 2's cat:
    # seat 1 pays (K13) and the exchange that brought him the II is undone: seat 0 has his II again
    state, events = play(table(CAMPLI, 4), "II V XII", ["offer", "offer"])
    tail = events[-5:]
    assert tail[:4] == [ev("deal", "K4", 2, None, "XII"), ev("arresto", "K13", 2, 1, "XII"),
                        ev("mark-lost", "K13", 1, amount=1), ev("undo", "K13", 0, 1, "II")]
    assert state.hands[:3] == (card("II"), card("V"), card("XII"))
    assert state.custody[0] == ((0, Via.DEALT),) and state.custody[1] == ((1, Via.DEALT),)
    assert state.actor == 3


def test_k14_the_inn_bargain_accepted_and_refused():
    # K14: 'fermatevi aliquanto'; the offerer asks 'pagherai se null?'
    state, events = play(table(CAMPLI, 3), "0 XI V", ["offer"])
    assert events[-2:] == [ev("arresto", "K14", 1, 0, "XI"), ev("fermatevi", "K14", 1, 0)]
    assert state.phase == Phase.INN_OFFERER and (state.actor, state.target) == (0, 1)
    asked, events = run(state, ["ask"])
    assert events == [ev("ask-pagherai-se-null", "K14", 0, 1)]
    assert asked.phase == Phase.INN_KEEPER and (asked.actor, asked.target) == (1, 0)
    # accepted: no exchange, a guarantee; play goes on right of the inn
    accepted, events = run(asked, ["accept"])
    assert events[0] == ev("accept", "K14", 1, 0)
    assert accepted.guarantees == ((0, 1),) and accepted.actor == 2
    # refused: the innkeeper must exchange (K14 cites the inn for that exchange)
    refused, events = run(asked, ["refuse"])
    assert events[:2] == [ev("refuse", "K14", 1, 0), ev("exchange", "K14", 0, 1)]
    assert refused.hands[:2] == (card("XI"), card("0")) and refused.guarantees == ()
    assert refused.custody[1][-1] == (1, Via.INN)
    assert refused.actor == 2
    # the offerer keeps after all
    kept, events = run(state, ["inn-keep"])
    assert events[0] == ev("keep-after-fermatevi", "K14", 0, 1) and kept.actor == 2


def test_d6_the_former_innkeeper_acts_after_a_refused_inn():
    # D6: refused, the inn must be exchanged, and its former holder then acts normally
    state, events = play(table(DIGITAL, 4), "0 XI V", ["offer", "ask", "refuse"])
    assert state.phase == Phase.DECIDE and state.actor == 1 and state.hands[1] == card("0")
    assert events[-2:] == [ev("refuse", "D6", 1, 0), ev("exchange", "D6", 0, 1)]


def test_k16_k17_out_buy_back_offer_and_purchase():
    # K16: seat 0 on one mark loses it at the showdown and is out; K17: virgins remain (seats 1, 2
    # hold their three marks), so he may buy back after the deal for one stake, the first out
    state = table(CAMPLI, 3, marks=(1, 3, 3))
    state, events = play(state, "II V VII", ["keep", "keep", "keep"])
    assert events[-4:] == [ev("showdown", "K15"), ev("mark-lost", "K15", 0, amount=1), ev("out", "K16", 0),
                           ev("buy-back-offer", "K17", 0, amount=1)]
    assert state.phase == Phase.BUY_BACK and state.actor == 0
    pot = state.pot
    bought, events = run(state, ["buy"])
    assert events == [ev("buy-back", "K17", 0, amount=1), ev("next-dealer", "K2", 0)]
    assert bought.marks == (3, 3, 3) and bought.virgins[0] is False and bought.pot == pot + 1
    assert bought.reentries == 1 and bought.eliminations == 1
    declined, events = run(state, ["decline"])
    assert events == [ev("decline-buy-back", "K17", 0), ev("next-dealer", "K2", 1)]
    assert declined.marks == (0, 3, 3) and declined.pot == pot


def test_k3_the_winner_takes_the_pot():
    state = table(CAMPLI, 2, marks=(1, 1), virgins=(False, False))
    state, events = play(state, "II V", ["keep", "keep"])
    assert events[-3:] == [ev("mark-lost", "K15", 0, amount=1), ev("out", "K16", 0),
                           ev("winner", "K3", 1, amount=state.pot)]
    assert state.phase == Phase.MATCH_OVER and state.winner == 1 and state.actor is None
    # K17: no virgin remains, so nobody may buy back: no offer is left pending
    assert state.pending == ()


def test_k18_all_out_together_restart_without_virgins():
    # K18: both remaining players lose their last marks in the same deal (two tied lowest, K15):
    # everybody gets three marks again, nobody is a virgin
    state = table(CAMPLI, 3, marks=(1, 1, 0), virgins=(False, False, False))
    state, events = play(state, "V V", ["keep", "keep"])
    assert ev("restart", "K18") in events
    assert state.marks == (3, 3, 3) and state.virgins == (False, False, False)
    assert state.phase == Phase.SHUFFLE and state.eliminations == 0 and state.reentries == 0
    # D8: in the digital game all four return with three lives (and count as fresh)
    digital = table(DIGITAL, 4, marks=(1, 1, 0, 0), virgins=(False,) * 4)
    digital, events = play(digital, "V V", ["keep", "keep"])
    assert ev("restart", "D8") in events and digital.marks == (3, 3, 3, 3)
    assert digital.virgins == (True,) * 4


def test_l10_l11_out_during_the_deal_under_lu_stu_decides_at_once():
    # Lu Stù (seed 000 §Lu Stù): seat 0, on his last mark, offers his V to seat 1's XIIII and pays
    # (K11, as Campli); out, his card goes under the stack (L10); he decides about buying back at
    # once (L11), the deal waiting; the price is one stake, nobody has re-entered yet (L11).
    lu = preset("lu-stu")
    state = table(lu, 3, marks=(1, 3, 3))
    state, events = play(state, "V XIIII II", ["offer"])
    at = events.index(Event("arresto", "K11", 1, 0, card("XIIII"), 0))
    assert events[at + 1:] == [
        ev("mark-lost", "K11", 0, amount=1), ev("out", "K16", 0), ev("dead-card-under-stack", "L10", 0),
        Event("deal", "L2", 2, None, card("II"), 0), ev("buy-back-offer", "L11", 0, amount=1),
    ]
    assert state.custody[0] == () and state.hands[0] is None
    assert state.suspended == (Phase.DECIDE, 2, None, 2)
    assert state.pending == ((0, 1),)
    declined, events = run(state, ["decline"])
    assert events == [ev("decline-buy-back", "L11", 0)]
    assert declined.phase == Phase.DECIDE and declined.actor == 2 and declined.suspended is None
    bought, events = run(state, ["buy"])
    assert events == [ev("buy-back", "L11", 0, amount=1)]
    assert bought.marks[0] == 3 and bought.reentries == 1 and bought.pot == state.pot + lu.stake
    # Q7 as the preset reads it: he takes no further part in this deal (his card is gone, L10)
    assert bought.dead[0] and bought.actor == 2


def test_f2_the_coucou_dealer_keeps_the_highest_of_three():
    # F2: the dealer takes three and keeps the highest; the other two go under the talon
    coucou = preset("coucou")
    state, events = play(table(coucou, 5), "7 8 9 10 A Q J")
    kept = [e for e in events if e.kind == "dealer-keeps-highest"]
    assert kept == [Event("dealer-keeps-highest", "F2", 4, None, card("Q", "french"), 2)]


def test_z11_all_out_together_is_a_draw_without_a_new_stake():
    # Z9: two players with equal cards both pay; Z11: all remaining out together: a draw, all play
    # again, no new stake (the pot is unchanged)
    zeh = preset("zeh-1769")
    state = table(zeh, 2, marks=(1, 1), virgins=(False, False))
    pot = state.pot
    state, events = play(state, "V V", ["keep", "keep"])
    assert ev("draw", "Z11") in events
    assert state.marks == (3, 3) and state.virgins == (True, True) and state.pot == pot
    assert state.phase == Phase.SHUFFLE and state.winner is None and state.pending == ()


def test_the_event_cards_of_another_reading_are_cited_by_that_reading():
    # the arresto of a cat cites the reading's source unless the ruleset cites its own: Zeh's
    # pay-holder cat (Z5), Lu Stù's way back (L8); Lu Stù's inn bargain (L7)
    for reading, rule in (("pay-holder", "Z5"), ("backward", "L8"), ("undo", "K13")):
        rules = CAMPLI.with_options({"cat": reading})
        _, events = play(table(rules, 3), "II XII V", ["offer"])
        assert [e.rule for e in events if e.kind == "arresto"] == [rule], reading
    lu_inn = CAMPLI.with_options({"inn": "lu-stu"})
    state, events = play(table(lu_inn, 3), "0 XI V", ["offer"])
    assert events[-2:] == [ev("arresto", "L7", 1, 0, "XI"), ev("inn-bargain", "L7", 1, 0)]
    assert state.phase == Phase.INN_KEEPER and (state.actor, state.target) == (1, 0)
    # L7: accepted, they exchange; refused ('fatt nu bicchijr'), the innkeeper guarantees
    accepted, events = run(state, ["accept"])
    assert events[:2] == [ev("accept", "L7", 1, 0), ev("exchange", "L7", 0, 1)]
    assert accepted.hands[:2] == (card("XI"), card("0")) and accepted.guarantees == ()
    refused, events = run(state, ["refuse"])
    assert events[0] == ev("refuse", "L7", 1, 0) and refused.guarantees == ((0, 1),)
    assert refused.hands[:2] == (card("0"), card("XI"))


def test_q1_same_price_under_lu_stu_prices_by_reentries():
    # Q1 'same-price' (U. Martin): all who go out in one showdown pay the same price; under Lu
    # Stù's L11 the price doubles with each re-entrant, none yet: one stake each.  Seats 0 and 1
    # (one mark each) tie lowest with II; L3 makes only the first lose, so use 'ties = all' to put
    # both out together.
    rules = preset("lu-stu").with_options({"simultaneous_buy_back": "same-price", "ties": "all"})
    state = table(rules, 4, marks=(1, 1, 3, 3))
    state, events = play(state, "II II V VI", ["keep"] * 4)
    assert [(e.seat, e.amount) for e in events if e.kind == "buy-back-offer"] == [(0, 1)]
    assert state.pending == ((0, 1), (1, 1))
    state, events = run(state, ["buy"])
    assert [(e.seat, e.amount) for e in events if e.kind == "buy-back-offer"] == [(1, 1)]


def test_k14_two_accepted_inn_bargains_in_one_deal_both_stand():
    # C1: two copies of every rank, so two inns.  Seats 0 and 2 each hold the nulla, offer to an
    # inn (seats 1 and 3), ask 'pagherai se null?' and are accepted (K14).  At the showdown the
    # two nulla tie lowest (K15) and each innkeeper pays instead of his offerer (K14).
    state, _ = play(table(CAMPLI, 5), "0 XI 0 XI V", ["offer", "ask", "accept", "offer", "ask", "accept"])
    assert state.guarantees == ((0, 1), (2, 3))
    state, events = run(state, ["keep"])
    assert [(e.seat, e.rule) for e in events if e.kind == "mark-lost"] == [(1, "K14"), (3, "K14")]


def test_l11_two_out_in_one_step_are_both_asked():
    # Lu Stù: seat 1 (one mark) offers his V to the dealer's XIIII and pays (K11): out, he decides
    # at once (L11).  The hunter was the dealer's: the round is over, and at the showdown seat 0's
    # II is lowest against the XIIII (seat 1's card is under the stack, L10): seat 0 is out too.
    # Both are asked, in the order they went out, one stake each (nobody has re-entered).
    lu = preset("lu-stu")
    state = table(lu, 3, marks=(1, 1, 3))
    state, events = play(state, "II V XIIII", ["keep", "offer"])
    assert [(e.seat, e.amount) for e in events if e.kind == "buy-back-offer"] == [(1, 1)]
    assert state.pending == ((1, 1), (0, 0))  # seat 0's price is set when he is asked (L11)
    state, events = run(state, ["decline"])
    assert [(e.seat, e.amount) for e in events if e.kind == "buy-back-offer"] == [(0, 1)]
