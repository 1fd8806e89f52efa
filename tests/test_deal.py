"""``start_deal`` and ``deal_stack`` (issue 11, §Build 1): a deal started anywhere in a match,
and the shuffle that deals given cards in the engine's own dealing order.

The dealing orders checked here are the sources': K4 (Farina 2010, §Geben und Kartentausch:
"immer jeweils die unterste Karte des Stapels", to the right, the dealer last), L2 (Lu Stù:
"von oben"), Z3 (Zeh: everybody is dealt first) and F2 (Coucou: "Er gibt jedem eine Karte und
bekommt als Geber drei Karten selbst ... behält der Geber die höchste und legt die beiden
anderen verdeckt unter den Talon").
"""

from __future__ import annotations

import random

import pytest

from cucu_ref.game.cards import PACKS, Card, parse
from cucu_ref.game.deal import DealSetupError, deal_order, deal_stack, start_deal
from cucu_ref.game.engine import legal_actions, new_match, step
from cucu_ref.game.rulesets import PRESETS, preset
from cucu_ref.game.state import Action, Phase

CAMPLI = preset("campli")
NAMES = ["Andrea", "Beatrice", "Chiara", "Dario", "Elena"]


def c(token: str, pack: str = "cuccu") -> Card:
    return parse(token, pack)


# --------------------------------------------------------------------------- start_deal


def test_start_deal_is_a_state_about_to_shuffle_with_the_given_match_state():
    state = start_deal(CAMPLI, NAMES, [3, 0, 2, 4, 1], 2, virgins=[True, False, False, True, False], pot=9,
                       eliminations=1, reentries=0, deals_played=7)
    assert state.phase == Phase.SHUFFLE and legal_actions(state) == ()
    assert (state.marks, state.virgins, state.dealer, state.pot) == ((3, 0, 2, 4, 1),
                                                                     (True, False, False, True, False), 2, 9)
    assert (state.eliminations, state.reentries, state.deal_number) == (1, 0, 7)
    # K4/D2: dealt from the seat right of the dealer round to him; Beatrice is out (K16)
    assert deal_order(state) == (3, 4, 0, 2)
    after, _ = step(state, Action("shuffle", stack=PACKS["cuccu-40"].cards))
    assert after.order == (3, 4, 0, 2) and after.deal_number == 8


def test_start_deal_defaults_are_those_of_a_new_match():
    fresh = new_match(CAMPLI, NAMES[:4], dealer=1)
    assert start_deal(CAMPLI, NAMES[:4], [3, 3, 3, 3], 1) == fresh
    # a player below the starting marks has lost one: no virgin by default (K17)
    assert start_deal(CAMPLI, NAMES[:3], [3, 1, 4], 0).virgins == (True, False, True)


def test_start_deal_gives_the_piquet_pack_below_seven_seats_as_new_match_does():
    coucou = preset("coucou")
    assert start_deal(coucou, NAMES, [5, 5, 0, 2, 5], 0).rules.pack == "french-32"  # F1
    seven = [f"p{i}" for i in range(7)]
    assert start_deal(coucou, seven, [5, 0, 0, 0, 0, 0, 5], 0).rules.pack == "french-52"


@pytest.mark.parametrize(("kwargs", "argument"), [
    ({"rules": "campli"}, "rules"),
    ({"players": "Andrea"}, "players"),
    ({"players": ["Andrea", "Andrea", "Chiara"]}, "players"),
    ({"players": ["Andrea"] + [""] * 2}, "players"),
    ({"players": [f"p{i}" for i in range(21)], "marks": [3] * 21}, "players"),  # K1: 2 to 20
    ({"marks": [3, 3]}, "marks"),
    ({"marks": [3, -1, 3]}, "marks[1]"),
    ({"marks": [3, True, 3]}, "marks[1]"),
    ({"marks": [3, 0, 0]}, "marks"),  # one player left: the match is over (K3)
    ({"dealer": 3}, "dealer"),
    ({"dealer": True}, "dealer"),
    ({"marks": [3, 0, 3], "dealer": 1}, "dealer"),  # D2: the deal passes to a seat still in
    ({"virgins": [True, True]}, "virgins"),
    ({"virgins": [True, 1, True]}, "virgins"),
    ({"marks": [3, 2, 3], "virgins": [True, True, True]}, "virgins[1]"),  # K17: lost a mark
    ({"pot": -1}, "pot"),
    ({"eliminations": -2}, "eliminations"),
    ({"reentries": 1.5}, "reentries"),
    ({"deals_played": None}, "deals_played"),
])
def test_start_deal_names_the_bad_argument(kwargs, argument):
    args = {"rules": CAMPLI, "players": NAMES[:3], "marks": [3, 3, 3], "dealer": 0}
    args.update(kwargs)
    with pytest.raises(DealSetupError) as err:
        start_deal(args.pop("rules"), args.pop("players"), args.pop("marks"), args.pop("dealer"), **args)
    assert err.value.argument == argument
    assert str(err.value).startswith(argument + ":")


# --------------------------------------------------------------------------- deal_stack


def _deal(state, stack):
    """Shuffle and play every seat's 'keep' up to (not including) the dealer's decision; the
    events of the deal's dealing and the state."""
    after, events = step(state, Action("shuffle", stack=stack))
    events = list(events)
    while after.phase == Phase.DECIDE and after.actor != after.dealer:
        after, more = step(after, Action("keep", after.actor))
        events += more
    return after, events


def test_campli_deals_from_the_bottom_to_the_right_the_dealer_last():
    # K4: the bottom card first, to the player right of the dealer; Chiara (seat 2) deals
    state = start_deal(CAMPLI, NAMES[:3], [3, 3, 3], 2)
    stack = deal_stack(state, {0: "V", "Beatrice": "XV", 2: c("matto")}, rest=["I", None, "II"])
    assert stack[-3:] == (c("matto"), c("XV"), c("V"))  # dealt bottom first: Andrea, Beatrice, Chiara
    assert stack[:3] == (c("I"), c("XV"), c("II"))  # the rest, top first; its gap filled high to low
    after, events = _deal(state, stack)
    assert {e.seat: str(e.card) for e in events if e.kind == "deal"} == {0: "V", 1: "XV", 2: "matto"}
    assert after.stack[0] == c("I")  # K12's top card, as given


def test_lu_stu_deals_from_the_top():
    # L2: "Die Karten vom Stapel werden von oben gegeben."
    state = start_deal(preset("lu-stu"), NAMES[:3], [3, 3, 3], 0)
    stack = deal_stack(state, {1: "III", 2: "IIII", 0: "X"}, rest=["XII"])
    assert stack[:4] == (c("III"), c("IIII"), c("X"), c("XII"))
    _, events = _deal(state, stack)
    assert [(e.seat, str(e.card)) for e in events if e.kind == "deal"] == [(1, "III"), (2, "IIII"), (0, "X")]


def test_coucou_dealer_keeps_the_highest_of_three_and_the_discards_go_under_the_talon():
    # F2, with the whole talon given: its last two places are the discards, the higher first
    coucou = preset("coucou")
    state = start_deal(coucou, NAMES, [5] * 5, 4)
    pack = PACKS[state.rules.pack]
    dealt = {0: "7", 1: "8", 2: "9", 3: "10", 4: "Q"}
    # 32 cards (F1, five players): 7, 8, 9, 10 dealt, Q kept, J and 7 under the talon
    talon = ["K"] + ["A"] * 4 + ["7"] * 2 + ["8"] * 3 + ["9"] * 3 + ["10"] * 3 + ["J"] * 3 + ["Q"] * 3 + ["K"] * 3
    talon += ["J", "7"]
    assert len(talon) == pack.size - 5
    stack = deal_stack(state, dealt, rest=talon)
    after, events = step(state, Action("shuffle", stack=stack))
    assert after.hands == tuple(c(t, "french") for t in ("7", "8", "9", "10", "Q"))
    assert [str(x) for x in after.stack] == talon
    # unknown discards: the lowest two left, the higher first
    stack = deal_stack(state, dealt)
    after, _ = step(state, Action("shuffle", stack=stack))
    assert [str(x) for x in after.stack[-2:]] == ["A", "A"] and after.hands[4] == c("Q", "french")


def test_coucou_refuses_discards_above_the_kept_card_or_in_the_wrong_order():
    state = start_deal(preset("coucou"), NAMES, [5] * 5, 4)
    size = PACKS[state.rules.pack].size - 5
    dealt = {0: "7", 1: "8", 2: "9", 3: "10", 4: "J"}
    with pytest.raises(DealSetupError) as err:
        deal_stack(state, dealt, rest=[None] * (size - 2) + ["Q", "A"])
    assert err.value.argument == f"rest[{size - 2}]"
    with pytest.raises(DealSetupError) as err:
        deal_stack(state, dealt, rest=[None] * (size - 2) + ["A", "10"])
    assert err.value.argument == "rest"
    # one discard given, the other chosen to keep the order: the lower place gets a card below it
    stack = deal_stack(state, dealt, rest=[None] * (size - 2) + ["8"])
    after, _ = step(state, Action("shuffle", stack=stack))
    assert [str(x) for x in after.stack[-2:]] == ["8", "A"]


@pytest.mark.parametrize(("dealt", "rest", "argument"), [
    ({0: "V", 1: "V"}, (), "dealt"),  # Chiara's card missing
    ({0: "V", 1: "V", 2: "V", 3: "V"}, (), "dealt"),  # no seat 3
    ({0: "V", 1: "V", "Nobody": "V"}, (), "dealt"),
    ({0: "V", 1: "V", 2: "V"}, (), "dealt[2]"),  # a third V (C1: two copies)
    ({0: "V", 1: "V", 2: "Casa?"}, (), "dealt[2]"),
    ({0: "V", 1: "V", 2: "K"}, (), "dealt[2]"),  # a French card in the Cuccù pack
    ({0: "V", 1: "IIII", 2: "X"}, ["X", "X"], "rest[1]"),
    ({0: "V", 1: "IIII", 2: "X"}, [None] * 38, "rest"),  # 37 cards are left
])
def test_deal_stack_names_the_bad_argument(dealt, rest, argument):
    state = start_deal(CAMPLI, NAMES[:3], [3, 3, 3], 2)
    with pytest.raises(DealSetupError) as err:
        deal_stack(state, dealt, rest)
    assert err.value.argument == argument


def test_deal_stack_refuses_a_seat_that_is_out_and_a_state_in_a_deal():
    state = start_deal(CAMPLI, NAMES[:3], [3, 0, 3], 2)
    with pytest.raises(DealSetupError) as err:
        deal_stack(state, {0: "V", 1: "V", 2: "X"})
    assert err.value.argument == "dealt[1]"
    after, _ = step(state, Action("shuffle", stack=deal_stack(state, {0: "V", 2: "X"})))
    with pytest.raises(DealSetupError) as err:
        deal_stack(after, {0: "V", 2: "X"})
    assert err.value.argument == "state"


def test_deal_stack_refuses_orders_that_depend_on_play():
    interleaved_talon = preset("coucou", {"dealing": "interleaved"})
    with pytest.raises(DealSetupError):
        deal_stack(start_deal(interleaved_talon, NAMES, [5] * 5, 4), {})
    under_from_bottom = preset("lu-stu", {"deal_from": "bottom"})
    with pytest.raises(DealSetupError):
        deal_stack(start_deal(under_from_bottom, NAMES[:3], [3] * 3, 2), {})


def test_french_cards_may_carry_suits():
    state = start_deal(preset("ranter-go-round"), NAMES[:3], [3, 3, 3], 2)
    stack = deal_stack(state, {0: "K♠", 1: "10 of hearts", 2: "Qd"}, rest=["A♣"])
    after, _ = step(state, Action("shuffle", stack=stack))
    assert [str(x) for x in after.hands] == ["K", "10", "Q"] and str(after.stack[0]) == "A"


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_deals_the_given_cards_whatever_is_decided(name):
    # random tables, marks and decisions: each seat's 'deal' event carries its card, and once
    # every card is dealt the stack is the given rest (where nothing has taken from it yet)
    rules = PRESETS[name]
    rng = random.Random(name)
    for _ in range(40):
        n = rng.randint(rules.min_players, min(rules.max_players, 8))
        marks = [rng.choice([0, 1, 2, 3]) for _ in range(n)]
        while sum(m > 0 for m in marks) < 2:
            marks[rng.randrange(n)] = 1
        dealer = rng.choice([s for s in range(n) if marks[s] > 0])
        state = start_deal(rules, [f"p{i}" for i in range(n)], marks, dealer, virgins=[False] * n)
        order = deal_order(state)
        shuffled = list(PACKS[state.rules.pack].cards)
        rng.shuffle(shuffled)
        dealt = dict(zip(order, shuffled))
        if state.rules.dealer_takes == 3:  # F2: he keeps the highest; two lower discards must exist
            dealt[state.dealer] = max(shuffled[len(order) - 1:], key=lambda x: x.value)
        stack = deal_stack(state, dealt)
        after, events = step(state, Action("shuffle", stack=stack))
        seen = {e.seat: e.card for e in events if e.kind == "deal"}
        while after.phase not in (Phase.SHUFFLE, Phase.MATCH_OVER) and after.deal_number == state.deal_number + 1:
            after, more = step(after, rng.choice(legal_actions(after)))
            seen.update({e.seat: e.card for e in more if e.kind == "deal"})
        assert {s: seen[s] for s in order} == dealt
