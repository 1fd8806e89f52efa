"""The engine's documented contract for refusals and set-up: every illegal action raises
:class:`IllegalActionError` naming the rule that forbids it (engine docstring: "Every event names
the rule that caused it"; ``IllegalActionError``: "names the rule"), ``new_match`` refuses a table
the ruleset does not allow, and the seeded helpers are deterministic.

Written to kill mutants that survived the first mutation run (docs/dev/mutation-report.md).
"""

from __future__ import annotations

import pytest

from cucu_ref.game.cards import PACKS
from cucu_ref.game.engine import IllegalActionError, new_match, play, seat_by_draw, shuffled_stack, step
from cucu_ref.game.rulesets import preset
from cucu_ref.game.state import Action, ActionKind, Phase

from helpers import card, play as play_deal, stack_for, table

A = ActionKind
CAMPLI = preset("campli")


# --------------------------------------------------------------------------- new_match


def test_k1_the_table_size_is_refused_with_the_rulesets_limits():
    # K1: 2 to 20 players; D1: exactly four
    with pytest.raises(ValueError) as err:
        new_match(CAMPLI, ["solo"])
    assert str(err.value) == "campli is played by 2 to 20 players, not 1"
    with pytest.raises(ValueError) as err:
        new_match(preset("digital-4p"), ["a", "b", "c"])
    assert str(err.value) == "digital-4p is played by 4 to 4 players, not 3"


def test_player_names_must_be_distinct():
    with pytest.raises(ValueError) as err:
        new_match(CAMPLI, ["Ada", "Ada", "Bo"])
    assert str(err.value) == "player names must be distinct"


@pytest.mark.parametrize("dealer", [-1, 3])
def test_the_dealer_must_sit_at_the_table(dealer):
    with pytest.raises(ValueError) as err:
        new_match(CAMPLI, ["a", "b", "c"], dealer=dealer)
    assert str(err.value) == f"dealer seat {dealer} is not at the table"


def test_k1_a_new_match_starts_at_the_shuffle_with_the_stakes_in_the_pot():
    # K1: each pays the stake and gets three marks; K17: everybody is a virgin
    state = new_match(CAMPLI.with_options({"stake": 2}), ["a", "b", "c"], dealer=1)
    assert (state.marks, state.virgins, state.pot, state.dealer) == ((3, 3, 3), (True,) * 3, 6, 1)
    assert (state.phase, state.deal_number, state.eliminations, state.reentries) == (Phase.SHUFFLE, 0, 0, 0)
    assert state.hands == (None,) * 3 and state.custody == ((),) * 3 and state.dead == (False,) * 3
    assert state.actor is None and state.winner is None and state.order == ()
    # before the first deal there are no inn guarantees (K14), no hints (Z7), nobody out (K16)
    assert state.guarantees == () and state.hinted == () and state.out_this_deal == () and state.pending == ()
    # the dealer defaults to the first seat
    assert new_match(CAMPLI, ["a", "b", "c"]).dealer == 0


def test_f1_the_piquet_pack_only_below_seven_and_only_from_the_52_card_pack():
    # F1: 32 cards 'wenn weniger als sieben Spieler spielen'
    coucou = preset("coucou")
    assert new_match(coucou, list("abcdef")).rules.pack == "french-32"
    assert new_match(coucou, list("abcdefg")).rules.pack == "french-52"
    # the option off: the 52-card pack whatever the table
    assert new_match(coucou.with_options({"piquet_below_seven": "no"}), list("abcde")).rules.pack == "french-52"


# --------------------------------------------------------------------------- step refusals


def test_k4_nothing_but_the_shuffle_before_a_deal():
    state = table(CAMPLI, 3)
    with pytest.raises(IllegalActionError) as err:
        step(state, Action(A.KEEP, 0))
    assert err.value.rule == "K4"
    assert err.value.reason == "the next deal must be shuffled first, not 'keep'"
    assert str(err.value) == "the next deal must be shuffled first, not 'keep' [K4]"


def test_c1_the_shuffle_must_be_the_whole_pack():
    state = table(CAMPLI, 3)
    short = PACKS["cuccu-40"].cards[:-1]
    with pytest.raises(IllegalActionError) as err:
        step(state, Action(A.SHUFFLE, stack=short))
    assert err.value.rule == "C1"
    assert err.value.reason == "the shuffle must hold exactly the 40 cards of cuccu-40"
    # anything that is not a sequence of cards is refused the same way, never with a crash
    for junk in (None, 42, ("XV",) * 40, [object()] * 40):
        with pytest.raises(IllegalActionError) as err:
            step(state, Action(A.SHUFFLE, stack=junk))
        assert err.value.rule == "C1"


def test_k4_no_shuffle_during_a_deal():
    state, _ = play_deal(table(CAMPLI, 3), "V VI VII")
    with pytest.raises(IllegalActionError) as err:
        step(state, Action(A.SHUFFLE, stack=PACKS["cuccu-40"].cards))
    assert err.value.rule == "K4"
    assert err.value.reason == "the deal is in progress; no shuffle now"


def test_k5_only_the_player_to_act_decides():
    state, _ = play_deal(table(CAMPLI, 3), "V VI VII")
    with pytest.raises(IllegalActionError) as err:
        step(state, Action(A.KEEP, 1))
    assert err.value.rule == "K5"
    assert err.value.reason == "it is Andrea's decision (seat 0), not seat 1's"


def test_k3_nothing_after_the_match_is_over():
    # two players on one mark each, V against XV: the V loses the last mark (K15), K3 ends it
    state, _ = play_deal(table(CAMPLI, 2, marks=(1, 1)), "V XV", ["keep", "keep"])
    assert state.phase == Phase.MATCH_OVER and state.winner == 1
    with pytest.raises(IllegalActionError) as err:
        step(state, Action(A.KEEP, 0))
    assert err.value.rule == "K3" and err.value.reason == "the match is over"


def test_k8_the_dealer_never_offers_and_only_he_goes_to_the_stack():
    state, _ = play_deal(table(CAMPLI, 2), "V VI", ["keep"])
    assert state.actor == 1
    with pytest.raises(IllegalActionError) as err:
        step(state, Action(A.OFFER, 1))
    assert err.value.rule == "K8"
    assert err.value.reason == "'offer' is not a decision open in phase 'decide'"
    first, _ = play_deal(table(CAMPLI, 2), "V VI")
    with pytest.raises(IllegalActionError) as err:
        step(first, Action(A.EXCHANGE_WITH_STACK, 0))
    assert err.value.rule == "K8"


def test_f4_a_dealer_who_keeps_by_rule_is_refused_the_stack_citing_the_ruleset():
    # F4 (Coucou): the dealer keeps his card; the refusal cites the ruleset's dealer rule
    coucou = preset("coucou")
    state, _ = play_deal(table(coucou, 5), "7 8 9 10 A Q J", ["keep"] * 4)
    assert state.actor == 4
    with pytest.raises(IllegalActionError) as err:
        step(state, Action(A.EXCHANGE_WITH_STACK, 4))
    assert err.value.rule == "F4"


def test_r2_no_player_exchanges_twice():
    # R2 (Cassell 1881): "No player may exchange more than once": who was given a card keeps it
    ranter = preset("ranter-go-round")
    state, _ = play_deal(table(ranter, 3), "5 9 7", ["offer"])
    assert state.actor == 1
    with pytest.raises(IllegalActionError) as err:
        step(state, Action(A.OFFER, 1))
    assert err.value.rule == "R2"


@pytest.mark.parametrize("phase_moves, seat, rule", [
    # K14: the offerer's answer to 'fermatevi aliquanto'
    ((["offer"]), 1, "K14"),
    # K14: the innkeeper's answer to 'pagherai se null?'
    ((["offer", "ask"]), 0, "K14"),
])
def test_k14_the_inn_decisions_belong_to_their_players(phase_moves, seat, rule):
    state, _ = play_deal(table(CAMPLI, 3), "0 XI V", phase_moves)
    with pytest.raises(IllegalActionError) as err:
        step(state, Action(A.KEEP, seat))
    assert err.value.rule == rule


def test_l7_the_lu_stu_innkeeper_answers_the_bargain():
    state, _ = play_deal(table(preset("lu-stu"), 3), "0 XI V", ["offer"])
    assert state.phase == Phase.INN_KEEPER and state.actor == 1
    with pytest.raises(IllegalActionError) as err:
        step(state, Action(A.KEEP, 0))
    assert err.value.rule == "L7"


# --------------------------------------------------------------------------- helpers of the API


def test_play_applies_the_actions_in_turn():
    state = table(CAMPLI, 3)
    stack = stack_for(CAMPLI, "V VI VII")
    actions = [Action(A.SHUFFLE, stack=stack), Action(A.KEEP, 0), Action(A.KEEP, 1)]
    after, events = play(state, actions)
    expected, expected_events = state, []
    for action in actions:
        expected, new = step(expected, action)
        expected_events.extend(new)
    assert after == expected and events == expected_events
    assert after.actor == 2 and after.hands[:3] == (card("V"), card("VI"), card("VII"))


def test_k2_the_draw_for_seats_is_fixed_by_its_seed():
    names = ["a", "b", "c", "d", "e"]
    for seed in range(5):
        assert seat_by_draw(CAMPLI, names, seed) == seat_by_draw(CAMPLI, names, seed)
    assert len({seat_by_draw(CAMPLI, names, seed) for seed in range(20)}) > 1
    assert shuffled_stack(CAMPLI, 3) == shuffled_stack(CAMPLI, 3)


def test_r2_does_not_apply_to_a_dealer_who_was_given_nothing():
    # R2 forbids a second exchange; a dealer who received nothing and tries to offer is refused
    # because the dealer never offers (K8), not by R2.  Campli with R2's reading, so that the
    # two rules differ: Ranter-Go-Round's own rule for its dealer's last say is R2 itself
    # (issue 24 §4: each game cites its own)
    rules = preset("campli", {"may_offer_after_receiving": "no"})
    state, _ = play_deal(table(rules, 2), "V IX", ["keep"])
    assert state.actor == 1
    with pytest.raises(IllegalActionError) as err:
        step(state, Action(A.OFFER, 1))
    assert err.value.rule == "K8"
    # Ranter-Go-Round's dealer is refused by its own rule: «the dealer, having nobody to change
    # with, may take the top card of the pack instead» (R2), not Campli's K8
    state, _ = play_deal(table(preset("ranter-go-round"), 2), "5 9", ["keep"])
    with pytest.raises(IllegalActionError) as err:
        step(state, Action(A.OFFER, 1))
    assert err.value.rule == "R2"


def test_the_buy_back_decision_belongs_to_the_player_who_went_out():
    # L11 (Lu Stù): decided at once, during the deal; K17 (Campli): after the deal
    lu_state, _ = play_deal(table(preset("lu-stu"), 3, marks=(1, 3, 3)), "V XIIII II", ["offer"])
    assert lu_state.phase == Phase.BUY_BACK and lu_state.actor == 0
    with pytest.raises(IllegalActionError) as err:
        step(lu_state, Action(A.BUY_BACK, 2))
    assert err.value.rule == "L11"
    campli_state, _ = play_deal(table(CAMPLI, 3, marks=(1, 3, 3)), "II V VII", ["keep", "keep", "keep"])
    assert campli_state.phase == Phase.BUY_BACK and campli_state.actor == 0
    with pytest.raises(IllegalActionError) as err:
        step(campli_state, Action(A.BUY_BACK, 2))
    assert err.value.rule == "K17"
