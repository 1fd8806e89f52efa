"""Hand-built deals for readings the rule tests did not play: the talon (F4, Q16), Lu Stù's way
back to the dealer and the optional offer back (L8, Q5), refusing by paying (Q9), hints (Z7),
gains under Q8 and the cat paid to its holder (Z5).

Written to kill mutants that survived the first mutation run (docs/dev/mutation-report.md).
Every expected value is worked out from the seeds (section named in each comment) and the
digest's rule IDs, never copied from the engine's output.

Conventions (tests/helpers.py): ``table(rules, n)`` puts the dealer on the last seat, so the
deal order is 0, 1, …, n-1; ``play(state, deal, moves, then=…, top=…)`` shuffles so ``deal``
is dealt in that order.
"""

from __future__ import annotations

from collections import Counter

import pytest

from cucu_ref.game.cards import PACKS
from cucu_ref.game.cards import format as format_card
from cucu_ref.game.engine import IllegalActionError, legal_actions, note_hint, step
from cucu_ref.game.rulesets import preset
from cucu_ref.game.state import Action, ActionKind, Event, Phase, Via

from helpers import card, losers, marks_lost, of_kind, play, run, table

A = ActionKind
LU = preset("lu-stu")
ZEH = preset("zeh-1769")
CAMPLI = preset("campli")
# Hère (H1) with the Académie's talon (F4): one card each, dealt from the top, the king refuses
HERE_TALON = preset("here", {"last_request_to": "talon"})


def fr(token: str):
    return card(token, "french")


# =========================================================================== F4 / Q16: the talon


def test_f4_the_last_player_takes_the_top_card_of_the_talon():
    # seed 003 §Coucou: "tauscht ... die Karte auf dem Talon"; the talon's top card is the next
    # card to be dealt (dealing is from the top, ``then``)
    state, events = play(table(HERE_TALON, 3), "7 8 9", ["keep", "offer"], then="5")
    assert state.hands[1] == fr("5")
    assert state.stack[0] == fr("8")  # the 8 went onto the talon in the 5's place
    assert state.custody[1] == ((1, Via.STACK),)
    talon = of_kind(events, "exchange-with-talon")
    assert talon == [Event("exchange-with-talon", "F4", 1, None, None, 0)]
    # the dealer is never asked (F4): he decides next, and keeps (H1 names no talon for him)
    assert state.actor == 2 and state.phase == Phase.DECIDE
    state, events = run(state, ["keep"])
    assert losers(events) == [1]  # 7, 5, 9: the 5 is lowest


def test_f4_a_king_on_top_of_the_talon_forbids_the_exchange():
    # seed 003 §Coucou: "Sollte diese Karte ein König sein, ist kein Kartentausch erlaubt."
    state, events = play(table(HERE_TALON, 3), "7 8 9", ["keep", "offer"], then="K")
    assert state.hands[1] == fr("8") and state.stack[0] == fr("K")
    assert of_kind(events, "talon-king") == [Event("talon-king", "F4", 1, None, fr("K"), 0)]
    assert of_kind(events, "exchange-with-talon") == []


def test_q16_meyers_takes_the_bottom_card_or_the_next_one_up_if_it_is_a_king():
    # Q16 (Meyers 1905): "the bottom card, or the next one if it is a king"
    rules = HERE_TALON.with_options({"talon_card": "bottom-skipping-kings"})
    # with dealing from the top, helpers put ``top`` at the bottom: the bottom card is the K and
    # the one above it the 5
    state, events = play(table(rules, 3), "7 8 9", ["keep", "offer"], top="K 5")
    assert state.hands[1] == fr("5")
    assert state.stack[-1] == fr("K") and state.stack[-2] == fr("8")
    assert of_kind(events, "exchange-with-talon") == [Event("exchange-with-talon", "F4", 1, None, None, 0)]
    # no king at the bottom: the bottom card itself
    state, _ = play(table(rules, 3), "7 8 9", ["keep", "offer"], top="4 5")
    assert state.hands[1] == fr("4") and state.stack[-1] == fr("8")


# =========================================================================== L8 / Q5: the way back


def test_q5_first_hand_the_way_back_ends_with_the_first_player():
    # L8 (seed 000 §Lu Stù, 'Gnaf, cart'arrit'): seat 1 offers his II to the cat (seat 2), pays
    # a mark and must offer the II to his left; seat 0 holds a plain V and must exchange.  Q5
    # 'first-hand': the dealer (seat 3) has no card yet, so the way back ends at seat 0.
    state, events = play(table(LU, 4), "V II XII VII", ["keep", "offer"])
    assert marks_lost(events) == [(1, "L8")]
    assert state.hands[:3] == (card("II"), card("V"), card("XII"))
    assert of_kind(events, "way-back-ends") == [Event("way-back-ends", "Q5", 0, None, None, 0)]
    assert [e.rule for e in of_kind(events, "exchange")] == ["L8"]
    # play goes on right of the cat: the dealer is dealt his card and decides
    assert state.actor == 3 and state.phase == Phase.DECIDE and state.hands[3] == card("VII")


def test_q5_dealer_the_way_back_goes_on_to_the_dealer_and_ends_there():
    # Q5 'dealer': "past the first hand: the dealer is dealt a card and asked like anyone,
    # then the way back ends".  The II goes V's way (seat 0), then on to the dealer's VII; it stops there.
    rules = LU.with_options({"backward_chain_end": "dealer"})
    state, events = play(table(rules, 4), "V II XII VII", ["keep", "offer"])
    # only the shot offerer pays (L8); the way back does not go on past the dealer to the cat
    assert marks_lost(events) == [(1, "L8")]
    assert state.hands == (card("VII"), card("V"), card("XII"), card("II"))
    assert [(e.seat, e.other, e.rule) for e in of_kind(events, "exchange")] == [(1, 0, "L8"), (0, 3, "L8")]
    assert of_kind(events, "way-back-ends") == [Event("way-back-ends", "L8", 3, None, None, 0)]
    # the dealer then decides last, with the II he was given (K8)
    assert state.actor == 3 and state.phase == Phase.DECIDE
    state, events = run(state, ["keep"])
    assert losers(events) == [3]


def test_q5_dealer_the_way_back_does_not_pass_the_dealer_when_he_holds_the_cat():
    # The cat's holder is the dealer: the way back ends at the first hand (the dealer is not
    # asked twice, Q5); no exchange with him.
    rules = LU.with_options({"backward_chain_end": "dealer"})
    state, events = play(table(rules, 3), "V II XII", ["keep", "offer"])
    assert state.hands == (card("II"), card("V"), card("XII"))
    assert of_kind(events, "way-back-ends") == [Event("way-back-ends", "Q5", 0, None, None, 0)]
    # the cat was the dealer: nobody is left to decide, the showdown follows at once (K15)
    assert losers(events)[-1:] == [0]


def test_q5_optional_each_later_holder_may_keep():
    # Q5 'optional': only the shot offerer must offer back; each later holder may keep.
    rules = LU.with_options({"backward_offer": "optional"})
    state, events = play(table(rules, 4), "V VI II XII", ["keep", "keep", "offer"])
    # seat 2 paid (L8) and had to give his II to seat 1 for the VI
    assert marks_lost(events) == [(2, "L8")]
    assert state.hands[1:3] == (card("II"), card("VI"))
    assert state.phase == Phase.DECIDE_BACKWARD and state.actor == 1 and state.target == 3
    assert set(legal_actions(state)) == {Action(A.KEEP, 1), Action(A.OFFER, 1)}
    # a decision by somebody else names L8
    with pytest.raises(IllegalActionError) as err:
        step(state, Action(A.KEEP, 0))
    assert err.value.rule == "L8"
    kept, events = run(state, ["keep"])
    assert of_kind(events, "keep") == [Event("keep", "Q5", 1, None, None, 0)]
    # play goes on right of the cat: the cat was the dealer, so the showdown follows
    assert losers(events) == [1]  # V, II, VI, XII
    assert kept.marks == (3, 2, 2, 3)


def test_q5_optional_the_next_holder_may_offer_back_again():
    rules = LU.with_options({"backward_offer": "optional"})
    state, _ = play(table(rules, 4), "V VI II XII", ["keep", "keep", "offer"])
    state, events = run(state, ["offer"])
    assert of_kind(events, "offer-back") == [Event("offer-back", "L8", 1, None, None, 0)]
    # seat 0's V must be exchanged (L8): seat 1 now holds the V, seat 0 the II ...
    assert state.hands[:2] == (card("II"), card("V"))
    # ... and seat 0 may keep or offer on; there is nobody left of him (Q5 'first-hand')
    assert state.phase == Phase.DECIDE_BACKWARD and state.actor == 0
    state, events = run(state, ["offer"])
    assert of_kind(events, "way-back-ends") == [Event("way-back-ends", "Q5", 0, None, None, 0)]
    assert losers(events) == [0]


def test_l8_the_way_back_passes_over_a_player_who_is_out():
    # K15/L10: a player put out during the deal takes no further part in it (his card went under
    # the stack); the way back (L8) goes on to the next player left of him.  Seat 1, on his last
    # mark, refuses seat 0's offer by paying (Q9 'yes') and is out; he declines to buy back (L11).
    # Seat 2 then offers his VI to the dealer's cat, pays, and must offer the VI to his left:
    # seat 1 is passed over, seat 0's V is exchanged.
    rules = LU.with_options({"refuse_by_paying": "yes"})
    state, _ = play(table(rules, 4, marks=(3, 1, 3, 3)), "V II VI XII", ["offer"])
    state, events = run(state, [Action(A.REFUSE_BY_PAYING, 1), "decline", "offer"])
    assert state.dead[1] and state.hands[1] is None
    # ... and as the cat was the dealer's, the showdown follows: V, VI, XII live, the V of
    # seat 2 is lowest (L3)
    assert marks_lost(events) == [(1, "Q9"), (2, "L8"), (2, "K15")]
    assert [(e.seat, e.other) for e in of_kind(events, "exchange")] == [(2, 0)]
    assert (state.hands[0], state.hands[2]) == (card("VI"), card("V"))
    assert of_kind(events, "way-back-ends") == [Event("way-back-ends", "Q5", 0, None, None, 0)]


# =========================================================================== Q9: refusing by paying


def test_q9_yes_a_target_may_pay_a_mark_instead_of_exchanging():
    # Q9 (Zeh, third paragraph): "who will not exchange puts a mark into the cup"
    rules = CAMPLI.with_options({"refuse_by_paying": "yes"})
    state, _ = play(table(rules, 3), "II V", ["offer"])
    assert state.phase == Phase.TARGET_DECIDE and state.actor == 1 and state.target == 0
    assert set(legal_actions(state)) == {Action(A.EXCHANGE, 1), Action(A.REFUSE_BY_PAYING, 1)}
    paid, events = run(state, [Action(A.REFUSE_BY_PAYING, 1)])
    assert marks_lost(events) == [(1, "Q9")]
    assert paid.hands[:2] == (card("II"), card("V"))
    # the target keeps his own card and then decides about it, as after any request (K7)
    assert paid.phase == Phase.DECIDE and paid.actor == 1
    swapped, events = run(state, [Action(A.EXCHANGE, 1)])
    assert [(e.seat, e.other) for e in of_kind(events, "exchange")] == [(0, 1)]
    assert swapped.hands[:2] == (card("V"), card("II"))
    assert swapped.custody[1][-1] == (1, Via.EXCHANGE)
    assert swapped.phase == Phase.DECIDE and swapped.actor == 1


def test_q9_a_target_who_pays_his_last_mark_is_out_and_play_goes_on():
    # K15: put out during the deal, his card is dead; the next player is dealt and decides
    rules = CAMPLI.with_options({"refuse_by_paying": "yes"})
    state, _ = play(table(rules, 3, marks=(3, 1, 3)), "II V", ["offer"])
    paid, events = run(state, [Action(A.REFUSE_BY_PAYING, 1)])
    assert paid.dead[1] and paid.marks[1] == 0
    assert paid.phase == Phase.DECIDE and paid.actor == 2
    with pytest.raises(IllegalActionError) as err:
        step(state, Action(A.EXCHANGE, 0))
    assert err.value.rule == "Q9"


# =========================================================================== Z7: hints


def test_z7_a_hint_is_noted_only_during_a_deal():
    state = table(ZEH, 3)
    with pytest.raises(IllegalActionError) as err:
        note_hint(state, 0)
    assert err.value.rule == "Z7"
    assert err.value.reason == "a hint is noted during a deal"


def test_z7_only_a_seat_of_this_deal_can_hint():
    # seat 1 is out of the match (no marks, K16): he takes no part in the deal
    state, _ = play(table(ZEH, 3, marks=(3, 0, 3)), "V VI")
    for seat in (1, 3, -1):
        with pytest.raises(IllegalActionError) as err:
            note_hint(state, seat)
        assert err.value.rule == "Z7"
        assert err.value.reason == f"seat {seat} takes no part in this deal"


def test_z7_a_hint_is_recorded_once():
    state, _ = play(table(ZEH, 3), "matto V VI")
    hinted, events = note_hint(state, 0)
    assert events == (Event("hint", "Z7", 0, None, None, 0),)
    assert hinted.hinted == (0,)
    again, events = note_hint(hinted, 0)
    assert events == () and again.hinted == (0,)


# =========================================================================== gains: Q8, Z5, Z6


def test_q8_not_virgin_a_gain_ends_virginity():
    # L4: two fools each gain a mark (Lu Stù); Q8 'not-virgin': a virgin holds exactly his
    # original marks, so the gainers are no longer virgins; 'still-virgin' keeps them virgins
    for reading, virgin in (("not-virgin", False), ("still-virgin", True)):
        rules = LU.with_options({"virgin_after_gain": reading})
        state, events = play(table(rules, 4), "matto matto V XV", ["keep"] * 4)
        gained = of_kind(events, "mark-gained")
        assert [(e.seat, e.rule, e.amount) for e in gained] == [(0, "L4", 1), (1, "L4", 1)]
        assert state.marks == (4, 4, 2, 3)
        assert state.virgins[:2] == (virgin, virgin), reading
        assert state.virgins[2] is False  # seat 2 lost a mark (K17)


def test_z5_the_cat_is_paid_to_its_holder():
    # Z5 (seed 000 §Cucuspiel, 'Gnau'): the offerer pays a mark TO THE CAT HOLDER, no undo
    state, events = play(table(ZEH, 3), "V XII VI", ["offer"])
    assert of_kind(events, "mark-gained") == [Event("mark-gained", "Z5", 1, 0, None, 1)]
    assert state.marks[:2] == (2, 4)
    assert state.hands[:2] == (card("V"), card("XII"))


# =========================================================================== L8: events on the way back


def test_l8_a_horse_on_the_way_back_is_shown_and_skipped():
    # L8: "Event cards met on the way back: XIII is skipped"; the V beyond it must be exchanged
    state, events = play(table(LU, 5), "V XIII II XII", ["keep", "keep", "offer"])
    at = events.index(Event("arresto", "L8", 1, 2, card("XIII"), 0))
    assert events[at:at + 4] == [
        Event("arresto", "L8", 1, 2, card("XIII"), 0), Event("skip", "L8", 1, 2, None, 0),
        Event("exchange", "L8", 2, 0, None, 0), Event("way-back-ends", "Q5", 0, None, None, 0),
    ]
    assert state.custody[0][-1] == (0, Via.EXCHANGE) and state.custody[2][-1] == (2, Via.EXCHANGE)


@pytest.mark.parametrize("blocker, penalty", [("XIIII", True), ("XII", True), ("XV", False)])
def test_l8_an_event_card_ends_the_way_back_and_names_who_pays(blocker, penalty):
    # L8: "XV ends it with no penalty; XII or XIIII end it and the last player who exchanged
    # pays a mark".  Seat 1 offers II to seat 2's cat, pays, offers the II left to seat 0's card.
    state, events = play(table(LU, 4), f"{blocker} II XII", ["keep", "offer"])
    at = events.index(Event("arresto", "L8", 0, 1, card(blocker), 0))
    expected = [Event("arresto", "L8", 0, 1, card(blocker), 0)]
    if penalty:
        expected.append(Event("mark-lost", "L8", 1, None, None, 1))
    expected.append(Event("way-back-ends", "L8", 1, None, None, 0))
    assert events[at:at + len(expected)] == expected
    assert marks_lost(events) == [(1, "L8")] + ([(1, "L8")] if penalty else [])
    # play goes on right of the cat: the dealer decides
    assert state.actor == 3 and state.phase == Phase.DECIDE


# =========================================================================== F4 / Q16: a talon of kings


def _thirty(rules):
    # French 32-card piquet pack (F1) at a table of thirty: two cards are left for the talon
    return table(rules.with_options({"pack": "french-32", "max_players": 30}), tuple(f"p{i}" for i in range(30)))


def _deal_all_but(talon_bottom_first: str) -> str:
    """Every card of the 32-card pack but the talon's, as tokens (any order will do)."""
    rest = Counter(PACKS["french-32"].cards) - Counter(fr(t) for t in talon_bottom_first.split())
    return " ".join(format_card(c) for c in rest.elements())


@pytest.mark.parametrize("talon, taken", [("K K", None), ("K 7", "7")])
def test_q16_a_talon_of_kings_forbids_the_exchange_and_the_top_card_is_reached(talon, taken):
    # Q16 (Meyers): the bottom card, or the next one up if it is a king; F4: a king forbids the
    # exchange.  With thirty players the talon holds two cards (``talon`` is bottom first).
    rules = HERE_TALON.with_options({"talon_card": "bottom-skipping-kings"})
    deal = _deal_all_but(talon)
    before, _ = play(_thirty(rules), deal, ["keep"] * 28, top=talon)
    offered = before.hands[28]
    state, events = run(before, ["offer"])
    if taken is None:
        assert of_kind(events, "talon-king") == [Event("talon-king", "F4", 28, None, fr("K"), 0)]
        assert of_kind(events, "exchange-with-talon") == [] and state.hands[28] == offered
    else:
        assert state.hands[28] == fr(taken) and state.stack[0] == offered
        assert of_kind(events, "talon-king") == []


# =========================================================================== more readings


def test_q6_the_horse_at_the_dealer_gives_the_bottom_card_under_stack_bottom():
    # Q6 'stack-bottom': the offerer exchanges with the BOTTOM card (the next to be dealt, K4)
    # instead of K12's top card
    rules = CAMPLI.with_options({"horse_at_dealer": "stack-bottom"})
    state, events = play(table(rules, 2), "II XIII", ["offer"], then="VIIII", top="IIII")
    assert Event("exchange-with-stack", "K12", 0, None, None, 1) in events
    assert state.stack[-1] == card("II") and state.stack[0] == card("IIII")


def test_q5_optional_an_event_card_on_a_later_offer_back_ends_it_and_play_goes_on():
    # Q5 'optional': seat 1, given the II on the way back, offers it on to seat 0's XIIII: the
    # hunter ends the way back and seat 1, the last to exchange, pays (L8); the cat was the
    # dealer's, so the showdown follows (K15 via L3)
    rules = LU.with_options({"backward_offer": "optional"})
    state, _ = play(table(rules, 4), "XIIII VI II XII", ["keep", "keep", "offer"])
    state, events = run(state, ["offer"])
    assert marks_lost(events)[:1] == [(1, "L8")]
    assert state.phase in (Phase.SHUFFLE, Phase.BUY_BACK, Phase.MATCH_OVER)
    assert any(e.kind == "showdown" for e in events)


def test_l7_an_accepted_bargain_is_an_exchange_through_the_inn():
    # L7: accepted, they exchange: the custody records the inn
    state, _ = play(table(LU, 3), "0 XI V", ["offer", "accept"])
    assert state.custody[1][-1] == (1, Via.INN) and state.custody[0][-1] == (0, Via.INN)


def test_l7_two_refused_bargains_both_guarantee():
    # L7 'fatt nu bicchijr': refused, the innkeeper keeps the inn and pays for the offerer's
    # nulla; two inns (C1), two refusals, two guarantees
    state, _ = play(table(LU, 5), "0 XI 0 XI V", ["offer", "refuse", "offer", "refuse"])
    assert state.guarantees == ((0, 1), (2, 3))


def test_l7_cited_for_a_lu_stu_inn_in_a_ruleset_citing_other_mechanisms():
    # Zeh's ruleset cites its own deal, showdown, fools and cat, not the inn: a Lu Stù inn read
    # into it is still announced under L7
    rules = ZEH.with_options({"inn": "lu-stu"})
    _, events = play(table(rules, 3), "0 XI V", ["offer"])
    assert [e.rule for e in events if e.kind == "arresto"] == ["L7"]


def test_k17_a_mark_lost_to_the_hunter_ends_virginity_at_once():
    # K17: a virgin still holds his original marks; K11: the offerer loses one at once
    state, _ = play(table(CAMPLI, 3), "II XIIII", ["offer"])
    assert state.virgins == (False, True, True)


def test_k17_a_virgin_on_a_single_starting_mark_still_lets_others_buy_back():
    # Q17: marks agreed; with one starting mark a virgin holds exactly one; K17: while a virgin
    # remains, the one who went out may buy back
    rules = CAMPLI.with_options({"initial_marks": 1})
    state, events = play(table(rules, 3), "II V VII", ["keep", "keep", "keep"])
    assert [(e.seat, e.amount) for e in events if e.kind == "buy-back-offer"] == [(0, 1)]


def test_l11_prices_of_later_groups_follow_the_reentries_at_asking_time():
    # Two go out in one step (seat 1 by the dealer's hunter, then seat 0 at the showdown).
    # Q1 'same-price' groups only those who go out TOGETHER; each of these went out alone, so
    # seat 0's price is set when he is asked: seat 1 bought back first, so seat 0 is the second
    # re-entrant and pays two stakes (L11).
    rules = LU.with_options({"simultaneous_buy_back": "same-price"})
    state = table(rules, 3, marks=(1, 1, 3))
    state, events = play(state, "II V XIIII", ["keep", "offer"])
    assert state.out_this_deal == ((1,), (0,))
    state, events = run(state, ["buy"])
    assert [(e.seat, e.amount) for e in events if e.kind == "buy-back-offer"] == [(0, 2)]
    state, events = run(state, ["buy"])
    assert state.reentries == 2


def test_q1_same_price_after_a_reentry_doubles_once():
    # L11: the price doubles with each re-entrant; one has re-entered before (reentries = 1):
    # the two who go out together now pay two stakes each (Q1 'same-price')
    rules = LU.with_options({"simultaneous_buy_back": "same-price", "ties": "all"})
    state = table(rules, 4, marks=(1, 1, 3, 3), reentries=1)
    state, _ = play(state, "II II V VI", ["keep"] * 4)
    assert state.pending == ((0, 2), (1, 2))
